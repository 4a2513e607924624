"""Executors play a plan's chunks and hand each finished chunk back to the driver.

Two of them, with one interface (`start`, `execute`, `stop`), and a rule that picks one:
- `threads` plays the chunks in order in this process, each chunk on every thread numba is given
  (engine blocks on a thread pool); a background thread plays the next chunk while the driver builds
  and writes the last one. It was called `serial` (for its chunks, one after another), which read as
  "one core" to the people running it; `--executor serial` still means it, and manifests written
  then still say so (`sim.core.limits.executor_name` reads both).
- `ray` plays one chunk per Ray task (one CPU each, numba held to one thread, so N cores run N
  chunks), either on an embedded local Ray it starts itself or on a cluster it joins
  (`--address` or RAY_ADDRESS); when joining it never starts a cluster of its own.
- `auto` (the CLI's default) is `ray` when a Ray address is given and `threads` otherwise: on one
  machine Ray plays on the same cores as the threads, after seconds of start-up, so only other
  machines' cores can pay for it (`choose_executor`).

Either way the executor only computes: results come back to the driver through the `on_done`
callback, and the driver alone writes files (atomically) and reports progress. So a lost worker
cannot leave a half-written chunk, and a retried task changes nothing: a chunk's result depends
only on (spec, seed, units). The blocks of a chunk played in this process (about half a second
of a thread's play each: sim.core.records.BlockCutter) are told to `on_block` as they finish, so
progress moves within a chunk; blocks only cut the same units differently, so the chunk's result
is the same for any blocks.
"""

from __future__ import annotations

import logging
import os
import queue
import signal
import socket
import threading
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import numba
import numpy as np
import polars as pl

from sim.core.errors import InputError
from sim.core.limits import EXECUTORS, THREADS, executor_name
from sim.run.plan import Chunk, Plan

ChunkDone = Callable[[Chunk, pl.DataFrame, pl.DataFrame], None]
"""Called on the driver once per finished chunk with its games frame and cards frame."""

BlockDone = Callable[[Chunk, int, int], None]
"""Called on the thread that plays, as each block of a chunk played in this process finishes:
(chunk, units of the block, games they played); the chunk itself still arrives through ChunkDone."""

CHOSEN_BY_CALLER = "chosen by the caller"

RAY_CONNECT_TIMEOUT = 10.0
"""Seconds a Ray address has to answer as a Ray cluster before the run is refused (ray.init
itself retries for many minutes)."""


class Executor(Protocol):
    name: str
    """The `--executor` value that makes this executor (and the manifest's `executor`)."""
    reason: str
    """Why this executor plays the run: the flag that forced it, or the auto rule's answer."""

    def describe(self) -> str:
        """Where the games are played, for a person: "threads (2 cores)"."""

    def start(self) -> None:
        """Acquire resources (e.g. connect to Ray); called before the results folder is opened."""

    def execute(self, plan: Plan, chunks: Sequence[Chunk], on_done: ChunkDone,
                wanted: Callable[[Chunk], bool] | None = None, on_block: BlockDone | None = None) -> None:
        """Play `chunks` of `plan`, calling `on_done` on the driver as each one finishes; a chunk
        for which `wanted` turns false before it starts (its config stopped early) is skipped.
        `on_block` hears the blocks of the chunks played in this process as they finish (progress
        within a chunk); chunks played elsewhere (Ray's workers) arrive whole through `on_done`."""

    def stop(self) -> None:
        """Release what `start` acquired; safe to call when `start` failed or was never called."""


def executor_line(executor: Executor) -> str:
    """What plays the run and why, in one line (printed by `sim run`, the manifest's
    `executor_reason`): "threads (2 cores): auto: no --address or RAY_ADDRESS, ..."."""
    return f"{executor.describe()}: {getattr(executor, 'reason', CHOSEN_BY_CALLER)}"


