"""The fortaleza batch kernel: `play_range` plays a range of games, one whole game per iteration
(`play_game`; a hard or expert player's turns are searched, expert.play_turn), without the GIL (engine.play_chunk
runs blocks of games on threads); sim.core.records.count_cards folds the per-game card flags into
card-impact counters.

Game u is a pure function of (run seed, config, u): its random streams are keyed by (seed, pair,
side, purpose), where seat-mirrored games 2k and 2k+1 share the pair k and differ only in who goes
first (rule F-05: the starting seat is an experiment setting, alternate by default).

Two builds of the kernels play the same games: `play_range` and `play_unit` with every agent, and
`play_range_without_search` and `play_unit_without_search`, which the shell plays where neither side
searches (sim.core.ruleset.RulesetShell.searches): the same body, compiled once with every agent's
turn and once with the turn of a player that does not search, so that a greedy run never compiles
the hard and expert agents.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.hand_and_deck import clear_keeping_trace
from sim.core.records import seat_of_unit, write_record_head
from sim.core.turns import play_turns, play_units

from sim.rulesets.fortaleza.constants import COUNTER_BITS, N_DESIGNS, Col, End, Param, Seen
from sim.rulesets.fortaleza.effects import end_game
from sim.rulesets.fortaleza.game import setup_game, take_turn
from sim.rulesets.fortaleza.expert import play_turn
from sim.rulesets.fortaleza.state import (
    CS_FLAGS, G_END, G_TURN, G_WINNER, GAME, PS_AGENT, PS_DESIGN_MASKS,
    PS_FORT, PS_MULLIGAN, conservation_errors, seed_streams,
)


@njit(cache=True, _nrt=False)
def reset(g: np.void, agents: np.ndarray) -> None:
    """A clean state for the next game; the constant tables, the per-design masks, the trace switch
    and cursor are kept."""
    cs, ps = g.cs, g.ps
    cs[:, :, :] = 0
    clear_keeping_trace(ps, PS_DESIGN_MASKS)
    for side in range(2):
        ps[side, PS_AGENT] = agents[side]


@njit(cache=True, _nrt=False, inline="always")
def end_at_turn_cap(g: np.void) -> None:
    """The turn cap ends the game in a draw (decision in rules.md)."""
    end_game(g, np.int64(-1), End.TURN_CAP)


@njit(cache=True, _nrt=False, inline="always")
def play_game(g: np.void, world: np.void, first: int, play_turn, conservation) -> int:
    """Play a game from a reset workspace to its end: setup (rules F-02 to F-05), then turns until a
    Fortaleza falls or a deck runs out (rule F-06) or the turn cap (a draw, decision). `world` is the
    record a hard player searches in (hard.py); `conservation(g)` is the debug checks' card count
    (state.conservation_errors, or `no_checks` in the build without them). Returns the number of
    problems the debug checks found (always 0 unless `debug_checks` is on and something broke)."""
    par = g.par
    setup_game(g, first)
    return play_turns(g, world, first, par[Param.TURN_CAP], par[Param.DEBUG_CHECKS] != 0, play_turn, end_at_turn_cap,
                      conservation)


@njit(cache=True, _nrt=False, inline="always")
def play_unit_with(u: int, seed: np.uint64, mirrored: bool, agents: np.ndarray, rows: np.ndarray, flags: np.ndarray,
                   g: np.void, world: np.void, play_turn, conservation) -> int:
    """Play game u into rows[0] and flags[0], in the game record `g` (and a hard player's world
    record). Returns the debug checks' problem count."""
    cs, ps = g.cs, g.ps
    pair_index, first = seat_of_unit(u, mirrored)
    reset(g, agents)
    seed_streams(g, seed, pair_index)
    problems = play_game(g, world, first, play_turn, conservation)
    write_record_head(rows, 0, u, 0, first, ps[GAME, G_WINNER], ps[GAME, G_END],
                      ps[GAME, G_TURN] + (0 if ps[GAME, G_END] == End.TURN_CAP else 1))
    for side in range(2):
        rows[0, Col.FORT_A + side] = ps[side, PS_FORT]
        rows[0, Col.MULLIGAN_A + side] = ps[side, PS_MULLIGAN]
        played = 0
        for c in range(N_DESIGNS):
            f = cs[side, c, CS_FLAGS] & COUNTER_BITS
            flags[0, side, c] = f
            if f & Seen.PLAYED:
                played += 1
        rows[0, Col.CARDS_PLAYED_A + side] = played
    return problems


