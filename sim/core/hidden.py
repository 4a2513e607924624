"""Invariant 5 of the contract, the hidden-information probe, written once for the games played on a
game record (sim.core.ruleset.GameRecordShell): a player's decisions never change with what it
cannot see of the opponent.

`HiddenInformationProbe.hidden_information_probe` reaches positions by play, takes the decisions of
the player to move, deals again what that player cannot see of the opponent, and takes them again.
The default `play_to_position` plays whole turns that alternate between the sides from the start of
a game, the way the game's kernels play them, then begins the next player's turn. What a game writes
(its hidden.py) is only what is its own: how a game begins and a turn begins, which decisions its
agents take in a position, and what of a side is hidden (`redeal_hand_and_deck` deals a hand and a
deck again; a game adds its face-down cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterator, Sequence

import numpy as np

from sim.core.bitsets import move_card
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.records import TRACE_ROW, TRACE_TURN


def peek_decision(choose: Callable[..., Any], g: np.void, *args: Any) -> Any:
    """What `choose(g, *args)` (an agent's choice) decides now, with the record's random streams put
    back after it: asked twice in the same position, an agent answers the same, and the game goes
    on as though it had not been asked."""
    kept = g["rng"].copy()
    try:
        return choose(g, *args)
    finally:
        g["rng"][:] = kept


@dataclass(frozen=True)
class HandAndDeck:
    """Where a game record keeps a side's hand and deck: the columns and zone codes of its state.py."""

    zone: int  # cs[side, card, zone]: the card's zone code
    zone_masks: int  # ps[side, zone_masks + zone]: the zone's cards as a bitmask (sim.core.bitsets.move_card)
    top: int  # ps[side, top]: the next deck position to draw
    order: int  # ps[side, order + i]: the card at deck position i
    hand: int  # the hand's zone code
    deck: int  # the deck's zone code

    def __post_init__(self) -> None:
        # plain ints: a game's IntEnum member handed to the shared move_card would be compiled into
        # sim.core's cached kernels under the game's own type, naming a module other games cannot import
        for name in ("zone", "zone_masks", "top", "order", "hand", "deck"):
            object.__setattr__(self, name, int(getattr(self, name)))

    def cards_in(self, g: np.void, side: int, n_cards: int, zones: Sequence[int]) -> list[int]:
        """The side's cards 0..n_cards-1 that lie in one of `zones`."""
        cs = g["cs"]
        return [c for c in range(n_cards) if cs[side, c, self.zone] in zones]


def redeal_hand_and_deck(g: np.void, side: int, rng: np.random.Generator, where: HandAndDeck,
                         hidden: Sequence[int], n_deck: int) -> list[int]:
    """Deal the `hidden` cards of `side` (those of its hand and deck the opponent cannot see) again, in
    an order from `rng`: as many to the hand as it held of them, the others to the deck, which ends
    at position `n_deck` and is read from `where.top`. Zones change as the kernels' `move` changes
    them, the zone masks in step; the counts stay as they were. Returns the cards as dealt."""
    cs, ps = g["cs"], g["ps"]
    in_hand = sum(int(cs[side, c, where.zone] == where.hand) for c in hidden)
    dealt = [int(c) for c in rng.permutation(list(hidden))]
    for k, c in enumerate(dealt):
        move_card(cs, ps, side, c, where.hand if k < in_hand else where.deck, where.zone, where.zone_masks)
    deck = dealt[in_hand:]
    ps[side, where.top] = n_deck - len(deck)
    ps[side, where.order + n_deck - len(deck):where.order + n_deck] = deck
    return dealt


class HiddenInformationProbe:
    """The probe of a game played on a game record (mixed into GameRecordShell). A game sets the
    columns of its record the turns are kept in, and writes the hooks whose docstrings begin "The
    game's"; a game whose turns do not simply alternate (the tiny game's round winner leads) writes
    its own `play_to_position`."""

    probe_turns: ClassVar[tuple[int, int]] = (2, 16)  # a position comes after lo..hi-1 whole turns
    active_player: ClassVar[tuple[int, int]]  # (GAME, G_ACTIVE) of the game's state.py: who plays the turn
    game_over: ClassVar[tuple[int, int]]  # (GAME, G_OVER): set once the game has ended

    # -- the game's hooks ----------------------------------------------------------------------
    def begin_game(self, compiled: Any, ws: np.ndarray, seed: np.uint64) -> None:
        """The game's: begin a game in the workspace's record ws[0] as its kernels begin one (a clean
        record, streams keyed by `seed` and pair 0, the set-up with side 0 first)."""
        raise NotImplementedError

    def play_turn(self, g: np.void, world: np.void) -> None:
        """The game's: play the active player's whole turn in `g` (a hard player searches in `world`)."""
        raise NotImplementedError

    def begin_turn(self, g: np.void, p: int) -> None:
        """The game's: begin p's turn up to its first decisions (what the rules do before it chooses)."""
        raise NotImplementedError

    def decisions(self, g: np.void, world: np.void, p: int) -> list:
        """The game's: everything p's agent would decide in this position, each decision asked without
        moving the game on (`peek_decision`); a hard player's searched ones played out in `world`."""
        raise NotImplementedError

    def redeal_hidden(self, g: np.void, side: int, rng: np.random.Generator) -> None:
        """The game's: deal again what the opponent cannot see of `side` (`redeal_hand_and_deck`, and
        the game's face-down cards)."""
        raise NotImplementedError

    # -- the probe -----------------------------------------------------------------------------
    def probe_pairings(self) -> list[tuple[str, str]]:
        """The sides the probe's games are played between: the first two factions, both ways round."""
        first, second = self.list_factions(self.cards_dir)[:2]
        return [(first, second), (second, first)]

    def positions_in_play(self, seed: int, n: int, agent: str, rng: np.random.Generator) -> Iterator[tuple]:
        """Up to n positions reached by play, `agent` on both sides of each of `probe_pairings` in
        turn, game k from seed + k: yields (workspace, the player to move). The hard agents' tests
        read them too."""
        configs = [self.compile(MatchConfig("positions in play", tuple(
            SideConfig(faction, default_label(faction, i), agent) for i, faction in enumerate(pairing))))
            for pairing in self.probe_pairings()]
        for k in range(n):
            compiled = configs[k % len(configs)]
            ws = compiled.workspace()
            p = self.play_to_position(compiled, ws, np.uint64(seed + k), rng)
            if p is not None:
                yield ws, p

    def play_to_position(self, compiled: Any, ws: np.ndarray, seed: np.uint64, rng: np.random.Generator) -> int | None:
        """Play a game from its start for a number of whole turns drawn from `probe_turns`, the sides
        taking turns from side 0, then begin the next player's turn: that player, or None when the
        game ended on the way."""
        g, ps = ws[0], ws[0]["ps"]
        self.begin_game(compiled, ws, seed)
        turns = int(rng.integers(*self.probe_turns))
        for turn in range(turns):
            ps[self.active_player] = turn % 2
            ps[TRACE_ROW, TRACE_TURN] = turn
            self.play_turn(g, ws[1])
            if ps[self.game_over]:
                return None
        p = turns % 2
        ps[self.active_player] = p
        ps[TRACE_ROW, TRACE_TURN] = turns
        self.begin_turn(g, p)
        return None if ps[self.game_over] else p

    def hidden_information_probe(self, seed: int, n: int, agent: str = "greedy") -> tuple[int, int]:
        """Invariant 5, in the positions of n games played part way by `agent` on both sides: the
        decisions of the player to move, then again with what it cannot see of the opponent dealt
        again (`redeal_hidden`). Returns (decisions compared, decisions that changed): (0, 0) for a
        game whose players never choose (`players_decide` False), which then writes no hooks."""
        if not self.players_decide:
            return 0, 0
        rng = np.random.default_rng(seed)
        compared = changed = 0
        for ws, p in self.positions_in_play(seed, n, agent, rng):
            g = ws[0]
            searched = None if self.decisions_slot is None else int(g["ps"][p, self.decisions_slot])
            before = self.decisions(g, ws[1], p)
            self.redeal_hidden(g, 1 - p, rng)
            if searched is not None:  # a hard player's worlds are keyed by it: the same both times
                g["ps"][p, self.decisions_slot] = searched
            after = self.decisions(g, ws[1], p)
            compared += len(before)
            changed += sum(x != y for x, y in zip(before, after)) + abs(len(before) - len(after))
        return compared, changed
