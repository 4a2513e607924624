"""The greedy attack weighs the face-down cards on the other side as one pictured blocker, but
counts each of them as a block slot (agents.visible_blockers, _greedy_attackers): a walk of the
masks that skipped them as slots would send a weak attack all out against a defender on one life."""

from __future__ import annotations

import numpy as np

from sim.rulesets.dicedraft.agents import choose_attackers
from sim.rulesets.dicedraft.constants import Weight
from sim.rulesets.dicedraft.legal import list_attackers
from sim.rulesets.dicedraft.scenario import Scenario, card
from sim.rulesets.dicedraft.state import SC_ATTACKERS, sync_masks


def _attack(face_down: int) -> tuple:
    """The greedy attack of two weak characters on a defender with one life and `face_down` cards
    face down; and what each attacker's own weighing says (rule D-07, no all-out attack)."""
    s = Scenario.from_cards(
        a=[card("A1", atq=1, def_=1), card("A2", atq=1, def_=1)],
        b=[card(f"B{i}", atq=5, def_=5, cost=3) for i in range(1, 4)],
    )
    s.put(0, "A1", "A2")
    s.put(1, *[f"B{i}" for i in range(1, face_down + 1)], revealed=False)
    s.set_lives(1, 1)
    sync_masks(s.g)
    side = np.int64(0)
    n = choose_attackers(s.g, side, list_attackers(s.g, side))
    chosen = tuple(int(c) for c in s.scratch[SC_ATTACKERS, :n])
    # each is blocked by the pictured average (ATQ 5 kills it, its ATQ 1 kills nothing): it attacks
    # when its aggression is worth more than its own value
    alone = tuple(c for c in (0, 1) if -s.g["val"][0, 0, c] + s.g["w"][0, Weight.AGGRESSION] * 1.0 >= 0.0)
    return chosen, alone


def test_every_face_down_card_is_a_block_slot() -> None:
    one, _ = _attack(1)
    assert one == (0, 1)  # two attackers, one slot: the unblocked one is lethal (all out)
    two, alone = _attack(2)
    assert alone != (0, 1)  # the case is meaningful: weighed alone, not both attack
    assert two == alone  # two slots for two attackers: no all-out attack
    three, alone = _attack(3)
    assert three == alone
