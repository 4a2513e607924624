"""Confidence intervals for win rates and for differences of win rates.

Wilson score intervals, because the plain normal (Wald) interval is too narrow near 0 and 1 and
for small n, where balance questions often live (a 90% matchup, a rare card). A draw counts as half
a win (ANALYTICS.md), so "wins" may be fractional.

A difference of two win rates (IWD, the deck-position effect, the first-player advantage) takes
Newcombe's hybrid score interval, built from the two rates' Wilson intervals (Newcombe 1998,
method 10), for the same reason: the Wald interval on a difference passes ±100 points at a few
games, and Newcombe's stays inside [−1, +1] since each Wilson bound stays inside [0, 1].
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl

Z95 = 1.95996  # two-sided 95% normal quantile, as ANALYTICS.md fixes it


def wilson_interval(wins: float | np.ndarray, n: float | np.ndarray,
                    z: float = Z95) -> tuple[float, float] | tuple[np.ndarray, np.ndarray]:
    """Wilson score interval (low, high) for `wins` successes in `n` trials; draws as half wins.

    Check value: wilson_interval(50, 100) == (0.40383, 0.59617) to 5 places. With n == 0 there is no
    information, and the interval is (nan, nan). Works elementwise on arrays."""
    wins_a = np.asarray(wins, dtype=np.float64)
    n_a = np.asarray(n, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = wins_a / n_a
        z2 = z * z
        denom = 1.0 + z2 / n_a
        center = (p + z2 / (2.0 * n_a)) / denom
        half = z * np.sqrt(p * (1.0 - p) / n_a + z2 / (4.0 * n_a * n_a)) / denom
        low = np.where(n_a > 0, np.clip(center - half, 0.0, 1.0), np.nan)
        high = np.where(n_a > 0, np.clip(center + half, 0.0, 1.0), np.nan)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def wilson_exprs(wins: pl.Expr, n: pl.Expr, z: float = Z95) -> tuple[pl.Expr, pl.Expr]:
    """The same interval as Polars expressions (low, high), for use inside a query."""
    z2 = z * z
    n_f = n.cast(pl.Float64)
    p = wins.cast(pl.Float64) / n_f
    denom = 1.0 + z2 / n_f
    center = (p + z2 / (2.0 * n_f)) / denom
    half = z * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt() / denom
    low = pl.when(n_f > 0).then((center - half).clip(0.0, 1.0)).otherwise(None)
    high = pl.when(n_f > 0).then((center + half).clip(0.0, 1.0)).otherwise(None)
    return low, high


def _root(value):
    return value.sqrt() if isinstance(value, pl.Expr) else np.sqrt(value)


def newcombe_interval(rate1, low1, high1, rate2, low2, high2, phi=0.0):
    """Newcombe's hybrid score interval (low, high) for rate1 − rate2, from each rate's Wilson
    interval (low1, high1) and (low2, high2): the difference less the square root of the squared
    distances each rate may move towards the other, and more the same the other way (Newcombe 1998,
    "Interval estimation for the difference between independent proportions", method 10). `phi`
    is the correlation of the two rates' games when they are paired (`paired_phi`; 0 for
    independent games: Newcombe's paired method 10, 1998b). Works on floats, numpy arrays and
    Polars expressions alike.

    Check values (Newcombe 1998, table II): 56/70 − 48/80 gives [0.0524, 0.3339], 9/10 − 3/10
    [0.1705, 0.8090], 10/10 − 0/10 [0.6075, 1]."""
    towards_below = (rate1 - low1) ** 2 + (high2 - rate2) ** 2 - 2 * phi * (rate1 - low1) * (high2 - rate2)
    towards_above = (high1 - rate1) ** 2 + (rate2 - low2) ** 2 - 2 * phi * (high1 - rate1) * (rate2 - low2)
    return rate1 - rate2 - _root(towards_below), rate1 - rate2 + _root(towards_above)


def paired_phi(mean_product: float, rate1: float, rate2: float, pairs: int) -> float:
    """The correlation of two paired rates for `newcombe_interval`, as Newcombe's paired method 10
    takes it: phi = (A·D − B·C) / √(product of the margins) of the pairs' 2 × 2 table, its numerator
    lowered by N/2 when positive (and 0 when that crosses 0), and 0 when a margin is empty. With
    scores of 1, ½ and 0 (draws as half wins) A·D − B·C is N² times the covariance of the two scores,
    mean(s1·s2) − rate1·rate2, and the margins' product N⁴·rate1(1 − rate1)·rate2(1 − rate2); with
    wins and losses only, these are Newcombe's counts exactly."""
    spread = rate1 * (1 - rate1) * rate2 * (1 - rate2)
    if not pairs or not spread > 0:
        return 0.0
    covariance = mean_product - rate1 * rate2
    if covariance > 0:
        covariance = max(covariance - 1 / (2 * pairs), 0.0)
    return float(covariance / math.sqrt(spread))


