"""What a player may do now in epikha: who may pay for a spell and at which level it enters, which
targets it may take, which cards may be deployed, attached or moved into the Magic Zone, who may
attack and who may block. The agents choose only among what these functions allow."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rulesets.epikha.constants import PAYS, PLAYER_C, Class, Field, Param, Rule, Target, Window, Zone
from sim.rulesets.epikha.state import (
    CS_ATTACKED, CS_BEARER, CS_ENTERED, CS_GEAR_NIVEL, CS_FOE, CS_ITEMS, CS_WEAPONS, CS_ZONE, G_N_PENDING, G_TURN, GAME, P_CASTER, P_EFFECT, P_LEVEL, P_SEQ, P_SIDE,
    PS_CHARACTER_CARDS, PS_SPENT, PS_SPELL_LEVEL, PS_VITAL, deployment_used, field, in_zone, is_character, lowest_bit,
    rules_of, vital_of,
)


@njit(cache=True, _nrt=False)
def may_pay(g: np.void, side: int, c: int, amount: int) -> bool:
    """Rule E-05: a character with Magia or Espíritu (its own or its gear's, E-18), or the Player card,
    on the field but not in the Combat Zone, pays for spells; rule E-08: alone, so its own Vital must
    suffice (it may pay all of it, E-07). A machine pays only if it is a character (E-11)."""
    z = g.cs[side, c, CS_ZONE]
    if z != Zone.DEPLOY and z != Zone.MAGIC:
        return False
    if c != PLAYER_C and not (is_character(g, side, c) and rules_of(g, side, c) & PAYS):
        return False
    return vital_of(g, side, c) >= amount


@njit(cache=True, _nrt=False)
def payers(g: np.void, side: int, amount: int) -> np.int64:
    """The side's cards that may pay `amount` for a spell now (E-05, E-08)."""
    m = in_zone(g, side, Zone.DEPLOY) | in_zone(g, side, Zone.MAGIC)
    out = np.int64(0)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if may_pay(g, side, c, amount):
            out |= np.int64(1) << c
    return out


# compiled into its callers (spells.cast, agents.spell_worth, both inside game.spell_window): with
# spell_worth compiled in, LLVM kept it a call, 8 a game (docs/engine.md, "Epikha, an eighteenth round")
@njit(cache=True, _nrt=False, inline="always")
def entry_level(g: np.void, side: int, spell: int, caster: int) -> int:
    """Rules E-03, E-09, E-18, E-24: a spell enters at its printed level raised by its caster's `nivel`
    (its own and its gear's), its controller's `spell_level` passives and the Magic Zone's bonus
    when the caster stands there, never above `max_spell_level` (E-04)."""
    level = field(g, side, spell, Field.LEVEL) + g.ps[side, PS_SPELL_LEVEL]
    if caster >= 0:
        level += field(g, side, caster, Field.NIVEL) + g.cs[side, caster, CS_GEAR_NIVEL]
        if g.cs[side, caster, CS_ZONE] == Zone.MAGIC:
            level += g.par[Param.MAGIC_ZONE_LEVEL_BONUS]
    return min(level, g.par[Param.MAX_SPELL_LEVEL])


@njit(cache=True, _nrt=False)
def may_raise(g: np.void, side: int, k: int) -> bool:
    """Rule E-04: a pending spell of `side` below the highest level may be raised by its caster (E-09),
    who pays `raise_cost` as it paid the spell (E-05, E-08)."""
    pend = g.pend
    if k >= g.ps[GAME, G_N_PENDING] or pend[k, P_SIDE] != side or pend[k, P_EFFECT] >= 0:
        return False
    if pend[k, P_LEVEL] >= g.par[Param.MAX_SPELL_LEVEL]:
        return False
    return may_pay(g, side, pend[k, P_CASTER], g.par[Param.RAISE_COST])


@njit(cache=True, _nrt=False)
def valid_target(g: np.void, side: int, kind: int, tside: int, tcard: int) -> bool:
    """Rule E-23: whether a chosen target is (still) one the effect may take, for a spell of `side`.
    A pending spell is named by its cast number (P_SEQ)."""
    q = 1 - side
    if kind == Target.ENEMY_CHARACTER or kind == Target.OWN_CHARACTER:
        z = g.cs[tside, tcard, CS_ZONE]
        return (tside == (q if kind == Target.ENEMY_CHARACTER else side) and is_character(g, tside, tcard)
                and (z == Zone.DEPLOY or z == Zone.MAGIC or z == Zone.COMBAT))
    if kind == Target.ENEMY_ATTACKER:
        return tside == q and g.cs[q, tcard, CS_ZONE] == Zone.COMBAT and is_character(g, q, tcard)
    if kind == Target.CONTINUOUS_SPELL:
        return (tside == q and g.cs[q, tcard, CS_ZONE] == Zone.MAGIC
                and field(g, q, tcard, Field.CLASS) == Class.CONTINUOUS)
    if kind == Target.ENEMY_GEAR:
        return tside == q and g.cs[q, tcard, CS_ZONE] == Zone.GEAR
    if kind == Target.PENDING_SPELL:
        for k in range(g.ps[GAME, G_N_PENDING]):
            if g.pend[k, P_SEQ] == tcard and g.pend[k, P_SIDE] == q and g.pend[k, P_EFFECT] < 0:
                return True
        return False
    return True


@njit(cache=True, _nrt=False)
def deploy_budget(g: np.void, side: int) -> int:
    """Rule E-21: Vital the side may still pay this turn for cards other than spells."""
    return g.par[Param.DEPLOY_VITAL_PER_TURN] - g.ps[side, PS_SPENT]


@njit(cache=True, _nrt=False)
def may_deploy(g: np.void, side: int, c: int, window: int) -> bool:
    """Rules E-11, E-20, E-21: a character (in the Deployment phase) or a machine (in Deployment or
    Regroup) from the hand into a free place of the Deployment Zone, paid from the Player card's
    Vital within the turn's budget; the Player card never pays its last Vital for a card."""
    if g.cs[side, c, CS_ZONE] != Zone.HAND:
        return False
    klass = field(g, side, c, Field.CLASS)
    if klass == Class.CHARACTER:
        if window != Window.DEPLOYMENT:
            return False
    elif klass == Class.MACHINE:
        if window != Window.DEPLOYMENT and window != Window.REGROUP:
            return False
    else:
        return False
    cost = field(g, side, c, Field.COST)
    return (deployment_used(g, side) < g.par[Param.DEPLOYMENT_SLOTS] and cost <= deploy_budget(g, side)
            and g.ps[side, PS_VITAL] > cost)


@njit(cache=True, _nrt=False)
def may_attach(g: np.void, side: int, gear: int, bearer: int) -> bool:
    """Rules E-18, E-21, E-29: a weapon or item from the hand onto one of the side's characters (the
    Player card included) in its Deployment or Magic Zone, in the Deployment phase, within the
    budget and the bearer's weapons and items."""
    if g.cs[side, gear, CS_ZONE] != Zone.HAND:
        return False
    klass = field(g, side, gear, Field.CLASS)
    if klass != Class.WEAPON and klass != Class.ITEM:
        return False
    z = g.cs[side, bearer, CS_ZONE]
    if (z != Zone.DEPLOY and z != Zone.MAGIC) or not is_character(g, side, bearer):
        return False
    if klass == Class.WEAPON and g.cs[side, bearer, CS_WEAPONS] >= g.par[Param.WEAPONS_PER_CHARACTER]:
        return False
    if klass == Class.ITEM and g.cs[side, bearer, CS_ITEMS] >= g.par[Param.ITEMS_PER_CHARACTER]:
        return False
    cost = field(g, side, gear, Field.COST)
    return cost <= deploy_budget(g, side) and g.ps[side, PS_VITAL] > cost


@njit(cache=True, _nrt=False)
def may_move_to_magic(g: np.void, side: int, c: int) -> bool:
    """Rules E-11, E-24: the Player card, or a character or machine bearing Magia or Espíritu, from the
    Deployment Zone into a free place of the Magic Zone (in Deployment or Regroup)."""
    if g.cs[side, c, CS_ZONE] != Zone.DEPLOY:
        return False
    if bit_count_of(in_zone(g, side, Zone.MAGIC)) >= g.par[Param.MAGIC_ZONE_SLOTS]:
        return False
    return c == PLAYER_C or rules_of(g, side, c) & PAYS != 0


@njit(cache=True, _nrt=False, inline="always")
def bit_count_of(m: np.int64) -> int:
    n = 0
    while m:
        m &= m - np.int64(1)
        n += 1
    return n


@njit(cache=True, _nrt=False)
def may_attack(g: np.void, side: int, c: int) -> bool:
    """Rule E-25: while a Combat Zone slot is free (E-20), a character (or character machine) in the
    Deployment Zone that did not enter play this turn (unless Veloz or `attack_on_entry`); the Player card in person if `player_may_attack`."""
    if g.cs[side, c, CS_ZONE] != Zone.DEPLOY or not is_character(g, side, c):
        return False
    if bit_count_of(in_zone(g, side, Zone.COMBAT)) >= g.par[Param.COMBAT_SLOTS]:
        return False
    if c == PLAYER_C:
        return g.par[Param.PLAYER_MAY_ATTACK] != 0
    fresh = g.cs[side, c, CS_ENTERED] == g.ps[GAME, G_TURN] + 1
    return not fresh or g.par[Param.ATTACK_ON_ENTRY] != 0 or rules_of(g, side, c) & Rule.VELOZ != 0


@njit(cache=True, _nrt=False, inline="always")  # one caller, agents.safe_attackers: a library less to optimise
def able_attackers(g: np.void, side: int) -> np.int64:
    """Rule E-25: the side's cards of which may_attack holds now, as a mask: its characters in the
    Deployment Zone (the side's character mask, not each card's design asked) while a Combat Zone slot
    is free, less those that entered play this turn (unless Veloz or `attack_on_entry`), the Player
    card only if `player_may_attack`."""
    if bit_count_of(in_zone(g, side, Zone.COMBAT)) >= g.par[Param.COMBAT_SLOTS]:
        return np.int64(0)
    m = in_zone(g, side, Zone.DEPLOY) & g.ps[side, PS_CHARACTER_CARDS]
    if g.par[Param.PLAYER_MAY_ATTACK] == 0:
        m &= ~(np.int64(1) << PLAYER_C)
    if g.par[Param.ATTACK_ON_ENTRY] != 0:
        return m
    out = m
    this_turn = g.ps[GAME, G_TURN] + 1
    m &= ~(np.int64(1) << PLAYER_C)  # may_attack asks the Player card only player_may_attack
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if g.cs[side, c, CS_ENTERED] == this_turn and rules_of(g, side, c) & Rule.VELOZ == 0:
            out &= ~(np.int64(1) << c)
    return out


@njit(cache=True, _nrt=False)
def may_block(g: np.void, side: int, c: int) -> bool:
    """Rule E-26: a character of the Deployment Zone, not the Player card (nor a card in the Magic Zone),
    that did not attack in the turn before (unless `attackers_block`)."""
    if c == PLAYER_C or g.cs[side, c, CS_ZONE] != Zone.DEPLOY or not is_character(g, side, c):
        return False
    if g.par[Param.ATTACKERS_BLOCK] == 0 and g.cs[side, c, CS_ATTACKED] == g.ps[GAME, G_TURN]:
        return False
    return g.cs[side, c, CS_FOE] == 0


@njit(cache=True, _nrt=False, inline="always")  # two callers: agents.safe_attackers, game.free_blockers
def blockers(g: np.void, side: int) -> np.int64:
    """The side's cards that may block now (E-26): may_block as a mask, its characters in the Deployment
    Zone but the Player card (the side's character mask, not each card's design asked), less those
    that attacked in the turn before (unless `attackers_block`) and those that fight already."""
    m = in_zone(g, side, Zone.DEPLOY) & g.ps[side, PS_CHARACTER_CARDS] & ~(np.int64(1) << PLAYER_C)
    out = m
    turn = g.ps[GAME, G_TURN]
    rested = g.par[Param.ATTACKERS_BLOCK] == 0
    while m:  # by set bit: a shift per card up to the Player card's bit 60 was a tenth of the greedy attack
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if (rested and g.cs[side, c, CS_ATTACKED] == turn) or g.cs[side, c, CS_FOE] != 0:
            out &= ~(np.int64(1) << c)
    return out


@njit(cache=True, _nrt=False)
def gear_of(g: np.void, side: int, bearer: int) -> np.int64:
    """The weapons and items attached to `bearer`."""
    m = in_zone(g, side, Zone.GEAR)
    out = np.int64(0)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if g.cs[side, c, CS_BEARER] == bearer + 1:
            out |= np.int64(1) << c
    return out

