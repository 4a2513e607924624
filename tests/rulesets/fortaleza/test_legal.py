"""legal.py, what a player may do now, apart from the agents that choose (issue 14)."""

from __future__ import annotations

import ast
from pathlib import Path

from sim.rulesets.fortaleza.constants import Action, Target
from sim.rulesets.fortaleza.legal import add_targets
from sim.rulesets.fortaleza.scenario import Scenario

PACKAGE_DIR = Path(__file__).resolve().parents[3] / "sim" / "rulesets" / "fortaleza"


def _functions(name: str) -> set[str]:
    tree = ast.parse((PACKAGE_DIR / f"{name}.py").read_text())
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_the_agents_define_none_of_the_legality_checks():
    legal = _functions("legal")
    moved = {"can_attack", "can_block", "chain_full", "ready_trap", "recoverable", "list_actions", "add_targets"}
    assert moved <= legal
    assert not legal & _functions("agents")


def _targets(s: Scenario, c: int, target: Target, first_row: int = 0) -> list[tuple[int, int]]:
    """The (target side, target card + 1) rows add_targets writes for side A's card c from first_row."""
    n = add_targets(s.g, first_row, 0, c, target, Action.CAST)
    return [(int(s.cand[i, 2]), int(s.cand[i, 3])) for i in range(first_row, n)]


def test_a_cards_legal_targets_are_one_row_each_side_a_first_in_design_order(s):
    s.put(0, "CH-001")
    s.put(1, "JP-007", "JP-002")
    c = s.index(0, "CH-001")
    theirs = sorted([(1, s.index(1, "JP-002") + 1), (1, s.index(1, "JP-007") + 1)])
    assert _targets(s, c, Target.ENEMY_UNIT) == theirs
    assert _targets(s, c, Target.OWN_UNIT) == [(0, c + 1)]
    assert _targets(s, c, Target.ANY_UNIT) == [(0, c + 1)] + theirs
    assert _targets(s, c, Target.ANY_UNIT, first_row=5) == [(0, c + 1)] + theirs  # appended after row 5
    assert _targets(s, c, Target.ENEMY_ATTACKER) == []  # nobody attacks in a main phase (rule F-03)
    assert _targets(s, c, Target.ENEMY_ARTIFACT) == []
    s.put(1, "JP-039", zone="support")
    assert _targets(s, c, Target.ENEMY_ARTIFACT) == [(1, s.index(1, "JP-039") + 1)]
