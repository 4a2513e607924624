"""Early stopping per config ([stop] in a spec): SPRT or a precision target, checked at fixed unit
counts so that where a config stops is a pure function of its games.

The rule reads a config's chunks in order (a chunk is `every` units when stopping is on); after
each one it asks the SPRT or the interval whether the config's answer is clear, and if so the
config stops at the end of that chunk: its later chunks are not played, and any a parallel executor
had already finished are discarded. On a resumed run the chunks on disk are read again in order,
so the decision comes out the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, score_a, wilson_interval
from sim.analysis.sprt import PENTANOMIAL, pair_outcomes, sprt
from sim.run.plan import BASE_CONFIG, Chunk, Plan
from sim.run.spec import StopSpec


@dataclass
class ConfigProgress:
    next_start: int = 0
    waiting: dict[int, pl.DataFrame] = field(default_factory=dict)  # finished chunks ahead of next_start
    pentanomial: np.ndarray = field(default_factory=lambda: np.zeros(5))
    score: float = 0.0
    games: int = 0
    stopped_at: int | None = None  # first unit not played
    decision: str = ""


class StopRule:
    def __init__(self, stop: StopSpec, plan: Plan) -> None:
        self.stop = stop
        sweeping = plan.experiment.spec.sweep is not None or plan.experiment.spec.ablation is not None
        self.watched = {c for c in plan.configs if not (sweeping and c == BASE_CONFIG)}
        self.state = {c: ConfigProgress() for c in plan.configs}

    def needed(self, chunk: Chunk) -> bool:
        """Is this chunk still part of the run (not past its config's stopping point)?"""
        stopped = self.state[chunk.config_id].stopped_at
        return stopped is None or chunk.unit_start < stopped

    def feed(self, chunk: Chunk, games: pl.DataFrame) -> bool:
        """Take one finished chunk's games; True when its config has just stopped."""
        state = self.state[chunk.config_id]
        if chunk.config_id not in self.watched or state.stopped_at is not None:
            return False
        state.waiting[chunk.unit_start] = games.select("config", "unit", "stage", "first_side", "winner")
        while state.next_start in state.waiting and state.stopped_at is None:
            frame = state.waiting.pop(state.next_start)
            end = state.next_start + self.stop.every
            self._add(state, frame)
            if self._decided(state):
                state.stopped_at = end
            state.next_start = end
        if state.stopped_at is not None:
            state.waiting.clear()
            return True
        return False

    def _add(self, state: ConfigProgress, frame: pl.DataFrame) -> None:
        counts = pair_outcomes(frame)
        if counts.height:
            state.pentanomial += np.array([counts[name][0] for name in PENTANOMIAL], dtype=float)
        state.score += float(frame.select(score_a().sum()).item())
        state.games += frame.height

    def _decided(self, state: ConfigProgress) -> bool:
        if self.stop.method == "sprt":
            reading = sprt(state.pentanomial, self.stop.elo0, self.stop.elo1, self.stop.alpha, self.stop.beta)
            if reading.decision in ("H0", "H1"):
                state.decision = f"SPRT {reading.decision} (LLR {reading.llr:+.2f})"
                return True
            return False
        low, high = wilson_interval(state.score, state.games, Z95)
        if (high - low) / 2 <= self.stop.half_width:
            state.decision = f"±{100 * (high - low) / 2:.2f} points"
            return True
        return False

    def summary(self) -> dict[str, Any]:
        """What the manifest records: per stopped config, where and why."""
        return {c: {"stopped_at_unit": s.stopped_at, "decision": s.decision}
                for c, s in self.state.items() if s.stopped_at is not None}
