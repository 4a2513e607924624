"""The hard agent (hard.py, sim.core.search): stronger than greedy, blind to what it may not see, a pure
function of the seed, and leaving greedy games as they were."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from sim.analysis.intervals import wilson_interval
from sim.core.records import RecordCol
from sim.core.search import SearchSettings, best_option
from sim.rulesets.fortaleza import RULESET
from sim.rulesets.fortaleza.constants import N_DECK, N_DESIGNS, Action, Field, Kind, Step, Zone
from sim.rulesets.fortaleza.agents import choose_action
from sim.rulesets.fortaleza.hard import (
    ATTACK, _candidate_turn, action_candidates, attack_candidates, best_candidate, enter_world, eval_scale, observe,
    play_out, search_action, search_attackers,
)
from sim.rulesets.fortaleza.scenario import Scenario
from sim.rulesets.fortaleza.state import (
    CS_SET_TURN, CS_SHOWN, CS_ZONE, G_LISTED, G_STEP, GAME, KEPT_WORLDS, PS_AGENT, PS_DECISIONS, PS_HAND, PS_ORDER,
    PS_TOP, conservation_errors,
)

from .conftest import SEED, make_config

FACTIONS = ("china", "japon", "corea")
STRENGTH_GAMES = 300  # per mirror, seats mirrored: hard won 78-89% of 2,000 when written
DETERMINISM_GAMES = 60


def side_a_score(rows: np.ndarray) -> tuple[float, float, float]:
    """Side A's score (draws half) and its 95% Wilson interval."""
    winner = rows[:, RecordCol.WINNER]
    score = float((winner == 0).sum() + 0.5 * (winner < 0).sum())
    low, high = wilson_interval(score, len(rows))
    return score / len(rows), float(low), float(high)


@pytest.mark.parametrize("faction", FACTIONS)
def test_hard_beats_greedy_in_a_faction_mirror(faction):
    """The same collection on both sides, hard (default search settings) against greedy, each game
    pair swapping who starts (rule F-05): the search must be worth well over half the games."""
    rows, _ = RULESET.play_chunk(make_config(faction, faction, agents=("hard", "greedy")), SEED, 0, STRENGTH_GAMES)
    rate, low, high = side_a_score(rows)
    assert low > 0.55, f"hard {faction} against greedy {faction}: {rate:.3f} [{low:.3f}, {high:.3f}]"


def test_the_search_settings_of_a_spec_reach_the_kernels():
    config = make_config("china", "corea", agents=("hard", "greedy"))
    defaults = SearchSettings()
    assert config.search[0].tolist() == [defaults.samples, defaults.rollouts, defaults.horizon, defaults.width]
    assert config.workspace()[1]["search"].tolist() == config.search.tolist()  # the world's copy too


def test_hard_games_do_not_depend_on_threads_or_chunking():
    config = make_config("japon", "corea", agents=("hard", "hard"))  # both sides search
    rows, counters = RULESET.play_chunk(config, SEED, 0, DETERMINISM_GAMES, threads=1)
    rows2, counters2 = RULESET.play_chunk(config, SEED, 0, DETERMINISM_GAMES, threads=2)
    assert np.array_equal(rows, rows2) and np.array_equal(counters, counters2)
    for cut in (1, 37):
        parts = [RULESET.play_chunk(config, SEED, start, n, threads=1)
                 for start, n in ((0, cut), (cut, DETERMINISM_GAMES - cut))]
        assert np.array_equal(rows, np.concatenate([p[0] for p in parts]))
        assert np.array_equal(counters, sum(p[1] for p in parts))
    for unit in (0, 1, 41):  # a traced replay plays the same game (the world is never traced)
        traced, events = RULESET.trace_unit(config, SEED, unit)
        assert np.array_equal(traced[0], rows[unit]) and len(events) > 50


def test_a_hard_side_plays_hard_and_both_sides_may_search():
    """Both seats search (hard against hard, side B hard), and the games differ from greedy's."""
    greedy, _ = RULESET.play_chunk(make_config("china", "japon"), SEED, 0, 40, threads=1)
    for agents in (("greedy", "hard"), ("hard", "hard")):
        rows, _ = RULESET.play_chunk(make_config("china", "japon", agents=agents), SEED, 0, 40, threads=1)
        assert rows[:, RecordCol.PLAYED].all()
        assert not np.array_equal(rows, greedy), agents


