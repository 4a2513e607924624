"""A rolplay side: a deck (a deck file of decks/ or a builder's deck) with a config's card changes,
compiled into the table the kernels read (rules R-01, R-15 to R-19), and the ablation's plain card.

A side's "faction" in a spec names its deck: a file stem of the deck folder (`carga_25`) or a
builder and tier (`greedy-25`, `random-50`, with a deck seed `random-50-seed7`; builders.py). The
deck folder is `decks/` beside the card folder (`cards_dir/../decks`).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import polars as pl

from sim.core.decks import DeckCards, decks_dir_of, list_decks
from sim.core.errors import InputError
from sim.rulesets.rolplay.builders import BUILDERS, build_deck
from sim.rulesets.rolplay.cards import CARDS_DIR, CardPool, RolplayCard, load_pool
from sim.rulesets.rolplay.constants import (
    A_DO, A_LIMIT, A_N, A_PAY, A_TURNS, ABILITY_WIDTH, CLASS_WORDS, DO_WORDS, MAX_ABILITIES, MAX_ON_CAST,
    N_DESIGNS, N_FIELDS, ON_CAST_WIDTH, Field,
)
from sim.rulesets.rolplay.decks import Deck, DeckRules, load_deck

BUILT = re.compile(r"^(?P<builder>[a-z]+)-(?P<tier>\d+)(?:-seed(?P<seed>\d+))?$")


def list_sides(cards_dir: Path = CARDS_DIR) -> list[str]:
    """The shipped deck files beside a card folder (builder decks are named, not listed)."""
    return list_decks(decks_dir_of(cards_dir))


def side_deck(faction: str, cards_dir: Path, pool: CardPool, rules: DeckRules) -> Deck:
    """The deck a side names: a deck file's stem, or builder-tier[-seedN]."""
    built = BUILT.match(faction)
    if built and built["builder"] in BUILDERS:
        return build_deck(built["builder"], int(built["tier"]), int(built["seed"] or 0), pool, rules)
    decks_dir = decks_dir_of(cards_dir)
    path = decks_dir / f"{faction}.toml"
    if not path.exists() and not path.is_symlink():  # a link that loops or leads nowhere: read_toml says which
        known = ", ".join(list_decks(decks_dir)) or "none"
        raise InputError(f"{decks_dir}: no deck {faction!r} (deck files: {known}; or a builder: greedy-25, "
                         f"random-50, random-50-seed7)")
    return load_deck(path, pool, rules)


def compile_table(cards: list[RolplayCard], copies: list[int]) -> np.ndarray:
    """The int32 table tab[design, Field] of a deck's distinct cards (constants.Field)."""
    table = np.zeros((N_DESIGNS, N_FIELDS), np.int32)
    for d, (card, n) in enumerate(zip(cards, copies)):
        row = table[d]
        row[Field.CLASS] = CLASS_WORDS[card.class_]
        row[Field.LEVEL] = card.level
        row[Field.COST] = card.cost
        row[Field.ATQ] = card.atq or 0
        row[Field.DEF] = card.defense_points
        row[Field.MYSTIC] = card.mystic
        row[Field.DEFENDER] = card.defender
        row[Field.BERSERKER] = card.berserker
        row[Field.SELF_DAMAGE] = card.self_damage
        row[Field.POWER_VALUE] = card.power_value or 0
        row[Field.MULTI_ATTACK] = card.multiplier("multi_attack")
        row[Field.MULTI_DEFENSE] = card.multiplier("multi_defense")
        row[Field.COPIES] = n
        row[Field.N_ABILITIES] = len(card.ability)
        row[Field.N_ON_CAST] = len(card.on_cast)
        for k, ability in enumerate(card.ability[:MAX_ABILITIES]):
            base = Field.ABILITIES + k * ABILITY_WIDTH
            row[base + A_DO] = DO_WORDS[ability.do]
            row[base + A_N] = ability.n or 0
            row[base + A_TURNS] = ability.duration
            row[base + A_PAY] = ability.pay
            row[base + A_LIMIT] = ability.limit
        for k, effect in enumerate(card.on_cast[:MAX_ON_CAST]):
            base = Field.ON_CAST + k * ON_CAST_WIDTH
            row[base] = DO_WORDS[effect.do]
            row[base + 1] = effect.n or 0
            row[base + 2] = effect.duration
    return table


