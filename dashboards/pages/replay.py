"""Replay: pick a config and a game, read its events in Spanish or English, and download them (CSV
or Parquet: one row per event, with the game's record). The config and the game are in the address."""

from __future__ import annotations

import dash
import polars as pl
from dash import Input, Output, State, callback, dcc, html

from dashboards import data
from dashboards.kinds import unavailable
from dashboards.url_state import kept, url_filters
from sim.report.language import TEXT, t
from dashboards.widgets import export_bar, register_exports, shown
from sim.run.replay import Replay, replay_game
from sim.core.errors import InputError

dash.register_page(__name__, path="/replay", name="replay")

layout = url_filters(html.Div([
    html.H2(id="replay-heading"),
    html.Div([
        html.Label(id="replay-config-label"), dcc.Dropdown(id="replay-config", clearable=False, style={"width": "24em"}),
        html.Label(id="replay-game-label"), dcc.Input(id="replay-game", type="number", min=0, step=1, value=0,
                                                      style={"width": "8em"}),
        html.Button(id="replay-show"),
    ], style={"display": "flex", "gap": ".6em", "alignItems": "center"}),
    export_bar("replay"),
    html.Div(id="replay-body"),
]), config="replay-config", game="replay-game")
register_exports("replay")


@callback(Output("replay-heading", "children"), Output("replay-config-label", "children"),
          Output("replay-game-label", "children"), Output("replay-show", "children"), Input("lang", "data"))
def translate(lang: str):
    return t("replay_heading", lang), t("config", lang), t("game", lang), t("show", lang)


@callback(Output("replay-config", "options"), Output("replay-config", "value"), Input("run", "value"),
          Input("lang", "data"), State("replay-config", "value"))
def configs(run: str | None, lang: str, config: str | None):
    """The run's configs in words, in the page's language; the one chosen kept when the run has it."""
    if not run:
        return [], None
    options = data.config_options(run, lang)
    return options, kept(config, options)


def trace_rows(replay: Replay) -> pl.DataFrame:
    """The replayed game as a table: one row per event line, in order (`step` from 0), each with the
    game's record (config, game, unit, stage, who started, the winner, turns, how it ended)."""
    return pl.DataFrame({"step": list(range(len(replay.lines))), "event": replay.lines}).select(
        pl.lit(replay.config).alias("config"), pl.lit(replay.game).alias("game"), pl.lit(replay.unit).alias("unit"),
        pl.lit(replay.stage).alias("stage"), pl.lit(replay.first).alias("first"), pl.lit(replay.winner).alias("winner"),
        pl.lit(replay.turns).alias("turns"), pl.lit(replay.end_reason).alias("end_reason"), "step", "event")


@callback(Output("replay-body", "children"), Output("replay-shown", "data"), Input("replay-show", "n_clicks"),
          Input("replay-config", "value"), Input("lang", "data"), State("run", "value"), State("replay-game", "value"))
def show(_: int | None, config: str | None, lang: str, run: str | None, game: int | None):
    blocked = unavailable(run if config else None, lang)
    if blocked is not None:
        return blocked, None
    if game is not None and (isinstance(game, bool) or not isinstance(game, int)):  # 2.5 is no game, not game 2
        return html.P(t("game_number", lang, value=game), style={"color": "#a00"}), None
    try:
        replay = replay_game(data.run_folder(run), data.manifest_of(run), config, game or 0, lang)
    except InputError as exc:
        return html.P(data.said(exc, lang), style={"color": "#a00"}), None
    winner = t("replay_draw", lang) if replay.winner == "draw" else replay.winner
    end = f"end_{replay.end_reason}"  # the rulesets' end reasons, in the charts' part of the catalog
    summary = t("replay_summary", lang, game=replay.game, first=replay.first, turns=replay.turns,
                winner=winner, end=t(end, lang) if end in TEXT else replay.end_reason)
    notes = [html.P(t("replay_changed", lang), style={"color": "#a60"})] if replay.changed else []
    if replay.matches_stored:
        notes.append(html.P(t("matches_stored", lang), style={"color": "#070"}))
    body = [html.P(summary, id="replay-summary"), *notes,
            html.Pre("\n".join(replay.lines), id="replay-lines", style={"maxHeight": "40em", "overflow": "auto"})]
    return body, shown(f"replay.{replay.config}.game{replay.game}", trace_rows(replay))
