"""Draft budget (dicedraft): win rate against the player's budget with interval bands, the player ×
opponent budget heatmap, the fitted worth of a budget point, and story mode's stages."""

from __future__ import annotations

import dash
import plotly.graph_objects as go
import polars as pl
from dash import Input, Output, callback, html

from dashboards import data
from dashboards.i18n import t
from dashboards.widgets import export_bar, graph, register_exports, shown, table
from sim.report import figures

dash.register_page(__name__, path="/budget", name="budget")

layout = html.Div([html.H2(id="budget-heading"), export_bar("budget"), html.Div(id="budget-body")])
register_exports("budget")


def heatmap(cells: pl.DataFrame, lang: str) -> go.Figure:
    pivot = cells.pivot(on="budget_b", index="budget_a", values="win_rate", aggregate_function="mean").sort("budget_a")
    columns = [c for c in pivot.columns if c != "budget_a"]
    fig = go.Figure(go.Heatmap(z=pivot.select(columns).to_numpy(), x=columns, y=pivot["budget_a"].to_list(),
                               colorscale="RdBu", zmin=0, zmax=1,
                               hovertemplate="player %{y} vs opponent %{x}: %{z:.1%}<extra></extra>"))
    es = lang == "es"
    fig.update_layout(title="Presupuesto propio × del rival: victorias propias" if es else
                      "Player budget × opponent budget: player's win rate",
                      xaxis_title="presupuesto del rival" if es else "opponent's budget",
                      yaxis_title="presupuesto propio" if es else "player's budget")
    return fig


@callback(Output("budget-heading", "children"), Output("budget-body", "children"), Output("budget-shown", "data"),
          Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    heading = t("budget_heading", lang)
    if not run:
        return heading, html.P(t("no_data", lang)), None
    tables = data.tables_of(run)
    parts = []
    cells = tables.get("budget_cells")
    if cells is not None and cells["budget_a"].n_unique() > 1:
        parts.append(graph("budget-curve", figures.budget_curve_figure(cells, lang)))
        if cells["budget_b"].n_unique() > 1:
            parts.append(graph("budget-heatmap", heatmap(cells, lang)))
        if "budget_slopes" in tables:
            parts.append(table("budget-slopes", tables["budget_slopes"], lang))
    if "story_stages" in tables:
        parts.append(graph("budget-story", figures.story_figure(tables["story_stages"], lang)))
        parts.append(table("budget-story-clear", tables["story_clear_chance"], lang))
    if not parts:
        return heading, html.P(t("no_budget", lang)), None
    main = cells if cells is not None else tables["story_stages"]
    return heading, parts, shown("budget", main)
