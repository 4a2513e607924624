"""Win rates, first-player advantage (in words and by game length), game length and end reasons:
exact values on a hand-made results folder, and consistent structure on a small real run."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.analysis import (
    end_reasons, faction_win_rates, first_player_advantage, first_player_by_length, game_length, wilson_interval,
)
from sim.analysis.first_player import length_band_edges
from sim.core.errors import InputError
from sim.report.formatting import first_player_words
from sim.run.runner import run_experiment
from sim.run.spec import load_spec

REPO = Path(__file__).resolve().parents[2]


def fake_run(folder: Path, winners: list[int], first_sides: list[int], turns: list[int],
             reasons: list[str]) -> Path:
    """A results folder with one chunk of hand-made games (units 2k, 2k+1 form mirrored pairs)."""
    n = len(winners)
    games = pl.DataFrame({
        "config": ["base"] * n, "game": range(n), "unit": range(n), "stage": pl.Series([0] * n, dtype=pl.Int8),
        "first_side": pl.Series(first_sides, dtype=pl.Int8), "winner": pl.Series(winners, dtype=pl.Int8),
        "end_reason": pl.Series(reasons).cast(pl.Categorical), "turns": pl.Series(turns, dtype=pl.Int16),
        "label_a": ["Arañas"] * n, "label_b": ["Ciempiés"] * n, "faction_a": ["aranas"] * n,
        "faction_b": ["ciempies"] * n,
    })
    chunk = folder / "games" / "config=base" / "chunk-000000000000.parquet"
    chunk.parent.mkdir(parents=True)
    games.write_parquet(chunk)
    (folder / "manifest.json").write_text(json.dumps({"spec_hash": "x"}))
    return folder


WINNERS = [0, 0, 0, 1, 1, -1, 0, 1, 0, -1]
MIRRORED = [0, 1] * 5  # unit 2k: A first; unit 2k+1: B first
TURNS = [10, 12, 14, 16, 18, 20, 22, 24, 26, 80]
REASONS = ["lives"] * 9 + ["turn_cap"]


def test_win_rates_by_hand(tmp_path: Path) -> None:
    rates = faction_win_rates(fake_run(tmp_path, WINNERS, MIRRORED, TURNS, REASONS))
    a, b = rates.row(0, named=True), rates.row(1, named=True)
    assert (a["side"], a["label"], a["faction"], a["n"], a["wins"], a["losses"], a["draws"]) == (
        0, "Arañas", "aranas", 10, 5, 3, 2)
    assert (b["side"], b["wins"], b["losses"], b["draws"]) == (1, 3, 5, 2)
    assert a["win_rate"] == pytest.approx(0.6) and b["win_rate"] == pytest.approx(0.4)
    assert (a["ci_low"], a["ci_high"]) == pytest.approx(wilson_interval(6, 10))


def test_win_rate_interval_widens_when_a_pairs_games_end_alike(tmp_path: Path) -> None:
    """Seat-mirrored pairs whose two games always end alike carry the information of one game
    each: the design effect is 2 (2·var(pair means) / var(game scores)) and the interval is
    Wilson's on n / 2 games (win_rates.py's docstring)."""
    winners = [0, 0, 1, 1] * 10 + [0, 0]  # 21 pairs, 11 won twice, 10 lost twice
    rates = faction_win_rates(fake_run(tmp_path / "alike", winners, [0, 1] * 21, [10] * 42, ["lives"] * 42))
    a = rates.row(0, named=True)
    scores = np.array([1.0 if w == 0 else 0.0 for w in winners])
    pair_means = scores.reshape(-1, 2).mean(axis=1)
    deff = 2 * pair_means.var(ddof=1) / scores.var(ddof=1)  # 2.05: 2 but for the sample variances' n - 1
    assert a["design_effect"] == pytest.approx(deff) and 2.0 < deff < 2.1
    assert a["n_effective"] == pytest.approx(42 / deff)
    assert (a["ci_low"], a["ci_high"]) == pytest.approx(wilson_interval(22 / deff, 42 / deff))
    assert a["ci_high"] - a["ci_low"] > (lambda lo, hi: hi - lo)(*wilson_interval(22, 42))


def test_win_rate_interval_is_never_narrower_than_wilsons_on_the_games(tmp_path: Path) -> None:
    # pairs that split (the first player always wins) have a design effect below 1: kept at 1
    winners = [0, 1] * 20
    rates = faction_win_rates(fake_run(tmp_path / "split", winners, [0, 1] * 20, [10] * 40, ["lives"] * 40))
    a = rates.row(0, named=True)
    assert a["design_effect"] == 1.0 and (a["ci_low"], a["ci_high"]) == pytest.approx(wilson_interval(20, 40))
    # seats fixed: no pairs, the plain Wilson interval
    rates = faction_win_rates(fake_run(tmp_path / "fixed", [0, 0, 1, 1] * 5, [0] * 20, [10] * 20, ["lives"] * 20))
    a = rates.row(0, named=True)
    assert a["design_effect"] == 1.0 and (a["ci_low"], a["ci_high"]) == pytest.approx(wilson_interval(10, 20))


def test_first_player_advantage_pairs_by_hand(tmp_path: Path) -> None:
    result = first_player_advantage(fake_run(tmp_path, WINNERS, MIRRORED, TURNS, REASONS)).row(0, named=True)
    score = np.array([1.0 if w == 0 else 0.5 if w == -1 else 0.0 for w in WINNERS])
    d = score[0::2] - score[1::2]  # A first minus A second, pair by pair
    assert result["method"] == "paired" and result["pairs"] == 5
    assert result["win_rate_first"] == pytest.approx(score[0::2].mean())
    assert result["win_rate_second"] == pytest.approx(score[1::2].mean())
    assert result["advantage"] == pytest.approx(d.mean())
    assert (result["ci_low"], result["ci_high"]) == pytest.approx(paired_newcombe(score[0::2], score[1::2]))


def paired_newcombe(first: np.ndarray, second: np.ndarray) -> tuple[float, float]:
    """Newcombe's paired interval (1998b, method 10) from the pairs' scores, written out: each rate's
    Wilson bounds over the pairs; phi from the 2 × 2 table's A·D − B·C = N² · the covariance of the
    two scores (draws as halves), lowered by N/2 when positive, over √(margins) = N² · √(p1q1p2q2)."""
    pairs, p1, p2 = len(first), first.mean(), second.mean()
    (l1, u1), (l2, u2) = wilson_interval(first.sum(), pairs), wilson_interval(second.sum(), pairs)
    cross = pairs ** 2 * (np.mean(first * second) - p1 * p2)
    cross = max(cross - pairs / 2, 0.0) if cross > 0 else cross
    margins = pairs ** 2 * math.sqrt(p1 * (1 - p1) * p2 * (1 - p2))
    phi = cross / margins if margins else 0.0
    return (p1 - p2 - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)),
            p1 - p2 + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2)))


def test_a_few_pairs_give_a_first_player_interval_inside_a_hundred_points(tmp_path: Path) -> None:
    """Three pairs: A wins all three going first and one of three going second. The normal interval
    on the differences (1, 0, 1) reached +132 pts; Newcombe's, from the 2 × 2 table of the pairs (1
    won both, 2 only going first), stays under +100. Without pairs (seats fixed) the two rates are
    independent and the interval is Newcombe's for independent rates."""
    winners = [0, 0, 0, 1, 0, 1]  # pairs (A first, A second): won-won, won-lost, won-lost
    result = first_player_advantage(fake_run(tmp_path / "paired", winners, [0, 1] * 3, [12] * 6, ["lives"] * 6)).row(0, named=True)
    assert result["method"] == "paired" and result["advantage"] == pytest.approx(2 / 3)
    d = np.array([0.0, 1.0, 1.0])
    assert d.mean() + 1.95996 * d.std(ddof=1) / math.sqrt(3) > 1  # the normal interval's upper bound
    assert -1 <= result["ci_low"] < 2 / 3 < result["ci_high"] <= 1
    assert (result["ci_low"], result["ci_high"]) == pytest.approx(paired_newcombe(np.ones(3), np.array([1.0, 0, 0])))
    assert result["first_player_win_rate_high"] <= 1
    fixed = first_player_advantage(fake_run(tmp_path / "fixed", [0, 0, 1, 0, 1, 1], [0, 0, 1, 1, 0, 0], [12] * 6,
                                            ["lives"] * 6)).row(0, named=True)
    assert fixed["method"] == "unpaired" and (fixed["games_first"], fixed["games_second"]) == (4, 2)
    p1, p2 = 1 / 2, 1 / 2  # A first: won 2 of 4; A second: won 1 of 2
    (l1, u1), (l2, u2) = wilson_interval(2, 4), wilson_interval(1, 2)
    assert (fixed["ci_low"], fixed["ci_high"]) == pytest.approx(
        (p1 - p2 - math.hypot(p1 - l1, u2 - p2), p1 - p2 + math.hypot(u1 - p1, p2 - l2)))


