"""Why games ended (lives run out, turn cap...): counts and shares per config.

A config whose games often hit the turn cap is a stalemate problem, not a balance one; its draws
also pull win rates towards 50%, so designers read this beside every win rate.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.results.scans import scan_games


def end_reasons(run_dir: Path) -> pl.DataFrame:
    """Per config and end reason: count and share of that config's games, most common first."""
    return (
        scan_games(run_dir)
        .group_by("config", pl.col("end_reason").cast(pl.String))
        .agg(pl.len().cast(pl.Int64).alias("count"))
        .with_columns((pl.col("count") / pl.col("count").sum().over("config")).alias("share"))
        .sort(["config", "count", "end_reason"], descending=[False, True, False])
        .collect()
    )
