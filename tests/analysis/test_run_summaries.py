"""Win rates, first-player advantage, game length and end reasons: exact values on a hand-made
results folder, and consistent structure on a small real run."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.analysis import end_reasons, faction_win_rates, first_player_advantage, game_length, wilson_interval
from sim.core.errors import InputError
from sim.run.runner import run_experiment
from sim.run.spec import load_spec

REPO = Path(__file__).resolve().parents[2]


def fake_run(folder: Path, winners: list[int], first_sides: list[int], turns: list[int],
             reasons: list[str]) -> Path:
    """A results folder with one chunk of hand-made games (units 2k, 2k+1 form mirrored pairs)."""
    n = len(winners)
    games = pl.DataFrame({
        "config": ["base"] * n, "game": range(n), "unit": range(n), "stage": pl.Series([0] * n, dtype=pl.Int8),
        "first_side": pl.Series(first_sides, dtype=pl.Int8), "winner": pl.Series(winners, dtype=pl.Int8),
        "end_reason": pl.Series(reasons).cast(pl.Categorical), "turns": pl.Series(turns, dtype=pl.Int16),
        "label_a": ["Arañas"] * n, "label_b": ["Ciempiés"] * n, "faction_a": ["aranas"] * n,
        "faction_b": ["ciempies"] * n,
    })
    chunk = folder / "games" / "config=base" / "chunk-000000000000.parquet"
    chunk.parent.mkdir(parents=True)
    games.write_parquet(chunk)
    (folder / "manifest.json").write_text(json.dumps({"spec_hash": "x"}))
    return folder


WINNERS = [0, 0, 0, 1, 1, -1, 0, 1, 0, -1]
MIRRORED = [0, 1] * 5  # unit 2k: A first; unit 2k+1: B first
TURNS = [10, 12, 14, 16, 18, 20, 22, 24, 26, 80]
REASONS = ["lives"] * 9 + ["turn_cap"]


def test_win_rates_by_hand(tmp_path: Path) -> None:
    rates = faction_win_rates(fake_run(tmp_path, WINNERS, MIRRORED, TURNS, REASONS))
    a, b = rates.row(0, named=True), rates.row(1, named=True)
    assert (a["side"], a["label"], a["faction"], a["n"], a["wins"], a["losses"], a["draws"]) == (
        0, "Arañas", "aranas", 10, 5, 3, 2)
    assert (b["side"], b["wins"], b["losses"], b["draws"]) == (1, 3, 5, 2)
    assert a["win_rate"] == pytest.approx(0.6) and b["win_rate"] == pytest.approx(0.4)
    assert (a["ci_low"], a["ci_high"]) == pytest.approx(wilson_interval(6, 10))


def test_first_player_advantage_pairs_by_hand(tmp_path: Path) -> None:
    result = first_player_advantage(fake_run(tmp_path, WINNERS, MIRRORED, TURNS, REASONS)).row(0, named=True)
    score = np.array([1.0 if w == 0 else 0.5 if w == -1 else 0.0 for w in WINNERS])
    d = score[0::2] - score[1::2]  # A first minus A second, pair by pair
    assert result["method"] == "paired" and result["pairs"] == 5
    assert result["win_rate_first"] == pytest.approx(score[0::2].mean())
    assert result["win_rate_second"] == pytest.approx(score[1::2].mean())
    assert result["advantage"] == pytest.approx(d.mean())
    half = 1.95996 * d.std(ddof=1) / math.sqrt(5)
    assert (result["ci_low"], result["ci_high"]) == pytest.approx((d.mean() - half, d.mean() + half))


def test_first_player_advantage_without_pairs_falls_back(tmp_path: Path) -> None:
    fixed = [0] * 10  # seats fixed: A always first, nothing to compare with
    result = first_player_advantage(fake_run(tmp_path / "fixed", WINNERS, fixed, TURNS, REASONS)).row(0, named=True)
    assert result["method"] == "unpaired" and result["games_second"] == 0 and result["advantage"] is None
    unpaired = [0, 0, 1, 1, 0, 0, 1, 1, 0, 1]  # seats vary but never mirrored within a pair
    result = first_player_advantage(fake_run(tmp_path / "mixed", WINNERS, unpaired, TURNS, REASONS)).row(0, named=True)
    assert result["method"] == "unpaired" and result["games_first"] == 5 and result["games_second"] == 5
    assert result["ci_low"] < result["advantage"] < result["ci_high"]


def test_game_length_and_end_reasons_by_hand(tmp_path: Path) -> None:
    run = fake_run(tmp_path, WINNERS, MIRRORED, TURNS, REASONS)
    length = game_length(run).row(0, named=True)
    assert (length["n"], length["max"], length["min"]) == (10, 80, 10)
    assert length["median"] == 19.0 and length["mean"] == pytest.approx(np.mean(TURNS))
    assert length["p90"] in (26, 80)
    reasons = end_reasons(run)
    assert reasons["end_reason"].to_list() == ["lives", "turn_cap"]
    assert reasons["count"].to_list() == [9, 1] and reasons["share"].to_list() == pytest.approx([0.9, 0.1])


def test_folder_without_results_is_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a results folder"):
        faction_win_rates(tmp_path)
    (tmp_path / "manifest.json").write_text("{}")
    with pytest.raises(InputError, match="no finished chunks"):
        game_length(tmp_path)


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    experiment = load_spec(REPO / "experiments" / "dicedraft_factions.toml", games=2000)
    return run_experiment(experiment, tmp_path_factory.mktemp("results"), chunk_size=700).run_dir


def test_summaries_of_a_small_run_are_consistent(small_run: Path) -> None:
    rates = faction_win_rates(small_run)
    assert rates.columns == ["config", "side", "label", "faction", "n", "wins", "losses", "draws", "win_rate",
                             "ci_low", "ci_high"]
    a, b = rates.row(0, named=True), rates.row(1, named=True)
    assert a["n"] == b["n"] == 2000 and a["wins"] + a["losses"] + a["draws"] == 2000
    assert (a["wins"], a["losses"], a["draws"]) == (b["losses"], b["wins"], b["draws"])
    assert a["win_rate"] + b["win_rate"] == pytest.approx(1.0)
    for row in (a, b):
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]

    first = first_player_advantage(small_run).row(0, named=True)
    assert first["method"] == "paired" and first["pairs"] == 1000
    assert first["games_first"] == first["games_second"] == 1000
    assert first["ci_low"] <= first["advantage"] <= first["ci_high"]
    assert first["advantage"] == pytest.approx(first["win_rate_first"] - first["win_rate_second"])

    length = game_length(small_run).row(0, named=True)
    assert length["n"] == 2000 and length["min"] <= length["median"] <= length["p90"] <= length["max"]

    reasons = end_reasons(small_run)
    assert reasons["count"].sum() == 2000 and reasons["share"].sum() == pytest.approx(1.0)
    assert set(reasons["end_reason"]) <= {"lives", "turn_cap"}
