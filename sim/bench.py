"""`sim bench`: how fast the engine is, measured the same way every time.

Figures, one line each:
- matches per second of the batch kernel on one thread and on all cores (median of repeats, with
  min and max; the ratio of the two medians is the parallel scaling), and turns per second with the
  mean turns a game of the same games (RecordCol.TURNS), so versions whose games last longer or
  shorter can be compared;
- cold compile: a fresh process with an empty numba cache, from start to its first played chunk,
  in wall seconds and in the process's CPU seconds;
- cached start: the same in a fresh process whose cache is warm;
- peak memory (resident set) of this process after the timed runs;
- the searching agents: games per second of hard and of expert (each at its default settings)
  against greedy in the first faction's mirror of every game that has them (every faction's with
  `--hard-every-faction`), the searching side's score with its interval, its turns per second, and
  the decisions it searched a game and per second (greedy players keep no decision count);
- `--all` (run_all): the four games in one run, greedy and each searching level against greedy on 1
  thread and on all, each game's cold compile and cached start, and one markdown table of them all;
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

import sim
from sim.analysis.intervals import wilson_interval
from sim.core.errors import InputError
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.records import RecordCol
from sim.core.ruleset import Ruleset, get_ruleset, ruleset_names
from sim.core.agents import SEARCHING
from sim.core.mcts import default_search
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


@dataclass(frozen=True)
class Start:
    wall: float  # seconds from before the process starts to after it exits
    cpu: float  # CPU seconds it used (user + system): on a shared machine, the part that is its own work


def time_start(spec: Path, cache_dir: Path) -> Start:
    """A fresh Python process that imports, compiles or loads the kernels and plays a chunk, with
    Python's bytecode cache on as on a designer's machine: where PYTHONDONTWRITEBYTECODE is set, every
    start would compile the package's sources again (a sixth of a cached start, docs/engine.md)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["NUMBA_CACHE_DIR"] = str(cache_dir)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", START_PROBE, str(spec)], env=env, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return Start(wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def start_figures(spec: Path, game: str = "") -> list[Figure]:
    """Cold compile (an empty numba cache) and cached start (the same cache again) of `spec`."""
    where = f", {game}" if game else ""
    with tempfile.TemporaryDirectory(prefix="sim-bench-cache-") as cache:
        cold = time_start(spec, Path(cache))
        cached = time_start(spec, Path(cache))
    return [Figure(f"cold compile (empty numba cache){where}", cold.wall, "s",
                   f"fresh process: import, compile, first chunk; {cold.cpu:.1f} CPU-s"),
            Figure(f"cached start (warm numba cache){where}", cached.wall, "s",
                   f"fresh process: import, load kernels, first chunk; {cached.cpu:.2f} CPU-s")]


@dataclass(frozen=True)
class Timing:
    """One timed `play_chunk`: what it played and how long it took."""

    games: int
    turns: int  # turns of all its games (RecordCol.TURNS)
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def turns_per_second(self) -> float:
        return self.turns / self.seconds


def timed_chunk(ruleset: Ruleset, config: object, seed: int, unit_start: int, units: int) -> tuple[Timing, np.ndarray]:
    """One timed `play_chunk` on numba's current thread count: its timing and its played rows."""
    started = time.perf_counter()
    rows, _ = ruleset.play_chunk(config, seed, unit_start, units)
    elapsed = time.perf_counter() - started
    played = rows[rows[:, RecordCol.PLAYED] == 1]
    return Timing(len(played), int(played[:, RecordCol.TURNS].sum()), elapsed), played


def first_config(experiment: Experiment) -> tuple[Ruleset, object]:
    """The experiment's ruleset and its first config, compiled (a round robin: its first matchup)."""
    ruleset = get_ruleset(experiment.spec.ruleset)
    config_id, first = next(iter(experiment.config_experiments().items()))
    return ruleset, ruleset.compile(first.match_config(), config_id)


def thread_counts() -> list[int]:
    return sorted({1, numba.config.NUMBA_NUM_THREADS})


