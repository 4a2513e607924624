"""Draft-budget curves (dicedraft, ANALYTICS.md): side A's win rate against its own draft budget at
a fixed opponent budget, the player-budget × opponent-budget grid, the fitted slope per point, the
local slope at the working budget, and the steps where the curve falls.

The games come from any run whose games carry `budget_a` and `budget_b` (dicedraft records both),
typically a sweep over `side1.budget` (and `side2.budget` for the heatmap). Each (faction, budget,
opponent budget) cell gives n, the win rate (draw = ½) and its Wilson interval. A baseline whose
games a sweep point repeats exactly (the baseline at 135 and the point side1.budget=135) counts
once, not twice.

The slope comes from a logistic fit of win rate on side A's budget: Elo per budget point with its
model standard error and a misfit-aware one (quasi-binomial: the covariance scaled by Pearson
χ²/df when that exceeds 1), beside the misfit statistic. A greedy drafter's curve is a staircase,
not a logistic, so the fit's misfit is large and the model SE far too narrow; and the cells share
their games (every budget plays the same seeds), which no cell-level fit knows about. The figures
that a card's worth is divided by therefore come from the paired games themselves: the local slope
at the working budget (a least-squares line through the budgets nearest it, fitted per seat-mirrored
pair of games and averaged, so its interval is the pairs' spread) and each adjacent step's paired
difference, flagged where the curve falls with more budget.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, score_a, wilson_exprs
from sim.results.scans import scan_games
from sim.core.errors import InputError
from sim.results.folder import MANIFEST
from sim.results.manifest import read_manifest

ELO = 400.0 / math.log(10.0)  # logistic units to Elo points
BASELINE = "base"
GROUP = ("faction_a", "faction_b", "budget_b")  # one curve: side A's budget varies, the rest is fixed
LOCAL_BUDGETS = 4  # budgets in the local fit at the working budget: it and its three nearest


def seat_pairs_mirrored(run_dir: Path) -> bool:
    """Whether the run's units 2k and 2k+1 are seat-mirrored pairs on the same random streams (the
    spec's default); a folder without a readable manifest is taken as mirrored, which at worst
    groups two independent units into one cluster (still a valid, slightly wider interval)."""
    if not (Path(run_dir) / MANIFEST).exists():
        return True
    try:
        return read_manifest(run_dir).get("spec", {}).get("seats", "mirrored") == "mirrored"
    except InputError:
        return True


def cluster_of(mirrored: bool) -> pl.Expr:
    """The independent unit of a paired comparison: the seat-mirrored pair (units 2k, 2k+1 share
    their random streams), or the unit itself when seats are fixed; all games of a story run or a
    match stay in their unit's cluster."""
    return (pl.col("unit") // 2 if mirrored else pl.col("unit")).alias("cluster")


def least_squares_weights(budgets: np.ndarray) -> np.ndarray:
    """The weights that turn scores at these budgets into the least-squares slope per budget point:
    slope = weights · scores. Linear in the scores, so a per-pair slope averages to the slope of
    the averages and its spread across pairs gives the interval."""
    x = np.asarray(budgets, dtype=float)
    centred = x - x.mean()
    return centred / np.sum(centred * centred)


def duplicate_baseline(games: pl.LazyFrame) -> str | None:
    """The sweep config whose games are the baseline's own (same budgets, the same game records),
    if one is; the baseline then counts once in the cells, through that config."""
    configs = games.select("config").unique().collect()["config"].to_list()
    if BASELINE not in configs or len(configs) < 2:
        return None
    compared = [c for c in ("game", "winner", "turns", "first_side", "deck_a", "deck_b", "budget_a", "budget_b")
                if c in games.collect_schema().names()]
    budget_sets = (games.select("config", "budget_a", "budget_b").unique().collect()
                   .group_by("config").agg(pl.struct("budget_a", "budget_b").sort().alias("budgets")))
    sets = {r["config"]: r["budgets"] for r in budget_sets.iter_rows(named=True)}
    base = games.filter(pl.col("config") == BASELINE).select(compared).collect().sort("game")
    for config in sorted(c for c in configs if c != BASELINE and sets[c] == sets[BASELINE]):
        other = games.filter(pl.col("config") == config).select(compared).collect().sort("game")
        if other.equals(base):
            return config
    return None


def budget_games(run_dir: Path, configs: list[str] | None = None) -> pl.LazyFrame:
    """The games the budget curve counts: those of `configs` (default all), with the baseline left
    out where a sweep point repeats its games."""
    games = scan_games(run_dir)
    names = games.collect_schema().names()
    if "budget_a" not in names or "budget_b" not in names:
        raise InputError(f"{run_dir}: its games carry no draft budgets (a dicedraft run has them)")
    if configs is not None:
        games = games.filter(pl.col("config").is_in(configs))
    if duplicate_baseline(games) is not None:
        games = games.filter(pl.col("config") != BASELINE)
    return games


def budget_cells(run_dir: Path, z: float = Z95, configs: list[str] | None = None) -> pl.DataFrame:
    """One row per (faction_a, faction_b, budget_a, budget_b): n, win_rate, ci_low, ci_high, from
    the games of `configs` (default: all), each game counted once."""
    cells = (
        budget_games(run_dir, configs).group_by("faction_a", "faction_b", "budget_a", "budget_b")
        .agg(pl.len().cast(pl.Int64).alias("n"), score_a().sum().alias("score"))
        .collect()
    )
    low, high = wilson_exprs(pl.col("score"), pl.col("n"), z)
    return (cells.with_columns(pl.col("faction_a").cast(pl.String), pl.col("faction_b").cast(pl.String),
                               (pl.col("score") / pl.col("n")).alias("win_rate"), low.alias("ci_low"),
                               high.alias("ci_high"))
            .drop("score").sort("faction_a", "faction_b", "budget_b", "budget_a"))


def _logistic_fit(x: np.ndarray, wins: np.ndarray, n: np.ndarray) -> tuple[float, float, float, float, float]:
    """Newton on the binomial log-likelihood of logit p = a + b·x (wins may be fractional: draws
    count half). Returns (a, b, se_a, se_b, pearson_chi2) with the model's standard errors; x is
    centred inside for a stable fit."""
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
    p = 1.0 / (1.0 + np.exp(-(a + b * xc)))
    wgt = n * p * (1 - p)
    info = np.array([[np.sum(wgt), np.sum(wgt * xc)], [np.sum(wgt * xc), np.sum(wgt * xc * xc)]])
    cov = np.linalg.inv(info)
    chi2 = float(np.sum((wins - n * p) ** 2 / wgt))
    return a - b * x.mean(), b, math.sqrt(cov[0, 0]), math.sqrt(cov[1, 1]), chi2


def fitted_curve(budgets: np.ndarray, win_rate: np.ndarray, n: np.ndarray, z: float = Z95,
                 points: int = 60) -> pl.DataFrame | None:
    """The logistic fit of budget_slopes drawn as a curve: at `points` budgets from the lowest to
    the highest tried, the fitted win rate `fit` and its 95% band `low`/`high`, the fit's interval
    of logit p = a + b·x widened by √dispersion when the misfit exceeds 1 (the quasi-binomial band,
    as the slope's SE is), so a staircase's misfit widens the band instead of hiding. None when the
    curve cannot be fitted (under two budgets, or every game won or lost)."""
    x = np.asarray(budgets, dtype=float)
    if len(np.unique(x)) < 2:
        return None
    n = np.asarray(n, dtype=float)
    wins = np.asarray(win_rate, dtype=float) * n
    try:
        a, b, _, _, chi2 = _logistic_fit(x, wins, n)
    except np.linalg.LinAlgError:
        return None
    p = 1.0 / (1.0 + np.exp(-(a + b * x)))
    weight = n * p * (1 - p)
    design = np.column_stack([np.ones_like(x), x])
    try:
        cov = np.linalg.inv(design.T @ (design * weight[:, None]))
    except np.linalg.LinAlgError:
        return None
    df = len(x) - 2
    scale = max(1.0, chi2 / df) if df > 0 else 1.0
    grid = np.linspace(x.min(), x.max(), points)
    at = np.column_stack([np.ones_like(grid), grid])
    eta = a + b * grid
    se = np.sqrt(np.maximum(0.0, np.einsum("ij,jk,ik->i", at, cov, at) * scale))
    return pl.DataFrame({"budget": grid, "fit": _logistic(eta), "low": _logistic(eta - z * se),
                         "high": _logistic(eta + z * se)})


def _logistic(v: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-v))


