"""A run's manifest: its schema, the hash of what identifies the run, reading it back (strict,
refusing a hand-edited or damaged one) and telling the run asked for from another experiment in
its folder (why: sim.results' docstring).
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from sim.core.errors import InputError, as_written, field_path
from sim.core.ruleset import get_ruleset
from sim.results.folder import MANIFEST, check_results_place, check_writable, is_temp_file
from sim.results.liveness import LOCK, shown_status
from sim.results.resuming import manifest_resume_command, spec_gone_note

# 2: chunk records and the manifest's identity hash; 3: a side holds its ruleset's side options only
# (before, every side of every ruleset carried dicedraft's `draft` and `budget`)
MANIFEST_FORMAT = 3
IDENTITY_KEYS = ("spec", "spec_hash", "ruleset", "ruleset_version", "kind", "seed", "games", "chunk_size")


def utc_now() -> str:
    """UTC timestamp in ISO 8601, the manifest's one time format."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def spec_hash_of(spec: dict[str, Any]) -> str:
    """What tells one experiment from another: the spec but its [findings] thresholds, which grade
    the results without changing a game (a designer tunes them and reruns without replaying)."""
    played = {key: value for key, value in spec.items() if key != "findings"}
    return hashlib.sha256(json.dumps(played, sort_keys=True).encode()).hexdigest()[:16]


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
    old_hash = old.get("spec_hash") if old_spec is old.get("spec") else spec_hash_of(old_spec)  # upgraded
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
        if manifest.get("spec_hash") != spec_hash_of(spec):
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
