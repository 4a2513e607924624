"""One test per dicedraft rule (D-01 .. D-18), each failing if its rule breaks.

Worked examples of the source are scenarios: ATQ 4 + 3 against a double block (D-10), ATQ 6 double
attack (D-11)."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from sim.draft.budget import _max_deck_size, cheapest_first, deck_cards
from sim.rulesets.dicedraft import RULESET
from sim.rulesets.dicedraft.cards import load_pool
from sim.rulesets.dicedraft.constants import Col, Event, Field, Kind
from sim.rulesets.dicedraft.scenario import Scenario, card, die

from .conftest import SEED, events_of, make_config


def popcount(mask: int) -> int:
    return bin(int(mask)).count("1")


def turns_of(events: np.ndarray):
    """Split one game's events by turn: {turn: (active player, events of that turn)}."""
    out = {}
    for row in events:
        turn = int(row[0])
        if row[2] == Event.TURN:
            out[turn] = (int(row[1]), [])
        if turn in out:
            out[turn][1].append(row)
    return out


# --- D-01 --------------------------------------------------------------------------------------
def test_d01_lives_start_at_30_and_reaching_0_loses(greedy_games, traced_games):
    games, _, _ = greedy_games
    for _, events in traced_games[:5]:
        first_two = events_of(events, Event.TURN)[:2]
        assert list(first_two[:, 3]) == [30, 30]
    by_lives = games.filter(games["end_reason"] == "lives")
    assert by_lives.height > 0.9 * games.height
    for row in by_lives.iter_rows(named=True):
        loser_lives = row["lives_b"] if row["winner"] == 0 else row["lives_a"]
        winner_lives = row["lives_a"] if row["winner"] == 0 else row["lives_b"]
        assert loser_lives <= 0 < winner_lives


def test_d01_start_lives_is_a_parameter():
    config = make_config(params={"start_lives": 7})
    _, events = RULESET.trace_unit(config, SEED, 0)
    assert list(events_of(events, Event.TURN)[:2, 3]) == [7, 7]


# --- D-02 --------------------------------------------------------------------------------------
@pytest.mark.parametrize("drafter", ["greedy", "random"])
def test_d02_draft_picks_15_cards_within_135_points(drafter):
    config = make_config(agents=("random", "random"), drafts=(drafter, drafter))
    rows, _ = RULESET.play_chunk(config, SEED, 0, 300)
    for side in range(2):
        cost = config.tab[side, :, Field.COST]
        decks = rows[:, Col.DECK_A + side]
        assert all(popcount(d) == 15 for d in decks)
        assert all(sum(cost[c] for c in deck_cards(d)) <= 135 for d in decks)
        assert (rows[:, Col.COST_A + side] <= 135).all()
    if drafter == "random":
        assert len(set(rows[:, Col.DECK_A])) > 100  # uniform over many valid decks, not one


def test_d02_cost_never_changes_atq_or_def():
    def outcome(cost: int) -> set[str]:
        s = Scenario.from_cards(a=[card("A1", atq=5, def_=3, cost=cost)], b=[card("B1", atq=3, def_=5, cost=1)])
        s.put(0, "A1")
        s.put(1, "B1")
        return s.fight(attackers=["A1"], blocks=[("B1", "A1")]).dead

    assert outcome(1) == outcome(40) == {"A1", "B1"}


def test_d02_unpicked_cards_stay_in_the_reserve():
    s = Scenario.from_spec()
    s.stack_deck(0, "AR-01", "AR-02", "AR-03")
    assert set(s.cards_in(0, "deck")) == {"AR-01", "AR-02", "AR-03"}
    assert len(s.cards_in(0, "reserve")) == s.compiled.pools[0].n_cards - 3


