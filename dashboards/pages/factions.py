"""Factions: win rates with intervals, the matchup matrix, first-player advantage (in words, as a
table, and by game length), ratings, game length and end reasons of the chosen run; configs in the
spec's order."""

from __future__ import annotations

import dash
from dash import Input, Output, callback, html

from dashboards import data
from dashboards.i18n import t
from dashboards.widgets import export_bar, graph, register_exports, shown, table
from sim.report import figures
from sim.report.formatting import first_player_words, in_spec_order

dash.register_page(__name__, path="/factions", name="factions")

layout = html.Div([html.H2(id="factions-heading"), export_bar("factions"), html.Div(id="factions-body")])
register_exports("factions")


@callback(Output("factions-heading", "children"), Output("factions-body", "children"), Output("factions-shown", "data"),
          Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    if not run:
        return t("factions_heading", lang), html.P(t("no_data", lang)), None
    tables = data.tables_of(run)
    parts = []
    if "matchups" in tables:
        parts.append(graph("factions-matchups", figures.matchup_figure(tables["matchups"], lang)))
        parts.append(graph("factions-marginals", figures.marginal_figure(tables["matchup_marginals"], lang)))
        parts += [html.H3(t("ratings", lang)), table("factions-ratings", data.ratings_of(run), lang)]
    parts += [graph("factions-win-rates", figures.win_rate_figure(tables["win_rates"], lang)),
              *first_player_parts(tables, lang),
              graph("factions-game-length", figures.game_length_figure(
                  in_spec_order(data.turn_shares(run), data.manifest_of(run)["configs"]), lang)),
              graph("factions-end-reasons", figures.end_reason_figure(tables["end_reasons"], lang))]
    return t("factions_heading", lang), parts, shown("win_rates", tables["win_rates"])


def first_player_parts(tables: dict, lang: str) -> list:
    """The first player said in words per config, its table and figure, then by game length."""
    advantage, by_length = tables["first_player"], tables["first_player_by_length"]
    words = [html.Li(f"{row['config']}: {first_player_words(row, lang)}") for row in advantage.iter_rows(named=True)]
    return [html.H3(t("first_player_heading", lang)), html.Ul(words, id="factions-first-player-words"),
            graph("factions-first-player", figures.first_player_figure(advantage, lang)),
            table("factions-first-player-table", advantage, lang),
            html.H3(t("by_length_heading", lang)), html.P(t("by_length_note", lang), className="note"),
            graph("factions-first-player-length", figures.first_player_length_figure(by_length, lang)),
            table("factions-first-player-length-table", by_length, lang)]
