"""Combat (rule F-19 steps 3 to 6; rules F-20 to F-23, F-33, F-34): a response window, attackers,
responses, blockers, responses, simultaneous damage, and a last window. The attack is chosen whole
(`chosen_attackers`) before it is declared (`declared_attack`), so a hard player can weigh other
attacks in its worlds (hard.py)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import record
from sim.rulesets.fortaleza.agents import (
    a_fight_may_kill, blockers_bounds, choose_blocker_among, lethal_swing, strongest, wants_to_attack_known,
    wants_to_attack_past, window_is_quiet,
)
from sim.rulesets.fortaleza.chain import _window, left_out_when_quiet, nobody_answers
from sim.rulesets.fortaleza.constants import E_TARGET, Agent, Event, Field, Keyword, Kind, On, Param, Step, Zone
from sim.rulesets.fortaleza.effects import check_fortresses, damage_fortress, damage_unit, fire_triggers, remove_dead
from sim.rulesets.fortaleza.legal import can_attack, chain_full, free_blockers, ready_trap
from sim.rulesets.fortaleza.state import (
    CS_ATTACKING, CS_BLOCKED_BY, CS_BLOCKING, CS_DAMAGE, CS_PENDING, CS_PROT, CS_TAPPED, CS_WAS_BLOCKED, CS_ZONE,
    G_ACTIVE, G_DEPTH, G_OVER, G_STEP, GAME, PS_AGENT, PS_FIGHTS, PS_FORT, PS_FPROT,
    PS_GUARD_ONLY, PS_QUIET_IDLE, PS_RESCUE_ONLY, atq_of, in_zone, keywords_of, lowest_bit, res_of,
)
from sim.rulesets.fortaleza.targets import answers_held, chosen_effect, effect_base, legal_target, target_pool


@njit(cache=True, _nrt=False, inline="always")  # into declare_attackers, its one caller in play: the call cost as much as the stores
def attack_with(g: np.void, p: int, u: int) -> None:
    """Unit u attacks: exhausted by it (rule F-21) unless Vigilancia (rule F-32)."""
    cs = g.cs
    cs[p, u, CS_ATTACKING] = 1
    if not keywords_of(g, p, u) & Keyword.VIGILANCIA:
        cs[p, u, CS_TAPPED] = 1
    record(g, p, Event.ATTACK, u, atq_of(g, p, u), 0)


@njit(cache=True, _nrt=False, inline="always")  # into declare_blockers, its one caller in play
def block_with(g: np.void, d: int, b: int, a: int) -> None:
    """Unit b of the defender blocks attacker a (rule F-22); blocking does not exhaust (F-21)."""
    cs = g.cs
    cs[d, b, CS_BLOCKING] = a + 1
    cs[1 - d, a, CS_BLOCKED_BY] = b + 1
    cs[1 - d, a, CS_WAS_BLOCKED] = 1
    ps = g.ps  # the fights agents.blockers_idle checks: a unit outside them takes no combat damage
    ps[d, PS_FIGHTS] |= np.int64(1) << b
    ps[1 - d, PS_FIGHTS] |= np.int64(1) << a
    record(g, d, Event.BLOCK, b, a, 0)


@njit(cache=True, _nrt=False)
def chosen_attackers(g: np.void, p: int) -> np.int64:
    """The units player p's agent attacks with now (rules F-20, F-21, F-32), as a bitmask: the greedy
    agent goes all in when the swing is lethal (weighed before any unit attacks), otherwise asks
    each able unit in design order (the random agent flips a coin for each). A hard player's
    attack is searched (hard.search_attackers) among this choice and its neighbours."""
    ps = g.ps
    # the able units and their ATQ, found once: lethal_swing weighs them all, then each is asked
    able = np.int64(0)
    total = 0
    m = in_zone(ps, p, Zone.UNIT)
    while m:
        u = lowest_bit(m)
        m &= m - 1
        if can_attack(g, p, u):
            able |= np.int64(1) << u
            total += atq_of(g, p, u)
    if able == 0:  # rule F-19: no unit may attack, nothing to weigh
        return able
    if ps[p, PS_AGENT] != Agent.RANDOM and lethal_swing(g, p, able, total):
        return able  # all in
    free, reach = free_blockers(g, 1 - p)
    greedy = ps[p, PS_AGENT] != Agent.RANDOM
    # the blockers' figures, once: most units' decisions follow from them (wants_to_attack_known)
    hi_free, lo_free, tough_free, theirs_free = blockers_bounds(g, p, free)
    # the Vuelo blockers' figures only when a Vuelo unit is asked (rule F-33): most attacks have none
    hi_reach, lo_reach, tough_reach, theirs_reach = 0, 0, 0, 0.0
    reach_known = False
    chosen = np.int64(0)
    m = able
    while m:
        u = lowest_bit(m)
        m &= m - 1
        # wants_to_attack reads only u and the defenders, never the units declared before it: the
        # choice can be made whole before any unit attacks
        known = np.int64(-1)
        if greedy:
            if keywords_of(g, p, u) & Keyword.VUELO:  # rule F-33: only the reach blockers meet it
                if not reach_known:
                    hi_reach, lo_reach, tough_reach, theirs_reach = blockers_bounds(g, p, reach)
                    reach_known = True
                known = wants_to_attack_known(g, p, u, reach, hi_reach, lo_reach, tough_reach, theirs_reach)
            else:
                known = wants_to_attack_known(g, p, u, free, hi_free, lo_free, tough_free, theirs_free)
        if known == 1 or (known < 0 and wants_to_attack_past(g, p, u, free, reach)):
            chosen |= np.int64(1) << u
    return chosen


@njit(cache=True, _nrt=False, inline="always")  # the combat steps are inlined into declared_attack, their one caller
def declare_attackers(g: np.void, p: int, chosen: np.int64) -> int:
    """The units of `chosen` attack, in design order, then their `atacar` triggers happen (rule
    F-28). Returns how many attack."""
    cs = g.cs
    n = 0
    m = chosen
    while m:
        u = lowest_bit(m)
        m &= m - 1
        attack_with(g, p, u)
        n += 1
    m = chosen
    while m:
        u = lowest_bit(m)
        m &= m - 1
        if cs[p, u, CS_ZONE] == Zone.UNIT:
            fire_triggers(g, p, u, On.ATTACK)  # rule F-28
    return n


@njit(cache=True, _nrt=False, inline="always")
def declare_blockers(g: np.void, attackers: np.int64) -> int:
    """The defender assigns blockers (rules F-21, F-22, F-33), biggest attackers first. Only the
    units of `attackers` (the attack declared, or -1 for every unit) can be attacking. Returns the
    ATQ of the attackers left unblocked (agents.unblocked_damage_to of the defender), which the
    blockers step's window reads (blockers_step_passes)."""
    cs, ps = g.cs, g.ps
    a_side = ps[GAME, G_ACTIVE]
    d = 1 - a_side
    incoming = 0
    waiting = np.int64(0)  # attackers not yet considered
    m = in_zone(ps, a_side, Zone.UNIT) & attackers
    while m:
        a = lowest_bit(m)
        m &= m - 1
        if cs[a_side, a, CS_ATTACKING]:
            incoming += atq_of(g, a_side, a)
            waiting |= np.int64(1) << a
    desperate = incoming >= ps[d, PS_FORT] + ps[d, PS_FPROT]
    # the defender's free blockers, found once: a block takes its blocker, nothing else changes them,
    # and an attacker here is attacking and not yet blocked (legal.can_block's attacker side)
    free, reach = free_blockers(g, d)
    # with no free blocker left (reach is a part of free) no attacker can be blocked, and
    # choose_blocker_among would answer -1 without a draw: the attackers left need no weighing
    while waiting != 0 and free != 0:
        best = strongest(g, a_side, waiting)
        best_atq = atq_of(g, a_side, best)
        waiting &= ~(np.int64(1) << best)
        b = choose_blocker_among(g, d, best, desperate, free, reach)
        if b >= 0:
            free &= ~(np.int64(1) << b)
            reach &= ~(np.int64(1) << b)
            block_with(g, d, b, best)
            incoming -= best_atq
            desperate = incoming >= ps[d, PS_FORT] + ps[d, PS_FPROT]
    return incoming


