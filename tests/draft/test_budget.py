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


def _best_deck_one_loop(cost, value, available, n, k, budget) -> int:
    """_best_deck's knapsack as one loop over d with max(0, d - c), as it was written before its
    inner loop was split in two (for LLVM to vectorise): the same deck, ties included."""
    m = int(available[:n].sum())
    e = m - k
    if e < 0:
        return 0
    deficit = max(0, int(cost[:n][available[:n] == 1].sum()) - budget)
    dp = np.full((e + 1, deficit + 1), 1.0e18)
    dp[0, 0] = 0.0
    keep = np.zeros((n, e + 1, deficit + 1), bool)
    t = 0
    for i in range(n):
        if not available[i]:
            continue
        for x in range(min(e, t + 1), max(1, e - (m - 1 - t)) - 1, -1):
            for d in range(deficit + 1):
                cand = dp[x - 1, max(0, d - cost[i])] + value[i]
                keep[i, x, d] = cand < dp[x, d] - 1e-12
                dp[x, d] = cand if keep[i, x, d] else dp[x, d]
        t += 1
    if dp[e, deficit] >= 0.5e18:
        return 0
    deck, x, d = sum(1 << i for i in range(n) if available[i]), e, deficit
    for i in range(n - 1, -1, -1):
        if x == 0:
            break
        if available[i] and keep[i, x, d]:
            deck &= ~(1 << i)
            x, d = x - 1, max(0, d - int(cost[i]))
    return deck


@settings(max_examples=200, deadline=None)
@given(drafts(max_cards=14, max_budget=60, max_cost=15), st.booleans())
def test_greedy_deck_is_the_one_loop_knapsacks_ties_included(draft, whole_values):
    n, k, budget, cost, value, available = draft
    if whole_values:  # many ties
        value = np.floor(value / 3)
    dp, keep = knapsack_scratch(n, int(cost.sum()))
    assert int(_best_deck(cost, value, available, n, k, budget, dp, keep)) == _best_deck_one_loop(
        cost, value, available, n, k, budget)
