"""The dashboard's shell: `create_app` builds a multi-page Dash app over one results folder.

The shell holds what every page shares: the navigation bar, the language switch, the run picker,
the access check, and the view's state in the address (dashboards.url_state: run, page, filters and
language in the query string, so a link opens the same view and a reload keeps it). Pages live in dashboards/pages/ and draw what the
shell's run and language say; their numbers come from sim.analysis through dashboards.data.
"""

from __future__ import annotations

import hmac
import json
import logging
import re
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

import dash
from dash import Dash, Input, Output, State, callback_context, dcc, html, set_props
from dash._callback import GLOBAL_CALLBACK_LIST, GLOBAL_CALLBACK_MAP, GLOBAL_INLINE_SCRIPTS
from dash.exceptions import DependencyException
from flask import Flask, Request, Response, abort, current_app, redirect, request
from flask_compress import Compress

from dashboards import data, findings_panel, launches, url_state
from sim.core.errors import InputError
from sim.report.language import LANGUAGES, t
from dashboards.serving import (DEFAULT_MAX_UPLOAD_BYTES, TOKEN_PARAMETER, HostCheck, checked_token,
                                request_body_limit)

PAGES_DIR = Path(__file__).resolve().parent / "pages"
TOKEN_COOKIE = "sim_token"
NAV = (("/", "nav_runs"), ("/factions", "nav_factions"), ("/cards", "nav_cards"), ("/budget", "nav_budget"),
       ("/sweeps", "nav_sweeps"), ("/levels", "nav_levels"), ("/ablations", "nav_ablations"), ("/matches", "nav_matches"), ("/story", "nav_story"),
       ("/compare", "nav_compare"), ("/try", "nav_try"), ("/replay", "nav_replay"), ("/balance", "nav_balance"))


def _guard(token: str):
    """Refuse every request that does not carry the token (query ?token=, header X-Sim-Token or
    the cookie). A page opened with ?token= is sent on to the same address without it, the token
    now in a cookie, so it stays out of the address bar, the history and the Referer of later
    requests."""
    expected = token.encode()

    def check():
        given = (request.args.get(TOKEN_PARAMETER) or request.headers.get("X-Sim-Token")
                 or request.cookies.get(TOKEN_COOKIE))
        if not given or not hmac.compare_digest(given.encode(), expected):
            abort(403, description="sim dash: a token is required (open the address `sim dash` printed, "
                                   "with ?token= and the token it was started with)")
        if request.method == "GET" and TOKEN_PARAMETER in request.args:
            kept = [(k, v) for k, v in request.args.items(multi=True) if k != TOKEN_PARAMETER]
            response = redirect(request.script_root + request.path + (f"?{urlencode(kept)}" if kept else ""), 303)
            # Lax, not Strict: a link to the dashboard followed from another site (a chat, a mail)
            # must still carry it; a cross-site POST (a callback) does not
            response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="Lax")
            return response
        return None

    return check


class CompressedAssets:
    """flask-compress's cache, holding the compressed Dash bundles only: they cannot change while the
    server runs, so each (plotly.js alone is 1.5 MB) is compressed once, not on every first visit;
    the layout and callbacks, which do change, are compressed afresh (their key is empty)."""

    def __init__(self) -> None:
        self.bodies: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        return self.bodies.get(key)

    def set(self, key: str, value: bytes) -> None:
        if not key.endswith(";"):
            self.bodies[key] = value


def _asset_key(asked: Request) -> str:
    return asked.path if "/_dash-component-suites/" in asked.path else ""


def _compress(server: Flask) -> None:
    """gzip (what browsers ask for over http) or brotli: with the cartesian plotly.js, a first visit
    of the factions page moves 0.9 MB, against 6.8 MB before (full plotly.js, nothing compressed)."""
    server.config.update(COMPRESS_ALGORITHM=["br", "gzip"], COMPRESS_LEVEL=6, COMPRESS_BR_LEVEL=5,
                         COMPRESS_CACHE_BACKEND=CompressedAssets, COMPRESS_CACHE_KEY=_asset_key)
    Compress(server)