def chunk_frames(plan: Plan, chunk: Chunk, rows: np.ndarray, counters: np.ndarray) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The ruleset's games and cards frames of one chunk's arrays (built on the driver for every
    executor, so threads and Ray results go through exactly the same code)."""
    compiled = plan.configs[chunk.config_id]
    return plan.ruleset.games_frame(compiled, rows), plan.ruleset.cards_frame(compiled, counters)


def play_on_threads(plan: Plan, chunk: Chunk, on_block: BlockDone | None = None,
                    block_units: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """One chunk in this process on numba's threads: (rows, counters); with `on_block`, each block
    of its units is told as it finishes (blocks of about half a second of a thread's play, or
    `block_units` each: the result is the same for any blocks, sim.core.records.BlockCutter)."""
    told = None if on_block is None else (lambda units, games: on_block(chunk, units, games))
    return plan.ruleset.play_chunk(plan.configs[chunk.config_id], plan.seed, chunk.unit_start, chunk.n_units,
                                   on_block=told, block_units=block_units)


class SerialExecutor:
    """Chunks in order, in this process; each chunk plays its games on all of numba's threads.

    A background thread plays chunk k+1 while the driver turns chunk k into frames and writes it
    (on one machine the driver's Polars and Parquet work would otherwise leave a core idle). It
    starts a chunk only once the driver has taken the one before, so at most two chunks are in
    memory, as few as an overlap needs. Chunks are delivered in order, so a config with a stop
    rule stops at the same chunk as without the overlap; a chunk played ahead whose config stopped
    meanwhile is dropped by the driver's `on_done`."""

    name = THREADS
    reason = CHOSEN_BY_CALLER
    block_units: int | None = None  # units per reported block; None: about half a second of play each

    def __init__(self, block_units: int | None = None) -> None:
        self.block_units = block_units

    def describe(self) -> str:
        threads = numba.get_num_threads()
        return f"{THREADS} ({threads} core{'s' if threads > 1 else ''})"

    def start(self) -> None:
        pass

    def execute(self, plan: Plan, chunks: Sequence[Chunk], on_done: ChunkDone,
                wanted: Callable[[Chunk], bool] | None = None, on_block: BlockDone | None = None) -> None:
        played: queue.Queue = queue.Queue(maxsize=1)
        turn = threading.Semaphore(1)  # released each time the driver takes a chunk
        stop = threading.Event()
        deciding = threading.Lock()  # `wanted` reads the stop rule that the driver's on_done feeds
        threads = numba.get_num_threads()  # numba's thread count is per thread: the player uses the caller's
        finished = object()

        def wait_for(acquire: Callable[[float], bool]) -> bool:
            """Wait for `acquire` to succeed, giving up when the driver has stopped."""
            while not stop.is_set():
                if acquire(0.1):
                    return True
            return False

        def hand_over(item: object) -> None:
            def put(timeout: float) -> bool:
                try:  # Queue.put raises Full when the timeout passes; it never returns False
                    played.put(item, timeout=timeout)
                except queue.Full:
                    return False
                return True

            wait_for(put)

        def play_ahead() -> None:
            numba.set_num_threads(threads)
            try:
                for chunk in chunks:
                    if not wait_for(lambda timeout: turn.acquire(timeout=timeout)):
                        return
                    if wanted is not None:
                        with deciding:
                            if not wanted(chunk):
                                turn.release()
                                continue
                    hand_over((chunk, *play_on_threads(plan, chunk, on_block, self.block_units)))
            except BaseException as exc:  # raised again on the driver's thread
                hand_over(exc)
            finally:
                hand_over(finished)

        player = threading.Thread(target=play_ahead, name="sim-play-ahead", daemon=True)
        player.start()
        interrupted = False
        try:
            while (item := played.get()) is not finished:
                if isinstance(item, BaseException):
                    raise item
                turn.release()  # the player may start the next chunk while this one is written
                chunk, rows, counters = item
                frames = chunk_frames(plan, chunk, rows, counters)
                del item, rows, counters
                with deciding:
                    on_done(chunk, *frames)
                del frames
        except KeyboardInterrupt:
            interrupted = True
            raise
        finally:
            stop.set()
            if not interrupted:  # Ctrl-C: leave now; the player only computes, it never writes
                player.join()

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

    from sim.core.ruleset import get_ruleset

    numba.set_num_threads(1)
    return get_ruleset(ruleset_name).play_chunk(copy.deepcopy(compiled), seed, unit_start, n_units)


GCS_CLUSTER_ID = "/ray.rpc.NodeInfoGcsService/GetClusterId"
"""A question every Ray head's GCS answers (an empty request is a valid one)."""


def probe_address(address: str, source: str = "--address", timeout: float = RAY_CONNECT_TIMEOUT) -> None:
    """Refuse, naming the flag and the address, an address where no Ray cluster answers within
    `timeout` seconds: ray.init itself retries for many minutes whatever listens there.

    First a TCP connection (nothing listening is refused at once), then the GCS's cluster id over
    gRPC, which another service on that port never gives (a Ray Client address, ray://, only has
    its gRPC handshake checked). A head that answers but refuses the call (authentication) is left
    to ray.init, which says why. `auto` (a cluster on this machine) is left to Ray."""
    if address == "auto":
        return
    scheme, _, host_port = address.rpartition("://")
    host, sep, port = host_port.rpartition(":")
    if not sep or not host or not port.isdigit() or scheme not in ("", "ray"):
        raise InputError(f"{source}: expected HOST:PORT (or ray://HOST:PORT, or auto), got {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=min(timeout, 5.0)):
            pass
    except OSError as exc:
        raise InputError(f"{source}: nothing answers at {host}:{port} ({exc}); is the Ray head running?") from None
    import grpc

    not_ray = (f"{source}: {address} is not a Ray cluster: something listens on {host}:{port} but gave no Ray "
               f"answer within {timeout:g} s; give the head's GCS port (`ray start --head --port`, 6379 by "
               "default) or a ray:// client address")
    with grpc.insecure_channel(f"{host}:{port}") as channel:
        try:
            if scheme == "ray":
                grpc.channel_ready_future(channel).result(timeout=timeout)
            else:
                channel.unary_unary(GCS_CLUSTER_ID)(b"", timeout=timeout, wait_for_ready=True)
        except grpc.FutureTimeoutError:
            raise InputError(not_ray) from None
        except grpc.RpcError as exc:
            if exc.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED,
                              grpc.StatusCode.UNIMPLEMENTED):
                raise InputError(f"{not_ray} (gRPC: {exc.code().name})") from None


def descendant_processes(root: int | None = None) -> dict[int, str]:
    """{pid: start time} of the live processes descended from `root` (default: this process), read
    from /proc (empty where there is none). The start time tells a pid reused later apart."""
    root = root or os.getpid()
    children: dict[int, list[int]] = {}
    started: dict[int, str] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) ": state, ppid, ... (proc(5))
        if fields[0] == "Z":
            continue  # already dead, waiting to be reaped
        pid = int(entry.name)
        children.setdefault(int(fields[1]), []).append(pid)
        started[pid] = fields[19]
    found: dict[int, str] = {}
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found[child] = started[child]
            todo.append(child)
    return found


