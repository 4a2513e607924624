"""What the pages read: run folders and their tables, all from sim.analysis, cached per manifest
version so a running sweep's pages refresh as chunks land and a finished run is read once; a
finished run's tables are also kept in its folder (sim.results.summaries), so the first page after
`sim dash` starts reads them instead of the games.

Every value from a page, an address or a request that names a file or folder (a run, a balance
search, a shipped spec) goes through `entry_of`: it must be a plain name, be an entry of the
results folder (or of experiments/) after symbolic links are followed, and hold no link leading
outside it (`link_leaving`); anything else is refused (`RefusedName`) with a message that carries
no path, so an answer never tells what lies outside the results folder, nor whether it exists.
Such a run is listed as unreadable, with the reason, and nothing of it is read."""

from __future__ import annotations

import functools
import json
import os
import re
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import polars as pl
from flask import current_app, g

from sim.analysis.card_impact import kept_card_impact
from sim.analysis.ratings import ratings_games, ratings_table, run_seats
from sim.analysis.sprt import sprt_by_config, sprt_trajectories
from sim.core.errors import InputError, SaidError, fault_words
from sim.results.atomic_files import write_bytes_atomic
from sim.analysis.levels import level_groups
from sim.report import figures
from sim.report.export import card_levels_table, faction_display_names, kept_run_tables
from sim.report.findings_text import RunFindings, read_run_findings
from sim.report.formatting import config_in_words
from sim.report.language import t
from sim.results.liveness import run_state
from sim.results.folder import CARDS, MANIFEST, check_whole, damaged_chunks
from sim.results.scans import scan_games
from sim.results.summaries import kept_tables

EXPERIMENTS_DIR = Path(__file__).resolve().parents[1] / "experiments"
LAUNCHES = "_launches"  # the dashboard's own folder in the results folder: launch logs, cancel marks


def results_root() -> Path:
    """The results folder this app serves (set by `create_app`)."""
    return Path(current_app.config["SIM_RESULTS"])


class PageMessage(SaidError):
    """A refusal the dashboard words itself: a catalog text, in either language (`str` is English)."""


class RefusedName(PageMessage):
    """A name from a page, an address or a request that does not name an entry of the results
    folder (or of the shipped experiments): said without any path."""


def said(error: InputError, lang: str | None) -> str:
    """An InputError as the page says it: in `lang` when it has its catalog text (a SaidError,
    RefusedName, launches.OverCap), else `sim run`'s own English message."""
    speak = getattr(error, "said", None)
    return speak(lang) if callable(speak) else str(error)


# what a page may send as the name of an entry: a run's folder name (sim.results.folder.RUN_NAME) or a
# spec's name (a balance search's folder is NAME.balance); never a path, never . or ..
PLAIN_NAME = re.compile(r"[A-Za-z0-9_.-]{1,80}")


def said_name(name: object, lang: str | None) -> str:
    """`name` as a message may repeat it: itself when it is a plain name, else words saying it is
    none (it may be a path, which an answer never carries)."""
    return name if isinstance(name, str) and PLAIN_NAME.fullmatch(name) else t("not_a_name", lang)


def link_leaving(folder: Path, root: Path) -> str | None:
    """The first entry of `folder` (a run's or a search's folder, under the resolved results folder
    `root`), the folder itself included, that is a symbolic link resolving outside `root` (directly
    or through links inside it), said relative to `root` ("rr/games/config=base/chunk-....parquet");
    None when every entry stays inside. Where it leads is not said: a page would show it."""
    where = lambda path: os.path.relpath(path, root)  # noqa: E731  (the run's own words: rr/manifest.json)
    target = folder.resolve()
    if not target.is_relative_to(root):
        return where(folder)
    seen = {target}
    pending = [folder]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_symlink():
                    target = Path(entry.path).resolve()
                    if not target.is_relative_to(root):
                        return where(entry.path)
                    if target.is_dir() and target not in seen:  # a link to a folder inside: read what it holds
                        seen.add(target)
                        pending.append(Path(entry.path))
                elif entry.is_dir(follow_symlinks=False):
                    pending.append(Path(entry.path))
    return None


