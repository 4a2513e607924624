"""Runs: what is stored (the grid, its games every config together and its times in the reader's time
zone), the card of the chosen run (dashboards.run_card), and launching an experiment (shipped or uploaded):
checked before anything starts, followed to its end (progress, or its process's error), cancelled
and resumed from the page (dashboards.launches)."""

from __future__ import annotations

import base64
import binascii
import re
from pathlib import Path

import dash
import polars as pl
from dash import ALL, Input, Output, State, callback, clientside_callback, ctx, dcc, html, no_update
from flask import current_app

from dashboards import data, launches, run_card
from sim.report.language import game_name, t
from dashboards.widgets import TEXT_SUFFIX, export_bar, grid_id, register_exports, shown, table, table_rows, with_budget_points
from sim.report.formatting import known_zone, local_date_text, readable_values
from sim.core.cards import parse_toml
from sim.core.errors import InputError
from sim.run.progress import stored_progress
from sim.run.spec import load_spec_dict

dash.register_page(__name__, path="/", name="runs")
REFRESH_MS = 1500  # how often the runs, their card and the progress lines are read again

layout = html.Div([
    html.H2(id="runs-heading"),
    html.Div(id="runs-list"),
    html.P(id="runs-time-zone-note", style={"color": "#666", "fontSize": ".85em"}),
    dcc.Store(id="runs-time-zone"),  # the browser's time zone, which the page's times are said in
    html.Div(id="run-card", role="status"),
    dcc.Store(id="run-card-drawn"),  # what the card says: drawn again only when it changes
    html.H2(id="launch-heading"),
    html.Div([
        html.Label(id="launch-shipped-label"),
        dcc.Dropdown(id="launch-shipped", options=data.shipped_experiments(), style={"width": "28em"}),
        html.Label(id="launch-games-label"),
        dcc.Input(id="launch-games", type="number", min=1, step=1, style={"width": "10em"}),
        html.Button(id="launch-button"),
    ], style={"display": "flex", "gap": ".6em", "alignItems": "center", "flexWrap": "wrap"}),
    dcc.Upload(id="launch-upload", style={"border": "1px dashed #999", "padding": "1em", "margin": ".6em 0",
                                          "width": "36em"}),
    dcc.Store(id="launch-upload-checked"),
    html.Div(id="launch-message", role="status"),
    dcc.Store(id="launch-current"),
    dcc.Store(id="runs-drawn"),  # the language and columns the runs table was drawn with  # the run this page launched (or resumed, or cancelled) last
    html.H3(id="progress-heading"),
    html.Div(id="progress"),
    dcc.Interval(id="progress-refresh", interval=REFRESH_MS),
    export_bar("runs"),
])
register_exports("runs")


@callback(Output("runs-heading", "children"), Output("launch-heading", "children"), Output("launch-shipped-label", "children"),
          Output("launch-games-label", "children"), Output("launch-button", "children"),
          Output("launch-upload", "children"), Output("progress-heading", "children"), Input("lang", "data"))
def translate(lang: str):
    return (t("runs_heading", lang), t("launch_heading", lang), t("shipped", lang),
            t("games_override", lang), t("launch", lang), t("upload", lang), t("progress", lang))


def runs_frame(lang: str | None) -> pl.DataFrame | None:
    runs = data.list_runs(lang)
    return pl.DataFrame(runs).drop("mtime") if runs else None


def as_read(rows: list[dict], lang: str | None, zone: str | None) -> list[dict]:
    """The grid's rows as a designer reads them: each run's game by its name ("Paladines de Epikha")
    (sorted by that name) and its creation in the reader's time zone, as `lang` writes a date
    ("04/12/2026 22:11", sorted by the ISO moment the row keeps)."""
    for row in rows:
        if row.get("ruleset"):  # none for a run that cannot be read: its text says so
            row["ruleset" + TEXT_SUFFIX] = game_name(row["ruleset"], lang)
            row["ruleset"] = row["ruleset" + TEXT_SUFFIX].casefold()
        row["created" + TEXT_SUFFIX] = local_date_text(row.get("created"), lang or "es", zone)
    return rows


