"""First-player advantage: side A's win rate going first minus going second.

Seat-mirrored runs play units 2k and 2k+1 on the same random streams with the seats swapped, so
each such pair of games differs only in who went first. The estimate is the mean of the paired
differences d = score(A first) - score(A second) (score: win 1, draw 0.5, loss 0), i.e. side A's
win rate going first minus going second over the pairs. Its interval is Newcombe's hybrid score
interval for paired rates (Newcombe 1998b, method 10: sim.analysis.intervals.newcombe_interval):
each rate's Wilson interval over the pairs, joined with the correlation of the two games of a pair
(`paired_phi`). Pairing cancels the shuffle and dice luck both games share, so it is much tighter
than comparing two independent win rates; and unlike the normal interval on the differences
(mean ± z·sd/√pairs), it never passes ±100 points at a few pairs. The pair is the unit here, so no
design effect is taken (sim.analysis.intervals.design_effect).

A pair is two games with the same config, unit pair (unit // 2) and stage whose first sides
differ. Runs without such pairs (seats "fixed") fall back to the unpaired difference of the two
win rates with Newcombe's interval for independent rates; the `method` column says which one a
row used.

Said in words (ANALYTICS.md), the advantage is the first player's win rate over both seats:
(win_rate_first + 1 − win_rate_second) / 2, i.e. side A's wins going first and side B's going first,
each seat weighted alike. It is 50% + advantage / 2, so "+54.8 pts" reads "the first player wins
77.4%", and its interval is the advantage's, halved, around 50%. The advantage itself is that
win rate minus the second player's: 2 · first_player_win_rate − 1.

`first_player_by_length` splits the games by how many turns they lasted. Length is an outcome of
the game, not something the seats were dealt, so a band compares games that ended alike, not
games that were alike: it is observational (a first player who snowballs makes short games).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.draws import draw_figures
from sim.analysis.intervals import (Z95, newcombe_interval, paired_difference_interval, score_a, wilson_exprs,
                                    wilson_interval)
from sim.results.scans import scan_games

SCHEMA = {
    "config": pl.String, "method": pl.String, "pairs": pl.Int64, "games_first": pl.Int64,
    "games_second": pl.Int64, "win_rate_first": pl.Float64, "win_rate_second": pl.Float64,
    "advantage": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64, "first_player_win_rate": pl.Float64,
    "first_player_win_rate_low": pl.Float64, "first_player_win_rate_high": pl.Float64,
}
# the draw figures the table carries beside the ½-scored one (sim.analysis.draws)
DRAW_COLUMNS = ("draws", "cap_draws", "cap_draw_share", "cap_draw_share_low", "cap_draw_share_high", "decided",
                "first_player_wins", "decided_first_player_win_rate", "decided_first_player_win_rate_low",
                "decided_first_player_win_rate_high")
DEFAULT_BANDS = 5


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
            (pl.col("first") * pl.col("second")).mean().alias("mean_product"),
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


def first_player_advantage(run_dir: Path, z: float = Z95, draws: pl.DataFrame | None = None) -> pl.DataFrame:
    """Per config: method ("paired" or "unpaired"), pairs, games_first, games_second (games side A
    went first / second), win_rate_first, win_rate_second (side A's), advantage and its 95%
    interval (ci_low, ci_high), and the same in words: first_player_win_rate (the first player's
    win rate over both seats, 0.5 + advantage / 2) with first_player_win_rate_low and _high; then
    beside it the draws (DRAW_COLUMNS, sim.analysis.draws: `draws` is the run's draw_figures when
    the caller has it): the share drawn at the turn cap and the first player's win rate among the
    decided games, with their intervals."""
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
            p1, p2, pairs = pair["win_rate_first"], pair["win_rate_second"], pair["pairs"]
            low, high = paired_difference_interval(p1, p2, pair["mean_product"], pairs, z)
            row.update(method="paired", pairs=pairs, win_rate_first=p1, win_rate_second=p2, advantage=pair["advantage"],
                       ci_low=low, ci_high=high)
        else:
            p1, p2, n1, n2 = un["win_rate_first"], un["win_rate_second"], un["games_first"], un["games_second"]
            row.update(method="unpaired", pairs=0, win_rate_first=p1, win_rate_second=p2)
            if n1 and n2:
                low, high = newcombe_interval(p1, *wilson_interval(p1 * n1, n1, z), p2, *wilson_interval(p2 * n2, n2, z))
                row.update(advantage=p1 - p2, ci_low=float(low), ci_high=float(high))
        if row["advantage"] is not None:
            row.update(first_player_win_rate=0.5 + row["advantage"] / 2,
                       first_player_win_rate_low=0.5 + row["ci_low"] / 2,
                       first_player_win_rate_high=0.5 + row["ci_high"] / 2)
        rows.append(row)
    draws = draw_figures(run_dir, z) if draws is None else draws
    return pl.DataFrame(rows, schema=SCHEMA).join(draws.select("config", *DRAW_COLUMNS), on="config", how="left")


def _first_player_score() -> pl.Expr:
    """The score of whoever went first: 1 for a win, 0.5 for a draw, 0 for a loss."""
    winner, first = pl.col("winner"), pl.col("first_side")
    return pl.when(winner == -1).then(0.5).when(winner == first).then(1.0).otherwise(0.0)


def length_band_edges(games: pl.LazyFrame, bands: int = DEFAULT_BANDS) -> list[int]:
    """Upper edges (inclusive) of every band but the last: the run's turn counts at the quantiles
    1/bands ... (bands−1)/bands by nearest rank (the smallest length that at least that share of the
    games reach), pooled over its configs so every config is cut at the same lengths. Ties collapse
    edges, so a run whose games all last 12 turns has one band."""
    lengths = games.group_by("turns").agg(pl.len().alias("games")).sort("turns").collect()
    turns = lengths["turns"].to_numpy()
    cumulative = np.cumsum(lengths["games"].to_numpy())
    ranks = [math.ceil(k * cumulative[-1] / bands) for k in range(1, bands)]
    edges = {int(turns[np.searchsorted(cumulative, rank)]) for rank in ranks}
    return sorted(edge for edge in edges if edge < turns[-1])  # an edge at the longest game leaves an empty band


def first_player_by_length(run_dir: Path, edges: Sequence[int] | None = None, bands: int = DEFAULT_BANDS,
                           z: float = Z95) -> pl.DataFrame:
    """The first player's win rate among the games of each length band, per config (observational:
    see the module docstring). A game is counted on its own, in the band of its own length; the two
    games of a seat-mirrored pair may land in different bands, so nothing here is paired.

    `edges` are the bands' inclusive upper bounds in turns, all but the last band's (e.g. (10, 20):
    up to 10 turns, 11 to 20, 21 and more); by default `length_band_edges` cuts the run at its
    quantiles into about `bands` bands of similar size. One row per (config, band) with games:
    band (a label, "11-20"), turns_low, turns_high (the band's bounds; the first and last bands end
    at the run's shortest and longest game), n (games), share (of the config's games),
    first_player_win_rate with a Wilson interval (first_player_win_rate_low, _high), and advantage
    = the first player's win rate minus the second player's (2·rate − 1) with advantage_low, _high."""
    games = scan_games(run_dir).select("config", "turns", "first_side", "winner")
    cut = sorted({int(edge) for edge in edges}) if edges is not None else length_band_edges(games, bands)
    shortest, longest = (int(v) for v in games.select(pl.col("turns").min().alias("shortest"),
                                                             pl.col("turns").max().alias("longest")).collect().row(0))
    lows = [max(shortest, low) for low in [shortest] + [edge + 1 for edge in cut]]
    highs = [min(longest, high) for high in cut + [longest]]
    band_index = pl.sum_horizontal(*(pl.col("turns") > edge for edge in cut)) if cut else pl.lit(0)
    per_band = (
        games.with_columns(band_index.cast(pl.Int64).alias("band_index"), _first_player_score().alias("score"))
        .group_by("config", "band_index")
        .agg(pl.len().cast(pl.Int64).alias("n"), pl.col("score").sum().alias("score"))
        .with_columns((pl.col("n") / pl.col("n").sum().over("config")).alias("share"))
        .collect()
    )
    labels = pl.DataFrame({
        "band_index": list(range(len(lows))), "turns_low": lows, "turns_high": highs,
        "band": [f"{low}-{high}" if high > low else str(low) for low, high in zip(lows, highs)],
    }, schema={"band_index": pl.Int64, "turns_low": pl.Int64, "turns_high": pl.Int64, "band": pl.String})
    low, high = wilson_exprs(pl.col("score"), pl.col("n"), z)
    rate = "first_player_win_rate"
    return (
        per_band.join(labels, on="band_index", how="left")
        .with_columns((pl.col("score") / pl.col("n")).alias(rate), low.alias(f"{rate}_low"), high.alias(f"{rate}_high"))
        .with_columns((2 * pl.col(f"{rate}{end}") - 1).alias(f"advantage{end}") for end in ("", "_low", "_high"))
        .sort("config", "band_index")
        .select("config", "band", "turns_low", "turns_high", "n", "share", rate, f"{rate}_low", f"{rate}_high",
                "advantage", "advantage_low", "advantage_high")
    )