def entry_of(name: object, root: Path, refused: str, missing: str, field: str, suffix: str = "") -> Path:
    """The folder `name` + `suffix` names in `root` (resolved), after symbolic links: refused
    (RefusedName `refused`) unless `name` is a plain name, `missing` when there is no such entry,
    and "link_outside" when it, or a link in it, leads outside `root`. Checked in this order, so
    a climbing or absolute name is refused before anything is looked up."""
    if not isinstance(name, str) or not PLAIN_NAME.fullmatch(name) or name in (".", ".."):
        raise RefusedName(refused)
    folder = root / f"{name}{suffix}"
    if not os.path.lexists(folder):
        raise RefusedName(missing, **{field: name})
    leaving = link_leaving(folder, root) if folder.is_dir() else None
    if leaving is not None or not folder.resolve().is_relative_to(root):
        raise RefusedName("link_outside", entry=leaving or name)
    return folder


def run_folder(run: object) -> Path:
    """A run's folder, refusing any name that would leave the results folder and any run with a
    link leading out of it (checked once per request), in words that carry no path."""
    root = results_root().resolve()
    checked = g.setdefault("sim_confined_runs", {})
    key = run if isinstance(run, str) else repr(run)
    if key not in checked:
        try:
            folder = entry_of(run, root, "run_name_refused", "run_missing", "run")
            if not (folder / MANIFEST).is_file():
                raise RefusedName("run_missing", run=str(run))
            checked[key] = folder
        except RefusedName as refusal:
            checked[key] = refusal
    if isinstance(checked[key], RefusedName):
        raise checked[key]
    return checked[key].resolve()


def confined(path: Path) -> Path:
    """`path` under the results folder, refused (RefusedName, no path said) when it or a link on
    its way leads outside; for the files the dashboard writes (uploads, launch logs)."""
    root = results_root().resolve()
    if not path.resolve().is_relative_to(root):
        raise RefusedName("write_outside", entry=os.path.relpath(path, results_root()))
    return path


def shipped_spec(name: object) -> Path:
    """The shipped experiment `name` names (a file of experiments/ as `shipped_experiments` lists
    it, staying there after links), else RefusedName."""
    if not isinstance(name, str) or name not in shipped_experiments():
        raise RefusedName("shipped_missing")
    path = EXPERIMENTS_DIR / name
    if not path.resolve().is_relative_to(EXPERIMENTS_DIR.resolve()):
        raise RefusedName("shipped_missing")
    return path


def write_whole(path: Path, data: bytes) -> None:
    """Write a file of the dashboard's (an upload, a cancel mark) under the results folder, whole or
    not at all (sim.results.atomic_files); a link out of it, or a fault of the disk, is a PageMessage
    naming the file relative to the results folder."""
    confined(path)
    try:
        write_bytes_atomic(path, data)
    except OSError as exc:
        raise PageMessage("write_failed", entry=os.path.relpath(path, results_root()), reason=fault_words(exc)) from None


def cancel_mark(run: str) -> Path:
    """The file the dashboard's Cancel leaves for a run, so the run reads "cancelled" afterwards."""
    return results_root() / LAUNCHES / f"{run}.cancelled"


def run_status(folder: Path, manifest: dict[str, Any]) -> str:
    """A run's status as a reader can trust it (sim.results.liveness.run_state: a manifest that says
    "running" with no live writer is "interrupted"), and "cancelled" for an interrupted run that
    this dashboard's Cancel stopped during its last session."""
    state = run_state(folder, manifest)
    if state != "interrupted":
        return state
    try:
        cancelled = cancel_mark(folder.name).stat().st_mtime
        started = datetime.fromisoformat(str(manifest.get("started"))).timestamp()
    except (OSError, ValueError):
        return state
    return "cancelled" if cancelled >= started - 1 else state  # manifest times are whole seconds


def total_games(manifest: dict[str, Any]) -> int | None:
    """All the games (units: a match, a story run) a run plays, every config together: the manifest's
    games per config times its configs, the total its progress line says (sim.run.progress)."""
    try:
        return int(manifest["games"]) * len(manifest.get("configs") or {})
    except (KeyError, TypeError, ValueError):
        return None


