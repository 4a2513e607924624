"""The draft-budget curve: the logistic slope's model and misfit-aware SEs against a hand
computation, the paired local slope and steps on hand-made games, and the baseline counted once."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from scipy.optimize import brentq

from sim.analysis.budget_curve import ELO, budget_cells, budget_slopes, budget_steps

from crafted_runs import sides, write_games, write_manifest

Z = 1.95996


def curve_cells(budgets: list[int], rates: list[float], n: int = 1000) -> pl.DataFrame:
    return pl.DataFrame({"faction_a": "aranas", "faction_b": "ciempies", "budget_a": budgets,
                         "budget_b": pl.Series([135] * len(budgets), dtype=pl.Int16), "n": [n] * len(budgets),
                         "win_rate": rates})


def test_the_quasi_binomial_se_scales_the_model_se_by_the_root_of_pearson_chi2_over_df() -> None:
    # a step, not a logistic: 30% at budgets 0 and 1, 70% at 2 and 3, 1,000 games each; symmetric
    # about 1.5, so the fitted intercept there is 0 and the slope b solves one score equation
    x = np.array([0.0, 1.0, 2.0, 3.0])
    xc = x - 1.5
    n = 1000.0
    wins = np.array([300.0, 300.0, 700.0, 700.0])

    def score(b: float) -> float:
        return float(np.sum(xc * (wins - n / (1 + np.exp(-b * xc)))))

    b = brentq(score, 0.01, 5.0, xtol=1e-14)
    p = 1 / (1 + np.exp(-b * xc))
    se_model = 1 / math.sqrt(np.sum(n * p * (1 - p) * xc ** 2))  # Σ n p (1-p) xc = 0 by symmetry: no cross term
    chi2 = float(np.sum((wins - n * p) ** 2 / (n * p * (1 - p))))
    assert chi2 / 2 > 1  # over-dispersed: the step misfits the logistic
    row = budget_slopes(curve_cells([0, 1, 2, 3], [0.3, 0.3, 0.7, 0.7])).row(0, named=True)
    assert row["elo_per_point"] == pytest.approx(ELO * b, rel=1e-8)
    assert row["elo_per_point_se"] == pytest.approx(ELO * se_model, rel=1e-8)
    assert row["pearson_chi2"] == pytest.approx(chi2, rel=1e-8)
    assert row["df"] == 2 and row["dispersion"] == pytest.approx(chi2 / 2, rel=1e-8)
    assert row["elo_per_point_se_quasi"] == pytest.approx(ELO * se_model * math.sqrt(chi2 / 2), rel=1e-8)
    assert row["working_budget"] is None and row["local_slope"] is None  # no games: no local slope


def test_a_curve_the_logistic_fits_keeps_the_model_se_and_two_budgets_have_no_misfit_figure() -> None:
    budgets = np.arange(90, 136, 5)
    rates = 1 / (1 + np.exp(-0.06 * (budgets - 120)))
    row = budget_slopes(curve_cells(budgets.tolist(), rates.tolist(), n=200_000)).row(0, named=True)
    assert row["pearson_chi2"] == pytest.approx(0.0, abs=1e-9) and row["df"] == 8
    assert row["elo_per_point_se_quasi"] == row["elo_per_point_se"]  # dispersion below 1: never shrinks the SE
    two = budget_slopes(curve_cells([120, 135], [0.4, 0.5])).row(0, named=True)
    assert two["df"] == 0 and two["dispersion"] is None and two["elo_per_point_se_quasi"] is None


# side A's mean score per seat-mirrored pair (5 pairs) at budgets 8, 9 and 10; the baseline plays 10
RISING = {8: [0.0, 0.25, 0.25, 0.5, 0.0], 9: [0.25, 0.25, 0.5, 0.5, 0.25], 10: [0.5, 0.5, 0.5, 0.75, 0.5]}


def budget_run(folder: Path, pairs: dict[int, list[float]]) -> Path:
    """A sweep over side1.budget = 8, 9, 10 whose baseline (budget 10) the point 10 repeats game for game."""
    configs = {"base": {"sides": sides(10)}}
    write_games(folder, "base", pairs[10], budget_a=10)
    for budget, scores in pairs.items():
        write_games(folder, f"side1.budget={budget}", scores, budget_a=budget)
        configs[f"side1.budget={budget}"] = {"sides": sides(budget)}
    write_manifest(folder, configs, {"sweep": {"axis": [{"side": 1, "field": "budget", "values": [8, 9, 10]}]}})
    return folder


def test_the_baseline_repeated_by_a_sweep_point_is_counted_once(tmp_path: Path) -> None:
    cells = budget_cells(budget_run(tmp_path, RISING))
    assert cells["n"].to_list() == [10, 10, 10]  # not 20 at budget 10
    assert cells.filter(pl.col("budget_a") == 10)["win_rate"].item() == pytest.approx(np.mean(RISING[10]))


def test_a_rising_curve_has_no_falling_step_and_its_local_slope_is_the_mean_pair_slope(tmp_path: Path) -> None:
    run = budget_run(tmp_path, RISING)
    steps = budget_steps(run)
    assert steps["falls"].to_list() == [False, False]
    first = steps.row(0, named=True)  # 8 -> 9: differences .25, 0, .25, 0, .25 per pair
    se = math.sqrt(0.01875 / 5)  # their sample variance is 0.075 / 4
    assert (first["budget_from"], first["budget_to"], first["pairs"]) == (8, 9, 5)
    assert first["diff"] == pytest.approx(0.15) and first["diff_low"] == pytest.approx(0.15 - Z * se)
    row = budget_slopes(budget_cells(run), run).row(0, named=True)
    # least squares through 8, 9, 10 is (s10 - s8) / 2 per pair: .25, .125, .125, .125, .25
    se = math.sqrt(0.0046875 / 5)
    assert row["working_budget"] == 10 and row["local_fit"] == "8-10, 3 budgets" and row["local_pairs"] == 5
    assert row["local_slope"] == pytest.approx(0.175)
    assert (row["local_slope_low"], row["local_slope_high"]) == (pytest.approx(0.175 - Z * se),
                                                                 pytest.approx(0.175 + Z * se))


def test_a_dip_is_flagged_with_its_paired_interval(tmp_path: Path) -> None:
    dip = dict(RISING) | {10: [0.25, 0.0, 0.25, 0.25, 0.0]}  # 9 -> 10: 0, -.25, -.25, -.25, -.25
    steps = budget_steps(budget_run(tmp_path, dip))
    assert steps["falls"].to_list() == [False, True]
    fall = steps.row(1, named=True)
    se = math.sqrt(0.0125 / 5)
    assert fall["diff"] == pytest.approx(-0.2) and fall["per_point"] == pytest.approx(-0.2)
    assert (fall["diff_low"], fall["diff_high"]) == (pytest.approx(-0.2 - Z * se), pytest.approx(-0.2 + Z * se))
    assert fall["diff_high"] < 0
