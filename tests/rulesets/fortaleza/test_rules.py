"""One test (at least) per fortaleza rule (F-01 .. F-36), each failing if its rule breaks.

The source's worked example is a scenario: a trap threatens 3 damage to your attacker, you respond
with Protección 3, the protection resolves first and prevents the damage (F-24, F-35). So are its
consequences: a blocked attacker without Arrollar deals nothing to the Fortaleza when its blocker
leaves (F-23); Vuelo is blocked only by Vuelo or Alcance (F-33); a Corea spirit heals only with
another spirit in play (F-29); heals stop at 25 (F-30); 2/1 Arrollar against 1/1 puts 1 through (F-34).
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.records import RecordCol
from sim.core.errors import InputError
from sim.rulesets.fortaleza.cards import load_collection
from sim.rulesets.fortaleza.cards import CARDS_DIR
from sim.rulesets.fortaleza.constants import Col, End, Event, N_DECK
from sim.rulesets.fortaleza.scenario import Scenario
from sim.rulesets.fortaleza.state import G_DEPTH, G_END, GAME

from .conftest import events_of


# --- collections (F-01 to F-03) ---------------------------------------------------------------------
@pytest.mark.parametrize("faction", ["china", "japon", "corea"])
def test_f01_each_collection_has_the_50_design_layout(faction):
    c = load_collection(faction)
    kinds = [card.kind for card in c.cards]
    assert len(kinds) == 50
    assert kinds[:20] == ["personaje"] * 20 and kinds[20:30] == ["criatura"] * 10
    assert kinds[30:36] == ["tecnica"] * 6 and kinds[36:38] == ["trampa"] * 2
    assert kinds[38:44] == ["artefacto"] * 6 and kinds[44:] == ["tierra"] * 6
    assert any(card.equip for card in c.cards[38:44])


def test_f01_a_card_of_the_wrong_kind_for_its_number_is_refused_naming_file_card_and_field(tmp_path):
    text = (CARDS_DIR / "china.toml").read_text(encoding="utf-8")
    broken = text.replace('id = "CH-020"\nname = "Guan Yu, General Leal"\nkind = "personaje"',
                          'id = "CH-020"\nname = "Guan Yu, General Leal"\nkind = "criatura"', 1)
    assert broken != text
    (tmp_path / "china.toml").write_text(broken, encoding="utf-8")
    with pytest.raises(InputError, match=r"china.toml: card CH-020: field 'kind': designs 001-020 are personajes"):
        load_collection("china", tmp_path)


def test_f01_a_broken_field_names_file_card_and_field(tmp_path):
    text = (CARDS_DIR / "china.toml").read_text(encoding="utf-8")
    broken = text.replace('speed = "rapida"', 'speed = "lenta"', 1)
    (tmp_path / "china.toml").write_text(broken, encoding="utf-8")
    with pytest.raises(InputError, match=r"china.toml: card CH-0\d\d: field 'speed'"):
        load_collection("china", tmp_path)


def test_f02_lands_stay_in_the_reserve_and_44_cards_are_shuffled(traced_games):
    rows, events = traced_games[0]
    draws = events_of(events, Event.DRAW)
    assert all(card < 44 for card in draws[:, 3])  # designs 045-050 (indices 44-49) are never drawn
    lands = events_of(events, Event.LAND)
    assert all(44 <= card < 50 for card in lands[:, 3])
    assert N_DECK == 44


def test_f02_every_non_land_design_is_in_the_deck_once(greedy_rows):
    rows, counters = greedy_rows
    n = rows.shape[0]
    assert (counters[:, :44, 0, :].sum(axis=-1) == n).all()  # in_deck: every game
    assert (counters[:, 44:, 0, :].sum(axis=-1) == 0).all()  # lands never in the deck


def test_f03_sabotaje_destroys_an_opposing_artifact_only_when_one_is_in_play(s):
    s.put(0, "CH-037", zone="support")  # set in an earlier turn
    s.lands(0, 2)
    assert not s.legal(0, "trap", "CH-037", main=False)  # no artifact to destroy
    s.put(1, "JP-039", zone="support")
    assert s.legal(0, "trap", "CH-037", target=(1, "JP-039"), main=False)
    s.play(0, "CH-037", target=(1, "JP-039"), action="trap", respond=False)
    assert s.zone(1, "JP-039") == "discard"
    assert s.zone(0, "CH-037") == "discard"  # a trap is discarded after it resolves (F-15)
    assert s.energy(0) == 1  # Sabotaje cost 1


def test_f03_sabotaje_on_carried_equipment_takes_its_bonus_off_the_bearer(s):
    # rules F-03 and F-17: the bearer's ATQ, RES and keywords follow its equipment as it comes and goes
    s.put(1, "JP-002")  # 3/2
    s.put(1, "JP-041", "JP-043", zone="support")  # a weapon (+1 ATQ, Alcance) and an armour (+2 RES, Vigilancia)
    s.equip(1, "JP-041", "JP-002")
    s.equip(1, "JP-043", "JP-002")
    assert (s.atq(1, "JP-002"), s.res(1, "JP-002")) == (3 + 1, 2 + 2)
    assert s.has_keyword_now(1, "JP-002", "alcance") and s.has_keyword_now(1, "JP-002", "vigilancia")
    s.put(0, "CH-037", zone="support")
    s.lands(0, 1)
    s.play(0, "CH-037", target=(1, "JP-041"), action="trap", respond=False)
    assert s.zone(1, "JP-041") == "discard"
    assert (s.atq(1, "JP-002"), s.res(1, "JP-002")) == (3, 2 + 2)
    assert not s.has_keyword_now(1, "JP-002", "alcance") and s.has_keyword_now(1, "JP-002", "vigilancia")


def test_f03_emboscada_hits_an_attacker_after_attackers_are_declared_and_before_damage(s):
    s.begin(active=1, step="main1")
    s.put(1, "JP-007")  # 4/3
    s.put(0, "CH-038", zone="support")
    s.lands(0, 2)
    assert not s.legal(0, "trap", "CH-038", target=(1, "JP-007"), main=False)  # not attacking yet
    s.attack("JP-007")
    assert s.legal(0, "trap", "CH-038", target=(1, "JP-007"), main=False)
    s.play(0, "CH-038", target=(1, "JP-007"), action="trap", respond=False)
    assert s.zone(1, "JP-007") == "discard"  # 3 damage on RES 3


# --- setup and end (F-04 to F-06) -----------------------------------------------------------------------
def test_f04_five_card_hands_fortaleza_25_and_one_free_mulligan(traced_games):
    for rows, events in traced_games:
        turns = events_of(events, Event.TURN)
        assert turns[0, 3] == 25 and turns[0, 5] == 25
        mulligans = events_of(events, Event.MULLIGAN)
        for side in (0, 1):
            assert len(mulligans[mulligans[:, 1] == side]) <= 1
            before_first_turn = events[: np.flatnonzero(events[:, 2] == Event.TURN)[0]]
            drawn = events_of(before_first_turn, Event.DRAW)
            replaced = len(mulligans[mulligans[:, 1] == side])
            assert len(drawn[drawn[:, 1] == side]) == 5 * (1 + replaced)


def test_f04_mulligans_param_zero_keeps_every_hand():
    from .conftest import make_config
    from sim.rulesets.fortaleza import RULESET
    rows, _ = RULESET.play_chunk(make_config(params={"mulligans": 0}, agents=("random", "random")), 1, 0, 200)
    assert rows[:, Col.MULLIGAN_A].sum() == 0 and rows[:, Col.MULLIGAN_B].sum() == 0
    rows, _ = RULESET.play_chunk(make_config(agents=("random", "random")), 1, 0, 200)
    assert 0 < rows[:, Col.MULLIGAN_A].sum() < 200  # random replaces about half its hands, once at most
    assert rows[:, Col.MULLIGAN_A].max() == 1


def test_f05_the_first_player_skips_the_first_draw_and_seats_alternate(traced_games):
    for u, (rows, events) in enumerate(traced_games):
        first = rows[0, RecordCol.FIRST]
        assert first == u % 2  # mirrored seats: pairs swap who starts
        turn_starts = np.flatnonzero(events[:, 2] == Event.TURN)
        first_turn = events[turn_starts[0]:turn_starts[1]]
        second_turn = events[turn_starts[1]:turn_starts[2]]
        assert len(events_of(first_turn, Event.DRAW)) == 0
        assert events_of(second_turn, Event.DRAW)[0, 1] == 1 - first


def test_f06_a_fortaleza_at_zero_loses(s):
    s.ps[1, 0] = 3  # Japón's Fortaleza
    s.put(0, "CH-013")  # 4/6
    s.attack("CH-013")
    s.damage()
    assert s.over and s.winner == 0


def test_f06_drawing_from_an_empty_deck_loses(s):
    s.begin(active=1, step="start")
    s.empty_deck(1)
    s.start_turn()
    assert s.over and s.winner == 0
    assert s.ps[GAME, G_END] == End.DECKED


def test_f06_both_fortalezas_at_zero_together_is_a_draw():
    from sim.rulesets.fortaleza.effects import check_fortresses
    s = Scenario.from_factions()
    s.ps[0, 0] = 0
    s.ps[1, 0] = -2
    check_fortresses(s.g)
    assert s.over and s.winner == -1 and s.ps[GAME, G_END] == End.BOTH_ZERO


# --- lands and energy (F-07 to F-09) --------------------------------------------------------------------
def test_f07_one_land_per_turn_from_the_reserve_untapped_at_most_six(s):
    land = s.compiled.pools[0].ids[44]
    assert s.legal(0, "land", land)
    s.play(0, land, action="land")
    assert s.energy(0) == 1 and s.zone(0, land) == "land"
    assert not any(s.legal(0, "land", i) for i in s.compiled.pools[0].ids[45:])  # once per turn
    s.begin(active=0, step="main1", turn=4)
    s.lands(0, 6)
    assert not any(s.legal(0, "land", i) for i in s.compiled.pools[0].ids[44:])  # six at most


def test_f08_each_land_pays_one_energy_automatically(s):
    s.lands(0, 3)
    s.put(0, "CH-010", zone="hand")  # cost 4
    assert not s.legal(0, "cast", "CH-010")
    s.lands(0, 4)
    s.play(0, "CH-010", respond=False)
    assert s.zone(0, "CH-010") == "unit" and s.energy(0) == 0


def test_f09_lands_untap_only_at_the_start_of_your_turn_and_energy_does_not_carry_over(s):
    s.lands(0, 3, untapped=1)
    s.begin(active=1, step="start", turn=3)
    s.start_turn()
    assert s.energy(0) == 1  # the opponent's turn untaps nothing of side A; its untapped land still pays
    s.put(0, "CH-031", zone="hand")
    s.put(0, "CH-005")
    assert s.legal(0, "cast", "CH-031", target=(0, "CH-005"), main=False)  # fast, in the opponent's turn
    s.begin(active=0, step="start", turn=4)
    s.start_turn()
    assert s.energy(0) == 3  # all three untap, no more (no pool)


# --- the field (F-10 to F-12) -------------------------------------------------------------------------------
def test_f10_five_units_and_three_supports_shared_by_artifacts_and_traps(s):
    s.lands(0, 6)
    s.put(0, "CH-001", "CH-003", "CH-004", "CH-005", "CH-006")
    s.put(0, "CH-026", zone="hand")
    assert not s.legal(0, "cast", "CH-026")  # units full
    s.put(0, "CH-039", "CH-041", zone="support")
    s.put(0, "CH-037", "CH-040", zone="hand")
    assert s.legal(0, "set_trap", "CH-037")
    s.play(0, "CH-037", action="set_trap")
    assert not s.legal(0, "cast", "CH-040")  # an artifact and a set trap share the three supports
    s.equip(0, "CH-039", "CH-001")
    assert s.ps[0, 8] == 3  # the equipment still occupies its support


def test_f11_a_card_whose_zone_fills_before_it_resolves_goes_to_the_discard_pile(s):
    s.lands(0, 6)
    s.put(0, "CH-001", "CH-003", "CH-004", "CH-005")
    s.put(0, "CH-026", "CH-029", zone="hand")
    s.push(0, "CH-026")  # the fifth unit is on the chain...
    s.cs[0, s.index(0, "CH-029"), 0] = 2  # ...and another unit fills the zone first
    s._recount(0)
    s.resolve_all()
    assert s.zone(0, "CH-026") == "discard"


def test_f12_unico_allows_one_copy_of_a_name_under_your_control(s):
    s.lands(0, 6)
    s.set_card(0, "CH-020", name="Guan Yu, General Leal")
    s.set_card(0, "CH-013", name="Guan Yu, General Leal", keywords=["vigilancia", "unico"])
    s.put(0, "CH-020")
    s.put(0, "CH-013", zone="hand")
    assert not s.legal(0, "cast", "CH-013")
    s.put(0, "CH-020", zone="discard")
    s._recount(0)
    assert s.legal(0, "cast", "CH-013")


# --- card kinds (F-13 to F-18) ---------------------------------------------------------------------------
def test_f13_a_normal_technique_needs_your_main_phase_and_an_empty_chain(s):
    s.lands(0, 4)
    s.lands(1, 4)
    s.put(1, "JP-007")
    s.put(0, "CH-033", zone="hand")  # normal: 3 damage
    assert s.legal(0, "cast", "CH-033", target=(1, "JP-007"))
    assert not s.legal(0, "cast", "CH-033", target=(1, "JP-007"), main=False)  # not as a response
    s.begin(active=1, step="main1")
    assert not s.legal(0, "cast", "CH-033", target=(1, "JP-007"))  # not in the opponent's turn


def test_f14_a_fast_technique_answers_in_a_window_of_the_opponents_turn(s):
    s.begin(active=1, step="main1")
    s.lands(0, 2)
    s.lands(1, 3)
    s.put(0, "CH-005")  # 2/4
    s.put(0, "CH-031", zone="hand")  # fast Protección 3
    s.put(1, "JP-036", zone="hand")  # 3 damage to a unit, normal
    s.play(1, "JP-036", target=(0, "CH-005"))  # greedy A answers: 3 would not kill a 2/4... 
    assert s.zone(0, "CH-005") == "unit"
    s.put(1, "JP-033", zone="hand")
    s.lands(1, 3)
    s.play(1, "JP-033", target=(0, "CH-005"))  # 2 more: now lethal, and A answers with Protección 3
    assert s.zone(0, "CH-005") == "unit"
    assert s.zone(0, "CH-031") == "discard"
    assert any("Protection 3" in line for line in s.lines())


def test_f15_a_trap_is_set_free_face_down_and_cannot_spring_the_turn_it_is_set(s):
    s.lands(0, 0)
    s.put(0, "CH-038", zone="hand")
    s.play(0, "CH-038", action="set_trap")
    assert s.zone(0, "CH-038") == "support" and s.energy(0) == 0
    s.begin(active=1, step="main1", turn=2)  # still the same turn number: set this turn
    s.lands(0, 2)
    s.put(1, "JP-007")
    s.attack("JP-007")
    assert not s.legal(0, "trap", "CH-038", target=(1, "JP-007"), main=False)
    s.begin(active=1, step="attackers", turn=3)
    assert s.legal(0, "trap", "CH-038", target=(1, "JP-007"), main=False)


def test_f15_the_identity_of_a_set_trap_is_hidden_from_the_opponents_agent():
    from .test_invariants import decisions_with_hidden_cards_shuffled
    assert decisions_with_hidden_cards_shuffled(seed=3, games=30)


def test_f16_equipping_has_its_own_cost_and_needs_your_main_phase(s):
    s.lands(0, 2)
    s.put(0, "CH-001")
    s.put(0, "CH-041", zone="support")  # armour, equip cost 2
    assert s.legal(0, "equip", "CH-041", target=(0, "CH-001"))
    assert not s.legal(0, "equip", "CH-041", target=(0, "CH-001"), main=False)
    s.play(0, "CH-041", target=(0, "CH-001"), action="equip", respond=False)
    assert s.res(0, "CH-001") == 2 + 3 and s.energy(0) == 0


def test_f17_equipment_stays_when_its_bearer_dies_and_a_second_of_a_subtype_replaces_the_first(s):
    s.put(0, "CH-001", "CH-003")
    s.put(0, "CH-039", "CH-041", zone="support")  # two armours
    s.equip(0, "CH-039", "CH-001")
    s.equip(0, "CH-041", "CH-001")
    assert s.res(0, "CH-001") == 2 + 3  # Escudo replaced Armadura de Terracota
    s.equip(0, "CH-039", "CH-003")
    assert s.res(0, "CH-003") == 2 + 2 and s.res(0, "CH-001") == 2 + 3  # CH-001 keeps only Escudo
    s.put(0, "CH-040", zone="support")  # a weapon goes beside an armour
    s.equip(0, "CH-040", "CH-001")
    assert s.atq(0, "CH-001") == 1 + 1 and s.res(0, "CH-001") == 5
    from sim.rulesets.fortaleza.effects import damage_unit, remove_dead
    damage_unit(s.g, 0, s.index(0, "CH-001"), 9)
    remove_dead(s.g)
    assert s.zone(0, "CH-001") == "discard"
    assert s.zone(0, "CH-041") == "support" and s.zone(0, "CH-040") == "support"


def test_f18_an_ability_that_exhausts_its_card_waits_until_the_card_untaps(s):
    s.lands(0, 4)
    s.put(0, "CH-005")
    s.put(0, "CH-042", zone="support")  # Gong: pay 2, exhaust: Protección 2
    s.play(0, "CH-042", target=(0, "CH-005"), action="activate", respond=False)
    assert s.protection(0, "CH-005") == 2 and s.tapped(0, "CH-042")
    assert not s.legal(0, "activate", "CH-042", target=(0, "CH-005"))
    s.begin(active=0, step="start", turn=4)
    s.start_turn()
    assert s.legal(0, "activate", "CH-042", target=(0, "CH-005"), main=False)


# --- the turn (F-19) ------------------------------------------------------------------------------------------
def test_f19_a_turn_untaps_draws_plays_fights_and_cleans_up_in_order(traced_games):
    for rows, events in traced_games:
        starts = np.flatnonzero(events[:, 2] == Event.TURN)
        for k in range(1, len(starts) - 1):
            turn = events[starts[k]:starts[k + 1]]
            assert turn[1, 2] == Event.DRAW  # step 1: the draw comes right after the turn begins
            codes = list(turn[:, 2])
            if Event.ATTACK in codes:
                first_attack = codes.index(Event.ATTACK)
                assert Event.BLOCK not in codes[:first_attack]
                blocks = [i for i, c in enumerate(codes) if c == Event.BLOCK]
                damage = [i for i, c in enumerate(codes) if c in (Event.DAMAGE_UNIT, Event.DAMAGE_FORT)]
                if blocks and damage:
                    assert max(blocks) < max(damage)


def test_f19_the_end_step_discards_to_seven_and_removes_damage_protection_and_boosts(s):
    s.put(0, "CH-001", "CH-002", "CH-003", "CH-004", "CH-005", "CH-006", "CH-007", "CH-008", "CH-009", zone="hand")
    s.put(0, "CH-010")
    s.cs[0, s.index(0, "CH-010"), 4] = 2  # damage
    s.cs[0, s.index(0, "CH-010"), 5] = 1  # Protección
    s.cs[0, s.index(0, "CH-010"), 6] = 2  # +2 ATQ
    s.ps[0, 1] = 2  # the Fortaleza's Protección
    s.end_turn()
    assert len(s.hand(0)) == 7
    assert s.damage_on(0, "CH-010") == 0 and s.protection(0, "CH-010") == 0 and s.atq(0, "CH-010") == 3
    assert s.fortress_protection(0) == 0


# --- combat (F-20 to F-23) --------------------------------------------------------------------------------------
def test_f20_a_unit_that_entered_this_turn_can_block_but_not_attack(s):
    from sim.rulesets.fortaleza.legal import can_attack
    s.put(0, "CH-001", new=True)
    assert not can_attack(s.g, 0, s.index(0, "CH-001"))
    s.begin(active=1, step="main1")
    s.put(1, "JP-001")
    s.attack("JP-001")
    assert s.can_block("CH-001", "JP-001")


def _next_turn(s: Scenario, active: int, turn: int) -> None:
    """End the turn that is running, then begin `active`'s turn `turn` (untap, draw) up to its first
    main phase, with the real kernels."""
    s.end_turn()
    s.begin(active=active, step="start", turn=turn)
    s.start_turn()
    s.begin(active=active, step="main1", turn=turn)


def test_f20_a_unit_cast_in_your_main_phase_stays_new_through_the_opponents_turn(s):
    """Source: "no atacar ni activar una habilidad que la agote hasta tu siguiente turno". CH-012
    Estratega de Wu (fast ability: pay 1, exhaust, Protección 2 on an own unit) enters in China's
    main phase of turn 2 (0-based, as Scenario.begin counts; the trace prints T3); in no step of
    Japón's turn 3 may it activate; from China's turn 4 it attacks and activates, and in Japón's
    turn 5 it may answer again."""
    from sim.rulesets.fortaleza.legal import can_attack
    wu, ally = s.index(0, "CH-012"), (0, "CH-001")
    s.lands(0, 5)
    s.put(0, "CH-001")
    s.put(0, "CH-012", zone="hand")
    s.play(0, "CH-012", respond=False)  # 4 of the 5 energy: 1 is left for the ability in Japón's turn
    assert s.zone(0, "CH-012") == "unit" and s.energy(0) == 1
    assert not can_attack(s.g, 0, wu) and not s.legal(0, "activate", "CH-012", target=ally, main=False)
    _next_turn(s, active=1, turn=3)
    for step in ("main1", "begin_combat", "attackers", "blockers", "damage", "main2", "end"):
        s.begin(active=1, step=step, turn=3)
        assert not s.legal(0, "activate", "CH-012", target=ally, main=False), step
    _next_turn(s, active=0, turn=4)
    assert can_attack(s.g, 0, wu) and s.legal(0, "activate", "CH-012", target=ally)
    _next_turn(s, active=1, turn=5)
    assert s.legal(0, "activate", "CH-012", target=ally, main=False)  # untapped, no longer new


def test_f20_a_unit_that_enters_in_the_opponents_turn_attacks_in_your_next_turn(s):
    """A unit that enters during a response window of the opponent's turn is new until its
    controller's next turn begins, and no longer. No shipped card puts a unit on the field outside
    your main phase, so the chain is built by hand: CH-012 resolves in Japón's attackers step."""
    from sim.rulesets.fortaleza.legal import can_attack
    wu, ally = s.index(0, "CH-012"), (0, "CH-001")
    s.begin(active=1, step="attackers", turn=3)
    s.lands(0, 5)
    s.put(0, "CH-001")
    s.put(0, "CH-012", zone="hand")
    s.push(0, "CH-012")
    s.resolve_all()
    assert s.zone(0, "CH-012") == "unit"
    assert not s.legal(0, "activate", "CH-012", target=ally, main=False)  # the turn it entered
    _next_turn(s, active=0, turn=4)
    assert can_attack(s.g, 0, wu) and s.legal(0, "activate", "CH-012", target=ally)


