"""Runs launched from the dashboard, from the click to their end.

A launch is checked as `sim run` would check it, before anything starts (`start_run`: the spec, its
cards, the run name, the run folder holding another experiment, the executor, and this dashboard's
cap on games); only then is `sim run` started in its own process, its stdout and stderr kept in
results/_launches/. The page follows each launch of this dashboard (`Launch.outcome`): a process
that ends with an error shows its stderr in the page. `cancel` stops a run as Ctrl-C would (SIGINT:
finished chunks are kept, the manifest written, the same command resumes), then kills the process
group of a launch that has not ended `KILL_AFTER_SECONDS` later. Whether a run is still being written
is decided by sim.results.liveness, for every run, launched here or not.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dash import html
from flask import current_app

import sim.rulesets
from dashboards import data
from sim.core.cards import read_toml
from sim.core.errors import InputError, fault_words
from sim.report.formatting import count
from sim.report.language import t
from sim.run.executors import make_executor
from sim.results.liveness import interrupt_writer, writer_liveness
from sim.run.progress import StoredProgress, stored_progress
from sim.results.resuming import manifest_resume_command
from sim.run.runner import prepare_run
from sim.balance.spec import load_checked_spec
from sim.run.spec import Experiment

RULESETS_DIR = Path(sim.rulesets.__file__).resolve().parent  # the games' own card folders
UPLOADS = "_uploads"  # the dashboard's folder of uploaded specs, in the results folder

DEFAULT_MAX_GAMES = 20_000_000  # sim dash --max-games; docs/engine.md says why
KILL_AFTER_SECONDS = 15.0  # `sim run` ends itself within 3 s of SIGINT; past this it is stuck
STDERR_LINES_SHOWN = 60
UNFINISHED = ("running", "interrupted", "cancelled")


class OverCap(InputError):
    """A launch that would play more games than `sim dash --max-games` allows."""

    def __init__(self, name: str, configs: int, games: int, cap: int) -> None:
        self.name, self.configs, self.games, self.cap = name, configs, games, cap
        super().__init__(f"{name}: {configs:,} configs × {games:,} games = {self.total:,} games, more than the "
                         f"{cap:,} a launch from the dashboard may play (sim dash --max-games)")

    @property
    def total(self) -> int:
        return self.configs * self.games

    def said(self, lang: str | None) -> str:
        return t("over_cap", lang, name=self.name, configs=f"{self.configs:,}", games=f"{self.games:,}",
                 total=f"{self.total:,}", cap=f"{self.cap:,}", cap_plain=self.cap)


def check_cap(experiment: Experiment, cap: int) -> None:
    """Refuse (OverCap) an experiment whose configs × games exceed `cap`; counted before any config is
    compiled or any chunk planned, so a spec of 10,000,000,000 games costs nothing to refuse."""
    configs = len(experiment.config_experiments())
    if configs * experiment.spec.games > cap:
        raise OverCap(experiment.spec.name, configs, experiment.spec.games, cap)


@dataclass
class Launch:
    """One `sim run` process this dashboard started."""

    run: str
    process: subprocess.Popen
    stdout_path: Path
    stderr_path: Path
    started: float = field(default_factory=time.monotonic)
    cancelled: bool = False

    @property
    def pid(self) -> int:
        return self.process.pid

    def outcome(self) -> tuple[str, int | None]:
        """("running", None) while the process lives, else its end: ("finished", 0), ("cancelled",
        code) after this dashboard's Cancel, ("failed", code) otherwise. Polling reaps the process, so
        no zombie of it is left for liveness checks to mistake for a live writer."""
        code = self.process.poll()
        if code is None:
            return "running", None
        if code == 0:
            return "finished", 0
        return ("cancelled" if self.cancelled else "failed"), code

    def stderr_tail(self) -> str:
        try:
            lines = self.stderr_path.read_text(encoding="utf-8", errors="replace").rstrip().splitlines()
        except OSError:
            return ""
        shown = lines[-STDERR_LINES_SHOWN:]
        return ("…\n" if len(lines) > len(shown) else "") + "\n".join(shown)


_launches: dict[str, Launch] = {}
_guard = threading.Lock()


def launched(run: object) -> Launch | None:
    """This dashboard's launch of `run`, if any (the name comes from the page: anything else is none)."""
    with _guard:
        return _launches.get(run) if isinstance(run, str) and run else None


