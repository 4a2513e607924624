"""A trial: one or more card (or rule parameter) edits played on a finished run's own seeds, and
what changed, paired game by game (`sim try`, the dashboard's "Try a change"; docs/trying.md).

1. Checked first (sim.balance.trial_form): the run is finished and not being written; every edit
   is a value the game's card model and rules take. A refusal writes nothing.
2. The edited cards are a copy of the run's card folder with the patch applied (sim.balance.patch,
   the same text edit a balance proposal's --apply makes), and the trial's spec is the run's own
   (as its manifest keeps it) with `cards_dir` on that copy, the parameter edits in [params] and
   its own name. Both, with the patch and the answer, live in <results>/<trial>.trial/.
3. The trial is an ordinary run, <results>/<trial>/, through the runner (lock, manifest, chunks,
   checksums, resume, the chosen executor), so every page and `sim show`, `sim compare`, `sim
   report` read it. Its configs carry the run's config ids and its seed, so game i of each config
   is the run's game i: the same shuffles and dice, only the edit differs. The run's games are
   read from its folder, never played again. A run holding fewer games than the trial may need
   (the games a paired difference of the widest spread, sd 1, needs to reach the half-width) has
   its missing games replayed on the same seeds, only as far as the trial goes, into an ordinary
   run beside it, <results>/<run>.baseline-<N>/ (`Baseline`), which every later trial reuses.
4. Sequential stopping: the trial's spec has [stop] with `every` units per chunk; `PairedStop`
   reads each config's chunks in order and stops the config once the paired difference of side A's
   win rate from the run's same games is known to ± `half_width` (95%: 1.96·sd(d)/√n, the interval
   `sim compare` prints). A config the edit does not reach plays identical games (d = 0) and stops
   at its first chunk. Where a config stops is a pure function of the games, so a resumed trial
   stops at the same place.
5. The answer (sim.balance.trial_answer) sets before → after on the same games.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import shutil
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis.intervals import Z95, score_a
from sim.balance.patch import Edit, apply_proposal, card_patch, toml_value
from sim.balance.trial_form import TrialSpace, checked_edits, parse_set, trial_space
from sim.core.errors import InputError, SaidError, Words
from sim.report.language import TEXT
from sim.results.atomic_files import write_bytes_atomic, write_json_atomic
from sim.results.folder import check_run_name, check_whole
from sim.results.liveness import shown_status
from sim.results.manifest import DifferentRun, identity_hash, read_manifest, spec_hash_of, stored_spec
from sim.results.folder import ANSWER_FILE, RUN_NAME, TRIAL_FILE, TRIAL_SUFFIX, record_file, trial_file
from sim.results.scans import scan_games
from sim.run.card_folders import CARDS_SUBFOLDER
from sim.run.executors import Executor, SerialExecutor
from sim.run.progress import ProgressReporter, SilentProgress
from sim.run.runner import RunOutcome, run_experiment
from sim.run.spec import Experiment, StopSpec, load_spec, load_spec_dict

SPEC_FILE = "spec.toml"
PATCH_FILE = "patch.diff"
MIN_EVERY = 2000  # units per chunk (and per stopping check) at the least
CHECKS = 50  # a config's games are checked at about this many points at most
FIXED_CHUNKS = 8  # a trial of --games (no checks) plays in about this many chunks: fewer, larger chunks
# write less (a chunk of a few thousand games spent as long on its frames and files as on its play),
# and enough of them that the next one plays while the last is written
DEFAULT_HALF_WIDTH = 0.01
BASELINE_INFIX = ".baseline-"  # <results>/<run>.baseline-<N>/: the run's games past its own, replayed for trials
BASELINE_EVERY = 2000  # units per chunk of a replayed baseline (fixed: every trial of the run resumes the same run)
MOST_GAMES = 10_000_000  # --games at most, per config


# --- the run a trial is played against ----------------------------------------------------------

@dataclass(frozen=True)
class BaseRun:
    """A finished run: its name, folder, manifest, and its spec as the manifest keeps it."""

    name: str
    folder: Path
    manifest: dict[str, Any]
    experiment: Experiment

    @property
    def games(self) -> int:
        return int(self.manifest["games"])

    @property
    def cards_dir(self) -> Path:
        return Path(self.experiment.cards_dir or self.experiment.ruleset.cards_dir)

    @property
    def factions(self) -> list[str]:
        return [s.faction for s in self.experiment.spec.sides]

    def space(self) -> TrialSpace:
        return trial_space(self.experiment.ruleset, self.cards_dir, self.factions, dict(self.experiment.spec.params))

    def speed(self) -> float | None:
        """Games per second the run was played at (its manifest's play time), for the expected time."""
        seconds = float(self.manifest.get("wall_seconds") or 0.0)
        return self.games * len(self.manifest.get("configs") or {}) / seconds if seconds > 0 else None


def base_run(results: Path, run: str) -> BaseRun:
    """The run named `run` under `results`, refused when it is missing, damaged, unfinished or
    being written (a trial of games still coming would pair with nothing), or itself a trial's
    stopped configs (a trial is played against a run, not against another trial)."""
    folder = Path(results) / run
    if not (folder / "manifest.json").is_file():
        raise SaidError("trial_refuse_no_run", run=run, folder=folder, field="")
    manifest = read_manifest(folder)
    status = shown_status(folder, manifest)
    if status == "running":
        raise SaidError("trial_refuse_running", run=run, field="")
    if status != "finished":
        said = f"status_{status}"  # the status in the refusal's language ("interrumpida"), when the catalog has it
        raise SaidError("trial_refuse_unfinished", run=run, status=Words(said) if said in TEXT else status, field="")
    if manifest.get("spec", {}).get("stop") is not None or (Path(results) / f"{run}{TRIAL_SUFFIX}" / TRIAL_FILE).is_file():
        raise SaidError("trial_refuse_stopped_run", run=run, field="")
    check_whole(folder)
    spec_path = Path(str(manifest.get("spec_path") or folder / "manifest.json"))
    experiment = load_spec_dict(json.loads(json.dumps(stored_spec(manifest))), spec_path)
    return BaseRun(run, folder, manifest, experiment)


# --- the trial's plan, before anything is written ----------------------------------------------

@dataclass(frozen=True)
class TrialPlan:
    """Everything a trial will write and play, decided before anything is."""

    base: BaseRun
    edits: tuple[Edit, ...]
    name: str
    results: Path
    half_width: float | None  # sequential stopping on the paired difference (None: a fixed number of games)
    games: int  # per config at most (the run's, or --games)
    every: int  # units per chunk and per stopping check

    @property
    def run_dir(self) -> Path:
        return self.results / self.name

    @property
    def folder(self) -> Path:
        return self.results / f"{self.name}{TRIAL_SUFFIX}"

    @property
    def configs(self) -> int:
        return len(self.base.manifest.get("configs") or {})

    def expected(self) -> "Expected | None":
        return expected_time(self.base, self.half_width, self.games if self.half_width is None else None)

    @property
    def baseline(self) -> "Baseline":
        return Baseline(self.base, self.results, self.games)


LIKELY_SD = 0.7  # sd of a game's paired score difference a trial expects: √2 × 0.5, as for unrelated games


@dataclass(frozen=True)
class Expected:
    """A trial's expected time from the click to the answer: `likely` with the games a paired
    difference needs to reach the half-width (in whole checks) at the sd of the run's last trial's
    (else LIKELY_SD), `most` with every
    config at its cap (a config the edit does not reach stops at its first check: less). `speed`:
    games per second of the last trial of the run, its play and its answer together, and `fixed` the
    seconds that trial took whatever its games (its check, the kernels loaded) when there was one
    (`measured`); else the run's own speed, the play alone."""

    likely_seconds: float
    most_seconds: float
    likely_games: int
    cap: int
    configs: int
    speed: float
    fixed: float = 0.0
    measured: bool = False


@dataclass(frozen=True)
class TrialSpeed:
    """How fast a trial of a run answered (its answer.json's timings): games per second, counting its
    play, its stopping checks and its answer's analysis, and the seconds that did not grow with its
    games (the check and the trial's folder, the kernels loaded)."""

    games_per_second: float
    fixed_seconds: float
    sd: float | None = None  # the paired difference's sd per game, the mean over its configs


def _paired_sd(answer: dict[str, Any]) -> float | None:
    """The mean over an answer's configs of its paired difference's sd per game (from each 95%
    interval and its pairs), the spread the next trial's checks will likely meet."""
    sds = [(row["diff_high"] - row["diff_low"]) / (2 * Z95) * math.sqrt(row["pairs"])
           for row in answer.get("win_rates") or []
           if row.get("pairs") and row.get("diff_low") is not None and row.get("diff_high") is not None]
    return sum(sds) / len(sds) if sds else None


KERNELS_LOADING = 3.0  # seconds of a trial's run opening beyond which it loaded the game's kernels (about a
# second from the cache, minutes compiling) rather than only opening its run (a few tenths of a second)
_last_speed: dict[str, TrialSpeed] = {}  # run folder -> the last trial of it this process answered


def trial_speed(answer: dict[str, Any]) -> TrialSpeed | None:
    """The speed an answer.json measured (None for one without timings, or without games)."""
    timings = answer.get("timings") or {}
    grows = sum(float(timings.get(part, 0.0)) for part in ("baseline", "play", "pairing", "answer"))
    games = int(answer.get("games_played") or 0)
    if not timings or games <= 0 or grows <= 0:
        return None
    opening = float(timings.get("compile", 0.0))
    if opening > KERNELS_LOADING:  # that trial loaded (or compiled) the kernels, which the next one finds loaded
        opening = 0.0
    return TrialSpeed(games / grows, float(timings.get("prepare", 0.0)) + opening, _paired_sd(answer))


def remember_speed(base: BaseRun, answer: dict[str, Any]) -> None:
    """Keep how fast a trial of `base` answered: the next trial's expected time is read from it."""
    speed = trial_speed(answer)
    if speed is not None:
        _last_speed[str(base.folder.resolve())] = speed


def last_trial_speed(base: BaseRun, results: Path | None = None) -> TrialSpeed | None:
    """The speed of the last trial of `base` this process answered, else that of the newest trial
    of it in the results folder (a kept one, from an earlier process)."""
    kept = _last_speed.get(str(base.folder.resolve()))
    if kept is not None:
        return kept
    newest: tuple[float, TrialSpeed] | None = None
    for answer_file in Path(results or base.folder.parent).glob(f"{base.name}*{TRIAL_SUFFIX}/{ANSWER_FILE}"):
        try:
            answer = json.loads(answer_file.read_text(encoding="utf-8"))
            stamp = answer_file.stat().st_mtime
        except (OSError, ValueError):
            continue
        speed = trial_speed(answer) if answer.get("run") == base.name else None
        if speed is not None and (newest is None or stamp > newest[0]):
            newest = (stamp, speed)
    return newest[1] if newest else None


def expected_time(base: BaseRun, half_width: float | None, games: int | None) -> Expected | None:
    """The expected time of a trial of `base`, at the speed of its last trial when there was one,
    else at the run's own (None when its manifest has no play time either). Games past the run's
    own are played twice, the run's replayed (Baseline) and the trial's."""
    measured = last_trial_speed(base)
    speed = measured.games_per_second if measured is not None else base.speed()
    fixed = measured.fixed_seconds if measured is not None else 0.0
    if speed is None:
        return None
    cap = games or (max(base.games, games_to_reach(half_width)) if half_width is not None else base.games)
    configs = len(base.manifest.get("configs") or {})
    likely = cap
    if half_width is not None and games is None:
        every = chunk_every(cap)
        sd = measured.sd if measured is not None and measured.sd is not None else LIKELY_SD
        needed = (Z95 * sd / half_width) ** 2
        likely = min(cap, every * max(1, math.ceil(needed / every)))

    def seconds(n: int) -> float:
        return fixed + (n + max(0, n - base.games)) * configs / speed

    return Expected(seconds(likely), seconds(cap), likely, cap, configs, speed, fixed, measured is not None)


def edits_key(edits: Sequence[Edit]) -> str:
    return ";".join(f"{e.label}={toml_value(e.new)}" for e in edits)


def trial_name(run: str, edits: Sequence[Edit]) -> str:
    """A run name that says the edits ("dicedraft_factions.try.CI-04.cost-6"); a long list of them
    is shortened to a hash of the edits, so that the same edits always land in the same trial."""
    readable = ".".join(f"{e.target}.{e.field}-{re.sub(r'[^A-Za-z0-9_-]+', '_', toml_value(e.new).strip(chr(34)))}"
                        for e in edits)
    name = f"{run}.try.{readable}"
    if len(name) <= 80 and re.fullmatch(r"[A-Za-z0-9_.-]+", name):
        return name
    digest = hashlib.sha256(edits_key(edits).encode()).hexdigest()[:10]
    return f"{run[:60]}.try.{digest}"


def chunk_every(games: int) -> int:
    """Units per stopping check: about CHECKS checks over the cap, at least MIN_EVERY, even (a check
    never splits a seat-mirrored pair)."""
    every = max(MIN_EVERY, math.ceil(games / CHECKS))
    return min(games + games % 2, every + every % 2)


def plan_trial(results: Path, run: str, sets: Sequence[str | tuple[str, str, Any]], half_width: float | None = None,
               games: int | None = None, name: str | None = None) -> TrialPlan:
    """Check the run, the edits and the sizes, and decide the trial; nothing is written. `sets` are
    "CI-04.cost=6" texts or (target, field, value) triples; `half_width` (default ±1 pt) or `games`
    (a fixed number per config, no stopping)."""
    base = base_run(results, run)
    parsed = [parse_set(s) if isinstance(s, str) else s for s in sets]
    edits = checked_edits(base.space(), parsed)
    if games is not None and half_width is not None:
        raise SaidError("trial_refuse_both", field="")
    if half_width is not None and not 0 < half_width < 0.5:
        raise SaidError("trial_refuse_half_width", value=half_width, field="half_width")
    if games is not None and not 2 <= games <= MOST_GAMES:
        raise SaidError("trial_refuse_games", value=games, games=f"{MOST_GAMES:,}", run=run, field="games")
    if games is None and half_width is None:
        half_width = DEFAULT_HALF_WIDTH
    trial = check_run_name(name, "--name") if name else trial_name(run, edits)
    if trial == run:
        raise SaidError("trial_refuse_name", name=trial, field="name")
    if (Path(results) / trial).exists() and not (Path(results) / f"{trial}{TRIAL_SUFFIX}" / TRIAL_FILE).is_file():
        raise SaidError("trial_refuse_name_taken", name=trial, field="name")  # a run of its own, never replaced
    cap = games if games is not None else max(base.games, games_to_reach(half_width))
    return TrialPlan(base, tuple(edits), trial, Path(results), half_width, cap, chunk_every(cap))


def games_to_reach(half_width: float) -> int:
    """Games after which any paired difference is known to ± half_width: a game's difference of
    side A's score lies in [-1, 1], so its sd is at most 1 and 1.96·1/√n ≤ half_width. Even: a
    seat-mirrored pair is never split."""
    games = math.ceil((Z95 / half_width) ** 2)
    return games + games % 2


# --- writing the trial's cards and spec ----------------------------------------------------------

def _toml_scalar(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml_scalar(v)}" for k, v in value.items() if v is not None) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_scalar(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(str(value), ensure_ascii=False)  # a TOML basic string is a JSON string


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name, ensure_ascii=False)


