"""Progress of a long run on the terminal: units done of total, games per second, time left; and
the progress of a stored run as any reader finds it on disk (`stored_progress`, the dashboard's).

The runner reports through the small `ProgressReporter` interface, so tests and non-terminal
output use `SilentProgress` and the CLI uses `RichProgress`, which stays quiet when stderr is not a
terminal (logs and CI keep only the final summary line the CLI prints).
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, ProgressColumn, SpinnerColumn, Task, TaskID, TextColumn,
    TimeElapsedColumn, TimeRemainingColumn,
)
from rich.text import Text

from sim.run.store import RECORDS

CHUNK_RECORD = re.compile(r"^chunk-(\d{12})\.json$")

COMPILE_NOTICE_AFTER = 0.5  # seconds of warm-up before the compile is said: a cached load takes less


class ProgressReporter(Protocol):
    def compiling(self, game: str, expected_seconds: float) -> None:
        """The game's kernels are about to be loaded, or compiled when this machine has no cached copy."""

    def compiled(self) -> None:
        """The kernels are ready; the run itself starts next."""

    def start(self, total_units: int, done_units: int, unit_word: str) -> None:
        """A run begins; `done_units` were finished by an earlier session (resume)."""

    def advance(self, units: int, games: int) -> None:
        """A chunk finished: `units` more units done, holding `games` played games."""

    def stop(self) -> None:
        """The run ended (finished, interrupted or failed)."""


class SilentProgress:
    """Reports nothing: tests and library use."""

    def compiling(self, game: str, expected_seconds: float) -> None:
        pass

    def compiled(self) -> None:
        pass

    def start(self, total_units: int, done_units: int, unit_word: str) -> None:
        pass

    def advance(self, units: int, games: int) -> None:
        pass

    def stop(self) -> None:
        pass


class GamesPerSecondColumn(ProgressColumn):
    """Played games per second of this session (a best-of-three unit is 2 or 3 games)."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        games = task.fields.get("games", 0)
        if elapsed <= 0 or games == 0:
            return Text("- games/s", style="progress.data.speed")
        return Text(f"{games / elapsed:,.0f} games/s", style="progress.data.speed")


class RichProgress:
    """A rich progress bar on stderr, shown only when stderr is a terminal; before it, while the
    kernels compile (a first run), a line saying so with the time elapsed, on a terminal or in a log."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._compile: CompileNotice | None = None

    def compiling(self, game: str, expected_seconds: float) -> None:
        self._compile = CompileNotice(self.console, game, expected_seconds)

    def compiled(self) -> None:
        if self._compile is not None:
            self._compile.done()
            self._compile = None

    def start(self, total_units: int, done_units: int, unit_word: str) -> None:
        self._progress = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TextColumn(unit_word), GamesPerSecondColumn(), TimeElapsedColumn(), TextColumn("elapsed,"),
            TimeRemainingColumn(), TextColumn("left"), console=self.console, disable=not self.console.is_terminal,
        )
        self._progress.start()
        self._task = self._progress.add_task("simulating", total=total_units, completed=done_units, games=0)

    def advance(self, units: int, games: int) -> None:
        if self._progress is None or self._task is None:
            return
        task = self._progress.tasks[0]
        self._progress.update(self._task, advance=units, games=task.fields.get("games", 0) + games)

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


def compile_words(game: str, expected_seconds: float) -> str:
    return (f"compiling {game}'s kernels (first run only: later runs load them in about a second), "
            f"about {expected_seconds:.0f} s on two cores")


class CompileNotice:
    """Says that the kernels compile, once the warm-up has lasted COMPILE_NOTICE_AFTER seconds (a
    cached load is quicker and says nothing): on a terminal a spinner with the seconds elapsed, in a
    log one line; and when they are ready, how long it took."""

    def __init__(self, console: Console, game: str, expected_seconds: float) -> None:
        self.console = console
        self.game = game
        self.words = compile_words(game, expected_seconds)
        self.started = time.perf_counter()
        self.shown = False
        self._ready = threading.Event()
        self._status: Progress | None = None
        self._watcher = threading.Thread(target=self._watch, name="sim-compile-notice", daemon=True)
        self._watcher.start()

    def _watch(self) -> None:
        if self._ready.wait(COMPILE_NOTICE_AFTER):
            return
        self.shown = True
        if self.console.is_terminal:
            self._status = Progress(SpinnerColumn(), TextColumn(self.words), TimeElapsedColumn(),
                                    TextColumn("elapsed"), console=self.console, transient=True)
            self._status.start()
            self._status.add_task("compiling", total=None)
        else:
            self.console.print(self.words, highlight=False, soft_wrap=True)

    def done(self) -> None:
        self._ready.set()
        self._watcher.join()
        if self._status is not None:
            self._status.stop()
        if self.shown:
            self.console.print(f"compiled {self.game}'s kernels in {time.perf_counter() - self.started:.0f} s "
                               "(kept for the next runs)", highlight=False, soft_wrap=True)


@dataclass(frozen=True)
class StoredProgress:
    """How far a stored run is: chunks as its manifest counts them, units (games, story runs or
    matches) from the chunk records on disk."""

    chunks_done: int
    chunks_total: int
    units_done: int
    units_total: int

    @property
    def fraction(self) -> float:
        return self.units_done / self.units_total if self.units_total else 0.0


def stored_progress(run_dir: Path, manifest: dict[str, Any]) -> StoredProgress:
    """A run's progress from its manifest and the names of its chunk records (a record is written
    last, once both files of its chunk are whole, so no half-written chunk is counted; its name
    holds the chunk's first unit, and the chunk size and games per config give its length). Chunks a
    stop rule made unnecessary count as done in the manifest and have no record."""
    games = int(manifest.get("games") or 0)
    size = int(manifest.get("chunk_size") or 0)
    configs = manifest.get("configs") or {}
    units_done = 0
    if games and size:
        for config_id in configs:
            folder = Path(run_dir) / RECORDS / f"config={config_id}"
            try:
                names = [entry.name for entry in folder.iterdir()]
            except OSError:  # no chunk of this config has finished
                continue
            for name in names:
                found = CHUNK_RECORD.match(name)
                if found and (start := int(found.group(1))) < games:
                    units_done += min(size, games - start)
    return StoredProgress(chunks_done=int(manifest.get("chunks_done") or 0),
                          chunks_total=int(manifest.get("chunks_total") or 0),
                          units_done=units_done, units_total=games * len(configs))
