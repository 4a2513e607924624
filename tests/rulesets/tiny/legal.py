"""What a side may do now: the rules' half of every decision. An agent (agents.py) only chooses
among what this module lists."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.hand_and_deck import in_zone
from tests.rulesets.tiny.constants import Zone


@njit(cache=True, _nrt=False)
def playable(g: np.void, side: int) -> np.int64:
    """Rule T-03: the leader may lead any card of its hand, and the other side may answer with any
    card of its hand whatever was led (there is no suit to follow). A mask of cards."""
    return in_zone(g, side, Zone.HAND)
