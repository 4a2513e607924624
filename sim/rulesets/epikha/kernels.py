"""The epikha batch kernel: `play_range` plays a range of games, one whole game per iteration
(`play_game`; a hard player's attackers are searched, hard.py, an expert's attackers and blocks,
expert.play_turn), without the GIL (the shell's
play_chunk runs blocks of games on threads); sim.core.records.count_cards folds the per-game card
flags into card-impact counters.

Game u is a pure function of (run seed, config, u): its random streams are keyed by (seed, pair,
side, purpose), where seat-mirrored games 2k and 2k+1 share the pair k and differ only in who goes
first (rule E-16 decision: the first player is the experiment's seating).

Two builds of the kernels play the same games: `play_range` and `play_unit` with every agent, and
`play_range_without_search` and `play_unit_without_search`, which the shell plays where neither side
searches (sim.core.ruleset.RulesetShell.searches): the same body, compiled once with every agent's
turn and once with the turn of a player that does not search, so that a greedy run never compiles
the hard and expert agents. The second leaves the debug checks' card count out too: a config with
`debug_checks` on plays the first (Epikha.searches).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.hand_and_deck import clear_keeping_trace
from sim.core.records import seat_of_unit, write_record_head
from sim.core.turns import play_turns, play_units
from sim.rulesets.epikha.constants import COUNTER_BITS, N_DESIGNS, Col, Param
from sim.rulesets.epikha.game import end_by_cap, setup_game
from sim.rulesets.epikha.expert import play_turn
import sim.rulesets.epikha.game as game  # the module, not the package: the package imports the engine
from sim.rulesets.epikha.state import (
    G_END, G_TURN, G_WINNER, GAME, PS_AGENT, PS_DESTROYED, PS_FORCED, PS_KEPT,
    PS_NEGATED, PS_RAISES, PS_SPELLS, PS_VITAL, SETUP_AGENT, conservation_errors, seed_streams,
)


@njit(cache=True, _nrt=False)
def reset(g: np.void) -> None:
    """A clean state for the next game; the constant tables, the trace switch and cursor, and the
    masks of the cards by what they are (from state.PS_KEPT on) are kept."""
    ps = g.ps
    g.cs[:, :, 1:] = 0  # column 0 is each instance's design (state.CS_DESIGN), kept
    g.seen[:, :] = 0
    clear_keeping_trace(ps, np.int64(PS_KEPT))  # a number, not a literal: one compile of the callee
    for side in range(2):
        ps[side, PS_AGENT] = g.setup[SETUP_AGENT, side]


@njit(cache=True, _nrt=False, inline="always")
def play_game(g: np.void, world: np.void, first: int, play_turn, conservation) -> int:
    """Play a game from a reset record to its end: set-up (E-16), then turns until a Player card's
    Vital reaches 0 (E-34), a deck runs out (E-33) or the turn cap (E-34). `world` is the record a
    hard or expert player searches in (hard.py, expert.py); `conservation(g)` is the debug checks'
    card count (state.conservation_errors, or `no_checks` in the build without them). Returns the
    debug checks' problem count."""
    par = g.par
    setup_game(g, first)
    return play_turns(g, world, first, par[Param.TURN_CAP], par[Param.DEBUG_CHECKS] != 0, play_turn, end_by_cap,
                      conservation)


@njit(cache=True, _nrt=False, inline="always")
def play_unit_with(u: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray, flags: np.ndarray,
                   g: np.void, world: np.void, play_turn, conservation) -> int:
    """Play game u into rows[0] and flags[0] in the game record `g` (and a hard player's world
    record); `forced` is each side's forced-draw request. Returns the debug checks' problem count."""
    ps = g.ps
    pair, first = seat_of_unit(u, mirrored)
    reset(g)
    for side in range(2):
        ps[side, PS_FORCED] = forced[side]
    seed_streams(g, seed, pair)
    problems = play_game(g, world, first, play_turn, conservation)
    end = ps[GAME, G_END]
    write_record_head(rows, 0, u, 0, first, ps[GAME, G_WINNER], end, ps[GAME, G_TURN] + 1)
    for side in range(2):
        rows[0, Col.VITAL_A + side] = ps[side, PS_VITAL]
        rows[0, Col.SPELLS_A + side] = ps[side, PS_SPELLS]
        rows[0, Col.RAISES_A + side] = ps[side, PS_RAISES]
        rows[0, Col.NEGATED_A + side] = ps[side, PS_NEGATED]
        rows[0, Col.DESTROYED_A + side] = ps[side, PS_DESTROYED]
        for d in range(N_DESIGNS):
            flags[0, side, d] = g.seen[side, d] & COUNTER_BITS
    return problems


