"""`sim cards RULESET --to DIR` (a copy of a game's shipped card folder to edit) and `sim run SPEC
--cards DIR` (the spec played with that folder): what they print in both languages, what they
refuse (exit 2, nothing written), what the manifest records, and how an edited card folder meets
the run's identity and resume checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.cli import main
from sim.core.ruleset import get_ruleset

from small_runs import tree_bytes, write_spec

SHIPPED = get_ruleset("dicedraft").cards_dir
CI_04 = 'id = "CI-04"\nname = "Ciempiés de Casa"\nkind = "personaje"\ncost = 5\n'


def edit_ci04_cost(folder: Path, cost: int = 6) -> None:
    """CI-04 Ciempiés de Casa's cost 5 -> `cost` in a copied folder, as a designer would edit it."""
    path = folder / "ciempies.toml"
    text = path.read_text(encoding="utf-8")
    assert CI_04 in text
    path.write_text(text.replace(CI_04, CI_04.replace("cost = 5", f"cost = {cost}")), encoding="utf-8")


def run(spec: Path, results: Path, *extra: str) -> int:
    return main(["run", str(spec), "--results", str(results), "--executor", "serial", *extra])


def test_cards_copies_the_shipped_folder_and_says_how_to_play_it(tmp_path: Path, capsys) -> None:
    assert main(["cards", "dicedraft", "--to", str(tmp_path / "mis_cartas")]) == 0
    out = capsys.readouterr().out
    assert tree_bytes(tmp_path / "mis_cartas") == tree_bytes(SHIPPED)
    assert "Copiados 3 ficheros de cartas de dicedraft" in out and "aranas.toml, ciempies.toml, dados.toml" in out
    assert f"sim run SPEC --cards {tmp_path / 'mis_cartas'}" in out
    assert f'cards_dir = "{(tmp_path / "mis_cartas").resolve()}"' in out
    empty = tmp_path / "empty"
    empty.mkdir()  # an empty folder is as good as a new one
    assert main(["cards", "dicedraft", "--to", str(empty), "--lang", "en"]) == 0
    assert "Copied 3 card files of dicedraft" in capsys.readouterr().out


