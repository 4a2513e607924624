"""Cards, in tabs so each opens at once: the causal measures first, when the run has them (for an
[impact] run the forced-draw effect of every card, for an [ablation] run each card's worth and
budget points), each a ranked chart of every card beside the table of its values; one 17lands-style
table of every measure per card (GP, OH, GD, GIH, GNS win rates with their n, IWD beside its null
and q, forced-draw effect, ablation worth, budget points: sortable, filterable, a minimum-games
filter, column presets, a legend of its colours); the IWD of every card ranked and GIH win rate
against cost (both observational, and labelled so); the deck list of each side. The tab and the
table's column preset are in the address (?tab=, ?preset=)."""

from __future__ import annotations

import dash
import polars as pl
from dash import Input, Output, State, callback, ctx, dcc, html, no_update

from dashboards import data
from dashboards.kinds import unavailable
from sim.report.language import t
from dashboards.url_state import kept, url_filters
from dashboards.widgets import colour_legend, export_bar, graph, register_exports, shown, table
from sim.analysis.ablation import ablation_impact
from sim.analysis.forced_draw import forced_draw_effect
from sim.report import figures
from sim.report.export import card_classes_in_words, fillers_in_words

dash.register_page(__name__, path="/cards", name="cards")

COLUMNS = ["side", "faction", "card_id", "card_name", "cost", "gp_n", "gp_wr", "gp_ci_low", "gp_ci_high",
           "oh_n", "oh_wr", "oh_ci_low", "oh_ci_high", "gd_n", "gd_wr", "gd_ci_low", "gd_ci_high",
           "gih_n", "gih_wr", "gih_ci_low", "gih_ci_high", "gns_n", "gns_wr", "gns_ci_low", "gns_ci_high",
           "iwd", "iwd_ci_low", "iwd_ci_high", "iwd_null", "iwd_shrunk", "q_value", "q_value_by",
           "forced_pairs", "forced_effect", "forced_effect_low", "forced_effect_high",
           "ablation_n", "ablation_worth", "ablation_worth_low", "ablation_worth_high", "points", "points_low",
           "points_high", "position_effect", "position_ci_low", "position_ci_high", "played_n", "played_wr",
           "played_ci_low", "played_ci_high", "never_played", "after_redraft_n"]
FORCED_COLUMNS = ["side", "label", "card_id", "card_name", "cost", "pairs", "drawn_wr", "undrawn_wr", "effect",
                  "effect_low", "effect_high", "seen_when_undrawn", "changed_share", "effect_per_changed",
                  "effect_per_changed_low", "effect_per_changed_high", "q_value_by", "played_when_drawn"]
ABLATION_COLUMNS = ["card_id", "card_name", "cost", "filler", "n", "pairs", "worth", "worth_low", "worth_high",
                    "q_value", "points", "points_low", "points_high", "points_note", "deck_changed_share"]
# a forced draw's pairs (one game with the card on top and at the bottom) and an ablation's (seat-mirrored
# pairs) share the data name `pairs`: on screen each is named for what it is
PAIRS_SHOWN_AS = {"pairs": "top_bottom_pairs"}
DECK_COLUMNS = ["card_id", "card_name", "cost", "in_deck_share", "gp_n"]
TABS = ("causal", "measures", "charts", "decks")  # causal: a run with [impact] or [ablation] only
TAB_LABELS = {"causal": "tab_causal", "measures": "tab_measures", "charts": "tab_charts", "decks": "tab_decks"}
HIDDEN = {"display": "none"}
# The card table's column presets (its columns as the grid names them: an interval folds into its
# figure's column): which columns are in sight, the card always. "quick" adds the run's causal
# measure when it has one; "causal" is offered only then.
CARD = ("side", "card_id", "card_name")
CAUSAL = ("forced_pairs", "forced_effect", "ablation_n", "ablation_worth", "points")
PRESETS: dict[str, tuple[str, ...] | None] = {
    "quick": (*CARD, "cost", "gih_wr", "iwd", "forced_effect", "ablation_worth"),
    "causal": (*CARD, *CAUSAL),
    "observational": (*CARD, "gp_n", "gp_wr", "oh_n", "oh_wr", "gd_n", "gd_wr", "gih_n", "gih_wr", "gns_n", "gns_wr",
                      "iwd", "q_value", "q_value_by"),
    "all": None,
}

