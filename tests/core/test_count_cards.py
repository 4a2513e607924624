"""records.count_cards: the per-(side, card) counters of card impact from the games' Seen flags,
against the same definitions (ANALYTICS.md) counted with numpy over random flags and results."""

from __future__ import annotations

import numpy as np

from sim.core.records import Counter, RecordCol, Seen, count_cards


def numpy_counts(rows: np.ndarray, flags: np.ndarray) -> np.ndarray:
    counters = np.zeros((2, flags.shape[2], 8, 3), np.int64)
    played = (rows[:, RecordCol.PLAYED] != 0)[:, None]
    winner = rows[:, RecordCol.WINNER]
    for side in range(2):
        results = np.where(winner < 0, 2, np.where(winner == side, 0, 1))[:, None]  # [game, 1]
        has = {bit: (flags[:, side, :] & bit) != 0 for bit in Seen}  # [game, card] each
        seen = has[Seen.OPENING] | has[Seen.DRAWN]
        values = {Counter.IN_DECK: has[Seen.IN_DECK], Counter.OPENING: has[Seen.OPENING],
                  Counter.DRAWN: has[Seen.DRAWN], Counter.PLAYED: has[Seen.PLAYED],
                  Counter.NEVER_SEEN: has[Seen.IN_DECK] & ~seen, Counter.SEEN: seen, Counter.TOP: has[Seen.TOP],
                  Counter.AFTER_REDRAFT: has[Seen.AFTER_REDRAFT]}
        for counter, value in values.items():
            for result in range(3):
                counters[side, :, counter, result] = (value & played & (results == result)).sum(axis=0)
    return counters


def test_count_cards_matches_a_numpy_count() -> None:
    rng = np.random.default_rng(37)
    rows = np.zeros((40, 8), np.int64)
    rows[:, RecordCol.PLAYED] = rng.random(40) < 0.9
    rows[:, RecordCol.WINNER] = rng.integers(-1, 2, 40)
    flags = rng.integers(0, 256, (40, 2, 13)).astype(np.uint8)  # bits 16 and 128 too: no counter reads them
    flags[rng.random(flags.shape) < 0.3] = 0  # cards a game never dealt
    assert np.array_equal(count_cards(rows, flags), numpy_counts(rows, flags))
