"""Spells in epikha: casting (rules E-02, E-05 to E-09), raising a level (E-04), the pending list and
its resolution by level (E-03), negation (E-01) and where a spell goes when it leaves (E-01, E-07).

A window (E-22) collects spells in `g.pend`; when it closes, `resolve_pending` resolves them one at a
time: the highest level first, at equal level the active player's, then the one cast first."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import record
from sim.rulesets.epikha.constants import (
    MAX_PENDING, PLAYER_C, Class, Do, Event, Field, Param, Seen, Target, Zone,
)
from sim.rulesets.epikha.effects import apply_effect, check_vitals, destroy, refresh_passives
from sim.rulesets.epikha.legal import entry_level, may_pay, valid_target
from sim.rulesets.epikha.state import (
    CS_LOST, G_ACTIVE, G_CHAIN, G_N_PENDING, G_OVER, G_SEQ, GAME, N_P, P_CARD, P_CASTER, P_EFFECT, P_LEVEL, P_SEQ,
    P_SIDE, P_TCARD, P_TSIDE, PS_HAND, PS_NEGATED, PS_RAISES, PS_SPELLS, PS_VITAL, field, in_zone, move,
    vital_of,
)


@njit(cache=True, _nrt=False)
def pay(g: np.void, p: int, payer: int, amount: int) -> None:
    """Rule E-06: the Vital paid is subtracted from the payer: until its controller's next Start for
    a character (E-10), for good from the Player card, as direct damage."""
    if payer == PLAYER_C:
        g.ps[p, PS_VITAL] -= amount
    else:
        g.cs[p, payer, CS_LOST] += amount


@njit(cache=True, _nrt=False)
def add_pending(g: np.void, p: int, card: int, caster: int, level: int, tside: int, tcard: int, effect: int) -> int:
    """Append one entry to the pending list (rule E-03); its cast number orders equals."""
    ps = g.ps
    k = ps[GAME, G_N_PENDING]
    if k >= MAX_PENDING:
        return -1
    row = g.pend[k]
    row[P_SIDE] = p
    row[P_CARD] = card
    row[P_CASTER] = caster
    row[P_LEVEL] = level
    row[P_TSIDE] = tside
    row[P_TCARD] = tcard
    row[P_SEQ] = ps[GAME, G_SEQ]
    row[P_EFFECT] = effect
    ps[GAME, G_SEQ] += 1
    ps[GAME, G_N_PENDING] = k + 1
    return k


@njit(cache=True, _nrt=False, inline="always")  # one caller, game.spell_window: a library less to optimise
def may_cast(g: np.void, p: int, spell: int, payer: int) -> bool:
    """Rules E-02, E-05, E-08: a spell or continuous spell from the hand, paid whole by one payer."""
    if g.cs[p, spell, 1] != Zone.HAND or g.ps[GAME, G_N_PENDING] >= MAX_PENDING:
        return False
    klass = field(g, p, spell, Field.CLASS)
    if klass != Class.SPELL and klass != Class.CONTINUOUS:
        return False
    return may_pay(g, p, payer, np.int64(field(g, p, spell, Field.COST)))


@njit(cache=True, _nrt=False, inline="always")  # one caller, game.spell_window: a library less to optimise
def cast(g: np.void, p: int, spell: int, payer: int, tside: int, tcard: int) -> int:
    """Rules E-02, E-06, E-09: cast `spell` from p's hand, paid by `payer`, who becomes its caster; it
    waits in the Pending Zone at its entry level (E-03) with its target (E-23). Returns its entry."""
    cost = np.int64(field(g, p, spell, Field.COST))
    pay(g, p, payer, cost)
    move(g, p, spell, Zone.PENDING)
    g.ps[p, PS_HAND] -= 1
    g.ps[p, PS_SPELLS] += 1
    d = g.cs[p, spell, 0]
    g.seen[p, d] |= Seen.PLAYED
    level = entry_level(g, p, spell, payer)
    record(g, p, Event.CAST, d, g.cs[p, payer, 0], cost * 16 + level)
    return add_pending(g, p, spell, payer, level, tside, tcard, np.int64(-1))


@njit(cache=True, _nrt=False, inline="always")  # one caller, game.spell_window: a library less to optimise
def raise_level(g: np.void, k: int) -> None:
    """Rule E-04: the spell's caster pays `raise_cost` (E-09) and its level rises by `raise_step`, never
    above `max_spell_level`; its effect, Fuerza and Resistencia stay as printed."""
    pend, par = g.pend, g.par
    p = pend[k, P_SIDE]
    pay(g, p, pend[k, P_CASTER], par[Param.RAISE_COST])
    pend[k, P_LEVEL] = min(pend[k, P_LEVEL] + par[Param.RAISE_STEP], par[Param.MAX_SPELL_LEVEL])
    g.ps[p, PS_RAISES] += 1
    record(g, p, Event.RAISE, g.cs[p, pend[k, P_CARD], 0], pend[k, P_LEVEL], par[Param.RAISE_COST])


@njit(cache=True, _nrt=False, inline="always")  # one caller, resolve_pending: a library less to optimise
def next_to_resolve(g: np.void) -> int:
    """Rule E-03: the pending entry that resolves next: the highest level; at equal level the active
    player's; between one player's equals, the one cast first."""
    pend = g.pend
    active = g.ps[GAME, G_ACTIVE]
    best = np.int64(0)  # a number: inlined, a literal 0 would compile take_pending once more for it
    for k in range(1, g.ps[GAME, G_N_PENDING]):
        a, b = pend[k], pend[best]
        if a[P_LEVEL] != b[P_LEVEL]:
            if a[P_LEVEL] > b[P_LEVEL]:
                best = k
        elif a[P_SIDE] != b[P_SIDE]:
            if a[P_SIDE] == active:
                best = k
        elif a[P_SEQ] < b[P_SEQ]:
            best = k
    return best


@njit(cache=True, _nrt=False)
def take_pending(g: np.void, k: int) -> None:
    """Remove entry k from the pending list, keeping the others in cast order."""
    n = g.ps[GAME, G_N_PENDING]
    for i in range(k, n - 1):
        for j in range(N_P):
            g.pend[i, j] = g.pend[i + 1, j]
    g.ps[GAME, G_N_PENDING] = n - 1


@njit(cache=True, _nrt=False)
def leave_pending(g: np.void, p: int, card: int, caster: int, resolved: bool) -> None:
    """Rule E-01: a simple spell goes to the Discard Zone at once; a continuous spell that resolved
    takes a place in the Magic Zone, or, with none free (E-20), is discarded and counts as destroyed.
    Rule E-07: a character that paid all its Vital is destroyed now, after the spell."""
    klass = field(g, p, card, Field.CLASS)
    if resolved and klass == Class.CONTINUOUS:
        n = 0
        m = in_zone(g, p, Zone.MAGIC)
        while m:
            m &= m - np.int64(1)
            n += 1
        if n < g.par[Param.MAGIC_ZONE_SLOTS]:
            move(g, p, card, Zone.MAGIC)
            refresh_passives(g)
        else:
            move(g, p, card, Zone.DISCARD)
            record(g, p, Event.TO_DISCARD, g.cs[p, card, 0], 0, 0)
    else:
        move(g, p, card, Zone.DISCARD)
    if caster >= 0 and caster != PLAYER_C and g.cs[p, caster, 1] != Zone.DISCARD and vital_of(g, p, caster) <= 0:
        record(g, p, Event.PAY_DESTROYED, g.cs[p, caster, 0], 0, 0)
        destroy(g, p, caster)


@njit(cache=True, _nrt=False, inline="always")  # one caller, run_effects: a library less to optimise
def negate_pending(g: np.void, p: int, seq: int, n: int) -> None:
    """Rule E-01 `negate` on a pending spell of the opponent: if its level is at most n it leaves the
    pending list without effect (a continuous spell counts as destroyed); its payer's Vital stays
    spent (E-07)."""
    q = 1 - p
    for k in range(g.ps[GAME, G_N_PENDING]):
        row = g.pend[k]
        if row[P_SEQ] == seq and row[P_SIDE] == q and row[P_EFFECT] < 0:
            if row[P_LEVEL] <= n:
                card, caster = row[P_CARD], row[P_CASTER]
                take_pending(g, k)
                g.ps[q, PS_NEGATED] += 1
                record(g, q, Event.NEGATED, g.cs[q, card, 0], p, 0)
                leave_pending(g, q, card, caster, np.bool_(False))
            return


@njit(cache=True, _nrt=False)
def run_effects(g: np.void, p: int, d: int, base: int, count: int, width: int, tside: int, tcard: int) -> None:
    """The effects of design d from column `base` (groups of `width`: do, n[, target]), in order."""
    row = g.tab[p, d]
    for k in range(count):
        if g.ps[GAME, G_OVER]:
            return
        do = row[base + width * k]
        n = np.int64(row[base + width * k + 1])  # widened once: heal_player and restore take int64 elsewhere
        kind = row[base + width * k + 2]
        if do == Do.NEGATE and kind == Target.PENDING_SPELL:
            negate_pending(g, p, tcard, n)
        else:
            apply_effect(g, p, d, do, n, kind, tside, tcard)


@njit(cache=True, _nrt=False, inline="always")  # one caller, resolve_pending: a library less to optimise
def resolve_one(g: np.void, k: int) -> None:
    """Rules E-01, E-03, E-07, E-23: entry k takes effect, or goes without effect when its target is
    gone; then it leaves the pending list (E-01) and a payer spent to 0 is destroyed (E-07); a Player
    card at 0 loses (E-34)."""
    row = g.pend[k]
    p, card, caster, level = row[P_SIDE], row[P_CARD], row[P_CASTER], row[P_LEVEL]
    tside, tcard, effect = row[P_TSIDE], row[P_TCARD], row[P_EFFECT]
    take_pending(g, k)
    g.ps[GAME, G_CHAIN] += 1
    d = g.cs[p, card, 0]
    kind = field(g, p, card, Field.TARGET)
    if effect >= 0:  # a continuous spell's on_start effect, while the spell is still in the Magic Zone
        own = field(g, p, card, Field.START + 3 * effect + 2)
        if g.cs[p, card, 1] != Zone.MAGIC or (own == kind and kind != Target.NONE
                                              and not valid_target(g, p, kind, tside, tcard)):
            record(g, p, Event.FIZZLE, d, level, g.ps[GAME, G_CHAIN])
        else:
            record(g, p, Event.RESOLVE, d, level, g.ps[GAME, G_CHAIN])
            # numbers, not literals or the table's int32: run_effects compiles once
            run_effects(g, p, d, np.int64(Field.START + 3 * effect), np.int64(1), 3, tside, tcard)
    elif kind != Target.NONE and not valid_target(g, p, kind, tside, tcard):
        record(g, p, Event.FIZZLE, d, level, g.ps[GAME, G_CHAIN])
        leave_pending(g, p, card, caster, np.bool_(False))
    else:
        record(g, p, Event.RESOLVE, d, level, g.ps[GAME, G_CHAIN])
        run_effects(g, p, d, np.int64(Field.CAST), np.int64(field(g, p, card, Field.N_CAST)), 3, tside, tcard)
        leave_pending(g, p, card, caster, np.bool_(True))
    check_vitals(g)


@njit(cache=True, _nrt=False, inline="always")  # one caller, game.spell_window: a library less to optimise
def resolve_pending(g: np.void) -> int:
    """Rule E-03: resolve the pending list, one entry at a time in level order; returns how many."""
    g.ps[GAME, G_CHAIN] = 0
    n = 0
    while g.ps[GAME, G_N_PENDING] > 0 and not g.ps[GAME, G_OVER]:
        resolve_one(g, next_to_resolve(g))
        n += 1
    return n