layout = url_filters(html.Div([
    html.H2(id="cards-heading"),
    html.Div([
        html.Label(id="cards-config-label"), dcc.Dropdown(id="cards-config", clearable=False, style={"width": "24em"}),
        html.Label(id="cards-faction-label"), dcc.Dropdown(id="cards-faction", style={"width": "12em"}),
        html.Label(id="cards-min-label"), dcc.Input(id="cards-min-games", type="number", min=0, step=1, value=0,
                                                    debounce=True, style={"width": "7em"}),
    ], style={"display": "flex", "gap": ".6em", "alignItems": "center", "flexWrap": "wrap"}),
    export_bar("cards"),
    dcc.Tabs(id="cards-tab", children=[dcc.Tab(id=f"cards-tab-{tab}", value=tab) for tab in TABS]),
    html.Div([html.Label(id="cards-preset-label"),
              dcc.RadioItems(id="cards-preset", options=list(PRESETS), value="quick", inline=True,
                             inputStyle={"marginRight": ".3em"}, labelStyle={"marginRight": "1em"})],
             id="cards-preset-box", style={"display": "flex", "gap": ".6em", "alignItems": "center", "margin": ".5em 0"}),
    html.Div(id="cards-body"),
]), config="cards-config", faction="cards-faction", min_games="cards-min-games", tab="cards-tab", preset="cards-preset")
register_exports("cards")


@callback(Output("cards-heading", "children"), Output("cards-config-label", "children"),
          Output("cards-faction-label", "children"), Output("cards-min-label", "children"),
          Output("cards-preset-label", "children"),
          *(Output(f"cards-tab-{tab}", "label") for tab in TABS), Input("lang", "data"))
def translate(lang: str):
    return (t("cards_heading", lang), t("config", lang), t("faction_filter", lang), t("min_games", lang),
            t("preset_label", lang), *(t(TAB_LABELS[tab], lang) for tab in TABS))


def preset_choices(view: pl.DataFrame, preset: str | None, lang: str) -> tuple[list[dict[str, str]], str]:
    """The presets the card table offers, labelled in `lang` (causal only when the table has a causal
    measure), and the one chosen: the address's when offered, else the quick view."""
    offered = [p for p in PRESETS if p != "causal" or set(CAUSAL) & set(view.columns)]
    return [{"label": t(f"preset_{p}", lang), "value": p} for p in offered], kept(preset, offered, "quick")


def preset_columns(preset: str) -> frozenset[str] | None:
    """The columns `preset` shows (None: every one)."""
    columns = PRESETS.get(preset)
    return None if columns is None else frozenset(columns)


def has_causal(manifest: dict) -> bool:
    """Whether the run measured what its cards cause (forced draws or an ablation), in its base config."""
    return bool(manifest["spec"].get("impact") or manifest["spec"].get("ablation"))


def choices(run: str, config: str | None, faction: str | None, tab: str | None, lang: str) -> tuple:
    """The run's configs (in words, in `lang`), factions (by their display names) and tabs to choose
    from, and what is chosen: the address's (or the one already made) when this run offers it, else
    its first config, no faction, and the causal measures first when there are some."""
    manifest = data.manifest_of(run)
    configs = data.config_options(run, lang)
    names = data.chart_names_of(run)[0]
    factions = ([{"label": names.get(f, f), "value": f} for f in sorted(data.impact_of(run)["faction"].unique().to_list())]
                if data.has_games(run) else [])
    causal = has_causal(manifest)
    tabs = TABS if causal else TABS[1:]
    return (configs, kept(config, configs), factions, kept(faction, factions, None), kept(tab, list(tabs)),
            None if causal else HIDDEN)


def ablation_side(manifest: dict) -> int:
    """The side (0 or 1) whose cards an ablation run replaces: the spec's [ablation] side, counted from 1."""
    return int((manifest["spec"].get("ablation") or {}).get("side", 1)) - 1


def every_measure(impact: pl.DataFrame, forced: pl.DataFrame | None, ablation: pl.DataFrame | None,
                  ablated_side: int) -> pl.DataFrame:
    """One row per card and side with all its measures: the observational ones (GP, OH, GD, GIH, GNS
    WR with their n, IWD with its null and q), the forced-draw effect with its pairs, the ablation
    worth with its n and its budget points, where the run has them (null where it does not)."""
    frame = impact
    if forced is not None and forced.height:
        frame = frame.join(forced.select("side", "card_id", pl.col("pairs").alias("forced_pairs"),
                                         pl.col("effect").alias("forced_effect"),
                                         pl.col("effect_low").alias("forced_effect_low"),
                                         pl.col("effect_high").alias("forced_effect_high")),
                           on=["side", "card_id"], how="left")
    if ablation is not None and ablation.height:
        worth = ablation.select(
            "card_id", pl.lit(ablated_side, dtype=frame.schema["side"]).alias("side"), pl.col("n").alias("ablation_n"),
            *(pl.when(pl.col("measured")).then(pl.col(c)).alias(f"ablation_{c}") for c in ("worth", "worth_low", "worth_high")),
            "points", "points_low", "points_high")
        frame = frame.join(worth, on=["side", "card_id"], how="left")
    return frame.select([c for c in COLUMNS if c in frame.columns])


