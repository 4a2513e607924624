"""Rolplay's agents: `random` (uniform over what legal.py allows) and `greedy` (a one-step value of
each choice, tunable by the weights of constants.Weight). A hard player searches with these
(hard.py).

What they may read: their own hand and deck count, both sides' cards in play (creatures, amulets,
powers: shown, R-09), the opponent's spell only once activated (R-09), both lives and the counts
of the opponent's hand and deck. Never the opponent's hand, deck order or face-down spell; the
hidden-information probe of the contract test checks it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import below
from sim.rulesets.rolplay.combat import fight_outcome, outcome_of
from sim.rulesets.rolplay.constants import (
    A_DO, A_LIMIT, A_N, ABILITY_WIDTH, N_CARDS, N_DESIGNS, Agent, Class, Do, Field, Param, Weight, Zone,
)
from sim.rulesets.rolplay.figures import (
    FIG_ATQ, FIG_DEFENSES, FIG_LEFT, FIG_PLACE, FIG_SELF_DAMAGE, FM_ABLE, FM_ATTACK_MODE, FM_BERSERKER, FM_COULD_ATTACK,
    FM_DEFENDER, FM_MAY_DEFEND, FM_MYSTIC, fill_figures, worth_of,
)
from sim.rulesets.rolplay.legal import (
    defender_at, may_activate, may_attack, may_choose, may_conjure, may_put_amulet, may_replace, may_set_spell,
    may_summon, powers_full, replace_cost,
)
from sim.rulesets.rolplay.state import (
    CS_DESIGN, CS_PLACE, PS_AGENT, PS_CONJURED, PS_CREATURES, PS_HAND, PS_LIFE, PS_PLACE, PS_TOP, ST_AGENT,
    atq_of, def_left, field, in_zone, is_mystic, is_tapped, lowest_bit,
)

# candidate kinds of a summon (cand[k] = (kind, card, target))
SUMMON = 0  # a creature into a free place
REPLACE = 1  # a creature replacing the one in play named by target
AMULET = 2  # an amulet beneath the creature named by target
SPELL = 3  # a spell face down

NO_ATTACK = -2  # choose_target: this creature does not attack
LETHAL = 1000.0  # greedy's value of an attack that takes the opponent's last life
WOUND = 0.5  # a point of defense a fight takes from a creature that survives it, as a share of a DEF point
NO_CHOICE = -1  # ... attacks with no creature to choose (R-13 finds the defender, or life)


@njit(cache=True, _nrt=False)
def _pick(g: np.void, p: int, n: int) -> int:
    """A uniform index in [0, n) on p's agent stream."""
    return below(g.rng, p * 3 + ST_AGENT, n)


@njit(cache=True, _nrt=False)
def effect_worth(g: np.void, p: int, do: int, n: int) -> float:
    """What an effect is worth to p on average, without the board: how greedy values a card in hand."""
    w = g.w[p]
    if do == Do.SELF_ATQ:
        return n * w[Weight.ATQ]
    if do == Do.SELF_DEF or do == Do.HOLDER_DEF:
        return n * w[Weight.DEF]
    if do == Do.HEAL:
        return n * w[Weight.LIFE]
    if do == Do.DAMAGE:
        return n * w[Weight.FACE]
    if do == Do.LOSE_LIFE:
        return -n * w[Weight.LIFE]
    if do == Do.DRAW:
        return n * w[Weight.CARD]
    if do == Do.ADD_POWER:
        return 0.3 * n
    if do == Do.TAP_CREATURES:
        return 2.0 * min(n, 3)
    if do == Do.TAP_POWERS:
        return 1.5 * min(n, 3)
    if do == Do.DESTROY_CREATURES:
        return 5.0 * min(n, 3)
    if do == Do.DESTROY_POWERS:
        return 3.0 * min(n, 3)
    if do == Do.DESTROY_AMULETS:
        return 2.0 * min(n, 3)
    if do == Do.ALL_ATQ:
        return 2.0 * n * w[Weight.ATQ]
    if do == Do.ALL_DEF:
        return 2.0 * n * w[Weight.DEF]
    if do == Do.ALL_DEFENDERS:
        return 2.0 + n
    if do == Do.UNMYSTIC:
        return 2.0
    return 0.0


