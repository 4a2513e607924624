"""Rolplay deck lists: `decks/*.toml` a designer writes (card ids and copies), checked against the
card pool and the deck rules (R-01, R-02, R-03, R-08, R-15).

Decks are built, not drafted (RULES.md's open point): written here as lists, or made for a level by
the builders of builders.py (greedy, random). Every problem names the deck file, the card (or `deck`
when it is the deck as a whole) and the rule, all of them at once, so one run shows every edit to make.
What every game of deck lists shares (the folder, a deck line and its checks, the reading) is the
shell's: sim.core.decks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field as PydField

from sim.core.decks import DeckCounts, DeckLine, deck_lines, load_deck_folder, read_checked_deck
from sim.rulesets.rolplay.cards import CardPool, RolplayCard, load_pool

DECKS_DIR = Path(__file__).parent / "decks"


class DeckRules(BaseModel):
    """The numbers of deck construction; defaults are the manual's (rules.md, parameter table)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    deck_size: int = PydField(60, ge=1, le=200, description="cards in a deck (rules R-01, R-03)")
    min_powers: int = PydField(7, ge=1, description="fewest power cards, the starting power included (R-08)")
    max_powers: int = PydField(40, ge=1, description="most power cards, the starting power included (R-08)")
    tiers: tuple[int, ...] = PydField((25, 50), description="the deck levels a deck may declare (R-02)")
    copy_limits: Literal["rolplus", "2002"] = PydField(
        "rolplus", description="which copies-per-deck column binds: max_per_deck or max_per_deck_2002 (R-15, R-20)")
    max_level_gap: int = PydField(5, ge=0, description="the largest gap between two decks' levels the manual "
                                  "recommends for a match (R-02): a pairing further apart is played, with a warning")


class DeckEntry(DeckLine):
    """One line of a deck (sim.core.decks.DeckLine), at most a whole deck's copies."""

    copies: int = PydField(ge=1, le=60)


class DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = PydField(min_length=1)
    tier: int = PydField(description="the level the deck declares, one of DeckRules.tiers (R-02)")
    idea: str = PydField(min_length=1, description="what the deck is trying to do, in one line")
    cards: list[DeckEntry] = PydField(min_length=1)


@dataclass(frozen=True)
class Deck(DeckCounts):
    """A legal deck: its cards with their copies in file order, its level (its highest card level,
    R-02) and its starting power (R-03: the first level-1 power of the list; one copy of it starts in
    hand, the other 59 cards are shuffled into the deck)."""

    path: Path
    name: str
    tier: int
    idea: str
    entries: tuple[tuple[RolplayCard, int], ...]
    level: int
    starting_power: str

    @property
    def powers(self) -> int:
        return self.count("power")


def check_deck(path: Path, deck: DeckFile, pool: CardPool, rules: DeckRules) -> list[str]:
    """Every way the deck breaks the rules, one line each: file, card (or deck), rule."""
    problems = []
    if deck.tier not in rules.tiers:
        problems.append(f"{path}: deck: rule R-02: tier {deck.tier} is not a deck level; declare one of "
                        f"{', '.join(map(str, rules.tiers))}")
    known: list[tuple[DeckEntry, RolplayCard]] = []
    not_in_pool = "cards/*.toml; the disabled cards of the table are left out"
    for entry, card, where in deck_lines(path, deck.cards, pool, "R-15", not_in_pool, problems):
        known.append((entry, card))
        limit = card.copies_2002 if rules.copy_limits == "2002" else card.max_per_deck
        if entry.copies > limit:
            column = "max_per_deck_2002" if rules.copy_limits == "2002" else "max_per_deck"
            problems.append(f"{where}: rule R-15: {entry.copies} copies; the card allows {limit} per deck ({column})")
        if card.level > deck.tier:
            problems.append(f"{where}: rule R-02: level {card.level} is above the deck's tier {deck.tier} (a deck's "
                            f"level is its highest card level)")
    size = sum(e.copies for e in deck.cards)
    if size != rules.deck_size:
        problems.append(f"{path}: deck: rule R-03: {size} cards; a deck holds {rules.deck_size} (R-01, R-03)")
    powers = [(e, c) for e, c in known if c.class_ == "power"]
    n_powers = sum(e.copies for e, _ in powers)
    if not rules.min_powers <= n_powers <= rules.max_powers:
        listed = ", ".join(f"{e.id} ({c.name}) x{e.copies}" for e, c in powers) or "none"
        problems.append(f"{path}: power cards {listed}: rule R-08: {n_powers} power cards; a deck holds "
                        f"{rules.min_powers} to {rules.max_powers}, the starting power included")
    if powers and not any(c.level == 1 for _, c in powers):
        problems.append(f"{path}: deck: rule R-03: no level-1 power card to be the starting power")
    return problems


def load_deck(path: Path, pool: CardPool | None = None, rules: DeckRules | None = None) -> Deck:
    """Read a deck file and check it (R-01, R-02, R-03, R-08, R-15); an InputError lists every problem."""
    pool = pool or load_pool()
    rules = rules or DeckRules()
    deck = read_checked_deck(path, DeckFile, lambda path, deck: check_deck(path, deck, pool, rules))
    entries = tuple((pool[e.id], e.copies) for e in deck.cards)
    start = next(card.id for card, _ in entries if card.class_ == "power" and card.level == 1)
    return Deck(Path(path), deck.name, deck.tier, deck.idea, entries, max(card.level for card, _ in entries), start)


def load_decks(decks_dir: Path = DECKS_DIR, pool: CardPool | None = None,
               rules: DeckRules | None = None) -> dict[str, Deck]:
    """Every deck of a folder by file stem; the problems of all of them in one InputError."""
    pool = pool or load_pool()
    return load_deck_folder(decks_dir, lambda path: load_deck(path, pool, rules))