PLOTLY_CARTESIAN = Path(__file__).resolve().parent / "vendor" / "plotly-cartesian.min.js"
# the trace types Plotly's cartesian bundle draws (its README): a page drawing another needs the full one
CARTESIAN_TRACES = frozenset({"bar", "box", "contour", "heatmap", "histogram", "histogram2d", "histogram2dcontour",
                              "image", "pie", "scatter", "scatterternary", "violin"})


# Download plotly.js at once (the preload), and run it (a quarter to half a second of the browser's
# main thread) while the server computes the page's first callbacks, as soon as one is sent: the
# browser is then only waiting. Before the page's layout has come (at once, as the page starts) it
# would hold up the layout and its quick callbacks; later (once the figures have come) it holds up
# the first plot. Dash's graphs use window.Plotly when it is there, and load it themselves (from the
# same, cached, address) when it is not, as on a view that draws no plot (PLOTLESS_VIEWS). (Running
# Dash's graph and AG Grid chunks in the same wait made the cards and compare pages twice as slow:
# they are left to Dash.)
# The views that draw no plot, where running plotly.js early would only hold the page up: a page's
# path, with the tabs of it that draw none (None: the whole page). The cards page opens, with no
# tab in its address, on the table of every measure unless the run measured what its cards cause.
PLOTLESS_VIEWS = {"/": None, "/replay": None, "/cards": ("measures", "decks", None)}
PLOTLY_EARLY = """        <link rel="preload" as="script" href="SOURCE">
        <script>
        (function () {
            var send = window.fetch, started = false, plotless = PLOTLESS;
            function drawsNoPlot() {
                if (!(window.location.pathname in plotless)) { return false; }
                var tabs = plotless[window.location.pathname];
                return tabs === null || tabs.indexOf(new URLSearchParams(window.location.search).get("tab")) >= 0;
            }
            function runPlotly() {
                if (started || window.Plotly || drawsNoPlot()) { return; }
                started = true;
                window.fetch = send;
                var script = document.createElement("script");
                script.src = "SOURCE";
                document.head.appendChild(script);
            }
            window.fetch = function (resource) {
                var asked = send.apply(this, arguments);
                if (String((resource && resource.url) || resource).indexOf("_dash-update-component") >= 0) {
                    setTimeout(runPlotly, 0);  // once this turn of the page's work is done
                }
                return asked;
            };
        })();
        </script>"""


def vendored_plotly_version(bundle: Path = PLOTLY_CARTESIAN) -> str | None:
    """The plotly.js version of the cartesian bundle shipped in dashboards/vendor (its header says
    "plotly.js (cartesian - minified) v4.1.1"), or None when it is missing."""
    try:
        head = bundle.read_bytes()[:200].decode("ascii", "replace")
    except OSError:
        return None
    found = re.search(r"plotly\.js \(cartesian[^)]*\) v(\d+\.\d+\.\d+)", head)
    return found[1] if found else None


def _serve_plotly(app: Dash) -> None:
    """plotly.js as the pages need it: the cartesian bundle (1.5 MB: bar, heatmap, scatter and the
    like, all the pages draw) in place of the full one (4.8 MB, maps, 3-D and WebGL too), whose
    compiling and running took most of a first visit (2.7 s against 0.9 s on a busy 2-core machine).
    It is served at the address Dash itself loads plotly.js from, and only when it is the same
    plotly.js version as the installed plotly's; else Dash's own full bundle is served.

    The page also downloads it as soon as it starts, not when its first graph is drawn (Dash loads
    it on demand, only after the page's data has come back), and runs it while the server computes
    that data (PLOTLY_EARLY)."""
    from plotly.offline import get_plotlyjs_version

    source = f"{app.config.requests_pathname_prefix}_dash-component-suites/plotly/package_data/plotly.min.js"
    if vendored_plotly_version() == get_plotlyjs_version():
        bundle = PLOTLY_CARTESIAN.read_bytes()

        def cartesian_plotly() -> Response:
            response = Response(bundle, mimetype="application/javascript")
            response.add_etag()
            return response.make_conditional(request)

        app.server.add_url_rule(source, endpoint="sim_plotly_cartesian", view_func=cartesian_plotly)
    plotless = json.dumps({f"{app.config.requests_pathname_prefix.rstrip('/')}{path}": tabs
                           for path, tabs in PLOTLESS_VIEWS.items()})
    early = PLOTLY_EARLY.replace("SOURCE", source).replace("PLOTLESS", plotless)
    app.index_string = app.index_string.replace("{%css%}", "{%css%}\n" + early, 1)


