"""Agent levels every ruleset offers, and reading a side's agent weights from a spec.

Agents come in levels (ARCHITECTURE.md): `random` (uniform over legal actions), `greedy`
(one-step evaluation with weights a sweep can tune), `hard` (determinization and flat Monte
Carlo with greedy rollouts, sim/core/search.py) and `expert` (information-set Monte Carlo tree search
with a fitted leaf evaluation, sim/core/mcts.py); each ruleset implements them in its own agents.py,
hard.py and expert.py, under these names and codes. Every ruleset has the first three
(`AGENT_NAMES`); a ruleset with an expert lists `EXPERT_LEVELS`.
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
    EXPERT = 3  # searches a tree of its turn's decisions over sampled worlds, fitted leaf values (sim.core.mcts)


AGENT_NAMES = ("random", "greedy", "hard")
EXPERT_LEVELS = AGENT_NAMES + ("expert",)
SEARCHING = ("hard", "expert")  # the levels a side's [side.search] settings are for


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
