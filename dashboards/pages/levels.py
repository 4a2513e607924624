"""Levels: a [levels] run's conclusions at each agent level (sim.analysis.convergence), each with its
paired change from the level before and whether it holds, then the share of games the turn cap
decides at each level and cap, and each headline figure per level with the decided games beside it
(sim.analysis.levels). A run of another kind gets a sentence and a link to its page."""

from __future__ import annotations

import dash
from dash import Input, Output, callback, html

from dashboards.kinds import open_run_page
from dashboards.widgets import export_bar, graph, legend_and_table, register_exports, shown
from sim.report import figures
from sim.report.export import convergence_in_words, faction_display_names, levels_in_words, stalls_in_words
from sim.report.language import t

dash.register_page(__name__, path="/levels", name="levels")
RUN_KIND = "levels"  # the kind of run this page draws (dashboards.kinds); another kind gets a sentence

layout = html.Div([html.H2(id="levels-heading"), export_bar("levels"), html.Div(id="levels-body")])
register_exports("levels")


@callback(Output("levels-heading", "children"), Output("levels-body", "children"), Output("levels-shown", "data"),
          Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    page = open_run_page(run, lang, "levels_heading", RUN_KIND)
    if page.blocked is not None:
        return page.heading, page.blocked, None
    heading, manifest, tables = page.heading, page.manifest, page.tables
    convergence = tables["convergence"]
    parts = [html.H3(t("report_table_convergence", lang)), html.P(t("report_note_convergence", lang), className="note"),
             *legend_and_table("levels-convergence", convergence_in_words(convergence, lang,
                                                                          faction_display_names(manifest)), lang),
             html.H3(t("report_table_stalls", lang)), html.P(t("report_note_stalls", lang), className="note"),
             *legend_and_table("levels-stalls", stalls_in_words(tables["stalls"]), lang)]
    if "levels" in tables:  # each headline figure per level, the decided games beside it
        parts += [graph("levels-figures", figures.levels_figure(tables["levels"], lang)),
                  *legend_and_table("levels-figures-table", levels_in_words(tables["levels"], lang), lang),
                  html.P(t("report_note_levels", lang), className="note")]
    return heading, parts, shown("convergence", convergence)
