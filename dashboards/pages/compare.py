"""Compare two runs (typically the same spec rerun under a new name with one card edited): run A is
the shell's run, run B is picked here. Side by side, with the difference B − A and its 95%
interval: side A's win rate per config, the first player, and the card measures of the cards in
both runs; the page says whether it paired the games (same seed, ruleset, kind, seats and config
ids: matched on (config, game), as a sweep against its baseline) or compared two independent
samples, and why. Configs and cards in one run only are listed as such. In tabs (win rates, first
player, cards), so each opens at once; the tab is in the address (?tab=)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dash
import polars as pl
from dash import Input, Output, State, callback, dcc, html

from dashboards import data
from dashboards.url_state import url_filters
from dashboards.widgets import export_bar, graph, legend_and_table, register_exports, shown, table
from sim.analysis.compare import (RunPairing, card_comparison, cards_in_one_run, configs_in_one_run,
                                  first_player_comparison, runs_pairing, win_rate_comparison)
from sim.results.scans import scan_games
from sim.report import figures
from sim.report.formatting import config_in_words, in_spec_order
from sim.report.language import TEXT, t
from sim.results.folder import MANIFEST

dash.register_page(__name__, path="/compare", name="compare")

TABS = ("win-rates", "first-player", "cards")
TAB_LABELS = {"win-rates": "compare_win_rates", "first-player": "compare_first_player", "cards": "compare_cards"}

layout = url_filters(html.Div([
    html.H2(id="compare-heading"),
    html.Div([html.Label(id="compare-run-b-label", htmlFor="compare-run-b"),
              dcc.Dropdown(id="compare-run-b", clearable=True, style={"width": "24em"})],
             style={"display": "flex", "gap": ".6em", "alignItems": "center"}),
    export_bar("compare"),
    html.Div(id="compare-head"),
    dcc.Tabs(id="compare-tab", value=TABS[0], children=[dcc.Tab(id=f"compare-tab-{tab}", value=tab) for tab in TABS]),
    html.Div(id="compare-body"),
]), run_b="compare-run-b", tab="compare-tab")  # a link to a comparison names both runs and the tab
register_exports("compare")

DIFF_NAMES = {"diff": "compare_diff", "diff_low": "compare_diff_low", "diff_high": "compare_diff_high"}


@callback(Output("compare-heading", "children"), Output("compare-run-b-label", "children"),
          *(Output(f"compare-tab-{tab}", "label") for tab in TABS), Input("lang", "data"))
def translate(lang: str):
    return t("compare_heading", lang), t("compare_run_b", lang), *(t(TAB_LABELS[tab], lang) for tab in TABS)


@callback(Output("compare-run-b", "options"), Output("compare-run-b", "value"), Input("run", "value"),
          Input("run", "options"), State("compare-run-b", "value"))
def choices(run: str | None, runs: list | None, current: str | None):
    """Every readable run but A; B kept while it is still there."""
    others = [r for r in data.readable_runs() if r != run]
    return others, (current if current in others else None)


@data.computed_once(maxsize=8)
def _compared(folder_a: str, version_a: float, folder_b: str, version_b: float,
              paired: bool) -> dict[str, pl.DataFrame]:
    games_a, games_b = scan_games(Path(folder_a)), scan_games(Path(folder_b))
    return {"win_rates": win_rate_comparison(games_a, games_b, paired),
            "first_player": first_player_comparison(games_a, games_b, paired)}


def _version(folder: Path) -> float:
    return (folder / MANIFEST).stat().st_mtime


def method_sentence(pairing: RunPairing, lang: str) -> str:
    """Which comparison the page made, and why, in `lang`."""
    if pairing.paired:
        return t("compare_paired", lang, seed=pairing.values[0], configs=", ".join(pairing.configs))
    a, b = pairing.values
    if pairing.reason == "kind":
        a, b = (t(f"kind_{v}", lang) if f"kind_{v}" in TEXT else v for v in (a, b))
    return t("compare_unpaired", lang, why=t(f"compare_why_{pairing.reason}", lang, a=a, b=b))


def for_reading(frame: pl.DataFrame) -> pl.DataFrame:
    """A comparison table with its difference named B − A (not a sweep's "Δ vs base") and its method
    in words left to the sentence above it."""
    return frame.rename({k: v for k, v in DIFF_NAMES.items() if k in frame.columns})


def method_words(frame: pl.DataFrame, lang: str) -> pl.DataFrame:
    words = {"paired": t("compare_paired_word", lang), "unpaired": t("compare_unpaired_word", lang)}
    return frame.with_columns(pl.col("method").replace_strict(words, default=pl.col("method")))


def one_run_lines(manifest_a: dict[str, Any], manifest_b: dict[str, Any], run_a: str, run_b: str,
                  lang: str) -> list[html.Li]:
    only_a, only_b = configs_in_one_run(manifest_a, manifest_b)
    return [html.Li(t("compare_configs_only", lang, run=f"{letter} ({name})", configs="; ".join(config_in_words(c, lang) for c in configs)))
            for letter, name, configs in (("A", run_a, only_a), ("B", run_b, only_b)) if configs]


@callback(Output("compare-head", "children"), Output("compare-body", "children"), Output("compare-shown", "data"),
          Input("run", "value"), Input("compare-run-b", "value"), Input("lang", "data"), Input("compare-tab", "value"))
def draw(run_a: str | None, run_b: str | None, lang: str, tab: str | None):
    if not run_a:
        return html.P(t("no_data", lang)), None, None
    data.run_folder(run_a)  # a name leading out of the results folder is refused here, before it is repeated
    if not run_b:
        return html.P(t("compare_pick_b", lang, a=run_a), id="compare-method"), None, None
    if run_a == run_b:
        return html.P(t("compare_same_run", lang), id="compare-method"), None, None
    for run in (run_a, run_b):
        if not data.has_games(run):
            return html.P(t("no_games_yet", lang, run=run), className="no-games"), None, None
    manifest_a, manifest_b = data.manifest_of(run_a), data.manifest_of(run_b)
    pairing = runs_pairing(manifest_a, manifest_b)
    head = [html.P(method_sentence(pairing, lang), id="compare-method", className=f"compare-{pairing.method}"),
            html.Ul(one_run_lines(manifest_a, manifest_b, run_a, run_b, lang), id="compare-configs-only")]
    folder_a, folder_b = data.run_folder(run_a), data.run_folder(run_b)
    compared = _compared(str(folder_a), _version(folder_a), str(folder_b), _version(folder_b), pairing.paired)
    configs = list(manifest_a["configs"])
    win_rates = in_spec_order(compared["win_rates"], configs)
    names = (f"A ({run_a})", f"B ({run_b})")
    tab = tab if tab in TABS else TABS[0]
    if tab == "first-player":
        first_player = in_spec_order(compared["first_player"], configs)
        parts: list[Any] = [html.H3(t("compare_first_player", lang))]
        if first_player.height:
            parts += [graph("compare-first-player", figures.compare_figure(first_player, lang, names,
                                                                            what="chart_compare_first_player")),
                      *legend_and_table("compare-first-player-table", for_reading(method_words(first_player, lang)), lang)]
        else:
            parts.append(html.P(t("no_first_player", lang)))
    elif tab == "cards":
        impact_a, impact_b = data.impact_of(run_a), data.impact_of(run_b)
        cards = in_spec_order(card_comparison(impact_a, impact_b), configs)
        only = cards_in_one_run(impact_a, impact_b).with_columns(
            pl.col("run").replace_strict({"A": f"A ({run_a})", "B": f"B ({run_b})"}))
        parts = [html.H3(t("compare_cards", lang))]
        if cards.height:
            parts += [graph("compare-cards", figures.compare_cards_figure(cards, lang, names)),
                      *legend_and_table("compare-cards-table", cards, lang)]
        parts.append(html.H3(t("compare_cards_only", lang)))
        parts.append(table("compare-cards-only", only, lang) if only.height else
                     html.P(t("compare_no_cards_only", lang), id="compare-cards-only"))
    else:
        parts = [html.H3(t("compare_win_rates", lang))]
        if win_rates.height:  # no config in common: the sentence above says so, and there is nothing to set side by side
            parts += [graph("compare-win-rates", figures.compare_figure(win_rates, lang, names)),
                      *legend_and_table("compare-win-rates-table", for_reading(method_words(win_rates, lang)), lang)]
    return head, parts, shown("compare_win_rates", win_rates)
