"""[findings] in an experiment spec: the thresholds that grade a run's findings
(sim.analysis.findings). The run layer keeps the table as written; this module reads it, from a
spec (`sim run` refuses a bad one before playing) or from a manifest's copy (findings.thresholds_of).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError, model_validator

from sim.core.errors import STRICT, InputError, spec_problems

# [findings]: the thresholds that grade a run's findings (sim.analysis.findings), in win-rate points as
# a fraction (0.04 = 4 points) of distance from the value that favours nobody (50% for a win rate, 0
# for a difference), or a share of games for the turn cap. A finding is "medium" or "high" only when
# its whole 95% interval lies beyond that threshold; below "medium", or with its interval reaching
# the neutral value, it is information, never a problem. The defaults, and why:
FINDING_THRESHOLDS: dict[str, tuple[float, float, str]] = {
    # name: (medium, high, what it grades)
    "first_player": (0.04, 0.10, "the first player's win rate minus the second player's (4 pts: a 52/48 seat)"),
    "side": (0.01, 0.05, "a side's win rate against the other side or against the field, from 50% (1 pt: the "
                         "tolerance of the shipped balance searches)"),
    "matchup": (0.10, 0.20, "one matchup's win rate from 50% (a 60/40 matchup is an outlier)"),
    "card": (0.05, 0.10, "a card's forced-draw effect from 0"),
    "cost": (0.05, 0.10, "a card's worth against a vanilla card of its cost (the ablation) from 0"),
    "stall": (0.05, 0.20, "the share of games that reach the turn cap"),
    "budget_fall": (0.005, 0.02, "a budget step's loss of win rate with more budget"),
    "level": (0.02, 0.05, "the gap between a figure's intervals at two agent levels"),
}


class FindingsSpec(BaseModel):
    """[findings]: `<name>_medium` and `<name>_high` for each name of FINDING_THRESHOLDS, each
    optional (its default there), medium at most high."""

    model_config = STRICT

    first_player_medium: float = Field(FINDING_THRESHOLDS["first_player"][0], gt=0, le=1)
    first_player_high: float = Field(FINDING_THRESHOLDS["first_player"][1], gt=0, le=1)
    side_medium: float = Field(FINDING_THRESHOLDS["side"][0], gt=0, le=0.5)
    side_high: float = Field(FINDING_THRESHOLDS["side"][1], gt=0, le=0.5)
    matchup_medium: float = Field(FINDING_THRESHOLDS["matchup"][0], gt=0, le=0.5)
    matchup_high: float = Field(FINDING_THRESHOLDS["matchup"][1], gt=0, le=0.5)
    card_medium: float = Field(FINDING_THRESHOLDS["card"][0], gt=0, le=1)
    card_high: float = Field(FINDING_THRESHOLDS["card"][1], gt=0, le=1)
    cost_medium: float = Field(FINDING_THRESHOLDS["cost"][0], gt=0, le=1)
    cost_high: float = Field(FINDING_THRESHOLDS["cost"][1], gt=0, le=1)
    stall_medium: float = Field(FINDING_THRESHOLDS["stall"][0], gt=0, le=1)
    stall_high: float = Field(FINDING_THRESHOLDS["stall"][1], gt=0, le=1)
    budget_fall_medium: float = Field(FINDING_THRESHOLDS["budget_fall"][0], gt=0, le=1)
    budget_fall_high: float = Field(FINDING_THRESHOLDS["budget_fall"][1], gt=0, le=1)
    level_medium: float = Field(FINDING_THRESHOLDS["level"][0], gt=0, le=1)
    level_high: float = Field(FINDING_THRESHOLDS["level"][1], gt=0, le=1)

    @model_validator(mode="after")
    def _medium_at_most_high(self) -> "FindingsSpec":
        for name in FINDING_THRESHOLDS:
            medium, high = getattr(self, f"{name}_medium"), getattr(self, f"{name}_high")
            if medium > high:
                # FIELD_IN_MESSAGE: the message names the field, as a check across fields does
                raise ValueError(f"{name}_medium: {medium} is above {name}_high ({high}); a medium finding is "
                                 "smaller than a high one")
        return self

    def band(self, name: str) -> tuple[float, float]:
        """(medium, high) of a FINDING_THRESHOLDS name."""
        return getattr(self, f"{name}_medium"), getattr(self, f"{name}_high")


def spec_thresholds(table: dict[str, Any] | None, path: Path) -> FindingsSpec:
    """A spec's [findings] table as thresholds (defaults where it gives none); a bad one is an
    InputError naming the spec file and each field (`findings.side_medium`)."""
    try:
        return FindingsSpec.model_validate(table or {})
    except ValidationError as exc:
        raise InputError("\n".join(spec_problems(exc.errors(), path, ("findings",)))) from None
