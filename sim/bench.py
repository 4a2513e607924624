"""`sim bench`: how fast the engine is, measured the same way every time.

Figures, one line each:
- matches per second of the batch kernel on one thread and on all cores (median of repeats, with
  min and max; the ratio of the two medians is the parallel scaling);
- cold compile: a fresh process with an empty numba cache, from start to its first played chunk;
- cached start: the same in a fresh process whose cache is warm;
- peak memory (resident set) of this process after the timed runs;
- the hard agent: games per second of hard (default settings) against greedy on one thread in the
  first faction's mirror of every game that has one (every faction's with `--hard-every-faction`),
  the hard side's score with its interval, and the decisions it searched per second;
- with `--executor auto` (or `threads`): the whole `sim run` command of the same games in a fresh
  process (interpreter start, imports, kernel load, plan, play, writes, summary, exit), once per
  repeat right after that repeat's kernel timings, and its time over the bare kernel's for the same
  games on the same cores (median of the paired ratios, with min and max; 1.00 = no overhead);
- with `--executor ray`: games per second of the whole `sim run` path through an embedded Ray
  instance (Ray start-up and stop, Parquet writes included) on the same cores, and its ratio to the
  bare kernel's all-core median, so Ray's overhead is a number; and Ray's fixed cost alone (start an
  instance, warm a worker on every CPU, stop it, no games), in wall seconds and in CPU seconds of the
  whole machine, which is what a short run cannot hide.

Machines are shared and noisy: the timed runs alternate thread counts so both see the same noise,
and only medians and ratios from one run are quoted. "Draft included": every game drafts its decks
(the greedy drafter's deck depends only on the pool, the weights and the budget, so the kernel
reads it from a table the config computed once; a random drafter samples per game).
"""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numba
import numpy as np

from sim.analysis.intervals import wilson_interval
from sim.core.errors import InputError
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.records import RecordCol
from sim.core.ruleset import Ruleset, get_ruleset, ruleset_names
from sim.core.search import SearchSettings
from sim.run.spec import Experiment, load_spec

DEFAULT_SPEC_NAME = Path("experiments") / "dicedraft_factions.toml"


def default_spec() -> Path:
    """The default job's spec: in the folder the command runs from (a clone, as the README has it),
    else in the checkout this package was installed from with `pip install -e`. An installed package
    has no experiments folder of its own, so elsewhere --spec must name one."""
    for root in (Path.cwd(), Path(__file__).resolve().parents[1]):
        if (root / DEFAULT_SPEC_NAME).is_file():
            return root / DEFAULT_SPEC_NAME
    raise InputError(f"--spec: no {DEFAULT_SPEC_NAME} in {Path.cwd()}; run from the project's folder or give "
                     "--spec experiments/dicedraft_factions.toml")

START_PROBE = """
import sys, time
from pathlib import Path
from sim.run.spec import load_spec
from sim.core.ruleset import get_ruleset
experiment = load_spec(Path(sys.argv[1]))
ruleset = get_ruleset(experiment.spec.ruleset)
config_id, first = next(iter(experiment.config_experiments().items()))
config = ruleset.compile(first.match_config(), config_id)
ruleset.play_chunk(config, 1, 0, 64)
"""


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    detail: str = ""

    def line(self) -> str:
        if self.unit == "ratio":
            number = f"{self.value:.3f}"  # a tiny run through Ray is mostly start-up: 0.005, not 0.00
        else:
            number = f"{self.value:,.0f}" if self.value >= 100 else f"{self.value:.2f}"
        return f"{self.name:<52} {number:>12} {self.unit:<11} {self.detail}".rstrip()


