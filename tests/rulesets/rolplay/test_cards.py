"""The card pool: what the shipped files hold (rules R-11, R-14 to R-19), and every kind of invalid
card refused with the file, the card id and the field."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from sim.core.errors import InputError
from sim.rulesets.rolplay.cards import CARDS_DIR, VERBS, load_pool

HEADER = """\
collection = "prueba"
name = "Prueba"
class = "creature"
level_min = 1
level_max = 50
"""
CARD = """\
[[card]]
id = "RP-900"
name = "Prueba"
class = "creature"
level = 3
cost = 2
atq = 2
def = 2
max_per_deck = 4
ability = [{ pay = 1, limit = 5, do = "self_atq", n = 1 }]
"""


def one_card_folder(tmp_path: Path, header: str = HEADER, card: str = CARD) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir(parents=True)
    (folder / "prueba.toml").write_text(header + "\n" + card, encoding="utf-8")
    return folder


def test_the_base_card_of_these_tests_is_valid(tmp_path: Path) -> None:
    pool = load_pool(one_card_folder(tmp_path))
    assert pool["RP-900"].ability[0].do == "self_atq"


def test_r15_the_pool_holds_the_enabled_cards_of_each_class(pool) -> None:
    assert Counter(c.class_ for c in pool.cards.values()) == {"creature": 200, "power": 24, "spell": 54, "amulet": 5}
    assert {c.level for c in pool.cards.values()} <= set(range(1, 51))
    assert {c.class_2002 for c in pool.of_class("spell")} == {"amulet"}  # the 2002 client's amulet powers


def test_r15_the_2002_copy_limits_differ_on_seven_cards(pool) -> None:
    differ = {c.name: (c.max_per_deck, c.copies_2002) for c in pool.cards.values()
              if c.copies_2002 != c.max_per_deck}
    assert differ == {"Alchemia": (2, 12), "Kehanar": (2, 12), "Petioner": (2, 12), "Trigild": (2, 12),
                      "Mohrg": (2, 12), "Servidor": (2, 12), "Poder x 20": (5, 2)}


def test_r14_types_are_flags_in_the_tables_proportions(pool) -> None:
    kinds = Counter((c.mystic, c.defender, c.berserker) for c in pool.of_class("creature"))
    # ROLPLAY-DATA.md's counts, less the two disabled normal creatures
    assert kinds == {(False, False, False): 159, (False, True, False): 16, (True, False, False): 9,
                     (True, True, False): 9, (False, False, True): 6, (True, False, True): 1}
    assert [c.name for c in pool.of_class("creature") if c.mystic and c.berserker] == ["Volatilh"]


def test_r16_powers_produce_their_value_and_some_act_when_conjured(pool) -> None:
    powers = pool.of_class("power")
    values = {c.name: c.power_value for c in powers}
    assert values["Poder"] == 1 and values["Poder x 3"] == 3 and values["Poder x 20"] == 20
    assert all(c.cost == 0 and not c.ability and c.atq is None for c in powers)
    acting = sorted(c.name for c in powers if c.on_cast)
    assert len(acting) == 15 and "Poder x 15 Mayor" in acting and "Poder x 15" not in acting
    assert [c.name for c in powers if c.level == 1] == ["Poder"]


def test_r17_usage_limits_are_those_of_the_data_guide(pool) -> None:
    creature = Counter(a.limit for c in pool.of_class("creature") for a in c.ability)
    spell = Counter(a.limit for c in pool.of_class("spell") for a in c.ability)
    assert creature == {5: 44, -1: 24, 8: 2}
    assert spell == {1: 76, 2: 3, 5: 1}
    assert [a.limit for c in pool.of_class("amulet") for a in c.ability] == [3, 3, 3, 3, 2]


def test_r17_the_pool_speaks_the_one_vocabulary(pool) -> None:
    used = {e.do for c in pool.cards.values() for context in ("ability", "on_cast", "on_attack", "special")
            for e in getattr(c, context)}
    assert set(VERBS) - used == {"add_power"}  # in R-17's list, on no 2002 card


def test_r18_negative_defense_is_that_many_points_and_that_much_life_per_attack(pool) -> None:
    negative = [c for c in pool.of_class("creature") if c.def_ < 0]
    assert len(negative) == 20
    for card in negative:
        assert card.defense_points == card.self_damage == -card.def_, card.id
    assert all(c.self_damage == 0 for c in pool.of_class("creature") if c.def_ >= 0)


def test_r19_eight_enabled_creatures_cost_no_power(pool) -> None:
    free = {c.name for c in pool.of_class("creature") if c.cost == 0}
    assert free == {"Atea", "Atea Mayor", "Hombre Angel", "Enher", "Dragon esqueleto", "Bestia del Caos",
                    "Pesadilla", "Keatahn"}


def test_r11_multiple_attack_and_defense_are_specials(pool) -> None:
    attack = {c.name for c in pool.of_class("creature") if c.multiplier("multi_attack") == 2}
    defense = {c.name for c in pool.of_class("creature") if c.multiplier("multi_defense") == 2}
    assert attack == {"Barbaro", "Urgul Mayor", "Dragon esqueleto"}
    assert defense == {"Hada", "Caza Dragones", "Rebolt"}
    assert pool["RP-000"].multiplier("multi_attack") == 1


def test_the_pool_frame_has_a_row_per_card(pool) -> None:
    frame = pool.frame()
    assert frame.height == 283 and frame["id"].n_unique() == 283
    assert frame.filter(frame["name"] == "Mohrg")["def"].item() == -2


def test_a_designer_adds_and_edits_cards_in_toml_without_code(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, folder)
    (folder / "nuevas.toml").write_text(HEADER + "\n" + CARD.replace('"self_atq", n = 1', '"self_def", n = 3')
                                        + 'on_cast = [{ do = "draw", n = 1 }]\n', encoding="utf-8")
    poderes = folder / "poderes.toml"
    poderes.write_text(poderes.read_text(encoding="utf-8").replace("power_value = 3\n", "power_value = 4\n", 1),
                       encoding="utf-8")
    pool = load_pool(folder)
    assert len(pool) == 284
    assert [(a.do, a.n) for a in pool["RP-900"].ability] == [("self_def", 3)]
    assert pool["RP-900"].on_cast[0].do == "draw"
    assert pool["RP-034"].power_value == 4


# each: (what is wrong, the text replaced, its replacement, the field named, words of the message)
INVALID = [
    ("a number as text", "cost = 2\n", 'cost = "2"\n', "cost", '(got "2")'),
    ("a float for an int", "cost = 2\n", "cost = 2.0\n", "cost", "valid integer"),
    ("nan", "cost = 2\n", "cost = nan\n", "cost", "(got nan)"),
    ("true for an int", "atq = 2\n", "atq = true\n", "atq", "valid integer"),
    ("1 for a flag", "max_per_deck = 4\n", "max_per_deck = 4\nmystic = 1\n", "mystic", "valid boolean"),
    ("an unknown field", "max_per_deck = 4\n", "max_per_deck = 4\npower = 3\n", "power", "Extra inputs"),
    ("an unknown verb", '"self_atq"', '"heal_all"', "ability[1].do", "the known verbs are self_atq, self_def"),
    ("a verb of another class", '"self_atq"', '"holder_def"', "ability[1]", "not for a creature's ability"),
    ("a verb of another context", '"self_atq", n = 1', '"multi_attack", n = 2', "ability[1]", "special"),
    ("n as text", "n = 1 }", 'n = "1" }', "ability[1].n", "valid integer"),
    ("n left out", ", n = 1 }", " }", "ability[1].n", "self_atq needs n"),
    ("turns on a verb that lasts none", "n = 1 }", "n = 1, turns = 2 }", "ability[1].turns", "only tap_creatures"),
    ("limit 0", "limit = 5", "limit = 0", "ability[1].limit", "0 would never be usable"),
    ("pay left out", "pay = 1, ", "", "ability[1].pay", "Field required"),
    ("a creature without def", "def = 2\n", "", "def", "a creature needs atq and def"),
    ("a negative def without its life cost", "def = 2\n", "def = -3\n", "on_attack", 'n = 3'),
    ("a life cost without a negative def", "max_per_deck = 4\n",
     'max_per_deck = 4\non_attack = [{ do = "lose_life", n = 2 }]\n', "on_attack", "negative def"),
    ("a power value on a creature", "max_per_deck = 4\n", "max_per_deck = 4\npower_value = 2\n", "power_value",
     "only powers"),
    ("a level above 50", "level = 3\n", "level = 51\n", "level", "less than or equal to 50"),
    ("no copies allowed", "max_per_deck = 4\n", "max_per_deck = 0\n", "max_per_deck", "greater than or equal to 1"),
    ("an unknown colour", "max_per_deck = 4\n", 'max_per_deck = 4\ncolors = ["purple"]\n', "colors[1]", "'white'"),
    ("a name with a stray space", 'name = "Prueba"', 'name = "Prueba "', "name", "trailing spaces"),
    ("an unknown class", 'class = "creature"\nlevel', 'class = "monster"\nlevel', "class", "'creature'"),
]


@pytest.mark.parametrize(("wrong", "old", "new", "field", "words"), INVALID, ids=[case[0] for case in INVALID])
def test_an_invalid_card_is_refused_naming_file_card_and_field(tmp_path: Path, wrong: str, old: str, new: str,
                                                               field: str, words: str) -> None:
    assert old in CARD, wrong
    folder = one_card_folder(tmp_path, card=CARD.replace(old, new, 1))
    with pytest.raises(InputError) as caught:
        load_pool(folder)
    message = str(caught.value)
    assert f"{folder / 'prueba.toml'}: card RP-900: field '{field}':" in message, message
    assert words in message, message


def test_a_malformed_id_is_named_as_written(tmp_path: Path) -> None:
    folder = one_card_folder(tmp_path, card=CARD.replace('"RP-900"', '"RP-9"'))
    with pytest.raises(InputError, match=r"prueba\.toml: card RP-9: field 'id':"):
        load_pool(folder)


def test_a_card_outside_its_files_class_or_levels_is_refused(tmp_path: Path) -> None:
    folder = one_card_folder(tmp_path, header=HEADER.replace("level_max = 50", "level_max = 2"))
    with pytest.raises(InputError, match=r"prueba\.toml: card RP-900: field 'level': this file holds levels 1-2"):
        load_pool(folder)
    spell = HEADER.replace('class = "creature"', 'class = "spell"')
    folder = one_card_folder(tmp_path / "b", header=spell)
    with pytest.raises(InputError, match=r"card RP-900: field 'class': this file holds spell cards, not creature"):
        load_pool(folder)


def test_a_bad_header_is_refused_naming_the_file(tmp_path: Path) -> None:
    folder = one_card_folder(tmp_path, header=HEADER.replace('class = "creature"', 'class = "criatura"'))
    with pytest.raises(InputError, match=r"prueba\.toml: header: field 'class':"):
        load_pool(folder)


def test_an_id_in_two_files_is_refused(tmp_path: Path) -> None:
    folder = one_card_folder(tmp_path)
    (folder / "otra.toml").write_text(HEADER + "\n" + CARD.replace('"Prueba"', '"Otra"', 1), encoding="utf-8")
    with pytest.raises(InputError, match=r"card RP-900: field 'id': .*\.toml has it already"):
        load_pool(folder)


def test_every_problem_of_every_file_is_reported_at_once(tmp_path: Path) -> None:
    folder = one_card_folder(tmp_path, card=CARD.replace("cost = 2\n", 'cost = "2"\n'))
    (folder / "otra.toml").write_text(HEADER + "\n" + CARD.replace('"RP-900"', '"RP-901"').replace("atq = 2", "atq = -1"),
                                      encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_pool(folder)
    assert "card RP-900: field 'cost'" in str(caught.value) and "card RP-901: field 'atq'" in str(caught.value)


def test_a_pool_is_read_again_when_a_card_file_changes(tmp_path: Path) -> None:
    # load_pool keeps a pool by the folder's state: unchanged files are not read twice, an edit is seen
    cards_dir = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, cards_dir)
    first = load_pool(cards_dir)
    assert load_pool(cards_dir) is first
    path = cards_dir / "criaturas_01_12.toml"
    card_id = next(iter(c.id for c in first.cards.values() if first.home[c.id].name == path.name))
    text = path.read_text(encoding="utf-8")
    old = first[card_id].cost
    head, rest = text.split(f'id = "{card_id}"', 1)
    rest = rest.replace(f"\ncost = {old}\n", f"\ncost = {old + 7}\n", 1)
    path.write_text(head + f'id = "{card_id}"' + rest, encoding="utf-8")
    again = load_pool(cards_dir)
    assert again is not first and again[card_id].cost == old + 7