def toml_document(data: dict[str, Any], prefix: str = "") -> str:
    """A spec dict as TOML text: its values, then its tables, then its arrays of tables (whose own
    tables are written inline). No value is null in TOML: a None is left out (the field's default)."""
    lines, tables = [], []
    for key, value in data.items():
        if value is None:
            continue
        if isinstance(value, dict):
            tables.append((key, value))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            tables.append((key, value))
        else:
            lines.append(f"{_key(key)} = {_toml_scalar(value)}")
    text = "\n".join(lines) + ("\n" if lines else "")
    for key, value in tables:
        name = f"{prefix}{_key(key)}"
        if isinstance(value, dict):
            text += f"\n[{name}]\n" + toml_document(value, f"{name}.")
        else:
            for item in value:
                text += f"\n[[{name}]]\n" + "".join(f"{_key(k)} = {_toml_scalar(v)}\n" for k, v in item.items()
                                                     if v is not None)
    return text


def trial_spec(plan: TrialPlan, cards_dir: Path) -> dict[str, Any]:
    """The run's spec as the trial plays it: its name, the edited cards, the parameter edits, the
    games cap and, with a half-width, [stop] (every `every` units: the runner's chunks)."""
    spec = json.loads(json.dumps(stored_spec(plan.base.manifest)))
    spec.pop("balance", None)  # a balance search's table: the trial plays the run's baseline configs
    spec["name"] = plan.name
    spec["description"] = f"sim try {plan.base.name}: " + ", ".join(e.text() for e in plan.edits)
    spec["cards_dir"] = str(Path(cards_dir).resolve())
    spec["games"] = plan.games
    params = dict(spec.get("params") or {})
    params.update({e.field: e.new for e in plan.edits if not e.is_card})
    spec["params"] = params
    spec["stop"] = ({"method": "precision", "every": plan.every, "half_width": plan.half_width}
                    if plan.half_width is not None else None)
    if spec["stop"] is None:
        spec["chunk_size"] = fixed_chunk(plan.games, plan.every)
    return spec


