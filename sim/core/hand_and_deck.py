"""The hand-and-deck kit: the kernel half of a game whose sides each shuffle a deck and draw a hand
from it, written once so that such a game does not copy it.

Two levels:

- Building blocks on a game record's arrays, with the game's own columns as arguments, that every
  game uses whatever its layout: `shuffle_order` (Fisher-Yates on a deck's order),
  `clear_keeping_trace` (a clean `ps` for the next game), `zone_mask_problems` and
  `deck_order_problems` (the card-conservation checks of the zone masks and the deck order).
- A standard layout (the columns below) and the kernels on it, for a game of numbered cards such as
  the tiny example and guerra: the record's dtype, `reset`, `seed_streams`, `shuffle_decks` (with
  the forced draw and the Seen bits), `draw`, `play_card`, `deal_hands`, `end_game`,
  `conservation_errors`, `begin_unit` and `write_unit` (what `play_unit` does besides the game).
  Such a game names its own columns after the kit's: `first_own_column(max_cards)` in a side's row of
  `ps`, `G_OWN` in the game row, `CS_OWN` in `cs`, `PAR_OWN` in `par`, `ZONE_OWN` for its zones.

Every function is `cache=True` but `draw` and `deal_hands`, which take the game's own DRAW event (an
IntEnum member) and are only ever inlined: a cached kernel of sim/ compiled with a game's enum would
name the game's module in the shared cache's index (tests/core/test_engine_cache.py), as
sim.core.records.record says. A function that takes a game's record is inlined into the game's
kernels (`inline="always"`) where it sits in the game's loop, so it runs as though the game had
written it. What numba cannot share from
its cache are functions built by a factory, or a compiled function handed to another as an
argument: the game's `play_unit` and `play_range` stay the game's (docs/adding-a-game.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count, lowest_bit, move_card
from sim.core.forced_draw import force_card
from sim.core.records import (
    COUNTER_BITS, TRACE_CURSOR, TRACE_ON, TRACE_ROW, TRACE_TURN, Seen, game_records, record, seat_of_unit,
    write_record_head,
)
from sim.core.rng import SIDE_STRIDE, Purpose, below, stream_key
from sim.core.turns import GAME_ACTIVE, GAME_FIRST, GAME_OVER


# -- building blocks, any layout ---------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def shuffle_order(order: np.ndarray, first: int, n: int, rng: np.ndarray, stream: int) -> None:
    """Fisher-Yates on order[first:first + n] (a deck, top first), drawing from stream `stream`: the
    one shuffle every game's rules name."""
    for i in range(n - 1, 0, -1):
        j = below(rng, stream, i + 1)
        tmp = order[first + i]
        order[first + i] = order[first + j]
        order[first + j] = tmp


@njit(cache=True, _nrt=False, inline="always")
def clear_keeping_trace(ps: np.ndarray, end: int) -> None:
    """ps[:, :end] to zero for the next game, the trace's switch and cursor kept (a traced story or
    scenario records its games one after another)."""
    traced = ps[TRACE_ROW, TRACE_ON]
    cursor = ps[TRACE_ROW, TRACE_CURSOR]
    ps[:, :end] = 0
    ps[TRACE_ROW, TRACE_ON] = traced
    ps[TRACE_ROW, TRACE_CURSOR] = cursor


@njit(cache=True, _nrt=False)
def zone_mask_problems(cs: np.ndarray, ps: np.ndarray, side: int, zone_col: int, masks_col: int, n_zones: int,
                       n_cards: int) -> int:
    """Card conservation: each zone's bitmask ps[side, masks_col + zone] holds exactly the cards
    0..n_cards-1 whose code cs[side, c, zone_col] is that zone. The zones that disagree."""
    problems = 0
    for zone in range(n_zones):
        mask = np.int64(0)
        for c in range(n_cards):
            if cs[side, c, zone_col] == zone:
                mask |= np.int64(1) << np.int64(c)
        if mask != ps[side, masks_col + zone]:
            problems += 1
    return problems


