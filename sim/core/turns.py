"""The turn loops of a game that ends by a flag (fortaleza, rolplay, epikha), written once.

Such a game keeps, in the game row of its `ps` array (row sim.core.records.TRACE_ROW, beside the
trace's turn, cursor and switch), the active player at column GAME_ACTIVE, a flag at GAME_OVER that
its rules set when the game ends (a Fortaleza falls, a deck runs out...) and the side that went first
at GAME_FIRST. Its kernels' `play_game` sets the game up and calls `play_turns` with its own
functions: the turn, what ends a game at the turn cap, and its card-conservation check. A hard
agent's rollout goes on with `play_on` (rolplay, epikha).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import TRACE_ROW, TRACE_TURN

GAME_ACTIVE = 3  # ps[TRACE_ROW, GAME_ACTIVE]: the side whose turn it is
GAME_OVER = 4  # ps[TRACE_ROW, GAME_OVER]: 1 once the game has ended
GAME_FIRST = 7  # ps[TRACE_ROW, GAME_FIRST]: the side that took the first turn


@njit(_nrt=False, inline="always")
def play_turns(g: np.void, world: np.void, first: int, cap: int, checks: bool, play_turn, end_at_cap,
               conservation_errors) -> int:
    """Turns of a set-up game until its rules end it or `cap` turns have begun, where `end_at_cap(g)`
    ends it; turn t is side (first + t) % 2's, played by `play_turn(g, world)` (`world`: the record a
    hard player searches in). With `checks` (the game's debug_checks), `conservation_errors(g)` after
    the set-up and after every turn. Returns the problems it found. The turn counter stays on the
    last turn played.

    The game's functions come as arguments, and the loop is compiled into the game's `play_game`
    (`inline="always"`): compiled on its own it would be handed them as pointers to Python objects,
    which numba cannot cache (sim.core.search.best_option says more)."""
    ps = g.ps
    problems = conservation_errors(g) if checks else 0
    while not ps[TRACE_ROW, GAME_OVER]:
        if ps[TRACE_ROW, TRACE_TURN] >= cap:
            end_at_cap(g)
            break
        ps[TRACE_ROW, GAME_ACTIVE] = (first + ps[TRACE_ROW, TRACE_TURN]) % 2
        play_turn(g, world)
        if checks:
            problems += conservation_errors(g)
        if not ps[TRACE_ROW, GAME_OVER]:
            ps[TRACE_ROW, TRACE_TURN] += 1
    return problems


@njit(_nrt=False, inline="always")
def play_on(world: np.void, horizon: int, cap: int, play_turn, end_at_cap) -> None:
    """A hard agent's rollout after the turn now (sim.core.search): the next turns, played by
    `play_turn(world)`, until the game ends, `horizon` of them are played (0: no limit) or turn `cap`
    is reached, where `end_at_cap(world)` ends it. The turn counter stays on the last turn begun.
    Inlined for the reason `play_turns` is."""
    ps = world.ps
    first = ps[TRACE_ROW, GAME_FIRST]
    turns = 0
    while not ps[TRACE_ROW, GAME_OVER] and (horizon == 0 or turns < horizon):
        ps[TRACE_ROW, TRACE_TURN] += 1
        if ps[TRACE_ROW, TRACE_TURN] >= cap:
            end_at_cap(world)
            break
        ps[TRACE_ROW, GAME_ACTIVE] = (first + ps[TRACE_ROW, TRACE_TURN]) % 2
        play_turn(world)
        turns += 1


@njit(_nrt=False, inline="always")
def play_units(unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, config_input: np.ndarray,
               rows: np.ndarray, flags: np.ndarray, ws: np.ndarray, play_unit) -> int:
    """A game's batch kernel (`play_range`, sim.core.ruleset.GameRecordShell): games unit_start ..
    unit_start+n_units-1, one whole game per iteration, game i by `play_unit(u, seed, mirrored,
    config_input, rows, flags, g, world)` into rows[i] and flags[i], in the game record ws[0] and a
    hard player's world ws[1]. Returns the debug checks' problem count. A game compiles it into its
    two builds of `play_range` (every agent, and without the searching agents), each handing it its
    own `play_unit`; inlined for the reason `play_turns` is."""
    g = ws[0]
    world = ws[1]
    problems = 0
    for i in range(n_units):
        problems += play_unit(unit_start + i, seed, mirrored, config_input, rows[i:i + 1], flags[i:i + 1], g, world)
    return problems
