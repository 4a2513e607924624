"""Rolplay's rules of play, one test per rule (R-01 to R-20, rules.md), on boards set by hand and
resolved by the real kernels (sim.rulesets.rolplay.scenario); R-12's worked example among them."""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.errors import InputError
from sim.rulesets.rolplay.agents import AMULET, REPLACE, SPELL, SUMMON
from sim.rulesets.rolplay.constants import Do
from sim.rulesets.rolplay.params import RolplayParams
from sim.rulesets.rolplay.scenario import Scenario

LANCERO, TRASGO, HIDRA, COBALD = "RP-025", "RP-068", "RP-066", "RP-049"  # carga_25
PODER, PODER3, PODERAL7 = "RP-007", "RP-034", "RP-125"  # carga_25's powers
KORTH, MORTHEN = "RP-112", "RP-113"  # misticos_25's mystics


@pytest.fixture
def s() -> Scenario:
    return Scenario.from_factions("carga_25", "misticos_25")


def test_r01_seven_creature_places_then_only_replacement(s) -> None:
    for _ in range(7):
        s.put(0, TRASGO, "creature")
    assert s.creatures(0) == 7
    new = s.put(0, LANCERO, "hand")
    s.power(0, 100)
    from sim.rulesets.rolplay.legal import may_replace, may_summon
    assert not may_summon(s.g, np.int64(0), np.int64(new))
    old = next(c for c in range(60) if s.zone(0, c) == "creature")
    assert may_replace(s.g, np.int64(0), np.int64(new), np.int64(old))


def test_r02_a_side_level_is_its_deck_level_and_the_tier_binds() -> None:
    s = Scenario.from_factions("carga_25", "dragones_50")
    assert s.compiled.pools[0].deck.level <= 25 < s.compiled.pools[1].deck.level <= 50


@pytest.mark.parametrize(("decks", "warned"), [
    (("carga_25", "dragones_50"), "A:carga_25 (deck level 20) and B:dragones_50 (deck level 50) are 30 levels apart"),
    (("carga_25", "misticos_25"), None),  # levels 20 and 25: five apart, as the manual allows
])
def test_r02_decks_more_than_five_levels_apart_are_played_with_a_warning(tmp_path, capsys, decks, warned) -> None:
    """Rule R-02: "es recomendable que el nivel de mazo de cada jugador no debe tener más de 5 niveles
    de diferencia" is a recommendation the players may waive: a spec pairing such decks is played
    (exit 0, its games stored) and `sim run` says so on stderr; a pairing within five levels is silent."""
    from sim.cli import main
    spec = tmp_path / "gap.toml"
    spec.write_text(f'name = "gap"\nruleset = "rolplay"\ngames = 20\nseed = 3\n[[side]]\nfaction = "{decks[0]}"\n'
                    f'[[side]]\nfaction = "{decks[1]}"\n', encoding="utf-8")
    assert main(["run", str(spec), "--results", str(tmp_path / "results"), "--executor", "serial"]) == 0
    err = capsys.readouterr().err
    assert (tmp_path / "results" / "gap" / "games").is_dir()
    if warned is None:
        assert "warning" not in err, err
    else:
        assert f"warning: {spec}: config base: {warned}; the manual recommends at most 5 (rule R-02)" in err, err


def test_r03_setup_starting_power_in_hand_life_100_second_player_draws_one(s) -> None:
    from sim.rulesets.rolplay.game import setup_game
    from sim.rulesets.rolplay.kernels import reset
    g = s.g
    reset(g)
    setup_game(g, np.int64(0))
    assert s.hand(0) == 1 and s.hand(1) == 2  # the starting power, and one more for the second player
    start = int(g["setup"][2, 0])
    assert s.zone(0, start) == "hand" and s.compiled.pools[0].cards[g["cs"][0, start, 0]].id == PODER
    assert s.life(0) == s.life(1) == 100
    assert int(g["ps"][0, 2]) == 1  # PS_TOP: 59 cards left in the deck


