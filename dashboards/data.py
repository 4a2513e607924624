"""What the pages read: run folders and their tables, all from sim.analysis, cached per manifest
version so a running sweep's pages refresh as chunks land and a finished run is read once."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import polars as pl
from flask import current_app

from sim.analysis import card_impact, scan_games
from sim.analysis.ratings import ratings_games, ratings_table, run_seats
from sim.analysis.sprt import sprt_by_config, sprt_trajectories
from sim.core.errors import InputError
from sim.report.export import report_tables
from sim.run.store import CARDS, MANIFEST, check_whole

EXPERIMENTS_DIR = Path(__file__).resolve().parents[1] / "experiments"


def results_root() -> Path:
    """The results folder this app serves (set by `create_app`)."""
    return Path(current_app.config["SIM_RESULTS"])


def run_folder(run: str) -> Path:
    """A run's folder, refusing any name that would leave the results folder."""
    root = results_root().resolve()
    folder = (root / run).resolve()
    if folder.parent != root or not (folder / MANIFEST).is_file():
        raise InputError(f"no run {run!r} in {root}")
    return folder


def list_runs() -> list[dict[str, Any]]:
    """Every run folder with a manifest, newest first: name, ruleset, status, progress."""
    runs = []
    for manifest_path in results_root().glob(f"*/{MANIFEST}"):
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue  # a folder being written: it shows up on the next refresh
        runs.append({"run": manifest_path.parent.name, "ruleset": manifest.get("ruleset"),
                     "status": manifest.get("status"), "chunks_done": manifest.get("chunks_done", 0),
                     "chunks_total": manifest.get("chunks_total", 0), "games": manifest.get("games"),
                     "configs": len(manifest.get("configs", {})), "created": manifest.get("created"),
                     "mtime": manifest_path.stat().st_mtime})
    return sorted(runs, key=lambda r: r["mtime"], reverse=True)


def has_games(run: str) -> bool:
    """Whether any chunk of the run has its games and cards on disk (the cards file is written after
    the games file): a run that has just started has a manifest and nothing to draw yet."""
    return any((run_folder(run) / CARDS).glob("config=*/chunk-*.parquet"))


def manifest_of(run: str) -> dict[str, Any]:
    return json.loads((run_folder(run) / MANIFEST).read_text(encoding="utf-8"))


def _version(run: str) -> float:
    return (run_folder(run) / MANIFEST).stat().st_mtime


@functools.lru_cache(maxsize=32)
def _tables(folder: str, version: float) -> dict[str, pl.DataFrame]:
    check_whole(Path(folder))  # a damaged chunk is named, with how to repair it, never read
    manifest = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    return report_tables(Path(folder), manifest, with_cards=False)


def tables_of(run: str) -> dict[str, pl.DataFrame]:
    """The run's tables from sim.analysis (win rates, matchups, sweep, budget...; card impact is
    `impact_of`, read only by the pages that show it)."""
    return _tables(str(run_folder(run)), _version(run))


@functools.lru_cache(maxsize=16)
def _ratings(folder: str, version: float) -> pl.DataFrame:
    return ratings_table(ratings_games(Path(folder)), seats=run_seats(Path(folder)))


def ratings_of(run: str) -> pl.DataFrame:
    """Bradley-Terry ratings over every config of the run, with one first-player term and with one
    per matchup, each with its goodness of fit and SEs clustered on seat pairs (ratings_table; a
    round robin's tables already hold it)."""
    tables = tables_of(run)
    if "ratings" in tables:
        return tables["ratings"]
    return _ratings(str(run_folder(run)), _version(run))


@functools.lru_cache(maxsize=32)
def _turns(folder: str, version: float) -> pl.DataFrame:
    return (scan_games(Path(folder)).group_by("config", "turns").agg(pl.len().alias("games"))
            .with_columns((pl.col("games") / pl.col("games").sum().over("config")).alias("share"))
            .sort("config", "turns").collect())


def turn_shares(run: str) -> pl.DataFrame:
    return _turns(str(run_folder(run)), _version(run))


@functools.lru_cache(maxsize=8)
def _impact(folder: str, version: float) -> pl.DataFrame:
    check_whole(Path(folder))
    return card_impact(Path(folder))


def impact_of(run: str) -> pl.DataFrame:
    return _impact(str(run_folder(run)), _version(run))


@functools.lru_cache(maxsize=16)
def _sprt(folder: str, version: float, lang: str) -> tuple[pl.DataFrame, pl.DataFrame]:
    return sprt_by_config(Path(folder), lang=lang), sprt_trajectories(Path(folder))


def sprt_of(run: str, lang: str = "es") -> tuple[pl.DataFrame, pl.DataFrame]:
    """Each config's SPRT reading and its LLR path (sim.analysis.sprt), the test the run's spec asks:
    against the baseline in a sweep or an ablation; verdicts and notes in `lang`."""
    return _sprt(str(run_folder(run)), _version(run), "es" if lang == "es" else "en")


def shipped_experiments() -> list[str]:
    return sorted(p.name for p in EXPERIMENTS_DIR.glob("*.toml"))
