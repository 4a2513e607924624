"""One test per rule of tests/rulesets/tiny/rules.md, named for it, on boards set by hand with the
real kernels (scenario.py) and on played games (the shell)."""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.errors import InputError
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.records import RecordCol
from tests.rulesets.tiny import RULESET
from tests.rulesets.tiny.constants import Col, End
from tests.rulesets.tiny.scenario import Scenario

SEED = 7


def compiled(a: str = "rojo", b: str = "azul", agents: tuple[str, str] = ("greedy", "greedy"), params: dict | None = None):
    sides = (SideConfig(a, default_label(a, 0), agents[0]), SideConfig(b, default_label(b, 1), agents[1]))
    return RULESET.compile(MatchConfig("test_rules", sides, params=params or {}))


def test_t01_the_deck_is_the_whole_faction_file_shuffled_and_mirrored_games_share_it():
    s = Scenario.from_factions("rojo", "azul", seed=1)
    s.deal(first=0)
    dealt = s.hand(0) + s.deck(0)
    assert sorted(dealt) == [f"RO-{i:02d}" for i in range(1, 13)]  # every card of the file, once
    other = Scenario.from_factions("rojo", "azul", seed=2)
    other.deal(first=0)
    assert other.hand(0) + other.deck(0) != dealt  # another seed, another shuffle
    config = compiled()
    first_pair = [RULESET.trace_unit(config, SEED, u)[1] for u in (0, 1)]
    draws = [sorted(map(tuple, e[(e[:, 2] == 4) & (e[:, 0] == 0)][:, [1, 3]].tolist())) for e in first_pair]
    assert draws[0] == draws[1]  # games 0 and 1 deal the same opening hands, the other side first
    with pytest.raises(InputError, match="no card file for faction 'verde'"):
        compiled("verde")


def test_t02_each_side_draws_hand_size_cards_the_first_leader_first():
    s = Scenario.from_factions("rojo", "azul", params={"hand_size": 3}, seed=3)
    s.deal(first=1)
    assert len(s.hand(0)) == len(s.hand(1)) == 3
    assert len(s.deck(0)) == 9 and len(s.deck(1)) == 9
    draws = s.lines("en")
    assert draws[1].startswith("R1 B:azul: draws") and draws[4].startswith("R1 A:rojo: draws")


def test_t03_the_higher_card_takes_the_round_and_a_tie_scores_nothing():
    s = Scenario.from_factions("rojo", "azul")
    s.deal(first=0)
    s.set_hand(0, "RO-09", "RO-02")  # greedy leads its highest card, the 9
    s.set_hand(1, "AZ-05", "AZ-01")  # and cannot beat it: it answers with its lowest, the 2
    assert s.play_round()[:3] == ["R1 A:rojo: leads Sol (9)", "R1 B:azul: answers with Gota (2)",
                                  "R1: A:rojo takes the round (1-0)"]
    assert s.zone(0, "RO-09") == s.zone(1, "AZ-01") == "played" and s.zone(1, "AZ-05") == "hand"
    tie = Scenario.from_factions("rojo", "azul")
    tie.deal(first=0)
    tie.set_hand(0, "RO-05")
    tie.set_hand(1, "AZ-05")
    assert tie.play_round()[2] == "R1: a tie, nobody scores (0-0)"
    assert tie.points(0) == tie.points(1) == 0


def test_t04_the_round_winner_leads_the_next_and_a_tie_keeps_the_leader():
    s = Scenario.from_factions("rojo", "azul", seed=4)
    s.deal(first=0)
    for _ in range(6):
        if s.over:
            break
        before = (s.leader, s.points(0), s.points(1))
        s.play_round()
        scored = [side for side in (0, 1) if (s.points(0), s.points(1))[side] > before[1 + side]]
        assert s.leader == (scored[0] if scored else before[0])
    rows, _ = RULESET.play_chunk(compiled(), SEED, 0, 4)
    assert rows[:, RecordCol.FIRST].tolist() == [0, 1, 0, 1]  # seats alternate in mirrored games


def test_t05_both_draw_after_a_round_and_an_empty_deck_draws_nothing():
    s = Scenario.from_factions("rojo", "azul", seed=5)
    s.deal(first=0)
    s.play_round()
    assert len(s.hand(0)) == len(s.hand(1)) == 4 and len(s.deck(0)) == len(s.deck(1)) == 7
    s.empty_deck(1)
    s.play_round()
    assert len(s.hand(1)) == 3 and len(s.hand(0)) == 4


def test_t06_first_to_target_points_wins_else_more_points_when_the_cards_run_out():
    rows, _ = RULESET.play_chunk(compiled(), SEED, 0, 2000)
    by_points = rows[rows[:, RecordCol.END] == End.POINTS]
    winner_points = by_points[np.arange(len(by_points)), Col.POINTS_A + by_points[:, RecordCol.WINNER]]
    assert len(by_points) > 1500 and (winner_points == 5).all()
    short, _ = RULESET.play_chunk(compiled(params={"target_points": 12}), SEED, 0, 2000)
    assert (short[:, RecordCol.END] == End.CARDS_OUT).all()  # twelve rounds are never all won by one side
    a, b = short[:, Col.POINTS_A], short[:, Col.POINTS_B]
    assert (short[:, RecordCol.WINNER] == np.where(a > b, 0, np.where(b > a, 1, -1))).all()
    assert (short[:, RecordCol.TURNS] == 12).all() and (short[:, RecordCol.WINNER] == -1).any()


def test_t07_agents_never_read_the_other_hand_or_the_decks():
    for agent in ("greedy", "random"):
        choices = set()
        for seed in range(8):  # the same own hand, the other side's cards dealt again each time
            s = Scenario.from_factions("rojo", "azul", agents=(agent, agent), seed=11)
            s.deal(first=0)
            s.redeal_hidden(1, np.random.default_rng(seed))
            choices.add(s.choice(0))
        assert len(choices) == 1, (agent, choices)
    compared, changed = RULESET.hidden_information_probe(3, 30)
    assert compared >= 30 and changed == 0