def time_start(spec: Path, cache_dir: Path) -> float:
    """Seconds for a fresh Python process to import, compile or load the kernels and play a chunk."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache_dir))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", START_PROBE, str(spec)], env=env, check=True)
    return time.perf_counter() - started


def games_per_second(experiment: Experiment, games: int, repeats: int,
                     after_repeat: Callable[[], None] | None = None) -> dict[int, list[float]]:
    """Timed runs of `games` games on 1 thread and on all threads, alternating; {threads: [games/s]}.
    `after_repeat` runs after each repeat's timings (a whole run timed in the same noise)."""
    ruleset = get_ruleset(experiment.spec.ruleset)
    config_id, first = next(iter(experiment.config_experiments().items()))  # a round robin: its first matchup
    config = ruleset.compile(first.match_config(), config_id)
    all_threads = numba.config.NUMBA_NUM_THREADS
    ruleset.play_chunk(config, 1, 0, 256)  # load or compile outside the timings
    rates: dict[int, list[float]] = {1: [], all_threads: []}
    for repeat in range(repeats):
        for threads in rates:
            numba.set_num_threads(threads)
            started = time.perf_counter()
            rows, _ = ruleset.play_chunk(config, experiment.spec.seed + repeat, 0, games)
            elapsed = time.perf_counter() - started
            rates[threads].append(ruleset.games_frame(config, rows).height / elapsed)
        if after_repeat is not None:
            after_repeat()
    numba.set_num_threads(all_threads)
    return rates


@dataclass(frozen=True)
class WholeRun:
    seconds: float
    games: int  # games played (every config of the spec: a round robin plays each matchup)
    executor_line: str  # what `sim run` printed about its executor


def whole_run(spec: Path, units: int, executor: str) -> WholeRun:
    """One `sim run SPEC --games UNITS --executor E` in a fresh process writing to a temp folder,
    timed from before the process starts to after it exits. RAY_ADDRESS is dropped, so `auto`
    chooses as on a machine of its own."""
    env = {key: value for key, value in os.environ.items() if key != "RAY_ADDRESS"}
    with tempfile.TemporaryDirectory(prefix="sim-bench-run-") as results:
        command = [sys.executable, "-m", "sim.cli", "run", str(spec), "--games", str(units), "--results", results,
                   "--run", "bench", "--executor", executor]
        started = time.perf_counter()
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    said = next((line for line in done.stdout.splitlines() if line.startswith("executor: ")), "executor: ?")
    played = re.search(r"^finished: ([\d,]+) games", done.stdout, re.MULTILINE)
    if played is None:
        raise RuntimeError(f"{' '.join(command)} did not say it finished: {done.stdout[-500:]}")
    return WholeRun(elapsed, int(played.group(1).replace(",", "")), said)


def ray_games_per_second(spec: Path, games: int) -> tuple[float, int, float, str]:
    """One `sim run` of `games` units through a freshly started embedded Ray instance, timed from
    before Ray starts to after it stops, results written to a temp folder: (games/s, games, seconds,
    who played the chunks)."""
    from sim.run.executors import RayExecutor
    from sim.run.runner import run_experiment

    experiment = load_spec(spec, games=games)
    executor = RayExecutor()
    saved = os.environ.pop("RAY_ADDRESS", None)  # embedded: the same cores as the kernel timings
    try:
        with tempfile.TemporaryDirectory(prefix="sim-bench-ray-") as results:
            started = time.perf_counter()
            outcome = run_experiment(experiment, Path(results), run_name="bench-ray", executor=executor)
            elapsed = time.perf_counter() - started
    finally:
        if saved is not None:
            os.environ["RAY_ADDRESS"] = saved
    where = f"{executor.chunks_on_ray} of {outcome.chunks_played} chunks on Ray's workers, the rest on the driver"
    return outcome.games_played / elapsed, outcome.games_played, elapsed, where


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine has spent busy since boot (all processes, all cores)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return (sum(fields) - idle) / os.sysconf("SC_CLK_TCK")


