"""What a player may do now: the legal actions of a decision (the candidate list `g.cand`), which
units may attack or block, when a set trap is ready, which targets a trigger may take and which
units a recovery may bring back. The agents (agents.py) only choose among what this module lists;
nothing here weighs what is good.

What it reads is what the agents may read (invariant 5, tested): the deciding player's own hand,
supports and units; both fields; the chain's depth. An opposing support is read only as "a face-up
artifact or not" (targets.legal_target), never as which trap lies face down.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rulesets.fortaleza.constants import (
    E_N, E_TARGET, MAX_CHAIN, Action, Field, Keyword, Kind, On, Param, Step, Target, Zone,
)
from sim.rulesets.fortaleza.field import controls_name
from sim.rulesets.fortaleza.state import (
    CH_T_CARD, CH_T_SIDE, CS_ARMOUR, CS_ATTACKING, CS_BEARER, CS_BLOCKING, CS_FRESH, CS_SET_TURN, CS_TAPPED,
    CS_WAS_BLOCKED, CS_WEAPON, CS_ZONE, G_DEPTH, G_STEP, G_TURN, GAME, MAX_ANSWER_ENERGY, MAX_CAND, PS_ACTIVATES,
    PS_DAMAGED, PS_ENERGY, PS_FIGHTS, PS_FRAIL, PS_KILL_ONLY, PS_KIND, PS_LAND_TURN, PS_LANDS, PS_PLAYABLE,
    PS_RESCUE_ONLY, PS_RESPONDERS, PS_SUPPORTS, PS_UNITS, in_zone, is_unit_kind, keywords_of, lowest_bit,
    toughness_left,
)
from sim.rulesets.fortaleza.targets import chosen_effect, effect_base, legal_target, target_pool


@njit(cache=True, _nrt=False, inline="always")  # first in agents.choose_action, again in list_actions
def chain_full(ps: np.ndarray) -> bool:
    """Rule F-24 as implemented: the chain holds MAX_CHAIN - 1 items; no response may go deeper."""
    return ps[GAME, G_DEPTH] >= MAX_CHAIN - 1


@njit(cache=True, _nrt=False)
def can_attack(g: np.void, side: int, c: int) -> bool:
    """Rules F-20, F-21, F-31: may the unit attack, or use an ability that exhausts it, now? Untapped,
    and not new: on the field since before its controller's turn began (a unit that entered in its
    controller's turn stays new through the opponent's next turn), unless Veloz."""
    cs = g.cs
    if cs[side, c, CS_ZONE] != Zone.UNIT or cs[side, c, CS_TAPPED]:
        return False
    return not cs[side, c, CS_FRESH] or (keywords_of(g, side, c) & Keyword.VELOZ) != 0


@njit(cache=True, _nrt=False, inline="always")  # inside the attack and block loops
def can_block(g: np.void, side: int, b: int, attacker_side: int, a: int) -> bool:
    """Rules F-21, F-22, F-23, F-33: an untapped unit not already blocking, against an attacker nobody
    blocks yet (one that was blocked stays blocked), and Vuelo only by Vuelo or Alcance."""
    cs = g.cs
    if cs[attacker_side, a, CS_ATTACKING] == 0 or cs[attacker_side, a, CS_WAS_BLOCKED]:
        return False
    return could_block(g, side, b, attacker_side, a)


@njit(cache=True, _nrt=False, inline="always")  # inside the attack and block loops
def could_block(g: np.void, side: int, b: int, attacker_side: int, a: int) -> bool:
    """can_block for an attack not declared yet (the agents ask it before declaring one): the blocker's
    side of rules F-21, F-23, F-33 (untapped, not already blocking, Vuelo only by Vuelo or Alcance)."""
    cs = g.cs
    if cs[side, b, CS_ZONE] != Zone.UNIT or cs[side, b, CS_TAPPED] or cs[side, b, CS_BLOCKING]:
        return False
    if keywords_of(g, attacker_side, a) & Keyword.VUELO:
        return (keywords_of(g, side, b) & (Keyword.VUELO | Keyword.ALCANCE)) != 0
    return True


@njit(cache=True, _nrt=False, inline="always")  # once per attack choice, into combat.chosen_attackers
def free_blockers(g: np.void, side: int) -> tuple[np.int64, np.int64]:
    """could_block's blocker side for all of the side's units at once, as two masks: the units that
    could block an attack not declared yet (untapped, not already blocking: rules F-21, F-23), and of
    those the ones that may block Vuelo too (Vuelo or Alcance, F-33). Masks and selects, no branch
    per unit: which units are free is a coin toss to the branch predictor."""
    cs, ps = g.cs, g.ps
    free = np.int64(0)
    reach = np.int64(0)
    m = in_zone(ps, side, Zone.UNIT)
    while m:
        b = lowest_bit(m)
        m &= m - 1
        bit = np.int64((cs[side, b, CS_TAPPED] == 0) & (cs[side, b, CS_BLOCKING] == 0)) << b
        free |= bit
        reach |= bit if keywords_of(g, side, b) & (Keyword.VUELO | Keyword.ALCANCE) else np.int64(0)
    return free, reach


@njit(cache=True, _nrt=False)
def ready_trap(g: np.void, side: int, c: int) -> bool:
    """Rule F-15: set in an earlier turn."""
    cs, ps = g.cs, g.ps
    return cs[side, c, CS_SET_TURN] > 0 and cs[side, c, CS_SET_TURN] <= ps[GAME, G_TURN]


@njit(cache=True, _nrt=False, inline="always")  # a few loads, in agents.choose_recover's scans and effect_value
def recoverable(g: np.void, side: int, u: int, max_cost: int) -> bool:
    """Rule F-29 (Corea 032): may `recuperar` with N = max_cost bring side's design u back to the hand?
    A unit card (personaje or criatura) of cost <= N in the discard pile."""
    tab, cs = g.tab, g.cs
    return (cs[side, u, CS_ZONE] == Zone.DISCARD and is_unit_kind(tab[side, u, Field.KIND])
            and tab[side, u, Field.COST] <= max_cost)


@njit(cache=True, _nrt=False, inline="always")
def _add(cand: np.ndarray, n: int, action: int, c: int, ts: int, tc1: int) -> int:
    if n < MAX_CAND:
        cand[n, 0] = action
        cand[n, 1] = c
        cand[n, 2] = ts
        cand[n, 3] = tc1
        return n + 1
    return n


ALL = np.int64(-1)  # add_targets_among's masks: every legal target
NO_LIMIT = np.int64(1 << 62)  # add_targets_among's `most`: whatever the toughness left


@njit(cache=True, _nrt=False, inline="always")  # inside list_actions' scan
def _add_targeted(g: np.void, n: int, p: int, c: int, on: int, action: int, keep0: np.int64, keep1: np.int64,
                  kill: bool) -> int:
    """One candidate per legal target of the card's chosen-target effect, or one untargeted candidate:
    of the targets only those in `keep0` and `keep1` (side A's and side B's designs), and with `kill`
    only the units the chosen effect's damage would destroy (add_targets_among)."""
    tab, cand = g.tab, g.cand
    k = chosen_effect(g, p, c, on)
    if k < 0:  # its effects aim at the card itself or at no unit: p's own mask keeps it or not
        return _add(cand, n, action, c, p, 0) if (keep0 if p == 0 else keep1) >> c & 1 else n
    base = effect_base(k)
    return add_targets_among(g, n, p, c, tab[p, c, base + E_TARGET], action, keep0, keep1,
                             np.int64(tab[p, c, base + E_N]) if kill else NO_LIMIT)


