"""Analysis tables kept beside a finished run, so a dashboard that has just started (or a second
report) reads a few kilobytes instead of scanning millions of games again.

```
results/<run>/summaries/<name>-<key>/<table>.parquet
```
A kept set of tables is valid for one state of the run and one version of the code: its key hashes
the manifest, every chunk's record (its files' SHA-256 and size) and the source of the `sim` package.
A chunk rewritten by a repair, a rerun with --overwrite or an upgraded `sim` changes the key, so the
tables are computed afresh and the old set removed; nothing stale is ever shown. A copied results
folder keeps its tables: the key holds no modification time.

Only finished runs keep tables (a running run changes with every chunk). Keeping them is best
effort: a results folder the dashboard may not write to, or a full disk, costs the time of computing
them again, never an error. The set is written into a temporary folder and renamed into place, so a
reader sees all of it or none of it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import polars as pl

import sim
from sim.results.atomic_files import parquet_bytes
from sim.results.folder import CARDS, GAMES, MANIFEST, RECORDS

SUMMARIES = "summaries"


@functools.lru_cache(maxsize=1)
def code_digest() -> str:
    """SHA-256 of every Python source of the installed `sim` package: tables computed by other code
    are not this code's tables."""
    digest = hashlib.sha256()
    root = Path(sim.__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def run_state_key(run_dir: Path) -> str:
    """What the kept tables of `run_dir` depend on: its manifest, its chunks' checksums and the code.
    Each chunk's record (written last, sim.run.store) holds its files' SHA-256 and size, so a chunk
    played again or repaired changes the key, and a copy of the folder (new modification times)
    keeps it; a file that no longer matches its record is refused before kept tables are shown
    (check_whole)."""
    digest = hashlib.sha256(code_digest().encode())
    digest.update((run_dir / MANIFEST).read_bytes())
    records = sorted((run_dir / RECORDS).glob("config=*/*.json"))
    for record in records:
        digest.update(f"{record.parent.name}/{record.name}\n".encode())
        digest.update(record.read_bytes())
    if not records:  # a run written before chunk records (manifest format 1): its files as they lie
        for table in (GAMES, CARDS):
            for path in sorted((run_dir / table).glob("config=*/*.parquet")):
                stat = path.stat()
                digest.update(f"{table}/{path.parent.name}/{path.name}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:24]


def is_finished(run_dir: Path) -> bool:
    try:
        return json.loads((run_dir / MANIFEST).read_text(encoding="utf-8")).get("status") == "finished"
    except (OSError, ValueError):
        return False


def read_kept(folder: Path) -> dict[str, pl.DataFrame] | None:
    """The tables kept in `folder`, by name (their order in the folder's index), or None."""
    try:
        names = json.loads((folder / "tables.json").read_text(encoding="utf-8"))
        return {name: pl.read_parquet(folder / f"{index}.parquet") for index, name in enumerate(names)}
    except (OSError, ValueError, pl.exceptions.PolarsError):
        return None


def keep(summaries: Path, folder: Path, tables: dict[str, pl.DataFrame]) -> None:
    """Write `tables` as the set `folder` (under `summaries`), whole or not at all; remove the
    run's older sets of the same name."""
    prefix = folder.name.rsplit("-", 1)[0] + "-"
    try:
        summaries.mkdir(exist_ok=True)
        writing = Path(tempfile.mkdtemp(dir=summaries, prefix=".writing-"))
        try:
            # tables by position, not by name: a table name is not always a safe file name
            for index, frame in enumerate(tables.values()):
                (writing / f"{index}.parquet").write_bytes(parquet_bytes(frame))  # disk faults are OSErrors
            (writing / "tables.json").write_text(json.dumps(list(tables)), encoding="utf-8")
            os.replace(writing, folder)
        except OSError:
            shutil.rmtree(writing, ignore_errors=True)
            return
        for old in summaries.iterdir():
            if old.name.startswith(prefix) and old.name != folder.name:
                shutil.rmtree(old, ignore_errors=True)
    except OSError:  # a read-only results folder, a full disk: the tables are simply computed next time
        return


def kept_tables(run_dir: Path, name: str,
                compute: Callable[[], dict[str, pl.DataFrame]]) -> dict[str, pl.DataFrame]:
    """The tables `compute` gives for `run_dir`, read from the run's kept set `name` when it holds
    them for the run's current state, else computed (and kept, when the run is finished)."""
    run_dir = Path(run_dir)
    if not is_finished(run_dir):
        return compute()
    folder = run_dir / SUMMARIES / f"{name}-{run_state_key(run_dir)}"
    kept = read_kept(folder)
    if kept is not None:
        return kept
    tables = compute()
    if is_finished(run_dir):
        keep(run_dir / SUMMARIES, folder, tables)
    return tables

