"""`sim replay --lang es` is Spanish from its first line to its last, and `--lang en` English, in every
game: each line is checked against the words only the other language's catalog holds (the game's
trace wording and the replay's lines in sim.report.language). The sides are named as their card or
deck files name them ("A:Arañas", "Japón", "Carga de criaturas"), never by their file ids."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from sim.cli import main
from sim.core.ruleset import get_ruleset
from sim.report.language import LANGUAGES, TEXT, t

# each game's two sides, and the faction ids a person should never read in the replay
MATCHES = {
    "dicedraft": ("aranas", "ciempies"),
    "fortaleza": ("china", "japon"),
    "rolplay": ("carga_25", "misticos_25"),
    "epikha": ("empiria", "abaron"),
}
WORD = re.compile(r"[^\W\d_]+")


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}


def catalog_words(game: str, lang: str) -> set[str]:
    """Every word the replay can print in `lang`: the game's trace wording (each table of its trace
    module kept per language), the replay's texts of the catalog and the end reasons' (the game's
    end_words and the catalog's)."""
    trace = importlib.import_module(f"sim.rulesets.{game}.trace")
    texts: list[str] = []

    def collect(value: object) -> None:
        if isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, str):
            texts.append(value)

    for table in vars(trace).values():
        if isinstance(table, dict) and set(table) == set(LANGUAGES):
            collect(table[lang])
    texts += [entry[lang] for key, entry in TEXT.items() if key.startswith(("replay_", "end_"))]
    texts += [pair[LANGUAGES.index(lang)] for pair in get_ruleset(game).end_words.values()]
    return set().union(*(words(text) for text in texts))


def spec_text(game: str, cards_dir: str = "") -> str:
    a, b = MATCHES[game]
    top = f'cards_dir = "{cards_dir}"\n' if cards_dir else ""
    return (f'name = "{game}"\nruleset = "{game}"\ngames = 4\nseed = 5\n{top}\n'
            f'[[side]]\nfaction = "{a}"\n\n[[side]]\nfaction = "{b}"\n')


def data_words(game: str, cards_dir: Path) -> set[str]:
    """Words the data spells alike in both languages: card names, the sides' names, the run's name."""
    ruleset = get_ruleset(game)
    pools = [ruleset.load_cards(faction, cards_dir) for faction in MATCHES[game]]
    return set().union(*(words(name) for pool in pools for name in [*pool.names, pool.label]), words(game))


def replay_lines(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    capsys.readouterr()
    assert main(argv) in (0, 1)  # 1: the replay differs from the stored record, said in the same language
    captured = capsys.readouterr()
    return [line for line in (captured.err + captured.out).splitlines() if line.strip()]


def assert_one_language(lines: list[str], lang: str, game: str, known: set[str]) -> None:
    other = next(x for x in LANGUAGES if x != lang)
    foreign = catalog_words(game, other) - catalog_words(game, lang) - known
    wrong = [(line, sorted(words(line) & foreign)) for line in lines if words(line) & foreign]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("game", list(MATCHES))
def test_replay_speaks_one_language_and_names_the_sides_by_their_display_names(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_text(spec_text(game), encoding="utf-8")
    results = tmp_path / "results"
    assert main(["run", str(spec), "--results", str(results), "--executor", "threads"]) == 0
    ruleset = get_ruleset(game)
    known = data_words(game, ruleset.cards_dir)
    names = [ruleset.load_cards(faction, ruleset.cards_dir).label for faction in MATCHES[game]]
    for lang in LANGUAGES:
        lines = replay_lines(["replay", game, "--game", "1", "--lang", lang, "--results", str(results)],
                             capsys)
        assert len(lines) > 5, lines
        assert_one_language(lines, lang, game, known)
        # it does speak `lang`: the heading, and the check against the stored record at the end
        assert lines[0].startswith(t("replay_header", lang, game=1, unit=1, stage=0, run="", first="", turns="",
                                     result="", end="").split(" (")[0] + " (")
        assert lines[-1].startswith(t("replay_matches", lang, result="", turns="").split(" (")[0] + " (")
        text = "\n".join(lines)
        assert f"A:{names[0]}" in text and f"B:{names[1]}" in text  # a spec without labels: "A:" and the name
        for faction in MATCHES[game]:
            assert not re.search(rf"(?<![\w/]){re.escape(faction)}(?![\w/])", text), faction


def test_a_replay_of_changed_cards_warns_in_its_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The warning (the cards changed since the run) and a replay that differs are said in --lang too."""
    cards = tmp_path / "cards"
    cards.mkdir()
    for path in get_ruleset("dicedraft").cards_dir.glob("*.toml"):
        (cards / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    spec = tmp_path / "spec.toml"
    spec.write_text(spec_text("dicedraft", "cards"), encoding="utf-8")
    results = tmp_path / "results"
    assert main(["run", str(spec), "--results", str(results), "--executor", "threads"]) == 0
    text = (cards / "ciempies.toml").read_text(encoding="utf-8")
    (cards / "ciempies.toml").write_text(re.sub(r"atq = \d+", "atq = 1", text), encoding="utf-8")
    known = data_words("dicedraft", cards)
    for lang in LANGUAGES:
        lines = replay_lines(["replay", "dicedraft", "--game", "1", "--lang", lang, "--results", str(results)],
                             capsys)
        assert f"{t('replay_warning', lang)}: {t('replay_changed', lang)}" in lines
        assert_one_language(lines, lang, "dicedraft", known)
