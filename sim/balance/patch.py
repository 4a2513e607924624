"""A proposal as a card-file patch: the TOML text edited line by line, never re-serialized.

A designer's card files carry comments, order and spacing that a TOML writer would lose, so an edit
changes only the one line `field = <number>` inside the card's own table (the `[[card]]` table
whose `id` is the card's), keeping any comment after the number. A field the table leaves out (a
default) is added as a new line after the table's last key. `card_patch` gives the unified diff
(difflib) of every file a proposal touches; `apply_proposal` writes the edited files into a copy of
the card folder and never into the folder the cards were read from. What refuses is worded by the
catalog (SaidError), so the dashboard says it in the page's language.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sim.core.errors import InputError, SaidError, fault_words
from sim.results.atomic_files import write_folder_atomic
from sim.run.card_folders import CARDS_SUBFOLDER  # a copy's cards, when the game reads folders beside them
from sim.results.folder import check_results_place

PARAMS = "params"  # the target of an edit that changes a rule parameter, not a card
APPLIED = "applied"  # <results>/<spec name>.balance/applied/: the copies the dashboard's "apply" writes
_HEADER = re.compile(r"^\s*\[")
_KEY = re.compile(r"^\s*[A-Za-z_][A-Za-z0-9_-]*\s*=")


@dataclass(frozen=True, order=True)
class Edit:
    """One change of a proposal: a card's field (target = the card id) or a rule parameter
    (target = "params") from `old` to `new`."""

    target: str
    field: str
    old: int
    new: int

    @property
    def label(self) -> str:
        return f"{self.target}.{self.field}"

    @property
    def is_card(self) -> bool:
        return self.target != PARAMS

    def text(self) -> str:
        return f"{self.label} {self.old} → {self.new}"

    def as_dict(self) -> dict:
        return {"target": self.target, "field": self.field, "old": self.old, "new": self.new}


def card_file(card_id: str, cards_dir: Path) -> Path:
    """The card file of `cards_dir` whose text holds the card's `id = "<card_id>"` line."""
    pattern = re.compile(rf'^\s*id\s*=\s*"{re.escape(card_id)}"', re.M)
    for path in sorted(Path(cards_dir).glob("*.toml")):
        if pattern.search(path.read_text(encoding="utf-8")):
            return path
    raise SaidError("patch_no_card_file", folder=cards_dir, card=repr(card_id))


def edit_card_text(text: str, card_id: str, field: str, old: int, new: int, source: Path | str = "card file") -> str:
    """`text` with the card's `field` set to `new`: the number on its line replaced (a comment after
    it kept), or a new line after the table's last key when the table leaves the field out. The
    line must hold `old`: a file edited since the search refuses, naming the place."""
    lines = text.splitlines(keepends=True)
    id_line = re.compile(rf'^\s*id\s*=\s*"{re.escape(card_id)}"')
    start = next((i for i, line in enumerate(lines) if id_line.match(line)), None)
    if start is None:
        raise SaidError("patch_no_card", source=source, card=repr(card_id))
    stop = next((i for i in range(start + 1, len(lines)) if _HEADER.match(lines[i])), len(lines))
    field_line = re.compile(rf"^(\s*{re.escape(field)}\s*=\s*)(-?\d+)(.*)$", re.S)
    for i in range(start, stop):
        found = field_line.match(lines[i])
        if found:
            if int(found[2]) != old:
                raise SaidError("patch_card_changed", source=source, card=card_id, field=field, found=found[2], old=old)
            lines[i] = f"{found[1]}{new}{found[3]}"
            return "".join(lines)
    last_key = max(i for i in range(start, stop) if _KEY.match(lines[i]))
    ending = "\n" if lines[last_key].endswith("\n") else ""
    if not ending:
        lines[last_key] += "\n"
    lines.insert(last_key + 1, f"{field} = {new}\n")
    return "".join(lines)