def time_threads(ruleset: Ruleset, config: object, seed: int, games: int, repeats: int,
                 after_repeat: Callable[[], None] | None = None) -> dict[int, list[Timing]]:
    """Timed runs of `games` units on 1 thread and on all threads, alternating so both see the same
    noise; {threads: [Timing]}. `after_repeat` runs after each repeat's timings (a whole run timed in
    the same noise)."""
    timings: dict[int, list[Timing]] = {threads: [] for threads in thread_counts()}
    try:
        for repeat in range(repeats):
            for threads in timings:
                numba.set_num_threads(threads)
                timings[threads].append(timed_chunk(ruleset, config, seed + repeat, 0, games)[0])
            if after_repeat is not None:
                after_repeat()
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return timings


def games_per_second(experiment: Experiment, games: int, repeats: int,
                     after_repeat: Callable[[], None] | None = None) -> dict[int, list[Timing]]:
    """The experiment's first config timed on 1 thread and on all threads (time_threads)."""
    ruleset, config = first_config(experiment)
    ruleset.play_chunk(config, 1, 0, 256)  # load or compile outside the timings
    return time_threads(ruleset, config, experiment.spec.seed, games, repeats, after_repeat)


@dataclass(frozen=True)
class Speed:
    """Medians of one kind of timed run at one thread count."""

    label: str  # what played: the game, its sides and agents
    threads: int
    games: float  # games/s, median
    turns: float  # turns/s, median
    low: float  # games/s, slowest repeat
    high: float  # games/s, fastest repeat
    turns_per_game: float
    decisions_per_game: float | None  # the hard player's searched decisions (None: no hard player)

    @property
    def decisions(self) -> float | None:
        return None if self.decisions_per_game is None else self.games * self.decisions_per_game


def speed(label: str, threads: int, timings: list[Timing], decisions_per_game: float | None = None) -> Speed:
    games = [t.games_per_second for t in timings]
    return Speed(label, threads, statistics.median(games), statistics.median(t.turns_per_second for t in timings),
                 min(games), max(games), sum(t.turns for t in timings) / max(1, sum(t.games for t in timings)),
                 decisions_per_game)


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


def speed_figures(name: str, speeds: list[Speed]) -> list[Figure]:
    """games/s, turns/s and (with a hard player) decisions/s of each thread count; the first is 1 thread."""
    figures = []
    one = speeds[0].games
    for s in speeds:
        threads = f"{s.threads} thread{'s' if s.threads > 1 else ''}"
        scaling = f", {s.games / s.threads:,.0f} per core, {s.games / one:.2f}x of 1 thread" if s.threads > 1 else ""
        figures.append(Figure(f"{name}, {threads}", s.games, "games/s",
                              f"(min {s.low:,.0f}, max {s.high:,.0f}{scaling})"))
        figures.append(Figure(f"turns/s, {threads}" if name == "matches/s" else f"{name} turns/s, {threads}",
                              s.turns, "turns/s", f"({s.turns_per_game:.1f} turns a game)"))
        if s.decisions is not None:
            figures.append(Figure(f"{name} decisions/s, {threads}", s.decisions, "decisions/s",
                                  f"({s.decisions_per_game:.1f} searched decisions a game)"))
    return figures


def run_bench(spec: Path, games: int = 200_000, repeats: int = 5, startup: bool = True,
              executors: Sequence[str] = (), hard_games: int = 0, hard_every_faction: bool = False) -> list[Figure]:
    experiment = load_spec(spec)
    figures: list[Figure] = []
    in_process = [name for name in executors if name != "ray"]
    whole_runs: dict[str, list[WholeRun]] = {name: [] for name in in_process}

    def time_whole_runs() -> None:
        for name in in_process:
            whole_runs[name].append(whole_run(spec, games, name))

    timings = games_per_second(experiment, games, repeats, time_whole_runs if in_process else None)
    threads = sorted(timings)
    figures += speed_figures("matches/s", [speed(experiment.spec.ruleset, t, timings[t]) for t in threads])
    all_cores = [timing.games_per_second for timing in timings[threads[-1]]]
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
        figures += start_figures(spec)
    if hard_games:
        figures += hard_figures(hard_games, repeats, hard_every_faction)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures.append(Figure("peak memory (this process)", peak_mb, "MB", f"after {games:,} games per timed run"))
    return figures


