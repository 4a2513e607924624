"""A spec is game-neutral: each ruleset declares its side options, unit kinds and agents, and the spec
checks a [[side]], a `kind` and an ablation's budget steps against the ruleset it names."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.core.errors import InputError
from sim.run.spec import load_spec_dict


def spec(ruleset: str, side_a: dict | None = None, **top: object) -> dict:
    factions = ("aranas", "ciempies") if ruleset == "dicedraft" else ("china", "japon")
    return {"name": "t", "ruleset": ruleset, "games": 10, "seed": 1, **top,
            "side": [{"faction": factions[0], **(side_a or {})}, {"faction": factions[1]}]}


def test_a_dicedraft_side_spells_out_its_drafter_and_budget_and_a_fortaleza_side_has_neither() -> None:
    dice = load_spec_dict(spec("dicedraft", {"budget": 120}), Path("t.toml"))
    assert dice.spec_dict()["side"][0] == {"faction": "aranas", "label": None, "agent": "greedy", "weights": {},
                                                "draft": "greedy", "budget": 120}
    assert dice.spec_dict()["side"][1]["budget"] is None
    options = dice.match_config().sides[0].options
    assert (options.draft, options.budget) == ("greedy", 120)
    fort = load_spec_dict(spec("fortaleza"), Path("t.toml"))
    assert set(fort.spec_dict()["side"][0]) == {"faction", "label", "agent", "weights"}


@pytest.mark.parametrize("ruleset, side_a, top, message", [
    ("fortaleza", {"budget": 100}, {}, r"t.toml: side\[1\].budget: a fortaleza side has no 'budget'; it takes "
                                       r"faction, label, agent, weights"),
    ("fortaleza", {"draft": "random"}, {}, r"side\[1\].draft: a fortaleza side has no 'draft'"),
    ("dicedraft", {"draft": "smart"}, {}, r"side\[1\].draft: Input should be 'random' or 'greedy' \(got \"smart\"\)"),
    ("dicedraft", {"budget": "100"}, {}, r"side\[1\].budget: Input should be a valid integer \(got \"100\"\)"),
    ("dicedraft", {"budgte": 100}, {}, r"side\[1\].budgte: a dicedraft side has no 'budgte'; it takes faction, "
                                       r"label, agent, weights, search, draft, budget"),
    ("fortaleza", {"agent": "expret"}, {}, r"side\[1\].agent: fortaleza has no agent 'expret'; the agents are random, "
                                           r"greedy, hard, expert"),
    ("fortaleza", {}, {"kind": "story"}, r"t.toml: kind: fortaleza plays 'games', not 'story'"),
    ("dicedraft", {}, {"kind": "league"}, r"kind: dicedraft plays 'games' or 'story' or 'best_of_three', not 'league'"),
])
def test_a_side_option_kind_or_agent_the_ruleset_does_not_have_is_refused_by_name(
        ruleset: str, side_a: dict, top: dict, message: str) -> None:
    with pytest.raises(InputError, match=message):
        load_spec_dict(spec(ruleset, side_a, **top), Path("t.toml"))


def test_an_ablation_steps_down_from_the_budget_parameter_and_a_game_without_one_refuses_the_steps() -> None:
    dice = load_spec_dict(spec("dicedraft", params={"budget": 120}, ablation={"cards": ["AR-01"], "budget_step": 5}),
                          Path("t.toml"))
    assert list(dice.config_experiments()) == ["base", "without=AR-01", "side1.budget=115", "side1.budget=110",
                                               "side1.budget=105"]
    fort = load_spec_dict(spec("fortaleza", ablation={"cards": ["CH-001"], "budget_step": 5}), Path("t.toml"))
    with pytest.raises(InputError, match=r"ablation.budget_step: fortaleza sides have no draft budget"):
        fort.config_experiments()


def test_a_sweep_over_a_side_option_the_ruleset_lacks_is_refused() -> None:
    sweep = {"axis": [{"side": 1, "field": "budget", "values": [100, 110]}]}
    with pytest.raises(InputError, match=r"sweep axis side1.budget: a fortaleza side has no field 'budget'; "
                                         r"choose agent, faction, label, weights.<name> or search.<name>"):
        load_spec_dict(spec("fortaleza", sweep=sweep), Path("t.toml"))
    dice = load_spec_dict(spec("dicedraft", sweep=sweep), Path("t.toml"))
    assert [c.match_config().sides[0].options.budget for c in dice.config_experiments().values()] == [None, 100, 110]
