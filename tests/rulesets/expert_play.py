"""What the games' expert tests (tests/rulesets/<game>/test_expert_agent.py) read from play the same
way: side A's score over a batch's records, and the cards side B draws in a traced game."""

from __future__ import annotations

import numpy as np

from sim.core.records import RecordCol


def side_a_score(rows: np.ndarray) -> tuple[float, int]:
    """Side A's score over the records (a win 1, a draw 1/2) and the number of games."""
    winner = rows[:, RecordCol.WINNER]
    return float(np.sum(winner == 0) + 0.5 * np.sum(winner < 0)), len(winner)


def side_b_draws(ruleset: object, compiled: object, draw_event: int, seed: int, n: int, unit: int = 3) -> list[int]:
    """The first n cards side B draws in game `unit` of a compiled config (its trace's draw events)."""
    events = ruleset.trace_unit(compiled, seed, unit)[1]
    return [int(e[3]) for e in events if e[1] == 1 and e[2] == draw_event][:n]
