"""Which searches of a results folder used which held-out seed on which cards, so that `sim balance`
can warn a designer who iterates on the same held-out seed.

A held-out seed is fresh only once. A designer who edits the cards, searches again and keeps the
held-out seed chooses the next proposals on the same held-out games, and after a few rounds the
proposals fit those games' luck as a search fits its own rungs' (docs/balance.md, "a held-out seed
used again"). Each finished search adds its use to `held_out_uses.json` in its own folder: the
search, its game, its held-out seed and the content hash of each card file it read (by its path
inside the card folder, so a copy of the folder with one file edited differs in that file only).
The list only grows: a search rerun with --overwrite after an edit of the cards keeps the use of
the cards it replaced. A search whose held-out seed an earlier search of the same game used on
other cards (any *.balance folder of the results folder, its own included) says so and which files
changed; the same seed on the same cards (a rerun, a renamed spec) is not a new choice on it.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sim.results.atomic_files import write_json_atomic
from sim.core.cards import file_hash

USES_FILE = "held_out_uses.json"


def held_out_use(name: str, spec_path: Path, ruleset: str, held_out_seed: int, card_files: list[Path],
                 cards_dir: Path) -> dict[str, Any]:
    """One search's use of its held-out seed: the card files (their paths inside `cards_dir`, a
    game's decks beside it as ../decks/...) with each one's content hash, and when it finished (to
    the microsecond, so that two searches finished in the same second still come one after the
    other)."""
    cards = {Path(os.path.relpath(path, cards_dir)).as_posix(): file_hash([path]) for path in sorted(set(card_files))}
    return {"search": name, "spec_path": str(spec_path), "ruleset": ruleset, "held_out_seed": held_out_seed,
            "cards": cards, "finished": datetime.now(timezone.utc).isoformat(timespec="microseconds")}


def read_uses(folder: Path) -> list[dict[str, Any]]:
    """The uses a search folder recorded, oldest first (none for a folder without the file, or one
    that cannot be read: the warning is advice, and a damaged list must not stop a search)."""
    try:
        uses = json.loads((Path(folder) / USES_FILE).read_text(encoding="utf-8")).get("uses")
    except (OSError, ValueError, AttributeError):
        return []
    return [u for u in uses if isinstance(u, dict) and {"held_out_seed", "ruleset", "cards"} <= set(u)] \
        if isinstance(uses, list) else []


def changed_files(before: dict[str, str], now: dict[str, str]) -> list[str]:
    """The card files whose content differs between two uses, a file read by one only included."""
    return sorted(path for path in set(before) | set(now) if before.get(path) != now.get(path))


def same_use(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """The same held-out seed of the same game on the same cards."""
    return (a["held_out_seed"], a["ruleset"], a["cards"]) == (b["held_out_seed"], b["ruleset"], b["cards"])


def earlier_uses_on_other_cards(results: Path, folder: Path, use: dict[str, Any]) -> list[dict[str, Any]]:
    """Every use of `use`'s held-out seed by a search of the same game on other cards, recorded in
    any search folder of `results` before this search first used it (a rerun of a search is not
    warned of the searches that came after it), oldest first: the search, its spec, when it
    finished and the card files that changed since."""
    first = next((u for u in read_uses(folder) if same_use(u, use)), use)
    found = []
    for uses in sorted(Path(results).glob(f"*.balance/{USES_FILE}")):
        for earlier in read_uses(uses.parent):
            changed = changed_files(earlier["cards"], use["cards"])
            if (earlier["held_out_seed"] == use["held_out_seed"] and earlier["ruleset"] == use["ruleset"] and changed
                    and str(earlier.get("finished", "")) <= first["finished"]):
                found.append({"search": earlier.get("search", uses.parent.name.removesuffix(".balance")),
                              "spec_path": earlier.get("spec_path", ""), "finished": earlier.get("finished", ""),
                              "changed": changed})
    return sorted(found, key=lambda u: (u["finished"], u["search"]))


def record_use(folder: Path, use: dict[str, Any]) -> None:
    """Add the search's use to its folder's list, unless the list holds it already (the same seed
    on the same cards: a rerun)."""
    uses = read_uses(folder)
    if not any(same_use(u, use) for u in uses):
        write_json_atomic(Path(folder) / USES_FILE, {"uses": uses + [use]})