def test_f21_attacking_exhausts_and_exhausted_units_cannot_block_blocking_does_not_exhaust(s):
    s.put(0, "CH-001")
    s.attack("CH-001")
    assert s.tapped(0, "CH-001")
    s.begin(active=1, step="main1", turn=3)
    s.put(1, "JP-001")
    s.attack("JP-001")
    assert not s.can_block("CH-001", "JP-001")
    s.cs[0, s.index(0, "CH-001"), 3] = 0
    s.block("CH-001", "JP-001")
    assert not s.tapped(0, "CH-001")


def test_f22_one_blocker_each_simultaneous_damage_and_damage_at_res_destroys(s):
    s.put(0, "CH-006")  # 3/3
    s.put(1, "JP-007", "JP-002")  # 4/3, 3/2
    s.attack("CH-006")
    s.block("JP-007", "CH-006")
    assert not s.can_block("JP-002", "CH-006")  # an attacker admits one blocker
    s.damage()
    assert s.zone(0, "CH-006") == "discard" and s.zone(1, "JP-007") == "discard"  # both at once


def test_f22_damage_on_survivors_clears_at_end_of_turn(s):
    s.put(0, "CH-008")  # 2/5
    s.put(1, "JP-002")  # 3/2
    s.attack("CH-008")
    s.block("JP-002", "CH-008")
    s.damage()
    assert s.damage_on(0, "CH-008") == 3
    s.end_turn()
    assert s.damage_on(0, "CH-008") == 0


