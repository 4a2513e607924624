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
from sim.results.scans import scan_games


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


def story_path(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Per config and stage k (0-based), stage by stage through the story: `runs`; `reached`, the
    runs that won every stage before k (a draw is not a win, as for clearing); `won`, those of them
    that also won stage k; `rate` = won / reached, the chance to win stage k once there, with its
    Wilson interval (ci_low, ci_high); and `through`, the chance to have won stages 1..k out of all
    runs (won / runs), with its Wilson interval (through_low, through_high). The last stage's
    `through` is story_clear_chance's rate. Every stage is played in every run, so a stage's own
    win rate (story_stages) counts all runs; this path counts only the runs still unbeaten."""
    unbeaten = (pl.col("winner") == 0).cast(pl.Int32).cum_min().over("config", "unit", order_by="stage")
    games = (scan_games(run_dir).select("config", "unit", "stage", "winner")
             .with_columns(unbeaten.alias("won_so_far"),
                           (pl.col("winner") == 0).alias("won_stage")))
    runs = games.group_by("config").agg(pl.col("unit").n_unique().alias("runs"))
    # a stage is reached when every stage before it was won: won_so_far one stage back (1 at stage 0)
    reached = pl.col("won_so_far").shift(1).over("config", "unit", order_by="stage").fill_null(1)
    per_stage = (games.with_columns(reached.alias("reached"))
                 .group_by("config", "stage")
                 .agg(pl.col("reached").sum().cast(pl.Int64).alias("reached"),
                      (pl.col("reached").cast(pl.Boolean) & pl.col("won_stage")).sum().cast(pl.Int64).alias("won"))
                 .join(runs, on="config"))
    low, high = wilson_exprs(pl.col("won"), pl.col("reached"), z)
    through_low, through_high = wilson_exprs(pl.col("won"), pl.col("runs"), z)
    return (per_stage.with_columns((pl.col("won") / pl.col("reached")).alias("rate"), low.alias("ci_low"),
                                   high.alias("ci_high"),
                                   (pl.col("won") / pl.col("runs")).alias("through"), through_low.alias("through_low"),
                                   through_high.alias("through_high"))
            .select("config", "stage", pl.col("runs").cast(pl.Int64), "reached", "won", "rate", "ci_low", "ci_high",
                    "through", "through_low", "through_high")
            .sort("config", "stage").collect())


def _matches(run_dir: Path) -> pl.LazyFrame:
    """One row per match: its games, side A's and side B's wins, and the winner of its first game."""
    return scan_games(run_dir).group_by("config", "unit").agg(
        pl.len().cast(pl.Int64).alias("games"), (pl.col("winner") == 0).sum().alias("wins_a"),
        (pl.col("winner") == 1).sum().alias("wins_b"), pl.col("winner").sort_by("stage").first().alias("first_winner"))


def match_lengths(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Per config and number of games a match took (2 or 3; up to 5 where games were drawn):
    `matches` of that length, `share` of the config's matches with its Wilson interval."""
    matches = _matches(run_dir).group_by("config", "games").agg(pl.len().cast(pl.Int64).alias("matches"))
    total = pl.col("matches").sum().over("config")
    low, high = wilson_exprs(pl.col("matches"), total, z)
    return (matches.with_columns(total.alias("of"), (pl.col("matches") / total).alias("share"), low.alias("share_low"),
                                 high.alias("share_high"))
            .select("config", "games", "matches", "of", "share", "share_low", "share_high")
            .sort("config", "games").collect())


def game_one_winner(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Per config: `matches` whose first game had a winner (not a draw), how many of them the
    winner of game 1 went on to win (`won`), that `rate` with its Wilson interval, and side A's
    share of the game-1 wins (`first_game_a`)."""
    decided = _matches(run_dir).filter(pl.col("first_winner") != -1).with_columns(
        pl.when(pl.col("first_winner") == 0).then(pl.col("wins_a") > pl.col("wins_b"))
        .otherwise(pl.col("wins_b") > pl.col("wins_a")).alias("kept"))
    per_config = decided.group_by("config").agg(
        pl.len().cast(pl.Int64).alias("matches"), pl.col("kept").sum().cast(pl.Int64).alias("won"),
        (pl.col("first_winner") == 0).mean().alias("first_game_a"))
    low, high = wilson_exprs(pl.col("won"), pl.col("matches"), z)
    return (per_config.with_columns((pl.col("won") / pl.col("matches")).alias("rate"), low.alias("ci_low"),
                                    high.alias("ci_high"))
            .select("config", "matches", "won", "rate", "ci_low", "ci_high", "first_game_a").sort("config").collect())
