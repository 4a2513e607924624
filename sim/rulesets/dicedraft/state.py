"""Per-game state of dicedraft: three small arrays, cheap to copy for a lookahead agent.

- `cs[side, card, CS_*]` (int16): each card's zone, seen-flags and the turn it was put down. A card
  is in exactly one zone by construction (card conservation).
- `ps[row, PS_*]` (int64): rows 0 and 1 are the players (lives, deck order and position, budget...),
  row GAME holds the turn counter and the trace cursor. Each player's zones are also kept as card
  masks (`PS_ZONE_MASK + zone`, sim.core.bitsets), with the masks of its characters and of its cards
  revealed so far: `move` is the one place that changes a zone, and keeps both in step.
- `rng[stream]` (uint64): the game's random streams (sim.core.rng), one per side and purpose.

Constant tables the kernels read but never write: `tab[side, card, Field]` (card stats),
`val[viewer, side, card]` (what each side's agent thinks a card is worth), `w[side, Weight]`,
`par[Param]`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import move_card
from sim.core.records import TRACE_CURSOR, TRACE_ROW, TRACE_TURN, record  # noqa: F401 (kernels import it here)
from sim.core.rng import SIDE_STRIDE, Purpose, stream_key
from sim.draft.budget import knapsack_scratch
from sim.rulesets.dicedraft.constants import MAX_CARDS, Field, Kind, Seen, Zone

N_ZONES = len(Zone)

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
PS_ZONE_MASK = 9  # ps[p, PS_ZONE_MASK + zone]: bit c set when card c is in that zone (constants.Zone)
PS_REVEALED = 14  # cards turned face up (decision in rules.md: when it attacks, blocks or is used)
PS_CHARS = 15  # the pool's characters (the rest are dice cards), fixed for a config
PS_ORDER = 16  # deck order: ps[p, PS_ORDER + i] is the card at deck position i
PS_BY_COST = PS_ORDER + MAX_CARDS  # the pool's cards from cheapest to dearest, for the re-draft (rule D-16)
PS_FORCED = PS_BY_COST + MAX_CARDS  # the forced-draw request (sim.core.forced_draw.forced_code), 0 for none
N_PS = PS_FORCED + 1

# ps[GAME, ...]
GAME = TRACE_ROW  # the trace (sim.core.records.record) reads the turn and its cursor here
G_TURN = TRACE_TURN
G_TRACE_N = TRACE_CURSOR

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


@njit(cache=True, _nrt=False, inline="always")
def stream(side: int, purpose: int) -> int:
    """Index in `rng` of a side's stream for `purpose` (a sim.core.rng.Purpose below STAGE)."""
    return side * N_STREAM_PURPOSES + purpose - 1


@njit(cache=True, _nrt=False)
def seed_streams(rng: np.ndarray, seed: np.uint64, unit: np.uint64, stage: int) -> None:
    """Key every stream of one game from (run seed, unit, stage, side, purpose)."""
    base = np.uint64(stage * 64)
    for side in range(2):
        for purpose in range(1, N_STREAM_PURPOSES + 1):
            code = base + np.uint64(side * SIDE_STRIDE + purpose)
            rng[stream(side, purpose)] = stream_key(seed, unit, code)
    rng[ST_STAGE] = stream_key(seed, unit, base + np.uint64(Purpose.STAGE))


@njit(cache=True, _nrt=False, inline="always")
def is_character(tab: np.ndarray, side: int, card: int) -> bool:
    return tab[side, card, Field.KIND] == Kind.CHARACTER


@njit(cache=True, _nrt=False, inline="always")
def zone_mask(ps: np.ndarray, side: int, zone: int) -> np.int64:
    return ps[side, PS_ZONE_MASK + zone]


@njit(cache=True, _nrt=False, inline="always")
def table_characters(ps: np.ndarray, side: int) -> np.int64:
    """The side's characters on the table: those that may attack or block (rule D-07)."""
    return ps[side, PS_ZONE_MASK + Zone.TABLE] & ps[side, PS_CHARS]


@njit(cache=True, _nrt=False, inline="always")
def table_dice(ps: np.ndarray, side: int) -> np.int64:
    """The side's dice cards on the table: those it may use in a dice chain (rule D-13)."""
    return ps[side, PS_ZONE_MASK + Zone.TABLE] & ~ps[side, PS_CHARS]


@njit(cache=True, _nrt=False, inline="always")
def move(cs: np.ndarray, ps: np.ndarray, side: int, c: int, zone: int) -> None:
    """Put card c of `side` in `zone`, keeping the zone masks in step with the zone codes."""
    move_card(cs, ps, side, c, zone, CS_ZONE, PS_ZONE_MASK)


@njit(cache=True, _nrt=False)
def sync_masks(tab: np.ndarray, cs: np.ndarray, ps: np.ndarray) -> None:
    """Rebuild every mask from the zone codes, flags and card kinds (after a board is set by hand)."""
    for side in range(2):
        for zone in range(N_ZONES):
            ps[side, PS_ZONE_MASK + zone] = 0
        ps[side, PS_REVEALED] = 0
        ps[side, PS_CHARS] = 0
        for c in range(ps[side, PS_N_CARDS]):
            bit = np.int64(1) << np.int64(c)
            ps[side, PS_ZONE_MASK + cs[side, c, CS_ZONE]] |= bit
            if cs[side, c, CS_FLAGS] & Seen.REVEALED:
                ps[side, PS_REVEALED] |= bit
            if is_character(tab, side, c):
                ps[side, PS_CHARS] |= bit


# scratch[row, i]: lists a turn fills and reads, so that no turn allocates
SC_ATTACKERS = 0
SC_BLOCKED = 1
SC_ORDER = 2
SC_BLOCKERS = 3  # the defender's characters on the table
SC_RANKED = 4
SC_AVAILABLE = 5  # cards a draft may pick (0/1)
SC_SEEN = 6  # opposing table cards an attacker must assume can block
N_SC = 7
N_FSC = 8  # fsc[boost * 4 + (t1, v1, t2, v2), fight]: what a roll would turn (fights.flips)


def new_workspace(deck_size: int, max_budget: int, pool_cost: int) -> tuple:
    """The arrays one thread reuses for every game it plays:
    (cs, ps, rng, fights, scratch, pair, dp, keep, counts, fsc).

    `pair[0:2]` holds the two decks (bitmasks), `pair[2:4]` the budgets, `pair[4:6]` match wins;
    dp, keep and counts are the re-draft's knapsack tables (rule D-16), sized for this config
    (`pool_cost`: the dearer pool's total cost);
    fsc holds an agent's per-fight figures while it weighs its dice (float rows)."""
    cs = np.zeros((2, MAX_CARDS, N_CS), np.int16)
    ps = np.zeros((3, N_PS), np.int64)
    rng = np.zeros(N_STREAMS, np.uint64)
    fights = np.zeros((MAX_CARDS, N_F), np.int32)
    scratch = np.zeros((N_SC, MAX_CARDS), np.int32)
    pair = np.zeros(6, np.int64)
    dp, keep = knapsack_scratch(MAX_CARDS, pool_cost)
    counts = np.zeros((MAX_CARDS + 1, deck_size + 1, max_budget + 1))
    fsc = np.zeros((N_FSC, MAX_CARDS))
    return cs, ps, rng, fights, scratch, pair, dp, keep, counts, fsc
