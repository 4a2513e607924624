"""Choosing an executor: the auto rule and the reason it gives (printed and in the manifest), wrong
combinations, and addresses where no Ray cluster answers, which fail fast as input errors naming the
flag and the address (ray.init alone would retry for many minutes), before any results folder is
touched. Also: the in-process executor plays the next chunk while the driver writes the last one,
and delivers the chunks in order with the results of a plain loop."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import numba
import numpy as np
import pytest

import sim.run.executors as executors
from sim.cli import build_parser, main
from sim.core.errors import InputError
from sim.run.executors import RayExecutor, SerialExecutor, choose_executor, make_executor, probe_address
from sim.run.plan import make_plan
from sim.run.runner import run_experiment
from sim.run.spec import load_spec

from small_runs import assert_same_results, tree_bytes


@pytest.fixture(autouse=True)
def no_outside_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)  # the auto rule reads it


def test_make_executor() -> None:
    assert isinstance(make_executor("threads"), SerialExecutor)
    assert isinstance(make_executor("serial"), SerialExecutor)  # the former name of threads
    assert isinstance(make_executor("ray", "127.0.0.9:6379"), RayExecutor)
    with pytest.raises(InputError, match="--address"):
        make_executor("threads", "127.0.0.9:6379")
    with pytest.raises(InputError, match="'local'"):
        make_executor("ray", "local")
    with pytest.raises(InputError, match="'local'"):
        make_executor("auto", "local")
    with pytest.raises(InputError, match="--executor"):
        make_executor("dask")


def test_auto_is_in_process_without_an_address_and_ray_with_one(monkeypatch: pytest.MonkeyPatch) -> None:
    name, reason = choose_executor()
    assert name == "threads"
    assert reason == ("auto: no --address or RAY_ADDRESS, and on this machine Ray would play on the same cores "
                      "after seconds of start-up")
    assert choose_executor("10.0.0.5:6379") == (
        "ray", "auto: --address 10.0.0.5:6379 names a Ray cluster, whose other machines' cores only Ray can use")
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.6:6379")
    assert choose_executor() == (
        "ray", "auto: RAY_ADDRESS 10.0.0.6:6379 names a Ray cluster, whose other machines' cores only Ray can use")
    assert choose_executor("10.0.0.5:6379")[1].startswith("auto: --address 10.0.0.5:6379")  # the flag wins

    chosen = make_executor("auto")
    assert isinstance(chosen, RayExecutor) and chosen.address == "10.0.0.6:6379"
    assert chosen.describe() == "Ray cluster at 10.0.0.6:6379 (RAY_ADDRESS)"
    forced = make_executor("threads")  # --executor threads ignores RAY_ADDRESS
    assert isinstance(forced, SerialExecutor) and forced.reason == "--executor threads"
    assert make_executor("serial").reason == "--executor threads"  # the former name says the current one
    monkeypatch.delenv("RAY_ADDRESS")
    assert isinstance(make_executor("auto"), SerialExecutor)
    assert make_executor("ray").describe().startswith("embedded Ray (")


def test_the_auto_choice_and_its_reason_are_printed_and_in_the_manifest(
        spec_path: Path, results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(spec_path), "--results", str(results), "--chunk-size", "500"]) == 0
    printed = capsys.readouterr().out.splitlines()
    manifest = json.loads((results / "small" / "manifest.json").read_text())
    cores = numba.get_num_threads()
    threads = f"threads ({cores} core{'s' if cores > 1 else ''})"
    assert SerialExecutor().describe() == threads
    assert manifest["executor"] == "threads"
    assert manifest["executor_reason"] == (f"{threads}: auto: no --address or RAY_ADDRESS, and on this machine Ray "
                                           "would play on the same cores after seconds of start-up")
    assert printed[0] == f"executor: {manifest['executor_reason']}"
    # a later session records its own executor and reason (nothing is left to play here); the
    # former name of threads is read as threads, and said so
    assert main(["run", str(spec_path), "--results", str(results), "--executor", "serial"]) == 0
    again = json.loads((results / "small" / "manifest.json").read_text())
    assert (again["executor"], again["executor_reason"], again["sessions"]) == ("threads", f"{threads}: --executor threads", 2)


def test_where_a_run_plays_is_said_in_one_word(spec_path: Path, results: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """`sim run` and `sim show` say threads, never serial or in-process, and so does `sim show` of a
    run whose manifest was written when the executor was called serial."""
    assert main(["run", str(spec_path), "--results", str(results), "--chunk-size", "1000"]) == 0
    assert main(["show", str(results / "small")]) == 0
    path = results / "small" / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["executor"] = "serial"  # as the last version wrote it (not part of the run's identity)
    path.write_text(json.dumps(manifest), encoding="utf-8")
    assert main(["show", str(results / "small")]) == 0
    out = capsys.readouterr().out
    assert out.count("executor: threads (") == 1 and "games/s, threads, " in out and out.count("executor threads,") == 2
    assert "serial" not in out and "in-process" not in out
    assert main(["run", "--help"]) == 0
    helped = " ".join(capsys.readouterr().out.split())
    assert "{auto,threads,ray}" in helped and "in-process" not in helped


def test_sim_run_and_sim_dash_default_to_auto() -> None:
    parse = build_parser().parse_args
    assert parse(["run", "spec.toml"]).executor == "auto"
    assert parse(["run", "spec.toml", "--executor", "threads"]).executor == "threads"
    assert parse(["run", "spec.toml", "--executor", "serial"]).executor == "threads"  # its former name
    assert parse(["dash"]).executor == "auto"
    assert parse(["bench", "--executor", "auto", "--executor", "ray"]).executor == ["auto", "ray"]


def test_unreachable_or_malformed_address() -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    with pytest.raises(InputError, match=f"--address: nothing answers at 127.0.0.1:{port}"):
        probe_address(f"127.0.0.1:{port}")
    with pytest.raises(InputError, match="RAY_ADDRESS: expected HOST:PORT"):
        probe_address("headnode", source="RAY_ADDRESS")
    with pytest.raises(InputError, match="--address: expected HOST:PORT"):
        probe_address("http://headnode:6379")
    probe_address("auto")  # left to Ray


@pytest.fixture
def not_ray() -> Iterator[str]:
    """HOST:PORT of a plain TCP service on this machine: it accepts, says something and never
    speaks Ray's protocol (another program on the port someone typed)."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()
    accepted: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                continue
            accepted.append(connection)
            try:
                connection.sendall(b"HTTP/1.0 200 OK\r\n\r\nnot a Ray head\r\n")
            except OSError:
                pass

    serving = threading.Thread(target=serve, daemon=True)
    serving.start()
    yield f"127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    serving.join()
    for connection in accepted:
        connection.close()
    server.close()