def test_r04_life_at_zero_loses(s) -> None:
    a = s.put(0, HIDRA, "creature")
    s.mode(0, a, True)
    s.ps[1, 0] = 10  # PS_LIFE
    s.attack(0, a)
    assert s.over and s.result == (0, "life")


def test_r04_an_empty_deck_loses_at_once(s) -> None:
    while s.ps[0, 2] < 59:  # PS_TOP
        s.ps[0, 2] += 1
    s.ps[0, 3] = 0
    s.draw(0)
    assert s.over and s.result == (1, "deck_out")


def test_r04_the_turn_cap_is_decided_by_the_score(s) -> None:
    from sim.rulesets.rolplay.game import end_by_score
    from sim.rulesets.rolplay.state import score_of
    s.put(0, TRASGO, "creature")  # base ATQ 10, one card on the field
    s.put(0, PODER3, "power")
    a, b = int(score_of(s.g, np.int64(0))), int(score_of(s.g, np.int64(1)))
    assert a == 100 + 2 + (60 - int(s.ps[0, 2])) + 10
    assert b == 100 + 0 + (60 - int(s.ps[1, 2])) + 0
    end_by_score(s.g)
    assert s.result == (0, "score")


def test_r05_a_card_drawn_into_a_full_hand_burns(s) -> None:
    for _ in range(7):
        s.put(0, TRASGO, "hand")
    top = int(s.ps[0, 2])
    from sim.rulesets.rolplay.state import PS_ORDER
    card = int(s.ps[0, PS_ORDER + top])
    s.draw(0)
    assert s.hand(0) == 7 and s.zone(0, card) == "gone"


def test_r06_regroup_burns_a_spent_spell_and_an_amulet_leaves_defense_at_least_zero() -> None:
    s = Scenario.from_factions("amuletos_25", "carga_25")
    veneno = s.put(0, "RP-058", "spell")
    s.power(0, 10)
    s.begin(0, 4)
    uses = s.compiled.pools[0].cards[s.design(0, "RP-058")].ability[0].limit
    for turn in range(uses):
        s.begin(0, 4 + 2 * turn)
        s.power(0, 10)
        s.activate(0, veneno)
    s.regroup(0)
    assert s.zone(0, veneno) == "gone" and s.ps[0, 14] == 0  # PS_SPELL: the place is free again
    trasgo = s.put(0, TRASGO, "creature")
    escudal = s.put(0, "RP-040", "amulet", holder=trasgo)
    s.power(0, 10)
    s.activate(0, escudal)
    boosted = s.left(0, trasgo)
    s.damage(0, trasgo, boosted - 1)  # 1 defense left, thanks to the amulet
    from sim.rulesets.rolplay.effects import burn_amulet
    from sim.rulesets.rolplay.constants import Event
    burn_amulet(s.g, np.int64(0), np.int64(escudal), np.int64(Event.BURNED))
    assert s.zone(0, trasgo) == "creature" and s.left(0, trasgo) == 0


def test_r07_one_card_a_turn(s) -> None:
    before = s.hand(0)
    s.start_turn()
    assert s.hand(0) == before + 1


def test_r08_one_power_a_turn_its_values_summed_and_capped_at_200(s) -> None:
    for _ in range(3):
        s.put(0, PODER3, "hand")
    s.phase("powers")
    assert s.ps[0, 5] == 1 and s.power_left(0) == 3  # PS_POWERS: one conjured, worth 3
    t = Scenario.from_factions("carga_25", "misticos_25", params={"power_points_max": 2})
    t.put(0, PODER3, "hand")
    t.phase("powers")
    assert t.power_left(0) == 2