@njit(cache=True, _nrt=False, inline="always")  # into agents.choose_target
def add_targets(g: np.void, n: int, p: int, c: int, target: int, action: int) -> int:
    """Rows n, n + 1, ... of `cand`: one candidate `action` of p's card c per legal target of this
    target kind (targets.legal_target, rules F-03, F-25), side A's designs first, in design order
    (target side in column 2, card + 1 in column 3). Returns the new row count. agents.choose_target
    lists a trigger's targets from row 0: triggers happen outside any choice of action."""
    return add_targets_among(g, n, p, c, target, action, ALL, ALL, NO_LIMIT)


@njit(cache=True, _nrt=False, inline="always")  # into list_actions (through _add_targeted) and add_targets
def add_targets_among(g: np.void, n: int, p: int, c: int, target: int, action: int, keep0: np.int64,
                      keep1: np.int64, most: np.int64) -> int:
    """add_targets, of the legal targets only those in `keep0` (side A's designs) and `keep1` (side
    B's) whose toughness left is at most `most` (a lean list's leaving-outs, list_actions)."""
    ps, cand = g.ps, g.cand
    for ts in range(2):
        m = target_pool(ps, p, ts, target) & (keep0 if ts == 0 else keep1)
        while m:
            tc = lowest_bit(m)
            m &= m - 1
            if legal_target(g, p, target, ts, tc) and (most == NO_LIMIT or toughness_left(g, ts, tc) <= most):
                n = _add(cand, n, action, c, ts, tc + 1)
    return n


