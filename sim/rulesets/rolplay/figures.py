"""The figures of the creatures in play that the greedy agent's attack phase weighs (rules R-11 to
R-14), kept in the game record through the phase instead of found from the cards at each valuation.

- `g.fig[side, card, FIG_*]` (int64): a creature's ATQ now, its defense left, the defenses it has
  left this turn, the life each of its attacks costs its owner (R-18) and its place.
- `g.fig_worth[side, card]` (float64): the greedy agent's value of it (`worth_of`, agents.creature_worth).
- `g.fig_mask[side, FM_*]` (int64): masks of the side's creatures in play that are mystic now, are
  berserkers, are printed defenders, may defend against an attacker that is not a mystic
  (legal.may_defend_against), could attack this turn (legal.could_attack), could and have an attack
  left, and are in attack mode.

Within an attack phase only its fights change a creature: damage, the attacker's attacks, the
defender's defenses, deaths; the taps, boosts, turn-bound effects and the opponent's modes hold,
and the lives are read from the players (the attacking side's modes change, so which of its
creatures may defend is not kept: only the defending side's is read). So the table is made when the phase starts
(`fill_figures`, both sides), what each fight changed in its two creatures is made again after it
(`refresh_after_attack`; one that left play leaves every mask), and the owner's modes go into
FM_ATTACK_MODE as they are set. A valuation then reads one row instead of the card's table through
its design (each `g.tab[side, g.cs[side, c, CS_DESIGN], field]` two loads, a design's abilities
summed for its worth). Outside an attack phase of the greedy agent's the table is stale: every
entry point the other agents and the scenarios call makes it first (agents.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rulesets.rolplay.constants import Field, Weight, Zone
from sim.rulesets.rolplay.legal import could_attack, may_defend_against
from sim.rulesets.rolplay.state import (
    CS_ATTACK_MODE, CS_ATTACKS, CS_DEFENSES, CS_DESIGN, CS_PLACE, CS_ZONE, N_FM, atq_of, def_left, field, in_zone,
    is_mystic, lowest_bit,
)

# fig[side, card, ...]
FIG_ATQ = 0
FIG_LEFT = 1  # defense left (state.def_left)
FIG_DEFENSES = 2  # defenses left this turn: multi_defense less those made, at least 0
FIG_SELF_DAMAGE = 3  # life its owner loses at each of its attacks
FIG_PLACE = 4

# fig_mask[side, ...]
FM_MYSTIC = 0  # state.is_mystic
FM_BERSERKER = 1
FM_DEFENDER = 2  # printed a defender (an all_defenders effect is in FM_MAY_DEFEND only)
FM_MAY_DEFEND = 3  # legal.may_defend_against an attacker that is not a mystic (kept for the defending side only)
FM_COULD_ATTACK = 4  # legal.could_attack
FM_ABLE = 5  # could attack, with an attack left this turn: in attack mode, legal.may_attack
FM_ATTACK_MODE = 6


@njit(cache=True, _nrt=False, inline="always")
def worth_of(g: np.void, p: int, c: int, atq: int, left: int, mystic: bool) -> float:
    """Greedy's value of p's creature c in play with ATQ `atq`, defense left `left` and mystic or not
    (damage, boosts and amulet counted in them): agents.creature_worth."""
    w = g.w[p]
    value = w[Weight.ATQ] * atq * field(g, p, c, Field.MULTI_ATTACK) + w[Weight.DEF] * max(left, 0)
    value += 2.0 * mystic + 1.0 * field(g, p, c, Field.DEFENDER)
    return value + 0.5 + 0.3 * g.ability_worth[p, g.cs[p, c, CS_DESIGN]]


@njit(cache=True, _nrt=False, inline="always")
def _with_bit(mask: np.int64, c: int, on: bool) -> np.int64:
    return (mask & ~(np.int64(1) << c)) | (np.int64(on) << c)


@njit(cache=True, _nrt=False)
def figures_from_cards(g: np.void, side: int, c: int) -> None:
    """Make side's creature c's row and mask bits from the cards.
    Every figure is read before any is written, so that the compiled code reads the card's design
    once (a write to the record could otherwise change what it reads)."""
    masks = g.fig_mask[side]
    cs = g.cs[side, c]
    atq = atq_of(g, side, c)
    left = def_left(g, side, c)
    mystic = is_mystic(g, side, c)
    defenses = max(field(g, side, c, Field.MULTI_DEFENSE) - cs[CS_DEFENSES], 0)
    self_damage = field(g, side, c, Field.SELF_DAMAGE)
    worth = worth_of(g, side, c, atq, left, mystic)
    berserker = field(g, side, c, Field.BERSERKER) != 0
    defender = field(g, side, c, Field.DEFENDER) != 0
    may_defend = may_defend_against(g, side, c, False)
    could = could_attack(g, side, c)
    able = could and cs[CS_ATTACKS] < field(g, side, c, Field.MULTI_ATTACK)
    attack_mode = cs[CS_ATTACK_MODE] == 1
    place = cs[CS_PLACE]
    row = g.fig[side, c]
    row[FIG_ATQ] = atq
    row[FIG_LEFT] = left
    row[FIG_DEFENSES] = defenses
    row[FIG_SELF_DAMAGE] = self_damage
    row[FIG_PLACE] = place
    g.fig_worth[side, c] = worth
    masks[FM_MYSTIC] = _with_bit(masks[FM_MYSTIC], c, mystic)
    masks[FM_BERSERKER] = _with_bit(masks[FM_BERSERKER], c, berserker)
    masks[FM_DEFENDER] = _with_bit(masks[FM_DEFENDER], c, defender)
    masks[FM_MAY_DEFEND] = _with_bit(masks[FM_MAY_DEFEND], c, may_defend)
    masks[FM_COULD_ATTACK] = _with_bit(masks[FM_COULD_ATTACK], c, could)
    masks[FM_ABLE] = _with_bit(masks[FM_ABLE], c, able)
    masks[FM_ATTACK_MODE] = _with_bit(masks[FM_ATTACK_MODE], c, attack_mode)


@njit(cache=True, _nrt=False)
def fill_figures(g: np.void) -> None:
    """The table of both sides' creatures in play, made from the cards (an attack phase's start)."""
    for side in range(2):
        for k in range(N_FM):
            g.fig_mask[side, k] = 0
        m = in_zone(g, side, Zone.CREATURE)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            figures_from_cards(g, side, c)


@njit(cache=True, _nrt=False)
def refresh_after_attack(g: np.void, p: int, a: int, d: int) -> None:
    """What p's attack by a against q's defender d (-1: none) changed: the damage both took, a's
    attacks and d's defenses made this turn (R-11, R-12), or their leaving play."""
    _after_fight(g, p, a, True)
    if d >= 0:
        _after_fight(g, 1 - p, d, False)


