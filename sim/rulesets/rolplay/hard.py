"""Rolplay's hard agent: placeholder dispatcher while the search is written."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rulesets.rolplay import game


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void) -> None:
    game.play_turn(g)
