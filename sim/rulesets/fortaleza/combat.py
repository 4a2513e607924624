"""Combat (rule F-19 steps 3 to 6; rules F-20 to F-23, F-33, F-34): a response window, attackers,
responses, blockers, responses, simultaneous damage, and a last window."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rulesets.fortaleza.agents import can_attack, choose_blocker, lethal_swing, strongest, wants_to_attack
from sim.rulesets.fortaleza.chain import window
from sim.rulesets.fortaleza.constants import Agent, Event, Keyword, On, Param, Step, Zone
from sim.rulesets.fortaleza.effects import check_fortresses, damage_fortress, damage_unit, fire_triggers, remove_dead
from sim.rulesets.fortaleza.state import (
    CS_ATTACKING, CS_BLOCKED_BY, CS_BLOCKING, CS_DAMAGE, CS_PENDING, CS_PROT, CS_TAPPED, CS_WAS_BLOCKED, CS_ZONE,
    G_ACTIVE, G_OVER, G_STEP, GAME, PS_AGENT, PS_FORT, PS_FPROT, atq_of, in_zone, keywords_of, lowest_bit, record,
    res_of,
)


@njit(cache=True, _nrt=False)
def attack_with(tab: np.ndarray, cs: np.ndarray, ps: np.ndarray, p: int, u: int, tr: np.ndarray) -> None:
    """Unit u attacks: exhausted by it (rule F-21) unless Vigilancia (rule F-32)."""
    cs[p, u, CS_ATTACKING] = 1
    if not keywords_of(tab, cs, p, u) & Keyword.VIGILANCIA:
        cs[p, u, CS_TAPPED] = 1
    record(tr, ps, p, Event.ATTACK, u, atq_of(tab, cs, p, u), 0)


@njit(cache=True, _nrt=False)
def block_with(cs: np.ndarray, ps: np.ndarray, d: int, b: int, a: int, tr: np.ndarray) -> None:
    """Unit b of the defender blocks attacker a (rule F-22); blocking does not exhaust (F-21)."""
    cs[d, b, CS_BLOCKING] = a + 1
    cs[1 - d, a, CS_BLOCKED_BY] = b + 1
    cs[1 - d, a, CS_WAS_BLOCKED] = 1
    record(tr, ps, d, Event.BLOCK, b, a, 0)


@njit(cache=True, _nrt=False, inline="always")  # the combat steps are inlined into combat, their one caller
def declare_attackers(tab: np.ndarray, par: np.ndarray, w: np.ndarray, ws: tuple, tr: np.ndarray) -> int:
    """The active player's attackers (rules F-20, F-21, F-32). Returns how many attack."""
    cs, ps = ws[0], ws[1]
    p = ps[GAME, G_ACTIVE]
    all_in = ps[p, PS_AGENT] == Agent.GREEDY and lethal_swing(tab, cs, ps, p)
    n = 0
    attackers = np.int64(0)
    m = in_zone(ps, p, Zone.UNIT)
    while m:
        u = lowest_bit(m)
        m &= m - 1
        if not can_attack(tab, cs, ps, p, u):
            continue
        if all_in or wants_to_attack(tab, cs, ps, w, ws[2], p, u):
            attack_with(tab, cs, ps, p, u, tr)
            attackers |= np.int64(1) << u
            n += 1
    while attackers:
        u = lowest_bit(attackers)
        attackers &= attackers - 1
        if cs[p, u, CS_ZONE] == Zone.UNIT:
            fire_triggers(tab, par, w, ws, p, u, On.ATTACK, tr)  # rule F-28
    return n


@njit(cache=True, _nrt=False, inline="always")
def declare_blockers(tab: np.ndarray, par: np.ndarray, w: np.ndarray, ws: tuple, tr: np.ndarray) -> None:
    """The defender assigns blockers (rules F-21, F-22, F-33), biggest attackers first."""
    cs, ps = ws[0], ws[1]
    a_side = ps[GAME, G_ACTIVE]
    d = 1 - a_side
    incoming = 0
    waiting = np.int64(0)  # attackers not yet considered
    m = in_zone(ps, a_side, Zone.UNIT)
    while m:
        a = lowest_bit(m)
        m &= m - 1
        if cs[a_side, a, CS_ATTACKING]:
            incoming += atq_of(tab, cs, a_side, a)
            waiting |= np.int64(1) << a
    desperate = incoming >= ps[d, PS_FORT] + ps[d, PS_FPROT]
    while waiting:
        best = strongest(tab, cs, a_side, waiting)
        best_atq = atq_of(tab, cs, a_side, best)
        waiting &= ~(np.int64(1) << best)
        b = choose_blocker(tab, cs, ps, w, ws[2], d, best, desperate)
        if b >= 0:
            block_with(cs, ps, d, b, best, tr)
            incoming -= best_atq
            desperate = incoming >= ps[d, PS_FORT] + ps[d, PS_FPROT]


