"""What rolplay's cards do (rules R-16, R-17, R-18) and the moves between zones that effects, combat
and the phases share: drawing (R-05, R-07), losing and gaining life, a creature or amulet leaving
play, the end of the game (R-04)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count
from sim.core.records import record
from sim.core.rng import below
from sim.rulesets.rolplay.constants import N_CARDS, Do, End, Event, Param, Seen, Zone
from sim.rulesets.rolplay.state import (
    CS_AMULET_DEF, CS_ATQ_BOOST, CS_DAMAGE, CS_DEF_BOOST, CS_DESIGN, CS_LINK, CS_PLACE, CS_TAP_UNTIL, G_ACTIVE,
    G_END, G_OVER, G_TURN, G_WINNER, GAME, PS_ALLDEF_BONUS, PS_ALLDEF_UNTIL, PS_CREATURES, PS_HAND, PS_LIFE,
    PS_ORDER, PS_PENDING, PS_PLACE, PS_POWER, PS_POWERS, PS_TOP, PS_UNMYSTIC_UNTIL, ST_EFFECT, def_of,
    figures_changed, in_zone, lowest_bit, move,
)

# ps[p, PS_PENDING + ...]: the 2002 variant's effects waiting for the start of p's turn
PEND_TAP_CREATURES = 0  # count, then its turns at + 1
PEND_TAP_POWERS = 2  # count, then its turns at + 1
PEND_DESTROY_CREATURES = 4
PEND_DESTROY_POWERS = 5
PEND_DESTROY_AMULETS = 6


@njit(cache=True, _nrt=False)
def end_game(g: np.void, winner: int, end: int) -> None:
    ps = g.ps
    if ps[GAME, G_OVER]:
        return
    ps[GAME, G_OVER] = 1
    ps[GAME, G_WINNER] = winner
    ps[GAME, G_END] = end
    record(g, winner, Event.END, winner, end, 0)


@njit(cache=True, _nrt=False)
def check_life(g: np.void) -> None:
    """Rule R-04: a player whose life reaches 0 loses."""
    ps = g.ps
    dead0 = ps[0, PS_LIFE] <= 0
    dead1 = ps[1, PS_LIFE] <= 0
    if dead0 or dead1:
        end_game(g, np.int64(-1) if dead0 and dead1 else np.int64(1 if dead0 else 0), End.LIFE)


@njit(cache=True, _nrt=False)
def lose_life(g: np.void, p: int, n: int) -> None:
    if n <= 0:
        return
    g.ps[p, PS_LIFE] -= n
    record(g, p, Event.LIFE, n, g.ps[p, PS_LIFE], 0)
    check_life(g)


@njit(cache=True, _nrt=False)
def heal(g: np.void, p: int, n: int) -> None:
    g.ps[p, PS_LIFE] += n
    record(g, p, Event.HEAL, n, g.ps[p, PS_LIFE], 0)


@njit(cache=True, _nrt=False, inline="always")  # into start_turn, setup_game and the draw effect (22 calls a game)
def draw_card(g: np.void, p: int, opening: bool) -> None:
    """Rules R-05, R-07: the top card of the deck to the hand; into a full hand it is burned. Rule
    R-04 (decision): the player whose deck reaches zero cards loses at once."""
    ps = g.ps
    if ps[p, PS_TOP] >= N_CARDS:
        return
    c = ps[p, PS_ORDER + ps[p, PS_TOP]]
    ps[p, PS_TOP] += 1
    d = g.cs[p, c, CS_DESIGN]
    g.seen[p, d] |= Seen.OPENING if opening else Seen.DRAWN
    if ps[p, PS_HAND] >= g.par[Param.HAND_MAX]:
        move(g, p, c, Zone.GONE)
        record(g, p, Event.BURN_DRAW, d, 0, 0)
    else:
        move(g, p, c, Zone.HAND)
        ps[p, PS_HAND] += 1
        record(g, p, Event.DRAW, d, 0, 0)
    if ps[p, PS_TOP] >= N_CARDS:
        end_game(g, np.int64(1 - p), End.DECK_OUT)


@njit(cache=True, _nrt=False)
def burn_amulet(g: np.void, p: int, a: int, event: int) -> None:
    """Rule R-06: the amulet leaves play and takes its benefits from its creature, which cannot die
    of it: without them its defense left is at least min_def_without_amulet."""
    cs = g.cs
    holder = cs[p, a, CS_LINK] - 1
    move(g, p, a, Zone.GONE)
    cs[p, a, CS_LINK] = 0
    record(g, p, event, cs[p, a, CS_DESIGN], 0, 0)
    if holder >= 0:
        cs[p, holder, CS_LINK] = 0
        cs[p, holder, CS_AMULET_DEF] = 0
        figures_changed(g, p, holder)
        floor = g.par[Param.MIN_DEF_WITHOUT_AMULET]
        most = def_of(g, p, holder) - floor
        if cs[p, holder, CS_DAMAGE] > most:
            cs[p, holder, CS_DAMAGE] = max(most, 0)


@njit(cache=True, _nrt=False)
def remove_creature(g: np.void, p: int, c: int, event: int) -> None:
    """A creature leaves play (dies, is destroyed, burned by a replacement): its place is free and
    its amulet burns with it (R-11)."""
    cs, ps = g.cs, g.ps
    a = cs[p, c, CS_LINK] - 1
    if a >= 0:
        cs[p, c, CS_LINK] = 0
        cs[p, a, CS_LINK] = 0
        move(g, p, a, Zone.GONE)
        record(g, p, Event.BURNED, cs[p, a, CS_DESIGN], 0, 0)
    ps[p, PS_PLACE + cs[p, c, CS_PLACE]] = 0
    ps[p, PS_CREATURES] -= 1
    move(g, p, c, Zone.GONE)
    record(g, p, event, cs[p, c, CS_DESIGN], 0, 0)


@njit(cache=True, _nrt=False)
def remove_power(g: np.void, p: int, c: int, event: int) -> None:
    move(g, p, c, Zone.GONE)
    g.ps[p, PS_POWERS] -= 1
    record(g, p, event, g.cs[p, c, CS_DESIGN], 0, 0)


@njit(cache=True, _nrt=False)
def nth_bit(mask: np.int64, n: int) -> np.int64:
    """The card of the n-th lowest set bit of a mask (n from 0)."""
    for _ in range(n):
        mask &= mask - np.int64(1)
    return lowest_bit(mask)


@njit(cache=True, _nrt=False)
def tap_until(g: np.void, q: int, turns: int) -> int:
    """Rule R-17 (decision): a card of q tapped now stays tapped through q's next `turns` turns (the
    rest of this turn included), so it skips its owner's next untap."""
    turn = g.ps[GAME, G_TURN]
    return turn + 2 * turns + (1 if q == g.ps[GAME, G_ACTIVE] else 0)


