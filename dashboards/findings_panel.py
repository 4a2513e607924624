"""The first panel of every page that shows a run: its findings (sim.report.findings_text), the same
ranked conclusions `sim show` opens with and the report's page 1 says, each with its severity in
its own colour (red, amber, grey: never green), its sentence, and under it its figure and what it
compares; then the cards whose forced draw and ablation disagree, reconciled.

One component in the shell (`container`, above the page container), drawn in the shell's layout for
the page the address names, then by one callback when the run, the language or the page changes
(`register`, on each app the shell builds): shown on the pages that
draw a run (RUN_PAGES), hidden on the runs list, the comparison, the replay and the balance pages,
and while the run has no games yet."""

from __future__ import annotations

from dash import Dash, Input, Output, html

from dashboards import data
from sim.core.errors import InputError
from sim.report.findings_text import RunFindings
from sim.report.language import t

RUN_PAGES = ("/factions", "/cards", "/budget", "/sweeps", "/ablations", "/matches", "/story")
SHOWN = 3  # at most this many findings in sight: the first, and the problems after it; the rest under "show all n"
PANEL_STYLE = {"margin": ".6em 1em", "padding": ".4em .8em", "border": "1px solid #ddd", "borderRadius": "4px",
               "fontFamily": "system-ui, sans-serif", "background": "#fcfcfc"}


def container(children: list | None = None, hidden: bool = True) -> html.Section:
    return html.Section(children, id="findings-panel", hidden=hidden, style=PANEL_STYLE)


def finding_item(row: dict[str, str]) -> html.Li:
    """One finding: its severity badge in the severity's colour, its sentence, then its figure and
    measure in smaller type on the same line while there is room."""
    return html.Li([
        html.Span(row["severity_word"], className=f"severity severity-{row['severity']}",
                  style={"background": row["colour"], "color": "#fff", "borderRadius": "3px", "padding": "0 .4em",
                         "fontSize": ".8em", "fontWeight": "bold", "textTransform": "uppercase", "marginRight": ".4em"}),
        html.Span(row["sentence"], className="finding-sentence"),
        html.Span(f" {row['figure']} · {row['measure']}", className="finding-figure",
                  style={"color": "#555", "fontSize": ".85em", "marginLeft": ".3em"}),
    ], className=f"finding finding-{row['severity']}",
        style={"borderLeft": f"6px solid {row['colour']}", "padding": ".1em .6em", "margin": ".2em 0"})


def in_sight(rows: list[dict[str, str]]) -> int:
    """How many of the ranked findings the panel shows before its fold: the first (the conclusion
    comes first), and after it the problems (high or medium) up to SHOWN; information waits in the fold."""
    count = min(1, len(rows))
    while count < min(SHOWN, len(rows)) and rows[count]["severity"] != "info":
        count += 1
    return count


def panel_children(read: RunFindings, lang: str) -> list:
    """The panel's content, compact so the page's own figures stay in sight under it at 1400 × 900:
    the heading and the findings in sight (`in_sight`), then one fold holding the rest, the
    reconciled cards and what the severities mean, opened by "show all n findings"."""
    rows = read.rows(lang)
    shown = in_sight(rows)
    children: list = [html.H3(t("findings_heading", lang), style={"margin": ".1em 0", "fontSize": "1.05em"}),
                      html.Ol([finding_item(row) for row in rows[:shown]], id="findings-list",
                              style={"paddingLeft": "1.4em", "margin": ".1em 0"})]
    folded: list = []
    if len(rows) > shown:
        folded.append(html.Ol([finding_item(row) for row in rows[shown:]], start=shown + 1, id="findings-rest",
                              style={"paddingLeft": "1.4em", "margin": ".1em 0"}))
    lines = read.reconcile_lines(lang)
    if lines:
        folded += [html.H4(t("reconcile_heading", lang), style={"margin": ".4em 0 .2em"}),
                   html.Ul([html.Li(line) for line in lines], id="findings-reconciled"),
                   html.P(read.reconciled.note(lang), className="note", style={"color": "#666", "fontSize": ".85em"})]
    folded.append(html.P(t("findings_note", lang), className="note", style={"color": "#666", "fontSize": ".8em"}))
    opener = (t("findings_show_all", lang, n=len(rows)) if len(rows) > shown else
              t("findings_show_more", lang) if lines else t("findings_show_note", lang))
    children.append(html.Details([html.Summary(opener, id="findings-show-all",
                                               style={"cursor": "pointer", "color": "#245", "fontSize": ".9em"}),
                                  *folded], id="findings-fold"))
    return children


def register(app: Dash) -> None:
    """The panel's callback on `app` (a module-level dash.callback would belong to whichever app
    of the process happened to start first)."""
    app.callback(Output("findings-panel", "children"), Output("findings-panel", "hidden"),
                 Input("run", "value"), Input("lang", "data"), Input("url", "pathname"),
                 prevent_initial_call=True)(draw_findings)  # the shell's layout comes with the panel drawn


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