@njit(cache=True, _nrt=False)
def combat_damage(tab: np.ndarray, par: np.ndarray, ws: tuple, tr: np.ndarray) -> None:
    """Rules F-22, F-23, F-34: every fight deals its damage at the same time; unblocked attackers hit
    the Fortaleza; a blocked attacker hits it only with Arrollar, and only the excess over lethal."""
    cs, ps = ws[0], ws[1]
    a_side = ps[GAME, G_ACTIVE]
    d = 1 - a_side
    to_fortress = 0
    m = in_zone(ps, a_side, Zone.UNIT)
    while m:
        a = lowest_bit(m)
        m &= m - 1
        if not cs[a_side, a, CS_ATTACKING]:
            continue
        atq = atq_of(tab, cs, a_side, a)
        trample = (keywords_of(tab, cs, a_side, a) & Keyword.ARROLLAR) != 0
        if not cs[a_side, a, CS_WAS_BLOCKED]:
            to_fortress += atq
            continue
        b = cs[a_side, a, CS_BLOCKED_BY] - 1
        if b < 0:  # rule F-23: the blocker left; only Arrollar reaches the Fortaleza
            if trample:
                to_fortress += atq
            continue
        cs[d, b, CS_PENDING] += atq
        cs[a_side, a, CS_PENDING] += atq_of(tab, cs, d, b)
        if trample:  # rule F-34; Protección counts towards lethal (decision, param)
            lethal = max(0, res_of(tab, cs, d, b) - cs[d, b, CS_DAMAGE])
            if par[Param.TRAMPLE_PAST_PROTECTION]:
                lethal += cs[d, b, CS_PROT]
            to_fortress += max(0, atq - lethal)
    for side in range(2):
        m = in_zone(ps, side, Zone.UNIT)
        while m:
            u = lowest_bit(m)
            m &= m - 1
            dealt = cs[side, u, CS_PENDING]
            if dealt > 0:
                cs[side, u, CS_PENDING] = 0
                damage_unit(tab, cs, ps, side, u, dealt, tr)
    if to_fortress > 0:
        damage_fortress(ps, d, to_fortress, tr)
    remove_dead(tab, cs, ps, tr)
    check_fortresses(ps, tr)


@njit(cache=True, _nrt=False, inline="always")
def end_combat(cs: np.ndarray, ps: np.ndarray) -> None:
    for side in range(2):
        m = in_zone(ps, side, Zone.UNIT)
        while m:
            u = lowest_bit(m)
            m &= m - 1
            cs[side, u, CS_ATTACKING] = 0
            cs[side, u, CS_BLOCKING] = 0
            cs[side, u, CS_BLOCKED_BY] = 0
            cs[side, u, CS_WAS_BLOCKED] = 0


@njit(cache=True, _nrt=False)
def combat(tab: np.ndarray, par: np.ndarray, w: np.ndarray, ws: tuple, tr: np.ndarray) -> None:
    """Rule F-19 steps 3 to 6."""
    cs, ps = ws[0], ws[1]
    ps[GAME, G_STEP] = Step.BEGIN_COMBAT
    window(tab, par, w, ws, tr)
    if ps[GAME, G_OVER]:
        return
    if declare_attackers(tab, par, w, ws, tr) == 0:
        return
    ps[GAME, G_STEP] = Step.ATTACKERS
    window(tab, par, w, ws, tr)
    if not ps[GAME, G_OVER]:
        declare_blockers(tab, par, w, ws, tr)
        ps[GAME, G_STEP] = Step.BLOCKERS
        window(tab, par, w, ws, tr)
    if not ps[GAME, G_OVER]:
        combat_damage(tab, par, ws, tr)
        ps[GAME, G_STEP] = Step.DAMAGE
        end_combat(cs, ps)
        window(tab, par, w, ws, tr)
    end_combat(cs, ps)
