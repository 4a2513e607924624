"""The architecture's invariants for dicedraft: determinism, card conservation, hidden information,
and the strength figures the product promises (mirror at 50%, greedy far above random)."""

from __future__ import annotations

from pathlib import Path

import numba
import numpy as np
import pytest

from sim.core.records import RecordCol
from sim.analysis.intervals import wilson_interval
from sim.rulesets.dicedraft import RULESET
from sim.rulesets.dicedraft.agents import choose_attackers
from sim.rulesets.dicedraft.constants import Col, Seen, Zone
from sim.rulesets.dicedraft.legal import list_attackers
from sim.rulesets.dicedraft.scenario import Scenario
from sim.rulesets.dicedraft.state import (
    CS_FLAGS, CS_ZONE, PS_DECK_LEN, PS_N_CARDS, PS_ORDER, PS_REVEALED, PS_TOP, PS_ZONE_MASK, SC_ATTACKERS, sync_masks,
)

from .conftest import SEED, make_config

GOLDEN = Path(__file__).parent / "golden"


def test_same_seed_same_results_whatever_the_threads_and_chunking(greedy_config):
    numba.set_num_threads(1)
    rows_1, counters_1 = RULESET.play_chunk(greedy_config, SEED, 0, 3000)
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    rows_n, counters_n = RULESET.play_chunk(greedy_config, SEED, 0, 3000)
    parts = [RULESET.play_chunk(greedy_config, SEED, start, n) for start, n in ((0, 1), (1, 999), (1000, 1234), (2234, 766))]
    rows_c = np.concatenate([p[0] for p in parts])
    counters_c = sum(p[1] for p in parts)
    assert np.array_equal(rows_1, rows_n) and np.array_equal(rows_1, rows_c)
    assert np.array_equal(counters_1, counters_n) and np.array_equal(counters_1, counters_c)


def test_a_different_seed_gives_different_games(greedy_config):
    a, _ = RULESET.play_chunk(greedy_config, SEED, 0, 200)
    b, _ = RULESET.play_chunk(greedy_config, SEED + 1, 0, 200)
    assert not np.array_equal(a[:, RecordCol.TURNS], b[:, RecordCol.TURNS])


def test_seat_mirrored_pairs_share_decks_and_swap_the_first_player():
    config = make_config(drafts=("random", "random"))
    rows, _ = RULESET.play_chunk(config, SEED, 0, 400)
    even, odd = rows[0::2], rows[1::2]
    assert np.array_equal(even[:, Col.DECK_A], odd[:, Col.DECK_A])
    assert np.array_equal(even[:, Col.DECK_B], odd[:, Col.DECK_B])
    assert (even[:, RecordCol.FIRST] == 0).all() and (odd[:, RecordCol.FIRST] == 1).all()


def test_card_conservation_through_whole_games():
    """Every card is in exactly one zone, the deck order lists exactly the cards in the deck, and the
    zone masks the agents read (state.move) agree with the zones after every turn."""
    for seed in range(6):
        s = Scenario.from_spec(agents=("greedy", "random"), seed=seed)
        s.set_turn(0)
        for side in range(2):
            s.stack_deck(side, *s.compiled.pools[side].ids[:15])
        for turn in range(80):
            s.set_turn(turn)
            s.turn(turn % 2)
            for side in range(2):
                n = s.ps[side, PS_N_CARDS]
                zones = s.cs[side, :n, CS_ZONE]
                assert set(zones.tolist()) <= {int(z) for z in Zone}
                deck = sorted(s.ps[side, PS_ORDER + s.ps[side, PS_TOP]: PS_ORDER + s.ps[side, PS_DECK_LEN]].tolist())
                assert deck == sorted(np.flatnonzero(zones == Zone.DECK).tolist())
                for zone in Zone:
                    in_zone = sum(1 << int(c) for c in np.flatnonzero(zones == zone))
                    assert int(s.ps[side, PS_ZONE_MASK + zone]) & ((1 << n) - 1) == in_zone, (seed, turn, zone)
                revealed = sum(1 << c for c in range(n) if s.cs[side, c, CS_FLAGS] & Seen.REVEALED)
                assert int(s.ps[side, PS_REVEALED]) == revealed
            if min(s.lives) <= 0:
                break


def test_agents_never_read_the_identity_of_face_down_cards():
    """The greedy attacker decides the same whatever card hides face down on the other side."""
    decisions = set()
    for hidden in ("CI-01", "CI-18", "DD-6", "CI-14"):
        s = Scenario.from_spec()
        s.put(0, "AR-07", "AR-11", "AR-15")
        s.put(1, "CI-04")
        s.put(1, hidden, revealed=False)
        sync_masks(s.g)  # `put` sets the zones by hand
        side_a = np.int64(0)
        n = choose_attackers(s.g, side_a, list_attackers(s.g, side_a))
        decisions.add(tuple(s.scratch[SC_ATTACKERS, :n]))
    assert len(decisions) == 1
    assert len(next(iter(decisions))) > 0  # a decision to attack with something, the same each time


def win_rate(rows: np.ndarray, side: int) -> tuple[float, float, float]:
    wins = (rows[:, RecordCol.WINNER] == side).sum() + 0.5 * (rows[:, RecordCol.WINNER] == -1).sum()
    low, high = wilson_interval(wins, len(rows))
    return wins / len(rows), low, high


@pytest.mark.parametrize("faction", ["aranas", "ciempies"])
def test_mirror_match_is_within_its_interval_of_50_percent(faction):
    config = make_config(factions=(faction, faction))
    rows, _ = RULESET.play_chunk(config, SEED, 0, 20000)
    rate, low, high = win_rate(rows, 0)
    assert low <= 0.5 <= high, (rate, low, high)


def test_greedy_wins_at_least_90_percent_against_random():
    for agents, side in ((("greedy", "random"), 0), (("random", "greedy"), 1)):
        rows, _ = RULESET.play_chunk(make_config(agents=agents, drafts=("greedy", "greedy")), SEED, 0, 4000)
        rate, _, _ = win_rate(rows, side)
        assert rate >= 0.9, (agents, rate)


def test_golden_trace(greedy_config):
    """One fixed game as text; regenerate with `python -m tests.rulesets.dicedraft.test_invariants` after
    a deliberate rule change (and bump `version` in sim/rulesets/dicedraft/engine.py, with a line in rules.md's version history)."""
    expected = (GOLDEN / "game_7_es.txt").read_text(encoding="utf-8")
    assert golden_text(greedy_config) == expected


def golden_text(config) -> str:
    rows, events = RULESET.trace_unit(config, SEED, 7)
    return "\n".join(RULESET.describe_events(config, rows, events, "es")) + "\n"


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    (GOLDEN / "game_7_es.txt").write_text(golden_text(make_config()), encoding="utf-8")