@dataclass(frozen=True)
class Checked:
    """A launch that passed every check `sim run` makes before it writes: what it plays, and where."""

    experiment: Experiment
    run_dir: Path

    @property
    def run(self) -> str:
        return self.run_dir.name


def check_launch(experiment: Experiment, run_name: str | None = None) -> Checked:
    """Everything `sim run` refuses with exit 2 before it writes (the spec, its cards, the run name,
    a run folder holding another experiment, the executor), and this dashboard's cap on games, checked
    without starting or writing anything; refusals are InputErrors (OverCap for the cap)."""
    check_cap(experiment, int(current_app.config.get("SIM_MAX_GAMES", DEFAULT_MAX_GAMES)))
    executor = str(current_app.config.get("SIM_EXECUTOR", "ray"))
    make_executor(executor)  # an unknown executor, or a Ray address that cannot be one
    _, run_dir, _ = prepare_run(experiment, data.results_root(), run_name, executor)
    return Checked(experiment, run_dir)


def card_folders() -> tuple[Path, ...]:
    """Where a spec launched from the dashboard may read its cards: the project's rulesets, the
    uploads folder and the results folder (issue 35: an uploaded spec's cards_dir could name any
    folder of the machine, whose files the dashboard then listed and played)."""
    root = data.results_root().resolve()
    return RULESETS_DIR, (root / UPLOADS).resolve(), root


def check_cards_place(spec: dict[str, Any], spec_path: Path) -> None:
    """Refuse (data.PageMessage, no path said) a spec whose `cards_dir` leads, after symbolic links,
    anywhere but inside `card_folders`; checked on the parsed TOML, before the spec is validated,
    so nothing of the folder is read or listed, and a refusal says nothing of what is there."""
    given = spec.get("cards_dir")
    if not isinstance(given, str) or not given:
        return  # none (the ruleset's own cards), or not a folder name: the spec's own check refuses it
    place = (Path(spec_path).parent / given).resolve()
    if not any(place.is_relative_to(folder) and place != folder for folder in card_folders()):
        raise data.PageMessage("cards_dir_outside", spec=Path(spec_path).name)


def start_run(spec_path: Path, games: int | None = None, seed: int | None = None, run_name: str | None = None,
              checked: Checked | None = None) -> Launch:
    """Check a launch (`check_launch`, unless `checked` says it was), refuse a run that is already
    being written, then start `sim run` in its own process (a session of its own, so the dashboard's
    Ctrl-C leaves it running), its stdout and stderr in results/_launches/RUN.log and .err."""
    if checked is None:
        check_cards_place(read_toml(Path(spec_path)), Path(spec_path))
        checked = check_launch(load_checked_spec(spec_path, games=games, seed=seed), run_name)
    root = data.results_root()
    name = checked.run
    with _guard:
        earlier = _launches.get(name)
        if earlier is not None and earlier.outcome()[0] == "running":
            raise InputError(f"{name}: already running (process {earlier.pid}, launched from this dashboard); "
                             "cancel it first, or wait for it to end")
        liveness = writer_liveness(checked.run_dir)
        if liveness.alive:
            raise InputError(f"{name}: already running: {liveness.reason}; cancel it first, or wait for it to end")
        command = [sys.executable, "-m", "sim.cli", "run", str(spec_path), "--results", str(root), "--run", name,
                   "--executor", str(current_app.config.get("SIM_EXECUTOR", "ray"))]
        if games:
            command += ["--games", str(games)]
        if seed is not None:
            command += ["--seed", str(seed)]
        logs = data.confined(root / data.LAUNCHES)
        stdout_path, stderr_path = data.confined(logs / f"{name}.log"), data.confined(logs / f"{name}.err")
        try:
            logs.mkdir(parents=True, exist_ok=True)
            data.confined(data.cancel_mark(name)).unlink(missing_ok=True)  # a new session: not cancelled (yet)
            with open(stdout_path, "w", encoding="utf-8") as out, open(stderr_path, "w", encoding="utf-8") as err:
                process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                           start_new_session=True)
        except OSError as exc:  # a full or read-only disk: said with the file, and no empty log is left
            for log in (stdout_path, stderr_path):
                try:
                    if log.is_file() and log.stat().st_size == 0:
                        log.unlink()
                except OSError:
                    pass
            where = exc.filename if isinstance(exc.filename, str) else str(logs)
            raise data.PageMessage("write_failed", entry=os.path.relpath(where, root), reason=fault_words(exc)) from None
        launch = Launch(name, process, stdout_path, stderr_path)
        _launches[name] = launch
    return launch


