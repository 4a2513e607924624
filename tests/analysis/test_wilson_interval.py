"""Wilson score interval: the check value of ANALYTICS.md and its basic properties; Newcombe's
hybrid score interval for a difference of two win rates, against the paper's values and its
definition worked out independently."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from sim.analysis.intervals import Z95, newcombe_interval, paired_phi, wilson_exprs, wilson_interval


def test_check_value_50_of_100() -> None:
    low, high = wilson_interval(50, 100)
    assert round(low, 5) == 0.40383 and round(high, 5) == 0.59617


def test_precision_at_half_matches_analytics_table() -> None:
    for n, half_width in ((1_000, 0.031), (10_000, 0.0098), (100_000, 0.0031)):
        low, high = wilson_interval(n / 2, n)
        assert (high - low) / 2 == pytest.approx(half_width, abs=0.0001)


def test_draws_as_half_wins_and_edges() -> None:
    assert wilson_interval(45 + 0.5 * 10, 100) == wilson_interval(50, 100)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and 0 < high < 0.2
    low, high = wilson_interval(20, 20)
    assert 0.8 < low < 1 and high == 1.0
    assert all(np.isnan(wilson_interval(0, 0)))


def test_arrays_and_polars_expressions_agree() -> None:
    wins, n = np.array([0, 3, 50, 99.5, 7]), np.array([10, 10, 100, 100, 0])
    low, high = wilson_interval(wins, n)
    frame = pl.DataFrame({"w": wins, "n": n})
    lo_e, hi_e = wilson_exprs(pl.col("w"), pl.col("n"), Z95)
    got = frame.select(lo_e.alias("low"), hi_e.alias("high"))
    np.testing.assert_allclose(got["low"].to_numpy()[:4], low[:4])
    np.testing.assert_allclose(got["high"].to_numpy()[:4], high[:4])
    assert got["low"][4] is None and np.isnan(low[4])


@pytest.mark.parametrize("z", [1.0, 5.0, 10.0, 20.0, 30.0, 37.0])
def test_normal_p_value_is_the_tail_itself_even_far_out(z: float) -> None:
    from scipy import stats

    from sim.analysis.intervals import normal_p_value

    # 1 − Φ(z) would cancel to 0 from z ≈ 8.3; the tail (erfc) keeps every digit down to ~1e-308
    assert normal_p_value(z * 0.01, 0.01) == pytest.approx(2 * stats.norm.sf(z), rel=1e-9)
    assert normal_p_value(-z, 1.0) == normal_p_value(z, 1.0)


def test_normal_p_value_reaches_the_float_floor_before_zero() -> None:
    from sim.analysis.intervals import normal_p_value
    from sim.report.formatting import q_text

    assert 0.0 < normal_p_value(38.0, 1.0) < 1e-300  # a subnormal float: the math still fits
    assert normal_p_value(40.0, 1.0) == 0.0  # 2·Φ(−40) ≈ 7e-350: no float64 holds it
    assert q_text(normal_p_value(40.0, 1.0)) == q_text(normal_p_value(38.0, 1.0)) == "< 1e-300"
    assert (normal_p_value(0.0, 0.0), normal_p_value(0.1, 0.0)) == (1.0, 0.0)  # exact: no spread at all


# -- Newcombe's hybrid score interval for a difference of two win rates ---------------------------------

def score_bounds(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson bounds found as Wilson defined them, independently of the closed form: the rates θ
    with |wins/n − θ| = z·√(θ(1 − θ)/n), by bisection on each side of the observed rate."""
    p = wins / n

    def outside(theta: float) -> bool:
        return abs(p - theta) > z * math.sqrt(theta * (1 - theta) / n)

    def bisect(inside: float, beyond: float) -> float:
        if not outside(beyond):
            return beyond
        for _ in range(200):
            middle = (inside + beyond) / 2
            inside, beyond = (inside, middle) if outside(middle) else (middle, beyond)
        return (inside + beyond) / 2

    return bisect(p, 0.0), bisect(p, 1.0)


def by_hand(a: float, m: int, b: float, n: int) -> tuple[float, float]:
    """Newcombe's method 10 written out from its definition, on the score bounds above."""
    p1, p2 = a / m, b / n
    (l1, u1), (l2, u2) = score_bounds(a, m), score_bounds(b, n)
    return p1 - p2 - math.hypot(p1 - l1, u2 - p2), p1 - p2 + math.hypot(u1 - p1, p2 - l2)


