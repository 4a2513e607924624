"""A hand-edited card file the card model refuses, under `sim run --cards DIR --lang es|en`: one
value per field kind (a number out of its bounds, a number in quotes, a keyword flag, one of the
model's words, a list of words, a card rule across fields, a field the model has not, a field left
out), each said in the chosen language and naming the file, the card and the field; exit code 2
and no run folder written. English keeps the words `sim run` always printed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sim.cli import main
from sim.core.ruleset import get_ruleset

ROOT = Path(__file__).resolve().parents[2]
SPECS = {"dicedraft": ROOT / "experiments" / "dicedraft_factions.toml",
         "fortaleza": ROOT / "experiments" / "fortaleza_factions.toml"}

# (game, file, card, its line to replace, the replacement, field, Spanish reason, English reason)
REFUSED = [
    ("dicedraft", "ciempies.toml", "CI-04", "cost = 5", "cost = -1", "cost",
     "debe ser 0 o más (se leyó -1)", "Input should be greater than or equal to 0 (got -1)"),
    ("dicedraft", "ciempies.toml", "CI-04", "cost = 5", 'cost = "5"', "cost",
     'debe ser un número entero, sin comillas (se leyó "5")', 'Input should be a valid integer (got "5")'),
    ("dicedraft", "ciempies.toml", "CI-04", "cost = 5", 'cost = 5\ndouble_block = "yes"', "double_block",
     'debe ser true o false, sin comillas (se leyó "yes")', 'Input should be a valid boolean (got "yes")'),
    ("dicedraft", "dados.toml", "DA-4", 'boost = "atq"', 'boost = "vida"', "boost",
     "debe ser 'atq', 'def' o ''", "Input should be 'atq', 'def' or ''"),
    ("fortaleza", "japon.toml", "JP-018", 'keywords = ["arrollar", "unico"]', 'keywords = ["arrollar", "volar"]',
     "keywords[2]", "debe ser", "Input should be"),
    ("dicedraft", "ciempies.toml", "CI-04", "def = 3", "def = 0", "(card)",  # rule D-03: a personaje defends
     "un personaje necesita def de 1 o más", "a personaje needs def of at least 1"),
    ("dicedraft", "ciempies.toml", "CI-04", "cost = 5", "cost = 5\nvida = 3", "vida",
     "no es un campo de estas cartas", "Extra inputs are not permitted (got 3)"),
    ("dicedraft", "ciempies.toml", "CI-04", "cost = 5\n", "", "cost", "falta este campo", "Field required"),
]


def edited_cards(folder: Path, game: str, file: str, card: str, old: str, new: str) -> Path:
    """A copy of the game's shipped cards with `old` replaced by `new` in `card`'s table of `file`."""
    cards = folder / "cards"
    shutil.copytree(get_ruleset(game).cards_dir, cards)
    text = (cards / file).read_text(encoding="utf-8")
    start = text.index(f'id = "{card}"')
    at = text.index(old, start)
    (cards / file).write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return cards


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game, file, card, old, new, field, spanish, english", REFUSED,
                         ids=["range", "quoted-number", "flag", "word", "words", "card-rule", "unknown-field", "missing"])
def test_a_refused_card_file_is_said_in_the_chosen_language(tmp_path: Path, capsys: pytest.CaptureFixture, lang: str,
                                                            game: str, file: str, card: str, old: str, new: str,
                                                            field: str, spanish: str, english: str) -> None:
    cards = edited_cards(tmp_path, game, file, card, old, new)
    results = tmp_path / "results"
    code = main(["run", str(SPECS[game]), "--cards", str(cards), "--games", "2", "--results", str(results),
                 "--lang", lang])
    said = capsys.readouterr().err
    assert code == 2
    assert not results.exists()  # nothing written
    if lang == "es":
        assert f"{cards / file}: carta {card}: campo '{field}': {spanish}" in said, said
        assert "field '" not in said and "Input should" not in said and f"card {card}" not in said
    else:
        assert f"{cards / file}: card {card}: field '{field}': " in said and english in said, said
