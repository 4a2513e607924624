"""Play agents: `random` (uniform over the legal cards) and `greedy` (one-step: take the round as
cheaply as it can). Each chooses among the cards it may play: any of its hand (rule T-03; the kit's
sim.core.hand_and_deck.hand_cards).

What an agent may read (rule T-07, tested): its own hand and the card led in this round. Never the
other side's hand or either deck's order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import lowest_bit
from sim.core.hand_and_deck import FIELD_VALUE, PS_AGENT, hand_cards, random_card
from tests.rulesets.tiny.constants import Agent


@njit(cache=True, _nrt=False)
def choose_card(g: np.void, side: int, led: int) -> int:
    """The card `side` plays: it leads when `led` < 0, else it answers the card `led` of the other
    side. The greedy leader leads its highest card; the greedy answer is the lowest card that beats
    the led one, or the lowest card when none does. Ties go to the first card in file order."""
    options = hand_cards(g, side)
    if g.ps[side, PS_AGENT] == Agent.RANDOM:
        return random_card(g, side, options)
    values = g.tab[side, :, FIELD_VALUE]
    target = -1 if led < 0 else g.tab[1 - side, led, FIELD_VALUE]
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
