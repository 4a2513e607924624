"""Dicedraft's fitted leaf evaluation: what an expert player's search scores a world with when its
rollout stops at the horizon (expert.py, sim.core.mcts).

A position is read from one player's side as N_FEATURES differences between the two sides (its
minus the opponent's), plus whose turn is next; the evaluation is a logistic over them whose
coefficients `sim fit-leaf dicedraft` trains from self-play (positions.py) and ships in leaf.json
with the seed, the games and the held-out accuracy. Every feature changes sign with the point of
view, and the model has no intercept, so the two players' chances always add up to one.

The features read the world as it stands: in a search world the opponent's face-down cards are the
ones dealt to it (sim.core.search), so nothing hidden is read.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count, lowest_bit
from sim.core.leaf_file import LeafFile
from sim.core.mcts import MAX_LEAF, N_LEAF_EXTRA
from sim.rulesets.dicedraft.constants import Field, Kind, Zone
from sim.rulesets.dicedraft.state import PS_DECK_LEN, PS_LIVES, PS_TOP, zone_mask


FEATURE_NAMES = (
    "lives",  # rule D-01: lives, its minus the opponent's
    "lives_share",  # the same over both sides' lives: a point matters more when few are left
    "table_atq",  # ATQ of its characters on the table
    "table_def",
    "table_characters",
    "table_dice",  # mean roll of its dice cards on the table (rule D-13)
    "double_attackers",  # rule D-11
    "double_blockers",
    "table_value",  # the greedy agent's value of its table
    "hand",  # cards in hand
    "hand_value",
    "deck",  # cards left in its deck before a re-draft (rule D-16)
    "lethal",  # its table's ATQ reaches the opponent's lives (1), the other way round (-1)
    "to_move",  # it plays next (1) or the opponent does (-1)
)
N_FEATURES = len(FEATURE_NAMES)
assert N_FEATURES + N_LEAF_EXTRA <= MAX_LEAF

LEAF = LeafFile(Path(__file__).with_name("leaf.json"), "dicedraft", FEATURE_NAMES)


@njit(cache=True, _nrt=False)
def features(g: np.void, p: int, to_move: int, out: np.ndarray) -> None:
    """Position g read by player p (FEATURE_NAMES, p's minus the opponent's) into out[:N_FEATURES]."""
    tab, val, ps = g.tab, g.val, g.ps
    for i in range(N_FEATURES):
        out[i] = 0.0
    atq_mine = atq_theirs = 0.0
    for side in range(2):
        sign = 1.0 if side == p else -1.0
        side_atq = 0.0
        m = zone_mask(g, side, Zone.TABLE)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            out[8] += sign * val[p, side, c]
            if tab[side, c, Field.KIND] == Kind.CHARACTER:
                side_atq += tab[side, c, Field.ATQ]
                out[3] += sign * tab[side, c, Field.DEF]
                out[4] += sign
                out[6] += sign * tab[side, c, Field.DOUBLE_ATTACK]
                out[7] += sign * tab[side, c, Field.DOUBLE_BLOCK]
            else:
                out[5] += sign * (tab[side, c, Field.DIE] + 1) / 2.0
        out[2] += sign * side_atq
        hand = zone_mask(g, side, Zone.HAND)
        out[9] += sign * bit_count(hand)
        while hand:
            c = lowest_bit(hand)
            hand &= hand - np.int64(1)
            out[10] += sign * val[p, side, c]
        out[11] += sign * (ps[side, PS_DECK_LEN] - ps[side, PS_TOP])
        if side == p:
            atq_mine = side_atq
        else:
            atq_theirs = side_atq
    mine, theirs = float(ps[p, PS_LIVES]), float(ps[1 - p, PS_LIVES])
    out[0] = mine - theirs
    out[1] = (mine - theirs) / max(mine + theirs, 1.0)
    out[12] = (1.0 if atq_mine >= theirs else 0.0) - (1.0 if atq_theirs >= mine else 0.0)
    out[13] = 1.0 if to_move == p else -1.0

