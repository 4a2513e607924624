"""The first run says that it compiles (issue 32): a warm-up longer than a cached load prints the
game, "first run only" and the measured time to expect, then how long it took; a quick (cached)
warm-up prints nothing. The runner warms the kernels before the progress bar starts."""

from __future__ import annotations

import io
import time
from pathlib import Path

from rich.console import Console

from sim.run.progress import COMPILE_NOTICE_AFTER, RichProgress, SilentProgress
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from small_runs import write_spec


def log_console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=False, width=200), out


def test_a_slow_warm_up_says_it_compiles_and_how_long_it_took() -> None:
    console, out = log_console()
    progress = RichProgress(console)
    progress.compiling("fortaleza", 41.6)
    time.sleep(COMPILE_NOTICE_AFTER + 0.5)
    progress.compiled()
    said = out.getvalue()
    assert "compiling fortaleza's kernels (first run only" in said
    assert "about 42 s on two cores" in said
    assert "compiled fortaleza's kernels in 1 s" in said


def test_a_cached_load_says_nothing() -> None:
    console, out = log_console()
    progress = RichProgress(console)
    progress.compiling("dicedraft", 76)
    progress.compiled()
    assert out.getvalue() == ""


class Recorder(SilentProgress):
    def __init__(self) -> None:
        self.calls: list[str] = []

    def compiling(self, game: str, expected_seconds: float) -> None:
        self.calls.append(f"compiling {game} {expected_seconds > 0}")

    def compiled(self) -> None:
        self.calls.append("compiled")

    def start(self, total_units: int, done_units: int, unit_word: str) -> None:
        self.calls.append("start")


def test_the_runner_warms_the_kernels_before_the_bar_and_not_when_nothing_is_left(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, games=40)
    progress = Recorder()
    run_experiment(load_spec(spec), tmp_path / "results", progress=progress)
    assert progress.calls == ["compiling dicedraft True", "compiled", "start"]
    again = Recorder()
    run_experiment(load_spec(spec), tmp_path / "results", progress=again)
    assert again.calls == ["start"]  # finished already: nothing to play, nothing to compile
