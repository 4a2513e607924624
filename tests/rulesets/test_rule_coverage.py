"""Invariant 2: every rule id a ruleset's rules.md documents is cited by a test named for it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(p.parent.name for p in (ROOT / "sim" / "rulesets").glob("*/rules.md"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_documented_rule_has_a_test_named_for_it(ruleset: str) -> None:
    documented = set(re.findall(r"\*\*([A-Z]-\d\d)\b", (ROOT / "sim" / "rulesets" / ruleset / "rules.md").read_text()))
    assert documented, f"{ruleset}/rules.md documents no rule ids"
    tests = "\n".join(p.read_text() for p in (ROOT / "tests" / "rulesets" / ruleset).glob("test_*.py"))
    prefix = next(iter(documented))[0]
    named = {f"{prefix}-{m[1:]}" for m in re.findall(r"def test_([a-z]\d\d)_", tests)}
    missing = sorted(documented - named)
    assert not missing, f"rules without a test named test_<id>_...: {missing}"