@njit(cache=True, _nrt=False, inline="always")  # into list_actions, once per lean list holding a rescue
def rescuable(g: np.void) -> tuple[np.int64, np.int64]:
    """A mask per side holding every unit that Protección or RES could be worth anything to now
    (agents.rescue_value: the damage aimed at it on the chain, and its fight's in the blockers step,
    reach its toughness left, rules F-22, F-35): the units an item on the chain aims at, those in a fight in the
    blockers step (combat.block_with marks them), and those with damage marked since effects.remove_dead
    last cleared the marks (none at a decision, since it runs after every damage: kept as a cheap
    guard), or every unit when a card could leave one at 0 toughness undamaged (targets.frail), as in
    agents.quiet_window. Any other unit faces no damage and has toughness left: saving it is worth 0."""
    ps, ch = g.ps, g.ch
    if ps[0, PS_FRAIL] | ps[1, PS_FRAIL]:
        return ALL, ALL
    keep0 = ps[0, PS_DAMAGED]
    keep1 = ps[1, PS_DAMAGED]
    if ps[GAME, G_STEP] == Step.BLOCKERS:
        keep0 |= ps[0, PS_FIGHTS]
        keep1 |= ps[1, PS_FIGHTS]
    for i in range(ps[GAME, G_DEPTH]):
        tc1 = np.int64(ch[i, CH_T_CARD])
        if tc1 > 0:
            bit = np.int64(1) << (tc1 - 1)
            if ch[i, CH_T_SIDE] == 0:
                keep0 |= bit
            else:
                keep1 |= bit
    return keep0, keep1


@njit(cache=True, _nrt=False, inline="always")  # into list_actions and agents.decide (a main phase)
def walked(g: np.void, p: int, main: bool, idle: np.int64) -> tuple[np.int64, np.int64, np.int64]:
    """The cards list_actions visits (the hand, the supports, the units) before a window's responders
    mask: of the hand, those p's energy pays for; not those that could add only what `idle` leaves out;
    of the units, those with an activated ability."""
    par, ps = g.par, g.ps
    energy = ps[p, PS_ENERGY]
    hand = in_zone(ps, p, Zone.HAND)
    if energy <= MAX_ANSWER_ENERGY:  # cards in hand that cost more than p has are not visited
        hand &= ps[p, PS_PLAYABLE + energy]
    # nor the cards that could add only what `idle` leaves out: a technique in hand, a set trap and a
    # unit on the field add nothing but their cast, reveal or ability (a trap in hand is still set, an
    # artifact still equips)
    hand &= ~(idle & ps[p, PS_KIND + Kind.TECHNIQUE])
    supports = in_zone(ps, p, Zone.SUPPORT) & ~(idle & ps[p, PS_KIND + Kind.TRAP])
    if main:  # nor, in a main phase, the unit cards with the units zone full, the artifacts and traps with
        # the supports full (rules F-10, F-15, F-16): the cards a late main phase holds, most of its walk
        if ps[p, PS_UNITS] >= par[Param.MAX_UNITS]:
            hand &= ~(ps[p, PS_KIND + Kind.CHARACTER] | ps[p, PS_KIND + Kind.CREATURE])
        if ps[p, PS_SUPPORTS] >= par[Param.MAX_SUPPORTS]:
            hand &= ~(ps[p, PS_KIND + Kind.ARTIFACT] | ps[p, PS_KIND + Kind.TRAP])
    # a unit adds a candidate only by its activated ability (rule F-18): the others are not visited
    return hand, supports, in_zone(ps, p, Zone.UNIT) & ps[p, PS_ACTIVATES] & ~idle