def list_runs(lang: str | None = "en") -> list[dict[str, Any]]:
    """Every run folder with a manifest, newest first: name, ruleset, status (`run_status`: finished,
    running, interrupted or cancelled), progress (chunks, and the games of every config together),
    its creation as the manifest writes it (ISO, UTC), and the problem that makes a run unreadable (status
    "unreadable", the problem in `lang`; None for the others)."""
    root = results_root().resolve()
    runs = []
    for manifest_path in root.glob(f"*/{MANIFEST}"):
        leaving = link_leaving(manifest_path.parent, root)
        problem = t("link_outside", lang, entry=leaving) if leaving else None
        if problem:
            runs.append({"run": manifest_path.parent.name, "ruleset": None, "status": "unreadable",
                         "chunks_done": 0, "chunks_total": 0, "games_total": None, "configs": 0, "created": None,
                         "mtime": manifest_path.parent.lstat().st_mtime, "problem": problem})
            continue
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue  # a folder being written: it shows up on the next refresh
        if not isinstance(manifest, dict):
            continue
        runs.append({"run": manifest_path.parent.name, "ruleset": manifest.get("ruleset"),
                     "status": run_status(manifest_path.parent, manifest), "chunks_done": manifest.get("chunks_done", 0),
                     "chunks_total": manifest.get("chunks_total", 0), "games_total": total_games(manifest),
                     "configs": len(manifest.get("configs", {})), "created": manifest.get("created"),
                     "mtime": manifest_path.stat().st_mtime, "problem": None})
    return sorted(runs, key=lambda r: r["mtime"], reverse=True)


def readable_runs() -> list[str]:
    """The names of the runs a page may open (`list_runs` less the unreadable ones), newest first."""
    return [r["run"] for r in list_runs() if r["problem"] is None]


def has_games(run: str) -> bool:
    """Whether any chunk of the run has its games and cards on disk (the cards file is written after
    the games file): a run that has just started has a manifest and nothing to draw yet."""
    return any((run_folder(run) / CARDS).glob("config=*/chunk-*.parquet"))


def manifest_of(run: str) -> dict[str, Any]:
    return json.loads((run_folder(run) / MANIFEST).read_text(encoding="utf-8"))


def _version(run: str) -> float:
    return (run_folder(run) / MANIFEST).stat().st_mtime


Computed = TypeVar("Computed")


def computed_once(maxsize: int) -> Callable[[Callable[..., Computed]], Callable[..., Computed]]:
    """functools.lru_cache whose concurrent calls with the same arguments compute once: right after
    `sim dash` starts, the background warm-up and the first page ask for the same tables of the same
    run at the same time, and a million games read twice on two cores take twice as long."""

    def wrap(compute: Callable[..., Computed]) -> Callable[..., Computed]:
        cached = functools.lru_cache(maxsize=maxsize)(compute)
        locks: dict[tuple, threading.Lock] = {}
        guard = threading.Lock()

        @functools.wraps(compute)
        def call(*args: Any) -> Computed:
            with guard:
                lock = locks.setdefault(args, threading.Lock())
            try:
                with lock:
                    return cached(*args)
            finally:
                with guard:  # forget the lock once nobody waits on it (a running sweep has many versions)
                    if locks.get(args) is lock and not lock.locked():
                        del locks[args]

        call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        return call

    return wrap


@computed_once(maxsize=64)
def _damage(folder: str, version: float) -> tuple[str, ...]:
    return tuple(damaged_chunks(Path(folder)))


def damage_of(run: str) -> tuple[str, ...]:
    """The run's damaged chunks (sim.results.folder.damaged_chunks: each file against its record, by
    SHA-256), read once per manifest version, as every page's tables check them."""
    return _damage(str(run_folder(run)), _version(run))


@computed_once(maxsize=32)
def _tables(folder: str, version: float) -> dict[str, pl.DataFrame]:
    # a damaged chunk is named, with how to repair it, and nothing shown: kept tables included
    check_whole(Path(folder))

    manifest = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    return kept_run_tables(Path(folder), manifest)


@computed_once(maxsize=16)
def _findings(folder: str, version: float) -> RunFindings:
    manifest = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    return read_run_findings(Path(folder), manifest, _tables(folder, version))


def findings_of(run: str) -> RunFindings:
    """The run's ranked findings, with its cards reconciled when a companion run measured them the
    other way (sim.report.findings_text.read_run_findings, over the run's kept tables)."""
    return _findings(str(run_folder(run)), _version(run))