def test_card_conservation_holds_in_every_step_of_hard_games():
    """Invariant 3 with a hard side: with debug checks on, play_chunk raises on any broken turn."""
    for agents in (("hard", "greedy"), ("random", "hard")):
        config = make_config("corea", "china", agents=agents, params={"debug_checks": True})
        rows, _ = RULESET.play_chunk(config, SEED, 0, 40)
        assert rows[:, RecordCol.PLAYED].all()


def test_the_hidden_information_probe_with_hard_agents_changes_no_decision():
    """Invariant 5 (rule F-15: a set trap's identity is hidden): a hard player's searched main action
    and attack, and its greedy responses and blocks, are the same with the opponent's hand, deck
    order and face-down trap reshuffled."""
    compared, changed = RULESET.hidden_information_probe(SEED, 40, agent="hard")
    assert compared >= 40 and changed == 0, (compared, changed)


def hard_positions(n: int, seed: int):
    """Hard against hard (every pairing), played part way to the first main phase of a turn: yields
    (workspace, the player to move)."""
    yield from RULESET.positions_in_play(seed, n, "hard", np.random.default_rng(seed))


def test_a_world_keeps_what_the_player_sees_and_deals_again_what_it_does_not():
    """hard.observe: the world agrees with the game on everything p may see (both fields, discard
    piles, lands, the chain, p's hand, the opponent's counts); card conservation holds in it; the
    opponent's hidden places (hand, deck, face-down supports, rule F-15) hold its unseen cards, a
    face-down support a trap with the set turn it had; and p's deck holds its deck's cards."""
    dealt_differently = 0
    positions = 0
    for ws, p in hard_positions(24, 5):
        g, world = ws[0], ws[1]
        o = 1 - p
        observe(g, world, p, np.int64(0), np.int64(positions % 3), np.int64(0))
        positions += 1
        assert conservation_errors(world) == 0
        assert world["ps"][0, PS_AGENT] == world["ps"][1, PS_AGENT] == 1  # greedy rollouts
        cs, wcs = g["cs"], world["cs"]
        for side in range(2):
            for c in range(N_DESIGNS):
                zone = cs[side, c, CS_ZONE]
                hidden = (zone == Zone.DECK or (zone == Zone.HAND and not cs[side, c, CS_SHOWN])
                          or (zone == Zone.SUPPORT and g["tab"][side, c, Field.KIND] == Kind.TRAP))
                if side == p or not hidden:  # seen: the same card in the same state
                    assert wcs[side, c, CS_ZONE] == zone, (side, c)
                    if zone != Zone.DECK:
                        assert (wcs[side, c, 2:] == cs[side, c, 2:]).all(), (side, c)
        top = g["ps"][p, PS_TOP]
        assert sorted(world["ps"][p, PS_ORDER + top:PS_ORDER + N_DECK]) == sorted(g["ps"][p, PS_ORDER + top:PS_ORDER + N_DECK])
        assert world["ps"][o, PS_HAND] == g["ps"][o, PS_HAND] and world["ps"][o, PS_TOP] == g["ps"][o, PS_TOP]
        down = sorted(cs[o, c, CS_SET_TURN] for c in range(N_DESIGNS) if cs[o, c, CS_ZONE] == Zone.SUPPORT
                      and g["tab"][o, c, Field.KIND] == Kind.TRAP)
        world_down = sorted(wcs[o, c, CS_SET_TURN] for c in range(N_DESIGNS) if wcs[o, c, CS_ZONE] == Zone.SUPPORT
                            and g["tab"][o, c, Field.KIND] == Kind.TRAP)
        assert down == world_down
        dealt_differently += not np.array_equal(wcs[o, :, CS_ZONE], cs[o, :, CS_ZONE])
    assert positions >= 12 and dealt_differently >= positions // 2, (positions, dealt_differently)


def test_a_world_is_the_same_wherever_the_hidden_cards_really_are():
    """Invariant 5 at its root: the world of a decision is the same after the opponent's hidden cards
    are reshuffled in the game (its hand, deck order and face-down trap, rule F-15)."""
    rng = np.random.default_rng(3)
    positions = 0
    for ws, p in hard_positions(24, 9):
        g, world = ws[0], ws[1]
        observe(g, world, p, np.int64(4), np.int64(1), np.int64(0))
        before = world["cs"].copy(), world["ps"].copy(), world["rng"].copy()
        RULESET.redeal_hidden(g, 1 - p, rng)
        observe(g, world, p, np.int64(4), np.int64(1), np.int64(0))
        for a, b in zip(before, (world["cs"], world["ps"], world["rng"])):
            assert np.array_equal(a, b)
        positions += 1
    assert positions >= 12


