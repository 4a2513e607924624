"""Comparing two runs (sim.analysis.compare): paired and two-sample differences on hand-made games,
checked against values worked out by hand."""

from __future__ import annotations

import math

import polars as pl
import pytest

from sim.analysis.compare import (card_comparison, cards_in_one_run, configs_in_one_run, field_comparison,
                                  first_player_comparison, forced_draw_comparison, runs_pairing, win_rate_comparison)
from sim.analysis.intervals import Z95, wilson_interval


def games(winners: list[int], first_sides: list[int] | None = None, config: str = "base") -> pl.LazyFrame:
    n = len(winners)
    return pl.LazyFrame({
        "config": [config] * n, "game": list(range(n)), "unit": list(range(n)), "stage": [0] * n,
        "first_side": pl.Series(first_sides if first_sides is not None else [0, 1] * (n // 2) + [0] * (n % 2),
                                dtype=pl.Int8),
        "winner": pl.Series(winners, dtype=pl.Int8),
    })


# side A's scores: run A 1, 0, 1, ½; run B 1, 1, 0, 1 (and a fifth game run A never played)
RUN_A = [0, 1, 0, -1]
RUN_B = [0, 0, 1, 0, 0]


def test_paired_difference_is_the_mean_of_the_per_game_differences() -> None:
    row = win_rate_comparison(games(RUN_A), games(RUN_B), paired=True).row(0, named=True)
    # d = 0, +1, −1, +½ over the 4 games both played: mean 1/8, sd √(2.1875 / 3)
    half = Z95 * math.sqrt(2.1875 / 3) / 2
    assert (row["method"], row["pairs"]) == ("paired", 4)
    assert row["diff"] == pytest.approx(0.125)
    assert (row["diff_low"], row["diff_high"]) == pytest.approx((0.125 - half, 0.125 + half))
    assert (row["diff_low"], row["diff_high"]) == pytest.approx((-0.711817, 0.961817), abs=1e-6)
    assert row["p_value"] == pytest.approx(math.erfc(0.125 / (half / Z95) / math.sqrt(2)))
    # each run's own win rate keeps all its games, with its Wilson interval
    assert (row["a_n"], row["a_win_rate"], row["b_n"], row["b_win_rate"]) == (4, 0.625, 5, 0.8)
    assert (row["b_win_rate_low"], row["b_win_rate_high"]) == pytest.approx(wilson_interval(4, 5))


def test_identical_runs_pair_to_exactly_zero() -> None:
    row = win_rate_comparison(games(RUN_A), games(RUN_A), paired=True).row(0, named=True)
    assert (row["diff"], row["diff_low"], row["diff_high"], row["p_value"]) == (0.0, 0.0, 0.0, 1.0)


def test_unpaired_difference_is_two_sample() -> None:
    row = win_rate_comparison(games(RUN_A), games(RUN_B[:4]), paired=False).row(0, named=True)
    # means 0.625 and 0.75; variances 0.6875 / 3 and 0.75 / 3 over 4 games each
    se = math.sqrt(0.6875 / 3 / 4 + 0.75 / 3 / 4)
    assert (row["method"], row["pairs"]) == ("unpaired", 0)
    assert row["diff"] == pytest.approx(0.125)
    assert (row["diff_low"], row["diff_high"]) == pytest.approx((0.125 - Z95 * se, 0.125 + Z95 * se))
    assert (row["diff_low"], row["diff_high"]) == pytest.approx((-0.553360, 0.803360), abs=1e-6)


def test_only_configs_both_runs_played_are_compared() -> None:
    a = pl.concat([games(RUN_A), games([0, 0], config="x")])
    b = pl.concat([games(RUN_B), games([1, 1], config="y")])
    assert win_rate_comparison(a, b, paired=True)["config"].to_list() == ["base"]
    assert configs_in_one_run({"configs": {"base": {}, "x": {}}}, {"configs": {"base": {}, "y": {}}}) == (["x"], ["y"])


def test_first_player_difference_paired_on_mirrored_pairs() -> None:
    # pairs (units 0-1, 2-3); first sides 0,1 in each: advantage d = score(A first) − score(A second)
    a = games([0, 1, 0, 0], [0, 1, 0, 1])  # d = 1 − 0 = 1, 1 − 1 = 0: first player's win rate 0.75
    b = games([0, 0, 1, 0], [0, 1, 0, 1])  # d = 1 − 1 = 0, 0 − 1 = −1: 0.25
    paired = first_player_comparison(a, b, paired=True).row(0, named=True)
    assert (paired["a_first_player_win_rate"], paired["b_first_player_win_rate"]) == (0.75, 0.25)
    # per pair (d_B − d_A) / 2 = −½, −½: the difference is −50 points with no spread
    assert (paired["pairs"], paired["diff"], paired["diff_low"], paired["diff_high"]) == (2, -0.5, -0.5, -0.5)
    unpaired = first_player_comparison(a, b, paired=False).row(0, named=True)
    # each run's d has sd √½, so d / 2 has variance 1/8 over 2 pairs in each run
    half = Z95 * math.sqrt(1 / 8 / 2 + 1 / 8 / 2)
    assert unpaired["diff"] == pytest.approx(-0.5)
    assert (unpaired["diff_low"], unpaired["diff_high"]) == pytest.approx((-0.5 - half, -0.5 + half))


def manifest(seed: int = 3, configs: tuple[str, ...] = ("base",), ruleset: str = "dicedraft", kind: str = "games",
             seats: str = "mirrored") -> dict:
    return {"ruleset": ruleset, "kind": kind, "seed": seed, "spec": {"seats": seats},
            "configs": {c: {} for c in configs}}


def test_runs_pair_on_seed_ruleset_kind_seats_and_a_common_config() -> None:
    same = runs_pairing(manifest(), manifest())
    assert (same.paired, same.method, same.reason, same.configs) == (True, "paired", "same_deals", ("base",))
    seed = runs_pairing(manifest(3), manifest(4))
    assert (seed.paired, seed.method, seed.reason, seed.values) == (False, "unpaired", "seed", (3, 4))
    assert runs_pairing(manifest(), manifest(ruleset="fortaleza")).reason == "ruleset"
    assert runs_pairing(manifest(), manifest(kind="story")).reason == "kind"
    assert runs_pairing(manifest(), manifest(seats="fixed")).reason == "seats"
    none = runs_pairing(manifest(configs=("base",)), manifest(configs=("x",)))
    assert (none.paired, none.reason) == (False, "no_common_config")


def impact(cards: list[tuple[str, str, int, float, float, float]]) -> pl.DataFrame:
    ids, names, n, wr, iwd, iwd_se = map(list, zip(*cards))
    low, high = wilson_interval(pl.Series(wr).to_numpy() * pl.Series(n).to_numpy(), pl.Series(n).to_numpy())
    return pl.DataFrame({"config": ["base"] * len(ids), "side": [0] * len(ids), "card_id": ids, "card_name": names,
                         "gih_n": n, "gih_wr": wr, "gih_ci_low": low, "gih_ci_high": high, "iwd": iwd, "iwd_se": iwd_se})


def test_cards_compared_where_present_in_both_and_listed_where_not() -> None:
    a = impact([("AR-01", "Saltarina", 100, 0.5, 0.02, 0.03), ("AR-02", "Pavo", 50, 0.4, 0.0, 0.04)])
    b = impact([("AR-01", "Saltarina+", 400, 0.6, 0.06, 0.04), ("AR-09", "Nueva", 10, 0.7, 0.1, 0.1)])
    row = card_comparison(a, b).row(0, named=True)
    assert (row["card_id"], row["card_name"], row["a_gih_n"], row["b_gih_n"]) == ("AR-01", "Saltarina+", 100, 400)
    se = math.sqrt(0.5 * 0.5 / 100 + 0.6 * 0.4 / 400)
    assert row["gih_diff"] == pytest.approx(0.1)
    assert (row["gih_diff_low"], row["gih_diff_high"]) == pytest.approx((0.1 - Z95 * se, 0.1 + Z95 * se))
    assert row["iwd_diff"] == pytest.approx(0.04)
    assert (row["iwd_diff_low"], row["iwd_diff_high"]) == pytest.approx((0.04 - Z95 * 0.05, 0.04 + Z95 * 0.05))
    # each run's own IWD with its normal interval, as the card-impact table gives it
    assert (row["a_iwd_diff_low"], row["a_iwd_diff_high"]) == pytest.approx((0.02 - Z95 * 0.03, 0.02 + Z95 * 0.03))
    assert (row["b_iwd_diff_low"], row["b_iwd_diff_high"]) == pytest.approx((0.06 - Z95 * 0.04, 0.06 + Z95 * 0.04))
    assert card_comparison(a, b).height == 1
    only = cards_in_one_run(a, b)
    assert only.select("run", "card_id", "card_name").rows() == [("A", "AR-02", "Pavo"), ("B", "AR-09", "Nueva")]


# a round robin of x and y: configs x~x (the mirror), x~y and y~y, four games each
ROUND_ROBIN = {"x~x": ("x", "x"), "x~y": ("x", "y"), "y~y": ("y", "y")}


def round_robin(winners: dict[str, list[int]]) -> pl.LazyFrame:
    return pl.concat([games(w, config=c) for c, w in winners.items()])


def test_a_faction_against_the_field_is_the_mean_of_its_cells_with_their_signs() -> None:
    a = round_robin({"x~x": [0, 1, 0, 1], "x~y": [0, 0, 1, 1], "y~y": [0, 1, 1, 0]})
    b = round_robin({"x~x": [0, 0, 0, 1], "x~y": [0, 0, 0, 1], "y~y": [0, 1, 1, 0]})
    for paired in (True, False):
        cells = {r["config"]: r for r in win_rate_comparison(a, b, paired).iter_rows(named=True)}
        field = {r["label"]: r for r in field_comparison(a, b, paired, ROUND_ROBIN).iter_rows(named=True)}
        # x's field: the mirror from side A, and x~y from side A; y's: x~y from side B (1 − rate, −diff), the mirror
        x, y = field["x"], field["y"]
        assert (x["configs"], y["configs"]) == (2, 2)
        assert x["a_win_rate"] == pytest.approx((0.5 + 0.5) / 2) and x["b_win_rate"] == pytest.approx((0.75 + 0.75) / 2)
        assert y["a_win_rate"] == pytest.approx((0.5 + 0.5) / 2) and y["b_win_rate"] == pytest.approx((0.25 + 0.5) / 2)
        assert x["diff"] == pytest.approx((cells["x~x"]["diff"] + cells["x~y"]["diff"]) / 2) == pytest.approx(0.25)
        assert y["diff"] == pytest.approx((-cells["x~y"]["diff"] + cells["y~y"]["diff"]) / 2) == pytest.approx(-0.125)
        # independent cells: the field's variance is the cells' over 2², each cell's se read off its interval
        se = [(cells[c]["diff_high"] - cells[c]["diff_low"]) / (2 * Z95) for c in ("x~x", "x~y")]
        half = Z95 * math.sqrt(se[0] ** 2 + se[1] ** 2) / 2
        assert (x["diff_low"], x["diff_high"]) == pytest.approx((0.25 - half, 0.25 + half))
        assert (x["a_n"], x["pairs"]) == (8, 8 if paired else 0)


def forced(rows: list[tuple[int, str, int, float, float]]) -> pl.DataFrame:
    sides, ids, pairs, effect, se = map(list, zip(*rows))
    return pl.DataFrame({"side": pl.Series(sides, dtype=pl.Int8), "label": ["x"] * len(ids), "card_id": ids,
                         "card_name": [f"name {i}" for i in ids], "pairs": pairs, "effect": effect, "effect_se": se,
                         "effect_low": [e - Z95 * s for e, s in zip(effect, se)],
                         "effect_high": [e + Z95 * s for e, s in zip(effect, se)]})


def test_forced_draw_effects_compared_two_sample_where_both_runs_measured_them() -> None:
    a = forced([(1, "CI-04", 300, 0.10, 0.03), (1, "CI-05", 300, 0.02, 0.02)])
    b = forced([(1, "CI-04", 280, 0.04, 0.04), (0, "AR-01", 300, 0.05, 0.02)])
    rows = forced_draw_comparison(a, b).rows(named=True)
    assert [(r["side"], r["card_id"]) for r in rows] == [(1, "CI-04")]
    row = rows[0]
    assert (row["a_pairs"], row["b_pairs"], row["a_effect"], row["b_effect"]) == (300, 280, 0.10, 0.04)
    assert row["diff"] == pytest.approx(-0.06)
    assert (row["diff_low"], row["diff_high"]) == pytest.approx((-0.06 - Z95 * 0.05, -0.06 + Z95 * 0.05))
    assert (row["a_effect_low"], row["b_effect_high"]) == pytest.approx((0.10 - Z95 * 0.03, 0.04 + Z95 * 0.04))
