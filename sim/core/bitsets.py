"""Sets of cards as 64-bit masks: bit c stands for card (or design) c of one side's pool.

The kernels keep each zone of each player as a mask beside the per-card zone codes, so a decision
visits the few cards in a zone instead of scanning the whole pool. Visiting a mask lowest bit first
is visiting its cards in pool order, which keeps every game identical to a scan of the pool.

    m = hand_mask
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros


@njit(cache=True, _nrt=False, inline="always")
def lowest_bit(mask: np.int64) -> np.int64:
    """Index of the lowest set bit of a non-zero mask (one count-trailing-zeros instruction)."""
    return np.int64(trailing_zeros(mask))


@njit(cache=True, _nrt=False, inline="always")
def bit_count(mask: np.int64) -> np.int64:
    """How many cards a mask holds."""
    n = np.int64(0)
    while mask:
        mask &= mask - np.int64(1)
        n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def move_card(cs: np.ndarray, ps: np.ndarray, side: int, c: int, zone: int, zone_col: int, masks_col: int) -> None:
    """Put card c of `side` in `zone`: its code in cs[side, c, zone_col] and its bit in the zone
    masks ps[side, masks_col + zone], kept in step. Each ruleset's `move` names its two columns."""
    bit = np.int64(1) << np.int64(c)
    ps[side, masks_col + cs[side, c, zone_col]] &= ~bit
    ps[side, masks_col + zone] |= bit
    cs[side, c, zone_col] = zone
