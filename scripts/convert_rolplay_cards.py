"""Regenerate Rolplay's card files (sim/rulesets/rolplay/cards/*.toml) from the recovered card table.

    PYTHONPATH=$PWD python scripts/convert_rolplay_cards.py                  # ../shared/rules/data/rolplay-cards.csv
    PYTHONPATH=$PWD python scripts/convert_rolplay_cards.py TABLE.csv --out /tmp/cards

The table (shared/rules/data/ROLPLAY-DATA.md says what each column means) holds the 2002 facts; the
files are what the game reads. The same table always gives the same bytes, so
tests/rulesets/rolplay/test_converter.py can regenerate the files into a temporary folder and compare
them with the shipped ones. Disabled rows are left out and named at the top of the file they would
belong to. Every doubtful transcription is decided in DECIDED below (and listed in rules.md): the
card's `text` keeps the source's words, its data the decision and its `note` the reason. A row whose
ability text matches no verb stops the conversion: the vocabulary is closed (rule R-17).
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

from sim.core.errors import InputError
from sim.rulesets.rolplay.cards import VERBS, load_pool

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TABLE = "../shared/rules/data/rolplay-cards.csv"
DEFAULT_OUT = "sim/rulesets/rolplay/cards"


@dataclass(frozen=True)
class CardFile:
    stem: str
    name: str
    klass: str
    level_min: int
    level_max: int


# one file per class; creatures in four bands of levels that split each deck tier (25, 50) in two,
# so a tier-25 deck reads from the first two bands only (rules.md, "Card files")
FILES = (
    CardFile("poderes", "Poderes", "power", 1, 50),
    CardFile("hechizos", "Hechizos", "spell", 1, 50),
    CardFile("amuletos", "Amuletos (la serie Escudal)", "amulet", 1, 50),
    CardFile("criaturas_01_12", "Criaturas de nivel 1 a 12", "creature", 1, 12),
    CardFile("criaturas_13_25", "Criaturas de nivel 13 a 25", "creature", 13, 25),
    CardFile("criaturas_26_37", "Criaturas de nivel 26 a 37", "creature", 26, 37),
    CardFile("criaturas_38_50", "Criaturas de nivel 38 a 50", "creature", 38, 50),
)

# the doubtful transcriptions of ROLPLAY-DATA.md, each decided one way: the columns read instead of
# the table's, and the reason that goes into the card's note
DECIDED: dict[str, tuple[dict[str, str], str]] = {
    "119": ({"ability_main": "[pay 6; limit 3] holder +5 DEF"},
            "Decision: holder +5 DEF, as every other Escudal; the source key reads the owner's defense, a slip."),
    "151": ({"on_cast": "tap(block) 40 opp creature"},
            "Decision: on cast it taps 40 opposing creatures (every one, at most 7 are in play), as the card "
            "face's x40G.Cri reads; the 'requires 40 activated creatures' condition is not a rule the "
            "manual knows."),
    "172": ({}, "Decision: normal, as its type column says; the wand badge alone does not make it mystic."),
    "146": ({}, "Decision: multiple attack x2 only, as rolplus has it; the multiple defense of the "
                "reconstruction is unverified."),
    "164": ({}, "Decision: multiple attack x2 only, as rolplus has it; the multiple defense of the "
                "reconstruction is unverified."),
    "170": ({}, "Decision: multiple attack x2 only, as rolplus has it; the multiple defense of the "
                "reconstruction is unverified."),
}
SPELL_TYPE_NOTE = ("Decision: the mystic badge of a spell has no rule (types are creatures', R-14); "
                   "the spell is not mystic.")

N = r"(?P<n>\d+)"
EFFECT_TEXTS = (
    (re.compile(rf"self \+{N} ATK"), "self_atq"),
    (re.compile(rf"self \+{N} DEF"), "self_def"),
    (re.compile(rf"holder \+{N} DEF"), "holder_def"),
    (re.compile(rf"owner \+{N} life"), "heal"),
    (re.compile(rf"opponent -{N} life"), "damage"),
    (re.compile(rf"owner -{N} life"), "lose_life"),
    (re.compile(rf"draw {N}"), "draw"),
    (re.compile(rf"tap\(block\) {N} opp creature"), "tap_creatures"),
    (re.compile(rf"tap\(block\) {N} opp power"), "tap_powers"),
    (re.compile(rf"destroy {N} opp creature"), "destroy_creatures"),
    (re.compile(rf"destroy {N} opp power"), "destroy_powers"),
    (re.compile(rf"destroy {N} opp amulet"), "destroy_amulets"),
    (re.compile(rf"all own creatures \+{N} ATK"), "all_atq"),
    (re.compile(rf"all own creatures \+{N} DEF"), "all_def"),
    (re.compile(r"all own creatures become defenders for (?P<turns>\d+) turn\(s\)(?: with \+(?P<n>\d+) DEF)?"),
     "all_defenders"),
    (re.compile(r"remove mystic from all opp creatures"), "unmystic"),
    (re.compile(rf"can_attack_multiple_times={N}"), "multi_attack"),
    (re.compile(rf"can_defend_multiple_times={N}"), "multi_defense"),
)
ABILITY_TEXT = re.compile(r"\[pay (?P<pay>\d+); (?:limit (?P<limit>-?\d+)|unlimited)\] (?P<effect>.+)")
assert {verb for _, verb in EFFECT_TEXTS} <= set(VERBS)


def parse_effect(text: str, where: str) -> dict:
    """One effect phrase of the table as a verb and its numbers; `turns` = 1 is the default, left out."""
    for pattern, verb in EFFECT_TEXTS:
        match = pattern.fullmatch(text.strip())
        if match:
            effect: dict = {"do": verb}
            groups = match.groupdict()
            if groups.get("n") is not None:
                effect["n"] = int(groups["n"])
            if groups.get("turns") not in (None, "1"):
                effect["turns"] = int(groups["turns"])
            return effect
    raise SystemExit(f"{where}: no verb reads {text.strip()!r}: extend the vocabulary (rule R-17) first")


def parse_abilities(text: str, where: str) -> list[dict]:
    abilities = []
    for part in _parts(text):
        match = ABILITY_TEXT.fullmatch(part)
        if not match:
            raise SystemExit(f"{where}: {part!r} is not '[pay N; limit L] effect'")
        limit = -1 if match["limit"] is None else int(match["limit"])
        abilities.append({"pay": int(match["pay"]), "limit": limit} | parse_effect(match["effect"], where))
    return abilities


def _parts(text: str) -> list[str]:
    return [p.strip() for p in text.split("|") if p.strip()]


def card_of(row: dict[str, str]) -> dict:
    """One enabled row as the fields of a [[card]] table, in the order they are written."""
    where = f"row {row['id']} ({row['name']})"
    changes, decision = DECIDED.get(row["id"], ({}, ""))
    read = {**row, **changes}
    klass = row["class_rolplus"]
    card: dict = {"id": f"RP-{int(row['id']):03d}", "name": row["name"].strip()}
    if row["name_es"].strip() != card["name"]:
        card["name_es"] = row["name_es"].strip()
    card["name_en"] = row["name_en"].strip()
    card["class"] = klass
    if row["class_2002_manual"] != klass:
        card["class_2002"] = row["class_2002_manual"]
    card["level"] = int(row["level"])
    card["cost"] = int(row["casting_cost"])
    notes = [row["note"].strip()] if row["note"].strip() else []
    if klass == "creature":
        card["atq"] = int(row["attack"])
        card["def"] = int(row["defense_card_face"])
        if abs(card["def"]) != int(row["defense"]):
            raise SystemExit(f"{where}: defense {row['defense']} is not the magnitude of {card['def']}")
        for flag, present in (("mystic", row["type"] == "mystical"), ("defender", row["subtype"] == "defender"),
                              ("berserker", "berserker" in (row["type"], row["subtype"]))):
            if present:
                card[flag] = True
    elif row["type"] != "normal":
        notes.append(SPELL_TYPE_NOTE)
    if klass == "power":
        card["power_value"] = int(row["power_value"])
    card["max_per_deck"] = int(row["max_per_deck"])
    if row["web2002_max_per_deck"] != row["max_per_deck"]:
        card["max_per_deck_2002"] = int(row["web2002_max_per_deck"])
    card["rarity"] = row["rarity"]
    card["rarity_percent"] = int(row["rarity_percent"])
    for key, column in (("race", "race"), ("size", "size")):
        if row[column].strip():
            card[key] = row[column].strip()
    if row["magic_colors"].strip():
        card["colors"] = row["magic_colors"].strip().split(";")
    abilities = parse_abilities(read["ability_main"], where)
    _check_totals(row, abilities, where)
    if abilities:
        card["ability"] = abilities
    for key, column in (("on_cast", "on_cast"), ("on_attack", "on_attack"), ("special", "special")):
        effects = [parse_effect(part, where) for part in _parts(read[column])]
        if effects:
            card[key] = effects
    text = "; ".join(part for part in (
        row["ability_main"].strip(),
        *(f"{label}: {row[column].strip()}" for label, column in
          (("on cast", "on_cast"), ("on attack", "on_attack"), ("special", "special")) if row[column].strip()),
    ) if part)
    if text:
        card["text"] = text
    if decision:
        notes.append(decision)
    if notes:
        card["note"] = " ".join(notes)
    return card


def _check_totals(row: dict[str, str], abilities: list[dict], where: str) -> None:
    """The printed totals (sum of pays, largest limit) must be what the abilities add up to."""
    if not abilities:
        return
    pays = sum(a["pay"] for a in abilities)
    if row["ability_total_pay"] and int(row["ability_total_pay"]) != pays:
        raise SystemExit(f"{where}: ability_total_pay {row['ability_total_pay']} but the pays add up to {pays}")
    largest = max(a["limit"] for a in abilities)
    if row["ability_max_limit"] and int(row["ability_max_limit"]) != largest:
        raise SystemExit(f"{where}: ability_max_limit {row['ability_max_limit']} but the largest limit is {largest}")


def value(v: object) -> str:
    """A TOML value; strings as JSON writes them, which TOML reads the same (UTF-8 kept as is)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML spelling for {v!r}")


