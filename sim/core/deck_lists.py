"""What a game whose sides are deck lists gives `sim deck-search RULESET GROUP`
(sim.balance.deck_search), which improves decks by play the same way for every such game.

A search works on decks as card ids with their copies, within a GROUP the game names (rolplay: a
deck level, R-02; epikha: one of its shipped decks, whose Player card, abilities and gear stay): the
game says which groups there are, which shipped decks and built decks start a search, which cards a
child may take copies of and how many, which decks its rules allow, and how a deck file is written.
A game without deck lists has none (`Ruleset.deck_lists` is None).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol


class DeckLists(Protocol):
    group_word: str  # what the groups are, in a sentence: "deck levels (R-02)", "shipped decks (decks/*.toml)"

    def groups(self) -> list[str]:
        """The groups a search may take."""

    def group_phrase(self, group: str) -> str:
        """The group in the deck files' language (Spanish), after "Los mazos": "de nivel 25"."""

    def decks_dir(self, cards_dir: Path) -> Path:
        """The folder of deck files a card folder's sides read (beside it)."""

    def shipped(self, group: str) -> dict[str, dict[str, int]]:
        """The game's shipped decks of the group: file stem -> card id -> copies."""

    def built(self, group: str, count: int, seed: int) -> list[tuple[str, dict[str, int]]]:
        """Decks made by the game's builders to fill a first population (`count` wanted, from
        `seed`), as (name, copies); none for a game without builders."""

    def swappable(self, group: str) -> list[str]:
        """The card ids a deck of the group may hold copies of, in id order."""

    def copy_limit(self, group: str, card_id: str) -> int:
        """The copies of a card a deck of the group may hold."""

    def problems(self, group: str, copies: dict[str, int]) -> list[str]:
        """Every deck rule the deck breaks (empty: a legal deck)."""

    def deck_text(self, group: str, name: str, copies: dict[str, int], idea: str, made_by: str) -> str:
        """The deck as a deck file (TOML), which the game's sides read back."""
