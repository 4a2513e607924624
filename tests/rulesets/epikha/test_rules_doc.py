"""rules.md against the source and the code: every rule E-01 to E-19 restated with its source and
code, the completion E-20 to E-35 marked invented with a reason, every number in the parameter
table, every backticked code pointer real, and the ruleset registered with its engine."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import sim.rulesets.epikha as package
from sim.core.decks import list_decks
from sim.core.ruleset import RULESET_IDS
from sim.rulesets.epikha.cards import SPECIAL_RULES, VERBS
from sim.rulesets.epikha.decks import DECKS_DIR, DeckRules
from tests.rulesets.epikha.conftest import PACKAGE_DIR, SEED, needs_seed
from tests.rulesets.test_contract import code_pointers, pointer_resolves

RULES_MD = PACKAGE_DIR / "rules.md"
TEXT = RULES_MD.read_text(encoding="utf-8")
TESTS_DIR = Path(__file__).resolve().parent
SOURCE_RULES = [f"E-{n:02d}" for n in range(1, 20)]
INVENTED_RULES = [f"E-{n:02d}" for n in range(20, 36)]


def section(title: str) -> str:
    return TEXT.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def paragraphs(title: str) -> dict[str, str]:
    parts = re.split(r"\n(?=\*\*E-\d\d )", section(title))
    return {p[2:6]: p for p in parts if p.startswith("**E-")}


def test_e01_to_e19_every_source_rule_is_restated_with_its_source_and_code() -> None:
    rules = paragraphs("Rules")
    assert list(rules) == SOURCE_RULES
    for rule, text in rules.items():
        assert "**Code:**" in text, rule
        assert "Source," in text or "RULES.md" in text, f"{rule} cites no source"
        assert "**Invented**" not in text, f"{rule} is the source's, not invented"


def test_e20_to_e35_every_completion_rule_is_marked_invented_with_its_reason_and_code() -> None:
    rules = paragraphs("Completion (invented rules)")
    assert list(rules) == INVENTED_RULES
    for rule, text in rules.items():
        assert "**Invented**" in text and "**Code:**" in text, rule
        assert re.search(r"\*\*Invented\*\*[^.]*\(|Why|as in fortaleza|in part", text), f"{rule} gives no reason"


def test_every_rule_id_appears_once_as_a_rule_and_in_the_code_table() -> None:
    heads = Counter(re.findall(r"^\*\*(E-\d\d) ", TEXT, flags=re.M))
    assert sorted(heads) == SOURCE_RULES + INVENTED_RULES and set(heads.values()) == {1}
    table = re.findall(r"^\| (E-\d\d) ", section("Code"), flags=re.M)
    assert table == SOURCE_RULES + INVENTED_RULES


def test_the_open_points_of_rules_md_are_decided() -> None:
    rules = {**paragraphs("Rules"), **paragraphs("Completion (invented rules)")}
    for rule in ("E-01", "E-02", "E-03", "E-04", "E-05", "E-07", "E-11", "E-13", "E-14", "E-15", "E-16", "E-17"):
        assert "**Decision:**" in rules[rule], rule
    # RULES.md's open points, each a rule of the completion
    topics = {"E-20": "zones", "E-21": "paying", "E-27": "combat", "E-26": "blocking", "E-28": "regroup",
              "E-33": "deck-out", "E-34": "victory", "E-22": "windows"}
    for rule, word in topics.items():
        assert word in rules[rule].split("**Invented**")[0].lower(), (rule, word)


@needs_seed
def test_the_source_section_titles_quoted_are_the_spanish_texts() -> None:
    source = SEED.read_text(encoding="utf-8")
    flat = " ".join(source.split())
    titles = re.findall(r'Source, "([^"]+)"', TEXT)
    assert set(titles) == {"Hechizos y Hechizos Continuos", "El Nivel en los Hechizos",
                           "Jugar hechizos con Vital de personajes", "Maquinas"}
    for title in titles:
        assert title in flat, title


@needs_seed
def test_e03_e04_e10_the_source_numbers_are_the_rules_numbers() -> None:
    flat = " ".join(SEED.read_text(encoding="utf-8").split())
    assert "pueden pagar 5 puntos de Vital para elevar en 1 el Nivel" in flat
    assert "hasta un maximo de Nivel 10" in flat
    assert "(15-5=10)" in flat and "(15-5=10)" in TEXT
    rules = paragraphs("Rules")
    assert "`raise_cost` = 5" in rules["E-04"] and "`max_spell_level` =\n10" in rules["E-04"]
    assert "(1) the spell of higher level resolves first; (2) the owner of the active\nturn" in rules["E-03"]


def parameter_table() -> dict[str, str]:
    rows = [line.split("|")[1:-1] for line in section("Parameters").splitlines() if line.startswith("| `")]
    table = {}
    for cells in rows:
        assert len(cells) == 5, cells
        name, default, rule, origin, code = (c.strip() for c in cells)
        assert re.search(r"E-\d\d", rule), name
        assert default and code, name
        assert origin.split()[0] in ("source", "decision", "invented"), name
        table[name.strip("`")] = default
    return table


def test_the_parameter_table_gives_every_number_its_default_rule_and_origin() -> None:
    table = parameter_table()
    assert len(table) >= 25
    rules = DeckRules()
    for name in DeckRules.model_fields:
        assert table[name] == str(getattr(rules, name)).lower(), name
    assert (table["deck_size"], table["copy_limit"], table["raise_cost"], table["max_spell_level"],
            table["opening_hand"], table["mulligans"]) == ("50", "4", "5", "10", "7", "1")


def test_every_parameter_named_in_a_rule_is_in_the_table() -> None:
    table = parameter_table()
    named = set(re.findall(r"`(\w+)` = ", section("Rules") + section("Completion (invented rules)")))
    assert named and named <= set(table), sorted(named - set(table))


def test_the_vocabulary_tables_are_the_codes() -> None:
    verbs = set(re.findall(r"^\| `(\w+)`(?:, `(\w+)`)?", section("The effect vocabulary (rule E-31)"), flags=re.M))
    assert {v for pair in verbs for v in pair if v} == set(VERBS)
    rules = set(re.findall(r"^\| `(\w+)` ", section("The special rules (rule E-30)"), flags=re.M))
    assert rules == set(SPECIAL_RULES)


def test_the_version_history_ends_at_the_engines_version() -> None:
    history = section("Version history")
    assert "- 0.1.0: cards and decks; no game yet." in history
    assert f"- {package.RULESET.version}: the engine" in history
    assert f"Version {package.RULESET.version}:" in TEXT


def test_the_card_files_and_decks_rules_md_names_are_the_shipped_ones(pool) -> None:
    counts = Counter(path.name for path in pool.home.values())
    named = {f"{stem}.toml": int(n) for stem, n in re.findall(r"`cards/(\w+)\.toml` \((\d+) cards\)", TEXT)}
    assert named == dict(counts)
    assert set(re.findall(r"`decks/(\w+)\.toml`", section("Decks"))) == set(list_decks(DECKS_DIR))


def test_the_card_designs_are_said_to_be_invented() -> None:
    designs = section("Card designs")
    assert "is **invented**" in designs and "Mago Ika" in designs and "Bola de fuego" in designs


def test_every_backticked_code_pointer_of_rules_md_is_real() -> None:
    # the contract's reader, as for every registered game
    pointers = code_pointers(TEXT)
    assert len(pointers) >= 20, sorted(pointers)
    stale = sorted(p for p in pointers if not pointer_resolves(p, PACKAGE_DIR, TESTS_DIR))
    assert not stale, f"{RULES_MD} points at code that is not there: {stale} (mark it 'not built yet', unquoted)"


def test_every_unbuilt_file_rules_md_names_is_marked_not_built_yet() -> None:
    # a paragraph (or a table row) that names a file of the engine to come says it is not built yet;
    # the code table's rows have a column for it instead
    blocks = TEXT.split("\n\n")
    pieces = [row for b in blocks for row in (b.splitlines() if b.startswith("|") else [" ".join(b.split())])]
    for piece in pieces:
        for name in re.findall(r"(?<![`/\w])(\w+\.py)(?!`)", piece):
            if not (PACKAGE_DIR / name).exists() and not piece.startswith("| E-"):
                assert "not built yet" in piece[piece.index(name):], (name, piece)


def test_every_rule_test_of_this_folder_names_a_rule_of_rules_md() -> None:
    tests = "\n".join(p.read_text(encoding="utf-8") for p in TESTS_DIR.glob("test_*.py"))
    cited = {f"E-{n}" for n in re.findall(r"def test_e(\d\d)_", tests)}
    cited |= {f"E-{n}" for n in re.findall(r"def test_e\d\d_e(\d\d)_", tests)}
    assert cited and cited <= set(SOURCE_RULES + INVENTED_RULES)


def test_the_ruleset_is_registered_with_its_engine() -> None:
    assert "epikha" in RULESET_IDS
    assert package.RULESET.name == "epikha"


def test_every_parameter_of_the_engine_is_in_the_table() -> None:
    from sim.rulesets.epikha.params import EpikhaParams

    table = parameter_table()
    for name, info in EpikhaParams.model_fields.items():
        if name != "debug_checks":
            assert name in table, name
            default = info.default
            shown = ", ".join(default) if isinstance(default, list) else str(default).lower()
            assert table[name] == shown, (name, table[name], shown)
