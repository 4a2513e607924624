"""`sim report`: a run's figures and tables to hand to the team, each export carrying the manifest.

- html: one standalone file, plots embedded with Plotly's JavaScript inline, so it opens anywhere,
  offline; page 1 is the summary a manager reads (the run's findings, ranked, each with its figure
  and what it compares; sim.report.findings_text), then the manifest (engine version, commit,
  ruleset, card and parameter hashes, seed, agents, games, date, wall time).
- csv: one file per table plus `manifest.json` beside them.
- parquet: one file per table, the manifest in each file's metadata (key `sim_manifest`).
- pdf, png: the HTML report printed or photographed by a headless Chromium, where one is installed.
- md: the summary alone (sim.report.findings_text: the findings, then the cards reconciled) as
  Markdown, for a team's tracker or chat; the same summary is page 1 of the HTML report.
"""

from __future__ import annotations

import functools
import html
import json
import os
import re
import shutil
import subprocess
import tempfile
import tomllib
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import plotly.graph_objects as go
import plotly.io
import plotly.offline
import polars as pl
from sim.core.ruleset import get_ruleset

from sim.analysis import (
    end_reasons, faction_win_rates, first_player_advantage, first_player_by_length, game_length,
)
from sim.analysis.ablation import ablation_impact
from sim.analysis.budget_curve import budget_cells, budget_slopes, budget_steps
from sim.analysis.card_impact import card_impact, kept_card_impact
from sim.analysis.card_ranking import card_ranking
from sim.analysis.draws import draw_figures
from sim.analysis.game_length import games_by_length
from sim.analysis.forced_draw import forced_draw_effect, summary_configs
from sim.analysis.matchups import marginal_win_rates, matchup_cells
from sim.analysis.ratings import (
    ELO_PER_LOGIT, MODEL_NAMES_ES, describe_fit, first_player_table, ratings_games, ratings_table, run_seats,
)
from sim.analysis.convergence import convergence, stall_table
from sim.analysis.levels import card_level_conclusions, level_conclusions
from sim.analysis.metagame import kept_metagame
from sim.run.ladder import read_ladder
from sim.analysis.sweeps import sweep_comparison
from sim.analysis.units import match_results, story_clear_chance, story_stages
from sim.core.errors import InputError
from sim.report import figures
from sim.report.findings_text import RunFindings, findings_markdown, read_run_findings
from sim.report.formatting import (count, date_text, in_spec_order, readable_columns, readable_values, seconds_text,
                                   signed_points)
from sim.report.language import TEXT, column, t
from sim.results.manifest import read_manifest
from sim.results.liveness import shown_status
from sim.results.scans import scan_games
from sim.results.summaries import kept_tables
from sim.results.atomic_files import write_atomic

FORMATS = ("html", "csv", "parquet", "pdf", "png", "md")
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")
# a headless Chromium that never touches the network (the report must stand on its own)
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars", "--virtual-time-budget=15000")


def report_tables(run_dir: Path, manifest: dict[str, Any], with_cards: bool = True) -> dict[str, pl.DataFrame]:
    """Every table the report shows, by name; which ones depends on the kind of run. Without
    `with_cards`, the run's tables less the card tables (what the dashboard's pages read)."""
    tables = _run_tables(run_dir, manifest)
    return with_card_tables(run_dir, manifest, tables, card_impact(run_dir)) if with_cards else tables


def _run_tables(run_dir: Path, manifest: dict[str, Any]) -> dict[str, pl.DataFrame]:
    spec = manifest["spec"]
    draws = draw_figures(run_dir)
    tables: dict[str, pl.DataFrame] = {
        "draws": draws,
        "win_rates": faction_win_rates(run_dir, draws=draws),
        "first_player": first_player_advantage(run_dir, draws=draws),
        "first_player_by_length": first_player_by_length(run_dir),
        "game_length": game_length(run_dir),
        "end_reasons": end_reasons(run_dir),
    }
    if spec.get("impact") is not None:
        tables["forced_draw"] = forced_draw_effect(run_dir, manifest)
    if spec.get("matchups") == "round_robin" and spec.get("levels") is None:  # a [levels] one: its convergence
        tables["matchups"] = matchup_cells(run_dir, rates=tables["win_rates"], advantage=tables["first_player"])
        tables["matchup_marginals"] = marginal_win_rates(tables["matchups"])
        # names in the spec's order, so a tie in the mix keeps it
        nash = kept_metagame(run_dir, in_spec_order(tables["matchups"], summary_configs(manifest)))
        if nash.height:  # every matchup has games
            tables["nash"] = nash
        games = ratings_games(run_dir)
        labels = games.select(pl.concat_list(pl.col("label_a").cast(pl.String), pl.col("label_b").cast(pl.String))
                              .explode().n_unique()).collect().item()
        if labels >= 2 and len(manifest["configs"]) > 1:  # Bradley-Terry over every config of the round robin
            tables["ratings"] = ratings_table(games, seats=run_seats(run_dir))
            tables["ratings_first_player"] = first_player_table(games, seats=run_seats(run_dir))
    if spec.get("levels") is not None:  # skill convergence, and the turn cap at each level
        tables["convergence"] = convergence(run_dir, manifest)
        tables["stalls"] = stall_table(run_dir, manifest, draws=draws)
    if spec.get("sweep") is not None or spec.get("levels") is not None:
        if spec.get("sweep") is not None:
            tables["sweep"] = sweep_comparison(run_dir, draws=draws)
        levels = level_conclusions(run_dir)
        if levels.height:
            tables["levels"] = levels.rename({"value": "level_rate", "low": "level_rate_low", "high": "level_rate_high"})
    if spec.get("ablation") is not None:
        tables["ablation"] = ablation_impact(run_dir, manifest)
    if "budget_a" in scan_games(run_dir).collect_schema().names():
        curve = budget_curve_configs(manifest)
        tables["budget_cells"] = budget_cells(run_dir, configs=curve)
        if tables["budget_cells"]["budget_a"].n_unique() > 1:
            slopes = budget_slopes(tables["budget_cells"], run_dir, configs=curve)
            if slopes.height:
                tables["budget_slopes"] = slopes
            tables["budget_steps"] = budget_steps(run_dir, configs=curve)
    if manifest.get("kind") == "story":
        tables["story_stages"] = story_stages(run_dir)
        tables["story_clear_chance"] = story_clear_chance(run_dir)
    if manifest.get("kind") == "best_of_three":
        tables["match_results"] = match_results(run_dir)
    configs = summary_configs(manifest)  # a forced-draw run: its baseline only
    ordered = {name: in_spec_order(frame, configs, only=True) for name, frame in tables.items()}  # not the alphabet's
    decks = deck_lists_table(manifest)
    if decks.height:
        ordered["deck_lists"] = decks
    return ordered