# the browser's own time zone ("Europe/Madrid"), asked once as the page opens
clientside_callback(
    """function (_) {
        try { return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"; } catch (e) { return "UTC"; }
    }""",
    Output("runs-time-zone", "data"), Input("runs-heading", "id"))


@callback(Output("runs-time-zone-note", "children"), Input("runs-time-zone", "data"), Input("lang", "data"))
def time_zone_note(zone: str | None, lang: str):
    return t("times_zone_note", lang, zone=known_zone(zone))


@callback(Output("runs-list", "children"), Output("runs-shown", "data"), Output("runs-drawn", "data"),
          Input("progress-refresh", "n_intervals"), Input("lang", "data"), Input("runs-time-zone", "data"),
          State("runs-drawn", "data"))
def runs_table(_: int, lang: str, zone: str | None, drawn: list | None):
    """The runs table, drawn again only when its language, time zone or columns change: a grid mounted
    anew on every tick would lose what a designer is typing in its filter (`refresh_runs` sends new rows)."""
    frame = runs_frame(lang)
    if frame is None:
        return html.P(t("no_runs", lang, folder=data.results_root())), None, None
    key = [lang, known_zone(zone), frame.columns]
    if key == drawn:
        return no_update, shown("runs", frame), no_update
    drawn_table = table("runs-table", frame, lang)
    as_read(drawn_table.children.rowData, lang, zone)
    return drawn_table, shown("runs", frame), key


# The language and the time zone are inputs, not states, of every callback the timer calls that
# writes words: a reply asked for in the old language may come back after the page has been drawn in
# the new one, and Dash drops a callback's reply only when the same callback is asked again before it
# comes (as a change of an input does), so a state would let an English reply overwrite the Spanish
# grid (tests/dashboards/test_runs_language_race.py holds one such reply back to make sure).
@callback(Output(grid_id("runs-table"), "rowData"), Input("progress-refresh", "n_intervals"),
          Input("lang", "data"), Input("runs-time-zone", "data"), State(grid_id("runs-table"), "rowData"),
          prevent_initial_call=True)
def refresh_runs(_: int, lang: str, zone: str | None, rows: list | None):
    """New figures in the grid's rows (its filter, sort and the text being typed stay): a cancelled
    run's state among them, without a reload."""
    frame = runs_frame(lang)
    if frame is None:
        return no_update if rows == [] else []
    said = readable_values(frame, lang or "es")
    # counts as the language writes them ("2.100" in Spanish), as the grid was first drawn
    fresh = as_read(table_rows(said, with_budget_points(said, lang)), lang, zone)
    return no_update if fresh == rows else fresh


@callback(Output("run-card", "children"), Output("run-card-drawn", "data"), Input("run", "value"),
          Input("lang", "data"), Input("runs-time-zone", "data"), Input("progress-refresh", "n_intervals"),
          State("run-card-drawn", "data"))
def card(run: str | None, lang: str, zone: str | None, _: int | None, drawn: dict | None):
    """The chosen run's card, refreshed with the page, so a run cancelled, killed or finished says
    so without a reload; drawn again only when what it says changes (a resume command being
    selected to copy stays selected)."""
    content = run_card.card_content(run, lang, zone)
    if content == drawn:
        return no_update, no_update
    return run_card.run_card(content), content


def action_button(action: str, run: str, lang: str) -> html.Button:
    return html.Button(t(action, lang), id={"type": "run-action", "action": action, "run": run},
                       className=f"{action}-run", **{"data-run": run})


