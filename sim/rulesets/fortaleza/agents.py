"""Play agents: `random` (uniform over legal actions) and `greedy` (one-step evaluation with weights a
sweep can tune). They decide the mulligan, every main-phase action, every response, attacks, blocks,
targets and discards, each among the choices the rules allow: what is legal (the candidate actions,
who may attack or block, which targets and recoveries) is legal.py's; here is only what is good.
The `hard` agent searches its main-phase actions and its attacks (hard.py); every other choice of a
hard player is the greedy agent's, so the tests here are "not random" rather than "greedy".

What an agent may read (invariant 5, tested): its own hand; both fields, lands, discard piles and
the chain (all public); how many cards each hand and deck hold. Never the opponent's hand, the
identity of a face-down trap, or any deck order. Functions here take the whole state for speed, so
the rule is kept by what they look at: opposing cards only in zones UNIT, LAND, DISCARD, CHAIN and
face-up SUPPORT (artifacts); a face-down trap is seen only as an occupied support.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import below
from sim.rulesets.fortaleza.constants import (
    What,
    E_DO, E_N, E_ON, E_TARGET, N_DESIGNS, Agent, Action, Do, Field, Keyword, Kind, On, Param, Step, Target, Weight,
    Zone,
)
from sim.rulesets.fortaleza.legal import (
    add_targets, chain_full, free_blockers, land_allowed, list_actions, recoverable, supports_add_nothing, walked,
)
from sim.rulesets.fortaleza.state import (
    CH_CARD, CH_SIDE, CH_T_CARD, CH_T_SIDE, CH_WHAT, CS_ARMOUR, CS_ATTACKING, CS_BEARER, CS_BLOCKED_BY, CS_BLOCKING,
    CS_TAPPED, CS_WEAPON, CS_WAS_BLOCKED, CS_ZONE, G_DEPTH, G_LISTED, G_NEXT, G_STEP, GAME, MAX_CAND, PS_AGENT,
    PS_DAMAGED, PS_ENERGY, PS_FIGHTS, PS_FORT, PS_FPROT, PS_FRAIL, PS_GUARD_ONLY, PS_HAND, PS_LANDS, PS_QUIET_IDLE,
    PS_RESCUE_ONLY, PS_UNITS, ST_AGENT, in_zone,
    lowest_bit, atq_of, keywords_of, toughness_left,
)
from sim.rulesets.fortaleza.targets import (  # noqa: F401 -- popcount, printed_value: hard.py and leaf.py import them here
    answers_held, effect_base, has_trigger, may_answer, popcount, printed_value,
)

ACT_THRESHOLD = 0.25  # the greedy agent passes unless an action is worth more than this
WHOLE = np.bool_(False)  # choose_action's lists are whole (choose_listed's `lean`); not a literal: one compile


@njit(cache=True, _nrt=False, inline="always")  # into the damage and rescue valuations, once per candidate
def unit_value(g: np.void, viewer: int, side: int, c: int) -> float:
    """What a unit on the field is worth to the viewer's agent."""
    w = g.w
    return (w[viewer, Weight.ATQ] * atq_of(g, side, c) + w[viewer, Weight.RES] * toughness_left(g, side, c)
            + w[viewer, Weight.KEYWORD] * popcount(keywords_of(g, side, c)))


# ---- what the greedy agent expects ---------------------------------------------------------------

@njit(cache=True, _nrt=False)
def combat_damage_to(g: np.void, side: int, u: int) -> int:
    """Damage unit u takes if combat damage happened now (its fight partner's ATQ)."""
    cs = g.cs
    blocker = cs[side, u, CS_BLOCKED_BY] - 1
    if blocker >= 0:
        return atq_of(g, 1 - side, blocker)
    attacker = cs[side, u, CS_BLOCKING] - 1
    if attacker >= 0:
        return atq_of(g, 1 - side, attacker)
    return 0


@njit(cache=True, _nrt=False, inline="always")
def damages_on_resolve(tab: np.ndarray, s: int, c: int, base: int, what: int) -> bool:
    """The effect at `base` of side s's card c deals damage when a chain item `what` of that card
    resolves (an ability's `activar` effects, a played card's others)."""
    return tab[s, c, base + E_DO] == Do.DAMAGE and (what == What.ABILITY) == (tab[s, c, base + E_ON] == On.ACTIVATE)


