"""The `sim run` command that resumes a run, said wherever a person is told how to go on.

A run is identified by its spec, games, seed and chunking (sim.results.manifest.identity_hash), so the
command that resumes it must carry the run's own values: a hint that left out a `--games` the run
was started with was refused, followed as printed, as a different experiment, and that refusal
offered `--overwrite`, which deletes the run. So every hint (an interruption, a damaged chunk, an
unfinished run's status, a folder holding another experiment, the dashboard's Resume) is built
here, from the manifest or from the interrupted command's own arguments, and never holds
`--overwrite`: followed as printed it plays only the chunks that are missing.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def resume_command(spec: str | Path, *, games: int | None, seed: int | None, run: str | None,
                   results: str | Path | None, chunk_size: int | None = None, extra: Sequence[str] = ()) -> str:
    """`sim run SPEC --games G --seed S [--chunk-size C] [--run NAME] [--results DIR] [extra...]`,
    shell-quoted (a path with spaces or an accent is typed as printed). A None leaves its flag out."""
    words = ["sim", "run", str(spec)]
    for flag, value in (("--games", games), ("--seed", seed), ("--chunk-size", chunk_size), ("--run", run),
                        ("--results", results)):
        if value is not None:
            words += [flag, str(value)]
    return shlex.join([*words, *extra])


def manifest_resume_command(manifest: dict[str, Any], run_dir: Path) -> str:
    """The command that resumes the run whose folder is `run_dir`: its spec file as the manifest
    records it, its games, seed and chunk size, and the folder's own name and place (a copied run folder
    resumes where it now is)."""
    run_dir = Path(run_dir)
    return resume_command(manifest.get("spec_path") or "SPEC", games=manifest.get("games"), seed=manifest.get("seed"),
                          chunk_size=manifest.get("chunk_size"), run=run_dir.name, results=run_dir.parent)


def spec_gone_note(manifest: dict[str, Any]) -> str:
    """A note for a hint whose spec file is no longer where the manifest says ('' while it is)."""
    spec = manifest.get("spec_path")
    if spec and Path(str(spec)).is_file():
        return ""
    return f" (its spec {spec or '(unrecorded)'} is gone: put it back there first)"