def resume_run(run: str) -> Launch:
    """Launch a stopped run again with what its manifest records (spec file, games, seed, name): it
    plays only the chunks not on disk and ends as an uninterrupted run would."""
    manifest = data.manifest_of(run)  # the name is checked, and confined, here
    spec_path = Path(str(manifest.get("spec_path") or ""))
    if not spec_path.is_file():
        raise InputError(f"{run}: its spec {spec_path} is gone; resume it with `sim run` and the spec")
    return start_run(spec_path, games=int(manifest["games"]), seed=int(manifest["seed"]), run_name=run)


def resume_command(run: str, manifest: dict[str, Any]) -> str:
    """The `sim run` command that resumes a run, as a person would type it (the one `sim show` and
    every other hint print: sim.results.resuming)."""
    return manifest_resume_command(manifest, data.results_root() / run)


def cancel(run: str) -> int:
    """Stop a running run (SIGINT, as Ctrl-C); returns the pid it was sent to. A launch of this
    dashboard that has not ended `KILL_AFTER_SECONDS` later is killed with its process group (Ray's
    processes too); any other run is stopped only when its writer is on this machine and holds the
    run's lock (sim.results.liveness.interrupt_writer). Refusals are InputErrors."""
    launch = launched(run)
    if launch is not None and launch.outcome()[0] == "running":  # perhaps still starting, with no folder yet
        launch.cancelled = True
        os.kill(launch.pid, signal.SIGINT)
        killer = threading.Timer(KILL_AFTER_SECONDS, _kill_if_running, args=(launch,))
        killer.daemon = True  # the dashboard's own Ctrl-C does not wait for it
        killer.start()
        pid = launch.pid
    else:
        pid = interrupt_writer(data.run_folder(run)).pid  # the name is checked, and confined, here
    data.write_whole(data.cancel_mark(run), f"cancelled from the dashboard, pid {pid}\n".encode("utf-8"))
    return pid