@njit(cache=True, _nrt=False)
def chain_damage_to(g: np.void, side: int, u1: int) -> int:
    """Damage the opposing items on the chain aim at unit u1 - 1 of `side` (u1 = 0: its Fortaleza)."""
    tab, ps, ch = g.tab, g.ps, g.ch
    total = 0
    for i in range(ps[GAME, G_DEPTH]):
        s = ch[i, CH_SIDE]
        if s == side:
            continue
        c = ch[i, CH_CARD]
        for k in range(tab[s, c, Field.N_EFFECTS]):
            base = effect_base(k)
            if not damages_on_resolve(tab, s, c, base, ch[i, CH_WHAT]):
                continue
            t = tab[s, c, base + E_TARGET]
            if u1 == 0 and t == Target.ENEMY_FORTRESS:
                total += tab[s, c, base + E_N]
            elif u1 > 0 and ch[i, CH_T_SIDE] == side and ch[i, CH_T_CARD] == u1:
                total += tab[s, c, base + E_N]
    return total


@njit(cache=True, _nrt=False)
def chain_aims_damage(g: np.void) -> bool:
    """Whether any item on the chain carries damage that chain_damage_to would count, whoever it aims at."""
    tab, ps, ch = g.tab, g.ps, g.ch
    for i in range(ps[GAME, G_DEPTH]):
        s = ch[i, CH_SIDE]
        c = ch[i, CH_CARD]
        for k in range(tab[s, c, Field.N_EFFECTS]):
            if damages_on_resolve(tab, s, c, effect_base(k), ch[i, CH_WHAT]):
                return True
    return False


@njit(cache=True, _nrt=False)
def unblocked_damage_to(g: np.void, side: int) -> int:
    """Combat damage about to reach side's Fortaleza (after blocks)."""
    cs, ps = g.cs, g.ps
    total = 0
    opp = 1 - side
    m = in_zone(ps, opp, Zone.UNIT)
    while m:
        a = lowest_bit(m)
        m &= m - 1
        if cs[opp, a, CS_ATTACKING] and not cs[opp, a, CS_WAS_BLOCKED]:
            total += atq_of(g, opp, a)
    return total


@njit(cache=True, _nrt=False, inline="always")  # into effect_value: most calls come in blocks, the chain empty
def rescue_value(g: np.void, p: int, ts: int, tc: int, n: int) -> float:
    """What n points of Protección or RES on unit (ts, tc) are worth: the unit, if the damage aimed at
    it on the chain (and, after blocks, in its fight) would destroy it and n more points save it."""
    ps = g.ps
    threat = chain_damage_to(g, ts, tc + 1) if ps[GAME, G_DEPTH] != 0 else 0
    if ps[GAME, G_STEP] == Step.BLOCKERS:
        threat += combat_damage_to(g, ts, tc)
    left = toughness_left(g, ts, tc)
    if threat >= left and threat < left + n:
        return unit_value(g, p, ts, tc)
    return 0.0


@njit(cache=True, _nrt=False, inline="always")  # into the candidate loops of choose_action, choose_target
def effect_value(g: np.void, p: int, c: int, k: int, ts: int, tc: int) -> float:
    """What effect k of p's card c, aimed at (ts, tc), is worth to p's greedy agent now."""
    tab, par, w, cs, ps = g.tab, g.par, g.w, g.cs, g.ps
    base = effect_base(k)
    do = tab[p, c, base + E_DO]
    n = tab[p, c, base + E_N]
    target = tab[p, c, base + E_TARGET]
    step = ps[GAME, G_STEP]
    in_combat = step == Step.ATTACKERS or step == Step.BLOCKERS
    if target == Target.SELF:
        ts = p
        tc = c
    if do == Do.DAMAGE:
        if target == Target.ENEMY_FORTRESS:
            opp = 1 - p
            if n >= ps[opp, PS_FORT] + ps[opp, PS_FPROT]:
                return 1000.0
            return w[p, Weight.FACE] * max(0, n - ps[opp, PS_FPROT])
        if tc < 0:
            return 0.0
        value = unit_value(g, p, ts, tc)
        sign = 1.0 if ts != p else -1.0
        left = toughness_left(g, ts, tc)
        if n >= left:
            return sign * value
        if in_combat and n + combat_damage_to(g, ts, tc) >= left and step == Step.BLOCKERS:
            return sign * value * 0.9
        return 0.0
    # an empty chain outside blocks aims no damage anywhere (the main phase, where most Protección and
    # RES candidates are valued): the threat is 0 without scanning the chain or calling rescue_value
    quiet = ps[GAME, G_DEPTH] == 0 and step != Step.BLOCKERS
    if do == Do.PROTECT and target == Target.OWN_FORTRESS:
        threat = 0 if quiet else chain_damage_to(g, p, np.int64(0))
        if step == Step.BLOCKERS:
            threat += unblocked_damage_to(g, p)
        return w[p, Weight.LIFE] * min(n, threat)
    if (do == Do.BOOST_ATQ or do == Do.BOOST_RES) and ts != p:
        return -0.5
    if do == Do.PROTECT or do == Do.BOOST_RES:
        if quiet and toughness_left(g, ts, tc) > 0:
            return 0.0  # rescue_value with no threat: only a unit already at 0 toughness would be saved
        return rescue_value(g, p, ts, tc, n)
    if do == Do.BOOST_ATQ:
        if step != Step.BLOCKERS:
            return 0.0
        if cs[ts, tc, CS_ATTACKING] and not cs[ts, tc, CS_WAS_BLOCKED]:
            return w[p, Weight.FACE] * n
        partner = cs[ts, tc, CS_BLOCKED_BY] - 1
        if partner < 0:
            partner = cs[ts, tc, CS_BLOCKING] - 1
        if partner >= 0:
            atq = atq_of(g, ts, tc)
            left = toughness_left(g, 1 - ts, partner)
            if atq < left and atq + n >= left:
                return unit_value(g, p, 1 - ts, partner)
        return 0.0
    if do == Do.DRAW:
        return w[p, Weight.CARD] * n
    if do == Do.DESTROY_ARTIFACT:
        if tc < 0:
            return 0.0
        bonus = (w[p, Weight.ATQ] * tab[ts, tc, Field.BONUS_ATQ] + w[p, Weight.RES] * tab[ts, tc, Field.BONUS_RES]
                 + w[p, Weight.KEYWORD] * popcount(tab[ts, tc, Field.BONUS_KEYWORDS]))
        return 1.0 + tab[ts, tc, Field.COST] * 0.5 + (bonus if cs[ts, tc, CS_BEARER] else 0.5 * bonus)
    if do == Do.HEAL:
        room = par[Param.HEAL_CAP] - ps[p, PS_FORT]
        return w[p, Weight.LIFE] * max(0, min(n, room))
    if do == Do.RECOVER:
        best = 0.0
        for u in range(N_DESIGNS):
            if recoverable(g, p, u, n):
                best = max(best, 0.7 * printed_value(g, p, p, u))
        return best
    return 0.0


