"""Every registered game exports (issue 33): a small run of each game's shipped factions (or decks)
spec goes through `sim show` and `sim report` in HTML, CSV and Parquet, in both languages, and a
game whose sides are deck lists shows its decks with the card classes in the report's language. A
new game joins by registering and shipping its spec, not by writing a test."""

from __future__ import annotations

import tomllib
from pathlib import Path

import polars as pl
import pytest

from sim.cli import main
from sim.core.limits import RULESET_IDS
from sim.core.ruleset import get_ruleset
from sim.report.export import deck_lists_table

ROOT = Path(__file__).resolve().parents[2]


def showcase_spec(ruleset: str) -> Path:
    """The game's shipped spec of its factions or decks against each other."""
    for path in sorted((ROOT / "experiments").glob(f"{ruleset}_*.toml")):
        spec = tomllib.loads(path.read_text(encoding="utf-8"))
        if spec.get("ruleset") == ruleset and path.stem in (f"{ruleset}_factions", f"{ruleset}_decks"):
            return path
    raise AssertionError(f"{ruleset} ships no experiments/{ruleset}_factions.toml (or _decks.toml)")


@pytest.fixture(scope="module", params=RULESET_IDS)
def game_run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    ruleset = request.param
    results = tmp_path_factory.mktemp(f"{ruleset}-results")
    spec = showcase_spec(ruleset)
    assert main(["run", str(spec), "--games", "40", "--results", str(results), "--executor", "serial"]) == 0
    return ruleset, results / tomllib.loads(spec.read_text(encoding="utf-8"))["name"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_game_shows_and_exports(game_run: tuple[str, Path], lang: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    ruleset, run_dir = game_run
    assert main(["show", str(run_dir)]) == 0
    out = tmp_path / "report"
    assert main(["report", str(run_dir), "--format", "html,csv,parquet", "--lang", lang, "--out", str(out)]) == 0
    page = (out / f"{run_dir.name}.html").read_text(encoding="utf-8")
    assert "Traceback" not in page and "KeyError" not in page
    assert list(out.glob("*.csv")) and list(out.glob("*.parquet"))
    words = get_ruleset(ruleset).card_class_words
    if words:  # a game of deck lists: its decks are in the report, classes in the report's language
        decks = pl.read_csv(next(out.glob("*.deck_lists.csv")))
        assert decks.height > 0 and set(decks["card_class"]) <= set(words)
        shown = {pair[0 if lang == "es" else 1] for pair in words.values()}
        assert any(f">{word}<" in page for word in shown), f"no card class of {ruleset} in {lang} words"


def test_a_deck_list_table_keeps_only_the_fields_the_game_has() -> None:
    """Epikha's deck lists hold id, name, copies, class and cost; rolplay's also level, atq and def."""
    epikha = {"configs": {"base": {"sides": [{"faction": "empiria", "deck_list": [
        {"id": "EM-01", "name": "Soldado", "copies": 3, "class": "character", "cost": 4}]}]}}}
    table = deck_lists_table(epikha)
    assert table.columns == ["faction", "card_id", "card_name", "copies", "card_class", "cost"]
    assert table.row(0) == ("empiria", "EM-01", "Soldado", 3, "character", 4)
    rolplay = {"configs": {"base": {"sides": [{"faction": "carga_25", "deck_list": [
        {"id": "C001", "name": "Orco", "copies": 2, "class": "creature", "level": 3, "cost": 2, "atq": 3, "def": 2}]}]}}}
    assert deck_lists_table(rolplay).columns == ["faction", "card_id", "card_name", "copies", "card_class", "card_level",
                                                 "cost", "atq", "def"]