def _unknown_bundle(_: Exception) -> Response:
    """A /_dash-component-suites/ address that names no bundle of an installed package (a typo, a
    path climbing out with an encoded ..): Dash raises DependencyException, which Flask would answer
    500 with a traceback in the log. It is a file that is not there: 404, and nothing said of why."""
    return Response("sim dash: no such file\n", status=404, mimetype="text/plain")


def _language_first(app: Dash) -> None:
    """The address's language settled before Dash starts (url_state.LANGUAGE_FIRST): the layout and
    the first page are then built in it, once; Dash's placeholder says "Loading" in it meanwhile."""
    app.index_string = app.index_string.replace(
        "{%css%}", "{%css%}\n" + url_state.LANGUAGE_FIRST + "\n" + url_state.LOADING_IN_LANGUAGE, 1)


def show_callback_error(error: Exception) -> None:
    """Any page's callback that fails says why in the page (the shell's problem line), never a
    blank or stale page: an unreadable run (a damaged manifest or chunk, a link out of the results
    folder) names its problem; anything else its type and message, the traceback in the server's log."""
    lang = url_state.address_language()
    if isinstance(error, InputError):
        reason = data.said(error, lang)
    else:
        logging.getLogger("sim.dash").error("callback %s failed", callback_context.triggered_id, exc_info=error)
        reason = f"{type(error).__name__}: {error}"
    set_props("run-problem", {"children": t("page_error", lang, problem=reason), "hidden": False})


def create_app(results: Path, token: str | None = None, executor: str = "ray", warm: bool = True, *,
               host: str = "127.0.0.1", allow_hosts: Iterable[str] = (),
               max_upload_bytes: int = DEFAULT_MAX_UPLOAD_BYTES) -> Dash:
    """The dashboard over `results`; with `token` (at least 16 characters), every request must
    carry it. Requests must name `host` (the address the server binds to), this machine's loopback
    or one of `allow_hosts` in their Host header; an uploaded spec is at most `max_upload_bytes`.
    `warm` reads the runs' tables in the background at start."""
    token = checked_token(token, "token")
    _drop_unowned_callbacks()
    app = Dash(__name__, use_pages=True, pages_folder=str(PAGES_DIR), title="sim", suppress_callback_exceptions=True,
               on_error=show_callback_error)
    app.server.config.update(SIM_RESULTS=str(Path(results).resolve()), SIM_EXECUTOR=executor,
                             SIM_MAX_UPLOAD_BYTES=max_upload_bytes,
                             MAX_CONTENT_LENGTH=request_body_limit(max_upload_bytes))
    app.server.wsgi_app = HostCheck(app.server.wsgi_app, host, allow_hosts)  # before the token: 403 either way
    if token:
        app.server.before_request(_guard(token))
    _compress(app.server)
    app.server.register_error_handler(DependencyException, _unknown_bundle)
    _serve_plotly(app)
    _language_first(app)
    app.layout = shell_layout
    _register_shell_callbacks(app)
    _own_callbacks(app)
    if warm:
        activity = Activity()
        app.server.before_request(activity.touch)
        threading.Thread(target=_warm, args=(app, activity), name="sim-dash-warm", daemon=True).start()
    return app