def ray_fixed_cost(spec: Path) -> tuple[float, float]:
    """Start an embedded Ray, have every CPU's worker load the engine and play one game, stop it:
    (wall seconds, machine CPU seconds). No chunk is played, so this is the cost a run of any
    size pays before Ray's workers do useful work, and the floor of a short run's overhead."""
    import ray

    from sim.run.executors import RayExecutor, play_chunk_in_worker

    experiment = load_spec(spec)
    ruleset = get_ruleset(experiment.spec.ruleset)
    config_id, first = next(iter(experiment.config_experiments().items()))
    compiled = ruleset.compile(first.match_config(), config_id)
    saved = os.environ.pop("RAY_ADDRESS", None)
    busy = machine_busy_seconds()
    started = time.perf_counter()
    executor = RayExecutor()
    try:
        executor._start_ray()
        task = ray.remote(num_cpus=1)(play_chunk_in_worker)
        config = ray.put(compiled)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        ray.get([task.remote(ruleset.name, config, 1, 0, 1) for _ in range(cpus)])
    finally:
        executor.stop()
        if saved is not None:
            os.environ["RAY_ADDRESS"] = saved
    return time.perf_counter() - started, machine_busy_seconds() - busy


def run_bench(spec: Path, games: int = 200_000, repeats: int = 5, startup: bool = True,
              executors: Sequence[str] = (), hard_games: int = 0, hard_every_faction: bool = False) -> list[Figure]:
    experiment = load_spec(spec)
    figures: list[Figure] = []
    in_process = [name for name in executors if name != "ray"]
    whole_runs: dict[str, list[WholeRun]] = {name: [] for name in in_process}

    def time_whole_runs() -> None:
        for name in in_process:
            whole_runs[name].append(whole_run(spec, games, name))

    rates = games_per_second(experiment, games, repeats, time_whole_runs if in_process else None)
    threads = sorted(rates)
    one = statistics.median(rates[threads[0]])
    for t in threads:
        median = statistics.median(rates[t])
        per_core = f", {median / t:,.0f} per core" if t > 1 else ""
        ratio = f", {median / one:.2f}x of 1 thread" if t > 1 else ""
        figures.append(Figure(f"matches/s, {t} thread{'s' if t > 1 else ''}", median, "games/s",
                              f"(min {min(rates[t]):,.0f}, max {max(rates[t]):,.0f}{per_core}{ratio})"))
    all_cores = rates[threads[-1]]
    for name in in_process:
        runs = whole_runs[name]
        seconds = [run.seconds for run in runs]
        played = runs[0].games
        # each whole run against the kernel timing of its own repeat: both saw the same noise
        ratios = [run.seconds * rate / run.games for run, rate in zip(runs, all_cores)]
        kernel_seconds = played / statistics.median(all_cores)
        figures.append(Figure(f"sim run --executor {name}", played / statistics.median(seconds), "games/s",
                              f"({played:,} games in {statistics.median(seconds):.2f} s, median of {len(seconds)} "
                              f"[{min(seconds):.2f}, {max(seconds):.2f}]; the whole command in a fresh process: "
                              f"start-up, kernel load, writes, summary, exit; {runs[0].executor_line})"))
        figures.append(Figure(f"sim run / bare kernel time, {threads[-1]} thr", statistics.median(ratios), "x",
                              f"(median of {len(ratios)} paired runs, min {min(ratios):.2f}, max {max(ratios):.2f}: "
                              f"{statistics.median(seconds):.3g} s against {kernel_seconds:.3g} s for the kernel "
                              f"alone on the same cores; 1.00 = no overhead)"))
    if "ray" in executors:
        kernel = statistics.median(all_cores)
        rate, played, elapsed, where = ray_games_per_second(spec, games)
        figures.append(Figure("sim run via embedded Ray", rate, "games/s",
                              f"({played:,} games in {elapsed:.1f} s, Ray start-up and writes included; {where})"))
        figures.append(Figure(f"Ray / bare kernel, {threads[-1]} threads", rate / kernel, "ratio",
                              f"({rate:,.0f} vs {kernel:,.0f} games/s; 1.00 = no overhead)"))
        wall, cpu = ray_fixed_cost(spec)
        figures.append(Figure("Ray fixed cost, no games", wall, "s",
                              f"(start, warm a worker on each CPU, stop; {cpu:.1f} CPU-s of the whole machine, "
                              f"= {cpu / os.cpu_count():.1f} s of all {os.cpu_count()} cores)"))
    if startup:
        with tempfile.TemporaryDirectory(prefix="sim-bench-cache-") as cache:
            figures.append(Figure("cold compile (empty numba cache)", time_start(spec, Path(cache)), "s",
                                  "fresh process: import, compile, first chunk"))
            figures.append(Figure("cached start (warm numba cache)", time_start(spec, Path(cache)), "s",
                                  "fresh process: import, load kernels, first chunk"))
    if hard_games:
        figures += hard_figures(hard_games, repeats, hard_every_faction)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures.append(Figure("peak memory (this process)", peak_mb, "MB", f"after {games:,} games per timed run"))
    return figures


