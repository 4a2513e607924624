"""What is the tiny game's own in the hidden-information probe (rule T-07; the probe is the shell's,
sim.core.hidden): the positions it looks at, what a side decides in one, and what of a side the
other cannot see. Built on the kernels' own functions, as kernels.play_unit begins a game."""

from __future__ import annotations

import numpy as np

from sim.core.hidden import HandAndDeck, HiddenInformationProbe, peek_decision, redeal_hand_and_deck
from tests.rulesets.tiny.agents import choose_card
from tests.rulesets.tiny.constants import Zone
from tests.rulesets.tiny.game import play_round, setup_game
from tests.rulesets.tiny.kernels import reset
from tests.rulesets.tiny.state import (
    CS_ZONE, G_LEADER, G_OVER, GAME, PS_N_CARDS, PS_ORDER, PS_TOP, PS_ZONE_MASK, seed_streams,
)

HAND_AND_DECK = HandAndDeck(zone=CS_ZONE, zone_masks=PS_ZONE_MASK, top=PS_TOP, order=PS_ORDER, hand=Zone.HAND,
                            deck=Zone.DECK)


class TinyHidden(HiddenInformationProbe):
    """The tiny game's hooks of the probe; the ruleset (engine.Tiny) inherits them."""

    game_over = (GAME, G_OVER)

    def play_to_position(self, compiled: object, ws: np.ndarray, seed: np.uint64,
                         rng: np.random.Generator) -> int | None:
        """A game begun as kernels.play_unit begins one (side A leads), played 0 to 5 rounds in: the
        side that leads the next round, or None when the game ended. The round's winner leads the next
        (rule T-04), so a position is a round's start rather than a turn of alternating sides."""
        g = ws[0]
        reset(g, *compiled.setup)
        seed_streams(g, seed, np.uint64(0))
        setup_game(g, np.int64(0))
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

    def redeal_hidden(self, g: np.void, side: int, rng: np.random.Generator) -> None:
        """What the other side cannot see of `side` dealt again (rule T-07): which of its cards are in
        the hand and which in the deck, and the deck order."""
        n = int(g["ps"][side, PS_N_CARDS])
        redeal_hand_and_deck(g, side, rng, HAND_AND_DECK, HAND_AND_DECK.cards_in(g, side, n, (Zone.HAND, Zone.DECK)), n)