@njit(cache=True, _nrt=False, inline="always")
def no_checks(g: np.void) -> int:
    """The debug checks of the build without search: none. A config with `debug_checks` on plays
    the build with every agent (Epikha.searches), so a greedy run does not compile
    state.conservation_errors (about 4% of its cold compile, docs/engine.md "Epikha's cold compile")."""
    return 0


# The two halves of a turn compiled into the build without search, with game.play_turn_with, where
# the searches call game.play_turn, one library for all their turns: LLVM optimises and emits each
# library's callees again, so the greedy game's turn is three levels less of them (docs/engine.md,
# "Epikha's cold compile"). Only ever inlined, never compiled on their own: nothing to cache.
_before_combat_inlined = njit(_nrt=False, inline="always")(game.phases_before_combat.py_func)
# the combat: combat_of_chosen, whose attackers are choose_attackers' (play_turn_with), not asked again
_combat_inlined = njit(_nrt=False, inline="always")(game.combat_of_chosen.py_func)


@njit(cache=True, _nrt=False, inline="always")
def turn_without_search(g: np.void, world: np.void) -> None:
    """A random or greedy player's turn (game.play_turn's body), in the shape of expert.play_turn."""
    game.play_turn_with(g, _before_combat_inlined, _combat_inlined)


@njit(cache=True, _nrt=False, inline="always")
def unit_with_search(u: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray, flags: np.ndarray,
                     g: np.void, world: np.void) -> int:
    """play_unit_with, every agent's turn (expert.play_turn: a searching player's too)."""
    return play_unit_with(u, seed, mirrored, forced, rows, flags, g, world, play_turn, conservation_errors)


@njit(cache=True, _nrt=False, inline="always")
def unit_without_search(u: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray,
                        flags: np.ndarray, g: np.void, world: np.void) -> int:
    """play_unit_with when neither side searches and the debug checks are off: the same games without
    the hard and expert agents' code and the card-conservation check, so a greedy run never compiles
    them (docs/engine.md, "Where a cold compile goes")."""
    return play_unit_with(u, seed, mirrored, forced, rows, flags, g, world, turn_without_search, no_checks)


@njit(cache=True, _nrt=False)
def play_unit(u: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray, flags: np.ndarray,
              g: np.void, world: np.void) -> int:
    """One unit, every agent (a traced unit: sim.core.ruleset.GameRecordShell.trace_one)."""
    return unit_with_search(u, seed, mirrored, forced, rows, flags, g, world)


@njit(cache=True, _nrt=False)
def play_unit_without_search(u: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray,
                             flags: np.ndarray, g: np.void, world: np.void) -> int:
    """One unit when neither side searches (a traced unit)."""
    return unit_without_search(u, seed, mirrored, forced, rows, flags, g, world)


@njit(cache=True, nogil=True)
def play_range(unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, forced: np.ndarray, rows: np.ndarray,
               flags: np.ndarray, ws: np.ndarray) -> int:
    """The batch kernel: play games unit_start .. unit_start+n_units-1, one whole game per iteration,
    game i into rows[i] and flags[i], in the game record ws[0] and a hard player's world ws[1]
    (state.new_workspace; sim.core.turns.play_units). Releases the GIL (see dicedraft.kernels.play_range
    for why threads run blocks of this rather than a prange). Returns the debug checks' problem count.
    The unit is compiled into it (`inline="always"`), not called: a level less for LLVM to optimise
    and emit the whole game again in (docs/engine.md, "Where a cold compile goes")."""
    return play_units(unit_start, n_units, seed, mirrored, forced, rows, flags, ws, unit_with_search)


@njit(cache=True, nogil=True)
def play_range_without_search(unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, forced: np.ndarray,
                              rows: np.ndarray, flags: np.ndarray, ws: np.ndarray) -> int:
    """play_range when neither side searches (the shell picks it: sim.core.ruleset.GameRecordShell)."""
    return play_units(unit_start, n_units, seed, mirrored, forced, rows, flags, ws, unit_without_search)
