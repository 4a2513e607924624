"""The chain and priority (rules F-24 to F-26): playing a card or activating an ability puts it on
the chain and passes priority; when both players pass in a row, the last item resolves (last in,
first out) and priority is offered again; with the chain empty and both passing, the step ends.

Placing a land, setting a trap face down and paying do not open a chain (rule F-26; setting a trap
is a decision, rules.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import record
from sim.rulesets.fortaleza.agents import decide, window_is_quiet
from sim.rulesets.fortaleza.constants import (
    What,
    E_ON, E_TARGET, Action, Agent, Event, Field, Keyword, Kind, On, Param, Seen, Zone,
)
from sim.rulesets.fortaleza.effects import apply_effect, check_fortresses, fire_triggers
from sim.rulesets.fortaleza.field import controls_name, place_land, refresh_bearer
from sim.rulesets.fortaleza.state import (
    move,
    CH_CARD, CH_EFFECT, CH_SIDE, CH_T_CARD, CH_T_SIDE, CH_WHAT, CS_ARMOUR, CS_BEARER, CS_FLAGS, CS_FRESH,
    CS_SET_TURN, CS_TAPPED, CS_WEAPON, CS_ZONE, G_ACTIVE, G_DEPTH, G_NEXT, G_OVER, G_TURN, GAME, PS_AGENT, PS_ENERGY,
    PS_HAND, PS_QUIET_IDLE, PS_SUPPORTS, PS_UNITS,
)
from sim.rulesets.fortaleza.targets import answers_held, chosen_effect, effect_base, legal_target

MAX_WINDOW_ACTIONS = 64  # a safety bound on actions in one window; real windows use a handful

# agents.decide's `main` as numpy bools, not literals: a literal True or False compiles choose_listed,
# the largest function of the kernel, once for each value
MAIN = np.bool_(True)
RESPONSE = np.bool_(False)
LEAN = np.bool_(True)  # decide's `lean`: play needs only the choice (agents.choose_listed)


@njit(cache=True, _nrt=False)
def push(g: np.void, side: int, c: int, what: int, ts: int, tc1: int) -> None:
    ps, ch = g.ps, g.ch
    d = ps[GAME, G_DEPTH]
    ch[d, CH_SIDE] = side
    ch[d, CH_CARD] = c
    ch[d, CH_WHAT] = what
    ch[d, CH_EFFECT] = 0
    ch[d, CH_T_SIDE] = ts
    ch[d, CH_T_CARD] = tc1
    ps[GAME, G_DEPTH] = d + 1


@njit(cache=True, _nrt=False)
def take_action(g: np.void, p: int, i: int) -> bool:
    """Carry out candidate i of player p: pay (rule F-08, automatic), then put it on the chain.
    Returns True when something went on the chain (the caller then runs it)."""
    tab, cs, ps, cand = g.tab, g.cs, g.ps, g.cand
    action = cand[i, 0]
    c = cand[i, 1]
    ts = cand[i, 2]
    tc1 = cand[i, 3]
    if action == Action.LAND:  # rules F-07, F-26
        place_land(g, p, c)
        return False
    if action == Action.SET_TRAP:  # rule F-15: free, face down
        move(cs, ps, p, c, Zone.SUPPORT)
        cs[p, c, CS_SET_TURN] = ps[GAME, G_TURN] + 1
        cs[p, c, CS_FLAGS] |= Seen.PLAYED
        ps[p, PS_HAND] -= 1
        ps[p, PS_SUPPORTS] += 1
        record(g, p, Event.SET_TRAP, c, 0, 0)
        return False
    if action == Action.CAST:
        ps[p, PS_ENERGY] -= tab[p, c, Field.COST]
        move(cs, ps, p, c, Zone.CHAIN)
        cs[p, c, CS_FLAGS] |= Seen.PLAYED
        ps[p, PS_HAND] -= 1
        record(g, p, Event.CAST, c, ts, tc1)
        push(g, p, c, What.CAST, ts, tc1)
    elif action == Action.TRAP:  # rule F-15: pay, reveal, resolve, then discard
        ps[p, PS_ENERGY] -= tab[p, c, Field.COST]
        move(cs, ps, p, c, Zone.CHAIN)
        cs[p, c, CS_SET_TURN] = 0
        ps[p, PS_SUPPORTS] -= 1
        record(g, p, Event.TRAP, c, ts, tc1)
        push(g, p, c, What.CAST, ts, tc1)
    elif action == Action.EQUIP:  # rule F-16 (F-28: some equip for 1)
        ps[p, PS_ENERGY] -= tab[p, c, Field.EQUIP_COST]
        record(g, p, Event.EQUIP, c, tc1 - 1, 0)
        push(g, p, c, What.EQUIP, ts, tc1)
    elif action == Action.ACTIVATE:  # rule F-18: the ability exhausts its card
        ps[p, PS_ENERGY] -= tab[p, c, Field.ACTIVATE_COST]
        cs[p, c, CS_TAPPED] = 1
        record(g, p, Event.ACTIVATE, c, ts, tc1)
        push(g, p, c, What.ABILITY, ts, tc1)
    return True


@njit(cache=True, _nrt=False)
def _attach(g: np.void, side: int, e: int, u: int) -> None:
    """Rule F-17: one weapon and one armour per unit; a new one of the same subtype detaches the old.
    A unit whose RES falls to its damage by the move (the equipment's old bearer, or u with a weaker
    armour than the one it replaced) goes to the discard pile (rule F-22, field.refresh_bearer)."""
    tab, cs = g.tab, g.cs
    slot = CS_WEAPON if tab[side, e, Field.SUBTYPE] == 1 else CS_ARMOUR
    old_bearer = cs[side, e, CS_BEARER] - 1
    if old_bearer >= 0:
        cs[side, old_bearer, slot] = 0
    previous = cs[side, u, slot] - 1
    if previous >= 0:
        cs[side, previous, CS_BEARER] = 0
    cs[side, u, slot] = e + 1
    cs[side, e, CS_BEARER] = u + 1
    if old_bearer >= 0:
        refresh_bearer(g, side, old_bearer)
    refresh_bearer(g, side, u)


@njit(cache=True, _nrt=False)
def _apply_all(g: np.void, side: int, c: int, on: int, ts: int, tc: int) -> None:
    tab = g.tab
    for k in range(tab[side, c, Field.N_EFFECTS]):
        if tab[side, c, effect_base(k) + E_ON] == on:
            apply_effect(g, side, c, k, ts, tc)
            if g.ps[GAME, G_OVER]:
                return


@njit(cache=True, _nrt=False)
def _enter(g: np.void, side: int, c: int, zone: int, count: int, refused: bool) -> None:
    """A resolved unit or artifact enters its zone and its `entrar` effects happen (rules F-27,
    F-29), unless the zone filled meanwhile or Único refuses it: then it goes to the discard pile
    (rules F-11, F-12)."""
    cs, ps = g.cs, g.ps
    if refused:
        move(cs, ps, side, c, Zone.DISCARD)
        record(g, side, Event.TO_DISCARD, c, 0, 0)
        return
    move(cs, ps, side, c, zone)
    cs[side, c, CS_FRESH] = 1  # rule F-20 (read for units): until its controller's next turn, whoever's turn this is
    ps[side, count] += 1
    record(g, side, Event.ENTERS, c, 0, 0)
    fire_triggers(g, side, c, On.ENTER)
    check_fortresses(g)


@njit(cache=True, _nrt=False, inline="always")  # into run_chain, its one caller in play
def resolve_top(g: np.void) -> None:
    """The last item added resolves (rule F-24). A card whose chosen target is gone fizzles and its
    cost is not refunded (rule F-25); a unit or artifact finding its zone full goes to the discard
    pile (rule F-11), as does a second Único of a name (rule F-12)."""
    tab, par, cs, ps, ch = g.tab, g.par, g.cs, g.ps, g.ch
    d = ps[GAME, G_DEPTH] - 1
    ps[GAME, G_DEPTH] = d
    # the chain is int32: widened here so the functions called below are compiled for int64 arguments
    # only, as from everywhere else (numba compiles a function once per combination of argument types)
    side = np.int64(ch[d, CH_SIDE])
    c = np.int64(ch[d, CH_CARD])
    what = ch[d, CH_WHAT]
    ts = np.int64(ch[d, CH_T_SIDE])
    tc = np.int64(ch[d, CH_T_CARD]) - 1
    kind = tab[side, c, Field.KIND]
    record(g, side, Event.RESOLVE, c, what, 0)
    if what == What.EQUIP:
        if cs[side, c, CS_ZONE] == Zone.SUPPORT and cs[side, tc, CS_ZONE] == Zone.UNIT:
            _attach(g, side, c, tc)
        else:
            record(g, side, Event.FIZZLE, c, 0, 0)
        return
    on = On.ACTIVATE if what == What.ABILITY else On.CAST
    k = chosen_effect(g, side, c, on)
    fizzled = k >= 0 and not legal_target(g, side, tab[side, c, effect_base(k) + E_TARGET], ts, tc)
    if what == What.ABILITY:
        if fizzled or (cs[side, c, CS_ZONE] != Zone.UNIT and cs[side, c, CS_ZONE] != Zone.SUPPORT):
            record(g, side, Event.FIZZLE, c, 0, 0)
        else:
            _apply_all(g, side, c, on, ts, tc)
        check_fortresses(g)
        return
    if kind == Kind.CHARACTER or kind == Kind.CREATURE:
        full = ps[side, PS_UNITS] >= par[Param.MAX_UNITS]
        unico = (tab[side, c, Field.KEYWORDS] & Keyword.UNICO) != 0 and controls_name(g, side, c)
        _enter(g, side, c, Zone.UNIT, np.int64(PS_UNITS), full or unico)  # not literals
        return
    if kind == Kind.ARTIFACT:
        full = ps[side, PS_SUPPORTS] >= par[Param.MAX_SUPPORTS]
        _enter(g, side, c, Zone.SUPPORT, np.int64(PS_SUPPORTS), full)
        return
    # a technique (rules F-13, F-14) or a revealed trap (rule F-15): resolve, then discard
    move(cs, ps, side, c, Zone.DISCARD)
    if fizzled:
        record(g, side, Event.FIZZLE, c, 0, 0)
        return
    _apply_all(g, side, c, on, ts, tc)
    check_fortresses(g)


@njit(cache=True, _nrt=False)
def run_chain(g: np.void, pusher: int) -> None:
    """Rule F-24: after `pusher` added an item, priority alternates; two passes in a row resolve the
    top item, after which the active player is offered priority again."""
    ps = g.ps
    p = 1 - pusher
    passes = 0
    guard = 0
    while ps[GAME, G_DEPTH] > 0 and not ps[GAME, G_OVER]:
        # decide's quick tests are inlined: most offers are declined without a call or a scan
        i = decide(g, p, RESPONSE, LEAN) if guard < MAX_WINDOW_ACTIONS else -1
        if i >= 0:
            guard += 1
            take_action(g, p, i)
            passes = 0
            p = 1 - p
            continue
        passes += 1
        p = 1 - p
        if passes >= 2:
            resolve_top(g)
            passes = 0
            p = ps[GAME, G_ACTIVE]


@njit(cache=True, _nrt=False, inline="always")
def left_out_when_quiet(ps: np.ndarray, p: int) -> np.int64:
    """The designs player p's agent leaves out of a quiet window (agents.idle_designs: every agent
    but the random one)."""
    return ps[p, PS_QUIET_IDLE] if ps[p, PS_AGENT] != Agent.RANDOM else np.int64(0)


@njit(cache=True, _nrt=False, inline="always")
def window(g: np.void) -> None:
    """A response window (rule F-19 steps 3 to 6 and 8): both players, the active one first, may play
    fast techniques, ready traps and fast abilities; it closes when both pass with the chain empty.
    Most windows have nobody who can answer, or only with what their agents leave out of a quiet
    window (agents.idle_designs then answers -1 for both offers, without a draw): they end here,
    quiet_window weighed once for both players (a call, agents.window_is_quiet: its loop compiled
    once, not at each of the six places a window opens)."""
    held0 = answers_held(g.ps, 0)
    held1 = answers_held(g.ps, 1)
    if not nobody_answers(g, held0, held1):
        _window(g)


@njit(cache=True, _nrt=False, inline="always")  # into window and combat.combat_window
def nobody_answers(g: np.void, held0: np.int64, held1: np.int64) -> bool:
    """Whether a window whose players hold these answers (targets.answers_held) ends as it opens:
    nobody holds one, or all they hold is what their agents leave out of a quiet window and it is
    quiet."""
    ps = g.ps
    if held0 == 0 and held1 == 0:
        return True
    return ((held0 & ~left_out_when_quiet(ps, 0)) | (held1 & ~left_out_when_quiet(ps, 1))) == 0 and window_is_quiet(g)


@njit(cache=True, _nrt=False)
def _window(g: np.void) -> None:
    ps = g.ps
    p = ps[GAME, G_ACTIVE]
    passes = 0
    guard = 0
    while passes < 2 and not ps[GAME, G_OVER]:
        # decide's quick tests are inlined: most offers are declined without a call or a scan
        i = decide(g, p, RESPONSE, LEAN) if guard < MAX_WINDOW_ACTIONS else -1
        if i >= 0:
            guard += 1
            if take_action(g, p, i):
                run_chain(g, p)
            passes = 0
            p = ps[GAME, G_ACTIVE]
            continue
        passes += 1
        p = 1 - p


@njit(cache=True, _nrt=False, inline="always")  # into main_phase and main_step: a main phase's steps make no call
def _step(g: np.void, active: int, i: int) -> bool:
    if i >= 0:
        if take_action(g, active, i):
            run_chain(g, active)
        return True
    j = decide(g, 1 - active, RESPONSE, LEAN)
    if j < 0:
        return False
    if take_action(g, 1 - active, j):
        run_chain(g, 1 - active)
    return True


@njit(cache=True, _nrt=False)
def main_step(g: np.void, active: int, i: int) -> bool:
    """One step of the active player's main phase (rule F-19 steps 2 and 7): its action i of the
    candidate list, followed by its chain, or with i < 0 its pass, to which the opponent may still
    respond with the chain empty (rule F-24). False when the phase ends: the active player passed
    and the opponent did not answer. (A hard player's main phase, hard.main_phase_searching, takes
    the same steps with its own choices.)"""
    return _step(g, active, i)


@njit(cache=True, _nrt=False)
def main_phase(g: np.void) -> None:
    """Rule F-19 steps 2 and 7: the active player plays lands, units, artifacts, traps, techniques
    and equips, each spell followed by its chain; when they pass, the opponent may still respond
    with the chain empty (rule F-24) before the phase ends (`main_step`)."""
    ps = g.ps
    active = ps[GAME, G_ACTIVE]
    guard = 0
    ps[GAME, G_NEXT] = 0  # made only by this loop's decisions
    while not ps[GAME, G_OVER] and guard < MAX_WINDOW_ACTIONS:
        guard += 1
        # after a land, the choice the land's decision made for this one (agents.choose_listed)
        i = ps[GAME, G_NEXT] - 2
        ps[GAME, G_NEXT] = 0
        if i == -2:
            i = decide(g, active, MAIN, LEAN)
        if not _step(g, active, i):  # main_step, compiled in
            return
