"""Runs: what is stored, each run's manifest, and launching an experiment (shipped or uploaded)
with its progress."""

from __future__ import annotations

import base64
import binascii
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import dash
import polars as pl
from dash import Input, Output, State, callback, clientside_callback, dcc, html, no_update
from flask import current_app

from dashboards import data
from sim.report.language import t
from dashboards.widgets import export_bar, register_exports, shown, table
from sim.core.errors import InputError
from sim.run.spec import load_spec, load_spec_dict

dash.register_page(__name__, path="/", name="runs")

layout = html.Div([
    html.H2(id="runs-heading"),
    html.Div(id="runs-list"),
    html.H3(id="runs-manifest-heading"),
    html.Pre(id="runs-manifest", style={"maxHeight": "18em", "overflow": "auto", "background": "#f7f7f7"}),
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
    html.H3(id="progress-heading"),
    html.Div(id="progress"),
    dcc.Interval(id="progress-refresh", interval=1500),
    export_bar("runs"),
])
register_exports("runs")


@callback(Output("runs-heading", "children"), Output("runs-manifest-heading", "children"),
          Output("launch-heading", "children"), Output("launch-shipped-label", "children"),
          Output("launch-games-label", "children"), Output("launch-button", "children"),
          Output("launch-upload", "children"), Output("progress-heading", "children"), Input("lang", "data"))
def translate(lang: str):
    return (t("runs_heading", lang), t("manifest", lang), t("launch_heading", lang), t("shipped", lang),
            t("games_override", lang), t("launch", lang), t("upload", lang), t("progress", lang))


@callback(Output("runs-list", "children"), Output("runs-shown", "data"), Output("progress", "children"),
          Input("progress-refresh", "n_intervals"), Input("lang", "data"))
def runs_and_progress(_: int, lang: str):
    runs = data.list_runs()
    if not runs:
        return html.P(t("no_runs", lang, folder=data.results_root())), None, t("nothing_running", lang)
    frame = pl.DataFrame(runs).drop("mtime")
    running = [r for r in runs if r["status"] == "running"]
    bars = [html.Div([html.Span(f"{r['run']}: {r['chunks_done']}/{r['chunks_total']} {t('chunks', lang)} "),
                      html.Progress(value=str(r["chunks_done"]), max=str(max(1, r["chunks_total"])))],
                     className="run-progress") for r in running]
    return table("runs-table", frame, lang), shown("runs", frame), bars or t("nothing_running", lang)


@callback(Output("runs-manifest", "children"), Input("run", "value"))
def manifest(run: str | None):
    if not run:
        return ""
    try:
        return json.dumps(data.manifest_of(run), indent=2, ensure_ascii=False)
    except InputError as exc:  # e.g. it became a link out of the results folder: the reason, never its content
        return str(exc)


SAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]")


def _start(spec_path: Path, games: int | None) -> str:
    """`sim run` in its own process, writing under the results folder; returns the run's name."""
    experiment = load_spec(spec_path, games=games)  # validate first: nothing starts on a bad spec
    root = data.results_root()
    command = [sys.executable, "-m", "sim.cli", "run", str(spec_path), "--results", str(root),
               "--executor", current_app.config.get("SIM_EXECUTOR", "ray")]
    if games:
        command += ["--games", str(games)]
    log = data.confined(root / "_launches")
    log.mkdir(parents=True, exist_ok=True)
    with open(data.confined(log / f"{experiment.spec.name}.log"), "w", encoding="utf-8") as out:
        subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    return experiment.spec.name


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
    try:
        return raw, tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise InputError(f"{name}: not valid TOML: arrays or tables nested too deeply to read") from None


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


@callback(Output("launch-message", "children"), Input("launch-button", "n_clicks"),
          Input("launch-upload-checked", "data"), State("launch-shipped", "value"),
          State("launch-games", "value"), State("lang", "data"), prevent_initial_call=True)
def launch(_: int | None, upload: dict | None, shipped: str | None, games: int | None, lang: str):
    from dash import ctx

    try:
        if ctx.triggered_id == "launch-upload-checked":
            if not isinstance(upload, dict):  # nothing dropped (or not what the page's own check sends)
                return no_update
            name = uploaded_name(str(upload.get("filename") or ""))  # never a path outside results/
            limit = current_app.config["SIM_MAX_UPLOAD_BYTES"]
            if upload.get("too_large"):
                size = upload.get("size")
                raise too_large(name, size if isinstance(size, int) else 0, limit)
            raw, parsed = read_upload(str(upload.get("contents") or ""), name, limit)
            uploads = data.results_root() / "_uploads"
            try:
                load_spec_dict(parsed, uploads / name)  # validate before anything is written
            except RecursionError:
                raise InputError(f"{name}: nested too deeply to check") from None
            path = data.confined(uploads / name)
            uploads.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
        else:
            if not shipped:
                return no_update
            path = data.EXPERIMENTS_DIR / Path(shipped).name
        run = _start(path, _games_override(games))
    except InputError as exc:
        return html.Div([html.Strong(t("spec_error", lang)), html.Pre(str(exc))], className="launch-error",
                        style={"color": "#a00"})
    return html.Div(t("launched", lang, run=run, games=games or "spec"), className="launch-ok")