def test_a_service_that_is_not_ray_is_refused_in_time(not_ray: str) -> None:
    started = time.monotonic()
    with pytest.raises(InputError) as refused:
        probe_address(not_ray, "RAY_ADDRESS", timeout=1.5)
    assert time.monotonic() - started < 10
    assert str(refused.value).startswith(f"RAY_ADDRESS: {not_ray} is not a Ray cluster: something listens on "
                                         f"{not_ray} but gave no Ray answer within 1.5 s")


def test_a_grpc_service_that_is_not_ray_is_refused() -> None:
    import grpc

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=1))  # serves no method at all
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        with pytest.raises(InputError, match=r"is not a Ray cluster: .* \(gRPC: UNIMPLEMENTED\)"):
            probe_address(f"127.0.0.1:{port}", timeout=5)
    finally:
        server.stop(None)


def test_sim_run_at_a_bad_address_exits_2_within_30_s(not_ray: str, spec_path: Path, results: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(executors, "RAY_CONNECT_TIMEOUT", 2.0)
    for flags in (["--address", not_ray], ["--address", not_ray, "--executor", "ray"]):
        started = time.monotonic()
        assert main(["run", str(spec_path), "--results", str(results), *flags]) == 2
        assert time.monotonic() - started < 30
        error = capsys.readouterr().err
        assert error.startswith(f"sim run: error: --address: {not_ray} is not a Ray cluster: ")
        assert tree_bytes(results) == {}  # nothing written, not even the folder
    monkeypatch.setenv("RAY_ADDRESS", not_ray)
    assert main(["run", str(spec_path), "--results", str(results)]) == 2
    assert f"error: RAY_ADDRESS: {not_ray} is not a Ray cluster" in capsys.readouterr().err


def test_ray_address_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.8:6379")
    executor = RayExecutor()
    assert (executor.address, executor.address_source) == ("127.0.0.8:6379", "RAY_ADDRESS")
    assert RayExecutor("127.0.0.7:1").address_source == "--address"


def test_the_next_chunk_plays_while_the_driver_writes(spec_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """on_done of chunk k waits until chunk k+1 has started playing: a loop that plays and writes in
    turn would never get there (the wait times out and the test fails). And no chunk starts before
    the driver has taken the one before it: at most two chunks are in memory."""
    plan = make_plan(load_spec(spec_path), 250)
    started: list[threading.Event] = [threading.Event() for _ in plan.chunks]
    written: list[int] = []
    undelivered_at_start: list[int] = []
    play = executors.play_on_threads

    def play_and_signal(plan_, chunk, *blocks):
        k = plan.chunks.index(chunk)
        undelivered_at_start.append(k - len(written))  # chunks played before this one, not yet written
        started[k].set()
        return play(plan_, chunk, *blocks)

    monkeypatch.setattr(executors, "play_on_threads", play_and_signal)
    overlapped: list[bool] = []

    def on_done(chunk, games, cards) -> None:
        k = plan.chunks.index(chunk)
        if k + 1 < len(plan.chunks):
            overlapped.append(started[k + 1].wait(timeout=20))
        time.sleep(0.05)  # a slow write: a player free to run ahead would start k + 2 meanwhile
        written.append(k)

    SerialExecutor().execute(plan, plan.chunks, on_done)
    assert written == list(range(len(plan.chunks)))  # in order
    assert overlapped == [True] * (len(plan.chunks) - 1)
    assert max(undelivered_at_start) == 1


def test_a_driver_slower_than_the_player_still_gets_every_chunk_and_the_end(spec_path: Path) -> None:
    """The player hands over the last chunk and then the end while the driver is still writing the
    chunk before: it must wait for room, not give up (a hand-over that gave up after 0.1 s left the
    driver waiting for ever)."""
    plan = make_plan(load_spec(spec_path), 500)
    written: list[int] = []
    done = threading.Event()

    def slow_write(chunk, games, cards) -> None:
        time.sleep(0.3)
        written.append(chunk.unit_start)

    def run() -> None:
        SerialExecutor().execute(plan, plan.chunks, slow_write)
        done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(timeout=60), "the run never ended"
    assert written == [chunk.unit_start for chunk in plan.chunks]


def test_the_in_process_executor_gives_what_a_plain_loop_gives(spec_path: Path) -> None:
    plan = make_plan(load_spec(spec_path), 300)
    expected = [executors.chunk_frames(plan, chunk, *executors.play_on_threads(plan, chunk)) for chunk in plan.chunks]
    got = []
    SerialExecutor().execute(plan, plan.chunks, lambda chunk, games, cards: got.append((chunk, games, cards)))
    assert [chunk for chunk, _, _ in got] == list(plan.chunks)
    for (games, cards), (_, got_games, got_cards) in zip(expected, got):
        assert games.equals(got_games) and cards.equals(got_cards)
    skipped = []  # `wanted` false: the chunk is never played nor delivered
    SerialExecutor().execute(plan, plan.chunks, lambda chunk, games, cards: skipped.append(chunk),
                             wanted=lambda chunk: chunk.unit_start % 600 == 0)
    assert skipped == [chunk for chunk in plan.chunks if chunk.unit_start % 600 == 0]


def test_a_failure_while_playing_reaches_the_driver(spec_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = make_plan(load_spec(spec_path), 500)

    def broken(plan_, chunk, *blocks):
        if chunk.unit_start >= 1000:
            raise RuntimeError("kernel failed")
        return np.zeros((0, 0)), np.zeros(0)

    monkeypatch.setattr(executors, "play_on_threads", broken)
    monkeypatch.setattr(executors, "chunk_frames", lambda plan_, chunk, rows, counters: (None, None))
    delivered = []
    with pytest.raises(RuntimeError, match="kernel failed"):
        SerialExecutor().execute(plan, plan.chunks, lambda chunk, games, cards: delivered.append(chunk.unit_start))
    assert delivered == [0, 500]


def test_serial_and_auto_give_the_same_results(spec_path: Path, results: Path) -> None:
    experiment = load_spec(spec_path)
    run_experiment(experiment, results, run_name="serial", chunk_size=500)
    assert main(["run", str(spec_path), "--results", str(results), "--run", "auto", "--chunk-size", "500"]) == 0
    assert_same_results(results / "serial", results / "auto")


def test_descendants_are_listed_and_killed_with_their_children() -> None:
    """What an interrupted Ray leaves is found through the process tree, grandchildren included
    (the raylet's agents), and killed; a pid whose start time changed is not touched."""
    import subprocess

    from sim.run.executors import descendant_processes, kill_processes

    before = set(descendant_processes())
    shell = subprocess.Popen(["sh", "-c", "sleep 60 & echo $!; wait"], stdout=subprocess.PIPE, text=True)
    try:
        grandchild = int(shell.stdout.readline())
        found = {pid: start for pid, start in descendant_processes().items() if pid not in before}
        assert set(found) == {shell.pid, grandchild}
        kill_processes({pid: "0" for pid in found})  # another start time: another process, left alone
        time.sleep(0.2)
        assert shell.poll() is None
        kill_processes(found)
        assert shell.wait(timeout=10) == -9
        stat = Path(f"/proc/{grandchild}/stat")
        deadline = time.monotonic() + 10
        while stat.exists() and time.monotonic() < deadline:  # dead: gone, or a zombie until reaped
            try:
                if stat.read_text().rsplit(")", 1)[1].split()[0] == "Z":
                    break
            except OSError:
                break
            time.sleep(0.05)
        else:
            assert not stat.exists(), "the grandchild is still alive"
    finally:
        shell.kill()
        shell.wait()