def load_side(faction: str, cards_dir: Path = CARDS_DIR, overrides: dict[str, dict] | None = None,
              rules: DeckRules | None = None) -> DeckCards:
    """Read the card pool with the config's changes, the side's deck (checked against the deck
    rules), and compile its distinct cards."""
    pool = load_pool(cards_dir).changed(overrides, RolplayCard)
    deck = side_deck(faction, cards_dir, pool, rules or DeckRules())
    cards = [card for card, _ in deck.entries]
    copies = [n for _, n in deck.entries]
    if len(cards) > N_DESIGNS:
        raise InputError(f"{deck.path}: deck: {len(cards)} distinct cards; the engine takes at most {N_DESIGNS}")
    frame = pl.DataFrame({
        "id": [c.id for c in cards], "name": [c.name for c in cards], "class": [c.class_ for c in cards],
        "level": [c.level for c in cards], "cost": [c.cost for c in cards], "copies": copies,
        "atq": [c.atq for c in cards], "def": [c.def_ for c in cards], "power_value": [c.power_value for c in cards],
    }, strict=False)
    files = tuple(pool.files) + ((deck.path,) if deck.path.exists() else ())
    return DeckCards(faction, deck.name, frame, compile_table(cards, copies), deck, tuple(cards), files)


def instance_designs(pool: DeckCards) -> np.ndarray:
    """Each of the deck's card instances' design (rule R-01: one instance per copy, in list order)."""
    return np.repeat(np.arange(len(pool.cards)), pool.frame["copies"].to_numpy()).astype(np.int32)


def vanilla_filler(pool: DeckCards, card_id: str) -> dict:
    """A plain card of the same class, level and cost to stand in for `card_id` (causal card impact):
    a creature with ATQ and DEF of 1.3 x its cost each (the pool's plain creatures give 2.7 stat
    points per point of cost, rounded down), no type, ability or special; a power of the same value
    with no on-cast effect; a spell or amulet whose one ability heals 1, once, for nothing (the
    vocabulary has no verb that does nothing)."""
    card = pool.cards[pool.index_of(card_id)]
    # the name stays: a deck line may name its card (decks.check_deck compares them)
    plain: dict = {"text": "", "note": "ablation filler", "ability": [],
                   "on_cast": [], "on_attack": [], "special": []}
    if card.class_ == "creature":
        stat = max(1, (13 * card.cost) // 10)
        return plain | {"atq": stat, "def": stat, "mystic": False, "defender": False, "berserker": False}
    if card.class_ == "power":
        return plain
    return plain | {"ability": [{"do": "heal", "n": 1, "pay": 0, "limit": 1}]}


FILLER_WORDS = {  # describe_filler's words in Spanish and English (Ruleset.filler_words)
    r": (?P<atq>\d+)/(?P<def>\d+) creature, no type or ability$": (r": criatura \g<atq>/\g<def>, sin tipo ni habilidad",
                                                                 r": \g<atq>/\g<def> creature, no type or ability"),
    r": a power of value (?P<value>\d+) with no on-cast effect$": (r": un poder de valor \g<value> sin efecto al lanzarlo",
                                                                r": a power of value \g<value> with no on-cast effect"),
    r": a (?P<kind>\w+) whose one ability heals 1 once$": (r": un \g<kind> cuya única habilidad cura 1 una vez",
                                                        r": a \g<kind> whose one ability heals 1 once"),
}


def describe_filler(pool: DeckCards, card_id: str) -> str:
    card = pool.cards[pool.index_of(card_id)]
    filler = vanilla_filler(pool, card_id)
    plain = f"Relleno ({card.cost})"
    if card.class_ == "creature":
        return f"{plain}: {filler['atq']}/{filler['def']} creature, no type or ability"
    if card.class_ == "power":
        return f"{plain}: a power of value {card.power_value} with no on-cast effect"
    return f"{plain}: a {card.class_} whose one ability heals 1 once"


def ablatable_cards(faction: str, cards_dir: Path = CARDS_DIR) -> list[str]:
    """Every distinct card of the deck but the starting power (R-03: one copy starts in hand)."""
    pool = load_side(faction, cards_dir)
    return [c.id for c in pool.cards if c.id != pool.deck.starting_power]
