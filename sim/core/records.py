"""What every ruleset records, in the same shape: per-game rows whose first columns are shared, the
per-(side, card) counters behind card impact (ANALYTICS.md), and the trace buffer.

- A record row starts with UNIT, STAGE, PLAYED, FIRST, WINNER, END, TURNS (`RecordCol`); a ruleset's
  own `Col` enum continues from there.
- Each game marks every card with `Seen` bits; `count_cards` folds them into
  counters[side, card, Counter, result] (result 0 win, 1 loss, 2 draw for that side). The counters
  follow ANALYTICS.md's card-impact definitions, which are their contract: IN_DECK, OPENING, DRAWN,
  SEEN and NEVER_SEEN speak of the deck the game started with (OPENING and DRAWN are disjoint, so
  OH + GD = GIH, and a card is seen only if it was in that deck: GIH ⊆ GP); a card drawn from a deck
  drafted again later in the game (dicedraft rule D-16) counts under AFTER_REDRAFT only.
- Kernel helpers every game's batch kernel uses: `seat_of_unit` (unit u's stream pair and first
  player under seat mirroring) and `write_record_head` (the shared columns of a record row).
- The game record (a numpy record `g` holding a game's arrays, every game's state.py): `game_records`
  makes a thread's records with the config's constant tables copied in.
- The trace: `record(g, ...)` appends (turn, player, code, a, b, c) to the game's event buffer `g.tr`
  when its switch is on; the turn, the cursor and the switch live in row TRACE_ROW of the game's `ps`
  array, at columns TRACE_TURN, TRACE_CURSOR and TRACE_ON.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from enum import IntEnum
from typing import Callable

import numpy as np
import polars as pl
from numba import njit


class RecordCol(IntEnum):
    """The columns every ruleset's record row starts with."""

    UNIT = 0
    STAGE = 1
    PLAYED = 2  # 1 when this row holds a game (a best-of-three can stop early)
    FIRST = 3  # side that took the first turn
    WINNER = 4  # 0 side A, 1 side B, -1 draw
    END = 5
    TURNS = 6


N_RECORD_COLS = len(RecordCol)  # a ruleset's own columns start here

class Seen(IntEnum):
    """Per-game, per-card bits behind the card-impact counters."""

    IN_DECK = 1  # in the deck this game
    OPENING = 2  # in the opening hand
    DRAWN = 4  # drawn in a later turn
    PLAYED = 8  # played, put down, set or placed
    TOP = 32  # the game's first shuffle put it among the deck's top k (the deck-position effect)
    AFTER_REDRAFT = 64  # drawn from a deck drafted again during the game (dicedraft rule D-16)


COUNTER_BITS = 111  # the Seen bits that are counters (16 is left to a ruleset's own use)


class Counter(IntEnum):
    IN_DECK = 0
    OPENING = 1
    DRAWN = 2
    PLAYED = 3
    NEVER_SEEN = 4
    SEEN = 5  # in the opening hand or drawn from the deck the game started with: OPENING + DRAWN
    TOP = 6  # among the top k cards of the game's first shuffle
    AFTER_REDRAFT = 7  # drawn from a re-drafted deck (counted apart from the deck the game started with)


N_COUNTERS = 8
COUNTER_NAMES = ("in_deck", "opening_hand", "drawn", "played", "never_seen", "seen", "top", "after_redraft")
RESULT_NAMES = ("win", "loss", "draw")

TRACE_ROW = 2  # ps[TRACE_ROW, TRACE_TURN] is the turn, ps[TRACE_ROW, TRACE_CURSOR] the next event slot
TRACE_TURN = 0
TRACE_CURSOR = 1
TRACE_ON = 2  # ps[TRACE_ROW, TRACE_ON] is 1 when this game writes its events to g.tr


def game_records(dtype: np.dtype, copies: int = 2, **tables: np.ndarray) -> np.ndarray:
    """The game records one thread reuses for every unit it plays (`copies` records of the game's
    `dtype`, zeroed): ws[0] is the game, the `g` the kernels take; ws[1] the world a hard player plays
    its rollouts in. Each holds a copy of the config's constant tables: `tables[name]` in the field
    `name`, a table smaller than its field in the field's leading corner."""
    ws = np.zeros(copies, dtype)
    for name, table in tables.items():
        table = np.asarray(table)
        ws[name][(slice(None),) + tuple(slice(0, n) for n in table.shape)] = table
    return ws