# --- D-03 --------------------------------------------------------------------------------------
def test_d03_a_pool_is_the_faction_characters_plus_one_of_each_dice_type():
    for faction, prefix in (("aranas", "AR-"), ("ciempies", "CI-")):
        pool = load_pool(faction)
        characters = [i for i in pool.ids if i.startswith(prefix)]
        dice = [i for i, kind in zip(pool.ids, pool.frame["kind"]) if kind == "dado"]
        assert len(characters) == 18 and sorted(dice) == ["DA-4", "DA-6", "DD-4", "DD-6"]
        assert len(pool.ids) == len(set(pool.ids)) == 22


# --- D-04 / D-05 -------------------------------------------------------------------------------
def test_d04_three_cards_in_the_first_turn_then_one(traced_games):
    for _, events in traced_games:
        seen_first = set()
        for turn, (player, rows) in turns_of(events).items():
            draws = sum(1 for r in rows if r[2] == Event.DRAW)
            redrafted = any(r[2] == Event.REDRAFT for r in rows)
            expected = 3 if player not in seen_first else 1
            seen_first.add(player)
            if not redrafted:
                assert draws == expected, (turn, player)


def test_d05_at_most_one_card_put_down_per_turn(traced_games):
    for _, events in traced_games:
        for turn, (player, rows) in turns_of(events).items():
            downs = [r for r in rows if r[2] == Event.PUT_DOWN]
            passes = [r for r in rows if r[2] == Event.PASS]
            assert len(downs) + len(passes) == 1


# --- D-06 / D-07 -------------------------------------------------------------------------------
def test_d06_attacks_open_when_the_second_player_begins_their_third_turn(traced_games):
    first_attack = min(int(events_of(e, Event.ATTACK)[:, 0].min()) for _, e in traced_games)
    assert first_attack == 5  # global turns 0..4 are closed; the second player's third turn is 5


def test_d06_attack_from_turn_is_a_parameter():
    config = make_config(params={"attack_from_turn": 2, "summoning_sickness": False})
    earliest = min(int(events_of(RULESET.trace_unit(config, SEED, u)[1], Event.ATTACK)[:, 0].min()) for u in range(10))
    assert earliest == 3


def test_d07_attackers_are_declared_together_and_dice_never_fight(greedy_config, traced_games):
    tab = greedy_config.tab
    for _, events in traced_games:
        for turn, (player, rows) in turns_of(events).items():
            codes = [r[2] for r in rows]
            if Event.ATTACK in codes and Event.BLOCK in codes:
                assert max(i for i, c in enumerate(codes) if c == Event.ATTACK) < codes.index(Event.BLOCK)
            for r in rows:
                if r[2] in (Event.ATTACK, Event.BLOCK):
                    assert tab[r[1], r[3], Field.KIND] == Kind.CHARACTER


# --- D-08 --------------------------------------------------------------------------------------
def test_d08_one_normal_defender_covers_one_attacker():
    s = Scenario.from_cards(a=[card("A1", 2, 2), card("A2", 2, 2)], b=[card("B1", 1, 9)])
    s.put(0, "A1", "A2")
    s.put(1, "B1")
    with pytest.raises(ValueError):
        s.fight(attackers=["A1", "A2"], blocks=[("B1", "A1"), ("B1", "A2")])
    out = s.fight(attackers=["A1", "A2"], blocks=[("B1", "A1")])
    assert s.lives[1] == 28 and out.dead == set()


def test_d08_agents_never_cover_two_attackers_with_a_normal_defender(greedy_config, traced_games):
    for _, events in traced_games:
        for r in events_of(events, Event.BLOCK):
            if r[5] == 1:  # second slot
                assert greedy_config.tab[r[1], r[3], Field.DOUBLE_BLOCK] == 1


# --- D-09 --------------------------------------------------------------------------------------
def test_d09_unblocked_attackers_deal_printed_atq_and_dice_never_add():
    s = Scenario.from_cards(a=[card("A1", 5, 2), card("A2", 3, 3)], b=[card("B1", 1, 9)])
    s.put(0, "A1", "A2")
    s.put(1, "B1")
    s.fight(attackers=["A1", "A2"], blocks=[("B1", "A2")], boosts=[(0, "atq", "A2", 6)])
    assert s.lives == (30, 25)


