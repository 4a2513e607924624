"""Fortaleza rule parameters. Defaults are the source's numbers or, on open points, the decision
written in rules.md. A spec's [params] table overrides any of them, so designers can sweep rules."""

from __future__ import annotations

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from sim.core.params import kernel_vector
from sim.rulesets.fortaleza.constants import Param


class FortalezaParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # as the spec wrote them: "60" is not 60, 0 is not false

    fortaleza: int = Field(25, ge=1, le=999, description="rule F-04: Fortaleza at the start")
    hand_start: int = Field(5, ge=0, le=20, description="rule F-04: cards in the opening hand")
    mulligans: int = Field(1, ge=0, le=5, description="rule F-04: free replacements of the whole hand")
    first_player_draws: bool = Field(False, description="rule F-05: the first player skips their first draw")
    max_lands: int = Field(6, ge=0, le=6, description="rule F-07: lands on the field")
    max_units: int = Field(5, ge=1, le=20, description="rule F-10: units on the field")
    max_supports: int = Field(3, ge=0, le=20, description="rule F-10: supports (artifacts and traps)")
    hand_limit: int = Field(7, ge=0, le=50, description="rule F-19 step 8: discard down to this at end of turn")
    heal_cap: int = Field(25, ge=1, le=999, description="rule F-30: healing never takes a Fortaleza above this")
    turn_cap: int = Field(120, ge=2, le=2000, description="decision: total turns after which the game is a draw")
    fortress_protection_lasts_turn: bool = Field(
        True, description="decision on an open point: a Fortaleza's Protección ends with the turn, as F-35 says of all")
    trample_past_protection: bool = Field(
        True, description="decision on an open point: Arrollar must also spend damage on the blocker's Protección")
    debug_checks: bool = Field(False, description="check card conservation after every step (slow; tests)")
    deck_position_top: int = Field(8, ge=1, le=44, description="analysis: the top k of the first shuffle for the "
                                   "deck-position effect (the opening hand and the next three draws)")

    def vector(self) -> np.ndarray:
        """The int64 vector the kernels read, indexed by Param."""
        return kernel_vector(self, Param, named={Param.FIRST_DRAWS: "first_player_draws",
                                                 Param.FORTRESS_PROTECTION_TURN: "fortress_protection_lasts_turn",
                                                 Param.DECK_TOP: "deck_position_top"})