def test_every_candidate_of_a_search_meets_the_world_observe_deals():
    """hard.enter_world deals each world of a search for its first candidate and hands the later
    candidates a copy: after a rollout changed the world, the next candidate's world is the one
    hard.observe deals; a world past the kept ones is dealt anew for every candidate."""
    positions = 0
    for ws, p in hard_positions(12, 7):
        g, world = ws[0], ws[1]
        worlds = (1, 2, KEPT_WORLDS)  # (sample, rollout 0) as world w = sample
        for first in (True, False):
            for w in worlds:
                enter_world(g, world, p, np.int64(3), np.int64(w), np.int64(0), np.int64(w), first)
                now = world["cs"].copy(), world["ps"].copy(), world["ch"].copy(), world["rng"].copy()
                world["cs"][:] = 0  # what a rollout leaves behind, and more
                world["ps"][:] = 0
                world["rng"][:] = 0
                observe(g, world, p, np.int64(3), np.int64(w), np.int64(0))
                for a, b in zip(now, (world["cs"], world["ps"], world["ch"], world["rng"])):
                    assert np.array_equal(a, b), (positions, w, first)
        positions += 1
    assert positions >= 6


def reference_choice(g, world, p: int, n: int, phase: int) -> int:
    """The choice of sim.core.search.best_option, every candidate played out in every world."""
    return _reference_search(g, world, p, np.int64(5), np.int64(n), np.int64(phase), eval_scale(g, p))


@njit(_nrt=False)
def _reference_option(g, world, p, i, horizon, option_args):
    phase, scale = option_args
    _candidate_turn(g, world, p, i, phase)
    return play_out(world, p, horizon, scale)


@njit(_nrt=False)
def _reference_search(g, world, p, decision, n, phase, scale):
    return best_option(g, world, p, decision, n, observe, _reference_option, (phase, scale))


def test_a_search_chooses_what_playing_every_candidate_out_would():
    """hard.best_candidate stops a candidate's rollouts once it cannot beat the best so far: the
    choice is still best_option's, which plays every candidate in every world, in main phases and
    attacks."""
    searches = 0
    chosen_elsewhere = 0
    for ws, p in hard_positions(16, 11):
        g, world = ws[0], ws[1]
        phase = g["ps"][GAME, G_STEP]
        greedy = choose_action(g, p, True)
        n = action_candidates(g, p, greedy) if g["ps"][GAME, G_LISTED] else 0
        if n > 1:
            want = reference_choice(g, world, p, n, phase)
            assert best_candidate(g, world, p, np.int64(5), np.int64(n), phase, eval_scale(g, p)) == want
            searches += 1
            chosen_elsewhere += want != 0
        n = attack_candidates(g, p)
        if n > 1:
            want = reference_choice(g, world, p, n, ATTACK)
            assert best_candidate(g, world, p, np.int64(5), np.int64(n), np.int64(ATTACK), eval_scale(g, p)) == want
            searches += 1
            chosen_elsewhere += want != 0
    assert searches >= 8 and chosen_elsewhere >= 1, (searches, chosen_elsewhere)


def test_a_land_is_placed_without_a_search():
    """Rules F-07, F-08: a land from the reserve is free and untapped, so when the greedy agent
    places one the hard agent does too, without spending a decision's worlds on it."""
    s = Scenario.from_factions("china", "japon", agents=("hard", "greedy"))
    s.lands(0, 2)
    s.put(0, "CH-001", "CH-002", zone="hand")
    i = search_action(s.g, s.world, 0, np.int64(Step.MAIN1))
    assert i >= 0 and s.cand[i, 0] == Action.LAND
    assert s.ps[0, PS_DECISIONS] == 0


def test_a_hard_player_keeps_a_unit_from_an_attack_that_only_loses_it():
    """Rules F-21, F-22: Soldado de Terracota (1/2) attacking into an untapped Samurái del Clan Takeda
    (4/3) is blocked and dies; the hard agent, having played that attack out, leaves it home (greedy
    does too since 0.4.0, test_greedy_agent.py)."""
    s = Scenario.from_factions("china", "japon", agents=("hard", "greedy"))
    s.put(0, "CH-001", zone="unit")
    s.put(1, "JP-007", zone="unit")
    s.lands(0, 3)
    s.lands(1, 3)
    s.begin(active=0, step="begin_combat", turn=4)
    assert search_attackers(s.g, s.world, 0) == 0
    assert s.ps[0, PS_DECISIONS] == 1