@njit(cache=True, _nrt=False)
def deck_order_problems(cs: np.ndarray, ps: np.ndarray, side: int, zone_col: int, deck_zone: int, masks_col: int,
                        top_col: int, order_col: int, end: int, n_cards: int) -> int:
    """Card conservation: the deck order ps[side, order_col + top .. order_col + end) lists exactly
    the cards in the deck zone, each once (cards 0..n_cards-1). The problems found."""
    problems = 0
    listed = np.int64(0)
    for i in range(ps[side, top_col], end):
        c = ps[side, order_col + i]
        if c < 0 or c >= n_cards or cs[side, c, zone_col] != deck_zone or listed >> np.int64(c) & np.int64(1):
            problems += 1
        else:
            listed |= np.int64(1) << np.int64(c)
    if listed != ps[side, masks_col + deck_zone]:
        problems += 1
    return problems


# -- the standard layout -----------------------------------------------------------------------------
# cs[side, card, ...]
CS_ZONE = 0
CS_FLAGS = 1  # Seen bits behind the card-impact counters (sim.core.records.Seen)
CS_OWN = 2  # the game's own card columns from here

# ps[side, ...]
PS_TOP = 0  # the next deck position to draw
PS_N_CARDS = 1  # cards in the deck file
PS_HAND = 2  # cards in hand
PS_AGENT = 3
PS_FORCED = 4  # the forced-draw request (sim.core.forced_draw), 0 for none
PS_ZONE_MASK = 5  # ps[side, PS_ZONE_MASK + zone]: bit c set when card c is in that zone
MAX_ZONES = 8
PS_ORDER = PS_ZONE_MASK + MAX_ZONES  # deck order: ps[side, PS_ORDER + i] is the card at deck position i


def first_own_column(max_cards: int) -> int:
    """The first column of a side's row of `ps` that is the game's own, after the deck order."""
    return PS_ORDER + max_cards


# ps[GAME, ...]: the trace's columns (sim.core.records), then the turn loop's (sim.core.turns)
GAME = TRACE_ROW
G_TURN = TRACE_TURN  # the round or turn being played, from 0
G_TRACE_N = TRACE_CURSOR
G_TRACED = TRACE_ON  # 1 when this game writes its events to g.tr
G_ACTIVE = GAME_ACTIVE  # the side whose turn (or lead) it is
G_OVER = GAME_OVER
G_WINNER = 5  # 0, 1, or -1 for a draw
G_END = 6  # the end reason, the game's End code
G_FIRST = GAME_FIRST
G_OWN = 8  # the game's own columns of the game row from here

# zones
ZONE_DECK = 0
ZONE_HAND = 1
ZONE_OWN = 2  # the game's own zones (played, discarded...) from here

# par[...]: the parameters the kit reads (sim.core.hand_and_deck_game.HandAndDeckParams)
PAR_HAND_SIZE = 0
PAR_DEBUG_CHECKS = 1
PAR_DECK_TOP = 2  # analysis: the top k of the first shuffle (the deck-position effect)
PAR_OWN = 3  # the game's own parameters from here

FIELD_VALUE = 0  # tab[side, card, FIELD_VALUE]: a numbered card's number (sim.core.hand_and_deck_game)

# rng streams of a game: side * 2 + purpose
ST_SHUFFLE = 0
ST_AGENT = 1
N_STREAMS = 4


def hand_and_deck_dtype(max_cards: int, n_fields: int, n_params: int, n_ps: int, max_events: int,
                        n_cs: int = CS_OWN) -> np.dtype:
    """The game record of the standard layout: the card table `tab[side, card, field]`, `par`, the
    cards' columns `cs`, the sides' and the game's rows `ps`, the random streams `rng` and the
    trace buffer `tr` (an aligned structured dtype: one record per game, sim/rulesets/fortaleza/state.py
    says why a record)."""
    return np.dtype([
        ("tab", np.int32, (2, max_cards, n_fields)),
        ("par", np.int64, (n_params,)),
        ("cs", np.int32, (2, max_cards, n_cs)),
        ("ps", np.int64, (3, n_ps)),
        ("rng", np.uint64, (N_STREAMS,)),
        ("tr", np.int32, (max_events, 6)),
    ], align=True)