def _pair_scores(games: pl.DataFrame, budgets: list[int], mirrored: bool) -> np.ndarray:
    """[pairs, budgets]: side A's mean score per seat-mirrored pair at each budget, over the games
    that every one of these budgets played (so each row is one pair's games at every budget)."""
    part = games.filter(pl.col("budget_a").is_in(budgets))
    per_game = part.group_by("budget_a", "game", "unit").agg(pl.col("score").mean())  # configs sharing a cell
    complete = per_game.group_by("game").agg(pl.col("budget_a").n_unique().alias("k")).filter(
        pl.col("k") == len(budgets)).select("game")
    wide = (per_game.join(complete, on="game").with_columns(cluster_of(mirrored))
            .group_by("cluster", "budget_a").agg(pl.col("score").mean())
            .pivot(on="budget_a", index="cluster", values="score"))
    return wide.select([str(b) for b in budgets]).drop_nulls().to_numpy()


def paired_slope(scores: np.ndarray, budgets: list[int], z: float = Z95) -> tuple[float, float, float, int]:
    """The least-squares slope per budget point of pair scores [pairs, budgets], averaged over the
    pairs, with its 95% interval from their spread: (slope, low, high, pairs)."""
    per_pair = scores @ least_squares_weights(np.array(budgets))
    n = len(per_pair)
    if n < 2:
        return math.nan, math.nan, math.nan, n
    mean, se = float(per_pair.mean()), float(per_pair.std(ddof=1) / math.sqrt(n))
    return mean, mean - z * se, mean + z * se, n


