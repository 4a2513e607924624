"""The matchup matrix of a round robin: each row side's win rate against each column side, mirrors
included, with n and a 95% Wilson interval per cell (on the effective games: win_rates.py), the cell's first-player advantage, and each
row's marginal win rate over a field mix (uniform by default; ANALYTICS.md).

A config of a round robin is one pair of sides (labels a and b); it fills the cell (a, b) from side
A's games and the cell (b, a) from side B's. A mirror config fills one diagonal cell from side A.
"""

from __future__ import annotations

import math
from pathlib import Path

import polars as pl

from sim.analysis.first_player import first_player_advantage
from sim.analysis.intervals import Z95
from sim.analysis.win_rates import faction_win_rates

# a cell's draws (sim.analysis.draws.with_draw_figures): the cap draws and the row's decided games
DRAW_COLUMNS = ("cap_draws", "cap_draw_share", "cap_draw_share_low", "cap_draw_share_high", "decided",
                "decided_win_rate", "decided_win_rate_low", "decided_win_rate_high")


def matchup_cells(run_dir: Path, z: float = Z95, rates: pl.DataFrame | None = None,
                  advantage: pl.DataFrame | None = None) -> pl.DataFrame:
    """One row per (row label, column label): config, n, wins, losses, draws, win_rate, ci_low,
    ci_high, the config's first-player advantage with its interval, then its draws at the turn cap
    and the row's win rate among the decided games (DRAW_COLUMNS). `rates` and `advantage`
    (faction_win_rates, first_player_advantage of the run) save computing them again."""
    rates = faction_win_rates(run_dir, z) if rates is None else rates
    advantage = (first_player_advantage(run_dir) if advantage is None else advantage).select(
        "config", pl.col("advantage").alias("first_player_advantage"),
        pl.col("ci_low").alias("fpa_low"), pl.col("ci_high").alias("fpa_high"))
    opponents = rates.select("config", (1 - pl.col("side")).cast(pl.Int8).alias("side"),
                             pl.col("label").alias("opponent"))
    cells = (rates.join(opponents, on=["config", "side"])
             .filter(~((pl.col("label") == pl.col("opponent")) & (pl.col("side") == 1)))
             .join(advantage, on="config", how="left")
             .rename({"label": "row", "opponent": "column"}))
    return cells.select("row", "column", "config", "n", "wins", "losses", "draws", "win_rate", "ci_low", "ci_high",
                        "design_effect", "n_effective", "first_player_advantage", "fpa_low",
                        "fpa_high", *DRAW_COLUMNS).sort("row", "column")


def marginal_win_rates(cells: pl.DataFrame, mix: dict[str, float] | None = None, z: float = Z95) -> pl.DataFrame:
    """Each row label's win rate against a field of opponents in proportions `mix` (column label ->
    weight; default uniform over the columns), with a normal interval from the cells' variances
    (each on its effective games, win_rates.py, when the cells carry them)."""
    columns = sorted(cells["column"].unique().to_list())
    weights = mix or {c: 1.0 for c in columns}
    total = sum(weights.get(c, 0.0) for c in columns)
    out = []
    for row in sorted(cells["row"].unique().to_list()):
        part = cells.filter(pl.col("row") == row)
        rate = 0.0
        var = 0.0
        n = 0
        for cell in part.iter_rows(named=True):
            wgt = weights.get(cell["column"], 0.0) / total
            p = cell["win_rate"]
            rate += wgt * p
            var += wgt * wgt * p * (1.0 - p) / cell.get("n_effective", cell["n"])
            n += cell["n"]
        half = z * math.sqrt(var)
        out.append({"label": row, "n": n, "win_rate": rate, "ci_low": rate - half, "ci_high": rate + half})
    return pl.DataFrame(out)
