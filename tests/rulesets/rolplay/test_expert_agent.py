"""Rolplay's expert agent (expert.py, sim/core/mcts.py) and its fitted leaf evaluation (leaf.py, leaf.json).

Its hidden-information check, card conservation, thread independence and decision count run with
every searching level in tests/rulesets/test_contract.py.
"""

from __future__ import annotations

import numpy as np

from sim.analysis.intervals import wilson_interval
from sim.core.match import MatchConfig, SideConfig
from sim.core.search import SearchSettings
from sim.rulesets.rolplay.constants import Event
from sim.rulesets.rolplay.engine import RULESET
from sim.rulesets.rolplay.leaf import LEAF_SEARCH_SUMMONS, N_FEATURES
from tests.rulesets.expert_play import side_a_score, side_b_draws

SEED = 20261202


def match(agents: tuple[str, str], deck: str = "carga_25", search: SearchSettings | None = None) -> MatchConfig:
    return MatchConfig("rolplay expert test", tuple(
        SideConfig(deck, f"{'AB'[i]}:{agent}", agent, search=search if agent == "expert" else None)
        for i, agent in enumerate(agents)))


def test_expert_beats_greedy_in_the_carga_mirror() -> None:
    score, n = side_a_score(RULESET.play_chunk(RULESET.compile(match(("expert", "greedy"))), SEED, 0, 300)[0])
    low, high = wilson_interval(score, n)
    assert low > 0.55, f"expert scored {score / n:.3f} of {n} games against greedy, 95% [{low:.3f}, {high:.3f}]"


def test_expert_search_settings_reach_the_kernels() -> None:
    weak = RULESET.compile(match(("expert", "greedy"), search=SearchSettings(samples=1, width=2)))
    default = RULESET.compile(match(("expert", "greedy")))
    a, _ = RULESET.play_chunk(weak, SEED, 0, 40, threads=1)
    b, _ = RULESET.play_chunk(default, SEED, 0, 40, threads=1)
    assert not np.array_equal(a, b)


def test_searching_the_summons_is_a_switch_of_the_leaf_file() -> None:
    # leaf.json's search_summons: the expert's summons (rule R-09) searched (1) or greedy's (0)
    compiled = RULESET.compile(match(("expert", "greedy")))
    plain = RULESET.play_chunk(compiled, SEED, 0, 20, threads=1)[0]
    workspace = compiled.workspace

    def summons_searched() -> np.ndarray:
        ws = workspace()
        ws["leaf"][:, N_FEATURES + LEAF_SEARCH_SUMMONS] = 1 - ws["leaf"][0, N_FEATURES + LEAF_SEARCH_SUMMONS]
        return ws

    compiled.workspace = summons_searched
    other = RULESET.play_chunk(compiled, SEED, 0, 20, threads=1)[0]
    assert not np.array_equal(plain, other)


def test_an_expert_side_leaves_the_games_shuffles_alone() -> None:
    draws = {agent: side_b_draws(RULESET, RULESET.compile(match((agent, "greedy"))), Event.DRAW, SEED, 10)
             for agent in ("expert", "greedy")}
    assert draws["expert"] == draws["greedy"]
