"""Set up a tiny game by hand and resolve one round with the real kernels; the deck bookkeeping
(setting a hand or a deck, reading them) is the kit's (sim.core.hand_and_deck_game.HandAndDeckScenario).

Used by the rule tests; cards are named by id ("RO-07"), sides by 0 (A) and 1 (B).

    s = Scenario.from_factions("rojo", "azul")
    s.deal(first=0)
    s.set_hand(0, "RO-09", "RO-02"); s.set_hand(1, "AZ-05", "AZ-01")
    s.play_round()  # A leads its 9; B cannot beat it and answers with its lowest card, the 2
    s.points(0)     # 1
"""

from __future__ import annotations

from sim.core.hand_and_deck import G_TRACE_N, GAME
from sim.core.hand_and_deck_game import HandAndDeckScenario
from tests.rulesets.tiny.agents import choose_card
from tests.rulesets.tiny.game import play_round
from tests.rulesets.tiny.state import G_LEADER, PS_POINTS


class Scenario(HandAndDeckScenario):
    """A game record set by hand over a compiled config, resolved by the kernels the batch runs."""

    ruleset_name = "tiny"
    default_factions = ("rojo", "azul")
    choose = staticmethod(choose_card)

    def play_round(self) -> list[str]:
        """One whole round decided by the agents; its events in English."""
        start = int(self.ps[GAME, G_TRACE_N])
        play_round(self.g)
        return self.lines("en")[start:]

    def points(self, side: int) -> int:
        return int(self.ps[side, PS_POINTS])

    @property
    def leader(self) -> int:
        return int(self.ps[GAME, G_LEADER])
