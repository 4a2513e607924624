"""Story runs (rule D-17) and best-of-three matches (rule D-18): exact values on hand-made games."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from sim.analysis import match_results, story_clear_chance, story_stages, wilson_interval


def write_games(folder: Path, units: list[int], stages: list[int], winners: list[int], budgets: list[int]) -> Path:
    n = len(units)
    chunk = folder / "games" / "config=base" / "chunk-000000000000.parquet"
    chunk.parent.mkdir(parents=True)
    pl.DataFrame({
        "config": ["base"] * n, "unit": units, "stage": pl.Series(stages, dtype=pl.Int8),
        "winner": pl.Series(winners, dtype=pl.Int8), "budget_b": pl.Series(budgets, dtype=pl.Int16),
    }).write_parquet(chunk)
    return folder


def test_story_stages_and_clear_chance(tmp_path: Path) -> None:
    # three runs of two stages: run 0 clears, run 1 loses stage 2, run 2 draws stage 1
    folder = write_games(tmp_path, [0, 0, 1, 1, 2, 2], [0, 1, 0, 1, 0, 1], [0, 0, 0, 1, -1, 0],
                         [115, 122, 120, 121, 117, 124])
    stages = story_stages(folder)
    assert stages["n"].to_list() == [3, 3]
    assert stages["score"].to_list() == [2.5, 2.0]
    assert (stages["bot_budget_min"].to_list(), stages["bot_budget_max"].to_list()) == ([115, 121], [120, 124])
    clear = story_clear_chance(folder).row(0, named=True)
    assert (clear["runs"], clear["cleared"]) == (3, 1)
    assert (clear["rate"], clear["ci_low"], clear["ci_high"]) == pytest.approx((1 / 3, *wilson_interval(1, 3)))


def test_match_results(tmp_path: Path) -> None:
    # match 0: A 2-0; match 1: B 2-1; match 2: 1-1 with draws (undecided after five games)
    folder = write_games(tmp_path, [0, 0, 1, 1, 1, 2, 2, 2, 2, 2], [0, 1, 0, 1, 2, 0, 1, 2, 3, 4],
                         [0, 0, 1, 0, 1, 0, 1, -1, -1, -1], [135] * 10)
    result = match_results(folder).row(0, named=True)
    assert (result["matches"], result["won"], result["lost"], result["undecided"]) == (3, 1, 1, 1)
    assert result["games_per_match"] == pytest.approx(10 / 3)
    assert (result["rate"], result["ci_low"], result["ci_high"]) == pytest.approx((0.5, *wilson_interval(1.5, 3)))
