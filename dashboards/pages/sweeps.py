"""Sweeps: every config against the baseline on the same games (paired difference, interval,
q-value) and each config's SPRT against the baseline on the same seat-mirrored pairs, with its
hypothesis beside the verdicts and the bias an early stop leaves. A run that is not a sweep gets a
sentence and a link to its own page (an ablation's is the ablations page)."""

from __future__ import annotations

import dash
from dash import Input, Output, callback, html

from dashboards import data
from dashboards.kinds import open_run_page
from sim.report.language import t
from dashboards.widgets import export_bar, graph, legend_and_table, register_exports, shown
import plotly.graph_objects as go
import polars as pl

from sim.analysis.sprt import SprtHypothesis, sprt_bounds
from sim.report import figures
from sim.report.export import levels_in_words
from sim.report.formatting import config_in_words, count, localised

dash.register_page(__name__, path="/sweeps", name="sweeps")
RUN_KIND = "sweep"  # the kind of run this page draws (dashboards.kinds); another kind gets a sentence

layout = html.Div([html.H2(id="sweeps-heading"), export_bar("sweeps"), html.Div(id="sweeps-body")])
register_exports("sweeps")

READING_COLUMNS = ["config", "pairs", "diff", "llr", "verdict", "note"]


def hypothesis_line(hypothesis: SprtHypothesis, lang: str) -> str:
    """The test in words, with its error rates and bounds."""
    lower, upper = sprt_bounds(hypothesis.alpha, hypothesis.beta)
    alpha, beta, low, high = (localised(text, lang) for text in (f"{hypothesis.alpha:g}", f"{hypothesis.beta:g}",
                                                                  f"{lower:+.3f}", f"{upper:+.3f}"))
    return f"{hypothesis.text(lang)} (α = {alpha}, β = {beta}: {t('sprt_bounds', lang)} {low} / {high})".replace("-", "−")


def trajectory_figure(paths: pl.DataFrame, hypothesis: SprtHypothesis, lang: str,
                      colours: dict[str, str] | None = None) -> go.Figure:
    """Each config's LLR as its pairs came in, between the SPRT's bounds (figures.sprt_path_figure)."""
    lower, upper = sprt_bounds(hypothesis.alpha, hypothesis.beta)
    pairs = int(paths["pairs"].max()) if paths.height else 0
    return figures.sprt_path_figure(paths, lower, upper, t("sprt_paths_title", lang, pairs=count(pairs, lang),
                                                            hypothesis=hypothesis.text(lang)), lang, colours)


@callback(Output("sweeps-heading", "children"), Output("sweeps-body", "children"), Output("sweeps-shown", "data"),
          Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    page = open_run_page(run, lang, "sweeps_heading", RUN_KIND)
    if page.blocked is not None:
        return page.heading, page.blocked, None
    heading, manifest, tables = page.heading, page.manifest, page.tables
    sweep = tables["sweep"]
    hypothesis = SprtHypothesis.of_spec(manifest["spec"])
    readings, paths = data.sprt_of(run, lang)
    notes = [html.Li(f"{config_in_words(row['config'], lang)}: {row['note']}") for row in readings.iter_rows(named=True) if row["note"]]
    parts = [html.P(t("sweeps_note", lang), className="note"),
             graph("sweeps-diff", figures.sweep_figure(sweep, lang)), *legend_and_table("sweeps-table", sweep, lang),
             html.H3(t("sprt", lang)), html.P(hypothesis_line(hypothesis, lang), id="sweeps-hypothesis"),
             graph("sweeps-sprt-paths", trajectory_figure(paths, hypothesis, lang, figures.run_colours(manifest))),
             *legend_and_table("sweeps-sprt", readings.select(READING_COLUMNS), lang),
             html.Ul(notes, id="sweeps-stopped-notes")]
    if "levels" in tables:  # a sweep over agents: do its conclusions hold at every level?
        parts[1:1] = [graph("sweeps-levels", figures.levels_figure(tables["levels"], lang)),
                      *legend_and_table("sweeps-levels-table", levels_in_words(tables["levels"], lang), lang),
                      html.P(t("report_note_levels", lang), className="note")]
    return heading, parts, shown("sweep", sweep)