def _curve_games(run_dir: Path, configs: list[str] | None) -> tuple[pl.DataFrame, bool]:
    mirrored = seat_pairs_mirrored(run_dir)
    games = (budget_games(run_dir, configs)
             .select(*GROUP, "budget_a", "config", "game", "unit", score_a().alias("score"))
             .with_columns(pl.col("faction_a").cast(pl.String), pl.col("faction_b").cast(pl.String))
             .collect())
    return games, mirrored


def working_budgets(run_dir: Path) -> dict[tuple[str, str, int], int]:
    """Per curve (faction_a, faction_b, budget_b), the baseline's own budget for side A where the
    baseline played on that curve."""
    base = (scan_games(run_dir).filter(pl.col("config") == BASELINE).select(*GROUP, "budget_a").unique()
            .with_columns(pl.col("faction_a").cast(pl.String), pl.col("faction_b").cast(pl.String)).collect())
    return {(r["faction_a"], r["faction_b"], r["budget_b"]): r["budget_a"] for r in base.iter_rows(named=True)}


def budget_slopes(cells: pl.DataFrame, run_dir: Path | None = None, z: float = Z95,
                  local_budgets: int = LOCAL_BUDGETS, configs: list[str] | None = None) -> pl.DataFrame:
    """Per (faction_a, faction_b, budget_b) with at least two budgets: a logistic fit of side A's
    win rate on its budget. `elo_per_point` is the fitted Elo per budget point with the model's
    standard error `elo_per_point_se` and the misfit-aware `elo_per_point_se_quasi` (the model SE
    times √dispersion when the dispersion `pearson_chi2` / `df` exceeds 1; null when df = 0, a fit
    through two budgets says nothing of its misfit); `points_at_max` is the fitted curve's slope in
    win-rate points per budget point at the highest budget tried, `fitted_at_max` its win rate there.
    A logistic curve, not a line, because win rates bend towards 0 and 1 at the ends of a range.

    With `run_dir` (the run the cells came from), also the local slope at `working_budget` (the
    baseline's budget on this curve, else the highest tried): win-rate points per budget point
    (0.01 = one point) from a least-squares line through the `local_budgets` budgets nearest it
    (`local_fit`, e.g. "130-135, 4 budgets"), fitted per seat-mirrored pair on the same games, with
    its 95% interval `local_slope_low`/`_high` and the pairs behind it `local_pairs`."""
    games, mirrored = _curve_games(run_dir, configs) if run_dir is not None else (None, True)
    working = working_budgets(run_dir) if run_dir is not None else {}
    out = []
    for key, part in cells.group_by(*GROUP, maintain_order=True):
        x = part["budget_a"].to_numpy().astype(float)
        tried = sorted(int(b) for b in np.unique(x))
        if len(tried) < 2:
            continue
        n = part["n"].to_numpy().astype(float)
        wins = part["win_rate"].to_numpy() * n
        try:
            a, b, _, se_b, chi2 = _logistic_fit(x, wins, n)
        except np.linalg.LinAlgError:
            continue  # every game won or lost at every budget: no curve to fit
        df = len(x) - 2
        dispersion = chi2 / df if df > 0 else None
        se_quasi = se_b * math.sqrt(max(1.0, dispersion)) if dispersion is not None else None
        top = x.max()
        p_top = 1.0 / (1.0 + math.exp(-(a + b * top)))
        row = {"faction_a": key[0], "faction_b": key[1], "budget_b": key[2], "budgets": len(tried),
               "elo_per_point": ELO * b, "elo_per_point_se": ELO * se_b,
               "elo_per_point_se_quasi": None if se_quasi is None else ELO * se_quasi,
               "pearson_chi2": chi2, "df": df, "dispersion": dispersion,
               "points_at_max": b * p_top * (1 - p_top), "fitted_at_max": p_top,
               "working_budget": None, "local_fit": None, "local_slope": None, "local_slope_low": None,
               "local_slope_high": None, "local_pairs": None}
        if games is not None:
            budget = working.get(key, tried[-1])
            near = sorted(sorted(tried, key=lambda v: (abs(v - budget), v))[:local_budgets])
            curve = games.filter((pl.col("faction_a") == key[0]) & (pl.col("faction_b") == key[1])
                                 & (pl.col("budget_b") == key[2]))
            slope, low, high, pairs = paired_slope(_pair_scores(curve, near, mirrored), near, z)
            row.update({"working_budget": budget, "local_fit": f"{near[0]}-{near[-1]}, {len(near)} budgets",
                        "local_pairs": pairs})
            if pairs >= 2:
                row.update({"local_slope": slope, "local_slope_low": low, "local_slope_high": high})
        out.append(row)
    schema = {"faction_a": pl.String, "faction_b": pl.String, "budget_b": pl.Int16, "budgets": pl.Int64,
              "elo_per_point": pl.Float64, "elo_per_point_se": pl.Float64, "elo_per_point_se_quasi": pl.Float64,
              "pearson_chi2": pl.Float64, "df": pl.Int64, "dispersion": pl.Float64, "points_at_max": pl.Float64,
              "fitted_at_max": pl.Float64, "working_budget": pl.Int64, "local_fit": pl.String,
              "local_slope": pl.Float64, "local_slope_low": pl.Float64, "local_slope_high": pl.Float64,
              "local_pairs": pl.Int64}
    return pl.DataFrame(out, schema=schema)


