"""One design-effect rule for every interval of a run (docs/glossary.md, "design effect"): the win-rate
table and the balance search's figures widen an interval by the same √deff when a seat-mirrored
pair's games end alike, and neither narrows one below the games' own when the pairs split."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from sim.analysis.intervals import design_effect
from sim.analysis.win_rates import faction_win_rates
from sim.balance.objectives import _win_rate, tally_run
from sim.balance.search_plan import BASE
from tests.analysis.crafted_runs import write_games, write_manifest


def side_a_scores(pair_scores: list[float]) -> np.ndarray:
    """Side A's game scores as crafted_runs writes them: a pair's mean 1, ¾, ½, ¼, 0 as its two games."""
    games = {1.0: (1.0, 1.0), 0.75: (1.0, 0.5), 0.5: (1.0, 0.0), 0.25: (0.5, 0.0), 0.0: (0.0, 0.0)}
    return np.array([s for p in pair_scores for s in games[p]])


@pytest.mark.parametrize("pair_scores, widened", [
    ([1.0, 0.0] * 15 + [1.0, 0.75, 0.25, 0.0] * 5, True),  # a pair's two games end alike: deff near 2
    ([0.5] * 40, False),  # every pair splits (the first player always wins): deff would be 0
    ([0.5, 0.5, 0.75, 0.25] * 10, False),  # pairs that mostly split: below 1, kept at 1
])
def test_the_win_rate_table_and_the_balance_figures_take_one_design_effect(
        tmp_path: Path, pair_scores: list[float], widened: bool) -> None:
    write_games(tmp_path, "base", pair_scores, budget_a=135)
    write_manifest(tmp_path, {"base": {"sides": []}}, {})
    scores = side_a_scores(pair_scores)
    pair_means = scores.reshape(-1, 2).mean(axis=1)
    by_hand = max(2 * pair_means.var(ddof=1) / scores.var(ddof=1), 1.0)  # the rule, computed here
    assert bool(by_hand > 1.5) == widened

    table = faction_win_rates(tmp_path).row(0, named=True)
    assert table["design_effect"] == pytest.approx(by_hand)
    tallies = tally_run(tmp_path, {"base": (BASE, "")})
    figure = _win_rate({"": tallies[(BASE, "")]}, {"": tallies[(BASE, "")]}, "", paired=False)
    independent_se = scores.std(ddof=1) / math.sqrt(len(scores))
    assert figure.value == pytest.approx(scores.mean())
    assert figure.se == pytest.approx(independent_se * math.sqrt(by_hand))  # the same deff as the table's
    assert figure.se >= independent_se * (1 - 1e-12)  # never narrower than the games' own


def test_the_rule_floors_at_one_and_says_one_where_there_is_nothing_to_compare() -> None:
    assert design_effect(0.03, 0.01) == pytest.approx(3.0)
    assert design_effect(0.0, 0.01) == 1.0  # pairs that cancel exactly
    assert design_effect(0.01, 0.0) == 1.0 and design_effect(float("nan"), 0.01) == 1.0
    assert design_effect(np.array([0.02, 0.005]), np.array([0.01, 0.01])).tolist() == [2.0, 1.0]