@njit(cache=True, _nrt=False, inline="always")
def _after_fight(g: np.void, side: int, c: int, attacked: bool) -> None:
    """side's creature c after a fight (or an attack that reached life): its defense left and worth
    from its damage (its ATQ and mystic-ness hold), and as the attacker whether it has an attack
    left, as the defender its defenses left; a creature that left play leaves every mask."""
    masks = g.fig_mask[side]
    bit = np.int64(1) << c
    cs = g.cs[side, c]
    if cs[CS_ZONE] != Zone.CREATURE:
        for k in range(N_FM):
            masks[k] &= ~bit
        return
    row = g.fig[side, c]
    left = def_left(g, side, c)
    row[FIG_LEFT] = left
    g.fig_worth[side, c] = worth_of(g, side, c, row[FIG_ATQ], left, masks[FM_MYSTIC] & bit != 0)
    if attacked:
        if cs[CS_ATTACKS] >= field(g, side, c, Field.MULTI_ATTACK):
            masks[FM_ABLE] &= ~bit
    else:
        multi = field(g, side, c, Field.MULTI_DEFENSE)
        row[FIG_DEFENSES] = max(multi - cs[CS_DEFENSES], 0)
        if cs[CS_DEFENSES] >= multi:
            masks[FM_MAY_DEFEND] &= ~bit