@njit(cache=True, _nrt=False)
def abilities_worth(g: np.void, p: int, d: int) -> float:
    """A design's abilities, each worth its effect times the uses it offers (at most three counted)."""
    tab = g.tab
    total = 0.0
    for k in range(tab[p, d, Field.N_ABILITIES]):
        base = Field.ABILITIES + k * ABILITY_WIDTH
        limit = tab[p, d, base + A_LIMIT]
        uses = 3 if limit < 0 else min(limit, 3)
        total += uses * effect_worth(g, p, tab[p, d, base + A_DO], tab[p, d, base + A_N])
    return total


@njit(cache=True, _nrt=False)
def fill_ability_worth(g: np.void) -> None:
    """g.ability_worth[side, design]: `abilities_worth` of every design, made once per workspace (and
    again when a scenario changes a card): it reads only the cards and the weights, and greedy values a
    creature, its abilities with it, dozens of times a turn. Then, from it, g.card_worth (`design_worth`,
    each summon candidate's card) and g.conjure_worth (`conjure_worth`, each power in hand) alike; and
    g.power_cards, the mask of each side's power card instances (`choose_power`, `list_summons`), and
    g.ability_cards, of those with an ability (`list_activations`)."""
    for p in range(2):
        for d in range(N_DESIGNS):
            g.ability_worth[p, d] = abilities_worth(g, p, d)
        for d in range(N_DESIGNS):
            g.card_worth[p, d] = design_worth(g, p, d)
            g.conjure_worth[p, d] = conjure_worth(g, p, d)
        powers = with_abilities = np.int64(0)
        for c in range(N_CARDS):
            if field(g, p, c, Field.CLASS) == Class.POWER:
                powers |= np.int64(1) << c
            if field(g, p, c, Field.N_ABILITIES) > 0:
                with_abilities |= np.int64(1) << c
        g.power_cards[p] = powers
        g.ability_cards[p] = with_abilities


@njit(cache=True, _nrt=False)
def conjure_worth(g: np.void, p: int, d: int) -> float:
    """Greedy's value of conjuring a power card of design d (rule R-08): its power value and its
    on-cast effects (`choose_power`)."""
    tab = g.tab
    value = tab[p, d, Field.POWER_VALUE] + 0.0
    for k in range(tab[p, d, Field.N_ON_CAST]):
        base = Field.ON_CAST + k * 3
        value += effect_worth(g, p, tab[p, d, base], tab[p, d, base + 1])
    return value


@njit(cache=True, _nrt=False)
def design_worth(g: np.void, p: int, d: int) -> float:
    """Greedy's value of a card of design d not yet in play."""
    tab, w = g.tab, g.w[p]
    klass = tab[p, d, Field.CLASS]
    if klass == Class.CREATURE:
        value = w[Weight.ATQ] * tab[p, d, Field.ATQ] * tab[p, d, Field.MULTI_ATTACK] + w[Weight.DEF] * tab[p, d, Field.DEF]
        value += 2.0 * tab[p, d, Field.MYSTIC] + 1.0 * tab[p, d, Field.DEFENDER]
        value += 0.5 * (tab[p, d, Field.MULTI_DEFENSE] - 1) * tab[p, d, Field.DEF]
        value -= 0.5 * tab[p, d, Field.SELF_DAMAGE]
        if tab[p, d, Field.BERSERKER]:
            value *= 0.6  # it fights once
        return value + 0.5 * g.ability_worth[p, d]
    return g.ability_worth[p, d]


@njit(cache=True, _nrt=False)
def creature_worth(g: np.void, p: int, c: int) -> float:
    """Greedy's value of p's creature c as it stands in play (damage, boosts and amulet counted)."""
    return worth_of(g, p, c, atq_of(g, p, c), def_left(g, p, c), is_mystic(g, p, c))


# -- phase 3, powers (rule R-08) ---------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")  # into game.powers_phase (a call costs as much as its work)
def choose_power(g: np.void, p: int) -> int:
    """The power card p conjures this turn, -1 for none: greedy the highest value (its on-cast
    effects counted), random any or none."""
    # legal.may_conjure of each card in hand: its power cards (the mask made once per workspace,
    # fill_ability_worth) while the turn's conjures last, without reading each card's class
    m = in_zone(g, p, Zone.HAND) & g.power_cards[p]
    if g.ps[p, PS_CONJURED] >= g.par[Param.POWERS_PER_TURN]:
        m = np.int64(0)
    best = -1
    best_value = -1.0
    n = 0
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        n += 1
        value = g.conjure_worth[p, g.cs[p, c, CS_DESIGN]]  # conjure_worth, made once (fill_ability_worth)
        if value > best_value:
            best = c
            best_value = value
    if g.ps[p, PS_AGENT] == Agent.RANDOM and n:
        k = _pick(g, p, n + 1)
        if k == n:
            return -1
        m = in_zone(g, p, Zone.HAND)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            if may_conjure(g, p, c):
                if k == 0:
                    return c
                k -= 1
    if best >= 0 and powers_full(g, p):
        weakest = choose_power_to_burn(g, p)
        if g.ps[p, PS_AGENT] != Agent.RANDOM and field(g, p, weakest, Field.POWER_VALUE) >= best_value:
            return -1
    return best


