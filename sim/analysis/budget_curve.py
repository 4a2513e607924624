"""Draft-budget curves (dicedraft, ANALYTICS.md): side A's win rate against its own draft budget at
a fixed opponent budget, the player-budget × opponent-budget grid, and the fitted slope per point.

The games come from any run whose games carry `budget_a` and `budget_b` (dicedraft records both),
typically a sweep over `side1.budget` (and `side2.budget` for the heatmap). Each (faction, budget,
opponent budget) cell gives n, the win rate (draw = ½) and its Wilson interval. The slope comes from
a logistic fit of win rate on side A's budget: Elo per budget point with its standard error, and the
win-rate points one budget point is worth at the top of the range: the exchange rate that turns a
card's ΔWR into budget points.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, score_a, wilson_exprs
from sim.analysis.scans import scan_games
from sim.core.errors import InputError

ELO = 400.0 / math.log(10.0)  # logistic units to Elo points


def budget_cells(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """One row per (faction_a, faction_b, budget_a, budget_b): n, win_rate, ci_low, ci_high."""
    games = scan_games(run_dir)
    names = games.collect_schema().names()
    if "budget_a" not in names or "budget_b" not in names:
        raise InputError(f"{run_dir}: its games carry no draft budgets (a dicedraft run has them)")
    cells = (
        games.group_by("faction_a", "faction_b", "budget_a", "budget_b")
        .agg(pl.len().cast(pl.Int64).alias("n"), score_a().sum().alias("score"))
        .collect()
    )
    low, high = wilson_exprs(pl.col("score"), pl.col("n"), z)
    return (cells.with_columns(pl.col("faction_a").cast(pl.String), pl.col("faction_b").cast(pl.String),
                               (pl.col("score") / pl.col("n")).alias("win_rate"), low.alias("ci_low"),
                               high.alias("ci_high"))
            .drop("score").sort("faction_a", "faction_b", "budget_b", "budget_a"))


def _logistic_fit(x: np.ndarray, wins: np.ndarray, n: np.ndarray) -> tuple[float, float, float, float]:
    """Newton on the binomial log-likelihood of logit p = a + b·x (wins may be fractional: draws
    count half). Returns (a, b, se_a, se_b); x is centred inside for a stable fit."""
    xc = x - x.mean()
    a, b = 0.0, 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(a + b * xc)))
        grad = np.array([np.sum(wins - n * p), np.sum((wins - n * p) * xc)])
        wgt = n * p * (1 - p)
        info = np.array([[np.sum(wgt), np.sum(wgt * xc)], [np.sum(wgt * xc), np.sum(wgt * xc * xc)]])
        step = np.linalg.solve(info, grad)
        a, b = a + step[0], b + step[1]
        if np.max(np.abs(step)) < 1e-10:
            break
    cov = np.linalg.inv(info)
    return a - b * x.mean(), b, math.sqrt(cov[0, 0]), math.sqrt(cov[1, 1])


def budget_slopes(cells: pl.DataFrame) -> pl.DataFrame:
    """Per (faction_a, faction_b, budget_b) with at least two budgets: a logistic fit of side A's
    win rate on its budget. `elo_per_point` (± `elo_per_point_se`) is the fitted Elo per budget
    point; `points_at_max` is the curve's slope in win-rate points per budget point at the highest
    budget tried, where a designer reads a card's worth; `fitted_at_max` the fitted win rate there.
    A logistic curve, not a line, because win rates bend towards 0 and 1 at the ends of a range."""
    out = []
    for key, part in cells.group_by("faction_a", "faction_b", "budget_b", maintain_order=True):
        x = part["budget_a"].to_numpy().astype(float)
        if len(np.unique(x)) < 2:
            continue
        n = part["n"].to_numpy().astype(float)
        wins = part["win_rate"].to_numpy() * n
        try:
            a, b, _, se_b = _logistic_fit(x, wins, n)
        except np.linalg.LinAlgError:
            continue  # every game won or lost at every budget: no curve to fit
        top = x.max()
        p_top = 1.0 / (1.0 + math.exp(-(a + b * top)))
        out.append({"faction_a": key[0], "faction_b": key[1], "budget_b": key[2], "budgets": len(np.unique(x)),
                    "elo_per_point": ELO * b, "elo_per_point_se": ELO * se_b,
                    "points_at_max": b * p_top * (1 - p_top), "fitted_at_max": p_top})
    schema = {"faction_a": pl.String, "faction_b": pl.String, "budget_b": pl.Int16, "budgets": pl.Int64,
              "elo_per_point": pl.Float64, "elo_per_point_se": pl.Float64, "points_at_max": pl.Float64,
              "fitted_at_max": pl.Float64}
    return pl.DataFrame(out, schema=schema)
