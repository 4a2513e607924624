"""An epikha side: a deck (a deck file of decks/, or a faction, which plays its standard deck) with a
config's card changes, compiled into the table the kernels read, and the ablation's plain card.

A side's "faction" in a spec names a deck file's stem (`empiria_legion`) or a faction, a card file's
stem (`empiria`): a faction plays the first of its decks in name order (rule E-35 decision:
`abaron` is `abaron_arcano`, `empiria` is `empiria_fe`). The deck folder is `decks/` beside the card
folder (`cards_dir/../decks`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from sim.core.decks import DeckCards, decks_dir_of, list_decks
from sim.core.errors import InputError
from sim.rulesets.epikha.cards import CARDS_DIR, CardPool, EpikhaCard, load_pool
from sim.rulesets.epikha.constants import (
    CHOSEN_TARGETS, CLASS_WORDS, DO_WORDS, MAX_ABILITIES, MAX_CAST, MAX_DECK, MAX_ENTER, MAX_PASSIVE, MAX_START,
    N_DESIGNS, N_FIELDS, TARGET_WORDS, Field, Rule,
)
from sim.rulesets.epikha.decks import Deck, DeckRules, load_deck

RULE_BITS = {"magia": Rule.MAGIA, "espiritu": Rule.ESPIRITU, "arrollar": Rule.ARROLLAR, "veloz": Rule.VELOZ}


def faction_decks(cards_dir: Path) -> dict[str, str]:
    """Rule E-35 decision: each faction's standard deck, the first of its decks in name order."""
    out: dict[str, str] = {}
    for stem in list_decks(decks_dir_of(cards_dir)):
        faction = stem.split("_", 1)[0]
        out.setdefault(faction, stem)
    return out


def list_sides(cards_dir: Path = CARDS_DIR) -> list[str]:
    """The factions with a deck (each plays its standard deck), then every deck file."""
    return sorted(faction_decks(cards_dir)) + list_decks(decks_dir_of(cards_dir))


@dataclass(frozen=True)
class EpikhaDeckCards(DeckCards):
    """One side compiled (sim.core.decks.DeckCards): one row per design, the deck's distinct cards in
    deck-list order, then the Player card, its Player Abilities and its set-up gear (rules E-13,
    E-14, E-16)."""

    @property
    def player_design(self) -> int:
        return len(self.deck.entries)

    @property
    def gear_design(self) -> int:
        """The set-up gear's design, -1 without it."""
        return len(self.deck.entries) + 1 + len(self.deck.abilities) if self.deck.gear else -1


def side_deck(faction: str, cards_dir: Path, pool: CardPool, rules: DeckRules) -> Deck:
    decks_dir = decks_dir_of(cards_dir)
    stem = faction_decks(cards_dir).get(faction, faction)
    path = decks_dir / f"{stem}.toml"
    if not path.exists() and not path.is_symlink():  # a link that loops or leads nowhere: read_toml says which
        raise InputError(f"{decks_dir}: no deck or faction {faction!r} (choose one of "
                         f"{', '.join(list_sides(cards_dir)) or 'none'})")
    return load_deck(path, pool, rules)


def _rules(card: EpikhaCard, words: str) -> tuple[int, int, int, int]:
    """(Rule bits, regeneracion n, nivel n, fuente_vital n) of a card's `rules` or `grants`."""
    bits = regen = nivel = fuente = 0
    for r in getattr(card, words):
        if r.rule in RULE_BITS:
            bits |= RULE_BITS[r.rule]
        elif r.rule == "regeneracion":
            regen += r.n or 0
        elif r.rule == "nivel":
            nivel += r.n or 0
        elif r.rule == "fuente_vital":
            fuente += r.n or 0
    return bits, regen, nivel, fuente


