"""One test per rule of rules.md (E-01 to E-35), each from a board set by hand with the scenario API
(sim.rulesets.epikha.scenario) and resolved by the real kernels, or from games the batch kernel plays.
Side A is abaron_arcano, side B empiria_fe unless a test says otherwise; A is to move in turn 3."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.records import RecordCol
from sim.rulesets.epikha.cards import CARDS_DIR, CLASSES
from sim.rulesets.epikha.constants import CLASS_WORDS, END_NAMES, Col, Event, Field, Rule, Window
from sim.rulesets.epikha.engine import RULESET
from sim.rulesets.epikha.scenario import Scenario
from sim.rulesets.epikha.sides import faction_decks, load_side
from tests.rulesets.epikha.conftest import FIXTURES

P = Scenario.player


def scenario(a: str = "abaron_arcano", b: str = "empiria_fe", **params) -> Scenario:
    return Scenario.from_factions(a, b, params=params)


def play(a: str, b: str, n: int = 200, agents: tuple[str, str] = ("greedy", "greedy"), seed: int = 5, **params):
    sides = (SideConfig(a, default_label(a, 0), agents[0]), SideConfig(b, default_label(b, 1), agents[1]))
    compiled = RULESET.compile(MatchConfig("rules", sides, params=params))
    rows, _ = RULESET.play_chunk(compiled, seed, 0, n, threads=1)
    return compiled, rows


def traced(a: str, b: str, unit: int, **params):
    sides = (SideConfig(a, default_label(a, 0), "greedy"), SideConfig(b, default_label(b, 1), "greedy"))
    compiled = RULESET.compile(MatchConfig("rules", sides, params=params))
    return compiled, RULESET.trace_unit(compiled, 11, unit)[1]


# -- the source's rules ----------------------------------------------------------------------------------
def test_e01_a_simple_spell_is_discarded_a_continuous_one_stays_and_a_negated_one_is_destroyed() -> None:
    s = scenario()
    ika = s.put(0, "AB-010", "deploy")
    ball, circle = s.put(0, "AB-040", "hand"), s.put(0, "AB-051", "hand")
    s.cast(0, ball, P, (1, P))
    s.cast(0, circle, ika)
    s.resolve()
    assert s.zone(0, ball) == "discard" and s.zone(0, circle) == "magic"
    assert s.entry_level(0, s.put(0, "AB-041", "hand"), P) == 1 + 1  # Círculo de Poder: +1 level while it stays
    # B's Muro de Luz (+1 Resistencia to all) negated in the Magic Zone counts as destroyed (E-01)
    wall = s.put(1, "EM-046", "magic")
    assert s.resistencia(1, P) == 1
    dispel = s.put(0, "AB-054", "hand")
    s.cast(0, dispel, P, (1, wall))
    s.resolve()
    assert s.zone(1, wall) == "discard" and s.resistencia(1, P) == 0


def test_e01_a_continuous_spell_with_no_free_place_in_the_magic_zone_is_discarded() -> None:
    s = scenario(magic_zone_slots=1)
    s.put(0, "AB-052", "magic")
    circle = s.put(0, "AB-051", "hand")
    s.cast(0, circle, P)
    s.resolve()
    assert s.zone(0, circle) == "discard"
    assert s.entry_level(0, s.put(0, "AB-041", "hand"), P) == 1  # its passive never came into force


def test_e02_spells_are_cast_in_every_window_and_in_none_when_no_window_opens() -> None:
    windows = set()
    for unit in range(40):
        a, b = (("abaron_arcano", "empiria_fe"), ("abaron_horda", "empiria_legion"))[unit % 2]
        compiled, events = traced(a, b, unit)
        casts = 0
        for turn, player, code, a, b, c in events.tolist():
            if code == Event.CAST:
                casts += 1
            elif code == Event.PASS_WINDOW:
                if casts:
                    windows.add(Window(a))
                casts = 0
    assert windows == set(Window)
    _, rows = play("abaron_arcano", "empiria_fe", 100, spell_windows=[])
    assert rows[:, Col.SPELLS_A].sum() == 0 and rows[:, Col.SPELLS_B].sum() == 0


def _three_spells(active: int) -> list[tuple[int, str, int]]:
    """Rule E-03's case: Bola de fuego raised to 3 (A), Escudo de Fe raised to 5 (B), Rayo de Ika
    raised to 5 (A), cast in that order."""
    s = scenario("abaron_arcano", "empiria_legion")
    s.begin(active=active, turn=2 + active)
    ika = s.put(0, "AB-010", "deploy")
    ball, ray = s.put(0, "AB-040", "hand"), s.put(0, "AB-042", "hand")
    shield = s.put(1, "EM-041", "hand")
    e = s.cast(0, ball, ika, (1, P))
    s.raise_level(0, e)
    e = s.cast(1, shield, P, (1, P))
    s.raise_level(1, e)
    e = s.cast(0, ray, P, (1, P))
    s.raise_level(0, e)
    assert [level for _, _, level in s.pending()] == [3, 5, 5]
    return s.resolve()


def test_e03_pending_spells_resolve_by_level_then_the_active_players_first() -> None:
    # A active: its level-5 Rayo before B's level-5 Escudo (cast earlier), the level-3 Bola last
    assert _three_spells(active=0) == [(0, "AB-042", 5), (1, "EM-041", 5), (0, "AB-040", 3)]
    # B active: B's level-5 spell first
    assert _three_spells(active=1) == [(1, "EM-041", 5), (0, "AB-042", 5), (0, "AB-040", 3)]


def test_e04_a_raise_costs_5_vital_adds_one_level_up_to_10_and_leaves_the_damage_as_printed() -> None:
    s = scenario()
    ball = s.put(0, "AB-040", "hand")
    e = s.cast(0, ball, P, (1, P))
    for _ in range(8):
        s.raise_level(0, e)
    assert s.pending()[0][2] == 10 and not s.may_raise(0, e)
    assert s.vital(0) == 180 - 5 - 8 * 5
    s.resolve()
    assert s.vital(1) == 180 - 6  # Fuerza 6 whatever the level
    s2 = scenario(raise_cost=3, max_spell_level=4)
    e = s2.cast(0, s2.put(0, "AB-040", "hand"), P, (1, P))
    s2.raise_level(0, e)
    s2.raise_level(0, e)
    assert s2.pending()[0][2] == 4 and not s2.may_raise(0, e) and s2.vital(0) == 180 - 5 - 6


def test_e05_only_magia_espiritu_characters_and_the_player_card_pay_and_not_from_combat() -> None:
    s = scenario("abaron_horda", "empiria_fe")
    warrior, shaman, ika = s.put(0, "AB-013", "deploy"), s.put(0, "AB-012", "deploy"), s.put(0, "AB-010", "deploy")
    assert not s.may_pay(0, warrior, 3) and s.may_pay(0, shaman, 3) and s.may_pay(0, ika, 3) and s.may_pay(0, P, 3)
    s.attack(0, ika)
    assert not s.may_pay(0, ika, 3)  # in the Combat Zone
    amulet = s.put(0, "AB-033", "hand")  # Amuleto del Espíritu passes Espíritu on (E-18)
    s.attach(0, amulet, warrior)
    assert s.may_pay(0, warrior, 3)


def test_e06_vital_paid_stays_spent_and_is_direct_damage_for_the_player_card() -> None:
    s = scenario()
    ika = s.put(0, "AB-010", "deploy")
    s.cast(0, s.put(0, "AB-041", "hand"), P, (1, P))
    s.cast(0, s.put(0, "AB-041", "hand"), ika, (1, P))
    s.resolve()
    assert s.vital(0) == 178 and s.vital(0, ika) == 13
    s.begin(active=1, turn=3)
    s.start_turn()  # the opponent's Start: nothing comes back
    assert s.vital(0) == 178 and s.vital(0, ika) == 13
    s.begin(active=0, turn=4)
    s.start_turn()  # A's next Start: the character's Vital, not the Player card's
    assert s.vital(0) == 178 and s.vital(0, ika) == 15


def test_e07_a_character_that_pays_all_its_vital_is_destroyed_after_the_spell() -> None:
    s = scenario()
    apprentice = s.put(0, "AB-011", "deploy")  # Vital 9
    s.cast(0, s.put(0, "AB-042", "hand"), apprentice, (1, P))  # Rayo de Ika, 7
    e = s.cast(0, s.put(0, "AB-041", "hand"), apprentice, (1, P))  # Chispa, 2: its last Vital
    assert s.vital(0, apprentice) == 0 and s.zone(0, apprentice) == "deploy"
    order = s.resolve()
    assert [card for _, card, _ in order] == ["AB-042", "AB-041"] and e == 1
    assert s.vital(1) == 180 - 8 - 3  # both spells took effect
    assert s.zone(0, apprentice) == "discard"


def test_e08_vital_cannot_be_pooled_but_one_payer_pays_for_several_spells() -> None:
    s = scenario()
    a1, a2 = s.put(0, "AB-011", "deploy"), s.put(0, "AB-011", "deploy")  # Vital 9 each
    storm = s.put(0, "AB-044", "hand")  # Anulación Mayor costs 8 ...
    s.cast(0, s.put(0, "AB-041", "hand"), a1, (1, P))  # a1 at 7, a2 at 9
    s.cast(0, s.put(0, "AB-041", "hand"), a2, (1, P))  # a2 at 7: 14 between them, 7 each
    with pytest.raises(ValueError):
        s.cast(0, storm, a1)
    assert not s.may_pay(0, a1, 8) and not s.may_pay(0, a2, 8)
    s.cast(0, s.put(0, "AB-041", "hand"), a1, (1, P))  # one payer, a second spell
    assert s.vital(0, a1) == 5


def test_e09_the_payer_is_the_caster_its_level_rules_apply_and_it_pays_the_raise() -> None:
    s = scenario()
    sage, ika = s.put(0, "AB-016", "deploy"), s.put(0, "AB-010", "deploy")  # Sabio Ika: nivel 1
    ball = s.put(0, "AB-040", "hand")
    assert s.entry_level(0, ball, sage) == 3 and s.entry_level(0, ball, ika) == 2
    e = s.cast(0, ball, sage, (1, P))
    s.raise_level(0, e)
    assert s.vital(0, sage) == 21 - 5 - 5 and s.vital(0, ika) == 15 and s.vital(0) == 180
    assert s.pending()[0][2] == 4


def test_e10_mago_ika_pays_5_for_bola_de_fuego_and_has_vital_10_until_its_next_turn() -> None:
    s = scenario()
    ika = s.put(0, "AB-010", "deploy")
    assert (s.fuerza(0, ika), s.vital(0, ika)) == (5, 15)
    s.cast(0, s.put(0, "AB-040", "hand"), ika, (1, P))
    assert s.vital(0, ika) == 10  # 15 - 5 = 10
    s.resolve()
    assert s.zone(0, ika) == "deploy" and s.vital(0, ika) == 10
    s.begin(active=1, turn=3)
    s.start_turn()
    assert s.vital(0, ika) == 10
    s.begin(active=0, turn=4)
    s.start_turn()
    assert s.vital(0, ika) == 15


def machine_folder(tmp_path: Path) -> Path:
    """A card folder with Abarón and the machine fixture, a Player card and plain characters, and a
    deck of 50 holding both machines."""
    cards = tmp_path / "cards"
    decks = tmp_path / "decks"
    cards.mkdir()
    decks.mkdir()
    shutil.copy(CARDS_DIR / "abaron.toml", cards)
    shutil.copy(CARDS_DIR.parent / "decks" / "abaron_arcano.toml", decks)
    extra = ['\n[[card]]\nid = "MQ-100"\nname = "Ingeniero"\nclass = "player"\nlevel = 5\nplayer_class = "Ingeniero"\n'
             'fuerza = 20\nvital = 200\n']
    for k in range(12):
        extra.append(f'\n[[card]]\nid = "MQ-{10 + k:03d}"\nname = "Peón {k}"\nclass = "character"\ncost = 3\n'
                     f'fuerza = 3\nvital = 9\n')
    (cards / "maquinas.toml").write_text((FIXTURES / "maquinas.toml").read_text(encoding="utf-8") + "".join(extra),
                                         encoding="utf-8")
    lines = ['{ id = "MQ-001", copies = 1 }', '{ id = "MQ-002", copies = 1 }']
    lines += [f'{{ id = "MQ-{10 + k:03d}", copies = 4 }}' for k in range(12)]
    (decks / "maquinas_prueba.toml").write_text(
        'name = "Máquinas"\nfaction = "maquinas"\nidea = "Prueba de E-11."\nplayer = "MQ-100"\ncards = [\n    '
        + ",\n    ".join(lines) + ",\n]\n", encoding="utf-8")
    return cards


def test_e11_a_machine_enters_only_in_deployment_or_regroup_paid_from_the_players_vital(tmp_path: Path) -> None:
    s = Scenario.from_factions("maquinas_prueba", "abaron_arcano", cards_dir=machine_folder(tmp_path))
    automaton, tower = s.put(0, "MQ-001", "hand"), s.put(0, "MQ-002", "hand")
    for window in ("start", "attack", "block"):
        assert not s.may_deploy(0, automaton, window)
    assert s.may_deploy(0, automaton, "deployment") and s.may_deploy(0, tower, "regroup")
    s.deploy(0, automaton, "deployment")
    assert s.vital(0) == 200 - 8 and s.zone(0, automaton) == "deploy"
    s.deploy(0, tower, "regroup")
    assert s.vital(0) == 200 - 8 - 6
    assert s.resistencia(0, automaton) == 1  # Torre de Ópalo's passive: +1 Resistencia
    # a character machine with Magia pays for spells and fights; one that is not a character does neither
    assert s.may_pay(0, automaton, 5) and not s.may_pay(0, tower, 1)
    s.begin(active=0, turn=3)
    assert s.may_attack(0, automaton) and not s.may_attack(0, tower)
    s.to_magic(0, tower)  # a magic ability lets it into the Magic Zone
    assert s.zone(0, tower) == "magic"


def test_e12_the_eight_card_types_compile_to_their_codes() -> None:
    assert set(CLASS_WORDS) == set(CLASSES) and len(set(CLASS_WORDS.values())) == 8
    side = load_side("abaron_arcano")
    classes = {CLASS_WORDS[c.class_] for c in side.cards}
    assert {int(side.table[d, Field.CLASS]) for d in range(len(side.cards))} == {int(c) for c in classes}


def test_e13_the_player_card_starts_in_play_counts_as_a_character_and_loses_at_zero() -> None:
    s = scenario()
    assert s.zone(0, P) == "deploy" and s.vital(0) == 200 - 20  # Sabiduría de Ika lowers it by 20 (E-14)
    ball = s.put(0, "AB-040", "hand")
    s.cast(0, ball, P, (1, P))  # enemy_character takes the Player card
    s.resolve()
    assert s.vital(1) == 180 - 6
    s.set_vital(1, 4)
    s.cast(0, s.put(0, "AB-040", "hand"), P, (1, P))
    s.resolve()
    assert s.over and s.result == (0, "vital")
    _, rows = play("abaron", "empiria", 200, player_vital_delta=-100)
    _, base = play("abaron", "empiria", 200)
    assert rows[:, RecordCol.TURNS].mean() < base[:, RecordCol.TURNS].mean()  # the demo's 100 plays shorter


def test_e14_a_player_ability_lowers_the_base_vital_and_works_only_in_the_magic_zone() -> None:
    s = scenario()
    assert s.starting_vital(0) == 180 and s.starting_vital(1) == 180
    ball = s.put(0, "AB-040", "hand")
    assert s.entry_level(0, ball, P) == 2
    s.to_magic(0, P)  # Sabiduría de Ika: +1 level; the Magic Zone: +1 (E-24)
    assert s.entry_level(0, ball, P) == 4
    s.start_turn()  # the Player card returns to the Deployment Zone: the ability stops
    assert s.zone(0, P) == "deploy" and s.entry_level(0, ball, P) == 2


def test_e15_each_side_plays_its_fifty_cards_and_the_opals_their_own_copies() -> None:
    compiled = RULESET.compile(MatchConfig("rules", (SideConfig("empiria_fe", "A", "greedy"),
                                                     SideConfig("abaron_arcano", "B", "greedy"))))
    designs = compiled.designs
    assert ((designs[:, :50] >= 0).sum(axis=1) == 50).all() and (designs[:, 50:60] == -1).all()
    opal = compiled.pools[0].index_of("EM-035")
    assert (designs[0] == opal).sum() == 6 > 4


def test_e16_each_player_draws_seven_and_may_return_them_once() -> None:
    s = scenario()
    compiled, events = traced("abaron_arcano", "empiria_fe", 0)
    setup = events[events[:, 0] == -1]
    for side in range(2):
        drawn = ((setup[:, 1] == side) & (setup[:, 2] == Event.DRAW)).sum()
        mulligans = ((setup[:, 1] == side) & (setup[:, 2] == Event.MULLIGAN)).sum()
        assert drawn == 7 * (1 + mulligans) and mulligans <= 1
    sides = tuple(SideConfig(f, f, "greedy", {"mulligan": 99.0}) for f in ("abaron", "empiria"))
    for n in (0, 1, 2):
        compiled = RULESET.compile(MatchConfig("rules", sides, params={"mulligans": n}))
        events = RULESET.trace_unit(compiled, 3, 0)[1]
        assert (events[:, 2] == Event.MULLIGAN).sum() == 2 * n  # each player returns its hand n times
    assert s.hand(0) == 0  # the scenario starts from empty hands


def test_e17_start_phase_returns_vital_and_the_magic_zone_and_draws() -> None:
    s = scenario()
    ika, circle = s.put(0, "AB-010", "deploy"), s.put(0, "AB-051", "magic")
    s.to_magic(0, ika)
    s.cast(0, s.put(0, "AB-041", "hand"), ika, (1, P))
    s.resolve()
    hand = s.hand(0)
    s.start_turn()
    assert s.vital(0, ika) == 15 and s.zone(0, ika) == "deploy" and s.zone(0, circle) == "magic"
    assert s.hand(0) == hand + 1


def test_e18_gear_passes_its_special_rules_to_its_bearer() -> None:
    s = scenario()
    ika = s.put(0, "AB-010", "deploy")
    ball = s.put(0, "AB-040", "hand")
    s.attach(0, s.put(0, "AB-030", "hand"), ika)  # Bastón de Ika: nivel 1
    assert s.entry_level(0, ball, ika) == 3 and s.vital(0) == 180 - 3
    s2 = scenario("abaron_arcano", "empiria_fe")
    priest = s2.put(1, "EM-017", "deploy")  # Clérigo: Vital 12
    s2.begin(active=1, turn=3)
    s2.attach(1, s2.put(1, "EM-033", "hand"), priest)  # Armadura de Regeneración: regeneracion 3, +1 Resistencia
    assert s2.resistencia(1, priest) == 1
    s2.cast(0, s2.put(0, "AB-040", "hand"), P, (1, priest))
    s2.resolve()
    assert s2.vital(1, priest) == 12 - 5
    s2.fight()  # the end of a Combat phase: regeneracion
    assert s2.vital(1, priest) == 12 - 2


def test_e19_mago_ika_and_bola_de_fuego_are_as_printed() -> None:
    side = load_side("abaron_arcano")
    ika, ball = side.table[side.index_of("AB-010")], side.table[side.index_of("AB-040")]
    assert (ika[Field.FUERZA], ika[Field.VITAL], ika[Field.RULES] & Rule.MAGIA) == (5, 15, Rule.MAGIA)
    assert ball[Field.COST] == 5


# -- the completion ---------------------------------------------------------------------------------------
def test_e20_the_zones_have_their_sizes() -> None:
    s = scenario(deployment_slots=2, combat_slots=1)
    s.put(0, "AB-010", "deploy")
    s.put(0, "AB-011", "deploy")
    third = s.put(0, "AB-011", "hand")
    assert not s.may_deploy(0, third)
    s.begin(active=0, turn=2)
    attackers = [c for c in range(50) if s.zone(0, c) == "deploy"]
    s.attack(0, attackers[0])
    assert not s.may_attack(0, attackers[1])  # one Combat Zone slot
    s3 = scenario(deployment_slots=3)
    s3.put(0, "AB-011", "deploy")
    s3.put(0, "AB-011", "deploy")
    assert s3.may_deploy(0, s3.put(0, "AB-011", "hand"))


def test_e21_cards_other_than_spells_are_paid_from_the_player_card_within_the_turns_budget() -> None:
    s = scenario()
    mages = [s.put(0, "AB-019", "hand"), s.put(0, "AB-014", "hand")]  # 11 and 7
    s.deploy(0, mages[0])
    assert s.vital(0) == 180 - 11
    assert not s.may_deploy(0, mages[1])  # 11 + 7 > 15
    s2 = scenario(deploy_vital_per_turn=20)
    s2.deploy(0, s2.put(0, "AB-019", "hand"))
    assert s2.may_deploy(0, s2.put(0, "AB-014", "hand"))
    s2.set_vital(0, 7)
    assert s2.may_deploy(0, s2.put(0, "AB-011", "hand"))
    s2.set_vital(0, 3)
    assert not s2.may_deploy(0, s2.put(0, "AB-011", "hand"))  # never its last Vital


def test_e22_a_window_closes_after_two_passes_and_resolves_its_spells() -> None:
    s = scenario()
    s.put(0, "AB-040", "hand")
    s.put(0, "AB-010", "deploy")
    before = s.vital(1)
    s.window("regroup")  # greedy A casts Bola de fuego at the Player card, B passes, A passes
    assert s.pending() == [] and s.vital(1) < before
    lines = s.lines("en")
    assert any("regroup window closed (1 resolved)" in line for line in lines)
    s2 = scenario(spell_windows=["start"])
    s2.put(0, "AB-040", "hand")
    s2.put(0, "AB-010", "deploy")
    s2.window("regroup")  # not opened
    assert s2.vital(1) == 180


def test_e23_a_spell_whose_target_is_gone_goes_without_effect_and_keeps_its_price() -> None:
    s = scenario()
    ika = s.put(0, "AB-010", "deploy")
    target = s.put(1, "EM-019", "deploy")  # Hechicera Imperial, Vital 15
    rayo = s.cast(0, s.put(0, "AB-042", "hand"), P, (1, target))  # level 4, Fuerza 8
    s.cast(0, s.put(0, "AB-042", "hand"), P, (1, target))  # 8 more: 16 of its 15
    s.cast(0, s.put(0, "AB-040", "hand"), ika, (1, target))  # level 2
    s.begin(active=1, turn=3)
    s.cast(1, s.put(1, "EM-049", "hand"), P)  # Juicio del Alba, level 6: 4 to each of A's characters
    order = s.resolve()
    assert rayo == 0 and [card for _, card, _ in order] == ["EM-049", "AB-042", "AB-042", "AB-040"]
    assert s.zone(1, target) == "discard"  # the two Rayos destroyed it; Bola de fuego then fizzles
    assert s.vital(0, ika) == 15 - 5 - 4 and s.vital(0) == 180 - 7 - 7  # nothing given back
    assert any("has no target" in line for line in s.lines("en"))


def test_e24_the_magic_zone_raises_spell_levels_and_its_cards_neither_attack_nor_block() -> None:
    s = scenario()
    ika = s.put(0, "AB-010", "deploy")
    ball = s.put(0, "AB-040", "hand")
    s.to_magic(0, ika)
    assert s.entry_level(0, ball, ika) == 3
    assert not s.may_attack(0, ika) and not s.may_block(0, ika)
    warrior = s.put(1, "EM-012", "deploy")
    s.begin(active=1, turn=3)
    with pytest.raises(ValueError):
        s.to_magic(1, warrior)  # no Magia or Espíritu
    s2 = scenario(magic_zone_level_bonus=3)
    ika2 = s2.put(0, "AB-010", "deploy")
    s2.to_magic(0, ika2)
    assert s2.entry_level(0, s2.put(0, "AB-040", "hand"), ika2) == 5


def test_e25_a_character_attacks_from_its_second_turn_unless_veloz_and_the_player_card_in_person() -> None:
    s = scenario("abaron_horda", "empiria_fe")
    fresh = s.put(0, "AB-013", "deploy", fresh=True)
    fast = s.put(0, "AB-017", "deploy", fresh=True)  # Acechador Ika: Veloz
    assert not s.may_attack(0, fresh) and s.may_attack(0, fast) and s.may_attack(0, P)
    s2 = scenario("abaron_horda", "empiria_fe", attack_on_entry=True, player_may_attack=False)
    assert s2.may_attack(0, s2.put(0, "AB-013", "deploy", fresh=True)) and not s2.may_attack(0, P)


def test_e26_blocking_one_blocker_each_never_the_player_card_nor_last_turns_attacker() -> None:
    s = scenario("abaron_horda", "empiria_legion")
    a1, a2 = s.put(0, "AB-013", "deploy"), s.put(0, "AB-013", "deploy")
    b1, b2 = s.put(1, "EM-012", "deploy"), s.put(1, "EM-011", "deploy")
    s.attack(0, a1)
    s.attack(0, a2)
    assert not s.may_block(1, P)
    s.block(1, b1, a1)
    assert not s.may_block(1, b1)  # it blocks one attacker
    s.block(1, b2, a2)
    s.fight()
    s.end_combat()
    s.begin(active=1, turn=3)
    s.attack(1, b2)
    s.end_combat()
    s.begin(active=0, turn=4)
    assert not s.may_block(1, b2) and s.may_block(1, b1)  # it attacked in the turn before
    s3 = scenario("abaron_horda", "empiria_legion", attackers_block=True)
    c = s3.put(1, "EM-011", "deploy")
    s3.begin(active=1, turn=3)
    s3.attack(1, c)
    s3.end_combat()
    s3.begin(active=0, turn=4)
    assert s3.may_block(1, c)


def test_e27_combat_damage_is_fuerza_less_resistencia_at_once_and_arrollar_tramples() -> None:
    s = scenario("abaron_horda", "empiria_legion")
    start = s.vital(1)  # 200, less Estandarte Imperial's 25 (E-14) and Espada Larga's 3 (E-16)
    assert start == 172
    golem = s.put(0, "AB-020", "deploy")  # Fuerza 7, Resistencia 2, Vital 24
    squire = s.put(1, "EM-012", "deploy")  # Fuerza 2, Resistencia 1, Vital 15
    rider = s.put(0, "AB-024", "deploy")  # Fuerza 7, Vital 12, Arrollar
    recruit = s.put(1, "EM-010", "deploy")  # Fuerza 3, Vital 9
    warrior = s.put(0, "AB-013", "deploy")  # Fuerza 6, unblocked
    s.cast(0, s.put(0, "AB-040", "hand"), P, (1, recruit))  # Bola de fuego: 6, so the recruit has 3 left
    s.resolve()
    for c in (golem, rider, warrior):
        s.attack(0, c)
    s.block(1, squire, golem)
    s.block(1, recruit, rider)
    s.fight()
    assert s.vital(1, squire) == 15 - (7 - 1) and s.vital(0, golem) == 24  # 2 - 2 = 0 damage
    assert s.zone(1, recruit) == "discard" and s.vital(0, rider) == 12 - 3  # at the same time
    assert s.vital(1) == start - 6 - (7 - 3)  # the unblocked warrior, and the rider's excess (Arrollar)


def test_e28_regroup_returns_the_fighters_ends_boosts_and_discards_to_the_hand_limit() -> None:
    s = scenario(hand_max=3)
    ika = s.put(0, "AB-010", "deploy")
    s.attack(0, ika)
    for card in ("AB-011", "AB-011", "AB-011", "AB-041", "AB-041"):
        s.put(0, card, "hand")
    s.regroup()
    assert s.zone(0, ika) == "deploy" and s.hand(0) <= 3


def test_e29_a_character_carries_one_weapon_and_two_items() -> None:
    s = scenario(deploy_vital_per_turn=99)
    ika = s.put(0, "AB-010", "deploy")
    s.attach(0, s.put(0, "AB-030", "hand"), ika)
    assert not s.may_deploy(0, ika)
    with pytest.raises(ValueError):
        s.attach(0, s.put(0, "AB-030", "hand"), ika)
    s.attach(0, s.put(0, "AB-035", "hand"), ika)
    s.attach(0, s.put(0, "AB-036", "hand"), ika)
    with pytest.raises(ValueError):
        s.attach(0, s.put(0, "AB-035", "hand"), ika)


def test_e30_fuente_vital_raises_a_characters_base_and_gives_a_player_card_vital_once() -> None:
    s = scenario(deploy_vital_per_turn=99)
    ika = s.put(0, "AB-010", "deploy")
    s.attach(0, s.put(0, "AB-036", "hand"), ika)  # Ópalo de Abarón: fuente_vital 10, cost 4
    assert s.vital(0, ika) == 25
    s.attach(0, s.put(0, "AB-035", "hand"), P)  # Ópalo Oscuro: 5, cost 2
    assert s.vital(0) == 180 - 4 - 2 + 5
    s.begin(active=0, turn=4)
    s.start_turn()
    assert s.vital(0) == 180 - 4 - 2 + 5 and s.vital(0, ika) == 25


def test_e31_shield_lasts_to_the_next_start_boost_to_the_end_of_turn_heal_to_the_base() -> None:
    s = scenario("abaron_horda", "empiria_legion")
    ika = s.put(0, "AB-010", "deploy")
    s.cast(0, s.put(0, "AB-049", "hand"), P, (0, ika))  # Escudo Arcano: Resistencia 3
    s.resolve()
    assert s.resistencia(0, ika) == 3
    s.begin(active=1, turn=3)
    s.start_turn()
    assert s.resistencia(0, ika) == 3
    s.begin(active=0, turn=4)
    s.start_turn()
    assert s.resistencia(0, ika) == 0
    knight = s.put(1, "EM-014", "deploy")
    s.begin(active=1, turn=5)
    s.attack(1, knight)
    s.cast(0, s.put(0, "AB-048", "hand"), P, (1, knight))  # Debilidad: -4 Fuerza to an attacker
    s.resolve()
    assert s.fuerza(1, knight) == 7 - 4
    s.regroup()  # a weakening ends too; Regroup clears them once one was written (game.regroup, G_BOOSTED)
    assert s.fuerza(1, knight) == 7
    s.begin(active=1, turn=7)  # and a later turn's boost as well
    s.cast(1, s.put(1, "EM-042", "hand"), P, (1, knight))  # Bendición: +4 Fuerza
    s.resolve()
    assert s.fuerza(1, knight) == 7 + 4
    s.regroup()
    assert s.fuerza(1, knight) == 7


def test_e32_the_first_player_does_not_draw_in_its_first_turn() -> None:
    for first_player_draws in (False, True):
        _, events = traced("abaron", "empiria", 0, first_player_draws=first_player_draws)
        first = events[(events[:, 0] == 0) & (events[:, 2] == Event.DRAW)]
        assert len(first) == int(first_player_draws)


def test_e33_a_player_who_must_draw_from_an_empty_deck_loses() -> None:
    s = scenario()
    while any(s.zone(0, c) == "deck" for c in range(50)):
        c = next(c for c in range(50) if s.zone(0, c) == "deck")
        s.put(0, s.card_id(0, c), "discard")
    s.start_turn()
    assert s.over and s.result == (1, "deck_out")


def test_e34_victory_at_zero_vital_and_a_draw_at_the_turn_cap() -> None:
    _, rows = play("abaron", "empiria", 200)
    assert (rows[:, RecordCol.END] == END_NAMES.index("vital")).mean() > 0.9
    loser = 1 - rows[:, RecordCol.WINNER]
    assert (rows[np.arange(len(rows)), Col.VITAL_A + loser] <= 0).all()
    _, capped = play("abaron", "empiria", 100, turn_cap=4)
    assert (capped[:, RecordCol.WINNER] == -1).all() and (capped[:, RecordCol.END] == END_NAMES.index("turn_cap")).all()


def test_e35_a_faction_plays_its_standard_deck_and_a_deck_only_its_factions_cards() -> None:
    assert faction_decks(CARDS_DIR) == {"abaron": "abaron_arcano", "empiria": "empiria_fe"}
    assert load_side("abaron").deck.name == load_side("abaron_arcano").deck.name
    side = load_side("empiria_legion")
    assert all(card.id.startswith("EM-") for card in side.cards)