def fixed_chunk(games: int, every: int) -> int:
    """Units per chunk of a trial of --games: about FIXED_CHUNKS chunks, at least `every`, even (a
    chunk never splits a seat-mirrored pair). The games are the same whatever the chunks: game i is
    a function of the seed, the config and i."""
    size = max(every, math.ceil(games / FIXED_CHUNKS))
    return min(games + games % 2, size + size % 2)


def write_trial_folder(plan: TrialPlan) -> Experiment:
    """Write <trial>.trial/: the edited copy of the cards, the patch, the spec and trial.json; the
    trial's experiment as the runner plays it. A folder that already holds this trial's cards is
    kept (the same trial again resumes); one holding other edits is refused."""
    folder = plan.folder
    record = {"format": 1, "run": plan.base.name, "trial": plan.name, "edits": [e.as_dict() for e in plan.edits],
              "edits_key": edits_key(plan.edits), "half_width": plan.half_width, "games": plan.games,
              "every": plan.every, "ruleset": plan.base.manifest["ruleset"],
              "baseline": plan.baseline.name if plan.baseline.replays else None}
    if (folder / TRIAL_FILE).exists():
        old = json.loads((folder / TRIAL_FILE).read_text(encoding="utf-8"))
        if old.get("edits_key") != record["edits_key"] or old.get("run") != plan.base.name:
            raise SaidError("trial_refuse_other_trial", name=plan.name, field="name")
        record = old | {k: record[k] for k in ("half_width", "games", "every", "baseline")}
    beside = tuple(plan.base.experiment.ruleset.beside_cards)
    cards_copy = folder / "cards"
    cards = cards_copy / CARDS_SUBFOLDER if beside else cards_copy
    if not cards_copy.exists():
        apply_proposal(plan.edits, plan.base.cards_dir, cards_copy, beside)
    write_bytes_atomic(folder / PATCH_FILE, card_patch(plan.edits, plan.base.cards_dir).encode("utf-8"))
    spec_path = folder / SPEC_FILE
    write_bytes_atomic(spec_path, toml_document(trial_spec(plan, cards)).encode("utf-8"))
    write_json_atomic(folder / TRIAL_FILE, record)
    return load_spec(spec_path)


