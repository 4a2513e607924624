"""Epikha rule parameters. Defaults are the source's numbers (E-04, E-16, E-17) or, on the points it
leaves open, the completion's (E-20 to E-34, rules.md). A spec's [params] table overrides any of
them, so designers can sweep the rules themselves, not only the cards."""

from __future__ import annotations

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, field_validator

from sim.core.params import kernel_vector
from sim.rulesets.epikha.constants import WINDOW_WORDS, Param


class EpikhaParams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # as the spec wrote them: "5" is not 5

    raise_cost: int = Field(5, ge=0, le=100, description="rule E-04: Vital paid to raise a spell's level")
    raise_step: int = Field(1, ge=1, le=10, description="rule E-04: levels one raise adds")
    max_spell_level: int = Field(10, ge=1, le=20, description="rule E-04: the highest level a spell may reach")
    opening_hand: int = Field(7, ge=0, le=20, description="rule E-16: cards drawn at set-up")
    mulligans: int = Field(1, ge=0, le=5, description="rule E-16: times a player may return its hand and draw again")
    draws_per_turn: int = Field(1, ge=0, le=5, description="rules E-17, E-32: cards drawn at the Start phase")
    deployment_slots: int = Field(6, ge=1, le=20, description="rule E-20: places of the Deployment Zone "
                                  "(characters and machines; a card in the Magic or Combat Zone keeps its place)")
    magic_zone_slots: int = Field(4, ge=0, le=20, description="rule E-20: places of the Magic Zone")
    combat_slots: int = Field(4, ge=1, le=20, description="rule E-20: Combat Zone slots, one attacker each")
    deploy_vital_per_turn: int = Field(15, ge=0, le=999, description="rule E-21: Vital a turn that may go to "
                                       "characters, weapons, items and machines (spells not counted)")
    spell_windows: list[str] = Field(["start", "deployment", "attack", "block", "regroup"],
                                     description="rule E-22: the spell windows a turn opens")
    magic_zone_level_bonus: int = Field(1, ge=0, le=10, description="rule E-24: levels added to the spells a card "
                                        "in the Magic Zone pays for")
    attack_on_entry: bool = Field(False, description="rule E-25: characters may attack in the turn they enter")
    attackers_block: bool = Field(False, description="rule E-26: a character that attacked may block in the "
                                  "opponent's next turn")
    player_may_attack: bool = Field(True, description="rule E-25: the Player card may attack in person")
    min_damage: int = Field(0, ge=0, le=99, description="rule E-27: the least damage a hit deals")
    excess_to_player: bool = Field(False, description="rule E-27: a blocked attacker's damage beyond the blocker's "
                                   "Vital reaches the defending Player card (otherwise only with Arrollar)")
    hand_max: int = Field(10, ge=1, le=40, description="rule E-28: cards kept at the end of Regroup")
    weapons_per_character: int = Field(1, ge=0, le=5, description="rule E-29: weapons a character carries")
    items_per_character: int = Field(2, ge=0, le=5, description="rule E-29: items a character carries")
    first_player_draws: bool = Field(False, description="rule E-32: the first player draws in its first turn")
    turn_cap: int = Field(60, ge=2, le=1000, description="rule E-34: turns after which the game is a draw")
    player_vital_delta: int = Field(0, ge=-190, le=800, description="rule E-13: Vital added to every Player card's "
                                    "printed Vital (-100: the demo's 100 for the generic 200)")
    debug_checks: bool = Field(False, description="check card conservation after every phase (slow; tests)")

    @field_validator("spell_windows")
    @classmethod
    def _known_windows(cls, value: list[str]) -> list[str]:
        unknown = [w for w in value if w not in WINDOW_WORDS]
        if unknown:
            raise ValueError(f"unknown spell windows {unknown}; the windows are {', '.join(WINDOW_WORDS)} (rule E-22)")
        if len(set(value)) != len(value):
            raise ValueError("a window is named twice")
        return value

    def vector(self) -> np.ndarray:
        """The int64 vector the kernels read, indexed by Param (spell_windows as a bitmask of Window)."""
        windows = sum(1 << WINDOW_WORDS[w] for w in self.spell_windows)
        return kernel_vector(self, Param, derived={Param.SPELL_WINDOWS: windows})
