"""The hard agent (hard.py, sim/core/search.py): stronger than greedy, deterministic, its settings read.

Its hidden-information check and card conservation with it run in tests/rulesets/test_contract.py.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.analysis.intervals import wilson_interval
from sim.core.records import RecordCol
from sim.rulesets.dicedraft import RULESET
from sim.rulesets.dicedraft.constants import Col, Event
from sim.run.spec import load_spec_dict

SEED = 20261201


def compiled(agents: tuple[str, str], faction: str = "aranas", search: dict | None = None, kind: str = "games"):
    sides = []
    for agent in agents:
        side = {"faction": faction, "agent": agent, "draft": "greedy"}
        if agent == "hard" and search is not None:
            side["search"] = search
        sides.append(side)
    spec = {"name": "hard", "ruleset": "dicedraft", "kind": kind, "games": 1, "seed": SEED, "side": sides}
    return load_spec_dict(spec, Path("hard.toml")).compile()


def side_a_score(rows: np.ndarray) -> tuple[float, int]:
    winner = rows[:, RecordCol.WINNER]
    return float(np.sum(winner == 0) + 0.5 * np.sum(winner < 0)), len(winner)


@pytest.mark.parametrize("faction", ["aranas", "ciempies"])
def test_hard_beats_greedy_on_mirrored_decks(faction: str) -> None:
    # the same decks on both sides, each deal played with both seatings: only the play differs
    config = compiled(("hard", "greedy"), faction)
    rows, _ = RULESET.play_chunk(config, SEED, 0, 2000)
    wins, n = side_a_score(rows)
    low, high = wilson_interval(wins, n)
    assert low > 0.6, f"hard scored {wins / n:.3f} of {n} games against greedy ({faction} mirror), 95% [{low:.3f}, {high:.3f}]"


def test_hard_games_are_identical_on_any_threads_and_chunking() -> None:
    config = compiled(("hard", "hard"), "aranas", {"samples": 4, "horizon": 2})
    one, counters_one = RULESET.play_chunk(config, SEED, 0, 64, threads=1)
    two, counters_two = RULESET.play_chunk(config, SEED, 0, 64, threads=2)
    first, c1 = RULESET.play_chunk(config, SEED, 0, 24, threads=1)
    rest, c2 = RULESET.play_chunk(config, SEED, 24, 40, threads=2)
    assert np.array_equal(one, two) and np.array_equal(counters_one, counters_two)
    assert np.array_equal(one, np.vstack([first, rest])) and np.array_equal(counters_one, c1 + c2)


def test_search_settings_reach_the_kernels() -> None:
    # one sample and a horizon of one turn play other games than the defaults; the drafted decks
    # (the game's own streams) stay the same: the agent draws from streams of its own
    weak = RULESET.play_chunk(compiled(("hard", "greedy"), search={"samples": 1, "horizon": 1}), SEED, 0, 200)[0]
    default = RULESET.play_chunk(compiled(("hard", "greedy")), SEED, 0, 200)[0]
    assert not np.array_equal(weak[:, RecordCol.WINNER], default[:, RecordCol.WINNER])
    assert np.array_equal(weak[:, Col.DECK_A:Col.DECK_A + 2], default[:, Col.DECK_A:Col.DECK_A + 2])


def test_a_hard_side_leaves_the_games_dice_and_shuffles_alone() -> None:
    # the greedy side draws its deck in the order the game's shuffle stream gave it, whoever its
    # opponent is: a hard opponent's search must not draw from the game's streams (paired
    # comparisons across agent levels)
    def greedy_side_draws(agents: tuple[str, str]) -> list[int]:
        events = RULESET.trace_unit(compiled(agents), SEED, 3)[1]
        return [int(e[3]) for e in events if e[1] == 1 and e[2] == Event.DRAW][:10]

    assert len(greedy_side_draws(("greedy", "greedy"))) == 10
    assert greedy_side_draws(("hard", "greedy")) == greedy_side_draws(("greedy", "greedy"))
