"""Tables kept beside a finished run (sim.results.summaries): read back equal to the computed ones,
dtypes included; computed afresh when a chunk or the manifest changes, kept by a copy of the run; never kept for a running
run; a results folder that cannot be written to costs only the time of computing them again."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from sim.report.export import report_tables
from sim.run.executors import SerialExecutor
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from sim.results.folder import MANIFEST, RECORDS
from sim.results.summaries import SUMMARIES, kept_tables, run_state_key

from small_runs import write_spec


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("summaries")
    spec = write_spec(tmp, "small.toml", name="small", games=800)
    run_experiment(load_spec(spec), tmp / "results", executor=SerialExecutor(), chunk_size=400)
    return tmp / "results" / "small"


def counting(run_dir: Path) -> tuple[list[int], object]:
    calls = [0]

    def compute() -> dict[str, pl.DataFrame]:
        calls[0] += 1
        manifest = json.loads((run_dir / MANIFEST).read_text(encoding="utf-8"))
        return report_tables(run_dir, manifest, with_cards=True)

    return calls, compute


def test_kept_tables_read_back_equal_to_the_computed_ones(run_dir: Path) -> None:
    calls, compute = counting(run_dir)
    first = kept_tables(run_dir, "tables", compute)
    again = kept_tables(run_dir, "tables", compute)
    assert calls[0] == 1  # the second read came from the run's folder
    assert list(again) == list(first)
    for name, frame in first.items():
        assert_frame_equal(again[name], frame)  # values, column order and dtypes (Categorical too)
    assert len(list((run_dir / SUMMARIES).glob("tables-*"))) == 1


def copied(run_dir: Path, to: Path) -> Path:
    """A copy of the run made as `cp -r` makes one: the contents, every file with a new time."""
    shutil.copytree(run_dir, to, copy_function=shutil.copyfile)
    for chunk in (to / "games").glob("config=*/chunk-*.parquet"):
        stat = chunk.stat()
        os.utime(chunk, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    return to


def test_a_copied_run_keeps_its_tables_and_a_changed_chunk_is_read_afresh(tmp_path: Path, run_dir: Path) -> None:
    """The key is the chunks' checksums, not their files' times: a copy made without keeping
    modification times reads the tables its original kept; a chunk played again (a repair: new
    files, a new record) is read afresh and the old set removed."""
    kept_tables(run_dir, "tables", counting(run_dir)[1])
    copy = copied(run_dir, tmp_path / "copy")
    assert run_state_key(copy) == run_state_key(run_dir)
    calls, compute = counting(copy)
    kept_tables(copy, "tables", compute)
    assert calls[0] == 0
    record = next((copy / RECORDS).glob("config=*/chunk-*.json"))
    written = json.loads(record.read_text(encoding="utf-8"))
    written["games"]["sha256"] = "0" * 64
    record.write_text(json.dumps(written), encoding="utf-8")
    assert run_state_key(copy) != run_state_key(run_dir)
    kept_tables(copy, "tables", compute)
    assert calls[0] == 1
    assert [p.name for p in (copy / SUMMARIES).glob("tables-*")] == [f"tables-{run_state_key(copy)}"]


def test_a_running_run_keeps_nothing(tmp_path: Path, run_dir: Path) -> None:
    manifest = json.loads((run_dir / MANIFEST).read_text(encoding="utf-8"))
    running = tmp_path / "running"
    running.mkdir()
    (running / MANIFEST).write_text(json.dumps({**manifest, "status": "running"}), encoding="utf-8")
    calls = [0]

    def compute() -> dict[str, pl.DataFrame]:
        calls[0] += 1
        return {"t": pl.DataFrame({"x": [calls[0]]})}

    assert kept_tables(running, "t", compute)["t"]["x"].to_list() == [1]
    assert kept_tables(running, "t", compute)["t"]["x"].to_list() == [2]
    assert not (running / SUMMARIES).exists()


def test_a_folder_that_cannot_be_written_still_gives_its_tables(tmp_path: Path, run_dir: Path) -> None:
    """A results folder the dashboard may not write to (here: `summaries` taken by a file, which
    fails for root too, unlike a read-only folder)."""
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / MANIFEST).write_bytes((run_dir / MANIFEST).read_bytes())
    (blocked / SUMMARIES).write_text("not a folder", encoding="utf-8")
    assert kept_tables(blocked, "t", lambda: {"t": pl.DataFrame({"x": [7]})})["t"]["x"].to_list() == [7]
    assert (blocked / SUMMARIES).read_text(encoding="utf-8") == "not a folder"
