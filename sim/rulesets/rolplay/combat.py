"""Rolplay's attack (rules R-11 to R-14, R-18): an attack's life cost, the fight between an attacker
and its defender with damage that stays and the excess to life, an attack that reaches life, and
berserkers destroyed after fighting. Who defends is legal.defender_for (R-13); the game asks the
defending player first only in the 2002 variant (R-20)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import record
from sim.rulesets.rolplay.constants import Event, Field
from sim.rulesets.rolplay.effects import lose_life, remove_creature
from sim.rulesets.rolplay.state import (
    CS_ATTACKS, CS_DAMAGE, CS_DEFENSES, CS_DESIGN, G_OVER, GAME, KEPT_ROWS, atq_of, def_left, field, is_mystic,
)


@njit(cache=True, _nrt=False, inline="always")  # into game.attack_against, its one caller (20 calls a game)
def declare_attack(g: np.void, p: int, a: int, chosen: int) -> bool:
    """Rules R-11, R-18: attacker `a` of p attacks (one of its attacks this turn), at the opposing
    creature `chosen` (-1: none chosen); a creature printed with negative DEF costs its owner that
    much life first. False when that cost ended the game."""
    g.cs[p, a, CS_ATTACKS] += 1
    record(g, p, Event.ATTACK, g.cs[p, a, CS_DESIGN], g.cs[1 - p, chosen, CS_DESIGN] + 1 if chosen >= 0 else 0, 0)
    lose_life(g, p, field(g, p, a, Field.SELF_DAMAGE))
    return not g.ps[GAME, G_OVER]


@njit(cache=True, _nrt=False, inline="always")  # into game.attack_against, its one caller (15 calls a game)
def hit_life(g: np.void, p: int, a: int) -> None:
    """Rule R-13: with no creature to defend, the attack goes to the opponent's life; a berserker is
    destroyed after attacking (R-14)."""
    lose_life(g, 1 - p, atq_of(g, p, a))
    if field(g, p, a, Field.BERSERKER):
        remove_creature(g, p, a, Event.DIES)


@njit(cache=True, _nrt=False)
def fight(g: np.void, p: int, a: int, d: int) -> None:
    """Rules R-12, R-14: p's attacker a and q's defender d deal their ATQ to each other at once;
    damage stays; a card at 0 defense or less after damage is destroyed, and the attack left over
    goes to q's life (a 2/1 against a 1/1: both die, q loses 1). A mystic defending against a
    non-mystic deals its ATQ and takes nothing, and nothing reaches q's life (R-14 decision).
    Berserkers are destroyed after fighting."""
    cs = g.cs
    q = 1 - p
    cs[q, d, CS_DEFENSES] += 1
    record(g, q, Event.DEFEND, cs[q, d, CS_DESIGN], cs[p, a, CS_DESIGN], 0)
    atk = atq_of(g, p, a)
    back = atq_of(g, q, d)
    shielded = is_mystic(g, q, d) and not is_mystic(g, p, a)
    left_d = def_left(g, q, d)
    d_dies = False
    excess = 0
    if atk > 0 and not shielded:
        cs[q, d, CS_DAMAGE] += atk
        g.fig_kept[q, KEPT_ROWS] &= ~(np.int64(1) << d)  # state.figures_changed, not a call in a fight
        record(g, q, Event.DAMAGE, cs[q, d, CS_DESIGN], atk, def_left(g, q, d))
        if left_d - atk <= 0:
            d_dies = True
            excess = atk - max(left_d, 0)
    a_dies = False
    if back > 0:
        cs[p, a, CS_DAMAGE] += back
        g.fig_kept[p, KEPT_ROWS] &= ~(np.int64(1) << a)
        record(g, p, Event.DAMAGE, cs[p, a, CS_DESIGN], back, def_left(g, p, a))
        a_dies = def_left(g, p, a) <= 0
    if d_dies or field(g, q, d, Field.BERSERKER):
        remove_creature(g, q, d, Event.DIES)
    if a_dies or field(g, p, a, Field.BERSERKER):
        remove_creature(g, p, a, Event.DIES)
    lose_life(g, q, excess)


@njit(cache=True, _nrt=False)
def fight_outcome(g: np.void, p: int, a: int, d: int) -> tuple:
    """What `fight` would do, without doing it: (attacker dies, defender dies, life q loses)."""
    q = 1 - p
    return outcome_of(atq_of(g, p, a), atq_of(g, q, d), def_left(g, p, a), def_left(g, q, d),
                      is_mystic(g, q, d) and not is_mystic(g, p, a), field(g, p, a, Field.BERSERKER) != 0,
                      field(g, q, d, Field.BERSERKER) != 0)


@njit(cache=True, _nrt=False, inline="always")  # into the greedy agent's valuations (agents.attack_worth)
def outcome_of(atk: int, back: int, left_a: int, left_d: int, shielded: bool, berserker_a: bool,
               berserker_d: bool) -> tuple:
    """`fight_outcome` given the two creatures' ATQ and defense left, whether the defender is shielded
    (a mystic against a non-mystic, R-14) and which are berserkers (destroyed after fighting)."""
    d_dies = atk > 0 and not shielded and left_d - atk <= 0
    excess = atk - max(left_d, 0) if d_dies else 0
    a_dies = (back > 0 and left_a - back <= 0) or berserker_a
    return a_dies, d_dies or berserker_d, excess
