"""What a rolplay player may do now (rules R-08 to R-14). The agents choose only among what these
functions allow, and the game applies only what they allow, so a rule lives here once."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rulesets.rolplay.constants import (
    A_LIMIT, A_PAY, ABILITY_WIDTH, Class, Field, Param, Zone,
)
from sim.rulesets.rolplay.state import (
    CS_ATTACK_MODE, CS_ATTACKS, CS_DEFENSES, CS_ENTERED, CS_LINK, CS_PLACE, CS_USED, CS_USES, CS_ZONE, G_TURN, GAME,
    PS_CONJURED, PS_CREATURES, PS_PLACE, PS_POWER, PS_POWERS, PS_SPELL, field, in_zone, is_defender, is_mystic,
    is_tapped, lowest_bit,
)


@njit(cache=True, _nrt=False)
def may_conjure(g: np.void, p: int, c: int) -> bool:
    """Rule R-08: a power card from the hand, at most `powers_per_turn` a turn; at the maximum in
    play a new one enters only by replacing one (`game.conjure` burns the replaced one)."""
    return (g.cs[p, c, CS_ZONE] == Zone.HAND and field(g, p, c, Field.CLASS) == Class.POWER
            and g.ps[p, PS_CONJURED] < g.par[Param.POWERS_PER_TURN])


@njit(cache=True, _nrt=False)
def powers_full(g: np.void, p: int) -> bool:
    return g.ps[p, PS_POWERS] >= g.par[Param.POWERS_IN_PLAY_MAX]


@njit(cache=True, _nrt=False)
def places_full(g: np.void, p: int) -> bool:
    return g.ps[p, PS_CREATURES] >= g.par[Param.CREATURE_PLACES]


@njit(cache=True, _nrt=False)
def replace_cost(g: np.void, p: int, new: int, old: int) -> int:
    """Rule R-09 (decision): replacing creature `old` with `new` costs replace_cost_factor x old's cost
    plus new's cost (R-19: a cost of 0 is 0)."""
    return g.par[Param.REPLACE_COST_FACTOR] * field(g, p, old, Field.COST) + field(g, p, new, Field.COST)


@njit(cache=True, _nrt=False)
def may_summon(g: np.void, p: int, c: int) -> bool:
    """Rules R-09, R-19: a creature from the hand into a free place, paid with its cost (0 is free);
    with every place full only by replacement (`may_replace`)."""
    return (g.cs[p, c, CS_ZONE] == Zone.HAND and field(g, p, c, Field.CLASS) == Class.CREATURE
            and not places_full(g, p) and field(g, p, c, Field.COST) <= g.ps[p, PS_POWER])


@njit(cache=True, _nrt=False)
def may_replace(g: np.void, p: int, c: int, old: int) -> bool:
    """Rule R-09: with all creature places full, creature `c` from the hand replaces `old` in play
    for the replacement cost."""
    return (g.cs[p, c, CS_ZONE] == Zone.HAND and field(g, p, c, Field.CLASS) == Class.CREATURE
            and places_full(g, p) and g.cs[p, old, CS_ZONE] == Zone.CREATURE
            and replace_cost(g, p, c, old) <= g.ps[p, PS_POWER])


@njit(cache=True, _nrt=False)
def may_put_amulet(g: np.void, p: int, c: int, holder: int) -> bool:
    """Rule R-09: an amulet from the hand beneath a creature in play of its level or higher that
    carries none (never replaced or moved), paid with its cost."""
    return (g.cs[p, c, CS_ZONE] == Zone.HAND and field(g, p, c, Field.CLASS) == Class.AMULET
            and g.cs[p, holder, CS_ZONE] == Zone.CREATURE and g.cs[p, holder, CS_LINK] == 0
            and field(g, p, holder, Field.LEVEL) >= field(g, p, c, Field.LEVEL)
            and field(g, p, c, Field.COST) <= g.ps[p, PS_POWER])


