"""Set up a tiny game by hand and resolve one round with the real kernels.

Used by the rule tests; cards are named by id ("RO-07"), sides by 0 (A) and 1 (B).

    s = Scenario.from_factions("rojo", "azul")
    s.deal(first=0)
    s.set_hand(0, "RO-09", "RO-02"); s.set_hand(1, "AZ-05", "AZ-01")
    s.play_round()  # A leads its 9; B cannot beat it and answers with its lowest card, the 2
    s.points(0)     # 1
"""

from __future__ import annotations

import numpy as np

from sim.core.hidden import peek_decision
from sim.core.scenario import ScenarioShell
from tests.rulesets.tiny.agents import choose_card
from tests.rulesets.tiny.constants import ZONE_WORDS, Zone
from tests.rulesets.tiny.game import play, play_round, setup_game
from tests.rulesets.tiny.kernels import reset
from tests.rulesets.tiny.state import (
    CS_ZONE, G_LEADER, G_TRACE_N, GAME, PS_HAND, PS_N_CARDS, PS_ORDER, PS_POINTS, PS_TOP, PS_ZONE_MASK, seed_streams,
)

ZONE_NAMES = {int(code): word for word, code in ZONE_WORDS.items()}


class Scenario(ScenarioShell):
    """A game record set by hand over a compiled config, resolved by the kernels the batch runs (the
    plumbing is the shell's: sim.core.scenario)."""

    ruleset_name = "tiny"
    default_factions = ("rojo", "azul")

    def set_up(self, seed: int) -> None:
        """A clean record, every card in its deck in file order until `deal` shuffles it."""
        reset(self.g, *self.compiled.setup)
        seed_streams(self.g, np.uint64(seed), np.uint64(0))
        for side in range(2):
            for c in range(int(self.ps[side, PS_N_CARDS])):
                self.ps[side, PS_ORDER + c] = c
            self._sync(side)

    # -- setting the game ---------------------------------------------------------------------------
    def deal(self, first: int = 0) -> None:
        """Rules T-01, T-02, T-04: shuffle, deal the opening hands, `first` leads."""
        setup_game(self.g, first)

    def _sync(self, side: int) -> None:
        """Zone masks and the hand count from the zones, after a change by hand."""
        n = self.ps[side, PS_N_CARDS]
        zones = self.cs[side, :n, CS_ZONE]
        for zone in Zone:
            self.ps[side, PS_ZONE_MASK + zone] = sum(1 << c for c in range(n) if zones[c] == zone)
        self.ps[side, PS_HAND] = int((zones == Zone.HAND).sum())

    def _set_deck(self, side: int, order: list[int]) -> None:
        """The deck is exactly these cards, drawn in this order; whatever else was in it is played."""
        n = int(self.ps[side, PS_N_CARDS])
        for c in range(n):
            if self.cs[side, c, CS_ZONE] == Zone.DECK and c not in order:
                self.cs[side, c, CS_ZONE] = Zone.PLAYED
        for c in order:
            self.cs[side, c, CS_ZONE] = Zone.DECK
        self.ps[side, PS_TOP] = n - len(order)
        for i, c in enumerate(order):
            self.ps[side, PS_ORDER + n - len(order) + i] = c
        self._sync(side)

    def give(self, side: int, *card_ids: str) -> None:
        """These cards into the side's hand, from wherever they were."""
        wanted = [self.index(side, card_id) for card_id in card_ids]
        self._set_deck(side, [c for c in self._deck_order(side) if c not in wanted])
        for c in wanted:
            self.cs[side, c, CS_ZONE] = Zone.HAND
        self._sync(side)

    def set_hand(self, side: int, *card_ids: str) -> None:
        """The hand is exactly these cards (from wherever they were); what else it held is played."""
        for c in np.flatnonzero(self.cs[side, :, CS_ZONE] == Zone.HAND):
            self.cs[side, c, CS_ZONE] = Zone.PLAYED
        self.give(side, *card_ids)

    def empty_deck(self, side: int) -> None:
        """Every card left in the deck is played: nothing more to draw."""
        self._set_deck(side, [])

    def redeal_hidden(self, side: int, rng: np.random.Generator) -> None:
        """What the other side cannot see of `side` dealt again (hidden.redeal_hidden)."""
        self.ruleset.redeal_hidden(self.g, side, rng)

    # -- acting -------------------------------------------------------------------------------------
    def choice(self, side: int, led: str | None = None) -> str:
        """The card the side's agent plays now (leading, or answering the other side's `led`),
        without advancing its random stream."""
        led_card = -1 if led is None else self.index(1 - side, led)
        card = peek_decision(choose_card, self.g, np.int64(side), np.int64(led_card))
        return self.compiled.pools[side].ids[card]

    def play_card(self, side: int, card_id: str) -> None:
        """Rule T-03: a card from the hand to the played cards, face up."""
        c = self.index(side, card_id)
        if self.cs[side, c, CS_ZONE] != Zone.HAND:
            raise ValueError(f"{card_id} is not in side {side}'s hand")
        play(self.g, np.int64(side), np.int64(c))

    def play_round(self) -> list[str]:
        """One whole round decided by the agents; its events in English."""
        start = int(self.ps[GAME, G_TRACE_N])
        play_round(self.g)
        return self.lines("en")[start:]

    # -- reading ------------------------------------------------------------------------------------
    def _deck_order(self, side: int) -> list[int]:
        n = int(self.ps[side, PS_N_CARDS])
        return [int(c) for c in self.ps[side, PS_ORDER + int(self.ps[side, PS_TOP]):PS_ORDER + n]]

    def zone(self, side: int, card_id: str) -> str:
        return ZONE_NAMES[int(self.cs[side, self.index(side, card_id), CS_ZONE])]

    def hand(self, side: int) -> list[str]:
        ids = self.compiled.pools[side].ids
        return [ids[c] for c in range(len(ids)) if self.cs[side, c, CS_ZONE] == Zone.HAND]

    def deck(self, side: int) -> list[str]:
        """The deck, top card first."""
        return [self.compiled.pools[side].ids[c] for c in self._deck_order(side)]

    def points(self, side: int) -> int:
        return int(self.ps[side, PS_POINTS])

    @property
    def leader(self) -> int:
        return int(self.ps[GAME, G_LEADER])