# Not cached on disk, like write_event below: it is only ever inlined, with every game's record type
# and event enum.
@njit(_nrt=False, inline="always")
def record(g: np.void, player: int, code: int, a: int, b: int, c: int) -> None:
    """Record one event when this game is traced. Only the test is compiled into every caller; the
    writing is a call, which keeps the game loop small enough to compile in seconds (the trace is
    off in every batch run)."""
    if g.ps[TRACE_ROW, TRACE_ON]:
        write_event(g.tr, g.ps, player, code, a, b, c)


# Not cached on disk, unlike every other kernel: it is only ever inlined, and the games call it with
# their own IntEnum members, so a cached copy would keep one version per enum in the shared cache's
# index, by its module; a process that cannot import that module (the test game's, for a `sim`
# command run after the tests) could not read the index. append_event takes the numbers as int64.
@njit(_nrt=False, inline="always")
def write_event(tr: np.ndarray, ps: np.ndarray, player: int, code: int, a: int, b: int, c: int) -> None:
    """Append one event to the trace buffer (the writing half of `record`)."""
    append_event(tr, ps, np.int64(player), np.int64(code), np.int64(a), np.int64(b), np.int64(c))


@njit(cache=True, _nrt=False)
def append_event(tr: np.ndarray, ps: np.ndarray, player: np.int64, code: np.int64, a: np.int64, b: np.int64,
                 c: np.int64) -> None:
    """write_event's body, compiled once for int64 numbers."""
    n = ps[TRACE_ROW, TRACE_CURSOR]
    if n < tr.shape[0]:
        tr[n, 0] = ps[TRACE_ROW, TRACE_TURN]
        tr[n, 1] = player
        tr[n, 2] = code
        tr[n, 3] = a
        tr[n, 4] = b
        tr[n, 5] = c
    ps[TRACE_ROW, TRACE_CURSOR] = n + 1


