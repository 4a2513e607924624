"""Win rate of each side of each config, with n and a 95% Wilson interval.

A draw counts as half a win (ANALYTICS.md); wins, losses and draws are also given on their own, with
the draws at the turn cap and the side's win rate among the decided games (sim.analysis.draws), so
a high draw rate (turn-cap games) is never hidden inside a 50% win rate.

Seat-mirrored runs play units 2k and 2k+1 on the same random streams with the seats swapped
(first_player.py pairs them the same way). In a game decided by the deal, as rolplay is, the two
games of a pair tend to end alike (rolplay's level-25 mirrors: r = 0.64-0.72), so n games carry
less information than n independent ones, and a Wilson interval on n is too narrow. The interval
is then Wilson's on the effective number of games n / deff (Kish), where the design effect deff
is the variance of the pairs' mean score over what n independent games would give:
deff = 2·var(pair mean) / var(game score) (sim.analysis.intervals.design_effect, the one rule of
every interval of a run). It is never taken below 1: pairs that cancel each
other (a strong first-player advantage makes them end unalike) would narrow the interval, and an
interval narrower than the games' own is not one this table shows. With no pairs (seats "fixed")
deff is 1 and the interval is the plain Wilson one. `design_effect` and `n_effective` say which.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.draws import draw_figures, with_draw_figures
from sim.analysis.intervals import Z95, design_effect, score_a, wilson_exprs
from sim.results.scans import scan_games


def pair_design_effects(games: pl.LazyFrame) -> pl.LazyFrame:
    """Per config: pairs (seat-mirrored game pairs: same unit // 2 and stage, first sides differ)
    and design_effect (at least 1; 1 without two pairs or without spread in the scores)."""
    score = score_a().alias("score")
    pairs = (
        games.with_columns(score)
        .group_by("config", (pl.col("unit") // 2).alias("pair"), "stage")
        .agg(pl.len().alias("n"), pl.col("first_side").cast(pl.Int64).sum().alias("firsts"),
             pl.col("score").mean().alias("pair_mean"), pl.col("score").var(ddof=1).alias("within"))
        .filter((pl.col("n") == 2) & (pl.col("firsts") == 1))
    )
    per_game = games.with_columns(score).group_by("config").agg(pl.col("score").var(ddof=1).alias("game_var"))
    effects = (
        pairs.group_by("config")
        .agg(pl.len().cast(pl.Int64).alias("pairs"), pl.col("pair_mean").var(ddof=1).alias("pair_var"))
        .join(per_game, on="config", how="left")
        .collect()
    )
    # the mean of `pairs` pair means against the mean of 2·pairs independent games: 2·pair_var / game_var
    pairs_n = effects["pairs"].to_numpy().astype(np.float64)
    enough = pairs_n >= 2
    clustered = np.where(enough, effects["pair_var"].fill_null(np.nan).to_numpy() / pairs_n, np.nan)
    independent = np.where(enough, effects["game_var"].fill_null(np.nan).to_numpy() / (2.0 * pairs_n), np.nan)
    deff = np.atleast_1d(design_effect(clustered, independent))
    return effects.select("config", "pairs").with_columns(pl.Series("design_effect", deff, dtype=pl.Float64)).lazy()


def faction_win_rates(run_dir: Path, z: float = Z95, draws: pl.DataFrame | None = None) -> pl.DataFrame:
    """Per config and side (0 = A, 1 = B): label, faction, n, wins, losses, draws, win_rate,
    ci_low, ci_high, design_effect and n_effective (the interval's n: module docstring), then the
    draws at the turn cap, their share, the decided games and the side's win rate among them
    (sim.analysis.draws.with_draw_figures; `draws` is the run's draw_figures when the caller has
    it), sorted by config then side."""
    games = scan_games(run_dir)
    per_side = []
    for side, suffix in ((0, "a"), (1, "b")):
        per_side.append(
            games.group_by("config").agg(
                pl.lit(side, dtype=pl.Int8).alias("side"),
                pl.col(f"label_{suffix}").cast(pl.String).first().alias("label"),
                pl.col(f"faction_{suffix}").cast(pl.String).first().alias("faction"),
                pl.len().cast(pl.Int64).alias("n"),
                (pl.col("winner") == side).sum().cast(pl.Int64).alias("wins"),
                (pl.col("winner") == 1 - side).sum().cast(pl.Int64).alias("losses"),
                (pl.col("winner") == -1).sum().cast(pl.Int64).alias("draws"),
            )
        )
    effects = pair_design_effects(games.select("config", "unit", "stage", "first_side", "winner"))
    score = pl.col("wins") + 0.5 * pl.col("draws")
    n_effective = pl.col("n") / pl.col("design_effect")
    low, high = wilson_exprs(score * n_effective / pl.col("n"), n_effective, z)
    rates = (
        pl.concat(per_side)
        .join(effects.select("config", "design_effect"), on="config", how="left")
        .with_columns(pl.col("design_effect").fill_null(1.0))
        .with_columns((score / pl.col("n")).alias("win_rate"), low.alias("ci_low"), high.alias("ci_high"),
                      n_effective.alias("n_effective"))
        .select("config", "side", "label", "faction", "n", "wins", "losses", "draws", "win_rate", "ci_low", "ci_high",
                "design_effect", "n_effective")
        .sort("config", "side")
        .collect()
    )
    return with_draw_figures(rates, draw_figures(run_dir, z) if draws is None else draws)
