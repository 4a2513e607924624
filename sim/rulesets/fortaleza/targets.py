"""Which targets an effect may take now (checked when a card goes on the chain and again when it
resolves, rule F-25), and the conditions of the faction notes (F-28, F-29)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rulesets.fortaleza.constants import (
    E_DO, E_N, E_ON, E_TARGET, EFFECT_WIDTH, N_DESIGNS, Action, Cond, Do, Field, Kind, On, Step, Tag, Target, Weight,
    Zone,
)
from sim.rulesets.fortaleza.state import (
    CS_ARMOUR, CS_ATTACKING, CS_WEAPON, CS_ZONE, G_STEP, GAME, MAX_ANSWER_ENERGY, PS_ACTIVATES, PS_ANSWER, PS_ENERGY,
    PS_FAST_HAND, PS_FRAIL, PS_GUARD_ONLY, PS_KILL_ONLY, PS_KIND, PS_PLAYABLE, PS_QUIET_IDLE, PS_RESCUE_ONLY,
    PS_RESPONDERS, N_ACTIONS, in_zone, is_unit_kind, lowest_bit,
)


@njit(cache=True, _nrt=False, inline="always")
def popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")  # a few loads, valued for every unit card the agent can cast
def printed_value(g: np.void, viewer: int, side: int, c: int) -> float:
    """What a unit card is worth before it is on the field (hand, discard pile)."""
    tab, w = g.tab, g.w
    return (w[viewer, Weight.ATQ] * tab[side, c, Field.ATQ] + w[viewer, Weight.RES] * tab[side, c, Field.RES]
            + w[viewer, Weight.KEYWORD] * popcount(tab[side, c, Field.KEYWORDS]))


@njit(cache=True, _nrt=False, inline="always")
def effect_base(k: int) -> int:
    return Field.EFFECTS + k * EFFECT_WIDTH


@njit(cache=True, _nrt=False, inline="always")
def is_chosen(target: int) -> bool:
    """Targets the player picks (a unit or an artifact), as opposed to fixed ones (a Fortaleza...)."""
    return (target == Target.OWN_UNIT or target == Target.ENEMY_UNIT or target == Target.ANY_UNIT
            or target == Target.ENEMY_ATTACKER or target == Target.ENEMY_ARTIFACT)


@njit(cache=True, _nrt=False)
def chosen_effect(g: np.void, side: int, c: int, on: int) -> int:
    """Index of the card's effect with trigger `on` that takes a chosen target, or -1."""
    tab = g.tab
    for k in range(tab[side, c, Field.N_EFFECTS]):
        base = effect_base(k)
        if tab[side, c, base + E_ON] == on and is_chosen(tab[side, c, base + E_TARGET]):
            return k
    return -1


@njit(cache=True, _nrt=False)
def has_trigger(g: np.void, side: int, c: int, on: int) -> bool:
    tab = g.tab
    for k in range(tab[side, c, Field.N_EFFECTS]):
        if tab[side, c, effect_base(k) + E_ON] == on:
            return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def target_pool(ps: np.ndarray, p: int, ts: int, target: int) -> np.int64:
    """The designs of side ts that player p's effect with this target kind could aim at now (legal_target
    then checks each): none of the wrong side, no attackers outside the steps that have them."""
    if ts == p and (target == Target.ENEMY_UNIT or target == Target.ENEMY_ATTACKER or target == Target.ENEMY_ARTIFACT):
        return np.int64(0)
    if ts != p and target == Target.OWN_UNIT:
        return np.int64(0)
    if target == Target.ENEMY_ARTIFACT:
        return in_zone(ps, ts, Zone.SUPPORT)
    if target == Target.ENEMY_ATTACKER:
        step = ps[GAME, G_STEP]
        if step != Step.ATTACKERS and step != Step.BLOCKERS:
            return np.int64(0)
    return in_zone(ps, ts, Zone.UNIT)


