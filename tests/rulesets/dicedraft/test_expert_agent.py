"""The expert agent (expert.py, sim/core/mcts.py) and its fitted leaf evaluation (leaf.py, leaf.json).

Its hidden-information check, card conservation and thread-independence run with every searching
level in tests/rulesets/test_contract.py.
"""

from __future__ import annotations

import numpy as np

from sim.analysis.intervals import wilson_interval
from sim.core.records import RecordCol
from sim.rulesets.dicedraft import RULESET
from sim.rulesets.dicedraft.constants import Col, Event
from tests.rulesets.expert_play import compiled_spec, side_a_score, side_b_draws

SEED = 20261201


def compiled(agents: tuple[str, str], faction: str = "aranas", search: dict | None = None):
    return compiled_spec("dicedraft", [{"faction": faction, "agent": a, "draft": "greedy"} for a in agents], SEED, search)


def test_expert_beats_greedy_by_more_than_hard_does_on_the_same_deals() -> None:
    # the same seeds, so the same decks and first players: only the searching side's play differs
    scores = {}
    for agent in ("hard", "expert"):
        rows, _ = RULESET.play_chunk(compiled((agent, "greedy")), SEED, 0, 600)
        scores[agent] = side_a_score(rows)
    (hard, n), (expert, _) = scores["hard"], scores["expert"]
    low, high = wilson_interval(expert, n)
    assert expert > hard and low > 0.6, (f"expert scored {expert / n:.3f} of {n} games against greedy, 95% "
                                         f"[{low:.3f}, {high:.3f}]; hard {hard / n:.3f} on the same deals")


def test_expert_search_settings_reach_the_kernels() -> None:
    # fewer iterations play other games; the drafted decks (the game's own streams) stay the same
    weak = RULESET.play_chunk(compiled(("expert", "greedy"), search={"samples": 1, "horizon": 1, "width": 2}),
                              SEED, 0, 100)[0]
    default = RULESET.play_chunk(compiled(("expert", "greedy")), SEED, 0, 100)[0]
    assert not np.array_equal(weak[:, RecordCol.WINNER], default[:, RecordCol.WINNER])
    assert np.array_equal(weak[:, Col.DECK_A:Col.DECK_A + 2], default[:, Col.DECK_A:Col.DECK_A + 2])


def test_an_expert_side_leaves_the_games_dice_and_shuffles_alone() -> None:
    draws = {agent: side_b_draws(RULESET, compiled((agent, "greedy")), Event.DRAW, SEED, 10)
             for agent in ("expert", "greedy")}
    assert draws["expert"] == draws["greedy"]
