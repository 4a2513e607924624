"""One stored game, played again with the trace on and told as readable lines (Spanish or English).

Both `sim replay` and the dashboard's replay page use this. It plays games, so it belongs to the run
layer (the analysis only reads the stored tables). The game is replayed from the run's own copy of
its spec (manifest), so it is the stored game as long as the cards, parameters and ruleset
version are unchanged; `changed` says when they changed, and `matches_stored` compares the replay
with the stored record (None when that game's chunk is not on disk yet). The sides are told by
their display names (sim.run.display_names: "Japón", not "japon"), in the lines and the fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import polars as pl

from sim.results.scans import scan_games
from sim.core.errors import InputError
from sim.core.ruleset import get_ruleset
from sim.run.display_names import run_display_names
from sim.run.spec import load_spec_dict
from sim.results.manifest import stored_spec


@dataclass
class Replay:
    config: str
    game: int
    unit: int
    stage: int
    first: str
    winner: str  # a side's label (its display name), or "draw"
    turns: int
    end_reason: str
    lines: list[str] = field(default_factory=list)
    matches_stored: bool | None = None
    stored: dict[str, Any] | None = None
    changed: bool = False  # the cards, parameters or ruleset version differ from the run's
    labels: tuple[str, str] = ("A", "B")  # the sides' display names, as the lines name them

    def side_name(self, winner: int) -> str:
        """A games-table winner (a side, or -1 for a draw) as this replay names it: a label or "draw"."""
        return "draw" if winner < 0 else self.labels[winner]


def default_config(manifest: dict[str, Any], config_id: str | None) -> str:
    """The config `config_id` names (as stored, or as the console shows it: "China~Japón"), else the
    run's only one."""
    if config_id is None and len(manifest["configs"]) == 1:
        config_id = next(iter(manifest["configs"]))
    if config_id is not None and config_id not in manifest["configs"]:
        config_id = run_display_names(manifest).config_id(config_id, manifest["configs"])
    if config_id not in manifest["configs"]:
        raise InputError(f"--config: {'a config is needed' if config_id is None else repr(config_id)}: "
                         f"the run has configs {', '.join(manifest['configs'])}")
    return config_id


def replay_game(run_dir: Path, manifest: dict[str, Any], config_id: str | None, game: int,
                lang: str = "es") -> Replay:
    config_id = default_config(manifest, config_id)
    experiment = load_spec_dict(stored_spec(manifest), Path(manifest["spec_path"]))
    ruleset = get_ruleset(experiment.spec.ruleset)
    compiled = ruleset.compile(experiment.config_experiments()[config_id].match_config(), config_id)
    n_slots = experiment.spec.games * compiled.rows_per_unit
    if not 0 <= game < n_slots:
        raise InputError(f"--game: {game} is out of range; the run has game indices 0..{n_slots - 1}")
    # the catalog's replay_changed says it to a person, in either language
    changed = compiled.hashes() != manifest["configs"][config_id]["hashes"] or ruleset.version != manifest["ruleset_version"]
    unit = game // compiled.rows_per_unit
    rows, events = ruleset.trace_unit(compiled, manifest["seed"], unit)
    replayed = ruleset.games_frame(compiled, rows).filter(pl.col("game") == game)
    if replayed.height == 0:
        raise InputError(f"--game: game {game} (unit {unit}) was never played: its unit ended earlier")
    row = replayed.row(0, named=True)
    names = run_display_names(manifest)
    labels = (names(compiled.labels[0]), names(compiled.labels[1]))
    shown = replace(compiled, labels=labels)  # the trace's lines name the sides as the console does
    out = Replay(config_id, game, unit, row["stage"], labels[row["first_side"]],
                 "draw" if row["winner"] < 0 else labels[row["winner"]], row["turns"], str(row["end_reason"]),
                 ruleset.describe_events(shown, rows, ruleset.events_of_stage(events, row["stage"]), lang),
                 changed=changed, labels=labels)
    stored = scan_games(run_dir).filter((pl.col("config") == config_id) & (pl.col("game") == game)).collect()
    if stored.height:
        out.stored = stored.row(0, named=True)
        out.matches_stored = (out.stored["winner"], out.stored["turns"]) == (row["winner"], row["turns"])
    return out