def card_text(card: dict) -> str:
    lines = ["[[card]]"]
    for key, v in card.items():
        if isinstance(v, list) and v and isinstance(v[0], dict):
            if len(v) == 1:
                lines.append(f"{key} = [{value(v[0])}]")
            else:
                lines += [f"{key} = ["] + [f"    {value(x)}," for x in v] + ["]"]
        else:
            lines.append(f"{key} = {value(v)}")
    return "\n".join(lines) + "\n"


HEADER = """\
# Rolplay · {name}: generado por scripts/convert_rolplay_cards.py desde
# shared/rules/data/rolplay-cards.csv (las cartas de 2002); las reglas y las decisiones, en
# sim/rulesets/rolplay/rules.md. Una carta nueva va en un archivo propio con esta misma cabecera;
# un cambio a una carta de 2002 se hace en la tabla y se vuelve a convertir (los tests comparan).
# Campos de [[card]]: id (RP- y el número de rolplus), name (tal como se imprimió), name_es y name_en
# (nombres de rolplus para mostrar), class (creature, power, spell, amulet; class_2002 si el cliente
# de 2002 la llamaba distinto), level (R-15), cost (R-09, R-19), atq y def (criaturas; def con su
# signo impreso, R-18), power_value (poderes, R-16), mystic, defender y berserker (tipos, R-14),
# max_per_deck (copias por mazo; max_per_deck_2002 si la lista de 2002 difiere, R-15), rarity,
# rarity_percent, race, size y colors (etiquetas), text (el texto de la fuente) y note (dudas y
# decisiones). Efectos (R-17), tablas {{ do, n, turns }}: ability (con pay y limit; limit -1 = sin
# límite), on_cast (al invocar o conjurar, R-16), on_attack (lose_life, R-18) y special
# (multi_attack, multi_defense, R-11). Verbos de do (R-17; qué hace cada uno, en rules.md):
"""