# --- the run's games, and those replayed past them ------------------------------------------------

class ReplayWindow:
    """The runner's stop rule (sim.run.runner.StopRule) of a replayed baseline: only the chunks that
    reach past the run's own games and start before `upto` are played; a chunk already played is
    kept (a later, shorter trial never removes what an earlier one replayed)."""

    def __init__(self, folder: Path, start: int, upto: int) -> None:
        self.folder, self.start, self.upto = Path(folder), start, upto

    def needed(self, chunk: Any) -> bool:
        return ((chunk.unit_stop > self.start and chunk.unit_start < self.upto)
                or record_file(self.folder, chunk.config_id, chunk.unit_start).exists())

    def feed(self, chunk: Any, games: pl.DataFrame) -> list[str]:
        return []

    def summary(self) -> dict[str, Any]:
        return {}


_replaying: dict[str, threading.Lock] = {}


def _ladder(games: int) -> int:
    """The smallest of 1, 2, 5 × 10^k at or above `games`: trials of nearby precisions share one
    replayed baseline."""
    k = 1
    while True:
        for step in (1, 2, 5):
            if step * k >= games:
                return step * k
        k *= 10


@dataclass(frozen=True)
class Baseline:
    """The games a trial is paired with: the run's own and, past them, the run's spec replayed on the
    same seeds (game i of a config is a pure function of the seed, the config and i) into the
    ordinary run <results>/<run>.baseline-<N>/ (lock, manifest, chunks, checksums, resume), played
    only as far as a trial needs it and reused by every later trial of the run."""

    base: BaseRun
    results: Path
    cap: int  # units per config the trial may play

    @property
    def replays(self) -> bool:
        return self.cap > self.base.games

    @property
    def name(self) -> str:
        """An existing replayed baseline holding at least `cap` units, else a new one's name."""
        holding = []
        for folder in Path(self.results).glob(f"{self.base.name}{BASELINE_INFIX}*"):
            size = folder.name.removeprefix(f"{self.base.name}{BASELINE_INFIX}")
            if size.isdigit() and int(size) >= self.cap and (folder / "manifest.json").is_file():
                holding.append(int(size))
        return f"{self.base.name}{BASELINE_INFIX}{min(holding) if holding else _ladder(self.cap)}"

    @property
    def folder(self) -> Path:
        return Path(self.results) / self.name

    def experiment(self) -> Experiment:
        spec = json.loads(json.dumps(stored_spec(self.base.manifest)))
        spec.pop("balance", None)  # as the trial's spec: the run's baseline configs
        spec["description"] = f"{self.base.name}: its games past {self.base.games}, replayed on its seeds for sim try"
        spec["games"] = int(self.folder.name.removeprefix(f"{self.base.name}{BASELINE_INFIX}"))
        spec["stop"] = {"method": "precision", "every": BASELINE_EVERY, "half_width": 0.49}  # ReplayWindow decides
        spec_path = Path(str(self.base.manifest.get("spec_path") or self.base.folder / "manifest.json"))
        return load_spec_dict(spec, spec_path)

    def ensure(self, upto: int) -> None:
        """Replay the run's games up to unit `upto` (of every config) that it does not hold."""
        if upto <= self.base.games:
            return
        folder = self.folder
        with _replaying.setdefault(str(folder.resolve()), threading.Lock()):  # two tabs' trials of one run: in turn
            self._replay(folder, upto)

    def _replay(self, folder: Path, upto: int) -> None:
        def rules(stop: StopSpec, configs: Sequence[str], baseline: str | None) -> ReplayWindow:
            return ReplayWindow(folder, self.base.games, upto)
        outcome = run_experiment(self.experiment(), self.results, folder.name, SerialExecutor(), False, None,
                                 SilentProgress(), stop_rules=rules)
        if not outcome.finished:
            raise InputError(f"{folder}: the run's games past {self.base.games} were not all replayed; try again")

    def games(self) -> pl.LazyFrame:
        """Every game of the run, then the replayed ones past it (one row per game, the run's columns)."""
        own = scan_games(self.base.folder)
        if not self.replays or not (self.folder / "manifest.json").is_file():
            return own
        return pl.concat([own, scan_games(self.folder).filter(pl.col("unit") >= self.base.games)], how="diagonal_relaxed")


