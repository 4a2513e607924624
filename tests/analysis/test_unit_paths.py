"""A story run stage by stage and a best-of-three's lengths and first games: exact values on
hand-made games."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from sim.analysis import wilson_interval
from sim.analysis.units import game_one_winner, match_lengths, story_clear_chance, story_path


def write_games(folder: Path, units: list[int], stages: list[int], winners: list[int]) -> Path:
    n = len(units)
    chunk = folder / "games" / "config=base" / "chunk-000000000000.parquet"
    chunk.parent.mkdir(parents=True)
    pl.DataFrame({"config": ["base"] * n, "unit": units, "stage": pl.Series(stages, dtype=pl.Int8),
                  "winner": pl.Series(winners, dtype=pl.Int8)}).write_parquet(chunk)
    return folder


def test_story_path_counts_only_the_runs_still_unbeaten(tmp_path: Path) -> None:
    # four runs of three stages, rows shuffled: run 0 clears; run 1 loses stage 2 then wins stage 3;
    # run 2 draws stage 1 (not a win: it never reaches stage 2); run 3 wins stages 1-2, loses 3
    rows = [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 1, 1), (1, 2, 0), (2, 0, -1), (2, 1, 0), (2, 2, 0),
            (3, 0, 0), (3, 1, 0), (3, 2, 1)]
    rows = rows[::2] + rows[1::2]
    folder = write_games(tmp_path, *map(list, zip(*rows)))
    path = story_path(folder)
    assert path["runs"].to_list() == [4, 4, 4]
    assert path["reached"].to_list() == [4, 3, 2]
    assert path["won"].to_list() == [3, 2, 1]
    assert path["rate"].to_list() == pytest.approx([3 / 4, 2 / 3, 1 / 2])
    assert path["through"].to_list() == pytest.approx([3 / 4, 2 / 4, 1 / 4])
    assert (path["ci_low"][1], path["ci_high"][1]) == pytest.approx(wilson_interval(2, 3))
    assert (path["through_low"][2], path["through_high"][2]) == pytest.approx(wilson_interval(1, 4))
    assert path["through"][-1] == story_clear_chance(folder)["rate"][0]


def test_match_lengths_and_the_game_one_winner(tmp_path: Path) -> None:
    # match 0: A 2-0; match 1: B wins game 1, A takes the match 2-1; match 2: A wins game 1, B 2-1;
    # match 3: game 1 drawn, then A wins games 2 and 3
    folder = write_games(tmp_path, [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3], [0, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2],
                         [0, 0, 1, 0, 0, 0, 1, 1, -1, 0, 0])
    lengths = match_lengths(folder)
    assert lengths.select("games", "matches", "of").rows() == [(2, 1, 4), (3, 3, 4)]
    assert (lengths["share_low"][1], lengths["share_high"][1]) == pytest.approx(wilson_interval(3, 4))
    first = game_one_winner(folder).row(0, named=True)
    # three matches with a decided game 1 (the drawn one is left out); its winner kept the match once
    assert (first["matches"], first["won"], first["rate"]) == (3, 1, pytest.approx(1 / 3))
    assert (first["ci_low"], first["ci_high"]) == pytest.approx(wilson_interval(1, 3))
    assert first["first_game_a"] == pytest.approx(2 / 3)
