"""Pieces every page uses: the export bar (HTML report, CSV and Parquet of what is shown), graphs
whose camera icon saves a PNG, and sortable, filterable tables."""

from __future__ import annotations

import io
from typing import Any

import plotly.graph_objects as go
import polars as pl
from dash import Input, Output, State, callback, dash_table, dcc, html, no_update

from dashboards import data
from dashboards.i18n import column, t
from sim.report.export import html_report

GRAPH_CONFIG = {"displaylogo": False, "toImageButtonOptions": {"format": "png", "scale": 2}}


def graph(graph_id: str, fig: go.Figure) -> dcc.Graph:
    # a figure that lists every card sets its own, taller height: keep it
    fig.update_layout(template="plotly_white", height=max(420, fig.layout.height or 0),
                      margin=dict(t=60, l=60, r=20, b=80))
    return dcc.Graph(id=graph_id, figure=fig, config=GRAPH_CONFIG, className="sim-graph")


def table(table_id: str, frame: pl.DataFrame, lang: str | None, page_size: int = 20) -> dash_table.DataTable:
    """A table designers can sort and filter in place (native Dash table), headers in `lang`."""
    shown = frame.with_columns(pl.col(pl.Float64).round(4))
    return dash_table.DataTable(
        id=table_id, data=shown.to_dicts(), columns=[{"name": column(c, lang), "id": c} for c in shown.columns],
        sort_action="native", filter_action="native", page_size=page_size,
        style_table={"overflowX": "auto"}, style_cell={"fontFamily": "system-ui, sans-serif", "fontSize": 13})


def export_bar(page: str) -> html.Div:
    return html.Div([
        html.Button(id=f"{page}-export-report", className="export"),
        html.Button(id=f"{page}-export-csv", className="export"),
        html.Button(id=f"{page}-export-parquet", className="export"),
        html.Span(id=f"{page}-export-hint", style={"color": "#666", "fontSize": ".85em"}),
        dcc.Download(id=f"{page}-download"),
        dcc.Store(id=f"{page}-shown"),
    ], style={"display": "flex", "gap": ".6em", "alignItems": "center", "margin": ".6em 0"})


def shown(name: str, frame: pl.DataFrame) -> dict[str, Any]:
    """What a page puts in its `<page>-shown` store: the table name and its rows."""
    return {"name": name, "rows": frame.to_dicts()}


def register_exports(page: str) -> None:
    """The export bar's labels and downloads for one page."""

    @callback(Output(f"{page}-export-report", "children"), Output(f"{page}-export-csv", "children"),
              Output(f"{page}-export-parquet", "children"), Output(f"{page}-export-hint", "children"),
              Input("lang", "data"))
    def label(lang: str):
        return t("download_report", lang), t("download_csv", lang), t("download_parquet", lang), t("png_hint", lang)

    @callback(Output(f"{page}-download", "data"), Input(f"{page}-export-report", "n_clicks"),
              Input(f"{page}-export-csv", "n_clicks"), Input(f"{page}-export-parquet", "n_clicks"),
              State(f"{page}-shown", "data"), State("run", "value"), State("lang", "data"), prevent_initial_call=True)
    def download(report: int | None, csv: int | None, parquet: int | None, content: dict | None, run: str | None,
                 lang: str | None):
        from dash import ctx

        if not run:
            return no_update
        if ctx.triggered_id == f"{page}-export-report":
            return dcc.send_string(html_report(data.run_folder(run), data.manifest_of(run), lang or "es"), f"{run}.html")
        if not content:
            return no_update
        frame = pl.DataFrame(content["rows"])
        stem = f"{run}.{content['name']}"
        if ctx.triggered_id == f"{page}-export-csv":
            return dcc.send_string(frame.write_csv(), f"{stem}.csv")
        buffer = io.BytesIO()
        frame.write_parquet(buffer)
        return dcc.send_bytes(buffer.getvalue(), f"{stem}.parquet")
