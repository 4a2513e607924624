"""The kernels' on-disk cache (sim/__init__.py) is shared by every process of the machine and every
checkout of the same source (sim/core/kernel_cache.py): a second process, or a fresh clone, plays
without compiling; and numba can cache every kernel of every game.

It is shared by the tests, then a designer's `sim` commands. A kernel of sim/ that the test game (tests/rulesets/tiny) calls
with its own types would keep a version for them in the shared cache's index, by their module, and a
`sim` command, which cannot import `tests`, would fail reading that index (ModuleNotFoundError) the
next time it compiles a kernel calling it."""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from numba.core import config
from numba.core.dispatcher import Dispatcher

from sim.core import kernel_cache
from sim.core.agents import SEARCHING
from sim.core.kernel_cache import PackagePathLocator
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.ruleset import get_ruleset, ruleset_names
from sim.core.search import SearchSettings
from tests.rulesets.tiny import RULESET
from tests.rulesets.tiny.test_rules import compiled


def test_the_test_game_leaves_no_trace_of_itself_in_the_shared_kernels_cache() -> None:
    config = compiled()
    events, _ = RULESET.trace_unit(config, 7, 0)  # a traced game: every event goes through sim.core.records
    assert len(events) > 0
    compared, _ = RULESET.hidden_information_probe(3, 5)  # the probe moves cards with sim.core.bitsets.move_card
    assert compared > 0
    folder = Path(os.environ["NUMBA_CACHE_DIR"])
    shared = [p for p in folder.rglob("*.nbi") if not p.relative_to(folder).parts[0].startswith("tiny")]
    assert shared, f"no cache index under {folder}"
    naming_tests = [str(p.relative_to(folder)) for p in shared if b"tests.rulesets" in p.read_bytes()]
    assert not naming_tests, f"shared kernels cached with the test game's types: {naming_tests}"


def test_every_game_s_kernels_can_be_cached_on_disk() -> None:
    # numba will not cache a kernel that holds a pointer to a Python object: a compiled function
    # handed as an argument to another compiled on its own is one (sim.core.search.best_option),
    # and every kernel above it, up to play_range, would compile again in every process
    # each game's two builds (sim.core.ruleset.RulesetShell.searches): greedy sides, then its searching
    # levels against each other (hard, and expert where the game has it), searching little
    small = SearchSettings(samples=1, rollouts=1, horizon=1, width=2)
    for name in ruleset_names():
        ruleset = get_ruleset(name)
        faction = ruleset.list_factions(ruleset.cards_dir)[0]
        searching = [agent for agent in ("hard", "expert") if agent in ruleset.agents] or ["greedy"]
        for agents in (("greedy", "greedy"), (searching[0], searching[-1])):
            sides = tuple(SideConfig(faction, default_label(faction, i), agent, {}, ruleset.side_options(),
                                     small if agent in SEARCHING else None) for i, agent in enumerate(agents))
            ruleset.play_chunk(ruleset.compile(MatchConfig("cache", sides)), 1, 0, 2, threads=1)
    uncacheable = sorted({f"{kernel.py_func.__module__}.{kernel.__name__}" for kernel in gc.get_objects()
                          if isinstance(kernel, Dispatcher)
                          for version in kernel.overloads.values() if version.library.has_dynamic_globals})
    assert not uncacheable, f"kernels numba cannot cache: {uncacheable}"


ROOT = Path(__file__).resolve().parents[2]
# one chunk of the default experiment's first config, then what numba's dispatchers say of the cache,
# the games' digest, and whether numba loaded its compiler's registries (a compile needs them, a
# cached kernel does not: sim/core/cached_kernel_load.py)
PLAY_AND_COUNT = """
import gc, hashlib, json, sys
from pathlib import Path
from numba.core.dispatcher import Dispatcher
import sim
from sim.core.ruleset import get_ruleset
from sim.run.spec import load_spec
experiment = load_spec(Path(sys.argv[1]))
ruleset = get_ruleset(experiment.spec.ruleset)
config_id, first = next(iter(experiment.config_experiments().items()))
rows, counters = ruleset.play_chunk(ruleset.compile(first.match_config(), config_id), 1, 0, 64)
kernels = [o for o in gc.get_objects() if isinstance(o, Dispatcher)]
print(json.dumps({"package": sim.__file__, "loaded": sum(sum(k.stats.cache_hits.values()) for k in kernels),
                  "compiled": sum(sum(k.stats.cache_misses.values()) for k in kernels),
                  "games": hashlib.sha256(rows.tobytes() + counters.tobytes()).hexdigest(),
                  "registries": "numba.np.arraymath" in sys.modules}))
"""


def play_from(checkout: Path) -> dict[str, object]:
    """Play a chunk with the package of `checkout`, in a new process that finds its own cache folder."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES")}
    env["PYTHONPATH"] = str(checkout)
    done = subprocess.run([sys.executable, "-c", PLAY_AND_COUNT, str(ROOT / "experiments" / "dicedraft_factions.toml")],
                          env=env, cwd=checkout, capture_output=True, text=True, timeout=900, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_second_process_and_a_second_checkout_compile_nothing(tmp_path: Path) -> None:
    first = play_from(ROOT)  # compiles what is not cached yet
    again = play_from(ROOT)
    assert again["package"] == str(ROOT / "sim" / "__init__.py")
    assert again["compiled"] == 0 and again["loaded"] > 0, again
    # the cached kernels play the same games, loaded without the compiler's registries
    assert again["games"] == first["games"]
    assert not again["registries"]
    clone = tmp_path / "clone"
    shutil.copytree(ROOT / "sim", clone / "sim", ignore=shutil.ignore_patterns("__pycache__"))
    elsewhere = play_from(clone)
    assert elsewhere["package"] == str(clone / "sim" / "__init__.py")
    assert elsewhere["compiled"] == 0 and elsewhere["loaded"] > 0, elsewhere
    assert elsewhere["games"] == first["games"]


def test_a_cache_folder_is_tried_for_writing_once_a_process(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(PackagePathLocator, "_writable", set())
    tries = []
    real = PackagePathLocator.ensure_cache_path
    monkeypatch.setattr(PackagePathLocator, "ensure_cache_path", lambda self: (tries.append(self), real(self)))
    first = PackagePathLocator.from_function(test_a_cache_folder_is_tried_for_writing_once_a_process,
                                             kernel_cache.__file__)
    second = PackagePathLocator.from_function(play_from, kernel_cache.__file__)
    assert first.get_cache_path() == second.get_cache_path() == str(tmp_path / "sim" / "core")
    assert (tmp_path / "sim" / "core").is_dir()
    assert len(tries) == 1  # the folder's second kernel trusts the first one's try
    outside = PackagePathLocator.from_function(play_from, __file__)  # a file outside the package: numba's locators
    assert outside is None and len(tries) == 1
