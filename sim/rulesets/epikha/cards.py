"""Epikha card schema, the closed vocabularies (effect verbs and special rules) and the pool loader.

One card file per faction (`cards/empiria.toml`, `cards/abaron.toml`): a header naming the faction
and its id prefix, then one [[card]] table per design. Every card is a strict model, so a typo is
refused with the file, the card id and the field, never as a traceback. What a card does is data:
effect tables whose `do` is a verb of `VERBS` (rule E-31) and special rules from `SPECIAL_RULES`
(rule E-30), so a designer adds or changes a card without code.
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
from sim.rulesets.epikha.words import CARD_RULE_WORDS

CARDS_DIR = Path(__file__).parent / "cards"

# rule E-12: the eight card types, as the card files spell them
ClassWord = Literal["player", "player_ability", "character", "weapon", "item", "spell", "continuous_spell",
                    "machine"]
CLASSES: tuple[str, ...] = ClassWord.__args__
SPELLS = frozenset({"spell", "continuous_spell"})
# rule E-13: the Player card counts as a character, so it bears special rules and gear like one
BEARERS = frozenset({"player", "character", "machine"})

CONTEXTS = ("on_cast", "on_enter", "on_start", "passive")
# where each class may carry effects (rule E-31): spells act when they resolve (E-01), continuous
# spells also while they stay in the Magic Zone and at each start of their controller's turn,
# characters and machines when they enter play, Player Abilities and machines while in play (E-14)
CONTEXTS_OF: dict[str, frozenset[str]] = {
    "player": frozenset(),
    "player_ability": frozenset({"passive"}),
    "character": frozenset({"on_enter"}),
    "weapon": frozenset(),
    "item": frozenset(),
    "spell": frozenset({"on_cast"}),
    "continuous_spell": frozenset({"on_cast", "on_start", "passive"}),
    "machine": frozenset({"on_enter", "passive"}),
}

# the targets an effect may name (rule E-31); the Player card counts as a character (E-13)
TARGETS: dict[str, str] = {
    "enemy_character": "one opposing character, the opposing Player card included (E-13)",
    "enemy_player": "the opposing Player card (direct damage, E-13)",
    "enemy_attacker": "one opposing character in the Combat Zone (combat windows only, E-22)",
    "all_enemy_characters": "every opposing character but the Player card",
    "own_character": "one of its controller's characters, the Player card included",
    "all_own_characters": "every character of its controller but the Player card",
    "pending_spell": "one opposing spell still pending that resolves after this one (E-03)",
    "continuous_spell": "one opposing continuous spell in the Magic Zone (E-01)",
    "enemy_gear": "one opposing weapon or item (E-18)",
}


@dataclass(frozen=True)
class Verb:
    """One effect verb: what it does (the engine's contract), which classes and contexts may carry
    it, whether it takes a number `n`, which targets it may name (none: it needs no target), and
    whether its amount is the carrying card's own Fuerza or Resistencia (E-04 names both on spells)."""

    meaning: str
    classes: frozenset[str]
    contexts: frozenset[str]
    n: Literal["required", "none"] = "required"
    targets: tuple[str, ...] = ()
    uses: Literal["fuerza", "resistencia", ""] = ""


_CAST = frozenset({"on_cast"})
_PASSIVE_CLASSES = frozenset({"continuous_spell", "player_ability", "machine"})
_PASSIVE = frozenset({"passive"})

# rule E-31: the one vocabulary of every card's effects
VERBS: dict[str, Verb] = {
    "damage": Verb("deals the card's Fuerza to the target, less the target's Resistencia (E-27); to a Player card "
                   "it is direct damage (E-13)", SPELLS, frozenset({"on_cast", "on_start"}), n="none",
                   targets=("enemy_character", "enemy_player", "enemy_attacker", "all_enemy_characters"),
                   uses="fuerza"),
    "shield": Verb("the target gains the card's Resistencia until the start of its controller's next turn",
                   SPELLS, _CAST, n="none", targets=("own_character", "all_own_characters"), uses="resistencia"),
    "boost": Verb("the target gains n Fuerza until the end of the turn", SPELLS, _CAST,
                  targets=("own_character", "all_own_characters")),
    "weaken": Verb("the target loses n Fuerza (not below 0) until the end of the turn", SPELLS, _CAST,
                   targets=("enemy_character", "enemy_attacker", "all_enemy_characters")),
    "restore": Verb("the target character gets back up to n of the Vital it paid or lost, never above its base "
                    "(E-06, E-10)", SPELLS, _CAST, targets=("own_character",)),
    "heal": Verb("its controller's Player card gains n Vital, never above its base (E-14)",
                 frozenset({*SPELLS, "character", "machine"}), frozenset({"on_cast", "on_start", "on_enter"})),
    "draw": Verb("its controller draws n cards", frozenset({*SPELLS, "character", "machine"}),
                 frozenset({"on_cast", "on_start", "on_enter"})),
    "negate": Verb("negates the target if its level is at most n: a negated spell goes to the Discard Zone without "
                   "effect, a negated continuous spell counts as destroyed (E-01)", SPELLS, _CAST,
                   targets=("pending_spell", "continuous_spell")),
    "destroy_gear": Verb("destroys the target weapon or item (E-18)", SPELLS, _CAST, n="none",
                         targets=("enemy_gear",)),
    "all_fuerza": Verb("every character of its controller, the Player card included, has n more Fuerza",
                       _PASSIVE_CLASSES, _PASSIVE),
    "all_resistencia": Verb("every character of its controller, the Player card included, has n more Resistencia",
                            _PASSIVE_CLASSES, _PASSIVE),
    "enemy_fuerza": Verb("every opposing character, the Player card included, has n less Fuerza (not below 0)",
                         _PASSIVE_CLASSES, _PASSIVE),
    "spell_level": Verb("the spells its controller's cards cast enter n levels higher, up to level 10 (E-03, E-04)",
                        _PASSIVE_CLASSES, _PASSIVE),
}
KNOWN_VERBS = ", ".join(VERBS)


@dataclass(frozen=True)
class RuleWord:
    """One special rule a character bears or a weapon or item passes on (E-18): what it means and
    whether it takes a number `n`."""

    meaning: str
    n: bool = False


# rule E-30: the special rules; Magia and Espíritu are the source's (E-05), Regeneración and the
# staff's level raise its examples of what gear passes on (E-18), the rest the completion's
SPECIAL_RULES: dict[str, RuleWord] = {
    "magia": RuleWord("may pay for spells from its player's hand (E-05)"),
    "espiritu": RuleWord("may pay for spells from its player's hand (E-05)"),
    "regeneracion": RuleWord("at the end of every Combat phase it gets back n lost Vital, never above its base",
                             n=True),
    "nivel": RuleWord("the spells it pays for enter n levels higher, up to level 10 (E-18's staff)", n=True),
    "arrollar": RuleWord("when it attacks and is blocked, the damage beyond the blocker's Vital reaches the "
                         "defending Player card (E-27)"),
    "veloz": RuleWord("may attack in the turn it enters play (E-25)"),
    "fuente_vital": RuleWord("a source of Vital: its bearer's base Vital is n higher; a Player card, whose Vital "
                             "never comes back (E-06), gains n Vital once, when it is attached", n=True),
}
KNOWN_RULES = ", ".join(SPECIAL_RULES)
PAYS_FOR_SPELLS = frozenset({"magia", "espiritu"})  # rule E-05


class SpecialRule(BaseModel):
    """One special rule `{ rule = "magia" }` or `{ rule = "regeneracion", n = 3 }` (E-30)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    rule: str
    n: int | None = PydField(None, ge=1, le=99, validate_default=True)

    @field_validator("rule")
    @classmethod
    def _known_rule(cls, value: str) -> str:
        if value not in SPECIAL_RULES:
            raise CardRule(CARD_RULE_WORDS, "unknown_rule", value=as_written(value), known=KNOWN_RULES)
        return value

    @field_validator("n")
    @classmethod
    def _n_fits_rule(cls, n: int | None, info: ValidationInfo) -> int | None:
        word = SPECIAL_RULES.get(info.data.get("rule", ""))
        if word is None:  # the rule's own error says what is wrong
            return n
        if word.n and n is None:
            raise CardRule(CARD_RULE_WORDS, "rule_needs_n", rule=info.data["rule"])
        if not word.n and n is not None:
            raise CardRule(CARD_RULE_WORDS, "rule_no_n", rule=info.data["rule"])
        return n


class Effect(BaseModel):
    """One effect table: `do` (a verb of VERBS), its number `n` and its `target` (rule E-31)."""

    model_config = ConfigDict(extra="forbid", strict=True)  # n = "2", 2.0 or nan is not 2

    do: str
    n: int | None = PydField(None, ge=1, le=99, validate_default=True)
    target: str | None = PydField(None, validate_default=True)

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
        if verb is None:
            return n
        do = info.data["do"]
        if verb.n == "none" and n is not None:
            if verb.uses:
                raise CardRule(CARD_RULE_WORDS, "verb_no_n_uses", do=do, uses=verb.uses, Uses=verb.uses.capitalize())
            raise CardRule(CARD_RULE_WORDS, "verb_no_n", do=do)
        if verb.n == "required" and n is None:
            raise CardRule(CARD_RULE_WORDS, "verb_needs_n", do=do)
        return n

    @field_validator("target")
    @classmethod
    def _target_fits_verb(cls, target: str | None, info: ValidationInfo) -> str | None:
        verb = VERBS.get(info.data.get("do", ""))
        if verb is None:
            return target
        do = info.data["do"]
        if not verb.targets and target is not None:
            raise CardRule(CARD_RULE_WORDS, "verb_no_target", do=do)
        if verb.targets and target not in verb.targets:
            got = as_written(target) if target is not None else None
            raise CardRule(CARD_RULE_WORDS, "verb_target", do=do, targets=" | ".join(verb.targets), got=got or "none",
                           got_es=got or "ninguno")
        return target


# which optional fields each class has (the others must be left out) and which of them it must give
FIELDS_OF: dict[str, frozenset[str]] = {
    "player": frozenset({"level", "player_class", "fuerza", "resistencia", "vital", "rules"}),
    "player_ability": frozenset({"vital_cost"}),
    "character": frozenset({"cost", "fuerza", "resistencia", "vital", "rules", "max_copies"}),
    "weapon": frozenset({"cost", "bonus_fuerza", "bonus_resistencia", "grants", "max_copies"}),
    "item": frozenset({"cost", "bonus_fuerza", "bonus_resistencia", "grants", "max_copies"}),
    "spell": frozenset({"cost", "level", "fuerza", "resistencia", "max_copies"}),
    "continuous_spell": frozenset({"cost", "level", "fuerza", "resistencia", "max_copies"}),
    "machine": frozenset({"cost", "fuerza", "resistencia", "vital", "rules", "max_copies"}),
}
REQUIRED_OF: dict[str, tuple[str, ...]] = {
    "player": ("level", "player_class", "fuerza", "vital"),  # rule E-13
    "player_ability": ("vital_cost",),  # rule E-14
    "character": ("cost", "fuerza", "vital"),  # rule E-19: Mago Ika, Fuerza 5 / Vital 15
    "weapon": ("cost",),
    "item": ("cost",),
    "spell": ("cost", "level"),  # rules E-02, E-03
    "continuous_spell": ("cost", "level"),
    "machine": ("cost",),  # rule E-11
}
OPTIONAL_FIELDS = frozenset().union(*FIELDS_OF.values())
WHY_REQUIRED = {
    "player": "rule E-13", "player_ability": "rule E-14", "character": "rule E-19", "weapon": "rule E-21",
    "item": "rule E-21", "spell": "rules E-02, E-03", "continuous_spell": "rules E-02, E-03", "machine": "rule E-11",
}


class EpikhaCard(BaseModel):
    """One [[card]] table. Which fields a card has depends on its class (FIELDS_OF); every number is
    an integer as written (no "5", 5.0 or nan), every unknown field refused."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    id: str = PydField(pattern=r"^[A-Z]{2}-\d{3}$", description="the faction's prefix and a number, e.g. AB-010")
    name: str = PydField(min_length=1, description="as the card prints it (Spanish)")
    class_: ClassWord = PydField(alias="class")
    cost: int | None = PydField(None, ge=0, le=200, description="Vital paid to play it (E-02, E-21, E-11)")
    level: int | None = PydField(None, ge=1, le=10, description="a spell's level (E-03) or a Player card's (E-13)")
    player_class: str | None = PydField(None, min_length=1, description="a Player card's class, e.g. Paladín (E-13)")
    fuerza: int | None = PydField(None, ge=0, le=99)
    resistencia: int | None = PydField(None, ge=0, le=99)
    vital: int | None = PydField(None, ge=1, le=999, description="base Vital (E-10, E-13)")
    vital_cost: int | None = PydField(None, ge=1, le=999,
                                      description="how much a Player Ability lowers its player's base Vital (E-14)")
    bonus_fuerza: int | None = PydField(None, ge=1, le=99, description="Fuerza a weapon or item adds to its bearer")
    bonus_resistencia: int | None = PydField(None, ge=1, le=99)
    rules: list[SpecialRule] = PydField(default_factory=list, max_length=4, description="special rules (E-30)")
    grants: list[SpecialRule] = PydField(default_factory=list, max_length=3,
                                         description="special rules a weapon or item passes to its bearer (E-18)")
    max_copies: int | None = PydField(None, ge=1, le=50, description="copies a deck may hold, when the card says "
                                                                      "otherwise than the deck rule (E-15)")
    on_cast: list[Effect] = PydField(default_factory=list, max_length=3)
    on_enter: list[Effect] = PydField(default_factory=list, max_length=2)
    on_start: list[Effect] = PydField(default_factory=list, max_length=2)
    passive: list[Effect] = PydField(default_factory=list, max_length=2)
    text: str = PydField("", description="the card's rules text (Spanish), for the reader")
    note: str = PydField("", description="where the design comes from and what was decided")

    @field_validator("name", "player_class")
    @classmethod
    def _no_stray_spaces(cls, value: str | None) -> str | None:
        if value is not None and value != value.strip():
            raise CardRule(CARD_RULE_WORDS, "name_spaces")
        return value

    @model_validator(mode="after")
    def _fields_fit_class(self) -> "EpikhaCard":
        word = self.class_
        for name in sorted(OPTIONAL_FIELDS - FIELDS_OF[word]):
            if getattr(self, name) not in (None, []):
                raise CardRule(CARD_RULE_WORDS, "class_field", name, word=word, name=name,
                               fields=", ".join(sorted(FIELDS_OF[word])))
        for name in REQUIRED_OF[word]:
            if getattr(self, name) is None:
                why = WHY_REQUIRED[word]
                raise CardRule(CARD_RULE_WORDS, "class_needs", name, word=word, name=name, why=why,
                               why_es=why.replace("rules ", "reglas ").replace("rule ", "regla "))
        self._check_effects()
        self._check_class_needs()
        return self

    def _check_effects(self) -> None:
        """Rule E-31: each verb only where it belongs, and a verb that deals the card's Fuerza or
        Resistencia needs the card to have it."""
        word = self.class_
        for context in CONTEXTS:
            for k, effect in enumerate(getattr(self, context)):
                verb = VERBS[effect.do]
                if context not in CONTEXTS_OF[word]:
                    allowed = ", ".join(sorted(CONTEXTS_OF[word]))
                    raise CardRule(CARD_RULE_WORDS, "effect_context", f"{context}[{k + 1}]", word=word,
                                   allowed=allowed or "no effect list",
                                   allowed_es=allowed or "ninguna lista de efectos")
                if context not in verb.contexts or word not in verb.classes:
                    raise CardRule(CARD_RULE_WORDS, "verb_context", f"{context}[{k + 1}]", do=effect.do,
                                   meaning=verb.meaning, word=word, context=context,
                                   contexts=", ".join(sorted(verb.contexts)),
                                   classes=", ".join(sorted(verb.classes)))
                if verb.uses and getattr(self, verb.uses) is None:
                    raise CardRule(CARD_RULE_WORDS, "verb_uses", verb.uses, do=effect.do, uses=verb.uses,
                                   Uses=verb.uses.capitalize())
        if word in SPELLS:  # rule E-04: a spell's Fuerza and Resistencia are what its effects deal
            used = {VERBS[e.do].uses for context in CONTEXTS for e in getattr(self, context)}
            for stat in ("fuerza", "resistencia"):
                if getattr(self, stat) is not None and stat not in used:
                    raise CardRule(CARD_RULE_WORDS, "stat_unused", stat, word=word, stat=stat, Stat=stat.capitalize())

    def _check_class_needs(self) -> None:
        word = self.class_
        if word == "spell" and not self.on_cast:
            raise CardRule(CARD_RULE_WORDS, "spell_on_cast", "on_cast")
        if word == "continuous_spell" and not (self.on_cast or self.on_start or self.passive):
            raise CardRule(CARD_RULE_WORDS, "continuous_effect", "passive")
        if word == "player_ability" and not self.passive:
            raise CardRule(CARD_RULE_WORDS, "ability_passive", "passive")
        if word in ("weapon", "item") and not (self.grants or self.bonus_fuerza or self.bonus_resistencia):
            raise CardRule(CARD_RULE_WORDS, "grants", "grants", word=word)
        if word == "machine" and (self.fuerza is None) != (self.vital is None):
            raise CardRule(CARD_RULE_WORDS, "machine_vital", "vital")

    @property
    def pays_for_spells(self) -> bool:
        """Rule E-05: characters with Magia or Espíritu, and Player cards, pay for spells (where they
        stand is the engine's: not in the Combat Zone). A machine pays only if it is a character
        (E-11); gear that grants Magia is the engine's to add, as the bearer changes."""
        if self.class_ == "player":
            return True
        return self.is_character and any(r.rule in PAYS_FOR_SPELLS for r in self.rules)

    @property
    def is_character(self) -> bool:
        """Rule E-13: a Player card counts as a character; rule E-11: a machine may be one."""
        return self.class_ in ("player", "character") or (self.class_ == "machine" and self.vital is not None)

    @property
    def is_opal(self) -> bool:
        """A Vital Opal: an item whose special rule is a source of Vital (rules E-15, E-30)."""
        return self.class_ == "item" and any(r.rule == "fuente_vital" for r in self.grants)

    @property
    def in_deck(self) -> bool:
        """Rules E-13, E-14: the Player card and the Player Abilities are chosen outside the deck."""
        return self.class_ not in ("player", "player_ability")

    def rule_n(self, rule: str) -> int:
        """The n of a special rule the card bears or grants (0 without it; 1 for a rule without n)."""
        found = [r.n or 1 for r in (*self.rules, *self.grants) if r.rule == rule]
        return max(found, default=0)


class FactionHeader(BaseModel):
    """The top of a card file: the faction it holds (its file stem), its printed name, the prefix of
    its card ids and one line on its identity."""

    model_config = ConfigDict(extra="forbid", strict=True)

    faction: str = PydField(pattern=r"^[a-z_]+$")
    name: str = PydField(min_length=1)
    prefix: str = PydField(pattern=r"^[A-Z]{2}$")
    identity: str = PydField(min_length=1)


@dataclass(frozen=True, eq=False)
class CardPool(CardFolder):
    """Every card of the card folder by id, in id order; each card's faction and file."""

    factions: dict[str, FactionHeader]

    def faction_of(self, card_id: str) -> str:
        return self.home[card_id].stem

    def of_faction(self, faction: str) -> list[EpikhaCard]:
        return [c for c in self.cards.values() if self.faction_of(c.id) == faction]

    def of_class(self, word: str, faction: str | None = None) -> list[EpikhaCard]:
        return [c for c in self.cards.values() if c.class_ == word and faction in (None, self.faction_of(c.id))]

    def frame(self) -> pl.DataFrame:
        """One row per card, the fields a balance table reads first."""
        cards = list(self.cards.values())
        return pl.DataFrame({
            "id": [c.id for c in cards], "name": [c.name for c in cards], "class": [c.class_ for c in cards],
            "faction": [self.faction_of(c.id) for c in cards], "cost": [c.cost for c in cards],
            "level": [c.level for c in cards], "fuerza": [c.fuerza for c in cards],
            "resistencia": [c.resistencia for c in cards], "vital": [c.vital for c in cards],
            "rules": [", ".join(r.rule for r in (*c.rules, *c.grants)) for c in cards],
            "max_copies": [c.max_copies for c in cards],
        }, strict=False)


def _header(path: Path, raw: dict) -> FactionHeader:
    header = validate_header(path, raw, FactionHeader)
    if header.faction != path.stem:
        raise InputError(f"{path}: header: field 'faction': {header.faction!r} is not the file's name "
                         f"({path.stem!r}); a faction is its card file")
    return header


def _misnamed(path: Path, header: FactionHeader, card: EpikhaCard) -> list[str]:
    """A card's id begins with its faction's prefix."""
    if not card.id.startswith(header.prefix + "-"):
        return [f"{path}: card {card.id}: field 'id': the {header.name} cards' ids begin {header.prefix}-"]
    return []


def load_pool(cards_dir: Path = CARDS_DIR) -> CardPool:
    """Read and validate every card file of `cards_dir`; all problems of all files in one InputError,
    each naming file, card and field."""
    cards, home, paths, headers = read_card_folder(cards_dir, EpikhaCard, _header, _misnamed)
    return CardPool(cards, paths, home, {header.faction: header for header in headers.values()})
