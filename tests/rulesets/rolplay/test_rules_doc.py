"""rules.md against the code: every rule R-01 to R-20 restated with its code, the open points decided,
every number in the parameter table, every backticked code pointer real, and the ruleset registered
(tests/rulesets/test_contract.py then checks it like every game)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import sim.rulesets.rolplay as package
from sim.core.decks import list_decks
from sim.core.ruleset import RULESET_IDS
from sim.rulesets.rolplay.decks import DECKS_DIR, DeckRules
from tests.rulesets.rolplay.conftest import PACKAGE_DIR
from tests.rulesets.rolplay.test_converter import converter_module
from tests.rulesets.test_contract import code_pointers, pointer_resolves

RULES_MD = PACKAGE_DIR / "rules.md"
TEXT = RULES_MD.read_text(encoding="utf-8")
TESTS_DIR = Path(__file__).resolve().parent


def rule_paragraphs() -> dict[str, str]:
    parts = re.split(r"\n(?=\*\*R-\d\d )", TEXT.split("## Rules", 1)[1].split("\n## ", 1)[0])
    return {p[2:6]: p for p in parts if p.startswith("**R-")}


def section(title: str) -> str:
    return TEXT.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_r01_to_r20_every_rule_is_restated_with_its_source_and_code() -> None:
    paragraphs = rule_paragraphs()
    assert sorted(paragraphs) == [f"R-{n:02d}" for n in range(1, 21)]
    for rule, text in paragraphs.items():
        assert "**Code:**" in text, rule
        assert "Manual" in text or "RULES.md" in text, f"{rule} cites no source"


def test_the_open_points_of_rules_md_are_decided() -> None:
    paragraphs = rule_paragraphs()
    assert "Decision (modes):" in paragraphs["R-14"]  # how and when a creature's mode is chosen
    assert "Decision (who defends):" in paragraphs["R-13"]  # who picks the defender
    assert "replace_cost_factor" in paragraphs["R-09"]  # the replacement cost
    assert "turn_cap" in paragraphs["R-04"] and "score" in paragraphs["R-04"]  # 40 minutes, then the score


def test_the_parameter_table_gives_every_number_its_default_and_rule() -> None:
    rows = [line.split("|")[1:-1] for line in section("Parameters").splitlines() if line.startswith("| `")]
    assert len(rows) >= 25
    table = {}
    for cells in rows:
        assert len(cells) == 5, cells
        name, default, rule = (c.strip() for c in cells[:3])
        assert re.search(r"R-\d\d", rule), name
        assert default, name
        table[name] = default
    rules = DeckRules()
    assert table["`deck_size`"] == str(rules.deck_size) == "60"
    assert table["`min_powers`, `max_powers`"] == f"{rules.min_powers}, {rules.max_powers}" == "7, 40"
    assert table["`tiers`"] == ", ".join(map(str, rules.tiers)) == "25, 50"
    assert table["`copy_limits`"] == f'"{rules.copy_limits}"'
    for number in ("100", "200", "7"):  # life, power points, hand and places: the manual's numbers
        assert any(default.startswith(number) for default in table.values()), number


def test_the_version_history_names_the_engine_version() -> None:
    from sim.rulesets.rolplay.engine import RULESET
    history = section("Version history")
    assert f"\n- {RULESET.version}: " in history and "the game is played" in history


def test_the_doubtful_cards_are_each_listed_with_their_decision() -> None:
    doubtful = section("The doubtful cards, decided")
    for number in converter_module().DECIDED:
        assert f"RP-{int(number):03d}" in doubtful, number
    assert "RP-117" in doubtful and "RP-077" in doubtful and "RP-098" in doubtful


def test_the_card_files_and_decks_rules_md_names_are_the_shipped_ones(pool) -> None:
    counts = Counter(path.name for path in pool.home.values())
    named = {f"{stem}.toml": int(n) for stem, n in re.findall(r"`cards/(\w+)\.toml`\s+\((?:the )?(\d+)", TEXT)}
    assert named == dict(counts)
    decks = set(re.findall(r"`decks/(\w+)\.toml`", section("Decks")))
    assert decks == set(list_decks(DECKS_DIR))


def test_every_backticked_code_pointer_of_rules_md_is_real() -> None:
    # the contract's reader, as for every registered game
    pointers = code_pointers(TEXT)
    assert len(pointers) >= 20, sorted(pointers)
    stale = sorted(p for p in pointers if not pointer_resolves(p, PACKAGE_DIR, TESTS_DIR))
    assert not stale, f"{RULES_MD} points at code that is not there: {stale} (mark it 'not built yet', unquoted)"


def test_every_rule_test_of_this_folder_names_a_rule_of_rules_md() -> None:
    tests = "\n".join(p.read_text(encoding="utf-8") for p in TESTS_DIR.glob("test_*.py"))
    cited = {f"R-{n}" for n in re.findall(r"def test_r(\d\d)_", tests)}
    assert cited and cited <= set(rule_paragraphs())


def test_the_ruleset_is_registered_and_the_contract_test_covers_it() -> None:
    assert "rolplay" in RULESET_IDS and hasattr(package, "RULESET")
