"""Epikha's fitted leaf evaluation: what an expert player's search scores a world with when its
rollout stops at the horizon (expert.py, sim.core.mcts).

A position is read from one player's side as N_FEATURES differences between the two sides (its
minus the opponent's), plus whose turn is next; the evaluation is a logistic over them whose
coefficients `sim fit-leaf epikha` trains from self-play (positions.py) and ships in leaf.json with
the seed, the games and the held-out accuracy. Every feature changes sign with the point of view,
and the model has no intercept, so the two players' chances always add up to one.

The features read the field, the Vital and the counts of hand and deck, all public (rule E-20);
in a search world the opponent's hand is the one dealt to it (hard.observe), and only its size is read.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from sim.core.leaf_file import LeafFile
from sim.core.mcts import MAX_LEAF, N_LEAF_EXTRA
from sim.rulesets.epikha.agents import worth
from sim.rulesets.epikha.constants import PLAYER_C, Zone
from sim.rulesets.epikha.state import (
    PS_HAND, PS_N_DECK, PS_TOP, PS_VITAL, bit_count, characters_in_play, fuerza_of, in_zone, lowest_bit,
    resistencia_of,
)

LOW_DECK = 3  # cards left in a deck below which running out (rule E-33) is near

FEATURE_NAMES = (
    "vital",  # rule E-13: the Player card's Vital, its minus the opponent's
    "vital_share",  # the same over both Player cards' Vital: a point matters more when few are left
    "field_worth",  # the greedy agent's worth of its characters on the field (agents.worth)
    "characters",  # its characters and machines on the field, the Player card aside
    "fuerza",  # Fuerza of its characters on the field, the Player card aside (E-25)
    "resistencia",
    "hand",  # cards in hand
    "deck",  # cards left in its deck (E-33: a player who must draw from an empty deck loses)
    "low_deck",  # its deck holds fewer than LOW_DECK cards (1), the opponent's (-1)
    "magic",  # its cards in the Magic Zone (E-24)
    "gear",  # weapons and items on its characters (E-18)
    "lethal",  # its field's Fuerza reaches the opponent's Vital (1), the other way round (-1)
    "to_move",  # it plays next (1) or the opponent does (-1)
)
N_FEATURES = len(FEATURE_NAMES)
assert N_FEATURES + N_LEAF_EXTRA <= MAX_LEAF

LEAF = LeafFile(Path(__file__).with_name("leaf.json"), "epikha", FEATURE_NAMES)


@njit(cache=True, _nrt=False)
def features(g: np.void, p: int, to_move: int, out: np.ndarray) -> None:
    """Position g read by player p (FEATURE_NAMES, p's minus the opponent's) into out[:N_FEATURES]."""
    ps = g.ps
    for i in range(N_FEATURES):
        out[i] = 0.0
    fuerza_mine = fuerza_theirs = 0.0
    for side in range(2):
        sign = 1.0 if side == p else -1.0
        side_fuerza = 0.0
        m = characters_in_play(g, side) & ~(np.int64(1) << PLAYER_C)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            out[2] += sign * worth(g, side, c)
            out[3] += sign
            side_fuerza += fuerza_of(g, side, c)
            out[5] += sign * resistencia_of(g, side, c)
        out[4] += sign * side_fuerza
        out[6] += sign * ps[side, PS_HAND]
        left = ps[side, PS_N_DECK] - ps[side, PS_TOP]
        out[7] += sign * left
        out[8] += sign * (1.0 if left < LOW_DECK else 0.0)
        out[9] += sign * bit_count(in_zone(g, side, Zone.MAGIC))
        out[10] += sign * bit_count(in_zone(g, side, Zone.GEAR))
        if side == p:
            fuerza_mine = side_fuerza
        else:
            fuerza_theirs = side_fuerza
    mine, theirs = float(ps[p, PS_VITAL]), float(ps[1 - p, PS_VITAL])
    out[0] = mine - theirs
    out[1] = (mine - theirs) / max(mine + theirs, 1.0)
    out[11] = (1.0 if fuerza_mine >= theirs else 0.0) - (1.0 if fuerza_theirs >= mine else 0.0)
    out[12] = 1.0 if to_move == p else -1.0

