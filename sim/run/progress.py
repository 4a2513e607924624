"""Progress of a long run on the terminal: units done of total, games per second, time left.

The runner reports through the small `ProgressReporter` interface, so tests and non-terminal
output use `SilentProgress` and the CLI uses `RichProgress`, which stays quiet when stderr is not a
terminal (logs and CI keep only the final summary line the CLI prints).
"""

from __future__ import annotations

from typing import Protocol

from rich.console import Console
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TaskID, TextColumn, TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

class ProgressReporter(Protocol):
    def start(self, total_units: int, done_units: int, unit_word: str) -> None:
        """A run begins; `done_units` were finished by an earlier session (resume)."""

    def advance(self, units: int, games: int) -> None:
        """A chunk finished: `units` more units done, holding `games` played games."""

    def stop(self) -> None:
        """The run ended (finished, interrupted or failed)."""


class SilentProgress:
    """Reports nothing: tests and library use."""

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
    """A rich progress bar on stderr, shown only when stderr is a terminal."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self._progress: Progress | None = None
        self._task: TaskID | None = None

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
