"""SPRT on seat-mirrored pairs (fishtest's GSPRT approximation): side A's pentanomial test, and each
config of a sweep against the baseline on the same pairs."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.analysis import pair_outcomes, sprt, sprt_bounds, sprt_by_config
from sim.analysis.sprt import (
    DIFFERENCE_STEPS, SprtHypothesis, baseline_sprt, difference_counts, difference_llr, expected_score, pair_scores,
    paired_differences, sprt_trajectories,
)
from sim.cli import main
from sim.core.errors import InputError
from sim.run.spec import StopSpec

SIZE = expected_score(10) - 0.5  # H1 of the default [stop]: 10 Elo at 50% = 1.44 points


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
    readings = sprt_by_config(tmp_path)  # no spec in the manifest: side A's test, at the defaults
    assert readings["config"].to_list() == ["base", "lonely", "other"]
    assert readings["decision"].to_list() == ["continue"] * 3
    base = readings.row(0, named=True)
    assert base["llr"] == pytest.approx(sprt([0, 1, 2, 0, 1]).llr)
    assert base["score"] == pytest.approx((0.25 + 0.5 + 0.5 + 1.0) / 4)
    assert readings.row(1, named=True)["score"] is None and math.isclose(readings.row(1, named=True)["llr"], 0.0)


def test_trajectories_end_at_the_whole_runs_llr(tmp_path) -> None:
    """The last point of each config's path is the LLR of all its pairs (sprt_by_config); in a sweep
    the baseline has no path (it is not tested against itself)."""
    spec = tmp_path / "s.toml"
    spec.write_text('name = "s"\nruleset = "dicedraft"\ngames = 400\nseed = 2\n[[side]]\nfaction = "aranas"\n'
                    '[[side]]\nfaction = "ciempies"\n[sweep]\n[[sweep.axis]]\nside = 1\nfield = "budget"\n'
                    'values = [120]\n', encoding="utf-8")
    assert main(["run", str(spec), "--results", str(tmp_path / "r"), "--executor", "serial"]) == 0
    paths = sprt_trajectories(tmp_path / "r" / "s")
    final = {r["config"]: r["llr"] for r in sprt_by_config(tmp_path / "r" / "s").iter_rows(named=True)}
    assert paths["config"].unique().to_list() == ["side1.budget=120"]
    for (config,), part in paths.group_by("config"):
        last = part.sort("pairs").row(-1, named=True)
        assert last["pairs"] == 200
        assert last["llr"] == pytest.approx(final[config])
    side_a = sprt_trajectories(tmp_path / "r" / "s", SprtHypothesis(against_baseline=False))
    assert sorted(side_a["config"].unique()) == ["base", "side1.budget=120"]


def test_difference_llr_by_hand() -> None:
    counts = np.array([1, 2, 6, 20, 120, 25, 8, 3, 1], dtype=float)  # d = −1, −¾, …, 1
    prob = counts / counts.sum()
    mean, var = prob @ DIFFERENCE_STEPS, prob @ (DIFFERENCE_STEPS - prob @ DIFFERENCE_STEPS) ** 2
    n, delta = counts.sum(), 0.02
    up, down = n * delta * (2 * mean - delta) / (2 * var), n * -delta * (2 * mean + delta) / (2 * var)
    assert difference_llr(counts, delta) == pytest.approx(math.log((math.exp(up) + math.exp(down)) / 2), rel=1e-4)
    # the mixture is symmetric: a config as much worse reads the same LLR
    assert difference_llr(counts[::-1], delta) == pytest.approx(difference_llr(counts, delta))
    result = baseline_sprt(counts, delta)
    assert result.pairs == 186 and result.difference == pytest.approx(mean) and math.isnan(result.score)


def test_a_config_equal_to_the_baseline_leans_to_h0_and_never_says_h1() -> None:
    for pairs in range(1, 501):
        result = baseline_sprt(difference_counts(np.zeros(pairs)), SIZE)  # d = 0 in every pair
        assert result.decision != "H1" and result.llr < 0
        assert result.decision == ("H0" if pairs >= 50 else "continue")
    rng = np.random.default_rng(3)
    base = rng.integers(0, 5, size=300)
    steps = paired_differences(pl.DataFrame({
        "config": ["base"] * 300 + ["same"] * 300, "pair": np.tile(np.arange(300), 2),
        "stage": np.zeros(600, np.int64), "bucket": np.concatenate([base, base])}))["step"]
    assert (steps == 0).all() and baseline_sprt(difference_counts(steps), SIZE).decision == "H0"


def test_a_config_better_or_worse_by_a_known_amount_accepts_h1_its_way() -> None:
    # 60 pairs in 200 gain a win (d = +½): the config is 15 points better, ten times H1's size
    steps = np.array([2] * 60 + [0] * 140)
    better = baseline_sprt(difference_counts(steps), SIZE)
    assert better.decision == "H1" and better.difference == pytest.approx(0.15) and better.llr > 2.944
    worse = baseline_sprt(difference_counts(-steps), SIZE)
    assert worse.decision == "H1" and worse.difference == pytest.approx(-0.15)
    # a true difference of half H1's size sits between the hypotheses: LLR₊ = 0 and LLR₋ ≪ 0, so the
    # mixture reads log ½ however many pairs come in, and never decides
    midway = np.array([1] * 1000 + [0] * 9000)  # d = ¼ in a tenth of the pairs: 2.5 points, H1 at 5
    for n in (1000, 10000):
        result = baseline_sprt(difference_counts(midway[:n] if n == 10000 else midway[::10]), 0.05)
        assert result.llr == pytest.approx(math.log(0.5), abs=0.01) and result.decision == "continue"


def test_false_h1_rate_against_the_baseline_stays_near_alpha() -> None:
    rng = np.random.default_rng(12)
    runs, accepted = 300, 0
    for _ in range(runs):
        base = rng.choice([0, 2, 4], p=[0.25, 0.5, 0.25], size=3000)
        redrawn = rng.choice([0, 2, 4], p=[0.25, 0.5, 0.25], size=3000)
        config = np.where(rng.uniform(size=3000) < 1 / 3, redrawn, base)  # a third of the pairs change, no net effect
        steps = config - base
        for n in range(50, 3001, 10):
            decision = baseline_sprt(difference_counts(steps[:n]), SIZE).decision
            if decision != "continue":
                accepted += decision == "H1"
                break
    assert accepted / runs < 0.10  # nominal 5% (4.8% in 1,000 runs: the module docstring)


def test_the_hypothesis_of_a_spec_is_its_stop_table_or_the_defaults() -> None:
    defaults = SprtHypothesis.of_spec({"sweep": {"axis": []}})
    assert defaults == SprtHypothesis.of_spec({"sweep": {}, "stop": StopSpec(method="sprt").model_dump()})
    assert defaults.against_baseline and defaults.size == pytest.approx(0.0143872, abs=1e-7)
    assert defaults.text() == "H0: same as the baseline; H1: ±1.4 pts from it"
    assert defaults.text("es") == "H0: igual que la base; H1: ±1,4 pts de ella"
    side_a = SprtHypothesis.of_spec({"stop": {"method": "sprt", "elo0": -5, "elo1": 15}})
    assert not side_a.against_baseline
    assert side_a.text() == "H0: side A at -5 Elo (49.3%); H1: side A at +15 Elo (52.2%)"
    assert SprtHypothesis.of_spec({"ablation": {}, "stop": {"difference": 0.03}}).size == 0.03
    with pytest.raises(InputError):
        baseline_sprt(np.ones(9), 0.0)
    with pytest.raises(InputError):
        baseline_sprt(np.ones(5), 0.02)


def test_a_real_sweep_tests_each_config_against_the_baseline(tmp_path: Path) -> None:
    """turn_cap = 80 is the default (the baseline's games exactly); a 100-point deck is far worse."""
    spec = tmp_path / "s.toml"
    spec.write_text('name = "s"\nruleset = "dicedraft"\ngames = 400\nseed = 5\n[[side]]\nfaction = "aranas"\n'
                    '[[side]]\nfaction = "ciempies"\n[sweep]\nmode = "list"\n[[sweep.axis]]\nparam = "turn_cap"\n'
                    'values = [80, 80]\n[[sweep.axis]]\nside = 1\nfield = "budget"\nvalues = [135, 100]\n',
                    encoding="utf-8")
    assert main(["run", str(spec), "--results", str(tmp_path / "r"), "--executor", "serial"]) == 0
    readings = {r["config"]: r for r in sprt_by_config(tmp_path / "r" / "s").iter_rows(named=True)}
    assert readings["base"]["decision"] == "baseline" and readings["base"]["verdict"] == "baseline: not tested against itself"
    same = readings["params.turn_cap=80,side1.budget=135"]
    assert same["decision"] == "H0" and same["diff"] == 0.0 and same["pairs"] == 200
    assert same["verdict"].startswith("accepted H0, LLR −")
    worse = readings["params.turn_cap=80,side1.budget=100"]
    assert worse["decision"] == "H1" and worse["diff"] < -0.1 and worse["verdict"].startswith("accepted H1 (worse), LLR +")
    assert {r["hypothesis"] for r in readings.values()} == {"H0: same as the baseline; H1: ±1.4 pts from it"}
    assert all(r["note"] == "" for r in readings.values())  # fixed n: nothing stopped early
    # side A's own test, as a run without a sweep would read it, says the baseline's side A is not 50%
    side_a = sprt_by_config(tmp_path / "r" / "s", SprtHypothesis(against_baseline=False))
    assert side_a.filter(pl.col("config") == "base")["decision"][0] in ("H0", "H1", "continue")
    assert side_a["diff"].null_count() == 3
