"""Progress of a run: the `ProgressReporter` interface the runner reports through (`SilentProgress`
for tests and non-terminal output; the CLI's bar is sim.report.progress_bar.RichProgress, a layer
above), what the running process writes for other readers (`LiveProgress`), and the progress of a
stored run as any reader finds it on disk (`stored_progress`, the dashboard's).
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol


from sim.results.atomic_files import write_json_atomic
from sim.results.folder import RECORDS

CHUNK_RECORD = re.compile(r"^chunk-(\d{12})\.json$")

COMPILE_NOTICE_AFTER = 0.5  # seconds of warm-up before the compile is said: a cached load takes less


class ProgressReporter(Protocol):
    def compiling(self, game: str, expected_seconds: float) -> None:
        """The game's kernels are about to be loaded, or compiled when this machine has no cached copy."""

    def compiled(self) -> None:
        """The kernels are ready; the run itself starts next."""

    def start(self, total_units: int, done_units: int, unit_kind: str) -> None:
        """A run of units of `unit_kind` (games, story, best_of_three) begins; `done_units` were
        finished by an earlier session (resume)."""

    def advance(self, units: int, games: int) -> None:
        """`units` more units done, holding `games` played games: a block of a chunk played in this
        process, or what is left of a chunk when it is written (all of it when it was played elsewhere)."""

    def stop(self) -> None:
        """The run ended (finished, interrupted or failed)."""


class SilentProgress:
    """Reports nothing: tests and library use."""

    def compiling(self, game: str, expected_seconds: float) -> None:
        pass

    def compiled(self) -> None:
        pass

    def start(self, total_units: int, done_units: int, unit_kind: str) -> None:
        pass

    def advance(self, units: int, games: int) -> None:
        pass

    def stop(self) -> None:
        pass


PROGRESS_FILE = "progress.json"
PROGRESS_EVERY = 0.5  # seconds between two writes of the progress file, at most
PROGRESS_REFRESH = 5.0  # seconds: rewritten at least this often while the run lives, even with nothing new
PROGRESS_STALE = 30.0  # seconds: an older progress file is a dead writer's, and ignored


class LiveProgress:
    """What the running process alone knows of its progress, written to <run>/progress.json for
    the dashboard (another process) to read with the chunk records: the compile under way, the
    units done in chunks not yet written, and this session's rate. Written from a daemon thread at
    most every PROGRESS_EVERY seconds (the players only change numbers in memory), atomically,
    and removed by `close` when the run ends; a write that fails (a full disk) is skipped, never
    fatal: the file is only a view of the progress, the chunk records are its truth."""

    def __init__(self, run_dir: Path, session: str) -> None:
        self.path = Path(run_dir) / PROGRESS_FILE
        self.session = session
        self._guard = threading.Lock()
        self._compiling: dict[str, Any] | None = None
        self._compile_started = 0.0
        self._playing: dict[tuple[str, int], int] = {}  # (config, first unit) -> units done of that chunk
        self._play_started: float | None = None
        self._units = 0  # this session's, since the play started
        self._games = 0
        self._changed = True
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._keep_written, name="sim-progress-file", daemon=True)

    def open(self) -> None:
        """Start writing the file (`close` stops and removes it; it is safe without `open`)."""
        self._thread.start()

    def __enter__(self) -> LiveProgress:
        self.open()
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def compiling(self, game: str, expected_seconds: float) -> None:
        with self._guard:
            self._compiling = {"game": game, "expected_seconds": float(expected_seconds), "since": time.time()}
            self._compile_started = time.perf_counter()
            self._changed = True

    def compiled(self) -> None:
        with self._guard:
            self._compiling = None
            self._changed = True

    def start(self) -> None:
        with self._guard:
            self._play_started = time.perf_counter()
            self._changed = True

    def advance(self, config_id: str, unit_start: int, units: int, games: int) -> None:
        """A block of the chunk of `config_id` starting at `unit_start` finished."""
        with self._guard:
            key = (config_id, unit_start)
            self._playing[key] = self._playing.get(key, 0) + units
            self._units += units
            self._games += games
            self._changed = True

    def written(self, config_id: str, unit_start: int, units: int, games: int) -> None:
        """The chunk's files are whole (its record counts it now); `units` and `games` are what its
        blocks had not reported (all of it for a chunk played elsewhere)."""
        with self._guard:
            self._playing.pop((config_id, unit_start), None)
            self._units += units
            self._games += games
            self._changed = True

    def snapshot(self) -> dict[str, Any] | None:
        """The file's content now; None while nothing is worth saying (a compile shorter than a
        cached load's COMPILE_NOTICE_AFTER, which the terminal does not mention either)."""
        with self._guard:
            compiling = self._compiling
            if compiling is not None and time.perf_counter() - self._compile_started < COMPILE_NOTICE_AFTER:
                return None
            elapsed = time.perf_counter() - self._play_started if self._play_started is not None else 0.0
            rates = ({"units_per_second": self._units / elapsed, "games_per_second": self._games / elapsed}
                     if self._units and elapsed > 0 else {})
            self._changed = False
            return {"session": self.session, "written": time.time(), "compiling": compiling,
                    "playing": [{"config": config_id, "unit_start": start, "units": units}
                                for (config_id, start), units in self._playing.items()], **rates}

    def _keep_written(self) -> None:
        last = float("-inf")
        while not self._stop.wait(PROGRESS_EVERY):
            if not self._changed and time.perf_counter() - last < PROGRESS_REFRESH:
                continue
            content = self.snapshot()
            if content is None:
                continue
            try:
                write_json_atomic(self.path, content)
            except (OSError, ValueError):  # a full disk, a folder gone: the next write tries again
                continue
            last = time.perf_counter()

    def close(self) -> None:
        """Stop writing and remove the file: the chunk records say the rest."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass


@dataclass(frozen=True)
class Compiling:
    """A compile under way, as the running process's progress file says it."""

    game: str
    expected_seconds: float
    elapsed_seconds: float


