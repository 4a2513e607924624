"""What a trial may change, read from the game's own card model: the form of `sim try` and of the
dashboard's "Try a change" (docs/trying.md).

Every game describes a card with a pydantic model (sim.rulesets.<game>.cards, the class whose name
ends in "Card") and its rule parameters with another (`Ruleset.params_model`). A field of either
becomes a form field by its type: a whole number within the model's bounds (cost 0..135, a RES of
at least 1 where a rule across fields says so), a keyword flag (true or false), a word out of a
closed list, or a list of such words (fortaleza's keywords). Names, ids, texts, effects and other
nested tables are not offered: a trial changes numbers and keywords, not a card's design.

`checked_edits` turns "CI-04.cost=6" into an Edit (sim.balance.patch) and refuses, before anything
is written or played, a value the rules refuse: the field's own kind and bounds first (said by the
catalog in either language, naming the card, the field and what it takes), then the card rules
that relate fields (the game's own validation of the whole card, with every edit of the card in
place: a personaje with DEF 0), then the rule parameters' model. The refusal is a SaidError whose
`field` names the form field it belongs to, so the page shows it at that field.
"""

from __future__ import annotations

import importlib
import re
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from sim.balance.patch import PARAMS, Edit
from sim.core.cards import read_toml
from sim.core.errors import CardRule, InputError, SaidError
from sim.core.ruleset import Ruleset

INT, FLAG, WORD, WORDS = "int", "flag", "word", "words"  # the kinds of form field
NOT_EDITED = {"id", "name", "kind", "text", "faction"}  # what a card is, not how strong it is


@dataclass(frozen=True)
class FormField:
    """One editable field: its name as the card file writes it (`def`, not pydantic's `def_`), its
    kind, the model's bounds (INT) or its words (WORD, WORDS)."""

    name: str
    kind: str
    low: int | None = None
    high: int | None = None
    words: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "low": self.low, "high": self.high, "words": list(self.words)}


def card_model(ruleset: Ruleset) -> type[BaseModel]:
    """The game's card model: the pydantic class named *Card of its cards module."""
    package = type(ruleset).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.cards")
    except ImportError:
        raise SaidError("trial_refuse_no_card_model", game=ruleset.name, field="") from None
    found = [value for name, value in vars(module).items() if name.endswith("Card") and isinstance(value, type)
             and issubclass(value, BaseModel) and value.__module__ == module.__name__]
    if len(found) != 1:  # a game that does not follow docs/adding-a-game.md's layout
        raise SaidError("trial_refuse_no_card_model", game=ruleset.name, field="")
    return found[0]


def _literal_words(annotation: Any) -> tuple[str, ...] | None:
    if typing.get_origin(annotation) is Literal:
        words = typing.get_args(annotation)
        return tuple(str(w) for w in words) if all(isinstance(w, str) for w in words) else None
    return None


def model_fields(model: type[BaseModel]) -> list[FormField]:
    """The fields of `model` a trial may change, in the model's order."""
    out = []
    for name, info in model.model_fields.items():
        written = info.alias or name
        if written in NOT_EDITED:
            continue
        annotation = info.annotation
        if annotation is bool:
            out.append(FormField(written, FLAG))
        elif annotation is int:
            low = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)  # pydantic's Field(ge=...)
            high = next((m.le for m in info.metadata if hasattr(m, "le")), None)
            out.append(FormField(written, INT, low, high))
        elif (words := _literal_words(annotation)) is not None:
            out.append(FormField(written, WORD, words=words))
        elif typing.get_origin(annotation) is list and (words := _literal_words(typing.get_args(annotation)[0])):
            out.append(FormField(written, WORDS, words=words))
    return out


def param_fields(ruleset: Ruleset) -> list[FormField]:
    """The game's rule parameters a trial may change (whole numbers and flags)."""
    return [f for f in model_fields(ruleset.params_model) if f.kind in (INT, FLAG)]


@dataclass(frozen=True)
class CardForm:
    """One card as the form shows it: id, name, kind, the faction whose file holds it, each
    editable field's current value, and the fields its kind uses (`used`, see used_fields)."""

    card_id: str
    name: str
    kind: str
    faction: str
    values: dict[str, Any]
    used: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.card_id, "name": self.name, "kind": self.kind, "faction": self.faction,
                "values": self.values, "used": list(self.used)}


def _other_values(form: FormField, current: Any) -> list[Any]:
    """A few values of the field's kind other than `current`, within the model's bounds."""
    if form.kind == FLAG:
        return [not current]
    if form.kind == INT:
        ends = [v for v in (form.low, form.high) if v is not None]
        near = [current + 1, current - 1] if isinstance(current, int) else []
        return [v for v in dict.fromkeys([*near, *ends]) if v != current and all(
            (form.low is None or v >= form.low, form.high is None or v <= form.high))]
    if form.kind == WORD:
        return [w for w in form.words if w != current]
    return [[w] for w in form.words if [w] != current]


