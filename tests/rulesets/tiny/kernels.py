"""The tiny game's batch kernel: `play_range` plays a range of games, one whole game per iteration,
without the GIL (the shell's play_chunk runs blocks of games on threads); sim.core.records.count_cards
folds the per-game card flags into card-impact counters.

Game u is a pure function of (run seed, config, u): its streams are keyed by (seed, pair, side,
purpose), where seat-mirrored games 2k and 2k+1 share the pair k and differ only in who leads first.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import seat_of_unit, write_record_head
from tests.rulesets.tiny.constants import COUNTER_BITS, MAX_CARDS, Col
from tests.rulesets.tiny.game import play_game
from tests.rulesets.tiny.state import (
    CS_FLAGS, G_END, G_TRACE_N, G_TRACED, G_TURN, G_WINNER, GAME, PS_AGENT, PS_FORCED, PS_N_CARDS, PS_POINTS,
    seed_streams,
)


@njit(cache=True, _nrt=False)
def reset(g: np.void, agents: np.ndarray, n_cards: np.ndarray, forced: np.ndarray) -> None:
    """A clean state for the next game; the constant tables, the trace switch and cursor are kept."""
    ps = g.ps
    traced = ps[GAME, G_TRACED]
    cursor = ps[GAME, G_TRACE_N]
    g.cs[:, :, :] = 0
    ps[:, :] = 0
    ps[GAME, G_TRACED] = traced
    ps[GAME, G_TRACE_N] = cursor
    for side in range(2):
        ps[side, PS_AGENT] = agents[side]
        ps[side, PS_N_CARDS] = n_cards[side]
        ps[side, PS_FORCED] = forced[side]


@njit(cache=True, _nrt=False)
def play_unit(u: int, seed: np.uint64, mirrored: bool, setup: np.ndarray, rows: np.ndarray, flags: np.ndarray,
              g: np.void, world: np.void) -> int:
    """Play game u into rows[0] and flags[0] in the game record `g` (the house signature's second
    record, where a search agent would play its worlds, is not read: the tiny game has none);
    `setup` is (agent, cards, forced draw) per side. Returns the debug checks' problem count."""
    pair, first = seat_of_unit(u, mirrored)
    reset(g, setup[0], setup[1], setup[2])
    seed_streams(g, seed, pair)
    problems = play_game(g, first)
    ps = g.ps
    write_record_head(rows, 0, u, 0, first, ps[GAME, G_WINNER], ps[GAME, G_END], ps[GAME, G_TURN])
    for side in range(2):
        rows[0, Col.POINTS_A + side] = ps[side, PS_POINTS]
        for c in range(MAX_CARDS):
            flags[0, side, c] = g.cs[side, c, CS_FLAGS] & COUNTER_BITS
    return problems


@njit(cache=True, nogil=True)
def play_range(unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, setup: np.ndarray, rows: np.ndarray,
               flags: np.ndarray, ws: np.ndarray) -> int:
    """The batch kernel: play games unit_start .. unit_start+n_units-1, game i into rows[i] and
    flags[i], in the game record ws[0] (state.new_workspace). Returns the debug checks' problem count."""
    g, world = ws[0], ws[1]
    problems = 0
    for i in range(n_units):
        problems += play_unit(unit_start + i, seed, mirrored, setup, rows[i:i + 1], flags[i:i + 1], g, world)
    return problems
