"""The tiny game's rule parameters. Defaults are the numbers of rules.md; a spec's [params] table
overrides any of them, so a designer can sweep a rule. The hand size, the debug checks and the
deck-position effect's top k are the kit's (sim.core.hand_and_deck_game.HandAndDeckParams)."""

from __future__ import annotations

from pydantic import Field

from sim.core.hand_and_deck_game import HandAndDeckParams
from tests.rulesets.tiny.constants import MAX_CARDS, Param


class TinyParams(HandAndDeckParams):
    own_params = Param

    hand_size: int = Field(4, ge=1, le=MAX_CARDS, description="rule T-02: cards in the opening hand")
    target_points: int = Field(5, ge=1, le=MAX_CARDS, description="rule T-06: points that win the game")
    deck_position_top: int = Field(4, ge=1, le=MAX_CARDS, description="analysis: the top k of the shuffle for "
                                   "the deck-position effect (the opening hand)")
