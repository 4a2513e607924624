"""Combat in epikha (rules E-25 to E-27, invented: the source names Fuerza, Resistencia and Vital but
not how they meet): attackers into the Combat Zone, blockers beside them, damage dealt at the same
time, and the return to the Deployment Zone at Regroup (E-28)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import record
from sim.rulesets.epikha.constants import PLAYER_C, Event, Param, Rule, Zone
from sim.rulesets.epikha.effects import check_vitals, lose_vital, regenerate
from sim.rulesets.epikha.state import (
    CS_ATTACKED, CS_FOE, CS_ZONE, G_TURN, GAME, fuerza_of, in_zone, lowest_bit, move, resistencia_of, rules_of, vital_of,
)


@njit(cache=True, _nrt=False, inline="always")  # one caller, game.combat_and_regroup: a library less to optimise
def declare_attacker(g: np.void, p: int, c: int) -> None:
    """Rule E-25: the attacker takes its own Combat Zone slot (the Player card fights in person)."""
    move(g, p, c, Zone.COMBAT)
    g.cs[p, c, CS_FOE] = 0
    g.cs[p, c, CS_ATTACKED] = g.ps[GAME, G_TURN] + 1
    record(g, p, Event.ATTACK, g.cs[p, c, 0], 0, 0)


@njit(cache=True, _nrt=False, inline="always")  # two callers, game.declare_blocks_from and game.block
def declare_blocker(g: np.void, q: int, b: int, a: int) -> None:
    """Rule E-26: the blocker stands in the attacker's slot, in the Combat Zone until Regroup."""
    move(g, q, b, Zone.COMBAT)
    g.cs[q, b, CS_FOE] = a + 1
    g.cs[1 - q, a, CS_FOE] = b + 1
    record(g, q, Event.BLOCK, g.cs[q, b, 0], g.cs[1 - q, a, 0], 0)


@njit(cache=True, _nrt=False)
def strike(g: np.void, p: int, a: int, q: int, b: int) -> int:
    """Fuerza less the other's Resistencia, at least `min_damage` (rule E-27)."""
    return max(fuerza_of(g, p, a) - resistencia_of(g, q, b), g.par[Param.MIN_DAMAGE])


@njit(cache=True, _nrt=False, inline="always")  # one caller, game.after_blocks: a library less to optimise
def combat_damage(g: np.void, p: int) -> None:
    """Rule E-27: in each slot attacker and blocker deal each other their damage at the same time; an
    unblocked attacker deals its damage to the defending Player card (direct damage, E-13); a blocked
    attacker's damage beyond the blocker's Vital reaches the Player card with Arrollar (or with
    `excess_to_player`). Then regeneracion (E-30) and the victory check (E-34)."""
    q = 1 - p
    cs = g.cs
    m = in_zone(g, p, Zone.COMBAT)
    while m:
        a = lowest_bit(m)
        m &= m - np.int64(1)
        if cs[p, a, CS_ZONE] != Zone.COMBAT:
            continue
        b = cs[p, a, CS_FOE] - 1
        if b < 0:
            player = np.int64(PLAYER_C)  # the constant as a number: a literal compiles each callee once more
            lose_vital(g, q, player, strike(g, p, a, q, player))
            continue
        to_b = strike(g, p, a, q, b)
        to_a = strike(g, q, b, p, a)
        excess = to_b - vital_of(g, q, b)
        lose_vital(g, q, b, to_b)
        lose_vital(g, p, a, to_a)
        if excess > 0 and (rules_of(g, p, a) & Rule.ARROLLAR or g.par[Param.EXCESS_TO_PLAYER]):
            lose_vital(g, q, np.int64(PLAYER_C), excess)
    regenerate(g)
    check_vitals(g)


@njit(cache=True, _nrt=False, inline="always")  # one caller, game.regroup: a library less to optimise
def return_from_combat(g: np.void) -> None:
    """Rule E-28: attackers and blockers go back to their Deployment Zones."""
    for side in range(2):
        m = in_zone(g, side, Zone.COMBAT)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            g.cs[side, c, CS_FOE] = 0
            move(g, side, c, Zone.DEPLOY)
