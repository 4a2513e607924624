"""Lazy scans of a run folder's Parquet chunks: the one place analysis reads results from disk.

Reading through lazy scans lets Polars push filters and column choices down into the files, so a
figure over millions of games reads only the columns it needs. Only whole chunks are visible: the
store writes through dot-prefixed temp files that the `*.parquet` glob never matches.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.core.errors import InputError
from sim.results.folder import CARDS, GAMES, MANIFEST


def _scan(run_dir: Path, table: str) -> pl.LazyFrame:
    run_dir = Path(run_dir)
    folder = run_dir / table
    if not any(folder.glob("config=*/*.parquet")):
        if not (run_dir / MANIFEST).exists():
            raise InputError(f"{run_dir}: not a results folder of `sim run` (no {MANIFEST})")
        raise InputError(f"{folder}: no finished chunks yet; run the experiment (or let it finish) first")
    # `config` is a column of the files themselves; hive parsing of config=<id> would duplicate it.
    # A forced draw's configs carry one column more than the baseline's (`forced_seen`): a scan of
    # every config keeps the columns of the first file, ignoring the column when that file lacks it
    # and leaving it null for the files that lack it otherwise (`scan_config_games` reads it)
    return pl.scan_parquet(folder / "**" / "*.parquet", hive_partitioning=False, extra_columns="ignore",
                           missing_columns="insert")


def scan_config_games(run_dir: Path, config_ids: list[str], column: str) -> pl.LazyFrame | None:
    """The games of `config_ids` only, with `column`, when every chunk of theirs holds it (a run
    written before the column existed, or resumed across that change, does not: None)."""
    files = sorted(path for config_id in config_ids
                   for path in (Path(run_dir) / GAMES / f"config={config_id}").glob("*.parquet"))
    if not files or any(column not in pl.read_parquet_schema(path) for path in files):
        return None
    return pl.scan_parquet(files, hive_partitioning=False)


def scan_games(run_dir: Path) -> pl.LazyFrame:
    """One row per played game (see the ruleset's games_frame for the columns)."""
    return _scan(run_dir, GAMES)


def scan_cards(run_dir: Path) -> pl.LazyFrame:
    """Per-chunk (config, side, card) counters; sum over chunks for the run's totals."""
    return _scan(run_dir, CARDS)