@njit(cache=True, _nrt=False, inline="always")
def _effects_value(g: np.void, p: int, c: int, on: int, ts: int, tc: int) -> float:
    tab = g.tab
    total = 0.0
    for k in range(tab[p, c, Field.N_EFFECTS]):
        if tab[p, c, effect_base(k) + E_ON] == on:
            total += effect_value(g, p, c, k, ts, tc)
    return total


@njit(cache=True, _nrt=False, inline="always")  # inside choose_action's loop over the candidates
def action_value(g: np.void, p: int, i: int) -> float:
    """Candidate i of the candidate list, as the greedy agent values it."""
    tab, w, cs, ps, cand = g.tab, g.w, g.cs, g.ps, g.cand
    action = cand[i, 0]
    c = np.int64(cand[i, 1])  # int64, as everywhere else the valuation helpers are called from: one compile
    ts = cand[i, 2]
    tc = cand[i, 3] - 1
    kind = tab[p, c, Field.KIND]
    if action == Action.LAND:
        return 100.0
    if action == Action.SET_TRAP:
        return 0.5
    if action == Action.EQUIP:
        gain = (w[p, Weight.ATQ] * tab[p, c, Field.BONUS_ATQ] + w[p, Weight.RES] * tab[p, c, Field.BONUS_RES]
                + w[p, Weight.KEYWORD] * popcount(tab[p, c, Field.BONUS_KEYWORDS]))
        slot = CS_WEAPON if tab[p, c, Field.SUBTYPE] == 1 else CS_ARMOUR
        if cs[p, tc, slot] > 0 or cs[p, c, CS_BEARER] > 0:
            return 0.0  # the unit has one of these already, or the equipment is carried
        if has_trigger(g, p, tc, On.ATTACK):
            gain += 1.0  # rule F-28: a duelist with equipment
        return gain * (1.0 + 0.1 * atq_of(g, p, tc)) - 0.1 * tab[p, c, Field.EQUIP_COST]
    if action == Action.CAST and (kind == Kind.CHARACTER or kind == Kind.CREATURE):
        return g.dv[p, c, Action.CAST]  # a constant of the design and the weights (targets.set_design_values)
    if action == Action.CAST and kind == Kind.ARTIFACT:
        if tab[p, c, Field.SUBTYPE] != 0:
            return 0.5 + 0.5 * tab[p, c, Field.COST] if ps[p, PS_UNITS] > 0 else 0.3
        return 0.5 + 0.5 * tab[p, c, Field.COST]
    on = On.ACTIVATE if action == Action.ACTIVATE else On.CAST
    value = _effects_value(g, p, c, on, ts, tc)
    cost = tab[p, c, Field.ACTIVATE_COST] if action == Action.ACTIVATE else tab[p, c, Field.COST]
    return value - 0.05 * cost


