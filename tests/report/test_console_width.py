"""The console summary on a terminal of 100 columns: every figure printed whole on one line (a table
too wide is split into parts that repeat the columns naming its rows), no header cut short, no line
wider than the terminal; and the sides named by their display names (Arañas, not aranas)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console

from sim.cli import main
from sim.report.tables import FittedTable

# a figure as the console writes it: a count, a rate, points, and the interval that follows it
FIGURE = re.compile(r"[+\-−±]?\d[\d,.]*(?:%| pts)?(?: \[[+\-−]?\d[\d.]*, [+\-−]?\d[\d.]*\])?")
CELL_RULES = "│┃"


def cells(text: str) -> list[str]:
    """The text of every table cell line (a cell that holds two lines gives two)."""
    out = []
    for line in text.splitlines():
        if line.startswith(tuple(CELL_RULES)):
            out += [cell.strip() for cell in re.split(f"[{CELL_RULES}]", line)[1:-1]]
    return [cell for cell in out if cell]


def figures(text: str) -> Counter:
    return Counter(f for cell in cells(text) for f in FIGURE.findall(cell))


def headers(text: str) -> set[str]:
    return {cell for line in text.splitlines() if line.startswith("┃")
            for cell in (c.strip() for c in line.split("┃")[1:-1]) if cell}


def assert_readable(narrow: str, wide: str, width: int) -> None:
    assert max(len(line) for line in narrow.splitlines()) <= width
    assert "…" not in narrow
    missing = figures(wide) - figures(narrow)  # a figure cut over two lines is missing whole
    assert not missing, sorted(missing)[:10]
    cut = [h for h in headers(wide) if " " not in h and h not in headers(narrow)]
    assert not cut, cut


def rendered(renderable: object, width: int) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"), color_system=None)
    console.print(renderable)
    return console.export_text()


def test_a_table_wider_than_the_terminal_splits_into_parts_that_repeat_the_naming_columns() -> None:
    header = ["config", "first player wins", "first minus second", "side A first", "side A second", "pairs", "method"]
    rows = [[f"Ciempiés ~ Arañas {i}", "54.0% [49.7, 58.3]", "+8.0 pts [-0.7, +16.7]", "58.0% of 100",
             "50.0% of 100", "12,345", "paired"] for i in range(3)]
    table = FittedTable("First-player advantage: a long title", header, ["left"] + ["right"] * 6, rows, keys=1)
    narrow, wide = rendered(table, 80), rendered(table, 400)
    assert_readable(narrow, wide, 80)
    assert "First-player advantage (continued, part 2 of 2)" in narrow
    assert narrow.count("Ciempiés ~ Arañas 2") == 2  # the naming column in both parts
    assert "continued" not in wide and wide.count("Ciempiés ~ Arañas 2") == 1  # it fits: printed whole
    # a table that fits is printed as rich prints it
    small = FittedTable("t", ["a", "b"], ["left", "right"], [["x", "1.0%"]])
    assert rendered(small, 100) == rendered(small.table([0, 1], "t"), 100)


@pytest.fixture(scope="module")
def round_robin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("width")
    spec = folder / "rr.toml"
    spec.write_text('name = "rr"\nruleset = "dicedraft"\nmatchups = "round_robin"\ngames = 400\nseed = 9\n\n'
                    '[[side]]\nfaction = "aranas"\n\n[[side]]\nfaction = "ciempies"\n', encoding="utf-8")
    assert main(["run", str(spec), "--results", str(folder / "results"), "--executor", "threads"]) == 0
    return folder / "results" / "rr"


def show(run_dir: Path, width: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    capsys.readouterr()
    assert main(["show", str(run_dir)]) == 0
    return capsys.readouterr().out


def test_sim_show_at_100_columns_prints_every_figure_whole(round_robin: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    narrow, wide = show(round_robin, 100, monkeypatch, capsys), show(round_robin, 400, monkeypatch, capsys)
    assert_readable(narrow, wide, 100)
    for title in ("Win rate", "First-player advantage", "Matchups", "Metagame", "Bradley-Terry", "Cards of"):
        assert title in narrow, title
    assert sum(figures(wide).values()) > 150  # the check saw the tables' figures


def test_sim_show_names_the_factions_by_their_display_names(round_robin: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = show(round_robin, 200, monkeypatch, capsys)
    assert "round robin of Arañas, Ciempiés" in out and "Arañas~Ciempiés" in out
    assert "Cards of Arañas, side A (Arañas~Arañas)" in out
    for faction_id in ("aranas", "ciempies"):
        assert not re.search(rf"\b{faction_id}\b", out.replace(str(round_robin), "")), faction_id
