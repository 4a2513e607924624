"""Deck lists (rules E-13 to E-16, E-35): every shipped deck is legal, and each kind of illegal deck is
refused naming the deck file, the card and the rule."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sim.core.decks import list_decks
from sim.core.errors import InputError
from sim.rulesets.epikha.cards import CARDS_DIR, load_pool
from sim.rulesets.epikha.decks import DECKS_DIR, DeckRules, load_deck, load_decks

SHIPPED = [DECKS_DIR / f"{stem}.toml" for stem in list_decks(DECKS_DIR)]

# a legal Abarón deck of 50: 28 characters, 10 gear (4 Ópalo Oscuro), 12 spells
BASE = [("AB-010", 4), ("AB-013", 4), ("AB-017", 4), ("AB-021", 4), ("AB-012", 4), ("AB-020", 4), ("AB-024", 4),
        ("AB-032", 3), ("AB-030", 3), ("AB-035", 4), ("AB-040", 4), ("AB-041", 4), ("AB-049", 4)]


def deck_file(tmp_path: Path, entries: list[tuple[str, int]], player: str | None = "AB-001",
              abilities: tuple[str, ...] = ("AB-002",), gear: tuple[str, ...] = (), faction: str = "abaron") -> Path:
    lines = [f'    {{ id = "{card_id}", copies = {copies} }},' for card_id, copies in entries]
    head = ['name = "Prueba"', f'faction = "{faction}"', 'idea = "Una prueba."']
    if player is not None:
        head.append(f'player = "{player}"')
    head.append("abilities = [" + ", ".join(f'"{a}"' for a in abilities) + "]")
    head.append("gear = [" + ", ".join(f'"{g}"' for g in gear) + "]")
    path = tmp_path / "prueba.toml"
    path.write_text("\n".join(head) + "\ncards = [\n" + "\n".join(lines) + "\n]\n", encoding="utf-8")
    return path


def changed(**copies: int) -> list[tuple[str, int]]:
    """BASE with some copies changed (AB_010=5); 0 takes the card out, a new id adds it."""
    wanted = {k.replace("_", "-"): v for k, v in copies.items()}
    entries = [(card_id, wanted.pop(card_id, n)) for card_id, n in BASE]
    return [(card_id, n) for card_id, n in entries + list(wanted.items()) if n]


def refusal(path: Path, pool, rules: DeckRules | None = None) -> str:
    with pytest.raises(InputError) as caught:
        load_deck(path, pool, rules)
    return str(caught.value)


def test_the_base_deck_of_these_tests_is_legal(tmp_path: Path, pool) -> None:
    deck = load_deck(deck_file(tmp_path, BASE), pool)
    assert (deck.size, deck.count("character"), deck.count("spell")) == (50, 28, 12)
    assert deck.player.name == "Archimago de Abarón" and [a.id for a in deck.abilities] == ["AB-002"]


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_e15_every_shipped_deck_is_legal(path: Path, pool) -> None:
    deck = load_deck(path, pool)
    assert deck.size == 50 and deck.player.class_ == "player"
    assert all(pool.faction_of(card.id) == deck.faction for card, _ in deck.entries)


def test_e35_each_faction_ships_a_spell_heavy_and_a_character_heavy_deck(pool) -> None:
    decks = load_decks(pool=pool)
    assert set(decks) == {"empiria_legion", "empiria_fe", "abaron_arcano", "abaron_horda"}
    for spells, characters in (("empiria_fe", "empiria_legion"), ("abaron_arcano", "abaron_horda")):
        magic = [decks[s].count("spell") + decks[s].count("continuous_spell") for s in (spells, characters)]
        bodies = [decks[s].count("character") for s in (spells, characters)]
        assert magic[0] > magic[1] and bodies[0] < bodies[1], (spells, characters)
    assert len({d.idea for d in decks.values()}) == len({d.name for d in decks.values()}) == len(decks)


def test_e15_the_opals_go_above_four_copies_in_a_shipped_deck(pool) -> None:
    deck = load_deck(DECKS_DIR / "empiria_fe.toml", pool)
    opal = next((card, n) for card, n in deck.entries if card.is_opal)
    assert opal[1] > 4 and opal[1] <= opal[0].max_copies


def test_e15_a_deck_of_49_cards_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_049=3))
    assert f"{path}: deck: rule E-15: 49 cards; a deck holds exactly 50" in refusal(path, pool)


def test_e15_a_deck_of_51_cards_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_047=1))
    assert f"{path}: deck: rule E-15: 51 cards; a deck holds exactly 50" in refusal(path, pool)


def test_e15_five_copies_of_a_card_are_refused_naming_it(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_010=5, AB_049=3))
    message = refusal(path, pool)
    assert f"{path}: card AB-010 (Mago Ika): rule E-15: 5 copies; a deck holds at most 4 of a card" in message
    assert message.count("\n") == 0, message  # the one problem, nothing else


def test_e15_the_copy_limit_is_a_parameter(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_010=5, AB_049=3))
    assert load_deck(path, pool, DeckRules(copy_limit=5)).size == 50


def test_e15_an_opal_may_go_to_its_own_limit_but_not_past_it(tmp_path: Path, pool) -> None:
    assert load_deck(deck_file(tmp_path, changed(AB_035=8, AB_041=0)), pool).size == 50
    path = deck_file(tmp_path, changed(AB_035=9, AB_041=0, AB_049=3))
    assert f"{path}: card AB-035 (Ópalo Oscuro): rule E-15: 9 copies; the card says 8" in refusal(path, pool)


def test_e13_a_deck_without_a_player_card_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, BASE, player=None)
    assert f"{path}: deck: rule E-13: no Player card; name one with player" in refusal(path, pool)


def test_e13_the_player_card_is_not_one_of_the_50(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_049=3, AB_001=1))
    message = refusal(path, pool)
    assert f"{path}: card AB-001 (Archimago de Abarón): rule E-13: a player is chosen before the game" in message


def test_e13_a_player_that_is_no_player_card_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, BASE, player="AB-010")
    assert "card AB-010 (Mago Ika): rule E-13: a character cannot be the Player card" in refusal(path, pool)


def test_e14_a_player_ability_is_not_one_of_the_50(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_049=3, AB_003=1))
    assert "card AB-003 (Velo de Sombras): rule E-14: a player_ability is chosen before the game" in refusal(path, pool)


def test_e14_too_many_or_repeated_player_abilities_are_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, BASE, abilities=("AB-002", "AB-003", "AB-002"))
    message = refusal(path, pool)
    assert f"{path}: deck: rule E-14: 3 Player Abilities; a deck brings at most 2" in message
    assert "card AB-002 (Sabiduría de Ika): rule E-14: named 2 times" in message
    assert "card AB-040 (Bola de fuego): rule E-14: a spell cannot be a Player Ability" in refusal(
        deck_file(tmp_path, BASE, abilities=("AB-040",)), pool)


def test_e14_the_abilities_lower_the_base_vital(tmp_path: Path, pool) -> None:
    deck = load_deck(deck_file(tmp_path, BASE, abilities=("AB-002", "AB-003")), pool)
    assert deck.base_vital == 200 - 20 - 20
    folder = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, folder)
    abaron = folder / "abaron.toml"
    abaron.write_text(abaron.read_text(encoding="utf-8").replace("vital_cost = 20", "vital_cost = 100"),
                      encoding="utf-8")
    path = deck_file(tmp_path, BASE, abilities=("AB-002", "AB-003"))
    assert "deck: rule E-14: the Player Abilities lower the Vital by 200; the Player card has 200" in refusal(
        path, load_pool(folder))


def test_e16_set_up_gear_is_a_weapon_or_item_and_counts_against_its_copies(tmp_path: Path, pool) -> None:
    deck = load_deck(deck_file(tmp_path, BASE, gear=("AB-032",)), pool)  # Daga Ritual: 3 in the deck, 1 on the player
    assert [g.name for g in deck.gear] == ["Daga Ritual"] and deck.size == 50
    path = deck_file(tmp_path, BASE, gear=("AB-035", "AB-032"))
    message = refusal(path, pool)
    assert f"{path}: deck: rule E-16: 2 cards of set-up gear; a Player card starts with at most 1" in message
    path = deck_file(tmp_path, changed(AB_032=4, AB_049=3), gear=("AB-032",))
    assert "card AB-032 (Daga Ritual): rule E-15: 5 copies" in refusal(path, pool)
    assert "card AB-041 (Chispa): rule E-16: a spell cannot be set-up gear" in refusal(
        deck_file(tmp_path, BASE, gear=("AB-041",)), pool)


def test_e15_a_card_not_in_the_pool_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_049=0, AB_099=4))
    assert f"{path}: card AB-099: rule E-15: no such card in the pool" in refusal(path, pool)


def test_e35_a_card_of_another_faction_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_049=0, EM_041=4))
    assert f"{path}: card EM-041 (Escudo de Fe): rule E-35: a card of Empiria; this Abarón deck holds only" in refusal(
        path, pool)
    assert load_deck(path, pool, DeckRules(one_faction=False)).size == 50


def test_e35_an_unknown_faction_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, BASE, faction="ika")
    assert f"{path}: deck: rule E-35: no faction 'ika'; the card files hold abaron, empiria" in refusal(path, pool)


def test_a_name_that_is_not_the_cards_and_a_card_listed_twice_are_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_049=2) + [("AB-049", 2)])
    assert "card AB-049 (Escudo Arcano): rule E-15: listed twice" in refusal(path, pool)
    path = deck_file(tmp_path, BASE)
    path.write_text(path.read_text(encoding="utf-8").replace('"AB-010", copies = 4', '"AB-010", copies = 4, '
                                                             'name = "Mago Ica"'), encoding="utf-8")
    assert "card AB-010 (Mago Ika): rule E-15: the line names it 'Mago Ica'" in refusal(path, pool)


def test_a_deck_line_with_copies_as_text_names_the_card_and_field(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, BASE)
    path.write_text(path.read_text(encoding="utf-8").replace("copies = 4", 'copies = "4"', 1), encoding="utf-8")
    assert f"{path}: card AB-010: field 'copies': Input should be a valid integer (got \"4\")" in refusal(path, pool)


def test_every_problem_of_a_deck_is_reported_at_once(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(AB_010=5, EM_041=1), player=None)
    message = refusal(path, pool)
    for words in ("rule E-13: no Player card", "AB-010 (Mago Ika): rule E-15: 5 copies",
                  "EM-041 (Escudo de Fe): rule E-35", "deck: rule E-15: 52 cards"):
        assert words in message, message