@njit(cache=True, _nrt=False)
def choose_power_to_burn(g: np.void, p: int) -> int:
    """At the seven powers of R-08, the one a new power replaces: greedy the lowest value (tapped
    ones first), random any."""
    m = in_zone(g, p, Zone.POWER)
    if g.ps[p, PS_AGENT] == Agent.RANDOM:
        n = 0
        mm = m
        while mm:
            mm &= mm - np.int64(1)
            n += 1
        k = _pick(g, p, n)
        while k:
            m &= m - np.int64(1)
            k -= 1
        return lowest_bit(m)
    worst = -1
    worst_value = 1 << 30
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        value = field(g, p, c, Field.POWER_VALUE) * 2 - (1 if is_tapped(g, p, c) else 0)
        if value < worst_value:
            worst = c
            worst_value = value
    return worst


# -- phase 4, summoning (rule R-09) -----------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")  # into choose_summon (a call costs as much as its work)
def list_summons(g: np.void, p: int) -> int:
    """Every summon p may make now into g.cand as (kind, card, target); returns how many."""
    cand = g.cand
    n = 0
    hand = in_zone(g, p, Zone.HAND) & ~g.power_cards[p]  # a power card is conjured, never summoned
    while hand:
        c = lowest_bit(hand)
        hand &= hand - np.int64(1)
        klass = field(g, p, c, Field.CLASS)
        if klass == Class.CREATURE:
            if may_summon(g, p, c):
                cand[n, 0], cand[n, 1], cand[n, 2] = SUMMON, c, -1
                n += 1
            elif g.ps[p, PS_CREATURES] >= g.par[Param.CREATURE_PLACES]:
                m = in_zone(g, p, Zone.CREATURE)
                while m:
                    old = lowest_bit(m)
                    m &= m - np.int64(1)
                    if may_replace(g, p, c, old) and n < cand.shape[0]:
                        cand[n, 0], cand[n, 1], cand[n, 2] = REPLACE, c, old
                        n += 1
        elif klass == Class.AMULET:
            m = in_zone(g, p, Zone.CREATURE)
            while m:
                holder = lowest_bit(m)
                m &= m - np.int64(1)
                if may_put_amulet(g, p, c, holder) and n < cand.shape[0]:
                    cand[n, 0], cand[n, 1], cand[n, 2] = AMULET, c, holder
                    n += 1
        elif klass == Class.SPELL and may_set_spell(g, p, c):
            cand[n, 0], cand[n, 1], cand[n, 2] = SPELL, c, -1
            n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")  # into choose_summon and expert.py (17 calls a game)
def summon_worth(g: np.void, p: int, k: int) -> float:
    """Greedy's value of summon candidate k: what the card brings less what a replacement burns."""
    kind, c, target = g.cand[k, 0], g.cand[k, 1], g.cand[k, 2]
    value = g.card_worth[p, g.cs[p, c, CS_DESIGN]]  # design_worth, made once (fill_ability_worth)
    if kind == REPLACE:
        value -= creature_worth(g, p, target) + 0.1 * replace_cost(g, p, c, target)
    elif kind == AMULET:
        value += 0.1 * creature_worth(g, p, target)  # on the best creature: it lives longest
    return value


@njit(cache=True, _nrt=False, inline="always")  # into game.summon_phase (a call costs as much as its work)
def choose_summon(g: np.void, p: int) -> int:
    """The summon candidate p makes next (an index into g.cand after list_summons), -1 to stop:
    greedy the most valuable with a positive value, the first listed on a tie; random any or stop."""
    n = list_summons(g, p)
    if n == 0:
        return -1
    if g.ps[p, PS_AGENT] == Agent.RANDOM:
        k = _pick(g, p, n + 1)
        return -1 if k == n else k
    best = -1
    best_value = 0.0
    for k in range(n):
        value = summon_worth(g, p, k)
        if value > best_value:
            best = k
            best_value = value
    return best