class Activity:
    """When the server last took a request. The warm-up reads millions of games on every core, and on
    a small machine the browser drawing a page is on the same cores: between two tables, the warm-up
    waits for a pause in the page's requests."""

    def __init__(self) -> None:
        self.last = 0.0

    def touch(self) -> None:
        self.last = time.monotonic()

    def wait_for_a_pause(self, pause: float = 0.5, longest: float = 10.0) -> None:
        """Return once no request came for `pause` seconds, or after `longest` (the warm-up still
        ends while a page polls without stopping)."""
        given_up = time.monotonic() + longest
        while (quiet := time.monotonic() - self.last) < pause and time.monotonic() < given_up:
            time.sleep(pause - quiet)


def _warm(app: Dash, activity: Activity) -> None:
    """Read every run's tables once in the background, newest first, so a page opens on figures
    already computed instead of scanning millions of games on the first click."""
    with app.server.app_context():
        for run in data.list_runs():
            if run["problem"]:
                continue
            try:
                name = run["run"]
                manifest = data.manifest_of(name)
                readers = [data.tables_of, data.findings_of, data.turn_shares, data.impact_of]  # findings: every page's first panel
                if manifest["spec"].get("matchups") == "round_robin":
                    readers.append(data.ratings_of)
                if manifest["spec"].get("sweep") or manifest["spec"].get("ablation"):
                    readers.append(data.sprt_of)
                for read in readers:
                    activity.wait_for_a_pause()
                    read(name)
            except Exception:  # a run still being written, or damaged: its page will say so when opened
                continue


UNFINISHED_BANNER_STYLE = {"background": "#fff4d6", "borderBottom": "1px solid #e0c060", "padding": ".5em 1em",
                           "fontFamily": "system-ui, sans-serif"}


def run_problem(run: str, lang: str) -> str:
    """Why the run an address names cannot be shown: its problem in data.list_runs (a link out of the
    results folder), a name that is no run's (a path, a climbing or absolute name: refused before
    anything is looked up), a manifest that does not read, or no such run; never a path."""
    listed = next((r for r in data.list_runs(lang) if r["run"] == run), None)
    if listed is not None and listed["problem"]:
        return listed["problem"]
    try:
        data.manifest_of(run)
    except InputError as exc:
        return data.said(exc, lang)
    except OSError as exc:
        return t("manifest_damaged", lang, run=run, error=exc.strerror or type(exc).__name__)
    except ValueError as exc:  # json.JSONDecodeError is a ValueError
        return t("manifest_damaged", lang, run=run, error=exc)
    return t("run_not_readable", lang, run=run)


def shell_words(lang: str, run: str | None) -> tuple[str, list[dcc.Link], str]:
    """The app's title, the navigation links (carrying the run and the language) and the run
    picker's label, in `lang`."""
    links = [dcc.Link(t(key, lang), href=url_state.with_shell_query(path, run, lang), id=f"nav-{key[4:]}")
             for path, key in NAV]
    return t("title", lang), links, t("run", lang)


def unfinished_run_banner(run: str | None, _: int | None, lang: str) -> tuple[str | None, bool]:
    """Every page of a run still running, interrupted or cancelled says so, and what to do."""
    banner = launches.unfinished_banner(run, lang)
    return banner, banner is None


