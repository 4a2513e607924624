"""Rolplay deck builders: `greedy` and `random` make a legal deck for a tier (rules R-01, R-02, R-03,
R-08, R-15), deterministic from a seed, so a run can give each side a deck without a deck file.

    build_deck("greedy", 25)            # a power curve and the best cards per power spent, level <= 25
    build_deck("random", 50, seed=7)    # one legal deck list of level <= 50, every list equally likely
    deck_toml(deck)                     # the deck as a deck file (decks/*.toml) to save and edit

`seed` is the side's deck seed (a spec names it in the side: `random-50-seed7`): the same builder,
tier, seed, card pool and deck rules give the same deck on any machine, because every draw comes
from a `random.Random(seed)` of this call and never from global state.

greedy: a value model in stat points (the constants below, each with its reason) and a power curve.
Powers first: the starting power (R-03) once, then the best powers of the tier by value (R-08, R-16),
`POWER_SHARE` of the deck. Their seven best values are the deck's full power (R-08: at most seven
powers in play); no card that costs more is taken, since the curve could never pay it. Then
`EARLY_CARDS` creatures the starting power alone pays (something to summon in the first turns), then
the rest by value per power spent, `value / (cost + place price)`, within copy limits (R-15), at most
`MAX_SPELL_CARDS` spells and `MAX_AMULET_CARDS` amulets. The seed breaks exact ties of value only, so
most seeds give the same greedy deck.

random: uniform over the legal deck lists of the tier, exactly: a list is a multiset (card -> copies,
0 to its limit) of `deck_size` cards with `min_powers` to `max_powers` powers, a level-1 power among
them (R-03), every card of level <= tier (R-02). Dynamic programming counts the lists (Python ints,
exact), the number of powers is drawn in proportion to the lists that have it, then each card's
copies in turn from the counts. "Uniform" is over deck lists, not over shuffled decks: a list of 60
different cards and a list of 5 cards x 12 are equally likely. Uniform lists are power-poor: there are
far more ways to choose the non-powers, so a random deck holds 8.6 powers on average at tier 25 and
8.0 at tier 50 (a third and a half of them exactly 7), of 3.6e56 and 3.6e65 legal lists.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Literal

from sim.core.errors import InputError
from sim.rulesets.rolplay.cards import CardPool, Effect, RolplayCard, load_pool
from sim.rulesets.rolplay.decks import Deck, DeckEntry, DeckFile, DeckRules, check_deck

BuilderWord = Literal["greedy", "random"]
BUILDERS: tuple[str, ...] = ("greedy", "random")

# The game's numbers the builders plan with (the engine's parameters will carry them; these are the
# manual's defaults, rules.md's parameter table).
POWERS_IN_PLAY = 7  # rule R-08: at most seven powers in play, so the seven best values are full power
POWER_POINTS_MAX = 200  # rule R-08: no player ever has more than 200 power points
CREATURE_PLACES = 7  # rule R-01: seven creature places

# ---------------------------------------------------------------------------------------------------
# greedy's value model. One unit, the stat point: one point of ATQ or of defense on the field.
# ---------------------------------------------------------------------------------------------------
ATQ_POINT = 1.0  # one ATQ point: one damage to a creature or, unblocked or left over, to life
DEF_POINT = 1.0  # one defense point: one damage absorbed; a negative DEF gives |DEF| points
LIFE_POINT = 1.0  # one life point, own or the opponent's: what one unblocked ATQ point takes
POWER_POINT = 2.3  # one power point spent summoning: the pool's creatures give a median 2.3 stat points
#                    per point of cost (2.25 at levels 1-25, 2.5 at 26-50)
ABILITY_POWER_POINT = 1.0  # one power point spent on an ability: abilities are paid with the power
#                            left after summoning, which has little else to buy once the seven places are
#                            full (R-01; power does not carry over, R-08), so less than POWER_POINT
MYSTIC_FACTOR = 1.3  # only mystics can attack or block it, so its ATQ lands and its DEF lasts
DEFENDER_DEF_SHARE = 0.5  # a defender may defend after attacking: its DEF serves again, on some turns
BERSERKER_FACTOR = 0.5  # destroyed after one fight; acting the turn it arrives does not make up for
#                         the fights it will never have
MULTI_SHARE = 0.5  # each extra attack or defense a turn is worth half the first (there is not
#                    always a second target or a second attacker)
ABILITY_USES = 4  # uses counted for an ability (fewer if its limit is lower): about the turns a
#                   creature, spell or amulet stays in play; an unlimited one (-1) counts 4
FIELD_CREATURES = 4  # creatures usually on one side of the field (of seven places, R-01): all_atq,
#                      all_def and all_defenders reach this many of one's own, destroy and tap at
#                      most this many of the opponent's
TAP_SHARE = 0.3  # a creature tapped for a turn neither attacks nor defends: about a third of it
POWER_TURNS_LOST = 2  # a destroyed power is replaced at one conjured a turn: two turns without it
CARD_DRAWN = 10.0  # a card drawn: about a cheap creature of the pool (a median creature is 15-20 points)
AMULET_DESTROYED = 5.0  # an opposing amulet destroyed: few decks play amulets (the shipped pool has 5)
DEFENDER_TURN = 3.0  # one creature made a defender for a turn (all_defenders): it may also block after
#                      attacking, about DEFENDER_DEF_SHARE of a small creature's DEF
UNMYSTIC_TURN = 5.0  # opposing mystics lose mystic for a turn: worth something only against mystics

# greedy's curve and slots
POWER_SHARE = 22 / 60  # the power cards' share of the deck: 22 of 60, the median of the eight shipped
#                        decks (20-26); with fewer, one turn in three passes without a power to conjure
#                        in the first ten turns; with more, the deck runs out of creatures to pay
EARLY_CARDS = 6  # creatures the starting power alone pays: something to summon while the deck
#                  has drawn no second power (about one game in four in its first three turns)
MAX_SPELL_CARDS = 4  # one spell in play at a time, not replaceable, burned when spent:
#                      more copies would wait in hand
MAX_AMULET_CARDS = 4  # one amulet per creature, burned when it dies


def copy_limit(card: RolplayCard, rules: DeckRules) -> int:
    """Rule R-15: the copies a deck may hold, by the copy-limit column the rules choose."""
    return card.copies_2002 if rules.copy_limits == "2002" else card.max_per_deck


def cards_of_tier(pool: CardPool, tier: int) -> list[RolplayCard]:
    """Rule R-02: every card a deck of this tier may hold (level <= tier), in id order."""
    return [card for card in pool.cards.values() if card.level <= tier]


def is_starting_power(card: RolplayCard) -> bool:
    """Rule R-03: a level-1 power can be the starting power; a deck needs one."""
    return card.class_ == "power" and card.level == 1


@dataclass(frozen=True)
class ValueModel:
    """greedy's worth of a card in stat points, for one tier. Destroying or tapping an opposing card
    is worth what such a card is worth at this tier: `typical_creature` is the median ATQ + defense
    points of the tier's creatures, `typical_power` the highest power value of the tier (what the
    opponent conjures)."""

    typical_creature: float
    typical_power: float

    @classmethod
    def for_tier(cls, pool: CardPool, tier: int) -> "ValueModel":
        cards = cards_of_tier(pool, tier)
        creatures = [c.atq + c.defense_points for c in cards if c.class_ == "creature"]
        powers = [c.power_value or 0 for c in cards if c.class_ == "power"]
        return cls(float(median(creatures)) if creatures else 0.0, float(max(powers, default=0)))

    def effect(self, effect: Effect) -> float:
        """One use of an effect (R-17), to its owner, in stat points."""
        n, turns, do = effect.n or 0, effect.duration, effect.do
        reach = min(n, FIELD_CREATURES)  # no more opposing creatures than are usually there
        if do in ("self_atq", "all_atq"):
            return n * ATQ_POINT * (FIELD_CREATURES if do == "all_atq" else 1)
        if do in ("self_def", "holder_def", "all_def"):
            return n * DEF_POINT * (FIELD_CREATURES if do == "all_def" else 1)
        if do in ("heal", "damage"):
            return n * LIFE_POINT
        if do == "lose_life":
            return -n * LIFE_POINT
        if do == "draw":
            return n * CARD_DRAWN
        if do == "add_power":
            return n * ABILITY_POWER_POINT
        if do == "destroy_creatures":
            return reach * self.typical_creature
        if do == "tap_creatures":
            return reach * self.typical_creature * TAP_SHARE * turns
        if do == "destroy_powers":  # at most seven powers in play
            return min(n, POWERS_IN_PLAY) * self.typical_power * POWER_POINT * POWER_TURNS_LOST
        if do == "tap_powers":
            return min(n, POWERS_IN_PLAY) * self.typical_power * POWER_POINT * turns
        if do == "destroy_amulets":
            return min(n, 2) * AMULET_DESTROYED
        if do == "all_defenders":
            return FIELD_CREATURES * (DEFENDER_TURN + n * DEF_POINT) * turns
        if do == "unmystic":
            return UNMYSTIC_TURN * turns
        return 0.0  # multi_attack, multi_defense: a creature's, counted in `creature`

    def abilities(self, card: RolplayCard) -> float:
        """Rule R-17: each ability counted for its uses, each use its effect less its pay; an ability
        not worth its pay is worth nothing (the player does not use it)."""
        total = 0.0
        for ability in card.ability:
            uses = ABILITY_USES if ability.limit == -1 else min(ability.limit, ABILITY_USES)
            total += uses * max(0.0, self.effect(ability) - ability.pay * ABILITY_POWER_POINT)
        return total

    def creature(self, card: RolplayCard) -> float:
        """A creature's fight (ATQ and defense points, R-12) shaped by its types (R-14) and specials
        (R-11), less the life a negative DEF costs per attack (R-18), plus its abilities and its
        on-summon effects."""
        atq, dp = card.atq or 0, card.defense_points
        fight = atq * ATQ_POINT + dp * DEF_POINT
        fight += (card.multiplier("multi_attack") - 1) * MULTI_SHARE * atq * ATQ_POINT
        fight += (card.multiplier("multi_defense") - 1) * MULTI_SHARE * dp * DEF_POINT
        if card.defender:
            fight += dp * DEF_POINT * DEFENDER_DEF_SHARE
        if card.mystic:
            fight *= MYSTIC_FACTOR
        if card.berserker:
            fight *= BERSERKER_FACTOR
        fight -= card.self_damage * LIFE_POINT  # rule R-18: one attack's life, as the fight counts one attack
        return fight + self.abilities(card) + sum(self.effect(e) for e in card.on_cast)

    def value(self, card: RolplayCard) -> float:
        """Any card's worth: a creature's by `creature`, a spell's or amulet's by its abilities, a
        power's by the effects it has when conjured (R-16; its power value is the curve's, not this)."""
        if card.class_ == "creature":
            return self.creature(card)
        if card.class_ == "power":
            return sum(self.effect(e) for e in card.on_cast)
        return self.abilities(card)


# ---------------------------------------------------------------------------------------------------
# greedy
# ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GreedyPlan:
    """What greedy decided, for the deck's idea and for tests: the copies of each card, the power
    cards, the full power (the seven best power values, R-08) and the price of a place."""

    copies: dict[str, int]
    powers: int
    full_power: int
    place_price: float


def _tie_breaks(cards: list[RolplayCard], rnd: random.Random) -> dict[str, float]:
    """One random number per card, drawn in id order: the seed's only say in greedy is the order of
    cards of exactly equal value."""
    return {card.id: rnd.random() for card in sorted(cards, key=lambda c: c.id)}


def greedy_plan(tier: int, seed: int, pool: CardPool, rules: DeckRules) -> GreedyPlan:
    cards = cards_of_tier(pool, tier)
    model = ValueModel.for_tier(pool, tier)
    tie = _tie_breaks(cards, random.Random(seed))
    copies: dict[str, int] = {}

    def add(card: RolplayCard, wanted: int) -> int:
        room = copy_limit(card, rules) - copies.get(card.id, 0)
        n = max(0, min(wanted, room))
        if n:
            copies[card.id] = copies.get(card.id, 0) + n
        return n

    # the power curve: the starting power once (R-03; a level-1 power is the weakest there is), then
    # the highest power values of the tier, an on-cast effect breaking equal values
    powers = [c for c in cards if c.class_ == "power"]
    starters = sorted((c for c in powers if is_starting_power(c)),
                      key=lambda c: (-(c.power_value or 0), -model.value(c), tie[c.id]))
    best_powers = sorted(powers, key=lambda c: (-(c.power_value or 0), -model.value(c), tie[c.id]))
    want_powers = min(max(round(POWER_SHARE * rules.deck_size), rules.min_powers), rules.max_powers)
    n_powers = add(starters[0], 1) if starters else 0
    for card in best_powers:
        n_powers += add(card, want_powers - n_powers)
    held = sorted((pool[i].power_value or 0 for i, n in copies.items() for _ in range(n)), reverse=True)
    full_power = min(sum(held[:POWERS_IN_PLAY]), POWER_POINTS_MAX)
    start_power = (starters[0].power_value or 0) if starters else 0
    # a creature takes one of seven places whatever its cost, so a cheap card is not free:
    # every card also pays the power one power card gives at full power
    place_price = full_power / CREATURE_PLACES

    def score(card: RolplayCard) -> tuple[float, float]:
        return (-model.value(card) / (card.cost + place_price), tie[card.id])

    # only what the curve can pay and what is worth something
    others = sorted((c for c in cards if c.class_ != "power" and c.cost <= full_power and model.value(c) > 0),
                    key=score)
    slots = rules.deck_size - n_powers
    # first the creatures the starting power alone pays, so the first turns summon something
    early = [c for c in others if c.class_ == "creature" and c.cost <= start_power]
    for card in early:
        slots -= add(card, min(slots, EARLY_CARDS - sum(copies.get(c.id, 0) for c in early)))
    caps = {"spell": MAX_SPELL_CARDS, "amulet": MAX_AMULET_CARDS, "creature": rules.deck_size}
    for card in others:
        taken = sum(n for i, n in copies.items() if pool[i].class_ == card.class_)
        slots -= add(card, min(slots, caps[card.class_] - taken))
    # a pool too small to fill the deck with cards worth something: more powers, up to the rules' most
    for card in best_powers:
        extra = add(card, min(slots, rules.max_powers - n_powers))
        n_powers, slots = n_powers + extra, slots - extra
    return GreedyPlan(copies, n_powers, full_power, place_price)


# ---------------------------------------------------------------------------------------------------
# random: exact counts of bounded multisets
# ---------------------------------------------------------------------------------------------------

def _count_table(limits: list[int], marked: list[bool], size: int) -> list[tuple[list[int], list[int]]]:
    """table[i] = (free, need): free[k] is the number of ways to pick k cards (k = 0..size) from cards
    i.. (card j taking 0..limits[j] copies); need[k] the ways that hold at least one copy of a marked
    card. table[len(limits)] is the empty rest: one way to pick nothing."""
    free = [1] + [0] * size
    need = [0] * (size + 1)
    table = [(free, need)]
    for limit, mark in zip(reversed(limits), reversed(marked)):
        new_free, new_need = [0] * (size + 1), [0] * (size + 1)
        for k in range(size + 1):
            for c in range(min(limit, k) + 1):
                new_free[k] += free[k - c]
                # a copy of a marked card meets the need; otherwise the rest must
                new_need[k] += free[k - c] if mark and c else need[k - c]
        free, need = new_free, new_need
        table.append((free, need))
    table.reverse()
    return table


def _draw_copies(table: list[tuple[list[int], list[int]]], limits: list[int], marked: list[bool], k: int,
                 must_mark: bool, rnd: random.Random) -> list[int]:
    """One multiset of k cards, uniform among those `table` counts (with a marked card if must_mark):
    each card's copies drawn in turn in proportion to the ways the rest can be completed."""
    copies = []
    for i, (limit, mark) in enumerate(zip(limits, marked)):
        rest_free, rest_need = table[i + 1]
        ways = [(rest_free if not must_mark or (mark and c) else rest_need)[k - c] for c in range(min(limit, k) + 1)]
        r = rnd.randrange(sum(ways))  # exact for any size of int; the sum is table[i]'s count
        c = 0
        while r >= ways[c]:
            r -= ways[c]
            c += 1
        copies.append(c)
        must_mark = must_mark and not (mark and c)
        k -= c
    return copies


