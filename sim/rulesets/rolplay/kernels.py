"""The rolplay batch kernel: `play_range` plays a range of games, one whole game per iteration
(`play_game`; a hard or expert player's turns are searched, hard.play_turn, expert.play_turn), without the GIL (the shell's
play_chunk runs blocks of games on threads); sim.core.records.count_cards folds the per-game card
flags into card-impact counters.

Game u is a pure function of (run seed, config, u): its random streams are keyed by (seed, pair,
side, purpose), where seat-mirrored games 2k and 2k+1 share the pair k and differ only in who goes
first (rule R-02: the starting seat is an experiment setting, alternate by default).

Two builds of the kernels play the same games: `play_range` and `play_unit` with every agent, and
`play_range_without_search` and `play_unit_without_search`, which the shell plays where neither side
searches (sim.core.ruleset.RulesetShell.searches): the same body, compiled once with every agent's
turn and once with the turn of a player that does not search, so that a greedy run never compiles
the hard and expert agents. The second leaves the debug checks' card count out too: a config with
`debug_checks` on plays the first (Rolplay.searches).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.hand_and_deck import clear_keeping_trace
from sim.core.records import seat_of_unit, write_record_head
from sim.core.turns import play_turns, play_units
from sim.rulesets.rolplay.constants import COUNTER_BITS, N_DESIGNS, Col, End, Param
from sim.rulesets.rolplay.game import end_by_score, setup_game
from sim.rulesets.rolplay.expert import play_turn
import sim.rulesets.rolplay.game as game  # the module, not the package: the package imports the engine
from sim.rulesets.rolplay.state import (
    G_END, G_TURN, G_WINNER, GAME, PS_AGENT, PS_CARDS_PLAYED, PS_FORCED,
    PS_LIFE, PS_ORDER, PS_SUMMONED, SETUP_AGENT, conservation_errors, forget_figures, score_of, seed_streams,
)
from sim.rulesets.rolplay.figures import stale_figures


@njit(cache=True, _nrt=False)
def reset(g: np.void) -> None:
    """A clean state for the next game; the constant tables, the trace switch and cursor are kept."""
    clear_game(g, g.ps.shape[1])


@njit(cache=True, _nrt=False)
def reset_for_setup(g: np.void) -> None:
    """`reset` for a game that game.setup_game sets up next, which writes each side's deck order and
    zone masks whole (shuffle_deck): the players' columns before them are cleared, not the sixty
    cards' order too (a clear of the whole `ps` is 2,400 bytes, a tenth of a game's stores)."""
    clear_game(g, PS_ORDER)


@njit(cache=True, _nrt=False, inline="always")
def clear_game(g: np.void, ps_end: int) -> None:
    """`reset`'s clear, of `ps[:, :ps_end]`."""
    ps = g.ps
    g.cs[:, :, 1:] = 0  # column 0 is each instance's design (state.CS_DESIGN), kept
    g.seen[:, :] = 0
    forget_figures(g)
    clear_keeping_trace(ps, ps_end)
    for side in range(2):
        ps[side, PS_AGENT] = g.setup[SETUP_AGENT, side]


@njit(cache=True, _nrt=False, inline="always")
def play_game(g: np.void, world: np.void, first: int, play_turn, conservation) -> int:
    """Play a game from a reset record to its end: setup (rules R-02, R-03), then turns until a life
    or a deck reaches zero (R-04) or the turn cap, where the R-04 score decides. `world` is the
    record a hard player searches in (hard.py); `conservation(g)` is the debug checks' card count
    (`debug_checks`, or `no_checks` in the build without them). Returns the debug
    checks' problem count."""
    par = g.par
    setup_game(g, first)
    return play_turns(g, world, first, par[Param.TURN_CAP], par[Param.DEBUG_CHECKS] != 0, play_turn, end_by_score,
                      conservation)


