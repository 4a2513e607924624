"""Pieces every page uses: the export bar (HTML report, CSV and Parquet of what is shown), graphs
whose camera icon saves a PNG, and tables on AG Grid (dash-ag-grid) that sort and filter in the page.

A table shows its figures as the console and the report write them (sim.report.formatting: "52.1%
[52.0, 52.2]", "+3.4 pts", "1,000", "< 1e-300"), but each row holds the raw value of every column
under the column's own key and the text beside it (key + TEXT_SUFFIX): the grid sorts by the raw
value (text would put "9.5%" after "52.1%") and shows and filters the text. A card's columns are
coloured as 17lands colours them (green above 50% when drawn or held, red below; its effects around
0: the card helps its side or not). A figure of the sides' balance (a side's or the first player's
win rate, the first player's advantage) is coloured by its distance from 50% (from 0 for the
advantage) alone, pale amber to red the farther it is, never green: a 77% first player is an
imbalance, not good news. Every row has
a stable id (`_row_id`, from the columns that tell rows apart), so a page that sends new rows to a
grid's rowData (`grid_id`, `table_rows`) updates them in place; a page that draws the whole table
again on a timer gets a new grid, which takes back the filter and sort the designer set (Dash
persistence, per browser tab). Headers say on hover what the column measures (ANALYTICS.md's words, from
the catalog), and the grid's own texts (filter box, "no rows", pagination) follow the language.
Downloads export the raw numbers, never the text."""

from __future__ import annotations

import io
from typing import Any

import dash_ag_grid as dag
import plotly.graph_objects as go
import polars as pl
from dash import Input, Output, State, callback, dcc, html, no_update

from dashboards import data
from sim.report import figures
from sim.report.export import html_report
from sim.report.formatting import (DIFFERENCE_NAMES, ReadableColumn, localised, readable_columns, readable_values,
                                   shown_scale, text_width)
from sim.report.language import GRID_TEXT_KEYS, column, column_definition, t

GRAPH_CONFIG = {"displaylogo": False, "toImageButtonOptions": {"format": "png", "scale": 2}}
TEXT_SUFFIX = "__text"  # a row's shown text of column c sits under c + TEXT_SUFFIX, its raw value under c
ROW_ID = "_row_id"
PINNED = frozenset({"card_id", "card_name"})  # a wide card table scrolls; the card stays in sight
# 17lands-like shades: the further from 50% (or from 0 for a difference), the stronger the colour
GREENS = ("#1a9850", "#66bd63", "#a6d96a", "#d9ef8b")
REDS = ("#d73027", "#f46d43", "#fdae61", "#fee08b")
RATE_STEPS = (0.10, 0.05, 0.02, 0.005)  # distance from 50% for each shade, strongest first
DIFFERENCE_STEPS = (0.10, 0.05, 0.02, 0.005)  # distance from 0, in rate points
# a balance figure's distance from even, strongest first: red to pale amber, the same either way
IMBALANCE = ("#ef9a9a", "#ffcc80", "#ffe0b2", "#fff3e0")


def graph(graph_id: str, fig: go.Figure) -> dcc.Graph:
    figure = figures.white_figure(fig)
    layout = figure["layout"]
    # a figure that lists every card sets its own, taller height: keep it
    layout["height"] = max(420, layout.get("height") or 0)
    if layout.get("margin", {}).get("l") is None:
        layout["margin"] = {**layout.get("margin", {}), **dict(t=60, l=60, r=20, b=80)}
    return dcc.Graph(id=graph_id, figure=figure, config=GRAPH_CONFIG, className="sim-graph")


def header(name: str, with_interval: bool, lang: str | None) -> str:
    """A column's header in `lang`, saying when its cells carry their 95% interval."""
    return column(name, lang) + (f" [{t('interval_95', lang)}]" if with_interval else "")


def is_win_rate(name: str) -> bool:
    """A column the grid colours around 50%: a win rate (not a share, a play rate or a count)."""
    return name.endswith(("_wr", "win_rate")) or name.startswith("win_rate") or name in ("rate", "first_player_win_rate")


def is_balance_figure(name: str) -> bool:
    """A figure of the sides' balance, coloured by its distance from even, never green: a side's win
    rate (win_rate, a_win_rate, win_rate_first, a match's or a stage's rate), the first player's win
    rate and its advantage. A card's columns (gih_wr, iwd, effect...) are not."""
    return name.startswith("win_rate") or name.endswith(("win_rate", "advantage")) or name == "rate"


