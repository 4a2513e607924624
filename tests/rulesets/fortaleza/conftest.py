"""Shared set-ups for the fortaleza tests: small runs and traced games, compiled once per session."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.rulesets.fortaleza import RULESET
from sim.rulesets.fortaleza.constants import Event
from sim.rulesets.fortaleza.scenario import Scenario
from sim.run.spec import load_spec_dict

SEED = 20261130


def make_config(a: str = "china", b: str = "japon", agents: tuple[str, str] = ("greedy", "greedy"),
                params: dict | None = None, games: int = 1000, seats: str = "mirrored", config_id: str = "base"):
    spec = {"name": "t", "ruleset": "fortaleza", "games": games, "seed": SEED, "seats": seats,
            "params": params or {}, "side": [{"faction": a, "agent": agents[0]}, {"faction": b, "agent": agents[1]}]}
    return load_spec_dict(spec, Path("test.toml")).compile(config_id)


def events_of(events: np.ndarray, code: Event) -> np.ndarray:
    return events[events[:, 2] == code]


@pytest.fixture(scope="session")
def traced_games():
    """Twelve traced greedy games of China against Japón, with debug checks on."""
    config = make_config(params={"debug_checks": True})
    return [RULESET.trace_unit(config, SEED, u) for u in range(12)]


@pytest.fixture(scope="session")
def greedy_rows():
    config = make_config(params={"debug_checks": True})
    rows, counters = RULESET.play_chunk(config, SEED, 0, 2000)
    return rows, counters


@pytest.fixture
def s() -> Scenario:
    """China (side A, active, turn 3 of the game) against Japón, nothing on the field."""
    return Scenario.from_factions("china", "japon")