def shell_layout() -> html.Div:
    """The shell, built per page load so the run picker and the language start on the address's
    ?run= and ?lang= (or the newest run and the browser's stored choice) and the page draws once,
    not twice. It comes drawn for the address: the shell's words, the unfinished-run banner, the
    run's findings and the page itself (page_container), so the page's first requests are its own
    callbacks. An address naming a run that cannot be read says why, and opens no other run."""
    runs = data.readable_runs()
    wanted = url_state.address_value("run")
    lang = url_state.address_language()
    problem = None
    if wanted and wanted not in runs:
        problem = t("run_unreadable", lang, run=data.said_name(wanted, lang), problem=run_problem(wanted, lang))
    chosen = wanted if wanted in runs else (None if wanted else (runs[0] if runs else None))
    title, links, run_label = shell_words(lang, chosen)
    banner, no_banner = unfinished_run_banner(chosen, None, lang)
    location, findings, page = drawn_for_address(chosen, lang)
    return html.Div([
        dcc.Location(id="url", refresh=False, **location),
        dcc.Store(id="lang", data=lang),
        dcc.Store(id=url_state.SAVED_LANGUAGE, storage_type="local"),
        dcc.Store(id="upload-limit", data=current_app.config["SIM_MAX_UPLOAD_BYTES"]),
        # two rows, so the ten pages' names never push the run picker or the language off the screen
        html.Header([
            html.Div([
                html.H1(title, id="app-title", style={"fontSize": "1.3em", "margin": "0 1em 0 0"}),
                html.Div([html.Span(run_label, id="run-label"),
                          dcc.Dropdown(id="run", options=runs, value=chosen, clearable=False, style={"width": "22em"})],
                         style={"display": "flex", "gap": ".5em", "alignItems": "center", "marginLeft": "auto"}),
                dcc.RadioItems(id="lang-choice", options=[{"label": x.upper(), "value": x} for x in LANGUAGES],
                               value=lang, inline=True),
            ], style={"display": "flex", "gap": "1.5em", "alignItems": "center", "flexWrap": "wrap"}),
            html.Nav(links, id="nav", style={"display": "flex", "gap": "1.2em", "flexWrap": "wrap", "marginTop": ".4em"}),
        ], style={"padding": ".6em 1em", "borderBottom": "1px solid #ddd", "fontFamily": "system-ui, sans-serif"}),
        html.Div(banner, id="unfinished-banner", role="alert", hidden=no_banner, style=UNFINISHED_BANNER_STYLE),
        html.Div(problem, id="run-problem", role="alert", hidden=problem is None, style=PROBLEM_STYLE),
        findings_panel.container(*findings),  # a run's findings open every page that shows it
        dcc.Interval(id="runs-refresh", interval=3000),
        html.Main(page, style={"padding": "0 1em", "fontFamily": "system-ui, sans-serif"}),
    ])


def drawn_for_address(run: str | None, lang: str) -> tuple[dict[str, str], tuple[Any, bool], html.Div]:
    """The location, the run's findings and the page container for the address the browser shows.
    With no address (the browser did not say), or when the page or the findings fail to draw here,
    the location is left for the browser to set: its first change then runs the findings' and
    Dash's router callbacks, and a page that fails there says why in the problem line
    (show_callback_error) where a failure here would have failed the whole layout, blank."""
    location = url_state.location_of_address()
    if not location:
        return {}, (None, True), dash.page_container
    try:
        return location, findings_panel.draw_findings(run, lang, location["pathname"]), page_container(location)
    except Exception:  # noqa: BLE001 (any failure: the router's path draws the same page, and says why)
        logging.getLogger("sim.dash").exception("the page at %s failed to draw in the layout", location["href"])
        return {}, (None, True), dash.page_container


def page_container(location: dict[str, str]) -> html.Div:
    """Dash pages' container with the page the address names already in it, built as Dash's router
    builds it (the page's layout called with the address's query). Without it a page (re)loaded
    draws a round of requests late: the first round only fetches the page's layout from the
    router, and the page's own callbacks wait for it. Its location is the address's own, so the
    router stays quiet until the designer moves to another page, and then takes over. An address
    that names no page leaves it all to the router."""
    page = next((p for p in dash.page_registry.values() if p["path"] == location.get("pathname")), None)
    if page is None:
        return dash.page_container
    query = {key: values[0] if len(values) == 1 else values
             for key, values in parse_qs(location["search"].lstrip("?"), keep_blank_values=True).items()}
    layout = page["layout"](**query) if callable(page["layout"]) else page["layout"]
    title = page["title"]() if callable(page["title"]) else page["title"]
    return html.Div([
        dcc.Location(id="_pages_location", refresh="callback-nav", **location),
        html.Div(layout, id="_pages_content", disable_n_clicks=True),
        dcc.Store(id="_pages_store", data={"title": title}),
        html.Div(id="_pages_dummy", disable_n_clicks=True),
    ])


