"""Agent levels every ruleset offers, and reading a side's agent weights from a spec.

Agents come in levels (ARCHITECTURE.md): `random` (uniform over legal actions), `greedy`
(one-step evaluation with weights a sweep can tune) and `hard` (determinization and flat Monte
Carlo with greedy rollouts, sim/core/search.py); each ruleset implements them in its own agents.py
and hard.py, under these names and codes.
"""

from __future__ import annotations

import math
from enum import IntEnum

import numpy as np

from sim.core.errors import InputError


class Agent(IntEnum):
    RANDOM = 0  # uniform over legal actions
    GREEDY = 1  # one-step evaluation with tunable weights
    HARD = 2  # searches: sampled worlds, each candidate rolled out with greedy play (sim.core.search)


AGENT_NAMES = ("random", "greedy", "hard")


def agent_weights(defaults: tuple[float, ...], names: tuple[str, ...], overrides: dict[str, float], source: str,
                  index: int) -> np.ndarray:
    """A side's weight vector: the ruleset's defaults with the spec's `[side.weights]` applied; an
    unknown name, or a value that is not a finite number (a bool, a string, nan, inf), is an
    InputError naming the spec, the side and the weight. The spec's model refuses those already;
    this holds for every other caller, since the vector goes straight to the kernels."""
    weights = np.array(defaults, np.float64)
    for name, value in overrides.items():
        place = f"{source}: side[{index + 1}].weights.{name}"
        if name not in names:
            raise InputError(f"{place}: unknown weight; known: {', '.join(names)}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise InputError(f"{place}: {value!r} is not a finite number")
        weights[names.index(name)] = value
    return weights