def used_fields(model: type[BaseModel], raw: dict[str, Any], fields: Sequence[FormField],
                defaults: dict[str, Any]) -> tuple[str, ...]:
    """The fields the card's kind uses, read from the card model: a field its file sets away from the
    model's default, or one the model lets take another value on this card (a dicedraft personaje's
    `die` and `boost` are refused by the model whatever their value: a dado's fields, unused)."""
    used = []
    for form in fields:
        current = raw.get(form.name, defaults.get(form.name))
        if form.name in raw and current != defaults.get(form.name, object()):
            used.append(form.name)
            continue
        for value in _other_values(form, current):
            try:
                model.model_validate(raw | {form.name: value})
            except (ValidationError, ValueError, TypeError):
                continue
            used.append(form.name)
            break
    return tuple(used)


def _file_cards(cards_dir: Path) -> dict[str, dict[str, Any]]:
    """Every [[card]] table of the folder's card files as written, by id."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(Path(cards_dir).glob("*.toml")):
        for raw in read_toml(path).get("card") or []:
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                out.setdefault(raw["id"], raw)
    return out


def card_forms(ruleset: Ruleset, cards_dir: Path, factions: Sequence[str]) -> list[CardForm]:
    """Every card the factions' pools hold (a card shared by pools, dicedraft's dice, once), each
    with its editable fields' values as its file writes them (the model's default where it leaves
    a field out)."""
    model = card_model(ruleset)
    fields = model_fields(model)
    defaults = {(info.alias or name): info.get_default(call_default_factory=True)
                for name, info in model.model_fields.items() if not info.is_required()}
    written = _file_cards(cards_dir)
    seen: dict[str, CardForm] = {}
    for faction in dict.fromkeys(factions):
        for card_id in ruleset.load_cards(faction, cards_dir).ids:
            raw = written.get(card_id)
            if card_id in seen or raw is None:
                continue
            values = {f.name: raw.get(f.name, defaults.get(f.name)) for f in fields
                      if f.name in raw or f.name in defaults}
            seen[card_id] = CardForm(card_id, str(raw.get("name") or card_id), str(raw.get("kind") or ""), faction,
                                     values, used_fields(model, raw, [f for f in fields if f.name in values], defaults))
    return list(seen.values())


# --- reading and checking what a designer typed --------------------------------------------------

def parse_set(text: str) -> tuple[str, str, str]:
    """"CI-04.cost=6" -> ("CI-04", "cost", "6"); "params.start_lives=25" for a rule parameter."""
    target, dot, rest = text.partition(".")
    field, equals, value = rest.partition("=")
    if not dot or not equals or not target.strip() or not field.strip() or not value.strip():
        raise SaidError("trial_refuse_syntax", text=text, field=text)
    return target.strip(), field.strip(), value.strip()


def _whole_number(text: str) -> int | None:
    try:
        return int(text, 10)
    except ValueError:
        return None


def typed_value(form: FormField, target: str, text: str | Any) -> Any:
    """`text` (as typed: "6", "true", "atq", "volar,alcance") as the value of `form`, or the
    refusal of its kind and bounds, naming the card and the field."""
    where = f"{target}.{form.name}"
    if form.kind == INT:
        number = text if isinstance(text, int) and not isinstance(text, bool) else _whole_number(str(text))
        if number is None:
            raise SaidError("trial_refuse_int", field=where, value=text)
        if (form.low is not None and number < form.low) or (form.high is not None and number > form.high):
            low = "−∞" if form.low is None else form.low
            high = "∞" if form.high is None else form.high
            raise SaidError("trial_refuse_range", field=where, value=number, low=low, high=high)
        return number
    if form.kind == FLAG:
        if isinstance(text, bool):
            return text
        if str(text).lower() in ("true", "false"):
            return str(text).lower() == "true"
        raise SaidError("trial_refuse_flag", field=where, value=text)
    if form.kind == WORD:
        if str(text) not in form.words:
            raise SaidError("trial_refuse_word", field=where, value=text, words=", ".join(form.words))
        return str(text)
    words = list(text) if isinstance(text, (list, tuple)) else [w.strip() for w in str(text).strip("[]").split(",")
                                                                 if w.strip()]
    words = [w.strip('"') for w in words]
    unknown = [w for w in words if w not in form.words]
    if unknown:
        raise SaidError("trial_refuse_word", field=where, value=", ".join(unknown), words=", ".join(form.words))
    return tuple(words)


@dataclass(frozen=True)
class TrialSpace:
    """What a spec's trial may change: its cards (by id) and their fields, its parameters."""

    ruleset: Ruleset
    cards_dir: Path
    factions: tuple[str, ...]
    cards: dict[str, CardForm]
    card_fields: tuple[FormField, ...]
    params: dict[str, Any]  # the spec's parameters as the game resolves them
    param_fields: tuple[FormField, ...]

    def as_dict(self) -> dict[str, Any]:
        """The form as the dashboard builds it."""
        return {"cards": [c.as_dict() for c in self.cards.values()], "fields": [f.as_dict() for f in self.card_fields],
                "params": {k: v for k, v in self.params.items() if k in {f.name for f in self.param_fields}},
                "param_fields": [f.as_dict() for f in self.param_fields]}


