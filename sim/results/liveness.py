"""Whether the process writing a run is still there, so a reader can tell a running run from one
whose process died (killed, crashed, the machine restarted) and that only says "running" because
nobody was left to write otherwise.

The writer (`sim run`, through `run_lock`) records itself in the run's `.lock` file, which it
holds with flock for as long as it writes: one line of JSON with its pid, host name, the machine's
boot id and the process's start time (field 22 of /proc/PID/stat, clock ticks since boot), and it
touches the file every `HEARTBEAT_SECONDS` (the heartbeat). A reader decides:
- on the writer's own machine: alive while that pid exists, is not a zombie and started at the
  recorded time (a pid reused by another process after a reboot or a long time starts at another
  time; a changed boot id means the machine restarted since, and every process of it is gone);
- on another machine (a results folder shared over the network), where pids say nothing: alive
  while the heartbeat is younger than `STALE_AFTER_SECONDS`.
A lock file from before this record ("pid N") is read as a pid on this machine. A run whose manifest
says "running" with no live writer is "interrupted": the same `sim run` resumes it.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sim.core.errors import InputError
from sim.results.folder import MANIFEST

LOCK = ".lock"
HEARTBEAT_SECONDS = 15.0
# a heartbeat eight beats old: a writer stalled that long on a busy machine is rare, and a reader on
# another machine learns of a dead writer within two minutes
STALE_AFTER_SECONDS = 120.0
BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
PROC = Path("/proc")


@dataclass(frozen=True)
class Writer:
    """The process that holds (or held) a run's lock, as it recorded itself."""

    pid: int
    host: str | None = None
    boot_id: str | None = None
    process_start: str | None = None
    since: str | None = None

    def describe(self) -> str:
        where = f" on {self.host}" if self.host else ""
        when = f", since {self.since}" if self.since else ""
        return f"pid {self.pid}{where}{when}"

    def on_this_machine(self) -> bool:
        return self.host is None or self.host == socket.gethostname()


@dataclass(frozen=True)
class Liveness:
    """A reader's verdict on a run's writer and why, in words for a person."""

    alive: bool
    reason: str
    writer: Writer | None = None


def current_boot_id() -> str | None:
    try:
        return BOOT_ID.read_text(encoding="ascii").strip() or None
    except OSError:
        return None


def process_start(pid: int) -> str | None:
    """When process `pid` started (clock ticks since boot, /proc/PID/stat field 22); None when it does
    not exist, is a zombie (dead, waiting for its parent) or this system has no /proc."""
    try:
        stat = (PROC / str(pid) / "stat").read_text(encoding="ascii")
    except (OSError, ValueError):
        return None
    fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) ": state, ppid, ... (proc(5))
    if fields[0] in ("Z", "X"):
        return None
    return fields[19]


def this_writer() -> Writer:
    """This process, as it records itself in a run's lock file."""
    return Writer(pid=os.getpid(), host=socket.gethostname(), boot_id=current_boot_id(),
                  process_start=process_start(os.getpid()),
                  since=datetime.now(timezone.utc).isoformat(timespec="seconds"))


def writer_line(writer: Writer) -> str:
    return json.dumps(asdict(writer), ensure_ascii=False) + "\n"


