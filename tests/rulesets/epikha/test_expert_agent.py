"""Epikha's expert agent (expert.py, sim/core/mcts.py) and its fitted leaf evaluation (leaf.py, leaf.json).

Its hidden-information check (the searched attackers and blocks), card conservation and
thread-independence run with every searching level in tests/rulesets/test_contract.py.
"""

from __future__ import annotations

import numpy as np

from sim.analysis.intervals import wilson_interval
from sim.core.records import RecordCol
from sim.rulesets.epikha import RULESET
from sim.rulesets.epikha.constants import Event
from tests.rulesets.expert_play import compiled_spec, side_a_score, side_b_draws

SEED = 20261201


def compiled(agents: tuple[str, str], factions: tuple[str, str] = ("empiria", "abaron"), search: dict | None = None):
    return compiled_spec("epikha", [{"faction": f, "agent": a} for a, f in zip(agents, factions)], SEED, search, games=2)


def test_expert_beats_greedy_in_a_seat_mirrored_mirror() -> None:
    # each deal is played twice, each side first once: the first player's edge cancels
    rows, _ = RULESET.play_chunk(compiled(("expert", "greedy"), ("empiria", "empiria")), SEED, 0, 120)
    score, n = side_a_score(rows)
    low, high = wilson_interval(score, n)
    assert low > 0.7, f"expert scored {score / n:.3f} of {n} games against greedy, 95% [{low:.3f}, {high:.3f}]"


def test_expert_search_settings_reach_the_kernels() -> None:
    weak = RULESET.play_chunk(compiled(("expert", "greedy"), search={"samples": 1, "rollouts": 1, "horizon": 1,
                                                                      "width": 2}), SEED, 0, 60)[0]
    default = RULESET.play_chunk(compiled(("expert", "greedy")), SEED, 0, 60)[0]
    assert not np.array_equal(weak[:, RecordCol.WINNER:RecordCol.TURNS + 1],
                              default[:, RecordCol.WINNER:RecordCol.TURNS + 1])


def test_an_expert_defender_blocks_otherwise_than_greedy() -> None:
    # rule E-26: the blocks are the expert's own search, not the greedy agent's choice
    def blocks(agents: tuple[str, str], unit: int) -> list[tuple[int, int, int]]:
        events = RULESET.trace_unit(compiled(agents), SEED, unit)[1]
        return [(int(e[0]), int(e[3]), int(e[4])) for e in events if e[1] == 0 and e[2] == Event.BLOCK]

    assert any(blocks(("expert", "greedy"), u) != blocks(("hard", "greedy"), u) for u in range(6))


def test_an_expert_side_leaves_the_games_shuffles_alone() -> None:
    draws = {agent: side_b_draws(RULESET, compiled((agent, "greedy")), Event.DRAW, SEED, 10)
             for agent in ("expert", "greedy")}
    assert draws["expert"] == draws["greedy"]