# --- D-10 --------------------------------------------------------------------------------------
def test_d10_double_block_worked_example():
    # attackers of ATQ 4 and 3 attack it together with ATQ 7; it strikes back only at the first
    s = Scenario.from_cards(a=[card("A1", 4, 3), card("A2", 3, 3)], b=[card("B1", 5, 7, double_block=True)])
    s.put(0, "A1", "A2")
    s.put(1, "B1")
    out = s.fight(attackers=["A1", "A2"], blocks=[("B1", "A1"), ("B1", "A2")])
    assert out.dead == {"B1", "A1"}
    assert s.lives == (30, 30)


def test_d10_double_blocker_may_cover_a_single_attacker():
    s = Scenario.from_cards(a=[card("A1", 4, 3)], b=[card("B1", 5, 7, double_block=True)])
    s.put(0, "A1")
    s.put(1, "B1")
    assert s.fight(attackers=["A1"], blocks=[("B1", "A1")]).dead == {"A1"}


# --- D-11 --------------------------------------------------------------------------------------
def test_d11_double_attack_worked_example_full_atq_to_each_defender():
    # ATQ 6 deals 6 to each defender (not 3 and 3) and receives the sum of both ATQ
    s = Scenario.from_cards(a=[card("A1", 6, 9, double_attack=True)], b=[card("B1", 4, 6), card("B2", 5, 5)])
    s.put(0, "A1")
    s.put(1, "B1", "B2")
    out = s.fight(attackers=["A1"], blocks=[("B1", "A1"), ("B2", "A1")])
    assert out.dead == {"A1", "B1", "B2"}  # 6 >= 6 and 6 >= 5; 4 + 5 = 9 >= 9


def test_d11_a_single_normal_defender_is_not_enough():
    s = Scenario.from_cards(a=[card("A1", 6, 9, double_attack=True)], b=[card("B1", 4, 9)])
    s.put(0, "A1")
    s.put(1, "B1")
    with pytest.raises(ValueError):
        s.fight(attackers=["A1"], blocks=[("B1", "A1")])


def test_d11_against_a_double_blocker_or_lives_it_deals_its_atq_once():
    s = Scenario.from_cards(a=[card("A1", 6, 9, double_attack=True), card("A2", 6, 9, double_attack=True)],
                            b=[card("B1", 1, 7, double_block=True)])
    s.put(0, "A1", "A2")
    s.put(1, "B1")
    out = s.fight(attackers=["A1", "A2"], blocks=[("B1", "A1")])
    assert out.dead == set()  # 6 once against DEF 7
    assert s.lives == (30, 24)  # the unblocked one: 6 once, not 12


# --- D-12 --------------------------------------------------------------------------------------
def test_d12_defenders_of_a_double_attack_are_dedicated():
    s = Scenario.from_cards(a=[card("A1", 6, 9, double_attack=True), card("A2", 2, 2)],
                            b=[card("B1", 4, 6), card("B2", 5, 5, double_block=True)])
    s.put(0, "A1", "A2")
    s.put(1, "B1", "B2")
    with pytest.raises(ValueError):
        s.fight(attackers=["A1", "A2"], blocks=[("B1", "A1"), ("B2", "A1"), ("B2", "A2")])


def test_d12_a_double_blocker_covers_at_most_two():
    s = Scenario.from_cards(a=[card("A1", 1, 2), card("A2", 1, 2), card("A3", 1, 2)], b=[card("B1", 2, 9, double_block=True)])
    s.put(0, "A1", "A2", "A3")
    s.put(1, "B1")
    with pytest.raises(ValueError):
        s.fight(attackers=["A1", "A2", "A3"], blocks=[("B1", "A1"), ("B1", "A2"), ("B1", "A3")])
    out = s.fight(attackers=["A1", "A2", "A3"], blocks=[("B1", "A1"), ("B1", "A2")])
    assert out.dead == {"A1"} and s.lives == (30, 29)  # only the first is struck back


