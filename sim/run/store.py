"""The results store: one folder per run, written so that a crash never leaves a half-truth.

```
results/<run>/
  manifest.json                                  what was run, with which code and data, and how far
  .lock                                          held (flock) by the one process writing the run
  games/config=<id>/chunk-<unit_start:012d>.parquet   one row per game
  cards/config=<id>/chunk-<unit_start:012d>.parquet   per-(side, card) counters of that chunk
```
Why it is shaped like this:
- Every file is written to a temp file in its own folder and then renamed over its final name
  (os.replace is atomic on one filesystem), so readers and reruns only ever see whole files.
- A chunk is done when both of its files exist; the games file is written first and the cards
  file last, so a crash between the two leaves a chunk that is simply played again.
- A rerun of the same experiment skips the finished chunks. Units are pure functions of
  (spec, seed, unit), so the resumed run ends byte-for-byte like an uninterrupted one.
- A folder holding a different experiment (spec, cards or parameters changed) is refused, never
  mixed into; `--overwrite` replaces it, but only after the new spec has fully validated.
- Every check that can refuse runs before anything is created or changed, so bad input leaves
  results/ exactly as it was.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import polars as pl

import sim
from sim.core.errors import InputError
from sim.run.plan import Chunk, Plan

MANIFEST = "manifest.json"
LOCK = ".lock"
GAMES = "games"
CARDS = "cards"
MANIFEST_FORMAT = 1
RUN_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,79}$")


def _file_mode() -> int:
    """The mode a plainly created file gets (0o666 minus the umask); mkstemp would give 0o600."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


FILE_MODE = _file_mode()


def utc_now() -> str:
    """UTC timestamp in ISO 8601, the manifest's one time format."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def check_run_name(name: str, source: str = "--run") -> str:
    """A run name becomes a folder name: letters, digits, `_`, `.`, `-`, not starting with a dot."""
    if not RUN_NAME.match(name):
        raise InputError(f"{source}: {name!r} is not a usable run name; use letters, digits, '_', '.', '-' "
                         "(at most 80, not starting with '.' or '-')")
    return name


def git_commit() -> tuple[str | None, bool | None]:
    """(commit, dirty) of the checkout `sim` is imported from, or (None, None) outside git."""
    repo = Path(sim.__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True,
                              timeout=10, check=True).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=repo,
                                capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None, None
    return head or None, bool(status.strip())


def describe_config(compiled: Any) -> dict[str, Any]:
    """What a manifest records about one config: hashes, resolved parameters and both sides; for a
    forced-draw config which card went where; for an ablation config which card its filler
    replaced, the filler in the ruleset's words and whether the config measures anything (a filler
    that plays exactly like the card does not)."""
    spec = compiled.experiment.spec
    default_budget = getattr(compiled.params, "budget", None)
    sides = []
    for i, side in enumerate(spec.sides):
        sides.append({
            "label": compiled.labels[i],
            "faction": compiled.pools[i].faction,
            "draft": side.draft,
            "agent": side.agent,
            "budget": side.budget if side.budget is not None else default_budget,
            "weights": dict(side.weights),
            "cards": len(compiled.pools[i].ids),
        })
    described: dict[str, Any] = {
        "sweep": {label: value for label, value in compiled.experiment.sweep_point},
        "hashes": compiled.hashes(),
        "params": compiled.params.model_dump(mode="json"),
        "rows_per_unit": compiled.rows_per_unit,
        "sides": sides,
    }
    if compiled.experiment.force is not None:  # a forced-draw config: which card, where, its pool index
        index, card_id, where = compiled.experiment.force
        described["forced"] = {"side": index + 1, "card_id": card_id, "where": "top" if where > 0 else "bottom",
                               "card_index": compiled.pools[index].index_of(card_id)}
    if compiled.experiment.ablate is not None:
        side_index, card_id = compiled.experiment.ablate
        described["ablation"] = {"side": side_index + 1, "card_id": card_id, "filler": compiled.experiment.filler,
                                 "measured": not compiled.experiment.filler_plays_alike}
    return described


def new_manifest(plan: Plan, run_name: str, executor: str) -> dict[str, Any]:
    """The manifest of a run about to start: everything needed to trust, compare or replay it."""
    experiment = plan.experiment
    spec = experiment.spec
    commit, dirty = git_commit()
    return {
        "format": MANIFEST_FORMAT,
        "run": run_name,
        "status": "running",
        "spec": experiment.spec_dict(),
        "spec_path": str(experiment.path.resolve()),
        "spec_hash": experiment.spec_hash(),
        "ruleset": plan.ruleset.NAME,
        "ruleset_version": plan.ruleset.VERSION,
        "engine_version": sim.__version__,
        "git_commit": commit,
        "git_dirty": dirty,
        "kind": spec.kind,
        "seed": spec.seed,
        "games": spec.games,
        "configs": {config_id: describe_config(c) for config_id, c in plan.configs.items()},
        "chunk_size": plan.chunk_units,
        "chunks_total": len(plan.chunks),
        "chunks_done": 0,
        "executor": executor,
        "created": utc_now(),
        "started": utc_now(),
        "finished": None,
        "wall_seconds": 0.0,
        "sessions": 1,
    }


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    """{'a.b': 1} from {'a': {'b': 1}}: lets a refusal name the spec fields that changed."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(_flat(item, f"{prefix}{key}."))
        return out
    if isinstance(value, list):
        out = {}
        for i, item in enumerate(value):
            out.update(_flat(item, f"{prefix}{i}."))
        return out or {prefix.rstrip("."): []}
    return {prefix.rstrip("."): value}


