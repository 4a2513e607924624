"""Replay: pick a config and a game, read its events in Spanish or English."""

from __future__ import annotations

import dash
from dash import Input, Output, State, callback, dcc, html

from dashboards import data
from sim.report.language import t
from dashboards.widgets import export_bar, register_exports
from sim.run.replay import replay_game
from sim.core.errors import InputError

dash.register_page(__name__, path="/replay", name="replay")

layout = html.Div([
    html.H2(id="replay-heading"),
    html.Div([
        html.Label(id="replay-config-label"), dcc.Dropdown(id="replay-config", clearable=False, style={"width": "24em"}),
        html.Label(id="replay-game-label"), dcc.Input(id="replay-game", type="number", min=0, step=1, value=0,
                                                      style={"width": "8em"}),
        html.Button(id="replay-show"),
    ], style={"display": "flex", "gap": ".6em", "alignItems": "center"}),
    export_bar("replay"),
    html.Div(id="replay-body"),
])
register_exports("replay")


@callback(Output("replay-heading", "children"), Output("replay-config-label", "children"),
          Output("replay-game-label", "children"), Output("replay-show", "children"), Input("lang", "data"))
def translate(lang: str):
    return t("replay_heading", lang), t("config", lang), t("game", lang), t("show", lang)


@callback(Output("replay-config", "options"), Output("replay-config", "value"), Input("run", "value"))
def configs(run: str | None):
    if not run:
        return [], None
    names = list(data.manifest_of(run)["configs"])
    return names, names[0]


@callback(Output("replay-body", "children"), Input("replay-show", "n_clicks"), Input("replay-config", "value"),
          Input("lang", "data"), State("run", "value"), State("replay-game", "value"))
def show(_: int | None, config: str | None, lang: str, run: str | None, game: int | None):
    if not run or not config:
        return html.P(t("no_data", lang))
    if not data.has_games(run):
        return html.P(t("no_games_yet", lang, run=run), className="no-games")
    if game is not None and (isinstance(game, bool) or not isinstance(game, int)):  # 2.5 is no game, not game 2
        return html.P(t("game_number", lang, value=game), style={"color": "#a00"})
    try:
        replay = replay_game(data.run_folder(run), data.manifest_of(run), config, game or 0, lang)
    except InputError as exc:
        return html.P(str(exc), style={"color": "#a00"})
    summary = t("replay_summary", lang, game=replay.game, first=replay.first, turns=replay.turns,
                winner=replay.winner, end=replay.end_reason)
    notes = [html.P(replay.warning, style={"color": "#a60"})] if replay.warning else []
    if replay.matches_stored:
        notes.append(html.P(t("matches_stored", lang), style={"color": "#070"}))
    return [html.P(summary, id="replay-summary"), *notes,
            html.Pre("\n".join(replay.lines), id="replay-lines", style={"maxHeight": "40em", "overflow": "auto"})]