def test_a_game_reading_decks_beside_its_cards_gets_them_copied_too(tmp_path: Path, capsys) -> None:
    shipped = get_ruleset("rolplay").cards_dir
    assert main(["cards", "rolplay", "--to", str(tmp_path / "rp"), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert tree_bytes(tmp_path / "rp" / "cards") == tree_bytes(shipped)
    assert tree_bytes(tmp_path / "rp" / "decks") == tree_bytes(shipped.parent / "decks")
    assert f"--cards {tmp_path / 'rp' / 'cards'}" in out and "decks beside them" in out
    # and the copy holds every shipped deck as a faction
    assert get_ruleset("rolplay").list_factions(tmp_path / "rp" / "cards") == get_ruleset("rolplay").list_factions(shipped)


@pytest.mark.parametrize("lang, words", [("en", "exists and is not an empty folder"),
                                         ("es", "existe y no es una carpeta vacía")])
def test_cards_refuses_a_folder_that_is_not_empty(tmp_path: Path, capsys, lang: str, words: str) -> None:
    target = tmp_path / "mis_cartas"
    target.mkdir()
    (target / "notas.txt").write_text("mis notas", encoding="utf-8")
    before = tree_bytes(tmp_path)
    assert main(["cards", "dicedraft", "--to", str(target), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert f"--to: {target} " in err and words in err
    assert tree_bytes(tmp_path) == before


def test_cards_refuses_a_file_a_missing_parent_the_shipped_folder_and_an_unknown_game(tmp_path: Path, capsys) -> None:
    (tmp_path / "a_file").write_text("x", encoding="utf-8")
    before = tree_bytes(tmp_path)
    shipped_before = tree_bytes(SHIPPED)
    for args, words in ((["dicedraft", "--to", str(tmp_path / "a_file")], "exists and is not an empty folder"),
                        (["dicedraft", "--to", str(tmp_path / "no" / "such")], f"the folder {tmp_path / 'no'} does not exist"),
                        (["dicedraft", "--to", str(SHIPPED / "copy")], "inside the game's shipped card folder"),
                        (["dicedraft", "--to", str(SHIPPED.parent)], "inside the game's shipped card folder"),
                        (["nogame", "--to", str(tmp_path / "x")], "RULESET: ruleset: unknown ruleset 'nogame'")):
        assert main(["cards", *args, "--lang", "en"]) == 2, args
        assert words in capsys.readouterr().err, args
    assert tree_bytes(tmp_path) == before and tree_bytes(SHIPPED) == shipped_before


def test_run_with_cards_plays_them_and_its_manifest_records_the_folder(tmp_path: Path) -> None:
    results = tmp_path / "results"
    spec = write_spec(tmp_path, name="dd", games=200, seed=5)
    assert main(["cards", "dicedraft", "--to", str(tmp_path / "same")]) == 0
    assert main(["cards", "dicedraft", "--to", str(tmp_path / "mis_cartas")]) == 0
    edit_ci04_cost(tmp_path / "mis_cartas")
    assert run(spec, results) == 0
    assert run(spec, results, "--cards", str(tmp_path / "same"), "--run", "same") == 0
    assert run(spec, results, "--cards", str(tmp_path / "mis_cartas"), "--run", "mine") == 0
    manifests = {name: json.loads((results / name / "manifest.json").read_text(encoding="utf-8"))
                 for name in ("dd", "same", "mine")}
    assert manifests["dd"]["spec"]["cards_dir"] is None
    assert manifests["mine"]["spec"]["cards_dir"] == str((tmp_path / "mis_cartas").resolve())
    cards = {name: m["configs"]["base"]["hashes"]["cards"] for name, m in manifests.items()}
    assert cards["same"] == cards["dd"] != cards["mine"]  # an unchanged copy is the shipped cards; the edit is not
    # side B's pool is what changed: side A's (aranas) hash is the same
    assert cards["mine"].split("+")[0] == cards["dd"].split("+")[0]


def test_a_changed_card_folder_is_refused_as_another_run_and_results_stay(tmp_path: Path, capsys) -> None:
    results = tmp_path / "results"
    spec = write_spec(tmp_path, name="dd", games=200, seed=5)
    assert main(["cards", "dicedraft", "--to", str(tmp_path / "mis_cartas")]) == 0
    assert run(spec, results) == 0
    edit_ci04_cost(tmp_path / "mis_cartas")
    capsys.readouterr()
    before = tree_bytes(results)
    # forgetting --run: the spec's own run folder holds the shipped cards' run
    assert run(spec, results, "--cards", str(tmp_path / "mis_cartas")) == 2
    err = capsys.readouterr().err
    assert f"{results / 'dd'}: holds a different experiment" in err and "cards_dir: None -> " in err
    assert "are not the ones this run was played with" in err and "another --run NAME" in err
    assert tree_bytes(results) == before
    # a run on the folder, then the folder edited again: resuming it is refused, not mixed
    assert run(spec, results, "--cards", str(tmp_path / "mis_cartas"), "--run", "mine") == 0
    path = tmp_path / "mis_cartas" / "ciempies.toml"
    edited = CI_04.replace("cost = 5", "cost = 6")
    path.write_text(path.read_text(encoding="utf-8").replace(edited, edited.replace("cost = 6", "cost = 7")),
                    encoding="utf-8")
    capsys.readouterr()
    before = tree_bytes(results)
    assert run(spec, results, "--cards", str(tmp_path / "mis_cartas"), "--run", "mine") == 2
    err = capsys.readouterr().err
    assert f"{results / 'mine'}: holds a different experiment" in err and "config base: cards hash" in err
    assert f"the card files, {(tmp_path / 'mis_cartas').resolve()}, are not the ones" in err
    assert tree_bytes(results) == before


def test_a_bad_cards_flag_names_it_and_touches_nothing(tmp_path: Path, capsys) -> None:
    results = tmp_path / "results"
    spec = write_spec(tmp_path, name="dd", games=200, seed=5)
    (tmp_path / "a_file").write_text("x", encoding="utf-8")
    assert main(["cards", "dicedraft", "--to", str(tmp_path / "broken")]) == 0
    path = tmp_path / "broken" / "ciempies.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(CI_04, CI_04.replace("cost = 5", 'cost = "cinco"')),
                    encoding="utf-8")
    capsys.readouterr()
    for folder, words in ((tmp_path / "nowhere", f"--cards: {tmp_path / 'nowhere'} does not exist"),
                          (tmp_path / "a_file", f"--cards: {tmp_path / 'a_file'} is a file"),
                          (tmp_path / "empty", "no faction 'aranas'"),
                          (tmp_path / "broken", "ciempies.toml")):
        if folder.name == "empty":
            folder.mkdir()
        assert run(spec, results, "--cards", str(folder)) == 2, folder
        err = capsys.readouterr().err
        assert words in err, (folder, err)
    assert not results.exists()