# Newcombe (1998), "Interval estimation for the difference between independent proportions:
# comparison of eleven methods", table II, method 10 (the hybrid score interval)
NEWCOMBE_TABLE_II = [((56, 70, 48, 80), (0.0524, 0.3339)), ((9, 10, 3, 10), (0.1705, 0.8090)),
                     ((6, 7, 2, 7), (0.0582, 0.8062)), ((5, 56, 0, 29), (-0.0381, 0.1926)),
                     ((0, 10, 0, 20), (-0.1611, 0.2775)), ((0, 10, 0, 10), (-0.2775, 0.2775)),
                     ((10, 10, 0, 20), (0.6791, 1.0000)), ((10, 10, 0, 10), (0.6075, 1.0000))]


@pytest.mark.parametrize(("counts", "published"), NEWCOMBE_TABLE_II)
def test_newcombe_matches_the_paper_and_its_definition(counts: tuple[int, int, int, int],
                                                       published: tuple[float, float]) -> None:
    a, m, b, n = counts
    low, high = newcombe_interval(a / m, *wilson_interval(a, m), b / n, *wilson_interval(b, n))
    assert (low, high) == pytest.approx(by_hand(a, m, b, n), abs=1e-9)
    assert (round(float(low), 4), round(float(high), 4)) == published


def test_newcombe_paired_matches_a_published_paired_table() -> None:
    """Newcombe's paired method 10 on Cavo et al. (2012), as Fagerland, Lydersen and Laake's
    contingencytables package prints it: −0.0621 (−0.1186 to −0.0046). Pairs: 59 both, 6 first
    only, 16 second only, 80 neither; phi from the 2 × 2 table, its numerator lowered by N/2."""
    a, b, c, d = 59, 6, 16, 80
    pairs = a + b + c + d
    p1, p2 = (a + b) / pairs, (a + c) / pairs
    phi = paired_phi(a / pairs, p1, p2, pairs)
    assert phi == pytest.approx((a * d - b * c - pairs / 2) / math.sqrt((a + b) * (c + d) * (a + c) * (b + d)))
    low, high = newcombe_interval(p1, *wilson_interval(a + b, pairs), p2, *wilson_interval(a + c, pairs), phi)
    assert (round(p1 - p2, 4), round(float(low), 4), round(float(high), 4)) == (-0.0621, -0.1186, -0.0046)
    # a negative or small positive A·D − B·C: as it is, or 0 (no pairs: 0)
    assert paired_phi(0.0, 0.5, 0.5, 4) == pytest.approx(-1.0) and paired_phi(0.3, 0.5, 0.5, 4) == 0.0
    assert paired_phi(0.5, 1.0, 0.5, 4) == 0.0 and paired_phi(0.3, 0.5, 0.5, 0) == 0.0


def test_newcombe_stays_within_a_hundred_points_where_the_normal_interval_does_not() -> None:
    """Every difference of two rates on up to 6 games each: Newcombe's bounds stay in [−1, +1] and
    hold the estimate, where the normal (Wald) interval passes ±1 (2/3 − 0/3: +0.67 ± 0.53 → 1.20)."""
    past = 0
    for m in range(1, 7):
        for n in range(1, 7):
            for a in range(m + 1):
                for b in range(n + 1):
                    p1, p2 = a / m, b / n
                    low, high = newcombe_interval(p1, *wilson_interval(a, m), p2, *wilson_interval(b, n))
                    assert -1 - 1e-12 <= low <= p1 - p2 + 1e-12 and p1 - p2 - 1e-12 <= high <= 1 + 1e-12
                    half = Z95 * math.sqrt(p1 * (1 - p1) / m + p2 * (1 - p2) / n)
                    past += abs(p1 - p2) + half > 1
    assert past > 0  # the normal interval did pass ±1 on these


def test_newcombe_on_arrays_and_polars_expressions_agrees() -> None:
    frame = pl.DataFrame({"a": [56.0, 9, 5], "m": [70, 10, 56], "b": [48.0, 3, 0], "n": [80, 10, 29]})
    l1, u1 = wilson_exprs(pl.col("a"), pl.col("m"))
    l2, u2 = wilson_exprs(pl.col("b"), pl.col("n"))
    low, high = newcombe_interval(pl.col("a") / pl.col("m"), l1, u1, pl.col("b") / pl.col("n"), l2, u2)
    got = frame.select(low.alias("low"), high.alias("high"))
    arrays = newcombe_interval(frame["a"].to_numpy() / frame["m"].to_numpy(), *wilson_interval(frame["a"].to_numpy(),
                               frame["m"].to_numpy()), frame["b"].to_numpy() / frame["n"].to_numpy(),
                               *wilson_interval(frame["b"].to_numpy(), frame["n"].to_numpy()))
    np.testing.assert_allclose(got["low"].to_numpy(), arrays[0])
    np.testing.assert_allclose(got["high"].to_numpy(), arrays[1])
    np.testing.assert_allclose(arrays[0], [r[1][0] for r in (NEWCOMBE_TABLE_II[0], NEWCOMBE_TABLE_II[1],
                                                              NEWCOMBE_TABLE_II[3])], atol=5e-5)
