"""`sim ladder RULESET`: how strong each agent level is, as a stored round-robin run.

The levels are random, greedy and, where the game has them, the hard agent at three settings (a fast
one, the defaults, a strong one) and the expert at its defaults. All sides play the same faction (one mirror: the same deck on
both sides, rule-wise the same game), every pair of levels plays its games with the seats mirrored,
and the run is an ordinary round robin: its summary, report and dashboard give the Bradley-Terry
ratings (Elo, with intervals clustered on mirrored pairs), the win-rate matrix and each matchup's
first-player advantage. Beside it, `ladder.json` in the run folder keeps each level's speed: games
per second of the level against itself on one thread, timed after the run.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numba

from sim.core.errors import InputError
from sim.core.ruleset import get_ruleset
from sim.core.mcts import EXPERT_SEARCH, default_search
from sim.core.search import SearchSettings
from sim.run.spec import Experiment, load_spec_dict
from sim.results.atomic_files import write_bytes_atomic

LADDER_FILE = "ladder.json"
DEFAULT_SEED = 20261201


@dataclass(frozen=True)
class Level:
    label: str
    agent: str
    search: SearchSettings | None = None

    def side(self, faction: str) -> dict[str, Any]:
        side: dict[str, Any] = {"faction": faction, "label": self.label, "agent": self.agent}
        if self.search is not None:
            side["search"] = self.search.model_dump()
        return side


def levels(agents: tuple[str, ...], expert: SearchSettings = EXPERT_SEARCH) -> list[Level]:
    """The ladder's levels among the agents a game plays; `expert`: the expert's defaults (the game's,
    sim.core.mcts.default_search)."""
    chosen = [Level(name, name) for name in ("random", "greedy") if name in agents]
    if "hard" in agents:
        # fast, the defaults, strong (docs/agents.md: samples x horizon)
        for search in (SearchSettings(samples=2, horizon=1), SearchSettings(), SearchSettings(samples=16)):
            chosen.append(Level(f"hard {search.samples}x{search.horizon}", "hard", search))
    if "expert" in agents:  # its defaults
        chosen.append(Level(f"expert {expert.samples}x{expert.horizon}", "expert", expert))
    return chosen


def ladder_experiment(ruleset_name: str, games: int, faction: str | None = None, seed: int = DEFAULT_SEED,
                      folder: Path = Path(".")) -> Experiment:
    """The ladder as an experiment: a round robin of the levels, all on `faction` (default the
    game's first)."""
    ruleset = get_ruleset(ruleset_name, source="RULESET")
    factions = ruleset.list_factions(ruleset.cards_dir)
    faction = faction or factions[0]
    if faction not in factions:
        raise InputError(f"--faction: {ruleset.name} has no faction {faction!r}; its factions are {', '.join(factions)}")
    spec = {
        "name": f"{ruleset.name}_ladder_{faction}",
        "description": f"Agent ladder: {', '.join(level.label for level in levels(ruleset.agents, default_search('expert', ruleset)))} "
                       f"on {faction} mirrors, every pair, seats mirrored.",
        "ruleset": ruleset.name, "kind": "games", "games": games, "seed": seed, "seats": "mirrored",
        "matchups": "round_robin",
        "side": [level.side(faction) for level in levels(ruleset.agents, default_search("expert", ruleset))],
    }
    return load_spec_dict(spec, folder / f"{spec['name']}.toml")


def level_speeds(experiment: Experiment, games: int) -> dict[str, float]:
    """Games per second of each level against itself on one thread (after a warm-up game)."""
    ruleset = experiment.ruleset
    saved = numba.get_num_threads()
    numba.set_num_threads(1)
    speeds: dict[str, float] = {}
    try:
        for config_id, config_experiment in experiment.config_experiments().items():
            sides = config_experiment.spec.sides
            if sides[0].label != sides[1].label:
                continue
            compiled = config_experiment.compile(config_id)
            ruleset.play_chunk(compiled, 1, 0, 2)
            started = time.perf_counter()
            ruleset.play_chunk(compiled, experiment.spec.seed, 0, games)
            speeds[str(sides[0].label)] = games / (time.perf_counter() - started)
    finally:
        numba.set_num_threads(saved)
    return speeds


def write_speeds(run_dir: Path, speeds: dict[str, float], games: int) -> None:
    path = run_dir / LADDER_FILE
    text = json.dumps({"speed_games": games, "games_per_second": {k: round(v, 1) for k, v in speeds.items()}},
                      indent=2, ensure_ascii=False)
    write_bytes_atomic(path, (text + "\n").encode("utf-8"))  # a reader never sees half a file


def read_ladder(run_dir: Path) -> tuple[dict[str, float], int]:
    """A ladder run's speeds by level label and the games each was timed on; ({}, 0) for any other
    run or a damaged file."""
    try:
        data = json.loads((run_dir / LADDER_FILE).read_text(encoding="utf-8"))
        return {str(k): float(v) for k, v in data["games_per_second"].items()}, int(data["speed_games"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}, 0


def read_speeds(run_dir: Path) -> dict[str, float]:
    """A ladder run's speeds by level label; empty for any other run or a damaged file."""
    return read_ladder(run_dir)[0]
