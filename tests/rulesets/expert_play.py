"""What the games' expert tests (tests/rulesets/<game>/test_expert_agent.py) do the same way: compile a
spec whose expert sides search with given settings, read side A's score over a batch's records and
the cards side B draws in a traced game."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core.records import RecordCol
from sim.run.spec import load_spec_dict


def side_a_score(rows: np.ndarray) -> tuple[float, int]:
    """Side A's score over the records (a win 1, a draw 1/2) and the number of games."""
    winner = rows[:, RecordCol.WINNER]
    return float(np.sum(winner == 0) + 0.5 * np.sum(winner < 0)), len(winner)


def side_b_draws(ruleset: object, compiled: object, draw_event: int, seed: int, n: int, unit: int = 3) -> list[int]:
    """The first n cards side B draws in game `unit` of a compiled config (its trace's draw events)."""
    events = ruleset.trace_unit(compiled, seed, unit)[1]
    return [int(e[3]) for e in events if e[1] == 1 and e[2] == draw_event][:n]


def compiled_spec(game: str, sides: list[dict], seed: int, search: dict | None = None, games: int = 1):
    """A games spec of `game` with these sides (faction, agent and the game's own keys), its expert
    sides searching with `search` when given, compiled as `sim run` compiles it."""
    sides = [{**side, "search": search} if side["agent"] == "expert" and search is not None else side for side in sides]
    spec = {"name": "expert", "ruleset": game, "kind": "games", "games": games, "seed": seed, "side": sides}
    return load_spec_dict(spec, Path("expert.toml")).compile()
