"""The dashboard's shell: `create_app` builds a multi-page Dash app over one results folder.

The shell holds what every page shares: the navigation bar, the language switch (kept in the
browser), the run picker, and the access check. Pages live in dashboards/pages/ and draw what the
shell's run and language say; their numbers come from sim.analysis through dashboards.data.
"""

from __future__ import annotations

import hmac
import threading
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import dash
from dash import Dash, Input, Output, State, dcc, html
from flask import abort, request

from dashboards import data
from dashboards.i18n import LANGUAGES, t

PAGES_DIR = Path(__file__).resolve().parent / "pages"
TOKEN_COOKIE = "sim_token"
NAV = (("/", "nav_runs"), ("/factions", "nav_factions"), ("/cards", "nav_cards"), ("/budget", "nav_budget"),
       ("/sweeps", "nav_sweeps"), ("/replay", "nav_replay"))


def _guard(token: str):
    """Refuse every request that does not carry the token (query ?token=, header or cookie)."""

    def check() -> None:
        given = request.args.get("token") or request.headers.get("X-Sim-Token") or request.cookies.get(TOKEN_COOKIE)
        if not given or not hmac.compare_digest(given, token):
            abort(403, description="sim dash: a token is required (open the address printed by `sim dash`)")

    return check


def _remember_token(token: str):
    def remember(response):
        if request.args.get("token") == token:
            response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="Strict")
        return response

    return remember


def create_app(results: Path, token: str | None = None, executor: str = "ray", warm: bool = True) -> Dash:
    """The dashboard over `results`; with `token`, every request must carry it. `warm` reads the
    runs' tables in the background at start."""
    app = Dash(__name__, use_pages=True, pages_folder=str(PAGES_DIR), title="sim", suppress_callback_exceptions=True)
    app.server.config.update(SIM_RESULTS=str(Path(results).resolve()), SIM_EXECUTOR=executor)
    if token:
        app.server.before_request(_guard(token))
        app.server.after_request(_remember_token(token))
    app.layout = shell_layout
    _register_shell_callbacks(app)
    if warm:
        threading.Thread(target=_warm, args=(app,), name="sim-dash-warm", daemon=True).start()
    return app


def _warm(app: Dash) -> None:
    """Read every run's tables once in the background, newest first, so a page opens on figures
    already computed instead of scanning millions of games on the first click."""
    with app.server.app_context():
        for run in data.list_runs():
            try:
                data.tables_of(run["run"])
                data.impact_of(run["run"])
                data.turn_shares(run["run"])
                manifest = data.manifest_of(run["run"])
                if manifest["spec"].get("matchups") == "round_robin":
                    data.ratings_of(run["run"])
                if manifest["spec"].get("sweep") or manifest["spec"].get("ablation"):
                    data.sprt_of(run["run"])
            except Exception:  # a run still being written, or damaged: its page will say so when opened
                continue


def shell_layout() -> html.Div:
    """The shell, built per page load so the run picker starts on ?run= (or the newest run) and the
    page draws once, not twice."""
    runs = [r["run"] for r in data.list_runs()]
    # Dash asks for the layout from the page itself, so the page's ?run= is in the referrer
    wanted = parse_qs(urlparse(request.referrer or "").query).get("run", [None])[0]
    chosen = wanted if wanted in runs else (runs[0] if runs else None)
    return html.Div([
        dcc.Location(id="url"),
        dcc.Store(id="lang", storage_type="local", data="es"),
        html.Header([
            html.H1(id="app-title", style={"fontSize": "1.3em", "margin": "0 1em 0 0"}),
            html.Nav(id="nav", style={"display": "flex", "gap": "1em"}),
            html.Div([html.Span(id="run-label"),
                      dcc.Dropdown(id="run", options=runs, value=chosen, clearable=False, style={"width": "22em"})],
                     style={"display": "flex", "gap": ".5em", "alignItems": "center", "marginLeft": "auto"}),
            dcc.RadioItems(id="lang-choice", options=[{"label": x.upper(), "value": x} for x in LANGUAGES],
                           value="es", inline=True),
        ], style={"display": "flex", "gap": "1.5em", "alignItems": "center", "padding": ".6em 1em",
                  "borderBottom": "1px solid #ddd", "fontFamily": "system-ui, sans-serif"}),
        dcc.Interval(id="runs-refresh", interval=3000),
        html.Main(dash.page_container, style={"padding": "0 1em", "fontFamily": "system-ui, sans-serif"}),
    ])


def _register_shell_callbacks(app: Dash) -> None:
    @app.callback(Output("lang", "data"), Input("lang-choice", "value"))
    def choose_language(value: str) -> str:
        return value

    @app.callback(Output("lang-choice", "value"), Input("lang", "data"), State("lang-choice", "value"))
    def restore_language(stored: str, shown: str) -> str:
        return stored or shown

    @app.callback(Output("app-title", "children"), Output("nav", "children"), Output("run-label", "children"),
                  Input("lang", "data"))
    def translate_shell(lang: str):
        links = [dcc.Link(t(key, lang), href=path, id=f"nav-{key[4:]}") for path, key in NAV]
        return t("title", lang), links, t("run", lang)

    @app.callback(Output("run", "options"), Output("run", "value"), Input("runs-refresh", "n_intervals"),
                  State("run", "value"), State("run", "options"), prevent_initial_call=True)
    def list_runs(_: int, current: str | None, shown: list | None):
        """Keep the run list fresh (a launched run appears) without redrawing the page each time."""
        runs = [r["run"] for r in data.list_runs()]
        value = dash.no_update if current in runs else (runs[0] if runs else None)
        return (runs if runs != shown else dash.no_update), value