def test_d12_agents_use_each_defender_in_one_fight(traced_games):
    for _, events in traced_games:
        for turn, (_, rows) in turns_of(events).items():
            blocks = [(int(r[1]), int(r[3]), int(r[4])) for r in rows if r[2] == Event.BLOCK]
            fights_of: dict[int, set[int]] = {}
            for _, defender, attacker in blocks:
                fights_of.setdefault(defender, set()).add(attacker)
            assert all(len(attackers) <= 2 for attackers in fights_of.values())


# --- D-13 --------------------------------------------------------------------------------------
def dice_scenario() -> Scenario:
    s = Scenario.from_cards(a=[card("A1", 5, 3), card("A2", 2, 2)], b=[card("B1", 2, 6)],
                            dice=[die("D-ATQ", 6, "atq"), die("D-DEF", 6, "def")])
    s.put(0, "A1", "D-ATQ")
    s.put(1, "B1")
    return s


def test_d13_no_dice_chain_without_a_block():
    s = Scenario.from_cards(a=[card("A1", 5, 3)], b=[card("B1", 2, 6)], dice=[die("D-ATQ", 6, "atq"), die("D-DEF", 6, "def")])
    s.put(0, "A1", "D-ATQ")
    out = s.combat(0)
    assert not any("dice" in line or "rolls" in line for line in out.events)
    assert s.zone_of(0, "D-ATQ") == "table" and s.lives == (30, 25)


def test_d13_attacker_starts_two_passes_end_and_a_used_die_is_discarded():
    s = dice_scenario()
    out = s.combat(0)
    chain = [line for line in out.events if "dice chain" in line or "rolls" in line]
    assert "A:lado_a: uses D-ATQ" in chain[0]  # the attacker acts first
    assert chain[-2:] == [l for l in chain[-2:] if "passes in the dice chain" in l] and len(chain) == 3
    assert s.zone_of(0, "D-ATQ") == "discard"


def test_d13_a_boost_lasts_only_that_combat():
    s = Scenario.from_cards(a=[card("A1", 5, 3)], b=[card("B1", 2, 9)])
    s.put(0, "A1")
    s.put(1, "B1")
    assert s.fight(attackers=["A1"], blocks=[("B1", "A1")], boosts=[(0, "atq", "A1", 4)]).dead == {"B1"}
    s.put(1, "B1")
    assert s.fight(attackers=["A1"], blocks=[("B1", "A1")]).dead == set()


# --- D-14 --------------------------------------------------------------------------------------
def test_d14_a_boost_counts_once_in_a_joint_attack():
    s = Scenario.from_cards(a=[card("A1", 4, 9), card("A2", 3, 9)], b=[card("B1", 1, 10, double_block=True)])
    s.put(0, "A1", "A2")
    s.put(1, "B1")
    out = s.fight(attackers=["A1", "A2"], blocks=[("B1", "A1"), ("B1", "A2")], boosts=[(0, "atq", "A1", 2)])
    assert out.dead == set()  # 4 + 3 + 2 = 9 < 10; counted per attacker it would be 11


def test_d14_a_def_boost_protects_both_defenders_and_atq_counts_once_in_the_counterattack():
    s = Scenario.from_cards(a=[card("A1", 6, 8, double_attack=True)], b=[card("B1", 2, 6), card("B2", 2, 6)])
    s.put(0, "A1")
    s.put(1, "B1", "B2")
    out = s.fight(attackers=["A1"], blocks=[("B1", "A1"), ("B2", "A1")], boosts=[(1, "def", "A1", 1), (1, "atq", "A1", 3)])
    assert out.dead == set()  # 6 < 6 + 1 for both; 2 + 2 + 3 = 7 < 8 (twice the boost would kill)


