"""Bad input is reported in words that name the place to fix it, never as a traceback."""

from __future__ import annotations

import errno
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ConfigDict


# a model-level check names its field by starting its message "field: ..." (a dotted path and a
# list item by its number from 1, field_path: "sweep.axis[2].side: ...")
FIELD_IN_MESSAGE = re.compile(
    r"^(?:Value error, )?(?P<field>[a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)*): (?P<message>.*)$", re.S)

# How every table of a spec is read: unknown fields refused, values as TOML wrote them, never
# coerced: "2000" is not a number, true is not 1, "no" is not false, and nan or inf never reaches a
# kernel or a manifest (JSON has no NaN). An int stays welcome where a float is asked for (weight 1
# means 1.0).
STRICT = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class InputError(Exception):
    """A card file, experiment spec, results folder or argument the designer must fix.

    The message names the file (and card, field or line) so the fix is one edit away. The CLI turns
    it into a message on stderr and exit code 2, before anything under results/ is touched.
    """


# The words of every message are the language catalog's (sim.report.language), a layer above this one:
# the catalog hands its `t` here when it is imported (use_catalog), and a message is worded only when
# it is shown, by then the CLI or the dashboard has the catalog loaded.
_catalog: Callable[..., str] | None = None


def use_catalog(say: Callable[..., str]) -> None:
    """Word messages with `say(key, lang, **fields)` (sim.report.language.t)."""
    global _catalog
    _catalog = say


