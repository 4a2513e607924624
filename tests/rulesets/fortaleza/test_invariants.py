"""The fortaleza invariants: determinism, card conservation, hidden information, agent strength, and
a golden trace of a few fixed games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from sim.core.records import RecordCol
from sim.analysis.intervals import wilson_interval
from sim.rulesets.fortaleza import RULESET
from sim.rulesets.fortaleza.agents import (
    ACT_THRESHOLD, action_value, choose_action, choose_blocker, decide, idle_designs, wants_to_attack,
)
from sim.rulesets.fortaleza.agents import unblocked_damage_to
from sim.rulesets.fortaleza.chain import _window, window
from sim.rulesets.fortaleza.combat import (
    blockers_step_passes, chosen_attackers, combat, combat_damage, combat_window, declare_attackers, declare_blockers,
    end_combat,
)
from sim.rulesets.fortaleza.constants import N_DESIGNS, Agent, Col, Kind, Step, Zone
from sim.rulesets.fortaleza.game import setup_game
from sim.rulesets.fortaleza.legal import can_attack, list_actions
from sim.rulesets.fortaleza.targets import answers_held
from sim.rulesets.fortaleza.scenario import Scenario
from sim.rulesets.fortaleza.state import (
    CS_ATTACKING, CS_BLOCKED_BY, CS_BLOCKING, CS_PENDING, CS_SET_TURN, CS_TAPPED, CS_WAS_BLOCKED, CS_ZONE, G_ACTIVE,
    G_LISTED, G_OVER, G_STEP, G_TURN, GAME, PS_AGENT, PS_ENERGY, PS_FIGHTS, PS_FORT, PS_FPROT, PS_LANDS, PS_ORDER, PS_TOP, atq_of,
)

from .conftest import SEED, make_config

FACTIONS = ("china", "japon", "corea")
GOLDEN = Path(__file__).parent / "golden" / "china_japon_es.txt"
# games 0 and 1 are a seat-mirrored pair (the same shuffles, the other player starts, rule F-05); in
# game 426 Estratega de Wu, cast in China's turn 9, cannot use its fast ability in Japón's turn 10
# (rule F-20, as mended in 0.3.0) and dies blocking
GOLDEN_GAMES = (0, 1, 426)


def test_same_seed_same_results_whatever_the_threads_and_chunking():
    config = make_config("corea", "japon")
    rows, counters = RULESET.play_chunk(config, SEED, 0, 600, threads=1)
    rows2, counters2 = RULESET.play_chunk(config, SEED, 0, 600, threads=2)
    assert np.array_equal(rows, rows2) and np.array_equal(counters, counters2)
    parts = [RULESET.play_chunk(config, SEED, start, n, threads=2) for start, n in ((0, 77), (77, 300), (377, 223))]
    assert np.array_equal(rows, np.concatenate([p[0] for p in parts]))
    assert np.array_equal(counters, sum(p[1] for p in parts))


@pytest.mark.parametrize("a, b", [("china", "japon"), ("japon", "corea"), ("corea", "china")])
def test_card_conservation_holds_in_every_step_of_random_and_greedy_games(a, b):
    """Invariant 3: with debug checks on, play_chunk raises if any turn breaks card conservation."""
    for agents in (("random", "random"), ("greedy", "random")):
        rows, _ = RULESET.play_chunk(make_config(a, b, agents=agents, params={"debug_checks": True}), SEED, 0, 300)
        assert rows[:, RecordCol.PLAYED].all()


def test_the_debug_checks_play_the_build_that_counts_them():
    """The build without search leaves the card-conservation count out (kernels.no_checks, a
    greedy run's cold compile), so a config with debug_checks on must play the other build."""
    greedy = make_config()
    checked = make_config(params={"debug_checks": True})
    assert RULESET.range_kernel(greedy) is RULESET.play_range_without_search
    assert RULESET.range_kernel(checked) is RULESET.play_range
    assert RULESET.unit_kernel(checked) is RULESET.play_unit


@pytest.mark.parametrize("faction", FACTIONS)
def test_mirror_match_is_within_its_interval_of_50_percent(faction):
    rows, _ = RULESET.play_chunk(make_config(faction, faction), SEED, 0, 20_000)
    score = (rows[:, RecordCol.WINNER] == 0).sum() + 0.5 * (rows[:, RecordCol.WINNER] < 0).sum()
    low, high = wilson_interval(score, len(rows))
    assert low <= 0.5 <= high, (faction, score / len(rows))


def test_greedy_wins_at_least_90_percent_against_random():
    for faction in FACTIONS:
        rows, _ = RULESET.play_chunk(make_config(faction, faction, agents=("greedy", "random")), SEED, 0, 1000)
        score = ((rows[:, RecordCol.WINNER] == 0).sum() + 0.5 * (rows[:, RecordCol.WINNER] < 0).sum()) / len(rows)
        assert score >= 0.90, (faction, score)


def _decisions(s: Scenario, p: int) -> list:
    """Everything p's greedy agent would decide now: main action, response, attacks, blocks."""
    out = []
    for main in (True, False):
        i = choose_action(s.g, p, np.bool_(main))
        out.append(tuple(s.cand[i]) if i >= 0 else None)
    for u in range(N_DESIGNS):
        if can_attack(s.g, p, u):
            out.append(("attack", u, bool(wants_to_attack(s.g, p, u))))
    for a in range(N_DESIGNS):
        if s.cs[1 - p, a, CS_ZONE] == Zone.UNIT:
            s.cs[1 - p, a, 8] = 1  # suppose it attacks
            out.append(("block", a, int(choose_blocker(s.g, p, a, False))))
            s.cs[1 - p, a, 8] = 0
    return out


def _shuffle_hidden(s: Scenario, opp: int, rng: np.random.Generator) -> None:
    """Reshuffle what p cannot see of the opponent: which cards are in hand or deck, the deck order,
    and which trap lies face down."""
    hidden = [c for c in range(N_DESIGNS) if s.cs[opp, c, CS_ZONE] in (Zone.HAND, Zone.DECK)]
    in_hand = int(sum(s.cs[opp, c, CS_ZONE] == Zone.HAND for c in hidden))
    rng.shuffle(hidden)
    for k, c in enumerate(hidden):
        s.cs[opp, c, CS_ZONE] = Zone.HAND if k < in_hand else Zone.DECK
    deck = hidden[in_hand:]
    s.ps[opp, PS_TOP] = 44 - len(deck)
    for i, c in enumerate(deck):
        s.ps[opp, PS_ORDER + 44 - len(deck) + i] = c
    traps = [c for c in range(N_DESIGNS) if s.tab[opp, c, 0] == Kind.TRAP]
    set_traps = [c for c in traps if s.cs[opp, c, CS_ZONE] == Zone.SUPPORT]
    if len(set_traps) == 1:
        other = next(c for c in traps if c != set_traps[0])
        a, b = set_traps[0], other
        for field in (CS_ZONE, CS_SET_TURN):
            s.cs[opp, a, field], s.cs[opp, b, field] = s.cs[opp, b, field], s.cs[opp, a, field]
        if s.cs[opp, a, CS_ZONE] == Zone.DECK:  # keep the deck order listing the card that is there
            for i in range(s.ps[opp, PS_TOP], 44):
                if s.ps[opp, PS_ORDER + i] == b:
                    s.ps[opp, PS_ORDER + i] = a
    s._recount(opp)


def greedy_game_part_way(a: str, b: str, seed: int, turns: int) -> Scenario | None:
    """A greedy game of a against b played for `turns` turns, or None when it ended before."""
    s = Scenario.from_factions(a, b, seed=seed)
    s.begin(active=0, step="start", turn=0)
    setup_game(s.g, 0)
    for t in range(turns):
        s.ps[GAME, G_ACTIVE] = t % 2
        s.ps[GAME, G_TURN] = t
        s.turn()
        if s.ps[GAME, G_OVER]:
            return None
    return s


def greedy_games_part_way(seed: int, shift: int, first_seed: int) -> Iterator[tuple[int, Scenario]]:
    """45 greedy games, game g of FACTIONS[g % 3] against FACTIONS[(g + shift) % 3] from seed
    first_seed + g, each played 3 to 15 turns (drawn from `seed`): (g, the game) of those still on."""
    rng = np.random.default_rng(seed)
    for g in range(45):
        s = greedy_game_part_way(FACTIONS[g % 3], FACTIONS[(g + shift) % 3], first_seed + g, int(rng.integers(3, 16)))
        if s is not None:
            yield g, s


def decisions_with_hidden_cards_shuffled(seed: int, games: int) -> bool:
    """Invariant 5: play greedy games part way, then check every decision of the player to move is
    unchanged when the opponent's hidden cards are reshuffled."""
    rng = np.random.default_rng(seed)
    checked = 0
    for g in range(games):
        s = greedy_game_part_way(FACTIONS[g % 3], FACTIONS[(g + 1) % 3], seed + g, int(rng.integers(2, 14)))
        if s is None:
            continue
        p = int(s.ps[GAME, G_ACTIVE])
        before = _decisions(s, p)
        _shuffle_hidden(s, 1 - p, rng)
        after = _decisions(s, p)
        assert before == after, (g, before, after)
        checked += 1
    return checked >= games // 2


def test_agents_never_read_the_opponents_hand_deck_or_face_down_traps():
    assert decisions_with_hidden_cards_shuffled(seed=11, games=60)


def _choice_from_every_candidate(s: Scenario, p: int, main: bool) -> tuple | None:
    """The greedy choice worked out the long way: list every legal action, value each, take the
    first of the highest values above the threshold."""
    n = list_actions(s.g, p, np.bool_(main), np.int64(0), np.bool_(False))
    best, best_value = None, ACT_THRESHOLD
    for i in range(n):
        v = action_value(s.g, p, i)
        if v > best_value:
            best, best_value = tuple(s.cand[i]), v
    return best


def test_greedy_choices_are_the_same_as_valuing_every_candidate():
    """The greedy agent leaves out of its list what it would value at 0 or less (quiet windows,
    agents.quiet_window); across game states, steps and both players it still makes the choice that
    valuing every legal action makes."""
    compared = chosen = 0
    for g, s in greedy_games_part_way(5, 2, 100):
        for side in (0, 1):  # untapped lands, as at the start of a turn: more of the hand is playable
            s.ps[side, PS_ENERGY] = s.ps[side, PS_LANDS]
        for step in (Step.MAIN1, Step.BEGIN_COMBAT, Step.ATTACKERS, Step.BLOCKERS, Step.DAMAGE, Step.END):
            s.ps[GAME, G_STEP] = step
            for p in (0, 1):
                for main in ((True, False) if step == Step.MAIN1 else (False,)):
                    expected = _choice_from_every_candidate(s, p, main)
                    i = choose_action(s.g, p, np.bool_(main))
                    assert (tuple(s.cand[i]) if i >= 0 else None) == expected, (g, step, p, main)
                    compared += 1
                    chosen += expected is not None
    assert compared > 500 and chosen > 60, (compared, chosen)


def test_greedy_leaves_out_only_what_it_could_not_choose():
    """What the greedy agent does not value or list: every candidate's value is at most its design's
    bound (targets.set_design_values; agents.choose_listed values no candidate whose bound cannot beat
    the best so far), and a decision that answers without a list (legal.supports_add_nothing in a
    main phase) leaves one that list_actions finds empty; the lean lists of play choose as the whole."""
    valued = skipped = 0
    for g, s in greedy_games_part_way(9, 1, 400):
        for side in (0, 1):  # untapped lands, as at the start of a turn: more of the hand is playable
            s.ps[side, PS_ENERGY] = s.ps[side, PS_LANDS]
        for step in (Step.MAIN1, Step.ATTACKERS, Step.BLOCKERS, Step.END):
            s.ps[GAME, G_STEP] = step
            for p in (0, 1):
                for main in ((True, False) if step == Step.MAIN1 else (False,)):
                    n = list_actions(s.g, p, np.bool_(main), np.int64(0), np.bool_(False))
                    for i in range(n):
                        assert action_value(s.g, p, i) <= s.g["dv"][p, s.cand[i, 1], s.cand[i, 0]], (g, step, p, i)
                    valued += n
                    expected = _choice_from_every_candidate(s, p, main)
                    for lean in (False, True):
                        s.ps[GAME, G_LISTED] = -1  # decide writes 0 when it answers without a list
                        i = decide(s.g, p, np.bool_(main), np.bool_(lean))
                        assert (tuple(s.cand[i]) if i >= 0 else None) == expected, (g, step, p, main, lean)
                        if s.ps[GAME, G_LISTED] == 0:
                            free_slots_only = lean and s.ps[p, PS_AGENT] == Agent.GREEDY
                            idle = idle_designs(s.g, p, np.bool_(main))
                            assert list_actions(s.g, p, np.bool_(main), idle, np.bool_(free_slots_only)) == 0
                            skipped += main
    assert valued > 1000 and skipped > 10, (valued, skipped)


def _lethal_swing(s: Scenario, p: int, able: list[int]) -> bool:
    """agents.lethal_swing written out: each untapped opposing unit stops one of the strongest attackers
    (one of ATQ 0 or more)."""
    cs = s.g["cs"]
    blockers = sum(1 for b in range(N_DESIGNS) if cs[1 - p, b, CS_ZONE] == Zone.UNIT and not cs[1 - p, b, CS_TAPPED])
    atqs = sorted((int(atq_of(s.g, p, u)) for u in able), reverse=True)
    stopped = sum(a for a in atqs[:blockers] if a >= 0)
    return sum(atqs) - stopped >= s.ps[1 - p, PS_FORT] + s.ps[1 - p, PS_FPROT]


def test_greedy_attack_is_the_same_as_weighing_every_block():
    """combat.chosen_attackers answers most units from the blockers' bounds (agents.blockers_bounds,
    wants_to_attack_known) and a swing short of the Fortaleza at once; across game states it still
    attacks with the units that weighing every block (wants_to_attack) and the whole swing choose."""
    asked = attacking = 0
    for g, s in greedy_games_part_way(7, 1, 300):
        if g % 2:  # every unit untapped: more units able to attack and to block
            s.g["cs"][:, :, CS_TAPPED] = 0
        for p in (0, 1):
            able = [u for u in range(N_DESIGNS) if can_attack(s.g, p, u)]
            if not able:
                expected = 0
            elif _lethal_swing(s, p, able):
                expected = sum(1 << u for u in able)
            else:
                expected = sum(1 << u for u in able if wants_to_attack(s.g, p, u))
            assert chosen_attackers(s.g, p) == expected, (g, p)
            asked += len(able)
            attacking += bin(expected).count("1")
    assert asked > 60 and attacking > 20, (asked, attacking)


def test_a_combat_leaves_no_unit_in_combat():
    """combat.declared_attack's walks visit only the attack declared and the fights (block_with marks
    them): across greedy game states, every unit on the field ends the combat with its combat columns
    and its pending damage at 0, and no fight marked."""
    fought = 0
    for g, s in greedy_games_part_way(5, 2, 700):
        if g % 2:  # every unit untapped: more attackers and more blocks
            s.g["cs"][:, :, CS_TAPPED] = 0
        combat(s.g)
        cs = s.g["cs"]
        for side in (0, 1):
            on_field = cs[side, :, CS_ZONE] == Zone.UNIT
            for col in (CS_ATTACKING, CS_BLOCKING, CS_BLOCKED_BY, CS_WAS_BLOCKED, CS_PENDING):
                assert not cs[side, on_field, col].any(), (g, side, col)
            assert s.ps[side, PS_FIGHTS] == 0, (g, side)
        fought += 1
    assert fought > 20, fought


def _played_both_ways(s: Scenario, ours) -> bool:  # noqa: ANN001 -- a Python callable
    """Play the window open now with chain.window, then from the same state with `ours`: the same game
    after (the lists' scratch, g.cand and G_LISTED, aside). Returns whether a player held an answer."""
    keys = ("cs", "ps", "ch", "rng")
    before = {k: s.g[k].copy() for k in keys}
    held = answers_held(s.ps, 0) | answers_held(s.ps, 1)
    window(s.g)
    expected = {k: s.g[k].copy() for k in keys}
    for k in keys:
        s.g[k][...] = before[k]
    ours()
    for k in keys:
        got = s.g[k].copy()
        if k == "ps":
            got[GAME, G_LISTED] = expected[k][GAME, G_LISTED]
        assert np.array_equal(got, expected[k]), k
    return held != 0


def test_combat_windows_closed_at_once_play_as_chain_window():
    """combat.combat_window and blockers_step_passes close some of the combat's windows as they open
    where chain.window would offer them (a set Emboscada with no attacker to aim at, the blockers
    step's rescues while no fight kills): across greedy game states, each of a combat's four windows
    played both ways leaves the same game, and declare_blockers' unblocked ATQ is the defender's
    agents.unblocked_damage_to (the attacking player's is 0: only its units attack)."""
    held = closed = 0
    for g, s in greedy_games_part_way(3, 1, 900):
        if g % 2:  # every unit untapped: more attackers and more blocks
            s.g["cs"][:, :, CS_TAPPED] = 0
        s.ps[:2, PS_ENERGY] = s.ps[:2, PS_LANDS]  # every land untapped: more answers held
        a = int(s.ps[GAME, G_ACTIVE])
        s.ps[GAME, G_STEP] = Step.BEGIN_COMBAT
        held += _played_both_ways(s, lambda: combat_window(s.g))
        chosen = chosen_attackers(s.g, a)
        if s.ps[GAME, G_OVER] or declare_attackers(s.g, a, chosen) == 0:
            continue
        s.ps[GAME, G_STEP] = Step.ATTACKERS
        held += _played_both_ways(s, lambda: combat_window(s.g))
        if not s.ps[GAME, G_OVER]:
            unblocked = declare_blockers(s.g, chosen)
            assert unblocked == unblocked_damage_to(s.g, 1 - a) and unblocked_damage_to(s.g, a) == 0, g
            s.ps[GAME, G_STEP] = Step.BLOCKERS
            passes = blockers_step_passes(s.g, unblocked)
            closed += passes and (answers_held(s.ps, 0) | answers_held(s.ps, 1)) != 0
            held += _played_both_ways(s, lambda: None if passes else _window(s.g))
        if not s.ps[GAME, G_OVER]:
            combat_damage(s.g, chosen)
            s.ps[GAME, G_STEP] = Step.DAMAGE
            end_combat(s.g, chosen)
            held += _played_both_ways(s, lambda: combat_window(s.g))
    assert held > 40 and closed > 2, (held, closed)


def golden_text() -> str:
    """The golden games of greedy China against Japón (seed SEED) as the Spanish trace lines."""
    config = make_config("china", "japon")
    parts = []
    for unit in GOLDEN_GAMES:
        rows, events = RULESET.trace_unit(config, SEED, unit)
        parts.append(f"## partida {unit}, semilla {SEED}")
        parts.extend(RULESET.describe_events(config, rows, events, "es"))
    return "\n".join(parts) + "\n"


def test_golden_trace():
    """Three fixed games, every event as a readable line: any change to what the kernels play shows
    here. After a deliberate rule change, bump `version` in sim/rulesets/fortaleza/engine.py, add a
    line to rules.md's version history and regenerate from the repository root with
    `PYTHONPATH=$PWD python -m tests.rulesets.fortaleza.test_invariants`; review the diff."""
    assert golden_text() == GOLDEN.read_text(encoding="utf-8")


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(golden_text(), encoding="utf-8")