def is_rate_difference(name: str) -> bool:
    """A column the grid colours around 0: a difference of win rates (IWD, a forced-draw effect, an
    ablation's worth, a sweep's Δ), as sim.report.formatting names them."""
    return name.endswith(("diff", "advantage")) or name in DIFFERENCE_NAMES


STYLE_SUFFIX = "__style"  # a coloured column c: the cell's style (its shade, or null) under c + STYLE_SUFFIX


def shade(value: float | None, centre: float, steps: tuple[float, ...], above: tuple[str, ...] = GREENS,
          below: tuple[str, ...] = REDS) -> dict[str, str] | None:
    """The cell style of `value`: the `above` shades the further above `centre` (green, for a card),
    the `below` ones the further below (red), none near it."""
    if value is None:
        return None
    for step, up, down in zip(steps, above, below):
        if value >= centre + step:
            return {"backgroundColor": up}
        if value <= centre - step:
            return {"backgroundColor": down}
    return None


def colouring(name: str, dtype: pl.DataType) -> tuple[float, tuple[float, ...], tuple[str, ...], tuple[str, ...]] | None:
    """(centre, steps, shades above, shades below) of a column the grid colours: a balance figure
    by its distance from even alone (IMBALANCE both ways), a card's win rates around 50% and its
    differences around 0 (green above, red below)."""
    if not dtype.is_numeric():
        return None
    if is_balance_figure(name):
        return (0.0, DIFFERENCE_STEPS, IMBALANCE, IMBALANCE) if name.endswith("advantage") else \
            (0.5, RATE_STEPS, IMBALANCE, IMBALANCE)
    if is_win_rate(name):
        return 0.5, RATE_STEPS, GREENS, REDS
    if is_rate_difference(name):
        return 0.0, DIFFERENCE_STEPS, GREENS, REDS
    return None


WORDED_NUMBERS = frozenset({"side"})  # numbers shown as words (side 0 -> "A"): filtered as their text
NUMBER_CHARACTERS = "\\d\\-\\+\\.\\,"  # what a number filter's box lets through: digits, sign, either decimal mark


def is_number_column(name: str, dtype: pl.DataType) -> bool:
    """A column the grid filters by number (greater than, at most, between...), not by text."""
    return dtype.is_numeric() and name not in WORDED_NUMBERS


def number_filter(name: str, dtype: pl.DataType, lang: str | None) -> dict[str, Any]:
    """A number filter (with its floating filter) on the raw value in the unit the cell reads: the
    row's raw value times formatting.shown_scale, so 5 typed on IWD means 5 pts and 55 on a win rate
    55 %, not 0.05 or 0.55. The typed number is read with either decimal mark (Spanish 0,5 or 0.5)
    and shown back as `lang` writes it (assets/sim_grid.js). The getter is evaluated per row only
    while the column is filtered (a few dozen rows), never when the grid draws."""
    language = lang or "es"
    return {
        "filter": "agNumberColumnFilter",
        "filterValueGetter": {"function": f"simShownNumber(params, '{name}', {shown_scale(name, dtype)})"},
        "filterParams": {"allowedCharPattern": NUMBER_CHARACTERS,
                         "numberParser": {"function": f"simParseNumber(params, '{language}')"},
                         "numberFormatter": {"function": f"simFormatNumber(params, '{language}')"}},
    }


def legend_bands(steps: tuple[float, ...], lang: str | None) -> list[str]:
    """Each shade's band in points of distance, strongest first: "10 pts or more", "5 to 10 pts"..."""
    def pts(step: float) -> str:
        return localised(f"{100 * step:g}", lang or "es")
    return [t("legend_band_top", lang, low=pts(step)) if i == 0 else t("legend_band", lang, low=pts(step), high=pts(steps[i - 1]))
            for i, step in enumerate(steps)]


SWATCH = {"display": "inline-block", "width": "1em", "height": "1em", "border": "1px solid #ccc",
          "verticalAlign": "middle", "marginRight": "2px"}
LEGEND_LINE = {"display": "flex", "flexWrap": "wrap", "gap": ".25em .9em", "alignItems": "center", "fontSize": ".85em",
               "margin": ".2em 0"}


