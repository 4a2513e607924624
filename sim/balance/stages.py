"""Playing a balance search's candidates through the runner (docs/balance.md): a rung, the card
effects' forced draws or a confirmation is one ordinary run of sim.run.runner (any executor, Ray
included) whose configs are the candidates × matchups, resumed chunk by chunk when the same command
runs again; what it gives is each candidate's tallies and forced pairs, and the games it holds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from sim.balance.card_effects import EffectTally, Slot, effect_tallies, forced_configs
from sim.balance.objectives import Tally, tally_run
from sim.balance.search_plan import BASE, Proposal, SearchPlan, proposal_key, stage_experiment
from sim.core.errors import InputError
from sim.results.manifest import DifferentRun, read_manifest
from sim.results.scans import scan_games
from sim.run.executors import Executor
from sim.run.progress import ProgressReporter
from sim.run.runner import run_experiment
from sim.run.spec import Experiment

Say = Callable[[str], None]  # how a search tells what it does (the console prints it)


@dataclass(frozen=True)
class Stage(Experiment):
    """A rung (or the confirmation) as one run: the candidates × matchups as its configs."""

    stage_configs: tuple[tuple[str, Experiment], ...] = ()

    def config_experiments(self) -> dict[str, Experiment]:
        return dict(self.stage_configs)


@dataclass
class StageOutcome:
    """What a stage gives: each candidate's tallies by matchup suffix, its forced pairs' sums by
    entry (card_effect objectives), the games this session played, and the games its stored chunks
    hold with the play time of every session that played them (the stage's manifest)."""

    tallies: dict[str, dict[str, Tally]]
    effects: dict[str, dict[Slot, EffectTally]]
    games: int
    stored_games: int = 0
    play_seconds: float = 0.0


@dataclass
class GamesPlayed:
    """The games of a search, counted over its stages: `stored` (every game its stored chunks hold,
    whichever invocation played them) and `play_seconds` (the stages' play time over every session)
    describe the whole search, so a rerun of a finished search reports what the search played and
    not the nothing it had left to play; `session` is what this invocation played."""

    stored: int = 0
    play_seconds: float = 0.0
    session: int = 0

    def add(self, stage: StageOutcome) -> None:
        self.stored += stage.stored_games
        self.play_seconds += stage.play_seconds
        self.session += stage.games


def stored_games_and_play(run_dir: Path) -> tuple[int, float]:
    """The games a stage's stored chunks hold (their parquet row counts) and the play time its
    manifest adds up over every session."""
    games = scan_games(run_dir).select(pl.len()).collect().item()
    return int(games), float(read_manifest(run_dir).get("wall_seconds") or 0.0)


def play_stage(plan: SearchPlan, name: str, proposals: Sequence[Proposal], games: int, seed: int, folder: Path,
               executor: Executor, progress: ProgressReporter, overwrite: bool,
               forced: dict[str, list[Slot]] | None = None, ordinary: bool = True) -> StageOutcome:
    """Play the proposals (the baseline first) on `games` games of `seed` as the run folder/name:
    their own configs (unless not `ordinary`) and, for each candidate key of `forced`, the drawn
    and undrawn configs of those entries on the same games."""
    experiment = plan.experiment
    configs: dict[str, tuple[str, str]] = {}
    forced_map: dict[str, tuple[str, str, int, str, str]] = {}
    stage_configs = []
    as_baseline: list[tuple[str, str]] = []  # (candidate, matchup) its edits do not reach
    for proposal in proposals:
        key = proposal_key(proposal)
        wanted = (forced or {}).get(key, [])
        for m in plan.matchups:
            sub = stage_experiment(experiment, proposal, games, seed, m, plan.owners)
            if ordinary and proposal and not sub.card_overrides and all(e.is_card for e in proposal):
                as_baseline.append((key, m.suffix))  # the baseline's own games: not played twice
            elif ordinary:
                configs[key + m.suffix] = (key, m.suffix)
                stage_configs.append((key + m.suffix, sub))
            for forced_id, forced_experiment, entry, word in forced_configs(
                    key + m.suffix, sub, [e for e in wanted if e[0] == m.suffix]):
                stage_configs.append((forced_id, forced_experiment))
                forced_map[forced_id] = (key, *entry, word)
    spec = experiment.spec.model_copy(update={"games": games, "seed": seed, "balance": None,
                                              "name": f"{experiment.spec.name}.{name}"})
    stage = Stage(spec, experiment.path, stage_configs=tuple(stage_configs))
    try:  # --overwrite replaces only the stages another search wrote: the same stage resumes
        outcome = run_experiment(stage, folder, name, executor, False, None, progress)
    except DifferentRun:
        if not overwrite:
            raise InputError(f"{folder / name}: written by another search (the spec's [balance], sides or cards "
                             "changed since); rerun with --overwrite to replace the stages that differ") from None
        outcome = run_experiment(stage, folder, name, executor, True, None, progress)
    if not outcome.finished:
        raise InputError(f"{outcome.run_dir}: stage {name} did not finish; run the same command again to resume")
    tallies: dict[str, dict[str, Tally]] = {}
    if configs:
        for (key, suffix), tally in tally_run(outcome.run_dir, configs).items():
            tallies.setdefault(key, {})[suffix] = tally
    for key, suffix in as_baseline:  # the same games as the baseline's, game for game: no difference
        base = tallies[BASE][suffix]
        tallies.setdefault(key, {})[suffix] = Tally(base.n, base.score, base.n, 0.0, 0.0, base.pairs, base.f1, base.f2,
                                                    base.c, base.c1, base.c2, base.c, 0.0, 0.0, base.s2, base.fs, base.ss,
                                                    base.fss)
    effects: dict[str, dict[Slot, EffectTally]] = {}
    for (key, entry), tally in effect_tallies(outcome.run_dir, forced_map).items():
        effects.setdefault(key, {})[entry] = tally
    return StageOutcome(tallies, effects, outcome.games_played, *stored_games_and_play(outcome.run_dir))
