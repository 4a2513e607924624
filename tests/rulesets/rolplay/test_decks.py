"""Deck lists (rules R-01, R-02, R-03, R-08, R-15, R-20): every shipped deck is legal, and each kind of
illegal deck is refused naming the deck file, the card and the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.core.decks import list_decks
from sim.core.errors import InputError
from sim.rulesets.rolplay.decks import DECKS_DIR, DeckRules, load_deck, load_decks

SHIPPED = [DECKS_DIR / f"{stem}.toml" for stem in list_decks(DECKS_DIR)]

# a legal tier-25 rush: 20 powers (Poder, Poder x 3, x 5, x 7) and 40 creatures
BASE = [("RP-007", 4), ("RP-034", 6), ("RP-081", 4), ("RP-121", 6),
        ("RP-025", 12), ("RP-016", 12), ("RP-068", 12), ("RP-026", 2), ("RP-049", 2)]


def deck_file(tmp_path: Path, entries: list[tuple[str, int]], tier: int = 25, extra: str = "") -> Path:
    lines = [f'    {{ id = "{card_id}", copies = {copies}{extra if card_id == "RP-025" else ""} }},'
             for card_id, copies in entries]
    path = tmp_path / "prueba.toml"
    path.write_text(f'name = "Prueba"\ntier = {tier}\nidea = "Una prueba."\ncards = [\n' + "\n".join(lines) + "\n]\n",
                    encoding="utf-8")
    return path


def changed(**copies: int) -> list[tuple[str, int]]:
    """BASE with some copies changed (RP_025=13); 0 takes the card out."""
    wanted = {k.replace("_", "-"): v for k, v in copies.items()}
    entries = [(card_id, wanted.pop(card_id, n)) for card_id, n in BASE]
    return [(card_id, n) for card_id, n in entries + list(wanted.items()) if n]


def refusal(path: Path, pool, rules: DeckRules | None = None) -> str:
    with pytest.raises(InputError) as caught:
        load_deck(path, pool, rules)
    return str(caught.value)


def test_the_base_deck_of_these_tests_is_legal(tmp_path: Path, pool) -> None:
    deck = load_deck(deck_file(tmp_path, BASE), pool)
    assert (deck.size, deck.powers, deck.level, deck.starting_power) == (60, 20, 15, "RP-007")  # Poder x 7: 15


@pytest.mark.parametrize("copy_limits", ["rolplus", "2002"])
@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_r15_every_shipped_deck_is_legal_under_both_copy_limits(path: Path, copy_limits: str, pool) -> None:
    deck = load_deck(path, pool, DeckRules(copy_limits=copy_limits))
    assert deck.size == 60 and 7 <= deck.powers <= 40 and deck.level <= deck.tier
    assert deck.starting_power == "RP-007"


def test_r02_at_least_four_decks_of_distinct_ideas_per_tier(pool) -> None:
    decks = load_decks(pool=pool)
    for tier in (25, 50):
        of_tier = [d for d in decks.values() if d.tier == tier]
        assert len(of_tier) >= 4, tier
        assert len({d.idea for d in of_tier}) == len({d.name for d in of_tier}) == len(of_tier)
    styles = {stem: (d.count("creature"), d.count("spell"), d.count("amulet")) for stem, d in decks.items()}
    # each style shows in its numbers: the amulets deck holds by far the most amulets of its tier,
    # the control deck the most spells, the mystics decks the most mystics
    amulets_25 = sorted(s[2] for stem, s in styles.items() if decks[stem].tier == 25)
    assert styles["amuletos_25"][2] >= 8 and styles["amuletos_25"][2] == amulets_25[-1] >= 4 * amulets_25[-2]
    assert styles["control_50"][1] >= 12
    mystics = {stem: sum(c.mystic * n for c, n in d.entries) for stem, d in decks.items()}
    assert mystics["misticos_50"] >= 30 and mystics["misticos_25"] >= 12
    assert mystics["misticos_25"] == max(n for stem, n in mystics.items() if decks[stem].tier == 25)


def test_r02_a_decks_level_is_its_highest_card_level(pool) -> None:
    deck = load_deck(DECKS_DIR / "carga_25.toml", pool)
    assert deck.level == 20 == max(card.level for card, _ in deck.entries)


def test_r03_a_deck_of_59_cards_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(RP_025=11))
    message = refusal(path, pool)
    assert f"{path}: deck: rule R-03: 59 cards; a deck holds 60" in message


def test_r01_a_deck_of_61_cards_is_refused(tmp_path: Path, pool) -> None:
    assert "deck: rule R-03: 61 cards" in refusal(deck_file(tmp_path, changed(RP_026=3)), pool)


def test_r08_too_few_powers_is_refused_naming_the_power_cards(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, [("RP-007", 6), ("RP-025", 12), ("RP-016", 12), ("RP-068", 12), ("RP-027", 5),
                                ("RP-038", 5), ("RP-026", 3), ("RP-049", 2), ("RP-066", 2), ("RP-057", 1)])
    message = refusal(path, pool)
    assert f"{path}: power cards RP-007 (Poder) x6: rule R-08: 6 power cards; a deck holds 7 to 40" in message


def test_r08_too_many_powers_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, [("RP-007", 12), ("RP-034", 29), ("RP-025", 12), ("RP-016", 7)])
    assert "RP-034 (Poder x 3) x29: rule R-08: 41 power cards" in refusal(path, pool)


def test_r03_a_deck_without_a_level_1_power_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(RP_007=0, RP_034=10))
    assert f"{path}: deck: rule R-03: no level-1 power card to be the starting power" in refusal(path, pool)


def test_r15_too_many_copies_is_refused_naming_the_card(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(RP_025=13, RP_016=11))
    message = refusal(path, pool)
    assert f"{path}: card RP-025 (Lancero): rule R-15: 13 copies; the card allows 12 per deck" in message


def test_r20_the_2002_copy_limits_bind_when_chosen(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(RP_007=4, RP_121=1, RP_284=5), tier=50)  # Poder x 20: 5 in rolplus, 2 in 2002
    assert load_deck(path, pool).count("power") == 20
    message = refusal(path, pool, DeckRules(copy_limits="2002"))
    assert "card RP-284 (Poder x 20): rule R-15: 5 copies; the card allows 2 per deck (max_per_deck_2002)" in message


def test_r02_a_card_above_the_tier_is_refused_naming_it(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(RP_049=0, RP_257=2))  # Cobald out, Dragon Dorado (level 41) in
    message = refusal(path, pool)
    assert f"{path}: card RP-257 (Dragon Dorado): rule R-02: level 41 is above the deck's tier 25" in message


def test_r02_a_tier_that_is_no_deck_level_is_refused(tmp_path: Path, pool) -> None:
    assert "deck: rule R-02: tier 30 is not a deck level; declare one of 25, 50" in refusal(
        deck_file(tmp_path, BASE, tier=30), pool)


def test_r15_a_card_not_in_the_pool_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(RP_049=0, RP_077=2))  # Arpada: disabled, so not in the pool
    assert f"{path}: card RP-077: rule R-15: no such card in the pool" in refusal(path, pool)


def test_r15_a_name_that_is_not_the_cards_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, BASE, extra=', name = "Lancera"')
    assert "card RP-025 (Lancero): rule R-15: the line names it 'Lancera'" in refusal(path, pool)
    assert load_deck(deck_file(tmp_path, BASE, extra=', name = "Lancero"'), pool).size == 60


def test_r15_a_card_listed_twice_is_refused(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(RP_068=6) + [("RP-068", 6)])
    assert "card RP-068 (Trasgo Menor): rule R-15: listed twice" in refusal(path, pool)


def test_a_deck_line_with_copies_as_text_names_the_card_and_field(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, BASE)
    path.write_text(path.read_text(encoding="utf-8").replace("copies = 12", 'copies = "12"', 1), encoding="utf-8")
    assert f"{path}: card RP-025: field 'copies': Input should be a valid integer (got \"12\")" in refusal(path, pool)


def test_every_problem_of_a_deck_is_reported_at_once(tmp_path: Path, pool) -> None:
    path = deck_file(tmp_path, changed(RP_025=13, RP_257=2))
    message = refusal(path, pool)
    for words in ("rule R-15: 13 copies", "RP-257 (Dragon Dorado): rule R-02", "rule R-03: 63 cards"):
        assert words in message
