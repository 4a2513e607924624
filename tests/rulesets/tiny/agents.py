"""Play agents: `random` (uniform over the legal cards) and `greedy` (one-step: take the round as
cheaply as it can). Each chooses among the cards legal.playable lists.

What an agent may read (rule T-07, tested): its own hand and the card led in this round. Never the
other side's hand or either deck's order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count, lowest_bit
from sim.core.rng import below
from tests.rulesets.tiny.constants import Agent, Field
from tests.rulesets.tiny.legal import playable
from tests.rulesets.tiny.state import PS_AGENT, ST_AGENT


@njit(cache=True, _nrt=False)
def choose_card(g: np.void, side: int, led: int) -> int:
    """The card `side` plays: it leads when `led` < 0, else it answers the card `led` of the other
    side. The greedy leader leads its highest card; the greedy answer is the lowest card that beats
    the led one, or the lowest card when none does. Ties go to the first card in file order."""
    options = playable(g, side)
    if g.ps[side, PS_AGENT] == Agent.RANDOM:
        k = below(g.rng, side * 2 + ST_AGENT, bit_count(options))
        for _ in range(k):
            options &= options - np.int64(1)
        return lowest_bit(options)
    values = g.tab[side, :, Field.VALUE]
    target = -1 if led < 0 else g.tab[1 - side, led, Field.VALUE]
    best = -1
    lowest = -1
    while options:
        c = lowest_bit(options)
        options &= options - np.int64(1)
        if lowest < 0 or values[c] < values[lowest]:
            lowest = c
        if led < 0:
            if best < 0 or values[c] > values[best]:
                best = c
        elif values[c] > target and (best < 0 or values[c] < values[best]):
            best = c
    return best if best >= 0 else lowest
