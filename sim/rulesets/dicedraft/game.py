"""A dicedraft turn and its steps: the draw and re-draft, putting down, the hand limit (rules D-02 to D-06,
D-16). The game loop around them is kernels.play_game; a hard player's turn is hard.take_turn_searching."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count, lowest_bit
from sim.core.hand_and_deck import shuffle_order
from sim.core.records import record
from sim.core.rng import GOLDEN, Purpose
from sim.draft.budget import _best_deck, _count_table, _max_deck_size, _sample_deck
from sim.rulesets.dicedraft.agents import choose_discard, choose_put_down
from sim.rulesets.dicedraft.combat import combat
from sim.rulesets.dicedraft.constants import Agent, Event, Field, Param, Seen, Zone
from sim.rulesets.dicedraft.legal import attacks_open
from sim.rulesets.dicedraft.state import (
    CS_ENTERED, CS_FLAGS, G_TRACED, G_TURN, GAME, MEMO_USED, PS_BUDGET, PS_BY_COST, PS_DECK_LEN, PS_DRAFTER,
    PS_LIVES, PS_N_CARDS, PS_ORDER, PS_REDRAFTS, PS_TOP, PS_TURNS, REDRAFT_MEMO_BITS, SC_AVAILABLE, knapsack_tables,
    move, pool_mask, redraft_counts, stream, zone_mask,
)


@njit(cache=True, _nrt=False, inline="always")
def set_deck(g: np.void, side: int, deck: np.int64) -> None:
    """Put the cards of bitmask `deck` into the side's deck and shuffle it (Fisher-Yates)."""
    ps = g.ps
    n = 0
    m = deck & pool_mask(g, side)
    while m:  # its cards in pool order
        c = lowest_bit(m)
        m &= m - np.int64(1)
        move(g, side, c, Zone.DECK)
        ps[side, PS_ORDER + n] = c
        n += 1
    shuffle_order(ps[side], PS_ORDER, n, g.rng, stream(side, Purpose.SHUFFLE))
    ps[side, PS_TOP] = 0
    ps[side, PS_DECK_LEN] = n


@njit(cache=True, _nrt=False, inline="always")
def deck_cost(g: np.void, side: int, deck: np.int64) -> int:
    """Rule D-02: what the cards of bitmask `deck` cost together."""
    total = 0
    for c in range(g.ps[side, PS_N_CARDS]):
        total += g.tab[side, c, Field.COST] * ((deck >> np.int64(c)) & np.int64(1))
    return total


@njit(cache=True, _nrt=False)
def greedy_redraft(g: np.void, tables: np.ndarray, side: int, everything: np.int64, size: int, budget: int) -> np.int64:
    """Rule D-16's greedy re-draft: the most valued `size` cards of `everything` (the cards in
    g.scratch[SC_AVAILABLE]) within `budget` (sim.draft.budget._best_deck). That deck depends only on
    those three and the config's constant tables, and a side's re-drafts meet the same few sets of
    dead cards game after game: each deck is worked out once per workspace and remembered in
    g.redraft_memo, one slot per hash of the set (a clash only works a deck out again)."""
    key = everything | (np.int64(budget) << np.int64(32)) | (np.int64(size) << np.int64(48)) | MEMO_USED
    slot = np.int64((np.uint64(key) * GOLDEN) >> np.uint64(64 - REDRAFT_MEMO_BITS))
    memo = g.redraft_memo
    if memo[side, slot, 0] == key:
        return memo[side, slot, 1]
    n = g.ps[side, PS_N_CARDS]
    dp, keep = knapsack_tables(tables)
    deck = _best_deck(g.tab[side, :n, Field.COST], g.val[side, side, :n], g.scratch[SC_AVAILABLE], n, size, budget,
                      dp, keep)
    memo[side, slot, 0] = key
    memo[side, slot, 1] = deck
    return deck


@njit(cache=True, _nrt=False)
def redraft(g: np.void, tables: np.ndarray, side: int) -> None:
    """Rule D-16: with the deck exhausted, draft a new deck from the dead or used cards and the
    reserve, within the budget; 15 cards, or 14, 13... when 15 cannot fit. `tables` are the draft
    tables (state.new_draft_tables), whose re-draft scratch this uses."""
    ps = g.ps
    n = ps[side, PS_N_CARDS]
    cost = g.tab[side, :n, Field.COST]
    available = g.scratch[SC_AVAILABLE]
    discarded = zone_mask(g, side, Zone.DISCARD) & pool_mask(g, side)
    everything = discarded | (zone_mask(g, side, Zone.RESERVE) & pool_mask(g, side))
    for c in range(n):
        available[c] = (everything >> np.int64(c)) & np.int64(1)
    budget = ps[side, PS_BUDGET]
    size = _max_deck_size(cost, available, ps[side, PS_BY_COST:PS_BY_COST + n], n, g.par[Param.DECK_SIZE], budget)
    if size == 0:
        return
    if size == bit_count(everything):
        deck = everything  # every available card fits: the only deck of that size, for any drafter
    elif ps[side, PS_DRAFTER] == Agent.GREEDY:
        deck = greedy_redraft(g, tables, side, everything, size, budget)
    else:
        counts = redraft_counts(tables)
        _count_table(cost, available, n, size, budget, counts)
        deck = _sample_deck(cost, available, n, size, budget, counts, g.rng, stream(side, Purpose.DRAFT))
    while discarded:  # gathered; the new deck is taken from them below
        move(g, side, lowest_bit(discarded), Zone.RESERVE)
        discarded &= discarded - np.int64(1)
    set_deck(g, side, deck)
    ps[side, PS_REDRAFTS] += 1
    if g.ps[GAME, G_TRACED]:
        record(g, side, Event.REDRAFT, size, deck_cost(g, side, deck), budget)