@njit(cache=True, _nrt=False)
def tap_random(g: np.void, caster: int, q: int, zone: int, n: int, turns: int) -> int:
    """Rules R-08, R-10, R-17: n of q's untapped cards in `zone`, picked at random on the caster's
    effect stream, are tapped for `turns`. Returns how many were."""
    cs = g.cs
    turn = g.ps[GAME, G_TURN]
    untapped = np.int64(0)
    m = in_zone(g, q, zone)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if cs[q, c, CS_TAP_UNTIL] <= turn:
            untapped |= np.int64(1) << c
    done = 0
    until = tap_until(g, q, turns)
    for _ in range(n):
        k = bit_count(untapped)
        if k == 0:
            break
        c = nth_bit(untapped, below(g.rng, caster * 3 + ST_EFFECT, k))
        untapped &= ~(np.int64(1) << c)
        cs[q, c, CS_TAP_UNTIL] = until
        record(g, q, Event.TAPPED, cs[q, c, CS_DESIGN], 0, 0)
        done += 1
    return done


@njit(cache=True, _nrt=False)
def destroy_random(g: np.void, caster: int, q: int, zone: int, n: int) -> int:
    """Rules R-08, R-10, R-17: n of q's cards in `zone`, picked at random on the caster's effect
    stream, are destroyed (a creature takes its amulet with it; an amulet's creature loses what it
    gave, R-06). Returns how many were."""
    done = 0
    for _ in range(n):
        m = in_zone(g, q, zone)
        k = bit_count(m)
        if k == 0:
            break
        c = nth_bit(m, below(g.rng, caster * 3 + ST_EFFECT, k))
        if zone == Zone.CREATURE:
            remove_creature(g, q, c, Event.DESTROYED)
        elif zone == Zone.POWER:
            remove_power(g, q, c, Event.DESTROYED)
        else:
            burn_amulet(g, q, c, Event.DESTROYED)
        done += 1
    return done


@njit(cache=True, _nrt=False)
def apply_pending(g: np.void, q: int) -> None:
    """Rule R-20 (the 2002 variant): the tap and destroy effects cast at q during the opponent's turn
    land now, at the start of q's turn, tapping through this turn."""
    ps = g.ps
    base = PS_PENDING
    caster = 1 - q
    if ps[q, base + PEND_TAP_CREATURES]:
        tap_random(g, caster, q, Zone.CREATURE, ps[q, base + PEND_TAP_CREATURES], ps[q, base + PEND_TAP_CREATURES + 1])
    if ps[q, base + PEND_TAP_POWERS]:
        tap_random(g, caster, q, Zone.POWER, ps[q, base + PEND_TAP_POWERS], ps[q, base + PEND_TAP_POWERS + 1])
    if ps[q, base + PEND_DESTROY_CREATURES]:
        destroy_random(g, caster, q, Zone.CREATURE, ps[q, base + PEND_DESTROY_CREATURES])
    if ps[q, base + PEND_DESTROY_POWERS]:
        destroy_random(g, caster, q, Zone.POWER, ps[q, base + PEND_DESTROY_POWERS])
    if ps[q, base + PEND_DESTROY_AMULETS]:
        destroy_random(g, caster, q, Zone.AMULET, ps[q, base + PEND_DESTROY_AMULETS])
    for k in range(7):
        ps[q, base + k] = 0


