"""The console summary and the HTML report of one small sweep whose spec lists its configs out of
alphabetical order: every table follows the spec, and the report's tables read as percentages with
their intervals, never as raw fractions."""

from __future__ import annotations

import html
import re
from pathlib import Path

import polars as pl
import pytest

from sim.analysis import faction_win_rates, first_player_advantage
from sim.cli import main
from sim.report.export import html_report
from sim.report.formatting import first_player_words, percent_with_interval, signed_points_with_interval
from sim.results.manifest import read_manifest

from report_specs import budget_sweep

# the spec lists 128 before 120: the alphabet would put them the other way round
SPEC = 'name = "order"\nruleset = "dicedraft"\ngames = 300\nseed = 5\n' + budget_sweep((128, 120))
SPEC_ORDER = ["base", "side1.budget=128", "side1.budget=120"]


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("order")
    (folder / "order.toml").write_text(SPEC, encoding="utf-8")
    assert main(["run", str(folder / "order.toml"), "--results", str(folder / "results"), "--executor", "serial"]) == 0
    return folder / "results" / "order"


def section(text: str, title: str) -> str:
    """The console output from the table titled `title` to the next table's title."""
    start = text.index(title)
    following = [text.find(t, start + 1) for t in ("First-player advantage", "First player by game length",
                                                     "Game length (turns)", "Cards of ")]
    return text[start:min([f for f in following if f > start] + [len(text)])]


def test_the_console_summary_lists_configs_in_spec_order(run_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["show", str(run_dir)]) == 0
    out = capsys.readouterr().out
    assert list(read_manifest(run_dir)["configs"]) == SPEC_ORDER != sorted(SPEC_ORDER)
    for title in ("Sweep: side A against the baseline", "First-player advantage", "First player by game length",
                  "Game length (turns)"):
        part = section(out, title)
        first_seen = sorted(SPEC_ORDER, key=lambda config: part.index(config + " "))
        assert first_seen == SPEC_ORDER, title
    assert "q (BH)" in out and "q (BY)" in out
    fpa = first_player_advantage(run_dir)
    for row in fpa.iter_rows(named=True):  # the words, and the rate with its interval
        assert f"{row['config']}: {first_player_words(row)}" in out
        assert percent_with_interval(row["first_player_win_rate"], row["first_player_win_rate_low"],
                                     row["first_player_win_rate_high"]) in out
        assert signed_points_with_interval(row["advantage"], row["ci_low"], row["ci_high"]) in out
    assert "Observational" in section(out, "First player by game length")


def report_tables_text(page: str) -> dict[str, tuple[list[str], list[list[str]]]]:
    """Each table of the report (its section `table-<name>`) as (headers, rows of cell texts), the
    name with spaces for underscores."""
    tables = {}
    for match in re.finditer(r"<section class='block(?: long)?' id='table-([^']+)'><h2>[^<]*</h2><table><thead><tr>(.*?)</tr>"
                             r"</thead><tbody>(.*?)</tbody>", page):
        headers = [html.unescape(h) for h in re.findall(r"<th>(.*?)</th>", match.group(2))]
        rows = [[html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", row)]
                for row in re.findall(r"<tr>(.*?)</tr>", match.group(3))]
        tables[match.group(1).replace("_", " ")] = (headers, rows)
    return tables


def test_the_html_report_tables_read_as_percentages_with_intervals(run_dir: Path) -> None:
    page = html_report(run_dir, read_manifest(run_dir))
    tables = report_tables_text(page)
    assert {"sweep", "win rates", "first player", "first player by length"} <= set(tables)
    headers, rows = tables["win rates"]
    rates = faction_win_rates(run_dir)
    assert "win rate [95% CI]" in headers and "95% low" not in headers and "95% high" not in headers
    column = headers.index("win rate [95% CI]")
    for row, expected in zip(rows, rates.sort(pl.col("config").replace_strict(
            {c: k for k, c in enumerate(SPEC_ORDER)}), "side").iter_rows(named=True)):
        assert row[column] == percent_with_interval(expected["win_rate"], expected["ci_low"], expected["ci_high"])
        assert re.fullmatch(r"\d{1,3}\.\d% \[\d{1,3}\.\d, \d{1,3}\.\d\]", row[column])
    for name, (headers, rows) in tables.items():
        assert [row[0] for row in rows if row[0] in SPEC_ORDER] == sorted(
            [row[0] for row in rows if row[0] in SPEC_ORDER], key=SPEC_ORDER.index), name
        for row in rows:
            for header, cell in zip(headers, row):
                if header.startswith(("q-value", "p-value")):
                    continue  # a probability reads as one: 0.0123, 3.26e-21, < 1e-300
                assert not re.fullmatch(r"-?0\.\d+", cell), (name, header, cell)  # no raw fraction like 0.5367
    sweep_headers, _ = tables["sweep"]
    assert {"q-value (BH)", "q-value (BY)", "Δ vs base [95% CI]"} <= set(sweep_headers)


def test_figures_follow_the_spec_order_and_say_the_first_player_as_a_win_rate(run_dir: Path) -> None:
    from sim.report import figures
    from sim.report.export import report_tables

    tables = report_tables(run_dir, read_manifest(run_dir), with_cards=False)
    fpa = figures.first_player_figure(tables["first_player"])
    assert list(fpa.data[0].y) == SPEC_ORDER  # one line per config, in the spec's order
    bars = fpa.data[0]  # each bar grows from the 50% line to its rate
    assert bars.base == 0.5 and [x + bars.base for x in bars.x] == pytest.approx(
        tables["first_player"]["first_player_win_rate"].to_list())
    printed = [text.strip() for text in fpa.data[-1].text]  # the words beside each bar: "the first player wins 77.4% (+54.8 pts) [..]"
    assert [p.split(" [")[0] for p in printed] == [
        f"the first player wins {100 * r:.1f}% ({100 * a:+.1f} pts)"
        for r, a in zip(tables["first_player"]["first_player_win_rate"], tables["first_player"]["advantage"])]
    assert all("pairs = " in p for p in printed)
    by_length = figures.first_player_length_figure(tables["first_player_by_length"])
    assert [trace.name for trace in by_length.data[:-1]] == SPEC_ORDER  # one colour per config; then the printed figures
    assert "observational" in by_length.layout.title.text


def test_the_matchup_matrix_lists_sides_in_the_spec_order() -> None:
    from sim.report import figures
    from sim.report.formatting import in_spec_order

    configs = ["china~china", "china~japon", "china~corea", "japon~japon", "japon~corea", "corea~corea"]
    pairs = [(r, c) for r in ("china", "corea", "japon") for c in ("china", "corea", "japon")]
    cells = pl.DataFrame({  # as matchup_cells gives them: sorted by row, then column
        "row": [r for r, _ in pairs], "column": [c for _, c in pairs],
        "config": [next(k for k in configs if set(k.split("~")) == {r, c}) for r, c in pairs],
        "n": [100] * 9, "win_rate": [0.5] * 9, "ci_low": [0.4] * 9, "ci_high": [0.6] * 9,
    })
    assert list(figures.matchup_figure(cells).data[0].x) == ["china", "corea", "japon"]
    assert list(figures.matchup_figure(in_spec_order(cells, configs)).data[0].x) == ["china", "japon", "corea"]