# -- phase 5, abilities (rules) ----------------------------------------------------------
@njit(cache=True, _nrt=False)
def effect_now(g: np.void, p: int, src: int, do: int, n: int) -> float:
    """Greedy's value of an effect of p's card src on the board as it is now."""
    q = 1 - p
    w = g.w[p]
    if do == Do.DRAW:
        room = g.par[Param.HAND_MAX] - g.ps[p, PS_HAND]
        if 60 - g.ps[p, PS_TOP] <= n + 3:
            return -100.0  # rule R-04: an empty deck loses
        return min(n, room) * w[Weight.CARD] - max(n - room, 0) * 0.5
    if do == Do.HEAL:
        return n * w[Weight.LIFE]
    if do == Do.LOSE_LIFE:
        return -n * w[Weight.LIFE] * (3.0 if g.ps[p, PS_LIFE] <= n * 2 else 1.0)
    if do == Do.TAP_CREATURES or do == Do.DESTROY_CREATURES:
        m = in_zone(g, q, Zone.CREATURE)
        if m == 0:
            return 0.0
        total = 0.0
        count = 0
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            total += creature_worth(g, q, c)
            count += 1
        per = total / count * (1.0 if do == Do.DESTROY_CREATURES else 0.4)
        return per * min(n, count)
    if do == Do.TAP_POWERS or do == Do.DESTROY_POWERS:
        count = 0
        m = in_zone(g, q, Zone.POWER)
        while m:
            m &= m - np.int64(1)
            count += 1
        return min(n, count) * (3.0 if do == Do.DESTROY_POWERS else 1.0)
    if do == Do.DESTROY_AMULETS:
        count = 0
        m = in_zone(g, q, Zone.AMULET)
        while m:
            m &= m - np.int64(1)
            count += 1
        return min(n, count) * 2.0
    if do == Do.ALL_ATQ or do == Do.ALL_DEF:
        return g.ps[p, PS_CREATURES] * n * (w[Weight.ATQ] if do == Do.ALL_ATQ else w[Weight.DEF])
    if do == Do.ALL_DEFENDERS:
        return g.ps[p, PS_CREATURES] * (0.5 + n * w[Weight.DEF]) * 0.5
    if do == Do.UNMYSTIC:
        count = 0
        m = in_zone(g, q, Zone.CREATURE)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            count += is_mystic(g, q, c)
        return 2.0 * count
    if do == Do.ADD_POWER:
        return 0.0  # nothing is summoned after phase 4; power left over is lost
    return effect_worth(g, p, do, n)


@njit(cache=True, _nrt=False, inline="always")  # into choose_activation (a call costs as much as its work)
def list_activations(g: np.void, p: int) -> int:
    """Every ability p may activate now into g.cand as (card, ability, 0); returns how many."""
    cand = g.cand
    n = 0
    for zone in (Zone.CREATURE, Zone.AMULET, Zone.SPELL):
        m = in_zone(g, p, zone) & g.ability_cards[p]  # a card without abilities has none to list
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            for k in range(field(g, p, c, Field.N_ABILITIES)):  # may_activate refuses the others
                if may_activate(g, p, c, k) and n < cand.shape[0]:
                    cand[n, 0], cand[n, 1], cand[n, 2] = c, k, 0
                    n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")  # into game.ability_phase (a call costs as much as its work)
def choose_activation(g: np.void, p: int) -> int:
    """The ability p activates next (an index into g.cand after list_activations), -1 to stop:
    greedy the most valuable on the board now if it is worth anything, random any or stop."""
    n = list_activations(g, p)
    if n == 0:
        return -1
    if g.ps[p, PS_AGENT] == Agent.RANDOM:
        k = _pick(g, p, n + 1)
        return -1 if k == n else k
    best = -1
    best_value = 0.0
    for k in range(n):
        c, a = g.cand[k, 0], g.cand[k, 1]
        base = Field.ABILITIES + a * ABILITY_WIDTH
        value = effect_now(g, p, c, field(g, p, c, base + A_DO), field(g, p, c, base + A_N))
        if value > best_value:
            best = k
            best_value = value
    return best


# -- phase 6, attack (rules) -----------------------------------------------------------
# The functions below read the creatures' figures from the table of figures.py, which a greedy attack
# phase makes once (game.chosen_modes, game.attacks); the entry points the other agents, the
# hidden-information probe and the scenarios call (`best_target`, `wants_attack_mode`,
# `choose_target`, `next_attacker`) make it first.
@njit(cache=True, _nrt=False)
def face_worth(g: np.void, p: int) -> float:
    """Greedy's value of a point of the opponent's life: the FACE weight, up to three times more as the
    ATQ p has in play nears the life the opponent has left (a race is won by the last points)."""
    q = 1 - p
    total = 0
    m = in_zone(g, p, Zone.CREATURE)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        total += g.fig[p, c, FIG_ATQ]
    race = min(total / max(g.ps[q, PS_LIFE], 1), 2.0)
    return g.w[p, Weight.FACE] * (1.0 + race)


