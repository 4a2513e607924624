"""Deck lists, for the games whose sides are decks a designer writes (rolplay, epikha): the files of a
`decks/` folder beside the card folder, each a name, an idea and card ids with their copies, read,
checked against the game's card pool and compiled into one side's cards.

What is the same for every such game is here: the folder and its listing, a deck line and the checks
of its lines (a card listed twice, a card the pool does not hold, a name that is not the card's), the
reading of a deck file that stops with every problem at once, and the side a deck compiles into. A
game keeps its own deck rules: its DeckRules numbers, its DeckFile (what a file declares beyond the
cards: a tier, a Player card), its `check_deck` and its Deck.

Every problem names the deck file, the card (or `deck` when it is the deck as a whole) and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field as PydField

from sim.core.cards import CardPoolBase, file_hash, load_each, read_deck_file
from sim.core.errors import InputError

DeckFileModel = TypeVar("DeckFileModel", bound=BaseModel)


class CardsById(Protocol):
    """A card pool as the deck checks read it: its cards by id, each with a name."""

    cards: dict[str, Any]


def decks_dir_of(cards_dir: Path) -> Path:
    """The deck folder of a card folder: `decks/` beside it (`sim cards` copies both)."""
    return Path(cards_dir).parent / "decks"


def list_decks(decks_dir: Path) -> list[str]:
    """The deck files of a folder, by stem in name order."""
    return sorted(p.stem for p in Path(decks_dir).glob("*.toml"))


def load_deck_folder(decks_dir: Path, load_deck: Callable[[Path], Any]) -> dict[str, Any]:
    """Every deck of a folder by file stem, read by `load_deck(path)`; the problems of all of them in
    one InputError, so one run shows every edit to make."""
    return load_each(list_decks(decks_dir), lambda stem: load_deck(Path(decks_dir) / f"{stem}.toml"))


class DeckLine(BaseModel):
    """One line of a deck: the card's id, how many copies, and optionally its name, which must then
    be the card's (it lets a reader check the list without the card files at hand)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    id: str = PydField(min_length=1)
    copies: int = PydField(ge=1, le=200)
    name: str | None = None


def card_words(card_id: str, pool: CardsById) -> str:
    """A card as a deck problem names it: 'card RP-025 (Lancero)', or its id alone when the pool
    does not hold it."""
    card = pool.cards.get(card_id)
    return f"card {card_id} ({card.name})" if card else f"card {card_id}"


def deck_lines(path: Path, entries: list[DeckLine], pool: CardsById, rule: str, not_in_pool: str,
               problems: list[str]) -> Iterator[tuple[DeckLine, Any, str]]:
    """The deck's lines whose card the pool holds, in list order, as (entry, card, where: the file
    and the card, for the game's own problems), each line's problems added to `problems` as it goes
    (so they stay in list order with the game's): a card listed twice, a card the pool does not
    hold (`not_in_pool` says where to look), a name that is not the card's. `rule` is the game's
    rule of deck lines (R-15, E-15)."""
    seen: set[str] = set()
    for entry in entries:
        where = f"{path}: {card_words(entry.id, pool)}"
        if entry.id in seen:
            problems.append(f"{where}: rule {rule}: listed twice; give its copies on one line")
        seen.add(entry.id)
        card = pool.cards.get(entry.id)
        if card is None:
            problems.append(f"{where}: rule {rule}: no such card in the pool ({not_in_pool})")
            continue
        if entry.name is not None and entry.name != card.name:
            problems.append(f"{where}: rule {rule}: the line names it {entry.name!r}; {entry.id} is {card.name!r}")
        yield entry, card, where


def read_checked_deck(path: Path, model: type[DeckFileModel],
                      check: Callable[[Path, DeckFileModel], list[str]]) -> DeckFileModel:
    """A deck file read by `model` (sim.core.cards.read_deck_file) and checked by the game's
    `check(path, deck)`: an InputError lists every problem, one line each."""
    deck = read_deck_file(Path(path), model)
    problems = check(Path(path), deck)
    if problems:
        raise InputError("\n".join(problems))
    return deck


class DeckCounts:
    """What a deck answers from its `entries`, (card, copies) in list order."""

    entries: tuple[tuple[Any, int], ...]

    @property
    def size(self) -> int:
        return sum(copies for _, copies in self.entries)

    def count(self, word: str) -> int:
        """Copies of the cards of one class (`class` of the card files)."""
        return sum(copies for card, copies in self.entries if card.class_ == word)


@dataclass(frozen=True)
class DeckCards(CardPoolBase):
    """One side whose cards are a deck, compiled (a sim.core.ruleset.CardPool): one row per design in
    the game's order, the deck it came from and the files it was read from (the card files and the
    deck file; a deck made by a builder has no file, and its hash says so)."""

    deck: Any
    cards: tuple[Any, ...]
    source_files: tuple[Path, ...]

    @property
    def files(self) -> tuple[Path, ...]:
        return self.source_files

    @property
    def n_cards(self) -> int:
        return self.deck.size

    def hash(self) -> str:
        return file_hash(list(self.source_files)) + ("" if self.deck.path.exists() else f"+{self.deck.path}")