def with_card_tables(run_dir: Path, manifest: dict[str, Any], tables: dict[str, pl.DataFrame],
                     impact: pl.DataFrame) -> dict[str, pl.DataFrame]:
    """`tables` (report_tables without cards) with the card tables made from the run's card impact:
    the impact itself and the card ranking after the end reasons, a sweep's card effects at each
    agent level after its levels; in the spec's order as the others."""
    configs = summary_configs(manifest)
    causal = {name: tables[name] for name in ("forced_draw", "ablation") if name in tables}
    cards = {"card_impact": impact, "card_ranking": card_ranking(run_dir, manifest, impact, causal)}
    if "levels" in tables:
        card_levels = card_levels_table(run_dir, impact)
        if card_levels.height:
            cards["card_levels"] = card_levels
    cards = {name: in_spec_order(frame, configs, only=True) for name, frame in cards.items()}
    out: dict[str, pl.DataFrame] = {}
    for name, frame in tables.items():
        out[name] = frame
        if name == "end_reasons":
            out["card_impact"], out["card_ranking"] = cards["card_impact"], cards["card_ranking"]
        if name == "levels" and "card_levels" in cards:
            out["card_levels"] = cards["card_levels"]
    return out


def kept_run_tables(run_dir: Path, manifest: dict[str, Any]) -> dict[str, pl.DataFrame]:
    """report_tables without cards, kept beside a finished run (sim.results.summaries, the set
    "tables"): computed once per state of the run, read by `sim dash`'s pages and `sim report` alike."""
    return kept_tables(run_dir, "tables", lambda: report_tables(run_dir, manifest, with_cards=False))


def kept_report_tables(run_dir: Path, manifest: dict[str, Any]) -> dict[str, pl.DataFrame]:
    """report_tables from the sets kept beside the run: after `sim dash` showed it, or after an
    earlier report in any format or language, the games are not read again (a fortaleza round
    robin's ratings and metagame are most of a report's time)."""
    return with_card_tables(run_dir, manifest, kept_run_tables(run_dir, manifest), kept_card_impact(run_dir))


def card_classes_in_words(decks: pl.DataFrame, ruleset_name: str, lang: str) -> pl.DataFrame:
    """A deck table's card classes in the page's language, in the game's own words (the ruleset's
    `card_class_words`: its card files spell a class one way, in English)."""
    if "card_class" not in decks.columns:
        return decks
    words = {word: pair[0 if lang == "es" else 1] for word, pair in get_ruleset(ruleset_name).card_class_words.items()}
    return decks.with_columns(pl.col("card_class").replace(words))


# a deck list entry's fields (sim.core.ruleset's side_record) -> the table's column and type; a game
# keeps the fields its cards have (rolplay: level, cost, atq, def; epikha: cost), the rest are left out
DECK_LIST_FIELDS = {"id": ("card_id", pl.String), "name": ("card_name", pl.String), "copies": ("copies", pl.Int64),
                    "class": ("card_class", pl.String), "level": ("card_level", pl.Int64), "cost": ("cost", pl.Int64),
                    "atq": ("atq", pl.Int64), "def": ("def", pl.Int64)}


def deck_lists_table(manifest: dict[str, Any]) -> pl.DataFrame:
    """Each deck the run played, card by card with its copies, for a game whose sides are deck lists
    (the manifest's `deck_list` of a side: rolplay, epikha); an empty frame for the others. A deck
    appears once however many configs played it (a sweep changes card numbers, never the list). The
    columns are the fields the game's deck lists hold, in DECK_LIST_FIELDS' order."""
    rows, seen, fields = [], set(), set()
    for config in manifest["configs"].values():
        for side in config["sides"]:
            if "deck_list" not in side or side["faction"] in seen:
                continue
            seen.add(side["faction"])
            for entry in side["deck_list"]:
                fields.update(key for key in entry if key in DECK_LIST_FIELDS)
                rows.append({"faction": side["faction"],
                             **{DECK_LIST_FIELDS[key][0]: value for key, value in entry.items() if key in DECK_LIST_FIELDS}})
    schema = {"faction": pl.String, **{column: dtype for key, (column, dtype) in DECK_LIST_FIELDS.items()
                                       if key in fields or key in ("id", "name", "copies")}}
    return pl.DataFrame(rows, schema=schema)


