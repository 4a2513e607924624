"""A hard side's `[side.search]` in a spec: validated strictly, spelled out when stored, swept like any
side field (sim/run/spec.py, sim/core/search.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.core.errors import InputError
from sim.run.spec import load_spec_dict


def spec(first: dict, kind: str = "games", sweep: dict | None = None) -> dict:
    data = {"name": "s", "ruleset": "dicedraft", "kind": kind, "games": 2, "seed": 1,
            "side": [{"faction": "aranas", **first}, {"faction": "ciempies"}]}
    if sweep:
        data["sweep"] = sweep
    return data


@pytest.mark.parametrize("first,words", [
    ({"agent": "greedy", "search": {"samples": 4}}, "side[1].search: only the hard and expert agents search"),
    ({"agent": "hard", "search": {"samples": "8"}}, "samples"),
    ({"agent": "hard", "search": {"samples": 0}}, "samples"),
    ({"agent": "hard", "search": {"depth": 3}}, "depth"),
    ({"agent": "hard", "search": {"horizon": 2.5}}, "horizon"),
])
def test_bad_search_settings_name_the_side_and_field(first: dict, words: str) -> None:
    with pytest.raises(InputError) as error:
        load_spec_dict(spec(first), Path("bad.toml"))
    assert "bad.toml" in str(error.value) and words in str(error.value)


def test_an_expert_side_without_settings_stores_and_plays_the_experts_defaults() -> None:
    experiment = load_spec_dict(spec({"agent": "expert"}), Path("s.toml"))
    assert experiment.spec_dict()["side"][0]["search"] == {"samples": 8, "rollouts": 2, "horizon": 2, "width": 6}
    assert experiment.compile().search[0].tolist() == [8, 2, 2, 6]


def test_a_hard_side_stores_every_setting_and_a_greedy_side_none() -> None:
    experiment = load_spec_dict(spec({"agent": "hard", "search": {"samples": 4}}), Path("s.toml"))
    sides = experiment.spec_dict()["side"]
    assert sides[0]["search"] == {"samples": 4, "rollouts": 1, "horizon": 2, "width": 6}
    assert "search" not in sides[1]  # the hash of a spec without hard sides is as it was before
    assert experiment.compile().search[0].tolist() == [4, 1, 2, 6]


def test_story_bots_are_hard_unless_the_spec_names_their_agent() -> None:
    # rule D-17: the source's bots use "razonamiento difícil"
    story = load_spec_dict(spec({}, kind="story"), Path("s.toml")).spec
    assert (story.sides[0].agent, story.sides[1].agent) == ("greedy", "hard")
    named = spec({}, kind="story")
    named["side"][1]["agent"] = "greedy"
    assert load_spec_dict(named, Path("s.toml")).spec.sides[1].agent == "greedy"


def test_an_agent_sweep_plays_its_greedy_point_without_search_settings() -> None:
    sweep = {"axis": [{"side": 1, "field": "agent", "values": ["greedy", "hard"]},
                      {"side": 1, "field": "search.samples", "values": [4, 8]}]}
    experiment = load_spec_dict(spec({"agent": "hard"}, sweep=sweep), Path("s.toml"))
    agents = {config_id: e.spec.sides[0] for config_id, e in experiment.config_experiments().items()}
    assert any(side.agent == "greedy" and side.search is None for side in agents.values())
    assert {side.search.samples for side in agents.values() if side.agent == "hard"} == {4, 8}