@njit(cache=True, _nrt=False)
def may_set_spell(g: np.void, p: int, c: int) -> bool:
    """Rule R-09: a spell from the hand into the empty spell place, face down, paid with its cost;
    one spell at a time, not replaceable."""
    return (g.cs[p, c, CS_ZONE] == Zone.HAND and field(g, p, c, Field.CLASS) == Class.SPELL
            and g.ps[p, PS_SPELL] == 0 and field(g, p, c, Field.COST) <= g.ps[p, PS_POWER])


@njit(cache=True, _nrt=False)
def activation_cost(g: np.void, p: int, c: int, k: int) -> int:
    """Rule R-17: an ability's `pay`; in the 2002 variant an amulet pays its cost again (R-20)."""
    cost = field(g, p, c, Field.ABILITIES + k * ABILITY_WIDTH + A_PAY)
    if g.par[Param.AMULET_PAYS_TWICE] and field(g, p, c, Field.CLASS) == Class.AMULET:
        cost += field(g, p, c, Field.COST)
    return cost


@njit(cache=True, _nrt=False)
def activated_this_turn(g: np.void, p: int, c: int) -> bool:
    """Rule R-10 (decision: once per card): card c has activated one of its abilities this turn.
    Phase 1 untaps "todas las cartas que fueron activadas (giradas en 90 grados)": activating turns
    the card, so a turned card activates nothing more until its owner's next regroup, however many
    abilities it has (a Drenador damages or boosts, not both, in one turn)."""
    turn = g.ps[GAME, G_TURN]
    for j in range(field(g, p, c, Field.N_ABILITIES)):
        if g.cs[p, c, CS_USED + j] == turn + 1:
            return True
    return False


@njit(cache=True, _nrt=False)
def may_activate(g: np.void, p: int, c: int, k: int) -> bool:
    """Rules R-10, R-17: ability k of a creature, amulet or spell in play: not in the turn the card
    arrived (berserkers excepted), not when the card activated any ability this turn (rule R-10:
    once per card a turn), within its usage limit (-1: unlimited), paid with power; a tapped
    creature does not act (R-17 decision)."""
    cs = g.cs
    zone = cs[p, c, CS_ZONE]
    if zone != Zone.CREATURE and zone != Zone.AMULET and zone != Zone.SPELL:
        return False
    if k >= field(g, p, c, Field.N_ABILITIES):
        return False
    turn = g.ps[GAME, G_TURN]
    if cs[p, c, CS_ENTERED] == turn + 1 and not field(g, p, c, Field.BERSERKER):
        return False
    if activated_this_turn(g, p, c):  # rule R-10: once per card a turn, not once per ability
        return False
    limit = field(g, p, c, Field.ABILITIES + k * ABILITY_WIDTH + A_LIMIT)
    if limit >= 0 and cs[p, c, CS_USES + k] >= limit:
        return False
    if zone == Zone.CREATURE and is_tapped(g, p, c):
        return False
    return activation_cost(g, p, c, k) <= g.ps[p, PS_POWER]


@njit(cache=True, _nrt=False)
def could_attack(g: np.void, p: int, c: int) -> bool:
    """Rule R-11: p's creature c could attack this turn in attack mode: untapped, not summoned this
    turn (berserkers excepted)."""
    return (not is_tapped(g, p, c)
            and (g.cs[p, c, CS_ENTERED] != g.ps[GAME, G_TURN] + 1 or field(g, p, c, Field.BERSERKER) != 0))


@njit(cache=True, _nrt=False)
def may_attack(g: np.void, p: int, c: int) -> bool:
    """Rules R-11, R-14: a creature in play in attack mode that could attack this turn
    (`could_attack`), with an attack left this turn (multiple attack raises it)."""
    cs = g.cs
    return (cs[p, c, CS_ZONE] == Zone.CREATURE and cs[p, c, CS_ATTACK_MODE] == 1 and could_attack(g, p, c)
            and cs[p, c, CS_ATTACKS] < field(g, p, c, Field.MULTI_ATTACK))


