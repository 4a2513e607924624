"""Factions: win rates with intervals, the matchup matrix, first-player advantage, ratings, game
length and end reasons of the chosen run."""

from __future__ import annotations

import dash
from dash import Input, Output, callback, html

from dashboards import data
from dashboards.i18n import t
from dashboards.widgets import export_bar, graph, register_exports, shown, table
from sim.report import figures

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
              graph("factions-first-player", figures.first_player_figure(tables["first_player"], lang)),
              graph("factions-game-length", figures.game_length_figure(data.turn_shares(run), lang)),
              graph("factions-end-reasons", figures.end_reason_figure(tables["end_reasons"], lang))]
    return t("factions_heading", lang), parts, shown("win_rates", tables["win_rates"])