def manifest_differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Why the run in a folder is not the run asked for, one reason per line (empty: same run)."""
    reasons: list[str] = []
    if old.get("spec_hash") != new["spec_hash"]:
        a, b = _flat(old.get("spec", {})), _flat(new["spec"])
        changed = [f"{k}: {a.get(k, '(unset)')!r} -> {b.get(k, '(unset)')!r}"
                   for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
        detail = "; ".join(changed[:6]) + (" ..." if len(changed) > 6 else "")
        reasons.append(f"spec hash {old.get('spec_hash')} -> {new['spec_hash']}" + (f" ({detail})" if detail else ""))
    for key in ("ruleset", "ruleset_version"):
        if old.get(key) != new[key]:
            reasons.append(f"{key} {old.get(key)!r} -> {new[key]!r}")
    old_configs = old.get("configs", {})
    for config_id, config in new["configs"].items():
        before = old_configs.get(config_id, {}).get("hashes", {})
        for what in ("cards", "params"):
            if before.get(what) != config["hashes"][what]:
                reasons.append(f"config {config_id}: {what} hash {before.get(what)} -> {config['hashes'][what]}")
    for config_id in sorted(set(old_configs) - set(new["configs"])):
        reasons.append(f"config {config_id} is no longer in the experiment")
    return reasons


def write_atomic(path: Path, write: Callable[[Path], None]) -> None:
    """Write `path` through a temp file in the same folder, fsync it, then rename it into place.

    Readers and reruns therefore see either the old file, or no file, or the whole new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        os.chmod(tmp, FILE_MODE)
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_json_atomic(path: Path, data: dict[str, Any]) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    write_atomic(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def read_manifest(run_dir: Path) -> dict[str, Any]:
    """A run's manifest; a missing or damaged one is an InputError naming the file."""
    path = Path(run_dir) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{path}: not found; {run_dir} is not a results folder of `sim run`") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: damaged manifest ({exc}); rerun with --overwrite to start the run again") from None
    if not isinstance(data, dict) or "spec_hash" not in data:
        raise InputError(f"{path}: not a manifest of `sim run` (no spec_hash)")
    return data


