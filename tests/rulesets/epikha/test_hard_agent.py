"""Epikha's hard agent (hard.py): the worlds a search hands its candidates."""

from __future__ import annotations

import numpy as np

from sim.rulesets.epikha.engine import RULESET
from sim.rulesets.epikha.hard import list_attacks, observe, observe_dealt, play_out
from sim.rulesets.epikha.state import G_N_PENDING, GAME
from tests.rulesets.search_worlds import positions_to_search

SEED = 20261206


def test_each_candidate_meets_the_world_a_whole_copy_of_the_game_would_deal():
    """observe_dealt copies back only what a rollout may change (restore_dealt) and deals a search's
    later worlds over the kept one (deal_world, keep_deal): every world it hands a candidate, after
    the rollouts of the candidates before, is the one observe deals from a whole copy of the game,
    in every card row, every player and game column, the pending entries and the streams."""
    compared = 0
    for g, world, reference, p in positions_to_search(RULESET, SEED):
        n = list_attacks(g, p, 6)
        g["dealt_world"][0] = 0  # forget_dealt: a new search
        for sample in range(3):
            for i in range(3):
                observe_dealt(g, world, p, np.int64(5), np.int64(sample), np.int64(0))
                observe(g, reference[1], p, np.int64(5), np.int64(sample), np.int64(0))
                want = reference[1]
                assert np.array_equal(world["cs"], want["cs"]), (compared, sample, i)
                assert np.array_equal(world["ps"], want["ps"]), (compared, sample, i)
                pending = want["ps"][GAME, G_N_PENDING]
                assert np.array_equal(world["pend"][:pending], want["pend"][:pending])
                assert np.array_equal(world["rng"], want["rng"])
                play_out(world, p, g["options"][i % n], np.int64(2))  # a rollout changes the world
                compared += 1
    assert compared >= 90