@njit(cache=True, _nrt=False, inline="always")  # into attack_worth and guard_worth
def outcome_in_figures(g: np.void, p: int, a: int, d: int) -> tuple:
    """combat.fight_outcome of p's attacker a against q's defender d, from their figures."""
    q = 1 - p
    fa, fd = g.fig[p, a], g.fig[q, d]
    masks_p, masks_q = g.fig_mask[p], g.fig_mask[q]
    shielded = (masks_q[FM_MYSTIC] >> d & np.int64(1)) > (masks_p[FM_MYSTIC] >> a & np.int64(1))
    return outcome_of(fa[FIG_ATQ], fd[FIG_ATQ], fa[FIG_LEFT], fd[FIG_LEFT], shielded,
                      masks_p[FM_BERSERKER] >> a & np.int64(1) != 0, masks_q[FM_BERSERKER] >> d & np.int64(1) != 0)


@njit(cache=True, _nrt=False, inline="always")  # into its callers: called per creature weighed
def attack_worth(g: np.void, p: int, a: int, d: int, face: float, a_worth: float) -> float:
    """Greedy's value of p's attacker a meeting defender d (-1: the attack reaches life), its life
    cost counted (R-18); `face` is a point of the opponent's life (face_worth), `a_worth` the
    attacker's creature_worth (the same for every defender weighed)."""
    q = 1 - p
    w = g.w[p]
    fa = g.fig[p, a]
    atk = fa[FIG_ATQ]
    cost = fa[FIG_SELF_DAMAGE] * w[Weight.LIFE]
    if d < 0:
        lethal = LETHAL if atk >= g.ps[q, PS_LIFE] else 0.0  # rule R-04: the game is won
        return (atk * face - cost + lethal
                - (a_worth if g.fig_mask[p, FM_BERSERKER] >> a & np.int64(1) else 0.0))
    a_dies, d_dies, excess = outcome_in_figures(g, p, a, d)
    fd = g.fig[q, d]
    value = excess * face - cost
    # rule R-12: damage stays, so a survivor keeps what it took as lost defense
    if d_dies:
        value += g.fig_worth[q, d]
    elif not ((g.fig_mask[q, FM_MYSTIC] >> d & np.int64(1)) > (g.fig_mask[p, FM_MYSTIC] >> a & np.int64(1))):
        value += min(atk, fd[FIG_LEFT]) * w[Weight.DEF] * WOUND
    if a_dies:
        value -= a_worth
    else:
        value -= min(fd[FIG_ATQ], fa[FIG_LEFT]) * w[Weight.DEF] * WOUND
    return value


@njit(cache=True, _nrt=False)
def defenses_left(g: np.void, p: int) -> int:
    """How many more times q's creatures could defend this turn against p's attackers (whether each
    could fight a given attacker, R-14, is not asked: an estimate)."""
    q = 1 - p
    total = 0
    m = g.fig_mask[q, FM_MAY_DEFEND]
    while m:
        d = lowest_bit(m)
        m &= m - np.int64(1)
        total += g.fig[q, d, FIG_DEFENSES]
    return total


@njit(cache=True, _nrt=False, inline="always")  # into best_target_given: most choices never need the hits
def other_attackers(g: np.void, p: int, a: int) -> np.int64:
    """p's creatures other than a ready to attack this turn (in attack mode, an attack left)."""
    masks = g.fig_mask[p]
    return masks[FM_ATTACK_MODE] & masks[FM_ABLE] & ~(np.int64(1) << a)


@njit(cache=True, _nrt=False)
def other_hits(g: np.void, p: int, others: np.int64, face: float) -> int:
    """The direct hits of p's creatures in `others` (other_attackers), into g.hits smallest first
    (an insertion sort of at most seven); returns how many."""
    hits = g.hits
    life = g.w[p, Weight.LIFE]
    n = 0
    m = others
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        hit = g.fig[p, c, FIG_ATQ] * face - g.fig[p, c, FIG_SELF_DAMAGE] * life
        k = n
        while k > 0 and hits[k - 1] > hit:
            hits[k] = hits[k - 1]
            k -= 1
        hits[k] = hit
        n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")  # into its callers: called per creature weighed
