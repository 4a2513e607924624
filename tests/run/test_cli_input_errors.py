"""Invariant 4: bad input gets a message naming the place, exit code 2, and results/ as it was.

Every case runs against a results folder already holding a run of the same name, with
--overwrite where it applies, so validating too late would visibly delete or change that run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sim.cli import main

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
                        ["hormigas", "cards"]),
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
