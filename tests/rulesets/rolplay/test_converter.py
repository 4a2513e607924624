"""The card files against the recovered table: the converter, run into a temporary folder, gives the
shipped files byte for byte, and every enabled row is a card with the row's facts."""

from __future__ import annotations

import csv
import difflib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.rulesets.rolplay.conftest import PACKAGE_DIR, ROOT, TABLE, needs_table

SCRIPT = ROOT / "scripts" / "convert_rolplay_cards.py"
SHIPPED = PACKAGE_DIR / "cards"

pytestmark = needs_table


def run_converter(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def converter_module():
    spec = importlib.util.spec_from_file_location("convert_rolplay_cards", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # its dataclasses look their module up there
    spec.loader.exec_module(sys.modules[spec.name])
    return sys.modules[spec.name]


def rows() -> list[dict[str, str]]:
    with TABLE.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_the_card_files_are_the_converted_table_byte_for_byte(tmp_path: Path) -> None:
    result = run_converter("--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    made = sorted(p.name for p in tmp_path.glob("*.toml"))
    assert made == sorted(f"{spec.stem}.toml" for spec in converter_module().FILES)
    for name in made:
        new, old = (tmp_path / name).read_bytes(), (SHIPPED / name).read_bytes()
        if new != old:
            diff = difflib.unified_diff(old.decode().splitlines(), new.decode().splitlines(), f"shipped/{name}",
                                        f"converted/{name}", lineterm="", n=1)
            pytest.fail(f"{name} differs from the converted table (re-run scripts/convert_rolplay_cards.py):\n"
                        + "\n".join(list(diff)[:30]))


def test_the_default_table_is_found_from_the_repository_root_whatever_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "cards"
    result = run_converter("--out", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "283 cards" in result.stdout
    assert (out / "poderes.toml").read_bytes() == (SHIPPED / "poderes.toml").read_bytes()


def test_r17_a_row_no_verb_reads_stops_the_conversion(tmp_path: Path) -> None:
    text = TABLE.read_text(encoding="utf-8").replace("[pay 10; limit 5] self +1 ATK,10,5",
                                                     "[pay 10; limit 5] summon a dragon,10,5", 1)
    table = tmp_path / "table.csv"
    table.write_text(text, encoding="utf-8")
    result = run_converter(str(table), "--out", str(tmp_path / "cards"))
    assert result.returncode != 0
    assert "row 19 (Explorador)" in result.stderr and "summon a dragon" in result.stderr


def test_r15_every_enabled_row_is_a_card_with_the_rows_facts(pool) -> None:
    flags = {"mystic": lambda r: r["type"] == "mystical", "defender": lambda r: r["subtype"] == "defender",
             "berserker": lambda r: "berserker" in (r["type"], r["subtype"])}
    for row in rows():
        card_id = f"RP-{int(row['id']):03d}"
        if row["disabled"]:
            assert card_id not in pool, f"{card_id} is disabled in the table"
            continue
        card = pool[card_id]
        assert (card.name, card.class_, card.level, card.cost) == (
            row["name"], row["class_rolplus"], int(row["level"]), int(row["casting_cost"])), card_id
        assert (card.max_per_deck, card.copies_2002) == (int(row["max_per_deck"]), int(row["web2002_max_per_deck"]))
        assert (card.class_2002 or card.class_) == row["class_2002_manual"], card_id
        if card.class_ == "creature":
            assert (card.atq, card.def_, card.defense_points) == (
                int(row["attack"]), int(row["defense_card_face"]), int(row["defense"])), card_id
            assert {f: getattr(card, f) for f in flags} == {f: test(row) for f, test in flags.items()}, card_id
        if card.class_ == "power":
            assert card.power_value == int(row["power_value"]), card_id
        parts = [p for p in row["ability_main"].split("|") if p.strip()]
        assert len(card.ability) == len(parts), card_id
        if parts:
            assert sum(a.pay for a in card.ability) == int(row["ability_total_pay"]), card_id
            assert max(a.limit for a in card.ability) == int(row["ability_max_limit"]), card_id
        assert len(card.on_cast) == len([p for p in row["on_cast"].split("|") if p.strip()]), card_id


def test_r15_the_disabled_cards_are_named_at_the_top_of_their_file() -> None:
    head = (SHIPPED / "criaturas_01_12.toml").read_text(encoding="utf-8").split("\n[[card]]\n")[0]
    comments = [line for line in head.splitlines() if line.startswith("#")]
    assert any("RP-077 Arpada" in line for line in comments)
    assert any("RP-098 Lancero Mayor" in line for line in comments)


def test_every_doubtful_card_is_decided_one_way_and_says_so(pool) -> None:
    decided = converter_module().DECIDED
    assert sorted(decided) == ["119", "146", "151", "164", "170", "172"]
    for number in decided:
        assert "Decision:" in pool[f"RP-{int(number):03d}"].note
    assert [(a.do, a.n) for a in pool["RP-119"].ability] == [("holder_def", 5)]  # Escudal x 3
    assert [(e.do, e.n) for e in pool["RP-151"].on_cast] == [("tap_creatures", 40)]  # Angel Caido
    assert not pool["RP-172"].mystic  # Elfo Oscuro
    for card_id in ("RP-146", "RP-164", "RP-170"):  # Barbaro, Urgul Mayor, Dragon esqueleto
        assert [(e.do, e.n) for e in pool[card_id].special] == [("multi_attack", 2)]
    for card_id in ("RP-117", "RP-169"):  # Barrera Mistica, x 2: spells, so no type
        assert "Decision:" in pool[card_id].note and not pool[card_id].mystic