# --- sequential stopping on the paired difference -------------------------------------------------

@dataclass
class _Config:
    next_start: int = 0
    waiting: dict[int, pl.DataFrame] = field(default_factory=dict)
    n: int = 0
    d1: float = 0.0
    d2: float = 0.0
    stopped_at: int | None = None
    decision: str = ""


class PairedStop:
    """The runner's stop rule for a trial (sim.run.runner.StopRule): each config stops once its
    paired difference from the run's same games is known to ± half_width (95%)."""

    def __init__(self, baseline: Baseline, half_width: float, every: int, configs: Sequence[str]) -> None:
        self.baseline = baseline
        self.half_width = half_width
        self.every = every
        self.state = {c: _Config() for c in configs}
        self.pairing_seconds = 0.0  # reading the run's games (and replaying those past them) for the checks

    def needed(self, chunk: Any) -> bool:
        stopped = self.state[chunk.config_id].stopped_at
        return stopped is None or chunk.unit_start < stopped

    def _differences(self, config: str, start: int, games: pl.DataFrame) -> pl.Series:
        began = time.perf_counter()
        try:
            return self._paired(config, start, games)
        finally:
            self.pairing_seconds += time.perf_counter() - began

    def _paired(self, config: str, start: int, games: pl.DataFrame) -> pl.Series:
        after = games.select("game", score_a().alias("after"))
        self.baseline.ensure(start + self.every)  # past the run's own games: replayed, once
        before = (self.baseline.games()
                  .filter((pl.col("config") == config) & pl.col("unit").is_between(start, start + self.every - 1))
                  .select("game", score_a().alias("before")).collect())
        both = after.join(before, on="game", how="inner")
        return both["after"] - both["before"]

    def feed(self, chunk: Any, games: pl.DataFrame) -> list[str]:
        state = self.state[chunk.config_id]
        if state.stopped_at is not None:
            return []
        state.waiting[chunk.unit_start] = games
        while state.next_start in state.waiting:
            d = self._differences(chunk.config_id, state.next_start, state.waiting.pop(state.next_start))
            state.n += d.len()
            state.d1 += float(d.sum())
            state.d2 += float((d * d).sum())
            state.next_start += self.every
            half = self.reached()[chunk.config_id]
            if state.n >= 2 and half <= self.half_width:
                state.stopped_at = state.next_start
                state.decision = f"paired ±{100 * half:.2f} points"
                state.waiting.clear()
                return [chunk.config_id]
        return []

    def reached(self) -> dict[str, float]:
        """Each config's half-width so far (infinite before two games)."""
        out = {}
        for config, s in self.state.items():
            if s.n < 2:
                out[config] = math.inf
                continue
            variance = max(0.0, (s.d2 - s.d1 * s.d1 / s.n) / (s.n - 1))
            out[config] = Z95 * math.sqrt(variance / s.n)
        return out

    def summary(self) -> dict[str, Any]:
        return {c: {"stopped_at_unit": s.stopped_at, "decision": s.decision}
                for c, s in self.state.items() if s.stopped_at is not None}


