"""Files written whole or not at all: through a temp file (or a staging folder) in the same folder,
fsynced and renamed into place (os.replace is atomic on one filesystem), so readers and reruns only
ever see the old file, no file, or the whole new one.

A write that fails on a fault of the filesystem (a full disk, a quota, a disk gone read-only)
leaves no temp file and raises an OSError naming the file being written, never its temp, with the
errno: the libraries that write tables do not all say it that way (Polars raises its own
ComputeError, or an OSError without an errno, and writes the OS error into its message; on a full
disk its Parquet writer can even report "Invalid thrift: transport error"), so tables are made in
memory (`parquet_bytes`) and written by Python, and `write_fault` reads the libraries' messages for
writers that still hand them the file. Every layer above the games writes through here (a run's
chunks and manifest, the report, a balance search, a deck search's deck files, the dashboard's uploads).
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl


def _file_mode() -> int:
    """The mode a plainly created file gets (0o666 minus the umask); mkstemp would give 0o600."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


FILE_MODE = _file_mode()
FOLDER_MODE = FILE_MODE | ((FILE_MODE & 0o444) >> 2)  # a folder's x bit wherever it may be read


# where a library names the OS error behind a failed write: Polars "... (os error 28)", Arrow "[errno 28]"
OS_ERROR_IN_MESSAGE = re.compile(r"\(os error (\d+)\)|\[errno (\d+)\]", re.IGNORECASE)


def write_fault(exc: BaseException, path: Path) -> OSError | None:
    """The filesystem fault behind a failed write of `path` (a full disk, a quota, a disk gone
    read-only), as an OSError naming `path` itself, never its temp file; None when `exc` is not one
    (a bug, which propagates as it is). Polars raises its own ComputeError, or an OSError without
    an errno, and says the OS error in its message; PyArrow raises OSError with the errno."""
    arrow = sys.modules.get("pyarrow")  # not imported here: an Arrow error only comes from a loaded Arrow
    libraries = (pl.exceptions.PolarsError, *((arrow.ArrowException,) if arrow is not None else ()))
    if not isinstance(exc, (OSError, *libraries)):
        return None
    code = exc.errno if isinstance(exc, OSError) else None
    if code is None:
        found = OS_ERROR_IN_MESSAGE.search(str(exc))
        code = int(found[1] or found[2]) if found else None
    if code is None:
        return None
    return OSError(code, os.strerror(code), str(path))


def write_atomic(path: Path, write: Callable[[Path], None], suffix: str = ".tmp") -> None:
    """Write `path` through a temp file in the same folder, fsync it, then rename it into place.

    Readers and reruns therefore see either the old file, or no file, or the whole new file; a
    write that fails (a full disk) leaves no temp file behind and raises an OSError naming `path`
    (`write_fault`), whichever library met the fault. `suffix` ends the temp file's name, for
    writers that go by it (Chromium's screenshot)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=suffix, dir=path.parent)
        os.close(fd)
    except OSError as exc:
        raise (write_fault(exc, path) or exc) from exc
    tmp = Path(tmp_name)
    try:
        write(tmp)
        os.chmod(tmp, FILE_MODE)
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:  # the folder went read-only meanwhile: the next writer of the run removes it (RunStore)
            pass
        fault = write_fault(exc, path)
        if fault is not None:
            raise fault from exc
        raise


def write_folder_atomic(folder: Path, fill: Callable[[Path], None]) -> None:
    """Make `folder` whole or not at all: `fill` writes into a staging folder beside it, which is then
    renamed into place (over `folder` itself when that is an empty folder). A failure leaves no
    staging folder and raises, like `write_atomic`, an OSError naming `folder` for a fault of the
    filesystem (shutil.copytree's Error included: it lists its faults in its message)."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".tmp", dir=folder.parent))
    except OSError as exc:
        raise (write_fault(exc, folder) or exc) from exc
    try:
        fill(staging)
        os.chmod(staging, FOLDER_MODE)  # mkdtemp's 0o700 would hide the copy from everyone else
        os.replace(staging, folder)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        fault = write_fault(exc, folder)
        if fault is not None:
            raise fault from exc
        raise


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """`write_atomic` of bytes already made in memory: the only write to disk is then Python's own,
    whose faults always carry their errno (Polars' parquet writer can hide it: "Invalid thrift:
    transport error" on a full disk)."""
    write_atomic(path, lambda tmp: tmp.write_bytes(data))


def parquet_bytes(frame: pl.DataFrame) -> bytes:
    """`frame` as a Parquet file, made in memory (the same bytes `write_parquet` writes to a file)."""
    buffer = io.BytesIO()
    frame.write_parquet(buffer)
    return buffer.getvalue()


def write_json_atomic(path: Path, data: dict[str, Any]) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    write_bytes_atomic(path, text.encode("utf-8"))