@njit(cache=True, _nrt=False, inline="always")
def play_unit_with(u: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray, flags: np.ndarray,
                   g: np.void, world: np.void, play_turn, conservation) -> int:
    """Play game u into rows[0] and flags[0] in the game record `g` (and a hard player's world
    record); `forced` is each side's forced-draw request. Returns the debug checks' problem count."""
    ps = g.ps
    pair, first = seat_of_unit(u, mirrored)
    reset_for_setup(g)
    for side in range(2):
        ps[side, PS_FORCED] = forced[side]
    seed_streams(g, seed, pair)
    problems = play_game(g, world, first, play_turn, conservation)
    end = ps[GAME, G_END]
    write_record_head(rows, 0, u, 0, first, ps[GAME, G_WINNER], end,
                      ps[GAME, G_TURN] + (0 if end == End.SCORE or end == End.TIE else 1))
    for side in range(2):
        rows[0, Col.LIFE_A + side] = ps[side, PS_LIFE]
        rows[0, Col.SCORE_A + side] = score_of(g, side)
        rows[0, Col.CARDS_PLAYED_A + side] = ps[side, PS_CARDS_PLAYED]
        rows[0, Col.CREATURES_A + side] = ps[side, PS_SUMMONED]
        for d in range(N_DESIGNS):
            flags[0, side, d] = g.seen[side, d] & COUNTER_BITS
    return problems


@njit(cache=True, _nrt=False)
def debug_checks(g: np.void) -> int:
    """The debug checks' problem count: card conservation (state.conservation_errors) and every
    row of the figures table marked as holding that is not the creature's figures now
    (figures.stale_figures: a writer that did not call state.figures_changed)."""
    return conservation_errors(g) + stale_figures(g)


@njit(cache=True, _nrt=False, inline="always")
def no_checks(g: np.void) -> int:
    """The debug checks of the build without search: none. A config with `debug_checks` on plays
    the build with every agent (Rolplay.searches), so a greedy run does not compile
    state.conservation_errors (docs/engine.md, "Rolplay, an eighth round")."""
    return 0


@njit(cache=True, _nrt=False, inline="always")
def turn_without_search(g: np.void, world: np.void) -> None:
    """A random or greedy player's turn (game.play_turn), in the shape of expert.play_turn."""
    game.play_turn(g)


@njit(cache=True, _nrt=False)
def play_unit(u: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray, flags: np.ndarray,
              g: np.void, world: np.void) -> int:
    """play_unit_with, every agent's turn (expert.play_turn: a searching player's too)."""
    return play_unit_with(u, seed, mirrored, forced, rows, flags, g, world, play_turn, debug_checks)


@njit(cache=True, _nrt=False)
def play_unit_without_search(u: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray,
                             flags: np.ndarray, g: np.void, world: np.void) -> int:
    """play_unit_with when neither side searches and the debug checks are off: the same games without
    the hard and expert agents' code and the card-conservation check, so a greedy run never compiles
    them (docs/engine.md, "Where a cold compile goes")."""
    return play_unit_with(u, seed, mirrored, forced, rows, flags, g, world, turn_without_search, no_checks)


@njit(cache=True, nogil=True)
def play_range(unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray,
               flags: np.ndarray, ws: np.ndarray) -> int:
    """The batch kernel: play games unit_start .. unit_start+n_units-1, one whole game per iteration,
    game i into rows[i] and flags[i], in the game record ws[0] and a hard player's world ws[1]
    (state.new_workspace; sim.core.turns.play_units). Releases the GIL (see dicedraft.kernels.play_range
    for why threads run blocks of this rather than a prange). Returns the debug checks' problem count."""
    return play_units(unit_start, n_units, seed, mirrored, forced, rows, flags, ws, play_unit)


@njit(cache=True, nogil=True)
def play_range_without_search(unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, forced: np.ndarray,
                              rows: np.ndarray, flags: np.ndarray, ws: np.ndarray) -> int:
    """play_range when neither side searches (the shell picks it: sim.core.ruleset.GameRecordShell)."""
    return play_units(unit_start, n_units, seed, mirrored, forced, rows, flags, ws, play_unit_without_search)
