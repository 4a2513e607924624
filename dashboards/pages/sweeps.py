"""Sweeps: every config against the baseline on the same games (paired difference, interval,
q-value) and the pentanomial SPRT of each config."""

from __future__ import annotations

import dash
from dash import Input, Output, callback, html

from dashboards import data
from dashboards.i18n import t
from dashboards.widgets import export_bar, graph, register_exports, shown, table
from sim.analysis.sprt import sprt_by_config
from sim.report import figures

dash.register_page(__name__, path="/sweeps", name="sweeps")

layout = html.Div([html.H2(id="sweeps-heading"), export_bar("sweeps"), html.Div(id="sweeps-body")])
register_exports("sweeps")


@callback(Output("sweeps-heading", "children"), Output("sweeps-body", "children"), Output("sweeps-shown", "data"),
          Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    heading = t("sweeps_heading", lang)
    if not run:
        return heading, html.P(t("no_data", lang)), None
    tables = data.tables_of(run)
    if "sweep" not in tables:
        return heading, html.P(t("no_sweep", lang)), None
    sweep = tables["sweep"]
    parts = [graph("sweeps-diff", figures.sweep_figure(sweep, lang)), table("sweeps-table", sweep),
             html.H3(t("sprt", lang)), table("sweeps-sprt", sprt_by_config(data.run_folder(run)))]
    return heading, parts, shown("sweep", sweep)
