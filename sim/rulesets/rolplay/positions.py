"""Positions from rolplay's self-play, the data `sim fit-leaf rolplay` fits the expert's leaf
evaluation to (leaf.py): every position at the end of a turn, read from both sides, with how the
game ended for that side.

The games are the batch kernel's own: unit u shuffles and plays as kernels.play_unit plays game u
of a plain `games` run (the same streams, the same first player, the same turns as
sim.core.turns.play_turns), so the positions are those of the project's self-play records for the
same seed and agents.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.leaf_fit import recorded_positions
from sim.core.mcts import note_position, score_positions
from sim.core.records import seat_of_unit
from sim.rulesets.rolplay.constants import Param
from sim.rulesets.rolplay.expert import play_turn
from sim.rulesets.rolplay.game import end_by_score, setup_game
from sim.rulesets.rolplay.hard import evaluate
from sim.rulesets.rolplay.kernels import reset
from sim.rulesets.rolplay.leaf import N_FEATURES, features
from sim.rulesets.rolplay.state import G_ACTIVE, G_OVER, G_TURN, G_WINNER, GAME, seed_streams


@njit(cache=True)
def record_positions(seed: np.uint64, unit_start: int, n_units: int, ws: np.ndarray, x: np.ndarray,
                     info: np.ndarray) -> int:
    """Play single-game units unit_start .. unit_start+n_units-1 (seats mirrored) and write two rows
    per unfinished turn played (one per side): features into x, the P_* columns into info. Returns
    the rows written; x holds at least n_units * 2 * turn cap rows."""
    g, world = ws[0], ws[1]
    ps = g.ps
    cap = g.par[Param.TURN_CAP]
    rows = 0
    for i in range(n_units):
        u = unit_start + i
        pair, first = seat_of_unit(u, True)
        reset(g)
        seed_streams(g, seed, pair)
        setup_game(g, first)
        start = rows
        while not ps[GAME, G_OVER]:
            if ps[GAME, G_TURN] >= cap:
                end_by_score(g)
                break
            active = (first + ps[GAME, G_TURN]) % 2
            ps[GAME, G_ACTIVE] = active
            play_turn(g, world)
            if ps[GAME, G_OVER]:
                break
            ps[GAME, G_TURN] += 1
            for side in range(2):
                features(g, side, 1 - active, x[rows])
                note_position(info, rows, u, side, ps[GAME, G_TURN], evaluate(g, side))
                rows += 1
        score_positions(info, start, rows, ps[GAME, G_WINNER])
    return rows


def self_play_positions(compiled: object, seed: int, games: int) -> tuple[np.ndarray, ...]:
    """The positions of games 0 .. games-1 of a compiled config (sim.core.leaf_fit.fit_self_play)."""
    return recorded_positions(games, compiled.params.turn_cap, N_FEATURES, lambda x, info: record_positions(
        np.uint64(seed), 0, games, compiled.workspace(), x, info))
