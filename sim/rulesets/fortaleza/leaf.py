"""Fortaleza's fitted leaf evaluation: what an expert player's search scores a world with when its
rollout stops at the horizon (expert.py, sim.core.mcts), in place of the hard agent's hand-made
logistic (hard.evaluate).

A position is read from one player's side as N_FEATURES differences between the two sides (its
minus the opponent's), plus whose turn is next; the evaluation is a logistic over them whose
coefficients `sim fit-leaf fortaleza` trains from self-play (positions.py) and ships in leaf.json
with the seed, the games and the held-out accuracy. Every feature changes sign with the point of
view and the model has no intercept, so the two players' chances always add up to one.

The features read only what both players see (the Fortalezas, the field, how many cards each holds
and has left, how many traps lie face down, never which), so a world's deal of the hidden cards
changes none of them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from sim.core.leaf_file import LeafFile
from sim.core.mcts import MAX_LEAF, N_LEAF_EXTRA
from sim.rulesets.fortaleza.agents import popcount, unit_value
from sim.rulesets.fortaleza.constants import N_DECK, Field, Kind, Zone
from sim.rulesets.fortaleza.state import (
    PS_FORT, PS_HAND, PS_LANDS, PS_TOP, atq_of, in_zone, keywords_of, lowest_bit, res_of,
)


FEATURE_NAMES = (
    "fortaleza",  # rule F-04: Fortaleza points, its minus the opponent's
    "fortaleza_share",  # the same over both sides' points: a point matters more when few are left
    "units",  # units on the field (rule F-10)
    "unit_atq",  # their ATQ now (equipment included, rule F-17)
    "unit_res",  # their RES now
    "unit_keywords",
    "unit_value",  # the units as the player's greedy agent values them (agents.unit_value)
    "lands",  # lands on the field: energy next turn (rules F-07, F-08)
    "hand",  # cards in hand
    "deck",  # cards left to draw: an empty deck loses (rule F-06)
    "artifacts",  # artifacts on the field (rule F-10)
    "traps_set",  # traps face down (rule F-15): how many, which is hidden
    "lethal",  # its units' ATQ reaches the opponent's Fortaleza (1), the other way round (-1)
    "to_move",  # it plays next (1) or the opponent does (-1)
)
N_FEATURES = len(FEATURE_NAMES)
assert N_FEATURES + N_LEAF_EXTRA <= MAX_LEAF

LEAF = LeafFile(Path(__file__).with_name("leaf.json"), "fortaleza", FEATURE_NAMES)


@njit(cache=True, _nrt=False)
def features(g: np.void, p: int, to_move: int, out: np.ndarray) -> None:
    """Position g read by player p (FEATURE_NAMES, p's minus the opponent's) into out[:N_FEATURES]."""
    tab, ps = g.tab, g.ps
    for i in range(N_FEATURES):
        out[i] = 0.0
    atq_mine = atq_theirs = 0.0
    for side in range(2):
        sign = 1.0 if side == p else -1.0
        side_atq = 0.0
        m = in_zone(ps, side, Zone.UNIT)
        while m:
            u = lowest_bit(m)
            m &= m - 1
            side_atq += atq_of(g, side, u)
            out[2] += sign
            out[4] += sign * res_of(g, side, u)
            out[5] += sign * popcount(keywords_of(g, side, u))
            out[6] += sign * unit_value(g, p, side, u)
        out[3] += sign * side_atq
        out[7] += sign * ps[side, PS_LANDS]
        out[8] += sign * ps[side, PS_HAND]
        out[9] += sign * (N_DECK - ps[side, PS_TOP])
        m = in_zone(ps, side, Zone.SUPPORT)
        while m:
            c = lowest_bit(m)
            m &= m - 1
            if tab[side, c, Field.KIND] == Kind.TRAP:
                out[11] += sign
            elif tab[side, c, Field.KIND] == Kind.ARTIFACT:
                out[10] += sign
        if side == p:
            atq_mine = side_atq
        else:
            atq_theirs = side_atq
    mine, theirs = float(ps[p, PS_FORT]), float(ps[1 - p, PS_FORT])
    out[0] = mine - theirs
    out[1] = (mine - theirs) / max(mine + theirs, 1.0)
    out[12] = (1.0 if atq_mine >= theirs else 0.0) - (1.0 if atq_theirs >= mine else 0.0)
    out[13] = 1.0 if to_move == p else -1.0