@njit(cache=True, _nrt=False, inline="always")
def no_checks(g: np.void) -> int:
    """The debug checks of the build without search: none. A config with `debug_checks` on plays
    the build with every agent (Fortaleza.searches), so a greedy run does not compile
    state.conservation_errors (as epikha's greedy build, docs/engine.md "Epikha's cold compile")."""
    return 0


# game.take_turn compiled into the build without search, where the searches call game.take_turn (one
# library for their worlds' turns and a hard player's): LLVM optimises and emits each library's callees
# again, so the greedy game's turn is a level less of them (docs/engine.md, "Where a cold compile goes",
# as epikha's). Only ever inlined, never compiled on its own: nothing to cache.
_take_turn_inlined = njit(_nrt=False, inline="always")(take_turn.py_func)


@njit(cache=True, _nrt=False, inline="always")
def turn_without_search(g: np.void, world: np.void) -> None:
    """A random or greedy player's turn (game.take_turn's body), in the shape of expert.play_turn."""
    _take_turn_inlined(g)


@njit(cache=True, _nrt=False, inline="always")
def unit_with_search(u: int, seed: np.uint64, mirrored: bool, agents: np.ndarray, rows: np.ndarray, flags: np.ndarray,
                     g: np.void, world: np.void) -> int:
    """play_unit_with, every agent's turn (expert.play_turn: a searching player's too)."""
    return play_unit_with(u, seed, mirrored, agents, rows, flags, g, world, play_turn, conservation_errors)


@njit(cache=True, _nrt=False, inline="always")
def unit_without_search(u: int, seed: np.uint64, mirrored: bool, agents: np.ndarray, rows: np.ndarray,
                        flags: np.ndarray, g: np.void, world: np.void) -> int:
    """play_unit_with when neither side searches and the debug checks are off: the same games without
    the hard and expert agents' code and the card-conservation check, so a greedy run never compiles
    them (docs/engine.md, "Where a cold compile goes")."""
    return play_unit_with(u, seed, mirrored, agents, rows, flags, g, world, turn_without_search, no_checks)


@njit(cache=True, _nrt=False)
def play_unit(u: int, seed: np.uint64, mirrored: bool, agents: np.ndarray, rows: np.ndarray, flags: np.ndarray,
              g: np.void, world: np.void) -> int:
    """One unit, every agent (a traced unit: sim.core.ruleset.GameRecordShell.trace_one)."""
    return unit_with_search(u, seed, mirrored, agents, rows, flags, g, world)


@njit(cache=True, _nrt=False)
def play_unit_without_search(u: int, seed: np.uint64, mirrored: bool, agents: np.ndarray, rows: np.ndarray,
                             flags: np.ndarray, g: np.void, world: np.void) -> int:
    """One unit when neither side searches (a traced unit)."""
    return unit_without_search(u, seed, mirrored, agents, rows, flags, g, world)


@njit(cache=True, nogil=True)
def play_range(unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, agents: np.ndarray, rows: np.ndarray,
               flags: np.ndarray, ws: np.ndarray) -> int:
    """The batch kernel: play games unit_start .. unit_start+n_units-1, one whole game per iteration,
    game i into rows[i] and flags[i], in the game record ws[0] and a hard player's world ws[1]
    (state.new_workspace; sim.core.turns.play_units). Releases the GIL (see dicedraft.kernels.play_range
    for why threads run blocks of this rather than a prange). Returns the debug checks' problem count.
    The unit is compiled into it (`inline="always"`), not called: a level less for LLVM to optimise
    and emit the whole game again in (docs/engine.md, "Where a cold compile goes")."""
    return play_units(unit_start, n_units, seed, mirrored, agents, rows, flags, ws, unit_with_search)


@njit(cache=True, nogil=True)
def play_range_without_search(unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, agents: np.ndarray,
                              rows: np.ndarray, flags: np.ndarray, ws: np.ndarray) -> int:
    """play_range when neither side searches (the shell picks it: sim.core.ruleset.GameRecordShell)."""
    return play_units(unit_start, n_units, seed, mirrored, agents, rows, flags, ws, unit_without_search)