def test_f22_sabotaje_on_the_armour_of_a_damaged_bearer_sends_it_to_the_discard_pile(s):
    """Source: "Una unidad con daño igual o mayor que su RES va al descarte", whatever lowered the
    RES. Japón's Arquero (2/2) attacks; China's Soldado (1/2, +2 RES from its armour) blocks and
    survives with 2 damage; in the damage window Japón's Sabotaje destroys the armour: RES 2 with
    2 damage, the Soldado goes to the discard pile at once."""
    from sim.rulesets.fortaleza.state import conservation_errors
    s.begin(active=1, step="main1", turn=3)
    s.put(0, "CH-001")
    s.put(0, "CH-039", zone="support")
    s.equip(0, "CH-039", "CH-001")
    s.put(1, "JP-004")
    s.put(1, "JP-037", zone="support")  # set in an earlier turn: ready
    s.lands(1, 1)
    s.attack("JP-004")
    s.block("CH-001", "JP-004")
    s.damage()
    assert s.zone(0, "CH-001") == "unit" and s.damage_on(0, "CH-001") == 2 and s.res(0, "CH-001") == 4
    s.play(1, "JP-037", target=(0, "CH-039"), action="trap", respond=False)
    assert s.zone(0, "CH-039") == "discard" and s.zone(0, "CH-001") == "discard"
    assert conservation_errors(s.g) == 0
    assert s.lines("es")[-2:] == ["T4 A:china: Armadura de Terracota es destruido",
                                   "T4 A:china: Soldado de Terracota (1/2) muere"]


