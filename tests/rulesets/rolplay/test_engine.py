"""Rolplay's engine beyond the contract test (tests/rulesets/test_contract.py checks its first two
decks): determinism, card conservation and hidden information over more decks and the 2002
variant, every enabled card in a game, greedy against random in each level-25 mirror, and the
trace in both languages."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from sim.core.match import MatchConfig, SideConfig
from sim.core.records import Counter, RecordCol
from sim.rulesets.rolplay.cards import CARDS_DIR, load_pool
from sim.rulesets.rolplay.constants import Param
from sim.rulesets.rolplay.engine import RULESET

SEED = 20261202


def match(a: str = "carga_25", b: str = "misticos_25", agents: tuple[str, str] = ("greedy", "greedy"),
          cards_dir: Path | None = None, **params) -> MatchConfig:
    return MatchConfig("rolplay test", (SideConfig(a, f"A:{a}", agents[0]), SideConfig(b, f"B:{b}", agents[1])),
                       params=params, cards_dir=cards_dir)


def score_a(rows: np.ndarray) -> float:
    w = rows[:, RecordCol.WINNER]
    return float(((w == 0) + 0.5 * (w == -1)).mean())


def test_same_seed_same_games_on_one_or_two_threads_and_any_chunking() -> None:
    compiled = RULESET.compile(match(agents=("greedy", "random")))
    one, c1 = RULESET.play_chunk(compiled, SEED, 0, 600, threads=1)
    two, c2 = RULESET.play_chunk(compiled, SEED, 0, 600, threads=2)
    parts = [RULESET.play_chunk(compiled, SEED, lo, 150, threads=1) for lo in range(0, 600, 150)]
    assert np.array_equal(one, two) and np.array_equal(c1, c2)
    assert np.array_equal(one, np.concatenate([p[0] for p in parts]))
    assert np.array_equal(c1, sum(p[1] for p in parts))
    other, _ = RULESET.play_chunk(compiled, SEED + 1, 0, 600, threads=1)
    assert not np.array_equal(one, other)


def test_no_card_conservation_problem_in_play() -> None:
    for agents in (("greedy", "greedy"), ("random", "greedy")):
        for a, b in (("carga_25", "misticos_25"), ("amuletos_25", "defensores_25"), ("dragones_50", "control_50"),
                     ("muralla_50", "misticos_50")):
            compiled = RULESET.compile(match(a, b, agents))
            assert RULESET.conservation_problems(compiled, SEED, 40) == 0, (a, b, agents)
    variant = RULESET.compile(match("control_50", "amuletos_25", ("greedy", "random"), variant="2002"))
    assert RULESET.conservation_problems(variant, SEED, 40) == 0


def test_the_debug_checks_play_the_build_that_counts_them() -> None:
    """The build without search leaves the card-conservation count out (kernels.no_checks, a
    greedy run's cold compile), so a config with debug_checks on must play the other build, and
    the count must run there: a hand above the hand limit (the starting power dealt into a hand
    that may hold none, the workspace's limit broken) is a problem after every step."""
    greedy = RULESET.compile(match())
    checked = RULESET.compile(match(debug_checks=True))
    assert RULESET.range_kernel(greedy) is RULESET.play_range_without_search
    assert RULESET.range_kernel(checked) is RULESET.play_range
    assert RULESET.unit_kernel(checked) is RULESET.play_unit
    counts = []
    for compiled in (checked, greedy):
        ws = compiled.workspace()
        ws["par"][:, Param.HAND_MAX] = 0
        rows = np.zeros((4, RULESET.n_cols), np.int64)
        flags = np.zeros((4, 2, RULESET.flag_width), np.uint8)
        counts.append(int(RULESET.range_kernel(compiled)(0, 4, np.uint64(SEED), compiled.mirrored,
                                                         RULESET.config_input(compiled), rows, flags, ws)))
    assert counts[0] >= 4 and counts[1] == 0, counts


def test_agents_never_read_what_they_cannot_see() -> None:
    compared, changed = RULESET.hidden_information_probe(SEED, 60)
    assert compared >= 200 and changed == 0


def test_a_mirror_is_even_and_greedy_beats_random() -> None:
    """The carga mirror (20,000 games, seats mirrored) holds 50% in its 95% interval over pairs.
    Greedy against random in each level-25 mirror, both seats: measured 85 to 95% (rules.md, "Sides
    and agents"); the contract's 90% is asked of the first two decks."""
    from tests.rulesets.test_contract import side_a_pair_interval
    rows, _ = RULESET.play_chunk(RULESET.compile(match("carga_25", "carga_25")), SEED, 0, 20_000)
    rate, _, low, high = side_a_pair_interval(rows)
    assert low <= 0.5 <= high, rate
    for deck in ("carga_25", "misticos_25", "defensores_25", "amuletos_25"):
        for agents, sign in ((("greedy", "random"), 1), (("random", "greedy"), -1)):
            rows, _ = RULESET.play_chunk(RULESET.compile(match(deck, deck, agents)), SEED, 0, 2000)
            greedy = score_a(rows) if sign == 1 else 1 - score_a(rows)
            assert greedy >= 0.8, (deck, agents, greedy)


def test_every_enabled_card_loads_and_appears_in_a_test_game(tmp_path) -> None:
    """Tier-50 decks of one copy of every enabled card (seven Poder each, the starting power and the
    deck's power floor, R-03, R-08), played against each other: every card is in a game's deck, and
    most are put into play (245 of 283 when measured: such decks rarely hold the power the dearest
    cards cost, R-08)."""
    pool = load_pool()
    cards_dir = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, cards_dir)
    decks_dir = tmp_path / "decks"
    decks_dir.mkdir()
    others = [c for c in pool.cards.values() if c.id != "RP-007"]
    names = []
    for k in range(0, len(others), 53):
        chunk = others[k:k + 53]
        chunk += [c for c in others if c not in chunk][: 53 - len(chunk)]
        lines = ['{ id = "RP-007", copies = 7 }'] + [f'{{ id = "{c.id}", copies = 1 }}' for c in chunk]
        name = f"all_{k // 53}"
        (decks_dir / f"{name}.toml").write_text(
            f'name = "{name}"\ntier = 50\nidea = "every card once"\ncards = [\n' + ",\n".join(lines) + "\n]\n",
            encoding="utf-8")
        names.append(name)
    in_deck: set[str] = set()
    played: set[str] = set()
    for i, a in enumerate(names):
        b = names[(i + 1) % len(names)]
        compiled = RULESET.compile(match(a, b, cards_dir=cards_dir))
        rows, counters = RULESET.play_chunk(compiled, SEED, 0, 400)
        for side, pool_side in enumerate(compiled.pools):
            for d, card_id in enumerate(pool_side.ids):
                if counters[side, d, Counter.IN_DECK].sum():
                    in_deck.add(card_id)
                if counters[side, d, Counter.PLAYED].sum():
                    played.add(card_id)
    assert in_deck == set(pool.cards)
    assert len(played) >= 0.85 * len(pool.cards), sorted(set(pool.cards) - played)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_game_reads_in_both_languages(lang: str) -> None:
    compiled = RULESET.compile(match())
    rows, events = RULESET.trace_unit(compiled, SEED, 3)
    lines = RULESET.describe_events(compiled, rows, events, lang)
    assert lines[0].startswith("==") and lines[-1].startswith("== ")
    words = {"es": ("invoca", "ataca con", "Fin:"), "en": ("summons", "attacks with", "End:")}[lang]
    text = "\n".join(lines)
    assert all(word in text for word in words), words


def test_a_spec_may_name_a_builders_deck_and_the_manifest_spells_it_out(tmp_path) -> None:
    import json
    from sim.cli import main
    spec = tmp_path / "built.toml"
    spec.write_text('name = "built"\nruleset = "rolplay"\ngames = 40\nseed = 1\n[[side]]\nfaction = "greedy-25"\n'
                    '[[side]]\nfaction = "random-50-seed7"\n', encoding="utf-8")
    assert main(["run", str(spec), "--results", str(tmp_path / "results"), "--executor", "serial"]) == 0
    manifest = json.loads((tmp_path / "results" / "built" / "manifest.json").read_text(encoding="utf-8"))
    sides = manifest["configs"]["base"]["sides"]
    assert [s["tier"] for s in sides] == [25, 50]
    assert all(sum(c["copies"] for c in s["deck_list"]) == 60 for s in sides)
    bad = tmp_path / "bad.toml"
    bad.write_text(spec.read_text(encoding="utf-8").replace("greedy-25", "greedy-30"), encoding="utf-8")
    assert main(["run", str(bad), "--results", str(tmp_path / "results")]) == 2


def test_the_figures_a_greedy_attack_phase_keeps_agree_with_the_cards_after_its_fights() -> None:
    """The greedy attack phase reads its creatures' figures from a table made when it starts and kept
    through its fights (figures.py); after the phase the table must say what the cards say (rules R-11
    to R-14: damage stays, attacks and defenses are counted, the dead leave play)."""
    from sim.rulesets.rolplay.figures import FM_MAY_DEFEND, fill_figures
    from sim.rulesets.rolplay.scenario import Scenario
    from sim.rulesets.rolplay.state import CS_ATTACKS

    s = Scenario.from_factions("carga_25", "misticos_25")
    s.set_stats(1, "RP-113", mystic=0)  # a non-mystic defender the attackers may all meet
    attackers = [s.put(0, card, "creature") for card in ("RP-025", "RP-068", "RP-066", "RP-025")]
    defenders = [s.put(1, card, "creature") for card in ("RP-113", "RP-112", "RP-113")]
    s.phase("attack")
    kept = {name: s.g[name].copy() for name in ("fig", "fig_worth", "fig_mask")}
    fill_figures(s.g, np.int64(0))  # side 0 attacks: each side's row holds what its part weighs
    assert any(s.zone(0, c) == "gone" or s.cs[0, c, CS_ATTACKS] > 0 for c in attackers), "no attack was made"
    for side, cards in ((0, attackers), (1, defenders)):
        in_play = [c for c in cards if s.zone(side, c) == "creature"]
        assert (kept["fig"][side, in_play] == s.g["fig"][side, in_play]).all()
        assert (kept["fig_worth"][side, in_play] == s.g["fig_worth"][side, in_play]).all()
        # the attacking side's modes change in its phase: which of its creatures may defend is not kept
        masks = [k for k in range(s.g["fig_mask"].shape[1]) if side == 1 or k != FM_MAY_DEFEND]
        assert (kept["fig_mask"][side, masks] == s.g["fig_mask"][side, masks]).all()


def test_greedy_sorts_the_other_attackers_hits_when_a_last_defense_lets_them_through() -> None:
    """agents.best_target_given sorts the other attackers' hits into the g.hits scratch only when a
    defender's last defense lets some of them reach life (soak_gain, rules R-11, R-13); the choice
    must not depend on what the scratch held before."""
    from sim.rulesets.rolplay.agents import best_target
    from sim.rulesets.rolplay.scenario import Scenario

    s = Scenario.from_factions("carga_25", "misticos_25")
    s.set_stats(1, "RP-113", mystic=0)  # a non-mystic defender every attacker may meet
    attackers = [s.put(0, card, "creature") for card in ("RP-025", "RP-068", "RP-066")]
    for c in attackers:
        s.mode(0, c, True)
    s.put(1, "RP-113", "creature")  # the one defender, its one defense: the others get through
    choices = []
    for stale in (0.0, 1e9):
        s.g["hits"][:] = stale
        choices.append(best_target(s.g, np.int64(0), np.int64(attackers[0])))
        assert s.g["hits"][0] != stale, "the hits were not sorted"
    assert choices[0] == choices[1]


def test_no_kept_figure_is_stale() -> None:
    """The figures table keeps a creature's row from one attack phase to the next unless a writer of
    its ATQ, DEF boosts, amulet DEF or damage marked it (state.figures_changed): the debug checks
    count every kept row that differs from the creature's figures now (figures.stale_figures), after
    every step, with effects that boost, tap and make mystics lose it, a random attacker (whose
    fights no refresh_after_attack follows) and a hard player whose worlds play greedy turns."""
    for a, b, agents, params in (("carga_25", "carga_25", ("greedy", "greedy"), {}),
                                 ("amuletos_25", "misticos_50", ("greedy", "greedy"), {}),
                                 ("control_50", "dragones_50", ("greedy", "greedy"), {"variant": "2002"}),
                                 ("carga_25", "misticos_25", ("random", "greedy"), {}),
                                 ("amuletos_25", "amuletos_25", ("hard", "greedy"), {})):
        compiled = RULESET.compile(match(a, b, agents, **params))
        assert RULESET.conservation_problems(compiled, SEED, 20 if agents[0] == "hard" else 150) == 0, (a, b)
