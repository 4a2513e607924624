"""Each game's kernels come in two builds (issue 37): every agent, and without the searching agents
for a config where neither side searches (`Ruleset.searches`), so that a greedy run never compiles
the hard and expert agents, which were most of its cold compile (docs/engine.md, "Where a cold
compile goes"). Both builds play a greedy config's games alike, traces too; a process that plays
each game's showcase spec compiles or loads nothing of the searches; a run whose configs need both
builds warms both before its clock starts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sim.core.limits import RULESET_IDS
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.ruleset import get_ruleset

ROOT = Path(__file__).resolve().parents[2]


def greedy_mirror(name: str):
    ruleset = get_ruleset(name)
    faction = ruleset.list_factions(ruleset.cards_dir)[0]
    sides = tuple(SideConfig(faction, default_label(faction, i), "greedy", {}, ruleset.side_options())
                  for i in range(2))
    return ruleset, ruleset.compile(MatchConfig("builds", sides))


@pytest.mark.parametrize("name", RULESET_IDS)
def test_a_greedy_config_plays_the_same_games_and_traces_in_either_build(name: str,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset, compiled = greedy_mirror(name)
    assert not ruleset.searches(compiled)
    rows, counters = ruleset.play_chunk(compiled, 11, 0, 60, threads=1)
    _, events = ruleset.trace_unit(compiled, 11, 3)
    monkeypatch.setattr(ruleset, "searches", lambda compiled: True)  # the build with every agent
    every_agent_rows, every_agent_counters = ruleset.play_chunk(compiled, 11, 0, 60, threads=1)
    _, every_agent_events = ruleset.trace_unit(compiled, 11, 3)
    assert np.array_equal(rows, every_agent_rows)
    assert np.array_equal(counters, every_agent_counters)
    assert len(events) > 0 and np.array_equal(events, every_agent_events)


# each game's showcase spec (all greedy), one chunk of its first config, in a process of its own;
# then every kernel function the process compiled or loaded from the cache
PLAY_SHOWCASES = """
import gc, json, sys
from pathlib import Path
from numba.core.dispatcher import Dispatcher
from sim.bench import GAME_SPECS
from sim.core.ruleset import get_ruleset
from sim.run.spec import load_spec
for name, spec in GAME_SPECS.items():
    experiment = load_spec(Path(sys.argv[1]) / "experiments" / spec)
    ruleset = get_ruleset(experiment.spec.ruleset)
    config_id, first = next(iter(experiment.config_experiments().items()))
    ruleset.play_chunk(ruleset.compile(first.match_config(), config_id), 1, 0, 8, threads=1)
print(json.dumps(sorted(f"{k.py_func.__module__}.{k.__name__}" for k in gc.get_objects()
                        if isinstance(k, Dispatcher) and k.overloads)))
"""
SEARCH_MODULES = ("sim.core.search", "sim.core.mcts")
# the debug checks' card counts, which the greedy builds leave out (epikha's and rolplay's kernels.no_checks)
DEBUG_CHECKS = ("sim.rulesets.epikha.state.conservation_errors", "sim.rulesets.rolplay.state.conservation_errors")


def test_a_process_playing_greedy_showcases_compiles_nothing_of_the_searches() -> None:
    done = subprocess.run([sys.executable, "-c", PLAY_SHOWCASES, str(ROOT)], cwd=ROOT, capture_output=True,
                          text=True, timeout=900, check=True)
    kernels = json.loads(done.stdout.strip().splitlines()[-1])
    assert any(k.endswith(".play_range_without_search") for k in kernels), kernels
    searching = [k for k in kernels if k.rsplit(".", 1)[0].endswith((".hard", ".expert"))
                 or k.rsplit(".", 1)[0] in SEARCH_MODULES or k.endswith((".play_range", ".play_unit"))
                 or k in DEBUG_CHECKS]
    assert not searching, f"compiled for a greedy run: {searching}"