@njit(cache=True, _nrt=False, inline="always")  # into choose_action
def quiet_window(g: np.void) -> bool:
    """Nothing is aimed at anything now: not the blockers step, no item on the chain carries damage,
    and no unit is at 0 toughness. Then effect_value gives a technique, trap or ability that only
    protects or boosts (targets.idle_kind) 0 or less, below ACT_THRESHOLD: the greedy agent would
    never choose one, so it need not list or value them."""
    ps = g.ps
    if ps[GAME, G_STEP] == Step.BLOCKERS or (ps[GAME, G_DEPTH] != 0 and chain_aims_damage(g)):
        return False
    # a unit at 0 toughness holds damage marked since the last effects.remove_dead (which removed every
    # unit whose damage reached its RES), unless a card could make it so undamaged (targets.frail):
    # as remove_dead follows every damage before a decision, windows scan none
    scanned = np.int64(-1) if ps[0, PS_FRAIL] | ps[1, PS_FRAIL] else np.int64(0)
    for side in range(2):
        units = in_zone(ps, side, Zone.UNIT) & (ps[side, PS_DAMAGED] | scanned)
        while units:
            u = lowest_bit(units)
            units &= units - 1
            if toughness_left(g, side, u) <= 0:
                return False
    return True


@njit(cache=True, _nrt=False)  # a call from chain.window, which opens in six places: its loop compiled once
def window_is_quiet(g: np.void) -> bool:
    """quiet_window, for a window whose players hold only what their agents leave out of a quiet one."""
    return quiet_window(g)


@njit(cache=True, _nrt=False)  # reached only in the blockers step, holding a rescue or a guard
def blockers_idle(g: np.void, p: int, held: np.int64) -> np.int64:
    """The blockers step's answer to quiet_window: the designs player p's greedy agent leaves out
    there, of those it holds (`held`). While no item on the chain carries damage: those that only
    rescue a unit (targets.idle_kind, RESCUE_ONLY) when no unit on the field takes as much damage
    from its fight as it has toughness left (rescue_value is then 0 for every unit), and those that
    only give p's own Fortaleza Protección (GUARD_ONLY) when no unblocked attacker of the opponent
    hits it (always so for the attacking player: effect_value then gives LIFE * min(N, 0) = 0).
    Either way the action is worth 0 or less. In the China mirror 47.8 of a game's 54.6 listed
    blockers-step offers listed and valued 161 rescue candidates a game and chose none, and La
    Muralla Resiste and the Almenara de la Muralla were listed 44.7 times a game, 39.2 of them with
    nothing aimed at that Fortaleza."""
    ps = g.ps
    if ps[GAME, G_DEPTH] != 0 and chain_aims_damage(g):
        return np.int64(0)
    idle = np.int64(0)
    if (held & ps[p, PS_GUARD_ONLY]) != 0 and unblocked_damage_to(g, p) == 0:
        idle = ps[p, PS_GUARD_ONLY]
    if (held & ps[p, PS_RESCUE_ONLY]) == 0:
        return idle
    if a_fight_may_kill(g):
        return idle
    return idle | ps[p, PS_RESCUE_ONLY]


@njit(cache=True, _nrt=False, inline="always")  # into blockers_idle and combat.blockers_step_passes
def a_fight_may_kill(g: np.void) -> bool:
    """Whether the combat's damage as declared would leave a unit at 0 toughness. A unit outside
    the fights (block_with marks them) takes 0 damage, which reaches its toughness only when it
    holds damage not yet checked by remove_dead or a card could leave it at 0 (targets.frail), as
    in quiet_window."""
    ps = g.ps
    scanned = np.int64(-1) if ps[0, PS_FRAIL] | ps[1, PS_FRAIL] else np.int64(0)
    for side in range(2):
        units = in_zone(ps, side, Zone.UNIT) & (ps[side, PS_FIGHTS] | ps[side, PS_DAMAGED] | scanned)
        while units:
            u = lowest_bit(units)
            units &= units - 1
            if combat_damage_to(g, side, u) >= toughness_left(g, side, u):
                return True
    return False