def compile_row(row: np.ndarray, card: EpikhaCard, copies: int, where: str) -> None:
    """One design's row of the table (constants.Field)."""
    row[Field.CLASS] = CLASS_WORDS[card.class_]
    row[Field.COST] = card.cost or 0
    row[Field.LEVEL] = card.level or 0
    row[Field.FUERZA] = card.fuerza or 0
    row[Field.RESISTENCIA] = card.resistencia or 0
    row[Field.VITAL] = card.vital or 0
    row[Field.RULES], row[Field.REGEN], row[Field.NIVEL], row[Field.FUENTE] = _rules(card, "rules")
    row[Field.GRANTS], row[Field.G_REGEN], row[Field.G_NIVEL], row[Field.G_FUENTE] = _rules(card, "grants")
    row[Field.BONUS_F] = card.bonus_fuerza or 0
    row[Field.BONUS_R] = card.bonus_resistencia or 0
    row[Field.IS_CHARACTER] = card.is_character
    row[Field.COPIES] = copies
    row[Field.VITAL_COST] = card.vital_cost or 0
    chosen = [e for ctx in ("on_cast", "on_start") for e in getattr(card, ctx)
              if e.target and TARGET_WORDS[e.target] in CHOSEN_TARGETS]
    if len(chosen) > 1:
        raise InputError(f"{where}: card {card.id}: on_cast: the engine takes one chosen target a card "
                         f"(rule E-23); this one names {len(chosen)}")
    row[Field.TARGET] = TARGET_WORDS[chosen[0].target] if chosen else 0
    row[Field.N_CAST] = len(card.on_cast)
    for k, e in enumerate(card.on_cast[:MAX_CAST]):
        row[Field.CAST + 3 * k: Field.CAST + 3 * k + 3] = (DO_WORDS[e.do], e.n or 0, TARGET_WORDS.get(e.target, 0))
    row[Field.N_ENTER] = len(card.on_enter)
    for k, e in enumerate(card.on_enter[:MAX_ENTER]):
        row[Field.ENTER + 2 * k: Field.ENTER + 2 * k + 2] = (DO_WORDS[e.do], e.n or 0)
    row[Field.N_START] = len(card.on_start)
    for k, e in enumerate(card.on_start[:MAX_START]):
        row[Field.START + 3 * k: Field.START + 3 * k + 3] = (DO_WORDS[e.do], e.n or 0, TARGET_WORDS.get(e.target, 0))
    row[Field.N_PASSIVE] = len(card.passive)
    for k, e in enumerate(card.passive[:MAX_PASSIVE]):
        row[Field.PASSIVE + 2 * k: Field.PASSIVE + 2 * k + 2] = (DO_WORDS[e.do], e.n or 0)


def side_designs(deck: Deck) -> tuple[list[EpikhaCard], list[int]]:
    """The designs in table order: the deck's cards, the Player card, its abilities, its set-up gear."""
    cards = [card for card, _ in deck.entries] + [deck.player, *deck.abilities, *deck.gear]
    copies = [n for _, n in deck.entries] + [1] * (1 + len(deck.abilities) + len(deck.gear))
    return cards, copies


def load_side(faction: str, cards_dir: Path = CARDS_DIR, overrides: dict[str, dict] | None = None,
              rules: DeckRules | None = None) -> EpikhaDeckCards:
    """Read the card pool with the config's changes and the side's deck (checked against the deck
    rules), and compile its designs."""
    pool = load_pool(cards_dir).changed(overrides, EpikhaCard)
    deck = side_deck(faction, cards_dir, pool, rules or DeckRules())
    cards, copies = side_designs(deck)
    if len(cards) > N_DESIGNS or deck.size > MAX_DECK or len(deck.abilities) > MAX_ABILITIES or len(deck.gear) > 1:
        raise InputError(f"{deck.path}: deck: {deck.size} cards, {len(cards)} designs, {len(deck.abilities)} "
                         f"abilities, {len(deck.gear)} set-up gear; the engine takes at most {MAX_DECK} cards, "
                         f"{N_DESIGNS} designs, {MAX_ABILITIES} abilities and 1 set-up gear")
    table = np.zeros((N_DESIGNS, N_FIELDS), np.int32)
    for d, (card, n) in enumerate(zip(cards, copies)):
        compile_row(table[d], card, n, str(deck.path))
    frame = pl.DataFrame({
        "id": [c.id for c in cards], "name": [c.name for c in cards], "class": [c.class_ for c in cards],
        "cost": [c.cost for c in cards], "copies": copies, "level": [c.level for c in cards],
        "fuerza": [c.fuerza for c in cards], "vital": [c.vital for c in cards],
    }, strict=False)
    files = tuple(pool.files) + (deck.path,)
    label = pool.factions[deck.faction].name
    return EpikhaDeckCards(faction, label, frame, table, deck, tuple(cards), files)