class RunStore:
    """Paths and file writes of one run folder. Open it with `open_run`, which holds the lock."""

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = Path(run_dir)

    @property
    def manifest_path(self) -> Path:
        return self.run_dir / MANIFEST

    def chunk_path(self, table: str, chunk: Chunk) -> Path:
        return self.run_dir / table / f"config={chunk.config_id}" / f"chunk-{chunk.unit_start:012d}.parquet"

    def is_done(self, chunk: Chunk) -> bool:
        """Both files exist: the cards file is written last, so it alone marks a finished chunk."""
        return self.chunk_path(GAMES, chunk).exists() and self.chunk_path(CARDS, chunk).exists()

    def pending(self, plan: Plan) -> list[Chunk]:
        return [chunk for chunk in plan.chunks if not self.is_done(chunk)]

    def write_chunk(self, chunk: Chunk, games: pl.DataFrame, cards: pl.DataFrame) -> None:
        """Games first, cards last (the order that makes `is_done` true only for whole chunks)."""
        write_atomic(self.chunk_path(GAMES, chunk), games.write_parquet)
        write_atomic(self.chunk_path(CARDS, chunk), cards.write_parquet)

    def remove_chunk(self, chunk: Chunk) -> None:
        """Forget a finished chunk (a stopped config's chunks past its stopping point)."""
        self.chunk_path(CARDS, chunk).unlink(missing_ok=True)  # cards first: `is_done` turns false at once
        self.chunk_path(GAMES, chunk).unlink(missing_ok=True)

    def read_games(self, chunk: Chunk) -> pl.DataFrame:
        return pl.read_parquet(self.chunk_path(GAMES, chunk))

    def read_manifest(self) -> dict[str, Any]:
        return read_manifest(self.run_dir)

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        write_json_atomic(self.manifest_path, manifest)

    def remove_stale_temp_files(self) -> None:
        """Temp files of a process that died mid-write; only the lock holder may remove them."""
        for tmp in self.run_dir.rglob(".*.tmp"):
            tmp.unlink(missing_ok=True)

    def clear(self) -> None:
        """Delete everything but the lock file (which the caller holds), for --overwrite."""
        for entry in self.run_dir.iterdir():
            if entry.name == LOCK:
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()


def existing_manifest(run_dir: Path, new: dict[str, Any], overwrite: bool) -> dict[str, Any] | None:
    """The manifest of the same run found in `run_dir` (to resume), or None to start afresh.

    Read-only: raises InputError (naming the folder and what differs) for a folder holding a
    different experiment or something that is not a run. With `overwrite` the folder's content is
    always replaced, so the answer is None."""
    run_dir = Path(run_dir)
    if not run_dir.exists():
        return None
    if not run_dir.is_dir():
        raise InputError(f"{run_dir}: exists and is not a folder; pick another --run NAME or --results DIR")
    if overwrite:  # even the same experiment starts afresh: the user may distrust the old files
        return None
    hint = "rerun with another --run NAME, or with --overwrite to replace it"
    if not (run_dir / MANIFEST).exists():
        if all(entry.name == LOCK for entry in run_dir.iterdir()):
            return None
        raise InputError(f"{run_dir}: exists but holds no {MANIFEST}, so it is not a run of this experiment; {hint}")
    old = read_manifest(run_dir)
    reasons = manifest_differences(old, new)
    if reasons:
        raise InputError(f"{run_dir}: holds a different experiment:\n  " + "\n  ".join(reasons) + f"\n{hint}")
    return old


@contextmanager
def run_lock(run_dir: Path) -> Iterator[None]:
    """Hold an exclusive, non-blocking flock on <run>/.lock; a second writer gets an InputError.

    flock is released by the kernel when the process dies, so a crash never leaves a stale lock."""
    run_dir.mkdir(parents=True, exist_ok=True)
    path = run_dir / LOCK
    handle = open(path, "a+", encoding="utf-8")
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise InputError(f"{run_dir}: in use by another run ({holder}, lock {path}); wait for it to finish "
                             "or pick another --run NAME") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}\n")
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    finally:
        handle.close()


@contextmanager
def open_run(run_dir: Path, manifest: dict[str, Any], overwrite: bool = False) -> Iterator[tuple[RunStore, dict[str, Any]]]:
    """Lock the run folder and yield (store, manifest) ready for chunks to be written.

    Call `existing_manifest` first (it refuses without touching anything); this checks again under
    the lock, in case another process changed the folder meanwhile. With the same run already in
    the folder the old manifest is carried on (created time, sessions, wall time) for a resume;
    otherwise the folder is cleared (only with `overwrite`) and a fresh manifest is written."""
    run_dir = Path(run_dir)
    store = RunStore(run_dir)
    with run_lock(run_dir):
        old = existing_manifest(run_dir, manifest, overwrite)
        if old is None:
            store.clear()
            current = dict(manifest)
        else:
            store.remove_stale_temp_files()
            current = dict(old)
            current.update(
                status="running", started=manifest["started"], spec_path=manifest["spec_path"],
                executor=manifest["executor"],
                git_commit=manifest["git_commit"], git_dirty=manifest["git_dirty"],
                engine_version=manifest["engine_version"], sessions=int(old.get("sessions", 1)) + 1,
            )
        store.write_manifest(current)
        yield store, current