@njit(cache=True, _nrt=False, inline="always")  # into decide: the quick answers cost no call
def idle_designs(g: np.void, p: int, main: bool) -> np.int64:
    """The quick half of a decision, before anything is listed: the designs whose technique, trap or
    ability player p's agent leaves out now (a greedy agent in a quiet window, see quiet_window), or
    -1 when p surely passes (a full chain, rule F-24; a response window where p holds no answer, or
    only idle ones). Most response offers end here: 241 of a greedy game's 321. In the blockers
    step, where no window is quiet, the designs that only rescue a unit are idle while no fight
    kills one, and those that only protect p's Fortaleza while no damage is aimed at it
    (blockers_idle)."""
    ps = g.ps
    if chain_full(ps):  # list_actions tests it too; first here, as before legal.py: the same machine code
        return np.int64(-1)
    if not main and not may_answer(ps, p):  # most response windows: skip the call and the scan
        return np.int64(-1)
    idle = np.int64(0)
    held = in_zone(ps, p, Zone.HAND) | in_zone(ps, p, Zone.SUPPORT) | in_zone(ps, p, Zone.UNIT)
    if ps[p, PS_AGENT] != Agent.RANDOM and held & ps[p, PS_QUIET_IDLE]:
        if quiet_window(g):
            idle = ps[p, PS_QUIET_IDLE]
        elif ps[GAME, G_STEP] == Step.BLOCKERS and held & (ps[p, PS_RESCUE_ONLY] | ps[p, PS_GUARD_ONLY]):
            idle = blockers_idle(g, p, held)  # most blockers-step offers: no fight kills a unit, no damage aims at p
        else:
            return idle
        if not main and answers_held(ps, p) & ~idle == 0:  # all p could answer with is idle
            return np.int64(-1)
    return idle


@njit(cache=True, _nrt=False)  # a few loads: LLVM compiles it into choose_listed (no inline="always")
def cost_now(g: np.void, p: int, i: int) -> int:
    """What candidate i of p's list costs (rules F-08, F-15, F-16, F-18): the energy it needs."""
    tab, cand = g.tab, g.cand
    action = cand[i, 0]
    c = cand[i, 1]
    if action == Action.EQUIP:
        return tab[p, c, Field.EQUIP_COST]
    if action == Action.ACTIVATE:
        return tab[p, c, Field.ACTIVATE_COST]
    if action == Action.SET_TRAP:
        return 0
    return tab[p, c, Field.COST]


@njit(cache=True, _nrt=False)
def choose_listed(g: np.void, p: int, main: bool, idle: np.int64, lean: bool) -> int:
    """choose_action once idle_designs has not answered: list (leaving out `idle`), then value.
    `lean`: a greedy player's list leaves out the equip moves action_value gives 0, where only its
    choice counts (chain.py's decisions); a hard or expert agent reads the whole list a decision
    made (choose_action), in its worlds too, where both players are greedy.
    A lean main-phase list that holds the land is made with the land's energy too (rule F-07: a land
    enters untapped and gives 1 energy at once, F-08), and valued once for two decisions: now (the
    candidates p's energy pays, after the land, worth 100) and the next, which chain.main_phase takes
    from G_NEXT without listing again when the land is chosen. Placing the land changes nothing
    action_value reads, nor the list but what the energy pays; the list that next decision would make
    is these rows after the land, in the same order."""
    ps, rng = g.ps, g.rng
    lean = lean and ps[p, PS_AGENT] == Agent.GREEDY
    energy = ps[p, PS_ENERGY]
    ahead = main and lean and land_allowed(g, p)
    if ahead:
        ps[p, PS_ENERGY] = energy + 1
    n = list_actions(g, p, main, idle, lean)
    if ahead:
        ps[p, PS_ENERGY] = energy
        if n >= MAX_CAND:  # the rows past MAX_CAND were dropped: list again without the land's energy
            ahead = False
            n = list_actions(g, p, main, idle, lean)
    ps[GAME, G_LISTED] = n
    if n == 0:
        return -1
    if ps[p, PS_AGENT] == Agent.RANDOM:
        pick = below(rng, p * 2 + ST_AGENT, n + 1)  # passing is one of the choices
        return pick if pick < n else -1
    dv, cand = g.dv, g.cand
    best = -1
    best_value = ACT_THRESHOLD
    now_best = -1  # ahead: the choice now, among the land (row 0) and what p's energy pays
    now_value = np.inf
    start = 0
    if ahead:
        now_best = 0
        now_value = dv[p, cand[0, 1], Action.LAND]  # action_value's 100
        start = 1
    for i in range(start, n):
        # a candidate whose most (targets.set_design_values) cannot beat the best so far, or the pass, is
        # not valued: v > best_value could not hold (a tie keeps the first). A land (100) spares the rest;
        # ahead, the rest is valued while it could beat the land now or the best of the next decision
        most = dv[p, cand[i, 1], cand[i, 0]]
        if most <= best_value and most <= now_value:
            continue
        v = action_value(g, p, i)
        if v > best_value:
            best_value = v
            best = i
        if v > now_value and cost_now(g, p, i) <= energy:
            now_value = v
            now_best = i
    if not ahead:
        return best
    if now_best == 0:
        ps[GAME, G_NEXT] = best + 2
    return now_best