@njit(cache=True, _nrt=False, inline="always")  # into declared_attack, its one caller in play
def combat_damage(g: np.void, attackers: np.int64) -> None:
    """Rules F-22, F-23, F-34: every fight deals its damage at the same time; unblocked attackers hit
    the Fortaleza; a blocked attacker hits it only with Arrollar, and only the excess over lethal.
    Only the units of `attackers` (the attack declared, or -1 for every unit) can be attacking."""
    par, cs, ps = g.par, g.cs, g.ps
    a_side = ps[GAME, G_ACTIVE]
    d = 1 - a_side
    to_fortress = 0
    m = in_zone(ps, a_side, Zone.UNIT) & attackers
    while m:
        a = lowest_bit(m)
        m &= m - 1
        if not cs[a_side, a, CS_ATTACKING]:
            continue
        atq = atq_of(g, a_side, a)
        trample = (keywords_of(g, a_side, a) & Keyword.ARROLLAR) != 0
        if not cs[a_side, a, CS_WAS_BLOCKED]:
            to_fortress += atq
            continue
        b = cs[a_side, a, CS_BLOCKED_BY] - 1
        if b < 0:  # rule F-23: the blocker left; only Arrollar reaches the Fortaleza
            if trample:
                to_fortress += atq
            continue
        cs[d, b, CS_PENDING] += atq
        cs[a_side, a, CS_PENDING] += atq_of(g, d, b)
        if trample:  # rule F-34; Protección counts towards lethal (decision, param)
            lethal = max(0, res_of(g, d, b) - cs[d, b, CS_DAMAGE])
            if par[Param.TRAMPLE_PAST_PROTECTION]:
                lethal += cs[d, b, CS_PROT]
            to_fortress += max(0, atq - lethal)
    for side in range(2):  # only the units of a fight were dealt damage (block_with marks them)
        m = in_zone(ps, side, Zone.UNIT) & ps[side, PS_FIGHTS]
        while m:
            u = lowest_bit(m)
            m &= m - 1
            dealt = cs[side, u, CS_PENDING]
            if dealt > 0:
                cs[side, u, CS_PENDING] = 0
                damage_unit(g, side, u, dealt)
    if to_fortress > 0:
        damage_fortress(g, d, to_fortress)
    remove_dead(g)
    check_fortresses(g)


