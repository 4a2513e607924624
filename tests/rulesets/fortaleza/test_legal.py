"""legal.py, what a player may do now, apart from the agents that choose (issue 14)."""

from __future__ import annotations

import ast
from pathlib import Path

from sim.rulesets.fortaleza.constants import Target
from sim.rulesets.fortaleza.legal import list_targets

PACKAGE_DIR = Path(__file__).resolve().parents[3] / "sim" / "rulesets" / "fortaleza"


def _functions(name: str) -> set[str]:
    tree = ast.parse((PACKAGE_DIR / f"{name}.py").read_text())
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_the_agents_define_none_of_the_legality_checks():
    legal = _functions("legal")
    assert {"can_attack", "can_block", "ready_trap", "recoverable", "list_actions", "list_targets"} <= legal
    assert not legal & _functions("agents")


def test_a_triggers_legal_targets_are_one_row_each_side_a_first_in_design_order(s):
    s.put(0, "CH-001")
    s.put(1, "JP-007", "JP-002")
    c = s.index(0, "CH-001")
    jp_002, jp_007 = s.index(1, "JP-002"), s.index(1, "JP-007")
    rows = lambda n: [tuple(int(x) for x in s.cand[i, 2:]) for i in range(n)]  # noqa: E731 (target side, card + 1)
    assert rows(list_targets(s.g, 0, c, Target.ENEMY_UNIT)) == sorted([(1, jp_002 + 1), (1, jp_007 + 1)])
    assert rows(list_targets(s.g, 0, c, Target.OWN_UNIT)) == [(0, c + 1)]
    assert rows(list_targets(s.g, 0, c, Target.ANY_UNIT)) == [(0, c + 1)] + sorted([(1, jp_002 + 1), (1, jp_007 + 1)])
    assert list_targets(s.g, 0, c, Target.ENEMY_ATTACKER) == 0  # nobody attacks in a main phase (rule F-03)
    assert list_targets(s.g, 0, c, Target.ENEMY_ARTIFACT) == 0
    s.put(1, "JP-039", zone="support")
    assert rows(list_targets(s.g, 0, c, Target.ENEMY_ARTIFACT)) == [(1, s.index(1, "JP-039") + 1)]
