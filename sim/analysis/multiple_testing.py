"""Many comparisons at once: false-discovery-rate q-values and empirical-Bayes shrinkage.

A card table tests dozens of cards per config; at 5% each, a few "significant" cards are expected
by chance alone. Benjamini-Hochberg q-values bound the share of false discoveries among the cards
flagged (Benjamini-Yekutieli does so under any dependence, at a price in power; ANALYTICS.md asks
for it where the tests share games). Sorting by the raw estimate puts the luckiest small samples on
top (the winner's curse), so lists sort by a shrunk estimate instead.

numpy only: scipy (scipy.stats.false_discovery_control) is the tests' reference, not a dependency.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike


def _validated(p_values: ArrayLike) -> np.ndarray:
    p = np.asarray(p_values, dtype=np.float64)
    if p.ndim != 1:
        raise ValueError(f"p-values must be one-dimensional, got shape {p.shape}")
    if not np.all((p >= 0.0) & (p <= 1.0)):  # also refuses NaN, which would poison the running minimum
        raise ValueError("p-values must lie in [0, 1] (drop missing ones before adjusting)")
    return p


def _step_up(p: np.ndarray, factor: float) -> np.ndarray:
    m = p.size
    order = np.argsort(p, kind="stable")
    scaled = p[order] * (m * factor) / np.arange(1, m + 1)
    # the q-value of rank i is the smallest adjusted p at rank >= i, so q stays monotone in p
    q_sorted = np.minimum.accumulate(scaled[::-1])[::-1]
    q = np.empty(m)
    q[order] = np.clip(q_sorted, 0.0, 1.0)
    return q


def benjamini_hochberg(p_values: ArrayLike) -> np.ndarray:
    """Benjamini-Hochberg q-values, in the input's order (valid for independent or positively
    dependent tests). Equal to scipy.stats.false_discovery_control(p, method="bh")."""
    return _step_up(_validated(p_values), 1.0)


def benjamini_yekutieli(p_values: ArrayLike) -> np.ndarray:
    """Benjamini-Yekutieli q-values, valid under any dependence (tests sharing games): the BH
    q-values times the harmonic sum 1 + 1/2 + ... + 1/m, capped at 1. Equal to
    scipy.stats.false_discovery_control(p, method="by")."""
    p = _validated(p_values)
    return _step_up(p, float(np.sum(1.0 / np.arange(1, p.size + 1))))


def shrunk_estimate(estimates: ArrayLike, standard_errors: ArrayLike) -> np.ndarray:
    """Empirical-Bayes normal-normal shrinkage: estimate_i ~ N(truth_i, se_i²), truth_i ~ N(mu, tau²).

    tau² is the method-of-moments (DerSimonian-Laird) estimate from Cochran's Q, floored at 0; mu is
    the precision-weighted mean with weights 1/(se_i² + tau²) (the plain 1/se_i² mean when tau² = 0).
    Each estimate moves towards mu by the factor se_i²/(se_i² + tau²): noisy estimates move more,
    and with tau² = 0 (the spread is all noise) every one lands on mu. Entries with a non-finite
    estimate or a non-positive or non-finite standard error come back as NaN and take no part."""
    x = np.asarray(estimates, dtype=np.float64)
    se = np.asarray(standard_errors, dtype=np.float64)
    if x.shape != se.shape or x.ndim != 1:
        raise ValueError(f"estimates {x.shape} and standard errors {se.shape} must be 1-D of one length")
    out = np.full(x.shape, np.nan)
    ok = np.isfinite(x) & np.isfinite(se) & (se > 0)
    if not ok.any():
        return out
    xs, var = x[ok], se[ok] ** 2
    w = 1.0 / var
    fixed_mean = np.sum(w * xs) / np.sum(w)
    q = np.sum(w * (xs - fixed_mean) ** 2)
    denom = np.sum(w) - np.sum(w * w) / np.sum(w)
    tau2 = max(0.0, (q - (xs.size - 1)) / denom) if denom > 0 else 0.0
    w_re = 1.0 / (var + tau2)
    mu = np.sum(w_re * xs) / np.sum(w_re)
    out[ok] = mu + tau2 / (tau2 + var) * (xs - mu)
    return out
