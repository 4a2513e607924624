"""First-player advantage: side A's win rate going first minus going second.

Seat-mirrored runs play units 2k and 2k+1 on the same random streams with the seats swapped, so
each such pair of games differs only in who went first. The estimate is the mean of the paired
differences d = score(A first) - score(A second) (score: win 1, draw 0.5, loss 0), and the interval
is a normal approximation on those paired differences: mean(d) ± z·sd(d)/√pairs. Pairing cancels
the shuffle and dice luck both games share, so it is much tighter than comparing two independent
win rates. (Wilson intervals fit single proportions, not a difference of paired scores.)

A pair is two games with the same config, unit pair (unit // 2) and stage whose first sides
differ. Runs without such pairs (seats "fixed") fall back to the unpaired difference of the two
win rates with a normal (Wald) interval; the `method` column says which one a row used.
"""

from __future__ import annotations

import math
from pathlib import Path

import polars as pl

from sim.analysis.intervals import Z95, score_a
from sim.analysis.scans import scan_games

SCHEMA = {
    "config": pl.String, "method": pl.String, "pairs": pl.Int64, "games_first": pl.Int64,
    "games_second": pl.Int64, "win_rate_first": pl.Float64, "win_rate_second": pl.Float64,
    "advantage": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64,
}


def _paired(games: pl.LazyFrame) -> dict[str, dict]:
    first = pl.col("first_side") == 0
    pairs = (
        games.group_by("config", (pl.col("unit") // 2).alias("pair"), "stage")
        .agg(
            pl.len().alias("n"),
            pl.col("first_side").cast(pl.Int64).sum().alias("firsts"),
            pl.col("score").filter(first).first().alias("first"),
            pl.col("score").filter(~first).first().alias("second"),
        )
        .filter((pl.col("n") == 2) & (pl.col("firsts") == 1))
        .with_columns((pl.col("first") - pl.col("second")).alias("d"))
        .group_by("config")
        .agg(
            pl.len().cast(pl.Int64).alias("pairs"),
            pl.col("first").mean().alias("win_rate_first"),
            pl.col("second").mean().alias("win_rate_second"),
            pl.col("d").mean().alias("advantage"),
            pl.col("d").std(ddof=1).alias("sd"),
        )
        .collect()
    )
    return {row["config"]: row for row in pairs.iter_rows(named=True)}


def _unpaired(games: pl.LazyFrame) -> dict[str, dict]:
    first = pl.col("first_side") == 0
    rows = (
        games.group_by("config")
        .agg(
            first.sum().cast(pl.Int64).alias("games_first"),
            (~first).sum().cast(pl.Int64).alias("games_second"),
            pl.col("score").filter(first).mean().alias("win_rate_first"),
            pl.col("score").filter(~first).mean().alias("win_rate_second"),
        )
        .sort("config")
        .collect()
    )
    return {row["config"]: row for row in rows.iter_rows(named=True)}


def first_player_advantage(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Per config: method ("paired" or "unpaired"), pairs, games_first, games_second (games side A
    went first / second), win_rate_first, win_rate_second, advantage and its 95% interval."""
    games = (
        scan_games(run_dir)
        .select("config", "unit", "stage", "first_side", "winner")
        .with_columns(score_a().alias("score"))
    )
    paired = _paired(games)
    rows = []
    for config, un in _unpaired(games).items():
        pair = paired.get(config)
        row = dict.fromkeys(SCHEMA)
        row.update(config=config, games_first=un["games_first"], games_second=un["games_second"])
        if pair is not None and pair["pairs"] >= 2:
            half = z * pair["sd"] / math.sqrt(pair["pairs"])
            row.update(method="paired", pairs=pair["pairs"], win_rate_first=pair["win_rate_first"],
                       win_rate_second=pair["win_rate_second"], advantage=pair["advantage"],
                       ci_low=pair["advantage"] - half, ci_high=pair["advantage"] + half)
        else:
            p1, p2, n1, n2 = un["win_rate_first"], un["win_rate_second"], un["games_first"], un["games_second"]
            row.update(method="unpaired", pairs=0, win_rate_first=p1, win_rate_second=p2)
            if n1 and n2:
                half = z * math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
                row.update(advantage=p1 - p2, ci_low=p1 - p2 - half, ci_high=p1 - p2 + half)
        rows.append(row)
    return pl.DataFrame(rows, schema=SCHEMA)
