"""Results of multi-game units: story runs (rule D-17) and best-of-three matches (rule D-18).

A story run is five games of side A's one drafted deck against side B's stage bots; designers read
each stage's win rate and the chance to clear all five. A match is won by the side that took more
of its games (it stops once a side has the wins it needs). Every rate comes with n and a 95% Wilson
interval.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.analysis.intervals import Z95, wilson_exprs
from sim.analysis.scans import scan_games


def _with_interval(frame: pl.LazyFrame, score: str, n: str, z: float) -> pl.LazyFrame:
    low, high = wilson_exprs(pl.col(score), pl.col(n), z)
    return frame.with_columns((pl.col(score) / pl.col(n)).alias("rate"), low.alias("ci_low"), high.alias("ci_high"))


def story_stages(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Per config and stage: n games, side A's score (draw = ½), rate with interval, and the range
    of the bots' budgets actually drawn."""
    per_stage = scan_games(run_dir).group_by("config", "stage").agg(
        pl.len().alias("n"),
        (pl.col("winner") == 0).sum().cast(pl.Float64).add((pl.col("winner") == -1).sum() * 0.5).alias("score"),
        pl.col("budget_b").min().alias("bot_budget_min"),
        pl.col("budget_b").max().alias("bot_budget_max"),
    )
    return _with_interval(per_stage, "score", "n", z).sort("config", "stage").collect()


def story_clear_chance(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Per config: story runs, runs in which side A won every stage, that chance with interval."""
    runs = scan_games(run_dir).group_by("config", "unit").agg((pl.col("winner") == 0).all().alias("cleared"))
    per_config = runs.group_by("config").agg(pl.len().alias("runs"), pl.col("cleared").sum().cast(pl.Float64).alias("cleared"))
    return _with_interval(per_config, "cleared", "runs", z).sort("config").collect()


def match_results(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Per config: matches, side A's match wins, losses and undecided matches, side A's match win
    rate (undecided = ½) with interval, and the mean number of games a match took."""
    matches = scan_games(run_dir).group_by("config", "unit").agg(
        (pl.col("winner") == 0).sum().alias("wins_a"), (pl.col("winner") == 1).sum().alias("wins_b"), pl.len().alias("games"))
    per_config = matches.group_by("config").agg(
        pl.len().alias("matches"),
        (pl.col("wins_a") > pl.col("wins_b")).sum().alias("won"),
        (pl.col("wins_a") < pl.col("wins_b")).sum().alias("lost"),
        (pl.col("wins_a") == pl.col("wins_b")).sum().alias("undecided"),
        pl.col("games").mean().alias("games_per_match"),
    ).with_columns((pl.col("won") + 0.5 * pl.col("undecided")).alias("score"))
    return _with_interval(per_config, "score", "matches", z).sort("config").collect()
