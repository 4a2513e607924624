"""Conclusions across agent levels (sim/analysis/levels.py): each headline figure per level, flagged
when it changes sign or moves beyond its interval."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from sim.analysis.levels import MOVES, SIGN, _flag, card_level_conclusions, config_levels, level_conclusions, side_level
from sim.report.export import html_report
from sim.report.formatting import percent
from sim.report.language import column, t
from sim.run.runner import run_experiment
from sim.run.spec import load_spec
from sim.results.manifest import read_manifest

ROOT = Path(__file__).resolve().parents[2]


def test_a_flag_says_when_the_favourite_changes_or_the_figure_moves() -> None:
    assert _flag((0.60, 0.55, 0.65), (0.40, 0.35, 0.45)) == SIGN
    assert _flag((0.60, 0.55, 0.65), (0.75, 0.70, 0.80)) == MOVES
    assert _flag((0.60, 0.55, 0.65), (0.62, 0.57, 0.67)) == ""
    assert _flag((0.52, 0.48, 0.56), (0.40, 0.35, 0.45)) == MOVES  # the first interval holds 50%: no sign to change


def test_a_card_effect_is_flagged_around_zero() -> None:
    assert _flag((0.05, 0.02, 0.08), (-0.04, -0.07, -0.01), neutral=0.0) == SIGN
    assert _flag((0.05, 0.02, 0.08), (-0.04, -0.07, -0.01)) == MOVES  # read around 50% both sit below it: only a move


def test_a_level_names_the_agent_and_a_hard_sides_settings() -> None:
    assert side_level({"agent": "greedy"}) == "greedy"
    assert side_level({"agent": "hard", "search": {"samples": 8, "horizon": 2}}) == "hard 8x2"


@pytest.fixture(scope="module")
def levels_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    experiment = load_spec(ROOT / "experiments" / "dicedraft_levels.toml", games=200)
    return run_experiment(experiment, tmp_path_factory.mktemp("levels")).run_dir


def test_the_levels_spec_gives_each_figure_at_each_level(levels_run: Path) -> None:
    table = level_conclusions(levels_run)
    assert set(table["figure"]) == {"side A win rate", "first player win rate"}
    for figure in ("side A win rate", "first player win rate"):
        rows = table.filter(table["figure"] == figure)
        assert rows["level"].to_list() == ["greedy / greedy", "random / random", "hard 8x2 / hard 8x2"]
        assert rows["flag"][0] == ""  # the baseline is what the others are read against
        assert ((rows["low"] <= rows["value"]) & (rows["value"] <= rows["high"])).all()
        assert (rows["n"] == 200).all()


def test_the_levels_spec_follows_the_top_cards_of_the_first_level(levels_run: Path) -> None:
    cards = card_level_conclusions(levels_run, top=2)
    assert set(cards["side"]) == {0, 1}
    for (side, card), rows in cards.group_by("side", "card_id", maintain_order=True):
        assert rows["level"].to_list() == ["greedy / greedy", "random / random", "hard 8x2 / hard 8x2"]
        assert rows["flag"][0] == ""
        assert ((rows["low"] <= rows["value"]) & (rows["value"] <= rows["high"])).all()
        assert (rows["n"] > 0).all() and (rows["n"] <= 200).all()
    first = cards.filter(cards["level"] == "greedy / greedy")
    assert 2 <= first.filter(first["side"] == 0).height <= 4  # the two that help most and the two that help least
    for other in cards.filter(cards["flag"] != "").iter_rows(named=True):
        assert other["flag"] in (SIGN, MOVES)


def test_a_sweep_that_plays_one_level_has_no_table(tmp_path: Path) -> None:
    experiment = load_spec(ROOT / "experiments" / "dicedraft_budget_curve.toml", games=4)
    outcome = run_experiment(experiment, tmp_path)
    assert level_conclusions(outcome.run_dir).is_empty()
    assert card_level_conclusions(outcome.run_dir).is_empty()
    assert len({level for _, level in config_levels(read_manifest(outcome.run_dir)).values()}) == 1


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_report_shows_the_levels_and_the_key_cards_per_level(levels_run: Path, lang: str) -> None:
    page = html_report(levels_run, read_manifest(levels_run), lang)
    for block in ("table-levels", "chart-levels", "table-card_levels", "chart-card_levels"):
        assert f"id='{block}'" in page, block
    assert html.escape(t("report_table_card_levels", lang)) in page and html.escape(t("report_note_card_levels", lang)) in page
    assert t("level_figure_first player win rate", lang) in page
    # beside every win rate, the draws at the turn cap and the rate among decided games (sim.analysis.draws)
    hand = counted_by_hand(levels_run, HARD)
    interval = f" [{t('interval_95', lang)}]"
    for table in ("levels", "sweep", "win_rates", "first_player"):
        block = page[page.index(f"id='table-{table}'"):]
        block = block[:block.index("</section>")]
        decided = "decided_first_player_win_rate" if table == "first_player" else "decided_win_rate"
        for header in (column("cap_draw_share", lang) + interval, column(decided, lang) + interval,
                       column("decided", lang), column("draws", lang)):
            assert f"<th>{html.escape(header)}</th>" in block, (table, header)
        assert percent(hand["cap_draw_share"], lang=lang) in block, table


# --- the draws beside every win rate of a levels run, on each surface (sim.analysis.draws) ----------------------------

HARD = "side1.agent=hard,side2.agent=hard"


def counted_by_hand(run_dir: Path, config: str) -> dict[str, float]:
    """The hard config's cap draws and decided-games rates counted from its stored games, not through
    sim.analysis."""
    import polars as pl

    games = pl.read_parquet(run_dir / "games" / f"config={config}" / "*.parquet")
    winner, reason = games["winner"].to_numpy(), games["end_reason"].cast(pl.String).to_numpy()
    decided = winner != -1
    return {"cap_draw_share": float(((winner == -1) & (reason == "turn_cap")).mean()),
            "decided": int(decided.sum()), "a_decided": float((winner[decided] == 0).mean()),
            "first_decided": float((winner[decided] == games["first_side"].to_numpy()[decided]).mean()),
            "wins": int((winner == 0).sum()), "losses": int((winner == 1).sum()), "draws": int((~decided).sum())}


def test_the_console_shows_the_draws_beside_every_win_rate_of_the_levels(levels_run: Path) -> None:
    import io

    from rich.console import Console

    from sim.report.console import print_summary

    out = io.StringIO()
    print_summary(Console(file=out, width=400), levels_run, read_manifest(levels_run), "en")
    text = out.getvalue()
    hand = counted_by_hand(levels_run, HARD)
    assert hand["cap_draw_share"] > 0.2  # two hard players stall: the case the columns are for
    for title, header in (("Sweep: side A", "win rate among decided games"), ("First-player advantage",
                                                                            "first player's win rate among decided games"),
                          ("Across agent levels", "win rate among decided games")):
        part = text[text.index(title):]
        assert "turn-cap draws" in part.splitlines()[2] or "turn-cap draws" in "\n".join(part.splitlines()[:6]), title
        assert header in "\n".join(part.splitlines()[:6]), title
    lines = text.splitlines()
    sweep = next(line for line in lines[next(i for i, x in enumerate(lines) if "Sweep: side A" in x):]
                 if line.startswith(f"│ {HARD} "))
    assert f"{hand['wins']} / {hand['losses']} / {hand['draws']}" in sweep
    assert f"{100 * hand['cap_draw_share']:.1f}% [" in sweep
    assert f"{100 * hand['a_decided']:.1f}% [" in sweep and f"of {hand['decided']}" in sweep
    level = next(line for line in lines if "first player win rate" in line and "hard 8x2" in line)
    assert f"{100 * hand['first_decided']:.1f}% [" in level and f"{100 * hand['cap_draw_share']:.1f}% [" in level


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_dashboard_tables_show_the_draws_in_each_language(levels_run: Path, lang: str) -> None:
    import sys

    import dash

    from dashboards.app import create_app
    from dashboards.widgets import table_texts

    hand = counted_by_hand(levels_run, HARD)
    interval = f" [{t('interval_95', lang)}]"
    app = create_app(levels_run.parent, executor="serial", warm=False)
    pages = {path: sys.modules[next(p["module"] for p in dash.page_registry.values() if p["path"] == path)]
             for path in ("/sweeps", "/factions")}
    with app.server.app_context():
        _, parts, _ = pages["/sweeps"].draw(levels_run.name, lang)
        levels = next(part for part in parts if getattr(part, "id", None) == "sweeps-levels-table")
        _, parts, _, _ = pages["/factions"].draw(levels_run.name, lang, "win-rates")
        rates = next(part for part in parts if getattr(part, "id", None) == "factions-win-rates-table")
    for wrapper, decided_rate in ((levels, hand["first_decided"]), (rates, hand["a_decided"])):
        headers = {c["colId"]: c["headerName"] for c in wrapper.children.columnDefs}
        assert headers["cap_draw_share"] == column("cap_draw_share", lang) + interval
        assert headers["decided_win_rate"] == column("decided_win_rate", lang) + interval
        texts = [row["decided_win_rate"] for row in table_texts(wrapper)]
        assert any(text.startswith(percent(decided_rate, lang=lang) + " [") for text in texts)
        assert any(row["cap_draw_share"].startswith(percent(hand["cap_draw_share"], lang=lang) + " [")
                   for row in table_texts(wrapper))
