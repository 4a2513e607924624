"""The card-table compiler: TOML a designer edits -> validated records -> Polars -> numpy arrays.

Every ruleset describes one card with a pydantic model; this module reads the files, validates each
card against that model and reports every problem with the file, the card id and the field, so a
designer never has to read a traceback to find a typo.
"""

from __future__ import annotations

import errno
import hashlib
import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, TypeVar

import numpy as np
import polars as pl
from pydantic import BaseModel, ValidationError

from sim.core.errors import (FIELD_IN_MESSAGE, FileProblem, InputError, ProblemsError, as_written, field_path,
                             problems_of, pydantic_problem)

CardModel = TypeVar("CardModel", bound=BaseModel)
BYTE_ORDER_MARK = "\ufeff"


def link_problem(path: Path) -> str | None:
    """What is wrong with a path that is a symbolic link leading nowhere: one that loops back on
    itself, or one whose target is missing (None when it is not such a link)."""
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return ("is a symbolic link that loops (it leads back to itself through its links, so there is no "
                    "file to read); replace it with the file or a link to it")
        if exc.errno == errno.ENOENT and os.path.islink(path):
            return f"is a symbolic link to {os.readlink(path)}, which does not exist"
    return None


def parse_toml(text: str, source: str | Path) -> dict:
    """TOML text as a designer's editor saved it: a byte-order mark at its start (Windows' Notepad
    writes one) is read past, as the UTF-8 of the rest says nothing else with it; a syntax error
    names `source` and the line TOML reports."""
    try:
        return tomllib.loads(text.removeprefix(BYTE_ORDER_MARK))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise InputError(f"{source}: not valid TOML: arrays or tables nested too deeply to read") from None


def read_toml(path: Path) -> dict:
    """Parse a TOML file (spec, card file, deck list); a syntax error names the file and the line
    TOML reports, and a file that cannot be read (missing, a folder, a link that loops, not readable)
    is named with the reason."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: {link_problem(path) or 'file not found'}") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a TOML file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:  # permission denied, a link that loops, an I/O error: the file is there but unreadable
        raise InputError(f"{path}: {link_problem(path) or f'cannot be read: {exc.strerror or exc}'}") from None
    parsed = _PARSED.get(text)
    if parsed is None:
        parsed = parse_toml(text, path)
        if len(_PARSED) >= PARSED_KEPT:
            _PARSED.clear()
        _PARSED[text] = parsed
    return _fresh(parsed)


# A sweep or a balance search compiles thousands of configs from the same few card files, and parsing
# them was most of a compile: the parse is kept by the file's text (an edited file is parsed again),
# and every caller gets its own copy to change.
PARSED_KEPT = 256
_PARSED: dict[str, dict] = {}


def _fresh(value: Any) -> Any:
    """A copy of parsed TOML whose tables and arrays are new (its values are immutable)."""
    if isinstance(value, dict):
        return {key: _fresh(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_fresh(item) for item in value]
    return value


def card_factions(cards_dir: Path, besides: tuple[str, ...] = ()) -> list[str]:
    """The factions of a card folder: its .toml files but the shared ones named in `besides`."""
    return sorted(p.stem for p in cards_dir.glob("*.toml") if p.name not in besides)


def faction_file(cards_dir: Path, faction: str, besides: tuple[str, ...] = ()) -> Path:
    """The card file of `faction` in `cards_dir`; a faction without one is an InputError that lists
    the folder's factions."""
    path = cards_dir / f"{faction}.toml"
    if path.name not in besides and link_problem(path):  # listed among the factions, yet nothing to read
        raise InputError(f"{path}: the card file of faction {faction!r} {link_problem(path)}")
    if not path.exists() or path.name in besides:
        known = ", ".join(card_factions(cards_dir, besides)) or "none"
        raise InputError(f"{cards_dir}: no card file for faction {faction!r} (found: {known})")
    return path