@njit(cache=True, _nrt=False, inline="always")
def draw(g: np.void, tables: np.ndarray, side: int, n: int, opening: bool) -> None:
    """Rule D-04: draw n cards; an empty deck is re-drafted first (rule D-16)."""
    cs, ps = g.cs, g.ps
    for _ in range(n):
        if ps[side, PS_TOP] >= ps[side, PS_DECK_LEN]:
            redraft(g, tables, side)
            if ps[side, PS_TOP] >= ps[side, PS_DECK_LEN]:
                return  # nothing left that fits the budget: no card to draw
        card = ps[side, PS_ORDER + ps[side, PS_TOP]]
        ps[side, PS_TOP] += 1
        move(g, side, card, Zone.HAND)
        if ps[side, PS_REDRAFTS] > 0:  # card impact counts the deck the game started with apart (ANALYTICS.md)
            cs[side, card, CS_FLAGS] |= Seen.AFTER_REDRAFT
        else:
            cs[side, card, CS_FLAGS] |= Seen.OPENING if opening else Seen.DRAWN
        record(g, side, Event.DRAW, card, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def begin_turn(g: np.void, tables: np.ndarray, p: int) -> None:
    """The start of p's turn: rule D-04's draw (the first turn's draw is larger)."""
    ps, par = g.ps, g.par
    record(g, p, Event.TURN, ps[p, PS_LIVES], ps[p, PS_DECK_LEN] - ps[p, PS_TOP], ps[1 - p, PS_LIVES])
    first = ps[p, PS_TURNS] == 0
    ps[p, PS_TURNS] += 1
    draw(g, tables, p, par[Param.FIRST_TURN_DRAW] if first else par[Param.DRAW_PER_TURN], first)


@njit(cache=True, _nrt=False, inline="always")
def put_down(g: np.void, p: int, card: int) -> None:
    """Rule D-05: put `card` face down on the table, or pass (card -1)."""
    cs, ps = g.cs, g.ps
    if card < 0:
        record(g, p, Event.PASS, 0, 0, 0)
        return
    move(g, p, card, Zone.TABLE)  # face down
    cs[p, card, CS_ENTERED] = ps[GAME, G_TURN]
    cs[p, card, CS_FLAGS] |= Seen.PLAYED
    record(g, p, Event.PUT_DOWN, card, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def put_down_rest(g: np.void, p: int, start: int) -> None:
    """Rule D-05 from the `start`-th card this turn on, as the agent chooses."""
    for _ in range(start, g.par[Param.CARDS_DOWN]):
        card = choose_put_down(g, p)
        put_down(g, p, card)
        if card < 0:
            break


@njit(cache=True, _nrt=False, inline="always")
def discard_to_limit(g: np.void, p: int) -> None:
    """Hand limit (decision, rules.md): at the end of the turn, discard down to the limit."""
    limit = g.par[Param.HAND_LIMIT]
    if limit > 0:
        while bit_count(zone_mask(g, p, Zone.HAND)) > limit:
            card = choose_discard(g, p)
            move(g, p, card, Zone.DISCARD)
            record(g, p, Event.DISCARD, card, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def take_turn(g: np.void, tables: np.ndarray, p: int) -> None:
    """One turn of player p: draw (D-04), put down (D-05), attack when open (D-06, D-07), then the
    hand limit."""
    begin_turn(g, tables, p)
    put_down_rest(g, p, 0)
    if attacks_open(g):
        combat(g, p)
    discard_to_limit(g, p)


@njit(cache=True, _nrt=False)
def greedy_turn(g: np.void, tables: np.ndarray, p: int) -> None:
    """take_turn, compiled once: a random or greedy player's turn in the real game and in a hard
    player's rollouts (inlined at each call it took minutes to compile). Here, not in hard.py: a
    config where no side searches plays it without compiling the searches (kernels)."""
    take_turn(g, tables, p)