@njit(cache=True, _nrt=False, inline="always")  # into chain.py's main phase and windows, the game's decisions
def decide(g: np.void, p: int, main: bool, lean: bool) -> int:
    """choose_action, its quick tests inlined into the caller: a response window that ends at them
    (idle_designs), or a main phase whose list would be empty (no land, nothing walked in hand or on
    the field, legal.supports_add_nothing: 66 of a greedy game's 106 main-phase lists), makes no
    call. `lean`: see choose_listed."""
    ps = g.ps
    idle = idle_designs(g, p, main)
    if idle < 0:
        return -1
    if main:  # a main phase whose list would be empty makes no call (most of them: legal.supports_add_nothing)
        hand, supports, units = walked(g, p, main, idle)
        if ((hand | units) == 0 and not land_allowed(g, p)
                and supports_add_nothing(g, p, idle, lean and ps[p, PS_AGENT] == Agent.GREEDY, supports)):
            ps[GAME, G_LISTED] = 0  # as choose_listed leaves an empty list (hard.py and expert.py read it)
            return -1
    return choose_listed(g, p, main, idle, lean)


@njit(cache=True, _nrt=False)
def choose_action(g: np.void, p: int, main: bool) -> int:
    """Index in the candidate list g.cand (legal.list_actions) of the action player p takes now, or -1
    to pass. Once the list is made, its length is left in ps[GAME, G_LISTED] (a hard player's
    candidates, hard.search_action)."""
    return decide(g, p, main, WHOLE)


@njit(cache=True, _nrt=False)
def choose_target(g: np.void, side: int, c: int, k: int) -> int:
    """A trigger's chosen target (side * N_DESIGNS + card), or -1 when there is none."""
    # the candidate list is free here: triggers happen outside any agent's choice of action
    tab, ps, cand = g.tab, g.ps, g.cand
    n = add_targets(g, 0, side, c, tab[side, c, effect_base(k) + E_TARGET], Action.CAST)
    if n == 0:
        return -1
    if ps[side, PS_AGENT] == Agent.RANDOM:
        i = below(g.rng, side * 2 + ST_AGENT, n)
        return cand[i, 2] * N_DESIGNS + cand[i, 3] - 1
    best = -1
    best_value = -1e9
    for i in range(n):
        v = effect_value(g, side, c, k, cand[i, 2], cand[i, 3] - 1)
        if v > best_value:
            best_value = v
            best = cand[i, 2] * N_DESIGNS + cand[i, 3] - 1
    return best


@njit(cache=True, _nrt=False)
def choose_recover(g: np.void, side: int, max_cost: int) -> int:
    """Which unit of cost <= max_cost comes back from the discard pile (rule F-29), or -1."""
    tab, cs, ps = g.tab, g.cs, g.ps
    n = 0
    best = -1
    best_value = -1.0
    for u in range(N_DESIGNS):
        if recoverable(g, side, u, max_cost):
            n += 1
            v = printed_value(g, side, side, u)
            if v > best_value:
                best_value = v
                best = u
    if n == 0 or ps[side, PS_AGENT] != Agent.RANDOM:
        return best
    pick = below(g.rng, side * 2 + ST_AGENT, n)
    for u in range(N_DESIGNS):
        if recoverable(g, side, u, max_cost):
            if pick == 0:
                return u
            pick -= 1
    return best


@njit(cache=True, _nrt=False)
def keep_hand(g: np.void, side: int) -> bool:
    """Rule F-04: keep the opening hand, or replace it? Greedy keeps a hand with enough cheap cards."""
    tab, w, cs, ps = g.tab, g.w, g.cs, g.ps
    if ps[side, PS_AGENT] == Agent.RANDOM:
        return below(g.rng, side * 2 + ST_AGENT, 2) == 0
    cheap = 0
    for c in range(N_DESIGNS):
        if cs[side, c, CS_ZONE] == Zone.HAND and tab[side, c, Field.COST] <= 3:
            cheap += 1
    return cheap >= w[side, Weight.MULLIGAN_CHEAP]


@njit(cache=True, _nrt=False)
def choose_discard(g: np.void, side: int) -> int:
    """A card to discard at the hand limit (rule F-19 step 8): greedy drops the dearest it cannot pay
    soon, random any."""
    tab, cs, ps = g.tab, g.cs, g.ps
    n = ps[side, PS_HAND]
    if ps[side, PS_AGENT] == Agent.RANDOM:
        pick = below(g.rng, side * 2 + ST_AGENT, n)
        for c in range(N_DESIGNS):
            if cs[side, c, CS_ZONE] == Zone.HAND:
                if pick == 0:
                    return c
                pick -= 1
    best = -1
    worst_value = 1e9
    lands = ps[side, PS_LANDS]
    for c in range(N_DESIGNS):
        if cs[side, c, CS_ZONE] == Zone.HAND:
            v = -abs(tab[side, c, Field.COST] - lands - 1) + (2.0 if tab[side, c, Field.FAST] else 0.0)
            if v < worst_value:
                worst_value = v
                best = c
    return best


