"""Moving cards between zones: the deck and the draw, the hand, the field, lands, the discard pile.

Every move goes through these functions so the per-player counts (hand, units, supports, lands)
always agree with the zones (card conservation, state.conservation_errors).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.forced_draw import force_card
from sim.core.hand_and_deck import shuffle_order
from sim.core.records import record
from sim.rulesets.fortaleza.constants import N_DECK, N_DESIGNS, Event, Field, Kind, Seen, Zone
from sim.rulesets.fortaleza.state import (
    CS_ARMOUR, CS_BEARER, CS_BLOCKED_BY, CS_BLOCKING, CS_DAMAGE, CS_FLAGS, CS_WEAPON, CS_ZONE, G_TURN, GAME, N_CS,
    PS_FORCED, PS_HAND, PS_LAND_TURN, PS_LANDS, PS_ENERGY, PS_ORDER, PS_SUPPORTS, PS_TOP, PS_UNITS, ST_SHUFFLE, in_zone,
    lowest_bit, move, refresh_equipment, res_of,
)


@njit(cache=True, _nrt=False)
def shuffle_deck(g: np.void, side: int) -> None:
    """Every non-land card of the side that is in the deck or the hand goes to a freshly shuffled deck
    (rule F-02 at the start, rule F-04 for a mulligan). Fisher-Yates on the side's shuffle stream."""
    tab, cs, ps, rng = g.tab, g.cs, g.ps, g.rng
    n = 0
    for c in range(N_DESIGNS):
        z = cs[side, c, CS_ZONE]
        if tab[side, c, Field.KIND] != Kind.LAND and (z == Zone.DECK or z == Zone.HAND):
            if z == Zone.HAND:
                ps[side, PS_HAND] -= 1
            move(cs, ps, side, c, Zone.DECK)
            ps[side, PS_ORDER + n] = c
            n += 1
    shuffle_order(ps[side], PS_ORDER, n, rng, side * 2 + ST_SHUFFLE)
    ps[side, PS_TOP] = N_DECK - n  # a deck of n cards occupies the last n positions
    if n < N_DECK:  # move the order to the end so TOP counts the cards gone
        for i in range(n - 1, -1, -1):
            ps[side, PS_ORDER + N_DECK - n + i] = ps[side, PS_ORDER + i]
    # the forced-draw effect: after every shuffle (the first and each mulligan's), see rules.md
    force_card(ps[side], PS_ORDER + N_DECK - n, n, ps[side, PS_FORCED])


@njit(cache=True, _nrt=False)
def draw_card(g: np.void, side: int, flag: int) -> bool:
    """Draw the top card; False when the deck is empty (the caller applies rule F-06)."""
    cs, ps = g.cs, g.ps
    top = ps[side, PS_TOP]
    if top >= N_DECK:
        return False
    c = ps[side, PS_ORDER + top]
    ps[side, PS_TOP] = top + 1
    move(cs, ps, side, c, Zone.HAND)
    cs[side, c, CS_FLAGS] |= flag
    ps[side, PS_HAND] += 1
    record(g, side, Event.DRAW, c, 0, 0)
    return True


@njit(cache=True, _nrt=False)
def deck_left(g: np.void, side: int) -> int:
    ps = g.ps
    return N_DECK - ps[side, PS_TOP]


@njit(cache=True, _nrt=False)
def place_land(g: np.void, side: int, land: int) -> None:
    """Rule F-07: a land from the reserve, free, untapped (so it gives energy at once, F-08)."""
    cs, ps = g.cs, g.ps
    move(cs, ps, side, land, Zone.LAND)
    cs[side, land, CS_FLAGS] |= Seen.PLAYED
    ps[side, PS_LANDS] += 1
    ps[side, PS_ENERGY] += 1
    ps[side, PS_LAND_TURN] = ps[GAME, G_TURN] + 1
    record(g, side, Event.LAND, land, ps[side, PS_LANDS], 0)


@njit(cache=True, _nrt=False)
def clear_field_state(g: np.void, side: int, c: int) -> None:
    """Forget everything a card had on the field (damage, boosts, links); keep its zone and flags."""
    cs = g.cs
    for k in range(2, N_CS):
        cs[side, c, k] = 0