@njit(cache=True, _nrt=False, inline="always")  # into the greedy agent's loops over creatures
def may_choose(g: np.void, p: int, a: int, t: int) -> bool:
    """Rules R-11, R-14: attacker `a` of p may choose the opposing creature t, unless t is a mystic
    and a is not (only mystics can attack a mystic)."""
    q = 1 - p
    return g.cs[q, t, CS_ZONE] == Zone.CREATURE and (is_mystic(g, p, a) or not is_mystic(g, q, t))


@njit(cache=True, _nrt=False, inline="always")  # into the greedy agent's loops over creatures
def may_defend(g: np.void, q: int, d: int, a: int) -> bool:
    """Rules R-11, R-13, R-14: q's creature d is available against p's attacker a: in play,
    untapped, in defense mode or a defender, with a defense left this turn (multiple defense raises
    it), and able to fight a (a mystic attacker is defended only by mystics)."""
    return may_defend_against(g, q, d, is_mystic(g, 1 - q, a))


@njit(cache=True, _nrt=False, inline="always")  # into defender_places' loop
def may_defend_against(g: np.void, q: int, d: int, mystic_attacker: bool) -> bool:
    """`may_defend` against an attacker that is a mystic or not: all it asks of the attacker. The
    tests are and-ed, not short-circuited: which creature may defend is a coin toss to the branch
    predictor."""
    cs = g.cs
    return ((cs[q, d, CS_ZONE] == Zone.CREATURE) & (not is_tapped(g, q, d))
            & ((cs[q, d, CS_ATTACK_MODE] != 1) | is_defender(g, q, d))
            & (cs[q, d, CS_DEFENSES] < field(g, q, d, Field.MULTI_DEFENSE))
            & ((not mystic_attacker) | is_mystic(g, q, d)))


@njit(cache=True, _nrt=False)
def defender_places(g: np.void, p: int, a: int) -> np.int64:
    """Rule R-13: the places (bit k for place k + 1) whose creature of q may defend against p's attacker
    a now (`may_defend`); `defender_at` finds R-13's defender in them, so a decision weighing many
    chosen creatures against one attacker asks each place once."""
    return defender_places_against(g, p, is_mystic(g, p, a))


@njit(cache=True, _nrt=False)
def defender_places_against(g: np.void, p: int, mystic_attacker: bool) -> np.int64:
    """`defender_places` against any attacker of p that is a mystic or not (`may_defend_against`):
    the greedy agent's modes choice finds the two once, the opponent's side being the same for each
    of its creatures. A creature in play sits in its place (CS_PLACE), so its bit is set from the
    creature mask."""
    q = 1 - p
    free = np.int64(0)
    m = in_zone(g, q, Zone.CREATURE)
    while m:
        d = lowest_bit(m)
        m &= m - np.int64(1)
        free |= np.int64(may_defend_against(g, q, d, mystic_attacker)) << np.int64(g.cs[q, d, CS_PLACE])
    return free


@njit(cache=True, _nrt=False)
def defender_at(g: np.void, q: int, free: np.int64, start: int) -> int:
    """Rule R-13 (decision: place order): q's creature in the first place of `free` (defender_places)
    from place `start` on, wrapping round after the last place; -1 when `free` is empty."""
    if free == 0:
        return -1
    later = free >> start
    k = start + lowest_bit(later) if later else lowest_bit(free)
    return g.ps[q, PS_PLACE + k] - 1


@njit(cache=True, _nrt=False)
def defender_for(g: np.void, p: int, a: int, chosen: int) -> int:
    """Rule R-13 (decision: place order): the chosen creature if it is available, else the next
    available creature in place order after its place (1 to 7, wrapping round); with no creature
    chosen, the first available from place 1. -1 when none can defend: the attack reaches life."""
    q = 1 - p
    start = g.cs[q, chosen, CS_PLACE] if chosen >= 0 else 0
    return defender_at(g, q, defender_places(g, p, a), start)
