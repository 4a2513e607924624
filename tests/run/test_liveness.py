"""How a reader tells a run still being written from one whose process died (sim.results.liveness), and
the progress a reader finds on disk (sim.run.progress.stored_progress)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from sim.core.errors import InputError
from sim.results import liveness
from sim.results.liveness import LOCK, Heartbeat, Writer, holds_lock, interrupt_writer, process_start, read_writer, run_state, this_writer, writer_line, writer_liveness
from sim.run.progress import stored_progress
from sim.results.liveness import run_lock

ROOT = Path(__file__).resolve().parents[2]
HOLD_THE_LOCK = """
import sys, time
from pathlib import Path
from sim.results.liveness import run_lock
with run_lock(Path(sys.argv[1])):
    print("locked", flush=True)
    time.sleep(600)
"""


def record(run_dir: Path, writer: Writer) -> None:
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / LOCK).write_text(writer_line(writer), encoding="utf-8")


def holder(run_dir: Path) -> subprocess.Popen:
    """Another process holding `run_dir`'s lock, as `sim run` does while it writes."""
    process = subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK, str(run_dir)], stdout=subprocess.PIPE,
                               text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdout.readline().strip() == "locked"
    return process


def test_the_writer_records_itself_while_it_holds_the_lock_and_clears_it_after(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    with run_lock(run_dir):
        written = read_writer(run_dir / LOCK)
        assert written is not None
        assert (written.pid, written.host) == (os.getpid(), socket.gethostname())
        assert written.process_start == process_start(os.getpid()) is not None
        assert written.boot_id == liveness.current_boot_id()
        verdict = writer_liveness(run_dir)
        assert verdict.alive and "is running" in verdict.reason
        assert holds_lock(os.getpid(), run_dir / LOCK) is True
    # released: this process lives on, but it no longer writes the run
    assert (run_dir / LOCK).read_text() == ""
    assert not writer_liveness(run_dir).alive
    assert holds_lock(os.getpid(), run_dir / LOCK) is False


def test_a_killed_writer_is_dead_and_its_run_interrupted(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    process = holder(run_dir)
    try:
        assert writer_liveness(run_dir).alive
        assert run_state(run_dir, {"status": "running"}) == "running"
    finally:
        process.kill()
        process.wait()
    verdict = writer_liveness(run_dir)
    assert not verdict.alive and f"pid {process.pid}" in verdict.reason and "is gone" in verdict.reason
    assert run_state(run_dir, {"status": "running"}) == "interrupted"
    assert run_state(run_dir, {"status": "finished"}) == "finished"


def test_a_zombie_writer_is_dead(tmp_path: Path) -> None:
    """Killed but not yet reaped by its parent (a dashboard that launched it): not alive."""
    run_dir = tmp_path / "run"
    process = holder(run_dir)
    os.kill(process.pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while (Path(f"/proc/{process.pid}/stat").read_text().split(") ")[1][0] != "Z"
           and time.monotonic() < deadline):
        time.sleep(0.02)
    try:
        assert process_start(process.pid) is None
        assert not writer_liveness(run_dir).alive
    finally:
        process.wait()


def test_a_reused_pid_or_a_restarted_machine_is_not_the_writer(tmp_path: Path) -> None:
    me = this_writer()
    record(tmp_path / "reused", replace(me, process_start=str(int(me.process_start) + 1)))
    verdict = writer_liveness(tmp_path / "reused")
    assert not verdict.alive and "another process now" in verdict.reason
    record(tmp_path / "rebooted", replace(me, boot_id="00000000-0000-0000-0000-000000000000"))
    verdict = writer_liveness(tmp_path / "rebooted")
    assert not verdict.alive and "restarted" in verdict.reason
    record(tmp_path / "same", me)
    assert writer_liveness(tmp_path / "same").alive


def test_a_writer_on_another_machine_is_judged_by_its_heartbeat(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    record(run_dir, Writer(pid=1, host="other-machine.example", boot_id="b", process_start="1"))
    now = time.time()
    os.utime(run_dir / LOCK, (now - 30, now - 30))
    verdict = writer_liveness(run_dir, now=now)
    assert verdict.alive and "30 s ago" in verdict.reason
    os.utime(run_dir / LOCK, (now - liveness.STALE_AFTER_SECONDS - 5, now - liveness.STALE_AFTER_SECONDS - 5))
    verdict = writer_liveness(run_dir, now=now)
    assert not verdict.alive and "no sign of life for 125 s" in verdict.reason
    with pytest.raises(InputError, match="another machine"):
        os.utime(run_dir / LOCK)
        interrupt_writer(run_dir)


def test_the_heartbeat_touches_the_lock_file(tmp_path: Path) -> None:
    lock = tmp_path / LOCK
    lock.write_text("")
    os.utime(lock, (1_000_000, 1_000_000))
    with Heartbeat(lock, every=0.05):
        deadline = time.monotonic() + 10
        while lock.stat().st_mtime == 1_000_000 and time.monotonic() < deadline:
            time.sleep(0.02)
    assert lock.stat().st_mtime > time.time() - 60


def test_an_old_or_empty_lock_record(tmp_path: Path) -> None:
    """Lock files before this record said "pid N": read as a pid on this machine."""
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / LOCK).write_text(f"pid {os.getpid()}\n")
    assert read_writer(tmp_path / "old" / LOCK) == Writer(pid=os.getpid())
    assert writer_liveness(tmp_path / "old").alive
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (tmp_path / "old" / LOCK).write_text(f"pid {finished.stdout.strip()}\n")
    assert not writer_liveness(tmp_path / "old").alive
    for text in ("", "garbage", "{\"pid\": -3}", "[1, 2]"):
        (tmp_path / "old" / LOCK).write_text(text)
        assert read_writer(tmp_path / "old" / LOCK) is None
        assert writer_liveness(tmp_path / "old").reason == "no writer is recorded in its lock file"
    assert run_state(tmp_path / "missing", {"status": "running"}) == "interrupted"


def test_interrupt_writer_stops_only_the_process_holding_the_lock(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    record(run_dir, this_writer())  # alive, but this process holds no lock on it: never signalled
    with pytest.raises(InputError, match="does not hold the run's lock"):
        interrupt_writer(run_dir)
    process = holder(run_dir)
    try:
        assert interrupt_writer(run_dir).pid == process.pid
        assert process.wait(timeout=20) != 0  # SIGINT: KeyboardInterrupt in the holder
    finally:
        process.kill()
    with pytest.raises(InputError, match="nothing to stop"):
        interrupt_writer(run_dir)


def test_stored_progress_counts_recorded_chunks_only(tmp_path: Path) -> None:
    """Units from the chunk records' names (the last chunk of a config is short); a games file with
    no record (a chunk being written) is not counted."""
    manifest = {"games": 250, "chunk_size": 100, "chunks_done": 3, "chunks_total": 6,
                "configs": {"base": {}, "side1.budget=100": {}}}
    for config, start in (("base", 0), ("base", 200), ("side1.budget=100", 100)):
        folder = tmp_path / "chunks" / f"config={config}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"chunk-{start:012d}.json").write_text(json.dumps({}))
    (tmp_path / "chunks" / "config=base" / ".chunk-000000000100.json.x.tmp").write_text("")
    (tmp_path / "games" / "config=base").mkdir(parents=True)
    (tmp_path / "games" / "config=base" / "chunk-000000000100.parquet").write_text("")
    progress = stored_progress(tmp_path, manifest)
    assert (progress.chunks_done, progress.chunks_total) == (3, 6)
    assert (progress.units_done, progress.units_total) == (100 + 50 + 100, 500)
    assert progress.fraction == 0.5
    assert stored_progress(tmp_path / "nothing", manifest).units_done == 0


def test_show_and_report_say_interrupted_for_a_run_whose_writer_died(tmp_path: Path) -> None:
    """A manifest left saying "running" by a killed process: `sim show` and the report read the lock,
    not the manifest's word, and say how to go on."""
    from sim.cli import main
    from sim.report.export import manifest_rows

    spec = tmp_path / "dd.toml"
    spec.write_text('name = "dd"\nruleset = "dicedraft"\ngames = 40\nseed = 1\n[[side]]\nfaction = "aranas"\n'
                    '[[side]]\nfaction = "ciempies"\n', encoding="utf-8")
    assert main(["run", str(spec), "--results", str(tmp_path / "r"), "--executor", "serial"]) == 0
    run_dir = tmp_path / "r" / "dd"
    manifest = json.loads((run_dir / "manifest.json").read_text(encoding="utf-8"))
    manifest["status"] = "running"  # as a process killed mid-run leaves it, its lock held by nobody
    (run_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    shown = subprocess.run([sys.executable, "-m", "sim.cli", "show", str(run_dir)], capture_output=True, text=True,
                           cwd=ROOT, env=dict(os.environ, COLUMNS="200"))
    assert shown.returncode == 0, shown.stderr
    assert "— interrupted" in shown.stdout and "— running" not in shown.stdout
    assert f"to resume it: sim run {spec.resolve()} --games 40 --seed 1 --chunk-size" in shown.stdout
    assert dict(manifest_rows(manifest, "es", run_dir))["estado"] == "interrumpida"
    assert dict(manifest_rows(manifest, "en"))["status"] == "running"  # the manifest's own word, without the folder
