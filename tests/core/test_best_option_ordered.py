"""sim.core.search.best_option_ordered makes best_option's choice: the first candidate of the highest
total, each total its scores summed in world order, whatever order it plays the worlds in and
however many rollouts it stops; and it plays every world of the first candidate."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.search import N_SEARCH, SEARCH_ROLLOUTS, SEARCH_SAMPLES, best_option_ordered

RECORD = np.dtype([("search", np.int64, (2, N_SEARCH)), ("score", np.float64, (20,)),
                   ("table", np.float64, (6, 8)), ("played", np.int64, (6, 8))])


@njit(cache=False, _nrt=False)
def _enter(g, world, p, decision, sample, rollout, w, first):
    pass


@njit(cache=False, _nrt=False)
def _play(g, world, p, i, w, horizon, args):
    world.played[i, w] += 1
    return world.table[i, w]


@njit(cache=False, _nrt=False)
def _choose(g, world, n):
    return best_option_ordered(g, world, 0, 0, n, _enter, _play, 0)


def test_the_choice_is_the_first_of_the_best_totals_in_world_order():
    rng = np.random.default_rng(37)
    ws = np.zeros(2, RECORD)
    g, world = ws[0], ws[1]
    for trial in range(3000):
        n, samples = int(rng.integers(2, 7)), int(rng.integers(1, 9))
        g["search"][0, SEARCH_SAMPLES], g["search"][0, SEARCH_ROLLOUTS] = samples, 1
        table = rng.choice([0.0, 0.5, 1.0, 0.1, 0.2, 0.7], size=(6, 8)) if trial % 2 else rng.random((6, 8))
        world["table"][:] = table
        world["played"][:] = 0
        totals = []
        for i in range(n):
            total = 0.0
            for w in range(samples):
                total += table[i, w]
            totals.append(total)
        expected = 0
        for i in range(1, n):
            if totals[i] > totals[expected]:
                expected = i
        assert _choose(g, world, n) == expected
        assert (world["played"][0, :samples] == 1).all()
        assert (world["played"][:n, :samples] <= 1).all()
        assert world["played"][expected, :samples].all()
