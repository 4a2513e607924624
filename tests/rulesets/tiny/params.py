"""The tiny game's rule parameters. Defaults are the numbers of rules.md; a spec's [params] table
overrides any of them, so a designer can sweep a rule."""

from __future__ import annotations

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from sim.core.params import kernel_vector
from tests.rulesets.tiny.constants import MAX_CARDS, Param


class TinyParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # as the spec wrote them: "5" is not 5

    hand_size: int = Field(4, ge=1, le=MAX_CARDS, description="rule T-02: cards in the opening hand")
    target_points: int = Field(5, ge=1, le=MAX_CARDS, description="rule T-06: points that win the game")
    debug_checks: bool = Field(False, description="check card conservation after every step (slow; tests)")
    deck_position_top: int = Field(4, ge=1, le=MAX_CARDS, description="analysis: the top k of the shuffle for "
                                   "the deck-position effect (the opening hand)")

    def vector(self) -> np.ndarray:
        """The int64 vector the kernels read, indexed by Param (each slot the parameter of its name)."""
        return kernel_vector(self, Param, named={Param.DECK_TOP: "deck_position_top"})
