"""The terminal's progress bar for a long run: units done of total, games per second, time left,
and the compile notice (sim.run.progress.ProgressReporter, as the CLI reports it). It stays quiet when
stderr is not a terminal (logs and CI keep only the final summary line the CLI prints). What it says
is the catalog's, in the command's language, numbers written as that language writes them
("12.000/60.000 partidas" in Spanish).
"""

from __future__ import annotations

import threading
import time

from rich.console import Console
from rich.progress import BarColumn, Progress, ProgressColumn, SpinnerColumn, Task, TaskID, TextColumn
from rich.text import Text

from sim.report.formatting import count
from sim.report.language import t, unit_word
from sim.run.progress import COMPILE_NOTICE_AFTER

def clock_text(seconds: float | None) -> str:
    """A duration as the bar shows it, h:mm:ss ("-:--:--" while unknown), in both languages."""
    if seconds is None or seconds != seconds or seconds < 0:
        return "-:--:--"
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02d}:{second:02d}"


class UnitsColumn(ProgressColumn):
    """Units done of the run's total, and what a unit is: "12,000/60,000 games", "12.000/60.000 partidas"."""

    def __init__(self, unit: str, lang: str) -> None:
        super().__init__()
        self.unit, self.lang = unit, lang

    def render(self, task: Task) -> Text:
        return Text(t("console_units", self.lang, done=count(task.completed, self.lang),
                      total=count(task.total, self.lang), unit=self.unit), style="progress.download")


class GamesPerSecondColumn(ProgressColumn):
    """Played games per second of this session (a best-of-three unit is 2 or 3 games)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        games = task.fields.get("games", 0)
        rate = count(round(games / elapsed), self.lang) if elapsed > 0 and games else "-"
        return Text(t("console_rate", self.lang, rate=rate), style="progress.data.speed")


class TimesColumn(ProgressColumn):
    """The time this session has played and the time left at its rate: "0:00:03 elapsed, 0:00:12 left"."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def render(self, task: Task) -> Text:
        return Text(t("console_times", self.lang, elapsed=clock_text(task.elapsed),
                      left=clock_text(task.time_remaining)), style="progress.remaining")


class CompileElapsedColumn(ProgressColumn):
    """The compile's time so far, beside its spinner: "0:00:25 elapsed"."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def render(self, task: Task) -> Text:
        return Text(t("console_compile_elapsed", self.lang, elapsed=clock_text(task.elapsed)), style="progress.elapsed")


class RichProgress:
    """A rich progress bar on stderr, shown only when stderr is a terminal; before it, while the
    kernels compile (a first run), a line saying so with the time elapsed, on a terminal or in a log.
    Every word in `lang` (the command's --lang)."""

    def __init__(self, console: Console | None = None, lang: str = "en") -> None:
        self.console = console or Console(stderr=True)
        self.lang = lang
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._compile: CompileNotice | None = None
        self._adding = threading.Lock()  # blocks advance from the player's thread, chunks from the driver's

    def compiling(self, game: str, expected_seconds: float) -> None:
        self._compile = CompileNotice(self.console, game, expected_seconds, self.lang)

    def compiled(self) -> None:
        if self._compile is not None:
            self._compile.done()
            self._compile = None

    def start(self, total_units: int, done_units: int, unit_kind: str) -> None:
        self._progress = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), UnitsColumn(unit_word(unit_kind, self.lang), self.lang),
            GamesPerSecondColumn(self.lang), TimesColumn(self.lang), console=self.console,
            disable=not self.console.is_terminal,
        )
        self._progress.start()
        self._task = self._progress.add_task(t("console_playing", self.lang), total=total_units, completed=done_units,
                                             games=0)

    def advance(self, units: int, games: int) -> None:
        if self._progress is None or self._task is None:
            return
        with self._adding:
            task = self._progress.tasks[0]
            self._progress.update(self._task, advance=units, games=task.fields.get("games", 0) + games)

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


class CompileNotice:
    """Says that the kernels compile, once the warm-up has lasted COMPILE_NOTICE_AFTER seconds (a
    cached load is quicker and says nothing): on a terminal a spinner with the seconds elapsed, in a
    log one line; and when they are ready, how long it took; in `lang`."""

    def __init__(self, console: Console, game: str, expected_seconds: float, lang: str = "en") -> None:
        self.console = console
        self.game = game
        self.lang = lang
        self.words = t("console_compiling", lang, game=game, expected=count(round(expected_seconds), lang))
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
            self._status = Progress(SpinnerColumn(), TextColumn(self.words, markup=False), CompileElapsedColumn(self.lang),
                                    console=self.console, transient=True)
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
            seconds = count(round(time.perf_counter() - self.started), self.lang)
            self.console.print(t("console_compiled", self.lang, game=self.game, seconds=seconds),
                               highlight=False, soft_wrap=True)
