"""The ablation table on hand-made games: worth, the rate at the working budget and the points
equivalent's delta-method interval against a hand computation; a no-op row not measured; the deck
share; a side B ablation's signs; why a row has no points figure."""

from __future__ import annotations

import math
from pathlib import Path

import polars as pl
import pytest

from sim.analysis.ablation import FIXED_DECK, NOT_MEASURED, ablation_impact, worth_in_points

from crafted_runs import sides, write_cards, write_games, write_manifest

Z = 1.95996
# side A's mean score per seat-mirrored pair (5 pairs) at the working budget 20, at 15 and 10, and
# with card X1 replaced; X2's filler plays exactly like it, so its games are the baseline's
BASE = [1.0, 0.75, 0.5, 1.0, 0.75]
AT_15 = [0.75, 0.5, 0.5, 0.5, 0.5]
AT_10 = [0.5, 0.25, 0.25, 0.25, 0.5]
WITHOUT_X1 = [0.75, 0.75, 0.25, 0.5, 0.5]


def ablation_run(folder: Path, side: int = 1) -> tuple[Path, dict]:
    budget = (lambda b: {"budget_a": b}) if side == 1 else (lambda b: {"budget_a": 135, "budget_b": b})
    write_games(folder, "base", BASE, **budget(20))
    write_games(folder, "without=X1", WITHOUT_X1, **budget(20), decks_a=[7] * 6 + [5] * 4)
    write_games(folder, "without=X2", BASE, **budget(20))
    write_games(folder, f"side{side}.budget=15", AT_15, **budget(15))
    write_games(folder, f"side{side}.budget=10", AT_10, **budget(10))
    write_cards(folder, [("X1", "Carta Uno", 4), ("X2", "Carta Dos", 3)], side=side - 1)

    def config_sides(b: int) -> list[dict]:
        return sides(b) if side == 1 else sides(135, b)

    configs = {
        "base": {"sides": config_sides(20)},
        "without=X1": {"sides": config_sides(20),
                       "ablation": {"side": side, "card_id": "X1", "filler": "Relleno (4): 2/2", "measured": True}},
        "without=X2": {"sides": config_sides(20),
                       "ablation": {"side": side, "card_id": "X2", "filler": "Relleno (3): d4 attack die",
                                    "measured": False}},
        f"side{side}.budget=15": {"sides": config_sides(15)},
        f"side{side}.budget=10": {"sides": config_sides(10)},
    }
    manifest = write_manifest(folder, configs, {"ablation": {"side": side, "cards": "all", "budget_step": 5,
                                                             "budget_points": 2}})
    return folder, manifest


def test_points_equivalent_and_its_delta_method_interval_match_a_hand_computation(tmp_path: Path) -> None:
    table = ablation_impact(*ablation_run(tmp_path))
    x1 = table.filter(table["card_id"] == "X1").row(0, named=True)
    # worth per pair: BASE − WITHOUT_X1 = .25, 0, .25, .5, .25: mean .25, sample variance .125 / 4
    var_w = 0.03125
    assert (x1["n"], x1["pairs"], x1["worth"]) == (10, 5, pytest.approx(0.25))
    assert x1["worth_low"] == pytest.approx(0.25 - Z * math.sqrt(var_w / 5))
    # least squares through budgets 20, 15, 10: weights (.1, 0, −.1), so a pair's slope is
    # (BASE − AT_10) / 10 = .05, .05, .025, .075, .025: mean .045, sample variance .00175 / 4
    s_bar, var_s = 0.045, 0.0004375
    cov_ws = 0.00625 / 4  # Σ (w − w̄)(s − s̄) = −.25 · .005 + .25 · .03
    assert x1["worth_per_budget_point"] == pytest.approx(s_bar)
    assert x1["worth_per_budget_point_low"] == pytest.approx(s_bar - Z * math.sqrt(var_s / 5))
    assert x1["working_budget"] == 20 and x1["budgets_used"] == "20, 15, 10"
    ratio = 0.25 / s_bar
    var_ratio = (var_w + ratio ** 2 * var_s - 2 * ratio * cov_ws) / 5 / s_bar ** 2
    assert x1["points"] == pytest.approx(ratio)
    assert x1["points_low"] == pytest.approx(ratio - Z * math.sqrt(var_ratio))
    assert x1["points_high"] == pytest.approx(ratio + Z * math.sqrt(var_ratio))
    assert x1["points_high"] - x1["points_low"] == pytest.approx(2 * Z * 1.644804, rel=1e-6)  # ±3.22 budget points
    assert x1["points_note"] is None and x1["filler"] == "Relleno (4): 2/2" and x1["card_name"] == "Carta Uno"
    assert x1["deck_changed_share"] == pytest.approx(0.4) and x1["deck_note"] is None
    assert x1["q_value"] == pytest.approx(x1["p_value"])  # the only measured card: q = p


def test_a_filler_that_plays_like_the_card_is_not_measured_and_takes_no_part_in_the_q_values(tmp_path: Path) -> None:
    table = ablation_impact(*ablation_run(tmp_path))
    assert table["card_id"].to_list() == ["X1", "X2"]  # measured rows first
    x2 = table.filter(table["card_id"] == "X2").row(0, named=True)
    assert x2["measured"] is False and x2["filler"] == "Relleno (3): d4 attack die"
    for column in ("worth", "worth_low", "worth_high", "p_value", "q_value", "q_value_by", "points"):
        assert x2[column] is None, column
    assert x2["points_note"] == NOT_MEASURED and x2["deck_changed_share"] == 0.0


def test_a_side_b_ablation_turns_both_signs_and_a_falling_rate_gives_no_points(tmp_path: Path) -> None:
    table = ablation_impact(*ablation_run(tmp_path, side=2))
    x1 = table.filter(table["card_id"] == "X1").row(0, named=True)
    assert x1["worth"] == pytest.approx(-0.25)  # side A's scores dropping is side B's gain
    assert x1["worth_per_budget_point"] == pytest.approx(-0.045)  # here side B does worse with more budget
    assert x1["points"] is None and "does not rise with its budget" in x1["points_note"]


def test_games_without_decks_say_only_the_cards_slot_changed(tmp_path: Path) -> None:
    folder, manifest = ablation_run(tmp_path)
    write_games(folder, "without=X1", WITHOUT_X1, budget_a=20, with_decks=False)  # games as fortaleza records them
    for config, scores, budget in (("base", BASE, 20), ("without=X2", BASE, 20), ("side1.budget=15", AT_15, 15),
                                   ("side1.budget=10", AT_10, 10)):
        write_games(folder, config, scores, budget_a=budget, with_decks=False)
    x1 = ablation_impact(folder, manifest).filter(pl.col("card_id") == "X1").row(0, named=True)
    assert x1["deck_changed_share"] is None and x1["deck_note"] == FIXED_DECK
    assert x1["worth"] == pytest.approx(0.25)  # the rest of the row is as with decks


def test_worth_in_points_with_no_spread_in_the_slope_is_the_worth_interval_over_the_rate() -> None:
    import numpy as np

    worth = np.array([0.1, 0.3, 0.2, 0.0])
    slope = np.full(4, 0.05)
    points, low, high = worth_in_points(worth, slope)
    se_w = worth.std(ddof=1) / 2
    assert points == pytest.approx(3.0)
    assert (low, high) == (pytest.approx((0.15 - Z * se_w) / 0.05), pytest.approx((0.15 + Z * se_w) / 0.05))