class LegalDecks:
    """Every legal deck list of a set of cards under the deck rules, counted exactly: `by_powers[p]`
    lists with p power cards (a level-1 power among them, R-03), `total` all of them; `sample` draws
    one uniformly. The cards must already be of the tier (`cards_of_tier`)."""

    def __init__(self, cards: list[RolplayCard], rules: DeckRules) -> None:
        self.rules = rules
        self.powers = [c for c in cards if c.class_ == "power"]
        self.others = [c for c in cards if c.class_ != "power"]
        self._power_limits = [copy_limit(c, rules) for c in self.powers]
        self._power_marks = [is_starting_power(c) for c in self.powers]
        self._other_limits = [copy_limit(c, rules) for c in self.others]
        self._power_table = _count_table(self._power_limits, self._power_marks, rules.deck_size)
        self._other_table = _count_table(self._other_limits, [False] * len(self.others), rules.deck_size)
        with_start = self._power_table[0][1]
        without_need = self._other_table[0][0]
        top = min(rules.max_powers, rules.deck_size)
        # rule R-08: 7 to 40 powers; the rest of the deck is non-powers
        self.by_powers = {p: with_start[p] * without_need[rules.deck_size - p]
                          for p in range(rules.min_powers, top + 1)}
        self.total = sum(self.by_powers.values())

    def sample(self, rnd: random.Random) -> dict[str, int]:
        """One legal deck list, card id -> copies, every list equally likely."""
        if not self.total:
            raise ValueError("no legal deck list")
        r = rnd.randrange(self.total)
        for p, ways in self.by_powers.items():  # the number of powers, in proportion to its lists
            if r < ways:
                break
            r -= ways
        power_copies = _draw_copies(self._power_table, self._power_limits, self._power_marks, p, True, rnd)
        other_copies = _draw_copies(self._other_table, self._other_limits, [False] * len(self.others),
                                    self.rules.deck_size - p, False, rnd)
        return {c.id: n for c, n in zip(self.powers + self.others, power_copies + other_copies) if n}


