"""The balance search's standalone HTML report (report.html in the search's folder, written by
`sim balance`): the warning when its held-out seed was used before on other cards, what was
searched and how many games, each proposal with its confirmed figures beside the baseline's on the
same games (n, 95% interval; proposal 1's from the confirmation seed, with the held-out reading it
was chosen on) and its card-file patch, the path of the search, and for a round robin the Nash mix
before and after. Every word from the catalog (es/en)."""

from __future__ import annotations

import html
from typing import Any

import plotly
import polars as pl

from sim.balance.console import (baseline_beside, outside_text, paired_change_text, reuse_warnings, selection_text,
                                  summary_text)
from sim.report.balance_figures import figure_label, figure_text, target_text
from sim.balance.figures import card_effects_figures, metagame_figure, path_figure
from sim.report.export import CSS
from sim.report.findings_text import SEVERITY_COLOURS
from sim.report.formatting import count
from sim.report.language import t
from sim.run.display_names import spec_display_names

AMBER = SEVERITY_COLOURS["medium"]  # a warning, not an imbalance: amber, as a moderate finding


def _figure_rows(record: dict[str, Any], proposal: dict[str, Any], lang: str) -> str:
    head = "".join(f"<th>{html.escape(t(k, lang))}</th>" for k in (
        "balance_col_figure", "balance_col_target", "balance_baseline", "balance_col_proposal", "balance_col_n",
        "balance_col_change", "balance_col_met"))
    names = spec_display_names(record["spec"], record.get("spec_path"))  # Japón, not japon
    rows = "".join(
        "<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in (
            figure_label(item, lang, names), target_text(item, lang), figure_text(base, lang), figure_text(item, lang), count(item["n"], lang),
            paired_change_text(item, lang), t("balance_yes" if item["met"] else "balance_no", lang))) + "</tr>"
        for base, item in zip(baseline_beside(record, proposal), proposal["figures"]))
    outside = "".join(f"<p class='note'>{html.escape(figure_label(item, lang))}: "
                      f"{html.escape(outside_text(base, item, lang))}</p>"
                      for base, item in zip(baseline_beside(record, proposal), proposal["figures"])
                      if item["figure"] == "card_effect")
    selection = selection_text(record, proposal, lang, names)
    chosen = f"<p class='note balance-selection'>{html.escape(selection)}</p>" if selection else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{outside}{chosen}"


def balance_report_html(record: dict[str, Any], path: pl.DataFrame, lang: str = "es") -> str:
    name = record["spec"]["name"]
    title = html.escape(f"{t('balance_heading', lang)}: {name}")
    summary = summary_text(record, lang)
    parts = [f"<h1>{title}</h1>"]
    parts += [f"<p class='balance-warning' style='color:{AMBER};font-weight:bold'>{html.escape(warning)}</p>"
              for warning in reuse_warnings(record, lang)]
    parts.append(f"<p class='note'>{html.escape(summary)}</p>")
    for p in record["proposals"]:
        verdict = t("balance_met" if p["met"] else "balance_missed", lang)
        parts.append(f"<section id='proposal-{p['rank']}'><h2>"
                     + html.escape(t("balance_proposal_heading", lang, rank=p["rank"], edits=p["edits_text"],
                                     verdict=verdict))
                     + "</h2>" + _figure_rows(record, p, lang) + f"<pre>{html.escape(p['patch'])}</pre></section>")
    figures = [("path", path_figure(path, lang)), ("metagame", metagame_figure(record, lang))]
    figures += [(f"card-effects-{k + 1}", fig) for k, fig in enumerate(card_effects_figures(record, lang))]
    for key, fig in figures:
        if fig is None:
            continue
        fig.update_layout(template="plotly_white", width=1100, height=480)
        parts.append(f"<section id='chart-{key}'>" + fig.to_html(full_html=False, include_plotlyjs=False,
                                                                   div_id=f"fig-{key}") + "</section>")
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>"
            f"<style>{CSS}</style><script type='text/javascript'>{plotly.offline.get_plotlyjs()}</script></head><body>"
            + "\n".join(parts) + "</body></html>")
