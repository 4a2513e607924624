"""The results store: one folder per run, written so that a crash never leaves a half-truth.

```
results/<run>/
  manifest.json                                  what was run, with which code and data, and how far
  .lock                                          held (flock) by the one process writing the run, which
                                                 records itself in it (sim.run.liveness: pid, host, start)
  games/config=<id>/chunk-<unit_start:012d>.parquet   one row per game
  cards/config=<id>/chunk-<unit_start:012d>.parquet   per-(side, card) counters of that chunk
  chunks/config=<id>/chunk-<unit_start:012d>.json     rows, bytes and SHA-256 of the chunk's two files
  summaries/<name>-<key>/                         analysis tables of the finished run (sim.run.summaries):
                                                 derived, removable, recomputed whenever they are stale
```
The counters' meanings are ANALYTICS.md's card-impact definitions (the contract: GP, OH, GD, GIH =
OH + GD and GNS of the deck a game started with, draws after a re-draft apart); sim.core.records
names them and sim.analysis.card_impact reads them.
Why it is shaped like this:
- Every file is written to a temp file in its own folder and then renamed over its final name
  (os.replace is atomic on one filesystem), so readers and reruns only ever see whole files.
- A chunk is done when its record exists and both files match it (rows, bytes, SHA-256): the games
  file is written first, the cards file next and the record last, so a crash anywhere leaves a chunk
  that is simply played again, and a file damaged later (truncated, edited, half-copied) is found by
  the next rerun, which plays that chunk again, and by every reader (`damaged_chunks`), which says
  which chunk is damaged and that rerunning the run's command repairs it.
- The manifest carries a hash of what identifies the run (spec, ruleset, seed, games, configs):
  a hand-edited manifest no longer matches it and is refused, never read as truth.
- A rerun of the same experiment skips the finished chunks. Units are pure functions of
  (spec, seed, unit), so the resumed run ends byte-for-byte like an uninterrupted one.
- A folder holding a different experiment (spec, cards or parameters changed) is refused, never
  mixed into; `--overwrite` replaces it, but only after the new spec has fully validated.
- Every check that can refuse runs before anything is created or changed, so bad input leaves
  results/ exactly as it was: that includes the place itself (a --results under a file, under a
  folder that does not exist, or on a read-only disk is refused by name, not met as a traceback).
- Manifests are strict JSON (no NaN or Infinity): the specs that reach them refuse non-finite
  numbers, and the writer refuses them again rather than write a file other tools cannot read.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import polars as pl
from pydantic import BaseModel, ConfigDict, Field, ValidationError

import sim
from sim.core.atomic_files import parquet_bytes, write_bytes_atomic, write_json_atomic
from sim.core.cards import file_hash
from sim.core.errors import InputError, SaidError, as_written, field_path
from sim.core.search import SearchSettings
from sim.core.ruleset import CompiledConfig, Ruleset, get_ruleset
from sim.run.liveness import LOCK, Heartbeat, read_writer, shown_status, this_writer, writer_line
from sim.run.plan import Chunk, Plan
from sim.run.resuming import manifest_resume_command, spec_gone_note
from sim.run.spec import Experiment, spec_hash_of

MANIFEST = "manifest.json"
GAMES = "games"
CARDS = "cards"
RECORDS = "chunks"  # one small JSON per finished chunk: rows, bytes and SHA-256 of its two files
# 2: chunk records and the manifest's identity hash; 3: a side holds its ruleset's side options only
# (before, every side of every ruleset carried dicedraft's `draft` and `budget`)
MANIFEST_FORMAT = 3
IDENTITY_KEYS = ("spec", "spec_hash", "ruleset", "ruleset_version", "kind", "seed", "games", "chunk_size")
RUN_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,79}$")


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
            **({"search": (side.search or SearchSettings()).model_dump()} if side.agent == "hard" else {}),
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


def changed_card_files(old_config: dict[str, Any], new_config: dict[str, Any]) -> list[str]:
    """The card files whose content differs between a stored config and the one asked for (each
    named by its path; a file added or gone too). A manifest from before per-file hashes names the
    files of each side whose cards hash changed, as one of them."""
    old_sides, new_sides = old_config.get("card_files"), new_config.get("card_files", [])
    if old_sides:
        old = {path: digest for side in old_sides for path, digest in side.items()}
        new = {path: digest for side in new_sides for path, digest in side.items()}
        return [path for path in sorted(set(old) | set(new)) if old.get(path) != new.get(path)]
    old_parts = str(old_config.get("hashes", {}).get("cards", "")).split("+")
    new_parts = str(new_config["hashes"]["cards"]).split("+")
    out = []
    for i, files in enumerate(new_sides):
        if i >= len(old_parts) or i >= len(new_parts) or old_parts[i] != new_parts[i]:
            out.append(f"one of side {'AB'[i]}'s files {', '.join(sorted(files))}")
    return out


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
    old_spec = stored_spec(old) if "spec" in old else {}
    old_hash = old.get("spec_hash") if old_spec is old.get("spec") else spec_text_hash(old_spec)  # upgraded
    if old_hash != new["spec_hash"]:
        a, b = _flat(old_spec), _flat(new["spec"])
        changed = [f"{k}: {a.get(k, '(unset)')!r} -> {b.get(k, '(unset)')!r}"
                   for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
        detail = "; ".join(changed[:6]) + (" ..." if len(changed) > 6 else "")
        reasons.append(f"spec hash {old.get('spec_hash')} -> {new['spec_hash']}" + (f" ({detail})" if detail else ""))
    for key in ("ruleset", "ruleset_version"):
        if old.get(key) != new[key]:
            reasons.append(f"{key} {old.get(key)!r} -> {new[key]!r}")
    old_configs = old.get("configs", {})
    # an edited card folder keeps the spec (and its hash) as it was: only the cards hash tells, so say why
    cards_now = new["spec"].get("cards_dir") or "the game's shipped cards"
    changed_files: dict[str, list[str]] = {}  # a changed card file -> the configs that read it
    for config_id, config in new["configs"].items():
        before = old_configs.get(config_id, {}).get("hashes", {})
        for what in ("cards", "params"):
            if before.get(what) != config["hashes"][what]:
                why = (f" (the card files, {cards_now}, are not the ones this run was played with)"
                       if what == "cards" and config_id in old_configs else "")
                reasons.append(f"config {config_id}: {what} hash {before.get(what)} -> {config['hashes'][what]}{why}")
        if config_id in old_configs and before.get("cards") != config["hashes"]["cards"]:
            for path in changed_card_files(old_configs[config_id], config):
                changed_files.setdefault(path, []).append(config_id)
    for path, config_ids in changed_files.items():
        which = f"config {config_ids[0]}" if len(config_ids) == 1 else f"configs {', '.join(config_ids)}"
        reasons.append(f"card file changed since the run was played: {path} ({which})")
    for config_id in sorted(set(old_configs) - set(new["configs"])):
        reasons.append(f"config {config_id} is no longer in the experiment")
    return reasons


def identity_hash(manifest: dict[str, Any]) -> str:
    """SHA-256 of what identifies a run: its spec, ruleset, seed, games, chunking and each config's
    sides and hashes. The runner never changes these after the run starts; an edit by hand does."""
    configs = {config_id: {"hashes": config.get("hashes"), "sides": config.get("sides"), "sweep": config.get("sweep")}
               for config_id, config in manifest.get("configs", {}).items()}
    identity = {key: manifest.get(key) for key in IDENTITY_KEYS} | {"configs": configs}
    return hashlib.sha256(json.dumps(identity, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def spec_text_hash(spec: dict[str, Any]) -> str:
    """The spec hash as Experiment.spec_hash computes it, from the spec a manifest embeds."""
    return spec_hash_of(spec)


def stored_spec(manifest: dict[str, Any]) -> dict[str, Any]:
    """The spec a manifest embeds, as this version would write it. Before format 3 every side carried
    dicedraft's `draft` and `budget`; a ruleset whose sides take neither had them at their defaults
    ("greedy", none), which say nothing, so they are dropped."""
    spec = manifest["spec"]
    if int(manifest.get("format", 1)) >= 3 or not isinstance(spec, dict):
        return spec
    try:
        options = get_ruleset(str(spec.get("ruleset")), source="manifest").side_options.model_fields
    except InputError:
        return spec
    legacy = {"draft": "greedy", "budget": None}
    sides = [{key: value for key, value in side.items()
              if not (key in legacy and key not in options and value == legacy[key])}
             if isinstance(side, dict) else side for side in spec.get("side", [])]
    return spec | {"side": sides}


def manifest_edits(manifest: dict[str, Any]) -> list[str]:
    """What in a manifest disagrees with itself: the identity hash, the embedded spec's hash, and the
    games and seed against the spec's (empty for a manifest as the runner wrote it)."""
    problems = []
    spec = manifest.get("spec")
    if isinstance(spec, dict):
        if manifest.get("spec_hash") != spec_text_hash(spec):
            problems.append("spec_hash does not match the spec it embeds")
        for key in ("games", "seed", "ruleset"):
            if key in spec and manifest.get(key) != spec[key]:
                problems.append(f"{key} {manifest.get(key)!r} differs from its spec's {spec[key]!r}")
    if "identity" in manifest and manifest["identity"] != identity_hash(manifest):
        problems.append("its identity hash no longer matches its spec, ruleset, seed, games or configs")
    return problems


