"""Story mode (rule D-17): side A's one deck through the stages, stage by stage: each stage's win
rate with its interval and n, the chance to reach each stage unbeaten and win it (a falling line
that ends at the chance to clear), and the table of runs still unbeaten. A run of another kind
gets a sentence and a link to its page."""

from __future__ import annotations

from pathlib import Path

import dash
import polars as pl
from dash import Input, Output, callback, html

from dashboards import data
from dashboards.kinds import unavailable
from dashboards.widgets import export_bar, graph, legend_and_table, register_exports, shown
from sim.analysis.units import story_path
from sim.report import figures
from sim.report.formatting import config_in_words, count, percent_with_interval
from sim.report.language import t
from sim.results.folder import MANIFEST

dash.register_page(__name__, path="/story", name="story")
RUN_KIND = "story"  # the kind of run this page draws (dashboards.kinds); another kind gets a sentence

layout = html.Div([html.H2(id="story-heading"), export_bar("story"), html.Div(id="story-body")])
register_exports("story")


@data.computed_once(maxsize=8)
def _path(folder: str, version: float) -> pl.DataFrame:
    return story_path(Path(folder))


def path_table(path: pl.DataFrame, stages: pl.DataFrame) -> pl.DataFrame:
    """Per config and stage (1-based): the bots' budgets and the stage's own win rate over all runs,
    then the runs reaching it unbeaten, how many win it, that rate, and the chance so far."""
    own = stages.select("config", "stage", "bot_budget_min", "bot_budget_max", "n", pl.col("rate").alias("win_rate"),
                        pl.col("ci_low").alias("win_rate_low"), pl.col("ci_high").alias("win_rate_high"))
    return (own.join(path, on=["config", "stage"], how="left", maintain_order="left")
            .select("config", (pl.col("stage") + 1).alias("stage"), "bot_budget_min", "bot_budget_max", "n", "win_rate",
                    "win_rate_low", "win_rate_high", "runs", "reached", "won",
                    pl.col("rate").alias("win_rate_reached"), pl.col("ci_low").alias("win_rate_reached_low"),
                    pl.col("ci_high").alias("win_rate_reached_high"), "through", "through_low", "through_high"))


@callback(Output("story-heading", "children"), Output("story-body", "children"), Output("story-shown", "data"),
          Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    heading = t("story_heading", lang)
    blocked = unavailable(run, lang, RUN_KIND)
    if blocked is not None:
        return heading, blocked, None
    tables = data.tables_of(run)
    stages, clear = tables["story_stages"], tables["story_clear_chance"]
    folder = data.run_folder(run)
    path = _path(str(folder), (folder / MANIFEST).stat().st_mtime)
    stage_count = stages["stage"].n_unique()
    summary = [html.Li(t("story_summary", lang, config=config_in_words(r["config"], lang), stages=stage_count,
                          n=count(r["runs"], lang), rate=percent_with_interval(r["rate"], r["ci_low"], r["ci_high"], lang=lang)))
               for r in clear.iter_rows(named=True)]
    shown_path = path_table(path, stages)
    parts = [html.Ul(summary, id="story-summary"), html.P(t("story_note", lang), className="note"),
             graph("story-path", figures.story_path_figure(path, stages, lang)),
             *legend_and_table("story-table", shown_path, lang), *legend_and_table("story-clear", clear, lang)]
    return heading, parts, shown("story_path", shown_path)
