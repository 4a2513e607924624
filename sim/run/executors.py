"""Executors play a plan's chunks and hand each finished chunk back to the driver.

Two of them, with one interface (`start`, `execute`, `stop`):
- `serial` plays the chunks one after another in this process, each chunk on every thread numba
  is given (engine blocks on a thread pool). For tests, small runs and debugging.
- `ray` plays one chunk per Ray task (one CPU each, numba held to one thread, so N cores run N
  chunks), either on an embedded local Ray it starts itself or on a cluster it joins
  (`--address` or RAY_ADDRESS); when joining it never starts a cluster of its own.

Either way the executor only computes: results come back to the driver through the `on_done`
callback, and the driver alone writes files (atomically) and reports progress. So a lost worker
cannot leave a half-written chunk, and a retried task changes nothing: a chunk's result depends
only on (spec, seed, units).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np
import polars as pl

from sim.core.errors import InputError
from sim.run.plan import Chunk, Plan

ChunkDone = Callable[[Chunk, pl.DataFrame, pl.DataFrame], None]
"""Called on the driver once per finished chunk with its games frame and cards frame."""

EXECUTORS = ("serial", "ray")


class Executor(Protocol):
    name: str

    def start(self) -> None:
        """Acquire resources (e.g. connect to Ray); called before the results folder is opened."""

    def execute(self, plan: Plan, chunks: Sequence[Chunk], on_done: ChunkDone,
                wanted: Callable[[Chunk], bool] | None = None) -> None:
        """Play `chunks` of `plan`, calling `on_done` on the driver as each one finishes; a chunk
        for which `wanted` turns false before it starts (its config stopped early) is skipped."""

    def stop(self) -> None:
        """Release what `start` acquired; safe to call when `start` failed or was never called."""


def chunk_frames(plan: Plan, chunk: Chunk, rows: np.ndarray, counters: np.ndarray) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The ruleset's games and cards frames of one chunk's arrays (built on the driver for every
    executor, so serial and Ray results go through exactly the same code)."""
    compiled = plan.configs[chunk.config_id]
    return plan.ruleset.games_frame(compiled, rows), plan.ruleset.cards_frame(compiled, counters)


class SerialExecutor:
    """Chunks in order, in this process; each chunk plays its games on all of numba's threads."""

    name = "serial"

    def start(self) -> None:
        pass

    def execute(self, plan: Plan, chunks: Sequence[Chunk], on_done: ChunkDone,
                wanted: Callable[[Chunk], bool] | None = None) -> None:
        for chunk in chunks:
            if wanted is not None and not wanted(chunk):
                continue
            compiled = plan.configs[chunk.config_id]
            rows, counters = plan.ruleset.play_chunk(compiled, plan.seed, chunk.unit_start, chunk.n_units)
            on_done(chunk, *chunk_frames(plan, chunk, rows, counters))

    def stop(self) -> None:
        pass


def play_chunk_in_worker(ruleset_name: str, compiled: Any, seed: int, unit_start: int,
                         n_units: int) -> tuple[np.ndarray, np.ndarray]:
    """Body of the Ray task: one chunk on one thread (Ray gives the task one CPU).

    Arrays from Ray's object store arrive read-only, and numba types a read-only array as a
    different type: the kernels would be compiled afresh in every worker (tens of seconds each)
    instead of loaded from the cache. A private copy of the config gives them writable arrays."""
    import copy

    import numba

    from sim.rulesets import get_ruleset

    numba.set_num_threads(1)
    return get_ruleset(ruleset_name).play_chunk(copy.deepcopy(compiled), seed, unit_start, n_units)


