"""Bad input is reported in words that name the place to fix it, never as a traceback."""

from __future__ import annotations

import json
from collections.abc import Sequence


class InputError(Exception):
    """A card file, experiment spec, results folder or argument the designer must fix.

    The message names the file (and card, field or line) so the fix is one edit away. The CLI turns
    it into a message on stderr and exit code 2, before anything under results/ is touched.
    """


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