@njit(cache=True, _nrt=False, inline="always")
def wants_to_attack(g: np.void, p: int, u: int) -> bool:
    """Player p's decision for one able unit (the random agent flips a coin)."""
    free, reach = free_blockers(g, 1 - p)
    return wants_to_attack_past(g, p, u, free, reach)


@njit(cache=True, _nrt=False, inline="always")  # into combat.chosen_attackers, its one caller in play
def wants_to_attack_past(g: np.void, p: int, u: int, free: np.int64, reach: np.int64) -> bool:
    """wants_to_attack with the opponent's free blockers found once for the whole attack
    (legal.free_blockers: `free` may block, `reach` may block Vuelo too; declaring nothing changes
    them). Each block's loss is a select, not a branch: who kills whom is a coin toss to the branch
    predictor, and both unit values are a few loads."""
    w, ps, rng = g.w, g.ps, g.rng
    if ps[p, PS_AGENT] == Agent.RANDOM:
        return below(rng, p * 2 + ST_AGENT, 2) == 1
    opp = 1 - p
    atq = atq_of(g, p, u)
    if atq == 0:
        return False
    mine = unit_value(g, p, p, u)
    toughness = toughness_left(g, p, u)
    worst = -1e9
    m = reach if keywords_of(g, p, u) & Keyword.VUELO else free  # rule F-33
    while m:
        b = lowest_bit(m)
        m &= m - 1
        theirs = unit_value(g, p, opp, b)
        loss = ((mine if atq_of(g, opp, b) >= toughness else 0.0)
                - (theirs if atq >= toughness_left(g, opp, b) else 0.0))
        worst = max(worst, loss)
    return worst <= w[p, Weight.AGGRESSION] * mine * 0.5


@njit(cache=True, _nrt=False)  # once per attack: a call (no inline="always": the cold compile)
def blockers_bounds(g: np.void, p: int, mask: np.int64) -> tuple[int, int, int, float]:
    """The figures of the opponent's possible blockers (`mask`) that settle most of the greedy
    attack's decisions without weighing each pair (wants_to_attack_known): their highest and lowest
    ATQ, their lowest toughness left, and the lowest value player p gives one of them."""
    opp = 1 - p
    hi_atq = -(1 << 30)
    lo_atq = 1 << 30
    lo_tough = 1 << 30
    lo_theirs = np.inf
    while mask:
        b = lowest_bit(mask)
        mask &= mask - 1
        a = atq_of(g, opp, b)
        hi_atq = max(hi_atq, a)
        lo_atq = min(lo_atq, a)
        lo_tough = min(lo_tough, toughness_left(g, opp, b))
        lo_theirs = min(lo_theirs, unit_value(g, p, opp, b))
    return hi_atq, lo_atq, lo_tough, lo_theirs


@njit(cache=True, _nrt=False)  # once per able unit: a call (no inline="always": the cold compile)
def wants_to_attack_known(g: np.void, p: int, u: int, mask: np.int64, hi_atq: int, lo_atq: int, lo_tough: int,
                          lo_theirs: float) -> int:
    """wants_to_attack_past's answer for a greedy player's unit u when the blockers' bounds
    (blockers_bounds of `mask`, the blockers u may meet) settle it: 1 attack, 0 not, -1 weigh each
    pair. A unit that kills no blocker loses `mine` to a blocker that kills it and 0 to one that
    does not: its worst block is the larger of those present. A unit no blocker kills loses at worst
    0 when every blocker's value is >= 0, which the aggression bears when it is >= 0. In the China
    mirror these settle 94 of a game's 115 decisions against a possible blocker."""
    w = g.w
    if mask == 0:
        return -1
    atq = atq_of(g, p, u)
    if atq == 0:
        return 0
    mine = unit_value(g, p, p, u)
    toughness = toughness_left(g, p, u)
    bears = w[p, Weight.AGGRESSION] * mine * 0.5
    if atq < lo_tough:  # u kills none of them: each loss is mine - 0.0 or 0.0 - 0.0, as the pair loop has it
        worst = -1e9
        if hi_atq >= toughness:
            worst = max(worst, mine - 0.0)
        if lo_atq < toughness:
            worst = max(worst, 0.0 - 0.0)
        return np.int64(worst <= bears)
    if hi_atq < toughness and lo_theirs >= 0.0 and bears >= 0.0:  # none kills u: each loss is <= 0
        return np.int64(1)
    return np.int64(-1)


