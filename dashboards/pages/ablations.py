"""Ablation: each card of the ablated side replaced by a filler of the same cost on the baseline's
games, its worth (baseline minus without it, paired) with interval and n, ranked, every card named,
in a figure (the report's, figures.ablation_figure) and a table; the worth of a budget point used to
turn it into budget points, or why there is none. A run of another kind gets a sentence and a link
to its page."""

from __future__ import annotations

from typing import Any

import dash
import polars as pl
from dash import Input, Output, callback, html

from dashboards.kinds import open_run_page
from dashboards.widgets import export_bar, graph, legend_and_table, register_exports, shown
from sim.report import figures
from sim.report.export import fillers_in_words
from sim.report.formatting import signed_points_with_interval
from sim.report.language import t

dash.register_page(__name__, path="/ablations", name="ablations")
RUN_KIND = "ablation"  # the kind of run this page draws (dashboards.kinds); another kind gets a sentence

layout = html.Div([html.H2(id="ablations-heading"), export_bar("ablations"), html.Div(id="ablations-body")])
register_exports("ablations")

TABLE_COLUMNS = ["rank", "card_id", "card_name", "cost", "filler", "n", "pairs", "worth", "worth_low", "worth_high",
                 "p_value", "q_value", "q_value_by", "deck_changed_share", "points", "points_low", "points_high", "note"]


def ranked(ablation: pl.DataFrame, lang: str) -> pl.DataFrame:
    """The measured cards ranked by worth (1 = most), the unmeasured ones after them unranked, with
    a note in `lang` where a card was not measured; budget points with their interval as one text
    (`points_ci`), or left out when the run has none."""
    order = ablation.sort(pl.col("measured").not_(), pl.col("worth"), descending=[False, True], nulls_last=True)
    rank = pl.when(pl.col("worth").is_not_null()).then(pl.int_range(1, pl.len() + 1)).otherwise(None)
    out = order.with_columns(rank.cast(pl.Int64).alias("rank"),
                             pl.when(pl.col("measured")).then(pl.lit("")).otherwise(
                                 pl.lit(t("ablation_not_measured_cell", lang))).alias("note")).select(TABLE_COLUMNS)
    if out["points"].is_null().all():  # no budget rate: the sentence above says why
        return out.drop("points", "points_low", "points_high")
    # budget points are not rates: their interval is folded into one text here, as the console prints it
    points = [None if p is None else f"{p:+.1f} [{lo:+.1f}, {hi:+.1f}]"
              for p, lo, hi in zip(out["points"], out["points_low"], out["points_high"])]
    return (out.with_columns(pl.Series("points_ci", points, dtype=pl.String)).drop("points", "points_low", "points_high")
            .select(pl.exclude("note"), "note"))


def rate_words(ablation: pl.DataFrame, lang: str) -> str:
    """The worth of one budget point the points use (same on every row), or why there are none."""
    first = ablation.row(0, named=True)
    notes = [r["points_note"] for r in ablation.iter_rows(named=True) if r["measured"]]
    if first["worth_per_budget_point"] is not None and None in notes:  # the rate held: no reason against it
        return t("ablation_rate", lang, budget=first["working_budget"], budgets=first["budgets_used"],
                 rate=signed_points_with_interval(first["worth_per_budget_point"], first["worth_per_budget_point_low"],
                                                  first["worth_per_budget_point_high"], digits=2, lang=lang))
    note = next((n for n in notes if n), "")
    for prefix, key in (("no budget_step", "ablation_no_step"), ("no points: the side's win rate does not rise",
                                                                   "ablation_no_rise"),
                        ("no points: the budget slope's 95% interval", "ablation_slope_zero"),
                        ("no points: too few", "ablation_too_few")):
        if note.startswith(prefix):
            return t(key, lang)
    return t("ablation_no_points", lang)


def ablated_side(manifest: dict[str, Any]) -> tuple[str, str]:
    side = manifest["spec"]["ablation"]["side"]
    sides = manifest["configs"]["base"]["sides"]
    return "AB"[side - 1], str(sides[side - 1].get("label") or sides[side - 1].get("faction"))


@callback(Output("ablations-heading", "children"), Output("ablations-body", "children"),
          Output("ablations-shown", "data"), Input("run", "value"), Input("lang", "data"))
def draw(run: str | None, lang: str):
    page = open_run_page(run, lang, "ablations_heading", RUN_KIND)
    if page.blocked is not None:
        return page.heading, page.blocked, None
    heading, manifest, tables = page.heading, page.manifest, page.tables
    ablation = fillers_in_words(tables["ablation"], manifest["ruleset"], lang)  # the filler in `lang`
    side, faction = ablated_side(manifest)
    unmeasured = ablation.filter(~pl.col("measured"))
    parts = [html.P(t("ablations_note", lang, side=side, faction=faction, cards=ablation.height,
                      measured=ablation.height - unmeasured.height), id="ablations-note", className="note")]
    if unmeasured.height:
        names = ", ".join(f"{c} {n or ''}".strip() for c, n in zip(unmeasured["card_id"], unmeasured["card_name"]))
        parts.append(html.P(t("ablations_not_measured", lang, cards=names), id="ablations-unmeasured"))
    if ablation.height:
        parts.append(html.P(rate_words(ablation, lang), id="ablations-rate"))
    shown_rows = ranked(ablation, lang)
    parts += [graph("ablations-worth", figures.ablation_figure(ablation, lang)),
              *legend_and_table("ablations-table", shown_rows, lang)]
    return heading, parts, shown("ablation", ablation)