def _kill_if_running(launch: Launch) -> None:
    # not reaped while it runs, so the pid (and its group) cannot belong to another process yet
    if launch.process.poll() is None:
        try:
            os.killpg(launch.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def cancellable(run: str, status: str, folder: Path) -> bool:
    """Whether the page offers Cancel: a running run launched here, or whose writer is on this machine."""
    if status != "running":
        return False
    launch = launched(run)
    if launch is not None and launch.outcome()[0] == "running":
        return True
    writer = writer_liveness(folder).writer
    return writer is not None and writer.on_this_machine()


class Rates:
    """Games per second of each running run, from what the page saw of it since its session started
    (from the last sighting before its count moved, so the kernels' compile is not counted as
    play, to now); no figure until a sighting shows games played. Used for a run whose process
    writes no rate of its own (sim.run.progress.LiveProgress)."""

    def __init__(self) -> None:
        self.first: dict[str, tuple[str, float, int]] = {}
        self._guard = threading.Lock()

    def games_per_second(self, run: str, session: str, units: int, now: float | None = None) -> float | None:
        now = time.monotonic() if now is None else now
        with self._guard:
            seen = self.first.get(run)
            if seen is None or seen[0] != session or units <= seen[2]:
                self.first[run] = (session, now, units)  # nothing played since: the clock starts later
                return None
        _, then, units_then = seen
        if now - then < 1.0:
            return None
        return (units - units_then) / (now - then)


RATES = Rates()


def duration_words(seconds: float, lang: str | None) -> str:
    if seconds < 90:
        return t("seconds_left", lang, n=max(1, round(seconds)))
    if seconds < 90 * 60:
        return t("minutes_left", lang, n=round(seconds / 60))
    hours, minutes = divmod(round(seconds / 60), 60)
    return t("hours_left", lang, h=hours, m=minutes)


def progress_words(run: str, progress: StoredProgress, session: str | None, lang: str | None,
                   with_rate: bool = False) -> str:
    """"3/10 chunks, 3,000 of 10,000 games" (the games of the chunks being played included, from the
    running process's progress file) and, while it runs, "1,250 games/s, about 6 s left", or while
    its kernels compile, "compiling dicedraft's kernels (first run only): 25 s of about 68 s"."""
    words = t("progress_line", lang, done=progress.chunks_done, total=progress.chunks_total,
              games=count(progress.units_done, lang), total_games=count(progress.units_total, lang))
    if progress.compiling is not None:
        return words + ", " + t("progress_compiling", lang, game=progress.compiling.game,
                                elapsed=round(progress.compiling.elapsed_seconds),
                                expected=round(progress.compiling.expected_seconds))
    if with_rate and progress.units_done < progress.units_total:
        # the process's own rate (its play only, from its first block on); else what the page saw
        units_rate = progress.units_per_second or RATES.games_per_second(run, str(session), progress.units_done)
        if units_rate:
            left = (progress.units_total - progress.units_done) / units_rate
            words += ", " + t("progress_rate", lang, rate=count(round(progress.games_per_second or units_rate), lang),
                              left=duration_words(left, lang))
    return words


def launch_message(run: str, lang: str | None) -> html.Div | None:
    """What the page says of this dashboard's launch of `run`: starting, running with its progress,
    finished, cancelled, or failed with its process's stderr; None when it did not launch it."""
    launch = launched(run)
    if launch is None:
        return None
    state, code = launch.outcome()
    try:
        manifest = data.manifest_of(run)
        progress = stored_progress(data.run_folder(run), manifest)
        session = manifest.get("started")
    except InputError:  # no manifest yet: still starting, or refused before it wrote one
        manifest, progress, session = None, None, None
    if state == "failed":
        return html.Div([html.Strong(t("launch_failed", lang, run=run, code=code)),
                         html.Pre(launch.stderr_tail() or t("no_message", lang))],
                        className="launch-error", style={"color": "#a00"})
    if progress is None:
        return html.Div(t("launch_starting", lang, run=run, pid=launch.pid), className="launch-ok")
    words = progress_words(run, progress, session, lang, with_rate=state == "running")
    if state == "running":
        text = (t("launch_starting", lang, run=run, pid=launch.pid) if manifest.get("status") == "finished"
                else t("launch_running", lang, run=run, pid=launch.pid, progress=words))
        return html.Div(text, className="launch-ok")
    if state == "cancelled":
        return html.Div(t("launch_cancelled", lang, run=run, progress=words), className="launch-cancelled")
    return html.Div(t("launch_finished", lang, run=run, progress=words), className="launch-ok")


def unfinished_banner(run: str | None, lang: str | None) -> html.Div | None:
    """The shell's banner over every page of an unfinished run (running, interrupted, cancelled):
    the run, its chunks done of total, and what to do; None for a finished run or none chosen."""
    if not run:
        return None
    try:
        folder = data.run_folder(run)
        manifest = data.manifest_of(run)
    except InputError:
        return None
    status = data.run_status(folder, manifest)
    if status not in UNFINISHED:
        return None
    progress = progress_words(run, stored_progress(folder, manifest), manifest.get("started"), lang)
    if status == "running":
        children: list = [t("banner_running", lang, run=run, progress=progress)]
    else:
        text = t("banner_stopped", lang, run=run, progress=progress, state_word=t(f"word_{status}", lang),
                 command="\0")
        before, _, after = text.partition("\0")
        children = [before, html.Code(resume_command(run, manifest)), after]
    return html.Div(children, className=f"unfinished-banner unfinished-{status}")
