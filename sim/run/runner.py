"""Run an experiment end to end: plan, check the results folder, execute, write, record.

The order of steps is the point of this module. Everything that can refuse (spec, cards,
parameters, arguments, a results folder holding another experiment) is checked before anything
is created or changed, so bad input leaves results/ as it was. Only then is the executor started,
the folder locked and the manifest written; the executor hands back chunks and this driver writes
each one atomically as it arrives, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import polars as pl

from sim.core.errors import InputError
from sim.run.executors import THREADS, Executor, SerialExecutor, executor_line
from sim.run.plan import BASE_CONFIG, Chunk, Plan, make_plan
from sim.run.progress import LiveProgress, ProgressReporter, SilentProgress
from sim.results.resuming import manifest_resume_command
from sim.run.spec import Experiment, StopSpec
from sim.results.folder import check_run_name
from sim.results.manifest import existing_manifest, identity_hash, utc_now
from sim.run.store import new_manifest, open_run

MANIFEST_EVERY = 0.5  # seconds between two progress writes of a running run's manifest


class StopRule(Protocol):
    """Early stopping of a spec with [stop] (sim.analysis.stopping.StopRule, handed in by the caller:
    the statistics are the analysis layer's, which the run layer does not import)."""

    def needed(self, chunk: Chunk) -> bool:
        """Is this chunk still part of the run (not past its config's stopping point)?"""

    def feed(self, chunk: Chunk, games: pl.DataFrame) -> list[str]:
        """Take a finished chunk's games; the configs that have just stopped."""

    def summary(self) -> dict[str, Any]:
        """What the manifest records of the stopped configs."""


# makes the stop rule of a run: ([stop], the configs' ids, the config the others are tested against or None)
StopRules = Callable[[StopSpec, Sequence[str], "str | None"], StopRule]


@dataclass(frozen=True)
class RunOutcome:
    """What one `run_experiment` call did (this session only; earlier sessions are in the manifest)."""

    run_dir: Path
    plan: Plan
    chunks_played: int
    chunks_skipped: int
    units_played: int
    games_played: int
    wall_seconds: float
    executor: str
    finished: bool
    repaired: tuple[str, ...] = ()  # damaged chunks found at the start and played again

    @property
    def games_per_second(self) -> float:
        return self.games_played / self.wall_seconds if self.wall_seconds > 0 else 0.0


def prepare_run(experiment: Experiment, results_dir: Path, run_name: str | None = None,
                executor_name: str = THREADS, overwrite: bool = False,
                chunk_size: int | None = None, executor_reason: str = "") -> tuple[Plan, Path, dict]:
    """Validate everything and decide the plan, touching nothing: (plan, run folder, new manifest).

    A resumed run keeps the chunk size its folder was written with (chunk files must line up),
    unless --chunk-size asks for another one, which is refused."""
    name = check_run_name(run_name or experiment.spec.name, "--run" if run_name else f"{experiment.path}: name")
    results_dir = Path(results_dir)
    if results_dir.exists() and not results_dir.is_dir():
        raise InputError(f"--results: {results_dir} exists and is not a folder")
    plan = make_plan(experiment, chunk_size)
    run_dir = results_dir / name
    manifest = new_manifest(plan, name, executor_name, executor_reason)
    old = existing_manifest(run_dir, manifest, overwrite)
    if old is not None and old.get("chunk_size") != plan.chunk_units:
        stored = int(old["chunk_size"])
        if chunk_size is not None:  # not --overwrite: it would delete the chunks this run can resume from
            raise InputError(f"--chunk-size: {run_dir} was written in chunks of {stored} units, which a resumed "
                             f"run keeps; leave the flag out or resume it with its own command: "
                             f"{manifest_resume_command(old, run_dir)}")
        plan = plan.rechunk(stored)
        manifest.update(chunk_size=plan.chunk_units, chunks_total=len(plan.chunks))
        manifest["identity"] = identity_hash(manifest)
    return plan, run_dir, manifest


def warm_kernels(plan: Plan, pending: list[Chunk], progress: ProgressReporter,
                 live: LiveProgress | None = None) -> None:
    """Play one unit of the first pending chunk's config and throw it away, so that the kernels
    compile (or load from the cache) here, said as such (on the terminal, and in the run's
    progress file for the dashboard), instead of inside the first chunk behind a progress bar that
    does not move; and one of the first config of the other kernel build, when the pending chunks
    need both (configs where a side searches and configs where none does: Ruleset.searches).
    Nothing is written: a unit is a pure function of its seed."""
    progress.compiling(plan.ruleset.name, plan.ruleset.compile_seconds)
    if live is not None:
        live.compiling(plan.ruleset.name, plan.ruleset.compile_seconds)
    try:
        builds: dict[bool, Chunk] = {}
        for chunk in pending:
            builds.setdefault(plan.ruleset.searches(plan.configs[chunk.config_id]), chunk)
        for chunk in builds.values():
            compiled = plan.configs[chunk.config_id]
            rows, counters = plan.ruleset.play_chunk(compiled, plan.seed, chunk.unit_start, 1)
            plan.ruleset.games_frame(compiled, rows)
            plan.ruleset.cards_frame(compiled, counters)
    finally:
        progress.compiled()
        if live is not None:
            live.compiled()


def run_experiment(experiment: Experiment, results_dir: Path, run_name: str | None = None,
                   executor: Executor | None = None, overwrite: bool = False, chunk_size: int | None = None,
                   progress: ProgressReporter | None = None,
                   warn: Callable[[str], None] | None = None, stop_rules: StopRules | None = None) -> RunOutcome:
    """Play every chunk of the experiment not already in results/<run>/ and record the run.

    The run folder is `results_dir / (run_name or spec name)`. Rerunning the same call resumes;
    the finished folder is identical to that of an uninterrupted run. `warn` hears, before anything
    is played, what the game's rules recommend against in the spec's pairings (Plan.warnings). A spec
    with [stop] needs `stop_rules` (sim.analysis.stopping.StopRule)."""
    stop = experiment.spec.stop
    if stop is not None and stop_rules is None:
        raise ValueError(f"{experiment.path}: a spec with [stop] is run with stop_rules (sim.analysis.stopping.StopRule)")
    executor = executor or SerialExecutor()
    progress = progress or SilentProgress()
    plan, run_dir, manifest = prepare_run(experiment, results_dir, run_name, executor.name, overwrite, chunk_size,
                                          executor_line(executor))
    for text in plan.warnings if warn is not None else ():
        warn(text)
    try:
        executor.start()  # inside: a start interrupted half-way (Ctrl-C) is stopped all the same
        with open_run(run_dir, manifest, overwrite) as (store, current):
            repaired = store.repair(plan)  # never trust a chunk because its file exists
            sweeping = experiment.spec.sweep is not None or experiment.spec.ablation is not None
            rule = (stop_rules(stop, list(plan.configs), BASE_CONFIG if sweeping else None)
                    if stop is not None and stop_rules is not None else None)
            if rule is not None:  # a resumed run decides again from the chunks on disk, in order
                for chunk in plan.chunks:
                    if store.is_done(chunk):
                        if rule.needed(chunk):
                            rule.feed(chunk, store.read_games(chunk))
                        else:
                            store.remove_chunk(chunk)
            wanted = rule.needed if rule is not None else (lambda chunk: True)
            pending = [chunk for chunk in store.pending(plan) if wanted(chunk)]
            done_units = plan.total_units - sum(chunk.n_units for chunk in pending)
            current["chunks_done"] = len(plan.chunks) - len(pending)
            tally = {"chunks": 0, "units": 0, "games": 0}
            last_manifest = [float("-inf")]
            live = LiveProgress(run_dir, str(current.get("started")))
            # (units, games) each chunk's blocks reported, so that its end only adds what they had not
            reported: dict[Chunk, tuple[int, int]] = {}
            counting = threading.Lock()  # blocks are reported from the player's thread

            def on_block(chunk: Chunk, units: int, games: int) -> None:
                with counting:
                    seen = reported.get(chunk, (0, 0))
                    reported[chunk] = (seen[0] + units, seen[1] + games)
                live.advance(chunk.config_id, chunk.unit_start, units, games)
                progress.advance(units, games)

            def rest_of(chunk: Chunk, games: int) -> tuple[int, int]:
                """What a finished chunk adds to the progress beyond the blocks it reported."""
                with counting:
                    units_seen, games_seen = reported.pop(chunk, (0, 0))
                return chunk.n_units - units_seen, max(0, games - games_seen)

            def on_done(chunk: Chunk, games: pl.DataFrame, cards: pl.DataFrame) -> None:
                if not wanted(chunk):  # its config stopped before it: a parallel executor played it anyway
                    units, _ = rest_of(chunk, 0)
                    live.written(chunk.config_id, chunk.unit_start, units, 0)
                    progress.advance(units, 0)
                    return
                store.write_chunk(chunk, games, cards)
                # a config may stop on its own chunk or, tested against the baseline, on the baseline's
                for stopped in rule.feed(chunk, games) if rule is not None else []:
                    for other in plan.chunks:  # chunks past the stopping point that finished early
                        if other.config_id == stopped and not wanted(other) and store.is_done(other):
                            store.remove_chunk(other)
                            tally["chunks"] -= 1
                            current["chunks_done"] -= 1
                    current["chunks_done"] += sum(1 for other in plan.chunks
                                                  if other.config_id == stopped and not wanted(other))
                    current["stopped"] = rule.summary()
                tally["chunks"] += 1
                tally["units"] += chunk.n_units
                tally["games"] += games.height
                current["chunks_done"] += 1
                # the manifest only reports progress here (a chunk is done when its files are), so it
                # is written at most every MANIFEST_EVERY seconds: rewritten after each of a balance
                # search's thousands of small chunks it cost more than playing them
                now = time.perf_counter()
                if now - last_manifest[0] >= MANIFEST_EVERY:
                    store.write_manifest(current)
                    last_manifest[0] = now
                units, played = rest_of(chunk, games.height)
                live.written(chunk.config_id, chunk.unit_start, units, played)
                progress.advance(units, played)

            if pending:
                live.open()  # a run with nothing left to play writes no progress file
            try:
                if pending:  # before the clock starts: games/s and wall_seconds are the play's, not the compile's
                    warm_kernels(plan, pending, progress, live)
                started = time.perf_counter()
                live.start()
                progress.start(plan.total_units, done_units, experiment.spec.kind)
            except BaseException:
                live.close()
                raise
            failed = False
            try:
                if rule is None:
                    executor.execute(plan, pending, on_done, on_block=on_block)
                else:
                    executor.execute(plan, pending, on_done, wanted, on_block=on_block)
            except BaseException:
                failed = True
                raise
            finally:
                progress.stop()
                live.close()  # before the last manifest: from then on the chunk records say it all
                wall = time.perf_counter() - started
                current["wall_seconds"] = round(float(current.get("wall_seconds", 0.0)) + wall, 3)
                settled = [store.is_done(chunk) or not wanted(chunk) for chunk in plan.chunks]
                finished = all(settled)
                # counted again from the store: a stop (Ctrl-C, Cancel) between a chunk's record and
                # the manifest it would update leaves the count one short otherwise
                current["chunks_done"] = sum(settled)
                if rule is not None:
                    current["stopped"] = rule.summary()
                if finished:
                    # a rerun with nothing left to play keeps the time the run really finished
                    if tally["chunks"] or not current.get("finished"):
                        current["finished"] = utc_now()
                    current["status"] = "finished"
                try:
                    store.write_manifest(current)
                except OSError:
                    # a full disk that stopped a chunk stops the manifest too: the chunk's fault is the
                    # one said; the manifest on disk is the last one written, and a resume counts again
                    if not failed:
                        raise
    finally:
        executor.stop()
    return RunOutcome(run_dir, plan, tally["chunks"], len(plan.chunks) - len(pending), tally["units"],
                      tally["games"], wall, executor.name, finished, tuple(repaired))