# --- playing it ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TrialOutcome:
    plan: TrialPlan
    outcome: RunOutcome
    seconds: float  # from the check of the edits to the end of the play
    started: float = 0.0  # time.perf_counter() of the check (the click on Play, on the page)
    timings: dict[str, float] = field(default_factory=dict)  # where the seconds went (TIMINGS)


# Where a trial's time goes, as answer.json's "timings" keeps it (seconds): the check of the edits
# and the trial's folder written; the run's games past its own replayed before a trial of --games;
# the game's kernels loaded (or compiled) and the run opened; the play (the kernels, writing chunks);
# the stopping checks reading the run's games (within the play's time); the answer
# (sim.balance.trial_answer: reading both runs' games, the paired figures, the findings).
TIMINGS = ("prepare", "baseline", "compile", "play", "pairing", "answer")


def play_trial(plan: TrialPlan, executor: Executor | None = None, progress: ProgressReporter | None = None,
               started: float | None = None) -> TrialOutcome:
    """Write the trial's folder and play it as an ordinary run; rerunning the same trial resumes."""
    started = time.perf_counter() if started is None else started
    experiment = write_trial_folder(plan)
    stops: list[PairedStop] = []
    rules = None
    if plan.half_width is not None:
        def rules(stop: StopSpec, configs: Sequence[str], baseline: str | None) -> PairedStop:
            stops.append(PairedStop(plan.baseline, float(plan.half_width), plan.every, configs))
            return stops[-1]
    executor, progress = executor or SerialExecutor(), progress or SilentProgress()
    prepared = time.perf_counter()
    if plan.half_width is None:
        plan.baseline.ensure(plan.games)
    replayed = time.perf_counter()
    try:
        outcome = run_experiment(experiment, plan.results, plan.name, executor, False, None, progress, stop_rules=rules)
    except DifferentRun:  # the same edits asked to another precision: the trial's own folder is played again
        outcome = run_experiment(experiment, plan.results, plan.name, executor, True, None, progress, stop_rules=rules)
    if not outcome.finished:
        raise InputError(f"{outcome.run_dir}: the trial did not finish; run the same command again to resume it")
    ended = time.perf_counter()
    pairing = sum(s.pairing_seconds for s in stops)
    timings = {"prepare": prepared - started, "baseline": replayed - prepared,
               "compile": max(0.0, ended - replayed - outcome.wall_seconds),
               "play": max(0.0, outcome.wall_seconds - pairing), "pairing": pairing}
    return TrialOutcome(plan, outcome, ended - started, started, timings)


