"""The rules' legality checks (legal.py) on boards set by hand, and the draft tables beside the game
record (state.new_draft_tables), each against values worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from sim.core.errors import InputError
from sim.rulesets.dicedraft.constants import MAX_BUDGET
from sim.rulesets.dicedraft.legal import (
    attacks_open, can_block_alone, can_block_in_pair, can_join, discard_options, list_attackers, list_blockers,
    put_down_options, usable_dice,
)
from sim.rulesets.dicedraft.scenario import Scenario, card, die
from sim.rulesets.dicedraft.state import (
    F_A0, F_A1, F_D0, F_D1, G_TURN, GAME, SC_ATTACKERS, SC_BLOCKERS, knapsack_tables, opening_counts, redraft_counts,
    sync_masks,
)

from .conftest import make_config

SIDE_A = np.int64(0)
SIDE_B = np.int64(1)


def board(**params) -> Scenario:
    """A2 was put down this turn; A1 and the die before it; B holds a double blocker and a normal one."""
    s = Scenario.from_cards(
        a=[card("A1", atq=3, def_=3), card("A2", atq=4, def_=2), card("A3", atq=6, def_=5, double_attack=True)],
        b=[card("B1", atq=2, def_=6, double_block=True), card("B2", atq=2, def_=2)],
        dice=[die("D-ATQ", 6, "atq"), die("D-DEF", 4, "def")],
        params=params,
    )
    turn = int(s.ps[GAME, G_TURN])
    s.put(0, "A1", "A3", "D-ATQ")
    s.put(0, "A2", entered=turn)
    s.put(0, "D-DEF", zone="hand")
    s.put(1, "B1", "B2")
    sync_masks(s.g)
    return s


def ids(s: Scenario, side: int, indices) -> list[str]:
    return [s.compiled.pools[side].ids[int(c)] for c in indices]


def mask_ids(s: Scenario, side: int, mask: int) -> list[str]:
    return [card_id for c, card_id in enumerate(s.compiled.pools[side].ids) if int(mask) >> c & 1]


def test_a_character_put_down_this_turn_may_block_but_not_attack_and_dice_do_neither():
    s = board()
    n = list_attackers(s.g, SIDE_A)
    assert ids(s, 0, s.scratch[SC_ATTACKERS, :n]) == ["A1", "A3"]
    n = list_blockers(s.g, SIDE_A)
    assert ids(s, 0, s.scratch[SC_BLOCKERS, :n]) == ["A1", "A2", "A3"]


def test_without_summoning_sickness_every_character_on_the_table_may_attack():
    s = board(summoning_sickness=False)
    n = list_attackers(s.g, SIDE_A)
    assert ids(s, 0, s.scratch[SC_ATTACKERS, :n]) == ["A1", "A2", "A3"]


def test_the_hand_may_be_put_down_or_discarded_and_the_dice_on_the_table_used():
    s = board()
    assert mask_ids(s, 0, put_down_options(s.g, SIDE_A)) == ["D-DEF"]
    assert mask_ids(s, 0, discard_options(s.g, SIDE_A)) == ["D-DEF"]
    assert mask_ids(s, 0, usable_dice(s.g, SIDE_A)) == ["D-ATQ"]
    assert usable_dice(s.g, SIDE_B) == 0


def test_attacks_open_from_the_second_players_third_turn():
    s = board()
    s.set_turn(4)  # global turn 5 (0-based) is the second player's third turn (rule D-06)
    assert not attacks_open(s.g)
    s.set_turn(5)
    assert attacks_open(s.g)


def test_block_shapes_follow_d08_d10_d11_and_d12():
    s = board()
    a1, a2, a3 = (s.index(0, c) for c in ("A1", "A2", "A3"))
    b1, b2 = s.index(1, "B1"), s.index(1, "B2")
    # rules D-08, D-11: one defender alone, unless the attacker attacks double and it is no double blocker
    assert can_block_alone(s.g, SIDE_B, a1, b2) and can_block_alone(s.g, SIDE_B, a3, b1)
    assert not can_block_alone(s.g, SIDE_B, a3, b2)
    # rule D-11: a pair of defenders only on a double attacker
    assert can_block_in_pair(s.g, SIDE_B, a3) and not can_block_in_pair(s.g, SIDE_B, a1)
    # rule D-10: a second normal attacker joins a double blocker covering one normal attacker alone
    s.fights[0, [F_A0, F_A1, F_D0, F_D1]] = (a1, -1, b1, -1)
    s.fights[1, [F_A0, F_A1, F_D0, F_D1]] = (a1, -1, b2, -1)
    assert can_join(s.g, SIDE_B, 0, a2)
    assert not can_join(s.g, SIDE_B, 0, a3)  # a double attacker never joins
    assert not can_join(s.g, SIDE_B, 1, a2)  # a normal defender covers one attacker
    s.fights[0, F_A1] = a2
    assert not can_join(s.g, SIDE_B, 0, a2)  # rule D-12: a double blocker covers at most two
    s.fights[0, [F_A0, F_A1]] = (a3, -1)
    assert not can_join(s.g, SIDE_B, 0, a2)  # standing in for two defenders of a double attack


@njit(cache=False)
def _read_tables(tables: np.ndarray, side: int, i: int, j: int, b: int) -> float:
    return opening_counts(tables, side)[i, j, b]


@njit(cache=False)
def _fill_scratch(tables: np.ndarray, value: float) -> None:
    redraft_counts(tables)[:, :, :] = value
    dp, keep = knapsack_tables(tables)
    dp[:, :] = value
    keep[:, :, :] = True


def test_the_draft_tables_hold_the_count_tables_apart_from_the_redraft_scratch():
    compiled = make_config(drafts=("random", "random"))
    tables = compiled.draft_tables()
    _fill_scratch(tables, -1.0)  # scratch written to the last byte must leave the count tables alone
    counts = compiled.counts
    for side, i, j, b in ((0, 0, 15, 135), (1, 0, 15, 135), (0, 3, 2, 40), (1, counts.shape[1] - 1, 0, 0)):
        assert _read_tables(tables, np.int64(side), i, j, b) == counts[side, i, j, b]
    assert counts[0, 0, 15, 135] > 1000  # many 15-card decks fit: the table was read, not zeros
    assert counts[1, counts.shape[1] - 1, 0, 0] == 1.0  # the empty deck, once


def test_the_game_record_refuses_budgets_it_cannot_hold():
    with pytest.raises(InputError, match="story_stage_max: 1000 is above the highest budget, 999"):
        make_config(kind="story", params={"story_stage_min": [1], "story_stage_max": [MAX_BUDGET + 1]})
