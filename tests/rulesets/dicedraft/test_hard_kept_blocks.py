"""A hard put-down search's later candidates take the first candidate's attack and blocks in a kept
world (hard.attack_after_put_down): the same combat as one chosen afresh."""

from __future__ import annotations

import numpy as np

from sim.rulesets.dicedraft.hard import attack_after_put_down, copy_play_state
from sim.rulesets.dicedraft.scenario import Scenario, card, die
from sim.rulesets.dicedraft.state import G_TRACED, G_TURN, GAME, KEPT_WORLDS, SC_BLOCKED, sync_masks


def test_a_later_candidate_fights_the_kept_blocks_as_if_chosen_again() -> None:
    s = Scenario.from_cards(
        a=[card("A1", atq=4, def_=3), card("A2", atq=3, def_=2), card("A3", atq=2, def_=5), card("A4", atq=5, def_=5)],
        b=[card("B1", atq=3, def_=4), card("B2", atq=2, def_=3)],
        dice=[die("D-ATQ", 6, "atq"), die("D-DEF", 6, "def")],
    )
    s.put(0, "A1", "A2", "A3")
    s.put(1, "B1", "B2", "D-DEF")
    s.set_lives(1, 3)  # the attack is urgent: the defender blocks
    turn = int(s.ps[GAME, G_TURN])
    g, world = s.ws[0], s.ws[1]

    def candidate(put: str, i: int, w: int) -> tuple:
        """The attack after `put` is put down this turn, as candidate i in world w; the world after."""
        s.put(0, "A4", "D-ATQ", zone="hand", revealed=False)
        s.put(0, put, revealed=False, entered=turn)
        sync_masks(g)
        copy_play_state(g, world)
        world["ps"][GAME, G_TRACED] = 0
        world["rng"][:] = g["rng"]
        attack_after_put_down(world, 0, i, w)
        nf = int(world["dealt_nf"][0])
        return (world["cs"].copy(), world["ps"].copy(), world["fights"][:nf].copy(),
                world["scratch"][SC_BLOCKED].copy(), nf)

    candidate("A4", 0, 0)  # the first candidate: its attack and blocks kept in world 0
    assert world["dealt_nf"][0] > 0
    kept = candidate("D-ATQ", 1, 0)  # a die put down: the attack and blocks the same, the dice chain not
    fresh = candidate("D-ATQ", 1, KEPT_WORLDS)  # a world not kept: all chosen again
    for k, f in zip(kept[:4], fresh[:4]):
        assert np.array_equal(k, f)
