"""What a trial changed, before → after on the same games (docs/trying.md).

"Before" is the run's games with the trial's game ids (the same shuffles and dice), "after" the
trial's; every difference is paired game by game, the difference `sim compare` computes
(sim.analysis.compare: the mean of d_i = after_i − before_i, ± 1.96·sd(d)/√n):
- side A's win rate per config (each matchup cell of a round robin), and each faction against the
  field in a round robin;
- the first player's advantage (first minus second, on the seat-mirrored pairs);
- game length (mean turns) and each ending's share;
- the forced-draw effect of the edited cards, when the run measured forced draws ([impact]);
- the findings (sim.analysis.findings) of the run and of the trial: the problems (high or medium)
  that appeared and the ones that went away, each as a sentence in both languages. The run's are
  read on all its games, the trial's on its own: a problem the trial's fewer games cannot show
  beyond its threshold "goes away" for want of games too, which the page's note says.
The answer is a plain dict (answer.json in the trial's folder), which `sim try` prints and the
dashboard's page shows, both from the same figures.
"""

from __future__ import annotations

import math
import threading
import time
from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis.compare import (config_labels, field_comparison, first_player_comparison, forced_draw_comparison,
                                  win_rate_comparison)
from sim.analysis.findings import run_findings
from sim.analysis.forced_draw import forced_draw_effect, summary_configs
from sim.analysis.intervals import Z95
from sim.analysis.sweeps import paired_bounds
from sim.balance.trial import TRIAL_SUFFIX, BaseRun, TrialOutcome, remember_speed, trial_record
from sim.report.findings_text import finding_sentence
from sim.results.atomic_files import write_json_atomic
from sim.results.folder import ANSWER_FILE
from sim.results.manifest import read_manifest
from sim.results.scans import scan_games


def _rows(frame: pl.DataFrame) -> list[dict[str, Any]]:
    return [{k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in row.items()}
            for row in frame.iter_rows(named=True)]


def _paired_means(both: pl.DataFrame, value: str, keys: list[str]) -> pl.DataFrame:
    """Per `keys`: n, the mean of `value` before and after (`value`_b), and the paired difference
    with its interval, from `both`: the games joined on (config, game), once for every figure."""
    summary = both.group_by(keys).agg(
        pl.len().cast(pl.Int64).alias("n"), pl.col(value).cast(pl.Float64).mean().alias("before"),
        pl.col(f"{value}_b").cast(pl.Float64).mean().alias("after"),
        (pl.col(f"{value}_b").cast(pl.Float64) - pl.col(value).cast(pl.Float64)).mean().alias("diff"),
        (pl.col(f"{value}_b").cast(pl.Float64) - pl.col(value).cast(pl.Float64)).std(ddof=1).alias("sd"))
    return paired_bounds(summary, Z95).sort(keys)


def _endings(both: pl.DataFrame) -> pl.DataFrame:
    reasons = sorted(set(both["end_reason"].cast(pl.String).unique().to_list())
                     | set(both["end_reason_b"].cast(pl.String).unique().to_list()))
    parts = []
    for reason in reasons:
        flags = both.select("config", *((pl.col(c).cast(pl.String) == reason).cast(pl.Float64).alias(name)
                                        for c, name in (("end_reason", "ended"), ("end_reason_b", "ended_b"))))
        parts.append(_paired_means(flags, "ended", ["config"]).with_columns(pl.lit(reason).alias("end_reason")))
    return pl.concat(parts).sort("config", "end_reason") if parts else pl.DataFrame()


def _finding_key(f: Any) -> tuple:
    return (f.kind, f.subject, f.config, f.severity)


def _findings(folder: Path, manifest: dict[str, Any]) -> dict[tuple, dict[str, Any]]:
    found = {}
    for f in run_findings(folder, manifest):
        if not f.is_problem:  # information is said whatever the figure: only a problem appears or goes
            continue
        found[_finding_key(f)] = {"kind": f.kind, "severity": f.severity, "subject": f.subject, "config": f.config,
                                  "es": finding_sentence(f, "es"), "en": finding_sentence(f, "en")}
    return found


_base_findings: dict[tuple[str, float], dict[tuple, dict[str, Any]]] = {}
_base_guard = threading.Lock()


def base_findings(base: BaseRun) -> dict[tuple, dict[str, Any]]:
    """The run's problem findings, read once per run (and manifest) in this process: on a million
    games they take seconds, and every trial of the run compares with the same ones (the dashboard
    starts reading them when its page opens the run, `warm_base_findings`)."""
    key = (str(base.folder), (base.folder / "manifest.json").stat().st_mtime)
    with _base_guard:
        lock = _base_locks.setdefault(key, threading.Lock())
    with lock:  # two trials of one run read them once
        if key not in _base_findings:
            _base_findings[key] = _findings(base.folder, base.manifest)
    return _base_findings[key]