@njit(cache=True, _nrt=False)
def queue_pending(g: np.void, q: int, slot: int, n: int, turns: int) -> None:
    ps = g.ps
    ps[q, PS_PENDING + slot] += n
    if slot == PEND_TAP_CREATURES or slot == PEND_TAP_POWERS:
        ps[q, PS_PENDING + slot + 1] = max(ps[q, PS_PENDING + slot + 1], turns, 1)


@njit(cache=True, _nrt=False)
def apply_effect(g: np.void, p: int, src: int, do: int, n: int, turns: int) -> None:
    """One effect of p's card instance `src` (rule R-17's vocabulary, cards.VERBS): boosts last as
    long as the card that received them; taps, all_defenders and unmystic last `turns` (R-17
    decision); destroy and tap effects pick at random (R-08, R-10) and, in the 2002 variant, land at
    the start of the opponent's turn (R-20)."""
    cs, ps = g.cs, g.ps
    q = 1 - p
    later = g.par[Param.EFFECTS_AT_OPPONENT_START] != 0
    reached = n
    if do == Do.SELF_ATQ:
        cs[p, src, CS_ATQ_BOOST] += n
        figures_changed(g, p, src)
    elif do == Do.SELF_DEF:
        cs[p, src, CS_DEF_BOOST] += n
        figures_changed(g, p, src)
    elif do == Do.HOLDER_DEF:
        holder = cs[p, src, CS_LINK] - 1
        if holder >= 0:
            cs[p, holder, CS_AMULET_DEF] += n
            figures_changed(g, p, holder)
    elif do == Do.HEAL:
        heal(g, p, n)
    elif do == Do.DAMAGE:
        lose_life(g, q, n)
    elif do == Do.LOSE_LIFE:
        lose_life(g, p, n)
    elif do == Do.DRAW:
        for _ in range(n):
            if ps[GAME, G_OVER]:
                break
            draw_card(g, p, np.bool_(False))
    elif do == Do.ADD_POWER:
        ps[p, PS_POWER] = min(ps[p, PS_POWER] + n, g.par[Param.POWER_POINTS_MAX])
    elif do == Do.TAP_CREATURES:
        if later:
            queue_pending(g, q, np.int64(PEND_TAP_CREATURES), n, turns)  # the slot not a literal: one compile
        else:
            reached = tap_random(g, p, q, Zone.CREATURE, n, turns)
    elif do == Do.TAP_POWERS:
        if later:
            queue_pending(g, q, np.int64(PEND_TAP_POWERS), n, turns)
        else:
            reached = tap_random(g, p, q, Zone.POWER, n, turns)
    elif do == Do.DESTROY_CREATURES:
        if later:
            queue_pending(g, q, np.int64(PEND_DESTROY_CREATURES), n, np.int64(0))
        else:
            reached = destroy_random(g, p, q, Zone.CREATURE, n)
    elif do == Do.DESTROY_POWERS:
        if later:
            queue_pending(g, q, np.int64(PEND_DESTROY_POWERS), n, np.int64(0))
        else:
            reached = destroy_random(g, p, q, Zone.POWER, n)
    elif do == Do.DESTROY_AMULETS:
        if later:
            queue_pending(g, q, np.int64(PEND_DESTROY_AMULETS), n, np.int64(0))
        else:
            reached = destroy_random(g, p, q, Zone.AMULET, n)
    elif do == Do.ALL_ATQ or do == Do.ALL_DEF:
        m = in_zone(g, p, Zone.CREATURE)
        reached = 0
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            cs[p, c, CS_ATQ_BOOST if do == Do.ALL_ATQ else CS_DEF_BOOST] += n
            figures_changed(g, p, c)
            reached += 1
    elif do == Do.ALL_DEFENDERS:
        ps[p, PS_ALLDEF_UNTIL] = tap_until(g, p, turns)
        ps[p, PS_ALLDEF_BONUS] = n
    elif do == Do.UNMYSTIC:
        ps[q, PS_UNMYSTIC_UNTIL] = tap_until(g, q, turns)
    record(g, p, Event.EFFECT, do, n, reached)