def unfinished_line(row: dict, lang: str) -> html.Div | None:
    """One unfinished run on the page: a running one with its progress (and Cancel where its process
    can be stopped from here), an interrupted or cancelled one with Resume."""
    run, status = row["run"], row["status"]
    try:
        folder, manifest = data.run_folder(run), data.manifest_of(run)
    except InputError:
        return None
    progress = stored_progress(folder, manifest)
    words = launches.progress_words(run, progress, manifest.get("started"), lang, with_rate=status == "running")
    parts: list = [html.Span(f"{run}: {t('state_' + status, lang)}, {words} ")]
    if status == "running":
        parts.append(html.Progress(value=str(progress.units_done), max=str(max(1, progress.units_total))))
        if launches.cancellable(run, status, folder):
            parts.append(action_button("cancel", run, lang))
    elif Path(str(manifest.get("spec_path") or "")).is_file():
        parts.append(action_button("resume", run, lang))
    else:
        parts.append(html.Span(t("resume_missing", lang, path=manifest.get("spec_path"))))
    return html.Div(parts, className=f"run-progress run-{status}", **{"data-run": run})


@callback(Output("progress", "children"), Input("progress-refresh", "n_intervals"), Input("lang", "data"))
def unfinished_runs(_: int, lang: str):
    rows = [row for row in data.list_runs() if row["status"] in launches.UNFINISHED]
    lines = [line for row in rows if (line := unfinished_line(row, lang)) is not None]
    return lines or t("nothing_running", lang)


@callback(Output("launch-message", "children", allow_duplicate=True), Input("progress-refresh", "n_intervals"),
          Input("lang", "data"), State("launch-current", "data"), prevent_initial_call=True)
def follow_launch(_: int, lang: str, run: str | None):
    """The last launch's real outcome, as it unfolds: starting, running, finished, cancelled, or its
    process's error (what `sim run` wrote on stderr)."""
    shown = launches.launch_message(run, lang) if run else None
    return no_update if shown is None else shown


@callback(Output("launch-message", "children", allow_duplicate=True),
          Output("launch-current", "data", allow_duplicate=True),
          Input({"type": "run-action", "action": ALL, "run": ALL}, "n_clicks"), State("lang", "data"),
          prevent_initial_call=True)
def cancel_or_resume(clicks: list, lang: str):
    pressed = ctx.triggered_id
    if not isinstance(pressed, dict) or not any(entry.get("value") for entry in ctx.triggered):
        return no_update, no_update  # the buttons were drawn again, nobody pressed one
    run, action = pressed.get("run"), pressed.get("action")
    if action == "cancel":
        try:
            pid = launches.cancel(run)
        except InputError as exc:
            return html.Div([html.Strong(t("cancel_refused", lang, run=data.said_name(run, lang))),
                             html.Pre(data.said(exc, lang))], className="launch-error", style={"color": "#a00"}), no_update
        return html.Div(t("cancel_sent", lang, run=run, pid=pid), className="launch-ok"), run
    try:
        launch = launches.resume_run(run)
    except InputError as exc:
        return refused(exc, lang), None
    return launches.launch_message(launch.run, lang), launch.run


SAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]")


def refused(exc: InputError, lang: str) -> html.Div:
    """A launch refused before anything started, with `sim run`'s own message in full."""
    message = data.said(exc, lang)
    return html.Div([html.Strong(t("launch_refused", lang)), html.Pre(message, style={"whiteSpace": "pre-wrap"})],
                    className="launch-error", style={"color": "#a00"})


def _games_override(games: object) -> int | None:
    """The games box as `sim run --games` takes it: empty means the spec's; 2.5, 0 or -3 is refused,
    never rounded or read as empty."""
    if games is None or games == "":
        return None
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InputError(f"games: a whole number of at least 1, or empty for the spec's; got {games!r}")
    return games


def uploaded_name(filename: str | None) -> str:
    """The name an uploaded spec is kept under in results/_uploads: its own file name with anything
    but letters, digits, _ . - replaced, never a path, never hidden or empty."""
    return SAFE_NAME.sub("_", Path(filename or "").name).lstrip(".") or "spec.toml"


