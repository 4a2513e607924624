"""The tiny game's card schema, the deck loader and the compiled card table the kernels read.

A faction file (`cards/<faction>.toml`) lists numbered cards (rule T-01): the whole file is the
side's deck. A card has an id, a name and a value; the card-impact tables show the value as the
card's `cost`, since a card is worth its number.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl
from pydantic import BaseModel, ConfigDict, Field as PydField

from sim.core.cards import CardPoolBase, card_factions, faction_file, load_card_file
from sim.core.errors import InputError
from tests.rulesets.tiny.constants import MAX_CARDS, N_FIELDS, Field

CARDS_DIR = Path(__file__).parent / "cards"


class TinyCard(BaseModel):
    """One [[card]] table of a faction file."""

    model_config = ConfigDict(extra="forbid", strict=True)  # value = "7" is refused, as the file wrote it

    id: str = PydField(pattern=r"^[A-Z]{2}-\d{2}$", description="faction prefix and number, e.g. RO-07")
    name: str = PydField(min_length=1)
    value: int = PydField(ge=1, le=99, description="rule T-03: the higher card takes the round")


@dataclass(frozen=True)
class Deck(CardPoolBase):
    """One faction's cards, validated and compiled: the side's whole deck (rule T-01). `frame` has
    id, name, value and cost, one row per card in file order; `table` is int32 [MAX_CARDS, N_FIELDS]."""

    path: Path

    @property
    def files(self) -> tuple[Path, ...]:
        return (self.path,)

    @property
    def n_cards(self) -> int:
        return self.frame.height


def list_factions(cards_dir: Path = CARDS_DIR) -> list[str]:
    return card_factions(cards_dir)


def load_deck(faction: str, cards_dir: Path = CARDS_DIR, overrides: dict[str, dict] | None = None) -> Deck:
    """Read, validate and compile one faction file; `overrides` (card id -> fields) are applied
    before validation, so a swept value is checked like a value in the file."""
    path = faction_file(cards_dir, faction)
    header, cards = load_card_file(path, TinyCard, overrides)
    if len(cards) > MAX_CARDS:
        raise InputError(f"{path}: {len(cards)} cards; a deck holds at most {MAX_CARDS} (rule T-01)")
    frame = pl.DataFrame({"id": [c.id for c in cards], "name": [c.name for c in cards],
                          "value": [c.value for c in cards], "cost": [c.value for c in cards]})
    table = np.zeros((MAX_CARDS, N_FIELDS), np.int32)
    table[:len(cards), Field.VALUE] = frame["value"].to_numpy()
    return Deck(faction, str(header.get("name", faction)), frame, table, path)


def vanilla_filler(deck: Deck, card_id: str) -> dict:
    """A plain card to stand in for `card_id` (causal card impact): the deck's median value."""
    deck.index_of(card_id)
    value = int(round(float(deck.frame["value"].median())))
    return {"name": f"Relleno ({value})", "value": value}


def describe_filler(deck: Deck, card_id: str) -> str:
    """The filler as a designer reads it: "Relleno (6): a 6, the deck's median value"."""
    value = vanilla_filler(deck, card_id)["value"]
    return f"Relleno ({value}): a {value}, the deck's median value"
