"""Shared fixtures: a compiled default config and small batches played once per test session."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.rulesets.dicedraft import RULESET
from sim.rulesets.dicedraft.constants import Event
from sim.run.spec import load_spec_dict

SEED = 20261130


def make_config(kind: str = "games", agents: tuple[str, str] = ("greedy", "greedy"), factions=("aranas", "ciempies"),
                params: dict | None = None, budgets=(None, None), drafts=None, seats: str = "mirrored"):
    drafts = drafts or agents
    sides = []
    for faction, agent, draft, budget in zip(factions, agents, drafts, budgets):
        side = {"faction": faction, "agent": agent, "draft": draft}
        if budget is not None:
            side["budget"] = budget
        sides.append(side)
    spec = {"name": "test", "ruleset": "dicedraft", "kind": kind, "games": 1, "seed": SEED, "seats": seats,
            "params": params or {}, "side": sides}
    return load_spec_dict(spec, Path("test.toml")).compile()


@pytest.fixture(scope="session")
def greedy_config():
    return make_config()


@pytest.fixture(scope="session")
def greedy_games(greedy_config):
    rows, counters = RULESET.play_chunk(greedy_config, SEED, 0, 4000)
    return RULESET.games_frame(greedy_config, rows), rows, counters


@pytest.fixture(scope="session")
def traced_games(greedy_config):
    """Events of 40 traced games, as (rows, events) pairs."""
    return [RULESET.trace_unit(greedy_config, SEED, u) for u in range(40)]


def events_of(events: np.ndarray, code: Event) -> np.ndarray:
    return events[events[:, 2] == code]
