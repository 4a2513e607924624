"""One game of rolplay: the setup (rules R-02, R-03) and the six phases of a turn (R-06 to R-11),
with the agents' choices (agents.py) applied through what legal.py allows. The batch kernel and
the trace (kernels.py) play whole games with `play_game`; a hard player's turns are searched
(hard.py) with the same phases."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.forced_draw import force_card
from sim.core.hand_and_deck import shuffle_order
from sim.core.records import record
from sim.rulesets.rolplay.agents import (
    AMULET, NO_ATTACK, REPLACE, SPELL, SUMMON, attack_order, choose_activation, choose_power, choose_power_to_burn,
    choose_summon, choose_target, defenses_left, face_worth, places_that_may_defend, strongest_threat,
    target_and_defender, wants_attack_mode, wants_attack_mode_given, wants_to_defend,
)
from sim.rulesets.rolplay.combat import declare_attack, fight, hit_life
from sim.rulesets.rolplay.constants import (
    A_DO, A_LIMIT, A_N, A_TURNS, ABILITY_WIDTH, MAX_ABILITIES, N_CARDS, N_DESIGNS, N_ZONES, ON_CAST_WIDTH, Agent, End,
    Event, Field, Param, Seen, Zone,
)
from sim.rulesets.rolplay.effects import (
    apply_effect, apply_pending, burn_amulet, draw_card, end_game, remove_creature, remove_power,
)
from sim.rulesets.rolplay.figures import (
    FM_ABLE, FM_ATTACK_MODE, FM_COULD_ATTACK, FM_MYSTIC, fill_sides, refresh_after_attack,
)
from sim.rulesets.rolplay.legal import (
    activation_cost, could_attack, defender_for, may_attack, powers_full, replace_cost,
)
from sim.rulesets.rolplay.state import (
    CS_ATTACK_MODE, CS_ATTACKS, CS_DEFENSES, CS_DESIGN, CS_ENTERED, CS_LINK, CS_PLACE, CS_REVEALED, CS_USED,
    CS_USES, CS_ZONE, G_ACTIVE, G_FIRST, G_OVER, G_TURN, GAME, PS_CARDS_PLAYED, PS_CONJURED, PS_CREATURES, PS_FORCED,
    PS_HAND, PS_LIFE, PS_ORDER, PS_PLACE, PS_POWER, PS_POWERS, PS_SPELL, PS_SUMMONED, PS_TOP, SETUP_LIFE,
    PS_AGENT, PS_ZONE_MASK, SETUP_START, ST_SHUFFLE, field, in_zone, is_tapped, lowest_bit, move, score_of,
)

ALL_CARDS = np.int64((1 << N_CARDS) - 1)  # a zone mask holding every card of a side
MAX_STEPS = 32  # summons or activations a phase takes at most (a guard; a hand holds 7 cards)


@njit(cache=True, _nrt=False)
def shuffle_deck(g: np.void, p: int) -> None:
    """Rule R-03: the starting power (the deck list's first level-1 power, engine.compile) starts in
    hand; the other 59 cards are shuffled (Fisher-Yates on p's shuffle stream) into the deck, then
    the forced-draw request applied to one copy of its card (sim.core.forced_draw)."""
    ps, cs = g.ps, g.cs
    start = g.setup[SETUP_START, p]
    ps[p, PS_ORDER] = start
    i = 1
    for c in range(N_CARDS):  # every card to the deck: its zone, then the masks at once
        cs[p, c, CS_ZONE] = Zone.DECK
        if c != start:
            ps[p, PS_ORDER + i] = c
            i += 1
    for zone in range(N_ZONES):
        ps[p, PS_ZONE_MASK + zone] = 0
    ps[p, PS_ZONE_MASK + Zone.DECK] = ALL_CARDS
    shuffle_order(ps[p], PS_ORDER + 1, N_CARDS - 1, g.rng, p * 3 + ST_SHUFFLE)  # below the starting power
    code = ps[p, PS_FORCED]
    if code != 0:  # the request names a design: the first of its copies in the deck moves
        want = abs(code) - 1
        for i in range(1, N_CARDS):
            c = ps[p, PS_ORDER + i]
            if cs[p, c, CS_DESIGN] == want:
                force_card(ps[p], PS_ORDER + 1, N_CARDS - 1, np.int64(c + 1) * (1 if code > 0 else -1))
                break
    ps[p, PS_TOP] = 1
    move(g, p, start, Zone.HAND)
    ps[p, PS_HAND] = 1
    for d in range(N_DESIGNS):
        if g.tab[p, d, Field.COPIES] > 0:
            g.seen[p, d] |= Seen.IN_DECK
    g.seen[p, cs[p, start, CS_DESIGN]] |= Seen.OPENING
    for i in range(1, min(N_CARDS, 1 + g.par[Param.DECK_TOP])):
        g.seen[p, cs[p, ps[p, PS_ORDER + i], CS_DESIGN]] |= Seen.TOP


@njit(cache=True, _nrt=False)
def setup_game(g: np.void, first: int) -> None:
    """Rules R-02, R-03: both decks shuffled with the starting power in hand, life as the config
    sets it, `opening_hand` more cards each, and one more for the player who does not start."""
    ps = g.ps
    for p in range(2):
        shuffle_deck(g, p)
        ps[p, PS_LIFE] = g.setup[SETUP_LIFE, p]
    ps[GAME, G_FIRST] = first
    record(g, first, Event.START, 0, 0, 0)
    for p in (first, 1 - first):
        for _ in range(g.par[Param.OPENING_HAND]):
            draw_card(g, p, np.bool_(True))  # not a literal: draw_card would compile once more
    for _ in range(g.par[Param.SECOND_PLAYER_EXTRA_DRAW]):
        draw_card(g, 1 - first, np.bool_(True))


@njit(cache=True, _nrt=False, inline="always")  # into start_turn (a call costs as much as its work)
def regroup(g: np.void, p: int) -> None:
    """Phase 1, rule R-06: what was tapped untaps (an effect's tap runs out by itself, CS_TAP_UNTIL);
    each creature's attacks and every creature's defenses start again (R-11); a spell or amulet
    whose every ability has spent its uses is burned, freeing its place (a creature's spent ability
    is only disabled). In the 2002 variant the opponent's tap and destroy effects land first (R-20)."""
    cs, ps = g.cs, g.ps
    if g.par[Param.EFFECTS_AT_OPPONENT_START]:
        apply_pending(g, p)
    for side in range(2):
        m = in_zone(g, side, Zone.CREATURE)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            cs[side, c, CS_DEFENSES] = 0
            if side == p:
                cs[side, c, CS_ATTACKS] = 0
    for zone in (Zone.SPELL, Zone.AMULET):
        m = in_zone(g, p, zone)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            if spent(g, p, c):
                if zone == Zone.SPELL:
                    move(g, p, c, Zone.GONE)
                    ps[p, PS_SPELL] = 0
                    record(g, p, Event.BURNED, cs[p, c, CS_DESIGN], 0, 0)
                else:
                    burn_amulet(g, p, c, Event.BURNED)


@njit(cache=True, _nrt=False)
def spent(g: np.void, p: int, c: int) -> bool:
    """Every ability of card c has used up its limit (R-17); an unlimited one never does."""
    n = field(g, p, c, Field.N_ABILITIES)
    if n == 0:
        return False
    for k in range(n):
        limit = field(g, p, c, Field.ABILITIES + k * ABILITY_WIDTH + A_LIMIT)
        if limit < 0 or g.cs[p, c, CS_USES + k] < limit:
            return False
    return True


@njit(cache=True, _nrt=False)
def start_turn(g: np.void) -> None:
    """Phases 1 and 2 of the active player's turn: regroup, then draw (R-07)."""
    ps = g.ps
    p = ps[GAME, G_ACTIVE]
    q = 1 - p
    record(g, p, Event.TURN, ps[p, PS_LIFE], N_CARDS - ps[p, PS_TOP], ps[q, PS_LIFE])
    regroup(g, p)
    ps[p, PS_CONJURED] = 0
    ps[p, PS_POWER] = 0
    for _ in range(g.par[Param.DRAWS_PER_TURN]):
        if ps[GAME, G_OVER]:
            return
        draw_card(g, p, np.bool_(False))


@njit(cache=True, _nrt=False, inline="always")  # into powers_phase, its one caller (9 calls a game)
def conjure(g: np.void, p: int, c: int) -> None:
    """Rules R-08, R-16: power card c from the hand into play, replacing one at the maximum (the
    replaced one burns); its on-cast effects happen as it enters."""
    ps = g.ps
    if powers_full(g, p):
        old = choose_power_to_burn(g, p)
        remove_power(g, p, old, Event.POWER_REPLACED)
    move(g, p, c, Zone.POWER)
    ps[p, PS_HAND] -= 1
    ps[p, PS_POWERS] += 1
    ps[p, PS_CONJURED] += 1
    ps[p, PS_CARDS_PLAYED] += 1
    g.cs[p, c, CS_ENTERED] = ps[GAME, G_TURN] + 1
    g.seen[p, g.cs[p, c, CS_DESIGN]] |= Seen.PLAYED
    record(g, p, Event.POWER, g.cs[p, c, CS_DESIGN], 0, 0)
    for k in range(field(g, p, c, Field.N_ON_CAST)):
        base = Field.ON_CAST + k * ON_CAST_WIDTH
        # the card's numbers widened (the table is int32): apply_effect and what it calls compile once
        apply_effect(g, p, c, np.int64(field(g, p, c, base)), np.int64(field(g, p, c, base + 1)),
                     np.int64(field(g, p, c, base + 2)))
        if ps[GAME, G_OVER]:
            return


@njit(cache=True, _nrt=False)
def power_now(g: np.void, p: int) -> int:
    """Rule R-08: the power of this turn, the sum of the untapped powers' values, at most
    power_points_max (it does not carry over: rules.md)."""
    total = 0
    m = in_zone(g, p, Zone.POWER)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if not is_tapped(g, p, c):
            total += field(g, p, c, Field.POWER_VALUE)
    return min(total, g.par[Param.POWER_POINTS_MAX])


@njit(cache=True, _nrt=False)
def powers_phase(g: np.void, p: int) -> None:
    """Phase 3, rule R-08: at most powers_per_turn power cards conjured, then the turn's power."""
    ps = g.ps
    for _ in range(g.par[Param.POWERS_PER_TURN]):
        c = choose_power(g, p)
        if c < 0:
            break
        conjure(g, p, c)
        if ps[GAME, G_OVER]:
            return
    ps[p, PS_POWER] = power_now(g, p)
    record(g, p, Event.POWER, -1, ps[p, PS_POWER], 0)


@njit(cache=True, _nrt=False)
def free_place(g: np.void, p: int) -> int:
    for k in range(g.par[Param.CREATURE_PLACES]):
        if g.ps[p, PS_PLACE + k] == 0:
            return k
    return -1


@njit(cache=True, _nrt=False)
def enter_creature(g: np.void, p: int, c: int, place: int) -> None:
    """Rule R-14 (decision): a creature enters its place in defense mode."""
    cs, ps = g.cs, g.ps
    # no row of c's is kept (state.figures_changed): a card enters play once a game (from the hand;
    # what leaves play is gone), and a new game or a world entered keeps no row
    move(g, p, c, Zone.CREATURE)
    cs[p, c, CS_PLACE] = place
    cs[p, c, CS_ATTACK_MODE] = 0
    cs[p, c, CS_ENTERED] = ps[GAME, G_TURN] + 1
    ps[p, PS_PLACE + place] = c + 1
    ps[p, PS_CREATURES] += 1
    ps[p, PS_SUMMONED] += 1


@njit(cache=True, _nrt=False, inline="always")  # into summon_phase and expert.py (14 calls a game)
def summon(g: np.void, p: int, kind: int, c: int, target: int) -> None:
    """Rule R-09: one summon of `agents.list_summons`, paid from the turn's power: a creature into a
    free place or replacing `target` (which burns, with its amulet), an amulet beneath `target`, or
    the spell face down."""
    cs, ps = g.cs, g.ps
    d = cs[p, c, CS_DESIGN]
    cost = field(g, p, c, Field.COST)
    ps[p, PS_HAND] -= 1
    if kind == SUMMON:
        place = free_place(g, p)
        enter_creature(g, p, c, place)
        record(g, p, Event.SUMMON, d, place + 1, cost)
    elif kind == REPLACE:
        cost = replace_cost(g, p, c, target)
        place = cs[p, target, CS_PLACE]
        record(g, p, Event.REPLACE, d, cs[p, target, CS_DESIGN], cost)
        remove_creature(g, p, target, Event.BURNED)
        enter_creature(g, p, c, place)
    elif kind == AMULET:
        move(g, p, c, Zone.AMULET)
        cs[p, c, CS_LINK] = target + 1
        cs[p, target, CS_LINK] = c + 1
        cs[p, c, CS_ENTERED] = ps[GAME, G_TURN] + 1
        record(g, p, Event.AMULET, d, cs[p, target, CS_DESIGN], cost)
    else:
        move(g, p, c, Zone.SPELL)
        ps[p, PS_SPELL] = c + 1
        cs[p, c, CS_REVEALED] = 0
        cs[p, c, CS_ENTERED] = ps[GAME, G_TURN] + 1
        record(g, p, Event.SPELL_SET, d, 0, cost)
    ps[p, PS_POWER] -= cost
    ps[p, PS_CARDS_PLAYED] += 1
    g.seen[p, d] |= Seen.PLAYED


@njit(cache=True, _nrt=False)
def summon_phase(g: np.void, p: int) -> None:
    """Phase 4, rule R-09: the agent's summons one after another while it wants and can pay."""
    cand = g.cand
    for _ in range(MAX_STEPS):
        k = choose_summon(g, p)
        if k < 0:
            return
        summon(g, p, cand[k, 0], cand[k, 1], cand[k, 2])


@njit(cache=True, _nrt=False)
def activate(g: np.void, p: int, c: int, k: int) -> None:
    """Rules R-10, R-17: ability k of card c, paid, marked used this turn, one use counted; a spell
    is shown now (R-09); then its effect."""
    cs, ps = g.cs, g.ps
    pay = activation_cost(g, p, c, k)
    ps[p, PS_POWER] -= pay
    cs[p, c, CS_USED + k] = ps[GAME, G_TURN] + 1
    cs[p, c, CS_USES + k] += 1
    if ps[p, PS_SPELL] == c + 1:
        cs[p, c, CS_REVEALED] = 1
    record(g, p, Event.ACTIVATE, cs[p, c, CS_DESIGN], k, pay)
    base = Field.ABILITIES + k * ABILITY_WIDTH
    apply_effect(g, p, c, np.int64(field(g, p, c, base + A_DO)), np.int64(field(g, p, c, base + A_N)),
                 np.int64(field(g, p, c, base + A_TURNS)))


@njit(cache=True, _nrt=False)
def ability_phase(g: np.void, p: int) -> None:
    """Phase 5, rules R-10, R-17: the agent's activations one after another while it wants and can pay."""
    cand = g.cand
    for _ in range(MAX_STEPS):
        k = choose_activation(g, p)
        if k < 0:
            return
        activate(g, p, cand[k, 0], cand[k, 1])
        if g.ps[GAME, G_OVER]:
            return


@njit(cache=True, _nrt=False)
def chosen_modes(g: np.void, p: int) -> np.int64:
    """Rule R-14 (decision): the modes p's agent sets at the start of its attack phase, as a mask of
    the creatures in attack mode; each creature is weighed with the others that could attack counted
    as attacking (agents.soak_gain), then with the modes chosen before it. A greedy agent weighs
    them from the figures table it makes here (figures.py), its modes set into it as it goes, so the
    attacks that follow keep the table (`attack_phase`)."""
    cs = g.cs
    if g.ps[p, PS_AGENT] != Agent.RANDOM:
        if not in_zone(g, p, Zone.CREATURE):
            return np.int64(0)  # no mode to set: no figures to weigh
        fill_sides(g, p)
        return greedy_modes(g, p)
    m = in_zone(g, p, Zone.CREATURE)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        cs[p, c, CS_ATTACK_MODE] = 1 if could_attack(g, p, c) else 0
    mask = np.int64(0)
    m = in_zone(g, p, Zone.CREATURE)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        mode = wants_attack_mode(g, p, c)
        cs[p, c, CS_ATTACK_MODE] = 1 if mode else 0
        if mode:
            mask |= np.int64(1) << c
    return mask


@njit(cache=True, _nrt=False, inline="always")  # into chosen_modes, its one caller (18 calls a game)
def greedy_modes(g: np.void, p: int) -> np.int64:
    """`chosen_modes` of the greedy agent, the figures table made. Setting a mode changes nothing on
    the opponent's side nor any ATQ, so what greedy weighs against every creature alike (a point of
    the opponent's life, its defenses left, the places that may defend and the strongest threat,
    these two for a mystic or for a creature that is not) is found once here."""
    cs = g.cs
    masks = g.fig_mask[p]
    creatures = in_zone(g, p, Zone.CREATURE)
    # the creatures not weighed yet count as attacking if they could: the valuations read the mask,
    # not the cards' modes (each is written below)
    masks[FM_ATTACK_MODE] = masks[FM_COULD_ATTACK]
    mask = np.int64(0)
    face = 0.0
    defenses = 0
    if creatures:
        face, defenses = face_worth(g, p), defenses_left(g, p)
    # a side's creatures are two or three: the places and the threat for a mystic, or for a creature
    # that is not, are found when the first of its kind asks (the same figures in either order)
    plain_known = mystic_known = False
    free_plain = free_mystic = np.int64(0)
    strongest_plain = strongest_mystic = atq_plain = atq_mystic = -1
    m = creatures
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if masks[FM_MYSTIC] >> c & np.int64(1):
            if not mystic_known:
                free_mystic, strongest_mystic, atq_mystic = figures_of_kind(g, p, True)
                mystic_known = True
            free, strongest, atq = free_mystic, strongest_mystic, atq_mystic
        else:
            if not plain_known:
                free_plain, strongest_plain, atq_plain = figures_of_kind(g, p, False)
                plain_known = True
            free, strongest, atq = free_plain, strongest_plain, atq_plain
        mode = wants_attack_mode_given(g, p, c, face, free, defenses, strongest, atq)  # inlined: one call site
        bit = np.int64(1) << c
        if mode:
            cs[p, c, CS_ATTACK_MODE] = 1
            masks[FM_ATTACK_MODE] |= bit
            mask |= bit
        else:
            cs[p, c, CS_ATTACK_MODE] = 0
            masks[FM_ATTACK_MODE] &= ~bit
    return mask


@njit(cache=True, _nrt=False)
def figures_of_kind(g: np.void, p: int, mystic: bool) -> tuple:
    """What a modes choice weighs against each of p's creatures that is a mystic, or is not, alike:
    the places that may defend against it and the strongest threat it would guard against."""
    strongest, strongest_atq = strongest_threat(g, p, mystic)
    return places_that_may_defend(g, p, mystic), strongest, strongest_atq


@njit(cache=True, _nrt=False)
def apply_modes(g: np.void, p: int, mask: np.int64) -> None:
    """Rule R-14 (decision): p's creatures in `mask` go to attack mode, the others to defense mode;
    the modes hold until p's next attack phase."""
    cs = g.cs
    attackers = 0
    n = 0
    m = in_zone(g, p, Zone.CREATURE)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        mode = 1 if mask >> c & np.int64(1) else 0
        cs[p, c, CS_ATTACK_MODE] = mode
        attackers += mode
        n += 1
    if n:
        record(g, p, Event.MODES, attackers, n - attackers, 0)


@njit(cache=True, _nrt=False)
def set_modes(g: np.void, p: int) -> None:
    """Rule R-14 (decision): at the start of its attack phase the owner sets each creature's mode."""
    apply_modes(g, p, chosen_modes(g, p))


@njit(cache=True, _nrt=False)
def attack(g: np.void, p: int, a: int, chosen: int) -> None:
    """One attack (rules R-11 to R-14, R-18) choosing `chosen` (an opposing creature or NO_CHOICE):
    `attack_against` the defender R-13 finds (legal.defender_for)."""
    attack_against(g, p, a, chosen, defender_for(g, p, a, chosen))


@njit(cache=True, _nrt=False, inline="always")  # into attacks_from_modes and attack (20 calls a game)
def attack_against(g: np.void, p: int, a: int, chosen: int, d: int) -> None:
    """One attack, its defender d found (R-13: -1 for none): its life cost, then (in the 2002 variant
    the defending player may refuse, R-20) the fight or the hit to life. The life cost changes no
    creature of the defending side, so the defender found before it stands."""
    if not declare_attack(g, p, a, chosen):
        return
    q = 1 - p
    if d >= 0 and g.par[Param.DEFENDER_MAY_DECLINE] and not wants_to_defend(g, q, d, a):
        record(g, q, Event.DECLINE, g.cs[q, d, CS_DESIGN], 0, 0)
        d = -1
    if d < 0:
        hit_life(g, p, a)
    else:
        fight(g, p, a, d)


@njit(cache=True, _nrt=False, inline="always")  # into main_phases, its one caller (a call costs as much)
def attack_phase(g: np.void, p: int) -> None:
    """Phase 6, rules R-11 to R-14: modes, then each creature, in the order the agent picks
    (agents.attack_order), attacks as often as it may (multiple attack) while its player wants. The
    figures table a greedy modes choice makes holds for its attacks (figures.py)."""
    apply_modes(g, p, chosen_modes(g, p))
    attacks_from_modes(g, p)


@njit(cache=True, _nrt=False)
def attacks(g: np.void, p: int) -> None:
    """The attacks of phase 6 once the modes are set (`attacks_from_modes`), the figures table of a
    greedy player made first."""
    if g.ps[p, PS_AGENT] != Agent.RANDOM and in_zone(g, p, Zone.CREATURE):
        fill_sides(g, p)
    attacks_from_modes(g, p)


@njit(cache=True, _nrt=False, inline="always")  # into attack_phase and attacks (21 calls a game)
def attacks_from_modes(g: np.void, p: int) -> None:
    """The attacks of phase 6 once the modes are set: each creature, in the order the agent picks
    (agents.attack_order), as often as it may (multiple attack) while its player wants (rules R-11
    to R-14). A greedy player reads the figures table (made by the caller) and makes again what
    each attack changed in it."""
    greedy = g.ps[p, PS_AGENT] != Agent.RANDOM
    for i in range(attack_order(g, p)):
        a = g.order[i]
        for _ in range(8):
            # it may have died, or spent its attacks: greedy's table keeps legal.may_attack as masks
            if greedy:
                masks = g.fig_mask[p]
                if not (masks[FM_ABLE] & masks[FM_ATTACK_MODE]) >> a & np.int64(1):
                    break
            elif not may_attack(g, p, a):
                break
            if greedy:
                chosen, d = target_and_defender(g, p, a)
            else:
                chosen = choose_target(g, p, a)
                d = -1 if chosen == NO_ATTACK else defender_for(g, p, a, chosen)
            if chosen == NO_ATTACK:
                break
            attack_against(g, p, a, chosen, d)
            if g.ps[GAME, G_OVER]:
                return
            if greedy:
                refresh_after_attack(g, p, a, d)


@njit(cache=True, _nrt=False, inline="always")  # into play_turn, its one caller (a call costs as much)
def main_phases(g: np.void) -> None:
    """Phases 3 to 6 of the active player's turn, stopping when the game ends."""
    p = g.ps[GAME, G_ACTIVE]
    powers_phase(g, p)
    if g.ps[GAME, G_OVER]:
        return
    summon_phase(g, p)
    ability_phase(g, p)
    if g.ps[GAME, G_OVER]:
        return
    attack_phase(g, p)


@njit(cache=True, _nrt=False)
def phases_before_attack(g: np.void) -> None:
    """Phases 1 to 5 of the active player's turn (a hard player searches phase 6, hard.py)."""
    start_turn(g)
    if g.ps[GAME, G_OVER]:
        return
    p = g.ps[GAME, G_ACTIVE]
    powers_phase(g, p)
    if g.ps[GAME, G_OVER]:
        return
    summon_phase(g, p)
    ability_phase(g, p)


@njit(cache=True, _nrt=False)
def play_turn(g: np.void) -> None:
    """The active player's whole turn, phases 1 to 6 (R-06 to R-11); the turn's power is lost at its end."""
    start_turn(g)
    if not g.ps[GAME, G_OVER]:
        main_phases(g)
    g.ps[g.ps[GAME, G_ACTIVE], PS_POWER] = 0


@njit(cache=True, _nrt=False)
def end_by_score(g: np.void) -> None:
    """Rule R-04 (decision): at the turn cap the higher score wins; equal scores are a draw."""
    a = score_of(g, np.int64(0))  # not literals: each would compile score_of once more
    b = score_of(g, np.int64(1))
    record(g, -1, Event.SCORE, a, b, 0)
    if a == b:
        end_game(g, np.int64(-1), End.TIE)
    else:
        end_game(g, np.int64(0 if a > b else 1), End.SCORE)