@njit(cache=True, _nrt=False)
def _unit_leaves(g: np.void, side: int, c: int) -> None:
    """Unit c goes to the discard pile, undoing every link to it (rule F-17: its equipment stays in
    its support; rule F-23: an attacker it blocked stays blocked)."""
    cs, ps = g.cs, g.ps
    ps[side, PS_UNITS] -= 1
    for slot in (CS_WEAPON, CS_ARMOUR):
        e = cs[side, c, slot] - 1
        if e >= 0:
            cs[side, e, CS_BEARER] = 0
    opp = 1 - side
    blocked = cs[side, c, CS_BLOCKING] - 1
    if blocked >= 0:
        cs[opp, blocked, CS_BLOCKED_BY] = 0
    blocker = cs[side, c, CS_BLOCKED_BY] - 1
    if blocker >= 0:
        cs[opp, blocker, CS_BLOCKING] = 0
    move(cs, ps, side, c, Zone.DISCARD)
    clear_field_state(g, side, c)


@njit(cache=True, _nrt=False, inline="always")  # into remove_dead and refresh_bearer: most calls find the unit alive
def destroy_if_lethal(g: np.void, side: int, u: int) -> bool:
    """Rule F-22, state-based: a unit on the field whose damage is at least its RES goes to the
    discard pile, whatever made that hold (damage marked, an armour lost, a boost gone). True when
    it went."""
    cs = g.cs
    if cs[side, u, CS_ZONE] != Zone.UNIT or cs[side, u, CS_DAMAGE] < res_of(g, side, u):
        return False
    record(g, side, Event.DIES, u, 0, 0)
    _unit_leaves(g, side, u)
    return True


@njit(cache=True, _nrt=False)
def refresh_bearer(g: np.void, side: int, u: int) -> None:
    """One of unit u's equipment links changed: work out again what its equipment adds (rule F-17),
    and if its RES fell to its damage or below, it goes to the discard pile now (rule F-22)."""
    refresh_equipment(g, side, u)
    destroy_if_lethal(g, side, u)


@njit(cache=True, _nrt=False)
def leave_field(g: np.void, side: int, c: int) -> None:
    """A unit or support goes to the discard pile, undoing every link to it (rule F-17: equipment
    stays in its support when its bearer dies; a blocked attacker stays blocked, rule F-23). An
    equipment's bearer loses what it added and goes too if its damage now reaches its RES (F-22)."""
    cs, ps = g.cs, g.ps
    z = cs[side, c, CS_ZONE]
    if z == Zone.UNIT:
        _unit_leaves(g, side, c)
        return
    bearer = -1
    if z == Zone.SUPPORT:
        ps[side, PS_SUPPORTS] -= 1
        bearer = cs[side, c, CS_BEARER] - 1
        if bearer >= 0:
            if cs[side, bearer, CS_WEAPON] == c + 1:
                cs[side, bearer, CS_WEAPON] = 0
            if cs[side, bearer, CS_ARMOUR] == c + 1:
                cs[side, bearer, CS_ARMOUR] = 0
    move(cs, ps, side, c, Zone.DISCARD)
    clear_field_state(g, side, c)
    if bearer >= 0:  # after the equipment is gone: the trace says it is destroyed, then the bearer dies
        refresh_bearer(g, side, bearer)


@njit(cache=True, _nrt=False)
def discard_from_hand(g: np.void, side: int, c: int) -> None:
    cs, ps = g.cs, g.ps
    move(cs, ps, side, c, Zone.DISCARD)
    ps[side, PS_HAND] -= 1
    record(g, side, Event.DISCARD, c, 0, 0)


@njit(cache=True, _nrt=False)
def controls_name(g: np.void, side: int, c: int) -> bool:
    """Rule F-12 (Único): a unit with this card's name is already under the side's control."""
    tab, ps = g.tab, g.ps
    name = tab[side, c, Field.NAME_ID]
    units = in_zone(ps, side, Zone.UNIT)
    while units:
        u = lowest_bit(units)
        units &= units - 1
        if tab[side, u, Field.NAME_ID] == name:
            return True
    return False