def read_manifest(run_dir: Path) -> dict[str, Any]:
    """A run's manifest; a missing, damaged or hand-edited one is an InputError naming the file."""
    path = Path(run_dir) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_constant)
    except FileNotFoundError:
        raise InputError(f"{path}: not found; {run_dir} is not a results folder of `sim run`") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a manifest; rerun with --overwrite to start the run again") from None
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError) as exc:
        raise InputError(f"{path}: damaged manifest ({exc}); rerun with --overwrite to start the run again") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if not isinstance(data, dict) or "spec_hash" not in data:
        raise InputError(f"{path}: not a manifest of `sim run` (no spec_hash)")
    try:
        StoredManifest.model_validate(data)
    except ValidationError as exc:
        lines = [f"{path}: {field_path(err['loc'])}: {err['msg']} (got {as_written(err['input'])})"
                 for err in exc.errors()]
        raise InputError("\n".join(lines) + "\nthe manifest was edited or damaged; rerun with --overwrite to start "
                         "the run again") from None
    edits = manifest_edits(data)
    if edits:
        raise InputError(f"{path}: edited by hand, so it is not read as the record of the run: "
                         + "; ".join(edits) + ". Rerun the experiment with --overwrite to play it again")
    return data


class StoredManifest(BaseModel):
    """The types of a manifest's own fields, checked as it is read back: a value is taken as
    `new_manifest` wrote it, never coerced (a seed "7" or a games count true is a damaged file).
    Fields are optional so that a manifest from an older format still reads; others are kept."""

    model_config = ConfigDict(extra="allow", strict=True, allow_inf_nan=False)

    format: int | None = Field(None, ge=1)
    run: str | None = None
    status: str | None = None
    spec: dict[str, Any] | None = None
    spec_path: str | None = None
    spec_hash: str
    ruleset: str | None = None
    ruleset_version: str | None = None
    engine_version: str | None = None
    kind: str | None = None
    seed: int | None = Field(None, ge=0)
    games: int | None = Field(None, ge=1)
    configs: dict[str, dict[str, Any]] | None = None
    chunk_size: int | None = Field(None, ge=1)
    chunks_total: int | None = Field(None, ge=0)
    chunks_done: int | None = Field(None, ge=0)
    wall_seconds: float | None = Field(None, ge=0)
    sessions: int | None = Field(None, ge=1)


