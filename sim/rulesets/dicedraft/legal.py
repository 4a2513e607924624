"""What a dicedraft player may do now: the rules' legality checks, apart from the agents' choices.

The game asks this module what is legal and an agent (agents.py) only chooses among that. Where
the legal choices are a plain set, this lists them: the cards that may be put down (`put_down_options`)
or discarded (`discard_options`), the characters that may attack (`list_attackers`) or block
(`list_blockers`), the dice that may be used (`usable_dice`). A block assignment is combinatorial (one
defender, a pair of defenders or a second attacker joining a double blocker, for each attacker in
turn), so for it this module gives the checks of each shape (`can_block_alone`, `can_block_in_pair`,
`can_join`, `is_free`), which the agents' walks over the options test before they weigh one; and
`legal_fight` checks a whole fight row (scenario.py refuses a hand-made block with it).

Nothing here allocates; lists go to the record's scratch rows (state.SC_*).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import lowest_bit
from sim.rulesets.dicedraft.constants import Field, Param, Zone
from sim.rulesets.dicedraft.state import (
    CS_ENTERED, F_A0, F_A1, F_D0, F_D1, G_TURN, GAME, PS_CHARS, PS_ZONE_MASK, SC_ATTACKERS, SC_BLOCKERS,
)


@njit(cache=True, _nrt=False, inline="always")
def attacks_open(g: np.void) -> bool:
    """Rule D-06: attacks are open to both once the second player begins their third turn."""
    return g.ps[GAME, G_TURN] >= g.par[Param.ATTACK_FROM_TURN]


@njit(cache=True, _nrt=False, inline="always")
def put_down_options(g: np.void, side: int) -> np.int64:
    """Rule D-05: the cards the side may put face down now: any card of its hand (or it passes)."""
    return g.ps[side, PS_ZONE_MASK + Zone.HAND]


@njit(cache=True, _nrt=False, inline="always")
def discard_options(g: np.void, side: int) -> np.int64:
    """Hand limit (decision, rules.md): the cards the side may discard: any card of its hand."""
    return g.ps[side, PS_ZONE_MASK + Zone.HAND]


@njit(cache=True, _nrt=False, inline="always")
def table_characters(g: np.void, side: int) -> np.int64:
    """The side's characters on the table: those that may attack or block (rule D-07)."""
    return g.ps[side, PS_ZONE_MASK + Zone.TABLE] & g.ps[side, PS_CHARS]


@njit(cache=True, _nrt=False, inline="always")
def table_dice(g: np.void, side: int) -> np.int64:
    """The side's dice cards on the table: those it may use in a dice chain (rule D-13)."""
    return g.ps[side, PS_ZONE_MASK + Zone.TABLE] & ~g.ps[side, PS_CHARS]


@njit(cache=True, _nrt=False, inline="always")
def usable_dice(g: np.void, side: int) -> np.int64:
    """Rule D-13: the dice cards the side may use now in the chain: every one on its table (dice
    put down this turn included, decision in rules.md)."""
    return table_dice(g, side)


@njit(cache=True, _nrt=False, inline="always")
def can_attack(g: np.void, side: int, card: int) -> bool:
    """A character on the table (table_characters: dice cards never attack, rule D-07) may attack,
    unless it was put down this turn (summoning sickness, decision in rules.md)."""
    return g.par[Param.SUMMONING_SICKNESS] == 0 or g.cs[side, card, CS_ENTERED] < g.ps[GAME, G_TURN]


@njit(cache=True, _nrt=False, inline="always")
def list_attackers(g: np.void, side: int) -> int:
    """Rule D-07: the characters the side may declare as attackers now, in pool order, into
    g.scratch[SC_ATTACKERS]; returns how many."""
    out = g.scratch[SC_ATTACKERS]
    n = np.int64(0)
    m = table_characters(g, side)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        out[n] = c  # kept only when it may attack: a count, not a branch (which cards are sick is a coin toss)
        n += 1 if can_attack(g, side, c) else 0
    return n


@njit(cache=True, _nrt=False, inline="always")
def list_blockers(g: np.void, side: int) -> int:
    """Rule D-07: the characters the defending side may block with (any character on its table, one
    put down this turn included), in pool order, into g.scratch[SC_BLOCKERS]; returns how many."""
    out = g.scratch[SC_BLOCKERS]
    n = np.int64(0)
    able = table_characters(g, side)
    while able:
        out[n] = lowest_bit(able)
        able &= able - np.int64(1)
        n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def is_free(used: np.int64, b: int) -> bool:
    """Rule D-12: blocker b (an index into the blockers list) is in no fight yet: each defender
    covers one fight."""
    return not (used >> np.int64(b)) & np.int64(1)


@njit(cache=True, _nrt=False, inline="always")
def can_block_alone(g: np.void, dfn: int, a: int, d: int) -> bool:
    """Rules D-08 and D-11: defender d alone may block attacker a, unless a is a double attacker and
    d no double blocker (one normal defender cannot stop a double attack)."""
    return (g.tab[1 - dfn, a, Field.DOUBLE_ATTACK] == 0) | (g.tab[dfn, d, Field.DOUBLE_BLOCK] == 1)


@njit(cache=True, _nrt=False, inline="always")
def can_block_in_pair(g: np.void, dfn: int, a: int) -> bool:
    """Rule D-11: two free defenders together may block attacker a only when it is a double attacker."""
    return g.tab[1 - dfn, a, Field.DOUBLE_ATTACK] == 1


@njit(cache=True, _nrt=False, inline="always")
def second_slot_open(g: np.void, f: int, dfn: int) -> bool:
    """Rules D-10 and D-12: fight f is a double blocker covering one normal attacker alone, so it can
    take a second attacker."""
    fights = g.fights
    return (fights[f, F_A1] < 0 and fights[f, F_D1] < 0
            and g.tab[dfn, fights[f, F_D0], Field.DOUBLE_BLOCK] == 1
            and g.tab[1 - dfn, fights[f, F_A0], Field.DOUBLE_ATTACK] == 0)


@njit(cache=True, _nrt=False, inline="always")
def can_join(g: np.void, dfn: int, f: int, a: int) -> bool:
    """Rule D-10: attacker a may be blocked as the second attacker of fight f: a is a normal attacker
    and f's double blocker has its second slot open."""
    return g.tab[1 - dfn, a, Field.DOUBLE_ATTACK] == 0 and second_slot_open(g, f, dfn)


@njit(cache=True, _nrt=False)
def legal_fight(g: np.void, f: int, att: int) -> bool:
    """Is fight f one of the shapes the rules allow?

    Rule D-08: one defender covers one attacker. Rule D-10: a double blocker may cover two normal
    attackers. Rule D-11: a double attacker needs two defenders or one double blocker. Rule D-12: a
    double blocker covering a double attacker (standing in for two defenders) takes nobody else."""
    tab, fights = g.tab, g.fights
    dfn = 1 - att
    a0 = fights[f, F_A0]
    a1 = fights[f, F_A1]
    d0 = fights[f, F_D0]
    d1 = fights[f, F_D1]
    if a0 < 0 or d0 < 0 or (a1 >= 0 and d1 >= 0):
        return False
    double_attack = tab[att, a0, Field.DOUBLE_ATTACK] == 1
    if a1 >= 0:
        return (tab[dfn, d0, Field.DOUBLE_BLOCK] == 1 and not double_attack
                and tab[att, a1, Field.DOUBLE_ATTACK] == 0 and a1 != a0)
    if d1 >= 0:
        return double_attack and d1 != d0
    return not double_attack or tab[dfn, d0, Field.DOUBLE_BLOCK] == 1