def load_card_file(path: Path, model: type[CardModel],
                   overrides: dict[str, dict[str, Any]] | None = None) -> tuple[dict, list[CardModel]]:
    """Read one card file: its top-level header (everything but [[card]]) and its validated cards.

    `overrides` (card id -> {field: value}, as a sweep sets them) change fields of the cards with
    those ids before validation, so a swept value is checked exactly like a value in the file;
    ids the file does not hold are ignored (the caller checks every id landed somewhere)."""
    data = read_toml(path)
    raw_cards = data.pop("card", None)
    if not isinstance(raw_cards, list) or not raw_cards:
        raise InputError(f"{path}: no cards: add at least one [[card]] table")
    cards: list[CardModel] = []
    problems: list[FileProblem | str] = []
    seen: dict[str, int] = {}
    for position, raw in enumerate(raw_cards, start=1):
        card_id = raw.get("id") if isinstance(raw, dict) else None
        card_id = card_id if isinstance(card_id, str) else None
        where = f"card {card_id}" if card_id is not None else f"card[{position}]"  # a [[card]] with no id: its number
        if overrides and card_id in overrides:
            raw = {**raw, **overrides[card_id]}
        try:
            card = model.model_validate(raw)
        except ValidationError as exc:
            for err in exc.errors():
                field = field_path(err["loc"])
                message = err["msg"]
                named = FIELD_IN_MESSAGE.match(message)
                got = None
                if not field and named:  # a check across fields says which field it is about
                    field, message = named["field"], named["message"]
                elif err["type"] != "value_error" and not isinstance(err.get("input"), (dict, list)):
                    got = as_written(err["input"])  # cost = "3": the quotes show why
                problems.append(pydantic_problem(path, where, err, field or "(card)", message, got))
            continue
        if card.id in seen:
            problems.append(FileProblem(str(path), f"card {card.id}", "id", f"duplicate of card[{seen[card.id]}]",
                                        "duplicate", {"position": seen[card.id]}))
        seen[card.id] = position
        cards.append(card)
    if problems:
        raise ProblemsError(problems)
    return data, cards


