"""Findings are what a run says first, for every kind of run the project ships (single games, a round
robin, forced draw, ablation with budget steps, a budget sweep, a sweep over agent levels, story,
best of three, a ladder, a [balance] spec with its search beside it): `sim show` opens with them
(after the two lines that say which run it is), page 1 of the HTML report is them, `sim report
--format md` writes them as Markdown, each in the language asked; and a forced-draw run and an
ablation run of the same baseline reconcile their cards. Tiny runs: they check where and how the
findings are said, the figures being tested on crafted runs (tests/analysis/test_findings.py)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import polars as pl
import pytest

from sim.analysis.ablation import ablation_impact
from sim.analysis.forced_draw import forced_draw_effect
from sim.report.formatting import signed_points_with_interval

from sim.analysis.findings import companion_run
from sim.cli import main
from sim.report.findings_text import Names, finding_sentence, read_run_findings, side_names
from sim.report.language import FINDINGS_TEXT, t
from sim.results.manifest import read_manifest

SIDES = '[[side]]\nfaction = "aranas"\nlabel = "Arañas"\n[[side]]\nfaction = "ciempies"\nlabel = "Ciempiés"\n'
HEAD = 'ruleset = "dicedraft"\nseed = 5\n'
SPECS = {
    "games": f'{HEAD}games = 120\n{SIDES}',
    "round_robin": f'{HEAD}games = 40\nmatchups = "round_robin"\n{SIDES}',
    # Araña Goliat: strong when drawn, weaker than a vanilla 9/9 of its cost (issue 34), clear at 300 games
    "impact": f'{HEAD}games = 300\n{SIDES}[impact]\nside = 1\ncards = ["AR-18", "AR-01", "AR-03"]\n',
    "ablation": f'{HEAD}games = 300\n{SIDES}[ablation]\ncards = ["AR-18", "AR-01", "AR-03"]\nbudget_step = 5\n'
                'budget_points = 2\n',
    "budget": f'{HEAD}games = 40\n{SIDES}[sweep]\n[[sweep.axis]]\nside = 1\nfield = "budget"\nvalues = [120, 135]\n',
    "levels": f'{HEAD}games = 40\n{SIDES}[sweep]\nmode = "list"\n[[sweep.axis]]\nside = 1\nfield = "agent"\n'
              'values = ["random"]\n[[sweep.axis]]\nside = 2\nfield = "agent"\nvalues = ["random"]\n',
    "convergence": f'{HEAD}games = 40\n{SIDES}[levels]\nlevels = ["random", "greedy"]\n',
    "story": f'{HEAD}games = 20\nkind = "story"\n{SIDES}',
    "best_of_three": f'{HEAD}games = 40\nkind = "best_of_three"\n{SIDES}',
    "balance": f'{HEAD}games = 60\n{SIDES}[balance]\nheld_out_seed = 9\n[[balance.objective]]\nfigure = "win_rate"\n'
               'target = 0.5\ntolerance = 0.01\n[[balance.edit]]\nkinds = ["personaje"]\nfields = ["cost"]\n',
}
PROPOSALS = {"held_out_seed": 9, "confirm_games": 1000, "proposals": [{
    "rank": 1, "edits_text": "CI-04 cost 5 → 6", "met": True, "figures": [{
        "figure": "win_rate", "name": "win rate", "a": "Arañas", "b": "Ciempiés", "bounds": [], "value": 0.498,
        "low": 0.47, "high": 0.53, "n": 1000, "target": 0.5, "tolerance": 0.01, "met": True}]}]}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("shown_first")
    results = folder / "results"
    for name, text in SPECS.items():
        spec = folder / f"{name}.toml"
        spec.write_text(f'name = "{name}"\n{text}', encoding="utf-8")
        assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0, name
    assert main(["ladder", "fortaleza", "--games", "4", "--speed-games", "2", "--run", "ladder", "--results",
                 str(results), "--executor", "serial"]) == 0
    (results / "balance.balance").mkdir()  # where `sim balance` of the [balance] spec writes its search
    (results / "balance.balance" / "proposals.json").write_text(json.dumps(PROPOSALS), encoding="utf-8")
    return results


RUNS = [*SPECS, "ladder"]
EXPECTED_KINDS = {"games": {"first_player", "side"}, "round_robin": {"first_player", "field"},
                  "impact": {"card_effect"}, "ablation": {"cost_mismatch"}, "budget": {"first_player", "side"},
                  "levels": {"first_player"}, "convergence": {"first_player", "side", "convergence_summary"}, "story": {"story"}, "best_of_three": {"match"},
                  "balance": {"balance_proposal"}, "ladder": {"level_strength"}}


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("run", RUNS)
def test_every_kind_of_run_opens_with_its_findings(results: Path, run: str, capsys: pytest.CaptureFixture) -> None:
    run_dir = results / run
    manifest = read_manifest(run_dir)
    found = read_run_findings(run_dir, manifest).findings  # with the balance search beside a [balance] run
    assert EXPECTED_KINDS[run] <= {f.kind for f in found}, [f.kind for f in found]
    assert main(["show", run, "--results", str(results)]) == 0
    out = capsys.readouterr().out.splitlines()
    at = out.index("Findings")
    # right after the run's name and its ruleset line, which ends with the folder (a long one wraps)
    header = words(" ".join(out[:at]))
    assert header.startswith(f"{run}: ") and " ruleset " in header and header.endswith(str(run_dir)), out[:at + 1]
    first = words(finding_sentence(found[0], "en", Names(side_names(manifest))))
    shown = words(" ".join(out[at + 1:at + 10]))
    assert first[:40] in shown, (first, shown)


def test_the_md_export_and_page_one_say_the_same_findings(results: Path, tmp_path: Path) -> None:
    for lang in ("es", "en"):
        out = tmp_path / lang
        assert main(["report", "games", "--results", str(results), "--format", "md,html", "--lang", lang,
                     "--out", str(out)]) == 0
        md = (out / "games.md").read_text(encoding="utf-8")
        page = (out / "games.html").read_text(encoding="utf-8")
        read = read_run_findings(results / "games", read_manifest(results / "games"))
        rows = read.rows(lang)
        assert md.startswith(f"# {t('findings_summary_heading', lang, run='games')}\n")
        assert f"## {t('findings_heading', lang)}" in md
        for k, row in enumerate(rows, 1):
            assert f"{k}. **{row['severity_word']}** — {row['sentence']}" in md
            assert f"_{row['measure']}_: {row['figure']}" in md
        # page 1: the summary comes before the manifest, each finding in its severity's colour
        summary, manifest_at = page.index("id='summary'"), page.index("<table class='manifest'>")
        assert summary < manifest_at
        first_item = page[summary:manifest_at]
        assert rows[0]["sentence"].replace("'", "&#x27;") in first_item
        assert f"border-left-color:{rows[0]['colour']}" in first_item
        other = "en" if lang == "es" else "es"
        assert FINDINGS_TEXT["findings_heading"][other] not in md


def goliat_line(results: Path) -> str:
    """AR-18's reconciled line as the tiny runs' own figures make it (forced_draw_effect and
    ablation_impact), once both measures are seen to disagree in sign beyond their intervals."""
    impact, ablation = results / "impact", results / "ablation"
    forced = forced_draw_effect(impact, read_manifest(impact)).filter(pl.col("card_id") == "AR-18").row(0, named=True)
    worth = ablation_impact(ablation, read_manifest(ablation)).filter(pl.col("card_id") == "AR-18").row(0, named=True)
    assert forced["effect_low"] > 0 > worth["worth_high"]
    return (f"AR-18 Araña Goliat (Arañas): strong when drawn, "
            f"{signed_points_with_interval(forced['effect'], forced['effect_low'], forced['effect_high'])}; a vanilla "
            f"9/9 at its cost would be stronger, "
            f"{signed_points_with_interval(worth['worth'], worth['worth_low'], worth['worth_high'])}: its cost is fair "
            "or high.")


def test_a_forced_draw_run_and_an_ablation_run_of_one_baseline_reconcile_their_cards(results: Path) -> None:
    impact, ablation = results / "impact", results / "ablation"
    folder, other = companion_run(impact, read_manifest(impact))
    assert folder.name == "ablation" and other["spec"]["ablation"] is not None
    assert companion_run(ablation, read_manifest(ablation))[0].name == "impact"
    assert companion_run(results / "games", read_manifest(results / "games")) is None
    line = goliat_line(results)
    for run in ("impact", "ablation"):
        read = read_run_findings(results / run, read_manifest(results / run))
        assert (read.reconciled.forced_run, read.reconciled.ablation_run) == ("impact", "ablation")
        assert read.reconcile_lines("en") == [line]
        assert read.reconcile_lines("es")[0].startswith("AR-18 Araña Goliat (Arañas): fuerte al robarla, ")


def test_the_reconciled_card_is_said_in_show_the_report_and_the_dashboard(results: Path, tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture) -> None:
    line = goliat_line(results)
    assert main(["show", "ablation", "--results", str(results)]) == 0
    assert f"● {line}" in words(capsys.readouterr().out)
    assert main(["report", "impact", "--results", str(results), "--format", "md,html", "--lang", "en",
                 "--out", str(tmp_path)]) == 0
    assert f"- {line}" in (tmp_path / "impact.md").read_text(encoding="utf-8")
    page = html.unescape((tmp_path / "impact.html").read_text(encoding="utf-8"))
    assert page.index(line) < page.index("<table class='manifest'>")  # on page 1
    from dashboards.app import create_app
    from dashboards.findings_panel import draw_findings

    with create_app(results, executor="serial", warm=False).server.test_request_context():
        children, hidden = draw_findings("ablation", "en", "/ablations")
    fold = next(c for c in children if getattr(c, "id", None) == "findings-fold")  # the panel's "show all"
    reconciled = next(c for c in fold.children if getattr(c, "id", None) == "findings-reconciled")
    assert not hidden and [item.children for item in reconciled.children] == [line]