def too_large(name: str, size: int, limit: int) -> InputError:
    return InputError(f"{name}: {size:,} bytes, more than the {limit:,} bytes an uploaded spec may have "
                      "(sim dash --max-upload-kib sets the limit); nothing was read")


def read_upload(contents: str, name: str, limit: int) -> tuple[bytes, dict]:
    """The bytes and the parsed TOML of an upload as the browser sends it (a base64 data URL), at
    most `limit` bytes: every way it can be wrong (too large, not base64, not UTF-8, not TOML,
    nested too deeply for the parser) is an InputError naming the file, never a server error."""
    header, comma, encoded = contents.partition(",")
    if not comma or not header.endswith(";base64"):
        raise InputError(f"{name}: the browser sent no file content")
    if len(encoded) > (limit * 4 + 2) // 3 + 4:  # refused before decoding: nothing larger is held twice
        raise too_large(name, len(encoded) * 3 // 4, limit)
    try:
        raw = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise InputError(f"{name}: the browser sent a damaged file ({exc})") from None
    if len(raw) > limit:
        raise too_large(name, len(raw), limit)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return raw, parse_toml(text, name)  # as every TOML reader of the project: a byte-order mark is read past


# In the browser: a file over the limit never leaves it (the server would refuse the request
# unread, and the page could not say why); the launch callback gets its size and says so.
clientside_callback(
    """function (contents, filename, limit) {
        if (!contents) { return window.dash_clientside.no_update; }
        const encoded = contents.length - contents.indexOf(",") - 1;
        const padding = contents.endsWith("==") ? 2 : (contents.endsWith("=") ? 1 : 0);
        const size = encoded / 4 * 3 - padding;
        if (size > limit) { return {filename: filename, size: size, too_large: true}; }
        return {filename: filename, contents: contents};
    }""",
    Output("launch-upload-checked", "data"), Input("launch-upload", "contents"), State("launch-upload", "filename"),
    State("upload-limit", "data"), prevent_initial_call=True)


@callback(Output("launch-message", "children"), Output("launch-current", "data"), Input("launch-button", "n_clicks"),
          Input("launch-upload-checked", "data"), State("launch-shipped", "value"),
          State("launch-games", "value"), State("lang", "data"), prevent_initial_call=True)
def launch(_: int | None, upload: dict | None, shipped: str | None, games: int | None, lang: str):
    try:
        if ctx.triggered_id == "launch-upload-checked":
            if not isinstance(upload, dict):  # nothing dropped (or not what the page's own check sends)
                return no_update, no_update
            name = uploaded_name(str(upload.get("filename") or ""))  # never a path outside results/
            limit = current_app.config["SIM_MAX_UPLOAD_BYTES"]
            if upload.get("too_large"):
                size = upload.get("size")
                raise too_large(name, size if isinstance(size, int) else 0, limit)
            raw, parsed = read_upload(str(upload.get("contents") or ""), name, limit)
            uploads = data.results_root() / launches.UPLOADS
            override = _games_override(games)
            # where its cards may be, before anything of them is read (a folder of the machine's would be listed)
            launches.check_cards_place(parsed, uploads / name)
            try:  # checked as the file it becomes (a relative cards_dir is read from there), before it is kept
                experiment = load_spec_dict(parsed | ({"games": override} if override else {}), uploads / name)
                checked = launches.check_launch(experiment)
            except RecursionError:
                raise InputError(f"{name}: nested too deeply to check") from None
            path = uploads / name
            data.write_whole(path, raw)  # never through a link out of results/, never half a file
            started = launches.start_run(path, override, checked=checked)
        else:
            if not shipped:
                return no_update, no_update
            started = launches.start_run(data.shipped_spec(shipped), _games_override(games))
    except InputError as exc:
        return refused(exc, lang), None
    return launches.launch_message(started.run, lang), started.run
