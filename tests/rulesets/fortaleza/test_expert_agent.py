"""Fortaleza's expert agent (expert.py, sim/core/mcts.py) and its fitted leaf evaluation (leaf.py,
leaf.json).

Its hidden-information check, card conservation and thread-independence run with every searching
level in tests/rulesets/test_contract.py.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.analysis.intervals import wilson_interval
from sim.core.records import RecordCol
from sim.rulesets.fortaleza import RULESET
from sim.rulesets.fortaleza.constants import Action, Event
from sim.rulesets.fortaleza.expert import PASS, action_code, listed_action
from sim.rulesets.fortaleza.state import G_LISTED, GAME
from sim.run.spec import load_spec_dict
from tests.rulesets.expert_play import compiled_spec, side_a_score, side_b_draws

from .conftest import SEED

STRENGTH_GAMES = 60  # seats mirrored: expert won 90% of 20 against greedy when written


def compiled(agents: tuple[str, str], faction: str = "china", search: dict | None = None):
    return compiled_spec("fortaleza", [{"faction": faction, "agent": a} for a in agents], SEED, search)


def test_expert_beats_greedy_in_a_faction_mirror() -> None:
    rows, _ = RULESET.play_chunk(compiled(("expert", "greedy")), SEED, 0, STRENGTH_GAMES)
    score, n = side_a_score(rows)
    low, high = wilson_interval(score, n)
    assert low > 0.6, f"expert scored {score / n:.3f} of {n} games against greedy, 95% [{low:.3f}, {high:.3f}]"


def test_expert_search_settings_reach_the_kernels() -> None:
    weak = RULESET.play_chunk(compiled(("expert", "greedy"), search={"samples": 1, "rollouts": 1, "width": 2}),
                              SEED, 0, 20)[0]
    default = RULESET.play_chunk(compiled(("expert", "greedy")), SEED, 0, 20)[0]
    assert not np.array_equal(weak[:, RecordCol.TURNS:], default[:, RecordCol.TURNS:])


def test_an_expert_side_leaves_the_games_shuffles_alone() -> None:
    # rules F-02, F-04: the decks are shuffled by the game's own streams, which a search never draws from
    draws = {agent: side_b_draws(RULESET, compiled((agent, "greedy")), Event.DRAW, SEED, 5)
             for agent in ("expert", "greedy")}
    assert draws["expert"] == draws["greedy"]


def test_a_tree_move_is_what_an_action_does_and_a_world_without_it_plays_greedys_choice() -> None:
    g = compiled(("expert", "greedy")).workspace()[0]
    g["cand"][0] = (Action.CAST, 7, 1, 3)
    g["cand"][1] = (Action.CAST, 7, 1, 4)  # the same card at another target: another move
    g["ps"][GAME, G_LISTED] = 2
    second = action_code(g["cand"], 1)
    assert second != action_code(g["cand"], 0) and PASS not in (second, action_code(g["cand"], 0))
    assert listed_action(g, second, 0) == 1
    assert listed_action(g, PASS, 0) == -1
    g["cand"][1] = (Action.CAST, 8, 1, 4)  # this world does not offer the move: greedy's choice
    assert listed_action(g, second, 0) == 0


def test_an_expert_side_without_settings_plays_and_stores_fortalezas_own_defaults() -> None:
    # sim.core.mcts.default_search: the fitted leaf reads a world best one turn after the player's own
    spec = {"name": "expert", "ruleset": "fortaleza", "kind": "games", "games": 1, "seed": SEED,
            "side": [{"faction": "china", "agent": "expert"}, {"faction": "china", "agent": "hard"}]}
    experiment = load_spec_dict(spec, Path("expert.toml"))
    assert experiment.spec_dict()["side"][0]["search"] == RULESET.expert_search.model_dump()
    assert RULESET.expert_search.horizon == 1
    assert list(experiment.compile().search[0]) == [8, 2, 1, 6]
