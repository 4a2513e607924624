"""A run's games counted chunk by chunk: the tallies the summary's figures are read from.

The summary's figures (win rates and their draws, the first player's advantage overall and by game
length, game length, end reasons, games per config) depend on a game only through a few small
values: who went first, who won, why and after how many turns it ended; and the intervals of a
seat-mirrored run (sim.analysis.intervals.design_effect) on how the two games of each pair ended.
So the games are read one chunk file at a time and counted into three small tables whose counts
add up over the chunks:

- `games`: per config, first_side, winner, end_reason and turns: how many such games;
- `clusters`: the clusters of the design-effect rule (a seat-mirrored pair: the same config, unit
  pair (unit // 2) and stage, first sides that differ; else a game alone) per config, counted by how
  their games ended: for a pair, `winner_x` and `cap_x` of the game side A went first in and
  `winner_y`, `cap_y` of the other (cap: it reached the turn cap, TURN_CAP_REASONS); for a game alone
  its own, with its `first_side_x`;
- `labels`: each config's sides as its first game names them.

Each figure is then an exact function of these counts, and a run of 100M games holds one chunk's
games at a time instead of a frame of every game: the peak memory of `sim run`, `sim show`, `sim
report` and the dashboard stays flat in the number of games (docs/performance.md). Sums of scores
(multiples of ½) are exact in floating point, so means are the same numbers a frame of every game
gives; variances and sums of squares are taken in exact rational arithmetic, so they are the exact
values, which a sum over every game in floating point can miss in the last digit or two.

Units 2k and 2k+1 (a pair) fall in two chunks when the chunk size is odd: a chunk's last unit, when
even, waits for the next chunk of its config before its pair is counted.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import polars as pl

from sim.results.scans import config_chunk_files

# the end reasons of a game that reached the turn cap, in every game's words: a draw at the cap
# (dicedraft, fortaleza, epikha), or a game decided there by score or drawn on equal scores
# (rolplay's R-04)
TURN_CAP_REASONS = ("turn_cap", "score", "tie")
GAME_KEYS = ("config", "first_side", "winner", "end_reason", "turns")
CLUSTER_KEYS = ("config", "paired", "first_side_x", "winner_x", "cap_x", "winner_y", "cap_y")
LABEL_COLUMNS = ("label_a", "faction_a", "label_b", "faction_b")
READ_COLUMNS = ("config", "unit", "stage", "first_side", "winner", "end_reason", "turns", *LABEL_COLUMNS)
MERGE_EVERY = 64  # chunks whose tallies are added up at once: the partial tables stay small at any run size


@dataclass(frozen=True)
class GameTallies:
    games: pl.DataFrame  # GAME_KEYS and `games`
    clusters: pl.DataFrame  # CLUSTER_KEYS and `clusters`
    labels: pl.DataFrame  # config and LABEL_COLUMNS


def _chunk_tallies(frame: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    games = (frame.group_by(*GAME_KEYS).agg(pl.len().cast(pl.Int64).alias("games")))
    pair = [pl.col("config"), pl.col("unit") // 2, pl.col("stage")]
    marked = frame.select(
        "config", "stage", (pl.col("unit") // 2).alias("pair"), "first_side", "winner",
        pl.col("end_reason").is_in(TURN_CAP_REASONS).alias("cap"),
        ((pl.len().over(pair) == 2) & (pl.col("first_side").cast(pl.Int64).sum().over(pair) == 1)).alias("paired"))
    singles = (marked.filter(~pl.col("paired"))
               .group_by("config", pl.col("first_side").alias("first_side_x"), pl.col("winner").alias("winner_x"),
                         pl.col("cap").alias("cap_x"))
               .agg(pl.len().cast(pl.Int64).alias("clusters"))
               .with_columns(pl.lit(False).alias("paired"), pl.lit(None, pl.Int8).alias("winner_y"),
                             pl.lit(None, pl.Boolean).alias("cap_y")))
    first = pl.col("first_side") == 0
    pairs = (marked.filter(pl.col("paired"))
             .group_by("config", "pair", "stage")
             .agg(pl.col("winner").filter(first).first().alias("winner_x"), pl.col("cap").filter(first).first().alias("cap_x"),
                  pl.col("winner").filter(~first).first().alias("winner_y"),
                  pl.col("cap").filter(~first).first().alias("cap_y"))
             .group_by("config", "winner_x", "cap_x", "winner_y", "cap_y")
             .agg(pl.len().cast(pl.Int64).alias("clusters"))
             .with_columns(pl.lit(True).alias("paired"), pl.lit(0, pl.Int8).alias("first_side_x")))
    return games, pl.concat([singles.select(*CLUSTER_KEYS, "clusters"), pairs.select(*CLUSTER_KEYS, "clusters")])


def _added(frames: list[pl.DataFrame], keys: tuple[str, ...], count: str) -> pl.DataFrame:
    return pl.concat(frames).group_by(*keys).agg(pl.col(count).sum()).sort(*keys, nulls_last=True)


def _config_frames(paths: list[Path]):
    """The chunk files of one config in unit order, each with the rows of its last unit held back
    for the next one when that unit's pair may continue there (module docstring)."""
    waiting: pl.DataFrame | None = None
    for k, path in enumerate(paths):
        frame = pl.read_parquet(path, columns=list(READ_COLUMNS))
        frame = frame.with_columns(pl.col("end_reason").cast(pl.String), *(pl.col(c).cast(pl.String) for c in LABEL_COLUMNS))
        if waiting is not None:
            frame, waiting = pl.concat([waiting, frame]), None
        if k < len(paths) - 1 and frame.height:
            last = frame["unit"].max()
            if last % 2 == 0:
                waiting, frame = frame.filter(pl.col("unit") == last), frame.filter(pl.col("unit") != last)
        yield frame