def soak_through(g: np.void, p: int, d: int, n_hits: int, defenses: int) -> int:
    """How many of p's n_hits other attackers get through when an attack takes up defender d's last
    defense this turn: once the opponent's defenses run out the rest reach life (R-11: a creature
    defends once a turn; R-13); 0 when d keeps a defense or is none. `defenses` is defenses_left,
    d's own among them (d may defend, so it is counted there)."""
    if d < 0:
        return 0
    own = g.fig[1 - p, d, FIG_DEFENSES]
    if own > 1:
        return 0
    return max(n_hits - (defenses - own), 0)


@njit(cache=True, _nrt=False, inline="always")  # into its callers: called per creature weighed
def soak_gain(g: np.void, p: int, through: int, face: float) -> float:
    """What p's other attackers gain when `through` of them reach life (soak_through), counted at
    worst: the smallest hits (g.hits, other_hits); taking the opponent's last life wins the game
    (R-04)."""
    gain = 0.0
    for k in range(through):
        gain += g.hits[k]
    if through > 0 and gain >= g.ps[1 - p, PS_LIFE] * face:
        gain += LETHAL
    return gain


@njit(cache=True, _nrt=False)
def places_that_may_defend(g: np.void, p: int, mystic_attacker: bool) -> np.int64:
    """legal.defender_places_against from the figures: the places (bit k for place k + 1) whose
    creature of q may defend against an attacker of p that is a mystic or not."""
    q = 1 - p
    free = np.int64(0)
    m = g.fig_mask[q, FM_MAY_DEFEND]
    if mystic_attacker:
        m &= g.fig_mask[q, FM_MYSTIC]
    while m:
        d = lowest_bit(m)
        m &= m - np.int64(1)
        free |= np.int64(1) << g.fig[q, d, FIG_PLACE]
    return free


@njit(cache=True, _nrt=False, inline="always")
def is_mystic_in_figures(g: np.void, p: int, c: int) -> bool:
    return g.fig_mask[p, FM_MYSTIC] >> c & np.int64(1) != 0


@njit(cache=True, _nrt=False)
def best_target(g: np.void, p: int, a: int) -> tuple:
    """Greedy's best choice for attacker a: (the creature to choose or NO_CHOICE, its value, the
    attacker's creature_worth, the defender R-13 sends against it or -1): the exchange with the
    defender R-13 would find, and what it opens for the other attackers (`best_target_given`, with
    the figures of the board as it is now)."""
    fill_figures(g, p)
    return best_target_given(g, p, a, face_worth(g, p), places_that_may_defend(g, p, is_mystic_in_figures(g, p, a)),
                             defenses_left(g, p))


@njit(cache=True, _nrt=False)
def best_target_given(g: np.void, p: int, a: int, face: float, free: np.int64, defenses: int) -> tuple:
    """`best_target` given what does not depend on the creature chosen: a point of the opponent's
    life (`face_worth`), the places that may defend against a (`places_that_may_defend`) and the defenses
    left (`defenses_left`), so a modes choice finds them once for all its creatures. The value
    depends on the defender only, so a choice whose defender an earlier choice met is not weighed
    again (it cannot beat the value it tied)."""
    q = 1 - p
    # the other attackers' hits (soak_gain) are sorted only when a defender's last defense lets some
    # of them through, and once
    others = other_attackers(g, p, a)
    n_hits = 0
    m = others
    while m:
        m &= m - np.int64(1)
        n_hits += 1
    hits_made = False
    a_worth = g.fig_worth[p, a]
    best = NO_CHOICE
    best_value = -1e18
    best_defender = -1
    met = np.int64(0)  # the defenders weighed so far, bit d + 1 (bit 0: life)
    # rules R-11, R-14 (legal.may_choose): only a mystic may choose a mystic
    choices = in_zone(g, q, Zone.CREATURE)
    if not is_mystic_in_figures(g, p, a):
        choices &= ~g.fig_mask[q, FM_MYSTIC]
    m = choices
    while m:
        t = lowest_bit(m)
        m &= m - np.int64(1)
        d = defender_at(g, q, free, g.fig[q, t, FIG_PLACE])
        if met >> (d + 1) & np.int64(1):
            continue
        met |= np.int64(1) << (d + 1)
        through = soak_through(g, p, d, n_hits, defenses)
        soak = 0.0
        if through > 0:
            if not hits_made:
                other_hits(g, p, others, face)
                hits_made = True
            soak = soak_gain(g, p, through, face)
        value = attack_worth(g, p, a, d, face, a_worth) + soak
        if value > best_value:
            best = t
            best_value = value
            best_defender = d
    if choices == 0:
        best_defender = defender_at(g, q, free, 0)
        through = soak_through(g, p, best_defender, n_hits, defenses)
        soak = 0.0
        if through > 0:
            other_hits(g, p, others, face)
            soak = soak_gain(g, p, through, face)
        best_value = attack_worth(g, p, a, best_defender, face, a_worth) + soak
    return best, best_value, a_worth, best_defender


