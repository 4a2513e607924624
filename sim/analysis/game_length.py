"""How long games last, in turns: the other half of every balance reading.

Long games draw more cards (which flatters slow cards in GIH/IWD) and end at the turn cap more
often, so game length is shown beside win rates and card figures.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.results.scans import scan_games


def game_length(run_dir: Path) -> pl.DataFrame:
    """Per config: n, mean, median, p90 (nearest rank) and max turns, and the shortest game."""
    turns = pl.col("turns")
    return (
        scan_games(run_dir)
        .group_by("config")
        .agg(
            pl.len().cast(pl.Int64).alias("n"),
            turns.cast(pl.Float64).mean().alias("mean"),
            turns.cast(pl.Float64).median().alias("median"),
            turns.quantile(0.9, interpolation="nearest").cast(pl.Int64).alias("p90"),
            turns.max().cast(pl.Int64).alias("max"),
            turns.min().cast(pl.Int64).alias("min"),
        )
        .sort("config")
        .collect()
    )