@njit(cache=True, _nrt=False, inline="always")
def land_allowed(g: np.void, p: int) -> bool:
    """Rule F-07: a land from the reserve, once per turn, in the main phase, up to max_lands."""
    par, ps = g.par, g.ps
    return (in_zone(ps, p, Zone.RESERVE) != 0 and ps[p, PS_LANDS] < par[Param.MAX_LANDS]
            and ps[p, PS_LAND_TURN] != ps[GAME, G_TURN] + 1)


@njit(cache=True, _nrt=False, inline="always")  # into agents.decide: most main phases end at it, no call
def supports_add_nothing(g: np.void, p: int, idle: np.int64, lean: bool, supports: np.int64) -> bool:
    """True only when none of p's `supports` (walked's) would add a candidate to list_actions' main
    phase: equipment already carried (lean) or unpaid, an artifact without an ability or
    whose ability is idle, tapped or unpaid, a trap not ready or unpaid, or one whose reveal aims only
    at an attacker (rule F-03: none outside the combat steps). Any other support may add one (False:
    list_actions decides). In the China mirror most of a game's main-phase lists are empty, and most
    of those hold only such supports (equipment carried, Gong and Almenara idle, a set Emboscada)."""
    tab, cs, ps = g.tab, g.cs, g.ps
    energy = ps[p, PS_ENERGY]
    step = ps[GAME, G_STEP]
    combat = step == Step.ATTACKERS or step == Step.BLOCKERS
    while supports:
        c = lowest_bit(supports)
        supports &= supports - 1
        if tab[p, c, Field.KIND] == Kind.TRAP:  # idle traps are out of `supports` already
            if ready_trap(g, p, c) and tab[p, c, Field.COST] <= energy:
                k = chosen_effect(g, p, c, On.CAST)
                if k < 0 or combat or tab[p, c, effect_base(k) + E_TARGET] != Target.ENEMY_ATTACKER:
                    return False
            continue
        if (tab[p, c, Field.SUBTYPE] != 0 and tab[p, c, Field.EQUIP_COST] <= energy
                and in_zone(ps, p, Zone.UNIT) != 0 and not (lean and cs[p, c, CS_BEARER] != 0)):
            return False
        if (ps[p, PS_ACTIVATES] >> c & 1 and not cs[p, c, CS_TAPPED] and tab[p, c, Field.ACTIVATE_COST] <= energy
                and not idle >> c & 1):
            return False
    return True