def legal_decks(tier: int, pool: CardPool | None = None, rules: DeckRules | None = None) -> LegalDecks:
    """The legal deck lists of a tier (R-02): `legal_decks(25).total` is how many there are."""
    return LegalDecks(cards_of_tier(pool or load_pool(), tier), rules or DeckRules())


# ---------------------------------------------------------------------------------------------------
# the deck
# ---------------------------------------------------------------------------------------------------

CLASS_ORDER = {"power": 0, "creature": 1, "spell": 2, "amulet": 3}


def _in_deck_order(copies: dict[str, int], pool: CardPool) -> list[tuple[RolplayCard, int]]:
    """The starting power first (R-03: `decks.Deck` takes the first level-1 power of the list), the
    other powers by value, then creatures by cost, spells and amulets: the shipped decks' order."""
    def key(card: RolplayCard) -> tuple:
        return (not is_starting_power(card), CLASS_ORDER[card.class_], -(card.power_value or 0), card.cost, card.id)
    return sorted(((pool[i], n) for i, n in copies.items() if n), key=lambda entry: key(entry[0]))


def build_deck(builder: BuilderWord, tier: int, seed: int = 0, pool: CardPool | None = None,
               rules: DeckRules | None = None) -> Deck:
    """A legal deck of `tier` made by `builder` ("greedy" or "random") from the side's deck seed
    `seed`; checked by `decks.check_deck` before it is returned. An InputError names the builder, the
    tier and the rule when no legal deck can be made."""
    pool = pool or load_pool()
    rules = rules or DeckRules()
    if builder not in BUILDERS:
        raise InputError(f"builder {builder!r}: no such deck builder; the builders are {', '.join(BUILDERS)}")
    path = Path(f"builder:{builder}-{tier}-seed{seed}")
    if tier not in rules.tiers:
        raise InputError(f"{path}: deck: rule R-02: tier {tier} is not a deck level; build one of "
                         f"{', '.join(map(str, rules.tiers))}")
    if builder == "greedy":
        plan = greedy_plan(tier, seed, pool, rules)
        copies = plan.copies
        idea = (f"Voraz: {plan.powers} poderes, que con los 7 mejores en juego dan {plan.full_power} de poder por "
                f"turno (R-08), y las criaturas y efectos que más dan por poder gastado hasta el nivel {tier}.")
    else:
        decks = legal_decks(tier, pool, rules)
        if not decks.total:
            raise InputError(f"{path}: deck: rules R-03, R-08, R-15: no legal deck list of tier {tier} in the pool "
                             f"({rules.deck_size} cards, {rules.min_powers} to {rules.max_powers} powers with a "
                             f"level-1 power, within copy limits)")
        copies = decks.sample(random.Random(seed))
        idea = (f"Al azar: una de las unas 10^{len(str(decks.total)) - 1} listas legales de nivel {tier}, "
                f"todas igual de probables.")
    entries = _in_deck_order(copies, pool)
    deck_file = DeckFile(name=f"{builder} {tier} (semilla {seed})", tier=tier, idea=idea,
                         cards=[DeckEntry(id=card.id, copies=n, name=card.name) for card, n in entries])
    problems = check_deck(path, deck_file, pool, rules)
    if problems:
        raise InputError(f"builder {builder}, tier {tier}: cannot make a legal deck from this pool:\n"
                         + "\n".join(problems))
    start = next(card.id for card, _ in entries if is_starting_power(card))
    return Deck(path, deck_file.name, tier, idea, tuple(entries), max(card.level for card, _ in entries), start)


def _toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes (\\", \\\\, \\n, \\uXXXX) are TOML's too."""
    return json.dumps(text, ensure_ascii=False)


def deck_toml(deck: Deck) -> str:
    """The deck as a deck file (the shipped decks' format), which `decks.load_deck` reads back into
    the same cards and copies: save it under decks/ and edit it like any other."""
    lines = [
        f"# Mazo de nivel {deck.tier} (R-02), hecho por {deck.path}. Formato: name, tier (25 o 50), idea (una",
        "# línea) y cards, cada línea con id (el de cards/*.toml), copies y, si se quiere, name (se comprueba",
        "# contra la carta). Reglas: rules.md.",
        f"name = {_toml_string(deck.name)}",
        f"tier = {deck.tier}",
        f"idea = {_toml_string(deck.idea)}",
        "cards = [",
    ]
    lines += [f"    {{ id = {_toml_string(card.id)}, copies = {n}, name = {_toml_string(card.name)} }},"
              for card, n in deck.entries]
    lines.append("]")
    return "\n".join(lines) + "\n"