@njit(cache=True, _nrt=False)
def strongest_threat(g: np.void, p: int, mystic_guard: bool) -> tuple:
    """The opposing creature with the most ATQ (the first in card order on a tie) that a creature of
    p, a mystic or not, could fight in defense (R-14: a mystic attacker is defended only by
    mystics), and its ATQ: (-1, -1) for none. A modes choice finds the two once."""
    q = 1 - p
    strongest = -1
    strongest_atq = -1
    m = in_zone(g, q, Zone.CREATURE)
    if not mystic_guard:
        m &= ~g.fig_mask[q, FM_MYSTIC]
    while m:
        t = lowest_bit(m)
        m &= m - np.int64(1)
        atk = g.fig[q, t, FIG_ATQ]
        if atk > strongest_atq:
            strongest = t
            strongest_atq = atk
    return strongest, strongest_atq


@njit(cache=True, _nrt=False, inline="always")  # into its callers: called per creature weighed
def guard_worth(g: np.void, p: int, c: int, strongest: int, strongest_atq: int) -> float:
    """What p's creature c is worth in defense mode through the opponent's next turn, against the
    strongest opposing creature it could fight (`strongest_threat`, R-14): the life it would save
    (R-12: only what its defense absorbs) and the attacker it would kill, less itself if it dies.
    Negative for a creature that would only die in the way: R-13 makes an available creature
    defend, so attack mode keeps it out of a losing fight. 0 for a defender (it defends in either
    mode) and with no opposing creature."""
    if g.fig_mask[p, FM_DEFENDER] >> c & np.int64(1) or strongest < 0:
        return 0.0
    q = 1 - p
    w = g.w[p]
    t_dies, c_dies, excess = outcome_in_figures(g, q, strongest, c)
    value = (strongest_atq - excess) * w[Weight.LIFE]
    if t_dies:
        value += g.fig_worth[q, strongest]
    if c_dies:
        value -= g.fig_worth[p, c]
    return value


@njit(cache=True, _nrt=False)
def wants_attack_mode(g: np.void, p: int, c: int) -> bool:
    """Rule R-14 (decision: the owner sets modes at its attack phase): greedy puts a creature in
    attack mode when its best attack now is worth more than its guard through the opponent's turn
    (`wants_attack_mode_given`, with the figures of the board as it is now); random tosses a coin."""
    if g.ps[p, PS_AGENT] == Agent.RANDOM:
        return _pick(g, p, 2) == 1
    fill_figures(g, p)
    mystic = is_mystic_in_figures(g, p, c)
    strongest, strongest_atq = strongest_threat(g, p, mystic)
    return wants_attack_mode_given(g, p, c, face_worth(g, p), places_that_may_defend(g, p, mystic),
                                   defenses_left(g, p), strongest, strongest_atq)


@njit(cache=True, _nrt=False, inline="always")  # into the greedy attack phase's loops
def wants_attack_mode_given(g: np.void, p: int, c: int, face: float, free: np.int64, defenses: int, strongest: int,
                            strongest_atq: int) -> bool:
    """Greedy's mode for creature c given what the opponent's side and p's own ATQ make of every
    creature's choice alike (`best_target_given`, `strongest_threat`): attack mode when its best
    attack now is worth more than its guard (a creature that could only die defending goes to
    attack mode even if it cannot attack)."""
    guard = guard_worth(g, p, c, strongest, strongest_atq)
    if not g.fig_mask[p, FM_COULD_ATTACK] >> c & np.int64(1):
        return 0.0 > guard
    if guard < 0.0:
        return True  # the attack's worth counts as 0 at least: no need to find it
    _, value, worth, _ = best_target_given(g, p, c, face, free, defenses)
    return max(value + g.w[p, Weight.AGGRESSION] * worth, 0.0) > guard


