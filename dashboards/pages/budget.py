"""Draft budget (dicedraft): win rate against the player's budget with interval bands, the player ×
opponent budget heatmap, the fitted worth of a budget point (model and misfit-aware SEs, the paired
local slope at the working budget), the steps where the curve falls with more budget, and story
mode's stages."""

from __future__ import annotations

import dash
import plotly.graph_objects as go
import polars as pl
from dash import Input, Output, callback, html

from dashboards import data
from sim.report.language import t
from dashboards.widgets import export_bar, graph, register_exports, shown, table
from sim.report import figures
from sim.report.formatting import count, percent

dash.register_page(__name__, path="/budget", name="budget")

layout = html.Div([html.H2(id="budget-heading"), export_bar("budget"), html.Div(id="budget-body")])
register_exports("budget")


def heatmap(cells: pl.DataFrame, lang: str) -> go.Figure:
    """The player budget × opponent budget heatmap of the player's win rate, each cell's rate and n
    printed (the mean over factions where several share a cell)."""
    grouped = (cells.group_by("budget_a", "budget_b")
               .agg(pl.col("win_rate").mean(), pl.col("n").sum()).sort("budget_a", "budget_b"))
    rows = grouped["budget_a"].unique().sort().to_list()
    columns = grouped["budget_b"].unique().sort().to_list()
    by = {(r["budget_a"], r["budget_b"]): r for r in grouped.iter_rows(named=True)}
    z = [[by[(a, b)]["win_rate"] if (a, b) in by else None for b in columns] for a in rows]
    text = [[f"{percent(by[(a, b)]['win_rate'])}<br>n = {count(by[(a, b)]['n'])}" if (a, b) in by else "" for b in columns]
            for a in rows]
    hover = [[t("budget_heatmap_hover", lang, player=a, opponent=b, rate=percent(by[(a, b)]["win_rate"]),
                n=count(by[(a, b)]["n"])) if (a, b) in by else "" for b in columns] for a in rows]
    fig = go.Figure(go.Heatmap(z=z, x=[str(b) for b in columns], y=[str(a) for a in rows], text=text,
                               texttemplate="%{text}", hovertext=hover, hoverinfo="text", colorscale="RdBu",
                               zmin=0, zmax=1, colorbar=dict(tickformat=".0%")))
    fig.update_layout(title=t("budget_heatmap_title", lang), xaxis_title=t("budget_heatmap_opponent", lang),
                      yaxis_title=t("budget_heatmap_player", lang))
    return fig


def slope_words(slopes: pl.DataFrame, lang: str) -> str:
    """The slope of each curve in words: the logistic fit with both SEs and its misfit, and the paired
    local slope at the working budget with its interval."""
    es = lang == "es"
    out = []
    for r in slopes.iter_rows(named=True):
        quasi = ("sin SE de desajuste (df = 0)" if es else "no misfit SE (df = 0)") if r["elo_per_point_se_quasi"] is None \
            else f"± {r['elo_per_point_se_quasi']:.2f} " + ("con desajuste" if es else "allowing for misfit")
        misfit = "" if r["dispersion"] is None else f", χ²/df = {r['pearson_chi2']:,.0f}/{r['df']} = {r['dispersion']:,.1f}"
        text = (f"{r['faction_a']} vs {r['faction_b']} ({r['budget_b']}): {r['elo_per_point']:+.1f} Elo "
                + ("por punto" if es else "per point") + f" ± {r['elo_per_point_se']:.2f} "
                + ("(modelo)" if es else "(model)") + f", {quasi}{misfit}")
        if r["local_slope"] is not None:
            text += ("; " + ("pendiente local en" if es else "local slope at") + f" {r['working_budget']}: "
                     f"{100 * r['local_slope']:+.2f} pts " + ("por punto" if es else "per point")
                     + f" [{100 * r['local_slope_low']:+.2f}, {100 * r['local_slope_high']:+.2f}] "
                     f"({r['local_fit']}, {r['local_pairs']:,} " + ("pares de asientos espejados" if es else "seat-mirrored pairs") + ")")
        out.append(text)
    return ". ".join(out) + "."


def falls_words(steps: pl.DataFrame, lang: str) -> str:
    """Where the curve falls with more budget (paired, 95% interval below 0), or that it never does."""
    es = lang == "es"
    falls = steps.filter(pl.col("falls"))
    if not falls.height:
        return (f"Ninguno de los {steps.height} pasos baja con más presupuesto (emparejado, intervalo del 95%)." if es
                else f"None of the {steps.height} steps falls with more budget (paired, 95% interval).")
    listed = "; ".join(f"{r['budget_from']} → {r['budget_to']}: {100 * r['diff']:+.2f} pts "
                       f"[{100 * r['diff_low']:+.2f}, {100 * r['diff_high']:+.2f}]" for r in falls.iter_rows(named=True))
    return (f"No monótona: {falls.height} de {steps.height} pasos bajan con más presupuesto (mismas partidas, "
            f"intervalo del 95% bajo 0): {listed}." if es else
            f"Not monotone: {falls.height} of {steps.height} steps fall with more budget (same games, 95% interval "
            f"below 0): {listed}.")


@callback(Output("budget-heading", "children"), Output("budget-body", "children"), Output("budget-shown", "data"),
          Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    heading = t("budget_heading", lang)
    if not run:
        return heading, html.P(t("no_data", lang)), None
    if not data.has_games(run):
        return heading, html.P(t("no_games_yet", lang, run=run), className="no-games"), None
    tables = data.tables_of(run)
    parts = []
    cells = tables.get("budget_cells")
    if cells is not None and cells["budget_a"].n_unique() > 1:
        steps = tables.get("budget_steps")
        parts.append(graph("budget-curve", figures.budget_curve_figure(cells, lang, steps=steps)))
        if cells["budget_b"].n_unique() > 1:
            parts.append(graph("budget-heatmap", heatmap(cells, lang)))
        if "budget_slopes" in tables:
            parts.append(html.P(slope_words(tables["budget_slopes"], lang), id="budget-slope-words"))
            parts.append(table("budget-slopes", tables["budget_slopes"], lang))
        if steps is not None and steps.height:
            parts.append(html.P(falls_words(steps, lang), id="budget-falls"))
            parts.append(table("budget-steps", steps, lang))
    if "story_stages" in tables:
        parts.append(graph("budget-story", figures.story_figure(tables["story_stages"], lang)))
        parts.append(table("budget-story-clear", tables["story_clear_chance"], lang))
    if not parts:
        return heading, html.P(t("no_budget", lang)), None
    main = cells if cells is not None else tables["story_stages"]
    return heading, parts, shown("budget", main)
