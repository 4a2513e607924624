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
(`fill_figures(g, p)`, both sides, each with only what p's valuations read of it: the attacking
side has no defenses, places or may-defend mask, the defending side no self damage nor printed
defender, could-attack, able or attack-mode masks), what each fight changed in its two creatures is made again after it
(`refresh_after_attack`; one that left play leaves every mask), and the owner's modes go into
FM_ATTACK_MODE as they are set. A valuation then reads one row instead of the card's table through
its design (each `g.tab[side, g.cs[side, c, CS_DESIGN], field]` two loads, a design's abilities
summed for its worth). Outside an attack phase of the greedy agent's the table is stale: every
entry point the other agents and the scenarios call makes it first (agents.py).

A creature's ATQ, defense left and worth (and its place and self damage, which hold while it is in
play) change between two tables only when its boosts, amulet DEF or damage are written, or its
side's unmystic or all_defenders effect starts or ends: each such writer marks it
(state.figures_changed), and a table makes again only the rows of the creatures marked since the
last (`g.fig_kept`); the masks, which read the turn, are made every time. A new game, a hard world
entered and the other agents' entry points (`fill_figures`) keep no row; the debug checks count a
kept row that is not the creature's figures now (`stale_figures`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rulesets.rolplay.constants import Field, Weight, Zone
from sim.rulesets.rolplay.state import (
    CS_AMULET_DEF, CS_ATQ_BOOST, CS_ATTACK_MODE, CS_ATTACKS, CS_DAMAGE, CS_DEF_BOOST, CS_DEFENSES, CS_DESIGN, CS_ENTERED,
    CS_PLACE, CS_TAP_UNTIL, CS_ZONE, G_TURN, GAME, KEPT_BONUS, KEPT_ROWS, KEPT_UNMYSTIC, N_FM, PS_ALLDEF_BONUS,
    PS_ALLDEF_UNTIL, PS_UNMYSTIC_UNTIL, atq_of, def_left, field, forget_figures, in_zone, is_mystic, lowest_bit,
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
def worth_in_row(w: np.ndarray, t: np.ndarray, atq: int, left: int, mystic: bool, ability: float) -> float:
    """`worth_of` from the weights w, the design's row t of the card table and its ability_worth."""
    value = w[Weight.ATQ] * atq * t[Field.MULTI_ATTACK] + w[Weight.DEF] * max(left, 0)
    value += 2.0 * mystic + 1.0 * t[Field.DEFENDER]
    return value + 0.5 + 0.3 * ability


@njit(cache=True, _nrt=False, inline="always")
def worth_of(g: np.void, p: int, c: int, atq: int, left: int, mystic: bool) -> float:
    """Greedy's value of p's creature c in play with ATQ `atq`, defense left `left` and mystic or not
    (damage, boosts and amulet counted in them): agents.creature_worth."""
    d = g.cs[p, c, CS_DESIGN]
    return worth_in_row(g.w[p], g.tab[p, d], atq, left, mystic, g.ability_worth[p, d])


@njit(cache=True, _nrt=False)
def fill_figures(g: np.void, p: int) -> None:
    """`fill_sides`, called, every row made: the entry points of the other agents and the scenarios
    (agents.py), which may have written the cards since the last table without marking them."""
    forget_figures(g)
    fill_sides(g, p)


@njit(cache=True, _nrt=False, inline="always")  # into game.chosen_modes and game.attacks (18 calls a game)
def fill_sides(g: np.void, p: int) -> None:
    """The table of both sides' creatures in play, made from the cards when p's attack phase starts:
    p's side with what its attacks and modes weigh, its opponent's with what its defenses weigh
    (`fill_side`)."""
    fill_side(g, p, True)
    fill_side(g, 1 - p, False)


@njit(cache=True, _nrt=False, inline="always")
def fill_side(g: np.void, side: int, attacking: bool) -> None:
    """side's rows and masks. Each side gets only what the valuations read of it (agents.py): the
    attacking side's self damage, and its printed defenders, could-attack, able and attack-mode
    masks; the defending side's defenses left, places and may-defend mask; both the ATQ, defense
    left, worth and the mystic and berserker masks. The other masks are left empty. The player's
    and the turn's figures (R-17: an unmystic or all_defenders effect on the side) are read once,
    each creature's card row and design row once, and every figure is read before any is written
    (a write to the record could otherwise make the compiled code read the card again)."""
    turn = g.ps[GAME, G_TURN]
    unmystic = turn < g.ps[side, PS_UNMYSTIC_UNTIL]
    all_defenders = turn < g.ps[side, PS_ALLDEF_UNTIL]
    bonus = g.ps[side, PS_ALLDEF_BONUS] if all_defenders else 0
    w = g.w[side]
    kept = g.fig_kept[side]
    # the rows of the creatures no writer marked (state.figures_changed) since they were made hold,
    # if they were made with this turn's unmystic and all_defenders figures of the side
    hold = kept[KEPT_ROWS] if kept[KEPT_UNMYSTIC] == unmystic and kept[KEPT_BONUS] == bonus else np.int64(0)
    mystic_m = berserker_m = defender_m = may_defend_m = could_m = able_m = mode_m = np.int64(0)
    m = in_zone(g, side, Zone.CREATURE)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        bit = np.int64(1) << c
        cs = g.cs[side, c]
        d = cs[CS_DESIGN]
        t = g.tab[side, d]
        mystic = t[Field.MYSTIC] != 0 and not unmystic  # state.is_mystic
        tapped = turn < cs[CS_TAP_UNTIL]  # state.is_tapped
        if mystic:
            mystic_m |= bit
        if t[Field.BERSERKER] != 0:
            berserker_m |= bit
        row = g.fig[side, c]
        if attacking:
            # legal.could_attack: untapped, not summoned this turn (berserkers excepted)
            could = not tapped and (cs[CS_ENTERED] != turn + 1 or t[Field.BERSERKER] != 0)
            able = could and cs[CS_ATTACKS] < t[Field.MULTI_ATTACK]
            if t[Field.DEFENDER] != 0:
                defender_m |= bit
            if could:
                could_m |= bit
            if able:
                able_m |= bit
            if cs[CS_ATTACK_MODE] == 1:
                mode_m |= bit
        else:
            multi = t[Field.MULTI_DEFENSE]
            defenses = max(multi - cs[CS_DEFENSES], 0)
            # legal.may_defend_against an attacker that is not a mystic (in play: it is in the mask)
            if (not tapped) & ((cs[CS_ATTACK_MODE] != 1) | (t[Field.DEFENDER] != 0) | all_defenders) \
                    & (cs[CS_DEFENSES] < multi):
                may_defend_m |= bit
            row[FIG_DEFENSES] = defenses
        if not hold & bit:
            # with what holds while it is in play (its place, its design's self damage), for either side
            atq = t[Field.ATQ] + cs[CS_ATQ_BOOST]  # state.atq_of
            left = t[Field.DEF] + cs[CS_DEF_BOOST] + cs[CS_AMULET_DEF] + bonus - cs[CS_DAMAGE]  # state.def_left
            g.fig_worth[side, c] = worth_in_row(w, t, atq, left, mystic, g.ability_worth[side, d])
            place = cs[CS_PLACE]
            row[FIG_ATQ] = atq
            row[FIG_LEFT] = left
            row[FIG_SELF_DAMAGE] = t[Field.SELF_DAMAGE]
            row[FIG_PLACE] = place
    kept[KEPT_ROWS] = in_zone(g, side, Zone.CREATURE)
    kept[KEPT_UNMYSTIC] = unmystic
    kept[KEPT_BONUS] = bonus
    masks = g.fig_mask[side]
    masks[FM_MYSTIC] = mystic_m
    masks[FM_BERSERKER] = berserker_m
    masks[FM_DEFENDER] = defender_m
    masks[FM_MAY_DEFEND] = may_defend_m
    masks[FM_COULD_ATTACK] = could_m
    masks[FM_ABLE] = able_m
    masks[FM_ATTACK_MODE] = mode_m


@njit(cache=True, _nrt=False, inline="always")  # into game.attacks_from_modes, after each attack
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


@njit(cache=True, _nrt=False)
def stale_figures(g: np.void) -> int:
    """The debug checks' count of rows kept as holding (`fill_side`: marked in g.fig_kept, made with
    the side's unmystic and all_defenders figures now) whose ATQ, defense left, worth, place or self
    damage is not the creature's now: a write to its cards that did not call state.figures_changed."""
    turn = g.ps[GAME, G_TURN]
    problems = 0
    for side in range(2):
        kept = g.fig_kept[side]
        unmystic = turn < g.ps[side, PS_UNMYSTIC_UNTIL]
        bonus = g.ps[side, PS_ALLDEF_BONUS] if turn < g.ps[side, PS_ALLDEF_UNTIL] else 0
        if kept[KEPT_UNMYSTIC] != unmystic or kept[KEPT_BONUS] != bonus:
            continue
        m = kept[KEPT_ROWS] & in_zone(g, side, Zone.CREATURE)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            atq = atq_of(g, side, c)
            left = def_left(g, side, c)
            worth = worth_of(g, side, c, atq, left, is_mystic(g, side, c))
            row = g.fig[side, c]
            place, self_damage = g.cs[side, c, CS_PLACE], field(g, side, c, Field.SELF_DAMAGE)
            if row[FIG_ATQ] != atq or row[FIG_LEFT] != left or g.fig_worth[side, c] != worth \
                    or row[FIG_PLACE] != place or row[FIG_SELF_DAMAGE] != self_damage:
                problems += 1
    return problems
