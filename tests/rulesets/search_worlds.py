"""What the hard agents' world tests (tests/rulesets/<game>/test_hard_agent.py) do the same way: walk
positions reached by play where the game goes on, with a copy of the workspace to deal the reference
world into."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np


def positions_to_search(ruleset: object, seed: int, n: int = 16) -> Iterator[tuple]:
    """(the game, its search world, a copy of the workspace, the player to move) at up to n positions of
    greedy play (`positions_in_play`) whose game is not over."""
    for ws, p in ruleset.positions_in_play(seed, n, "greedy", np.random.default_rng(1)):
        if ws[0]["ps"][ruleset.game_over]:
            continue
        yield ws[0], ws[1], ws.copy(), p
