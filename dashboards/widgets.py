"""Pieces every page uses: the export bar (HTML report, CSV and Parquet of what is shown), graphs
whose camera icon saves a PNG, and sortable, filterable tables.

A table shows its figures as the console and the report write them (sim.report.formatting: "52.1%
[52.0, 52.2]", "+3.4 pts", "1,000", "< 1e-300"), so its cells are text; each row also carries the raw
values under hidden keys, and one server-side callback sorts by those (text would put "9.5%" after
"52.1%"). Downloads export the raw numbers, never the text."""

from __future__ import annotations

import io
from typing import Any

import plotly.graph_objects as go
import polars as pl
from dash import MATCH, Input, Output, State, callback, dash_table, dcc, html, no_update

from dashboards import data
from sim.report.language import column, t
from sim.report.export import html_report
from sim.report.formatting import readable_columns

GRAPH_CONFIG = {"displaylogo": False, "toImageButtonOptions": {"format": "png", "scale": 2}}
TABLE_TYPE = "sim-table"  # the pattern-matching id type of every table, for the one sorting callback
SORT_SUFFIX = "__sort"  # a row's raw value of column c sits under c + SORT_SUFFIX
ROW_KEY = "_row"  # a row's place in the frame, to come back to when a sort is cleared


def graph(graph_id: str, fig: go.Figure) -> dcc.Graph:
    # a figure that lists every card sets its own, taller height: keep it
    fig.update_layout(template="plotly_white", height=max(420, fig.layout.height or 0),
                      margin=dict(t=60, l=60, r=20, b=80))
    return dcc.Graph(id=graph_id, figure=fig, config=GRAPH_CONFIG, className="sim-graph")


def header(name: str, with_interval: bool, lang: str | None) -> str:
    """A column's header in `lang`, saying when its cells carry their 95% interval."""
    return column(name, lang) + (f" [{t('interval_95', lang)}]" if with_interval else "")


def table(table_id: str, frame: pl.DataFrame, lang: str | None, page_size: int = 20) -> html.Div:
    """A table designers can sort and filter in place, headers in `lang`, figures formatted as the
    report does. The element with id `table_id` wraps the DataTable (whose id is a pattern-matching
    one, so that `sort_rows` serves every table)."""
    columns = readable_columns(frame)
    rows: list[dict[str, Any]] = [{ROW_KEY: i} for i in range(frame.height)]
    for shown_column in columns:
        for row, text, key in zip(rows, shown_column.texts, shown_column.sort_keys):
            row[shown_column.name] = text
            row[shown_column.name + SORT_SUFFIX] = key
    return html.Div(dash_table.DataTable(
        id={"type": TABLE_TYPE, "name": table_id}, data=rows,
        columns=[{"name": header(c.name, c.with_interval, lang), "id": c.name} for c in columns],
        sort_action="custom", sort_mode="single", sort_by=[], filter_action="native", page_size=page_size,
        style_table={"overflowX": "auto"}, style_cell={"fontFamily": "system-ui, sans-serif", "fontSize": 13},
    ), id=table_id)


def sorted_rows(rows: list[dict[str, Any]], sort_by: list[dict[str, str]] | None) -> list[dict[str, Any]]:
    """Rows sorted by the raw values of the column `sort_by` names (Dash's sort_by), missing values
    last either way; with no sort, back in the frame's order."""
    if not sort_by:
        return sorted(rows, key=lambda row: row[ROW_KEY])
    key = sort_by[0]["column_id"] + SORT_SUFFIX
    present = [row for row in rows if row.get(key) is not None]
    missing = [row for row in rows if row.get(key) is None]
    return sorted(present, key=lambda row: row[key], reverse=sort_by[0]["direction"] == "desc") + missing


@callback(Output({"type": TABLE_TYPE, "name": MATCH}, "data"),
          Input({"type": TABLE_TYPE, "name": MATCH}, "sort_by"), State({"type": TABLE_TYPE, "name": MATCH}, "data"), prevent_initial_call=True)
def sort_rows(sort_by: list[dict[str, str]] | None, rows: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    return sorted_rows(rows or [], sort_by)


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

        if not run or not data.has_games(run):  # nothing to report before the first chunk
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
