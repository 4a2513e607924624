"""Positions from dicedraft's self-play, the data `sim fit-leaf dicedraft` fits the expert's leaf
evaluation to (leaf.py): every position at the end of a turn, read from both sides, with how the
game ended for that side.

The games are the batch kernel's own: unit u drafts, shuffles and plays as kernels.play_unit plays
game u of a plain `games` run (the same streams, the same first player), so the positions are those
of the project's self-play records for the same seed and agents.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.leaf_fit import recorded_positions
from sim.core.mcts import note_position, score_positions
from sim.core.records import seat_of_unit
from sim.rulesets.dicedraft.constants import Param
from sim.rulesets.dicedraft.expert import play_turn
from sim.rulesets.dicedraft.game import set_deck
from sim.rulesets.dicedraft.hard import evaluate
from sim.rulesets.dicedraft.kernels import draft_deck, reset
from sim.rulesets.dicedraft.leaf import N_FEATURES, features
from sim.rulesets.dicedraft.state import (
    G_TURN, GAME, PR_BUDGET, PR_DECK, PS_BUDGET, PS_LIVES, SU_BUDGET, SU_DRAFTER, SU_N_CARDS, seed_streams,
)


@njit(cache=True)
def record_positions(seed: np.uint64, unit_start: int, n_units: int, ws: np.ndarray, tables: np.ndarray,
                     x: np.ndarray, info: np.ndarray) -> int:
    """Play single-game units unit_start .. unit_start+n_units-1 (seats mirrored) and write two rows
    per turn played (one per side): features into x, the P_* columns into info. Returns the rows
    written; x holds at least n_units * 2 * turn cap rows."""
    g, world = ws[0], ws[1]
    setup, par, pair, ps = g.setup, g.par, g.pair, g.ps
    rows = 0
    for i in range(n_units):
        u = unit_start + i
        pair_index, first = seat_of_unit(u, True)
        reset(g)
        seed_streams(g, seed, pair_index, np.int64(0))
        for side in range(2):
            pair[PR_BUDGET + side] = setup[side, SU_BUDGET]
            pair[PR_DECK + side] = draft_deck(g, tables, np.int64(side), setup[side, SU_DRAFTER], setup[side, SU_BUDGET],
                                              setup[side, SU_N_CARDS])
            ps[side, PS_BUDGET] = pair[PR_BUDGET + side]
            set_deck(g, side, pair[PR_DECK + side])
            ps[side, PS_LIVES] = par[Param.START_LIVES]
        ps[GAME, G_TURN] = 0
        active = first
        winner = -1
        start = rows
        while ps[GAME, G_TURN] < par[Param.TURN_CAP]:
            play_turn(g, world, tables, active)
            ps[GAME, G_TURN] += 1
            for side in range(2):
                features(g, side, 1 - active, x[rows])
                note_position(info, rows, u, side, ps[GAME, G_TURN], evaluate(g, side))
                rows += 1
            if ps[1 - active, PS_LIVES] <= 0:
                winner = active
                break
            active = 1 - active
        score_positions(info, start, rows, winner)
    return rows


def self_play_positions(compiled: object, seed: int, games: int) -> tuple[np.ndarray, ...]:
    """The positions of games 0 .. games-1 of a compiled config (sim.core.leaf_fit.fit_self_play)."""
    return recorded_positions(games, compiled.params.turn_cap, N_FEATURES, lambda x, info: record_positions(
        np.uint64(seed), 0, games, compiled.workspace(), compiled.draft_tables(), x, info))
