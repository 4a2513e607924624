"""Win rate of each side of each config, with n and a 95% Wilson interval.

A draw counts as half a win (ANALYTICS.md); wins, losses and draws are also given on their own so
a high draw rate (turn-cap games) is never hidden inside a 50% win rate.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.analysis.intervals import Z95, wilson_exprs
from sim.analysis.scans import scan_games


def faction_win_rates(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Per config and side (0 = A, 1 = B): label, faction, n, wins, losses, draws, win_rate,
    ci_low, ci_high, sorted by config then side."""
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
    score = pl.col("wins") + 0.5 * pl.col("draws")
    low, high = wilson_exprs(score, pl.col("n"), z)
    return (
        pl.concat(per_side)
        .with_columns((score / pl.col("n")).alias("win_rate"), low.alias("ci_low"), high.alias("ci_high"))
        .sort("config", "side")
        .collect()
    )
