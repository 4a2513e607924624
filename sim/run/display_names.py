"""The names a person reads for a run's sides: each faction's or deck's display name, the `name` its
card or deck file gives it ("Japón", "Arañas", "Carga de criaturas", "Abarón"), where the run's
tables and traces hold its file id ("japon", "aranas", "carga_25", "abaron").

A label the spec gives ("Arañas") is shown as written. A label the spec leaves out is the faction
id (a round robin) or "A:<id>" (two sides, sim.core.match.default_label), and its id becomes the
display name ("China", "A:Arañas"). A round robin's config ids are made of labels ("china~japon")
and are shown the same way ("China~Japón", as the findings say it too); `config_id` reads that back
(spaces around the ~ or not), so what the console shows can be typed to `--config`.

The names are read from the card files when they are shown, not stored in the manifest: a run
written before this keeps its manifest, and a file that can no longer be read leaves its id shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.core.errors import InputError
from sim.core.match import default_label
from sim.core.ruleset import get_ruleset

PAIR_SEPARATOR = "~"  # a round robin's config id: "<label i>~<label j>" (sim.run.spec)
# the columns of the analysis frames that hold a side's label, faction or config id
SIDE_COLUMNS = ("config", "label", "faction", "row", "column", "best_response", "faction_a", "faction_b",
                "label_1", "label_2")


@dataclass(frozen=True)
class DisplayNames:
    """Label, faction id or config id -> the words shown for it; anything else is shown as it is."""

    words: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, text: str) -> str:
        return self.words.get(text, text)

    def config(self, config_id: str) -> str:
        """A config id as shown: a round robin's pair with each label's display name."""
        if config_id in self.words:
            return self.words[config_id]
        parts = config_id.split(PAIR_SEPARATOR)
        return PAIR_SEPARATOR.join(self(p) for p in parts) if len(parts) == 2 else config_id

    def config_id(self, given: str, config_ids: Iterable[str]) -> str:
        """The config id that `given` names: itself, or a config id as the console shows it."""
        ids = list(config_ids)
        if given in ids:
            return given
        return next((c for c in ids if _unspaced(self.config(c)) == _unspaced(given)), given)

    def row(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """A frame's row with its side columns (SIDE_COLUMNS) in display names."""
        out = dict(row)
        for name in SIDE_COLUMNS:
            value = out.get(name)
            if isinstance(value, str):
                out[name] = self.config(value) if name == "config" else self(value)
        return out


def _unspaced(pair: str) -> str:
    """"China ~ Japón" and "China~Japón" alike."""
    return PAIR_SEPARATOR.join(part.strip() for part in pair.split(PAIR_SEPARATOR))


def faction_names(ruleset_name: str, cards_dir: Path | None, factions: Iterable[str]) -> dict[str, str]:
    """Each faction id (or deck id) -> the name its file gives it; one whose file does not read
    (moved, renamed, edited into an error since the run) keeps its id."""
    try:
        ruleset = get_ruleset(ruleset_name)
    except InputError:
        return {}
    folder = cards_dir or ruleset.cards_dir
    out = {}
    for faction in dict.fromkeys(factions):
        try:
            out[faction] = str(ruleset.load_cards(faction, folder).label or faction)
        except (InputError, OSError, ValueError):
            out[faction] = faction
    return out


def sides_display_names(names: Mapping[str, str], sides: Iterable[tuple[int, str, str]]) -> DisplayNames:
    """DisplayNames of the sides (index, label, faction id) whose factions are named `names`. Two
    ids that share a display name (two decks of one epikha faction) are told apart by their id."""
    sides = list(sides)
    factions = list(dict.fromkeys(faction for _, _, faction in sides))
    named = {f: names.get(f, f) for f in factions}
    shared = {name for name in named.values() if list(named.values()).count(name) > 1}
    shown = {f: f"{name} ({f})" if name in shared and name != f else name for f, name in named.items()}
    words = {f: s for f, s in shown.items() if s != f}
    given = set()
    for index, label, faction in sides:
        if label == faction:
            continue
        if label == default_label(faction, index):
            words[label] = default_label(shown[faction], index)
        else:
            given.add(label)  # the spec's own label: shown as written, even if it spells another faction's id
    for label in given:
        words.pop(label, None)
    return DisplayNames({k: v for k, v in words.items() if k != v})


def spec_cards_dir(spec: Mapping[str, Any], spec_path: str | Path | None) -> Path | None:
    """The card folder a stored spec names (relative to the spec file, as `sim run` reads it), or None."""
    cards_dir = spec.get("cards_dir")
    if not cards_dir:
        return None
    return (Path(spec_path or ".").parent / str(cards_dir)).resolve()


def run_display_names(manifest: Mapping[str, Any]) -> DisplayNames:
    """The display names of a run's sides, from its manifest's configs and the card files."""
    sides = [(i, str(side.get("label")), str(side.get("faction")))
             for config in manifest.get("configs", {}).values() for i, side in enumerate(config.get("sides", []))]
    spec = manifest.get("spec") or {}
    names = faction_names(str(manifest.get("ruleset")), spec_cards_dir(spec, manifest.get("spec_path")),
                          [faction for _, _, faction in sides])
    return sides_display_names(names, sides)


def spec_display_names(spec: Mapping[str, Any], spec_path: str | Path | None) -> DisplayNames:
    """The display names of a stored spec's [[side]]s, each named by its label or else its faction
    id, as a balance search names them in its record."""
    sides = [(i, str(side.get("label") or side.get("faction")), str(side.get("faction")))
             for i, side in enumerate(spec.get("side", []))]
    names = faction_names(str(spec.get("ruleset")), spec_cards_dir(spec, spec_path), [f for _, _, f in sides])
    return sides_display_names(names, sides)