@njit(cache=True, _nrt=False, inline="always")  # into declare_blockers (once per attacker) and lethal_swing
def strongest(g: np.void, side: int, mask: np.int64) -> int:
    """The unit of the mask with the highest ATQ now (the first in design order on a tie), or -1."""
    best = -1
    best_atq = -1
    while mask:
        a = lowest_bit(mask)
        mask &= mask - 1
        v = atq_of(g, side, a)
        if v > best_atq:
            best_atq = v
            best = a
    return best


@njit(cache=True, _nrt=False, inline="always")  # into combat.chosen_attackers, its one caller
def lethal_swing(g: np.void, p: int, able: np.int64, total: int) -> bool:
    """All able attackers together (`able`, their ATQ summed in `total`: chosen_attackers found them)
    beat the opponent's Fortaleza even if each blocker stops one."""
    cs, ps = g.cs, g.ps
    opp = 1 - p
    need = ps[opp, PS_FORT] + ps[opp, PS_FPROT]
    # each blocker takes away the strongest attacker's ATQ, never below 0 (strongest picks ATQ >= 0):
    # a total short of the Fortaleza stays short, so most attacks are answered here
    if total < need:
        return False
    blockers = 0
    m = in_zone(ps, opp, Zone.UNIT)
    while m:
        b = lowest_bit(m)
        m &= m - 1
        if not cs[opp, b, CS_TAPPED]:
            blockers += 1
    # as many blockers as attackers stop every attacker of ATQ >= 0 (strongest picks those): what
    # gets through is at most 0, short of a Fortaleza still standing
    if blockers >= popcount(able) and need > 0:
        return False
    for _ in range(blockers):  # the `blockers` largest attackers are assumed stopped
        best = strongest(g, p, able)
        if best < 0:
            break
        able &= ~(np.int64(1) << best)
        total -= atq_of(g, p, best)
    return total >= need


@njit(cache=True, _nrt=False, inline="always")
def block_score(g: np.void, d: int, b: int, a: int) -> float:
    """What blocking attacker a with unit b is worth to the defender d."""
    w = g.w
    opp = 1 - d
    atq_a = atq_of(g, opp, a)
    left_b = toughness_left(g, d, b)
    # both values found first, then selected: who kills whom is a coin toss to the branch predictor
    theirs = unit_value(g, d, opp, a)
    mine = unit_value(g, d, d, b)
    saved = min(atq_a, max(0, left_b)) if keywords_of(g, opp, a) & Keyword.ARROLLAR else atq_a
    return ((theirs if atq_of(g, d, b) >= toughness_left(g, opp, a) else 0.0)
            - (mine if atq_a >= left_b else 0.0) + w[d, Weight.LIFE] * saved)


@njit(cache=True, _nrt=False, inline="always")
def choose_blocker(g: np.void, d: int, a: int, desperate: bool) -> int:
    """The defender's blocker for attacker a, or -1 for none."""
    cs = g.cs
    free, reach = free_blockers(g, d)
    if cs[1 - d, a, CS_ATTACKING] == 0 or cs[1 - d, a, CS_WAS_BLOCKED]:  # legal.can_block's attacker side
        free = reach = np.int64(0)
    return choose_blocker_among(g, d, a, desperate, free, reach)


@njit(cache=True, _nrt=False, inline="always")  # into declare_blockers, its one caller in play
def choose_blocker_among(g: np.void, d: int, a: int, desperate: bool, free: np.int64, reach: np.int64) -> int:
    """choose_blocker with the defender's free blockers kept by the caller (legal.free_blockers;
    `reach` may block Vuelo too, rule F-33) for an attacker that may be blocked: the blockers it
    may meet are a mask, not a can_block test per unit."""
    ps, rng = g.ps, g.rng
    able = reach if keywords_of(g, 1 - d, a) & Keyword.VUELO else free
    best = -1
    best_score = 0.0 if not desperate else -1e9
    m = able
    while m:
        b = lowest_bit(m)
        m &= m - 1
        s = block_score(g, d, b, a)
        if s > best_score:
            best_score = s
            best = b
    n = popcount(able)
    if ps[d, PS_AGENT] != Agent.RANDOM or n == 0:
        return best
    pick = below(rng, d * 2 + ST_AGENT, n + 1)  # not blocking is one of the choices
    m = able
    while m:
        b = lowest_bit(m)
        m &= m - 1
        if pick == 0:
            return b
        pick -= 1
    return -1