def kill_processes(processes: dict[int, str]) -> None:
    """SIGKILL each process of `processes` ({pid: start time}) that is still that process."""
    for pid, start_time in processes.items():
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            if stat[stat.rindex(")") + 2:].split()[19] == start_time:
                os.kill(pid, signal.SIGKILL)
        except (OSError, IndexError):
            pass


class SharedChunks:
    """One RayExecutor.execute's chunks, shared by the driver's thread, which hands them to Ray's
    workers, and the thread that plays them here from the front of the queue while Ray starts and
    warms (`play_here`): the chunks waiting, those played here and not yet delivered, and the
    events between the two threads."""

    def __init__(self, plan: Plan, chunks: Sequence[Chunk], on_done: ChunkDone,
                 wanted: Callable[[Chunk], bool] | None, on_block: BlockDone | None) -> None:
        self.plan, self.on_done, self.wanted, self.on_block = plan, on_done, wanted, on_block
        self.waiting = deque(chunks)
        self.played_here: list[tuple[Chunk, np.ndarray, np.ndarray]] = []
        self.lock = threading.Lock()
        self.delivering = threading.Lock()  # one on_done at a time, whichever thread delivers
        self.ray_up = threading.Event()
        self.stop_here = threading.Event()
        self.abandoned = threading.Event()  # Ctrl-C: what the driver's thread still plays is never delivered
        self.failures: list[BaseException] = []
        self.threads = numba.get_num_threads()  # per thread in numba: the helper plays on the caller's count
        self.helper: threading.Thread | None = None

    def next_wanted(self) -> Chunk | None:
        """The next chunk still worth playing (its config has not stopped); call under `lock`."""
        while self.waiting:
            chunk = self.waiting.popleft()
            if self.wanted is None or self.wanted(chunk):
                return chunk
        return None

    def take(self, room: int) -> list[Chunk]:
        """Up to `room` chunks still worth playing, for Ray's workers."""
        with self.lock:
            taken = []
            while len(taken) < room:
                chunk = self.next_wanted()
                if chunk is None:
                    break
                taken.append(chunk)
        return taken

    def start_playing_here(self) -> None:
        self.helper = threading.Thread(target=self.play_here, name="sim-head-start", daemon=True)
        self.helper.start()

    def play_here(self) -> None:
        """Chunks from the front of the queue, on every thread of this machine, until Ray is warm."""
        numba.set_num_threads(self.threads)
        try:
            while not self.stop_here.is_set():
                with self.lock:
                    chunk = self.next_wanted()
                if chunk is None:
                    return
                rows, counters = play_on_threads(self.plan, chunk, self.on_block)
                if not self.ray_up.is_set():
                    # ray.init holds the driver's thread (it must: Ray ties its processes to the
                    # thread that starts them), so results are written from here meanwhile
                    frames = chunk_frames(self.plan, chunk, rows, counters)
                    with self.delivering:
                        if self.abandoned.is_set():
                            return
                        self.on_done(chunk, *frames)
                    continue
                with self.lock:
                    self.played_here.append((chunk, rows, counters))
        except BaseException as exc:  # handed to the driver's thread, which raises it
            self.failures.append(exc)

    def deliver_played_here(self) -> None:
        with self.lock:
            done = self.played_here[:]
            self.played_here.clear()
        with self.delivering:
            for chunk, rows, counters in done:
                self.on_done(chunk, *chunk_frames(self.plan, chunk, rows, counters))


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
    reason = CHOSEN_BY_CALLER

    def __init__(self, address: str | None = None, max_retries: int = 3, max_in_flight: int | None = None,
                 head_start: bool = True, connect_timeout: float | None = None) -> None:
        self.address, self.address_source = ray_address(address)
        self.max_retries = max_retries
        self.max_in_flight = max_in_flight
        # read when the executor is made, not when the module is: a caller (a test) may set it shorter
        self.connect_timeout = RAY_CONNECT_TIMEOUT if connect_timeout is None else connect_timeout
        # an embedded Ray takes seconds to start: the driver plays chunks itself meanwhile
        self.head_start = head_start and self.address is None
        self._started_ray = False
        self._connected = False
        self._not_ours: set[int] = set()  # processes that were already there when the embedded Ray started
        self.chunks_on_ray = 0  # how many chunks of the last execute Ray's workers played

    def describe(self) -> str:
        if self.address:
            return f"Ray cluster at {self.address} ({self.address_source})"
        cpus = os.cpu_count() or 1
        return f"embedded Ray ({cpus} CPU{'s' if cpus > 1 else ''})"

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
            probe_address(self.address, self.address_source, self.connect_timeout)
            try:
                ray.init(address=self.address, logging_level=logging.WARNING, log_to_driver=False)
            except ConnectionError as exc:
                raise InputError(f"{self.address_source}: cannot join the Ray cluster at {self.address}: {exc}") from None
            self._connected = True
        else:
            self._not_ours = set(descendant_processes())
            try:
                # address="local" always starts a fresh instance: with no address, ray.init would join
                # whatever cluster /tmp/ray/ray_current_cluster last named, even a dead or foreign one
                ray.init(address="local", num_cpus=os.cpu_count(), include_dashboard=False,
                         logging_level=logging.WARNING, log_to_driver=False)
            except BaseException:  # Ctrl-C while Ray starts, above all
                self._end_embedded()
                raise
            self._started_ray = self._connected = True

    def _end_embedded(self) -> None:
        """Shut the embedded instance down and let none of its processes outlive it: an instance
        interrupted while starting leaves its raylet's agents running for a minute otherwise
        (the processes are listed first: the raylet's end would orphan them from this tree)."""
        import ray

        started_here = {pid: start for pid, start in descendant_processes().items() if pid not in self._not_ours}
        try:
            ray.shutdown()
        finally:
            kill_processes(started_here)

    def execute(self, plan: Plan, chunks: Sequence[Chunk], on_done: ChunkDone,
                wanted: Callable[[Chunk], bool] | None = None, on_block: BlockDone | None = None) -> None:
        import ray

        self.chunks_on_ray = 0
        if not chunks:
            return
        shared = SharedChunks(plan, chunks, on_done, wanted, on_block)
        if self.head_start and not ray.is_initialized():
            shared.start_playing_here()
        self._start_ray_beside(shared)
        shared.deliver_played_here()
        self._play_on_ray(shared)

    def _start_ray_beside(self, shared: SharedChunks) -> None:
        """Start (or join) Ray while the driver's other thread plays chunks; a failure stops that
        thread after its chunk (Ctrl-C: at once, its chunk never delivered) before it is raised."""
        try:
            self._start_ray()
        except KeyboardInterrupt:
            shared.stop_here.set()
            with shared.delivering:  # waits only for a chunk being written, never for one being played
                shared.abandoned.set()
            raise
        except BaseException:
            shared.stop_here.set()  # no Ray: the driver's thread stops after its chunk, before the error is raised
            if shared.helper is not None:
                shared.helper.join()
            raise
        finally:
            shared.ray_up.set()

    def _warm_workers(self, plan: Plan) -> tuple[Any, dict[str, Any], set[Any]]:
        """The task that plays a chunk on a worker, each config put in Ray's object store once, and
        one warming game per CPU of the cluster (a worker loads the engine and the kernels before
        it is given a chunk)."""
        import ray

        # compile on the driver first (numba writes its cache to disk), so the workers load the
        # cached kernels instead of all compiling at once (numba #4807)
        for compiled in plan.configs.values():
            plan.ruleset.play_chunk(compiled, plan.seed, 0, 1)
        refs = {config_id: ray.put(compiled) for config_id, compiled in plan.configs.items()}
        task = ray.remote(num_cpus=1, max_retries=self.max_retries)(play_chunk_in_worker)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        any_config = next(iter(refs.values()))
        return task, refs, {task.remote(plan.ruleset.name, any_config, plan.seed, 0, 1) for _ in range(cpus)}

    def _play_on_ray(self, shared: SharedChunks) -> None:
        """Warm a worker per CPU, then hand the waiting chunks to the warm ones, at most
        `max_in_flight` at a time, delivering each as it finishes, until every chunk is played here
        or there; an embedded Ray is stopped as soon as no chunk is left for it."""
        import ray

        plan = shared.plan
        task, refs, warming = self._warm_workers(plan)
        cpus, warm = len(warming), 0
        running: dict[Any, Chunk] = {}
        interrupted = False
        try:
            while True:
                for chunk in shared.take((self.max_in_flight or 2 * warm) - len(running)):
                    ref = task.remote(plan.ruleset.name, refs[chunk.config_id], plan.seed, chunk.unit_start,
                                      chunk.n_units)
                    running[ref] = chunk
                shared.deliver_played_here()
                with shared.lock:
                    left_here = bool(shared.waiting) or (shared.helper is not None and shared.helper.is_alive())
                    nothing_for_ray = not shared.waiting and not running
                if nothing_for_ray and self._started_ray:
                    # the driver is playing the last chunks: stop an embedded Ray meanwhile (every
                    # object reference dropped first: one released after shutdown ends the process)
                    for ref in warming:
                        ray.cancel(ref)
                    warming.clear()
                    refs.clear()
                    ready = ref = None
                    self.stop()
                if not running and not left_here:
                    break  # every chunk is played (workers still warming are cancelled below)
                if not running and not warming and shared.helper is not None:
                    shared.helper.join(timeout=0.05)  # Ray has nothing to do; the driver is finishing a chunk
                    continue
                ready, _ = ray.wait(list(warming) + list(running), num_returns=1, timeout=0.5)
                for ref in ready:
                    if ref in warming:
                        warming.discard(ref)
                        ray.get(ref)  # a worker that cannot even play one game fails the run here
                        warm += 1
                        if warm == cpus:
                            shared.stop_here.set()  # every CPU has a warm worker: Ray takes every chunk from now on
                        continue
                    chunk = running.pop(ref)
                    rows, counters = ray.get(ref)
                    self.chunks_on_ray += 1
                    with shared.delivering:
                        shared.on_done(chunk, *chunk_frames(plan, chunk, rows, counters))
                if shared.failures:
                    break
        except KeyboardInterrupt:
            interrupted = True  # leave now: a chunk the driver's thread still plays is dropped
            raise
        finally:
            shared.stop_here.set()
            for ref in running:
                ray.cancel(ref, force=True)
            for ref in warming:  # a worker still loading the engine: let it finish, it plays nothing
                ray.cancel(ref)
            if shared.helper is not None and not interrupted:
                shared.helper.join()
        if shared.failures:
            raise shared.failures[0]
        shared.deliver_played_here()

    def stop(self) -> None:
        """Shut down the embedded instance, or disconnect from the cluster this executor joined (the
        cluster itself keeps running); a Ray session the caller opened is left alone."""
        if self._started_ray:
            self._end_embedded()
        elif self._connected:
            import ray

            ray.shutdown()
        self._started_ray = self._connected = False