@dataclass(frozen=True)
class StoredProgress:
    """How far a stored run is: chunks as its manifest counts them, units (games, story runs or
    matches) from the chunk records on disk plus, while it runs, those of the chunks being played
    (its progress file); and from that file the compile under way and this session's rates."""

    chunks_done: int
    chunks_total: int
    units_done: int
    units_total: int
    compiling: Compiling | None = None
    units_per_second: float | None = None
    games_per_second: float | None = None

    @property
    def fraction(self) -> float:
        return self.units_done / self.units_total if self.units_total else 0.0


def read_live_progress(run_dir: Path, session: object, now: float | None = None) -> dict[str, Any] | None:
    """The running process's progress file, when it is this session's and fresh (written within
    PROGRESS_STALE seconds: a killed writer's file says nothing true); None otherwise, for a
    missing, damaged or half-understood file too: it is a view, never a reason to fail."""
    try:
        content = json.loads((Path(run_dir) / PROGRESS_FILE).read_text(encoding="utf-8"))
        written = float(content["written"])
    except (OSError, ValueError, TypeError, KeyError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        return None
    now = time.time() if now is None else now
    if not isinstance(content, dict) or content.get("session") != session or not now - PROGRESS_STALE <= written <= now + 5:
        return None
    return content


def _live_figures(content: dict[str, Any], games: int, size: int, configs: dict, recorded: set[tuple[str, int]],
                  now: float) -> tuple[int, Compiling | None, float | None, float | None]:
    """(units played in chunks without a record yet, the compile under way, units/s, games/s) of a
    progress file; any part that is not what the writer writes is left out."""
    playing = 0
    for entry in content.get("playing") or ():
        try:
            config_id, start, units = str(entry["config"]), int(entry["unit_start"]), int(entry["units"])
        except (TypeError, KeyError, ValueError):
            continue
        if config_id in configs and (config_id, start) not in recorded and 0 <= start < games and units > 0:
            playing += min(units, size, games - start)
    compiling = None
    if isinstance(found := content.get("compiling"), dict):
        try:
            compiling = Compiling(str(found["game"]), float(found["expected_seconds"]),
                                  max(0.0, now - float(found["since"])))
        except (TypeError, KeyError, ValueError):
            pass

    def rate(name: str) -> float | None:
        try:
            value = float(content.get(name))
        except (TypeError, ValueError):
            return None
        return value if math.isfinite(value) and value > 0 else None

    return playing, compiling, rate("units_per_second"), rate("games_per_second")


def recorded_units(run_dir: Path, manifest: dict[str, Any]) -> dict[str, dict[int, int]]:
    """Each config's chunks with a record on disk: config -> {the chunk's first unit: its units}.
    A record is written last, once both files of its chunk are whole, so no half-written chunk is
    counted; its name holds the chunk's first unit, and the chunk size and games per config give its
    length. Every config of the manifest is a key, with no chunk yet when none has finished."""
    games = int(manifest.get("games") or 0)
    size = int(manifest.get("chunk_size") or 0)
    out: dict[str, dict[int, int]] = {str(config_id): {} for config_id in manifest.get("configs") or {}}
    if not (games and size):
        return out
    for config_id, chunks in out.items():
        try:
            names = [entry.name for entry in (Path(run_dir) / RECORDS / f"config={config_id}").iterdir()]
        except OSError:  # no chunk of this config has finished
            continue
        for name in names:
            found = CHUNK_RECORD.match(name)
            if found and (start := int(found.group(1))) < games:
                chunks[start] = min(size, games - start)
    return out


def stored_progress(run_dir: Path, manifest: dict[str, Any], now: float | None = None) -> StoredProgress:
    """A run's progress from its manifest and its chunk records (`recorded_units`). Chunks a stop
    rule made unnecessary count as done in the manifest and have no record. While the run is
    played, its progress file (`LiveProgress`, when fresh and this session's) adds the units of the
    chunks being played, counted only for chunks whose record is not there yet, and says the compile
    and the rates."""
    games = int(manifest.get("games") or 0)
    size = int(manifest.get("chunk_size") or 0)
    configs = manifest.get("configs") or {}
    chunks = recorded_units(run_dir, manifest)
    units_done = sum(units for starts in chunks.values() for units in starts.values())
    recorded = {(config_id, start) for config_id, starts in chunks.items() for start in starts}
    now = time.time() if now is None else now
    live = read_live_progress(run_dir, manifest.get("started"), now) if games and size else None
    playing, compiling, units_rate, games_rate = (
        _live_figures(live, games, size, configs, recorded, now) if live is not None else (0, None, None, None))
    return StoredProgress(chunks_done=int(manifest.get("chunks_done") or 0),
                          chunks_total=int(manifest.get("chunks_total") or 0),
                          units_done=min(units_done + playing, games * len(configs)), units_total=games * len(configs),
                          compiling=compiling, units_per_second=units_rate, games_per_second=games_rate)