def patched_files(edits: Sequence[Edit], cards_dir: Path) -> dict[Path, tuple[str, str]]:
    """Each card file the edits touch: (text before, text after)."""
    out: dict[Path, tuple[str, str]] = {}
    for edit in sorted(e for e in edits if e.is_card):
        path = card_file(edit.target, cards_dir)
        before = out[path][0] if path in out else path.read_text(encoding="utf-8")
        current = out[path][1] if path in out else before
        out[path] = (before, edit_card_text(current, edit.target, edit.field, edit.old, edit.new, path))
    return out


def card_patch(edits: Sequence[Edit], cards_dir: Path) -> str:
    """The unified diff of the card files (paths relative to the card folder), and for each rule
    parameter edit a line saying what to set in the spec's [params]."""
    cards_dir = Path(cards_dir)
    parts = []
    for path, (before, after) in patched_files(edits, cards_dir).items():
        name = path.relative_to(cards_dir).as_posix()
        parts.append("".join(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                                  f"a/{name}", f"b/{name}")))
    for edit in edits:
        if not edit.is_card:
            parts.append(f"# rule parameter: set {edit.field} = {edit.new} in the spec's [params] (was {edit.old})\n")
    return "".join(parts)


def apply_proposal(edits: Sequence[Edit], cards_dir: Path, dest: Path, beside: Sequence[str] = ()) -> list[Path]:
    """Copy the card folder to `dest` (a new or empty folder outside it) and write the edited card
    files there; returns the files written. The source folder is never changed. The copy is made
    beside `dest` and renamed into place, so a place that cannot be written (a full disk, a
    read-only one, /proc) is an InputError naming `dest` and leaves nothing there. A game that
    reads folders `beside` its cards (rolplay's and epikha's decks) gets the cards in dest/cards
    and those folders copied beside them, as `sim cards` lays a copy out (sim.run.card_folders)."""
    cards_dir, dest = Path(cards_dir).resolve(), Path(dest)
    target = dest.resolve()
    if target == cards_dir or cards_dir in target.parents:
        raise SaidError("patch_into_source", dest=dest)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise SaidError("patch_not_empty", dest=dest)
    check_results_place(dest, "--to", make_parents=True)
    files = patched_files(edits, cards_dir)

    def fill(staging: Path) -> None:
        cards = staging / CARDS_SUBFOLDER if beside else staging
        shutil.copytree(cards_dir, cards, dirs_exist_ok=True)
        for name in beside:
            shutil.copytree(cards_dir.parent / name, staging / name)
        for path, (_, after) in files.items():
            (cards / path.relative_to(cards_dir)).write_text(after, encoding="utf-8")

    try:
        write_folder_atomic(target, fill)
    except OSError as exc:  # every fault of the place, ENOENT of /proc included: the place named, no traceback
        raise SaidError("patch_not_written", dest=dest, reason=fault_words(exc)) from None
    cards = target / CARDS_SUBFOLDER if beside else target
    return [cards / path.relative_to(cards_dir) for path in files]


def fresh_copy_place(search_folder: Path, rank: int) -> Path:
    """A folder for proposal `rank`'s copy of the cards inside the search's own folder, never one
    already there: applied/proposal-1, then applied/proposal-1-2, ... (a copy is never overwritten:
    the designer may be editing or playing the earlier one)."""
    base = Path(search_folder) / APPLIED / f"proposal-{rank}"
    place, k = base, 1
    while place.exists():
        k += 1
        place = base.with_name(f"{base.name}-{k}")
    return place


def cards_dir_line(spec: Path, cards_dir: Path) -> str:
    """The spec line that plays the cards of `cards_dir`: `cards_dir = "<path>"`, the path relative
    to the spec's folder (as `sim run` resolves it) and quoted as a TOML basic string."""
    relative = Path(os.path.relpath(Path(cards_dir).resolve(), Path(spec).resolve().parent)).as_posix()
    return 'cards_dir = "' + relative.replace("\\", "\\\\").replace('"', '\\"') + '"'