# --- D-15 --------------------------------------------------------------------------------------
def test_d15_equal_atq_kills_both_sides_and_damage_does_not_stay():
    s = Scenario.from_cards(a=[card("A1", 4, 4), card("A2", 4, 9)], b=[card("B1", 4, 4), card("B2", 1, 5)])
    s.put(0, "A1", "A2")
    s.put(1, "B1", "B2")
    assert s.fight(attackers=["A1"], blocks=[("B1", "A1")]).dead == {"A1", "B1"}
    for _ in range(3):  # 4 damage three times on a DEF 5 survivor: nothing accumulates
        assert s.fight(attackers=["A2"], blocks=[("B2", "A2")]).dead == set()
    assert s.zone_of(0, "A1") == "discard" and s.zone_of(1, "B2") == "table"


# --- D-16 --------------------------------------------------------------------------------------
def test_d16_redraft_shrinks_to_the_largest_deck_that_fits():
    cost = np.array([10] * 20, np.int32)
    available = np.ones(20, np.int32)
    by_cost = cheapest_first(cost, 20)
    assert _max_deck_size(cost, available, by_cost, 20, 15, 135) == 13
    assert _max_deck_size(cost, available, by_cost, 20, 15, 150) == 15
    available[:6] = 0
    assert _max_deck_size(cost, available, by_cost, 20, 15, 500) == 14


def test_d16_an_exhausted_deck_is_redrafted_from_the_discard_and_the_reserve():
    pool = [card(f"A{i:02d}", 2, 2, cost=10) for i in range(20)]
    s = Scenario.from_cards(a=pool, b=[card("B1", 1, 1)], dice=[die("D-ATQ", 6, "atq", cost=50)])
    s.put(0, "A00", "A01", zone="hand")
    s.put(0, "A02", zone="table")
    events = s.draw(0, 1)
    assert any("new deck of 13 cards (130 of 135 points)" in line for line in events)
    assert s.zone_of(0, "A02") == "table" and s.zone_of(0, "A00") == "hand"
    assert len(s.cards_in(0, "deck")) == 12 and len(s.cards_in(0, "hand")) == 3


# --- D-17 --------------------------------------------------------------------------------------
def test_d17_story_keeps_the_deck_and_draws_bot_budgets_from_each_stage():
    config = make_config(kind="story")
    assert config.rows_per_unit == 5
    rows, _ = RULESET.play_chunk(config, SEED, 0, 200)
    games = RULESET.games_frame(config, rows)
    assert games.height == 1000
    ranges = [(115, 120), (121, 124), (125, 128), (129, 132), (133, 135)]
    for stage, (low, high) in enumerate(ranges):
        budgets = games.filter(games["stage"] == stage)["budget_b"]
        assert budgets.min() >= low and budgets.max() <= high and budgets.n_unique() == high - low + 1
    assert games.group_by("unit").agg(pl.col("deck_a").n_unique().alias("decks"))["decks"].max() == 1
    _, events = RULESET.trace_unit(config, SEED, 0)
    starts = [i for i, r in enumerate(events) if r[2] == Event.DRAFT]
    assert len(starts) == 5
    for i in starts:
        turns = events[i:][events[i:, 2] == Event.TURN]
        assert list(turns[:2, 3]) == [30, 30]  # every battle starts at 30 lives
    stage_3 = RULESET.events_of_stage(events, 3)  # one battle of the run, as `sim replay --game` shows it
    assert stage_3[0, 2] == Event.DRAFT and stage_3[0, 3] == 3
    assert (stage_3[:, 2] == Event.END).sum() == 1 and (stage_3[:, 2] == Event.DRAFT).sum() == 1


# --- D-18 --------------------------------------------------------------------------------------
def test_d18_best_of_three_stops_at_two_wins_and_alternates_the_first_player():
    config = make_config(kind="best_of_three")
    rows, _ = RULESET.play_chunk(config, SEED, 0, 300)
    games = RULESET.games_frame(config, rows)
    for unit, match in games.sort("game").group_by("unit", maintain_order=True):
        winners = match["winner"].to_list()
        wins = [winners.count(0), winners.count(1)]
        assert max(wins) == 2 or len(winners) == 5
        assert max(winners[:-1].count(0), winners[:-1].count(1)) < 2  # nothing after the deciding win
        firsts = match["first_side"].to_list()
        assert all(a != b for a, b in zip(firsts, firsts[1:]))
