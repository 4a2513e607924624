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
from dashboards.kinds import open_run_page
from sim.report.language import t
from dashboards.widgets import export_bar, graph, legend_and_table, register_exports, shown
from sim.report import figures
from sim.report.formatting import count, local_fit_words, localised, percent, signed_points_with_interval

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
    text = [[f"{percent(by[(a, b)]['win_rate'], lang=lang)}<br>n = {count(by[(a, b)]['n'], lang)}" if (a, b) in by else ""
             for b in columns]
            for a in rows]
    hover = [[t("budget_heatmap_hover", lang, player=a, opponent=b, rate=percent(by[(a, b)]["win_rate"], lang=lang),
                n=count(by[(a, b)]["n"], lang)) if (a, b) in by else "" for b in columns] for a in rows]
    fig = go.Figure(go.Heatmap(z=z, x=[str(b) for b in columns], y=[str(a) for a in rows], text=text,
                               texttemplate="%{text}", hovertext=hover, hoverinfo="text", colorscale="RdYlGn",
                               zmin=0, zmax=1, colorbar=dict(tickmode="array", tickvals=[0, 0.25, 0.5, 0.75, 1],
                                                                        ticktext=[percent(v, 0, lang) for v in (0, 0.25, 0.5, 0.75, 1)])))
    fig.update_layout(title=t("budget_heatmap_title", lang), xaxis_title=t("budget_heatmap_opponent", lang),
                      yaxis_title=t("budget_heatmap_player", lang))
    return fig


def slope_words(slopes: pl.DataFrame, lang: str) -> str:
    """The slope of each curve in words: the logistic fit with both SEs and its misfit, and the paired
    local slope at the working budget with its interval."""
    out = []
    for r in slopes.iter_rows(named=True):
        quasi = t("slope_no_quasi", lang) if r["elo_per_point_se_quasi"] is None \
            else t("slope_quasi", lang, se=localised(f"{r['elo_per_point_se_quasi']:.2f}", lang))
        dispersion = None if r["dispersion"] is None else localised(f"{r['dispersion']:,.1f}", lang)
        misfit = "" if dispersion is None else f", χ²/df = {count(round(r['pearson_chi2']), lang)}/{r['df']} = {dispersion}"
        text = t("slope_fit", lang, a=r["faction_a"], b=r["faction_b"], budget=r["budget_b"],
                 elo=localised(f"{r['elo_per_point']:+.1f}", lang),
                 se=localised(f"{r['elo_per_point_se']:.2f}", lang)) + f", {quasi}{misfit}"
        if r["local_slope"] is not None:
            text += "; " + t("slope_local", lang, budget=r["working_budget"],
                             slope=signed_points_with_interval(r["local_slope"], r["local_slope_low"],
                                                               r["local_slope_high"], 2, lang=lang),
                             fit=local_fit_words(r["local_fit"], lang), pairs=count(r["local_pairs"], lang))
        out.append(text)
    return ". ".join(out) + "."


def falls_words(steps: pl.DataFrame, lang: str) -> str:
    """Where the curve falls with more budget (paired, 95% interval below 0), or that it never does."""
    falls = steps.filter(pl.col("falls"))
    if not falls.height:
        return t("falls_none_words", lang, steps=steps.height)
    listed = "; ".join(f"{r['budget_from']} → {r['budget_to']}: "
                       f"{signed_points_with_interval(r['diff'], r['diff_low'], r['diff_high'], 2, lang=lang)}"
                       for r in falls.iter_rows(named=True))
    return t("falls_some_words", lang, falls=falls.height, steps=steps.height, listed=listed)


@callback(Output("budget-heading", "children"), Output("budget-body", "children"), Output("budget-shown", "data"),
          Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    page = open_run_page(run, lang, "budget_heading")
    if page.blocked is not None:
        return page.heading, page.blocked, None
    heading, tables = page.heading, page.tables
    parts = []
    cells = tables.get("budget_cells")
    if cells is not None and cells["budget_a"].n_unique() > 1:
        steps = tables.get("budget_steps")
        names, colours = data.chart_names_of(run)
        parts.append(graph("budget-curve", figures.budget_curve_figure(figures.with_display_names(cells, names), lang,
                                                                       steps=None if steps is None else figures.with_display_names(steps, names),
                                                                       colours=colours)))
        if cells["budget_b"].n_unique() > 1:
            parts.append(graph("budget-heatmap", heatmap(cells, lang)))
        if "budget_slopes" in tables:
            parts.append(html.P(slope_words(tables["budget_slopes"], lang), id="budget-slope-words"))
            parts += legend_and_table("budget-slopes", tables["budget_slopes"], lang)
        if steps is not None and steps.height:
            parts.append(html.P(falls_words(steps, lang), id="budget-falls"))
            parts += legend_and_table("budget-steps", steps, lang)
    if "story_stages" in tables:
        parts.append(graph("budget-story", figures.story_figure(tables["story_stages"], lang)))
        parts += legend_and_table("budget-story-clear", tables["story_clear_chance"], lang)
    if not parts:
        return heading, html.P(t("no_budget", lang)), None
    main = cells if cells is not None else tables["story_stages"]
    return heading, parts, shown("budget", main)
