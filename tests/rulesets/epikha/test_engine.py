"""Epikha's engine beyond the contract test (tests/rulesets/test_contract.py checks its first two
sides): determinism with every agent, card conservation over all four decks and changed rules,
hidden information with more positions, greedy against random in both factions and both seats, and
the trace in both languages, a window's chain read in order with its levels; the passive effects in
force, worked out again only where they can change, in step with the cards after every phase."""

from __future__ import annotations

import re

import numpy as np
import pytest

from sim.core.match import MatchConfig, SideConfig
from sim.core.records import RecordCol
from sim.rulesets.epikha.constants import Window
from sim.rulesets.epikha.effects import refresh_passives
from sim.rulesets.epikha.engine import RULESET
from sim.rulesets.epikha.game import (
    choose_attackers, combat_and_regroup, deploy_steps, spell_window, start_phase, window_opens,
)
from sim.rulesets.epikha.state import (
    CS_ZONE, G_ACTIVE, G_OVER, G_TURN, GAME, PS_ABILITY, PS_ALL_F, PS_SPELL_LEVEL,
)

SEED = 20261202
DECKS = ("abaron_arcano", "abaron_horda", "empiria_fe", "empiria_legion")


def match(a: str = "abaron", b: str = "empiria", agents: tuple[str, str] = ("greedy", "greedy"), **params):
    return MatchConfig("epikha test", (SideConfig(a, f"A:{a}", agents[0]), SideConfig(b, f"B:{b}", agents[1])),
                       params=params)


def score_a(rows: np.ndarray) -> float:
    w = rows[:, RecordCol.WINNER]
    return float(((w == 0) + 0.5 * (w == -1)).mean())