PROBLEM_STYLE = {"background": "#fde8e8", "borderBottom": "1px solid #d99", "color": "#900", "padding": ".5em 1em",
                 "fontFamily": "system-ui, sans-serif", "whiteSpace": "pre-wrap"}


def _drop_unowned_callbacks() -> None:
    """Forget the callbacks registered with dash.callback that no app took: a page module imported
    on its own (a test reading a page's helpers) registers its callbacks again, and the app built
    next would hold each of them twice. Building the app imports every page anew, so the app still
    gets every callback, once."""
    GLOBAL_CALLBACK_LIST.clear()
    GLOBAL_CALLBACK_MAP.clear()
    GLOBAL_INLINE_SCRIPTS.clear()


def _own_callbacks(app: Dash) -> None:
    """Give `app` now the callbacks its pages and the shell registered with dash.callback, which
    Dash would hand over at the app's first request to whichever app asked first: with two apps
    built in one process (the tests build many), the first to be asked took both sets, each page
    callback twice (Dash refuses a page whose outputs two callbacks write), and the other app none.
    The clientside callbacks' code goes with them (the page defines each function in a script of
    its own). The same moves Dash makes at that first request, made at once; none is left for
    another app."""
    app.callback_map.update(GLOBAL_CALLBACK_MAP)
    app._callback_list.extend(GLOBAL_CALLBACK_LIST)  # noqa: SLF001 (Dash's own lists, which it fills the same way)
    app._inline_scripts.extend(GLOBAL_INLINE_SCRIPTS)  # noqa: SLF001
    _drop_unowned_callbacks()


def _register_shell_callbacks(app: Dash) -> None:
    findings_panel.register(app)
    url_state.bind_to_address({"run": ("run", "value"), "lang": ("lang", "data")}, keep_when_empty=True)
    url_state.translate_dropdowns(["run"])

    @app.callback(Output("lang", "data"), Output(url_state.SAVED_LANGUAGE, "data"), Input("lang-choice", "value"),
                  prevent_initial_call=True)
    def choose_language(value: str):
        """A switch changes the page's language and the browser's stored choice (the address follows
        through url_state); opening a link in a language stores nothing."""
        return value, value

    # The shell comes drawn in the layout (shell_layout): these redraw it when the language, the run
    # or the time changes, not when the page opens.
    app.callback(Output("app-title", "children"), Output("nav", "children"), Output("run-label", "children"),
                 Input("lang", "data"), Input("run", "value"), prevent_initial_call=True)(shell_words)
    app.callback(Output("unfinished-banner", "children"), Output("unfinished-banner", "hidden"),
                 Input("run", "value"), Input("runs-refresh", "n_intervals"), Input("lang", "data"),
                 prevent_initial_call=True)(unfinished_run_banner)

    @app.callback(Output("run-problem", "children", allow_duplicate=True),
                  Output("run-problem", "hidden", allow_duplicate=True), Input("run", "value"),
                  prevent_initial_call=True)
    def clear_problem(run: str | None):
        """Choosing a run leaves the problem of the one asked before behind."""
        return (None, True) if run else (dash.no_update, dash.no_update)

    @app.callback(Output("run", "options"), Output("run", "value"), Input("runs-refresh", "n_intervals"),
                  State("run", "value"), State("run", "options"), prevent_initial_call=True)
    def list_runs(_: int, current: str | None, shown: list | None):
        """Keep the run list fresh (a launched run appears) without redrawing the page each time. A
        run that stops being readable while shown is left, saying why; with none chosen, none is."""
        runs = data.readable_runs()
        if current in runs:
            value = dash.no_update
        elif current is None:  # none yet (an empty folder), or the address's cannot be read: it stays said
            value = runs[0] if runs and not url_state.address_value("run") else dash.no_update
        else:
            value = None
            lang = url_state.address_language()
            set_props("run-problem", {"children": t("run_unreadable", lang, run=data.said_name(current, lang),
                                                    problem=run_problem(current, lang)),
                                      "hidden": False})
        return (runs if runs != shown else dash.no_update), value
