"""The first panel of every page that shows a run: its findings (sim.report.findings_text), the same
ranked conclusions `sim show` opens with and the report's page 1 says, each with its severity in
its own colour (red, amber, grey: never green), its sentence, and under it its figure and what it
compares; then the cards whose forced draw and ablation disagree, reconciled.

One component in the shell (`container`, above the page container), drawn by one callback for the
run, the language and the page (`register`, on each app the shell builds): shown on the pages that
draw a run (RUN_PAGES), hidden on the runs list, the comparison, the replay and the balance pages,
and while the run has no games yet."""

from __future__ import annotations

from dash import Dash, Input, Output, html

from dashboards import data
from sim.core.errors import InputError
from sim.report.findings_text import RunFindings
from sim.report.language import t

RUN_PAGES = ("/factions", "/cards", "/budget", "/sweeps", "/ablations", "/matches", "/story")
SHOWN = 6  # findings listed at once (every problem is); the rest open under "more"
PANEL_STYLE = {"margin": ".6em 1em", "padding": ".4em .8em", "border": "1px solid #ddd", "borderRadius": "4px",
               "fontFamily": "system-ui, sans-serif", "background": "#fcfcfc"}


def container() -> html.Section:
    return html.Section(id="findings-panel", hidden=True, style=PANEL_STYLE)


def finding_item(row: dict[str, str]) -> html.Li:
    """One finding: its severity badge in the severity's colour, its sentence, its figure and measure."""
    return html.Li([
        html.Span(row["severity_word"], className=f"severity severity-{row['severity']}",
                  style={"background": row["colour"], "color": "#fff", "borderRadius": "3px", "padding": "0 .4em",
                         "fontSize": ".8em", "fontWeight": "bold", "textTransform": "uppercase", "marginRight": ".4em"}),
        html.Span(row["sentence"], className="finding-sentence"),
        html.Div(f"{row['figure']} · {row['measure']}", className="finding-figure",
                 style={"color": "#555", "fontSize": ".85em"}),
    ], className=f"finding finding-{row['severity']}",
        style={"borderLeft": f"6px solid {row['colour']}", "padding": ".2em .6em", "margin": ".3em 0"})


def panel_children(read: RunFindings, lang: str) -> list:
    """The panel's content: the heading, the findings (every problem, then information up to SHOWN,
    the rest under a "more" fold), the reconciled cards and what the severities mean."""
    rows = read.rows(lang)
    said = max(SHOWN, sum(1 for row in rows if row["severity"] != "info"))
    children: list = [html.H3(t("findings_heading", lang), style={"margin": ".2em 0"}),
                      html.Ol([finding_item(row) for row in rows[:said]], id="findings-list",
                              style={"paddingLeft": "1.4em", "margin": ".2em 0"})]
    if len(rows) > said:
        children.append(html.Details([html.Summary(t("findings_more_fold", lang, n=len(rows) - said)),
                                      html.Ol([finding_item(row) for row in rows[said:]], start=said + 1)]))
    lines = read.reconcile_lines(lang)
    if lines:
        children += [html.H4(t("reconcile_heading", lang), style={"margin": ".4em 0 .2em"}),
                     html.Ul([html.Li(line) for line in lines], id="findings-reconciled"),
                     html.P(read.reconciled.note(lang), className="note", style={"color": "#666", "fontSize": ".85em"})]
    children.append(html.P(t("findings_note", lang), className="note", style={"color": "#666", "fontSize": ".8em"}))
    return children


def register(app: Dash) -> None:
    """The panel's callback on `app` (a module-level dash.callback would belong to whichever app
    of the process happened to start first)."""
    app.callback(Output("findings-panel", "children"), Output("findings-panel", "hidden"),
                 Input("run", "value"), Input("lang", "data"), Input("url", "pathname"))(draw_findings)


def draw_findings(run: str | None, lang: str, path: str | None):
    """The run's findings on the pages that draw it; hidden elsewhere, and while there is nothing
    to read (no run chosen, no finished chunk, a run that cannot be read: the page says why)."""
    if not run or (path or "/").rstrip("/") not in RUN_PAGES:
        return None, True
    try:
        if not data.has_games(run):
            return None, True
        return panel_children(data.findings_of(run), lang), False
    except (InputError, OSError, ValueError):
        return None, True