def discard_trial(results: Path, name: str) -> None:
    """Remove a trial: its run and its .trial folder (only a trial's: a folder without trial.json
    is refused)."""
    folder = Path(results) / f"{name}{TRIAL_SUFFIX}"
    if not (folder / TRIAL_FILE).is_file():
        raise SaidError("trial_refuse_not_trial", name=name, field="")
    shutil.rmtree(Path(results) / name, ignore_errors=True)
    shutil.rmtree(folder)


def keep_trial(results: Path, trial: str, name: str | None = None) -> str:
    """Keep a trial, under `name` (default: its own): trial.json says `kept`, and a new name renames
    its run and its .trial folder and writes the name, and the edited cards' new place, into the
    run's manifest (its identity again), the trial's spec, trial.json and answer.json. A name taken
    by another run or trial is refused, nothing changed. Returns the name kept."""
    results = Path(results)
    old_folder = results / f"{trial}{TRIAL_SUFFIX}"
    record = trial_record(results, trial)
    if record is None:
        raise SaidError("trial_refuse_not_trial", name=trial, field="")
    name = name.strip() if name and name.strip() else trial
    if not RUN_NAME.match(name):
        raise SaidError("trial_refuse_keep_name", name=name, field="keep_name")
    if name != trial:
        if (results / name).exists() or (results / f"{name}{TRIAL_SUFFIX}").exists():
            raise SaidError("trial_refuse_keep_taken", name=name, field="keep_name")
        (results / trial).rename(results / name)
        old_folder.rename(results / f"{name}{TRIAL_SUFFIX}")
    folder = results / f"{name}{TRIAL_SUFFIX}"
    old_cards, new_cards = str((old_folder / "cards").resolve()), str((folder / "cards").resolve())

    def moved(text: str) -> str:
        return text.replace(old_cards, new_cards) if name != trial else text

    manifest = read_manifest(results / name)
    if name != trial:
        manifest = json.loads(moved(json.dumps(manifest, ensure_ascii=False)))  # its spec's and configs' card paths
        manifest["spec"]["name"] = name
        manifest.update(run=name, spec_path=str((folder / SPEC_FILE).resolve()), spec_hash=spec_hash_of(manifest["spec"]))
        if "identity" in manifest:
            manifest["identity"] = identity_hash(manifest)
        write_json_atomic(results / name / "manifest.json", manifest)
        text = moved((folder / SPEC_FILE).read_text(encoding="utf-8"))
        text = re.sub(r'(?m)^name = .*$', f"name = {json.dumps(name)}", text, count=1)
        write_bytes_atomic(folder / SPEC_FILE, text.encode("utf-8"))
        answer = trial_file(results / name, ANSWER_FILE)
        if answer is not None:
            write_json_atomic(folder / ANSWER_FILE, answer | {"trial": name})
    write_json_atomic(folder / TRIAL_FILE, record | {"trial": name, "kept": True})
    return name


def trial_record(results: Path, name: str) -> dict[str, Any] | None:
    """A trial's trial.json (None for a run that is no trial)."""
    return trial_file(Path(results) / name, TRIAL_FILE)