@dataclass(frozen=True)
class Words:
    """A text of the language catalog (sim.report.language) with its fields, said in either
    language when it is shown; a field may be Words itself (a reason inside a message)."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)

    def said(self, lang: str | None) -> str:
        fields = {name: value.said(lang) if isinstance(value, (Words, CardRule)) else value
                  for name, value in self.fields.items()}
        if _catalog is None:  # no catalog loaded (a library caller): the key and its fields, unworded
            return f"{self.key}: " + ", ".join(f"{name}={value}" for name, value in fields.items())
        return _catalog(self.key, lang, **fields)


class CardRule(ValueError):
    """A card a game's card model refuses, by one of its card rules, in the game's own words: `words`
    (its words.py CARD_RULE_WORDS: key -> (Spanish, English) sentences with {fields}), the rule's
    `key`, and the field the check across fields is about. `str` is the English sentence after
    "field: " (FIELD_IN_MESSAGE reads the field from it, so a card file's error names it);
    `said(lang)` is the sentence alone, in `lang`, for a message that names the field itself (a
    trial's refusal)."""

    def __init__(self, words: Mapping[str, tuple[str, str]], key: str, field: str = "", **fields: object) -> None:
        self.words, self.key, self.field, self.fields = words, key, field, fields
        english = self.said("en")
        super().__init__(f"{field}: {english}" if field else english)

    def said(self, lang: str | None) -> str:
        return self.words[self.key][0 if (lang or "es") == "es" else 1].format(**self.fields)


class SaidError(InputError):
    """An InputError worded by the catalog: `said(lang)` in the reader's language (a page's, a
    command's --lang); `str` is the English one the console prints."""

    def __init__(self, key: str, **fields: object) -> None:
        self.key, self.fields = key, fields
        super().__init__(key)

    def __str__(self) -> str:
        return self.said("en")

    def said(self, lang: str | None) -> str:
        return Words(self.key, self.fields).said(lang)


# pydantic's error types a card or deck file meets, worded in the catalog (sim.report.language:
# "file_problem_<type>", with the error's context as fields); any other type keeps pydantic's English
FILE_PROBLEM_TYPES = frozenset({
    "greater_than_equal", "less_than_equal", "greater_than", "less_than", "int_type", "int_from_float",
    "int_parsing", "bool_type", "bool_parsing", "string_type", "float_type", "literal_error", "missing",
    "extra_forbidden", "string_too_short", "string_too_long", "list_type", "too_short", "too_long",
    "dict_type", "model_type", "model_attributes_type", "enum", "finite_number", "duplicate", "id_elsewhere"})


@dataclass(frozen=True)
class FileProblem:
    """One problem of a card or deck file, said in either language: `path: where: field 'name':
    reason (got value)`. `where` is "card CI-04", "card[3]" (a [[card]] without an id), "header" or
    "deck"; `reason` is a pydantic error (its type and context, worded by the catalog), a game's
    CardRule (its own words) or English text; `english` is pydantic's own message, the English
    line's words (unchanged from what `sim run` always printed); `after` says a config's change."""

    path: str
    where: str
    field: str
    english: str
    error_type: str = ""
    context: Mapping[str, object] = field(default_factory=dict)
    rule: "CardRule | None" = None
    got: str | None = None
    after: str | None = None

    def __str__(self) -> str:
        return self.said("en")

    def said(self, lang: str | None) -> str:
        got = f" (got {self.got})" if self.got is not None else ""
        after = f" (after the config's change {self.after})" if self.after is not None else ""
        english = f"{self.path}: {self.where}: field '{self.field}': {self.english}{got}{after}"
        if lang == "en" or _catalog is None:
            return english
        if self.rule is not None:
            reason: object = self.rule.said(lang)
        elif self.error_type in FILE_PROBLEM_TYPES:
            fields = {k: (" o ".join(str(v).split(" or ")) if k == "expected" else v) for k, v in self.context.items()}
            reason = Words(f"file_problem_{self.error_type}", fields)
        else:
            reason = self.english
        kind, _, name = self.where.partition(" ")
        where = Words("file_problem_card", {"card": name}) if kind == "card" and name else \
            Words(f"file_problem_{self.where}") if self.where in ("header", "deck") else self.where
        return Words("file_problem", {"path": self.path, "where": where, "field": self.field, "reason": reason,
                                      "got": Words("file_problem_got", {"value": self.got}) if self.got is not None else "",
                                      "after": Words("file_problem_after", {"change": self.after})
                                      if self.after is not None else ""}).said(lang)


def pydantic_problem(path: object, where: str, err: Mapping[str, Any], field: str, english: str,
                     got: str | None = None, after: str | None = None) -> FileProblem:
    """A FileProblem of one of pydantic's errors (`errors()`): its type and context kept for the
    catalog's words, a game's CardRule kept for its own."""
    context = dict(err.get("ctx") or {})
    rule = context.get("error") if isinstance(context.get("error"), CardRule) else None
    context = {k: v for k, v in context.items() if k != "error"}
    return FileProblem(str(path), where, field, english, str(err.get("type", "")), context, rule, got, after)


class ProblemsError(InputError):
    """Every problem of some card or deck files, one line each (a FileProblem, in either language,
    or English text a game's own check wrote): `said(lang)` in the reader's language, `str` in
    English, as `sim run` always printed them."""

    def __init__(self, problems: Sequence["FileProblem | str"]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def said(self, lang: str | None) -> str:
        return "\n".join(p.said(lang) if isinstance(p, FileProblem) else str(p) for p in self.problems)


def problems_of(exc: InputError) -> list["FileProblem | str"]:
    """The lines of an InputError, as ProblemsError gathers them from several files."""
    return list(exc.problems) if isinstance(exc, ProblemsError) else [str(exc)]


# faults of a place met when writing, in words of both languages (the English ones are the system's own)
FAULT_WORDS = {errno.ENOSPC: "fault_full", errno.EDQUOT: "fault_quota", errno.EROFS: "fault_read_only",
               errno.EACCES: "fault_denied", errno.EPERM: "fault_not_permitted", errno.ENOENT: "fault_missing"}


def fault_words(exc: OSError) -> Words | str:
    """Why a write failed, as a message says it: the catalog's words for a full, read-only or
    refusing place, else the system's text."""
    key = FAULT_WORDS.get(exc.errno) if exc.errno is not None else None
    return Words(key) if key else (exc.strerror or type(exc).__name__)


def field_path(loc: Sequence[str | int]) -> str:
    """A field's place as every message writes it: names joined by dots and a list item by its
    number from 1 in brackets (`side[2].budget`, `balance.edit[1].max`, `ability[2].n`), as a
    designer counts the [[side]] or [[balance.edit]] tables of a file. One style everywhere: a
    message never says `balance.edit.0.max` for the table another calls `balance.edit[1]`."""
    text = ""
    for part in loc:
        if isinstance(part, int) and not isinstance(part, bool):
            text += f"[{part + 1}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def format_pydantic_error(source: str, exc: Exception, prefix: str = "") -> str:
    """One line per problem: `source: field.path: message`."""
    lines = []
    for err in getattr(exc, "errors", lambda: [])():
        loc = field_path(err.get("loc", ()))
        where = f"{prefix}{loc}" if loc else prefix.rstrip(".") or "(top level)"
        lines.append(f"{source}: {where}: {err.get('msg', 'invalid')}")
    return "\n".join(lines) or f"{source}: {exc}"


def as_written(value: object, limit: int = 60) -> str:
    """A refused value as a spec or card file spells it (TOML and JSON agree on these: "2000" in
    quotes, true, nan), shortened to `limit` characters, so the message shows why it was refused."""
    if isinstance(value, float) and value != value:
        text = "nan"
    elif isinstance(value, float) and value in (float("inf"), float("-inf")):
        text = "inf" if value > 0 else "-inf"
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except ValueError:  # a nan or inf inside a list
            text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def spec_problems(errors: list[dict[str, Any]], path: Path, within: Sequence[str | int] = ()) -> list[str]:
    """A spec's problems (pydantic's `errors()`), one line each: `path: field: message`, the field
    as every message writes it (list items from 1: side[1].budget, balance.edit[2].max). `within` is
    the place of a table validated on its own (("balance",) for [balance], read by `sim balance`)."""
    lines = []
    for err in errors:
        field = field_path((*within, *err["loc"]))
        message = err["msg"].removeprefix("Value error, ")
        named = FIELD_IN_MESSAGE.match(message)
        if named and err["type"] == "value_error":  # a check across fields says which field it is about
            field, message = ".".join(filter(None, (field, named["field"]))), named["message"]
        given = err.get("input")
        if err["type"] != "value_error" and not isinstance(given, (dict, list)):
            message += f" (got {as_written(given)})"  # "2000" in quotes, true for a number: it shows why
        lines.append(f"{path}: {field or '(spec)'}: {message}")
    return lines
