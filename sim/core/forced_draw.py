"""The forced-draw effect's one change to a game (ANALYTICS.md, causal card impact): after a shuffle,
one card is moved to the top of the deck (drawn at once) or to its bottom (not drawn before the last
card), every other card keeping its relative order, and nothing else touched: every other shuffle,
die and decision stream of the game stays as it was, so the two configs of a card pair game by game.

A ruleset keeps the request as one number per side (`forced_code`): 0 for none, card + 1 for the
top, −(card + 1) for the bottom, and calls `force_card` on the deck's slice of its order array after
each shuffle its rules.md names.
"""

from __future__ import annotations

import numpy as np
from numba import njit

TOP = 1
BOTTOM = -1


def forced_code(card_index: int, where: int) -> int:
    """The number a kernel reads: card_index + 1 for TOP, −(card_index + 1) for BOTTOM."""
    if where not in (TOP, BOTTOM):
        raise ValueError(f"where must be TOP or BOTTOM, got {where!r}")
    return where * (card_index + 1)


def forced_codes(force: tuple[int, str, int] | None, pools: tuple) -> np.ndarray:
    """Both sides' requests as the kernels read them, from a config's `force` (side index, card id,
    TOP or BOTTOM; None for no forced draw) and its sides' card pools (their `index_of`)."""
    codes = np.zeros(2, np.int64)
    if force is not None:
        index, card_id, where = force
        codes[index] = forced_code(pools[index].index_of(card_id), where)
    return codes


@njit(cache=True, _nrt=False, inline="always")
def force_card(order: np.ndarray, first: int, n: int, code: np.int64) -> None:
    """Move the forced card within order[first:first + n] (the deck, top first) to the top or the
    bottom, shifting the cards between by one; a card not in that slice is left alone (not in this
    deck), and code 0 does nothing."""
    if code == 0:
        return
    card = abs(code) - 1
    at = -1
    for i in range(first, first + n):
        if order[i] == card:
            at = i
            break
    if at < 0:
        return
    if code > 0:
        for i in range(at, first, -1):
            order[i] = order[i - 1]
        order[first] = card
    else:
        for i in range(at, first + n - 1):
            order[i] = order[i + 1]
        order[first + n - 1] = card
