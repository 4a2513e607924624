"""legal.py, what a player may do now, apart from the agents that choose (issue 14)."""

from __future__ import annotations

import ast
from pathlib import Path

from sim.rulesets.fortaleza.constants import N_DESIGNS, Action, Field, Kind, Target
from sim.rulesets.fortaleza.legal import add_targets
from sim.rulesets.fortaleza.scenario import Scenario
from sim.rulesets.fortaleza.state import PS_KIND

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


def test_the_kind_masks_sort_every_design_by_its_kind():
    """list_actions' walk leaves cards out by ps[p, PS_KIND + kind] (set with the other design
    masks): each design in the mask of its printed kind, and in no other."""
    s = Scenario.from_factions("china", "japon")
    ps, tab = s.g["ps"], s.g["tab"]
    for side in range(2):
        for c in range(N_DESIGNS):
            kinds = [k for k in Kind if ps[side, PS_KIND + k] >> c & 1]
            assert kinds == [tab[side, c, Field.KIND]], (side, c, kinds)