def paired_difference_interval(rate1: float, rate2: float, mean_product: float, pairs: int,
                               z: float = Z95) -> tuple[float, float]:
    """Newcombe's paired interval for rate1 − rate2, two rates over the same `pairs` (each pair's
    two games: side A going first and going second), from each rate's Wilson interval over the pairs
    and `paired_phi` (`mean_product`: the mean over the pairs of the product of the two scores)."""
    low, high = newcombe_interval(rate1, *wilson_interval(rate1 * pairs, pairs, z), rate2,
                                  *wilson_interval(rate2 * pairs, pairs, z), paired_phi(mean_product, rate1, rate2, pairs))
    return float(low), float(high)


def normal_p_value(estimate: float, se: float) -> float:
    """Two-sided p-value of estimate ≠ 0 on a normal standard error. With se = 0 the estimate is
    exact: p = 1 when it is 0, else 0 (a paired difference of identical games, say).

    Computed as erfc(|z|/√2), the upper tail itself, never as 1 − Φ(|z|), which cancels to 0 from
    |z| ≈ 8.3 on. So p stays exact down to ~1e-308 (|z| ≈ 37.5) and keeps a few digits in the
    subnormal floats to ~5e-324 (|z| ≈ 38.5); beyond that no float64 holds it and p is 0.0. A
    reader never sees that 0: sim.report.formatting.q_text prints every p or q below 1e-300 as
    "< 1e-300" (ANALYTICS.md)."""
    if se == 0.0 or math.isnan(se):
        return 1.0 if estimate == 0.0 else 0.0
    return math.erfc(abs(estimate / se) / math.sqrt(2.0))


def design_effect(clustered_variance: float | np.ndarray,
                  independent_variance: float | np.ndarray) -> float | np.ndarray:
    """The run's one design-effect rule (docs/glossary.md, "design effect"), for every interval of a
    figure whose games come in seat-mirrored pairs: the variance of the figure's mean with each pair's
    games taken together (clustered on the pair) over its variance were the games independent,
    **never below 1**. Pairs that end alike carry less than their n games (rolplay's mirrors: about
    1.7), and the interval widens by √deff; pairs that cancel each other (a strong first-player
    advantage makes them end unalike) would narrow it, and no interval is made narrower than its
    games' own. 1 where there is nothing to compare (no spread in the games, too few pairs: NaN).
    Works elementwise on arrays: the win-rate table (n_effective = n / deff), the balance search's
    figures and the forced draw's effects all call it."""
    clustered = np.asarray(clustered_variance, dtype=np.float64)
    independent = np.asarray(independent_variance, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = clustered / independent
    deff = np.where(np.isfinite(ratio) & (independent > 0), np.maximum(ratio, 1.0), 1.0)
    return float(deff) if deff.ndim == 0 else deff


def pair_clustered_se(clustered_se: float, independent_se: float) -> float:
    """A standard error under the design-effect rule: the independent games' one times √deff, i.e.
    the clustered one, but never below the independent one; the clustered one when the games have
    no spread of their own to compare with."""
    if not independent_se > 0:
        return clustered_se
    return independent_se * math.sqrt(design_effect(clustered_se ** 2, independent_se ** 2))


def score_a(winner: pl.Expr = pl.col("winner")) -> pl.Expr:
    """Side A's score in a game: 1 for a win, 0.5 for a draw, 0 for a loss (winner 0, -1, 1)."""
    return pl.when(winner == 0).then(1.0).when(winner == -1).then(0.5).otherwise(0.0)
