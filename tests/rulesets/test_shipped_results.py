"""The shipped experiments play the games they played when the ruleset last took its version: every
config's record rows, card counters and traces (scripts/result_digests.py, first 400 units of each
config, 40 where a side searches) match tests/golden/result_digests.json. A change that moves games without a new ruleset
version fails here; one that bumps the version (with its line in rules.md's version history)
regenerates the file:

    python scripts/result_digests.py --write tests/golden/result_digests.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from result_digests import EXPERIMENTS, all_digests, differences, ruleset_versions  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "result_digests.json"


def test_the_shipped_specs_play_the_same_games_until_the_ruleset_version_changes() -> None:
    stored = json.loads(GOLDEN.read_text(encoding="utf-8"))
    regenerate = f"python scripts/result_digests.py --write {GOLDEN.relative_to(ROOT)}"
    assert stored["versions"] == ruleset_versions(), (
        f"ruleset versions changed from {stored['versions']}: regenerate the digests with `{regenerate}`")
    assert sorted(stored["specs"]) == sorted(p.name for p in EXPERIMENTS.glob("*.toml")), (
        f"the shipped specs changed: regenerate the digests with `{regenerate}`")
    now = all_digests([EXPERIMENTS / name for name in stored["specs"]], stored["units"], stored["traces"])
    moved = differences(stored, now)
    assert not moved, ("games moved without a new ruleset version (bump it, with a line in its rules.md "
                       f"version history, then `{regenerate}`):\n" + "\n".join(moved[:20]))
