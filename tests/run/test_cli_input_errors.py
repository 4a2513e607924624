"""Invariant 4: bad input gets a message naming the place, exit code 2, and results/ as it was.

Every case runs against a results folder already holding a run of the same name, with
--overwrite where it applies, so validating too late would visibly delete or change that run.
The cases come in the classes of issue 13: strict types (no value is coerced), names (a faction,
ruleset, card id or run name is one that exists, never a path), and filesystem faults (a folder
where a file should be, a full or read-only disk: a message with the path, not a traceback)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from sim.cli import main
from sim.core.ruleset import get_ruleset

from small_runs import copy_cards, tree_bytes, write_spec


@pytest.fixture(scope="module")
def populated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results folder with a finished run "small" in it."""
    root = tmp_path_factory.mktemp("populated")
    spec = write_spec(root)
    assert main(["run", str(spec), "--results", str(root / "results"), "--chunk-size", "1000",
                 "--executor", "serial"]) == 0
    return root / "results"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().err


def spec_with(tmp_path: Path, replace: tuple[str, str] | None = None, **fields: str) -> Path:
    path = write_spec(tmp_path, **fields)
    if replace:
        path.write_text(path.read_text(encoding="utf-8").replace(*replace, 1), encoding="utf-8")
    return path


def bad_card_spec(tmp_path: Path, old: str, new: str) -> Path:
    cards = copy_cards(tmp_path)
    faction_file = cards / "aranas.toml"
    faction_file.write_text(faction_file.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    return write_spec(tmp_path, top='cards_dir = "cards"')


SPEC_CASES = {
    "toml_syntax": (lambda d: spec_with(d, replace=("games = 2000", "games = = 2000")), ["spec.toml", "not valid TOML"]),
    "unknown_spec_field": (lambda d: spec_with(d, top="gmaes = 10"), ["spec.toml", "gmaes"]),
    "bad_side_field": (lambda d: spec_with(d, side_a='agent = "smart"'), ["spec.toml", "side[1].agent"]),
    "unknown_side_field": (lambda d: spec_with(d, side_a="budjet = 120"), ["spec.toml", "side[1].budjet"]),
    "bad_games_value": (lambda d: spec_with(d, replace=("games = 2000", "games = -5")), ["spec.toml", "games"]),
    "unknown_ruleset": (lambda d: spec_with(d, replace=('ruleset = "dicedraft"', 'ruleset = "poker"')),
                        ["spec.toml", "ruleset", "poker"]),
    "unknown_faction": (lambda d: spec_with(d, replace=('faction = "aranas"', 'faction = "hormigas"')),
                        ["spec.toml", "side[1].faction", "hormigas", "aranas, ciempies"]),
    "unknown_param": (lambda d: spec_with(d, top="[params]\nlives = 20"), ["spec.toml", "params", "lives"]),
    "bad_param_value": (lambda d: spec_with(d, top="[params]\nturn_cap = 0"), ["spec.toml", "params.turn_cap"]),
    "misspelt_card_field": (lambda d: bad_card_spec(d, "atq = 3", "atk = 3"), ["aranas.toml", "AR-01", "atk"]),
    "negative_card_cost": (lambda d: bad_card_spec(d, "cost = 3", "cost = -3"), ["aranas.toml", "AR-01", "cost"]),
    "spec_is_folder": (lambda d: d, [" is a folder"]),
    "spec_missing": (lambda d: d / "nope.toml", ["nope.toml", "not found"]),
}


@pytest.mark.parametrize("case", sorted(SPEC_CASES))
def test_bad_spec_or_cards_exit_2_and_leave_results(case: str, populated: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    make, words = SPEC_CASES[case]
    assert_refused(["run", str(make(tmp_path)), "--results", str(populated), "--overwrite"], words, populated, capsys)


ARG_CASES = {
    "games_zero": (["--games", "0"], ["--games", "at least 1"]),
    "games_not_a_number": (["--games", "many"], ["--games", "whole number"]),
    "seed_negative": (["--seed", "-1"], ["--seed", "at least 0"]),
    "seed_too_big": (["--seed", str(2**64)], ["--seed", "at most"]),
    "games_too_many": (["--games", "10_000_000_001"], ["--games", "at most"]),
    "chunk_size_zero": (["--chunk-size", "0"], ["--chunk-size", "at least 1"]),
    "unknown_executor": (["--executor", "spark"], ["--executor", "spark"]),
    "address_without_ray": (["--executor", "serial", "--address", "127.0.0.9:6379"], ["--address", "--executor ray"]),
    "run_name_escapes": (["--run", "../elsewhere"], ["--run", "../elsewhere"]),
    "run_name_empty": (["--run", ""], ["--run", "''", "not a usable run name"]),
    "address_empty": (["--address", ""], ["--address", "empty"]),
    "results_empty": (["--results", ""], ["--results", "empty"]),
    "games_empty": (["--games", ""], ["--games", "whole number"]),
    "games_true": (["--games", "true"], ["--games", "whole number", "'true'"]),
    "seed_fraction": (["--seed", "7.5"], ["--seed", "whole number", "'7.5'"]),
    "chunk_size_text": (["--chunk-size", "big"], ["--chunk-size", "whole number"]),
    "unknown_flag": (["--fast"], ["--fast"]),
}


@pytest.mark.parametrize("case", sorted(ARG_CASES))
def test_bad_run_arguments_exit_2_and_leave_results(case: str, populated: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    extra, words = ARG_CASES[case]
    spec = write_spec(tmp_path)
    assert_refused(["run", str(spec), "--results", str(populated), "--overwrite", *extra], words, populated, capsys)


def assert_refused(argv: list[str], words: list[str], populated: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit code 2, a message with every expected word and no traceback, results byte-identical."""
    before = tree_bytes(populated)
    code, err = run_cli(argv, capsys)
    assert code == 2, err
    for word in words:
        assert word in err, (word, err)
    assert "Traceback" not in err
    assert tree_bytes(populated) == before


@pytest.mark.parametrize(("argv", "words"), [
    (["show", "missing"], ["RUN", "missing"]),
    (["replay", "small", "--game", "2000"], ["--game", "0..1999"]),
    (["replay", "small", "--game", "-3"], ["--game"]),
    (["replay", "small"], ["--game"]),
    (["replay", "small", "--game", "1", "--lang", "fr"], ["--lang"]),
    (["replay", "small", "--game", "1", "--config", "other"], ["--config", "other"]),
    (["show", ""], ["RUN", "empty"]),
    (["replay", "", "--game", "1"], ["RUN", "empty"]),
    (["report", "small", "--format", "csv,csv"], ["--format", "csv", "more than once"]),
    (["report", "small", "--format", "doc"], ["--format", "doc", "html, csv, parquet"]),
    (["report", "small", "--format", ","], ["--format", "nothing given"]),
    (["report", "small", "--lang", "fr"], ["--lang", "fr"]),
    (["report", "small", "--out", ""], ["--out", "empty"]),
    (["dash", "--port", "0"], ["--port", "at least 1"]),
    (["dash", "--port", "70000"], ["--port", "at most 65,535"]),
    (["dash", "--port", "http"], ["--port", "whole number"]),
    (["dash", "--host", ""], ["--host", "empty"]),
])
def test_bad_show_and_replay_arguments(argv: list[str], words: list[str], populated: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    before = tree_bytes(populated)
    code, err = run_cli([*argv, "--results", str(populated)], capsys)
    assert code == 2, err
    for word in words:
        assert word in err, (word, err)
    assert tree_bytes(populated) == before


def test_console_script_exits_2_on_bad_input(populated: Path, tmp_path: Path) -> None:
    spec = spec_with(tmp_path, top="gmaes = 10")
    done = subprocess.run([sys.executable, "-m", "sim.cli", "run", str(spec), "--results", str(populated)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "gmaes" in done.stderr and "Traceback" not in done.stderr


# --- class 1: strict types. A value is taken as the file wrote it: "2000" is not a number, true is
# not 1, "no" is not false, and nan or inf never reaches a kernel or a manifest.

FORTALEZA_SPEC = """\
name = "small"
ruleset = "fortaleza"
games = 20
seed = 7
cards_dir = "cards"

[[side]]
faction = "china"

[[side]]
faction = "japon"
"""


def bad_fortaleza_card_spec(tmp_path: Path, old: str, new: str) -> Path:
    cards = tmp_path / "cards"
    shutil.copytree(get_ruleset("fortaleza").cards_dir, cards)
    china = cards / "china.toml"
    text = china.read_text(encoding="utf-8")
    assert old in text
    china.write_text(text.replace(old, new, 1), encoding="utf-8")
    path = tmp_path / "fortaleza.toml"
    path.write_text(FORTALEZA_SPEC, encoding="utf-8")
    return path


def sweep_spec(tmp_path: Path, axis: str) -> Path:
    return spec_with(tmp_path, top=f"[sweep]\n[[sweep.axis]]\n{axis}")


TYPE_CASES = {
    "games_true": (lambda d: spec_with(d, replace=("games = 2000", "games = true")),
                   ["spec.toml", "games:", "valid integer", "got true"]),
    "games_string": (lambda d: spec_with(d, replace=("games = 2000", 'games = "2000"')),
                     ["spec.toml", "games:", "valid integer", 'got "2000"']),
    "seed_string": (lambda d: spec_with(d, replace=("seed = 7", 'seed = "7"')), ["spec.toml", "seed:", 'got "7"']),
    "seed_float": (lambda d: spec_with(d, replace=("seed = 7", "seed = 7.0")), ["spec.toml", "seed:", "got 7.0"]),
    "budget_string": (lambda d: spec_with(d, side_a='budget = "120"'), ["spec.toml", "side[1].budget", 'got "120"']),
    "budget_true": (lambda d: spec_with(d, side_a="budget = true"), ["spec.toml", "side[1].budget", "got true"]),
    "turn_cap_string": (lambda d: spec_with(d, top='[params]\nturn_cap = "60"'),
                        ["spec.toml", "params.turn_cap", 'got "60"']),
    "summoning_sickness_no": (lambda d: spec_with(d, top='[params]\nsummoning_sickness = "no"'),
                              ["spec.toml", "params.summoning_sickness", "valid boolean", 'got "no"']),
    "summoning_sickness_zero": (lambda d: spec_with(d, top="[params]\nsummoning_sickness = 0"),
                                ["spec.toml", "params.summoning_sickness", "valid boolean", "got 0"]),
    "story_stages_strings": (lambda d: spec_with(d, top='[params]\nstory_stage_min = ["115", 121, 125, 129, 133]'),
                             ["spec.toml", "params.story_stage_min[1]", 'got "115"']),
    "card_cost_true": (lambda d: bad_card_spec(d, "cost = 3", "cost = true"),
                       ["aranas.toml", "card AR-01", "'cost'", "got true"]),
    "card_cost_string": (lambda d: bad_card_spec(d, "cost = 3", 'cost = "3"'),
                         ["aranas.toml", "card AR-01", "'cost'", 'got "3"']),
    "card_double_block_yes": (lambda d: bad_card_spec(d, "def = 1", 'def = 1\ndouble_block = "yes"'),
                              ["aranas.toml", "card AR-01", "'double_block'", 'got "yes"']),
    "fortaleza_effect_n_string": (lambda d: bad_fortaleza_card_spec(d, "n = 1", 'n = "1"'),
                                  ["china.toml", "card CH-002", "'effect[1].n'", 'got "1"']),
    "fortaleza_cost_string": (lambda d: bad_fortaleza_card_spec(d, "cost = 1", 'cost = "1"'),
                              ["china.toml", "card CH-001", "'cost'", 'got "1"']),
    "weight_nan": (lambda d: spec_with(d, side_a="weights = { aggression = nan }"),
                   ["spec.toml", "side[1].weights.aggression", "finite number", "got nan"]),
    "weight_inf": (lambda d: spec_with(d, side_a="weights = { aggression = inf }"),
                   ["spec.toml", "side[1].weights.aggression", "finite number", "got inf"]),
    "weight_true": (lambda d: spec_with(d, side_a="weights = { aggression = true }"),
                    ["spec.toml", "side[1].weights.aggression", "got true"]),
    "sweep_param_string": (lambda d: sweep_spec(d, 'param = "turn_cap"\nvalues = [60, "70"]'),
                           ["spec.toml", "params.turn_cap", 'got "70"']),
    "sweep_param_true": (lambda d: sweep_spec(d, 'param = "turn_cap"\nvalues = [true, 70]'),
                         ["spec.toml", "params.turn_cap", "got true"]),
    "sweep_weight_nan": (lambda d: sweep_spec(d, 'side = 1\nfield = "weights.aggression"\nvalues = [0.5, nan]'),
                         ["spec.toml", "sweep axis side1.weights.aggression", "value nan", "finite number"]),
    "sweep_budget_string": (lambda d: sweep_spec(d, 'side = 2\nfield = "budget"\nvalues = [120, "130"]'),
                            ["spec.toml", "sweep axis side2.budget", "'130'", "valid integer"]),
    "sweep_card_cost_string": (lambda d: sweep_spec(d, 'card = "AR-01"\nfield = "cost"\nvalues = ["4"]'),
                               ["aranas.toml", "card AR-01", "'cost'", 'got "4"']),
    "stop_elo_nan": (lambda d: spec_with(d, top='[stop]\nmethod = "sprt"\nelo0 = nan'),
                     ["spec.toml", "stop.elo0", "finite number"]),
    "stop_every_float": (lambda d: spec_with(d, top='[stop]\nmethod = "sprt"\nevery = 2000.0'),
                         ["spec.toml", "stop.every", "got 2000.0"]),
    "ablation_side_true": (lambda d: spec_with(d, top="[ablation]\nside = true"),
                           ["spec.toml", "ablation.side", "got true"]),
    "impact_side_true": (lambda d: spec_with(d, top="[impact]\nside = true"), ["spec.toml", "impact.side"]),
}


@pytest.mark.parametrize("case", sorted(TYPE_CASES))
def test_values_of_the_wrong_type_are_refused_not_coerced(case: str, populated: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    make, words = TYPE_CASES[case]
    assert_refused(["run", str(make(tmp_path)), "--results", str(populated), "--overwrite"], words, populated, capsys)


def test_an_int_weight_is_a_float_weight(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Strictness refuses bools and strings, not the int 1 where a float is asked for."""
    spec = spec_with(tmp_path, games=20, side_a="weights = { aggression = 1 }")
    assert main(["run", str(spec), "--results", str(tmp_path / "results"), "--executor", "serial"]) == 0, \
        capsys.readouterr().err
    manifest = json.loads((tmp_path / "results" / "small" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["spec"]["side"][0]["weights"] == {"aggression": 1.0}
    assert manifest["configs"]["base"]["sides"][0]["weights"] == {"aggression": 1.0}


@pytest.mark.parametrize(("field", "value", "said"), [("seed", "7", 'seed: Input should be a valid integer (got "7")'),
                                                      ("games", True, "games: Input should be a valid integer"),
                                                      ("chunk_size", 1000.0, "chunk_size"),
                                                      ("wall_seconds", float("nan"), "NaN is not a JSON number")])
def test_a_stored_manifest_is_read_back_without_coercion(field: str, value: object, said: str, populated: Path,
                                                         tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results"
    shutil.copytree(populated / "small", results / "small")
    manifest_path = results / "small" / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest[field] = value
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")  # a hand edit; json writes nan as NaN
    for command in (["show", "small"], ["report", "small", "--format", "csv"], ["replay", "small", "--game", "1"]):
        assert_refused([*command, "--results", str(results)], [str(manifest_path), said], results, capsys)


# --- class 2: names are names. A faction, ruleset, card id or run name must be one that exists;
# a faction is never a path.

NAME_CASES = {
    "faction_up_the_tree": (lambda d: spec_with(d, replace=('faction = "aranas"', 'faction = "../.."')),
                            ["spec.toml", "side[1].faction", "'../..'", "not a faction name"]),
    "faction_absolute_path": (lambda d: spec_with(d, replace=('faction = "aranas"', 'faction = "/etc/passwd"')),
                              ["spec.toml", "side[1].faction", "'/etc/passwd'", "not a faction name"]),
    "faction_with_a_slash": (lambda d: spec_with(d, replace=('faction = "aranas"', 'faction = "cards/aranas"')),
                             ["spec.toml", "side[1].faction", "not a faction name"]),
    "faction_with_a_backslash": (lambda d: spec_with(d, replace=('faction = "aranas"', 'faction = "..\\\\aranas"')),
                                 ["spec.toml", "side[1].faction", "not a faction name"]),
    "faction_hidden_file": (lambda d: spec_with(d, replace=('faction = "aranas"', 'faction = ".aranas"')),
                            ["spec.toml", "side[1].faction", "not a faction name"]),
    "faction_typo": (lambda d: spec_with(d, replace=('faction = "aranas"', 'faction = "aranass"')),
                     ["spec.toml", "side[1].faction", "'aranass'", "the factions are aranas, ciempies"]),
    "faction_is_the_dice_file": (lambda d: spec_with(d, replace=('faction = "aranas"', 'faction = "dados"')),
                                 ["spec.toml", "side[1].faction", "'dados'", "aranas, ciempies"]),
    "faction_typo_side_2": (lambda d: spec_with(d, replace=('faction = "ciempies"', 'faction = "ciempiés"')),
                            ["spec.toml", "side[2].faction", "'ciempiés'", "aranas, ciempies"]),
    "faction_typo_in_a_sweep": (lambda d: sweep_spec(d, 'side = 2\nfield = "faction"\nvalues = ["aranas", "hormigas"]'),
                                ["spec.toml", "sweep axis side2.faction", "'hormigas'", "aranas, ciempies"]),
    "faction_path_in_a_sweep": (lambda d: sweep_spec(d, 'side = 2\nfield = "faction"\nvalues = ["../../x"]'),
                                ["spec.toml", "sweep axis side2.faction", "not a faction name"]),
    "ruleset_path": (lambda d: spec_with(d, replace=('ruleset = "dicedraft"', 'ruleset = "../dicedraft"')),
                     ["spec.toml", "ruleset", "'../dicedraft'", "dicedraft, fortaleza"]),
    "card_id_unknown_in_a_sweep": (lambda d: sweep_spec(d, 'card = "AR-99"\nfield = "atq"\nvalues = [3]'),
                                   ["spec.toml", "AR-99", "no card"]),
    "ablation_cards_empty": (lambda d: spec_with(d, top="[ablation]\ncards = []"),
                             ["spec.toml", "ablation.cards", "at least one card"]),
    "ablation_cards_twice": (lambda d: spec_with(d, top='[ablation]\ncards = ["AR-11", "AR-11"]'),
                             ["spec.toml", "ablation.cards", "AR-11 named more than once"]),
    "ablation_card_unknown": (lambda d: spec_with(d, top='[ablation]\ncards = ["AR-99"]'),
                              ["spec.toml", "ablation.cards", "AR-99"]),
    "impact_cards_twice": (lambda d: spec_with(d, top='[impact]\ncards = ["AR-11", "AR-11"]'),
                           ["spec.toml", "impact.cards", "AR-11 named more than once"]),
    "deck_larger_than_the_pool": (lambda d: spec_with(d, top="[params]\ndeck_size = 23"),
                                  ["spec.toml", "params.deck_size", "23 cards", "side[1]", "holds 22"]),
    "run_name_empty_in_spec": (lambda d: spec_with(d, name=""), ["spec.toml", "name"]),
}


@pytest.mark.parametrize("case", sorted(NAME_CASES))
def test_names_must_name_something_that_exists(case: str, populated: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    make, words = NAME_CASES[case]
    assert_refused(["run", str(make(tmp_path)), "--results", str(populated), "--overwrite"], words, populated, capsys)


def test_the_largest_deck_the_pool_holds_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The bound of deck_larger_than_the_pool is the pool's size, not one below it."""
    spec = spec_with(tmp_path, games=4, top="[params]\ndeck_size = 22\nbudget = 999")
    assert main(["run", str(spec), "--results", str(tmp_path / "results"), "--executor", "serial"]) == 0, \
        capsys.readouterr().err


# --- class 3: filesystem faults are messages with the path and exit 2, never tracebacks.

def cards_with_a_folder_for(tmp_path: Path, name: str) -> Path:
    cards = copy_cards(tmp_path)
    (cards / name).unlink()
    (cards / name).mkdir()
    return write_spec(tmp_path, top='cards_dir = "cards"')


CARD_PLACE_CASES = {
    "faction_file_is_a_folder": (lambda d: cards_with_a_folder_for(d, "aranas.toml"),
                                 ["aranas.toml", "is a folder, not a TOML file"]),
    "dice_file_is_a_folder": (lambda d: cards_with_a_folder_for(d, "dados.toml"),
                              ["dados.toml", "is a folder, not a TOML file"]),
    "cards_dir_is_a_file": (lambda d: spec_with(d, top='cards_dir = "spec.toml"'),
                            ["spec.toml: cards_dir", "is a file"]),
    "cards_dir_missing": (lambda d: spec_with(d, top='cards_dir = "no-such-cards"'),
                          ["spec.toml: cards_dir", "no-such-cards", "does not exist"]),
    "cards_dir_empty_string": (lambda d: spec_with(d, top='cards_dir = ""'), ["spec.toml", "cards_dir"]),
}


@pytest.mark.parametrize("case", sorted(CARD_PLACE_CASES))
def test_card_files_and_folders_in_the_wrong_shape(case: str, populated: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    make, words = CARD_PLACE_CASES[case]
    assert_refused(["run", str(make(tmp_path)), "--results", str(populated), "--overwrite"], words, populated, capsys)


def read_only(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder nobody may write in. Root writes through permission bits, so for root os.access
    is made to answer as it does for any other user (and as it does for root on a read-only disk)."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o555)
    if os.geteuid() == 0:
        real_access = os.access
        monkeypatch.setattr(os, "access", lambda path, mode, **kw: (not (mode & os.W_OK and Path(path) == folder))
                            and real_access(path, mode, **kw))
    return folder


@pytest.mark.parametrize("case", ["under_a_file", "is_a_file", "missing_parent", "read_only", "read_only_parent"])
def test_a_results_folder_that_cannot_be_written_is_refused(case: str, populated: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", encoding="utf-8")
    target, words = {
        "under_a_file": (a_file / "results", ["--results", str(a_file), "not a folder"]),
        "is_a_file": (a_file, ["--results", str(a_file), "not a folder"]),
        "missing_parent": (tmp_path / "no" / "such" / "results", ["--results", str(tmp_path / "no"), "does not exist"]),
        "read_only": (tmp_path / "locked", ["--results", str(tmp_path / "locked"), "not writable"]),
        "read_only_parent": (tmp_path / "locked" / "results", ["--results", str(tmp_path / "locked"), "not writable"]),
    }[case]
    if case.startswith("read_only"):
        read_only(tmp_path / "locked", monkeypatch)
    spec = write_spec(tmp_path, filename="good.toml")
    before = tree_bytes(tmp_path)
    assert_refused(["run", str(spec), "--results", str(target), "--executor", "serial"], words, populated, capsys)
    assert tree_bytes(tmp_path) == before and not (tmp_path / "no").exists()


def test_a_dashboard_over_a_file_is_refused(populated: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", encoding="utf-8")
    assert_refused(["dash", "--results", str(a_file)], ["--results", str(a_file), "is a file"], populated, capsys)
    assert a_file.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("command", [["run", "SPEC"], ["show", "small"], ["report", "small"],
                                     ["replay", "small", "--game", "1"]])
def test_a_manifest_that_is_a_folder(command: list[str], populated: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results"
    (results / "small" / "manifest.json").mkdir(parents=True)
    argv = [str(write_spec(tmp_path)) if word == "SPEC" else word for word in command]
    assert_refused([*argv, "--results", str(results)],
                   [str(results / "small" / "manifest.json"), "is a folder, not a manifest"], results, capsys)


@pytest.mark.parametrize("case", ["out_is_a_file", "out_under_a_file"])
def test_a_report_folder_that_is_a_file(case: str, populated: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", encoding="utf-8")
    out = a_file if case == "out_is_a_file" else a_file / "report"
    assert_refused(["report", "small", "--results", str(populated), "--out", str(out)], ["--out", str(a_file)],
                   populated, capsys)
    assert a_file.read_text(encoding="utf-8") == "mine"


def full_disk(write_some: bool):
    """A writer that fails as a full disk does, after writing a few bytes (or none)."""
    def write(self, target, *args, **kwargs):
        path = Path(target if isinstance(target, (str, Path)) else self)
        if write_some:
            path.write_bytes(b"torn")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
    return write


@pytest.mark.parametrize("fmt", ["html", "csv", "parquet"])
def test_a_full_disk_leaves_the_previous_report_whole(fmt: str, populated: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The report is written through a temp file renamed into place: a write that fails leaves the
    last good report (or nothing), never an empty or torn file, and says which file and why."""
    out = tmp_path / "report"
    assert main(["report", "small", "--results", str(populated), "--format", fmt, "--out", str(out)]) == 0
    good = tree_bytes(out)
    capsys.readouterr()
    if fmt == "html":
        real_write_text = Path.write_text
        monkeypatch.setattr(Path, "write_text", lambda self, *a, **k: full_disk(True)(self, self)
                            if self.parent.parent == tmp_path else real_write_text(self, *a, **k))
        failing = out / "small.html"
    elif fmt == "csv":
        monkeypatch.setattr(pl.DataFrame, "write_csv", full_disk(True))
        failing = out / "small."  # the first table written, whichever it is: small.<table>.csv
    else:
        import pyarrow.parquet as pq
        monkeypatch.setattr(pq, "write_table", lambda table, where, *a, **k: full_disk(True)(None, where))
        failing = out / "small."
    assert_refused(["report", "small", "--results", str(populated), "--format", fmt, "--out", str(out)],
                   [str(failing), f".{fmt}: could not be written", "No space left on device"], populated, capsys)
    assert tree_bytes(out) == good  # the old files, whole; no temp file left behind

    fresh = tmp_path / "fresh"
    assert_refused(["report", "small", "--results", str(populated), "--format", fmt, "--out", str(fresh)],
                   ["No space left on device"], populated, capsys)
    assert all(size > 0 for size in (len(b) for b in tree_bytes(fresh).values()))
    assert not [p for p in fresh.rglob("*") if p.name.startswith(".")]


def test_a_full_disk_during_a_run_is_a_message_and_the_run_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results"
    spec = write_spec(tmp_path)
    real_write_bytes = Path.write_bytes
    written: list[Path] = []

    def fill_up(self, data):  # a chunk's Parquet bytes, made in memory, reach the disk here
        if self.name.startswith(".chunk-") and ".parquet." in self.name:
            if len(written) == 2:  # the first chunk fits on the disk, the second does not
                real_write_bytes(self, b"torn")
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
            written.append(self)
        return real_write_bytes(self, data)

    monkeypatch.setattr(Path, "write_bytes", fill_up)
    code = main(["run", str(spec), "--results", str(results), "--chunk-size", "1000", "--executor", "serial"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert str(results / "small" / "games" / "config=base" / "chunk-000000001000.parquet") in err
    assert "No space left on device" in err and "resumes" in err
    assert not [p for p in results.rglob("*") if p.name.endswith(".tmp")]
    assert sorted(p.name for p in (results / "small" / "cards" / "config=base").iterdir()) == \
        ["chunk-000000000000.parquet"]
    monkeypatch.undo()
    assert main(["run", str(spec), "--results", str(results), "--chunk-size", "1000", "--executor", "serial"]) == 0
    assert "1 chunk(s) already done" in capsys.readouterr().out
