"""Fortaleza card schema, the collection loader and the compiled card table the kernels read.

A collection file (`cards/<faction>.toml`) holds the faction's 50 designs in the layout of rule F-01:
001-020 personajes, 021-030 criaturas, 031-036 técnicas, 037-038 trampas, 039-044 artefactos,
045-050 tierras. Effects come from the small vocabulary in constants.py (`[[card.effect]]` tables),
so a designer adds or changes a card without touching code. Every problem names file, card and field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np
import polars as pl
from pydantic import BaseModel, ConfigDict, Field as PydField, model_validator

from sim.core.cards import CardPoolBase, card_factions, faction_file, load_card_file
from sim.core.errors import CardRule, InputError
from sim.rulesets.fortaleza.constants import (
    COND_WORDS, DO_WORDS, E_COND, E_DO, E_N, E_ON, E_TARGET, EFFECT_WIDTH, KEYWORD_WORDS, KIND_WORDS, MAX_EFFECTS,
    N_DESIGNS, N_FIELDS, ON_WORDS, SUBTYPE_WORDS, TAG_WORDS, TARGET_WORDS, Field,
)
from sim.rulesets.fortaleza.words import CARD_RULE_WORDS

CARDS_DIR = Path(__file__).parent / "cards"

KindWord = Literal["personaje", "criatura", "tecnica", "trampa", "artefacto", "tierra"]
KeywordWord = Literal["veloz", "vigilancia", "vuelo", "alcance", "arrollar", "unico"]

# rule F-01: which kind each design number must be
LAYOUT = (("personaje", 1, 20), ("criatura", 21, 30), ("tecnica", 31, 36), ("trampa", 37, 38),
          ("artefacto", 39, 44), ("tierra", 45, 50))

# which targets make sense for each effect
TARGETS_OF = {
    "dano": {"unidad_rival", "unidad", "atacante_rival", "fortaleza_rival"},
    "proteccion": {"esta", "unidad_propia", "fortaleza_propia"},
    "mejora_atq": {"esta", "unidad_propia", "unidad"},
    "mejora_res": {"esta", "unidad_propia", "unidad"},
    "robar": {"jugador"},
    "destruir_artefacto": {"artefacto_rival"},
    "curar": {"fortaleza_propia"},
    "recuperar": {"descarte_propio"},
}
CHOSEN_TARGETS = {"unidad_propia", "unidad_rival", "unidad", "atacante_rival", "artefacto_rival"}
TRIGGERS_OF = {
    "personaje": {"entrar", "atacar", "activar"},
    "criatura": {"entrar", "atacar", "activar"},
    "tecnica": {"lanzar"},
    "trampa": {"lanzar"},
    "artefacto": {"entrar", "activar"},
    "tierra": set(),
}


class Effect(BaseModel):
    """One [[card.effect]]: when (`on`), what (`do`), how much (`n`), at what (`target`), if (`cond`)."""

    model_config = ConfigDict(extra="forbid", strict=True)  # n = "1" or true is not 1

    on: Literal["entrar", "lanzar", "activar", "atacar"]
    do: Literal["dano", "proteccion", "mejora_atq", "mejora_res", "robar", "destruir_artefacto", "curar", "recuperar"]
    n: int = PydField(1, ge=0, le=99)
    target: Literal["esta", "unidad_propia", "unidad_rival", "unidad", "atacante_rival", "fortaleza_propia",
                    "fortaleza_rival", "artefacto_rival", "jugador", "descarte_propio"]
    cond: Literal["", "otro_espiritu", "equipada"] = ""

    @model_validator(mode="after")
    def _target_fits(self) -> "Effect":
        allowed = TARGETS_OF[self.do]
        if self.target not in allowed:
            raise CardRule(CARD_RULE_WORDS, "effect_target", "target", do=self.do, allowed=" | ".join(sorted(allowed)),
                           target=self.target)
        return self


class FortalezaCard(BaseModel):
    """One [[card]] table of a collection file."""

    model_config = ConfigDict(extra="forbid", strict=True)  # a value as the file wrote it: cost = "3" is refused

    id: str = PydField(pattern=r"^[A-Za-z]{1,4}-\d{3}$", description="faction prefix and design number, e.g. CH-002")
    name: str = PydField(min_length=1)
    kind: KindWord
    cost: int = PydField(0, ge=0, le=6, description="energy (rule F-08); six lands at most (F-07)")
    atq: int = PydField(0, ge=0, le=20)
    res: int = PydField(0, ge=0, le=20)
    keywords: list[KeywordWord] = PydField(default_factory=list)
    tags: list[Literal["guardian", "dragon", "espiritu", "duelista"]] = PydField(default_factory=list)
    speed: Literal["normal", "rapida", ""] = ""
    equip: Literal["", "arma", "armadura"] = ""
    equip_cost: int = PydField(0, ge=0, le=6)
    bonus_atq: int = PydField(0, ge=0, le=20)
    bonus_res: int = PydField(0, ge=0, le=20)
    bonus_keywords: list[KeywordWord] = PydField(default_factory=list)
    activate_cost: int = PydField(0, ge=0, le=6)
    text: str = ""
    effect: list[Effect] = PydField(default_factory=list, max_length=MAX_EFFECTS)

    @property
    def number(self) -> int:
        return int(self.id[-3:])

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> "FortalezaCard":
        unit = self.kind in ("personaje", "criatura")
        if unit and self.res < 1:
            raise CardRule(CARD_RULE_WORDS, "unit_res", "res")
        if not unit and (self.atq or self.res or self.keywords):
            raise CardRule(CARD_RULE_WORDS, "units_only", "atq")
        if self.kind == "tecnica" and self.speed not in ("normal", "rapida"):
            raise CardRule(CARD_RULE_WORDS, "tecnica_speed", "speed")
        if self.kind not in ("tecnica", "artefacto", "personaje", "criatura") and self.speed:
            raise CardRule(CARD_RULE_WORDS, "speed_kinds", "speed")
        if self.kind == "tierra" and (self.cost or self.effect):
            raise CardRule(CARD_RULE_WORDS, "tierra_plain", "effect")
        if self.kind in ("tecnica", "trampa") and not self.effect:
            raise CardRule(CARD_RULE_WORDS, "needs_effect", "effect", kind=self.kind)
        if self.kind != "artefacto" and (self.equip or self.equip_cost or self.bonus_atq or self.bonus_res
                                         or self.bonus_keywords):
            raise CardRule(CARD_RULE_WORDS, "artefacto_only", "equip")
        if self.kind == "artefacto" and not self.equip and (self.equip_cost or self.bonus_atq or self.bonus_res
                                                           or self.bonus_keywords):
            raise CardRule(CARD_RULE_WORDS, "equip_needed", "equip")
        for k, eff in enumerate(self.effect):
            if eff.on not in TRIGGERS_OF[self.kind]:
                raise CardRule(CARD_RULE_WORDS, "effect_trigger", f"effect[{k + 1}]", kind=self.kind,
                               triggers=" | ".join(sorted(TRIGGERS_OF[self.kind])), on=eff.on)
            if eff.target == "esta" and not unit:
                raise CardRule(CARD_RULE_WORDS, "esta_units", f"effect[{k + 1}]")
        chosen = [e for e in self.effect if e.target in CHOSEN_TARGETS and e.on in ("lanzar", "activar")]
        if len(chosen) > 1:
            raise CardRule(CARD_RULE_WORDS, "one_chosen", "effect")
        has_ability = any(e.on == "activar" for e in self.effect)
        if self.activate_cost and not has_ability:
            raise CardRule(CARD_RULE_WORDS, "activate_cost", "activate_cost")
        if unit and self.speed and not has_ability:
            raise CardRule(CARD_RULE_WORDS, "unit_speed", "speed")
        return self


@dataclass(frozen=True)
class Collection(CardPoolBase):
    """One faction's 50 designs (rule F-01), validated and compiled: `frame` one row per design in
    design order 001-050, `table` int32 [N_DESIGNS, N_FIELDS]."""

    identity: str
    cards: tuple[FortalezaCard, ...] = field(repr=False)
    path: Path

    @property
    def files(self) -> tuple[Path, ...]:
        return (self.path,)


def _bits(words: list[str], table: dict) -> int:
    value = 0
    for word in words:
        value |= int(table[word])
    return value


def compile_table(cards: list[FortalezaCard] | tuple[FortalezaCard, ...]) -> np.ndarray:
    """The int32 table the kernels read, one row per design in design order."""
    table = np.zeros((N_DESIGNS, N_FIELDS), np.int32)
    for i, card in enumerate(cards):
        row = table[i]
        row[Field.KIND] = KIND_WORDS[card.kind]
        row[Field.COST] = card.cost
        row[Field.ATQ] = card.atq
        row[Field.RES] = card.res
        row[Field.KEYWORDS] = _bits(card.keywords, KEYWORD_WORDS)
        row[Field.TAGS] = _bits(card.tags, TAG_WORDS)
        row[Field.FAST] = int(card.speed == "rapida")
        row[Field.SUBTYPE] = SUBTYPE_WORDS[card.equip]
        row[Field.EQUIP_COST] = card.equip_cost
        row[Field.BONUS_ATQ] = card.bonus_atq
        row[Field.BONUS_RES] = card.bonus_res
        row[Field.BONUS_KEYWORDS] = _bits(card.bonus_keywords, KEYWORD_WORDS)
        row[Field.ACTIVATE_COST] = card.activate_cost
        row[Field.N_EFFECTS] = len(card.effect)
        row[Field.NAME_ID] = next(j for j, other in enumerate(cards) if other.name == card.name)
        for k, eff in enumerate(card.effect):
            base = Field.EFFECTS + k * EFFECT_WIDTH
            row[base + E_ON] = ON_WORDS[eff.on]
            row[base + E_DO] = DO_WORDS[eff.do]
            row[base + E_N] = eff.n
            row[base + E_TARGET] = TARGET_WORDS[eff.target]
            row[base + E_COND] = COND_WORDS[eff.cond]
    return table


def _check_layout(path: Path, cards: list[FortalezaCard]) -> list[FortalezaCard]:
    """Rule F-01: designs 001-050, each once, each of the kind its number says. Returns them in order."""
    problems = []
    by_number: dict[int, FortalezaCard] = {}
    prefixes = {c.id.split("-")[0] for c in cards}
    if len(prefixes) > 1:
        problems.append(f"{path}: field 'id': one prefix per collection, found {', '.join(sorted(prefixes))}")
    for card in cards:
        if not 1 <= card.number <= N_DESIGNS:
            problems.append(f"{path}: card {card.id}: field 'id': design numbers run 001-050 (rule F-01)")
            continue
        if card.number in by_number:
            problems.append(f"{path}: card {card.id}: field 'id': design {card.number:03d} appears twice")
        by_number[card.number] = card
        for kind, low, high in LAYOUT:
            if low <= card.number <= high and card.kind != kind:
                problems.append(f"{path}: card {card.id}: field 'kind': designs {low:03d}-{high:03d} are "
                                f"{kind}s (rule F-01), not {card.kind}")
    missing = [f"{n:03d}" for n in range(1, N_DESIGNS + 1) if n not in by_number]
    if missing:
        problems.append(f"{path}: missing design(s) {', '.join(missing)}: a collection has 50 (rule F-01)")
    if problems:
        raise InputError("\n".join(problems))
    return [by_number[n] for n in range(1, N_DESIGNS + 1)]


NOTHING = {"on": "lanzar", "do": "robar", "n": 0, "target": "jugador"}  # an effect that does nothing


def ablatable_cards(faction: str, cards_dir: Path = CARDS_DIR) -> list[str]:
    """The cards an ablation can replace: every design but the lands (they are identical in play)."""
    return [c.id for c in load_collection(faction, cards_dir).cards if c.kind != "tierra"]


def vanilla_filler(collection: Collection, card_id: str) -> dict:
    """A plain design of the same kind and cost to stand in for `card_id` (causal card impact): a
    unit of ATQ = cost and RES = cost + 1 with no keyword, tag or effect; a technique or trap whose
    effect does nothing; an artifact with no ability and no equipment."""
    card = collection.cards[collection.index_of(card_id)]
    plain: dict = {"name": f"Relleno ({card.cost})", "tags": [], "text": ""}
    if card.kind in ("personaje", "criatura"):
        return plain | {"atq": card.cost, "res": card.cost + 1, "keywords": [], "effect": [], "speed": "",
                        "activate_cost": 0}
    if card.kind in ("tecnica", "trampa"):
        return plain | {"effect": [NOTHING]}
    return plain | {"effect": [], "speed": "", "activate_cost": 0, "equip": "", "equip_cost": 0, "bonus_atq": 0,
                    "bonus_res": 0, "bonus_keywords": []}


def describe_filler(collection: Collection, card_id: str) -> str:
    """The filler of `card_id` as a designer reads it: "Relleno (3): 3/4 unit, no keywords or
    effects", "Relleno (2): a técnica that does nothing", "Relleno (2): an artefacto with no ability
    or equipment"."""
    card = collection.cards[collection.index_of(card_id)]
    filler = vanilla_filler(collection, card_id)
    if card.kind in ("personaje", "criatura"):
        return f"{filler['name']}: {filler['atq']}/{filler['res']} unit, no keywords or effects"
    if card.kind in ("tecnica", "trampa"):
        return f"{filler['name']}: a {'técnica' if card.kind == 'tecnica' else 'trampa'} that does nothing"
    return f"{filler['name']}: an artefacto with no ability or equipment"


