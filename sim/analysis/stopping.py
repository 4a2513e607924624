"""Early stopping per config ([stop] in a spec): SPRT or a precision target, checked at fixed unit
counts so that where a config stops is a pure function of the games.

The rule reads a config's chunks in order (a chunk is `every` units when stopping is on); after
each one it asks the SPRT or the interval whether the config's answer is clear, and if so the
config stops at the end of that chunk: its later chunks are not played, and any a parallel executor
had already finished are discarded. On a resumed run the chunks on disk are read again in order,
so the decision comes out the same.

In a sweep or an ablation the SPRT tests each config against the baseline on the same pairs
(sim.analysis.sprt), so the check at the end of a config's chunk k reads chunks 0..k of the config
and of the baseline: when the baseline's chunk k has not arrived yet (chunks come back in any order
from parallel executors) the config waits for it, and the baseline's arrival may be what stops it.
The baseline always plays in full and is never tested against itself. The precision target, and
the SPRT of a two-sided spec (side A at elo0 against elo1), read the config's own games alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, score_a, wilson_interval
from sim.analysis.sprt import PAIR_COLUMNS, SprtHypothesis, difference_counts, pair_scores


class StopSettings(Protocol):
    """[stop] as the run's spec reads it (sim.run.spec.StopSpec)."""

    method: Literal["sprt", "precision"]
    every: int
    elo0: float
    elo1: float
    difference: float | None
    alpha: float
    beta: float
    half_width: float


class ChunkPlace(Protocol):
    """Where a chunk lies: its config and first unit (sim.run.plan.Chunk)."""

    config_id: str
    unit_start: int


@dataclass
class ConfigProgress:
    next_start: int = 0
    waiting: dict[int, pl.DataFrame] = field(default_factory=dict)  # finished chunks ahead of next_start
    counts: np.ndarray | None = None  # the SPRT's counts so far: nine d's against the baseline, else five
    score: float = 0.0
    games: int = 0
    stopped_at: int | None = None  # first unit not played
    decision: str = ""


class StopRule:
    """The stopping of a run's configs (`configs`, by id) under `stop`; `baseline` is the config a
    sweep or an ablation tests every other against (None: each config alone). The runner is handed
    this class (sim.run.runner.run_experiment's `stop_rules`), so the run layer holds no statistics."""

    def __init__(self, stop: StopSettings, configs: Iterable[str], baseline: str | None) -> None:
        self.stop = stop
        configs = list(configs)
        sweeping = baseline is not None
        self.baseline = baseline
        self.hypothesis = SprtHypothesis(against_baseline=sweeping, elo0=stop.elo0, elo1=stop.elo1,
                                         difference=stop.difference, alpha=stop.alpha, beta=stop.beta)
        self.needs_baseline = sweeping and stop.method == "sprt"
        self.watched = {c for c in configs if c != baseline}
        self.state = {c: ConfigProgress() for c in configs}
        self.baseline_pairs: dict[int, pl.DataFrame] = {}  # the baseline's pair scores by chunk start

    def needed(self, chunk: ChunkPlace) -> bool:
        """Is this chunk still part of the run (not past its config's stopping point)?"""
        stopped = self.state[chunk.config_id].stopped_at
        return stopped is None or chunk.unit_start < stopped

    def feed(self, chunk: ChunkPlace, games: pl.DataFrame) -> list[str]:
        """Take one finished chunk's games; returns the configs that have just stopped (a chunk of
        the baseline may stop every config that was waiting for it)."""
        if self.needs_baseline and chunk.config_id == self.baseline:
            self.baseline_pairs[chunk.unit_start] = pair_scores(games.select(*PAIR_COLUMNS))
            stopped = [c for c in sorted(self.watched) if self._advance(c)]
            self._forget_read_baseline()
            return stopped
        state = self.state[chunk.config_id]
        if chunk.config_id not in self.watched or state.stopped_at is not None:
            return []
        state.waiting[chunk.unit_start] = games.select(*PAIR_COLUMNS)
        stopped = [chunk.config_id] if self._advance(chunk.config_id) else []
        self._forget_read_baseline()
        return stopped

    def _advance(self, config: str) -> bool:
        """Read the config's chunks in order while each one (and the baseline's, when the test needs
        it) is there; True when this stopped the config."""
        state = self.state[config]
        if state.stopped_at is not None:
            return False
        while state.next_start in state.waiting and (not self.needs_baseline or state.next_start in self.baseline_pairs):
            frame = state.waiting.pop(state.next_start)
            end = state.next_start + self.stop.every
            self._add(state, frame, self.baseline_pairs.get(state.next_start))
            state.next_start = end
            if self._decided(state):
                state.stopped_at = end
                state.waiting.clear()
                return True
        return False

    def _forget_read_baseline(self) -> None:
        """Drop the baseline's chunks every config has read past (or stopped before)."""
        still_reading = [s.next_start for c, s in self.state.items() if c in self.watched and s.stopped_at is None]
        oldest = min(still_reading, default=None)
        for start in [s for s in self.baseline_pairs if oldest is None or s < oldest]:
            del self.baseline_pairs[start]

    def _add(self, state: ConfigProgress, frame: pl.DataFrame, baseline: pl.DataFrame | None) -> None:
        if self.stop.method == "sprt":
            pairs = pair_scores(frame)
            if self.needs_baseline:
                assert baseline is not None
                same_pairs = pairs.join(baseline, on=["pair", "stage"], how="inner", suffix="_base")
                counts = difference_counts(same_pairs["bucket"] - same_pairs["bucket_base"])
            else:
                counts = np.bincount(pairs["bucket"].to_numpy(), minlength=5).astype(np.float64)
            state.counts = counts if state.counts is None else state.counts + counts
        state.score += float(frame.select(score_a().sum()).item())
        state.games += frame.height

    def _decided(self, state: ConfigProgress) -> bool:
        if self.stop.method == "sprt":
            reading = self.hypothesis.read(state.counts if state.counts is not None else
                                           np.zeros(9 if self.needs_baseline else 5))
            if reading.decision in ("H0", "H1"):
                way = ""
                if self.needs_baseline and reading.decision == "H1":
                    way = " (better)" if reading.difference > 0 else " (worse)"
                state.decision = f"SPRT {reading.decision}{way}, LLR {reading.llr:+.2f}"
                return True
            return False
        low, high = wilson_interval(state.score, state.games, Z95)
        if (high - low) / 2 <= self.stop.half_width:
            state.decision = f"±{100 * (high - low) / 2:.2f} points"
            return True
        return False

    def summary(self) -> dict[str, Any]:
        """What the manifest records: per stopped config, where and why, and what the SPRT tested."""
        tested = {"hypothesis": self.hypothesis.text()} if self.stop.method == "sprt" else {}
        return {c: {"stopped_at_unit": s.stopped_at, "decision": s.decision, **tested}
                for c, s in self.state.items() if s.stopped_at is not None}