def swatch(colours: tuple[str, ...], label: str) -> html.Span:
    boxes = [html.Span(className="sim-swatch", style={**SWATCH, "backgroundColor": colour}) for colour in colours]
    return html.Span([*boxes, html.Span(label, style={"marginLeft": ".2em"})], className="sim-legend-band",
                     style={"whiteSpace": "nowrap"})


def colour_legend(table_id: str, frame: pl.DataFrame, lang: str | None) -> html.Div | None:
    """What the shades of `table(table_id, frame, lang)` mean, one line per kind of coloured column
    it has: a card's win rates around 50% (RATE_STEPS) and its differences around 0
    (DIFFERENCE_STEPS), green above and red below, stronger the farther; a balance figure by its
    distance from even (IMBALANCE, red severe to pale amber mild). Made from the constants that
    colour the cells, so the legend cannot say other bands than the grid shows. None when nothing
    in the table is coloured."""
    kinds = {}
    for name in frame.columns:
        scale = colouring(name, frame.schema[name])
        if scale is None:
            continue
        centre, steps, above, below = scale
        kind = "balance" if above == IMBALANCE else ("card_rates" if centre else "card_differences")
        kinds.setdefault(kind, (steps, above, below))
    if not kinds:
        return None
    lines = []
    for kind in ("card_rates", "card_differences", "balance"):
        if kind not in kinds:
            continue
        steps, above, below = kinds[kind]
        pairs = [(up,) if kind == "balance" else (up, down) for up, down in zip(above, below)]
        meaning = t("legend_balance_meaning" if kind == "balance" else "legend_card_meaning", lang)
        lines.append(html.Div([html.Span(t(f"legend_{kind}", lang), className="sim-legend-title", style={"fontWeight": "600"}),
                               *(swatch(colours, band) for colours, band in zip(pairs, legend_bands(steps, lang))),
                               swatch(("transparent",), t("legend_none", lang, low=localised(f"{100 * steps[-1]:g}", lang or "es"))),
                               html.Span(meaning, className="sim-legend-meaning", style={"color": "#555"})],
                              className="sim-legend-line", style=LEGEND_LINE, **{"data-kind": kind}))
    return html.Div(lines, id=f"{table_id}-legend", className="sim-legend")


def column_def(shown: ReadableColumn, dtype: pl.DataType, lang: str | None) -> dict[str, Any]:
    """One AG Grid column: shown as its text, sorted by the raw value, filtered by number in the
    unit it reads (a text column by its text), coloured when it is a win rate or a difference of
    win rates, its definition on hover.

    No function string here is evaluated per cell (dash-ag-grid interprets each call, copying its
    whole context each time: on the cards page that took most of a second): the text is the column's
    field, the order a comparator made once (assets/sim_grid.js), the shade a style in the row."""
    spec: dict[str, Any] = {
        "colId": shown.name, "field": shown.name + TEXT_SUFFIX,
        "headerName": header(shown.name, shown.with_interval, lang),
        "comparator": {"function": f"simRawOrder('{shown.name}')"},
        **(number_filter(shown.name, dtype, lang) if is_number_column(shown.name, dtype) else
           {"filter": "agTextColumnFilter"}),
    }
    definition = column_definition(shown.name, lang)
    if definition:
        spec["headerTooltip"] = definition
    if shown.name in PINNED:
        spec["pinned"] = "left"
    if shown.name == "card_name":  # the card as the game names it, its id on hover too
        spec["tooltipField"] = "card_id" + TEXT_SUFFIX
    if dtype.is_numeric():
        spec["type"] = "rightAligned"
        if colouring(shown.name, dtype):
            spec["cellStyle"] = {"function": f"params.data['{shown.name}{STYLE_SUFFIX}']"}
    return spec


def row_ids(frame: pl.DataFrame, columns: list[str]) -> list[str]:
    """A stable id per row: the values of the fewest leading columns that tell every row apart (a run's
    name; a config and a side; a side and a card), so the same row keeps its id when the table is
    redrawn with new figures; the row's place when no prefix does."""
    for stop in range(1, len(columns) + 1):
        key = columns[:stop]
        if frame.select(key).is_unique().all():
            return ["\x1f".join("" if v is None else str(v) for v in values) for values in frame.select(key).iter_rows()]
    return [str(i) for i in range(frame.height)]


