"""Early stopping ([stop]): SPRT and precision targets per config, decided at fixed unit counts so
the results never depend on the executor; the baseline of a sweep always plays in full."""

from __future__ import annotations

import json
from pathlib import Path

import numba
import polars as pl
import pytest

from sim.cli import main
from sim.core.errors import InputError
from sim.run.executors import SerialExecutor
from sim.run.plan import make_plan
from sim.run.runner import run_experiment
from sim.run.spec import load_spec

from small_runs import write_spec

STOP = """
[sweep]
[[sweep.axis]]
side = 1
field = "budget"
values = [100, 134]

[stop]
method = "{method}"
every = 200
half_width = 0.04
"""


def stop_spec(folder: Path, method: str = "sprt", games: int = 2000) -> Path:
    path = write_spec(folder, games=games)
    path.write_text(path.read_text() + STOP.format(method=method))
    return path


def games_per_config(run_dir: Path) -> dict[str, int]:
    games = pl.read_parquet(run_dir / "games" / "**" / "*.parquet")
    return dict(games.group_by("config").len().iter_rows())


@pytest.mark.parametrize("method", ["sprt", "precision"])
def test_a_clear_config_stops_early_and_the_baseline_plays_in_full(tmp_path: Path, method: str) -> None:
    results = tmp_path / "results"
    outcome = run_experiment(load_spec(stop_spec(tmp_path, method)), results, executor=SerialExecutor())
    assert outcome.finished
    counts = games_per_config(results / "small")
    assert counts["base"] == 2000
    assert counts["side1.budget=100"] < 2000 and counts["side1.budget=100"] % 200 == 0  # a 100-point deck loses fast
    manifest = json.loads((results / "small" / "manifest.json").read_text())
    stopped = manifest["stopped"]["side1.budget=100"]
    assert stopped["stopped_at_unit"] == counts["side1.budget=100"]
    assert ("SPRT H0" in stopped["decision"]) if method == "sprt" else ("points" in stopped["decision"])
    assert manifest["status"] == "finished" and manifest["chunks_done"] == manifest["chunks_total"]


class StopsAfter(SerialExecutor):
    """A serial executor whose driver dies after `n` chunks (as a Ctrl-C would)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def execute(self, plan, chunks, on_done, wanted=None) -> None:
        played = 0

        def counting(chunk, games, cards) -> None:
            nonlocal played
            on_done(chunk, games, cards)
            played += 1
            if played == self.n:
                raise KeyboardInterrupt

        super().execute(plan, chunks, counting, wanted)


def test_where_a_config_stops_does_not_depend_on_threads_or_a_resume(tmp_path: Path) -> None:
    spec = stop_spec(tmp_path)
    first = tmp_path / "one"
    run_experiment(load_spec(spec), first, executor=SerialExecutor())
    second = tmp_path / "two"
    saved = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        with pytest.raises(KeyboardInterrupt):
            run_experiment(load_spec(spec), second, executor=StopsAfter(14))  # dies mid-run...
    finally:
        numba.set_num_threads(saved)
    run_experiment(load_spec(spec), second, executor=SerialExecutor())  # ...and the same command resumes
    a = pl.read_parquet(first / "small" / "games" / "**" / "*.parquet").sort("config", "game")
    b = pl.read_parquet(second / "small" / "games" / "**" / "*.parquet").sort("config", "game")
    assert a.equals(b)
    assert json.loads((first / "small" / "manifest.json").read_text())["stopped"] == \
        json.loads((second / "small" / "manifest.json").read_text())["stopped"]


def test_stop_fixes_the_chunk_size(tmp_path: Path) -> None:
    experiment = load_spec(stop_spec(tmp_path))
    assert make_plan(experiment).chunk_units == 200
    with pytest.raises(InputError, match="with \\[stop\\] the chunks are stop.every = 200"):
        make_plan(experiment, chunk_size=500)


def test_the_console_says_which_configs_stopped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(stop_spec(tmp_path)), "--results", str(tmp_path / "r"), "--executor", "serial"]) == 0
    assert "stopped: SPRT" in capsys.readouterr().out
