"""The summary's figures come from per-chunk tallies (sim.analysis.game_tallies), never from a frame of
every game of the run (issue 37: `sim show` of 100M games in under 1 GB): here they are checked
against the same figures computed directly from every game, in this test's own words, on a run whose
odd chunk size cuts seat-mirrored pairs between chunks, and read while no whole-run scan is possible."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest

import sim.analysis.game_tallies as tallies_module
from sim.analysis import end_reasons, faction_win_rates, first_player_advantage, first_player_by_length, game_length
from sim.analysis.draws import draw_figures

CHUNK_UNITS = 7  # odd: units 6 and 7 (one pair) are in two chunks
UNITS = 250
REASONS = ["lives", "turn_cap", "deck_out"]


def _games(config: str, seed: int, broken_pairs: bool) -> pl.DataFrame:
    """Seat-mirrored games with drawn outcomes (side A goes first in the even units); with
    `broken_pairs`, one pair in five has both games with side A first, so it is no pair."""
    rng = np.random.default_rng(seed)
    units = np.arange(UNITS)
    first = units % 2
    if broken_pairs:
        first = np.where((units // 2) % 5 == 0, 0, first)
    turns = rng.integers(3, 40, UNITS)
    reason = np.where(turns >= 35, "turn_cap", np.where(rng.random(UNITS) < 0.2, "deck_out", "lives"))
    winner = np.where(reason == "turn_cap", -1, np.where(rng.random(UNITS) < 0.45 + 0.2 * (first == 0), 0, 1))
    winner = np.where((reason == "lives") & (rng.random(UNITS) < 0.05), -1, winner)
    return pl.DataFrame({
        "config": [config] * UNITS, "game": units, "unit": units, "stage": pl.Series([0] * UNITS, dtype=pl.Int8),
        "first_side": pl.Series(first, dtype=pl.Int8), "winner": pl.Series(winner, dtype=pl.Int8),
        "end_reason": pl.Series(reason).cast(pl.Categorical), "turns": pl.Series(turns, dtype=pl.Int16),
        "label_a": [f"A of {config}"] * UNITS, "faction_a": ["aranas"] * UNITS,
        "label_b": [f"B of {config}"] * UNITS, "faction_b": ["ciempies"] * UNITS,
    })


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, pl.DataFrame]:
    """A run folder of two configs in chunks of CHUNK_UNITS units, and every game of it."""
    folder = tmp_path_factory.mktemp("run")
    (folder / "manifest.json").write_text("{}", encoding="utf-8")
    every = []
    for config, seed, broken in (("base", 1, False), ("other", 2, True)):
        games = _games(config, seed, broken)
        every.append(games)
        for start in range(0, UNITS, CHUNK_UNITS):
            path = folder / "games" / f"config={config}" / f"chunk-{start:012d}.parquet"
            path.parent.mkdir(parents=True, exist_ok=True)
            games.slice(start, CHUNK_UNITS).write_parquet(path)
    return folder, pl.concat(every)


def _score(winner: np.ndarray) -> np.ndarray:
    return np.where(winner == 0, 1.0, np.where(winner == -1, 0.5, 0.0))


def _mirrored_pairs(games: pl.DataFrame) -> pl.DataFrame:
    """The seat-mirrored pairs of one config: side A's score going first (x) and second (y)."""
    frame = games.with_columns((pl.col("unit") // 2).alias("pair"))
    first = frame.filter(pl.col("first_side") == 0).select("pair", pl.col("winner").alias("x"))
    second = frame.filter(pl.col("first_side") == 1).select("pair", pl.col("winner").alias("y"))
    return first.join(second, on="pair").with_columns(
        pl.col("x").map_batches(lambda s: pl.Series(_score(s.to_numpy()))),
        pl.col("y").map_batches(lambda s: pl.Series(_score(s.to_numpy()))))


def test_win_rates_and_first_player_are_the_games_own(run) -> None:
    folder, games = run
    rates = faction_win_rates(folder)
    advantage = first_player_advantage(folder)
    for config in ("base", "other"):
        mine = games.filter(pl.col("config") == config)
        winner = mine["winner"].to_numpy()
        pairs = _mirrored_pairs(mine)
        assert pairs.height == (UNITS // 2 if config == "base" else UNITS // 2 - math.ceil(UNITS / 10))
        pair_means = ((pairs["x"] + pairs["y"]) / 2).to_numpy()
        deff = max(1.0, 2 * np.var(pair_means, ddof=1) / np.var(_score(winner), ddof=1))
        for side in (0, 1):
            row = rates.filter((pl.col("config") == config) & (pl.col("side") == side)).row(0, named=True)
            assert (row["n"], row["wins"], row["losses"], row["draws"]) == (
                UNITS, int((winner == side).sum()), int((winner == 1 - side).sum()), int((winner == -1).sum()))
            assert row["label"] == f"{'AB'[side]} of {config}"
            assert row["design_effect"] == pytest.approx(deff, rel=1e-12)
        row = advantage.filter(pl.col("config") == config).row(0, named=True)
        assert row["method"] == "paired" and row["pairs"] == pairs.height
        assert row["win_rate_first"] == pytest.approx(pairs["x"].mean(), rel=1e-15)
        assert row["win_rate_second"] == pytest.approx(pairs["y"].mean(), rel=1e-15)
        assert row["advantage"] == pytest.approx((pairs["x"] - pairs["y"]).mean(), rel=1e-12)


def test_draw_shares_cluster_on_the_pairs_across_chunks(run) -> None:
    folder, games = run
    draws = draw_figures(folder)
    for config in ("base", "other"):
        mine = games.filter(pl.col("config") == config)
        pair = pl.col("unit") // 2
        mirrored = (pl.len().over(pair) == 2) & (pl.col("first_side").cast(pl.Int64).sum().over(pair) == 1)
        clusters = (mine.with_columns(pl.when(mirrored).then(pair * 2).otherwise(pl.col("unit")).alias("cluster"))
                    .group_by("cluster").agg((pl.col("end_reason").cast(pl.String) == "turn_cap").sum().alias("y"),
                                             pl.len().alias("d")))
        y, d = clusters["y"].to_numpy().astype(float), clusters["d"].to_numpy().astype(float)
        rate, g = y.sum() / d.sum(), len(y)
        clustered = g / (g - 1) * ((y - rate * d) ** 2).sum() / d.sum() ** 2
        deff = max(1.0, clustered / (rate * (1 - rate) / (d.sum() - 1)))
        n = d.sum() / deff
        z = 1.95996  # ANALYTICS.md's 95% quantile
        centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        row = draws.filter(pl.col("config") == config).row(0, named=True)
        assert row["cap_draws"] == int(y.sum()) and row["cap_draw_share"] == pytest.approx(rate, rel=1e-15)
        assert (row["cap_draw_share_low"], row["cap_draw_share_high"]) == pytest.approx((centre - half, centre + half),
                                                                                        rel=1e-12)


def test_lengths_and_end_reasons_are_the_games_own(run) -> None:
    folder, games = run
    lengths = game_length(folder)
    reasons = end_reasons(folder)
    bands = first_player_by_length(folder, edges=[10, 20])
    for config in ("base", "other"):
        mine = games.filter(pl.col("config") == config)
        turns = np.sort(mine["turns"].to_numpy())
        row = lengths.filter(pl.col("config") == config).row(0, named=True)
        assert row == {"config": config, "n": UNITS, "mean": pytest.approx(turns.mean(), rel=1e-15),
                       "median": float(np.median(turns)), "p90": int(np.percentile(turns, 90, method="nearest")),
                       "max": int(turns.max()), "min": int(turns.min())}
        counted = dict(zip(*np.unique(mine["end_reason"].cast(pl.String).to_numpy(), return_counts=True)))
        said = reasons.filter(pl.col("config") == config)
        assert dict(zip(said["end_reason"], said["count"])) == counted
        short = mine.filter(pl.col("turns") <= 10)
        first_wins = ((short["winner"] == short["first_side"]).sum() + 0.5 * (short["winner"] == -1).sum())
        band = bands.filter((pl.col("config") == config) & (pl.col("turns_high") == 10)).row(0, named=True)
        assert band["n"] == short.height and band["first_player_win_rate"] == pytest.approx(first_wins / short.height)


def test_no_frame_of_every_game_is_read(run, monkeypatch: pytest.MonkeyPatch) -> None:
    """With scans of the run refused, every figure still comes, each read at most one chunk and
    the unit held back from the chunk before."""
    folder, _ = run
    tallies_module._tallies.cache_clear()
    read_rows = []
    read_parquet = pl.read_parquet

    def one_file(path, *args, **kwargs):
        frame = read_parquet(path, *args, **kwargs)
        read_rows.append(frame.height)
        return frame

    def refused(*args, **kwargs):
        raise AssertionError("a lazy scan of the run's games")

    monkeypatch.setattr(pl, "scan_parquet", refused)
    monkeypatch.setattr(pl, "read_parquet", one_file)
    for figures in (draw_figures, faction_win_rates, first_player_advantage, first_player_by_length, game_length,
                    end_reasons):
        assert figures(folder).height
    assert len(read_rows) == 2 * math.ceil(UNITS / CHUNK_UNITS)  # each chunk once, for every figure
    assert max(read_rows) == CHUNK_UNITS
