"""Balance proposals (`sim balance`): for one search of the results folder, the ranked proposals
with their figures confirmed on the held-out seed beside the baseline's (n, 95% interval), the
card-file patch of each, the path of the search (every candidate at every rung, its distance to
the target and whether it went on), and for a round robin the Nash mix before and after each
proposal. A search is not a run: it has its own picker, of the <results>/<spec>.balance folders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import dash
import polars as pl
from dash import Input, Output, callback, dcc, html

from dashboards import data
from dashboards.widgets import graph
from sim.balance.console import figure_label, figure_text, outside_text, summary_text, target_text
from sim.balance.figures import card_effects_figures, metagame_figure, path_figure
from sim.balance.search import PATH_FILE, PROPOSALS_FILE
from sim.report.language import t

dash.register_page(__name__, path="/balance", name="balance")


def searches(root: Path) -> list[str]:
    """The searches of the results folder, newest first: the names of its *.balance folders that
    hold finished proposals."""
    found = [p.parent for p in Path(root).glob(f"*.balance/{PROPOSALS_FILE}")
             if data.link_leaving(p.parent, Path(root).resolve()) is None]
    return [p.name.removesuffix(".balance") for p in sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)]


def read_search(root: Path, name: object) -> tuple[dict[str, Any], pl.DataFrame]:
    """The proposals and path of the search `name` (a search of `searches`: the name comes from
    the page, and a climbing, absolute or linked-out name is refused without a path, data.entry_of)."""
    root = Path(root).resolve()
    folder = data.entry_of(name, root, "search_name_refused", "search_missing", "search", suffix=".balance")
    if not (folder / PROPOSALS_FILE).is_file():
        raise data.RefusedName("search_missing", search=str(name))
    record = json.loads((folder / PROPOSALS_FILE).read_text(encoding="utf-8"))
    return record, pl.read_parquet(folder / PATH_FILE)


def layout(search: str | None = None, **query: str) -> html.Div:
    options = searches(data.results_root())
    chosen = search if search in options else (options[0] if options else None)
    return html.Div([html.H2(id="balance-heading"),
                     dcc.Dropdown(id="balance-search", options=options, value=chosen, clearable=False,
                                  style={"width": "26em"}),
                     html.Div(id="balance-body")])


def proposal_block(record: dict[str, Any], p: dict[str, Any], lang: str) -> html.Div:
    head = [html.Th(t(k, lang)) for k in ("balance_col_figure", "balance_col_target", "balance_baseline",
                                          "balance_col_proposal", "balance_col_n", "balance_col_met")]
    rows = [html.Tr([html.Td(figure_label(item, lang)), html.Td(target_text(item)), html.Td(figure_text(base)),
                     html.Td(figure_text(item)), html.Td(f"{item['n']:,}"),
                     html.Td(t("balance_yes" if item["met"] else "balance_no", lang))])
            for base, item in zip(record["baseline"], p["figures"])]
    verdict = t("balance_met" if p["met"] else "balance_missed", lang)
    return html.Div([
        html.H3(t("balance_proposal_heading", lang, rank=p["rank"], edits=p["edits_text"], verdict=verdict)),
        html.Table([html.Thead(html.Tr(head)), html.Tbody(rows)], className="balance-figures"),
        *[html.P(f"{figure_label(item, lang)}: {outside_text(base, item, lang)}", className="note balance-outside")
          for base, item in zip(record["baseline"], p["figures"]) if item["figure"] == "card_effect"],
        html.Pre(p["patch"], className="balance-patch", style={"background": "#f6f6f6", "padding": ".5em"}),
    ], id=f"balance-proposal-{p['rank']}")


@callback(Output("balance-heading", "children"), Output("balance-body", "children"),
          Input("balance-search", "value"), Input("lang", "data"))
def draw(search: str | None, lang: str):
    heading = t("balance_heading", lang)
    if not search:
        return heading, html.P(t("balance_none", lang, folder=str(data.results_root())), id="balance-none")
    try:
        record, path = read_search(data.results_root(), search)
    except data.RefusedName as refusal:
        return heading, html.P(refusal.said(lang), id="balance-refused", className="launch-error",
                               style={"color": "#a00"})
    summary = summary_text(record, lang)
    parts: list[Any] = [html.P(summary, id="balance-summary", className="note")]
    parts += [proposal_block(record, p, lang) for p in record["proposals"]]
    parts.append(graph("balance-path", path_figure(path, lang)))
    meta = metagame_figure(record, lang)
    if meta is not None:
        parts.append(graph("balance-metagame", meta))
    parts += [graph(f"balance-card-effects-{k + 1}", fig) for k, fig in enumerate(card_effects_figures(record, lang))]
    return heading, parts