def test_r08_at_seven_powers_a_new_one_replaces_the_weakest(s) -> None:
    weakest = [s.put(0, PODER, "power") for _ in range(2)]  # the deck's two copies (the second is in play too)
    for _ in range(5):
        s.put(0, PODER3, "power")
    new = s.put(0, "RP-081", "hand")  # Poder x 5
    s.phase("powers")
    assert s.ps[0, 5] == 7 and s.zone(0, new) == "power" and s.power_left(0) == 1 + 5 * 3 + 5
    assert sorted(s.zone(0, c) for c in weakest) == ["gone", "power"]


def test_r09_replacement_costs_the_replaced_plus_the_new_creature(s) -> None:
    olds = [s.put(0, LANCERO, "creature") for _ in range(7)]
    new = s.put(0, TRASGO, "hand")
    s.power(0, 6)  # Lancero 1 + Trasgo Menor 5
    s.summon(0, REPLACE, new, olds[2])
    assert s.zone(0, olds[2]) == "gone" and s.zone(0, new) == "creature" and s.power_left(0) == 0


def test_r09_an_amulet_goes_beneath_a_creature_of_its_level_or_higher_and_one_spell_only() -> None:
    s = Scenario.from_factions("amuletos_25", "carga_25")
    low = s.put(0, TRASGO, "creature")  # level 8
    amulet = s.put(0, "RP-119", "hand")  # Escudal x 3
    s.power(0, 50)
    from sim.rulesets.rolplay.legal import may_put_amulet, may_set_spell
    level = s.compiled.pools[0].cards[s.design(0, "RP-119")].level
    assert may_put_amulet(s.g, np.int64(0), np.int64(amulet), np.int64(low)) == (8 >= level)
    spell = s.put(0, "RP-058", "hand")
    assert may_set_spell(s.g, np.int64(0), np.int64(spell))
    s.summon(0, SPELL, spell)
    other = s.put(0, "RP-062", "hand")  # Drenador: a second spell, of another design
    assert not may_set_spell(s.g, np.int64(0), np.int64(other))


def test_r10_no_ability_in_the_turn_it_arrived_and_once_a_turn(s) -> None:
    korth = s.put(1, KORTH, "creature", fresh=False)
    s.begin(1, 5)
    s.power(1, 50)
    assert s.may_activate(1, korth)
    s.activate(1, korth)
    assert not s.may_activate(1, korth)  # once a turn
    fresh = s.put(1, MORTHEN, "creature", fresh=True)
    assert not s.may_activate(1, fresh)


DRENADOR = "RP-062"  # amuletos_25's spell of two abilities: damage 1 and all_atq 1, pay 1, limit 1 each


def test_r10_a_card_of_several_abilities_activates_one_of_them_a_turn() -> None:
    """Rule R-10, "Solo se puede activar una vez por turno las habilidades, amuletos y hechizos", read
    with phase 1's "cartas que fueron activadas (giradas en 90 grados)": activating turns the card, so
    a spell with two abilities fires one a turn, the other in a later turn (each within its limit)."""
    s = Scenario.from_factions("amuletos_25", "carga_25")
    spell = s.put(0, DRENADOR, "spell")
    s.begin(0, 4)
    s.power(0, 50)
    assert s.may_activate(0, spell, 0) and s.may_activate(0, spell, 1)
    s.activate(0, spell, 0)
    assert not s.may_activate(0, spell, 1)  # rule R-10: the card is turned, its other ability waits
    s.begin(0, 6)  # A's next turn
    s.power(0, 50)
    assert not s.may_activate(0, spell, 0)  # its limit of 1 is spent
    assert s.may_activate(0, spell, 1)


def test_r10_the_ability_phase_fires_one_ability_of_a_card_a_turn() -> None:
    """Greedy wants both of Drenador's abilities (three creatures to boost, a life to drain): phase 5
    activates one of them, and the spell stays in play for the other (rule R-10)."""
    from sim.rulesets.rolplay.state import CS_USES
    s = Scenario.from_factions("amuletos_25", "carga_25")
    spell = s.put(0, DRENADOR, "spell")
    for _ in range(3):
        s.put(0, TRASGO, "creature")
    s.begin(0, 4)
    s.power(0, 50)
    s.phase("abilities")
    uses = [int(s.cs[0, spell, CS_USES + k]) for k in range(2)]
    assert sum(uses) == 1, uses
    assert s.zone(0, spell) == "spell"


