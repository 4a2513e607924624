"""Rolplay card schema, the closed vocabulary of effect verbs, and the pool loader.

The pool is every `cards/*.toml` file: one file per class, the creatures split into four level bands
(rules.md says why). A file's header names the class and the levels it holds; each [[card]] is a
strict model, so a typo is refused with the file, the card id and the field, never as a traceback.
Abilities, on-cast effects, specials and the self-damage of a negative defense are effect tables
whose `do` is a verb of `VERBS` (rule R-17): a designer adds or changes a card without code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import polars as pl
from pydantic import BaseModel, ConfigDict, Field as PydField, ValidationInfo, field_validator, \
    model_validator

from sim.core.cards import CardFolder, read_card_folder, validate_header
from sim.core.errors import CardRule, InputError, as_written
from sim.rulesets.rolplay.words import CARD_RULE_WORDS

CARDS_DIR = Path(__file__).parent / "cards"

ClassWord = Literal["creature", "power", "spell", "amulet"]
CONTEXTS = ("ability", "on_cast", "on_attack", "special")
ANY_CLASS = frozenset({"creature", "power", "spell", "amulet"})
# where each class may carry effects: powers act only when conjured (R-16), spells and amulets only
# through their abilities (R-17), and only creatures attack (R-18) or have specials (R-11)
CONTEXTS_OF = {
    "creature": frozenset(CONTEXTS),
    "power": frozenset({"on_cast"}),
    "spell": frozenset({"ability"}),
    "amulet": frozenset({"ability"}),
}


@dataclass(frozen=True)
class Verb:
    """One effect verb: what it does (the engine's contract), which classes and contexts may carry
    it, whether it takes a number `n` (and its least value) and whether it lasts `turns`."""

    meaning: str
    classes: frozenset[str] = ANY_CLASS
    contexts: frozenset[str] = frozenset({"ability", "on_cast"})
    n: Literal["required", "optional", "none"] = "required"
    n_min: int = 1
    timed: bool = False


# rule R-17: the one vocabulary of creatures' abilities, spells, amulets, on-cast effects (R-16),
# specials (R-11) and the self-damage of negative defense (R-18). Random picks follow R-08 and R-10.
VERBS: dict[str, Verb] = {
    "self_atq": Verb("this creature gains n ATQ", frozenset({"creature"}), frozenset({"ability"})),
    "self_def": Verb("this creature gains n DEF", frozenset({"creature"}), frozenset({"ability"})),
    "holder_def": Verb("the creature carrying this amulet gains n DEF while the amulet lasts (R-06)",
                       frozenset({"amulet"}), frozenset({"ability"})),
    "heal": Verb("the owner gains n life"),
    "damage": Verb("the opponent loses n life"),
    "lose_life": Verb("the owner loses n life", contexts=frozenset({"ability", "on_cast", "on_attack"})),
    "draw": Verb("the owner draws n cards (R-05: into a full hand they burn)"),
    "add_power": Verb("the owner has n more power this turn"),
    "tap_creatures": Verb("n opposing creatures, picked at random, are tapped for `turns` turns", timed=True),
    "tap_powers": Verb("n opposing powers, picked at random, are tapped for `turns` turns", timed=True),
    "destroy_creatures": Verb("n opposing creatures, picked at random, are destroyed"),
    "destroy_powers": Verb("n opposing powers, picked at random, are destroyed"),
    "destroy_amulets": Verb("n opposing amulets, picked at random, are destroyed"),
    "all_atq": Verb("every own creature on the field gains n ATQ"),
    "all_def": Verb("every own creature on the field gains n DEF"),
    "all_defenders": Verb("every own creature defends as a defender for `turns` turns, with n more DEF meanwhile",
                          n="optional", n_min=0, timed=True),
    "unmystic": Verb("opposing creatures lose mystic for `turns` turns", n="none", timed=True),
    "multi_attack": Verb("this creature may attack n times a turn", frozenset({"creature"}), frozenset({"special"}),
                         n_min=2),
    "multi_defense": Verb("this creature may defend n times a turn", frozenset({"creature"}), frozenset({"special"}),
                          n_min=2),
}
KNOWN_VERBS = ", ".join(VERBS)


class Effect(BaseModel):
    """One effect table: `do` (a verb of VERBS), its number `n` and, for timed verbs, `turns`
    (1 when left out)."""

    model_config = ConfigDict(extra="forbid", strict=True)  # n = "2", 2.0 or nan is not 2

    do: str
    n: int | None = PydField(None, ge=0, le=999, validate_default=True)
    turns: int | None = PydField(None, ge=1, le=99, validate_default=True)

    @field_validator("do")
    @classmethod
    def _known_verb(cls, value: str) -> str:
        if value not in VERBS:
            raise CardRule(CARD_RULE_WORDS, "unknown_verb", value=as_written(value), known=KNOWN_VERBS)
        return value

    @field_validator("n")
    @classmethod
    def _n_fits_verb(cls, n: int | None, info: ValidationInfo) -> int | None:
        verb = VERBS.get(info.data.get("do", ""))
        if verb is None:  # the verb's own error says what is wrong
            return n
        do = info.data["do"]
        if verb.n == "none" and n is not None:
            raise CardRule(CARD_RULE_WORDS, "verb_no_n", do=do)
        if verb.n == "required" and n is None:
            raise CardRule(CARD_RULE_WORDS, "verb_needs_n", do=do, n_min=verb.n_min)
        if n is not None and n < verb.n_min:
            raise CardRule(CARD_RULE_WORDS, "verb_n_min", do=do, n_min=verb.n_min, n=n)
        return n

    @field_validator("turns")
    @classmethod
    def _turns_fit_verb(cls, turns: int | None, info: ValidationInfo) -> int | None:
        verb = VERBS.get(info.data.get("do", ""))
        if verb is not None and turns is not None and not verb.timed:
            timed = ", ".join(name for name, v in VERBS.items() if v.timed)
            raise CardRule(CARD_RULE_WORDS, "verb_no_turns", do=info.data["do"], timed=timed)
        return turns

    @property
    def duration(self) -> int:
        return self.turns or 1


class Ability(Effect):
    """One activated ability (rule R-17): `pay` power per activation, usable `limit` times (-1 =
    unlimited); its card activates one ability a turn (rule R-10)."""

    pay: int = PydField(ge=0, le=200)  # R-08: no player ever holds more than 200 power
    limit: int = PydField(ge=-1, le=99)

    @field_validator("limit")
    @classmethod
    def _limit_is_uses(cls, limit: int) -> int:
        if limit == 0:
            raise CardRule(CARD_RULE_WORDS, "ability_limit")
        return limit


ColorWord = Literal["white", "red", "blue", "green", "black"]


class RolplayCard(BaseModel):
    """One [[card]] table. Creatures carry atq and def (signed as printed, R-18) and their type flags;
    powers a power_value; spells and amulets at least one ability."""

    model_config = ConfigDict(extra="forbid", strict=True)  # cost = "3", 3.0, nan or true is refused

    id: str = PydField(pattern=r"^RP-\d{3}$", description="RP- and rolplus's card number, e.g. RP-034")
    name: str = PydField(min_length=1, description="as printed (Spanish)")
    name_es: str = PydField("", description="rolplus's Spanish display name, when it differs from the printed one")
    name_en: str = PydField("", description="rolplus's English display name")
    class_: ClassWord = PydField(alias="class")
    class_2002: Literal["creature", "power", "amulet"] | None = PydField(
        None, description="the 2002 client's class where it differs (its spells were amulet powers, R-15)")
    level: int = PydField(ge=1, le=50, description="the lowest player level that may use it (R-15)")
    cost: int = PydField(ge=0, le=200, description="power paid to summon or cast (R-09, R-19)")
    atq: int | None = PydField(None, ge=0, le=999)
    def_: int | None = PydField(None, ge=-999, le=999, alias="def", description="as printed, signed (R-18)")
    power_value: int | None = PydField(None, ge=1, le=200, description="power produced each turn (R-08, R-16)")
    mystic: bool = False
    defender: bool = False
    berserker: bool = False
    max_per_deck: int = PydField(ge=1, le=60, description="copies allowed in a deck (R-15)")
    max_per_deck_2002: int | None = PydField(None, ge=1, le=60, description="the 2002 list's limit where it differs")
    rarity: Literal["normal", "rare", "legendary", "epic"] | None = None
    rarity_percent: int | None = PydField(None, ge=1, le=100)
    race: str = ""
    size: str = ""
    colors: list[ColorWord] = PydField(default_factory=list)
    ability: list[Ability] = PydField(default_factory=list, max_length=4)
    on_cast: list[Effect] = PydField(default_factory=list, max_length=4)
    on_attack: list[Effect] = PydField(default_factory=list, max_length=1)
    special: list[Effect] = PydField(default_factory=list, max_length=2)
    text: str = PydField("", description="the source's ability text, for the reader")
    note: str = PydField("", description="doubts about the transcription and what was decided")

    @field_validator("name", "name_es", "name_en")
    @classmethod
    def _no_stray_spaces(cls, value: str) -> str:
        if value != value.strip():
            raise CardRule(CARD_RULE_WORDS, "name_spaces")
        return value

    @model_validator(mode="after")
    def _fields_fit_class(self) -> "RolplayCard":
        word = self.class_
        if word == "creature":
            for name, value in (("atq", self.atq), ("def", self.def_)):
                if value is None:
                    raise CardRule(CARD_RULE_WORDS, "creature_stats", name)
        if word != "creature":
            for name, value in (("atq", self.atq), ("def", self.def_), ("mystic", self.mystic),
                                ("defender", self.defender), ("berserker", self.berserker)):
                if value is not None and value is not False:  # atq = 0 on a spell is still atq
                    raise CardRule(CARD_RULE_WORDS, "creature_only", name, word=word)
        if (word == "power") != (self.power_value is not None):
            raise CardRule(CARD_RULE_WORDS, "power_value", "power_value")
        if word == "power" and self.cost:
            raise CardRule(CARD_RULE_WORDS, "power_cost", "cost")
        if word in ("spell", "amulet") and not self.ability:
            raise CardRule(CARD_RULE_WORDS, "needs_ability", "ability", word=word)
        for context in ("ability", "on_cast", "on_attack", "special"):
            for k, effect in enumerate(getattr(self, context)):
                verb = VERBS[effect.do]
                if context not in CONTEXTS_OF[word]:
                    allowed = ", ".join(sorted(CONTEXTS_OF[word]))
                    raise CardRule(CARD_RULE_WORDS, "effect_context", f"{context}[{k + 1}]", word=word, allowed=allowed)
                if context not in verb.contexts or word not in verb.classes:
                    raise CardRule(CARD_RULE_WORDS, "verb_context", f"{context}[{k + 1}]", do=effect.do,
                                   meaning=verb.meaning, word=word, context=context,
                                   contexts=", ".join(sorted(verb.contexts)),
                                   classes=", ".join(sorted(verb.classes)))
        self._check_negative_defense()
        return self

    def _check_negative_defense(self) -> None:
        """Rule R-18: a creature printed with DEF -N has N defense points and costs its owner N life
        each time it attacks; the file says so with on_attack, which nothing else uses."""
        if self.def_ is not None and self.def_ < 0:
            cost = -self.def_
            if [(e.do, e.n) for e in self.on_attack] != [("lose_life", cost)]:
                raise CardRule(CARD_RULE_WORDS, "negative_def", "on_attack", def_=self.def_, cost=cost)
        elif self.on_attack:
            raise CardRule(CARD_RULE_WORDS, "on_attack", "on_attack")

    @property
    def defense_points(self) -> int:
        """Rule R-18: the defense a creature has in play is the magnitude of its printed DEF."""
        return abs(self.def_ or 0)

    @property
    def self_damage(self) -> int:
        """Rule R-18: the life its owner loses each time it attacks."""
        return sum(e.n or 0 for e in self.on_attack if e.do == "lose_life")

    @property
    def copies_2002(self) -> int:
        return self.max_per_deck_2002 or self.max_per_deck

    def multiplier(self, verb: Literal["multi_attack", "multi_defense"]) -> int:
        """Rule R-11: how many times a turn it may attack or defend (1 without the special)."""
        return max([e.n or 1 for e in self.special if e.do == verb], default=1)


class CollectionHeader(BaseModel):
    """The top of a card file: which class and levels its cards must have, so a card filed in the
    wrong place is caught (an amulet among the powers, a level-30 creature in the 1-12 band)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    collection: str = PydField(min_length=1)
    name: str = PydField(min_length=1)
    class_: ClassWord = PydField(alias="class")
    level_min: int = PydField(ge=1, le=50)
    level_max: int = PydField(ge=1, le=50)


@dataclass(frozen=True, eq=False)
class CardPool(CardFolder):
    """Every enabled card of the card folder, by id in id order, and the file each came from."""

    def of_class(self, word: str) -> list[RolplayCard]:
        return [c for c in self.cards.values() if c.class_ == word]

    def frame(self) -> pl.DataFrame:
        """One row per card, the fields a balance table reads first."""
        cards = list(self.cards.values())
        return pl.DataFrame({
            "id": [c.id for c in cards], "name": [c.name for c in cards], "class": [c.class_ for c in cards],
            "level": [c.level for c in cards], "cost": [c.cost for c in cards],
            "atq": [c.atq for c in cards], "def": [c.def_ for c in cards],
            "power_value": [c.power_value for c in cards],
            "mystic": [c.mystic for c in cards], "defender": [c.defender for c in cards],
            "berserker": [c.berserker for c in cards],
            "max_per_deck": [c.max_per_deck for c in cards], "max_per_deck_2002": [c.copies_2002 for c in cards],
            "abilities": [len(c.ability) for c in cards], "file": [self.home[c.id].name for c in cards],
        }, strict=False)


def _header(path: Path, raw: dict) -> CollectionHeader:
    header = validate_header(path, raw, CollectionHeader)
    if header.level_min > header.level_max:
        raise InputError(f"{path}: header: field 'level_min': {header.level_min} is above level_max "
                         f"{header.level_max}")
    return header


def _misfiled(path: Path, header: CollectionHeader, card: RolplayCard) -> list[str]:
    """A card must be of its file's class and within its file's levels."""
    problems = []
    if card.class_ != header.class_:
        problems.append(f"{path}: card {card.id}: field 'class': this file holds {header.class_} cards, "
                        f"not {card.class_}")
    if not header.level_min <= card.level <= header.level_max:
        problems.append(f"{path}: card {card.id}: field 'level': this file holds levels {header.level_min}-"
                        f"{header.level_max}, not {card.level}")
    return problems


_POOLS: dict[tuple, CardPool] = {}  # by the folder's state (_folder_state)
KEPT_POOLS = 16


def _folder_state(cards_dir: Path) -> tuple:
    """The folder and each card file's name, size and change time: any edit changes it."""
    folder = Path(cards_dir).resolve()
    files = []
    for path in sorted(folder.glob("*.toml")):
        stat = path.stat()
        files.append((path.name, stat.st_size, stat.st_mtime_ns))
    return str(folder), tuple(files)


def load_pool(cards_dir: Path = CARDS_DIR) -> CardPool:
    """Read and validate every card file of `cards_dir`; all problems of all files in one InputError,
    each naming file, card and field.

    The 283 cards take 0.1 s to read, and a run compiles one config per sweep point or pair of
    decks, so a pool is kept by the folder's state (each file's size and change time): loading an
    unchanged folder again costs a stat of its files, and an edited file is read again."""
    key = _folder_state(cards_dir)
    pool = _POOLS.get(key)
    if pool is None:
        cards, home, paths, _ = read_card_folder(cards_dir, RolplayCard, _header, _misfiled)
        pool = CardPool(cards, paths, home)
        if len(_POOLS) >= KEPT_POOLS:
            _POOLS.pop(next(iter(_POOLS)))
        _POOLS[key] = pool
    return pool
