"""The writer of a run folder: the manifest of a run about to start, and the chunks and manifests
written under the run's lock. The folder's layout, names, manifest schema and why it is shaped so
that a crash never leaves a half-truth are sim.results' (its docstring).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import polars as pl

import sim
from sim.core.cards import file_hash
from sim.core.ruleset import CompiledConfig, Ruleset
from sim.core.agents import SEARCHING
from sim.core.mcts import default_search
from sim.results.atomic_files import parquet_bytes, write_bytes_atomic, write_json_atomic
from sim.results.folder import CARDS, GAMES, MANIFEST, chunk_file, chunk_problem, file_digest, is_temp_file, record_file
from sim.results.liveness import LOCK, run_lock
from sim.results.manifest import MANIFEST_FORMAT, existing_manifest, identity_hash, read_manifest, utc_now
from sim.run.plan import Chunk, Plan
from sim.run.spec import Experiment


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


def describe_config(ruleset: Ruleset, compiled: CompiledConfig, experiment: Experiment) -> dict[str, Any]:
    """What a manifest records about one config: hashes, resolved parameters and both sides (with the
    ruleset's side options, defaults resolved); for a forced-draw config which card went where; for
    an ablation config which card its filler replaced, the filler in the ruleset's words and whether
    the config measures anything (a filler that plays exactly like the card does not)."""
    sides = []
    for i, side in enumerate(compiled.match.sides):
        sides.append({
            "label": compiled.labels[i],
            "faction": compiled.pools[i].faction,
            "agent": side.agent,
            **ruleset.side_record(compiled, i),
            "weights": dict(side.weights),
            **({"search": (side.search or default_search(side.agent, ruleset)).model_dump()} if side.agent in SEARCHING else {}),
            "cards": len(compiled.pools[i].ids),
        })
    described: dict[str, Any] = {
        "sweep": {label: value for label, value in experiment.sweep_point},
        "hashes": compiled.hashes(),
        "card_files": card_file_hashes(compiled),
        "params": compiled.params.model_dump(mode="json"),
        "rows_per_unit": compiled.rows_per_unit,
        "sides": sides,
    }
    if experiment.force is not None:  # a forced-draw config: which card, where, its pool index
        index, card_id, where = experiment.force
        described["forced"] = {"side": index + 1, "card_id": card_id, "where": "top" if where > 0 else "bottom",
                               "card_index": compiled.pools[index].index_of(card_id)}
    if experiment.ablate is not None:
        side_index, card_id = experiment.ablate
        described["ablation"] = {"side": side_index + 1, "card_id": card_id, "filler": experiment.filler,
                                 "measured": not experiment.filler_plays_alike}
    return described


def new_manifest(plan: Plan, run_name: str, executor: str, executor_reason: str = "") -> dict[str, Any]:
    """The manifest of a run about to start: everything needed to trust, compare or replay it.

    `executor` is the --executor name that played this session (threads or ray; serial before the
    rename), `executor_reason` where it played and why ("threads (2 cores): auto: no Ray address ...")."""
    experiment = plan.experiment
    spec = experiment.spec
    commit, dirty = git_commit()
    manifest = {
        "format": MANIFEST_FORMAT,
        "run": run_name,
        "status": "running",
        "spec": experiment.spec_dict(),
        "spec_path": str(experiment.path.resolve()),
        "spec_hash": experiment.spec_hash(),
        "ruleset": plan.ruleset.name,
        "ruleset_version": plan.ruleset.version,
        "engine_version": sim.__version__,
        "git_commit": commit,
        "git_dirty": dirty,
        "kind": spec.kind,
        "seed": spec.seed,
        "games": spec.games,
        "configs": {config_id: describe_config(plan.ruleset, c, plan.experiments[config_id])
                    for config_id, c in plan.configs.items()},
        "chunk_size": plan.chunk_units,
        "chunks_total": len(plan.chunks),
        "chunks_done": 0,
        "executor": executor,
        "executor_reason": executor_reason,
        "created": utc_now(),
        "started": utc_now(),
        "finished": None,
        "wall_seconds": 0.0,
        "sessions": 1,
    }
    manifest["identity"] = identity_hash(manifest)
    return manifest


def card_file_hashes(compiled: CompiledConfig) -> list[dict[str, str]]:
    """Each side's card (and deck) files -> each one's content hash. The cards hash a manifest keeps
    covers a side's files together; these let a refusal name the file that changed. Not part of the
    run's identity: a manifest written before them still resumes."""
    return [{str(path): file_hash([path]) for path in pool.files} for pool in compiled.pools]


class RunStore:
    """Paths and file writes of one run folder. Open it with `open_run`, which holds the lock."""

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = Path(run_dir)

    @property
    def manifest_path(self) -> Path:
        return self.run_dir / MANIFEST

    def chunk_path(self, table: str, chunk: Chunk) -> Path:
        return chunk_file(self.run_dir, table, chunk.config_id, chunk.unit_start)

    def record_path(self, chunk: Chunk) -> Path:
        return record_file(self.run_dir, chunk.config_id, chunk.unit_start)

    def is_done(self, chunk: Chunk) -> bool:
        """Its record exists and both files have the recorded sizes (written last, the record marks a
        whole chunk; `repair` checks the contents too)."""
        return self.record_path(chunk).exists() and chunk_problem(self.run_dir, self.record_path(chunk), full=False) is None

    def pending(self, plan: Plan) -> list[Chunk]:
        return [chunk for chunk in plan.chunks if not self.is_done(chunk)]

    def repair(self, plan: Plan) -> list[str]:
        """Remove every chunk of the plan whose files do not match their record, or that has files but
        no record, so that it is played again; returns what was wrong. Run under the lock, at resume."""
        found = []
        for chunk in plan.chunks:
            record = self.record_path(chunk)
            files = [self.chunk_path(table, chunk) for table in (GAMES, CARDS)]
            problem = chunk_problem(self.run_dir, record) if record.exists() else (
                f"{files[0].relative_to(self.run_dir)}: no record of it being written whole"
                if any(f.exists() for f in files) else None)
            if problem:
                found.append(problem)
                self.remove_chunk(chunk)
        return found

    def write_chunk(self, chunk: Chunk, games: pl.DataFrame, cards: pl.DataFrame) -> None:
        """Games first, cards next, the record of both last (the order that makes `is_done` true only
        for whole chunks)."""
        record: dict[str, Any] = {"config": chunk.config_id, "unit_start": chunk.unit_start, "units": chunk.n_units}
        for table, frame in ((GAMES, games), (CARDS, cards)):
            path = self.chunk_path(table, chunk)
            write_bytes_atomic(path, parquet_bytes(frame))
            record[table] = {"path": str(path.relative_to(self.run_dir)), "rows": frame.height, **file_digest(path)}
        write_json_atomic(self.record_path(chunk), record)

    def remove_chunk(self, chunk: Chunk) -> None:
        """Forget a finished chunk (a stopped config's chunks past its stopping point, a damaged one)."""
        self.record_path(chunk).unlink(missing_ok=True)  # the record first: `is_done` turns false at once
        self.chunk_path(CARDS, chunk).unlink(missing_ok=True)
        self.chunk_path(GAMES, chunk).unlink(missing_ok=True)

    def read_games(self, chunk: Chunk) -> pl.DataFrame:
        return pl.read_parquet(self.chunk_path(GAMES, chunk))

    def read_manifest(self) -> dict[str, Any]:
        return read_manifest(self.run_dir)

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        write_json_atomic(self.manifest_path, manifest)

    def remove_stale_temp_files(self) -> None:
        """Temp files of a process that died mid-write (a SIGKILL between a temp file and its rename,
        a disk that turned read-only before it could be removed); only the lock holder may remove them."""
        for tmp in self.run_dir.rglob(".*.tmp"):
            if is_temp_file(tmp):
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
        store.remove_stale_temp_files()  # before this session's first write: no rerun leaves one behind
        if old is None:
            store.clear()
            current = dict(manifest)
        else:
            current = dict(old)
            current.update(
                status="running", started=manifest["started"], spec_path=manifest["spec_path"],
                executor=manifest["executor"], executor_reason=manifest.get("executor_reason", ""),
                git_commit=manifest["git_commit"], git_dirty=manifest["git_dirty"],
                engine_version=manifest["engine_version"], sessions=int(old.get("sessions", 1)) + 1,
            )
            if old["spec"].get("findings") != manifest["spec"].get("findings"):
                # new thresholds grade the same games (they are not in the spec hash): keep them
                current["spec"] = {key: value for key, value in old["spec"].items() if key != "findings"}
                if manifest["spec"].get("findings") is not None:
                    current["spec"]["findings"] = manifest["spec"]["findings"]
                current["identity"] = identity_hash(current)
        store.write_manifest(current)
        yield store, current