@njit(cache=True, _nrt=False)
def responders_mask(g: np.void, side: int) -> np.int64:
    """The side's designs that could ever act in a response window: fast techniques (rule F-14),
    traps (F-15) and fast abilities (F-18). A window skips a player holding none of them."""
    tab = g.tab
    mask = np.int64(0)
    for c in range(N_DESIGNS):
        kind = tab[side, c, Field.KIND]
        fast = tab[side, c, Field.FAST] != 0
        if kind == Kind.TRAP or (kind == Kind.TECHNIQUE and fast) or (fast and has_trigger(g, side, c, On.ACTIVATE)):
            mask |= np.int64(1) << np.int64(c)
    return mask


@njit(cache=True, _nrt=False)
def set_design_masks(g: np.void, side: int) -> None:
    """The side's per-design masks a window reads to skip a player who cannot answer now: the
    responders, those that answer from the hand (fast techniques, rule F-14; a trap answers only once
    set, F-15), and for each energy the responders whose answer costs no more (a technique's or
    trap's cost, an ability's activation cost, rules F-08, F-18). Also the designs with an activated
    ability (F-18): a main phase visits only those of its units; for each energy the designs worth
    visiting in the hand (those it pays for, and traps); and the techniques, traps and abilities
    that only protect or boost (idle_kind), which the greedy agent leaves out in a quiet window.
    They depend only on the cards: set once per workspace (and by a scenario that changes a card)."""
    tab, ps = g.tab, g.ps
    activates = np.int64(0)
    for c in range(N_DESIGNS):
        if has_trigger(g, side, c, On.ACTIVATE):
            activates |= np.int64(1) << np.int64(c)
    ps[side, PS_ACTIVATES] = activates
    idle = np.int64(0)
    rescue = np.int64(0)
    guard = np.int64(0)
    for c in range(N_DESIGNS):
        kind = tab[side, c, Field.KIND]
        if kind == Kind.TECHNIQUE or kind == Kind.TRAP or activates >> c & 1:
            how = idle_kind(g, side, c)
            if how != 0:
                idle |= np.int64(1) << np.int64(c)
            if how == RESCUE_ONLY:
                rescue |= np.int64(1) << np.int64(c)
            if how == GUARD_ONLY:
                guard |= np.int64(1) << np.int64(c)
    ps[side, PS_QUIET_IDLE] = idle
    ps[side, PS_RESCUE_ONLY] = rescue
    ps[side, PS_GUARD_ONLY] = guard
    kills = np.int64(0)
    for c in range(N_DESIGNS):
        if kills_only(g, side, c):
            kills |= np.int64(1) << np.int64(c)
    ps[side, PS_KILL_ONLY] = kills
    for kind in range(Kind.LAND + 1):
        ps[side, PS_KIND + kind] = np.int64(0)
    for c in range(N_DESIGNS):
        ps[side, PS_KIND + tab[side, c, Field.KIND]] |= np.int64(1) << np.int64(c)
    for e in range(MAX_ANSWER_ENERGY + 1):
        playable = np.int64(0)
        for c in range(N_DESIGNS):  # a trap is set for free (rule F-15); anything else is paid (F-08)
            if tab[side, c, Field.KIND] == Kind.TRAP or tab[side, c, Field.COST] <= e:
                playable |= np.int64(1) << np.int64(c)
        ps[side, PS_PLAYABLE + e] = playable
    ps[side, PS_FRAIL] = frail(g, side)
    responders = responders_mask(g, side)
    ps[side, PS_RESPONDERS] = responders
    ps[side, PS_FAST_HAND] = np.int64(0)
    for e in range(MAX_ANSWER_ENERGY + 1):
        ps[side, PS_ANSWER + e] = np.int64(0)
    m = responders
    while m:
        c = lowest_bit(m)
        m &= m - 1
        bit = np.int64(1) << np.int64(c)
        kind = tab[side, c, Field.KIND]
        if kind == Kind.TECHNIQUE:
            ps[side, PS_FAST_HAND] |= bit
        cost = tab[side, c, Field.COST] if kind == Kind.TECHNIQUE or kind == Kind.TRAP else tab[side, c, Field.ACTIVATE_COST]
        for e in range(max(cost, 0), MAX_ANSWER_ENERGY + 1):
            ps[side, PS_ANSWER + e] |= bit
    set_design_values(g, side)