@pytest.mark.parametrize("damage, survives", [(1, True), (2, False), (3, False)])
def test_f22_losing_an_armour_destroys_the_bearer_exactly_when_damage_reaches_the_new_res(s, damage, survives):
    from sim.rulesets.fortaleza.effects import damage_unit
    from sim.rulesets.fortaleza.state import conservation_errors
    s.put(0, "CH-001")
    s.put(0, "CH-039", "CH-040", zone="support")
    s.equip(0, "CH-039", "CH-001")  # 1/4 with its armour, 1/2 without
    s.equip(0, "CH-040", "CH-001")  # and a weapon, which stays in its support either way
    damage_unit(s.g, 0, s.index(0, "CH-001"), damage)
    s.put(1, "JP-037", zone="support")
    s.lands(1, 1)
    s.play(1, "JP-037", target=(0, "CH-039"), action="trap", respond=False)
    assert s.zone(0, "CH-001") == ("unit" if survives else "discard")
    assert s.zone(0, "CH-040") == "support" and conservation_errors(s.g) == 0
    if survives:
        assert (s.atq(0, "CH-001"), s.res(0, "CH-001")) == (1 + 1, 2)


def test_f22_an_armour_moved_to_another_unit_leaves_its_damaged_bearer_to_the_discard_pile(s):
    """China moves its Armadura de Terracota (+2 RES) from a Soldado (1/2) carrying 2 damage to a
    Monje (1/4): the Soldado is left at RES 2 with 2 damage and goes to the discard pile."""
    from sim.rulesets.fortaleza.effects import damage_unit
    from sim.rulesets.fortaleza.state import conservation_errors
    s.lands(0, 2)
    s.put(0, "CH-001", "CH-004")
    s.put(0, "CH-039", zone="support")
    s.equip(0, "CH-039", "CH-001")
    damage_unit(s.g, 0, s.index(0, "CH-001"), 2)
    s.play(0, "CH-039", target=(0, "CH-004"), action="equip", respond=False)
    assert s.zone(0, "CH-001") == "discard"
    assert s.zone(0, "CH-039") == "support" and s.res(0, "CH-004") == 4 + 2
    assert conservation_errors(s.g) == 0