@njit(cache=True, _nrt=False, inline="always")  # once per decision, into agents.choose_action
def list_actions(g: np.void, p: int, main: bool, idle: np.int64, lean: bool) -> int:
    """Fill `cand` with player p's legal actions now; returns how many (passing, always legal, is not
    listed). `main`: p's own main phase with the chain empty (rules F-07, F-10, F-12, F-13, F-15, F-16);
    otherwise only what a response window allows (F-14, F-15, F-18, F-24). `idle`: designs whose
    technique, trap or ability the caller leaves out (the greedy agent in a quiet window, see
    agents.quiet_window); `lean` (a greedy player's list in play, where only its choice counts): equip
    moves only of equipment no unit carries, onto a unit whose slot of that kind is free (the greedy
    agent values the others 0, agents.action_value: in the China mirror 215 of a game's 246 equip
    moves), and none of the other candidates it can only value 0 or less: a rescue
    (targets.idle_kind's RESCUE_ONLY) of a unit no damage could destroy (`rescuable`), and in a main
    phase a damage the chosen unit would survive (targets.kills_only); 0 and False list every legal
    action."""
    tab, par, cs, ps, cand = g.tab, g.par, g.cs, g.ps, g.cand
    if chain_full(ps):
        return 0
    n = 0
    energy = ps[p, PS_ENERGY]
    activates = ps[p, PS_ACTIVATES]
    hand, supports, units = walked(g, p, main, idle)
    ours = hand | supports | units
    if not main:
        ours &= ps[p, PS_RESPONDERS]  # most windows end here: nothing that can answer
        if ours == 0:
            return 0
    # a lean list's rescues aim only at the units some damage could destroy: found once per list
    saved0 = saved1 = ALL
    if lean and ours & ps[p, PS_RESCUE_ONLY]:
        saved0, saved1 = rescuable(g)
    if main and land_allowed(g, p):  # lands differ only in name: one will do
        n = _add(cand, n, Action.LAND, lowest_bit(in_zone(ps, p, Zone.RESERVE)), p, 0)
    while ours:
        c = lowest_bit(ours)
        ours &= ours - 1
        z = cs[p, c, CS_ZONE]
        kind = tab[p, c, Field.KIND]
        # a technique, revealed trap or ability adds one candidate per target, at the end of the card's
        # turn in the loop: one inlined copy of the target scan instead of one per branch (compile time)
        targeted = Action.PASS
        if z == Zone.HAND:
            if kind == Kind.TRAP:  # rules F-10, F-15: set for free in the main phase, into a free support
                if main and ps[p, PS_SUPPORTS] < par[Param.MAX_SUPPORTS]:
                    n = _add(cand, n, Action.SET_TRAP, c, p, 0)
                continue
            if tab[p, c, Field.COST] > energy:  # rule F-08
                continue
            if kind == Kind.CHARACTER or kind == Kind.CREATURE:  # rules F-10, F-12
                if main and ps[p, PS_UNITS] < par[Param.MAX_UNITS]:
                    if not (tab[p, c, Field.KEYWORDS] & Keyword.UNICO and controls_name(g, p, c)):
                        n = _add(cand, n, Action.CAST, c, p, 0)
            elif kind == Kind.ARTIFACT:  # rules F-10, F-16
                if main and ps[p, PS_SUPPORTS] < par[Param.MAX_SUPPORTS]:
                    n = _add(cand, n, Action.CAST, c, p, 0)
            elif kind == Kind.TECHNIQUE:  # rules F-13, F-14
                if main or tab[p, c, Field.FAST]:
                    targeted = Action.CAST
        elif z == Zone.SUPPORT:
            if kind == Kind.TRAP:  # rule F-15: ready from the turn after it was set, then paid
                if ready_trap(g, p, c) and tab[p, c, Field.COST] <= energy:
                    targeted = Action.TRAP
            else:
                # rule F-16: equipping in the main phase, to a unit that does not carry it already
                if main and tab[p, c, Field.SUBTYPE] != 0 and tab[p, c, Field.EQUIP_COST] <= energy:
                    units = in_zone(ps, p, Zone.UNIT)
                    slot = CS_WEAPON if tab[p, c, Field.SUBTYPE] == 1 else CS_ARMOUR  # rule F-17
                    if lean and cs[p, c, CS_BEARER] != 0:
                        units = np.int64(0)
                    while units:
                        u = lowest_bit(units)
                        units &= units - 1
                        if cs[p, c, CS_BEARER] != u + 1 and not (lean and cs[p, u, slot] != 0):
                            n = _add(cand, n, Action.EQUIP, c, p, u + 1)
                # rules F-14, F-18: an untapped artifact's ability, in a window only if fast
                if (activates >> c & 1 and not cs[p, c, CS_TAPPED]
                        and tab[p, c, Field.ACTIVATE_COST] <= energy and (main or tab[p, c, Field.FAST])):
                    targeted = Action.ACTIVATE
        elif z == Zone.UNIT:
            # rules F-18, F-20, F-31: an ability that exhausts the unit needs it untapped and not new (only
            # units with an activated ability are in `ours`)
            if (can_attack(g, p, c)
                    and tab[p, c, Field.ACTIVATE_COST] <= energy and (main or tab[p, c, Field.FAST])):
                targeted = Action.ACTIVATE
        if targeted != Action.PASS and not idle >> c & 1:
            keep0 = keep1 = ALL
            # a unit's ability may rescue the unit itself too: then every target stays
            if lean and ps[p, PS_RESCUE_ONLY] >> c & 1 and not (saved0 if p == 0 else saved1) >> c & 1:
                keep0, keep1 = saved0, saved1
            kill = lean and main and (ps[p, PS_KILL_ONLY] >> c & 1) != 0
            n = _add_targeted(g, n, p, c, On.ACTIVATE if targeted == Action.ACTIVATE else On.CAST, targeted,
                              keep0, keep1, kill)
    return n
