"""The dashboard's first panel on every page of a run: its findings, in the page's language, each with
its severity's colour (never green), on the run pages only; and the tables' balance figures (a 77%
first player, a side at 40%) coloured by their distance from even, never green, while a card's
columns keep 17lands' colours. The panel's callback is called as the page calls it (no browser)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from dashboards.app import create_app
from dashboards import data
from dashboards.findings_panel import RUN_PAGES, SHOWN, draw_findings
from dashboards.widgets import GREENS, IMBALANCE, table
from sim.analysis.first_player import first_player_advantage
from sim.cli import main
from sim.report.findings_text import SEVERITY_COLOURS
from sim.report.formatting import signed_points_with_interval

SPEC = """name = "panel"
ruleset = "dicedraft"
games = 200
seed = 3
[[side]]
faction = "aranas"
label = "Arañas"
[[side]]
faction = "ciempies"
label = "Ciempiés"
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("panel")
    (folder / "panel.toml").write_text(SPEC, encoding="utf-8")
    results = folder / "results"
    assert main(["run", str(folder / "panel.toml"), "--results", str(results), "--executor", "serial"]) == 0
    return results


def texts(node) -> list[str]:
    """Every string inside a Dash component tree, in order."""
    if node is None:
        return []
    if isinstance(node, str):
        return [node]
    if isinstance(node, (list, tuple)):
        return [text for child in node for text in texts(child)]
    return texts(getattr(node, "children", None))


def items(children: list) -> list:
    """The panel's findings (its list items)."""
    listing = next(c for c in children if getattr(c, "id", None) == "findings-list")
    return listing.children


def test_every_run_page_opens_with_the_runs_findings(results: Path) -> None:
    app = create_app(results, executor="serial", warm=False)
    advantage = first_player_advantage(results / "panel").row(0, named=True)
    with app.server.test_request_context():
        for path in RUN_PAGES:
            children, hidden = draw_findings("panel", "en", path)
            assert not hidden, path
        first = items(children)[0]
        words = " ".join(texts(first))
        # the run's largest finding: whoever starts wins most of dicedraft's games
        assert words.startswith(f"{first.children[0].children} The first player wins"), words
        assert signed_points_with_interval(advantage["advantage"], advantage["ci_low"], advantage["ci_high"]) in words
        badge = first.children[0]
        assert badge.children == "high" and badge.style["background"] == SEVERITY_COLOURS["high"]
        assert first.style["borderLeft"].endswith(SEVERITY_COLOURS["high"])
        for item in items(children):
            assert item.children[0].style["background"] not in GREENS  # an imbalance is never green
        assert "Findings" in texts(children)
        spanish, _ = draw_findings("panel", "es", "/cards")
        assert " ".join(texts(items(spanish)[0])).startswith("alta El primer jugador gana el ")
        assert "Conclusiones" in texts(spanish)
        for path in ("/", "/compare", "/replay", "/balance"):  # pages that do not draw one run
            assert draw_findings("panel", "en", path) == (None, True)
        assert draw_findings(None, "en", "/factions") == (None, True)


def by_id(node, wanted: str):
    """The component of a Dash tree with id `wanted` (None when there is none)."""
    if getattr(node, "id", None) == wanted:
        return node
    children = node if isinstance(node, (list, tuple)) else getattr(node, "children", None)
    for child in children if isinstance(children, (list, tuple)) else [children] if children is not None else []:
        found = by_id(child, wanted)
        if found is not None:
            return found
    return None


def test_the_panel_shows_the_first_finding_and_the_problems_and_folds_the_rest(results: Path) -> None:
    """Compact, so a page's own figures stay in sight under it (issue 33): the first finding, then the
    problems after it up to SHOWN; the information, the reconciled cards and what the severities
    mean behind one "show all n findings", in the page's language."""
    app = create_app(results, executor="serial", warm=False)
    with app.server.test_request_context():
        rows = data.findings_of("panel").rows("en")
        for lang, opener in (("en", f"Show all {len(rows)} findings"), ("es", f"Mostrar las {len(rows)} conclusiones")):
            children, _ = draw_findings("panel", lang, "/cards")
            shown = items(children)
            problems = next((k for k, row in enumerate(rows) if k and row["severity"] == "info"), len(rows))
            assert len(shown) == max(1, min(SHOWN, problems)) < len(rows)
            assert [r["severity"] for r in rows[1:len(shown)]] == [r["severity"] for r in rows[1:len(shown)] if r["severity"] != "info"]
            fold = by_id(children, "findings-fold")
            assert by_id(fold, "findings-show-all").children == opener
            rest = by_id(fold, "findings-rest")
            assert rest.start == len(shown) + 1 and len(rest.children) == len(rows) - len(shown)
            assert by_id(children, "findings-list") not in (fold, None)  # the ones in sight are outside the fold


def test_balance_figures_are_coloured_by_their_distance_from_even_never_green() -> None:
    frame = pl.DataFrame({"config": ["a", "b", "c"], "first_player_win_rate": [0.774, 0.52, 0.30],
                          "advantage": [0.548, 0.04, -0.40], "win_rate": [0.40, 0.5, 0.671],
                          "gih_wr": [0.6, 0.5, 0.4]})
    rows = table("t", frame, "en").children.rowData
    shade = lambda column: [(row[f"{column}__style"] or {}).get("backgroundColor") for row in rows]  # noqa: E731
    assert shade("first_player_win_rate") == [IMBALANCE[0], IMBALANCE[2], IMBALANCE[0]]  # 77.4% and 30%: far from even
    assert shade("advantage") == [IMBALANCE[0], IMBALANCE[2], IMBALANCE[0]]
    assert shade("win_rate") == [IMBALANCE[0], None, IMBALANCE[0]]  # 40% and 67.1% alike: distance, not direction
    assert not set(GREENS) & set(shade("first_player_win_rate") + shade("advantage") + shade("win_rate"))
    assert shade("gih_wr")[0] == GREENS[0]  # a card that helps its side when drawn keeps 17lands' green
