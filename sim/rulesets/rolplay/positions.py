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

from sim.core.records import seat_of_unit
from sim.rulesets.rolplay.constants import Param
from sim.rulesets.rolplay.expert import play_turn
from sim.rulesets.rolplay.game import end_by_score, setup_game
from sim.rulesets.rolplay.hard import evaluate
from sim.rulesets.rolplay.kernels import reset
from sim.rulesets.rolplay.leaf import N_FEATURES, features
from sim.rulesets.rolplay.state import G_ACTIVE, G_OVER, G_TURN, G_WINNER, GAME, seed_streams

# columns of a position row besides its features
P_UNIT = 0
P_SIDE = 1  # the side it is read from
P_TURN = 2
P_SCORE = 3  # how the game ended for that side: 1 a win, 1/2 a draw, 0 a loss
P_HAND_MADE = 4  # the hard agent's hand-made evaluation of the position for that side (hard.evaluate)
N_P = 5


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
                info[rows, P_UNIT] = u
                info[rows, P_SIDE] = side
                info[rows, P_TURN] = ps[GAME, G_TURN]
                info[rows, P_HAND_MADE] = evaluate(g, side)
                rows += 1
        winner = ps[GAME, G_WINNER]
        for r in range(start, rows):
            side = np.int64(info[r, P_SIDE])
            info[r, P_SCORE] = 0.5 if winner < 0 else (1.0 if winner == side else 0.0)
    return rows


def positions_arrays(n_units: int, turn_cap: int) -> tuple[np.ndarray, np.ndarray]:
    """Room for the positions of n_units games: (features, info)."""
    rows = n_units * 2 * turn_cap
    return np.zeros((rows, N_FEATURES)), np.zeros((rows, N_P))