def budget_steps(run_dir: Path, z: float = Z95, configs: list[str] | None = None) -> pl.DataFrame:
    """Each step between adjacent budgets of a curve (faction_a, faction_b, budget_b): side A's win
    rate at `budget_to` minus at `budget_from`, paired on the same games (`diff`, its 95% interval
    `diff_low`/`diff_high` from the spread over `pairs` seat-mirrored pairs), `per_point` = diff per
    budget point, and `falls`: the curve loses win rate with more budget, the whole interval below 0."""
    games, mirrored = _curve_games(run_dir, configs)
    out = []
    for key, curve in games.group_by(*GROUP, maintain_order=True):
        tried = sorted(curve["budget_a"].unique().to_list())
        for lower, upper in zip(tried, tried[1:]):
            scores = _pair_scores(curve, [lower, upper], mirrored)
            d = scores[:, 1] - scores[:, 0]
            pairs = len(d)
            mean = float(d.mean()) if pairs else math.nan
            se = float(d.std(ddof=1) / math.sqrt(pairs)) if pairs >= 2 else math.nan
            out.append({"faction_a": key[0], "faction_b": key[1], "budget_b": key[2], "budget_from": lower,
                        "budget_to": upper, "pairs": pairs, "diff": mean, "diff_low": mean - z * se,
                        "diff_high": mean + z * se, "per_point": mean / (upper - lower),
                        "falls": bool(mean + z * se < 0)})
    schema = {"faction_a": pl.String, "faction_b": pl.String, "budget_b": pl.Int16, "budget_from": pl.Int64,
              "budget_to": pl.Int64, "pairs": pl.Int64, "diff": pl.Float64, "diff_low": pl.Float64,
              "diff_high": pl.Float64, "per_point": pl.Float64, "falls": pl.Boolean}
    return pl.DataFrame(out, schema=schema).sort(*GROUP, "budget_from")