@functools.lru_cache(maxsize=4)
def _tallies(files: tuple[tuple[str, tuple[Path, ...]], ...], state: tuple[tuple[int, int], ...]) -> GameTallies:
    games: list[pl.DataFrame] = []
    clusters: list[pl.DataFrame] = []
    labels = []
    for config, paths in files:
        for frame in _config_frames(list(paths)):
            if not frame.height:
                continue
            if len(labels) == 0 or labels[-1]["config"] != config:
                labels.append(frame.row(0, named=True))
            counted, clustered = _chunk_tallies(frame)
            games.append(counted)
            clusters.append(clustered)
            if len(games) >= MERGE_EVERY:
                games, clusters = [_added(games, GAME_KEYS, "games")], [_added(clusters, CLUSTER_KEYS, "clusters")]
    label_frame = pl.DataFrame([{c: row[c] for c in ("config", *LABEL_COLUMNS)} for row in labels],
                               schema={c: pl.String for c in ("config", *LABEL_COLUMNS)})
    return GameTallies(_added(games, GAME_KEYS, "games"), _added(clusters, CLUSTER_KEYS, "clusters"), label_frame)


def game_tallies(run_dir: Path) -> GameTallies:
    """The run's tallies (module docstring), counted once per state of its chunk files in this process."""
    files = config_chunk_files(Path(run_dir))
    state = tuple((p.stat().st_size, p.stat().st_mtime_ns) for _, paths in files for p in paths)
    return _tallies(tuple((config, tuple(paths)) for config, paths in files), state)


def exact_variance(values: list[Fraction], weights: list[int]) -> Fraction | None:
    """The sample variance (ddof 1) of values repeated `weights` times, exactly; None under two values."""
    n = sum(weights)
    if n < 2:
        return None
    total = sum(w * v for v, w in zip(values, weights))
    squares = sum(w * v * v for v, w in zip(values, weights))
    return (squares - total * total / n) / (n - 1)


def score_of(winner: int | None) -> Fraction:
    """Side A's score in a game (sim.analysis.intervals.score_a): 1 a win, ½ a draw, 0 a loss."""
    return Fraction(1) if winner == 0 else Fraction(1, 2) if winner == -1 else Fraction(0)