def read_writer(lock_path: Path) -> Writer | None:
    """The writer a lock file records; None when it records none (empty, unreadable, not ours)."""
    try:
        text = Path(lock_path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if text.startswith("pid ") and text[4:].strip().isdigit():  # the record before host and start time
        return Writer(pid=int(text[4:].strip()))
    try:
        record: Any = json.loads(text)
        writer = Writer(pid=int(record["pid"]), host=record.get("host"), boot_id=record.get("boot_id"),
                        process_start=record.get("process_start"), since=record.get("since"))
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    return writer if writer.pid > 0 else None


def writer_liveness(run_dir: Path, now: float | None = None) -> Liveness:
    """Whether the writer recorded in `run_dir`'s lock file is alive (the rules in this module's
    docstring), with the reason."""
    lock = Path(run_dir) / LOCK
    writer = read_writer(lock)
    if writer is None:
        return Liveness(False, "no writer is recorded in its lock file")
    if not writer.on_this_machine():
        try:
            age = (time.time() if now is None else now) - lock.stat().st_mtime
        except OSError:
            return Liveness(False, f"its writer ({writer.describe()}) left no heartbeat", writer)
        if age <= STALE_AFTER_SECONDS:
            return Liveness(True, f"its writer ({writer.describe()}) gave a sign of life {age:.0f} s ago", writer)
        return Liveness(False, f"its writer ({writer.describe()}) gave no sign of life for {age:.0f} s", writer)
    boot = current_boot_id()
    if writer.boot_id and boot and writer.boot_id != boot:
        return Liveness(False, f"the machine restarted since its writer ({writer.describe()}) started", writer)
    if not PROC.is_dir():  # no /proc (macOS): the pid alone
        try:
            os.kill(writer.pid, 0)
        except ProcessLookupError:
            return Liveness(False, f"its writer ({writer.describe()}) is gone", writer)
        except PermissionError:
            pass  # another user's process: it exists
        return Liveness(True, f"its writer ({writer.describe()}) is running", writer)
    started = process_start(writer.pid)
    if started is None:
        return Liveness(False, f"its writer ({writer.describe()}) is gone", writer)
    if writer.process_start is not None and started != writer.process_start:
        return Liveness(False, f"its writer ({writer.describe()}) is gone (pid {writer.pid} is another process now)",
                        writer)
    return Liveness(True, f"its writer ({writer.describe()}) is running", writer)


def run_state(run_dir: Path, manifest: dict[str, Any]) -> str:
    """"finished", "running" (its writer is alive) or "interrupted" (not finished, nobody writing it:
    the same `sim run` resumes it)."""
    if manifest.get("status") == "finished":
        return "finished"
    if writer_liveness(run_dir).alive:
        return "running"
    try:  # it may have finished, and let go of its lock, since its manifest was read
        again = json.loads((Path(run_dir) / MANIFEST).read_text(encoding="utf-8"))
        if isinstance(again, dict) and again.get("status") == "finished":
            return "finished"
    except (OSError, ValueError):
        pass
    return "interrupted"


def holds_lock(pid: int, lock_path: Path) -> bool | None:
    """Whether process `pid` holds a flock on `lock_path`, from /proc/locks (None where there is no
    /proc/locks to ask)."""
    try:
        lines = (PROC / "locks").read_text(encoding="ascii").splitlines()
        stat = os.stat(lock_path)
    except OSError:
        return None
    device = f"{os.major(stat.st_dev):02x}:{os.minor(stat.st_dev):02x}:{stat.st_ino}"
    for line in lines:
        fields = line.split()
        if "->" in fields:  # a request blocked on this lock, not a holder
            continue
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[4] == str(pid) and fields[5] == device:
            return True
    return False


def interrupt_writer(run_dir: Path) -> Writer:
    """Stop a run's writer as Ctrl-C would (SIGINT: `sim run` writes its manifest, stops its executor
    and exits within seconds; finished chunks stay, the same command resumes the run). Refused
    (InputError, nothing sent) unless the writer is alive, on this machine, and is the very process
    that holds the run's lock."""
    liveness = writer_liveness(run_dir)
    writer = liveness.writer
    if not liveness.alive or writer is None:
        raise InputError(f"{run_dir.name}: nothing to stop: {liveness.reason}")
    if not writer.on_this_machine():
        raise InputError(f"{run_dir.name}: its writer ({writer.describe()}) runs on another machine; stop it there")
    if holds_lock(writer.pid, Path(run_dir) / LOCK) is False:
        raise InputError(f"{run_dir.name}: process {writer.pid} does not hold the run's lock; nothing was sent")
    try:
        os.kill(writer.pid, signal.SIGINT)
    except ProcessLookupError:
        raise InputError(f"{run_dir.name}: its writer ({writer.describe()}) ended meanwhile") from None
    except PermissionError:
        raise InputError(f"{run_dir.name}: its writer ({writer.describe()}) belongs to another user; "
                         "stop it as that user") from None
    return writer


class Heartbeat:
    """Touches a run's lock file every `every` seconds from a daemon thread, while the writer holds
    it: the sign of life a reader on another machine goes by."""

    def __init__(self, path: Path, every: float = HEARTBEAT_SECONDS) -> None:
        self.path = Path(path)
        self.every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name="sim-heartbeat", daemon=True)

    def _beat(self) -> None:
        while not self._stop.wait(self.every):
            try:
                os.utime(self.path)
            except OSError:  # the folder went away (or its disk): the writer meets that itself
                return

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()


def shown_status(run_dir: Path, manifest: dict[str, Any]) -> str:
    """The status to tell a person: the manifest's, except that a run whose manifest still says
    "running" while nobody writes it (its process was killed) is "interrupted"."""
    status = str(manifest.get("status"))
    return run_state(run_dir, manifest) if status == "running" else status


@contextmanager
def run_lock(run_dir: Path) -> Iterator[None]:
    """Hold an exclusive, non-blocking flock on <run>/.lock; a second writer gets an InputError.

    flock is released by the kernel when the process dies, so a crash never leaves a stale lock. The
    holder records itself in the file and keeps a heartbeat on it (this module), so a reader
    can tell a run still being written from one whose writer died."""
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a place the checks could not foresee (/proc, a disk that just went away)
        raise InputError(f"--results: cannot make the run folder {run_dir}: {exc.strerror or exc}") from None
    path = run_dir / LOCK
    handle = open(path, "a+", encoding="utf-8")
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = read_writer(path)
            raise InputError(f"{run_dir}: in use by another run ({holder.describe() if holder else 'another process'}, "
                             f"lock {path}); wait for it to finish or pick another --run NAME") from None
        # who writes the run, for readers to tell a live run from a dead one; written over the old
        # record, then cut to length, so a reader never finds the file empty
        record = writer_line(this_writer()).encode("utf-8")
        over = os.open(path, os.O_WRONLY)  # not the handle: in append mode, Linux's pwrite appends
        try:
            os.pwrite(over, record, 0)
            os.ftruncate(over, len(record))
        finally:
            os.close(over)
        try:
            with Heartbeat(path):
                yield
        finally:
            # the record goes with the lock: a process that lives on (a test, a notebook) is not
            # taken for the writer of a run it stopped writing
            os.truncate(path, 0)
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    finally:
        handle.close()