def card_levels_table(run_dir: Path, impact: pl.DataFrame) -> pl.DataFrame:
    """sim.analysis.levels' top card effects per agent level, in the report's column names."""
    return card_level_conclusions(run_dir, impact=impact).rename(
        {"value": "iwd_excess", "low": "iwd_excess_low", "high": "iwd_excess_high"})


def budget_curve_configs(manifest: dict[str, Any]) -> list[str] | None:
    """The configs a budget curve is read from: all of them, but in an ablation only the baseline
    and the lower-budget configs (the cards' configs play the working budget with a card replaced,
    so they are not points of the curve)."""
    ablation = manifest["spec"].get("ablation")
    if ablation is None:
        return None
    prefix = f"side{ablation['side']}.budget="
    return [c for c in manifest["configs"] if c == "base" or c.startswith(prefix)]


def round_robin_games(cells: pl.DataFrame) -> int:
    """The games of a round robin: each config's once (its two cells are the same games)."""
    return int(cells.unique("config")["n"].sum())


def turn_shares(run_dir: Path, configs: list[str] | None = None) -> pl.DataFrame:
    """Per config and turn count: games and their share of the config's games; configs in the order
    given (the spec's), else the alphabet's."""
    shares = games_by_length(run_dir)
    return shares if configs is None else in_spec_order(shares, configs)


def fillers_in_words(frame: pl.DataFrame, ruleset_name: str, lang: str) -> pl.DataFrame:
    """An ablation table's `filler` column (describe_filler's text, stored as the game wrote it) in
    `lang`, by the game's own filler_words, and the card classes they name by its card_class_words."""
    if "filler" not in frame.columns:
        return frame
    try:
        ruleset = get_ruleset(ruleset_name)
    except InputError:
        return frame
    index = 0 if lang == "es" else 1
    patterns = [(re.compile(pattern), pair[index]) for pattern, pair in ruleset.filler_words.items()]
    classes = {word: pair[index] for word, pair in ruleset.card_class_words.items()}

    def said(text: str | None) -> str | None:
        if text is None:
            return None
        for pattern, replacement in patterns:
            text = pattern.sub(replacement, text)
        return re.sub(r"\b(\w+)\b", lambda m: classes.get(m.group(1), m.group(1)), text) if classes else text
    return frame.with_columns(pl.col("filler").map_elements(said, return_dtype=pl.String))


def faction_display_names(manifest: dict[str, Any]) -> dict[str, str]:
    """Each side's faction or deck id (and its default label "A:aranas") as the game's files name
    it ("Arañas", "Amuletos y venenos"): the `name` at the head of its card or deck file, found in
    the run's card folder, else the game's own folders. An id whose file says no name keeps its id;
    a label the spec gave is the designer's own and is kept as written."""
    try:
        ruleset = get_ruleset(manifest["ruleset"])
    except (InputError, KeyError):
        return {}
    cards_dir = manifest.get("spec", {}).get("cards_dir")
    folders = [Path(cards_dir)] if cards_dir else []
    folders.append(Path(ruleset.cards_dir).parent)
    names: dict[str, str] = {}
    for config in manifest.get("configs", {}).values():
        for index, side in enumerate(config.get("sides", [])):
            faction = side.get("faction")
            if not faction or faction in names:
                continue
            names[faction] = _file_name_of(faction, folders) or faction
    for faction, name in list(names.items()):
        for letter in "AB":
            names[f"{letter}:{faction}"] = f"{letter}:{name}"
    return names


def _file_name_of(faction: str, folders: list[Path]) -> str | None:
    for folder in folders:
        for path in sorted(folder.rglob(f"{faction}.toml")) if folder.is_dir() else []:
            try:
                with path.open("rb") as handle:
                    name = tomllib.load(handle).get("name")
            except (OSError, tomllib.TOMLDecodeError):
                continue
            if isinstance(name, str) and name.strip():
                return name.strip()
    return None


