"""Dicedraft rule parameters and side options. Defaults are the source's numbers or, on open points, the decision
written in rules.md. A spec's [params] table overrides any of them, so designers can sweep rules."""

from __future__ import annotations

from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, model_validator

from sim.core.params import kernel_vector
from sim.rulesets.dicedraft.constants import MAX_BUDGET, MAX_MATCH_GAMES, MAX_STAGES, Param


class DicedraftSide(BaseModel):
    """A dicedraft side's own settings in a spec's [[side]] table (rule D-02's draft)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    draft: Literal["random", "greedy"] = Field("greedy", description="rule D-02: who drafts the side's deck")
    budget: int | None = Field(None, ge=0, le=MAX_BUDGET, description="rule D-02: the side's draft points "
                               "(default: the budget parameter)")


class DicedraftParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # as the spec wrote them: "60" is not 60, 0 is not false

    start_lives: int = Field(30, ge=1, le=999, description="rule D-01: lives at the start")
    deck_size: int = Field(15, ge=1, le=30, description="rule D-02: cards drafted")
    budget: int = Field(135, ge=0, le=MAX_BUDGET, description="rule D-02: draft points")
    first_turn_draw: int = Field(3, ge=0, le=30, description="rule D-04: cards drawn in your first turn")
    draw_per_turn: int = Field(1, ge=0, le=30, description="rule D-04: cards drawn in later turns")
    attack_from_turn: int = Field(
        3, ge=1, le=99, description="rule D-06: attacks open when the second player begins this turn of theirs"
    )
    cards_down_per_turn: int = Field(1, ge=0, le=30, description="rule D-05: cards put down per turn")
    summoning_sickness: bool = Field(
        True, description="decision: a character put down this turn cannot attack yet"
    )
    hand_limit: int = Field(0, ge=0, le=30, description="decision: no hand limit (0); N discards down to N at end of turn")
    turn_cap: int = Field(80, ge=2, le=2000, description="decision: total turns after which the game is a draw")
    story_stage_min: list[int] = Field([115, 121, 125, 129, 133], description="rule D-17: lowest bot budget per stage")
    story_stage_max: list[int] = Field([120, 124, 128, 132, 135], description="rule D-17: highest bot budget per stage")
    story_lives: int = Field(30, ge=1, le=999, description="rule D-17: lives at the start of each battle")
    match_wins: int = Field(2, ge=1, le=9, description="rule D-18: wins that take a best-of-three match")
    match_max_games: int = Field(5, ge=1, le=MAX_MATCH_GAMES, description="decision: a match of draws stops after this many games")
    deck_position_top: int = Field(5, ge=1, le=30, description="analysis: the top k of the first shuffle for the "
                                   "deck-position effect (the first turn's three cards and two more)")

    @model_validator(mode="after")
    def _stages_agree(self) -> "DicedraftParams":
        if len(self.story_stage_min) != len(self.story_stage_max) or not self.story_stage_min:
            raise ValueError("story_stage_min and story_stage_max need the same number of stages (at least one)")
        if len(self.story_stage_min) > MAX_STAGES:
            raise ValueError(f"at most {MAX_STAGES} story stages")
        for low, high in zip(self.story_stage_min, self.story_stage_max):
            if not 0 <= low <= high:
                raise ValueError(f"story stage budget range {low}-{high} is empty or negative")
            if high > MAX_BUDGET:  # the same ceiling as a side's budget
                raise ValueError(f"story_stage_max: {high} is above the highest budget, {MAX_BUDGET}")
        if self.match_max_games < 2 * self.match_wins - 1:
            raise ValueError("match_max_games must allow 2 * match_wins - 1 games")
        return self

    def vector(self) -> np.ndarray:
        """The int64 vector the kernels read, indexed by Param."""
        return kernel_vector(self, Param, named={Param.CARDS_DOWN: "cards_down_per_turn", Param.WINS_NEEDED: "match_wins",
                                                 Param.MAX_MATCH_GAMES: "match_max_games",
                                                 Param.DECK_TOP: "deck_position_top"},
                             # rule D-06: the second player's k-th turn is global turn 2k-1 (0-based)
                             derived={Param.ATTACK_FROM_TURN: 2 * self.attack_from_turn - 1,
                                      Param.STAGES: len(self.story_stage_min)})