def file_text(spec: CardFile, cards: list[dict], disabled: list[dict[str, str]]) -> str:
    head = HEADER.format(name=spec.name).rstrip("\n").split("\n") + _wrap(", ".join(VERBS) + ".")
    if disabled:
        head.append("# Fuera de este archivo (disabled en la tabla), con la nota de la tabla:")
    for row in disabled:
        text = f"RP-{int(row['id']):03d} {row['name']} (nivel {row['level']}): {' '.join(row['note'].split())}"
        head += textwrap.wrap(text, width=100, initial_indent="#   ", subsequent_indent="#     ")
    body = [f'collection = "{spec.stem}"', f"name = {value(spec.name)}", f'class = "{spec.klass}"',
            f"level_min = {spec.level_min}", f"level_max = {spec.level_max}"]
    return "\n".join(head + [""] + body) + "\n\n" + "\n".join(card_text(c) for c in cards)


def _wrap(words: str, width: int = 100) -> list[str]:
    """Comment lines holding `words`, none longer than `width`."""
    lines, line = [], "#  "
    for word in words.split(" "):
        if len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "#  "
        line += " " + word
    return lines + [line]


def home_of(klass: str, level: int) -> CardFile:
    for spec in FILES:
        if spec.klass == klass and spec.level_min <= level <= spec.level_max:
            return spec
    raise SystemExit(f"no card file takes a {klass} of level {level}")


def convert(table: Path, out: Path) -> list[Path]:
    """Write every card file into `out` from `table`; the files written."""
    with table.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    cards: dict[str, list[dict]] = {spec.stem: [] for spec in FILES}
    disabled: dict[str, list[dict[str, str]]] = {spec.stem: [] for spec in FILES}
    for row in sorted(rows, key=lambda r: int(r["id"])):
        spec = home_of(row["class_rolplus"], int(row["level"]))
        if row["disabled"].strip():
            disabled[spec.stem].append(row)
        else:
            cards[spec.stem].append(card_of(row))
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in FILES:
        path = out / f"{spec.stem}.toml"
        path.write_text(file_text(spec, cards[spec.stem], disabled[spec.stem]), encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("table", nargs="?", default=DEFAULT_TABLE,
                        help=f"the card table (default {DEFAULT_TABLE}, from the repository root)")
    parser.add_argument("--out", default=DEFAULT_OUT, help=f"the card folder to write (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    table, out = ROOT / args.table, ROOT / args.out  # an absolute path stays itself
    if not table.is_file():
        print(f"{table}: no such card table", file=sys.stderr)
        return 2
    written = convert(table, out)
    try:  # what the converter writes, the game must read: validate it as the engine will
        pool = load_pool(out)
    except InputError as exc:
        print(f"the converted files do not load:\n{exc}", file=sys.stderr)
        return 1
    print(f"wrote {len(written)} files, {len(pool)} cards, into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