def ray_address(address: str | None) -> tuple[str | None, str]:
    """The Ray address a run is given and where it came from: (--address, else RAY_ADDRESS, else None)."""
    if address:
        return address, "--address"
    return os.environ.get("RAY_ADDRESS") or None, "RAY_ADDRESS"


def choose_executor(address: str | None = None) -> tuple[str, str]:
    """The auto rule, (executor name, reason): Ray when a Ray address is given, else this process's threads.

    On one machine Ray plays on the same cores as the threads and first spends seconds starting
    (measured in `sim bench --executor ray`: more than the bare kernel's whole time for 1,000,000
    games on two cores), so Ray pays only through other machines' cores, i.e. a cluster."""
    given, source = ray_address(address)
    if given:
        return "ray", f"auto: {source} {given} names a Ray cluster, whose other machines' cores only Ray can use"
    return THREADS, ("auto: no --address or RAY_ADDRESS, and on this machine Ray would play on the same cores "
                      "after seconds of start-up")


def make_executor(name: str, address: str | None = None) -> Executor:
    """An executor by its CLI name, with the reason it plays the run; `address` only makes sense for
    Ray (and makes `auto` choose Ray)."""
    name = executor_name(name)
    if name not in EXECUTORS:
        raise InputError(f"--executor: unknown executor {name!r}; available: {', '.join(EXECUTORS)}")
    if address is not None and address.strip().lower() == "local":
        raise InputError("--address: 'local' would start a new cluster; leave --address out for an embedded one")
    if name == THREADS and address:
        raise InputError("--address: only used with --executor ray (or auto)")
    chosen, reason = choose_executor(address) if name == "auto" else (name, f"--executor {name}")
    executor: Executor = SerialExecutor() if chosen == THREADS else RayExecutor(address=address)
    executor.reason = reason
    return executor