def hand_and_deck_workspace(dtype: np.dtype, tab: np.ndarray, par: np.ndarray) -> np.ndarray:
    """The records one thread reuses for every game: ws[0] the game, the `g` the kernels take; ws[1]
    the second record of the house signature, where a search agent would play its worlds."""
    return game_records(dtype, tab=tab, par=par)


@njit(cache=True, _nrt=False, inline="always")
def move(g: np.void, side: int, c: int, zone: int) -> None:
    """Put card c of `side` in `zone`, keeping the zone bitmasks in step with the zones."""
    move_card(g.cs, g.ps, side, c, zone, CS_ZONE, PS_ZONE_MASK)


@njit(cache=True, _nrt=False, inline="always")
def in_zone(g: np.void, side: int, zone: int) -> np.int64:
    """The bitmask of the side's cards in `zone`."""
    return g.ps[side, PS_ZONE_MASK + zone]


@njit(cache=True, _nrt=False)
def hand_cards(g: np.void, side: int) -> np.int64:
    """What a side may play in a game where any card of the hand may be played (no suit to follow,
    no cost): the cards of its hand, as a mask."""
    return in_zone(g, side, ZONE_HAND)


@njit(cache=True, _nrt=False)
def reset(g: np.void, setup: np.ndarray) -> None:
    """A clean record for the next game, `setup` being (agent, cards, forced draw) per side; the
    constant tables and the trace's switch and cursor are kept."""
    ps = g.ps
    g.cs[:, :, :] = 0
    clear_keeping_trace(ps, ps.shape[1])
    for side in range(2):
        ps[side, PS_AGENT] = setup[0, side]
        ps[side, PS_N_CARDS] = setup[1, side]
        ps[side, PS_FORCED] = setup[2, side]


@njit(cache=True, _nrt=False)
def seed_streams(g: np.void, seed: np.uint64, pair: np.uint64) -> None:
    """Key every stream of one game from (run seed, pair, side, purpose): a shuffle and an agent
    stream per side."""
    for side in range(2):
        g.rng[side * 2 + ST_SHUFFLE] = stream_key(seed, pair, np.uint64(side * SIDE_STRIDE + Purpose.SHUFFLE))
        g.rng[side * 2 + ST_AGENT] = stream_key(seed, pair, np.uint64(side * SIDE_STRIDE + Purpose.AGENT))


@njit(cache=True, _nrt=False)
def begin_unit(g: np.void, u: int, seed: np.uint64, mirrored: bool, setup: np.ndarray) -> np.int64:
    """Begin unit u in `g`: a clean record (`reset`), its streams keyed by its seat-mirrored pair.
    Returns the side that goes first (sim.core.records.seat_of_unit)."""
    pair, first = seat_of_unit(u, mirrored)
    reset(g, setup)
    seed_streams(g, seed, pair)
    return first


@njit(cache=True, _nrt=False, inline="always")
def write_unit(rows: np.ndarray, flags: np.ndarray, g: np.void, u: int, first: int, turns: int) -> None:
    """rows[0]'s shared columns (sim.core.records.write_record_head) from the game row, and flags[0]
    from the cards' Seen bits; the game writes its own columns after."""
    ps = g.ps
    write_record_head(rows, 0, u, 0, first, ps[GAME, G_WINNER], ps[GAME, G_END], turns)
    for side in range(2):
        for c in range(flags.shape[2]):
            flags[0, side, c] = g.cs[side, c, CS_FLAGS] & COUNTER_BITS


