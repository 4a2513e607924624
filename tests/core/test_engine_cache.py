"""The kernels' on-disk cache (sim/__init__.py) is shared by every process of the machine: the tests,
then a designer's `sim` commands. A kernel of sim/ that the test game (tests/rulesets/tiny) calls
with its own types would keep a version for them in the shared cache's index, by their module, and a
`sim` command, which cannot import `tests`, would fail reading that index (ModuleNotFoundError) the
next time it compiles a kernel calling it."""

from __future__ import annotations

import os
from pathlib import Path

from tests.rulesets.tiny import RULESET
from tests.rulesets.tiny.test_rules import compiled


def test_the_test_game_leaves_no_trace_of_itself_in_the_shared_kernels_cache() -> None:
    config = compiled()
    events, _ = RULESET.trace_unit(config, 7, 0)  # a traced game: every event goes through sim.core.records
    assert len(events) > 0
    folder = Path(os.environ["NUMBA_CACHE_DIR"])
    shared = [p for p in folder.rglob("*.nbi") if not p.relative_to(folder).parts[0].startswith("tiny")]
    assert shared, f"no cache index under {folder}"
    naming_tests = [str(p.relative_to(folder)) for p in shared if b"tests.rulesets" in p.read_bytes()]
    assert not naming_tests, f"shared kernels cached with the test game's types: {naming_tests}"
