"""Best of three (rule D-18): side A's match win rate per config with its interval and n, in words
and as a bar; how many games the matches took (2 or 3, more with draws); and how often the winner
of game 1 goes on to win the match. A run of another kind gets a sentence and a link to its page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dash
import polars as pl
from dash import Input, Output, callback, html

from dashboards import data
from dashboards.kinds import unavailable
from dashboards.widgets import export_bar, graph, legend_and_table, register_exports, shown
from sim.analysis.units import game_one_winner, match_lengths
from sim.report import figures
from sim.report.formatting import config_in_words, count, localised, percent_with_interval
from sim.report.language import t
from sim.results.folder import MANIFEST

dash.register_page(__name__, path="/matches", name="matches")
RUN_KIND = "best_of_three"  # the kind of run this page draws (dashboards.kinds); another kind gets a sentence

layout = html.Div([html.H2(id="matches-heading"), export_bar("matches"), html.Div(id="matches-body")])
register_exports("matches")


@data.computed_once(maxsize=8)
def _match_views(folder: str, version: float) -> tuple[pl.DataFrame, pl.DataFrame]:
    return match_lengths(Path(folder)), game_one_winner(Path(folder))


def side_labels(manifest: dict[str, Any], config: str) -> tuple[str, str]:
    """The two sides' labels in a config (A:aranas, or the spec's own label)."""
    sides = manifest["configs"].get(config, {}).get("sides", [{}, {}])
    return tuple(str(side.get("label") or side.get("faction") or "AB"[k]) for k, side in enumerate(sides[:2]))


def summary_lines(results: pl.DataFrame, first: pl.DataFrame, manifest: dict[str, Any], lang: str) -> list[html.Li]:
    lines = []
    first_by_config = {r["config"]: r for r in first.iter_rows(named=True)}
    for r in results.iter_rows(named=True):
        a, b = side_labels(manifest, r["config"])
        config = config_in_words(r["config"], lang)
        lines.append(html.Li(t("matches_summary", lang, config=config, a=a, b=b, n=count(r["matches"], lang),
                                rate=percent_with_interval(r["rate"], r["ci_low"], r["ci_high"], lang=lang),
                                won=count(r["won"], lang), lost=count(r["lost"], lang),
                                undecided=count(r["undecided"], lang),
                                games=localised(f"{r['games_per_match']:.2f}", lang))))
        one = first_by_config.get(r["config"])
        if one is not None:
            lines.append(html.Li(t("matches_game_one", lang, config=config, n=count(one["matches"], lang),
                                    rate=percent_with_interval(one["rate"], one["ci_low"], one["ci_high"], lang=lang))))
    return lines


@callback(Output("matches-heading", "children"), Output("matches-body", "children"), Output("matches-shown", "data"),
          Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    heading = t("matches_heading", lang)
    blocked = unavailable(run, lang, RUN_KIND)
    if blocked is not None:
        return heading, blocked, None
    manifest = data.manifest_of(run)
    results = data.tables_of(run)["match_results"]
    folder = data.run_folder(run)
    lengths, first = _match_views(str(folder), (folder / MANIFEST).stat().st_mtime)
    versus = " vs ".join(side_labels(manifest, results["config"][0])) if results.height else ""
    parts = [html.Ul(summary_lines(results, first, manifest, lang), id="matches-summary"),
             graph("matches-win-rate", figures.match_win_rate_figure(results, lang, versus)),
             *legend_and_table("matches-table", results.select("config", "matches", "won", "lost", "undecided", "rate", "ci_low",
                                                    "ci_high", "games_per_match"), lang),
             graph("matches-lengths", figures.games_per_match_figure(lengths, lang)),
             *legend_and_table("matches-lengths-table", lengths, lang),
             graph("matches-game-one", figures.game_one_figure(first, lang)),
             *legend_and_table("matches-game-one-table", first, lang)]
    return heading, parts, shown("match_results", results)
