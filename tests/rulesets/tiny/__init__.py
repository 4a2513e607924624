"""The tiny game: a test-only ruleset of a few hundred lines, built on the same file stack as the real
games (rules.md, cards/, cards.py, params.py, constants.py, state.py, legal.py, agents.py, game.py,
kernels.py, trace.py, hidden.py, engine.py, scenario.py) and on the shell docs/adding-a-game.md
recommends (sim.core.ruleset.GameRecordShell), and passing the same contract
(tests/rulesets/test_contract.py): the worked example of docs/adding-a-game.md. Importing it
registers it, so `get_ruleset("tiny")` finds it.

Its kernels are cached like the engine's (sim/__init__.py), in a folder keyed by a hash of this
folder's source (its rule tests left out): numba notices an edit to a function's own file, not to
a function it calls in another file (an edit to game.py would leave kernels.py's cached play_range
playing the old rules).
"""

import hashlib
from pathlib import Path

from numba.core import config

import sim.core.bitsets  # noqa: F401 (the engine's kernels stay in the engine's cache folder)
import sim.core.forced_draw  # noqa: F401
import sim.core.hand_and_deck  # noqa: F401
import sim.core.records  # noqa: F401
import sim.core.rng  # noqa: F401
from sim.core.ruleset import register_ruleset


def _source_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        if path.name.startswith("test_"):
            continue  # the rule tests hold no kernels
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


_engine_cache = config.CACHE_DIR
config.CACHE_DIR = str(Path(_engine_cache) / f"tiny-{_source_digest()}") if _engine_cache else _engine_cache
try:  # numba fixes a function's cache folder when it is decorated, that is, on import
    from tests.rulesets.tiny.engine import RULESET
finally:
    config.CACHE_DIR = _engine_cache

register_ruleset(RULESET)

__all__ = ["RULESET"]
