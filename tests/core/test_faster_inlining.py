"""sim/core/faster_inlining.py keeps a callee's untyped IR and copies it with one memo: what gets
inlined must be what numba inlined before, at every call site, nested and repeated."""

from __future__ import annotations

import copy

import numpy as np
from numba import njit
from numba.core import inline_closurecall

import sim.core.kernel_cache  # noqa: F401 (installs the repairs, as numba's first cached kernel does)


@njit(inline="always")
def add_one(x: int) -> int:
    y = x + 1
    return y


@njit(inline="always")
def twice_or_back(x: int, up: bool) -> int:
    if up:
        a = add_one(x)
        return add_one(a)
    total = 0
    for i in range(x):  # a loop and a branch: blocks of their own in the inlined copy
        total += add_one(i) - 1
    return total


@njit
def many_sites(x: int) -> tuple:
    first = twice_or_back(x, True)
    second = twice_or_back(first, True)  # the same callee again: the kept IR, copied afresh
    summed = twice_or_back(second, False)
    return first, second, summed, add_one(summed)


def test_the_repairs_are_installed_and_inlining_computes_what_python_does() -> None:
    assert getattr(inline_closurecall.InlineWorker, "_sim_faster_inlining", False)
    for x in (0, 3, 7):
        first, second = x + 2, x + 4
        summed = sum(range(second))
        assert many_sites(np.int64(x)) == (first, second, summed, summed + 1)
        assert many_sites.py_func(x) == (first, second, summed, summed + 1)


@njit(inline="always")
def clamp_up(x: int) -> int:
    if x < 0:  # a branch: the inlined body is several blocks
        return 0
    return x + 1


@njit
def two_sites(x: int) -> int:
    return clamp_up(x) + clamp_up(x - 5)


def test_each_inline_copies_the_callee_once(monkeypatch) -> None:
    """numba's inline_ir copied the callee twice (its copy again, returned unread): once now."""
    from sim.core import faster_inlining

    class Counting:
        n = 0

        def deepcopy(self, value, memo=None):
            Counting.n += 1
            return copy.deepcopy(value, memo)

    monkeypatch.setattr(faster_inlining, "copy", Counting())
    assert two_sites(np.int64(7)) == 8 + 3 and two_sites(np.int64(2)) == 3 + 0
    [kept] = faster_inlining._untyped_ir[clamp_up.py_func].values()
    assert len(kept.blocks) > 1
    assert Counting.n == 2 * len(kept.blocks)  # two call sites, each block copied once