@njit(cache=True, _nrt=False)
def effect_bound(g: np.void, side: int, c: int, k: int) -> float:
    """The most agents.effect_value can give effect k of side's card c, whatever the state and the
    target (+inf where a unit's worth or the state decides). Each bound is the term's own expression
    at its extreme, so the floating-point sums keep their order (rounding is monotonic)."""
    tab, w = g.tab, g.w
    base = effect_base(k)
    do = tab[side, c, base + E_DO]
    n = tab[side, c, base + E_N]
    target = tab[side, c, base + E_TARGET]
    if do == Do.PROTECT and target == Target.OWN_FORTRESS and w[side, Weight.LIFE] >= 0.0:
        return w[side, Weight.LIFE] * n  # LIFE * min(n, threat)
    if do == Do.DRAW:
        return w[side, Weight.CARD] * n
    if do == Do.HEAL:  # LIFE * (0 .. n)
        return max(0.0, w[side, Weight.LIFE] * max(0, n))
    if do == Do.RECOVER:  # the best unit card of cost <= n the discard pile could hold
        best = 0.0
        for u in range(N_DESIGNS):
            if is_unit_kind(tab[side, u, Field.KIND]) and tab[side, u, Field.COST] <= n:
                best = max(best, 0.7 * printed_value(g, side, side, u))
        return best
    if do == Do.NONE:
        return 0.0
    return np.inf  # a unit's worth (damage, rescues, boosts), an artifact's, a Fortaleza's: the state decides


@njit(cache=True, _nrt=False)
def effects_bound(g: np.void, side: int, c: int, on: int, cost: int) -> float:
    """agents.action_value's most for an action of card c whose effects trigger `on`, paying `cost`."""
    tab = g.tab
    total = 0.0
    for k in range(tab[side, c, Field.N_EFFECTS]):
        if tab[side, c, effect_base(k) + E_ON] == on:
            total += effect_bound(g, side, c, k)
    return total - 0.05 * cost


@njit(cache=True, _nrt=False)
def set_design_values(g: np.void, side: int) -> None:
    """g.dv[side]: for each design and action, the most agents.action_value can give it (choose_listed
    values no candidate whose most cannot beat the best so far, which keeps every choice), and the
    worth itself where it depends only on the design and the weights: a land, a trap set, a unit cast
    (action_value reads it). Set with the design masks, once per workspace and after a card edit."""
    tab, w, dv = g.tab, g.w, g.dv
    for c in range(N_DESIGNS):
        kind = tab[side, c, Field.KIND]
        for a in range(N_ACTIONS):
            dv[side, c, a] = np.inf
        dv[side, c, Action.LAND] = 100.0
        dv[side, c, Action.SET_TRAP] = 0.5
        if is_unit_kind(kind):
            dv[side, c, Action.CAST] = (1.0 + printed_value(g, side, side, c) + 0.5 * tab[side, c, Field.N_EFFECTS]
                                        + 0.1 * tab[side, c, Field.COST])
        elif kind == Kind.ARTIFACT:
            cast = 0.5 + 0.5 * tab[side, c, Field.COST]
            dv[side, c, Action.CAST] = max(cast, 0.3) if tab[side, c, Field.SUBTYPE] != 0 else cast
        else:
            dv[side, c, Action.CAST] = effects_bound(g, side, c, On.CAST, tab[side, c, Field.COST])
        dv[side, c, Action.TRAP] = effects_bound(g, side, c, On.CAST, tab[side, c, Field.COST])
        dv[side, c, Action.ACTIVATE] = effects_bound(g, side, c, On.ACTIVATE, tab[side, c, Field.ACTIVATE_COST])