def list_factions(cards_dir: Path = CARDS_DIR) -> list[str]:
    return card_factions(cards_dir)


def load_collection(faction: str, cards_dir: Path = CARDS_DIR, overrides: dict[str, dict] | None = None) -> Collection:
    """Read, validate and compile one faction's collection file."""
    path = faction_file(cards_dir, faction)
    header, cards = load_card_file(path, FortalezaCard, overrides)
    ordered = _check_layout(path, cards)
    frame = pl.DataFrame({
        "id": [c.id for c in ordered], "name": [c.name for c in ordered], "kind": [c.kind for c in ordered],
        "cost": [c.cost for c in ordered], "atq": [c.atq for c in ordered], "res": [c.res for c in ordered],
    })
    return Collection(faction, str(header.get("name", faction)), frame, compile_table(ordered),
                      str(header.get("identity", "")), tuple(ordered), path)


def collection_with(collection: Collection, card_id: str, **changes: object) -> Collection:
    """A copy of the collection with one card's fields changed (sweeps and tests), re-validated."""
    index = collection.index_of(card_id)
    data = collection.cards[index].model_dump()
    data.update(changes)
    try:
        changed = FortalezaCard.model_validate(data)
    except Exception as exc:  # pydantic's message names the field
        raise InputError(f"{collection.path}: card {card_id}: {exc}") from None
    cards = list(collection.cards)
    cards[index] = changed
    return Collection(collection.faction, collection.label, collection.frame, compile_table(cards),
                      collection.identity, tuple(cards), collection.path)

