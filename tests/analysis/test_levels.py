"""Conclusions across agent levels (sim/analysis/levels.py): each headline figure per level, flagged
when it changes sign or moves beyond its interval."""

from __future__ import annotations

from pathlib import Path

from sim.analysis.levels import MOVES, SIGN, _flag, config_levels, level_conclusions, side_level
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from sim.run.store import read_manifest

ROOT = Path(__file__).resolve().parents[2]


def test_a_flag_says_when_the_favourite_changes_or_the_figure_moves() -> None:
    assert _flag((0.60, 0.55, 0.65), (0.40, 0.35, 0.45)) == SIGN
    assert _flag((0.60, 0.55, 0.65), (0.75, 0.70, 0.80)) == MOVES
    assert _flag((0.60, 0.55, 0.65), (0.62, 0.57, 0.67)) == ""
    assert _flag((0.52, 0.48, 0.56), (0.40, 0.35, 0.45)) == MOVES  # the first interval holds 50%: no sign to change


def test_a_level_names_the_agent_and_a_hard_sides_settings() -> None:
    assert side_level({"agent": "greedy"}) == "greedy"
    assert side_level({"agent": "hard", "search": {"samples": 8, "horizon": 2}}) == "hard 8x2"


def test_the_levels_spec_gives_each_figure_at_each_level(tmp_path: Path) -> None:
    experiment = load_spec(ROOT / "experiments" / "dicedraft_levels.toml", games=40)
    outcome = run_experiment(experiment, tmp_path)
    table = level_conclusions(outcome.run_dir)
    assert set(table["figure"]) == {"side A win rate", "first player win rate"}
    for figure in ("side A win rate", "first player win rate"):
        rows = table.filter(table["figure"] == figure)
        assert rows["level"].to_list() == ["greedy / greedy", "random / random", "hard 8x2 / hard 8x2"]
        assert rows["flag"][0] == ""  # the baseline is what the others are read against
        assert ((rows["low"] <= rows["value"]) & (rows["value"] <= rows["high"])).all()
        assert (rows["n"] == 40).all()


def test_a_sweep_that_plays_one_level_has_no_table(tmp_path: Path) -> None:
    experiment = load_spec(ROOT / "experiments" / "dicedraft_budget_curve.toml", games=4)
    outcome = run_experiment(experiment, tmp_path)
    assert level_conclusions(outcome.run_dir).is_empty()
    assert len({level for _, level in config_levels(read_manifest(outcome.run_dir)).values()}) == 1
