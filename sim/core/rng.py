"""Counter-based random streams: one independent stream per (run seed, game, purpose).

Why counter-based: game i must be the same game whatever the chunk size, thread count, executor or
machine, and changing one card in a sweep must leave every other shuffle and die roll of game i
untouched (common random numbers, so comparisons are paired). A stream's state is a single uint64
derived by hashing (seed, game pair, purpose); drawing advances it with splitmix64.

Seat-mirrored games 2k and 2k+1 share the same pair index, so side A shuffles, rolls and decides with
the same numbers in both games of a pair; only who goes first differs.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np
from numba import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
MASK53 = np.float64(1.0 / 9007199254740992.0)  # 2**-53


class Purpose(IntEnum):
    """What a stream is used for. Each side has its own streams (side offset 0 or 16)."""

    SHUFFLE = 1
    DICE = 2
    AGENT = 3
    DRAFT = 4
    STAGE = 5  # per-unit draws that belong to no side (story-mode bot budgets)
    SEARCH = 6  # the key of a hard agent's own streams (sim.core.search.world_key); never drawn from


SIDE_STRIDE = 16


@njit(cache=True, _nrt=False, inline="always")
def _mix64(z: np.uint64) -> np.uint64:
    """splitmix64 finaliser: a bijective avalanche of 64 bits."""
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, _nrt=False)
def stream_key(seed: np.uint64, unit: np.uint64, purpose: np.uint64) -> np.uint64:
    """The starting state of the stream for (run seed, unit index, purpose)."""
    h = _mix64(seed ^ GOLDEN)
    h = _mix64(h ^ (unit * GOLDEN + np.uint64(1)))
    return _mix64(h ^ (purpose * MIX2 + np.uint64(7)))


@njit(cache=True, _nrt=False)
def seed_side_streams(rng: np.ndarray, seed: np.uint64, unit: np.uint64, base: np.uint64, purposes: tuple,
                      search_at: np.int64) -> None:
    """Key each side's streams of one game in `rng`: rng[side * len(purposes) + j] is the side's
    stream for purposes[j], rng[search_at + side] its hard agent's search key (never drawn from:
    sim.core.search.world_key keys its worlds from it); each from (run seed, unit, base + the side's
    offset + the purpose). `base` sets a game apart within its unit (dicedraft: a story's stage)."""
    n = len(purposes)
    for side in range(2):
        offset = side * SIDE_STRIDE
        for j in range(n):
            rng[side * n + j] = stream_key(seed, unit, base + np.uint64(offset + purposes[j]))
        rng[search_at + side] = stream_key(seed, unit, base + np.uint64(offset + Purpose.SEARCH))


@njit(cache=True, _nrt=False, inline="always")
def next_u64(state: np.ndarray, s: int) -> np.uint64:
    """Advance stream `s` of the `state` array and return 64 random bits."""
    state[s] += GOLDEN
    return _mix64(state[s])


@njit(cache=True, _nrt=False, inline="always")
def below(state: np.ndarray, s: int, n: int) -> int:
    """A uniform integer in [0, n) from stream `s` (multiply-shift on the top 32 bits)."""
    x = next_u64(state, s) >> np.uint64(32)
    return np.int64((x * np.uint64(n)) >> np.uint64(32))  # int64: uint64 mixed with int64 becomes float


@njit(cache=True, _nrt=False, inline="always")
def uniform(state: np.ndarray, s: int) -> float:
    """A uniform float in [0, 1) from stream `s`."""
    return float(next_u64(state, s) >> np.uint64(11)) * MASK53


def seed_to_u64(seed: int) -> np.uint64:
    """Accept any non-negative Python int as a run seed."""
    if seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed}")
    return np.uint64(seed % (1 << 64))
