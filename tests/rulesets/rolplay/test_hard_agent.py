"""Rolplay's hard agent (hard.py): it beats greedy, plays the same games on any thread count and
chunking, and its settings reach the kernels. The contract test checks its hidden information and
card conservation (tests/rulesets/test_contract.py)."""

from __future__ import annotations

import numpy as np

from sim.analysis.intervals import wilson_interval
from sim.core.match import MatchConfig, SideConfig
from sim.core.records import RecordCol
from sim.core.search import SearchSettings
from sim.rulesets.rolplay.engine import RULESET
from sim.rulesets.rolplay.hard import enter_world, list_modes, observe, play_out
from tests.rulesets.search_worlds import positions_to_search

SEED = 20261202


def hard_match(deck: str = "carga_25", search: SearchSettings | None = None) -> MatchConfig:
    return MatchConfig("rolplay hard test", (SideConfig(deck, "A:hard", "hard", search=search),
                                             SideConfig(deck, "B:greedy", "greedy")))


def test_hard_beats_greedy_in_the_carga_mirror() -> None:
    rows, _ = RULESET.play_chunk(RULESET.compile(hard_match()), SEED, 0, 2000)
    w = rows[:, RecordCol.WINNER]
    score = float(((w == 0) + 0.5 * (w == -1)).sum())
    low, _ = wilson_interval(score, len(w))
    assert low > 0.55, score / len(w)  # measured 61.0% of 1,000 and 65.5% of 400 (rules.md)


def test_hard_plays_the_same_games_on_any_threads_and_chunking() -> None:
    compiled = RULESET.compile(hard_match())
    one, c1 = RULESET.play_chunk(compiled, SEED, 0, 60, threads=1)
    two, c2 = RULESET.play_chunk(compiled, SEED, 0, 60, threads=2)
    parts = np.concatenate([RULESET.play_chunk(compiled, SEED, lo, 20, threads=1)[0] for lo in (0, 20, 40)])
    assert np.array_equal(one, two) and np.array_equal(c1, c2) and np.array_equal(one, parts)


def test_the_search_settings_reach_the_kernels() -> None:
    narrow = RULESET.compile(hard_match(search=SearchSettings(samples=1, width=2)))
    wide = RULESET.compile(hard_match())
    a, _ = RULESET.play_chunk(narrow, SEED, 0, 40, threads=1)
    b, _ = RULESET.play_chunk(wide, SEED, 0, 40, threads=1)
    assert not np.array_equal(a, b)
    decisions = RULESET.searched_decisions(wide, SEED, 0, 10)
    assert (decisions[:, 0] > 0).all() and (decisions[:, 1] == 0).all()


def test_each_candidate_meets_the_world_observe_deals() -> None:
    """The search deals each world once, for its first candidate, and the others take it back from
    g.kept_* (hard.enter_world): every world it hands a candidate, after the rollouts of the
    candidates before, is the one observe deals from the game, in every card row, player and game
    column and stream."""
    compared = 0
    for g, world, reference, p in positions_to_search(RULESET, SEED):
        n = list_modes(g, p, 6)
        for i in range(3):
            for w in range(3):
                enter_world(g, world, p, np.int64(5), np.int64(w), np.int64(0), np.int64(w), i == 0)
                observe(g, reference[1], p, np.int64(5), np.int64(w), np.int64(0))
                for field in ("cs", "ps", "rng"):
                    assert np.array_equal(world[field], reference[1][field]), (field, compared, i, w)
                play_out(world, p, g["options"][i % n], np.int64(2))  # a rollout changes the world
                compared += 1
    assert compared >= 90