def deck_lists(impact: pl.DataFrame, games_by_side: dict[int, int], lang: str) -> html.Div:
    """Each side's deck: its cards (one copy each: F-02, D-02) with the share of the side's games whose
    starting deck held them, the most common first; when every game had the same deck, it says so."""
    blocks = []
    for (side, faction), part in impact.group_by("side", "faction", maintain_order=True):
        games = games_by_side.get(side) or 0
        deck = (part.filter(pl.col("gp_n") > 0)
                .with_columns((pl.col("gp_n") / games if games else pl.lit(None, dtype=pl.Float64)).alias("in_deck_share"))
                .sort(["in_deck_share", "cost", "card_id"], descending=[True, False, False]))
        same = bool(part["single_deck"].all()) if "single_deck" in part.columns else False
        heading = t("deck_heading", lang, side=figures.side_name(side, faction, lang), cards=deck.height)
        note = t("deck_same", lang) if same else t("deck_varies", lang, games=f"{games:,}")
        blocks.append(html.Div([html.H4(heading), html.P(note, className="note"),
                                table(f"cards-deck-{'ab'[side]}", deck.select(DECK_COLUMNS), lang)],
                               style={"flex": "1 1 30em", "minWidth": "0"}))
    return html.Div(blocks, id="cards-decks", style={"display": "flex", "gap": "1em", "flexWrap": "wrap"})


def listed_decks(decks: pl.DataFrame, manifest: dict, config: str, lang: str) -> html.Div:
    """Each side's deck list of the chosen config: every distinct card with its copies, class, level,
    cost, ATQ and DEF, as the deck file (or the builder) gave them."""
    blocks = []
    for side, entry in enumerate(manifest["configs"][config]["sides"]):
        deck = decks.filter(pl.col("faction") == entry["faction"]).drop("faction")
        deck = card_classes_in_words(deck, manifest["ruleset"], lang)
        heading = t("deck_heading", lang, side=figures.side_name(side, entry["faction"], lang), cards=int(deck["copies"].sum()))
        note = t("deck_list_same", lang, cards=deck.height, copies=int(deck["copies"].sum()))
        blocks.append(html.Div([html.H4(heading), html.P(note, className="note"),
                                table(f"cards-deck-{'ab'[side]}", deck, lang)], style={"flex": "1 1 30em", "minWidth": "0"}))
    return html.Div(blocks, id="cards-decks", style={"display": "flex", "gap": "1em", "flexWrap": "wrap"})


@callback(Output("cards-body", "children"), Output("cards-shown", "data"), Output("cards-config", "options"),
          Output("cards-config", "value"), Output("cards-faction", "options"), Output("cards-faction", "value"),
          Output("cards-tab", "value"), Output("cards-tab-causal", "style"), Output("cards-preset", "options"),
          Output("cards-preset", "value"), Output("cards-preset-box", "style"), Input("run", "value"),
          Input("cards-config", "value"), Input("cards-faction", "value"), Input("cards-min-games", "value"),
          Input("cards-tab", "value"), Input("cards-preset", "value"), Input("lang", "data"),
          State("cards-config", "options"), State("cards-preset-box", "style"))
def draw(run: str | None, config: str | None, faction: str | None, min_games: int | None, tab: str | None,
         preset: str | None, lang: str, offered: list | None, preset_box: dict | None):
    """The chosen tab of the chosen run. A new run (or the page opening, or a new language) sets the
    choices first, in the same callback: a callback of its own would cost the page a round trip
    before it draws. The column presets show on the every-measure tab only."""
    if not run:
        return unavailable(None, lang), None, [], None, [], None, "measures", HIDDEN, [], preset, HIDDEN
    # the page opening (it offers nothing yet, or only the address's config id: url_state), a new run
    # or a new language (the configs are said in it) set the choices; a change of the page's own filters keeps them
    from_address = any(not isinstance(option, dict) for option in offered or ())
    if not offered or from_address or {"run.value", "lang.data"} & set(ctx.triggered_prop_ids):
        chosen = choices(run, config, faction, tab, lang)
        config, faction, tab = chosen[1], chosen[3], chosen[4]
    else:
        chosen = (no_update,) * 6
    body, shown_rows, presets = draw_tab(run, config, faction, min_games, tab, preset, lang)
    box = {**(preset_box or {}), "display": "flex" if presets else "none"}
    options, preset = presets or (no_update, no_update)
    return (body, shown_rows, *chosen, options, preset, box)


