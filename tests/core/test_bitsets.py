"""Card masks (sim.core.bitsets): the lowest card first, and the count of cards."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.core.bitsets import bit_count, lowest_bit


@settings(deadline=None)  # the first example loads the compiled function
@given(st.sets(st.integers(0, 63), min_size=1))
def test_visiting_a_mask_lowest_bit_first_is_visiting_its_cards_in_pool_order(cards):
    mask = np.int64(np.uint64(sum(1 << c for c in cards)).view(np.int64))
    visited = []
    while mask:
        visited.append(int(lowest_bit(mask)))
        mask &= mask - np.int64(1)
    assert visited == sorted(cards)


@settings(deadline=None)
@given(st.sets(st.integers(0, 63)))
def test_bit_count_is_the_number_of_cards(cards):
    mask = np.int64(np.uint64(sum(1 << c for c in cards)).view(np.int64))
    assert bit_count(mask) == len(cards)