@njit(cache=True, _nrt=False, inline="always")
def end_combat(g: np.void, attackers: np.int64) -> None:
    """Every unit leaves combat. Only the attackers (`attackers`: the attack declared, or -1 for every
    unit) and the units of a fight (block_with marks them) hold a combat column that is not 0; a unit
    that left the field was cleared as it left (field.clear_field_state)."""
    cs, ps = g.cs, g.ps
    a_side = ps[GAME, G_ACTIVE]
    for side in range(2):
        m = in_zone(ps, side, Zone.UNIT) & (ps[side, PS_FIGHTS] | (attackers if side == a_side else np.int64(0)))
        while m:
            u = lowest_bit(m)
            m &= m - 1
            cs[side, u, CS_ATTACKING] = 0
            cs[side, u, CS_BLOCKING] = 0
            cs[side, u, CS_BLOCKED_BY] = 0
            cs[side, u, CS_WAS_BLOCKED] = 0
        ps[side, PS_FIGHTS] = 0


@njit(cache=True, _nrt=False)  # once per blockers step: a call
def blockers_step_passes(g: np.void, unblocked: int) -> bool:
    """Whether both players' first offers in the blockers step's window end at agents.idle_designs'
    quick tests (a pass without a list or a draw), so that the window closes as it opens; `unblocked`
    is the defender's unblocked_damage_to (declare_blockers). The window opens on an empty chain and
    no window is quiet in the blockers step (agents.quiet_window): a greedy player leaves out there
    only agents.blockers_idle's designs, the guards of its own Fortaleza while no unblocked attacker
    hits it (never one for the attacking player: only its units attack, rules F-19, F-20) and the
    rescues while no fight deals a unit as much damage as it has toughness left. In the China mirror
    about half of the blockers steps' windows made no list, and paid two offers for it."""
    ps = g.ps
    if ps[GAME, G_DEPTH] != 0:  # never so after declare_blockers; blockers_idle would read the chain
        return False
    a_side = ps[GAME, G_ACTIVE]
    rescues = False
    for p in range(2):
        answers = answers_held(ps, p)
        if answers == 0 or chain_full(ps):  # idle_designs: p surely passes
            continue
        if ps[p, PS_AGENT] == Agent.RANDOM:
            return False
        held = in_zone(ps, p, Zone.HAND) | in_zone(ps, p, Zone.SUPPORT) | in_zone(ps, p, Zone.UNIT)
        if held & ps[p, PS_QUIET_IDLE] == 0 or held & (ps[p, PS_RESCUE_ONLY] | ps[p, PS_GUARD_ONLY]) == 0:
            return False  # idle_designs leaves nothing out: p's answers are listed
        if p == a_side or unblocked == 0:
            answers &= ~ps[p, PS_GUARD_ONLY]
        if answers & ~ps[p, PS_RESCUE_ONLY]:
            return False
        rescues |= answers != 0
    return not (rescues and a_fight_may_kill(g))  # blockers_idle's scan


