"""The hand-and-deck kit's Python half, for a game of numbered cards on the kit's standard layout
(sim.core.hand_and_deck): its parameters, its numbered deck, its shell (compile, the kernels' input,
the hidden-information probe's game start and redeal), its scenario's deck bookkeeping and its trace's
card words. The tiny example and guerra are built on it; docs/adding-a-game.md says what is left to
the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Any, ClassVar

import inspect

import numpy as np
import polars as pl
from pydantic import BaseModel, ConfigDict, Field as PydField

from sim.core.agents import AGENT_NAMES
from sim.core.cards import CardPoolBase, card_factions, faction_file, load_card_file
from sim.core.errors import InputError
from sim.core.hand_and_deck import (
    CS_ZONE, FIELD_VALUE, G_ACTIVE, G_OVER, G_TRACED, GAME, PAR_OWN, PS_HAND, PS_N_CARDS, PS_ORDER, PS_TOP, PS_ZONE_MASK,
    ZONE_DECK, ZONE_HAND, ZONE_OWN, begin_unit, hand_and_deck_workspace, play_card,
)
from sim.core.hidden import HandAndDeck, peek_decision, redeal_hand_and_deck
from sim.core.match import MatchConfig
from sim.core.ruleset import CompiledConfig, GameRecordShell
from sim.core.scenario import ScenarioShell
from sim.core.trace import TracedEvent, TraceWords

HAND_AND_DECK = HandAndDeck(zone=CS_ZONE, zone_masks=PS_ZONE_MASK, top=PS_TOP, order=PS_ORDER, hand=ZONE_HAND,
                            deck=ZONE_DECK)


class HandAndDeckParams(BaseModel):
    """The parameters the kit's kernels read; a game subclasses it with its own and names their
    kernel slots in `own_params` (an IntEnum numbered from sim.core.hand_and_deck.PAR_OWN), and sets
    `hand_size`'s default and rule by redeclaring it."""

    model_config = ConfigDict(extra="forbid", strict=True)  # as the spec wrote them: "5" is not 5
    own_params: ClassVar[type[IntEnum]]

    hand_size: int = PydField(3, ge=1, le=64, description="cards in a hand")
    debug_checks: bool = PydField(False, description="check card conservation after every step (slow; tests)")
    deck_position_top: int = PydField(3, ge=1, le=64, description="analysis: the top k of the shuffle for the "
                                      "deck-position effect (the opening hand)")

    def vector(self) -> np.ndarray:
        """The int64 vector the kernels read: the kit's slots (PAR_HAND_SIZE, PAR_DEBUG_CHECKS,
        PAR_DECK_TOP), then each of `own_params` from the parameter of its name in lower case."""
        vector = np.zeros(PAR_OWN + len(self.own_params), np.int64)
        vector[:PAR_OWN] = self.hand_size, int(self.debug_checks), self.deck_position_top
        for slot in self.own_params:
            vector[slot] = int(getattr(self, slot.name.lower()))
        return vector


class NumberedCard(BaseModel):
    """One [[card]] table of a numbered deck's faction file."""

    model_config = ConfigDict(extra="forbid", strict=True)  # value = "7" is refused, as the file wrote it

    id: str = PydField(pattern=r"^[A-Z]{2}-\d{2}$", description="faction prefix and number, e.g. RO-07")
    name: str = PydField(min_length=1)
    value: int = PydField(ge=1, le=99, description="the card's number")


@dataclass(frozen=True)
class NumberedDeck(CardPoolBase):
    """One faction's cards, validated and compiled: the side's whole deck. `frame` has id, name, value
    and cost (a card is worth its number), one row per card in file order; `table` is int32
    [max_cards, n_fields] with the value at FIELD_VALUE."""

    path: Path

    @property
    def files(self) -> tuple[Path, ...]:
        return (self.path,)

    @property
    def n_cards(self) -> int:
        return self.frame.height


@dataclass
class HandAndDeckConfig(CompiledConfig):
    """A config compiled for the kit's kernels: the shell's fields, each side's (agent, cards, forced
    draw) and the game's record dtype."""

    setup: np.ndarray = field(repr=False)  # int64 [agent, cards, forced draw; side]
    dtype: np.dtype = field(repr=False)

    def workspace(self) -> np.ndarray:
        return hand_and_deck_workspace(self.dtype, self.tab, self.par)


