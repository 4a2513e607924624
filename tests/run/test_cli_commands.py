"""`sim run`, `sim show` and `sim replay` on a small run: what they print and that they agree."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from sim.cli import main
from sim.core.ruleset import get_ruleset

from small_runs import write_spec


def test_run_show_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results"
    spec = write_spec(tmp_path, games=600)
    assert main(["run", str(spec), "--results", str(results), "--run", "cli", "--chunk-size", "250",
                 "--executor", "serial"]) == 0
    out = capsys.readouterr().out
    for words in ("Win rate", "Arañas", "Ciempiés", "95% CI", "First-player advantage", "paired",
                  "Game length", "median", "End reasons", "games/s", str(results / "cli")):
        assert words in out, words
    manifest = json.loads((results / "cli" / "manifest.json").read_text())
    assert manifest["status"] == "finished" and manifest["chunks_total"] == 3

    assert main(["show", "cli", "--results", str(results)]) == 0
    shown = capsys.readouterr().out
    assert "Win rate" in shown and "wall time" in shown
    assert main(["show", str(results / "cli")]) == 0  # a path works too
    capsys.readouterr()

    for game in (0, 1, 599):
        assert main(["replay", "cli", "--game", str(game), "--results", str(results), "--lang", "en"]) == 0
        replayed = capsys.readouterr().out
        assert replayed.startswith(f"Game {game} ")
        assert "The replay matches the stored record" in replayed


def test_replay_from_stored_spec_after_the_file_changed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results"
    spec = write_spec(tmp_path, kind="best_of_three", games=40)
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    spec.write_text("this is no longer a spec", encoding="utf-8")  # replay reads the manifest's copy
    capsys.readouterr()
    games = pl.read_parquet(results / "small" / "games" / "**" / "*.parquet")
    last_stage = games.sort("stage", "game", descending=[True, False]).row(0, named=True)
    assert main(["replay", "small", "--game", str(last_stage["game"]), "--results", str(results)]) == 0
    out = capsys.readouterr().out  # in Spanish, the default
    assert f"etapa {last_stage['stage']}" in out and "La repetición coincide con el registro guardado" in out
    rows_per_unit = json.loads((results / "small" / "manifest.json").read_text())["configs"]["base"]["rows_per_unit"]
    unplayed = sorted(set(range(40 * rows_per_unit)) - set(games["game"].to_list()))
    if unplayed:  # a match decided early leaves its later game slots empty
        assert main(["replay", "small", "--game", str(unplayed[0]), "--results", str(results)]) == 2
        assert "never played" in capsys.readouterr().err


def test_fortaleza_round_robin_prints_the_matrix_and_replays_a_matchup(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 4: the 3 x 3 matrix of a round robin, and `sim replay --config` decoding a fortaleza game."""
    results = tmp_path / "results"
    spec = tmp_path / "fortaleza.toml"
    spec.write_text('name = "rr"\nruleset = "fortaleza"\nmatchups = "round_robin"\ngames = 200\nseed = 3\n'
                    '[[side]]\nfaction = "china"\n[[side]]\nfaction = "japon"\n[[side]]\nfaction = "corea"\n',
                    encoding="utf-8")
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    out = capsys.readouterr().out
    assert "Matchups" in out and "uniform" in out and "Japón" in out and "japon" not in out  # display names
    manifest = json.loads((results / "rr" / "manifest.json").read_text())
    assert sorted(manifest["configs"]) == ["china~china", "china~corea", "china~japon", "corea~corea",
                                           "japon~corea", "japon~japon"]
    assert main(["replay", "rr", "--game", "5", "--results", str(results)]) == 2  # six configs: say which
    assert "china~china" in capsys.readouterr().err
    assert main(["replay", "rr", "--config", "china~japon", "--game", "5", "--results", str(results)]) == 0
    replayed = capsys.readouterr().out
    assert "La repetición coincide con el registro guardado" in replayed  # Spanish, the default
    assert "coloca la tierra" in replayed and "Fortaleza" in replayed
    # the config as the console shows it names the same config
    for shown in ("China~Japón", "China ~ Japón"):
        assert main(["replay", "rr", "--config", shown, "--game", "5", "--results", str(results)]) == 0
        assert capsys.readouterr().out == replayed
