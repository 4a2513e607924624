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

UNREACHED = 1.0e18  # no choice of cards reaches this cell
MAX_CARDS = 64  # a deck is an int64 bitmask over the pool


@njit(cache=True, _nrt=False)
def _max_deck_size(cost: np.ndarray, available: np.ndarray, by_cost: np.ndarray, n: int, k: int, budget: int) -> int:
    """Rule D-16: the largest size <= k for which the cheapest available cards fit the budget.
    `by_cost` lists the pool's cards from cheapest to dearest (cheapest_first)."""
    total = 0
    size = 0
    for i in range(n):
        c = by_cost[i]
        if not available[c]:
            continue
        if size == k or total + cost[c] > budget:
            break
        total += cost[c]
        size += 1
    return size


def cheapest_first(cost: np.ndarray, n: int) -> np.ndarray:
    """The pool's cards ordered by cost, ties by pool order (the order _max_deck_size walks)."""
    return np.argsort(cost[:n], kind="stable").astype(np.int64)


@njit(cache=True, _nrt=False)
def _best_deck(cost: np.ndarray, value: np.ndarray, available: np.ndarray, n: int, k: int, budget: int,
               dp: np.ndarray, keep: np.ndarray) -> np.int64:
    """Greedy drafter: the exactly-k deck within budget of highest total value (0/1 knapsack).

    Solved as its complement, which is much smaller: of the m available cards, which e = m - k stay
    out. What stays out must cost at least the deficit D = (cost of all m) - budget and be worth as
    little as possible. dp[x, d] is the least value of x cards left out among those seen so far
    whose cost reaches d (costs beyond D count as D), so a table has e + 1 rows of D + 1 budgets
    where the deck itself would need k + 1 rows of budget + 1: a re-draft leaves out two or three
    cards and is a few points over budget. Only the counts that can still reach e are tracked.

    `dp` (>= (e+1) x (D+1)) and `keep` (>= n x (e+1) x (D+1)) are scratch the caller owns, so a
    re-draft in the middle of a game allocates nothing (knapsack_scratch sizes them for any pool).
    Returns 0 when no k-card deck fits."""
    m = 0
    total = 0
    for i in range(n):
        if available[i]:
            m += 1
            total += cost[i]
    e = m - k
    if e < 0:
        return np.int64(0)
    deficit = max(0, total - budget)
    dp[: e + 1, : deficit + 1] = UNREACHED
    dp[0, 0] = 0.0
    t = 0
    for i in range(n):
        if not available[i]:
            continue
        c = cost[i]
        v = value[i]
        # d < c reads dp[x - 1, 0] (max(0, d - c)); d >= c reads dp[x - 1, d - c]: two loops without the
        # max, each over rows as views indexed from 0, which LLVM vectorises (the same sums and tests)
        split = min(max(c, 0), deficit + 1)
        for x in range(min(e, t + 1), max(1, e - (m - 1 - t)) - 1, -1):
            row, kept = dp[x], keep[i, x]
            cand = dp[x - 1, 0] + v
            for d in range(split):
                current = row[d]
                better = cand < current - 1e-12
                row[d] = cand if better else current
                kept[d] = better
            from_prev = dp[x - 1, split - c:deficit + 1 - c]
            row_on, kept_on = row[split:deficit + 1], kept[split:deficit + 1]
            for d in range(deficit + 1 - split):
                cand = from_prev[d] + v
                current = row_on[d]
                better = cand < current - 1e-12
                row_on[d] = cand if better else current
                kept_on[d] = better
        t += 1
    if dp[e, deficit] >= UNREACHED / 2:
        return np.int64(0)
    deck = np.int64(0)
    for i in range(n):
        if available[i]:
            deck |= np.int64(1) << np.int64(i)
    x = e
    d = deficit
    for i in range(n - 1, -1, -1):
        if x == 0:
            break
        if available[i] and keep[i, x, d]:  # (i, x) on a valid path was always tracked above
            deck &= ~(np.int64(1) << np.int64(i))
            x -= 1
            d = max(0, d - cost[i])
    return deck


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
    numba saves a second of every cold start. Configs with the same card numbers share one answer
    (a balance search compiles thousands, a card's forced draws and its candidate's own config
    drafting alike), kept by (costs, values, n, k, max_budget); the array returned is read-only."""
    key = (cost[:n].tobytes(), cost.dtype.str, value[:n].tobytes(), value.dtype.str, n, k, max_budget)
    decks = _GREEDY_DECKS.get(key)
    if decks is None:  # solved on the arrays as given: the kinds the knapsack is compiled for
        if len(_GREEDY_DECKS) >= GREEDY_DECKS_KEPT:
            _GREEDY_DECKS.clear()
        decks = _solve_greedy_decks(cost, value, n, k, max_budget)
        decks.setflags(write=False)
        _GREEDY_DECKS[key] = decks
    return decks


GREEDY_DECKS_KEPT = 4096
_GREEDY_DECKS: dict[tuple, np.ndarray] = {}


def _solve_greedy_decks(cost: np.ndarray, value: np.ndarray, n: int, k: int, max_budget: int) -> np.ndarray:
    available = np.ones(MAX_CARDS, np.int32)
    decks = np.zeros(max_budget + 1, np.int64)
    dp, keep = knapsack_scratch(n, int(cost[:n].sum()))
    by_cost = cheapest_first(cost, n)
    for budget in range(max_budget + 1):
        size = _max_deck_size(cost, available, by_cost, n, k, budget)
        if size > 0:
            decks[budget] = _best_deck(cost, value, available, n, size, budget, dp, keep)
    return decks


def knapsack_scratch(n: int, pool_cost: int) -> tuple[np.ndarray, np.ndarray]:
    """Scratch for _best_deck over a pool of n cards costing `pool_cost` in all: (dp, keep). keep's
    0/1 choices are floats, the array kind of the dicedraft kernels' draft tables, so _best_deck
    compiles once for both."""
    return np.empty((n + 1, pool_cost + 1)), np.empty((n, n + 1, pool_cost + 1))


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
