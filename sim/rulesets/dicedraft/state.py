"""Per-game state of dicedraft: three small arrays, cheap to copy for a lookahead agent.

- `cs[side, card, CS_*]` (int16): each card's zone, seen-flags and the turn it was put down. A card
  is in exactly one zone by construction (card conservation).
- `ps[row, PS_*]` (int64): rows 0 and 1 are the players (lives, deck order and position, budget...),
  row GAME holds the turn counter and the trace cursor.
- `rng[stream]` (uint64): the game's random streams (sim.core.rng), one per side and purpose.

Constant tables the kernels read but never write: `tab[side, card, Field]` (card stats),
`val[viewer, side, card]` (what each side's agent thinks a card is worth), `w[side, Weight]`,
`par[Param]`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import SIDE_STRIDE, Purpose, stream_key
from sim.rulesets.dicedraft.constants import MAX_CARDS, Field, Kind, Zone

# cs[side, card, ...]
CS_ZONE = 0
CS_FLAGS = 1
CS_ENTERED = 2
N_CS = 3

# ps[player, ...]
PS_LIVES = 0
PS_TOP = 1  # next deck position to draw
PS_DECK_LEN = 2
PS_BUDGET = 3
PS_REDRAFTS = 4
PS_N_CARDS = 5
PS_TURNS = 6  # turns this player has begun
PS_AGENT = 7
PS_DRAFTER = 8
PS_ORDER = 16  # deck order: ps[p, PS_ORDER + i] is the card at deck position i
N_PS = PS_ORDER + MAX_CARDS

# ps[GAME, ...]
GAME = 2
G_TURN = 0
G_TRACE_N = 1

# rng streams of a game: side * 4 + purpose - 1, then one shared stream
N_STREAM_PURPOSES = 4
ST_STAGE = 8
N_STREAMS = 9

# fights[f, ...]: one fight per blocked attacker group (rules D-08, D-10, D-11)
F_A0 = 0  # first attacker (the one that receives the counterattack, rule D-10)
F_A1 = 1  # second attacker against a double blocker, else -1
F_D0 = 2
F_D1 = 3  # second defender against a double attacker, else -1
F_ATQ_A = 4  # dice boosts of this combat (rule D-13), added once per side (rule D-14)
F_DEF_A = 5
F_ATQ_D = 6
F_DEF_D = 7
N_F = 8


@njit(cache=True, inline="always")
def stream(side: int, purpose: int) -> int:
    """Index in `rng` of a side's stream for `purpose` (a sim.core.rng.Purpose below STAGE)."""
    return side * N_STREAM_PURPOSES + purpose - 1


@njit(cache=True)
def seed_streams(rng: np.ndarray, seed: np.uint64, unit: np.uint64, stage: int) -> None:
    """Key every stream of one game from (run seed, unit, stage, side, purpose)."""
    base = np.uint64(stage * 64)
    for side in range(2):
        for purpose in range(1, N_STREAM_PURPOSES + 1):
            code = base + np.uint64(side * SIDE_STRIDE + purpose)
            rng[stream(side, purpose)] = stream_key(seed, unit, code)
    rng[ST_STAGE] = stream_key(seed, unit, base + np.uint64(Purpose.STAGE))


@njit(cache=True, inline="always")
def record(tr: np.ndarray, ps: np.ndarray, player: int, code: int, a: int, b: int, c: int) -> None:
    """Record one event when this game is traced (an empty buffer means: not traced)."""
    if tr.shape[0] == 0:
        return
    n = ps[GAME, G_TRACE_N]
    if n < tr.shape[0]:
        tr[n, 0] = ps[GAME, G_TURN]
        tr[n, 1] = player
        tr[n, 2] = code
        tr[n, 3] = a
        tr[n, 4] = b
        tr[n, 5] = c
    ps[GAME, G_TRACE_N] = n + 1


@njit(cache=True, inline="always")
def is_character(tab: np.ndarray, side: int, card: int) -> bool:
    return tab[side, card, Field.KIND] == Kind.CHARACTER


@njit(cache=True)
def count_in_zone(cs: np.ndarray, ps: np.ndarray, side: int, zone: int) -> int:
    n = 0
    for c in range(ps[side, PS_N_CARDS]):
        if cs[side, c, CS_ZONE] == zone:
            n += 1
    return n


@njit(cache=True)
def new_state(n_cards_a: int, n_cards_b: int) -> tuple:
    """Fresh arrays for one game: every card in the reserve, no deck yet."""
    cs = np.zeros((2, MAX_CARDS, N_CS), np.int16)
    ps = np.zeros((3, N_PS), np.int64)
    rng = np.zeros(N_STREAMS, np.uint64)
    fights = np.zeros((MAX_CARDS, N_F), np.int32)
    ps[0, PS_N_CARDS] = n_cards_a
    ps[1, PS_N_CARDS] = n_cards_b
    for side in range(2):
        for c in range(MAX_CARDS):
            cs[side, c, CS_ZONE] = Zone.RESERVE
    return cs, ps, rng, fights
