"""Pentanomial SPRT on seat-mirrored pairs (fishtest's GSPRT approximation)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.analysis import pair_outcomes, sprt, sprt_bounds, sprt_by_config
from sim.core.errors import InputError


def test_bounds_at_five_percent() -> None:
    lower, upper = sprt_bounds(0.05, 0.05)
    assert (round(lower, 3), round(upper, 3)) == (-2.944, 2.944)
    assert sprt([0, 0, 0, 0, 0]).decision == "continue"


def test_llr_by_hand() -> None:
    counts = [10, 30, 80, 50, 30]  # LL, LD, DD/WL, WD, WW
    value = np.arange(5) / 4
    prob = np.array(counts) / 200
    mean, var = prob @ value, prob @ (value - prob @ value) ** 2
    mu0, mu1 = 0.5, 1 / (1 + 10 ** (-20 / 400))
    result = sprt(counts, elo0=0, elo1=20)
    assert result.llr == pytest.approx(200 * (mu1 - mu0) * (2 * mean - mu0 - mu1) / (2 * var))
    assert result.pairs == 200 and result.score == pytest.approx(mean)


def test_strong_sample_decides_h1_and_weak_one_h0() -> None:
    assert sprt([5, 10, 40, 60, 85], elo0=0, elo1=10).decision == "H1"
    assert sprt([85, 60, 40, 10, 5], elo0=0, elo1=10).decision == "H0"


def test_no_decision_before_min_pairs() -> None:
    # one WW pair: no variance to speak of, so the approximate LLR is huge; the minimum holds it back
    assert sprt([0, 0, 0, 0, 1], min_pairs=1).decision == "H1"
    assert sprt([0, 0, 0, 0, 1]).decision == "continue"
    assert sprt([1, 0, 0, 0, 0]).decision == "continue"


def test_false_h1_rate_of_an_even_side_stays_near_alpha() -> None:
    rng = np.random.default_rng(11)
    runs, accepted = 300, 0
    for _ in range(runs):
        buckets = rng.integers(0, 2, size=(400, 2)).sum(axis=1) * 2  # 50% side, no draws: LL, WL or WW
        for n in range(50, 401, 10):  # checked after every batch of ten pairs, as a sweep would
            decision = sprt(np.bincount(buckets[:n], minlength=5), elo0=0, elo1=50).decision
            if decision != "continue":
                accepted += decision == "H1"
                break
    assert accepted / runs < 0.10  # nominal 5%; 26% without the minimum number of pairs


def test_even_sample_never_decides_h1_with_small_n() -> None:
    rng = np.random.default_rng(0)
    for _ in range(50):
        games = rng.choice([0.0, 0.5, 1.0], p=[0.45, 0.1, 0.45], size=(200, 2))  # a 50% side, pair by pair
        buckets = np.rint(2 * games.sum(axis=1)).astype(int)
        for n in range(10, 201, 10):
            assert sprt(np.bincount(buckets[:n], minlength=5), elo0=0, elo1=10).decision != "H1"
    assert sprt([20, 20, 20, 20, 20], elo0=0, elo1=10).llr < 0


def test_bad_arguments_are_input_errors() -> None:
    for kwargs in ({"elo0": 5, "elo1": 5}, {"alpha": 0.0}, {"beta": 1.0}):
        with pytest.raises(InputError):
            sprt([1, 1, 1, 1, 1], **kwargs)
    with pytest.raises(InputError):
        sprt([1, 1, 1])


def games_frame() -> pl.DataFrame:
    # base: pairs (0,1) WL, (2,3) WW, (4,5) DL, (6,7) DD; unit 8 alone; (10,11) not mirrored
    # other: one LL pair; lonely: no pair at all
    rows = [
        ("base", 0, 0, 0), ("base", 1, 1, 1), ("base", 2, 0, 0), ("base", 3, 1, 0), ("base", 4, 0, -1),
        ("base", 5, 1, 1), ("base", 6, 0, -1), ("base", 7, 1, -1), ("base", 8, 0, 0), ("base", 10, 0, 0),
        ("base", 11, 0, 0), ("other", 0, 1, 1), ("other", 1, 0, 1), ("lonely", 0, 0, 0),
    ]
    return pl.DataFrame(rows, schema={"config": pl.String, "unit": pl.Int64, "first_side": pl.Int8,
                                      "winner": pl.Int8}, orient="row").with_columns(pl.lit(0, pl.Int8).alias("stage"))


def test_pair_outcomes_by_hand() -> None:
    counts = {r["config"]: r for r in pair_outcomes(games_frame()).iter_rows(named=True)}
    assert counts["base"] == {"config": "base", "pairs": 4, "ll": 0, "ld": 1, "dd_wl": 2, "wd": 0, "ww": 1}
    assert counts["other"] == {"config": "other", "pairs": 1, "ll": 1, "ld": 0, "dd_wl": 0, "wd": 0, "ww": 0}
    assert counts["lonely"]["pairs"] == 0


def test_sprt_by_config_reads_a_results_folder(tmp_path: Path) -> None:
    chunk = tmp_path / "games" / "config=base" / "chunk-000000000000.parquet"
    chunk.parent.mkdir(parents=True)
    games_frame().write_parquet(chunk)
    (tmp_path / "manifest.json").write_text(json.dumps({"spec_hash": "x"}))
    readings = sprt_by_config(tmp_path)
    assert readings["config"].to_list() == ["base", "lonely", "other"]
    assert readings["decision"].to_list() == ["continue"] * 3
    base = readings.row(0, named=True)
    assert base["llr"] == pytest.approx(sprt([0, 1, 2, 0, 1]).llr)
    assert base["score"] == pytest.approx((0.25 + 0.5 + 0.5 + 1.0) / 4)
    assert readings.row(1, named=True)["score"] is None and math.isclose(readings.row(1, named=True)["llr"], 0.0)


def test_trajectories_end_at_the_whole_runs_llr(tmp_path) -> None:
    """The last point of each config's path is the LLR of all its pairs (sprt_by_config)."""
    from sim.analysis.sprt import sprt_by_config, sprt_trajectories
    from sim.cli import main

    spec = tmp_path / "s.toml"
    spec.write_text('name = "s"\nruleset = "dicedraft"\ngames = 400\nseed = 2\n[[side]]\nfaction = "aranas"\n'
                    '[[side]]\nfaction = "ciempies"\n[sweep]\n[[sweep.axis]]\nside = 1\nfield = "budget"\n'
                    'values = [120]\n', encoding="utf-8")
    assert main(["run", str(spec), "--results", str(tmp_path / "r"), "--executor", "serial"]) == 0
    paths = sprt_trajectories(tmp_path / "r" / "s")
    final = {r["config"]: r["llr"] for r in sprt_by_config(tmp_path / "r" / "s").iter_rows(named=True)}
    for (config,), part in paths.group_by("config"):
        last = part.sort("pairs").row(-1, named=True)
        assert last["pairs"] == 200
        assert last["llr"] == pytest.approx(final[config])