@njit(cache=True, _nrt=False)  # a call: reached only where a combat window would open
def aimless(g: np.void, p: int, answers: np.int64) -> bool:
    """Whether each of player p's `answers` is a set trap that adds nothing to legal.list_actions now:
    not ready, or its chosen effect has no legal target (rule F-03: Emboscada aims at an attacker,
    none of which is on the field before attackers are declared, after the combat, or on the
    attacking player's side; Sabotaje at a face-up artifact)."""
    tab, cs = g.tab, g.cs
    while answers:
        c = lowest_bit(answers)
        answers &= answers - 1
        if cs[p, c, CS_ZONE] != Zone.SUPPORT or tab[p, c, Field.KIND] != Kind.TRAP:
            return False
        if not ready_trap(g, p, c):
            continue
        k = chosen_effect(g, p, c, On.CAST)
        if k < 0:  # an untargeted reveal is a candidate
            return False
        target = tab[p, c, effect_base(k) + E_TARGET]
        for ts in range(2):
            m = target_pool(g.ps, p, ts, target)
            while m:
                tc = lowest_bit(m)
                m &= m - 1
                if legal_target(g, p, target, ts, tc):
                    return False
    return True


@njit(cache=True, _nrt=False)  # a call from combat_window, where chain.window calls _window
def combat_window_opens(g: np.void, held0: np.int64, held1: np.int64) -> None:
    """chain.window's _window, for a window of the combat outside the blockers step, where a player
    holding only set traps that add nothing (aimless) passes with an empty list: in the China mirror
    most of the windows before attackers and after damage that chain.window opened were for a set
    Emboscada, and listed nothing. The window closes as it opens when each player's other answers
    are left out of a quiet window (chain.left_out_when_quiet, agents.idle_designs)."""
    ps = g.ps
    idle0 = left_out_when_quiet(ps, 0)
    idle1 = left_out_when_quiet(ps, 1)
    live0 = held0 & ~idle0
    live1 = held1 & ~idle1
    # p lists only its answers (targets.answers_held), less its quiet-idle ones in a quiet window:
    # nothing when those are all it holds besides aimless traps. With no live answer, chain.window
    # found the window not quiet
    if (live0 | live1) != 0 and (live0 == 0 or aimless(g, 0, live0)) and (live1 == 0 or aimless(g, 1, live1)):
        if ((held0 & idle0) | (held1 & idle1)) == 0 or window_is_quiet(g):
            return
    _window(g)


@njit(cache=True, _nrt=False, inline="always")
def combat_window(g: np.void) -> None:
    """chain.window, for the combat's windows before attackers, after attackers and after damage, with
    combat_window_opens where chain.window would open the window."""
    held0 = answers_held(g.ps, 0)
    held1 = answers_held(g.ps, 1)
    if not nobody_answers(g, held0, held1):
        combat_window_opens(g, held0, held1)


@njit(cache=True, _nrt=False, inline="always")
def open_combat(g: np.void) -> bool:
    """Rule F-19 step 3: the window before attackers. False when the game ended in it."""
    ps = g.ps
    ps[GAME, G_STEP] = Step.BEGIN_COMBAT
    combat_window(g)
    return not ps[GAME, G_OVER]


@njit(cache=True, _nrt=False)
def declared_attack(g: np.void, chosen: np.int64) -> None:
    """Rule F-19 steps 4 to 6 for the attack `chosen` (a bitmask of the active player's units that
    may attack): attackers and a window, blockers and a window, damage and a last window. Nothing
    when no unit attacks (decision, rule F-19)."""
    ps = g.ps
    if declare_attackers(g, ps[GAME, G_ACTIVE], chosen) == 0:
        return
    ps[GAME, G_STEP] = Step.ATTACKERS
    combat_window(g)
    # the combat's walks visit only `chosen` and the fights: no other unit attacks or blocks
    if not ps[GAME, G_OVER]:
        unblocked = declare_blockers(g, chosen)
        ps[GAME, G_STEP] = Step.BLOCKERS
        # chain.window there: no window is quiet in the blockers step, so it opens whenever a player
        # holds an answer; closed at once when both players' first offers would pass
        if not blockers_step_passes(g, unblocked):
            _window(g)
    if not ps[GAME, G_OVER]:
        combat_damage(g, chosen)
        ps[GAME, G_STEP] = Step.DAMAGE
        end_combat(g, chosen)
        combat_window(g)  # nothing in it attacks or blocks (only declare_attackers and declare_blockers do)
    else:
        end_combat(g, chosen)


@njit(cache=True, _nrt=False, inline="always")  # into game._rest_of_turn, its one caller (itself compiled into take_turn and rest_of_turn)
def combat(g: np.void) -> None:
    """Rule F-19 steps 3 to 6, the attack the active player's agent chooses."""
    if open_combat(g):
        declared_attack(g, chosen_attackers(g, g.ps[GAME, G_ACTIVE]))
