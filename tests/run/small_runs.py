"""Pieces shared by the runner tests: small spec files, folder snapshots and result readers.

Runs here are small (a few thousand games, serial) so the whole suite stays fast; they check
structure, determinism and equalities between runs, never the kernel's exact win rates (the game
logic is still changing).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl

from sim.core.ruleset import get_ruleset

SPEC = """\
name = "{name}"
description = "a small test run"
ruleset = "dicedraft"
kind = "{kind}"
games = {games}
seed = {seed}
seats = "{seats}"
{top}

[[side]]
faction = "aranas"
label = "Arañas"
{side_a}

[[side]]
faction = "ciempies"
label = "Ciempiés"
"""


def write_spec(folder: Path, filename: str = "spec.toml", *, name: str = "small", kind: str = "games",
               games: int = 2000, seed: int = 7, seats: str = "mirrored", top: str = "", side_a: str = "") -> Path:
    """A spec file; `top` adds lines to the top-level table, `side_a` to the first [[side]]."""
    path = Path(folder) / filename
    path.write_text(SPEC.format(name=name, kind=kind, games=games, seed=seed, seats=seats, top=top, side_a=side_a),
                    encoding="utf-8")
    return path


def copy_cards(folder: Path) -> Path:
    """A private copy of the dicedraft card files, for specs with `cards_dir` to edit."""
    target = Path(folder) / "cards"
    shutil.copytree(get_ruleset("dicedraft").cards_dir, target)
    return target


def tree_bytes(root: Path) -> dict[str, bytes]:
    """Every file under root (hidden ones too) with its bytes: 'unchanged' means equal to this."""
    root = Path(root)
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def chunk_frames(run_dir: Path, table: str) -> dict[str, pl.DataFrame]:
    """Each chunk file of a table, by its path inside the run folder."""
    run_dir = Path(run_dir)
    return {str(p.relative_to(run_dir)): pl.read_parquet(p) for p in sorted((run_dir / table).rglob("*.parquet"))}


def games_sorted(run_dir: Path) -> pl.DataFrame:
    return pl.read_parquet(Path(run_dir) / "games" / "**" / "*.parquet").sort("config", "game")


def cards_totals(run_dir: Path) -> pl.DataFrame:
    """Card counters summed over chunks (chunking splits them differently; totals must agree)."""
    cards = pl.read_parquet(Path(run_dir) / "cards" / "**" / "*.parquet")
    keys = ["config", "side", "faction", "card_id", "card_name", "cost"]
    counters = [c for c in cards.columns if c not in keys]
    return cards.group_by(keys).agg(pl.col(counters).sum()).sort("config", "side", "card_id")


def assert_same_results(expected_dir: Path, run_dir: Path) -> None:
    """Bit for bit the same results: every game (sorted by config and game) and every chunk's card
    counters, with the same chunk files on both sides."""
    from polars.testing import assert_frame_equal

    assert_frame_equal(games_sorted(expected_dir), games_sorted(run_dir), check_exact=True)
    for table in ("games", "cards"):
        expected, got = chunk_frames(expected_dir, table), chunk_frames(run_dir, table)
        assert list(expected) == list(got), table
        for name in expected:
            assert_frame_equal(expected[name], got[name], check_exact=True)
