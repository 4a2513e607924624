"""What is the tiny game's own in the hidden-information probe (rule T-07; the probe is the shell's,
sim.core.hidden, and what a side cannot see, its hand and deck, is redealt by the kit,
sim.core.hand_and_deck_game): the positions it looks at and what a side decides in one."""

from __future__ import annotations

import numpy as np

from sim.core.hand_and_deck import G_OVER, GAME, PS_N_CARDS
from sim.core.hidden import HiddenInformationProbe, peek_decision
from tests.rulesets.tiny.agents import choose_card
from tests.rulesets.tiny.game import play_round
from tests.rulesets.tiny.state import G_LEADER


class TinyHidden(HiddenInformationProbe):
    """The tiny game's hooks of the probe; the ruleset (engine.Tiny) inherits them."""

    def play_to_position(self, compiled: object, ws: np.ndarray, seed: np.uint64,
                         rng: np.random.Generator) -> int | None:
        """A game begun as kernels.play_unit begins one (side A leads), played 0 to 5 rounds in: the
        side that leads the next round, or None when the game ended. The round's winner leads the next
        (rule T-04), so a position is a round's start rather than a turn of alternating sides."""
        g = ws[0]
        self.begin_game(compiled, ws, seed)
        for _ in range(int(rng.integers(0, 6))):
            play_round(g)
            if g["ps"][GAME, G_OVER]:
                return None
        return int(g["ps"][GAME, G_LEADER])

    def decisions(self, g: np.void, world: np.void, p: int) -> list[int]:
        """Rule T-07: the card p leads, then the card it answers each card of the other side with (any
        it might lead), each asked without moving the game on."""
        return [int(peek_decision(choose_card, g, np.int64(p), np.int64(led)))
                for led in range(-1, int(g["ps"][1 - p, PS_N_CARDS]))]
