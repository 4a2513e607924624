"""An experiment turned into work: the configs it compares, each cut into chunks of units.

The plan is the contract between the executors and the results store. A chunk is named by
(config, first unit, unit count) and nothing else, so a chunk is the same piece of work whoever
plays it and whenever: that is what lets a rerun skip the chunks already on disk and still end with
results equal to an uninterrupted run (units are pure functions of spec, seed and unit index).

A two-sided experiment has one config, "base"; a round robin (`matchups = "round_robin"`) has one
config per pair of sides, mirrors included; a sweep or an ablation has the baseline and one config
per point or card (spec.Experiment.config_experiments).
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.core.errors import InputError, as_written
from sim.core.ruleset import CompiledConfig, Ruleset
from sim.core.limits import MAX_CHUNK_UNITS
from sim.run.spec import Experiment

BASE_CONFIG = "base"


@dataclass(frozen=True)
class Chunk:
    """Units [unit_start, unit_start + n_units) of one config: one task, one pair of Parquet files."""

    config_id: str
    unit_start: int
    n_units: int

    @property
    def unit_stop(self) -> int:
        return self.unit_start + self.n_units


@dataclass(frozen=True)
class Plan:
    """Every config of an experiment, compiled once, and the chunks that cover all its units."""

    experiment: Experiment
    ruleset: Ruleset
    configs: dict[str, CompiledConfig]  # config id -> the config compiled by the ruleset
    experiments: dict[str, Experiment]  # config id -> what the spec asked of it (sweep point, ablation...)
    chunk_units: int
    chunks: tuple[Chunk, ...]

    @property
    def seed(self) -> int:
        return self.experiment.spec.seed

    @property
    def units_per_config(self) -> int:
        return self.experiment.spec.games

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the game's rules recommend against in these configs' pairings (Ruleset.pairing_warnings),
        each said once, in config order: not errors, the games are played as asked."""
        return tuple(dict.fromkeys(text for compiled in self.configs.values()
                                   for text in self.ruleset.pairing_warnings(compiled)))

    @property
    def total_units(self) -> int:
        return sum(chunk.n_units for chunk in self.chunks)

    def game_slots(self, chunks: tuple[Chunk, ...] | list[Chunk] | None = None) -> int:
        """Game rows the chunks can produce (a best-of-three may stop early, so played <= slots)."""
        chosen = self.chunks if chunks is None else chunks
        return sum(chunk.n_units * self.configs[chunk.config_id].rows_per_unit for chunk in chosen)

    def rechunk(self, chunk_units: int) -> Plan:
        """The same work cut into chunks of another size (a resumed run keeps its folder's size)."""
        chunks = tuple(
            Chunk(config_id, start, n)
            for config_id in self.configs
            for start, n in chunk_ranges(self.units_per_config, chunk_units)
        )
        return Plan(self.experiment, self.ruleset, self.configs, self.experiments, int(chunk_units), chunks)


def chunk_ranges(n_units: int, chunk_units: int) -> list[tuple[int, int]]:
    """(unit_start, n_units) pairs covering 0..n_units-1 in order; the last chunk may be short."""
    return [(start, min(chunk_units, n_units - start)) for start in range(0, n_units, chunk_units)]


def _compiled(ruleset: Ruleset, sub: Experiment, config_id: str, sweep: bool) -> CompiledConfig:
    """One config compiled; when a sweep point's card value breaks the card, the message names the
    spec's axis and value first (what to change in the spec) and the card file's refusal second (the
    rule it broke), not the card file alone, which the designer did not edit."""
    try:
        return ruleset.compile(sub.match_config(), config_id)
    except InputError as exc:
        if not sweep or not sub.card_overrides:
            raise
        text = str(exc)
        axes = [(card, name, value) for card, name, value in sub.card_overrides if card in text] or sub.card_overrides
        where = ", ".join(f"sweep axis {card}.{name}, value {as_written(value)}" for card, name, value in axes)
        raise InputError("\n".join(f"{sub.path}: {where}: {line}" for line in text.splitlines())) from None


def make_plan(experiment: Experiment, chunk_size: int | None = None) -> Plan:
    """Compile the experiment's configs (validating cards and parameters) and cut them into chunks.

    The chunk size is, in order: the `chunk_size` argument (the CLI's --chunk-size), the spec's
    `chunk_size`, the ruleset's `default_chunk_units` for the config. Compiling here, before any
    folder is touched, is what lets bad cards or parameters fail without changing results/."""
    if chunk_size is not None and not 1 <= chunk_size <= MAX_CHUNK_UNITS:
        raise InputError(f"--chunk-size: must be between 1 and {MAX_CHUNK_UNITS:,}, got {chunk_size}")
    spec = experiment.spec
    ruleset = experiment.ruleset
    experiments = experiment.config_experiments()
    configs = {config_id: _compiled(ruleset, sub, config_id, spec.sweep is not None)
               for config_id, sub in experiments.items()}
    if spec.stop is not None:  # stopping checks at chunk ends: chunks must be the check interval
        if chunk_size is not None and chunk_size != spec.stop.every:
            raise InputError(f"--chunk-size: with [stop] the chunks are stop.every = {spec.stop.every} units")
        chunk_size = spec.stop.every
    units = chunk_size or spec.chunk_size or ruleset.default_chunk_units(next(iter(configs.values())))
    return Plan(experiment, ruleset, configs, experiments, int(units), ()).rechunk(units)