def locale_text(lang: str | None) -> dict[str, str]:
    """AG Grid's own words (filter menu, "no rows", pagination) in `lang`."""
    return {key: t(f"grid_{key}", lang) for key in GRID_TEXT_KEYS}


POINTS = ("points", "points_low", "points_high")  # budget points: a signed number with its interval


def with_budget_points(frame: pl.DataFrame, lang: str | None = "en") -> list[ReadableColumn]:
    """readable_columns, with budget points (ablation's points-equivalent) as "+6.0 [+1.2, +10.8]"
    in one column, sorted by the value, rather than three columns of bare numbers."""
    if not set(POINTS) <= set(frame.columns):
        return readable_columns(frame, lang or "es")
    columns = readable_columns(frame.drop(POINTS[1:]), lang or "es")
    texts = [signed_number_interval(v, lo, hi, lang or "es") for v, lo, hi in frame.select(POINTS).iter_rows()]
    return [ReadableColumn(c.name, True, texts, c.sort_keys) if c.name == "points" else c for c in columns]


def signed_number_interval(value: float | None, low: float | None, high: float | None, lang: str = "en") -> str:
    if value is None:
        return "-"
    between = "; " if lang == "es" else ", "  # a decimal comma parts the bounds with a semicolon
    interval = "" if low is None or high is None else \
        f" [{localised(f'{low:+.1f}', lang)}{between}{localised(f'{high:+.1f}', lang)}]"
    return f"{localised(f'{value:+.1f}', lang)}{interval}"


def grid_id(table_id: str) -> str:
    """The id of the AG Grid inside `table(table_id, ...)`: a page that refreshes a table on a timer
    may send `table_rows` to its rowData alone."""
    return f"{table_id}-grid"


def table_rows(frame: pl.DataFrame, columns: list[ReadableColumn] | None = None) -> list[dict[str, Any]]:
    """The grid's rows of `frame`: each column's raw value under its name, its text beside it
    (name + TEXT_SUFFIX), and the row's stable id (ROW_ID)."""
    columns = columns if columns is not None else with_budget_points(frame)
    identifying = [c.name for c in columns if not frame.schema[c.name].is_float()]
    rows: list[dict[str, Any]] = [{ROW_ID: row_id} for row_id in row_ids(frame, identifying or [c.name for c in columns])]
    for shown_column in columns:
        for row, text, key in zip(rows, shown_column.texts, shown_column.sort_keys):
            row[shown_column.name] = key
            row[shown_column.name + TEXT_SUFFIX] = text
        scale = colouring(shown_column.name, frame.schema[shown_column.name])
        if scale is not None:
            for row in rows:
                row[shown_column.name + STYLE_SUFFIX] = shade(row[shown_column.name], *scale)
    return rows


# Column widths and the header's height are worked out here (formatting.text_width), not measured by
# AG Grid in the page:
# its fitCellContents and autoHeaderHeight measured every column one by one, each measure laying out
# the whole page again (3 s on the cards page, with its 40 columns and two plots).
CELL_PADDING = 32  # AG Grid's theme: 16 px each side of a cell's text
HEADER_ICONS = 24  # room beside a header's text for its sort arrow
MIN_COLUMN_WIDTH = 90
MAX_COLUMN_WIDTH = 340
HEADER_LINE = 20  # px a wrapped header line takes
def column_width(header_text: str, texts: list[str]) -> int:
    """Wide enough for the column's widest cell and its header's longest word."""
    widest = max((text_width(text) for text in texts), default=0.0)
    longest_word = max((text_width(word) for word in header_text.split()), default=0.0) + HEADER_ICONS
    return int(min(MAX_COLUMN_WIDTH, max(MIN_COLUMN_WIDTH, widest + CELL_PADDING, longest_word + CELL_PADDING)))


def header_lines(header_text: str, width: int) -> int:
    """How many lines `header_text` wraps to in a column `width` px wide."""
    room = width - CELL_PADDING - HEADER_ICONS
    lines, used = 1, 0.0
    for word in header_text.split():
        needed = text_width(word) if used == 0 else text_width(" " + word)
        if used and used + needed > room:
            lines, used = lines + 1, text_width(word)
        else:
            used += needed
    return lines


