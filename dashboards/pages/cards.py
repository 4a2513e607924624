"""Cards: for an [impact] run the forced-draw effect of every card first (causal), then the 17lands-style
impact table (observational: sortable, filterable, a minimum-games filter, IWD beside its null,
q-values), GIH win rate against cost, IWD against play rate, and for an ablation run each card's
causal worth."""

from __future__ import annotations

import dash
import plotly.graph_objects as go
import polars as pl
from dash import Input, Output, State, callback, dcc, html

from dashboards import data
from sim.report.language import t
from dashboards.url_state import kept, url_filters
from dashboards.widgets import export_bar, graph, register_exports, shown, table
from sim.analysis.ablation import ablation_impact
from sim.analysis.forced_draw import forced_draw_effect
from sim.report import figures

dash.register_page(__name__, path="/cards", name="cards")

COLUMNS = ["side", "faction", "card_id", "card_name", "cost", "gp_n", "gp_wr", "gih_n", "gih_wr", "gns_wr", "iwd",
           "iwd_ci_low", "iwd_ci_high", "iwd_null", "iwd_shrunk", "q_value", "q_value_by", "position_effect", "played_n",
           "played_wr", "never_played", "after_redraft_n"]
FORCED_COLUMNS = ["side", "label", "card_id", "card_name", "cost", "pairs", "drawn_wr", "undrawn_wr", "effect",
                  "effect_low", "effect_high", "q_value_by", "played_when_drawn", "seen_when_undrawn"]

layout = url_filters(html.Div([
    html.H2(id="cards-heading"),
    html.Div([
        html.Label(id="cards-config-label"), dcc.Dropdown(id="cards-config", clearable=False, style={"width": "24em"}),
        html.Label(id="cards-faction-label"), dcc.Dropdown(id="cards-faction", style={"width": "12em"}),
        html.Label(id="cards-min-label"), dcc.Input(id="cards-min-games", type="number", min=0, step=1, value=0,
                                                    debounce=True, style={"width": "7em"}),
    ], style={"display": "flex", "gap": ".6em", "alignItems": "center", "flexWrap": "wrap"}),
    export_bar("cards"),
    html.Div(id="cards-body"),
]), config="cards-config", faction="cards-faction", min_games="cards-min-games")
register_exports("cards")


@callback(Output("cards-heading", "children"), Output("cards-config-label", "children"),
          Output("cards-faction-label", "children"), Output("cards-min-label", "children"), Input("lang", "data"))
def translate(lang: str):
    return t("cards_heading", lang), t("config", lang), t("faction_filter", lang), t("min_games", lang)


@callback(Output("cards-config", "options"), Output("cards-config", "value"), Output("cards-faction", "options"),
          Output("cards-faction", "value"), Input("run", "value"), State("cards-config", "value"),
          State("cards-faction", "value"))
def choices(run: str | None, config: str | None, faction: str | None):
    if not run:
        return [], None, [], None
    configs = list(data.manifest_of(run)["configs"])
    factions = sorted(data.impact_of(run)["faction"].unique().to_list()) if data.has_games(run) else []
    return configs, kept(config, configs), factions, kept(faction, factions, None)  # the address's, when offered


def iwd_figure(frame: pl.DataFrame, lang: str) -> go.Figure:
    fig = go.Figure()
    for (faction, side), part in frame.group_by("faction", "side", maintain_order=True):
        rate = (part["played_n"] / part["gp_n"]).to_list()
        fig.add_scatter(x=rate, y=part["iwd"].to_list(), mode="markers", name=f"{faction} ({'AB'[side]})",
                        customdata=list(zip(part["card_name"].to_list(), part["gih_n"].to_list())),
                        hovertemplate="%{customdata[0]}: IWD %{y:+.1%}, played in %{x:.0%} of games "
                                      "(GIH n=%{customdata[1]:,})<extra></extra>")
    es = lang == "es"
    fig.update_layout(title="IWD según frecuencia de juego" if es else "IWD against play rate",
                      xaxis=dict(title="proporción de partidas jugada" if es else "share of games played", tickformat=".0%"),
                      yaxis=dict(title="IWD (GIH WR − GNS WR)", tickformat="+.0%"))
    return fig


def ablation_figure(frame: pl.DataFrame, lang: str) -> go.Figure:
    """Each card's causal worth, the filler named and "not measured" where it plays like the card:
    the report's own figure, so the page and the report agree."""
    return figures.ablation_figure(frame, lang)


@callback(Output("cards-body", "children"), Output("cards-shown", "data"), Input("run", "value"),
          Input("cards-config", "value"), Input("cards-faction", "value"), Input("cards-min-games", "value"),
          Input("lang", "data"))
def draw(run: str | None, config: str | None, faction: str | None, min_games: int | None, lang: str):
    if not run or not config:
        return html.P(t("no_data", lang)), None
    if not data.has_games(run):
        return html.P(t("no_games_yet", lang, run=run), className="no-games"), None
    impact = data.impact_of(run).filter(pl.col("config") == config)
    if faction:
        impact = impact.filter(pl.col("faction") == faction)
    impact = impact.filter(pl.col("gih_n") >= (min_games or 0))
    view = impact.select([c for c in COLUMNS if c in impact.columns])
    manifest = data.manifest_of(run)
    parts = []
    if manifest["spec"].get("impact") and config == "base":  # the causal measure first, then the observational ones
        forced = forced_draw_effect(data.run_folder(run), manifest)
        if faction:
            forced = forced.filter(pl.col("faction") == faction)
        parts += [graph("cards-forced", figures.forced_draw_figure(forced, lang)),
                  table("cards-forced-table", forced.select(FORCED_COLUMNS), lang)]
    one_deck = impact.filter(pl.col("single_deck"))["side"].unique().sort().to_list()
    if one_deck:
        parts.append(html.P(t("single_deck_note", lang, sides=", ".join("AB"[s] for s in one_deck)), className="note"))
    parts += [html.P(t("observational_note", lang), className="note"), table("cards-table", view, lang),
              graph("cards-gih-cost", figures.card_scatter_figure(impact, config=config, lang=lang)),
              graph("cards-iwd-play", iwd_figure(impact, lang))]
    if manifest["spec"].get("ablation"):
        parts.append(graph("cards-ablation", ablation_figure(ablation_impact(data.run_folder(run), manifest), lang)))
    return parts, shown("card_impact", view)