def report_figures(run_dir: Path, tables: dict[str, pl.DataFrame], lang: str = "en",
                   manifest: dict[str, Any] | None = None) -> list[tuple[str, go.Figure]]:
    """The report's charts; with the run's `manifest`, each faction, deck or config keeps one colour
    across them all (figures.run_colours)."""
    names = faction_display_names(manifest) if manifest is not None else {}
    colours = figures.run_colours(manifest, names) if manifest is not None else None
    configs = tables["win_rates"]["config"].unique(maintain_order=True).to_list()  # ids, in the spec's order
    shares = turn_shares(run_dir, configs)
    tables = {name: figures.with_display_names(frame, names, lang) for name, frame in tables.items()}
    if manifest is not None and "ablation" in tables:
        tables["ablation"] = fillers_in_words(tables["ablation"], manifest["ruleset"], lang)
    out: list[tuple[str, go.Figure]] = []
    if "sweep" in tables:
        out.append(("sweep", figures.sweep_figure(tables["sweep"], lang=lang)))
    if "levels" in tables:
        out.append(("levels", figures.levels_figure(tables["levels"], lang=lang)))
    if "card_levels" in tables:
        out.append(("card_levels", figures.card_levels_figure(tables["card_levels"], lang=lang)))
    speeds, speed_games = read_ladder(run_dir)
    if speeds:  # a `sim ladder` run
        out.append(("level_speed", figures.level_speed_figure(speeds, speed_games, lang=lang)))
    if "ablation" in tables:
        out.append(("ablation", figures.ablation_figure(tables["ablation"], lang=lang)))
    if "budget_cells" in tables and tables["budget_cells"]["budget_a"].n_unique() > 1:
        out.append(("budget_curve", figures.budget_curve_figure(tables["budget_cells"], lang=lang, colours=colours,
                                                                 steps=tables.get("budget_steps"))))
    if "matchups" in tables:
        out.append(("matchups", figures.matchup_figure(tables["matchups"], lang=lang)))
        out.append(("marginals", figures.marginal_figure(tables["matchup_marginals"], lang=lang, colours=colours)))
    if "nash" in tables:
        out.append(("nash", figures.nash_figure(tables["nash"], round_robin_games(tables["matchups"]), lang=lang, colours=colours)))
    out.append(("win_rates", figures.win_rate_figure(tables["win_rates"], lang=lang, colours=colours)))
    out.append(("first_player", figures.first_player_figure(tables["first_player"], lang=lang)))
    out.append(("first_player_by_length",
                figures.first_player_length_figure(tables["first_player_by_length"], lang=lang, colours=colours)))
    if "story_stages" in tables:
        out.append(("story", figures.story_figure(tables["story_stages"], lang=lang, colours=colours)))
    if "forced_draw" in tables:
        out.append(("forced_draw", figures.forced_draw_figure(tables["forced_draw"], lang=lang, colours=colours)))
    first = tables["card_impact"]["config"][0] if tables["card_impact"].height else None
    out.append(("cards", figures.card_scatter_figure(tables["card_impact"].filter(pl.col("config") == first),
                                                     config=str(first), lang=lang, colours=colours)))
    out.append(("game_length", figures.game_length_figure(figures.with_display_names(shares, names, lang),
                                                           lang=lang, colours=colours)))
    ruleset = (manifest if manifest is not None else read_manifest(run_dir))["ruleset"]
    out.append(("end_reasons", figures.end_reason_figure(tables["end_reasons"], ruleset, lang=lang)))
    return out


def manifest_rows(manifest: dict[str, Any], lang: str = "en", run_dir: Path | None = None) -> list[tuple[str, str]]:
    """The manifest as (what, value) lines for the head of every export, in `lang`; with `run_dir`,
    a run whose writer died reads "interrupted", not the "running" its manifest still says."""
    commit = (manifest.get("git_commit") or "unknown") + (f" ({t('report_uncommitted', lang)})"
                                                          if manifest.get("git_dirty") else "")
    status = shown_status(run_dir, manifest) if run_dir is not None else str(manifest["status"])
    rows = [
        (t("report_run", lang), manifest["run"]), (t("report_experiment", lang), manifest["spec"].get("name", "")),
        (t("report_description", lang), manifest["spec"].get("description", "")),
        (t("report_ruleset", lang), f"{manifest['ruleset']} {manifest['ruleset_version']}"),
        (t("report_engine", lang), t("report_engine_value", lang, version=manifest["engine_version"], commit=commit)),
        (t("report_seed", lang), str(manifest["seed"])), (t("report_games_per_config", lang), count(manifest["games"], lang)),
        (t("report_configs", lang), str(len(manifest["configs"]))),
        (t("report_status", lang), t(f"status_{status}", lang) if f"status_{status}" in TEXT else status),
        (t("report_created", lang), date_text(manifest.get("created"), lang)),
        (t("report_finished", lang), date_text(manifest.get("finished"), lang)),
        (t("report_wall_time", lang), seconds_text(float(manifest.get("wall_seconds") or 0), lang)),
    ]
    for config_id, config in list(manifest["configs"].items())[:12]:
        sides = "; ".join(t("report_side", lang, label=s["label"], faction=s["faction"], agent=s["agent"])
                          for s in config["sides"])
        rows.append((t("report_config", lang, config=config_id),
                     t("report_config_value", lang, sides=sides, cards=config["hashes"]["cards"],
                       params=config["hashes"]["params"])))
    if len(manifest["configs"]) > 12:
        rows.append((t("report_more_configs", lang), t("report_more_configs_value", lang, n=len(manifest["configs"]) - 12)))
    return rows


def _table_html(frame: pl.DataFrame, lang: str = "en", limit: int | None = None, table_id: str | None = None,
                names: dict[str, str] | None = None) -> str:
    """A table as a person reads it (sim.report.formatting): rates as percentages with their
    interval folded in, differences in signed points, counts with separators, q as q_text; headers
    from the catalog (`column`) in `lang`. With `limit`, the rows past it are left to the exports."""
    shown = readable_values(figures.with_display_names(frame if limit is None else frame.head(limit), names or {}, lang),
                            lang)  # factions by name, configs in words
    columns = readable_columns(shown, lang)
    head = "".join(f"<th>{html.escape(column(c.name, lang) + (' [' + t('interval_95', lang) + ']' if c.with_interval else ''))}"
                   "</th>" for c in columns)
    body = ["<tr>" + "".join(f"<td>{html.escape(c.texts[i])}</td>" for c in columns) + "</tr>"
            for i in range(shown.height)]
    more = (f"<p class='note'>{html.escape(t('report_more_rows', lang, n=count(frame.height - limit)))}</p>"
            if limit is not None and frame.height > limit else "")
    where = f" id='{table_id}'" if table_id else ""
    return f"<table{where}><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{more}"