@njit(cache=True, _nrt=False)
def shuffle_decks(g: np.void) -> None:
    """Each side's whole card file is its deck, shuffled (Fisher-Yates on its shuffle stream), then
    its forced-draw request applied (sim.core.forced_draw); every card marked in the deck, and the
    top `PAR_DECK_TOP` marked for the deck-position effect."""
    ps = g.ps
    for side in range(2):
        n = ps[side, PS_N_CARDS]
        for c in range(n):
            move(g, side, c, ZONE_DECK)
            ps[side, PS_ORDER + c] = c
        shuffle_order(ps[side], PS_ORDER, n, g.rng, side * 2 + ST_SHUFFLE)
        force_card(ps[side], PS_ORDER, n, ps[side, PS_FORCED])
        ps[side, PS_TOP] = 0
        for i in range(n):
            g.cs[side, ps[side, PS_ORDER + i], CS_FLAGS] |= Seen.IN_DECK | (Seen.TOP if i < g.par[PAR_DECK_TOP] else 0)


@njit(_nrt=False, inline="always")
def draw(g: np.void, side: int, opening: bool, event: int) -> np.int64:
    """The top card of the side's deck to its hand, marked drawn (or in the opening hand) and traced
    as the game's `event` (player the side, a the card): the card, or -1 when the deck is empty."""
    ps = g.ps
    if ps[side, PS_TOP] >= ps[side, PS_N_CARDS]:
        return np.int64(-1)
    c = ps[side, PS_ORDER + ps[side, PS_TOP]]
    ps[side, PS_TOP] += 1
    move(g, side, c, ZONE_HAND)
    ps[side, PS_HAND] += 1
    g.cs[side, c, CS_FLAGS] |= Seen.OPENING if opening else Seen.DRAWN
    record(g, side, event, c, 0, 0)
    return c


@njit(_nrt=False, inline="always")
def deal_hands(g: np.void, first: int, event: int) -> None:
    """The opening hands: `PAR_HAND_SIZE` cards each (`draw`), side `first` first."""
    for side in (first, 1 - first):
        for _ in range(g.par[PAR_HAND_SIZE]):
            draw(g, side, True, event)


@njit(cache=True, _nrt=False, inline="always")
def random_card(g: np.void, side: int, options: np.int64) -> np.int64:
    """A uniform card of the non-empty mask `options`, from the side's agent stream: a random agent."""
    k = below(g.rng, side * 2 + ST_AGENT, bit_count(options))
    for _ in range(k):
        options &= options - np.int64(1)
    return lowest_bit(options)


@njit(cache=True, _nrt=False, inline="always")
def play_card(g: np.void, side: int, c: int, zone: int) -> None:
    """A card from the hand to `zone` (played, face up), marked played."""
    move(g, side, c, zone)
    g.ps[side, PS_HAND] -= 1
    g.cs[side, c, CS_FLAGS] |= Seen.PLAYED


@njit(cache=True, _nrt=False, inline="always")
def end_game(g: np.void, winner: int, end: int) -> None:
    """The game is over: `winner` (0, 1, or -1 for a draw) by the end reason `end`."""
    ps = g.ps
    ps[GAME, G_OVER] = 1
    ps[GAME, G_WINNER] = winner
    ps[GAME, G_END] = end


@njit(cache=True, _nrt=False)
def conservation_errors(g: np.void, n_zones: int) -> int:
    """Card conservation, for the debug checks: every card of a side is in one of its `n_zones`
    zones, the zone masks and the hand count agree with the zones, and the deck order from its top
    lists exactly the cards in the deck, each once. The number of problems (0 in a sound state)."""
    cs, ps = g.cs, g.ps
    problems = 0
    for side in range(2):
        n = ps[side, PS_N_CARDS]
        for c in range(n):
            if cs[side, c, CS_ZONE] < 0 or cs[side, c, CS_ZONE] >= n_zones:
                problems += 1
        problems += zone_mask_problems(cs, ps, side, CS_ZONE, PS_ZONE_MASK, n_zones, n)
        if bit_count(ps[side, PS_ZONE_MASK + ZONE_HAND]) != ps[side, PS_HAND]:
            problems += 1
        problems += deck_order_problems(cs, ps, side, CS_ZONE, ZONE_DECK, PS_ZONE_MASK, PS_TOP, PS_ORDER, n, n)
    return problems