def probe_address(address: str, source: str = "--address", timeout: float = 5.0) -> None:
    """Fail fast, with the flag's name, when nothing answers at a Ray address: ray.init itself
    keeps retrying for minutes. `auto` (a cluster on this machine) is left to Ray."""
    if address == "auto":
        return
    host_port = address.split("://", 1)[-1]
    host, sep, port = host_port.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise InputError(f"{source}: expected HOST:PORT (or ray://HOST:PORT, or auto), got {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise InputError(f"{source}: nothing answers at {host}:{port} ({exc}); is the Ray head running?") from None


class RayExecutor:
    """One Ray task per chunk; the driver collects results with ray.wait as chunks finish.

    Ray's workers are warmed before they get work: each CPU first plays one game (importing the
    engine and loading the compiled kernels, a second or two), and a chunk goes to Ray only when
    a warm worker is there to take it. Meanwhile, with an embedded instance, the driver plays
    chunks from the front of the queue on every thread itself (Ray takes seconds to start on a
    small machine), and stops once every CPU has a warm worker. Where a chunk was played never
    changes its result.

    `address` (or RAY_ADDRESS) joins an existing cluster; without one an embedded local instance
    is started with all this machine's CPUs and shut down as soon as no chunk is left for it
    (while the driver plays its last ones). Tasks are retried `max_retries` times if a worker
    dies; at most `max_in_flight` chunks (default: twice the warm workers) are queued at once so
    finished results never pile up in the object store."""

    name = "ray"

    def __init__(self, address: str | None = None, max_retries: int = 3, max_in_flight: int | None = None,
                 head_start: bool = True) -> None:
        self.address = address or os.environ.get("RAY_ADDRESS") or None
        self.address_source = "--address" if address else "RAY_ADDRESS"
        self.max_retries = max_retries
        self.max_in_flight = max_in_flight
        # an embedded Ray takes seconds to start: the driver plays chunks itself meanwhile
        self.head_start = head_start and self.address is None
        self._started_ray = False
        self._connected = False
        self.chunks_on_ray = 0  # how many chunks of the last execute Ray's workers played

    def start(self) -> None:
        """Join the cluster now (a bad address fails before the results folder is touched); an
        embedded instance with a head start is started inside `execute`, while chunks play."""
        if self.head_start:
            return
        self._start_ray()

    def _start_ray(self) -> None:
        import ray

        if ray.is_initialized():
            return
        if self.address:
            probe_address(self.address, self.address_source)
            try:
                ray.init(address=self.address, logging_level=logging.WARNING, log_to_driver=False)
            except ConnectionError as exc:
                raise InputError(f"{self.address_source}: cannot join the Ray cluster at {self.address}: {exc}") from None
            self._connected = True
        else:
            # address="local" always starts a fresh instance: with no address, ray.init would join
            # whatever cluster /tmp/ray/ray_current_cluster last named, even a dead or foreign one
            ray.init(address="local", num_cpus=os.cpu_count(), include_dashboard=False,
                     logging_level=logging.WARNING, log_to_driver=False)
            self._started_ray = self._connected = True

    def execute(self, plan: Plan, chunks: Sequence[Chunk], on_done: ChunkDone,
                wanted: Callable[[Chunk], bool] | None = None) -> None:
        import ray

        self.chunks_on_ray = 0
        if not chunks:
            return
        waiting = deque(chunks)
        played_here: list[tuple[Chunk, np.ndarray, np.ndarray]] = []
        lock = threading.Lock()
        delivering = threading.Lock()  # one on_done at a time, whichever thread delivers
        ray_up = threading.Event()
        stop_here = threading.Event()
        failures: list[BaseException] = []

        def next_wanted() -> Chunk | None:
            """The next chunk still worth playing (its config has not stopped); call under `lock`."""
            while waiting:
                chunk = waiting.popleft()
                if wanted is None or wanted(chunk):
                    return chunk
            return None

        def play_here() -> None:
            """Chunks from the front of the queue, on every thread of this machine, until Ray is warm."""
            try:
                while not stop_here.is_set():
                    with lock:
                        chunk = next_wanted()
                    if chunk is None:
                        return
                    rows, counters = plan.ruleset.play_chunk(plan.configs[chunk.config_id], plan.seed,
                                                             chunk.unit_start, chunk.n_units)
                    if not ray_up.is_set():
                        # ray.init holds the driver's thread (it must: Ray ties its processes to the
                        # thread that starts them), so results are written from here meanwhile
                        with delivering:
                            on_done(chunk, *chunk_frames(plan, chunk, rows, counters))
                        continue
                    with lock:
                        played_here.append((chunk, rows, counters))
            except BaseException as exc:  # handed to the driver's thread, which raises it
                failures.append(exc)

        def deliver_played_here() -> None:
            with lock:
                done = played_here[:]
                played_here.clear()
            with delivering:
                for chunk, rows, counters in done:
                    on_done(chunk, *chunk_frames(plan, chunk, rows, counters))

        helper = None
        if self.head_start and not ray.is_initialized():
            helper = threading.Thread(target=play_here, name="sim-head-start", daemon=True)
            helper.start()
        try:
            self._start_ray()
        except BaseException:
            stop_here.set()  # no Ray: the driver's thread stops after its chunk, before the error is raised
            if helper is not None:
                helper.join()
            raise
        finally:
            ray_up.set()
        deliver_played_here()
        # compile on the driver first (numba writes its cache to disk), so the workers load the
        # cached kernels instead of all compiling at once (numba #4807)
        for compiled in plan.configs.values():
            plan.ruleset.play_chunk(compiled, plan.seed, 0, 1)
        refs = {config_id: ray.put(compiled) for config_id, compiled in plan.configs.items()}
        task = ray.remote(num_cpus=1, max_retries=self.max_retries)(play_chunk_in_worker)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        any_config = next(iter(refs.values()))
        warming = {task.remote(plan.ruleset.NAME, any_config, plan.seed, 0, 1) for _ in range(cpus)}
        warm = 0
        running: dict[Any, Chunk] = {}
        try:
            while True:
                limit = self.max_in_flight or 2 * warm
                with lock:
                    taken = []
                    while len(running) + len(taken) < limit:
                        chunk = next_wanted()
                        if chunk is None:
                            break
                        taken.append(chunk)
                for chunk in taken:
                    ref = task.remote(plan.ruleset.NAME, refs[chunk.config_id], plan.seed, chunk.unit_start,
                                      chunk.n_units)
                    running[ref] = chunk
                deliver_played_here()
                with lock:
                    left_here = bool(waiting) or (helper is not None and helper.is_alive())
                    nothing_for_ray = not waiting and not running
                if nothing_for_ray and self._started_ray:
                    # the driver is playing the last chunks: stop an embedded Ray meanwhile (every
                    # object reference dropped first: one released after shutdown ends the process)
                    for ref in warming:
                        ray.cancel(ref)
                    warming.clear()
                    refs.clear()
                    ready = ref = any_config = None
                    self.stop()
                if not running and not left_here:
                    break  # every chunk is played (workers still warming are cancelled below)
                if not running and not warming and helper is not None:
                    helper.join(timeout=0.05)  # Ray has nothing to do; the driver is finishing a chunk
                    continue
                ready, _ = ray.wait(list(warming) + list(running), num_returns=1, timeout=0.5)
                for ref in ready:
                    if ref in warming:
                        warming.discard(ref)
                        ray.get(ref)  # a worker that cannot even play one game fails the run here
                        warm += 1
                        if warm == cpus:
                            stop_here.set()  # every CPU has a warm worker: Ray takes every chunk from now on
                        continue
                    chunk = running.pop(ref)
                    rows, counters = ray.get(ref)
                    self.chunks_on_ray += 1
                    with delivering:
                        on_done(chunk, *chunk_frames(plan, chunk, rows, counters))
                if failures:
                    break
        finally:
            stop_here.set()
            for ref in running:
                ray.cancel(ref, force=True)
            for ref in warming:  # a worker still loading the engine: let it finish, it plays nothing
                ray.cancel(ref)
            if helper is not None:
                helper.join()
        if failures:
            raise failures[0]
        deliver_played_here()

    def stop(self) -> None:
        """Shut down the embedded instance, or disconnect from the cluster this executor joined (the
        cluster itself keeps running); a Ray session the caller opened is left alone."""
        if self._connected:
            import ray

            ray.shutdown()
        self._started_ray = self._connected = False


def make_executor(name: str, address: str | None = None) -> Executor:
    """An executor by its CLI name; `address` only makes sense for Ray."""
    if name == "serial":
        if address:
            raise InputError("--address: only used with --executor ray")
        return SerialExecutor()
    if name == "ray":
        if address is not None and address.strip().lower() == "local":
            raise InputError("--address: 'local' would start a new cluster; leave --address out for an embedded one")
        return RayExecutor(address=address)
    raise InputError(f"--executor: unknown executor {name!r}; available: {', '.join(EXECUTORS)}")
