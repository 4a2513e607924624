"""The card-table compiler: TOML a designer edits -> validated records -> Polars -> numpy arrays.

Every ruleset describes one card with a pydantic model; this module reads the files, validates each
card against that model and reports every problem with the file, the card id and the field, so a
designer never has to read a traceback to find a typo.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from pathlib import Path
from typing import Any, TypeVar

import polars as pl
from pydantic import BaseModel, ValidationError

from sim.core.errors import InputError, as_written

CardModel = TypeVar("CardModel", bound=BaseModel)
# a model-level check names its field by starting its message "field: ..."
FIELD_IN_MESSAGE = re.compile(r"^(?:Value error, )?(?P<field>[a-z_]+(?:\.\d+)?): (?P<message>.*)$", re.S)


def read_toml(path: Path) -> dict:
    """Parse a TOML file; a syntax error names the file and the line TOML reports, and a file that
    cannot be read (missing, a folder, not readable) is named with the reason."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a TOML file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:  # permission denied, a broken link, an I/O error: the file is there but unreadable
        raise InputError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{path}: not valid TOML: {exc}") from None


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
    problems: list[str] = []
    seen: dict[str, int] = {}
    for position, raw in enumerate(raw_cards, start=1):
        card_id = raw.get("id", f"#{position}") if isinstance(raw, dict) else f"#{position}"
        if overrides and isinstance(raw, dict) and card_id in overrides:
            raw = {**raw, **overrides[card_id]}
        try:
            card = model.model_validate(raw)
        except ValidationError as exc:
            for err in exc.errors():
                field = ".".join(str(p) for p in err["loc"])
                message = err["msg"]
                named = FIELD_IN_MESSAGE.match(message)
                if not field and named:  # a check across fields says which field it is about
                    field, message = named["field"], named["message"]
                elif err["type"] != "value_error" and not isinstance(err.get("input"), (dict, list)):
                    message += f" (got {as_written(err['input'])})"  # cost = "3": the quotes show why
                problems.append(f"{path}: card {card_id}: field '{field or '(card)'}': {message}")
            continue
        if card.id in seen:
            problems.append(f"{path}: card {card.id}: field 'id': duplicate of card #{seen[card.id]}")
        seen[card.id] = position
        cards.append(card)
    if problems:
        raise InputError("\n".join(problems))
    return data, cards


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
