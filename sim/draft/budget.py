"""Deck building under a point budget (rules D-02 and D-16), reusable by any game with a budget.

Cards are indices into a pool with integer costs; `available` marks what may be picked; a deck is an
int64 bitmask. Two drafters:
- greedy: the deck of exactly k cards, cost <= budget, with the highest total value (exact 0/1
  knapsack with a count constraint, by dynamic programming; value comes from the agent's weights);
- random: uniform over all valid decks of exactly k cards (counting DP, then sequential sampling).
When no k-card deck fits the budget, k shrinks to the largest size that fits (rule D-16).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import uniform

NEG = -1.0e18
MAX_CARDS = 64  # a deck is an int64 bitmask over the pool


@njit(cache=True, _nrt=False)
def _max_deck_size(cost: np.ndarray, available: np.ndarray, n: int, k: int, budget: int) -> int:
    """Rule D-16: the largest size <= k for which the cheapest available cards fit the budget."""
    picked = np.int64(0)  # a bitmask, so the hot path allocates nothing
    total = 0
    size = 0
    while size < k:
        best = -1
        for i in range(n):
            taken = (picked >> np.int64(i)) & np.int64(1)
            if available[i] and not taken and (best < 0 or cost[i] < cost[best]):
                best = i
        if best < 0 or total + cost[best] > budget:
            break
        picked |= np.int64(1) << np.int64(best)
        total += cost[best]
        size += 1
    return size


@njit(cache=True, _nrt=False)
def _best_deck(cost: np.ndarray, value: np.ndarray, available: np.ndarray, n: int, k: int, budget: int,
               dp: np.ndarray, keep: np.ndarray) -> np.int64:
    """Greedy drafter: the exactly-k deck within budget of highest total value (0/1 knapsack).

    `dp` (>= (k+1) x (budget+1)) and `keep` (>= n x (k+1) x (budget+1)) are scratch the caller owns,
    so a re-draft in the middle of a game allocates nothing. Only deck sizes that can still reach k
    are tracked: after t of m cards, between k-(m-t) and t; with 17 cards and k = 15 that is three
    rows a card instead of fifteen. The inner loop has no branch, so it vectorises."""
    m = 0
    for i in range(n):
        if available[i]:
            m += 1
    dp[: k + 1, : budget + 1] = NEG
    dp[0, : budget + 1] = 0.0
    t = 0
    for i in range(n):
        if not available[i]:
            continue
        c = cost[i]
        v = value[i]
        for j in range(min(k, t + 1), max(1, k - (m - 1 - t)) - 1, -1):
            for b in range(min(c, budget + 1)):
                keep[i, j, b] = False
            for b in range(c, budget + 1):
                cand = dp[j - 1, b - c] + v
                current = dp[j, b]
                better = cand > current + 1e-12
                dp[j, b] = cand if better else current
                keep[i, j, b] = better
        t += 1
    mask = np.int64(0)
    if dp[k, budget] <= NEG / 2:
        return mask
    j = k
    b = budget
    for i in range(n - 1, -1, -1):
        if j == 0:
            break
        if available[i] and keep[i, j, b]:  # (i, j) on a valid path was always tracked above
            mask |= np.int64(1) << np.int64(i)
            j -= 1
            b -= cost[i]
    return mask


@njit(cache=True, _nrt=False)
def _count_table(cost: np.ndarray, available: np.ndarray, n: int, k: int, budget: int, counts: np.ndarray) -> None:
    """Fill counts[i, j, b]: how many j-card subsets of available cards i..n-1 cost at most b.
    `counts` must be at least (n+1) x (k+1) x (budget+1)."""
    counts[n, : k + 1, : budget + 1] = 0.0
    counts[n, 0, : budget + 1] = 1.0
    for i in range(n - 1, -1, -1):
        for j in range(k + 1):
            for b in range(budget + 1):
                total = counts[i + 1, j, b]
                if j > 0 and available[i] and cost[i] <= b:
                    total += counts[i + 1, j - 1, b - cost[i]]
                counts[i, j, b] = total


@njit(cache=True, _nrt=False)
def _sample_deck(
    cost: np.ndarray, available: np.ndarray, n: int, k: int, budget: int, counts: np.ndarray, rng: np.ndarray, stream: int
) -> np.int64:
    """Random drafter: a k-card deck within budget, uniform over all such decks (needs counts > 0)."""
    mask = np.int64(0)
    j = k
    b = budget
    for i in range(n):
        if j == 0:
            break
        if not available[i] or cost[i] > b:
            continue
        with_card = counts[i + 1, j - 1, b - cost[i]]
        if uniform(rng, stream) * counts[i, j, b] < with_card:
            mask |= np.int64(1) << np.int64(i)
            j -= 1
            b -= cost[i]
    return mask


def greedy_decks_by_budget(cost: np.ndarray, value: np.ndarray, n: int, k: int, max_budget: int) -> np.ndarray:
    """The greedy deck for every budget 0..max_budget (size shrinking per rule D-16 where needed).

    Plain Python around the compiled knapsack: it runs once per config, and leaving it out of
    numba saves a second of every cold start."""
    available = np.ones(MAX_CARDS, np.int32)
    decks = np.zeros(max_budget + 1, np.int64)
    dp, keep = knapsack_scratch(n, k, max_budget)
    for budget in range(max_budget + 1):
        size = _max_deck_size(cost, available, n, k, budget)
        if size > 0:
            decks[budget] = _best_deck(cost, value, available, n, size, budget, dp, keep)
    return decks


def knapsack_scratch(n: int, k: int, max_budget: int) -> tuple[np.ndarray, np.ndarray]:
    """Scratch for _best_deck: (dp, keep)."""
    return np.empty((k + 1, max_budget + 1)), np.empty((n, k + 1, max_budget + 1), np.bool_)


def count_table(cost: np.ndarray, available: np.ndarray, n: int, k: int, budget: int) -> np.ndarray:
    """A fresh counting table for _sample_deck (see _count_table)."""
    counts = np.empty((n + 1, k + 1, budget + 1))
    _count_table(cost, available, n, k, budget, counts)
    return counts


def deck_cards(mask: int) -> list[int]:
    """The pool indices in a deck bitmask, ascending."""
    return [i for i in range(64) if (int(mask) >> i) & 1]


def deck_cost(mask: int, cost: np.ndarray) -> int:
    return int(sum(int(cost[i]) for i in deck_cards(mask)))
