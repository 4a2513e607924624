"""Draws, the turn cap, and the win rates among decided games.

A win rate counts a draw as half a win (ANALYTICS.md). Where many games end drawn at the turn cap,
that half pulls every rate towards 50%, and a figure that falls with stronger play may be falling
because more games reach the cap, not because the play changed who wins: dicedraft's hard agents
draw 60% of their games at the 80-turn cap, and their first player's 55.1% (draws ½) is 62.9% of
the games somebody won (docs/agents.md, "Conclusions across levels"). So every win-rate table says,
per config:

- `draws`, and among them `cap_draws`: drawn at the turn cap (TURN_CAP_REASONS), with the share of
  the config's games `cap_draw_share` and its interval;
- `at_cap`: the games that reached the cap, drawn or decided there by score (rolplay's R-04), with
  `at_cap_share` (the `stall` finding's figure);
- `decided`: the games somebody won, and among them side A's share (`decided_win_rate`) and the
  first player's (`decided_first_player_win_rate`, with `first_player_wins` counted), each with its
  interval: the rates beside the ½-scored ones, never instead of them.

Every share here is a ratio of two sums over the games, y / d (cap draws over games, side A's wins
over decided games), and its interval follows the run's one design-effect rule
(sim.analysis.intervals.design_effect): the ratio's variance with each seat-mirrored pair's games
taken together, V = G/(G − 1) · Σ_c (y_c − r·d_c)² / (Σd)² over the G clusters c (a mirrored pair,
or a game of no pair), over the variance were the d games independent, r(1 − r) / (Σd − 1); never
below 1. The Wilson interval is then taken on the effective count Σd / deff. With every game
decided, side A's rate and its design effect are the win-rate table's own (win_rates.py).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, design_effect, wilson_interval
from sim.results.scans import scan_games

# the end reasons of a game that reached the turn cap, in every game's words: a draw at the cap
# (dicedraft, fortaleza, epikha), or a game decided there by score or drawn on equal scores
# (rolplay's R-04)
TURN_CAP_REASONS = ("turn_cap", "score", "tie")
# each share: (its name, the games it counts, the games it is a share of)
SHARES = {
    "cap_draw_share": ("cap_draws", "n"),
    "at_cap_share": ("at_cap", "n"),
    "decided_win_rate": ("wins_a", "decided"),
    "decided_first_player_win_rate": ("first_player_wins", "decided"),
}
COUNTS = ("n", "wins_a", "losses_a", "draws", "cap_draws", "at_cap", "decided", "first_player_wins")
SCHEMA = {
    "config": pl.String, "n": pl.Int64, "wins_a": pl.Int64, "losses_a": pl.Int64, "draws": pl.Int64,
    "cap_draws": pl.Int64, "cap_draw_share": pl.Float64, "cap_draw_share_low": pl.Float64,
    "cap_draw_share_high": pl.Float64, "at_cap": pl.Int64, "at_cap_share": pl.Float64, "at_cap_share_low": pl.Float64,
    "at_cap_share_high": pl.Float64, "decided": pl.Int64, "decided_win_rate": pl.Float64,
    "decided_win_rate_low": pl.Float64, "decided_win_rate_high": pl.Float64, "first_player_wins": pl.Int64,
    "decided_first_player_win_rate": pl.Float64, "decided_first_player_win_rate_low": pl.Float64,
    "decided_first_player_win_rate_high": pl.Float64,
}


def _cluster_counts(games: pl.LazyFrame) -> pl.DataFrame:
    """Per cluster (a seat-mirrored pair: the same config, unit // 2 and stage, first sides that
    differ; else the game alone) the counts every share is made of."""
    pair = [pl.col("config"), pl.col("unit") // 2, pl.col("stage")]
    mirrored = (pl.len().over(pair) == 2) & (pl.col("first_side").cast(pl.Int64).sum().over(pair) == 1)
    winner, at_cap = pl.col("winner"), pl.col("end_reason").cast(pl.String).is_in(TURN_CAP_REASONS)
    return (
        games.with_columns(pl.when(mirrored).then(pl.col("unit") // 2 * 2).otherwise(pl.col("unit")).alias("cluster"))
        .group_by("config", "cluster", "stage")
        .agg(pl.len().cast(pl.Int64).alias("n"),
             (winner == 0).sum().cast(pl.Int64).alias("wins_a"),
             (winner == 1).sum().cast(pl.Int64).alias("losses_a"),
             (winner == -1).sum().cast(pl.Int64).alias("draws"),
             ((winner == -1) & at_cap).sum().cast(pl.Int64).alias("cap_draws"),
             at_cap.sum().cast(pl.Int64).alias("at_cap"),
             (winner != -1).sum().cast(pl.Int64).alias("decided"),
             ((winner != -1) & (winner == pl.col("first_side"))).sum().cast(pl.Int64).alias("first_player_wins"))
        .collect()
    )


def _clustered_share(clusters: pl.DataFrame, name: str, counted: str, of: str, z: float) -> pl.DataFrame:
    """Per config: the share `name` = sum(counted) / sum(of), with its Wilson interval on the
    effective count (module docstring) as `name`_low and `name`_high."""
    share = pl.col(counted).sum().over("config") / pl.col(of).sum().over("config")
    per_config = (
        clusters.filter(pl.col(of) > 0)
        .with_columns(((pl.col(counted) - share * pl.col(of)) ** 2).alias("residual"))
        .group_by("config")
        .agg(pl.col(counted).sum().alias("y"), pl.col(of).sum().alias("d"), pl.len().alias("g"),
             pl.col("residual").sum().alias("residuals"))
        .sort("config")
    )
    y, d, g = (per_config[c].to_numpy().astype(np.float64) for c in ("y", "d", "g"))
    rate = y / d
    with np.errstate(divide="ignore", invalid="ignore"):
        clustered = g / (g - 1) * per_config["residuals"].to_numpy() / (d * d)
        independent = rate * (1 - rate) / (d - 1)
    deff = np.atleast_1d(design_effect(clustered, independent))
    effective = d / deff
    low, high = wilson_interval(rate * effective, effective, z)
    return pl.DataFrame({"config": per_config["config"], name: rate, f"{name}_low": np.atleast_1d(low),
                         f"{name}_high": np.atleast_1d(high)})


def draw_figures(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Per config (SCHEMA, sorted by config): games, side A's wins and losses, draws, the draws at
    the turn cap and the games that reached it (counts and shares), the decided games, and side A's
    and the first player's win rates among them, each share with its 95% interval (module
    docstring). A config without a decided game has no decided rates (null)."""
    clusters = _cluster_counts(scan_games(run_dir).select("config", "unit", "stage", "first_side", "winner",
                                                          "end_reason"))
    out = clusters.group_by("config").agg(pl.col(c).sum() for c in COUNTS)
    for name, (counted, of) in SHARES.items():
        out = out.join(_clustered_share(clusters, name, counted, of, z), on="config", how="left")
    return out.select([pl.col(c).cast(dtype) for c, dtype in SCHEMA.items()]).sort("config")


def with_draw_figures(rates: pl.DataFrame, draws: pl.DataFrame) -> pl.DataFrame:
    """A per-config and side win-rate table (sim.analysis.win_rates) with each side's draw columns:
    the config's cap draws and their share, its decided games, and the side's win rate among them
    (side B's is 1 − side A's, its interval mirrored)."""
    a = pl.col("side") == 0
    side_rate = [pl.when(a).then(pl.col(f"decided_win_rate{end}")).otherwise(1 - pl.col(f"decided_win_rate{other}"))
                 .alias(f"decided_win_rate{end}") for end, other in (("", ""), ("_low", "_high"), ("_high", "_low"))]
    return (rates.join(draws.select("config", "cap_draws", "cap_draw_share", "cap_draw_share_low",
                                    "cap_draw_share_high", "decided", "decided_win_rate", "decided_win_rate_low",
                                    "decided_win_rate_high"), on="config", how="left")
            .with_columns(side_rate))
