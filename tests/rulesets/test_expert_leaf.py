"""What every game with an expert agent shares about its fitted leaf evaluation (leaf.py, leaf.json,
sim/core/leaf_file.py, sim/core/leaf_fit.py): the shipped file is what `sim fit-leaf` writes for the
arguments it names, and a game without an expert has nothing to fit.

Each game's own expert tests are in tests/rulesets/<game>/test_expert_agent.py.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from sim.cli import main
from sim.core.ruleset import get_ruleset, ruleset_names

WITH_EXPERT = [name for name in ruleset_names() if hasattr(get_ruleset(name), "fit_leaf")]


@pytest.mark.parametrize("game", WITH_EXPERT)
def test_the_shipped_leaf_evaluation_is_byte_for_byte_what_its_command_writes(game: str, tmp_path: Path) -> None:
    ruleset = get_ruleset(game)
    shipped = json.loads(ruleset.leaf_file.read_text(encoding="utf-8"))
    assert shipped["features"] == list(ruleset.leaf.feature_names)
    assert shipped["held_out_accuracy"] > shipped["hand_made_held_out_accuracy"], "the fit must beat the hand-made evaluation"
    command = shlex.split(shipped["trained_by"])
    assert command[:3] == ["sim", "fit-leaf", game], shipped["trained_by"]
    arguments = dict(zip(command[3::2], command[4::2]))
    out = tmp_path / "leaf.json"
    again = ruleset.fit_leaf(int(arguments["--seed"]), int(arguments["--games"]), arguments["--agent"], out)
    assert json.loads(out.read_text(encoding="utf-8")) == again
    assert out.read_bytes() == ruleset.leaf_file.read_bytes()


def test_fit_leaf_refuses_a_game_without_an_expert_naming_it(capsys) -> None:
    without = [name for name in ruleset_names() if name not in WITH_EXPERT]
    if not without:
        pytest.skip("every registered game has an expert agent")
    assert main(["fit-leaf", without[0], "--games", "10"]) == 2
    assert f"{without[0]} has no expert agent" in capsys.readouterr().err