@njit(cache=True, _nrt=False, inline="always")
def seat_of_unit(u: int, mirrored: bool) -> tuple:
    """(pair, first) of unit u: the index its random streams are keyed by and the side that takes
    the first turn. Seat-mirrored units 2k and 2k+1 share pair k (the same shuffles, dice and
    decisions' streams) and swap who goes first; with fixed seats every unit is its own pair and
    side A always starts."""
    pair = np.uint64(u // 2) if mirrored else np.uint64(u)
    return pair, (u % 2) * np.int64(mirrored)


@njit(cache=True, _nrt=False, inline="always")
def write_record_head(rows: np.ndarray, r: int, u: int, stage: int, first: int, winner: int, end: int,
                      turns: int) -> None:
    """Row r of a record: the columns every ruleset's rows start with (RecordCol), the row marked played."""
    rows[r, RecordCol.UNIT] = u
    rows[r, RecordCol.STAGE] = stage
    rows[r, RecordCol.PLAYED] = 1
    rows[r, RecordCol.FIRST] = first
    rows[r, RecordCol.WINNER] = winner
    rows[r, RecordCol.END] = end
    rows[r, RecordCol.TURNS] = turns


N_PACKED = 64  # the counter bits of a flags byte, packed (`packed_flags`): IN_DECK to PLAYED, TOP, AFTER_REDRAFT


@njit(cache=True, nogil=True, inline="always")
def packed_flags(f: np.int64) -> np.int64:
    """A card's flags byte as its six counter bits side by side (bit 16, a ruleset's own, and bit
    128, none, dropped): an index below N_PACKED."""
    return (f & 15) | ((f >> 1) & 48)


def _counter_steps() -> np.ndarray:
    """steps[packed flags, Counter]: what a card with those flags adds to each of its counters."""
    steps = np.zeros((N_PACKED, N_COUNTERS), np.int64)
    for f in range(256):
        k = packed_flags.py_func(f)
        in_deck = int((f & Seen.IN_DECK) != 0)
        seen = int((f & (Seen.OPENING | Seen.DRAWN)) != 0)
        steps[k, Counter.IN_DECK] = in_deck
        steps[k, Counter.NEVER_SEEN] = in_deck & (1 - seen)
        steps[k, Counter.SEEN] = seen
        steps[k, Counter.TOP] = int((f & Seen.TOP) != 0)
        steps[k, Counter.OPENING] = int((f & Seen.OPENING) != 0)
        steps[k, Counter.DRAWN] = int((f & Seen.DRAWN) != 0)
        steps[k, Counter.PLAYED] = int((f & Seen.PLAYED) != 0)
        steps[k, Counter.AFTER_REDRAFT] = int((f & Seen.AFTER_REDRAFT) != 0)
    return steps


COUNTER_STEPS = _counter_steps()  # a constant of the compiled count_cards


@njit(cache=True, nogil=True)
def count_cards(rows: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """counters[side, card, Counter, result] over the played rows: games per card, by result for that
    side. Integer sums: the same whatever the order, blocks or thread count."""
    n_cards = flags.shape[2]
    # a card in a game adds one to the games of its flags (packed) and result, with no branch on the
    # bits (which cards were drawn or played is a coin toss to a branch predictor); the counters are
    # made from those totals once, at the end (issue 37: a tenth of the eight sums per card)
    games = np.zeros((2, n_cards, 3 * N_PACKED), np.int64)
    for r in range(rows.shape[0]):
        if rows[r, RecordCol.PLAYED] == 0:
            continue
        winner = rows[r, RecordCol.WINNER]
        for side in range(2):
            result = 2 if winner < 0 else (0 if winner == side else 1)
            to = games[side]
            base = result * N_PACKED
            for c in range(n_cards):
                f = np.int64(flags[r, side, c])
                if f == 0:
                    continue  # a card this game never dealt (most of a pool, and the columns past it)
                to[c, base + packed_flags(f)] += 1
    counters = np.zeros((2, n_cards, N_COUNTERS, 3), np.int64)
    steps = COUNTER_STEPS
    for side in range(2):
        for c in range(n_cards):
            for result in range(3):
                for k in range(N_PACKED):
                    n = games[side, c, result * N_PACKED + k]
                    if n:
                        for counter in range(N_COUNTERS):
                            counters[side, c, counter, result] += n * steps[k, counter]
    return counters


BLOCK_SECONDS = 0.5
"""About how long one thread plays a block cut by `BlockCutter`: how often the progress of a chunk
moves (a chunk can be minutes of play: 60,000 games of hard agents at 20 games/s a thread)."""


class BlockCutter:
    """Blocks of units 0..n_units-1 cut as the threads take them, in order from a cursor: `fixed`
    units each when given, else about `seconds` of one thread's play at the rate measured so far.
    A block is at most four times the largest one taken before (the first is one unit: a game can
    last a second; one quick block says little of the next) and at most a `threads`-th of what is
    left (the last blocks shrink, so no thread idles long while another finishes a big one).
    Threads pull blocks as they finish them, so there is no pause between blocks."""

    def __init__(self, n_units: int, threads: int, seconds: float = BLOCK_SECONDS, fixed: int | None = None) -> None:
        self.n_units = n_units
        self.threads = max(1, threads)
        self.seconds = seconds
        self.fixed = fixed
        self._cursor = 0
        self._largest = 0
        self._units_timed = 0
        self._seconds_timed = 0.0
        self._guard = threading.Lock()

    def take(self) -> tuple[int, int] | None:
        """The next block (lo, hi), or None when every unit is taken."""
        with self._guard:
            left = self.n_units - self._cursor
            if left <= 0:
                return None
            if self.fixed is not None:
                size = self.fixed
            elif self._units_timed == 0:
                size = 4 * self._largest or 1  # nothing timed yet (the other threads' first blocks are still playing)
            else:
                per_second = self._units_timed / max(self._seconds_timed, 1e-9)
                size = min(4 * self._largest, round(per_second * self.seconds))
                size = min(size, -(-left // self.threads))
            size = max(1, min(size, left))
            lo = self._cursor
            self._cursor += size
            self._largest = max(self._largest, size)
            return lo, lo + size

    def took(self, units: int, seconds: float) -> None:
        with self._guard:
            self._units_timed += units
            self._seconds_timed += seconds


def play_in_blocks(n_units: int, threads: int, play_block: Callable[[int, int], np.ndarray],
                   blocks_per_thread: int = 16, cutter: BlockCutter | None = None) -> np.ndarray:
    """Cut units 0..n_units-1 into blocks (many per thread, to even out games of unequal length), run
    `play_block(lo, hi)` on `threads` threads and sum the counters it returns (integers: exact in
    any order, so the result never depends on the threads or blocks). With a `cutter` the blocks
    are cut as the threads take them (`BlockCutter`: blocks of about the same time, whose end a
    caller reporting progress hears often), else cut beforehand into equal counts of units."""
    if cutter is not None:
        return _play_cut_blocks(threads, play_block, cutter)
    n_blocks = max(1, min(n_units, blocks_per_thread * threads)) if threads > 1 else 1
    bounds = [b * n_units // n_blocks for b in range(n_blocks + 1)]
    if n_blocks == 1:
        return play_block(0, n_units)
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return sum(pool.map(lambda b: play_block(bounds[b], bounds[b + 1]), range(n_blocks)))


def _play_cut_blocks(threads: int, play_block: Callable[[int, int], np.ndarray], cutter: BlockCutter) -> np.ndarray:
    """`play_in_blocks` with blocks that `cutter` cuts: each thread takes the next block as it finishes one."""

    def play_taken() -> np.ndarray | None:
        total = None
        while (block := cutter.take()) is not None:
            began = time.perf_counter()
            counters = play_block(*block)
            cutter.took(block[1] - block[0], time.perf_counter() - began)
            total = counters if total is None else total + counters
        return total

    if threads > 1:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            totals = [future.result() for future in [pool.submit(play_taken) for _ in range(threads)]]
    else:
        totals = [play_taken()]
    return sum(total for total in totals if total is not None)


def games_frame_head(config_id: str, played: np.ndarray, rows_per_unit: int, end_names: tuple[str, ...],
                     labels: tuple[str, str], sides: list) -> pl.DataFrame:
    """The columns every ruleset's games frame starts with, from played record rows: config, game,
    unit, stage, first_side, winner, end_reason, turns, and per side (suffix a, b) its label,
    faction and agent. A ruleset adds its own columns after these."""
    # strings are gathered from their few distinct values by Polars, not built per game in Python
    frame = pl.DataFrame({
        "config": pl.repeat(config_id, len(played), dtype=pl.Utf8, eager=True),
        "game": played[:, RecordCol.UNIT] * rows_per_unit + played[:, RecordCol.STAGE],
        "unit": played[:, RecordCol.UNIT],
        "stage": played[:, RecordCol.STAGE].astype(np.int8),
        "first_side": played[:, RecordCol.FIRST].astype(np.int8),
        "winner": played[:, RecordCol.WINNER].astype(np.int8),
        "end_reason": pl.Series(end_names, dtype=pl.Utf8).gather(played[:, RecordCol.END]).cast(pl.Categorical),
        "turns": played[:, RecordCol.TURNS].astype(np.int16),
    })
    return frame.with_columns(
        expr for i, suffix in enumerate("ab")
        for expr in (pl.lit(labels[i]).cast(pl.Categorical).alias(f"label_{suffix}"),
                     pl.lit(sides[i].faction).cast(pl.Categorical).alias(f"faction_{suffix}"),
                     pl.lit(sides[i].agent).cast(pl.Categorical).alias(f"agent_{suffix}")))


def counters_frame(config_id: str, pools: tuple, counters: np.ndarray) -> pl.DataFrame:
    """Card-impact counters as a Polars frame: one row per (side, card) of each side's pool (which
    has .faction, .ids, .names and .frame["cost"]), one column per counter and result
    (`in_deck_win`, `in_deck_loss`, `in_deck_draw`, `opening_hand_win`, ...)."""
    parts = []
    for side, pool in enumerate(pools):
        n = len(pool.ids)
        columns: dict[str, object] = {
            "config": [config_id] * n,
            "side": np.full(n, side, np.int8),
            "faction": [pool.faction] * n,
            "card_id": pool.ids,
            "card_name": pool.names,
            "cost": pool.frame["cost"].to_numpy(),
        }
        for k, counter in enumerate(COUNTER_NAMES):
            for r, result in enumerate(RESULT_NAMES):
                columns[f"{counter}_{result}"] = counters[side, :n, k, r]
        parts.append(pl.DataFrame(columns))
    return pl.concat(parts)
