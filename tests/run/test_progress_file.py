"""The running process's progress file (issue 33): the dashboard, another process, reads from it the
compile under way and the units of the chunks being played, which no chunk record says yet; a
stale, foreign or damaged file is ignored, never fatal, and the file is gone when the run ends."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from sim.run.executors import SerialExecutor
from sim.run.progress import (
    COMPILE_NOTICE_AFTER, PROGRESS_EVERY, PROGRESS_FILE, PROGRESS_STALE, LiveProgress, SilentProgress, stored_progress,
)
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from sim.results.manifest import read_manifest
from small_runs import write_spec

SESSION = "2026-12-04T14:00:00+00:00"
MANIFEST = {"games": 250, "chunk_size": 100, "chunks_done": 1, "chunks_total": 6, "started": SESSION,
            "configs": {"base": {}, "side1.budget=100": {}}}


def recorded(run_dir: Path, config: str, start: int) -> None:
    folder = run_dir / "chunks" / f"config={config}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"chunk-{start:012d}.json").write_text("{}")


def progress_file(run_dir: Path, **content) -> Path:
    path = run_dir / PROGRESS_FILE
    path.write_text(json.dumps({"session": SESSION, "written": time.time(), "compiling": None, "playing": [],
                                **content}), encoding="utf-8")
    return path


def test_the_units_of_the_chunks_being_played_count_until_their_record_does(tmp_path: Path) -> None:
    recorded(tmp_path, "base", 0)
    progress_file(tmp_path, playing=[{"config": "base", "unit_start": 0, "units": 100},  # recorded meanwhile
                                     {"config": "base", "unit_start": 100, "units": 40},
                                     {"config": "base", "unit_start": 200, "units": 80},  # a short last chunk: 50
                                     {"config": "gone", "unit_start": 0, "units": 10}],
                  units_per_second=1500.0, games_per_second=2900.0)
    progress = stored_progress(tmp_path, MANIFEST)
    assert (progress.units_done, progress.units_total) == (100 + 40 + 50, 500)
    assert (progress.units_per_second, progress.games_per_second) == (1500.0, 2900.0)
    assert progress.compiling is None


def test_the_compile_under_way_is_read_with_its_time_so_far(tmp_path: Path) -> None:
    now = time.time()
    progress_file(tmp_path, compiling={"game": "dicedraft", "expected_seconds": 68.0, "since": now - 25})
    compiling = stored_progress(tmp_path, MANIFEST, now=now).compiling
    assert compiling is not None and compiling.game == "dicedraft"
    assert (compiling.expected_seconds, round(compiling.elapsed_seconds)) == (68.0, 25)


@pytest.mark.parametrize("damage", ["stale", "other session", "not json", "a list", "no time", "bad entries"])
def test_a_stale_foreign_or_damaged_file_is_ignored(tmp_path: Path, damage: str) -> None:
    recorded(tmp_path, "base", 0)
    playing = [{"config": "base", "unit_start": 100, "units": 40}]
    path = progress_file(tmp_path, playing=playing, units_per_second=10.0,
                         compiling={"game": "dicedraft", "expected_seconds": 68, "since": time.time()})
    if damage == "stale":  # a killed writer's file
        content = json.loads(path.read_text())
        path.write_text(json.dumps({**content, "written": time.time() - PROGRESS_STALE - 1}))
    elif damage == "other session":  # an earlier session's, left by a kill -9
        content = json.loads(path.read_text())
        path.write_text(json.dumps({**content, "session": "2026-12-03T10:00:00+00:00"}))
    elif damage == "not json":
        path.write_bytes(b'{"session": "2026-12-04T14:0\xff\x00')
    elif damage == "a list":
        path.write_text("[1, 2, 3]")
    elif damage == "no time":
        content = json.loads(path.read_text())
        path.write_text(json.dumps({key: value for key, value in content.items() if key != "written"}))
    else:  # entries of the wrong shape are skipped one by one, the rest of the file kept
        progress_file(tmp_path, playing=[{"config": "base"}, "x", {"config": "base", "unit_start": "a", "units": 1},
                                         {"config": "base", "unit_start": 100, "units": 40}],
                      compiling={"game": "dicedraft"}, units_per_second="fast")
        progress = stored_progress(tmp_path, MANIFEST)
        assert (progress.units_done, progress.compiling, progress.units_per_second) == (140, None, None)
        return
    progress = stored_progress(tmp_path, MANIFEST)
    assert (progress.units_done, progress.compiling, progress.units_per_second) == (100, None, None)


def wait_for(condition, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if (found := condition()) is not None:
            return found
        time.sleep(0.05)
    raise AssertionError("not seen in time")


def test_the_writer_says_a_compile_only_once_it_lasts_and_removes_its_file(tmp_path: Path) -> None:
    manifest = {**MANIFEST, "chunks_done": 0}
    with LiveProgress(tmp_path, SESSION) as live:
        live.compiling("dicedraft", 68)
        time.sleep(COMPILE_NOTICE_AFTER / 2)
        assert stored_progress(tmp_path, manifest).compiling is None  # a cached load lasts less: not said
        assert wait_for(lambda: stored_progress(tmp_path, manifest).compiling).game == "dicedraft"
        live.compiled()
        live.start()
        live.advance("base", 0, 30, 30)
        live.advance("base", 0, 30, 30)
        seen = wait_for(lambda: progress if (progress := stored_progress(tmp_path, manifest)).units_done else None)
        assert seen.compiling is None and seen.units_done == 60 and seen.games_per_second > 0
        recorded(tmp_path, "base", 0)
        live.written("base", 0, 40, 40)
        time.sleep(2 * PROGRESS_EVERY)
        assert stored_progress(tmp_path, manifest).units_done == 100  # the record's, not 100 + the file's
    assert not (tmp_path / PROGRESS_FILE).exists()


class Watching(SilentProgress):
    """Waits, at the first block, for the progress file to show it: what the dashboard reads mid-chunk."""

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = run_dir
        self.seen = None

    def advance(self, units: int, games: int) -> None:
        if self.seen is None:
            self.seen = wait_for(lambda: progress if (progress := stored_progress(
                self.run_dir, read_manifest(self.run_dir))).units_done else None)


def test_a_run_shows_its_chunk_being_played_on_disk_and_leaves_no_progress_file(tmp_path: Path) -> None:
    progress = Watching(tmp_path / "results" / "small")
    run_experiment(load_spec(write_spec(tmp_path, games=600)), tmp_path / "results",
                   executor=SerialExecutor(block_units=100), chunk_size=600, progress=progress)
    assert progress.seen is not None
    assert progress.seen.chunks_done == 0 and 100 <= progress.seen.units_done <= 600  # within its only chunk
    assert progress.seen.units_per_second > 0
    assert not (tmp_path / "results" / "small" / PROGRESS_FILE).exists()