def test_r11_no_attack_the_turn_it_arrives_and_attack_mode_cannot_defend(s) -> None:
    fresh = s.put(0, TRASGO, "creature", fresh=True)
    s.mode(0, fresh, True)
    assert not s.may_attack(0, fresh)
    a = s.put(0, TRASGO, "creature")
    s.mode(0, a, True)
    assert s.may_attack(0, a)
    s.attack(0, a)
    assert not s.may_attack(0, a)  # once a turn
    d = s.put(1, MORTHEN, "creature")
    s.mode(1, d, True)
    assert not s.may_defend(1, d, a)


def test_r12_the_scenario_module_example_runs_as_written() -> None:
    """The example at the top of scenario.py (R-12's worked example) is a doctest: it named a card
    that is not in the deck it used, and nothing ran it."""
    import doctest

    import sim.rulesets.rolplay.scenario as scenario
    result = doctest.testmod(scenario, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 8 and result.failed == 0, result


def test_r12_worked_example_2_1_against_1_1_both_die_and_1_to_life(s) -> None:
    s.set_stats(0, LANCERO, atq=2, def_=1)
    s.set_stats(1, MORTHEN, atq=1, def_=1, mystic=0)
    a = s.put(0, LANCERO, "creature")
    d = s.put(1, MORTHEN, "creature")
    s.mode(0, a, True)
    s.attack(0, a, chosen=d)
    assert s.zone(0, a) == "gone" and s.zone(1, d) == "gone" and s.life(1) == 99


def test_r12_damage_stays_and_zero_defense_dies_to_any_damage(s) -> None:
    s.set_stats(1, MORTHEN, atq=0, def_=10, mystic=0)
    a = s.put(0, LANCERO, "creature")  # 4/1
    d = s.put(1, MORTHEN, "creature")
    s.mode(0, a, True)
    s.attack(0, a, chosen=d)
    assert s.left(1, d) == 6
    s.begin(0, 4)
    s.regroup(0)
    assert s.left(1, d) == 6  # the damage stays
    s.set_stats(1, KORTH, atq=0, def_=0, mystic=0)
    z = s.put(1, KORTH, "creature")
    b = s.put(0, LANCERO, "creature")
    s.mode(0, b, True)
    s.set_stats(1, MORTHEN, atq=0, def_=10, mystic=0)
    s.mode(1, d, True)  # out of the way
    s.attack(0, b, chosen=z)
    assert s.zone(1, z) == "gone"


def test_r13_the_next_available_creature_in_place_order_defends_else_life(s) -> None:
    s.set_stats(1, MORTHEN, mystic=0)
    s.set_stats(1, KORTH, mystic=0)
    first = s.put(1, MORTHEN, "creature")
    second = s.put(1, KORTH, "creature")
    third = s.put(1, MORTHEN, "creature")
    a = s.put(0, TRASGO, "creature")
    s.mode(0, a, True)
    s.mode(1, second, True)  # the chosen one cannot defend
    assert s.defender_for(0, a, chosen=second) == third
    s.mode(1, third, True)
    assert s.defender_for(0, a, chosen=second) == first  # wrapping round
    s.mode(1, first, True)
    assert s.defender_for(0, a, chosen=second) == -1
    s.attack(0, a, chosen=second)
    assert s.life(1) == 100 - 10


def test_r14_mystics_only_mystics_attack_them_and_they_take_nothing_from_others(s) -> None:
    korth = s.put(1, KORTH, "creature")  # mystic 5/5
    a = s.put(0, LANCERO, "creature")
    s.mode(0, a, True)
    from sim.rulesets.rolplay.legal import may_choose
    assert not may_choose(s.g, np.int64(0), np.int64(a), np.int64(korth))
    s.attack(0, a)  # no creature may be chosen: R-13 finds the mystic, which takes nothing
    assert s.left(1, korth) == 5 and s.zone(0, a) == "gone" and s.life(1) == 100
    m = s.put(1, MORTHEN, "creature")  # a mystic attacker meets only mystics
    t = s.put(0, TRASGO, "creature")
    assert not s.may_defend(0, t, m)


def test_r14_berserkers_die_after_fighting_and_defenders_defend_in_attack_mode(s) -> None:
    s.set_stats(0, HIDRA, berserker=1)
    b = s.put(0, HIDRA, "creature", fresh=True)
    s.mode(0, b, True)
    assert s.may_attack(0, b)  # a berserker attacks the turn it arrives
    s.attack(0, b)
    assert s.zone(0, b) == "gone" and s.life(1) == 90
    s.set_stats(1, MORTHEN, defender=1, mystic=0)
    d = s.put(1, MORTHEN, "creature")
    s.mode(1, d, True)
    a = s.put(0, TRASGO, "creature")
    assert s.may_defend(1, d, a)


def test_r15_the_copy_limits_bind_and_the_2002_list_can_be_chosen() -> None:
    from sim.rulesets.rolplay.decks import DeckRules
    assert DeckRules().copy_limits == "rolplus" and DeckRules(copy_limits="2002").copy_limits == "2002"
    s = Scenario.from_factions("carga_25", "misticos_25")
    assert sum(s.compiled.pools[0].frame["copies"]) == 60


def test_r16_a_power_acts_when_conjured(s) -> None:
    s.put(0, PODERAL7, "hand")
    s.phase("powers")
    dealt = s.compiled.pools[0].cards[s.design(0, PODERAL7)].on_cast[0].n
    assert s.life(1) == 100 - dealt and s.power_left(0) == 7


def test_r17_a_tapped_card_skips_its_owners_next_untap(s) -> None:
    d = s.put(1, MORTHEN, "creature")
    src = s.put(0, TRASGO, "creature")
    s.begin(0, 4)
    s.effect(0, src, Do.TAP_CREATURES, 1, 1)
    a = s.put(0, TRASGO, "creature")
    assert not s.may_defend(1, d, a)  # tapped now
    s.begin(1, 5)
    s.mode(1, d, True)
    assert not s.may_attack(1, d)  # and through its owner's next turn
    s.begin(0, 6)
    s.mode(1, d, False)
    assert s.may_defend(1, d, a)


def test_r18_negative_defense_costs_life_each_attack() -> None:
    s = Scenario.from_factions("dragones_50", "carga_25")
    a = s.put(0, "RP-223", "creature")  # Dragon azul, 46 / -11
    s.mode(0, a, True)
    assert s.left(0, a) == 11
    s.attack(0, a)
    assert s.life(0) == 89 and s.life(1) == 54


def test_r19_a_creature_of_cost_zero_is_summoned_for_free(s) -> None:
    enher = s.put(1, "RP-182", "hand")  # Enher, cost 0
    s.begin(1, 3)
    s.power(1, 0)
    s.summon(1, SUMMON, enher)
    assert s.zone(1, enher) == "creature" and s.power_left(1) == 0


def test_r20_the_2002_preset_sets_its_numbers_unless_the_spec_says_otherwise() -> None:
    p = RolplayParams.model_validate({"variant": "2002"})
    assert (p.start_life, p.opening_hand, p.amulet_pays_twice, p.defender_may_decline) == (20, 5, True, True)
    assert RolplayParams.model_validate({"variant": "2002", "start_life": 30}).start_life == 30
    assert RolplayParams().start_life == 100
    with pytest.raises(Exception):
        RolplayParams.model_validate({"start_life": "100"})
    s = Scenario.from_factions("carga_25", "misticos_25", params={"variant": "2002"})
    assert s.life(0) == 20
    s.set_stats(1, MORTHEN, atq=1, def_=1, mystic=0)
    a = s.put(0, TRASGO, "creature")  # 10/10
    d = s.put(1, MORTHEN, "creature")  # a 1/1 would die saving 1 life: with "no defender" B refuses
    s.mode(0, a, True)
    s.attack(0, a)
    assert s.zone(1, d) == "creature" and s.life(1) == 10
    assert any("no defiende" in line for line in s.lines("es"))
    manual = Scenario.from_factions("carga_25", "misticos_25")
    manual.set_stats(1, MORTHEN, atq=1, def_=1, mystic=0)
    a, d = manual.put(0, TRASGO, "creature"), manual.put(1, MORTHEN, "creature")
    manual.mode(0, a, True)
    manual.attack(0, a)
    assert manual.zone(1, d) == "gone" and manual.life(1) == 91  # the manual: it must defend


def test_unknown_deck_is_refused_naming_the_decks() -> None:
    with pytest.raises(InputError, match="no deck 'nope'"):
        Scenario.from_factions("nope", "carga_25")


def test_greedy_values_a_creature_by_the_abilities_a_scenario_leaves_it(s) -> None:
    # greedy reads a design's abilities' value from a table made once from the cards
    # (agents.fill_ability_worth); a scenario that changes a card makes it again
    from sim.rulesets.rolplay.agents import abilities_worth, creature_worth
    korth = s.put(0, KORTH, "creature")
    abilities = abilities_worth(s.g, np.int64(0), np.int64(s.design(0, KORTH)))
    assert abilities > 0
    with_them = creature_worth(s.g, np.int64(0), np.int64(korth))
    s.set_stats(0, KORTH, n_abilities=0)
    assert creature_worth(s.g, np.int64(0), np.int64(korth)) == pytest.approx(with_them - 0.3 * abilities)


def test_greedy_values_a_summon_by_the_card_a_scenario_leaves_it(s) -> None:
    # greedy reads a card's value in hand from a table made with the abilities' (g.card_worth,
    # agents.fill_ability_worth); a scenario that changes a card makes it again
    from sim.rulesets.rolplay.agents import design_worth
    d = np.int64(s.design(0, KORTH))
    before = s.g["card_worth"][0, d]
    assert before == design_worth(s.g, np.int64(0), d)
    s.set_stats(0, KORTH, atq=9)
    assert s.g["card_worth"][0, d] == design_worth(s.g, np.int64(0), d) > before


def test_the_card_masks_follow_the_cards_a_scenario_leaves(s) -> None:
    # the powers and summons phases walk the hand's power cards, or its other cards, and the
    # abilities phase the cards with an ability, by masks made once from the cards (g.power_cards,
    # g.ability_cards, agents.fill_ability_worth); a scenario that changes a card makes them again
    from sim.rulesets.rolplay.constants import Class, Field
    from sim.rulesets.rolplay.state import CS_DESIGN

    def having(side: int, f: Field, test) -> int:
        values = s.g["tab"][side, s.g["cs"][side, :, CS_DESIGN], f]
        return sum(1 << c for c in range(len(values)) if test(values[c]))

    def powers(side: int) -> int:
        return having(side, Field.CLASS, lambda v: v == Class.POWER)

    def with_abilities(side: int) -> int:
        return having(side, Field.N_ABILITIES, lambda v: v > 0)

    for side in range(2):
        assert powers(side) and s.g["power_cards"][side] == powers(side)
        assert with_abilities(side) and s.g["ability_cards"][side] == with_abilities(side)
    korth = s.put(0, KORTH, "hand")
    assert not s.g["power_cards"][0] >> korth & 1 and s.g["ability_cards"][0] >> korth & 1
    s.set_stats(0, KORTH, n_abilities=0, **{"class": int(Class.POWER)})
    assert s.g["power_cards"][0] >> korth & 1 and s.g["power_cards"][0] == powers(0)
    assert not s.g["ability_cards"][0] >> korth & 1 and s.g["ability_cards"][0] == with_abilities(0)