def test_f22_a_weaker_armour_replacing_a_stronger_one_destroys_a_bearer_it_no_longer_holds_up(s):
    """Rule F-17 swaps the armour; rule F-22 then applies: Soldado (1/2) with Escudo del León (+3 RES)
    and 4 damage is equipped with Armadura de Terracota (+2 RES): RES 4, damage 4."""
    from sim.rulesets.fortaleza.effects import damage_unit
    from sim.rulesets.fortaleza.state import conservation_errors
    s.lands(0, 2)
    s.put(0, "CH-001")
    s.put(0, "CH-039", "CH-041", zone="support")
    s.equip(0, "CH-041", "CH-001")
    damage_unit(s.g, 0, s.index(0, "CH-001"), 4)
    s.play(0, "CH-039", target=(0, "CH-001"), action="equip", respond=False)
    assert s.zone(0, "CH-001") == "discard"
    assert s.zone(0, "CH-039") == "support" and s.zone(0, "CH-041") == "support"
    assert conservation_errors(s.g) == 0


def test_f22_a_res_boost_and_the_damage_it_held_up_end_together(s):
    """F-19 step 8 removes damage and temporary boosts at once: a Soldado (1/2) with Piel de Hierro
    (+3 RES) and 4 damage survives the turn, with no damage left."""
    from sim.rulesets.fortaleza.effects import damage_unit
    s.lands(0, 1)
    s.put(0, "CH-001")
    s.put(0, "CH-035", zone="hand")
    s.play(0, "CH-035", target=(0, "CH-001"), respond=False)
    damage_unit(s.g, 0, s.index(0, "CH-001"), 4)
    assert s.res(0, "CH-001") == 5 and s.zone(0, "CH-001") == "unit"
    s.end_turn()
    assert s.zone(0, "CH-001") == "unit" and s.damage_on(0, "CH-001") == 0 and s.res(0, "CH-001") == 2