@njit(cache=True, _nrt=False)
def frail(g: np.void, side: int) -> bool:
    """Whether the side's cards could leave a unit on the field at 0 toughness without damage
    marked this turn (agents.quiet_window then scans every unit, not only the damaged ones): a unit
    printed with RES 0 or less (chain._enter does not check it), equipment that lowers RES, or an
    effect that lowers RES or Protección."""
    tab = g.tab
    for c in range(N_DESIGNS):
        kind = tab[side, c, Field.KIND]
        if (kind == Kind.CHARACTER or kind == Kind.CREATURE) and tab[side, c, Field.RES] <= 0:
            return True
        if tab[side, c, Field.BONUS_RES] < 0:
            return True
        for k in range(tab[side, c, Field.N_EFFECTS]):
            base = effect_base(k)
            do = tab[side, c, base + E_DO]
            if (do == Do.BOOST_RES or do == Do.PROTECT) and tab[side, c, base + E_N] < 0:
                return True
    return False


QUIET_IDLE = 1  # idle_kind's answers
RESCUE_ONLY = 2
GUARD_ONLY = 3


@njit(cache=True, _nrt=False)
def idle_kind(g: np.void, side: int, c: int) -> int:
    """QUIET_IDLE when every effect of this technique's, trap's or ability's action only protects or
    boosts a unit (or protects its own Fortaleza): in a quiet window the greedy agent values it at 0
    or less and never plays it (agents.quiet_window). RESCUE_ONLY, a quiet-idle design too, when
    every effect gives Protección or RES to a unit on the field (a chosen unit, or the unit itself
    for a unit's ability) at no negative cost: agents.effect_value gives each such effect a unit's
    rescue value (agents.rescue_value) or less (-0.5, a boost of an opposing unit), so while no unit
    on the field is about to die (agents.blockers_idle) the action is worth 0 or less, below
    ACT_THRESHOLD, in the blockers step too, where quiet_window does not hold (a Protección on its
    own Fortaleza is not: the attack's unblocked damage gives it a value). GUARD_ONLY, a quiet-idle
    design too, when every effect gives its own Fortaleza Protección N >= 0 at no negative cost:
    agents.effect_value gives each LIFE * min(N, damage aimed at that Fortaleza), so while none is
    aimed at it (agents.blockers_idle) the action is worth 0 or less, in the blockers step too.
    0 otherwise."""
    tab = g.tab
    kind = tab[side, c, Field.KIND]
    on = On.CAST if kind == Kind.TECHNIQUE or kind == Kind.TRAP else On.ACTIVATE
    rescue = tab[side, c, Field.COST] >= 0 and tab[side, c, Field.ACTIVATE_COST] >= 0
    guard = rescue
    for k in range(tab[side, c, Field.N_EFFECTS]):
        base = effect_base(k)
        if tab[side, c, base + E_ON] != on:
            continue
        do = tab[side, c, base + E_DO]
        target = tab[side, c, base + E_TARGET]
        on_unit = (target == Target.SELF or target == Target.OWN_UNIT or target == Target.ANY_UNIT
                   or target == Target.ENEMY_UNIT or target == Target.ENEMY_ATTACKER)
        # the card itself is a unit on the field only for a unit's ability (legal.list_actions)
        rescue = (rescue and on_unit and (do == Do.PROTECT or do == Do.BOOST_RES)
                  and (target != Target.SELF or kind == Kind.CHARACTER or kind == Kind.CREATURE))
        guard = guard and do == Do.PROTECT and target == Target.OWN_FORTRESS and tab[side, c, base + E_N] >= 0
        if do == Do.PROTECT and (on_unit or target == Target.OWN_FORTRESS):
            continue
        if (do == Do.BOOST_ATQ or do == Do.BOOST_RES) and on_unit:
            continue
        return 0
    return RESCUE_ONLY if rescue else GUARD_ONLY if guard else QUIET_IDLE


