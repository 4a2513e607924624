"""Conclusions across agent levels (sim/analysis/levels.py): each headline figure per level, flagged
when it changes sign or moves beyond its interval."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from sim.analysis.levels import MOVES, SIGN, _flag, card_level_conclusions, config_levels, level_conclusions, side_level
from sim.report.export import html_report
from sim.report.language import t
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from sim.results.manifest import read_manifest

ROOT = Path(__file__).resolve().parents[2]


def test_a_flag_says_when_the_favourite_changes_or_the_figure_moves() -> None:
    assert _flag((0.60, 0.55, 0.65), (0.40, 0.35, 0.45)) == SIGN
    assert _flag((0.60, 0.55, 0.65), (0.75, 0.70, 0.80)) == MOVES
    assert _flag((0.60, 0.55, 0.65), (0.62, 0.57, 0.67)) == ""
    assert _flag((0.52, 0.48, 0.56), (0.40, 0.35, 0.45)) == MOVES  # the first interval holds 50%: no sign to change


def test_a_card_effect_is_flagged_around_zero() -> None:
    assert _flag((0.05, 0.02, 0.08), (-0.04, -0.07, -0.01), neutral=0.0) == SIGN
    assert _flag((0.05, 0.02, 0.08), (-0.04, -0.07, -0.01)) == MOVES  # read around 50% both sit below it: only a move


def test_a_level_names_the_agent_and_a_hard_sides_settings() -> None:
    assert side_level({"agent": "greedy"}) == "greedy"
    assert side_level({"agent": "hard", "search": {"samples": 8, "horizon": 2}}) == "hard 8x2"


@pytest.fixture(scope="module")
def levels_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    experiment = load_spec(ROOT / "experiments" / "dicedraft_levels.toml", games=200)
    return run_experiment(experiment, tmp_path_factory.mktemp("levels")).run_dir


def test_the_levels_spec_gives_each_figure_at_each_level(levels_run: Path) -> None:
    table = level_conclusions(levels_run)
    assert set(table["figure"]) == {"side A win rate", "first player win rate"}
    for figure in ("side A win rate", "first player win rate"):
        rows = table.filter(table["figure"] == figure)
        assert rows["level"].to_list() == ["greedy / greedy", "random / random", "hard 8x2 / hard 8x2"]
        assert rows["flag"][0] == ""  # the baseline is what the others are read against
        assert ((rows["low"] <= rows["value"]) & (rows["value"] <= rows["high"])).all()
        assert (rows["n"] == 200).all()


def test_the_levels_spec_follows_the_top_cards_of_the_first_level(levels_run: Path) -> None:
    cards = card_level_conclusions(levels_run, top=2)
    assert set(cards["side"]) == {0, 1}
    for (side, card), rows in cards.group_by("side", "card_id", maintain_order=True):
        assert rows["level"].to_list() == ["greedy / greedy", "random / random", "hard 8x2 / hard 8x2"]
        assert rows["flag"][0] == ""
        assert ((rows["low"] <= rows["value"]) & (rows["value"] <= rows["high"])).all()
        assert (rows["n"] > 0).all() and (rows["n"] <= 200).all()
    first = cards.filter(cards["level"] == "greedy / greedy")
    assert 2 <= first.filter(first["side"] == 0).height <= 4  # the two that help most and the two that help least
    for other in cards.filter(cards["flag"] != "").iter_rows(named=True):
        assert other["flag"] in (SIGN, MOVES)


def test_a_sweep_that_plays_one_level_has_no_table(tmp_path: Path) -> None:
    experiment = load_spec(ROOT / "experiments" / "dicedraft_budget_curve.toml", games=4)
    outcome = run_experiment(experiment, tmp_path)
    assert level_conclusions(outcome.run_dir).is_empty()
    assert card_level_conclusions(outcome.run_dir).is_empty()
    assert len({level for _, level in config_levels(read_manifest(outcome.run_dir)).values()}) == 1


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_report_shows_the_levels_and_the_key_cards_per_level(levels_run: Path, lang: str) -> None:
    page = html_report(levels_run, read_manifest(levels_run), lang)
    for block in ("table-levels", "chart-levels", "table-card_levels", "chart-card_levels"):
        assert f"id='{block}'" in page, block
    assert html.escape(t("report_table_card_levels", lang)) in page and html.escape(t("report_note_card_levels", lang)) in page
    assert t("level_figure_first player win rate", lang) in page