def validate_header(path: Path, raw: dict, model: type[CardModel]) -> CardModel:
    """A card file's header (everything but its [[card]] tables) validated by `model`; every problem
    names the file and the header's field."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            field = field_path(err["loc"]) or "(header)"
            got = None if err["type"] == "missing" else as_written(err.get("input"))
            lines.append(pydantic_problem(path, "header", err, field, err["msg"], got))
        raise ProblemsError(lines) from None


def read_deck_file(path: Path, model: type[CardModel]) -> CardModel:
    """A deck list file (a `cards` list of { id, copies, ... } entries) validated by `model`; every
    problem names the file, the card its entry is about (or the deck) and the field."""
    raw = read_toml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = []
        entries = raw.get("cards") if isinstance(raw.get("cards"), list) else []
        for err in exc.errors():
            loc = list(err["loc"])
            where = "deck"
            if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
                entry = entries[loc[1]] if loc[1] < len(entries) else {}
                card_id = entry.get("id") if isinstance(entry, dict) else None
                where = f"card {card_id}" if isinstance(card_id, str) else f"cards[{loc[1] + 1}]"
                loc = loc[2:]
            field = field_path(loc) or "(entry)"
            got = None if err["type"] == "missing" or isinstance(err.get("input"), (dict, list)) else \
                as_written(err.get("input"))
            lines.append(pydantic_problem(path, where, err, field, err["msg"], got))
        raise ProblemsError(lines) from None


def read_card_folder(cards_dir: Path, model: type[CardModel], read_header: Callable[[Path, dict], Any],
                     card_problems: Callable[[Path, Any, Any], list[str]]) -> tuple[dict, dict, tuple, dict]:
    """Every card file of a folder that holds one pool in many files (rolplay's classes and level
    bands, epikha's factions): its header read by `read_header(path, raw)`, each card by `model` and
    checked against its file by `card_problems(path, header, card)`, an id in two files refused. All
    problems of all files in one InputError, each naming file, card and field. Returns (cards by id
    in id order, each card's file, the files, each file's header)."""
    paths = tuple(sorted(Path(cards_dir).glob("*.toml")))
    if not paths:
        raise InputError(f"{cards_dir}: no card files (*.toml)")
    problems: list[FileProblem | str] = []
    cards: dict[str, Any] = {}
    home: dict[str, Path] = {}
    headers: dict[Path, Any] = {}
    for path in paths:
        try:
            raw_header, file_cards = load_card_file(path, model)
            header = read_header(path, raw_header)
        except InputError as exc:
            problems += problems_of(exc)
            continue
        headers[path] = header
        for card in file_cards:
            problems += card_problems(path, header, card)
            if card.id in home:
                problems.append(FileProblem(str(path), f"card {card.id}", "id", f"{home[card.id].name} has it already",
                                            "id_elsewhere", {"file": home[card.id].name}))
                continue
            home[card.id] = path
            cards[card.id] = card
    if problems:
        raise ProblemsError(problems)
    return dict(sorted(cards.items())), home, paths, headers


def load_each(names: list[str], load: Callable[[str], Any]) -> dict[str, Any]:
    """`load(name)` for every name (the deck files of a folder), the problems of all of them in one
    InputError, so one run shows every edit to make."""
    loaded: dict[str, Any] = {}
    problems: list[FileProblem | str] = []
    for name in names:
        try:
            loaded[name] = load(name)
        except InputError as exc:
            problems += problems_of(exc)
    if problems:
        raise ProblemsError(problems)
    return loaded


def cards_frame(cards: list[BaseModel]) -> pl.DataFrame:
    """The validated cards as one Polars frame, one row per card, in file order."""
    return pl.DataFrame([card.model_dump() for card in cards])


def file_hash(paths: list[Path]) -> str:
    """A short content hash of the card files, recorded in every manifest."""
    digest = hashlib.sha256()
    for path in sorted(paths, key=lambda p: p.name):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class CardPoolBase:
    """What every ruleset's card pool holds and answers the same way (sim.core.ruleset.CardPool): its
    faction, the label its file gives it, a frame with one row per card in the kernels' order (columns
    id, name and cost at least) and the compiled table the kernels read. A ruleset's pool subclasses
    it and says which `files` it was read from."""

    faction: str
    label: str
    frame: pl.DataFrame = field(repr=False)
    table: np.ndarray = field(repr=False)

    @property
    def files(self) -> tuple[Path, ...]:
        raise NotImplementedError

    @property
    def ids(self) -> list[str]:
        return self.frame["id"].to_list()

    @property
    def names(self) -> list[str]:
        return self.frame["name"].to_list()

    def index_of(self, card_id: str) -> int:
        """The card's index in the kernels' tables; a card the pool does not hold is an InputError."""
        try:
            return self.ids.index(card_id)
        except ValueError:
            raise InputError(f"{self.files[0]}: no card {card_id!r} in the {self.faction} cards") from None

    def hash(self) -> str:
        return file_hash(list(self.files))


@dataclass(frozen=True, eq=False)
class CardFolder:
    """Every card of a folder that holds one pool in many files (`read_card_folder`: rolplay's classes
    and level bands, epikha's factions): the cards by id in id order, the files, and each card's
    file. A game's pool subclasses it with what its headers add."""

    cards: dict[str, Any]
    files: tuple[Path, ...]
    home: dict[str, Path]

    def __getitem__(self, card_id: str) -> Any:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def hash(self) -> str:
        return file_hash(list(self.files))

    def changed(self, overrides: dict[str, dict[str, Any]] | None, model: type[BaseModel]) -> "CardFolder":
        """The pool with a config's changes (card id -> fields, as a sweep, an ablation or a balance
        search sets them), each changed card validated again by `model` like a card file."""
        if not overrides:
            return self
        return replace(self, cards=with_changes(self.cards, self.home, overrides, model))


def with_changes(cards: dict[str, CardModel], home: dict[str, Path], overrides: dict[str, dict[str, Any]],
                 model: type[CardModel]) -> dict[str, CardModel]:
    """A pool's cards by id with a config's changes (card id -> fields, as a sweep, an ablation or a
    balance search sets them), each changed card validated again by `model` like a card file; the
    problems of every card in one InputError naming file, card and field. A card id no card holds
    is skipped: the match checks that every changed card belongs to a side."""
    changed = dict(cards)
    problems = []
    for card_id, fields in overrides.items():
        if card_id not in changed:
            continue
        data = changed[card_id].model_dump(by_alias=True, exclude_defaults=True)
        data.update(fields)
        try:
            changed[card_id] = model.model_validate(data)
        except ValidationError as exc:
            for err in exc.errors():
                where = field_path(err["loc"]) or "(card)"
                problems.append(pydantic_problem(home[card_id], f"card {card_id}", err, where, err["msg"],
                                                 after=str(fields)))
    if problems:
        raise ProblemsError(problems)
    return changed
