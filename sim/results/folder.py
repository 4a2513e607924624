"""A run folder's names and places, and the checksums that tell a whole chunk from a damaged one
(the layout is sim.results' docstring).

A chunk is done when its record exists and both files match it (rows, bytes, SHA-256); the writer
(sim.run.store) writes the games file first, the cards file next and the record last.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from sim.core.errors import InputError, SaidError
from sim.results.resuming import manifest_resume_command, spec_gone_note

MANIFEST = "manifest.json"
GAMES = "games"
CARDS = "cards"
RECORDS = "chunks"  # one small JSON per finished chunk: rows, bytes and SHA-256 of its two files
RUN_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,79}$")


def chunk_file(run_dir: Path, table: str, config_id: str, unit_start: int) -> Path:
    """<run>/<table>/config=<id>/chunk-<unit_start:012d>.parquet"""
    return Path(run_dir) / table / f"config={config_id}" / f"chunk-{unit_start:012d}.parquet"


def record_file(run_dir: Path, config_id: str, unit_start: int) -> Path:
    """<run>/chunks/config=<id>/chunk-<unit_start:012d>.json: the chunk's record."""
    return Path(run_dir) / RECORDS / f"config={config_id}" / f"chunk-{unit_start:012d}.json"


def check_run_name(name: str, source: str = "--run") -> str:
    """A run name becomes a folder name: letters, digits, `_`, `.`, `-`, not starting with a dot."""
    if not RUN_NAME.match(name):
        raise InputError(f"{source}: {name!r} is not a usable run name; use letters, digits, '_', '.', '-' "
                         "(at most 80, not starting with '.' or '-')")
    return name


def check_results_place(results: Path, flag: str = "--results", make_parents: bool = False) -> None:
    """Refuse, touching nothing, a results folder that could not be written: a file, under a file,
    under a folder that does not exist, or read-only.

    Only the results folder itself is created when missing; a missing parent is more likely a
    typo than a wish, so it is named rather than made; with `make_parents` (the new folders of
    `sim balance --to` and `sim deck-search --out`) the missing folders are made, and the nearest
    one that exists must be writable."""
    results = Path(results)
    file_above = next((p for p in (results, *results.parents) if p.exists() and not p.is_dir()), None)
    if file_above == results:
        raise SaidError("place_is_file", flag=flag, place=results)
    if file_above is not None:
        raise SaidError("place_under_file", flag=flag, place=results, file=file_above)
    if not results.exists() and not results.parent.exists():
        missing = next(p for p in results.parents if not p.exists() and p.parent.exists())
        if not make_parents:
            raise SaidError("place_missing_parent", flag=flag, place=results, missing=missing)
        check_writable(missing.parent, flag)
        return
    check_writable(results if results.exists() else results.parent, flag)


def check_writable(folder: Path, flag: str) -> None:
    """A folder files can be created in; os.access sees a read-only disk even for root."""
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SaidError("place_read_only" if _read_only_disk(folder) else "place_not_writable", flag=flag, place=folder)


def _read_only_disk(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def is_temp_file(path: Path) -> bool:
    """A temp file of `write_atomic` (".NAME.XXXXXXXX.tmp"), which a writer killed mid-write leaves."""
    return path.name.startswith(".") and path.name.endswith(".tmp") and path.is_file() and not path.is_symlink()


def file_digest(path: Path) -> dict[str, Any]:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return {"bytes": path.stat().st_size, "sha256": digest.hexdigest()}


def chunk_problem(run_dir: Path, record_path: Path, full: bool = True) -> str | None:
    """Why the chunk a record describes is damaged (None when both files match the record): a
    missing file, another size or (with `full`) another SHA-256. Paths are said relative to the run."""
    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
        files = {table: run_dir / record[table]["path"] for table in (GAMES, CARDS)}
    except (OSError, ValueError, KeyError, TypeError):
        return f"{record_path.relative_to(run_dir)}: unreadable chunk record"
    for table, path in files.items():
        name = path.relative_to(run_dir)
        if not path.is_file():
            return f"{name}: missing"
        expected = record[table]
        size = path.stat().st_size
        if size != expected["bytes"]:
            return f"{name}: {size:,} bytes, {expected['bytes']:,} when written"
        if full and file_digest(path)["sha256"] != expected["sha256"]:
            return f"{name}: its content changed since it was written (SHA-256 differs)"
    return None


def damaged_chunks(run_dir: Path) -> list[str]:
    """Every damaged chunk of a run folder, as readable lines (empty when all are whole): a chunk
    whose files no longer match its record, and a chunk file with no record in a finished run (in a
    running one, the chunk being written; a run written before chunk records, manifest format 1, has
    none to check, and its next resume plays its chunks again)."""
    run_dir = Path(run_dir)
    problems = []
    recorded: set[Path] = set()
    for record_path in sorted((run_dir / RECORDS).glob("config=*/*.json")):
        recorded |= {run_dir / table / record_path.parent.name / f"{record_path.stem}.parquet" for table in (GAMES, CARDS)}
        problem = chunk_problem(run_dir, record_path)
        if problem:
            problems.append(problem)
    try:
        manifest = json.loads((run_dir / MANIFEST).read_text(encoding="utf-8"))
        finished = manifest.get("status") == "finished"
        recorded_format = int(manifest.get("format", 1)) >= 2  # runs from before chunk records have none
    except (OSError, ValueError, AttributeError, TypeError):
        finished = recorded_format = False
    if finished and recorded_format:
        for table in (GAMES, CARDS):
            for path in sorted((run_dir / table).glob("config=*/*.parquet")):
                if path not in recorded:
                    problems.append(f"{path.relative_to(run_dir)}: no record of it being written whole")
    return problems


def check_whole(run_dir: Path) -> None:
    """Refuse to read a run with damaged chunks, naming them and the command that repairs them."""
    problems = damaged_chunks(run_dir)
    if problems:
        try:
            manifest = json.loads((Path(run_dir) / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            manifest = {}
        manifest = manifest if isinstance(manifest, dict) else {}
        shown = "\n  ".join(problems[:10]) + (f"\n  ... and {len(problems) - 10} more" if len(problems) > 10 else "")
        raise InputError(f"{run_dir}: damaged chunks:\n  {shown}\nthe run's own command plays them again and "
                         f"repairs the run{spec_gone_note(manifest)}: {manifest_resume_command(manifest, run_dir)}")