def test_first_player_words_on_a_crafted_frame(tmp_path: Path) -> None:
    """Side A wins 80% going first and 25% going second: the first player (A in one game of each pair,
    B in the other) wins (80 + 75) / 2 = 77.5% of games, 55 points more than the second player."""
    a_first = [0] * 16 + [1] * 4  # A first: A wins 16 of 20
    a_second = [0] * 5 + [1] * 15  # A second: A wins 5 of 20
    winners = [w for pair in zip(a_first, a_second) for w in pair]
    row = first_player_advantage(fake_run(tmp_path, winners, [0, 1] * 20, [12] * 40, ["lives"] * 40)).row(0, named=True)
    assert (row["win_rate_first"], row["win_rate_second"]) == pytest.approx((0.80, 0.25))
    assert row["first_player_win_rate"] == pytest.approx(0.775) and row["advantage"] == pytest.approx(0.55)
    assert (row["first_player_win_rate_low"], row["first_player_win_rate_high"]) == pytest.approx(
        (0.5 + row["ci_low"] / 2, 0.5 + row["ci_high"] / 2))
    assert first_player_words(row) == "the first player wins 77.5% (+55.0 pts)"
    assert first_player_words(row, "es") == "el primer jugador gana el 77,5\u00a0% (+55,0 pts)"