def hard_figures(games: int, repeats: int, every_faction: bool = False, threads: Sequence[int] = (1,),
                 rulesets: Sequence[str] | None = None) -> list[Figure]:
    """Each searching level (hard, expert: SEARCHING, at its default settings) against greedy in the
    mirror of each game's first faction (of every faction with `every_faction`), seats mirrored:
    hard_speeds' figures, for every game that has the level unless `rulesets` names the games."""
    figures = []
    for name in rulesets or ruleset_names():
        ruleset = get_ruleset(name)
        factions = ruleset.list_factions(ruleset.cards_dir)
        for agent in (a for a in SEARCHING if a in ruleset.agents):
            for faction in factions if every_faction else factions[:1]:
                label, speeds, score = hard_speeds(ruleset, faction, games, repeats, threads, agent)
                figures += hard_mirror_figures(label, speeds, score, agent, ruleset)
    return figures


@dataclass(frozen=True)
class Score:
    points: float  # wins and half the draws of the searching side
    games: int


def hard_speeds(ruleset: Ruleset, faction: str, games: int, repeats: int, threads: Sequence[int] = (1,),
                agent: str = "hard") -> tuple[str, list[Speed], Score]:
    """A searching level (`agent`, at its default settings) against greedy in `faction`'s mirror,
    seats mirrored: the speeds at each thread count (medians of the repeats, taking turns), the
    searching side's score over all of them, and the decisions it searched a game (counted in the
    first games, replayed one at a time: Ruleset.searched_decisions)."""
    settings = default_search(agent, ruleset)
    sides = tuple(SideConfig(faction, default_label(faction, i), level, {}, ruleset.side_options(),
                             settings if level == agent else None) for i, level in enumerate((agent, "greedy")))
    config = ruleset.compile(MatchConfig("sim bench", sides))
    ruleset.play_chunk(config, 1, 0, 8, threads=1)  # load or compile outside the timings
    timings: dict[int, list[Timing]] = {t: [] for t in threads}
    score, played = 0.0, 0
    try:
        for repeat in range(repeats):
            for t in threads:
                numba.set_num_threads(t)
                timing, played_rows = timed_chunk(ruleset, config, 1 + repeat, repeat * games, games)
                timings[t].append(timing)
                if t == threads[0]:  # the same games at every thread count: score them once
                    winner = played_rows[:, RecordCol.WINNER]
                    score += float(np.sum(winner == 0) + 0.5 * np.sum(winner < 0))
                    played += len(winner)
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    counted = min(games, 200)
    per_game = float(ruleset.searched_decisions(config, 1, 0, counted).sum()) / counted
    label = f"{ruleset.name}, {faction} mirror"
    return label, [speed(label, t, timings[t], per_game) for t in threads], Score(score, played)


def hard_mirror_figures(label: str, speeds: list[Speed], score: Score, agent: str = "hard",
                        ruleset: Ruleset | None = None) -> list[Figure]:
    settings = default_search(agent, ruleset)
    low, high = wilson_interval(score.points, score.games)
    figures = []
    for s in speeds:
        where = f"{label}, {s.threads} thread{'s' if s.threads > 1 else ''}"
        figures += [
            Figure(f"{agent} vs greedy, {where}", s.games, "games/s",
                   f"(min {s.low:,.0f}, max {s.high:,.0f}; {agent} scored {score.points / score.games:.1%} "
                   f"[{low:.1%}, {high:.1%}] of {score.games:,} games, 95% Wilson, draws half; samples "
                   f"{settings.samples}, rollouts {settings.rollouts}, horizon {settings.horizon}, width {settings.width})"),
            Figure(f"{agent} turns/s, {where}", s.turns, "turns/s", f"({s.turns_per_game:.1f} turns a game)"),
            Figure(f"{agent} decisions/s, {where}", s.decisions or 0.0, "decisions/s",
                   f"({s.decisions_per_game:.1f} searched decisions a game, counted in the first games)"),
        ]
    return figures


# each game's showcase spec: `sim bench --all` times its first config (a round robin's first matchup)
GAME_SPECS = {"dicedraft": "dicedraft_factions.toml", "fortaleza": "fortaleza_factions.toml",
              "rolplay": "rolplay_decks.toml", "epikha": "epikha_factions.toml"}


def game_spec(game: str) -> Path:
    return default_spec().parent / GAME_SPECS[game]


@dataclass(frozen=True)
class AllGames:
    figures: list[Figure]
    table: str  # markdown: what docs/engine.md quotes


