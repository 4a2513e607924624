"""A copy of a game's shipped card folder for a designer to edit (`sim cards RULESET --to DIR`),
played with `sim run SPEC --cards DIR` (the spec's `cards_dir` overridden, sim.run.spec.load_spec).

The copy goes to a new (or empty) folder outside the shipped one, which is never changed. A game
that reads folders beside its card folder (rolplay's deck lists, `beside_cards`) gets them copied
beside the cards too: DIR/cards and DIR/decks, played with `--cards DIR/cards`. Every check runs
before anything is written, so a refused copy leaves the disk as it was.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from sim.core.errors import InputError
from sim.core.ruleset import Ruleset

CARDS_SUBFOLDER = "cards"  # where the cards go when the game reads folders beside them


@dataclass(frozen=True)
class CopiedCards:
    """What `copy_card_folder` wrote: the folder to name with --cards, the card files in it (their
    names), and the folders copied beside it."""

    cards_dir: Path
    files: tuple[str, ...]
    beside: tuple[Path, ...]


@dataclass(frozen=True)
class CopyRefusal:
    """Why a copy is refused before anything is written: `reason` is "inside" (the destination is
    the shipped card folder, inside it or above it), "not_empty" (a file, or a folder holding
    anything) or "no_parent" (a missing parent: more likely a typo than a wish); `fields` fill the
    sentence the catalog has for it (cards_refuse_<reason>)."""

    reason: str
    fields: dict[str, Path]


ENGLISH_REFUSALS = {  # for callers without the catalog; `sim cards` says them in --lang
    "inside": "--to: {folder} is inside the game's shipped card folder {shipped}; give a folder outside it",
    "not_empty": "--to: {folder} exists and is not an empty folder; give a new folder",
    "no_parent": "--to: the folder {parent} does not exist; create it first",
}


def copy_refusal(ruleset: Ruleset, dest: Path) -> CopyRefusal | None:
    """The reason `dest` may not receive a copy of `ruleset`'s card folder, or None."""
    dest = Path(dest)
    shipped = Path(ruleset.cards_dir).resolve()
    target = dest.resolve()
    if target == shipped or shipped in target.parents or target in shipped.parents:
        return CopyRefusal("inside", {"folder": dest, "shipped": shipped})
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        return CopyRefusal("not_empty", {"folder": dest})
    if not dest.exists() and not dest.parent.exists():
        return CopyRefusal("no_parent", {"parent": dest.parent})
    return None


def copy_card_folder(ruleset: Ruleset, dest: Path) -> CopiedCards:
    """Copy `ruleset`'s shipped card folder (and the folders it reads beside it) to `dest`; a
    destination `copy_refusal` refuses is an InputError and nothing is written."""
    refusal = copy_refusal(ruleset, dest)
    if refusal is not None:
        raise InputError(ENGLISH_REFUSALS[refusal.reason].format(**refusal.fields))
    shipped = Path(ruleset.cards_dir)
    beside = tuple(getattr(ruleset, "beside_cards", ()))
    cards_dir = Path(dest) / CARDS_SUBFOLDER if beside else Path(dest)
    shutil.copytree(shipped, cards_dir, dirs_exist_ok=True)
    copied = []
    for name in beside:
        shutil.copytree(shipped.parent / name, Path(dest) / name)
        copied.append(Path(dest) / name)
    files = tuple(sorted(p.name for p in cards_dir.glob("*.toml")))
    return CopiedCards(cards_dir, files, tuple(copied))
