"""`sim try` on rolplay and epikha (dicedraft and fortaleza: tests/balance/test_try_command.py), end
to end from the terminal on a small run of each: a card edit (rolplay) and a rule parameter
(epikha) played on the run's own seeds, the answer being `sim compare`'s paired difference, and
`sim show` saying the trial's paired stop."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from sim.analysis.compare import win_rate_comparison
from sim.cli import main
from sim.results.manifest import read_manifest
from sim.results.scans import scan_games

SPEC = """\
name = "{name}"
ruleset = "{game}"
games = {games}
seed = 5
seats = "mirrored"

[[side]]
faction = "{a}"

[[side]]
faction = "{b}"
"""
GAMES = [  # game, sides, the edit, how sure, what the trial's file says changed
    ("rolplay", ("carga_25", "misticos_25"), "RP-068.cost=4", ["--games", "200"], "-cost = 5\n+cost = 4"),
    ("epikha", ("empiria", "abaron"), "params.raise_cost=8", ["--half-width", "0.1"], "set raise_cost = 8"),
]


@pytest.mark.parametrize("game,sides,edit,sure,patched", GAMES, ids=[g[0] for g in GAMES])
def test_a_trial_of_every_game_plays_and_answers(tmp_path: Path, capsys: pytest.CaptureFixture, game: str,
                                                 sides: tuple[str, str], edit: str, sure: list[str],
                                                 patched: str) -> None:
    results = tmp_path / "results"
    spec = tmp_path / f"{game}.toml"
    spec.write_text(SPEC.format(name=game, game=game, games=200, a=sides[0], b=sides[1]), encoding="utf-8")
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    assert main(["try", game, "--set", edit, *sure, "--name", "trial", "--results", str(results),
                 "--executor", "serial", "--lang", "es"]) == 0
    assert patched in (results / "trial.trial" / "patch.diff").read_text(encoding="utf-8")
    manifest = read_manifest(results / "trial")
    assert manifest["status"] == "finished" and manifest["seed"] == read_manifest(results / game)["seed"]
    answer = json.loads((results / "trial.trial" / "answer.json").read_text(encoding="utf-8"))
    row = answer["win_rates"][0]
    played = scan_games(results / "trial")
    before = scan_games(results / game)
    if answer["baseline"]:  # ±10 pts asks more games than the run's 200: the rest replayed on its seeds
        before = pl.concat([before, scan_games(results / answer["baseline"]).filter(pl.col("unit") >= 200)])
    expected = win_rate_comparison(before, played, True).row(0, named=True)
    assert row["pairs"] == expected["pairs"] == played.collect().height
    assert row["diff"] == pytest.approx(expected["diff"], abs=1e-12)
    assert "emparejado en" in capsys.readouterr().out  # the headline, in Spanish
    assert main(["show", "trial", "--results", str(results), "--lang", "en"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert ("Paired stop" if "--half-width" in sure else "No stopping") in shown