def run_all(games: int, hard_games: int, repeats: int, startup: bool = True) -> AllGames:
    """`sim bench --all`: every game's greedy mirror-or-matchup (its showcase spec's first config) and
    hard against greedy (its first faction's mirror), on 1 thread and on all threads, then each game's
    cold compile and cached start; the figures, and one markdown table of them all."""
    figures: list[Figure] = []
    speeds: list[tuple[str, str, Speed]] = []
    starts: list[tuple[str, Start, Start]] = []
    for game, spec_name in GAME_SPECS.items():
        spec = game_spec(game)
        experiment = load_spec(spec)
        ruleset, config = first_config(experiment)
        ruleset.play_chunk(config, 1, 0, 256)  # load or compile outside the timings
        timings = time_threads(ruleset, config, experiment.spec.seed, games, repeats)
        greedy = [speed(game, t, timings[t]) for t in sorted(timings)]
        figures += speed_figures(f"{game}, greedy, {config.config_id}", greedy)
        version = f"{game} {ruleset.version}"  # the ruleset's version: which games these are
        speeds += [(version, f"greedy, {config.config_id} ({spec_name})", s) for s in greedy]
        for agent in (a for a in SEARCHING if hard_games and a in ruleset.agents):
            faction = ruleset.list_factions(ruleset.cards_dir)[0]
            label, searched, score = hard_speeds(ruleset, faction, hard_games, repeats, thread_counts(), agent)
            figures += hard_mirror_figures(label, searched, score, agent, ruleset)
            speeds += [(version, f"{agent} vs greedy, {faction} mirror", s) for s in searched]
    if startup:
        for game in GAME_SPECS:
            with tempfile.TemporaryDirectory(prefix="sim-bench-cache-") as cache:
                cold = time_start(game_spec(game), Path(cache))
                cached = time_start(game_spec(game), Path(cache))
            starts.append((game, cold, cached))
            figures += [Figure(f"cold compile (empty numba cache), {game}", cold.wall, "s", f"{cold.cpu:.1f} CPU-s"),
                        Figure(f"cached start (warm numba cache), {game}", cached.wall, "s", f"{cached.cpu:.2f} CPU-s")]
    return AllGames(figures, markdown_table(speeds, starts, games, hard_games, repeats))


def markdown_table(speeds: list[tuple[str, str, Speed]], starts: list[tuple[str, Start, Start]], games: int,
                   hard_games: int, repeats: int) -> str:
    def number(value: float | None, digits: int = 0) -> str:
        return "" if value is None else f"{value:,.{digits}f}"

    lines = [f"`sim bench --all --games {games} --hard-games {hard_games} --repeat {repeats}`, sim "
             f"{sim.__version__}, {numba.config.NUMBA_NUM_THREADS} threads available; medians of "
             f"{repeats} repeats, the thread counts taking turns:", "",
             "| game (ruleset version) | timed | threads | games/s | turns/s | decisions/s | turns a game | decisions a game |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for game, timed, s in speeds:
        lines.append(f"| {game} | {timed} | {s.threads} | {number(s.games)} | {number(s.turns)} | "
                     f"{number(s.decisions)} | {s.turns_per_game:.1f} | {number(s.decisions_per_game, 1)} |")
    if starts:
        lines += ["", "| game | cold compile, s (CPU-s) | cached start, s (CPU-s) |", "| --- | ---: | ---: |"]
        lines += [f"| {game} | {cold.wall:.1f} ({cold.cpu:.1f}) | {cached.wall:.2f} ({cached.cpu:.2f}) |"
                  for game, cold, cached in starts]
    return "\n".join(lines) + "\n"


def describe_all(games: int, hard_games: int, repeats: int) -> str:
    return (f"sim bench --all: {', '.join(GAME_SPECS)}; {games:,} units per timed run, {hard_games:,} games of hard "
            f"against greedy, {repeats} repeats; {numba.config.NUMBA_NUM_THREADS} threads available")


def describe(spec: Path, games: int, repeats: int) -> str:
    experiment = load_spec(spec)
    config_id, first = next(iter(experiment.config_experiments().items()))
    sides = " vs ".join(f"{s.faction} ({''.join(f'{value} {name}, ' for name, value in s.options.items() if value is not None)}"
                        f"{s.agent} play)" for s in first.spec.sides)
    if experiment.spec.matchups == "round_robin":
        sides += f" (matchup {config_id}, the first of the round robin)"
    return (f"{experiment.spec.ruleset}: {sides}; {experiment.spec.kind}; {games:,} units x {repeats} repeats; "
            f"{numba.config.NUMBA_NUM_THREADS} threads available; spec {spec}")