def trial_space(ruleset: Ruleset, cards_dir: Path, factions: Sequence[str], params: dict[str, Any]) -> TrialSpace:
    resolved = ruleset.params_model.model_validate(params).model_dump()
    cards = {c.card_id: c for c in card_forms(ruleset, cards_dir, factions)}
    return TrialSpace(ruleset, Path(cards_dir), tuple(dict.fromkeys(factions)), cards,
                      tuple(model_fields(card_model(ruleset))), resolved, tuple(param_fields(ruleset)))


def _first_line(exc: InputError) -> str:
    """The game's own words for a card it refuses, without the file's path before them."""
    line = str(exc).splitlines()[0]
    line = line.split(": field ", 1)[-1] if ": field " in line else line
    return re.sub(r"^'[^']*': (Value error, )?", "", line)  # "'(card)': Value error, a personaje needs ..."


def _card_rule(space: TrialSpace, card_id: str, fields: dict[str, Any]) -> CardRule | None:
    """The card rule of the game's card model that refuses the card with `fields`, said in either
    language by the game's own words (its words.py); None for a refusal of the card file as a whole."""
    raw = _file_cards(space.cards_dir).get(card_id)
    if raw is None:
        return None
    try:
        card_model(space.ruleset).model_validate(raw | fields)
    except ValidationError as exc:
        first = exc.errors()[0].get("ctx", {}).get("error")  # the card file's error says the first one too
        return first if isinstance(first, CardRule) else None
    return None


def checked_edits(space: TrialSpace, sets: Sequence[tuple[str, str, Any]]) -> list[Edit]:
    """The edits `sets` ((target, field, value as typed) each) ask for, every one checked: an
    unknown card, field or parameter, a value of the wrong kind or out of the field's bounds, or a
    card the rules across its fields refuse is a SaidError naming it (its `fields["field"]` is the
    form field). A value equal to the current one is no edit; no edit at all is refused too."""
    edits: dict[tuple[str, str], Edit] = {}
    forms = {f.name: f for f in space.card_fields}
    param_forms = {f.name: f for f in space.param_fields}
    for target, field, text in sets:
        if target == PARAMS:
            form = param_forms.get(field)
            if form is None:
                raise SaidError("trial_refuse_param", field=f"{PARAMS}.{field}", names=", ".join(param_forms))
            old = space.params[field]
        else:
            card = space.cards.get(target)
            if card is None:
                raise SaidError("trial_refuse_card", field=f"{target}.{field}", card=target,
                                factions=", ".join(space.factions))
            form = forms.get(field)
            if form is None or field not in card.values:
                raise SaidError("trial_refuse_field", field=f"{target}.{field}", card=target,
                                names=", ".join(n for n in forms if n in card.values))
            old = card.values[field]
            old = tuple(old) if isinstance(old, list) else old
        new = typed_value(form, target, text)
        if (target, field) in edits:
            raise SaidError("trial_refuse_twice", field=f"{target}.{field}")
        if new != old:
            edits[(target, field)] = Edit(target, field, old, new)
    chosen = sorted(edits.values())
    if not chosen:
        raise SaidError("trial_refuse_nothing", field="")
    _check_rules(space, chosen)
    return chosen


def overrides_of(edits: Sequence[Edit]) -> dict[str, dict[str, Any]]:
    """card id -> {field: new value}, as the game's card loader takes them."""
    out: dict[str, dict[str, Any]] = {}
    for edit in edits:
        if edit.is_card:
            out.setdefault(edit.target, {})[edit.field] = list(edit.new) if isinstance(edit.new, tuple) else edit.new
    return out


def _check_rules(space: TrialSpace, edits: Sequence[Edit]) -> None:
    """The rules across fields: each edited card read by its game with every edit in place, and the
    parameters validated by the game's model."""
    overrides = overrides_of(edits)
    for card_id, fields in overrides.items():
        faction = space.cards[card_id].faction
        try:
            space.ruleset.load_cards(faction, space.cards_dir, {card_id: fields})
        except InputError as exc:
            first = next(iter(fields))
            raise SaidError("trial_refuse_rule", field=f"{card_id}.{first}", card=card_id,
                            edits=", ".join(f"{k} = {v}" for k, v in fields.items()),
                            reason=_card_rule(space, card_id, fields) or _first_line(exc)) from None
    params = {e.field: e.new for e in edits if not e.is_card}
    if params:
        try:
            space.ruleset.params_model.model_validate(space.params | params)
        except ValidationError as exc:
            reason = exc.errors()[0]["msg"]
            raise SaidError("trial_refuse_rule", field=f"{PARAMS}.{next(iter(params))}", card=PARAMS,
                            edits=", ".join(f"{k} = {v}" for k, v in params.items()), reason=reason) from None


def said_field(exc: SaidError) -> str:
    """The form field a refusal belongs to ("CI-04.cost"), "" for the whole form."""
    return str(exc.fields.get("field", ""))

