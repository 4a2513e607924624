"""q-values against scipy's reference implementation, and the shrinkage that sorts card lists."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from sim.analysis import benjamini_hochberg, benjamini_yekutieli, shrunk_estimate

# a few repeated values make ties likely; floats anywhere in [0, 1] cover the rest
P_VALUE = st.one_of(st.sampled_from([0.0, 0.001, 0.01, 0.04, 0.05, 0.5, 1.0]),
                    st.floats(0.0, 1.0, allow_nan=False))


@settings(max_examples=300, deadline=None)
@given(st.lists(P_VALUE, min_size=1, max_size=60))
def test_bh_and_by_equal_scipy(p: list[float]) -> None:
    assert benjamini_hochberg(p) == pytest.approx(stats.false_discovery_control(p, method="bh"), abs=1e-12)
    assert benjamini_yekutieli(p) == pytest.approx(stats.false_discovery_control(p, method="by"), abs=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_bh_and_by_equal_scipy_on_unsorted_ties(seed: int) -> None:
    rng = np.random.default_rng(seed)
    p = np.concatenate([rng.uniform(size=200), rng.beta(0.3, 4.0, size=100), np.round(rng.uniform(size=100), 2)])
    rng.shuffle(p)
    q = benjamini_hochberg(p)
    assert q == pytest.approx(stats.false_discovery_control(p, method="bh"), abs=1e-12)
    assert benjamini_yekutieli(p) == pytest.approx(stats.false_discovery_control(p, method="by"), abs=1e-12)
    assert np.all(q >= p - 1e-15) and np.all(q <= 1.0)
    assert len(np.unique(q[p == p[0]])) == 1  # equal p-values, equal q-values


def test_q_values_refuse_bad_input() -> None:
    for bad in ([0.1, np.nan], [0.1, 1.5], [-0.01], [[0.1, 0.2]]):
        with pytest.raises(ValueError):
            benjamini_hochberg(bad)


def test_shrinkage_pulls_noisy_estimates_more() -> None:
    rng = np.random.default_rng(7)
    truth = rng.normal(0.0, 0.03, size=40)
    se = np.where(np.arange(40) % 2 == 0, 0.01, 0.10)  # half precise, half noisy
    raw = truth + rng.normal(0.0, se)
    shrunk = shrunk_estimate(raw, se)
    w = 1 / (se**2 + 0.03**2)
    centre = np.sum(w * raw) / np.sum(w)
    pull = np.abs(shrunk - raw) / np.abs(raw - centre)  # share of the way to the centre
    assert pull[se == 0.10].min() > pull[se == 0.01].max()
    assert np.all(np.sign(shrunk - centre) == np.sign(raw - centre))  # shrinks towards, never past
    assert np.mean((shrunk - truth) ** 2) < np.mean((raw - truth) ** 2)


def test_shrinkage_when_the_spread_is_all_noise() -> None:
    se = np.array([0.1, 0.2, 0.3, 0.4])
    raw = np.array([0.01, -0.02, 0.03, 0.0])  # far less spread than the standard errors
    w = 1 / se**2
    assert shrunk_estimate(raw, se) == pytest.approx(np.full(4, np.sum(w * raw) / np.sum(w)))
    with_missing = shrunk_estimate([0.2, np.nan, 0.1], [0.1, 0.1, 0.0])
    assert with_missing[0] == pytest.approx(0.2) and np.isnan(with_missing[1:]).all()
