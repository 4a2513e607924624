"""Who dies in one fight (rules D-10, D-11, D-14, D-15), shared by combat and the agents' lookahead.

A fight is one row of `g.fights`: one or two attackers against one or two defenders, plus the dice
boosts of this combat. The three shapes the rules allow:
- one attacker against one defender (rule D-08; also a double attacker against a double blocker,
  which deals its ATQ once, rule D-11);
- two attackers against one double blocker (rule D-10): their ATQ add up against its DEF and only
  the first attacker receives its counterattack (rule D-12);
- one double attacker against two defenders (rule D-11): it deals its full ATQ to each and receives
  the sum of their ATQ.
Which shapes are legal is legal.py's (`legal.legal_fight`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rulesets.dicedraft.constants import Boost, Field
from sim.rulesets.dicedraft.state import F_A0, F_A1, F_ATQ_A, F_ATQ_D, F_D0, F_D1, F_DEF_A, F_DEF_D


@njit(cache=True, _nrt=False, inline="always")
def fight_deaths(g: np.void, f: int, att: int) -> tuple:
    """(first attacker dies, second attacker dies, first defender dies, second defender dies).

    Rule D-15: a character dies when the ATQ against it equals or exceeds its DEF; attack and
    counterattack resolve together, so both sides may die. Rule D-14: a dice boost counts once per
    side of the fight, never once per character."""
    tab, fights = g.tab, g.fights
    dfn = 1 - att
    a0 = fights[f, F_A0]
    a1 = fights[f, F_A1]
    d0 = fights[f, F_D0]
    d1 = fights[f, F_D1]
    atq_a = fights[f, F_ATQ_A]
    def_a = fights[f, F_DEF_A]
    atq_d = fights[f, F_ATQ_D]
    def_d = fights[f, F_DEF_D]
    if a1 >= 0:
        # rule D-10: joint attack against the double blocker; it strikes back at the first only
        joint = tab[att, a0, Field.ATQ] + tab[att, a1, Field.ATQ] + atq_a
        d0_dies = joint >= tab[dfn, d0, Field.DEF] + def_d
        a0_dies = tab[dfn, d0, Field.ATQ] + atq_d >= tab[att, a0, Field.DEF] + def_a
        return a0_dies, False, d0_dies, False
    if d1 >= 0:
        # rule D-11: full ATQ to each defender (a DEF boost protects both, rule D-14) ...
        hit = tab[att, a0, Field.ATQ] + atq_a
        d0_dies = hit >= tab[dfn, d0, Field.DEF] + def_d
        d1_dies = hit >= tab[dfn, d1, Field.DEF] + def_d
        # ... and the sum of both defenders' ATQ back, an ATQ boost added once (rule D-14)
        counter = tab[dfn, d0, Field.ATQ] + tab[dfn, d1, Field.ATQ] + atq_d
        a0_dies = counter >= tab[att, a0, Field.DEF] + def_a
        return a0_dies, False, d0_dies, d1_dies
    # one against one (rule D-08); a double attacker against a double blocker deals its ATQ once (D-11)
    d0_dies = tab[att, a0, Field.ATQ] + atq_a >= tab[dfn, d0, Field.DEF] + def_d
    a0_dies = tab[dfn, d0, Field.ATQ] + atq_d >= tab[att, a0, Field.DEF] + def_a
    return a0_dies, False, d0_dies, False


NEVER = 1 << 30  # a threshold no roll reaches


@njit(cache=True, _nrt=False, inline="always")
def flips(g: np.void, f: int, att: int, booster: int, boost: int) -> tuple:
    """The outcomes of fight f that a roll added by `booster` to its ATQ or DEF would turn in its
    favour, as (t1, v1, t2, v2): the smallest roll that turns each one and what that is worth to the
    booster. A threshold <= 0 means it happens already; NEVER means no roll can.

    Follows rules D-10, D-11, D-14 (the boost counts once per side) and D-15 (ATQ >= DEF kills)."""
    tab, val, fights = g.tab, g.val, g.fights
    dfn = 1 - att
    a0 = fights[f, F_A0]
    a1 = fights[f, F_A1]
    d0 = fights[f, F_D0]
    d1 = fights[f, F_D1]
    attack = tab[att, a0, Field.ATQ] + fights[f, F_ATQ_A]
    if a1 >= 0:
        attack += tab[att, a1, Field.ATQ]  # rule D-10: joint attack on the double blocker
    counter = tab[dfn, d0, Field.ATQ] + fights[f, F_ATQ_D]
    if d1 >= 0:
        counter += tab[dfn, d1, Field.ATQ]  # rule D-11: both defenders strike the double attacker
    a0_def = tab[att, a0, Field.DEF] + fights[f, F_DEF_A]
    d0_def = tab[dfn, d0, Field.DEF] + fights[f, F_DEF_D]
    d1_def = tab[dfn, d1, Field.DEF] + fights[f, F_DEF_D] if d1 >= 0 else 0
    t2 = NEVER
    v2 = 0.0
    if booster == att:
        if boost == Boost.ATQ:  # kill the defenders
            t1, v1 = d0_def - attack, val[att, dfn, d0]
            if d1 >= 0:
                t2, v2 = d1_def - attack, val[att, dfn, d1]
        else:  # save the first attacker (the second is never struck back)
            t1, v1 = counter - a0_def + 1, val[att, att, a0]
    elif boost == Boost.ATQ:  # kill the first attacker
        t1, v1 = a0_def - counter, val[dfn, att, a0]
    else:  # save the defenders
        t1, v1 = attack - d0_def + 1, val[dfn, dfn, d0]
        if d1 >= 0:
            t2, v2 = attack - d1_def + 1, val[dfn, dfn, d1]
    return t1, v1, t2, v2


@njit(cache=True, _nrt=False, inline="always")
def roll_gain(g: np.void, f: int, att: int, booster: int, boost: int, roll: int) -> float:
    """What adding `roll` to fight f is worth to `booster`: the value of the outcomes it turns."""
    t1, v1, t2, v2 = flips(g, f, att, booster, boost)
    gain = 0.0
    if 1 <= t1 <= roll:
        gain += v1
    if 1 <= t2 <= roll:
        gain += v2
    return gain