_base_locks: dict[tuple[str, float], threading.Lock] = {}


def warm_base_findings(base: BaseRun) -> None:
    """Read the run's findings in the background, so that a trial's answer does not wait for them."""
    threading.Thread(target=base_findings, args=(base,), name="sim-try-findings", daemon=True).start()


def trial_answer(base: BaseRun, trial_dir: Path, baseline: pl.LazyFrame | None = None) -> dict[str, Any]:
    """The answer of the trial in `trial_dir` against `base` (see the module's docstring); `baseline`:
    the run's games and those replayed past them (sim.balance.trial.Baseline), else the run's."""
    manifest = read_manifest(trial_dir)
    configs = [c for c in summary_configs(base.manifest) if c in manifest["configs"]]
    columns = ["config", "game", "unit", "stage", "first_side", "winner", "end_reason", "turns"]
    after = scan_games(trial_dir).filter(pl.col("config").is_in(configs)).select(columns).collect()
    # the run's games up to the trial's last unit only: a million-game run's later chunks are not read
    last_unit = after["unit"].max() if after.height else -1
    before = ((scan_games(base.folder) if baseline is None else baseline)
              .filter(pl.col("config").is_in(configs) & (pl.col("unit") <= last_unit)).select(columns).collect()
              .join(after.select("config", "game"), on=["config", "game"], how="semi"))
    both = before.join(after, on=["config", "game"], how="inner", suffix="_b")
    lazy_before, lazy_after = before.lazy(), after.lazy()
    labels = config_labels(base.manifest)
    win_rates = win_rate_comparison(lazy_before, lazy_after, True).with_columns(
        pl.col("config").replace_strict({c: labels[c][0] for c in configs}, default=None).alias("side_a"))
    answer: dict[str, Any] = {
        "run": base.name, "trial": trial_dir.name, "ruleset": base.manifest["ruleset"],
        "round_robin": base.manifest["spec"].get("matchups") == "round_robin",
        "configs": configs, "labels": {c: list(labels[c]) for c in configs},
        "games": {c: int(n) for c, n in after.group_by("config").len().iter_rows()},
        "stopped": manifest.get("stopped") or {},
        "win_rates": _rows(win_rates),
        "field": None, "forced_draw": None,
        "first_player": _rows(first_player_comparison(lazy_before, lazy_after, True)),
        "length": _rows(_paired_means(both, "turns", ["config"])),
        "endings": _rows(_endings(both)),
    }
    if answer["round_robin"]:
        answer["field"] = _rows(field_comparison(lazy_before, lazy_after, True, {c: labels[c] for c in configs}))
    if base.manifest["spec"].get("impact") is not None and manifest["spec"].get("impact") is not None:
        record = trial_record(trial_dir.parent, trial_dir.name) or {}
        edited = {e["target"] for e in record.get("edits", [])}
        a = forced_draw_effect(base.folder, base.manifest).filter(pl.col("card_id").is_in(list(edited)))
        b = forced_draw_effect(trial_dir, manifest).filter(pl.col("card_id").is_in(list(edited)))
        answer["forced_draw"] = _rows(forced_draw_comparison(a, b))
    before_findings, after_findings = base_findings(base), _findings(trial_dir, manifest)
    answer["findings_appeared"] = [v for k, v in after_findings.items() if k not in before_findings]
    answer["findings_gone"] = [v for k, v in before_findings.items() if k not in after_findings]
    return answer


def write_answer(outcome: TrialOutcome) -> dict[str, Any]:
    """The answer of a played trial, with its timing, written to <trial>.trial/answer.json."""
    plan = outcome.plan
    began = time.perf_counter()
    answer = trial_answer(plan.base, plan.run_dir, plan.baseline.games())
    answered = time.perf_counter()
    timings = outcome.timings | {"answer": answered - began}
    answer.update(edits=[e.as_dict() for e in plan.edits], half_width=plan.half_width, cap=plan.games,
                  run_games=plan.base.games, baseline=plan.baseline.name if plan.baseline.replays else None,
                  seconds=round(answered - outcome.started if outcome.started else outcome.seconds, 2),
                  play_seconds=round(outcome.outcome.wall_seconds, 2), games_played=outcome.outcome.games_played,
                  timings={k: round(v, 3) for k, v in timings.items()})
    write_json_atomic(plan.results / f"{plan.name}{TRIAL_SUFFIX}" / ANSWER_FILE, answer)
    remember_speed(plan.base, answer)  # the next trial's expected time
    return answer