def _no_constant(name: str) -> Any:
    """json.loads reads NaN and Infinity unless told not to; a manifest never holds them."""
    raise ValueError(f"{name} is not a JSON number")


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


def _file_digest(path: Path) -> dict[str, Any]:
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
        if full and _file_digest(path)["sha256"] != expected["sha256"]:
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


class RunStore:
    """Paths and file writes of one run folder. Open it with `open_run`, which holds the lock."""

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = Path(run_dir)

    @property
    def manifest_path(self) -> Path:
        return self.run_dir / MANIFEST

    def chunk_path(self, table: str, chunk: Chunk) -> Path:
        return self.run_dir / table / f"config={chunk.config_id}" / f"chunk-{chunk.unit_start:012d}.parquet"

    def record_path(self, chunk: Chunk) -> Path:
        return self.run_dir / RECORDS / f"config={chunk.config_id}" / f"chunk-{chunk.unit_start:012d}.json"

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
            record[table] = {"path": str(path.relative_to(self.run_dir)), "rows": frame.height, **_file_digest(path)}
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


def is_temp_file(path: Path) -> bool:
    """A temp file of `write_atomic` (".NAME.XXXXXXXX.tmp"), which a writer killed mid-write leaves."""
    return path.name.startswith(".") and path.name.endswith(".tmp") and path.is_file() and not path.is_symlink()


