"""Factions, in tabs so each opens at once: win rates with intervals (a chart, and a table with each
side's wins, losses and draws, the share drawn at the turn cap and its rate among decided games) and
the first player in words;
for a round robin the matchup matrix with the Bradley-Terry ratings and their goodness of fit beside
it, and the metagame (the Nash mix with its interval, support and exploitability); the first-player advantage (in words, as a table, and by game length); game length and end
reasons. Configs in the spec's order; the tab is in the address (?tab=)."""

from __future__ import annotations

import dash
from dash import Input, Output, callback, dcc, html

from dashboards import data
from dashboards.kinds import unavailable
from dashboards.url_state import url_filters
from sim.report.language import t
from dashboards.widgets import colour_legend, export_bar, graph, legend_and_table, register_exports, shown, table
import polars as pl

from sim.analysis.ratings import MODEL_NAMES_ES, describe_fit, format_p_value
from sim.report import figures
from sim.report.export import nash_words, round_robin_games
from sim.analysis.forced_draw import summary_configs
from sim.run.ladder import read_ladder
from sim.report.formatting import config_in_words, first_player_words, in_spec_order

dash.register_page(__name__, path="/factions", name="factions")

TABS = ("win-rates", "matchups", "first-player", "length")  # matchups: a round robin's only
TAB_LABELS = {"win-rates": "tab_win_rates", "matchups": "tab_matchups", "first-player": "tab_first_player",
              "length": "tab_length"}

layout = url_filters(html.Div([
    html.H2(id="factions-heading"), export_bar("factions"),
    dcc.Tabs(id="factions-tab", value=TABS[0],
             children=[dcc.Tab(id=f"factions-tab-{tab}", value=tab) for tab in TABS]),
    html.Div(id="factions-body"),
]), tab="factions-tab")
register_exports("factions")


RATING_COLUMNS = ["model", "label", "games", "elo", "elo_se", "elo_se_model", "first_player_elo", "pearson_chi2",
                  "df", "p_value"]


def ratings_block(ratings: pl.DataFrame, lang: str) -> html.Div:
    """Beside the matrix: the Bradley-Terry ratings of both first-player models and how well each fits."""
    shown_rows = ratings.select(RATING_COLUMNS).with_columns(
        pl.col("p_value").map_elements(format_p_value, return_dtype=pl.String),  # never a rounded 0
        pl.col("model").replace(MODEL_NAMES_ES if lang == "es" else {}))
    return html.Div([html.H3(t("ratings", lang)), html.P(describe_fit(ratings, lang), id="factions-ratings-fit"),
                     table("factions-ratings", shown_rows, lang), colour_legend("factions-ratings", shown_rows, lang)],
                    style={"flex": "1 1 26em", "minWidth": "0"})


@callback([Output(f"factions-tab-{tab}", "label") for tab in TABS], Input("lang", "data"))
def translate_tabs(lang: str):
    return [t(TAB_LABELS[tab], lang) for tab in TABS]


@callback(Output("factions-heading", "children"), Output("factions-body", "children"), Output("factions-shown", "data"),
          Output("factions-tab-matchups", "style"), Input("run", "value"), Input("lang", "data"),
          Input("factions-tab", "value"))
def draw(run: str | None, lang: str, tab: str | None):
    blocked = unavailable(run, lang)
    if blocked is not None:
        return t("factions_heading", lang), blocked, None, HIDDEN
    tables = data.tables_of(run)
    names, colours = data.chart_names_of(run)

    def chart(name: str) -> pl.DataFrame:  # a table as its chart names things: Arañas, configs in words
        return figures.with_display_names(tables[name], names, lang)
    round_robin = "matchups" in tables
    tab = tab if tab in TABS and (tab != "matchups" or round_robin) else TABS[0]
    if tab == "matchups":
        parts = [html.Div([
            html.Div(graph("factions-matchups", figures.matchup_figure(chart("matchups"), lang)),
                     style={"flex": "1 1 34em", "minWidth": "0"}),
            ratings_block(data.ratings_of(run), lang),
        ], style={"display": "flex", "flexWrap": "wrap", "gap": "1em", "alignItems": "flex-start"}),
            graph("factions-marginals", figures.marginal_figure(chart("matchup_marginals"), lang, colours))]
        if "nash" in tables:  # the metagame: every matchup has games
            parts += [graph("factions-nash", figures.nash_figure(chart("nash"), round_robin_games(tables["matchups"]), lang, colours)),
                      html.P(nash_words(tables["nash"], lang), className="note", id="factions-nash-note")]
        speeds, speed_games = read_ladder(data.run_folder(run))
        if speeds:  # a `sim ladder` run: how fast each level plays beside how strong it is
            parts.append(graph("factions-level-speed", figures.level_speed_figure(speeds, speed_games, lang)))
    elif tab == "first-player":
        parts = first_player_parts(tables, lang, names)
    elif tab == "length":
        shares = in_spec_order(data.turn_shares(run), summary_configs(data.manifest_of(run)), only=True)
        parts = [graph("factions-game-length", figures.game_length_figure(
                     figures.with_display_names(shares, names, lang), lang, colours)),
                 graph("factions-end-reasons", figures.end_reason_figure(tables["end_reasons"], lang))]
    else:
        parts = [graph("factions-win-rates", figures.win_rate_figure(chart("win_rates"), lang, colours)),
                 *legend_and_table("factions-win-rates-table", chart("win_rates"), lang),
                 html.P(t("report_note_win_rates", lang), className="note"),
                 html.H3(t("first_player_heading", lang)), first_player_list(tables["first_player"], lang, names)]
        if "levels" in tables:  # a sweep over agents: the win rates and the first player at every level
            parts += [graph("factions-levels", figures.levels_figure(tables["levels"], lang)),
                      html.P(t("report_note_levels", lang), className="note")]
    return t("factions_heading", lang), parts, shown("win_rates", tables["win_rates"]), (None if round_robin else HIDDEN)


HIDDEN = {"display": "none"}


def first_player_list(advantage: pl.DataFrame, lang: str, names: dict[str, str]) -> html.Ul:
    """The first player said in words, a line per config (the config in words too: "sin AR-01")."""
    return html.Ul([html.Li(f"{config_in_words(row['config'], lang, names)}: {first_player_words(row, lang)}")
                    for row in advantage.iter_rows(named=True)], id="factions-first-player-words")


def first_player_parts(tables: dict, lang: str, names: dict[str, str]) -> list:
    """The first player said in words per config, its figure and table, then by game length."""
    advantage, by_length = tables["first_player"], tables["first_player_by_length"]
    return [html.H3(t("first_player_heading", lang)), first_player_list(advantage, lang, names),
            graph("factions-first-player", figures.first_player_figure(advantage, lang)),
            *legend_and_table("factions-first-player-table", advantage, lang),
            html.H3(t("by_length_heading", lang)), html.P(t("by_length_note", lang), className="note"),
            graph("factions-first-player-length", figures.first_player_length_figure(by_length, lang)),
            *legend_and_table("factions-first-player-length-table", by_length, lang)]