@pytest.mark.parametrize("agents", [("greedy", "random"), ("hard", "greedy")])
def test_same_seed_same_games_on_one_or_two_threads_and_any_chunking(agents) -> None:
    n = 200 if agents[0] == "hard" else 600
    compiled = RULESET.compile(match("abaron_horda", "empiria_legion", agents))
    one, c1 = RULESET.play_chunk(compiled, SEED, 0, n, threads=1)
    two, c2 = RULESET.play_chunk(compiled, SEED, 0, n, threads=2)
    parts = [RULESET.play_chunk(compiled, SEED, lo, n // 4, threads=2) for lo in range(0, n, n // 4)]
    assert np.array_equal(one, two) and np.array_equal(c1, c2)
    assert np.array_equal(one, np.concatenate([p[0] for p in parts]))
    assert np.array_equal(c1, sum(p[1] for p in parts))


def test_no_card_conservation_problem_in_play() -> None:
    for agents in (("greedy", "greedy"), ("random", "random")):
        for a, b in (("abaron_arcano", "empiria_fe"), ("abaron_horda", "empiria_legion")):
            compiled = RULESET.compile(match(a, b, agents))
            assert RULESET.conservation_problems(compiled, SEED, 60) == 0, (a, b, agents)
    changed = RULESET.compile(match("abaron_arcano", "empiria_legion", ("random", "greedy"), magic_zone_slots=1,
                                    deployment_slots=2, combat_slots=1, attack_on_entry=True, attackers_block=True))
    assert RULESET.conservation_problems(changed, SEED, 60) == 0


def test_the_debug_checks_play_the_build_that_counts_them() -> None:
    """The build without search leaves the card-conservation count out (kernels.no_checks, a
    greedy run's cold compile), so a config with debug_checks on must play the other build."""
    greedy = RULESET.compile(match())
    checked = RULESET.compile(match(debug_checks=True))
    assert RULESET.range_kernel(greedy) is RULESET.play_range_without_search
    assert RULESET.range_kernel(checked) is RULESET.play_range
    assert RULESET.unit_kernel(checked) is RULESET.play_unit


def test_agents_never_read_what_they_cannot_see() -> None:
    compared, changed = RULESET.hidden_information_probe(SEED, 80)
    assert compared >= 400 and changed == 0


def test_the_probe_deals_the_opponents_hand_again() -> None:
    # the probe means something only if the deal moves hidden cards between the hand and the deck
    rng = np.random.default_rng(1)
    moved = 0
    for ws, p in RULESET.positions_in_play(SEED, 10, "greedy", rng):
        g = ws[0]
        before = g["cs"][1 - p, :, CS_ZONE].copy()
        RULESET.redeal_hidden(g, 1 - p, rng)
        moved += int((before != g["cs"][1 - p, :, CS_ZONE]).sum())
    assert moved > 0


@pytest.mark.parametrize("faction", ["abaron", "empiria"])
def test_greedy_beats_random_in_both_factions_and_seats(faction: str) -> None:
    """Measured with 20,000 games a cell: 94 to 99.9% (rules.md, "Sides and agents")."""
    for other in ("abaron", "empiria"):
        for agents, sign in ((("greedy", "random"), 1), (("random", "greedy"), -1)):
            a, b = (faction, other) if sign == 1 else (other, faction)
            rows, _ = RULESET.play_chunk(RULESET.compile(match(a, b, agents)), SEED, 0, 2000)
            greedy = score_a(rows) if sign == 1 else 1 - score_a(rows)
            assert greedy >= 0.9, (faction, other, agents, greedy)


@pytest.mark.parametrize("lang,chain", [("es", r"(\d+)º en resolverse: .* \(nivel (\d+)\)"),
                                        ("en", r"resolving #(\d+): .* \(level (\d+)\)")])
def test_a_game_reads_in_both_languages_with_each_chain_in_order(lang: str, chain: str) -> None:
    compiled = RULESET.compile(match("abaron_arcano", "empiria_fe"))
    chains = 0
    for unit in range(6):
        rows, events = RULESET.trace_unit(compiled, SEED, unit)
        lines = RULESET.describe_events(compiled, rows, events, lang)
        assert len(lines) == len(events) and all(lines)
        order, levels = [], []
        for line in lines:
            found = re.search(chain, line)
            if found:
                order.append(int(found[1]))
                levels.append(int(found[2]))
            elif order and ("cerrada" in line or "closed" in line):
                assert order == list(range(1, len(order) + 1)), order  # numbered in the order they resolve
                assert levels == sorted(levels, reverse=True), levels  # higher levels first (rule E-03)
                chains += len(order) > 1
                order, levels = [], []
    assert chains > 0


@pytest.mark.parametrize("agents", [("greedy", "greedy"), ("random", "greedy")])
def test_passive_effects_in_force_stay_in_step_with_the_cards(agents) -> None:
    """The passive effects in force (effects.refresh_passives, E-14, E-31) are worked out again only
    where they can change (game.start_phase when the Player Ability ends, game.deploy_step for the
    Player card's move into the Magic Zone or a machine with passive effects): after each phase of
    every turn they are what working them out again gives."""
    checked = abilities = 0
    for a, b in (("abaron_arcano", "empiria_fe"), ("abaron_horda", "empiria_legion"), ("empiria_fe", "empiria_fe")):
        # a greedy Player card that may not attack moves into the Magic Zone (agents.best_move): its Ability
        compiled = RULESET.compile(match(a, b, agents, player_may_attack=False))
        for k in range(6):
            ws = compiled.workspace()
            g, ps = ws[0], ws[0]["ps"]
            RULESET.begin_game(compiled, ws, np.uint64(SEED + k))

            def in_step() -> None:
                nonlocal checked
                kept = ps[:2, PS_ALL_F:PS_SPELL_LEVEL + 1].copy()
                refresh_passives(g)
                assert np.array_equal(kept, ps[:2, PS_ALL_F:PS_SPELL_LEVEL + 1]), (a, b, k, int(ps[GAME, G_TURN]))
                checked += 1

            for turn in range(40):
                p = np.int64(turn % 2)
                ps[GAME, G_ACTIVE], ps[GAME, G_TURN] = p, turn
                start_phase(g)
                in_step()
                if ps[GAME, G_OVER]:
                    break
                deploy_steps(g, p, np.int64(Window.DEPLOYMENT))
                abilities += ps[p, PS_ABILITY] > 0
                in_step()
                if window_opens(g, np.int64(Window.DEPLOYMENT)):
                    spell_window(g, np.int64(Window.DEPLOYMENT))
                if ps[GAME, G_OVER]:
                    break
                combat_and_regroup(g, choose_attackers(g, p))
                in_step()
                if ps[GAME, G_OVER]:
                    break
    assert checked >= 300 and abilities >= 10, (checked, abilities)
