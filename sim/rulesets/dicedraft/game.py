"""One game of dicedraft from drafted decks to the last turn (rules D-01 to D-06, D-16)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count
from sim.core.rng import Purpose, below
from sim.draft.budget import _best_deck, _count_table, _max_deck_size, _sample_deck
from sim.rulesets.dicedraft.agents import choose_discard, choose_put_down
from sim.rulesets.dicedraft.combat import combat
from sim.rulesets.dicedraft.constants import Agent, End, Event, Field, Param, Seen, Zone
from sim.rulesets.dicedraft.state import (
    CS_ENTERED, CS_FLAGS, CS_ZONE, G_TURN, GAME, PS_BUDGET, PS_BY_COST, PS_DECK_LEN, PS_DRAFTER, PS_LIVES, PS_N_CARDS,
    PS_ORDER, PS_REDRAFTS, PS_TOP, PS_TURNS, SC_AVAILABLE, move, record, stream, zone_mask,
)


@njit(cache=True, _nrt=False, inline="always")
def set_deck(cs: np.ndarray, ps: np.ndarray, rng: np.ndarray, side: int, deck: np.int64) -> None:
    """Put the cards of bitmask `deck` into the side's deck and shuffle it (Fisher-Yates)."""
    n = 0
    for c in range(ps[side, PS_N_CARDS]):
        if (deck >> np.int64(c)) & np.int64(1):
            move(cs, ps, side, c, Zone.DECK)
            ps[side, PS_ORDER + n] = c
            n += 1
    s = stream(side, Purpose.SHUFFLE)
    for i in range(n - 1, 0, -1):
        j = below(rng, s, i + 1)
        tmp = ps[side, PS_ORDER + i]
        ps[side, PS_ORDER + i] = ps[side, PS_ORDER + j]
        ps[side, PS_ORDER + j] = tmp
    ps[side, PS_TOP] = 0
    ps[side, PS_DECK_LEN] = n


@njit(cache=True, _nrt=False)
def redraft(tab: np.ndarray, val: np.ndarray, par: np.ndarray, ws: tuple, side: int, tr: np.ndarray) -> None:
    """Rule D-16: with the deck exhausted, draft a new deck from the dead or used cards and the
    reserve, within the budget; 15 cards, or 14, 13... when 15 cannot fit."""
    cs, ps, rng, _, scratch, _, dp, keep, counts, _ = ws
    n = ps[side, PS_N_CARDS]
    cost = tab[side, :n, Field.COST]
    available = scratch[SC_AVAILABLE]
    for c in range(n):
        zone = cs[side, c, CS_ZONE]
        available[c] = 1 if zone == Zone.DISCARD or zone == Zone.RESERVE else 0
    budget = ps[side, PS_BUDGET]
    size = _max_deck_size(cost, available, ps[side, PS_BY_COST:PS_BY_COST + n], n, par[Param.DECK_SIZE], budget)
    if size == 0:
        return
    n_available = 0
    everything = np.int64(0)
    for c in range(n):
        if available[c]:
            n_available += 1
            everything |= np.int64(1) << np.int64(c)
    if size == n_available:
        deck = everything  # every available card fits: the only deck of that size, for any drafter
    elif ps[side, PS_DRAFTER] == Agent.GREEDY:
        deck = _best_deck(cost, val[side, side, :n], available, n, size, budget, dp, keep)
    else:
        _count_table(cost, available, n, size, budget, counts)
        deck = _sample_deck(cost, available, n, size, budget, counts, rng, stream(side, Purpose.DRAFT))
    for c in range(n):
        if cs[side, c, CS_ZONE] == Zone.DISCARD:
            move(cs, ps, side, c, Zone.RESERVE)  # gathered; the new deck is taken from them below
    set_deck(cs, ps, rng, side, deck)
    ps[side, PS_REDRAFTS] += 1
    total = 0
    for c in range(n):
        if (deck >> np.int64(c)) & np.int64(1):
            total += cost[c]
    record(tr, ps, side, Event.REDRAFT, size, total, budget)