class DifferentRun(InputError):
    """A run folder holding another experiment than the one asked for (existing_manifest)."""


def existing_manifest(run_dir: Path, new: dict[str, Any], overwrite: bool) -> dict[str, Any] | None:
    """The manifest of the same run found in `run_dir` (to resume), or None to start afresh.

    Read-only: raises InputError (naming the folder and what differs) for a folder holding a
    different experiment or something that is not a run. With `overwrite` the folder's content is
    always replaced, so the answer is None."""
    run_dir = Path(run_dir)
    check_results_place(run_dir.parent)
    if not run_dir.exists():
        return None
    if not run_dir.is_dir():
        raise InputError(f"{run_dir}: exists and is not a folder; pick another --run NAME or --results DIR")
    check_writable(run_dir, "--run")
    if overwrite:  # even the same experiment starts afresh: the user may distrust the old files
        return None
    hint = ("to keep that run and play this one beside it, rerun with another --run NAME; to replace it, rerun "
            "with --overwrite")
    if not (run_dir / MANIFEST).exists():
        # a run killed while writing its first manifest left the lock and that manifest's temp file
        if all(entry.name == LOCK or is_temp_file(entry) for entry in run_dir.iterdir()):
            return None
        raise InputError(f"{run_dir}: exists but holds no {MANIFEST}, so it is not a run of this experiment; {hint}")
    old = read_manifest(run_dir)
    reasons = manifest_differences(old, new)
    if reasons:
        shown = "\n  ".join(reasons)
        if shown_status(run_dir, old) == "finished":  # nothing left to resume: replacing it loses no play to come
            raise DifferentRun(f"{run_dir}: holds a different experiment:\n  {shown}\n{hint}")
        raise DifferentRun(f"{run_dir}: holds an unfinished run of a different experiment:\n  {shown}\n"
                           + unfinished_run_hint(old, new, run_dir))
    return old


def unfinished_run_hint(old: dict[str, Any], new: dict[str, Any], run_dir: Path) -> str:
    """How to go on when a folder holds an unfinished run of another experiment: resume it with its
    own command, or play the new one elsewhere; never --overwrite, which would delete what it played."""
    command = manifest_resume_command(old, run_dir)
    if all(old.get(key) == new.get(key) for key in ("spec_path", "games", "seed")):
        # the run's own command, refused: its spec or card files were edited since it started
        return (f"its spec or card files changed since it started: put them back as they were to resume it "
                f"(its chunks are kept) with its own command, {command}\nor play this experiment under another "
                "--run NAME")
    return (f"to resume that run (its chunks are kept){spec_gone_note(old)}: {command}\n"
            "or play this experiment under another --run NAME")


@contextmanager
def run_lock(run_dir: Path) -> Iterator[None]:
    """Hold an exclusive, non-blocking flock on <run>/.lock; a second writer gets an InputError.

    flock is released by the kernel when the process dies, so a crash never leaves a stale lock. The
    holder records itself in the file and keeps a heartbeat on it (sim.run.liveness), so a reader
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
