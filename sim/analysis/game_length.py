"""How long games last, in turns: the other half of every balance reading.

Long games draw more cards (which flatters slow cards in GIH/IWD) and end at the turn cap more
often, so game length is shown beside win rates and card figures.
"""

from __future__ import annotations

import bisect
import itertools
import math
from pathlib import Path

import polars as pl

from sim.analysis.game_tallies import game_tallies


def game_length(run_dir: Path) -> pl.DataFrame:
    """Per config: n, mean, median, p90 (nearest rank) and max turns, and the shortest game (read
    from the counts of games per length, sim.analysis.game_tallies: a median and a quantile by
    rank are the lengths at their ranks among the counted games)."""
    per_length = (game_tallies(run_dir).games.group_by("config", "turns").agg(pl.col("games").sum())
                  .sort("config", "turns"))
    rows = []
    for (config,), part in per_length.group_by("config", maintain_order=True):
        turns, games = part["turns"].to_list(), part["games"].to_list()
        n = sum(games)
        ends = list(itertools.accumulate(games))

        def at_rank(rank: int) -> int:  # the length of the rank-th shortest game, from 0
            return turns[bisect.bisect_right(ends, rank)]

        # Polars' rules, which the games' own frame was read with: the median of an even count is the
        # mean of the two middle games; the nearest-rank quantile q is the game at rank round((n − 1)·q)
        median = (at_rank((n - 1) // 2) + at_rank(n // 2)) / 2
        rows.append({"config": config, "n": n, "mean": float(sum(t * g for t, g in zip(turns, games))) / n,
                     "median": float(median), "p90": at_rank(math.floor((n - 1) * 0.9 + 0.5)),
                     "max": turns[-1], "min": turns[0]})
    return pl.DataFrame(rows, schema={"config": pl.String, "n": pl.Int64, "mean": pl.Float64, "median": pl.Float64,
                                      "p90": pl.Int64, "max": pl.Int64, "min": pl.Int64}).sort("config")


def games_by_length(run_dir: Path) -> pl.DataFrame:
    """Per config and turn count: games and their share of the config's games, sorted by config and turns."""
    return (game_tallies(run_dir).games.group_by("config", "turns")
            .agg(pl.col("games").sum().cast(pl.get_index_type()))
            .with_columns((pl.col("games") / pl.col("games").sum().over("config")).alias("share"))
            .sort("config", "turns"))