class HandAndDeckShell(GameRecordShell):
    """The shell of a game of numbered decks on the kit's layout: its cards (`card_model`, at most
    `max_cards` a file, a too-long file refused naming `deck_rule`), its compile, the kernels' input
    and the hidden-information probe's game start and redeal. The game sets these and
    `record_dtype`, `set_up_game` (its game.setup_game, as a staticmethod) and the usual attributes."""

    agents = AGENT_NAMES[:2]  # random and greedy
    weight_names = ()  # the agents take no weights: a spec's [side.weights] is refused
    default_weights = ()
    trace_switch = (GAME, G_TRACED)
    active_player = (GAME, G_ACTIVE)
    game_over = (GAME, G_OVER)
    card_model: ClassVar[type[NumberedCard]] = NumberedCard
    max_cards: ClassVar[int]
    n_fields: ClassVar[int] = 1
    deck_rule: ClassVar[str]  # the rule id that bounds a deck, e.g. "T-01"
    record_dtype: ClassVar[np.dtype]
    set_up_game: ClassVar[Any]

    # describe_filler's words in Spanish (sim.core.ruleset.RulesetShell.filler_words)
    filler_words = {r": a (?P<value>\d+), the deck's median value$": (r": un \g<value>, el valor mediano de la baraja",
                                                                     r": a \g<value>, the deck's median value")}

    @property
    def flag_width(self) -> int:
        return self.max_cards

    @property
    def cards_dir(self) -> Path:
        """The `cards/` folder beside the module that defines the game's class."""
        return Path(inspect.getfile(type(self))).parent / "cards"

    def vanilla_filler(self, deck: NumberedDeck, card_id: str) -> dict:
        """A plain card to stand in for `card_id` (causal card impact): the deck's median value."""
        deck.index_of(card_id)
        value = int(round(float(deck.frame["value"].median())))
        return {"name": f"Relleno ({value})", "value": value}

    def describe_filler(self, deck: NumberedDeck, card_id: str) -> str:
        """The filler as a designer reads it: "Relleno (6): a 6, the deck's median value"."""
        value = self.vanilla_filler(deck, card_id)["value"]
        return f"Relleno ({value}): a {value}, the deck's median value"

    def list_factions(self, cards_dir: Path) -> list[str]:
        return card_factions(cards_dir)

    def load_cards(self, faction: str, cards_dir: Path, overrides: dict[str, dict] | None = None) -> NumberedDeck:
        """Read, validate and compile one faction file; `overrides` (card id -> fields) are applied
        before validation, so a swept value is checked like a value in the file."""
        path = faction_file(cards_dir, faction)
        header, cards = load_card_file(path, self.card_model, overrides)
        if len(cards) > self.max_cards:
            raise InputError(f"{path}: {len(cards)} cards; a deck holds at most {self.max_cards} "
                             f"(rule {self.deck_rule})")
        values = [c.value for c in cards]
        frame = pl.DataFrame({"id": [c.id for c in cards], "name": [c.name for c in cards], "value": values,
                              "cost": values})
        table = np.zeros((self.max_cards, self.n_fields), np.int32)
        table[:len(cards), FIELD_VALUE] = values
        return NumberedDeck(faction, str(header.get("name", faction)), frame, table, path)

    def config_input(self, compiled: HandAndDeckConfig) -> np.ndarray:
        return compiled.setup.copy()  # each side's agent, cards and forced draw

    def compile(self, match: MatchConfig, config_id: str = "base") -> HandAndDeckConfig:
        """Validate the config against the card files and rule parameters and build the kernel arrays."""
        head = self.compile_head(match, config_id)
        cards = [pool.n_cards for pool in head["pools"]]
        return HandAndDeckConfig(**head, setup=np.array([head["agents"], cards, head["forced"]], np.int64),
                                 dtype=self.record_dtype)

    def begin_game(self, compiled: HandAndDeckConfig, ws: np.ndarray, seed: np.uint64) -> None:
        """Unit 0 of `seed` begun as the kernels begin it, side A first."""
        begin_unit(ws[0], 0, seed, False, compiled.setup)
        self.set_up_game(ws[0], np.int64(0))

    def begin_turn(self, g: np.void, p: int) -> None:
        """Nothing of a numbered-deck game comes before the active player's choice."""

    def redeal_hidden(self, g: np.void, side: int, rng: np.random.Generator) -> None:
        """Which of `side`'s cards are in its hand and which in its deck, and the deck order."""
        n = int(g["ps"][side, PS_N_CARDS])
        redeal_hand_and_deck(g, side, rng, HAND_AND_DECK, HAND_AND_DECK.cards_in(g, side, n, (ZONE_HAND, ZONE_DECK)), n)