def hard_figures(games: int, repeats: int, every_faction: bool = False) -> list[Figure]:
    """Hard (default settings) against greedy on one thread (so per core), in the mirror of each
    game's first faction (of every faction with `every_faction`), seats mirrored: games/s (median of
    the repeats, min and max), the hard side's score over all repeats with its interval, and the
    decisions it searched per game and per second (counted in the first repeat's first games, replayed
    one at a time: Ruleset.searched_decisions)."""
    figures = []
    settings = SearchSettings()
    saved = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        for name in ruleset_names():
            ruleset = get_ruleset(name)
            if "hard" not in ruleset.agents:
                continue
            factions = ruleset.list_factions(ruleset.cards_dir)
            for faction in factions if every_faction else factions[:1]:
                figures += hard_mirror_figures(ruleset, faction, settings, games, repeats)
    finally:
        numba.set_num_threads(saved)
    return figures


def hard_mirror_figures(ruleset: Ruleset, faction: str, settings: SearchSettings, games: int,
                        repeats: int) -> list[Figure]:
    sides = tuple(SideConfig(faction, default_label(faction, i), agent, {}, ruleset.side_options(),
                             settings if agent == "hard" else None) for i, agent in enumerate(("hard", "greedy")))
    config = ruleset.compile(MatchConfig("sim bench", sides))
    ruleset.play_chunk(config, 1, 0, 8)  # load or compile outside the timings
    rates, score, played = [], 0.0, 0
    for repeat in range(repeats):
        started = time.perf_counter()
        rows, _ = ruleset.play_chunk(config, 1 + repeat, repeat * games, games)
        rates.append(games / (time.perf_counter() - started))
        winner = rows[rows[:, RecordCol.PLAYED] == 1, RecordCol.WINNER]
        score += float(np.sum(winner == 0) + 0.5 * np.sum(winner < 0))
        played += len(winner)
    low, high = wilson_interval(score, played)
    counted = min(games, 200)
    per_game = float(ruleset.searched_decisions(config, 1, 0, counted).sum()) / counted
    rate = statistics.median(rates)
    where = f"{ruleset.name}, {faction} mirror, 1 thread"
    return [
        Figure(f"hard vs greedy, {where}", rate, "games/s",
               f"(min {min(rates):,.0f}, max {max(rates):,.0f}; hard scored {score / played:.1%} "
               f"[{low:.1%}, {high:.1%}] of {played:,} games, 95% Wilson, draws half; samples "
               f"{settings.samples}, rollouts {settings.rollouts}, horizon {settings.horizon}, width {settings.width})"),
        Figure(f"hard decisions/s, {where}", rate * per_game, "decisions/s",
               f"({per_game:.1f} searched decisions a game, counted in {counted} games)"),
    ]


def describe(spec: Path, games: int, repeats: int) -> str:
    experiment = load_spec(spec)
    config_id, first = next(iter(experiment.config_experiments().items()))
    sides = " vs ".join(f"{s.faction} ({''.join(f'{value} {name}, ' for name, value in s.options.items() if value is not None)}"
                        f"{s.agent} play)" for s in first.spec.sides)
    if experiment.spec.matchups == "round_robin":
        sides += f" (matchup {config_id}, the first of the round robin)"
    return (f"{experiment.spec.ruleset}: {sides}; {experiment.spec.kind}; {games:,} units x {repeats} repeats; "
            f"{numba.config.NUMBA_NUM_THREADS} threads available; spec {spec}")