def test_f23_a_blocked_attacker_whose_blocker_left_deals_nothing_to_the_fortaleza(s):
    s.put(0, "CH-013")  # 4/6, no Arrollar
    s.put(1, "JP-001")
    s.attack("CH-013")
    s.block("JP-001", "CH-013")
    s.put(1, "JP-001", zone="discard")
    s.cs[0, s.index(0, "CH-013"), 10] = 0  # its blocker is gone
    s._recount(1)
    s.damage()
    assert s.fortress(1) == 25


# --- the chain (F-24 to F-26) ------------------------------------------------------------------------------------
def test_f24_the_source_example_protection_answers_a_trap_and_resolves_first(s):
    """A trap threatens 3 damage to your attacker; you respond with Protección 3; the protection
    resolves first and prevents the damage."""
    s.begin(active=1, step="main1")
    s.lands(1, 1)
    s.lands(0, 2)
    s.put(1, "JP-002")  # Ronin Errante 3/2: Emboscada's 3 would destroy it
    s.put(1, "JP-032", zone="hand")  # Parada Perfecta: fast Protección 3
    s.put(0, "CH-038", zone="support")
    s.attack("JP-002")
    s.push(0, "CH-038", target=(1, "JP-002"), action="trap")
    s.respond(pusher=0)  # B's greedy agent sees the threat and answers
    lines = s.lines()
    assert s.zone(1, "JP-002") == "unit"
    assert s.zone(1, "JP-032") == "discard"
    protect = next(i for i, l in enumerate(lines) if "Protection 3" in l)
    hit = next(i for i, l in enumerate(lines) if "Ronin Errante (3/2) takes 0 damage (3 prevented" in l)
    assert protect < hit


