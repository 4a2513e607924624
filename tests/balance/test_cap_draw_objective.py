"""A balance objective on the share of games drawn at the turn cap (`cap_draw_share`): a search over a
rule parameter finds rules under which the games end, and its figures are the analysis's on the same
games.

Dicedraft's greedy games last about 25 turns, so at a cap of 14 most of them are drawn there; the
search may move the cap from 14 to 54 in steps of 8 and must bring the cap draws within 5 points of
none."""

from __future__ import annotations

import html
from pathlib import Path

import polars as pl
import pytest

from sim.analysis.draws import draw_figures
from sim.analysis.game_tallies import TURN_CAP_REASONS
from sim.balance.search import search
from sim.cli import main
from sim.results.scans import scan_games
from sim.run.spec import load_spec

SPEC = """name = "cap_balance"
ruleset = "dicedraft"
games = 2000
seed = 11
params = { turn_cap = 14 }
balance = { max_edits = 1, screen_games = 600, rungs = 1, beam = 1, combine = 1, proposals = 1, confirm_games = 2000, held_out_seed = 99, objective = [{ figure = "cap_draw_share", target = 0.0, tolerance = 0.05 }], edit = [{ param = "turn_cap", min = 14, max = 54, step = 8 }] }

[[side]]
faction = "aranas"

[[side]]
faction = "ciempies"

"""


@pytest.fixture(scope="module")
def cap_search(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("cap_balance")
    spec = folder / "cap_balance.toml"
    spec.write_text(SPEC, encoding="utf-8")
    return spec, folder / "results", search(load_spec(spec), folder / "results")


def test_a_search_over_the_turn_cap_finds_one_under_which_the_games_end(cap_search) -> None:
    _, _, result = cap_search
    first = result.record["proposals"][0]
    assert first["edits_text"] == "params.turn_cap 14 → 54" and first["met"]
    base = result.record["baseline"][0]
    assert base["figure"] == "cap_draw_share" and base["value"] > 0.5 and not base["met"]


def test_cap_draw_figures_are_the_analysis_s_on_the_same_games(cap_search) -> None:
    """The baseline's and the proposal's share are the win-rate tables' cap_draw_share of the
    held-out run, and the paired change is the mean game-by-game difference of cap draws."""
    _, _, result = cap_search
    record, first = result.record, result.record["proposals"][0]
    run = result.folder / "confirm"  # a single finalist is confirmed on the held-out seed alone
    shares = draw_figures(run)
    for key, figure in (("base", record["baseline"][0]), (first["candidate"], first["figures"][0])):
        assert figure["value"] == pytest.approx(shares.filter(config=key)["cap_draw_share"][0], abs=1e-12)
        assert figure["low"] < figure["value"] < figure["high"] or figure["value"] == 0.0
    games = (scan_games(run).select("config", "game", (pl.col("end_reason").is_in(TURN_CAP_REASONS)
                                                        & (pl.col("winner") < 0)).cast(pl.Float64).alias("cap"))
             .collect().pivot(on="config", index="game", values="cap"))
    diff = (games[first["candidate"]] - games["base"]).mean()
    change = first["figures"][0]["paired_change"]
    assert change["diff"] == pytest.approx(diff, abs=1e-12) and change["low"] < diff < change["high"]


@pytest.mark.parametrize("lang, words", [("en", "Arañas vs Ciempiés: games drawn at the turn cap"),
                                         ("es", "Arañas contra Ciempiés: partidas empatadas en el límite de turnos")])
def test_the_report_names_the_figure_in_each_language(cap_search, lang: str, words: str) -> None:
    from sim.balance.report import balance_report_html

    _, _, result = cap_search
    page = " ".join(html.unescape(balance_report_html(result.record, result.path, lang)).split())
    assert words in page


def test_a_negative_cap_draw_target_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    spec = tmp_path / "cap_balance.toml"
    spec.write_text(SPEC.replace("target = 0.0", "target = -0.1"), encoding="utf-8")
    assert main(["balance", str(spec), "--results", str(tmp_path / "results"), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "balance.objective" in err and "between 0 and 1" in err
