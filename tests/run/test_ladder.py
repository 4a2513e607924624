"""`sim ladder RULESET`: every agent level against every other on one faction's mirror, stored as a
round-robin run with each level's speed (sim/run/ladder.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.cli import main
from sim.core.errors import InputError
from sim.report.export import html_report
from sim.run.ladder import LADDER_FILE, ladder_experiment, levels, read_speeds
from sim.results.manifest import read_manifest


def test_the_ladder_holds_every_level_and_only_mirrors_of_one_faction() -> None:
    experiment = ladder_experiment("dicedraft", 10, "ciempies")
    labels = [side.label for side in experiment.spec.sides]
    assert labels == ["random", "greedy", "hard 2x1", "hard 8x2", "hard 16x2"]
    configs = experiment.config_experiments()
    assert len(configs) == 5 * 6 // 2  # every pair, mirrors of a level included
    assert {side.faction for e in configs.values() for side in e.spec.sides} == {"ciempies"}
    assert [level.label for level in levels(("random", "greedy"))] == ["random", "greedy"]  # a game without hard


def test_an_unknown_faction_is_refused_by_name() -> None:
    with pytest.raises(InputError, match=r"--faction: dicedraft has no faction 'lobos'"):
        ladder_experiment("dicedraft", 10, "lobos")


def test_sim_ladder_stores_a_round_robin_with_ratings_and_speeds(tmp_path: Path, capsys) -> None:
    assert main(["ladder", "dicedraft", "--games", "6", "--speed-games", "2", "--results", str(tmp_path),
                 "--executor", "serial"]) == 0
    out = capsys.readouterr().out
    run_dir = tmp_path / "dicedraft_ladder_aranas"
    manifest = read_manifest(run_dir)
    assert manifest["status"] == "finished" and manifest["spec"]["matchups"] == "round_robin"
    assert "Bradley-Terry" in out and "Speed of each level" in out
    speeds = read_speeds(run_dir)
    assert set(speeds) == {"random", "greedy", "hard 2x1", "hard 8x2", "hard 16x2"}
    assert all(rate > 0 for rate in speeds.values())
    assert json.loads((run_dir / LADDER_FILE).read_text())["speed_games"] == 2
    page = html_report(run_dir, manifest, "es")
    assert "id='chart-level_speed'" in page and "Velocidad de cada nivel" in page