def test_f24_last_in_first_out(s):
    s.lands(0, 6)
    s.put(0, "CH-005")
    s.put(0, "CH-035", "CH-031", zone="hand")
    s.push(0, "CH-035", target=(0, "CH-005"))  # +3 RES
    s.push(0, "CH-031", target=(0, "CH-005"))  # Protección 3, added last
    s.resolve_all()
    resolved = [l for l in s.lines() if l.endswith("resolves")]
    assert "Postura de la Montaña" in resolved[0] and "Piel de Hierro" in resolved[1]


def test_f24_a_response_deeper_than_the_chain_holds_is_not_legal(s):
    """The chain holds 15 items (MAX_CHAIN - 1): with 14 on it a fast technique may still answer, with
    15 nothing may (legal.list_actions)."""
    from sim.rulesets.fortaleza.constants import MAX_CHAIN
    s.begin(active=1, step="attackers")
    s.lands(1, 1)
    s.put(1, "JP-002")
    s.put(1, "JP-032", zone="hand")  # Parada Perfecta: fast, cost 1, Protección 3 on an own unit
    s.ps[GAME, G_DEPTH] = MAX_CHAIN - 2
    assert s.legal(1, "cast", "JP-032", target=(1, "JP-002"), main=False)
    s.ps[GAME, G_DEPTH] = MAX_CHAIN - 1
    assert not s.legal(1, "cast", "JP-032", target=(1, "JP-002"), main=False)


def test_f25_a_card_that_loses_its_target_fizzles_without_refund(s):
    s.lands(0, 3)
    s.put(1, "JP-002")
    s.put(0, "CH-033", zone="hand")  # 3 damage, cost 3
    s.push(0, "CH-033", target=(1, "JP-002"))
    s.put(1, "JP-002", zone="discard")  # the target leaves before it resolves
    s._recount(1)
    s.resolve_all()
    assert s.energy(0) == 0
    assert s.zone(0, "CH-033") == "discard"
    assert any("loses its target" in l for l in s.lines())


def test_f26_placing_a_land_and_setting_a_trap_open_no_chain(s):
    s.lands(1, 3)
    s.put(1, "JP-033", zone="hand")  # the opponent holds a fast answer
    land = s.compiled.pools[0].ids[44]
    s.play(0, land, action="land")
    s.put(0, "CH-037", zone="hand")
    s.play(0, "CH-037", action="set_trap")
    assert s.ps[GAME, G_DEPTH] == 0  # nothing went on the chain
    assert s.zone(1, "JP-033") == "hand"


# --- factions (F-27 to F-30) -------------------------------------------------------------------------------------
def test_f27_china_guardians_gain_proteccion_1_and_dragons_protect_the_fortaleza(s):
    s.lands(0, 6)
    for guardian in ("CH-002", "CH-007", "CH-011"):
        s.put(0, guardian, zone="hand")
        s.play(0, guardian, respond=False)
        assert s.protection(0, guardian) == 1
        s.lands(0, 6)
    s.put(0, "CH-018", zone="hand")
    s.play(0, "CH-018", respond=False)
    assert s.fortress_protection(0) == 2
    others = [c for c in s.compiled.pools[0].cards if c.kind in ("personaje", "criatura") and c.effect]
    assert {c.id for c in others if c.effect[0].do == "proteccion" and c.effect[0].on == "entrar"} == {
        "CH-002", "CH-007", "CH-011", "CH-018", "CH-019", "CH-030"}


def test_f28_japon_duelists_gain_1_atq_attacking_equipped_and_040_042_equip_for_1():
    s = Scenario.from_factions("japon", "china")
    japon = s.compiled.pools[0]
    assert japon.cards[39].equip_cost == 1 and japon.cards[41].equip_cost == 1
    s.put(0, "JP-005", "JP-002")
    s.put(0, "JP-040", zone="support")
    s.equip(0, "JP-040", "JP-005")
    s.attack("JP-005", "JP-002")
    assert s.atq(0, "JP-005") == 3 + 2 + 1  # printed, Wakizashi, the duel bonus
    assert s.atq(0, "JP-002") == 3  # not a duelist
    s2 = Scenario.from_factions("japon", "china")
    s2.put(0, "JP-005")
    s2.attack("JP-005")
    assert s2.atq(0, "JP-005") == 3  # unequipped: no bonus


def test_f29_a_corea_spirit_heals_1_only_with_another_spirit_in_play():
    s = Scenario.from_factions("corea", "china")
    s.ps[0, 0] = 20
    s.lands(0, 6)
    s.put(0, "CO-021", zone="hand")
    s.play(0, "CO-021", respond=False)
    assert s.fortress(0) == 20  # alone: no heal
    s.put(0, "CO-023", zone="hand")
    s.play(0, "CO-023", respond=False)
    assert s.fortress(0) == 21


def test_f29_technique_032_returns_a_unit_of_cost_2_or_less_and_heals_2():
    s = Scenario.from_factions("corea", "china")
    s.ps[0, 0] = 20
    s.lands(0, 2)
    s.put(0, "CO-013", "CO-003", zone="discard")  # cost 4 and cost 2
    s.put(0, "CO-032", zone="hand")
    s.play(0, "CO-032", respond=False)
    assert s.zone(0, "CO-003") == "hand" and s.zone(0, "CO-013") == "discard"
    assert s.fortress(0) == 22