def draw_tab(run: str, config: str | None, faction: str | None, min_games: int | None, tab: str | None,
             preset: str | None, lang: str) -> tuple:
    """The tab's parts, the rows the export bar downloads, and on the every-measure tab the presets
    offered and the one shown (else None)."""
    blocked = unavailable(run if config else None, lang)
    if blocked is not None:
        return blocked, None, None
    everything = data.impact_of(run).filter(pl.col("config") == config)
    impact = everything.filter(pl.col("faction") == faction) if faction else everything
    impact = impact.filter(pl.col("gih_n") >= (min_games or 0))
    manifest = data.manifest_of(run)
    names, colours = data.chart_names_of(run)  # the charts say Arañas, in its colour of the run
    forced = ablation = None
    if manifest["spec"].get("impact") and config == "base":
        forced = forced_draw_effect(data.run_folder(run), manifest)
        if faction:
            forced = forced.filter(pl.col("faction") == faction)
    if manifest["spec"].get("ablation") and config == "base":
        ablation = ablation_impact(data.run_folder(run), manifest)
    view = every_measure(impact, forced, ablation, ablation_side(manifest))
    if tab == "causal" and (forced is not None or ablation is not None):
        shown_ablation = None if ablation is None else fillers_in_words(ablation, manifest["ruleset"], lang)
        parts = causal_parts(forced, shown_ablation, lang, names, colours)
    elif tab == "charts":
        parts = [html.P(t("observational_note", lang), className="note"),
                 graph("cards-iwd", figures.iwd_figure(figures.with_display_names(impact, names), lang, colours)),
                 graph("cards-gih-cost", figures.card_scatter_figure(figures.with_display_names(impact, names),
                                                                     config=config, lang=lang, colours=colours))]
        levels = data.card_levels_of(run)
        if levels is not None and levels.height:  # a sweep over agents: do the key cards hold at every level?
            parts += [graph("cards-levels", figures.card_levels_figure(levels, lang)),
                      html.P(t("report_note_card_levels", lang), className="note")]
    elif tab == "decks":
        tables = data.tables_of(run)
        if "deck_lists" in tables:  # the sides are deck lists with copies (rolplay)
            parts = [html.H3(t("decks_heading", lang)), listed_decks(tables["deck_lists"], manifest, config, lang)]
        else:
            rates = tables["win_rates"].filter(pl.col("config") == config)
            parts = [html.H3(t("decks_heading", lang)),
                     deck_lists(everything, dict(zip(rates["side"].to_list(), rates["n"].to_list())), lang)]
    else:
        presets = preset_choices(view, preset, lang)
        return measures_parts(impact, view, presets[1], lang), shown("card_impact", view), presets
    return parts, shown("card_impact", view), None


def causal_parts(forced: pl.DataFrame | None, ablation: pl.DataFrame | None, lang: str,
                 names: dict[str, str], colours: dict[str, str]) -> list:
    """What the run measured that its cards cause: each a ranked chart of every card and its table."""
    parts = []
    if forced is not None:
        parts += [html.H3(t("forced_heading", lang)), graph("cards-forced", figures.forced_draw_figure(
                      figures.with_display_names(forced, names), lang, colours)),
                  colour_legend("cards-forced-table", forced.select(FORCED_COLUMNS).rename(PAIRS_SHOWN_AS), lang),
                  table("cards-forced-table", forced.select(FORCED_COLUMNS).rename(PAIRS_SHOWN_AS), lang)]
    if ablation is not None:
        worth = ablation.select([c for c in ABLATION_COLUMNS if c in ablation.columns]).rename({"pairs": "seat_pairs"})
        parts += [html.H3(t("ablation_heading", lang)),
                  graph("cards-ablation", figures.ablation_figure(ablation, lang)),
                  colour_legend("cards-ablation-table", worth, lang), table("cards-ablation-table", worth, lang)]
    return parts


def measures_parts(impact: pl.DataFrame, view: pl.DataFrame, preset: str, lang: str) -> list:
    """The table of every measure per card, observational ones labelled so, showing the columns of
    `preset`, with what its colours mean."""
    parts = [html.H3(t("measures_heading", lang)), html.P(t("observational_note", lang), className="note")]
    one_deck = impact.filter(pl.col("single_deck"))["side"].unique().sort().to_list()
    if one_deck:
        parts.append(html.P(t("single_deck_note", lang, sides=", ".join("AB"[s] for s in one_deck)), className="note"))
    return parts + [colour_legend("cards-table", view, lang), table("cards-table", view, lang, preset_columns(preset))]
