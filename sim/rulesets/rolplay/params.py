"""Rolplay rule parameters. Defaults are the manual's numbers or, on open points, the decision written
in rules.md. A spec's [params] table overrides any of them, so designers can sweep rules.

`variant = "2002"` is the preset of the 2002 client's numbers (rule R-20): it fills every parameter
the spec leaves out with its 2002 value (`PRESET_2002`); a parameter the spec gives still wins.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, model_validator

from sim.core.params import kernel_vector
from sim.rulesets.rolplay.constants import Param

# rule R-20: the 2002 client's numbers that differ from the manual (rules.md, parameter table);
# the per-level life bonus is unknown and stays 0, the 20-card minimum deck is a deck rule
PRESET_2002: dict[str, Any] = {
    "start_life": 20,
    "opening_hand": 5,
    "amulet_pays_twice": True,
    "effects_at_opponent_start": True,
    "defender_may_decline": True,
}


class RolplayParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # as the spec wrote them: "60" is not 60, 0 is not false

    variant: Literal["manual", "2002"] = Field(
        "manual", description="rule R-20: 'manual' (the template's rules) or '2002' (the client's numbers as defaults)")
    start_life: int = Field(100, ge=1, le=9999, description="rule R-03: life at the start")
    life_per_player_level: int = Field(0, ge=0, le=100, description="rule R-20: life added per player level "
                                       "(the deck's level stands for it); unknown in the sources, 0")
    opening_hand: int = Field(0, ge=0, le=7, description="rule R-03: cards drawn at the start besides the "
                              "starting power (0: the starting power only)")
    second_player_extra_draw: int = Field(1, ge=0, le=7, description="rule R-03: extra cards the player who does "
                                          "not start draws at the start")
    hand_max: int = Field(7, ge=1, le=20, description="rules R-01, R-05: cards in hand; a card drawn into a full hand burns")
    draws_per_turn: int = Field(1, ge=0, le=7, description="rules R-05, R-07: cards drawn in phase 2")
    powers_in_play_max: int = Field(7, ge=1, le=20, description="rules R-01, R-08: powers in play")
    powers_per_turn: int = Field(1, ge=0, le=7, description="rule R-08: power cards conjured a turn")
    power_points_max: int = Field(200, ge=1, le=9999, description="rule R-08: the most power a player has in a turn")
    creature_places: int = Field(7, ge=1, le=7, description="rule R-01: creature places")
    replace_cost_factor: int = Field(1, ge=0, le=10, description="rule R-09 (decision): replacing a creature costs "
                                     "this times the replaced creature's cost plus the new creature's cost")
    amulet_pays_twice: bool = Field(False, description="rule R-20: an amulet's activation also pays its cost again")
    min_def_without_amulet: int = Field(0, ge=0, le=99, description="rule R-06: a creature whose amulet burns keeps at "
                                        "least this much defense (it cannot die of losing the amulet)")
    defender_may_decline: bool = Field(False, description="rule R-13: the defending player may refuse to defend "
                                       "(the 2002 client's 'no defender'); off: the rules pick the defender")
    effects_at_opponent_start: bool = Field(False, description="rule R-20: tap and destroy effects land at the start "
                                            "of the opponent's next turn instead of at once")
    time_limit_minutes: int = Field(40, ge=1, le=600, description="rule R-04: the manual's time limit (recorded; "
                                    "play uses turn_cap)")
    turn_cap: int = Field(60, ge=2, le=2000, description="rule R-04 (decision): turns after which the R-04 score "
                          "decides, standing for the 40 minutes")
    debug_checks: bool = Field(False, description="check card conservation after every phase (slow; tests)")
    deck_position_top: int = Field(8, ge=1, le=59, description="analysis: the top k of the first shuffle for the "
                                   "deck-position effect (the first eight draws)")

    @model_validator(mode="before")
    @classmethod
    def _preset(cls, data: Any) -> Any:
        """Rule R-20: the 2002 variant's numbers for every parameter the spec leaves out."""
        if isinstance(data, dict) and data.get("variant") == "2002":
            return {**PRESET_2002, **data}
        return data

    def vector(self) -> np.ndarray:
        """The int64 vector the kernels read, indexed by Param."""
        return kernel_vector(self, Param, named={Param.DECK_TOP: "deck_position_top"})
