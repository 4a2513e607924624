"""The effect vocabulary at work: damage and Protección, boosts, draws, healing with its cap,
destroying artifacts, recovering units, and the triggers of entering and attacking.

Effects are data (constants.Do, cards/*.toml); this is the one place that gives each word its
meaning, so a card that uses only these words needs no code.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import record
from sim.rulesets.fortaleza.agents import choose_recover, choose_target
from sim.rulesets.fortaleza.constants import (
    E_COND, E_DO, E_N, E_ON, E_TARGET, N_DESIGNS, Do, End, Event, Field, Param, Seen, Target, Zone,
)
from sim.rulesets.fortaleza.field import destroy_if_lethal, draw_card, leave_field
from sim.rulesets.fortaleza.state import (
    in_zone, lowest_bit, move,
    CS_ATQ_BOOST, CS_DAMAGE, CS_PROT, CS_RES_BOOST, CS_SHOWN, G_END, G_OVER, G_WINNER, GAME, PS_DAMAGED, PS_FORT,
    PS_FPROT, PS_FRAIL, PS_HAND,
)
from sim.rulesets.fortaleza.targets import condition_holds, effect_base, is_chosen, legal_target


@njit(cache=True, _nrt=False)
def damage_unit(g: np.void, side: int, c: int, n: int) -> None:
    """Rule F-35: Protección prevents the next N damage and is used up as it prevents; the rest is
    marked on the unit (rule F-22; `remove_dead` sends it to the discard pile)."""
    cs = g.cs
    prevented = min(cs[side, c, CS_PROT], n)
    cs[side, c, CS_PROT] -= prevented
    cs[side, c, CS_DAMAGE] += n - prevented
    g.ps[side, PS_DAMAGED] |= np.int64(1) << c  # the units remove_dead checks next (and agents.quiet_window till then)
    record(g, side, Event.DAMAGE_UNIT, c, n - prevented, prevented)


@njit(cache=True, _nrt=False)
def damage_fortress(g: np.void, side: int, n: int) -> None:
    """Damage to a Fortaleza, less its Protección (rule F-35)."""
    ps = g.ps
    prevented = min(ps[side, PS_FPROT], n)
    ps[side, PS_FPROT] -= prevented
    ps[side, PS_FORT] -= n - prevented
    record(g, side, Event.DAMAGE_FORT, n - prevented, prevented, ps[side, PS_FORT])


@njit(cache=True, _nrt=False)
def heal_fortress(g: np.void, side: int, n: int) -> None:
    """Rule F-30: healing never takes a Fortaleza above the cap (25)."""
    par, ps = g.par, g.ps
    before = ps[side, PS_FORT]
    after = min(before + n, par[Param.HEAL_CAP]) if before < par[Param.HEAL_CAP] else before
    ps[side, PS_FORT] = after
    record(g, side, Event.HEAL, after - before, after, 0)


@njit(cache=True, _nrt=False, inline="always")  # into combat.combat_damage and apply_effect, its two callers
def remove_dead(g: np.void) -> None:
    """Rule F-22 after damage is marked: every unit with damage >= RES goes to the discard pile.
    (Where RES falls instead, field.refresh_bearer checks the one unit concerned.) Only the units
    marked damage since the last call can be lethal, unless a card could leave one at 0 RES undamaged
    (targets.frail): those are the ones checked. Then the marks go: every unit left has less damage
    than RES, so toughness left (Protección is never below 0 unless frail) above 0, until damage is
    marked again (damage_unit, always followed by this before any decision). agents.quiet_window and
    agents.blockers_idle, which look for a unit at 0 toughness among the marked ones, then scan none
    (they scanned the units that had survived their damage earlier in the turn, and found none)."""
    ps = g.ps
    checked = np.int64(-1) if ps[0, PS_FRAIL] | ps[1, PS_FRAIL] else np.int64(0)
    for side in range(2):
        units = in_zone(ps, side, Zone.UNIT) & (ps[side, PS_DAMAGED] | checked)
        while units:
            c = lowest_bit(units)
            units &= units - 1
            destroy_if_lethal(g, side, c)
        ps[side, PS_DAMAGED] = 0


@njit(cache=True, _nrt=False)
def end_game(g: np.void, winner: int, reason: int) -> None:
    ps = g.ps
    if ps[GAME, G_OVER]:
        return
    ps[GAME, G_OVER] = 1
    ps[GAME, G_WINNER] = winner
    ps[GAME, G_END] = reason
    record(g, -1, Event.END, winner, reason, 0)


@njit(cache=True, _nrt=False, inline="always")  # into the four places damage or an entry may end the game
def check_fortresses(g: np.void) -> bool:
    """Rule F-06: a Fortaleza at 0 loses; both at 0 together is a draw. True when the game is over.
    One call of end_game, not one per outcome: each call site compiled in costs its caller a slot."""
    ps = g.ps
    zero_a = ps[0, PS_FORT] <= 0
    zero_b = ps[1, PS_FORT] <= 0
    if zero_a or zero_b:
        if zero_a and zero_b:
            winner, reason = np.int64(-1), End.BOTH_ZERO
        else:
            winner, reason = np.int64(1 if zero_a else 0), End.FORTALEZA
        end_game(g, winner, reason)
    return ps[GAME, G_OVER] == 1


@njit(cache=True, _nrt=False, inline="always")  # into the draw step and the draw effect: a few loads
def draw_or_lose(g: np.void, side: int, flag: int) -> bool:
    """Rule F-06: a player who must draw from an empty deck loses. True when the card was drawn."""
    if draw_card(g, side, np.int64(flag)):  # int64 as from the draw step: one compile
        return True
    end_game(g, 1 - side, End.DECKED)
    return False


@njit(cache=True, _nrt=False)
def apply_effect(g: np.void, side: int, c: int, k: int, ts: int, tc: int) -> None:
    """Effect k of card c (controlled by `side`) happens, aimed at card tc of side ts where it takes
    a chosen target (legality was checked by the caller)."""
    tab, cs, ps = g.tab, g.cs, g.ps
    base = effect_base(k)
    do = tab[side, c, base + E_DO]
    n = tab[side, c, base + E_N]
    target = tab[side, c, base + E_TARGET]
    if target == Target.SELF:
        ts = side
        tc = c
    if do == Do.DAMAGE:
        if target == Target.ENEMY_FORTRESS:
            damage_fortress(g, 1 - side, np.int64(n))  # int64 as from combat: one compile
        else:
            damage_unit(g, ts, tc, n)
            remove_dead(g)
    elif do == Do.PROTECT:  # rule F-35
        if target == Target.OWN_FORTRESS:
            ps[side, PS_FPROT] += n
            record(g, side, Event.PROTECT, 0, n, 0)
        else:
            cs[ts, tc, CS_PROT] += n
            record(g, ts, Event.PROTECT, tc + 1, n, 0)
    elif do == Do.BOOST_ATQ:
        cs[ts, tc, CS_ATQ_BOOST] += n
        record(g, ts, Event.BOOST, tc, n, 0)
    elif do == Do.BOOST_RES:
        cs[ts, tc, CS_RES_BOOST] += n
        record(g, ts, Event.BOOST, tc, 0, n)
    elif do == Do.DRAW:
        for _ in range(n):
            if not draw_or_lose(g, side, Seen.DRAWN):
                break
    elif do == Do.DESTROY_ARTIFACT:
        record(g, ts, Event.DESTROYED, tc, 0, 0)
        leave_field(g, ts, tc)
    elif do == Do.HEAL:
        heal_fortress(g, side, n)
    elif do == Do.RECOVER:  # rule F-29 (Corea 032): a unit of cost <= N from the discard pile to the hand
        r = choose_recover(g, side, n)
        if r >= 0:
            move(cs, ps, side, r, Zone.HAND)
            cs[side, r, CS_SHOWN] = 1  # both players saw it come back: not a hidden card of the hand
            ps[side, PS_HAND] += 1
            record(g, side, Event.RECOVER, r, 0, 0)


@njit(cache=True, _nrt=False, inline="always")  # into _enter and declare_attackers: most cards have no trigger for `on`
def fire_triggers(g: np.void, side: int, c: int, on: int) -> None:
    """The card's effects with trigger `on` (entrar, atacar) happen now, each if its condition holds
    (rules F-27 to F-29); a chosen target is picked by the controller's agent now (none: no effect).
    Triggers do not use the chain (decision, rules.md)."""
    tab, ps = g.tab, g.ps
    for k in range(tab[side, c, Field.N_EFFECTS]):
        base = effect_base(k)
        if tab[side, c, base + E_ON] != on:
            continue
        if not condition_holds(g, side, c, tab[side, c, base + E_COND]):
            continue
        ts = side
        tc = c
        if is_chosen(tab[side, c, base + E_TARGET]):
            pick = choose_target(g, side, c, k)
            if pick < 0:
                continue
            ts = pick // N_DESIGNS
            tc = pick % N_DESIGNS
            if not legal_target(g, side, tab[side, c, base + E_TARGET], ts, tc):
                continue
        apply_effect(g, side, c, k, ts, tc)
        if ps[GAME, G_OVER]:
            return
