"""records.count_cards: the per-(side, card) counters of card impact from the games' Seen flags,
against a plain count of the same definitions (ANALYTICS.md), over random flags and results."""

from __future__ import annotations

import numpy as np

from sim.core.records import Counter, RecordCol, Seen, count_cards


def plain_counts(rows: np.ndarray, flags: np.ndarray) -> np.ndarray:
    counters = np.zeros((2, flags.shape[2], 8, 3), np.int64)
    for r in range(rows.shape[0]):
        if rows[r, RecordCol.PLAYED] == 0:
            continue
        winner = rows[r, RecordCol.WINNER]
        for side in range(2):
            result = 2 if winner < 0 else (0 if winner == side else 1)
            for c in range(flags.shape[2]):
                f = int(flags[r, side, c])
                has = {bit: int(f & bit != 0) for bit in Seen}
                seen = has[Seen.OPENING] | has[Seen.DRAWN]
                for counter, value in ((Counter.IN_DECK, has[Seen.IN_DECK]), (Counter.OPENING, has[Seen.OPENING]),
                                       (Counter.DRAWN, has[Seen.DRAWN]), (Counter.PLAYED, has[Seen.PLAYED]),
                                       (Counter.NEVER_SEEN, has[Seen.IN_DECK] & (1 - seen)), (Counter.SEEN, seen),
                                       (Counter.TOP, has[Seen.TOP]), (Counter.AFTER_REDRAFT, has[Seen.AFTER_REDRAFT])):
                    counters[side, c, counter, result] += value
    return counters


def test_count_cards_matches_a_plain_count() -> None:
    rng = np.random.default_rng(37)
    rows = np.zeros((40, 8), np.int64)
    rows[:, RecordCol.PLAYED] = rng.random(40) < 0.9
    rows[:, RecordCol.WINNER] = rng.integers(-1, 2, 40)
    flags = rng.integers(0, 256, (40, 2, 13)).astype(np.uint8)  # bits 16 and 128 too: no counter reads them
    flags[rng.random(flags.shape) < 0.3] = 0  # cards a game never dealt
    assert np.array_equal(count_cards(rows, flags), plain_counts(rows, flags))