def test_f29_a_recovery_may_take_only_a_unit_of_cost_n_or_less_from_the_discard_pile():
    from sim.rulesets.fortaleza.legal import recoverable
    s = Scenario.from_factions("corea", "china")
    s.put(0, "CO-003", "CO-013", "CO-033", zone="discard")  # units of cost 2 and 4, a technique of cost 2
    s.put(0, "CO-002", zone="hand")  # a unit of cost 1, not in the discard pile
    can = {(card, n): bool(recoverable(s.g, 0, s.index(0, card), n))
           for card in ("CO-003", "CO-013", "CO-033", "CO-002") for n in (1, 2, 4)}
    assert {key for key, yes in can.items() if yes} == {("CO-003", 2), ("CO-003", 4), ("CO-013", 4)}


def test_f30_healing_never_goes_above_25():
    s = Scenario.from_factions("corea", "china")
    s.ps[0, 0] = 24
    s.lands(0, 2)
    s.put(0, "CO-032", zone="hand")
    s.play(0, "CO-032", respond=False)
    assert s.fortress(0) == 25


# --- keywords (F-31 to F-36) --------------------------------------------------------------------------------------
def test_f31_veloz_attacks_the_turn_it_enters():
    from sim.rulesets.fortaleza.legal import can_attack
    s = Scenario.from_factions("japon", "china")
    s.put(0, "JP-003", "JP-002", new=True)  # Ninja de Iga has Veloz; Ronin Errante has not
    assert can_attack(s.g, 0, s.index(0, "JP-003"))
    assert not can_attack(s.g, 0, s.index(0, "JP-002"))


def test_f32_vigilancia_attacks_without_exhausting(s):
    s.put(0, "CH-005", "CH-001")  # Centinela has Vigilancia
    s.attack("CH-005", "CH-001")
    assert not s.tapped(0, "CH-005") and s.tapped(0, "CH-001")


def test_f33_vuelo_is_blocked_only_by_vuelo_or_alcance():
    s = Scenario.from_factions("japon", "china")
    s.put(0, "JP-023")  # Tengu, Vuelo
    s.put(1, "CH-001", "CH-003", "CH-027")  # plain, Alcance, Vuelo
    s.attack("JP-023")
    assert not s.can_block("CH-001", "JP-023")
    assert s.can_block("CH-003", "JP-023") and s.can_block("CH-027", "JP-023")


def test_f34_arrollar_2_1_against_1_1_puts_1_damage_through():
    s = Scenario.from_factions("japon", "china")
    s.set_card(0, "JP-001", keywords=["arrollar"])  # Ashigaru 2/1 with Arrollar
    s.set_card(1, "CH-001", atq=1, res=1)
    s.put(0, "JP-001")
    s.put(1, "CH-001")
    s.attack("JP-001")
    s.block("CH-001", "JP-001")
    s.damage()
    assert s.fortress(1) == 24
    assert s.zone(1, "CH-001") == "discard" and s.zone(0, "JP-001") == "discard"


def test_f34_arrollar_reaches_the_fortaleza_whole_when_its_blocker_left():
    s = Scenario.from_factions("japon", "china")
    s.put(0, "JP-011")  # 5/3 Arrollar
    s.put(1, "CH-001")
    s.attack("JP-011")
    s.block("CH-001", "JP-011")
    s.put(1, "CH-001", zone="discard")
    s.cs[0, s.index(0, "JP-011"), 10] = 0
    s._recount(1)
    s.damage()
    assert s.fortress(1) == 20


def test_f34_protection_counts_towards_lethal_for_arrollar_by_default():
    for past, expected in ((True, 25 - 1), (False, 25 - 2)):
        s = Scenario.from_factions("japon", "china", params={"trample_past_protection": past})
        s.set_card(0, "JP-001", atq=3, keywords=["arrollar"])
        s.set_card(1, "CH-001", atq=1, res=1)
        s.put(0, "JP-001")
        s.put(1, "CH-001")
        s.cs[1, s.index(1, "CH-001"), 5] = 1  # Protección 1
        s.attack("JP-001")
        s.block("CH-001", "JP-001")
        s.damage()
        assert s.fortress(1) == expected


def test_f35_proteccion_prevents_the_next_n_damage_and_is_used_up(s):
    from sim.rulesets.fortaleza.effects import damage_unit
    s.put(0, "CH-008")  # 2/5
    s.cs[0, s.index(0, "CH-008"), 5] = 3
    damage_unit(s.g, 0, s.index(0, "CH-008"), 2)
    assert s.damage_on(0, "CH-008") == 0 and s.protection(0, "CH-008") == 1
    damage_unit(s.g, 0, s.index(0, "CH-008"), 2)
    assert s.damage_on(0, "CH-008") == 1 and s.protection(0, "CH-008") == 0


def test_f35_a_fortalezas_proteccion_lasts_the_turn_by_default():
    for lasts, left in ((True, 0), (False, 2)):
        s = Scenario.from_factions(params={"fortress_protection_lasts_turn": lasts})
        s.ps[0, 1] = 2
        s.end_turn()
        assert s.fortress_protection(0) == left


def test_f36_unico_is_the_same_rule_as_f12(s):
    assert s.has_keyword(0, "CH-017", "unico")
    s.lands(0, 6)
    s.put(0, "CH-017", zone="hand")
    s.play(0, "CH-017", respond=False)
    assert s.zone(0, "CH-017") == "unit"
    s.set_card(0, "CH-016", name=s.compiled.pools[0].cards[16].name, keywords=["unico"])
    s.put(0, "CH-016", zone="hand")
    assert not s.legal(0, "cast", "CH-016")
