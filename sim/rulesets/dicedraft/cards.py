"""Dicedraft card schema and the compiled card table the kernels read.

A faction file holds its characters (rule D-03); `dados.toml` holds the dice-card types, one copy of
each joins every player's selection. A side's pool is its faction's characters followed by the dice
types, in file order; a deck is a bitmask over that pool.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np
import polars as pl
from pydantic import BaseModel, ConfigDict, Field as PydField, model_validator

from sim.core.cards import CardPoolBase, card_factions, cards_frame, faction_file, load_card_file
from sim.core.errors import CardRule, InputError
from sim.rulesets.dicedraft.constants import MAX_CARDS, MAX_DIE, N_FIELDS, Boost, Field, Kind
from sim.rulesets.dicedraft.words import CARD_RULE_WORDS

CARDS_DIR = Path(__file__).parent / "cards"
DICE_FILE = "dados.toml"


class DicedraftCard(BaseModel):
    """One [[card]] table. Characters carry ATQ/DEF; dice cards carry a die and what it boosts."""

    # strict: a value as the file wrote it, so cost = "3" or true and double_block = "yes" are refused
    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)

    id: str = PydField(min_length=1, max_length=16)
    name: str = PydField(min_length=1)
    kind: Literal["personaje", "dado"]
    cost: int = PydField(ge=0, le=135)
    atq: int = PydField(0, ge=0, le=99)
    def_: int = PydField(0, ge=0, le=99, alias="def")
    double_block: bool = False
    double_attack: bool = False
    die: int = PydField(0, ge=0, le=MAX_DIE)
    boost: Literal["atq", "def", ""] = ""
    text: str = ""

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> "DicedraftCard":
        if self.kind == "personaje":
            if self.def_ < 1:
                raise CardRule(CARD_RULE_WORDS, "personaje_def")
            if self.die or self.boost:
                raise CardRule(CARD_RULE_WORDS, "personaje_no_die")
        else:
            if self.die < 2:
                raise CardRule(CARD_RULE_WORDS, "dado_die")
            if self.boost not in ("atq", "def"):
                raise CardRule(CARD_RULE_WORDS, "dado_boost")
            if self.atq or self.def_ or self.double_block or self.double_attack:
                raise CardRule(CARD_RULE_WORDS, "dado_no_fight")
        return self


@dataclass(frozen=True)
class FactionPool(CardPoolBase):
    """One side's selectable cards (rule D-03): faction characters, then one of each dice type
    (`table`: int32 [MAX_CARDS, N_FIELDS])."""

    card_files: tuple[Path, Path]  # the faction's file and the dice file

    @property
    def files(self) -> tuple[Path, ...]:
        return self.card_files

    @property
    def n_cards(self) -> int:
        return self.frame.height



def _compile_table(frame: pl.DataFrame) -> np.ndarray:
    table = np.zeros((MAX_CARDS, N_FIELDS), np.int32)
    n = frame.height
    table[:n, Field.KIND] = (frame["kind"] == "dado").cast(pl.Int32).to_numpy() * int(Kind.DICE)
    table[:n, Field.COST] = frame["cost"].to_numpy()
    table[:n, Field.ATQ] = frame["atq"].to_numpy()
    table[:n, Field.DEF] = frame["def_"].to_numpy()
    table[:n, Field.DOUBLE_BLOCK] = frame["double_block"].cast(pl.Int32).to_numpy()
    table[:n, Field.DOUBLE_ATTACK] = frame["double_attack"].cast(pl.Int32).to_numpy()
    table[:n, Field.DIE] = frame["die"].to_numpy()
    table[:n, Field.BOOST] = (frame["boost"] == "def").cast(pl.Int32).to_numpy() * int(Boost.DEF)
    return table


def vanilla_filler(pool: FactionPool, card_id: str) -> dict:
    """A plain card of the same cost to stand in for `card_id` (causal card impact, ANALYTICS.md):
    a character gets the faction's average ATQ+DEF per point for that cost, split evenly, and no
    double block or attack; a die becomes the pool's smallest die of the same boost."""
    row = pool.frame.row(pool.index_of(card_id), named=True)
    if row["kind"] == "dado":
        same = pool.frame.filter((pl.col("kind") == "dado") & (pl.col("boost") == row["boost"]))
        return {"name": f"Relleno ({row['cost']})", "die": int(same["die"].min())}
    chars = pool.frame.filter(pl.col("kind") == "personaje")
    rate = float((chars["atq"] + chars["def_"]).sum()) / max(1, int(chars["cost"].sum()))
    total = max(2, round(rate * row["cost"]))
    return {"name": f"Relleno ({row['cost']})", "atq": total // 2, "def": total - total // 2,
            "double_block": False, "double_attack": False}


def describe_filler(pool: FactionPool, card_id: str) -> str:
    """The filler of `card_id` as a designer reads it: "Relleno (10): 5/5, no double block or
    attack" for a character, "Relleno (5): d4 attack die" for a die."""
    filler = vanilla_filler(pool, card_id)
    if "die" in filler:
        boost = pool.frame.row(pool.index_of(card_id), named=True)["boost"]
        return f"{filler['name']}: d{filler['die']} {'attack' if boost == 'atq' else 'defence'} die"
    return f"{filler['name']}: {filler['atq']}/{filler['def']}, no double block or attack"


def list_factions(cards_dir: Path = CARDS_DIR) -> list[str]:
    return card_factions(cards_dir, besides=(DICE_FILE,))


def load_pool(faction: str, cards_dir: Path = CARDS_DIR, overrides: dict[str, dict] | None = None) -> FactionPool:
    """Read a faction's characters and the shared dice types into one validated, compiled pool."""
    path = faction_file(cards_dir, faction, besides=(DICE_FILE,))
    header, characters = load_card_file(path, DicedraftCard, overrides)
    dice_file = cards_dir / DICE_FILE
    _, dice = load_card_file(dice_file, DicedraftCard, overrides)
    for card in characters:
        if card.kind != "personaje":
            raise InputError(f"{path}: card {card.id}: field 'kind': faction files hold personajes; dice go in {DICE_FILE}")
    for card in dice:
        if card.kind != "dado":
            raise InputError(f"{dice_file}: card {card.id}: field 'kind': {DICE_FILE} holds only dados")
    cards = characters + dice
    if len(cards) > MAX_CARDS:
        raise InputError(f"{path}: {len(cards)} cards with the dice; a pool holds at most {MAX_CARDS}")
    clash = {c.id for c in characters} & {c.id for c in dice}
    if clash:
        raise InputError(f"{path}: card {sorted(clash)[0]}: field 'id': also used in {dice_file}")
    frame = cards_frame(cards)
    label = str(header.get("name", faction))
    return FactionPool(faction, label, frame, _compile_table(frame), (path, dice_file))
