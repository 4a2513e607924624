"""Drafting under a budget (rules D-02, D-16): the greedy knapsack is exact, the random drafter is
uniform, and the size shrinks only when the budget forces it."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.core.rng import stream_key
from sim.draft.budget import _best_deck, _max_deck_size, _sample_deck, cheapest_first, count_table, knapsack_scratch


@st.composite
def drafts(draw, max_cards: int = 10, max_budget: int = 50, max_cost: int = 12) -> tuple:
    """A small pool, some of it available, a deck size and a budget: (n, k, budget, cost, value, available)."""
    n = draw(st.integers(1, max_cards))
    k = draw(st.integers(1, n))
    budget = draw(st.integers(0, max_budget))
    cost = np.array(draw(st.lists(st.integers(0, max_cost), min_size=n, max_size=n)), np.int32)
    value = np.array(draw(st.lists(st.floats(0, 10), min_size=n, max_size=n)))
    available = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)), np.int32)
    return n, k, budget, cost, value, available


@settings(max_examples=200, deadline=None)
@given(drafts())
def test_greedy_deck_is_the_best_deck_within_budget(draft):
    n, k, budget, cost, value, available = draft
    best = None
    for combo in itertools.combinations([i for i in range(n) if available[i]], k):
        if cost[list(combo)].sum() <= budget:
            best = max(best if best is not None else -1.0, value[list(combo)].sum())
    dp, keep = knapsack_scratch(n, int(cost.sum()))
    keep[:] = True  # leftovers of an earlier re-draft must not matter
    mask = int(_best_deck(cost, value, available, n, k, budget, dp, keep))
    chosen = [i for i in range(n) if (mask >> i) & 1]
    if best is None:
        assert mask == 0
    else:
        assert len(chosen) == k and all(available[i] for i in chosen)
        assert cost[chosen].sum() <= budget
        assert abs(value[chosen].sum() - best) < 1e-6


def test_random_deck_is_uniform_over_valid_decks():
    cost = np.array([1, 2, 3, 4, 5], np.int32)
    available = np.ones(5, np.int32)
    k, budget = 2, 6
    valid = [c for c in itertools.combinations(range(5), k) if cost[list(c)].sum() <= budget]
    counts = count_table(cost, available, 5, k, budget)
    assert counts[0, k, budget] == len(valid)
    rng = np.zeros(1, np.uint64)
    seen = Counter()
    draws = 12000
    for g in range(draws):
        rng[0] = stream_key(np.uint64(1), np.uint64(g), np.uint64(4))
        seen[int(_sample_deck(cost, available, 5, k, budget, counts, rng, 0))] += 1
    assert len(seen) == len(valid)
    expected = draws / len(valid)
    assert all(abs(v - expected) < 5 * np.sqrt(expected) for v in seen.values())


@settings(max_examples=200, deadline=None)
@given(drafts(max_cards=12, max_budget=60, max_cost=15))
def test_deck_size_is_the_largest_whose_cheapest_cards_fit(draft):
    n, k, budget, cost, _, available = draft
    cheapest = sorted(int(cost[i]) for i in range(n) if available[i])
    expected = max(s for s in range(min(k, len(cheapest)) + 1) if sum(cheapest[:s]) <= budget)
    assert _max_deck_size(cost, available, cheapest_first(cost, n), n, k, budget) == expected


def test_size_shrinks_only_when_the_budget_forces_it():
    cost = np.array([5] * 20, np.int32)
    available = np.ones(20, np.int32)
    by_cost = cheapest_first(cost, 20)
    assert _max_deck_size(cost, available, by_cost, 20, 15, 75) == 15
    assert _max_deck_size(cost, available, by_cost, 20, 15, 74) == 14
    assert _max_deck_size(cost, available, by_cost, 20, 15, 4) == 0
