"""Per-game state of the tiny game, and the one record every kernel function takes (the house
model: sim/rulesets/fortaleza/state.py says why a record).

- `g.cs[side, card, CS_*]` (int32): each card's zone and its Seen bits. A card is in exactly one
  zone by construction: its zone is one number (card conservation, checked by `conservation_errors`).
- `g.ps[row, PS_*]` (int64): rows 0 and 1 are the sides (points, the deck order and where its top
  is, one bitmask per zone); row GAME holds the round, the trace cursor, the leader and the result.
- `g.rng[stream]` (uint64): the game's random streams (sim.core.rng), a shuffle and an agent
  stream per side.
- `g.tr`: the trace buffer, written only when `g.ps[GAME, G_TRACED]` is set.
- Constant tables the kernels read but never write, copied in once per workspace: `g.tab[side,
  card, Field]` and `g.par[Param]`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import move_card
from sim.core.records import TRACE_CURSOR, TRACE_ON, TRACE_ROW, TRACE_TURN, game_records
from sim.core.rng import SIDE_STRIDE, Purpose, stream_key
from tests.rulesets.tiny.constants import MAX_CARDS, MAX_EVENTS, N_FIELDS, N_PARAMS, N_ZONES, Zone

# cs[side, card, ...]
CS_ZONE = 0
CS_FLAGS = 1  # Seen bits behind the card-impact counters
N_CS = 2

# ps[side, ...]
PS_POINTS = 0  # rounds won (rule T-03)
PS_TOP = 1  # the next deck position to draw
PS_N_CARDS = 2  # cards in the deck file (rule T-01)
PS_HAND = 3  # cards in hand
PS_AGENT = 4
PS_FORCED = 5  # the forced-draw request (sim.core.forced_draw), 0 for none
PS_ORDER = 8  # deck order: ps[side, PS_ORDER + i] is the card at deck position i
PS_ZONE_MASK = PS_ORDER + MAX_CARDS  # ps[side, PS_ZONE_MASK + zone]: bit c set when card c is in that zone
N_PS = PS_ZONE_MASK + N_ZONES

# ps[GAME, ...]
GAME = TRACE_ROW  # the trace (sim.core.records.record) reads the round, its cursor and its switch here
G_TURN = TRACE_TURN  # the round being played, from 0
G_TRACE_N = TRACE_CURSOR
G_TRACED = TRACE_ON  # 1 when this game writes its events to g.tr
G_LEADER = 3  # who leads this round (rule T-04)
G_OVER = 4
G_WINNER = 5  # 0, 1, or -1 for a draw
G_END = 6

# rng streams of a game: side * 2 + purpose
ST_SHUFFLE = 0
ST_AGENT = 1
N_STREAMS = 4

GAME_DTYPE = np.dtype([
    ("tab", np.int32, (2, MAX_CARDS, N_FIELDS)),
    ("par", np.int64, (N_PARAMS,)),
    ("cs", np.int32, (2, MAX_CARDS, N_CS)),
    ("ps", np.int64, (3, N_PS)),
    ("rng", np.uint64, (N_STREAMS,)),
    ("tr", np.int32, (MAX_EVENTS, 6)),
], align=True)


def new_workspace(tab: np.ndarray, par: np.ndarray) -> np.ndarray:
    """The records one thread reuses for every game it plays, each holding a copy of the config's
    constant tables: ws[0] is the game, the `g` the kernels take; ws[1] the second record of the house
    signature (sim.core.ruleset.GameRecordShell), where a search agent would play, unused here."""
    return game_records(GAME_DTYPE, tab=tab, par=par)


@njit(cache=True, _nrt=False, inline="always")
def move(g: np.void, side: int, c: int, zone: int) -> None:
    """Put card c of `side` in `zone`, keeping the zone bitmasks in step with the zones."""
    move_card(g.cs, g.ps, side, c, zone, CS_ZONE, PS_ZONE_MASK)


@njit(cache=True, _nrt=False, inline="always")
def in_zone(g: np.void, side: int, zone: int) -> np.int64:
    """The bitmask of the side's cards in `zone`."""
    return g.ps[side, PS_ZONE_MASK + zone]


@njit(cache=True, _nrt=False)
def seed_streams(g: np.void, seed: np.uint64, pair: np.uint64) -> None:
    """Key every stream of one game from (run seed, pair, side, purpose)."""
    for side in range(2):
        g.rng[side * 2 + ST_SHUFFLE] = stream_key(seed, pair, np.uint64(side * SIDE_STRIDE + Purpose.SHUFFLE))
        g.rng[side * 2 + ST_AGENT] = stream_key(seed, pair, np.uint64(side * SIDE_STRIDE + Purpose.AGENT))


@njit(cache=True, _nrt=False)
def conservation_errors(g: np.void) -> int:
    """Card conservation, for the debug checks: every card of a side is in one of its zones, the
    zone masks and the hand count agree with the zones, no mask holds a card the deck file does not
    have, and the deck order from its top lists exactly the cards in the deck, each once. Returns
    the number of problems found (0 in a sound state)."""
    cs, ps = g.cs, g.ps
    problems = 0
    for side in range(2):
        n = ps[side, PS_N_CARDS]
        hand = 0
        for zone in range(N_ZONES):
            mask = np.int64(0)
            for c in range(n):
                if cs[side, c, CS_ZONE] == zone:
                    mask |= np.int64(1) << np.int64(c)
            if mask != ps[side, PS_ZONE_MASK + zone]:
                problems += 1
        for c in range(n):
            z = cs[side, c, CS_ZONE]
            if z < 0 or z >= N_ZONES:
                problems += 1
            if z == Zone.HAND:
                hand += 1
        if hand != ps[side, PS_HAND]:
            problems += 1
        listed = np.int64(0)
        for i in range(ps[side, PS_TOP], n):
            c = ps[side, PS_ORDER + i]
            if c < 0 or c >= n or cs[side, c, CS_ZONE] != Zone.DECK or listed >> np.int64(c) & np.int64(1):
                problems += 1
            else:
                listed |= np.int64(1) << np.int64(c)
        if listed != ps[side, PS_ZONE_MASK + Zone.DECK]:
            problems += 1
    return problems