def test_first_player_by_length_counts_by_hand(tmp_path: Path) -> None:
    # the first player's score game by game (first side 0, 1, 0, 1...; draws ½):
    # turns 10 12 14 | 16 18 20 22 | 24 26 80
    # score  1  0  1 |  1  0 .5  1 |  1  1 .5
    by_length = first_player_by_length(fake_run(tmp_path, WINNERS, MIRRORED, TURNS, REASONS), edges=[15, 22])
    assert by_length["band"].to_list() == ["10-15", "16-22", "23-80"]
    assert by_length["turns_low"].to_list() == [10, 16, 23] and by_length["turns_high"].to_list() == [15, 22, 80]
    assert by_length["n"].to_list() == [3, 4, 3] and by_length["share"].to_list() == pytest.approx([0.3, 0.4, 0.3])
    scores = [2.0, 2.5, 2.5]
    assert by_length["first_player_win_rate"].to_list() == pytest.approx([2 / 3, 2.5 / 4, 2.5 / 3])
    for row, score in zip(by_length.iter_rows(named=True), scores):
        low, high = wilson_interval(score, row["n"])
        assert (row["first_player_win_rate_low"], row["first_player_win_rate_high"]) == pytest.approx((low, high))
        assert (row["advantage"], row["advantage_low"], row["advantage_high"]) == pytest.approx(
            (2 * row["first_player_win_rate"] - 1, 2 * low - 1, 2 * high - 1))


def test_length_bands_cut_at_nearest_rank_quantiles() -> None:
    five_lengths = pl.LazyFrame({"turns": [10] * 4 + [20] * 4 + [30] * 4 + [40] * 4 + [50] * 4})
    assert length_band_edges(five_lengths, bands=5) == [10, 20, 30, 40]  # five bands of four games
    assert length_band_edges(five_lengths, bands=2) == [30]  # the median game: 12 of 20 last 30 turns or fewer
    assert length_band_edges(pl.LazyFrame({"turns": [12] * 7})) == []  # one length, one band


def test_first_player_by_length_default_bands_hold_every_game(tmp_path: Path) -> None:
    by_length = first_player_by_length(fake_run(tmp_path, WINNERS, MIRRORED, TURNS, REASONS))
    # nearest ranks 2, 4, 6, 8 of ten games: 12, 16, 20 and 24 turns
    assert by_length["band"].to_list() == ["10-12", "13-16", "17-20", "21-24", "25-80"]
    assert by_length["n"].to_list() == [2, 2, 2, 2, 2]


