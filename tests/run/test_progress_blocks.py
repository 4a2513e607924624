"""Progress within a chunk (issue 33): a chunk played in this process tells each finished block of
its units, so the terminal's bar (and the dashboard, through the progress file) moves during a long
chunk; and the blocks never change a game: the results are the same whatever the blocks are."""

from __future__ import annotations

import threading
from pathlib import Path

from sim.core.records import BlockCutter
from sim.run.executors import SerialExecutor, chunk_frames, play_on_threads
from sim.run.plan import make_plan
from sim.run.progress import SilentProgress
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from small_runs import tree_bytes, write_spec


def test_a_chunk_tells_several_blocks_that_sum_to_its_units_and_games(tmp_path: Path) -> None:
    """Best of three: a match of two games leaves its third row unplayed, so games are not units."""
    plan = make_plan(load_spec(write_spec(tmp_path, kind="best_of_three", games=600)), chunk_size=600)
    chunk = plan.chunks[0]
    told: list[tuple[int, int]] = []
    guard = threading.Lock()

    def on_block(got, units: int, games: int) -> None:
        assert got == chunk
        with guard:  # told from the threads that play
            told.append((units, games))

    rows, counters = play_on_threads(plan, chunk, on_block)
    games, _ = chunk_frames(plan, chunk, rows, counters)
    assert len(told) >= 3, told
    assert sum(units for units, _ in told) == chunk.n_units == 600
    assert sum(games for _, games in told) == games.height
    assert 1200 <= games.height < 1800  # 2 or 3 games a match: the games told are the games played


def test_the_blocks_grow_from_one_unit_to_about_half_a_second_and_shrink_at_the_end() -> None:
    cutter = BlockCutter(10_000, threads=2, seconds=0.5)
    taken = []
    while (block := cutter.take()) is not None:
        taken.append(block[1] - block[0])
        cutter.took(block[1] - block[0], (block[1] - block[0]) / 1000)  # 1,000 units a second
    assert taken[:4] == [1, 4, 16, 64]  # at most four times the largest before
    assert max(taken) == 500  # half a second at 1,000 units a second
    assert taken[-1] < 500 and sum(taken) == 10_000
    fixed = BlockCutter(10, threads=2, fixed=4)
    assert [fixed.take(), fixed.take(), fixed.take(), fixed.take()] == [(0, 4), (4, 8), (8, 10), None]


def test_a_runs_files_are_the_same_whether_its_blocks_are_one_unit_or_the_whole_chunk(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, games=900)
    stored = {}
    for label, executor in (("one unit", SerialExecutor(block_units=1)), ("whole chunk", SerialExecutor(block_units=900)),
                            ("timed", SerialExecutor())):
        outcome = run_experiment(load_spec(spec), tmp_path / label, executor=executor, chunk_size=450)
        stored[label] = {name: data for name, data in tree_bytes(outcome.run_dir).items()
                         if name.startswith(("games/", "cards/", "chunks/"))}
    assert len(stored["one unit"]) == 6  # 2 chunks: games, cards and record each
    assert stored["one unit"] == stored["whole chunk"] == stored["timed"]


class Advances(SilentProgress):
    def __init__(self) -> None:
        self.advances: list[tuple[int, int]] = []

    def advance(self, units: int, games: int) -> None:
        self.advances.append((units, games))


def test_the_runner_advances_the_bar_per_block_and_the_totals_stay_the_chunks(tmp_path: Path) -> None:
    progress = Advances()
    outcome = run_experiment(load_spec(write_spec(tmp_path, games=800)), tmp_path / "results",
                             executor=SerialExecutor(block_units=100), chunk_size=400, progress=progress)
    moving = [step for step in progress.advances if step != (0, 0)]  # a chunk's end adds what its blocks had not
    assert moving == [(100, 100)] * 8
    assert sum(units for units, _ in progress.advances) == outcome.units_played == 800
    assert sum(games for _, games in progress.advances) == outcome.games_played == 800