@njit(cache=True, _nrt=False, inline="always")  # into game.attacks_from_modes and next_attacker (21 calls a game)
def attack_order(g: np.void, p: int) -> int:
    """p's creatures that may attack, into g.order in the order they attack; returns how many. Random
    in place order, greedy the least valuable first (place order on a tie), so that the ones spent
    on the opponent's defenses are its cheapest (agents.soak_gain). An attack changes only its
    attacker and its defender, so the order found at the start holds through the phase
    (game.attacks)."""
    order, worth = g.order, g.order_worth
    n = 0
    if g.ps[p, PS_AGENT] == Agent.RANDOM:
        for k in range(g.par[Param.CREATURE_PLACES]):
            c = g.ps[p, PS_PLACE + k] - 1
            if c >= 0 and may_attack(g, p, c):
                order[n] = c
                n += 1
        return n
    # greedy: the creatures that may attack are a mask of the figures table (legal.may_attack: in
    # play, in attack mode, could attack, an attack left), sorted by (worth, place): the same order
    # as an insertion in place order after its equals
    cs = g.cs
    masks = g.fig_mask[p]
    m = in_zone(g, p, Zone.CREATURE) & masks[FM_ATTACK_MODE] & masks[FM_ABLE]
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        value = g.fig_worth[p, c]
        place = cs[p, c, CS_PLACE]
        i = n
        while i > 0 and (worth[i - 1] > value or (worth[i - 1] == value and cs[p, order[i - 1], CS_PLACE] > place)):
            order[i] = order[i - 1]
            worth[i] = worth[i - 1]
            i -= 1
        order[i] = c
        worth[i] = value
        n += 1
    return n


@njit(cache=True, _nrt=False)
def next_attacker(g: np.void, p: int, done: np.int64) -> int:
    """Which of p's creatures that may attack, not in `done`, attacks next (-1: none left): the first
    of `attack_order` not in `done`."""
    if g.ps[p, PS_AGENT] != Agent.RANDOM:
        fill_figures(g, p)
    for i in range(attack_order(g, p)):
        c = g.order[i]
        if not done >> c & np.int64(1):
            return c
    return -1


@njit(cache=True, _nrt=False)
def choose_target(g: np.void, p: int, a: int) -> int:
    """Whom attacker a chooses (R-11): an opposing creature, NO_CHOICE when none may be chosen, or
    NO_ATTACK: greedy attacks when the exchange is worth it, random any choice or none."""
    if g.ps[p, PS_AGENT] == Agent.RANDOM:
        q = 1 - p
        n = 0
        m = in_zone(g, q, Zone.CREATURE)
        while m:
            t = lowest_bit(m)
            m &= m - np.int64(1)
            n += may_choose(g, p, a, t)
        k = _pick(g, p, max(n, 1) + 1)
        if k == max(n, 1):
            return NO_ATTACK
        if n == 0:
            return NO_CHOICE
        m = in_zone(g, q, Zone.CREATURE)
        while m:
            t = lowest_bit(m)
            m &= m - np.int64(1)
            if may_choose(g, p, a, t):
                if k == 0:
                    return t
                k -= 1
        return NO_CHOICE
    fill_figures(g, p)
    chosen, _ = target_and_defender(g, p, a)
    return chosen


@njit(cache=True, _nrt=False, inline="always")  # into the greedy attack phase's loops
def target_and_defender(g: np.void, p: int, a: int) -> tuple:
    """Greedy's choice for attacker a (`choose_target`) and the defender R-13 sends against it (-1:
    life), from the figures: (NO_ATTACK, -1) when the exchange is not worth it."""
    t, value, worth, d = best_target_given(g, p, a, face_worth(g, p),
                                           places_that_may_defend(g, p, is_mystic_in_figures(g, p, a)), defenses_left(g, p))
    if value > 0.0 and value > -g.w[p, Weight.AGGRESSION] * worth:
        return t, d
    return NO_ATTACK, -1


@njit(cache=True, _nrt=False)
def wants_to_defend(g: np.void, q: int, d: int, a: int) -> bool:
    """The 2002 variant's "no defender" (R-20): whether q lets its creature d defend against the
    opponent's attacker a. Greedy refuses when d would die without taking a with it and the life
    its defense saves (R-12: only what it absorbs) is worth less than d; random tosses a coin."""
    if g.ps[q, PS_AGENT] == Agent.RANDOM:
        return _pick(g, q, 2) == 1
    p = 1 - q
    a_dies, d_dies, excess = fight_outcome(g, p, a, d)
    if d_dies and not a_dies:
        return (atq_of(g, p, a) - excess) * g.w[q, Weight.LIFE] > creature_worth(g, q, d)
    return True