def test_first_player_advantage_without_pairs_falls_back(tmp_path: Path) -> None:
    fixed = [0] * 10  # seats fixed: A always first, nothing to compare with
    result = first_player_advantage(fake_run(tmp_path / "fixed", WINNERS, fixed, TURNS, REASONS)).row(0, named=True)
    assert result["method"] == "unpaired" and result["games_second"] == 0 and result["advantage"] is None
    assert result["first_player_win_rate"] is None and "not measured" in first_player_words(result)
    unpaired = [0, 0, 1, 1, 0, 0, 1, 1, 0, 1]  # seats vary but never mirrored within a pair
    result = first_player_advantage(fake_run(tmp_path / "mixed", WINNERS, unpaired, TURNS, REASONS)).row(0, named=True)
    assert result["method"] == "unpaired" and result["games_first"] == 5 and result["games_second"] == 5
    assert result["ci_low"] < result["advantage"] < result["ci_high"]


def test_game_length_and_end_reasons_by_hand(tmp_path: Path) -> None:
    run = fake_run(tmp_path, WINNERS, MIRRORED, TURNS, REASONS)
    length = game_length(run).row(0, named=True)
    assert (length["n"], length["max"], length["min"]) == (10, 80, 10)
    assert length["median"] == 19.0 and length["mean"] == pytest.approx(np.mean(TURNS))
    assert length["p90"] in (26, 80)
    reasons = end_reasons(run)
    assert reasons["end_reason"].to_list() == ["lives", "turn_cap"]
    assert reasons["count"].to_list() == [9, 1] and reasons["share"].to_list() == pytest.approx([0.9, 0.1])


def test_folder_without_results_is_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a results folder"):
        faction_win_rates(tmp_path)
    (tmp_path / "manifest.json").write_text("{}")
    with pytest.raises(InputError, match="no finished chunks"):
        game_length(tmp_path)


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    experiment = load_spec(REPO / "experiments" / "dicedraft_factions.toml", games=2000)
    return run_experiment(experiment, tmp_path_factory.mktemp("results"), chunk_size=700).run_dir


def test_summaries_of_a_small_run_are_consistent(small_run: Path) -> None:
    rates = faction_win_rates(small_run)
    assert rates.columns == ["config", "side", "label", "faction", "n", "wins", "losses", "draws", "win_rate",
                             "ci_low", "ci_high", "design_effect", "n_effective", "cap_draws", "cap_draw_share",
                             "cap_draw_share_low", "cap_draw_share_high", "decided", "decided_win_rate",
                             "decided_win_rate_low", "decided_win_rate_high"]
    a, b = rates.row(0, named=True), rates.row(1, named=True)
    assert a["n"] == b["n"] == 2000 and a["wins"] + a["losses"] + a["draws"] == 2000
    assert (a["wins"], a["losses"], a["draws"]) == (b["losses"], b["wins"], b["draws"])
    assert a["win_rate"] + b["win_rate"] == pytest.approx(1.0)
    assert a["decided"] == a["wins"] + a["losses"] and a["decided_win_rate"] == pytest.approx(a["wins"] / a["decided"])
    assert a["decided_win_rate"] + b["decided_win_rate"] == pytest.approx(1.0)
    for row in (a, b):
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]

    first = first_player_advantage(small_run).row(0, named=True)
    assert first["method"] == "paired" and first["pairs"] == 1000
    assert first["games_first"] == first["games_second"] == 1000
    assert first["ci_low"] <= first["advantage"] <= first["ci_high"]
    assert first["advantage"] == pytest.approx(first["win_rate_first"] - first["win_rate_second"])
    assert first["first_player_win_rate"] == pytest.approx((first["win_rate_first"] + 1 - first["win_rate_second"]) / 2)

    by_length = first_player_by_length(small_run)
    assert by_length["n"].sum() == 2000 and by_length["share"].sum() == pytest.approx(1.0)
    assert (by_length["turns_low"].to_list()[1:] == [high + 1 for high in by_length["turns_high"].to_list()[:-1]])
    # pooled over the bands, the first player's games are the config's: the same overall win rate
    pooled = (by_length["first_player_win_rate"] * by_length["n"]).sum() / 2000
    assert pooled == pytest.approx(first["first_player_win_rate"])

    length = game_length(small_run).row(0, named=True)
    assert length["n"] == 2000 and length["min"] <= length["median"] <= length["p90"] <= length["max"]

    reasons = end_reasons(small_run)
    assert reasons["count"].sum() == 2000 and reasons["share"].sum() == pytest.approx(1.0)
    assert set(reasons["end_reason"]) <= {"lives", "turn_cap"}