# On screen and on paper (`sim report --format pdf` prints this page): the charts keep one width
# that fits an A4 landscape page (277 mm printable, 1047 px at 96 px an inch), each chart and each
# table with its heading stays on one page when it fits one, and Plotly's toolbar never shows.
PLOT_WIDTH = 1040
CSS = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1200px;color:#222}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd}table{border-collapse:collapse;font-size:.85em}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}td{white-space:nowrap}th{background:#f3f3f3}.manifest td{text-align:left}
.note{color:#666;font-size:.85em}.plot{margin:1em 0;max-width:100%}.modebar-container{display:none}
.summary{break-after:page;page-break-after:always}.findings{padding-left:1.4em}
.finding{border-left:6px solid;padding:.3em .6em;margin:.4em 0;list-style-position:outside}
.severity{color:#fff;border-radius:3px;padding:0 .4em;font-size:.8em;font-weight:bold;text-transform:uppercase}
.finding .figure{color:#555;font-size:.85em;margin-top:.15em}.reconciled li{margin:.3em 0}
@page{size:A4 landscape;margin:10mm}
@media print{body{margin:0;max-width:none;font-size:10pt}.modebar,.modebar-container{display:none!important}
section.block{break-inside:avoid;page-break-inside:avoid}section.block.long{break-inside:auto;page-break-inside:auto}
h2{break-after:avoid;page-break-after:avoid;break-inside:avoid;margin-top:1em}
.plot{break-inside:avoid;zoom:var(--print-zoom,1)}thead{display:table-header-group}tr{break-inside:avoid}
table{font-size:8.5pt}th{white-space:normal;vertical-align:bottom}td,th{padding:1px 4px}
.plot .js-plotly-plot,.plot .plot-container,.plot svg.main-svg{max-width:100%}}"""
# On paper: a block (a heading and what it heads) that fits a page stays whole on one; a longer
# table breaks between rows, its header row repeated on every page and its heading kept with its
# first rows (a block kept whole that could not fit was pushed to a new page, then broken anyway,
# its heading parted from its rows); a chart taller than a page is drawn smaller to fit one.
PRINTED_ROWS = 30  # table rows a landscape A4 page holds under a heading at 8.5 pt
PRINTED_PLOT_HEIGHT = 660  # px: a page's 718 less its heading

# Once every plot has drawn: the page's full height, for the PNG of the whole report (`export`).
HEIGHT_MARK = """<script>window.addEventListener("load", function () {
  document.body.setAttribute("data-height", String(Math.ceil(document.documentElement.scrollHeight)));
});</script>"""

RANKING_COLUMNS = ["side", "card_id", "card_name", "cost", "rank_by", "rank_value", "forced_effect", "forced_effect_low",
                   "forced_effect_high", "forced_q", "ablation_worth", "ablation_worth_low", "ablation_worth_high", "gih_n", "gih_wr",
                   "gih_ci_low", "gih_ci_high", "iwd", "iwd_ci_low", "iwd_ci_high", "iwd_null", "q_value", "q_value_by",
                   "never_played"]
FACTION_CARD_COLUMNS = ["side", "faction", "card_id", "card_name", "cost", "gp_n", "gih_n", "gih_wr", "gih_ci_low",
                        "gih_ci_high", "iwd", "iwd_ci_low", "iwd_ci_high", "iwd_null", "iwd_shrunk", "q_value",
                        "never_played"]
ABLATION_COLUMNS = ["card_id", "card_name", "cost", "filler", "measured", "n", "worth", "worth_low", "worth_high",
                    "q_value", "q_value_by", "deck_changed_share", "points", "points_low", "points_high", "points_note",
                    "worth_per_budget_point", "worth_per_budget_point_low", "worth_per_budget_point_high"]
# the ratings on the Elo scale the designers read (the logit columns are in the exports), as the factions page
REPORT_COLUMNS = {
    "ratings": ["model", "label", "games", "fit_games", "elo", "elo_se", "elo_se_model", "first_player_elo",
                "pearson_chi2", "df", "deviance", "p_value", "clusters"],
    "ratings_first_player": ["model", "label_1", "label_2", "games", "first_player_elo", "first_player_elo_se",
                             "first_player_elo_se_model"],
    # the metagame: the value, resamples and seed are the same on every row, so the note says them once
    "nash": ["label", "games", "nash_share", "nash_share_low", "nash_share_high", "in_support", "support_share",
             "win_rate_vs_nash", "exploitability", "exploitability_low", "exploitability_high", "best_response",
             "best_response_n"],
    "forced_draw": ["side", "label", "card_id", "card_name", "cost", "pairs", "drawn_wr", "undrawn_wr", "effect",
                    "effect_low", "effect_high", "seen_when_undrawn", "changed_share", "effect_per_changed",
                    "effect_per_changed_low", "effect_per_changed_high", "q_value_by", "played_when_drawn"],
}
SUMMARY_TABLES = ("convergence", "stalls", "sweep", "levels", "card_levels", "budget_slopes", "budget_steps", "matchup_marginals", "nash", "ratings", "ratings_first_player",
                  "win_rates", "first_player", "first_player_by_length", "story_stages", "story_clear_chance",
                  "match_results")


def other_faction_cards(impact: pl.DataFrame, manifest: dict[str, Any]) -> list[tuple[str, str, pl.DataFrame]]:
    """The cards of every faction the ranked table (the baseline config's two decks) leaves out: for
    each, its decks' cards in the first config, in the spec's order, where it plays (a round robin's
    other factions), most to least help by shrunk IWD; as (faction, config, rows)."""
    baseline = "base" if "base" in manifest["configs"] else next(iter(manifest["configs"]), None)
    played = impact.filter(pl.col("gp_n") > 0)
    covered = set(played.filter(pl.col("config") == baseline)["faction"].to_list())
    out = []
    for config_id in manifest["configs"]:
        in_config = played.filter(pl.col("config") == config_id)
        for faction in in_config["faction"].unique(maintain_order=True).to_list():
            if faction in covered:
                continue
            covered.add(faction)
            rows = (in_config.filter(pl.col("faction") == faction)
                    .sort(["side", "iwd_shrunk", "card_id"], descending=[False, True, False], nulls_last=True))
            out.append((faction, config_id, rows.select([c for c in FACTION_CARD_COLUMNS if c in rows.columns])))
    return out


def nash_words(nash: pl.DataFrame, lang: str) -> str:
    """The metagame table's note: the game, its value and support, the resamples and seed."""
    first = nash.row(0, named=True)
    return t("nash_note", lang, value=signed_points(first["game_value"]),
             support=", ".join(nash.filter(pl.col("in_support"))["label"].to_list()),
             resamples=count(first["resamples"]), seed=first["seed"])


def levels_in_words(levels: pl.DataFrame, lang: str) -> pl.DataFrame:
    """A levels table (sim.analysis.levels: its headline figures, or its cards) with its figures and
    flags in `lang`."""
    words = [pl.col("flag").map_elements(lambda v: t(f"level_flag_{v}", lang) if v else "", return_dtype=pl.String)]
    if "figure" in levels.columns:
        words.append(pl.col("figure").map_elements(lambda v: t(f"level_figure_{v}", lang), return_dtype=pl.String))
    return levels.with_columns(words)


def convergence_in_words(table: pl.DataFrame, lang: str, names: dict[str, str] | None = None) -> pl.DataFrame:
    """A [levels] run's convergence table (sim.analysis.convergence) as a designer reads it: each
    conclusion in words, its figure at each level with its interval, the paired change from the
    level before and the step's verdict, in `lang`."""
    from sim.report.findings_text import Names, conclusion_words  # the findings' words for a conclusion

    said = Names(names or {})
    words = [conclusion_words(c, a, b, lang, said) for c, a, b in table.select("conclusion", "a", "b").iter_rows()]
    verdicts = [t(f"verdict_{v}", lang) if v else "" for v in table["verdict"].to_list()]
    return table.select(
        pl.Series("conclusion", words, dtype=pl.String), pl.col("level").alias("agent_level"), "n",
        pl.col("value").alias("level_rate"), pl.col("low").alias("level_rate_low"),
        pl.col("high").alias("level_rate_high"), pl.col("change").alias("level_step_diff"),
        pl.col("change_low").alias("level_step_diff_low"), pl.col("change_high").alias("level_step_diff_high"),
        "pairs", pl.Series("verdict", verdicts, dtype=pl.String))


def stalls_in_words(stalls: pl.DataFrame) -> pl.DataFrame:
    """A [levels] run's stall table with the columns the report and the dashboard show."""
    return stalls.select(pl.col("level").alias("agent_level"), "turn_cap", "cap_factor", "n", "at_cap", "at_cap_share",
                         "at_cap_share_low", "at_cap_share_high", "cap_draws", "decided")


def _report_columns(name: str, frame: pl.DataFrame) -> pl.DataFrame:
    """The columns the report shows of table `name` (REPORT_COLUMNS; all of them for the others)."""
    wanted = REPORT_COLUMNS.get(name)
    if name == "ratings_first_player":  # its standard errors on the Elo scale of its estimate
        frame = frame.with_columns((pl.col("first_player_se") * ELO_PER_LOGIT).alias("first_player_elo_se"),
                                   (pl.col("first_player_se_model") * ELO_PER_LOGIT).alias("first_player_elo_se_model"))
    return frame if wanted is None else frame.select([c for c in wanted if c in frame.columns])


def _block(block_id: str, heading: str, *body: str) -> str:
    """A heading and what it heads, kept together on paper: on one page when its rows fit one
    (PRINTED_ROWS), else the heading with the first rows ("long": CSS)."""
    content = "".join(body)
    kind = "block long" if content.count("<tr>") > PRINTED_ROWS else "block"
    return f"<section class='{kind}' id='{block_id}'><h2>{html.escape(heading)}</h2>{content}</section>"


def _print_zoom(height: int) -> str:
    """The style that draws a chart `height` px tall on one printed page (no style when it fits)."""
    return f" style='--print-zoom:{PRINTED_PLOT_HEIGHT / height:.2f}'" if height > PRINTED_PLOT_HEIGHT else ""


def _note(text: str) -> str:
    return f"<p class='note'>{html.escape(text)}</p>"


def summary_html(read: RunFindings, lang: str) -> str:
    """Page 1 of the report: the findings, ranked, each with its severity in its own colour, its
    sentence, and under it its figure and what it compares; the cards whose two causal measures
    disagree, reconciled; what the severities mean."""
    items = []
    for row in read.rows(lang):
        items.append(f"<li class='finding finding-{row['severity']}' style='border-left-color:{row['colour']}'>"
                     f"<span class='severity' style='background:{row['colour']}'>{html.escape(row['severity_word'])}</span> "
                     f"<span class='sentence'>{html.escape(row['sentence'])}</span>"
                     f"<div class='figure'>{html.escape(row['figure'])} · {html.escape(row['measure'])}</div></li>")
    body = [f"<ol class='findings'>{''.join(items)}</ol>" if items else _note(t("findings_none", lang))]
    lines = read.reconcile_lines(lang)
    if lines:
        body.append(f"<h3>{html.escape(t('reconcile_heading', lang))}</h3><ul class='reconciled'>"
                    + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"
                    + _note(read.reconciled.note(lang)))
    body.append(_note(t("findings_note", lang)))
    return (f"<section class='summary' id='summary'><h2>{html.escape(t('findings_heading', lang))}</h2>"
            + "".join(body) + "</section>")


def html_report(run_dir: Path, manifest: dict[str, Any], lang: str = "en") -> str:
    """The standalone HTML report of a run folder, every word in `lang` (es or en) from the catalog:
    page 1 the summary (summary_html), then the manifest, each chart with its heading, each table with its headers and notes, and every
    card of every faction (no row cut: the exports hold the same rows)."""
    tables = kept_report_tables(run_dir, manifest)
    table_html = functools.partial(_table_html, names=faction_display_names(manifest))  # Arañas, not aranas
    made = date_text(datetime.now(timezone.utc), lang).removesuffix(" UTC")  # the catalog's sentence says UTC
    parts = [f"<h1>{html.escape(t('report_title', lang, run=manifest['run']))}</h1>",
             summary_html(read_run_findings(run_dir, manifest, tables), lang),
             "<table class='manifest'>" + "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>"
                                                  for k, v in manifest_rows(manifest, lang, run_dir)) + "</table>",
             _note(t("report_made", lang, when=made))]
    for name, fig in report_figures(run_dir, tables, lang, manifest):
        # one width that fits the printed page; a tall list keeps its rows
        height = max(460, fig.layout.height or 0)
        fig.update_layout(width=PLOT_WIDTH, height=height)
        # the heading reads the title on one line (the chart breaks a long one with <br>)
        parts.append(_block(f"chart-{name}", (fig.layout.title.text or name).replace("<br>", " "),
                            f"<div class='plot' id='plot-{name}'{_print_zoom(height)}>"
                            + plotly.io.to_html(figures.white_figure(fig), full_html=False, include_plotlyjs=False,
                                                div_id=f"fig-{name}", validate=False,
                                                config={"displayModeBar": False, "responsive": False}) + "</div>"))
    if "ablation" in tables:
        parts.append(_block("table-ablation", t("report_table_ablation", lang),
                            table_html(fillers_in_words(tables["ablation"].select(ABLATION_COLUMNS), manifest["ruleset"],
                                                        lang), lang)))
    for name in SUMMARY_TABLES:
        if name in tables:
            notes = [t(f"report_note_{name}", lang)] if f"report_note_{name}" in TEXT else []
            shown = _report_columns(name, tables[name])
            if name == "ratings":
                notes.append(describe_fit(tables[name], lang))
            if name == "nash":
                notes.append(nash_words(tables[name], lang))
            if name in ("ratings", "ratings_first_player") and lang == "es":
                shown = shown.with_columns(pl.col("model").replace(MODEL_NAMES_ES))
            if name in ("levels", "card_levels"):
                shown = levels_in_words(shown, lang)
            if name == "convergence":
                shown = convergence_in_words(shown, lang, faction_display_names(manifest))
            if name == "stalls":
                shown = stalls_in_words(shown)
            parts.append(_block(f"table-{name}", t(f"report_table_{name}", lang), table_html(shown, lang, limit=500),
                                *map(_note, notes)))
    if "forced_draw" in tables:
        parts.append(_block("table-forced_draw", t("report_table_forced_draw", lang),
                            table_html(_report_columns("forced_draw", tables["forced_draw"])
                                       .rename({"pairs": "top_bottom_pairs"}), lang)))
    if "deck_lists" in tables:
        decks = card_classes_in_words(tables["deck_lists"], manifest["ruleset"], lang)
        parts.append(_block("table-deck_lists", t("report_table_deck_lists", lang), table_html(decks, lang),
                            _note(t("report_note_deck_lists", lang))))
    ranking = tables["card_ranking"]
    ranked_columns = [c for c in RANKING_COLUMNS if c in ranking.columns and ranking[c].null_count() < ranking.height]
    parts.append(_block("table-card_ranking", t("report_table_card_ranking", lang),
                        table_html(ranking.select(ranked_columns), lang)))
    for faction, config_id, rows in other_faction_cards(tables["card_impact"], manifest):
        parts.append(_block(f"table-cards-{faction}", t("report_table_faction_cards", lang, faction=faction, config=config_id),
                            table_html(rows, lang), _note(t("observational_note", lang))))
    title = html.escape(t("report_title", lang, run=manifest["run"]))
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<title>{title}</title><style>{CSS}</style>"
            f"<script type='text/javascript'>{plotly.offline.get_plotlyjs()}</script></head><body>"
            + "\n".join(parts) + HEIGHT_MARK + "</body></html>")


def _with_manifest(frame: pl.DataFrame, manifest: dict[str, Any]):
    table = frame.to_arrow()
    meta = dict(table.schema.metadata or {})
    meta[b"sim_manifest"] = json.dumps(manifest, ensure_ascii=False).encode()
    return table.replace_schema_metadata(meta)


def find_chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def run_chromium(args: list[str], timeout: float = 120.0) -> subprocess.CompletedProcess:
    chromium = find_chromium()
    if chromium is None:
        raise InputError("--format: pdf and png need a Chromium (Debian: apt-get install chromium; "
                         "scripts/install_browser.sh does it); html, csv and parquet do not")
    with tempfile.TemporaryDirectory(prefix="sim-chromium-") as profile:
        return subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=timeout)


PNG_WIDTH = 1280  # the report's 1200 px column and its margins


def page_height(page: Path) -> int:
    """The full height in pixels of the report page `page` once its plots have drawn (HEIGHT_MARK
    writes it on the body), read in a first headless Chromium pass: the PNG is then taken with a
    window that tall, so it holds the whole report, not its first 4000 px."""
    result = run_chromium([f"--window-size={PNG_WIDTH},1000", "--dump-dom", page.resolve().as_uri()])
    found = re.search(r'<body[^>]*data-height="(\d+)"', result.stdout)
    if not found:
        raise InputError(f"Chromium did not lay out {page}: {result.stderr.strip()[-400:]}")
    return int(found[1]) + 16


def export(run_dir: Path, manifest: dict[str, Any], fmt: str, out: Path, lang: str = "en",
           page: Callable[[], str] | None = None) -> list[Path]:
    """Write the run's report in one format under `out` (a folder); returns the files written.
    `page` gives the HTML report when the caller made it already (html, pdf and png print the same page).

    Each file goes through a temp file renamed into place, so a failed write (a full disk) leaves
    the previous file or none, never a torn or empty one; the failure is an InputError naming it."""
    if fmt not in FORMATS:
        raise InputError(f"--format: {fmt!r}; choose one of {', '.join(FORMATS)}")
    check_out_folder(out)
    stem = manifest["run"]
    if fmt == "md":
        text = findings_markdown(run_dir, manifest, lang, kept_run_tables(run_dir, manifest))
        _write(out / f"{stem}.md", lambda tmp: tmp.write_text(text, encoding="utf-8"))
        return [out / f"{stem}.md"]
    if fmt in ("html", "pdf", "png"):
        html_file = out / f"{stem}.html"
        text = page() if page is not None else html_report(run_dir, manifest, lang)
        _write(html_file, lambda tmp: tmp.write_text(text, encoding="utf-8"))
        if fmt == "html":
            return [html_file]
        target = out / f"{stem}.{fmt}"
        extra = [f"--window-size={PNG_WIDTH},{page_height(html_file)}"] if fmt == "png" else ["--no-pdf-header-footer"]

        def print_page(tmp: Path) -> None:
            flag = f"--print-to-pdf={tmp}" if fmt == "pdf" else f"--screenshot={tmp}"
            result = run_chromium([*extra, flag, html_file.resolve().as_uri()])
            if tmp.stat().st_size == 0:
                raise InputError(f"Chromium did not write {target}: {result.stderr.strip()[-400:]}")

        _write(target, print_page, suffix=f".tmp.{fmt}")
        return [html_file, target]
    tables = kept_report_tables(run_dir, manifest)
    written: list[Path] = []
    if fmt == "csv":
        text = json.dumps(manifest, indent=2, ensure_ascii=False, allow_nan=False)
        _write(out / "manifest.json", lambda tmp: tmp.write_text(text, encoding="utf-8"))
        written.append(out / "manifest.json")
    for name, frame in tables.items():
        path = out / f"{stem}.{name}.{fmt}"
        if fmt == "csv":
            _write(path, frame.write_csv)
        else:
            import pyarrow.parquet as pq  # here, not at the top: `sim dash` imports this module and never writes Parquet so

            _write(path, lambda tmp, frame=frame: pq.write_table(_with_manifest(frame, manifest), tmp))
        written.append(path)
    return written


def check_out_folder(out: Path) -> None:
    """`--out` must be a folder, or a place where one can be made."""
    if out.exists() and not out.is_dir():
        raise InputError(f"--out: {out} is a file; give a folder for the report (it is made if missing)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"--out: cannot make the folder {out}: {exc.strerror or exc}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise InputError(f"--out: {out} is not writable; give another folder for the report")


def _write(path: Path, write: Callable[[Path], None], suffix: str = ".tmp") -> None:
    try:
        write_atomic(path, write, suffix)
    except OSError as exc:  # a full disk, a quota, a disk gone read-only: nothing half-written is left
        raise InputError(f"{path}: could not be written: {exc.strerror or exc}; nothing was left in its place") from None


def write_reports(run_dir: Path, manifest: dict[str, Any], formats: list[str], out: Path, lang: str = "en",
                  progress: Callable[[str], None] | None = None) -> list[Path]:
    files: list[Path] = []
    page = functools.cache(lambda: html_report(run_dir, manifest, lang))  # made once for html, pdf and png
    for fmt in formats:
        files += export(run_dir, manifest, fmt, out, lang, page)
        if progress:
            progress(fmt)
    return files