class HandAndDeckScenario(ScenarioShell):
    """A scenario on the kit's layout: a clean record with every card in its deck in file order until
    the game deals, and the deck bookkeeping of setting a hand or a deck by hand. A card taken out of
    hand or deck goes to `played_zone`; `zone_names` names the game's zones for `zone`."""

    played_zone: ClassVar[int] = ZONE_OWN
    zone_names: ClassVar[dict[int, str]] = {ZONE_DECK: "deck", ZONE_HAND: "hand", ZONE_OWN: "played"}
    choose: ClassVar[Any]  # the game's agents.choose_card(g, side, the other side's card or -1), a staticmethod

    def set_up(self, seed: int) -> None:
        begin_unit(self.g, 0, np.uint64(seed), False, self.compiled.setup)
        for side in range(2):
            self.ps[side, PS_ORDER:PS_ORDER + int(self.ps[side, PS_N_CARDS])] = range(int(self.ps[side, PS_N_CARDS]))
            self._sync(side)

    def _sync(self, side: int) -> None:
        """Zone masks and the hand count from the zones, after a change by hand."""
        n = int(self.ps[side, PS_N_CARDS])
        zones = self.cs[side, :n, CS_ZONE]
        for zone in self.zone_names:
            self.ps[side, PS_ZONE_MASK + zone] = sum(1 << c for c in range(n) if zones[c] == zone)
        self.ps[side, PS_HAND] = int((zones == ZONE_HAND).sum())

    def _set_deck(self, side: int, order: list[int]) -> None:
        """The deck is exactly these cards, drawn in this order; whatever else was in it is played."""
        n = int(self.ps[side, PS_N_CARDS])
        for c in range(n):
            if self.cs[side, c, CS_ZONE] == ZONE_DECK and c not in order:
                self.cs[side, c, CS_ZONE] = self.played_zone
        for c in order:
            self.cs[side, c, CS_ZONE] = ZONE_DECK
        self.ps[side, PS_TOP] = n - len(order)
        self.ps[side, PS_ORDER + n - len(order):PS_ORDER + n] = order
        self._sync(side)

    def deal(self, first: int = 0) -> None:
        """The game's set-up (its game.setup_game): shuffle, deal the hands, `first` to play first."""
        self.ruleset.set_up_game(self.g, np.int64(first))

    def choice(self, side: int, answering: str | None = None) -> str:
        """The card the side's agent plays now (first, or answering the other side's card
        `answering`), without advancing its random stream."""
        other = -1 if answering is None else self.index(1 - side, answering)
        return self.compiled.pools[side].ids[peek_decision(self.choose, self.g, np.int64(side), np.int64(other))]

    def give(self, side: int, *card_ids: str) -> None:
        """These cards into the side's hand, from wherever they were."""
        wanted = [self.index(side, card_id) for card_id in card_ids]
        self._set_deck(side, [c for c in self._deck_order(side) if c not in wanted])
        for c in wanted:
            self.cs[side, c, CS_ZONE] = ZONE_HAND
        self._sync(side)

    def set_hand(self, side: int, *card_ids: str) -> None:
        """The hand is exactly these cards (from wherever they were); what else it held is played."""
        for c in np.flatnonzero(self.cs[side, :, CS_ZONE] == ZONE_HAND):
            self.cs[side, c, CS_ZONE] = self.played_zone
        self.give(side, *card_ids)

    def empty_deck(self, side: int) -> None:
        """Every card left in the deck is played: nothing more to draw."""
        self._set_deck(side, [])

    def play_card(self, side: int, card_id: str) -> None:
        """A card from the hand to the played cards, face up."""
        c = self.index(side, card_id)
        if self.cs[side, c, CS_ZONE] != ZONE_HAND:
            raise ValueError(f"{card_id} is not in side {side}'s hand")
        play_card(self.g, np.int64(side), np.int64(c), np.int64(self.played_zone))

    def redeal_hidden(self, side: int, rng: np.random.Generator) -> None:
        """What the other side cannot see of `side` dealt again (the probe's redeal)."""
        self.ruleset.redeal_hidden(self.g, side, rng)

    def _deck_order(self, side: int) -> list[int]:
        n = int(self.ps[side, PS_N_CARDS])
        return [int(c) for c in self.ps[side, PS_ORDER + int(self.ps[side, PS_TOP]):PS_ORDER + n]]

    def zone(self, side: int, card_id: str) -> str:
        return self.zone_names[int(self.cs[side, self.index(side, card_id), CS_ZONE])]

    def hand(self, side: int) -> list[str]:
        ids = self.compiled.pools[side].ids
        return [ids[c] for c in range(len(ids)) if self.cs[side, c, CS_ZONE] == ZONE_HAND]

    def deck(self, side: int) -> list[str]:
        """The deck, top card first."""
        return [self.compiled.pools[side].ids[c] for c in self._deck_order(side)]


RACE_RESULTS = {
    "es": {"points": "gana {who} por puntos", "cards_out": "gana {who}, sin cartas que jugar",
           "draw": "empate, sin cartas que jugar"},
    "en": {"points": "{who} wins on points", "cards_out": "{who} wins, no cards left to play",
           "draw": "a draw, no cards left to play"},
}


class NumberedTrace(TraceWords):
    """A numbered-card game's trace: a card is named with its number, 'Sol (9)'. A race to points
    that ends on points or with no card to play (end names "points" and "cards_out") sets
    `end_event`, its END event's code (player the winner or -1, c its end code), and `end_names`:
    the line's `result` is then the kit's words."""

    end_event: ClassVar[int | None] = None
    end_names: ClassVar[tuple[str, ...]] = ("points", "cards_out")

    def card(self, side: int, card: int) -> str:
        return f"{self.names[side][card]} ({self.tab[side, card, FIELD_VALUE]})"

    def fields(self, event: TracedEvent, lang: str) -> dict[str, object]:
        if event.code == self.end_event:
            result = self.end_names[event.c] if event.player >= 0 else "draw"
            return {"result": RACE_RESULTS[lang][result].format(who=self.who(event))}
        return {}