def instance_designs(pool: EpikhaDeckCards) -> np.ndarray:
    """Each card instance's design: the deck's copies in list order (rule E-15), the Player card in
    PLAYER_C and the set-up gear in GEAR_C (-1: unused)."""
    out = np.full(MAX_DECK + 2, -1, np.int32)
    deck = np.repeat(np.arange(len(pool.deck.entries)), [n for _, n in pool.deck.entries])
    out[:len(deck)] = deck
    out[MAX_DECK] = pool.player_design
    out[MAX_DECK + 1] = pool.gear_design
    return out


def vanilla_filler(pool: EpikhaDeckCards, card_id: str) -> dict:
    """A plain card of the same class and cost to stand in for `card_id` (causal card impact): a
    character of Fuerza = cost, Vital = 2 x cost, no special rule or effect; a weapon or item of +1
    Fuerza; a spell of the same level that draws one card; a continuous spell that does the same on
    each start of its controller's turn."""
    card = next(c for c in pool.cards if c.id == card_id)
    plain: dict = {"text": "", "note": "ablation filler", "rules": [], "grants": [], "on_cast": [], "on_enter": [],
                   "on_start": [], "passive": []}
    cost = card.cost or 1
    if card.class_ in ("character", "machine"):
        return plain | {"fuerza": cost, "vital": 2 * cost, "resistencia": None}
    if card.class_ in ("weapon", "item"):
        return plain | {"bonus_fuerza": 1, "bonus_resistencia": None, "max_copies": card.max_copies}
    if card.class_ == "spell":
        return plain | {"fuerza": None, "resistencia": None, "on_cast": [{"do": "draw", "n": 1}]}
    if card.class_ == "continuous_spell":
        return plain | {"fuerza": None, "resistencia": None, "on_start": [{"do": "draw", "n": 1}]}
    return plain


FILLER_WORDS = {  # describe_filler's words in Spanish and English (Ruleset.filler_words)
    r": Fuerza (?P<f>\d+) / Vital (?P<v>\d+), no special rule$": (r": Fuerza \g<f> / Vital \g<v>, sin regla especial",
                                                                r": Fuerza \g<f> / Vital \g<v>, no special rule"),
    r": a (?P<kind>weapon|item) of \+1 Fuerza$": (r": un \g<kind> de +1 Fuerza", r": a \g<kind> of +1 Fuerza"),
    r": a (?P<kind>\w+) of level (?P<level>\d+) that draws one card$": (
        r": un \g<kind> de nivel \g<level> que roba una carta", r": a \g<kind> of level \g<level> that draws one card"),
}


def describe_filler(pool: EpikhaDeckCards, card_id: str) -> str:
    card = next(c for c in pool.cards if c.id == card_id)
    filler = vanilla_filler(pool, card_id)
    plain = f"Relleno ({card.cost})"
    if card.class_ in ("character", "machine"):
        return f"{plain}: Fuerza {filler['fuerza']} / Vital {filler['vital']}, no special rule"
    if card.class_ in ("weapon", "item"):
        return f"{plain}: a {card.class_} of +1 Fuerza"
    return f"{plain}: a {card.class_} of level {card.level} that draws one card"


def ablatable_cards(faction: str, cards_dir: Path = CARDS_DIR) -> list[str]:
    """Every distinct card of the deck (the Player card, its abilities and set-up gear are not in it)."""
    pool = load_side(faction, cards_dir)
    return [c.id for c, _ in pool.deck.entries]