@njit(cache=True, _nrt=False)
def kills_only(g: np.void, side: int, c: int) -> bool:
    """Whether the technique's, trap's or ability's action of side's card c (legal.list_actions'
    targeted actions) is worth more than 0 in a main phase only when its damage destroys the chosen
    unit: its chosen effect deals N damage to a unit, every other effect gives its own Fortaleza
    Protección N >= 0, at no negative cost. In a main phase (the chain empty, no combat)
    agents.effect_value gives the damage the unit's worth when N reaches its toughness left (rules
    F-22, F-35) and 0 otherwise, and each Protección LIFE * min(N, 0) = 0 (nothing is aimed at that
    Fortaleza): a target the damage would not destroy makes the action worth 0 less its cost's share,
    below ACT_THRESHOLD (Lluvia de Flechas, Aliento del Dragón)."""
    tab, ps = g.tab, g.ps
    kind = tab[side, c, Field.KIND]
    if kind == Kind.TECHNIQUE or kind == Kind.TRAP:
        on = On.CAST
    elif ps[side, PS_ACTIVATES] >> c & 1:
        on = On.ACTIVATE
    else:
        return False
    k = chosen_effect(g, side, c, on)
    if k < 0 or tab[side, c, Field.COST] < 0 or tab[side, c, Field.ACTIVATE_COST] < 0:
        return False
    target = tab[side, c, effect_base(k) + E_TARGET]
    if tab[side, c, effect_base(k) + E_DO] != Do.DAMAGE or target == Target.ENEMY_ARTIFACT:
        return False
    for j in range(tab[side, c, Field.N_EFFECTS]):
        base = effect_base(j)
        if j == k or tab[side, c, base + E_ON] != on:
            continue
        if not (tab[side, c, base + E_DO] == Do.PROTECT and tab[side, c, base + E_TARGET] == Target.OWN_FORTRESS
                and tab[side, c, base + E_N] >= 0):
            return False
    return True


@njit(cache=True, _nrt=False, inline="always")
def answers_held(ps: np.ndarray, p: int) -> np.int64:
    """The designs player p holds that could answer in a response window now and that p's energy can
    pay (in hand, supports or units; legal.list_actions decides the rest)."""
    energy = ps[p, PS_ENERGY]
    affordable = ps[p, PS_ANSWER + energy] if energy <= MAX_ANSWER_ENERGY else ps[p, PS_RESPONDERS]
    held = (in_zone(ps, p, Zone.HAND) & ps[p, PS_FAST_HAND]) | in_zone(ps, p, Zone.SUPPORT) | in_zone(ps, p, Zone.UNIT)
    return held & affordable


@njit(cache=True, _nrt=False, inline="always")
def may_answer(ps: np.ndarray, p: int) -> bool:
    """False when player p surely has no legal action in a response window now."""
    return answers_held(ps, p) != 0


@njit(cache=True, _nrt=False)
def legal_target(g: np.void, p: int, target: int, ts: int, tc: int) -> bool:
    """May player p aim an effect of this target kind at card tc of side ts now?"""
    tab, cs, ps = g.tab, g.cs, g.ps
    if tc < 0 or tc >= N_DESIGNS:
        return False
    z = cs[ts, tc, CS_ZONE]
    if target == Target.ENEMY_ARTIFACT:
        # rule F-03 (Sabotaje): a face-up artifact; face-down traps are not artifacts
        return ts != p and z == Zone.SUPPORT and tab[ts, tc, Field.KIND] == Kind.ARTIFACT
    if z != Zone.UNIT:
        return False
    if target == Target.OWN_UNIT:
        return ts == p
    if target == Target.ENEMY_UNIT:
        return ts != p
    if target == Target.ANY_UNIT:
        return True
    if target == Target.ENEMY_ATTACKER:
        # rule F-03 (Emboscada): after attackers are declared and before damage
        step = ps[GAME, G_STEP]
        return ts != p and cs[ts, tc, CS_ATTACKING] == 1 and (step == Step.ATTACKERS or step == Step.BLOCKERS)
    return False


@njit(cache=True, _nrt=False)
def condition_holds(g: np.void, side: int, c: int, cond: int) -> bool:
    tab, cs, ps = g.tab, g.cs, g.ps
    if cond == Cond.ANOTHER_SPIRIT:  # rule F-29
        units = in_zone(ps, side, Zone.UNIT)
        while units:
            u = lowest_bit(units)
            units &= units - 1
            if u != c and tab[side, u, Field.TAGS] & Tag.SPIRIT:
                return True
        return False
    if cond == Cond.EQUIPPED:  # rule F-28
        return cs[side, c, CS_WEAPON] > 0 or cs[side, c, CS_ARMOUR] > 0
    return True