def header_height(headers: list[tuple[str, int]]) -> int:
    """The header row's height: room for the header that wraps to the most lines."""
    return HEADER_LINE * max((header_lines(text, width) for text, width in headers), default=1) + 16


# A long table (every card of a game) scrolls in a box of SHOWN_ROWS rows; the grid draws only the rows
# in sight. Rows of 28 px (17lands' density) and 22 of them: header, filters and rows fit a 1400 x 900
# window with room to spare (the browser test counts the rows in sight there).
SCROLL_AFTER = 25
SHOWN_ROWS = 22
ROW_HEIGHT = 28  # px
FILTER_ROW = 34  # px: the floating filters under the header


def table(table_id: str, frame: pl.DataFrame, lang: str | None, shown_columns: frozenset[str] | None = None) -> html.Div:
    """A table designers can sort and filter in place, headers in `lang`, figures formatted as the
    report does. The element with id `table_id` wraps the grid (id `grid_id(table_id)`). Drawn again
    by a page's callback, the grid is mounted anew but takes back the filter and the sort the
    designer set (Dash persistence of filterModel and columnState, per browser tab). A short table
    is as tall as its rows; a long one (every card of a game) scrolls under its header, so opening
    it draws only the rows and columns in sight (drawing all 44 rows of 25 columns took most of a
    second).

    `shown_columns` (a column preset): only those columns in sight, the others hidden, not dropped
    (the row keeps every figure). The preset is also the grid's starting columnState, so the sort
    and widths a designer set come back when the grid is drawn again with the same preset, and a
    grid drawn with another preset starts from that preset (Dash restores a persisted prop only
    while the page's own value is the one it was recorded against)."""
    frame = readable_values(frame, lang or "es")  # "paired", a ranking's measure, a flag: in `lang`
    columns = with_budget_points(frame, lang)
    column_defs = [column_def(c, frame.schema[c.name], lang) for c in columns]
    for spec, shown_column in zip(column_defs, columns):
        spec["width"] = column_width(spec["headerName"], shown_column.texts)
    preset: dict[str, Any] = {}
    if shown_columns is not None:
        for spec in column_defs:
            spec["hide"] = spec["colId"] not in shown_columns
        preset["columnState"] = [{"colId": spec["colId"], "hide": spec["hide"]} for spec in column_defs]
    headers = header_height([(spec["headerName"], spec["width"]) for spec in column_defs if not spec.get("hide")])
    scrolled = frame.height > SCROLL_AFTER
    size = {"height": f"{headers + FILTER_ROW + ROW_HEIGHT * SHOWN_ROWS + 18}px"} if scrolled else {}
    return html.Div(dag.AgGrid(
        id=grid_id(table_id), rowData=table_rows(frame, columns), columnDefs=column_defs,
        defaultColDef={"sortable": True, "filter": True, "floatingFilter": True, "resizable": True,
                       "minWidth": MIN_COLUMN_WIDTH, "wrapHeaderText": True},
        getRowId=f"params.data.{ROW_ID}",
        dashGridOptions={"domLayout": "normal" if scrolled else "autoHeight", "rowHeight": ROW_HEIGHT,
                         "headerHeight": headers, "floatingFiltersHeight": FILTER_ROW, "suppressColumnVirtualisation": not scrolled,
                         "tooltipShowDelay": 300, "localeText": locale_text(lang), "enableCellTextSelection": True},
        persistence=True, persisted_props=["filterModel", "columnState"], persistence_type="session",
        className="sim-table", style={"width": "100%", **size}, **preset,
    ), id=table_id, className="sim-table-box")


def legend_and_table(table_id: str, frame: pl.DataFrame, lang: str | None) -> list[html.Div]:
    """`table(table_id, frame, lang)` with its colour legend above it when it colours any column: a
    page splices the list into its parts."""
    legend = colour_legend(table_id, frame, lang)
    return ([] if legend is None else [legend]) + [table(table_id, frame, lang)]


def table_texts(wrapper: html.Div) -> list[dict[str, str]]:
    """The rows of a `table` as a person reads them: each column's shown text under its name."""
    return [{key[:-len(TEXT_SUFFIX)]: value for key, value in row.items() if key.endswith(TEXT_SUFFIX)}
            for row in wrapper.children.rowData]


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
