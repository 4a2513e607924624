"""The Ray executor against real Ray: an embedded instance, a two-node cluster on this machine, a
worker killed mid-chunk, a driver killed mid-run and Ctrl-C while Ray starts. Each ends with results
equal, bit for bit, to the serial executor's for the same spec and seed (invariant 1)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

import sim.run.executors as executors
from sim.analysis.stopping import StopRule
from sim.cli import main
from sim.run.executors import RayExecutor
from sim.run.runner import run_experiment
from sim.run.spec import load_spec

from small_runs import assert_same_results, write_spec

ray = pytest.importorskip("ray")


@pytest.fixture(autouse=True)
def no_outside_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)  # never join a cluster from a test


@pytest.mark.slow
def test_embedded_ray_equals_serial_and_auto(spec_path: Path, results: Path) -> None:
    experiment = load_spec(spec_path)
    run_experiment(experiment, results, run_name="serial", chunk_size=500)
    outcome = run_experiment(experiment, results, run_name="ray", executor=RayExecutor(), chunk_size=500)
    assert outcome.executor == "ray" and outcome.chunks_played == 4 and outcome.finished
    assert not ray.is_initialized()  # it started Ray, so it shut it down
    assert_same_results(results / "serial", results / "ray")
    assert main(["run", str(spec_path), "--results", str(results), "--run", "auto", "--chunk-size", "500"]) == 0
    assert json.loads((results / "auto" / "manifest.json").read_text())["executor"] == "threads"  # no address
    assert_same_results(results / "serial", results / "auto")


@pytest.mark.slow
def test_two_node_cluster_equals_serial(spec_path: Path, results: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ray._private import ray_constants
    from ray.cluster_utils import Cluster

    # Ray turns a loopback address into the machine's network address unless told this is a
    # single-machine cluster; the nodes and their workers read the variable, the driver the constant
    monkeypatch.setenv(ray_constants.ENABLE_RAY_CLUSTERS_ENV_VAR, "0")
    monkeypatch.setattr(ray_constants, "ENABLE_RAY_CLUSTER", False)
    experiment = load_spec(spec_path)
    run_experiment(experiment, results, run_name="serial", chunk_size=400)
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False,
                                                             "node_ip_address": "127.0.0.1"})
    try:
        cluster.add_node(num_cpus=1, node_ip_address="127.0.0.1")
        cluster.wait_for_nodes()
        assert cluster.address.startswith("127.0.0.1:")
        executor = RayExecutor(address=cluster.address)
        executor.start()
        alive = [node for node in ray.nodes() if node["Alive"]]
        assert len(alive) == 2 and ray.cluster_resources()["CPU"] == 2
        outcome = run_experiment(experiment, results, run_name="cluster", executor=executor, chunk_size=400)
        assert outcome.chunks_played == 5 and outcome.finished
        assert not ray.is_initialized()  # the driver disconnected; the cluster is the test's to stop
    finally:
        ray.shutdown()
        cluster.shutdown()
    assert_same_results(results / "serial", results / "cluster")


def chunk_killed_once(marks: Path, unit_start: int):
    """A Ray task body that, on its first try of the chunk at `unit_start`, publishes its worker's
    pid and waits to be killed; every other call (the retry included) plays normally."""
    play = executors.play_chunk_in_worker

    def task(ruleset_name, compiled, seed, start, n_units):
        if start == unit_start:
            try:
                os.close(os.open(marks / "claimed", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                (marks / "retried").write_text(str(os.getpid()))
            else:
                (marks / "pid.tmp").write_text(str(os.getpid()))
                os.replace(marks / "pid.tmp", marks / "pid")
                time.sleep(120)  # the test kills this process long before
                raise AssertionError("the worker was not killed")
        return play(ruleset_name, compiled, seed, start, n_units)

    return task


@pytest.mark.slow
def test_worker_killed_mid_chunk_is_retried(spec_path: Path, results: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    marks = tmp_path / "marks"
    marks.mkdir()
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this file
    monkeypatch.setattr(executors, "play_chunk_in_worker", chunk_killed_once(marks, 1000))
    killed: list[int] = []

    def kill_the_worker() -> None:
        deadline = time.monotonic() + 60
        while not (marks / "pid").exists():
            if time.monotonic() > deadline:
                return
            time.sleep(0.02)
        pid = int((marks / "pid").read_text())
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    experiment = load_spec(spec_path)
    run_experiment(experiment, results, run_name="serial", chunk_size=500)
    killer = threading.Thread(target=kill_the_worker, daemon=True)
    killer.start()
    try:
        outcome = run_experiment(experiment, results, run_name="ray", executor=RayExecutor(max_retries=2, head_start=False),
                                 chunk_size=500)
    finally:
        ray.cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    killer.join(timeout=5)
    assert killed, "no worker published its pid"
    retried_by = int((marks / "retried").read_text())
    assert retried_by != killed[0]  # the retry ran in another (new) worker process
    assert outcome.chunks_played == 4 and outcome.finished
    assert_same_results(results / "serial", results / "ray")


@pytest.mark.slow
def test_driver_killed_mid_run_resumes(tmp_path: Path, results: Path) -> None:
    # chunks of half a second or so on one core, four rounds of them on this machine's cores, so the
    # driver is killed with most of them unplayed
    n_chunks = 4 * max(2, os.cpu_count() or 1)
    spec = write_spec(tmp_path, games=30_000 * n_chunks)
    experiment = load_spec(spec)
    run_experiment(experiment, results, run_name="serial", chunk_size=30_000)
    ray_tmp = tempfile.mkdtemp(prefix="simray-", dir="/tmp")  # short: Ray's socket paths must fit
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["RAY_TMPDIR"] = ray_tmp
    command = [sys.executable, "-m", "sim.cli", "run", str(spec), "--results", str(results), "--run", "killed",
               "--chunk-size", "30000", "--executor", "ray"]
    run_dir = results / "killed"
    records = run_dir / "chunks" / "config=base"  # a chunk's record is written last: it marks a whole chunk
    first = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not (records.is_dir() and any(records.glob("chunk-*.json"))):
            assert first.poll() is None, "the run ended before any chunk was written"
            assert time.monotonic() < deadline, "no chunk written within a minute"
            time.sleep(0.01)
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    finally:
        try:  # the embedded Ray the killed driver started, and only that (its own session)
            os.killpg(first.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    written = len(list(records.glob("chunk-*.json")))
    assert 1 <= written < n_chunks, written
    second = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120,
                            start_new_session=True)
    assert second.returncode == 0, second.stderr
    shutil.rmtree(ray_tmp, ignore_errors=True)
    assert "chunk(s) already done" in second.stdout
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert (manifest["executor"], manifest["sessions"], manifest["status"]) == ("ray", 2, "finished")
    assert_same_results(results / "serial", run_dir)


def session_processes(session: int, ray_tmp: str) -> list[str]:
    """The live processes of a session (the command started with start_new_session) or naming its
    RAY_TMPDIR, as "pid command"; a zombie is already dead and not listed."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        state, _, _, sid = stat[stat.rindex(")") + 2:].split()[:4]
        if state != "Z" and (int(sid) == session or ray_tmp in command):
            found.append(f"{entry.name} {command}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("when", ["gcs_server", "ray::DashboardAgent"])
def test_ctrl_c_while_ray_starts(when: str, tmp_path: Path, results: Path) -> None:
    """SIGINT as soon as the embedded Ray has started its first process (the GCS), or once its raylet
    has started its agents, while ray.init waits for the raylet in C++ (where Python sees no signal):
    the command ends within 5 s with exit 130, no process of its Ray outlives it, and the same
    command resumes the folder to the serial run's results."""
    spec = write_spec(tmp_path, games=400_000)
    ray_tmp = tempfile.mkdtemp(prefix="simray-", dir="/tmp")  # short: Ray's socket paths must fit
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"} | {"RAY_TMPDIR": ray_tmp}
    command = [sys.executable, "-m", "sim.cli", "run", str(spec), "--results", str(results), "--run", "stopped",
               "--chunk-size", "20000"]
    first = subprocess.Popen(command + ["--executor", "ray"], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not [p for p in session_processes(first.pid, ray_tmp) if when in p]:
            assert first.poll() is None, f"the run ended before Ray started its {when}"
            assert time.monotonic() < deadline, f"Ray started no {when} within two minutes"
            time.sleep(0.01)
        first.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _, stderr = first.communicate(timeout=60)
        took = time.monotonic() - sent
        left = session_processes(first.pid, ray_tmp)
        for _ in range(20):  # SIGKILL is not instantaneous: let the kernel finish what was sent
            if not left:
                break
            time.sleep(0.1)
            left = session_processes(first.pid, ray_tmp)
    finally:
        try:  # whatever a failure left behind, and only that (its own session)
            os.killpg(first.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert first.returncode == 130, stderr
    assert took < 5, f"{took:.1f} s from SIGINT to exit"
    assert "interrupted; finished chunks are kept; to resume: sim run " in stderr  # tests/run/test_resume_hints.py
    assert left == [], left
    second = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    shutil.rmtree(ray_tmp, ignore_errors=True)
    assert second.returncode == 0, second.stderr
    manifest = json.loads((results / "stopped" / "manifest.json").read_text())
    assert (manifest["status"], manifest["sessions"], manifest["executor"]) == ("finished", 2, "threads"), manifest
    run_experiment(load_spec(spec), results, run_name="serial", chunk_size=20_000)
    assert_same_results(results / "serial", results / "stopped")


@pytest.mark.slow
def test_bench_reports_whole_runs_next_to_the_kernel(spec_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--spec", str(spec_path), "--games", "4000", "--repeat", "1", "--no-startup", "--hard-games", "0",
                 "--executor", "auto", "--executor", "ray"]) == 0
    lines = capsys.readouterr().out.splitlines()
    kernel = [line for line in lines if line.startswith(("matches/s, ", "turns/s, "))]  # each thread count's
    whole = [line for line in lines if line.startswith("sim run --executor auto ")]
    whole_ratio = [line for line in lines if line.startswith("sim run / bare kernel time, ")]
    by_ray = [line for line in lines if line.startswith("sim run via embedded Ray")]
    ratio = [line for line in lines if line.startswith("Ray / bare kernel, ")]
    assert kernel and len(whole) == len(whole_ratio) == len(by_ray) == len(ratio) == 1
    # next to the kernel's figures: the whole run on threads, its ratio, then Ray's
    assert [lines.index(line) for line in (whole[0], whole_ratio[0], by_ray[0])] == \
        [lines.index(kernel[-1]) + k for k in (1, 2, 3)]
    assert "4,000 games in" in whole[0] and "executor: threads (" in whole[0]
    times = float(re.search(r"\s([0-9.]+) x\s", whole_ratio[0]).group(1))
    run_s, kernel_s = map(float, re.search(r"([0-9.e-]+) s against ([0-9.e-]+) s", whole_ratio[0]).groups())
    assert times == pytest.approx(run_s / kernel_s, rel=0.02)  # one repeat: the ratio of the two times
    assert times > 1  # a fresh process that also writes and summarises cannot beat the kernel alone
    assert "4,000 games" in by_ray[0]
    value = float(re.search(r"\s([0-9.]+) ratio", ratio[0]).group(1))
    assert 0 < value < 2
    assert re.search(r"0 of 1 chunks on Ray's workers|1 of 1 chunks on Ray's workers", by_ray[0])
    fixed = [line for line in lines if line.startswith("Ray fixed cost, no games")]
    assert len(fixed) == 1 and float(fixed[0].split()[5]) > 0  # wall seconds
    assert not ray.is_initialized()


@pytest.mark.slow
def test_early_stopping_through_ray_equals_serial(tmp_path: Path, results: Path) -> None:
    """A sweep with [stop]: Ray plays chunks out of order and in parallel, yet every config stops
    where the serial run stops and the stored games are the same."""
    spec = write_spec(tmp_path, games=2000)
    spec.write_text(spec.read_text() + '\n[sweep]\n[[sweep.axis]]\nside = 1\nfield = "budget"\nvalues = [100, 134]\n'
                    '[stop]\nmethod = "sprt"\nevery = 200\n')
    experiment = load_spec(spec)
    run_experiment(experiment, results, run_name="serial", stop_rules=StopRule)
    outcome = run_experiment(experiment, results, run_name="ray", executor=RayExecutor(), stop_rules=StopRule)
    assert outcome.finished
    assert_same_results(results / "serial", results / "ray")
