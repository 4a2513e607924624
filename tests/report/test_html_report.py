"""`sim report`: the standalone HTML report opens in a real headless Chromium with no network and
its plots render with data; CSV and Parquet exports carry the manifest."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from sim.cli import main
from sim.report.export import find_chromium, run_chromium

from report_specs import budget_sweep

SPEC = """\
name = "{name}"
ruleset = "{ruleset}"
games = {games}
seed = 11
{extra}
"""
DICEDRAFT_SWEEP = budget_sweep((120, 128))
FORTALEZA_ROUND_ROBIN = """matchups = "round_robin"
[[side]]
faction = "china"
[[side]]
faction = "japon"
[[side]]
faction = "corea"
"""


def rendered_plots(page: Path) -> dict[str, int]:
    """Open the page in headless Chromium (network off, scripts run) and count, per plot, the data
    traces Plotly drew into its SVG."""
    result = run_chromium(["--dump-dom", page.resolve().as_uri()])
    dom = result.stdout
    assert "<html" in dom, result.stderr[-500:]
    plots = {}
    for match in re.finditer(r"<div class=\"plot\" id=\"plot-([a-z_]+)\"[^>]*>(.*?)(?=<div class=\"plot\"|<section|</body>)",
                             dom, re.S):
        body = match.group(2)
        assert 'class="main-svg"' in body, f"plot {match.group(1)} did not render"
        plots[match.group(1)] = len(re.findall(r'class="(?:trace |hm)', body))
    return plots


@pytest.fixture(scope="module")
def chromium() -> str:
    path = find_chromium()
    assert path, "Chromium is needed for the browser tests: run scripts/install_browser.sh (scripts/test.sh does)"
    return path


def _run(tmp_path: Path, name: str, ruleset: str, games: int, extra: str) -> Path:
    spec = tmp_path / f"{name}.toml"
    spec.write_text(SPEC.format(name=name, ruleset=ruleset, games=games, extra=extra), encoding="utf-8")
    assert main(["run", str(spec), "--results", str(tmp_path / "results"), "--executor", "serial"]) == 0
    return tmp_path / "results" / name


@pytest.mark.parametrize("ruleset, games, extra, expected", [
    ("dicedraft", 400, DICEDRAFT_SWEEP, {"sweep", "budget_curve", "win_rates", "first_player", "first_player_by_length",
                                         "cards", "game_length", "end_reasons"}),
    ("fortaleza", 100, FORTALEZA_ROUND_ROBIN, {"matchups", "marginals", "nash", "win_rates", "first_player",
                                               "first_player_by_length", "cards", "game_length", "end_reasons"}),
])
def test_the_html_report_opens_offline_and_every_plot_renders_with_data(tmp_path: Path, chromium: str,
                                                                        capsys: pytest.CaptureFixture[str],
                                                                        ruleset: str, games: int, extra: str,
                                                                        expected: set[str]) -> None:
    run_dir = _run(tmp_path, f"rep_{ruleset}", ruleset, games, extra)
    capsys.readouterr()
    assert main(["report", str(run_dir), "--format", "html,png", "--out", str(tmp_path / "out")]) == 0
    page = tmp_path / "out" / f"rep_{ruleset}.html"
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"<(?:script|link)[^>]+(?:src|href)=", text)  # nothing to fetch: Plotly is inline
    plots = rendered_plots(page)
    assert set(plots) == expected
    assert all(count > 0 for count in plots.values()), plots
    assert (tmp_path / "out" / f"rep_{ruleset}.png").stat().st_size > 10_000


def test_csv_and_parquet_exports_carry_the_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = _run(tmp_path, "rep_tables", "dicedraft", 200, DICEDRAFT_SWEEP)
    assert main(["report", str(run_dir), "--format", "csv,parquet", "--out", str(tmp_path / "out")]) == 0
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["run"] == "rep_tables" and manifest["seed"] == 11
    table = pq.read_table(tmp_path / "out" / "rep_tables.sweep.parquet")
    stored = json.loads(table.schema.metadata[b"sim_manifest"])
    assert stored["configs"].keys() == manifest["configs"].keys()
    assert (tmp_path / "out" / "rep_tables.card_impact.csv").read_text().startswith("config,side")


def test_a_bad_format_is_refused_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = _run(tmp_path, "rep_bad", "dicedraft", 50, DICEDRAFT_SWEEP)
    assert main(["report", str(run_dir), "--format", "docx", "--out", str(tmp_path / "out")]) == 2
    assert "--format: docx" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