@njit(cache=True, _nrt=False, inline="always")
def draw(tab: np.ndarray, val: np.ndarray, par: np.ndarray, ws: tuple, side: int, n: int, opening: bool,
         tr: np.ndarray) -> None:
    """Rule D-04: draw n cards; an empty deck is re-drafted first (rule D-16)."""
    cs, ps = ws[0], ws[1]
    for _ in range(n):
        if ps[side, PS_TOP] >= ps[side, PS_DECK_LEN]:
            redraft(tab, val, par, ws, side, tr)
            if ps[side, PS_TOP] >= ps[side, PS_DECK_LEN]:
                return  # nothing left that fits the budget: no card to draw
        card = ps[side, PS_ORDER + ps[side, PS_TOP]]
        ps[side, PS_TOP] += 1
        move(cs, ps, side, card, Zone.HAND)
        if ps[side, PS_REDRAFTS] > 0:  # card impact counts the deck the game started with apart (ANALYTICS.md)
            cs[side, card, CS_FLAGS] |= Seen.AFTER_REDRAFT
        else:
            cs[side, card, CS_FLAGS] |= Seen.OPENING if opening else Seen.DRAWN
        record(tr, ps, side, Event.DRAW, card, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def attacks_open(par: np.ndarray, ps: np.ndarray) -> bool:
    """Rule D-06: attacks are open to both once the second player begins their third turn."""
    return ps[GAME, G_TURN] >= par[Param.ATTACK_FROM_TURN]


@njit(cache=True, _nrt=False, inline="always")
def take_turn(tab: np.ndarray, val: np.ndarray, w: np.ndarray, par: np.ndarray, ws: tuple, p: int,
              tr: np.ndarray) -> None:
    """One turn of player p: draw (D-04), put down (D-05), attack when open (D-06, D-07)."""
    cs, ps, rng = ws[0], ws[1], ws[2]
    record(tr, ps, p, Event.TURN, ps[p, PS_LIVES], ps[p, PS_DECK_LEN] - ps[p, PS_TOP], ps[1 - p, PS_LIVES])
    first = ps[p, PS_TURNS] == 0
    ps[p, PS_TURNS] += 1
    draw(tab, val, par, ws, p, par[Param.FIRST_TURN_DRAW] if first else par[Param.DRAW_PER_TURN], first, tr)
    for _ in range(par[Param.CARDS_DOWN]):
        card = choose_put_down(tab, val, cs, ps, rng, p)
        if card < 0:
            record(tr, ps, p, Event.PASS, 0, 0, 0)
            break
        move(cs, ps, p, card, Zone.TABLE)  # face down
        cs[p, card, CS_ENTERED] = ps[GAME, G_TURN]
        cs[p, card, CS_FLAGS] |= Seen.PLAYED
        record(tr, ps, p, Event.PUT_DOWN, card, 0, 0)
    if attacks_open(par, ps):
        combat(tab, val, w, par, ws, p, tr)
    limit = par[Param.HAND_LIMIT]
    if limit > 0:
        while bit_count(zone_mask(ps, p, Zone.HAND)) > limit:
            card = choose_discard(val, cs, ps, rng, p)
            move(cs, ps, p, card, Zone.DISCARD)
            record(tr, ps, p, Event.DISCARD, card, 0, 0)


@njit(cache=True, _nrt=False)
def play_game(tab: np.ndarray, val: np.ndarray, w: np.ndarray, par: np.ndarray, ws: tuple, first: int, lives: int,
              tr: np.ndarray) -> tuple:
    """Play from shuffled decks to the end. Returns (winner side or -1 for a draw, end reason, turns).

    Rule D-01: lives start at `lives`; a player whose lives reach 0 loses. Only the defender loses
    lives in a combat, so one combat never ends with both at 0. The turn cap (decision) is a draw."""
    ps = ws[1]
    ps[0, PS_LIVES] = lives
    ps[1, PS_LIVES] = lives
    ps[GAME, G_TURN] = 0
    active = first
    cap = par[Param.TURN_CAP]
    while ps[GAME, G_TURN] < cap:
        take_turn(tab, val, w, par, ws, active, tr)
        ps[GAME, G_TURN] += 1
        if ps[1 - active, PS_LIVES] <= 0:
            record(tr, ps, active, Event.END, active, End.LIVES, 0)
            return active, End.LIVES, ps[GAME, G_TURN]
        active = 1 - active
    record(tr, ps, -1, Event.END, -1, End.TURN_CAP, 0)
    return -1, End.TURN_CAP, ps[GAME, G_TURN]