@computed_once(maxsize=32)  # the card files read once, not on every page and refresh
def _chart_names(folder: str, version: float) -> tuple[dict[str, str], dict[str, str]]:
    manifest = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    names = faction_display_names(manifest)
    return names, figures.run_colours(manifest, names)


def chart_names_of(run: str) -> tuple[dict[str, str], dict[str, str]]:
    """The run's factions and decks by their display names (export.faction_display_names) and one
    colour per faction, deck or config (figures.run_colours): what every chart of the run shares."""
    return _chart_names(str(run_folder(run)), _version(run))


def config_options(run: str, lang: str | None) -> list[dict[str, str]]:
    """The run's configs as a dropdown offers them: each said in words (formatting.config_in_words:
    "China vs Japón", "without AR-01"), the config id its value (what the address and the tables hold)."""
    names = chart_names_of(run)[0]
    return [{"label": config_in_words(config_id, lang or "es", names), "value": config_id}
            for config_id in manifest_of(run)["configs"]]


def tables_of(run: str) -> dict[str, pl.DataFrame]:
    """The run's tables from sim.analysis (win rates, matchups, sweep, budget...; card impact is
    `impact_of`, read only by the pages that show it)."""
    return _tables(str(run_folder(run)), _version(run))


@computed_once(maxsize=16)
def _ratings(folder: str, version: float) -> pl.DataFrame:
    return kept_tables(Path(folder), "ratings", lambda: {
        "ratings": ratings_table(ratings_games(Path(folder)), seats=run_seats(Path(folder)))})["ratings"]


def ratings_of(run: str) -> pl.DataFrame:
    """Bradley-Terry ratings over every config of the run, with one first-player term and with one
    per matchup, each with its goodness of fit and SEs clustered on seat pairs (ratings_table; a
    round robin's tables already hold it)."""
    tables = tables_of(run)
    if "ratings" in tables:
        return tables["ratings"]
    return _ratings(str(run_folder(run)), _version(run))


@computed_once(maxsize=32)
def _turns(folder: str, version: float) -> pl.DataFrame:
    return kept_tables(Path(folder), "turns", lambda: {"turns": (
        scan_games(Path(folder)).group_by("config", "turns").agg(pl.len().alias("games"))
        .with_columns((pl.col("games") / pl.col("games").sum().over("config")).alias("share"))
        .sort("config", "turns").collect())})["turns"]


def turn_shares(run: str) -> pl.DataFrame:
    return _turns(str(run_folder(run)), _version(run))


@computed_once(maxsize=8)
def _impact(folder: str, version: float) -> pl.DataFrame:
    check_whole(Path(folder))
    return kept_card_impact(Path(folder))


def impact_of(run: str) -> pl.DataFrame:
    return _impact(str(run_folder(run)), _version(run))


@computed_once(maxsize=8)
def _card_levels(folder: str, version: float) -> pl.DataFrame | None:
    manifest = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    if not level_groups(manifest)[1]:
        return None  # one level only: nothing to read, and no card counters to scan for it
    return kept_tables(Path(folder), "card_levels", lambda: {
        "card_levels": card_levels_table(Path(folder), _impact(folder, version))})["card_levels"]


def card_levels_of(run: str) -> pl.DataFrame | None:
    """The top card effects at each agent level of a sweep over agents (sim.analysis.levels; None
    for a run played at one level)."""
    return _card_levels(str(run_folder(run)), _version(run))


@computed_once(maxsize=16)
def _sprt(folder: str, version: float, lang: str) -> tuple[pl.DataFrame, pl.DataFrame]:
    kept = kept_tables(Path(folder), f"sprt_{lang}", lambda: {
        "readings": sprt_by_config(Path(folder), lang=lang), "paths": sprt_trajectories(Path(folder))})
    return kept["readings"], kept["paths"]


def sprt_of(run: str, lang: str = "es") -> tuple[pl.DataFrame, pl.DataFrame]:
    """Each config's SPRT reading and its LLR path (sim.analysis.sprt), the test the run's spec asks:
    against the baseline in a sweep or an ablation; verdicts and notes in `lang`."""
    return _sprt(str(run_folder(run)), _version(run), "es" if lang == "es" else "en")


def shipped_experiments() -> list[str]:
    return sorted(p.name for p in EXPERIMENTS_DIR.glob("*.toml"))
