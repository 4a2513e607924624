"""Wilson score interval: the check value of ANALYTICS.md and its basic properties."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from sim.analysis.intervals import Z95, wilson_exprs, wilson_interval


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
