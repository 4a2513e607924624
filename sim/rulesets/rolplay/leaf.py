"""Rolplay's fitted leaf evaluation: what an expert player's search scores a world with when its
rollout stops at the horizon (expert.py, sim.core.mcts).

A position is read from one player's side as N_FEATURES differences between the two sides (its
minus the opponent's), plus whose turn is next; the evaluation is a logistic over them whose
coefficients `sim fit-leaf rolplay` trains from self-play (positions.py) and ships in leaf.json
with the seed, the games and the held-out accuracy. Every feature changes sign with the point of
view, and the model has no intercept, so the two players' chances always add up to one.

The features read the world as it stands: in a search world the opponent's hand, deck and
face-down spell are the ones dealt to it (hard.observe), so nothing hidden is read; of them only
their counts enter, which both players see.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from sim.core.leaf_file import LeafFile
from sim.core.mcts import MAX_LEAF, N_LEAF_EXTRA
from sim.rulesets.rolplay.agents import creature_worth
from sim.rulesets.rolplay.constants import N_CARDS, Field, Param, Zone
from sim.rulesets.rolplay.state import (
    G_TURN, GAME, PS_HAND, PS_LIFE, PS_SPELL, PS_TOP, atq_of, def_left, field, in_zone, is_mystic, is_tapped,
    lowest_bit, score_of,
)

# rolplay's own search constants, after sim.core.mcts's in the leaf row
LEAF_GREEDY_MARGIN = N_LEAF_EXTRA  # leaf[N_FEATURES + ...]: the mean score a move must gain over greedy's
LEAF_SEARCH_SUMMONS = N_LEAF_EXTRA + 1  # 1: the expert searches its summons (rule R-09), 0: greedy's
# the search's constants leaf.json names beside the coefficients, with their defaults; `sim fit-leaf`
# keeps them across fits (docs/agents.md has the measurements behind the shipped values)
SEARCH_CONSTANTS = {"exploration": 0.5, "expand_after": 1_000_000, "greedy_margin": 0.0, "search_summons": 0}
DECK_DANGER = 5  # cards left in a deck below which rule R-04's deck-out is near

FEATURE_NAMES = (
    "life",  # rule R-04: life, its minus the opponent's
    "life_share",  # the same over both sides' life: a point matters more when little is left
    "creatures",  # creatures in play (R-01: seven places)
    "creature_atq",  # their ATQ times their attacks a turn (R-11 multiple attack)
    "creature_def",  # their defense left (R-12: damage stays)
    "creature_worth",  # the greedy agent's value of them (agents.creature_worth)
    "mystics",  # only a mystic defends against a mystic
    "powers",  # powers in play
    "power_value",  # their power, untapped
    "amulets",
    "spell",  # a spell in its place
    "hand",  # cards in hand
    "deck",  # cards left in the deck
    "deck_danger",  # fewer than DECK_DANGER cards left (R-04: an empty deck loses)
    "score",  # rule R-04's score, which decides at the turn cap
    "score_late",  # the same times the share of the turn cap played: it counts as the cap nears
    "lethal",  # its untapped creatures' ATQ reaches the opponent's life (1), the other way round (-1)
    "to_move",  # it plays next (1) or the opponent does (-1)
)
N_FEATURES = len(FEATURE_NAMES)
assert N_FEATURES + LEAF_SEARCH_SUMMONS < MAX_LEAF

LEAF = LeafFile(Path(__file__).with_name("leaf.json"), "rolplay", FEATURE_NAMES, SEARCH_CONSTANTS)


@njit(cache=True, _nrt=False)
def features(g: np.void, p: int, to_move: int, out: np.ndarray) -> None:
    """Position g read by player p (FEATURE_NAMES, p's minus the opponent's) into out[:N_FEATURES]."""
    ps = g.ps
    for i in range(N_FEATURES):
        out[i] = 0.0
    reach_mine = reach_theirs = 0.0
    progress = min(ps[GAME, G_TURN] / max(g.par[Param.TURN_CAP], 1), 1.0)
    for side in range(2):
        sign = 1.0 if side == p else -1.0
        reach = 0.0
        m = in_zone(g, side, Zone.CREATURE)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            hits = atq_of(g, side, c) * field(g, side, c, Field.MULTI_ATTACK)
            out[2] += sign
            out[3] += sign * hits
            out[4] += sign * max(def_left(g, side, c), 0)
            out[5] += sign * creature_worth(g, side, c)
            out[6] += sign * is_mystic(g, side, c)
            if not is_tapped(g, side, c):
                reach += hits
        m = in_zone(g, side, Zone.POWER)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            out[7] += sign
            if not is_tapped(g, side, c):
                out[8] += sign * field(g, side, c, Field.POWER_VALUE)
        m = in_zone(g, side, Zone.AMULET)
        while m:
            m &= m - np.int64(1)
            out[9] += sign
        out[10] += sign * (ps[side, PS_SPELL] > 0)
        out[11] += sign * ps[side, PS_HAND]
        deck = N_CARDS - ps[side, PS_TOP]
        out[12] += sign * deck
        out[13] += sign * (deck < DECK_DANGER)
        score = float(score_of(g, side))
        out[14] += sign * score
        out[15] += sign * score * progress
        if side == p:
            reach_mine = reach
        else:
            reach_theirs = reach
    mine, theirs = float(max(ps[p, PS_LIFE], 0)), float(max(ps[1 - p, PS_LIFE], 0))
    out[0] = mine - theirs
    out[1] = (mine - theirs) / max(mine + theirs, 1.0)
    out[16] = (1.0 if reach_mine >= theirs else 0.0) - (1.0 if reach_theirs >= mine else 0.0)
    out[17] = 1.0 if to_move == p else -1.0

