"""Bradley-Terry with a first-player term: recovery of known ratings from simulated games."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from sim.analysis import bradley_terry
from sim.core.errors import InputError

LABELS = ["Arañas", "Ciempiés", "Escorpiones", "Hormigas"]


def simulate(theta: np.ndarray, h: float, games_per_pair: int, seed: int) -> pl.DataFrame:
    """Every ordered pair of labels (mirrors included) as configs, seats alternating."""
    rng = np.random.default_rng(seed)
    parts = []
    for a in range(len(theta)):
        for b in range(len(theta)):
            first_side = np.arange(games_per_pair) % 2
            first, second = np.where(first_side == 0, a, b), np.where(first_side == 0, b, a)
            first_wins = rng.uniform(size=games_per_pair) < 1 / (1 + np.exp(-(theta[first] - theta[second] + h)))
            winner = np.where(first_wins, first_side, 1 - first_side)
            parts.append(pl.DataFrame({
                "config": f"{LABELS[a]}-{LABELS[b]}", "label_a": LABELS[a], "label_b": LABELS[b],
                "first_side": first_side.astype(np.int8), "winner": winner.astype(np.int8)}))
    return pl.concat(parts)


@pytest.mark.parametrize(("seed", "h"), [(1, 0.35), (2, -0.2)])
def test_recovers_ratings_and_first_player_term(seed: int, h: float) -> None:
    theta = np.array([0.6, 0.1, -0.2, -0.5])  # sums to 0, as the fit's ratings do
    fit = bradley_terry(simulate(theta, h, 1500, seed)).sort("label")
    assert fit["label"].to_list() == LABELS
    assert fit["games"].to_list() == [1500 * 7] * 4  # 3 opponents both ways, plus the mirror
    assert fit["rating"].sum() == pytest.approx(0.0, abs=1e-9)
    assert np.all(np.abs(fit["rating"].to_numpy() - theta) < 3 * fit["rating_se"].to_numpy())
    assert abs(fit["first_player"][0] - h) < 3 * fit["first_player_se"][0]
    assert fit["elo"].to_numpy() == pytest.approx(400 / math.log(10) * fit["rating"].to_numpy())
    assert 0.012 < fit["rating_se"].min() and fit["rating_se"].max() < 0.025  # about 1/√(games·¼)


def test_no_first_player_effect_gives_h_near_zero() -> None:
    fit = bradley_terry(simulate(np.array([0.3, 0.0, 0.0, -0.3]), 0.0, 1500, 3))
    assert abs(fit["first_player"][0]) < 3 * fit["first_player_se"][0]
    assert fit["label"][0] == "Arañas" and fit["label"][3] == "Hormigas"  # best first


def test_draws_count_half_to_each() -> None:
    # A and B only draw, and each beats C as often as C beats it: all equal, including h = 0
    games = pl.DataFrame({
        "label_a": ["A", "A", "B", "B", "A", "A", "B", "B"], "label_b": ["B", "B", "C", "C", "C", "C", "A", "A"],
        "first_side": [0, 1, 0, 1, 0, 1, 0, 1], "winner": [-1, -1, 0, 1, 1, 0, -1, -1]})
    fit = bradley_terry(games)
    assert fit["rating"].to_numpy() == pytest.approx(np.zeros(3), abs=1e-9)
    assert fit["first_player"][0] == pytest.approx(0.0, abs=1e-9)


def test_unconnected_or_separated_labels_are_input_errors() -> None:
    split = pl.DataFrame({"label_a": ["A", "C"], "label_b": ["B", "D"], "first_side": [0, 1], "winner": [0, 1]})
    with pytest.raises(InputError, match="never played each other"):
        bradley_terry(split)
    sweep = pl.DataFrame({"label_a": ["A"] * 4, "label_b": ["B"] * 4, "first_side": [0, 1, 0, 1], "winner": [0] * 4})
    with pytest.raises(InputError, match="prior_sd"):
        bradley_terry(sweep)
    fit = bradley_terry(sweep, prior_sd=1.0)
    assert fit["label"].to_list() == ["A", "B"] and 0 < fit["rating"][0] < 3
