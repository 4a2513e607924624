"""A run's summary as rich tables on the terminal (`sim run` at the end, `sim show`).

Every win rate is shown with its n and 95% interval, and beside it what colours its reading: the
first-player advantage (in words, and by game length), how long games last and how they end
(ANALYTICS.md). Numbers come from sim.analysis only and read as sim.report.formatting writes them,
so the terminal, dashboards and exports never disagree; configs come in the spec's order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import polars as pl
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from sim.analysis.card_ranking import card_ranking, causal_card_tables
from sim.analysis.forced_draw import summary_configs
from sim.analysis.budget_curve import budget_cells, budget_slopes, budget_steps
from sim.analysis.matchups import marginal_win_rates, matchup_cells
from sim.analysis.convergence import convergence, stall_table
from sim.analysis.levels import card_level_conclusions, level_conclusions
from sim.analysis.metagame import kept_metagame
from sim.analysis.ratings import ELO_PER_LOGIT, MODEL_NAMES, describe_fit, ratings_games, ratings_table, run_seats
from sim.analysis.sprt import SprtHypothesis, sprt_by_config
from sim.analysis.sweeps import sweep_comparison
from sim.run.display_names import DisplayNames, run_display_names
from sim.results.folder import ANSWER_FILE, TRIAL_FILE, trial_file
from sim.results.liveness import shown_status
from sim.results.resuming import manifest_resume_command, spec_gone_note
from sim.analysis import (
    end_reasons, faction_win_rates, first_player_advantage, first_player_by_length, game_length, match_results,
    story_clear_chance, story_stages,
)
from sim.report.findings_text import SEVERITY_COLOURS, read_run_findings
from sim.report.language import column, t
from sim.report.formatting import (
    config_in_words, count, first_player_words, in_spec_order, percent, percent_interval, percent_with_interval,
    points_interval, q_text, signed_points, signed_points_with_interval,
)
from sim.report.tables import FittedTable

BY_LENGTH_CONFIGS = 6  # more configs than this: the by-length table shows the first one (the rest: sim report)
FINDINGS_SHOWN = 8  # findings the console shows at least (every problem is shown; the report has them all)
RICH_SEVERITY = {severity: f"bold {colour}" for severity, colour in SEVERITY_COLOURS.items()}
LEFT_COLUMNS = ("config", "side", "label", "faction", "reason", "method", "card", "best response", "group", "figure",
                "level", "flag", "faction_a", "faction_b")
# the leading columns that say what a row is: repeated in each part of a table too wide for the terminal
NAMING_COLUMNS = ("config", "side", "label", "faction", "card", "group", "figure", "level", "faction_a", "faction_b",
                  "reason", "turns", "stage")
# the display names of the run being summarised: every table and line of one summary reads the same
# run's, and a print_* function called on its own (a test, the metagame check) shows the ids
_NAMES: ContextVar[DisplayNames] = ContextVar("display_names", default=DisplayNames())


def _pct(value: float | None, digits: int = 1) -> str:
    return percent(value, digits)


def _signed_pts(value: float | None) -> str:
    return signed_points(value)


def _with_config(columns: list[str], many: bool) -> list[str]:
    return (["config"] if many else []) + columns


def _names() -> DisplayNames:
    return _NAMES.get()


@contextmanager
def display_names(names: DisplayNames) -> Iterator[None]:
    """Show `names` (a run's faction and deck display names) in the tables printed meanwhile."""
    token = _NAMES.set(names)
    try:
        yield
    finally:
        _NAMES.reset(token)


def _table(title: str, frame: pl.DataFrame, columns: list[str], render: dict[str, Any]) -> FittedTable:
    """A table of `frame`'s rows, each cell `render[column](row)`, the sides in display names; it
    splits into parts of whole columns on a terminal too narrow for it (sim.report.tables)."""
    names = _names()
    rows = [[render[name](names.row(row)) for name in columns] for row in frame.iter_rows(named=True)]
    keys = next((i for i, name in enumerate(columns) if name not in NAMING_COLUMNS), len(columns))
    return FittedTable(title, columns, ["left" if name in LEFT_COLUMNS else "right" for name in columns], rows,
                       keys=keys)


TURN_CAP_DRAWS = "turn-cap draws"  # the catalog's English headers (sim.report.language COLUMNS)
DECIDED_RATE = "win rate among decided games"
DECIDED_FIRST_PLAYER = "first player's win rate among decided games"


def decided_rate_text(row: dict[str, Any], name: str, with_points: bool = False) -> str:
    """A win rate among decided games with its interval and n: "63.6% [62.5, 64.7] of 7,980", with
    the first player's edge over the second (2·rate − 1) when `with_points`."""
    if row.get(name) is None:
        return "-"
    points = f" ({signed_points(2 * row[name] - 1)})" if with_points else ""
    rate = percent_with_interval(row[name], row[f"{name}_low"], row[f"{name}_high"])
    return f"{rate}{points} of {count(row['decided'])}"


def draw_cells(decided: str) -> dict[str, Any]:
    """The cells every win-rate table shows beside its ½-scored rate (sim.analysis.draws): wins,
    losses and draws, the share of games drawn at the turn cap, and the rate `decided` among the
    decided games."""
    return {
        "W / L / D": lambda r: f"{count(r['wins'])} / {count(r['losses'])} / {count(r['draws'])}",
        TURN_CAP_DRAWS: lambda r: percent_with_interval(r["cap_draw_share"], r["cap_draw_share_low"],
                                                        r["cap_draw_share_high"]),
        DECIDED_RATE: lambda r: decided_rate_text(r, decided),
    }


def resume_line(run_dir: Path, manifest: dict[str, Any]) -> str | None:
    """How to go on with an interrupted or cancelled run: the command that resumes it (None for others)."""
    if shown_status(run_dir, manifest) not in ("interrupted", "cancelled"):
        return None
    return f"to resume it{spec_gone_note(manifest)}: {manifest_resume_command(manifest, run_dir)}"


def print_levels(console: Console, run_dir: Path) -> None:
    """The headline figures at each agent level of a sweep over agents, with the flags of
    sim.analysis.levels (nothing for a sweep that plays one level)."""
    table = level_conclusions(run_dir)
    if table.is_empty():
        return
    console.print(_table("Across agent levels (sides A / B): does each figure hold? Each config's own 95% interval; "
                         "flags against the first level; beside it the figure's wins, losses and draws, the share "
                         "drawn at the turn cap and the figure among decided games only", table,
                         ["group", "figure", "level", "n", "value", "95% CI", "flag", "W / L / D", TURN_CAP_DRAWS,
                          DECIDED_RATE], {
        "group": lambda r: r["group"], "figure": lambda r: r["figure"], "level": lambda r: r["level"],
        "n": lambda r: count(r["n"]), "value": lambda r: percent(r["value"]),
        "95% CI": lambda r: percent_interval(r["low"], r["high"]), "flag": lambda r: r["flag"],
        **draw_cells("decided_win_rate"),
    }))
    cards = card_level_conclusions(run_dir)
    if cards.is_empty():
        return
    console.print(_table("Top card effects across agent levels: IWD above its null (observational), the cards that "
                         "help most and least at the first level; flags against it", cards,
                         ["group", "card", "level", "GIH n", "IWD - null", "95% CI", "flag"], {
        "group": lambda r: r["group"], "card": lambda r: f"{'AB'[r['side']]}: {r['card_id']} {r['card_name']}",
        "level": lambda r: r["level"], "GIH n": lambda r: count(r["n"]),
        "IWD - null": lambda r: signed_points(r["value"]),
        "95% CI": lambda r: points_interval(r["low"], r["high"]), "flag": lambda r: r["flag"],
    }))


def print_convergence(console: Console, run_dir: Path, manifest: dict[str, Any], lang: str = "en") -> None:
    """A [levels] run's convergence (sim.analysis.convergence: each conclusion at each level, its
    paired change from the level before and whether it holds) and its turn cap at each level and
    cap, headed and worded in `lang`."""
    from sim.report.export import convergence_in_words, stalls_in_words  # the report's words for both tables

    table = convergence_in_words(convergence(run_dir, manifest), lang, dict(_names().words))
    heads = {name: column(name, lang) for name in ("conclusion", "agent_level", "n", "level_rate", "level_step_diff",
                                                   "pairs", "verdict", "turn_cap", "cap_factor", "at_cap",
                                                   "at_cap_share", "cap_draws", "decided")}
    if table.height:
        console.print(_table(f"{t('report_table_convergence', lang)}. {t('report_note_convergence', lang)}", table,
                             list(heads.values())[:7], {
            heads["conclusion"]: lambda r: r["conclusion"], heads["agent_level"]: lambda r: r["agent_level"],
            heads["n"]: lambda r: count(r["n"], lang),
            heads["level_rate"]: lambda r: percent_with_interval(r["level_rate"], r["level_rate_low"],
                                                                 r["level_rate_high"], lang=lang),
            heads["level_step_diff"]: lambda r: signed_points_with_interval(
                r["level_step_diff"], r["level_step_diff_low"], r["level_step_diff_high"], lang=lang)
            if r["level_step_diff"] is not None else "-",
            heads["pairs"]: lambda r: count(r["pairs"], lang) if r["pairs"] is not None else "-",
            heads["verdict"]: lambda r: r["verdict"],
        }))
    stalls = stalls_in_words(stall_table(run_dir, manifest))
    if stalls.height:
        console.print(_table(f"{t('report_table_stalls', lang)}. {t('report_note_stalls', lang)}", stalls,
                             [heads[name] for name in ("agent_level", "turn_cap", "cap_factor", "n", "at_cap",
                                                       "at_cap_share", "cap_draws", "decided")], {
            heads["agent_level"]: lambda r: r["agent_level"], heads["turn_cap"]: lambda r: count(r["turn_cap"], lang),
            heads["cap_factor"]: lambda r: f"×{r['cap_factor']}", heads["n"]: lambda r: count(r["n"], lang),
            heads["at_cap"]: lambda r: count(r["at_cap"], lang),
            heads["at_cap_share"]: lambda r: percent_with_interval(r["at_cap_share"], r["at_cap_share_low"],
                                                                   r["at_cap_share_high"], lang=lang),
            heads["cap_draws"]: lambda r: count(r["cap_draws"], lang), heads["decided"]: lambda r: count(r["decided"], lang),
        }))


def header_lines(manifest: dict[str, Any], run_dir: Path) -> list[str]:
    """Who ran what: the lines above the tables."""
    names = _names()
    if manifest["spec"].get("matchups") == "round_robin":
        sides = "round robin of " + ", ".join(names(s.get("label") or s["faction"]) for s in manifest["spec"]["side"])
    else:
        sides = " vs ".join(names(s["label"]) for s in next(iter(manifest["configs"].values()))["sides"])
    commit = (manifest.get("git_commit") or "unknown")[:12] + ("+dirty" if manifest.get("git_dirty") else "")
    return [
        f"[bold]{manifest['run']}[/bold]: {sides} ({manifest['kind']}, {manifest['games']:,} units, "
        f"seed {manifest['seed']}) — {shown_status(run_dir, manifest)}, chunks {manifest.get('chunks_done', '?')}/"
        f"{manifest['chunks_total']}",
        f"ruleset {manifest['ruleset']} {manifest['ruleset_version']}, engine {manifest['engine_version']}, "
        f"commit {commit}, folder {run_dir}",
    ]


def print_findings(console: Console, run_dir: Path, manifest: dict[str, Any], lang: str = "en",
                   shown: int = FINDINGS_SHOWN, tables: dict[str, pl.DataFrame] | None = None) -> None:
    """The run's findings first (sim.report.findings_text): each problem, and information up to
    `shown` findings in all, with its severity in its own colour, its sentence, and under it the
    figure and the measure (what it compares); then the cards whose forced-draw effect and ablation
    worth disagree, reconciled. `tables`: analysis tables the caller has already (read_run_findings)."""
    read = read_run_findings(run_dir, manifest, tables)
    rows = read.rows(lang)
    console.print(f"[bold]{escape(t('findings_heading', lang))}[/bold]", highlight=False)
    said = max(shown, sum(1 for row in rows if row["severity"] != "info"))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for row in rows[:said]:
        grid.add_row(Text(f"● {row['severity_word']}", style=RICH_SEVERITY[row["severity"]]),
                     Text.assemble(row["sentence"], "\n", (f"{row['figure']} · {row['measure']}", "dim")))
    console.print(grid)
    if len(rows) > said:
        console.print(escape(t("findings_more", lang, n=len(rows) - said)), highlight=False)
    lines = read.reconcile_lines(lang)
    if lines:
        console.print(f"[bold]{escape(t('reconcile_heading', lang))}[/bold]", highlight=False)
        for line in lines:
            console.print(f"● {escape(line)}", highlight=False)
        console.print(f"[dim]{escape(read.reconciled.note(lang))}[/dim]", highlight=False)
    console.print(f"[dim]{escape(t('findings_note', lang))}[/dim]", highlight=False)


def print_summary(console: Console, run_dir: Path, manifest: dict[str, Any], lang: str = "en") -> None:
    """The run's findings (in `lang`), then win rates, first-player advantage, game length and end
    reasons of a run folder, its factions and decks named as their files name them
    (sim.run.display_names)."""
    with display_names(run_display_names(manifest)):
        _print_summary(console, run_dir, manifest, lang)


def _print_summary(console: Console, run_dir: Path, manifest: dict[str, Any], lang: str) -> None:
    for line in header_lines(manifest, run_dir):
        console.print(line, highlight=False)
    resume = resume_line(run_dir, manifest)
    if resume is not None:  # one line, never wrapped or read as markup: it is copied into a shell
        console.print(resume, highlight=False, markup=False, soft_wrap=True)
    causal = causal_card_tables(run_dir, manifest)  # read by the findings, the ablation and the cards
    print_findings(console, run_dir, manifest, lang, tables=causal)
    levels = manifest["spec"].get("levels") is not None
    if levels:  # what the run is for, first after its findings
        print_convergence(console, run_dir, manifest, lang)
    configs = summary_configs(manifest)  # a forced-draw run: its baseline only
    rates = in_spec_order(faction_win_rates(run_dir), configs, only=True)
    many = rates["config"].n_unique() > 1
    sweep = manifest["spec"].get("sweep") is not None or manifest["spec"].get("ablation") is not None
    if manifest["spec"].get("ablation") is not None:
        print_ablation(console, manifest, causal["ablation"])
    elif sweep:
        print_sweep(console, run_dir, manifest)
        if any(str(axis.get("field")) == "budget" for axis in manifest["spec"]["sweep"]["axis"]):  # a budget curve
            print_budget_slopes(console, run_dir)
    else:
        console.print(_table(f"Win rate (draw = ½ win), {interval_words(rates)}; beside it the share of games drawn "
                             "at the turn cap and the side's win rate among the decided games", rates,
                         _with_config(["side", "label", "faction", "n", "win rate", "95% CI", "W / L / D",
                                       TURN_CAP_DRAWS, DECIDED_RATE], many), {
        "config": lambda r: r["config"], "side": lambda r: "AB"[r["side"]], "label": lambda r: r["label"],
        "faction": lambda r: r["faction"], "n": lambda r: count(r["n"]), "win rate": lambda r: percent(r["win_rate"]),
        "95% CI": lambda r: percent_interval(r["ci_low"], r["ci_high"]), **draw_cells("decided_win_rate"),
        }))
    print_first_player(console, run_dir, configs, many)
    console.print(_table("Game length (turns)", in_spec_order(game_length(run_dir), configs, only=True),
                         _with_config(["n", "median", "p90", "max", "mean"], many), {
        "config": lambda r: r["config"], "n": lambda r: count(r["n"]), "median": lambda r: f"{r['median']:g}",
        "p90": lambda r: str(r["p90"]), "max": lambda r: str(r["max"]), "mean": lambda r: f"{r['mean']:.1f}",
    }))
    if not sweep:
        console.print(_table("End reasons", in_spec_order(end_reasons(run_dir), configs, only=True),
                             _with_config(["reason", "games", "share"], many), {
            "config": lambda r: r["config"], "reason": lambda r: r["end_reason"], "games": lambda r: count(r["count"]),
            "share": lambda r: percent(r["share"]),
        }))
    trial = trial_file(run_dir, TRIAL_FILE)
    if trial is not None:  # a `sim try` trial stops on its paired difference from the run, not on side A
        print_trial_stop(console, run_dir, trial, lang)
    elif manifest["spec"].get("stop") is not None and not sweep:
        print_side_a_sprt(console, run_dir, manifest)
    if manifest["spec"].get("matchups") == "round_robin" and not levels:  # a [levels] one: by its convergence
        cells = print_matchups(console, run_dir, configs)
        print_nash(console, run_dir, cells)
        print_ratings(console, run_dir)
    if sweep or levels:
        print_levels(console, run_dir)
    print_cards(console, run_dir, manifest, causal=causal)
    if manifest.get("kind") == "story":
        print_story(console, run_dir, many, configs)
    elif manifest.get("kind") == "best_of_three":
        print_matches(console, run_dir, many, configs)


def print_first_player(console: Console, run_dir: Path, configs: list[str], many: bool) -> None:
    """The first player's win rate over both seats with its edge in points, said in words too, then
    the same by game length (observational). With many configs, the words and the by-length table
    are the first config's alone (the report has every config's)."""
    advantage = in_spec_order(first_player_advantage(run_dir), configs, only=True)
    console.print(_table("First-player advantage: the first player's win rate over both seats, and how far it is above "
                         "the second player's (= side A's win rate first minus second), 95% CI", advantage,
                         _with_config(["first player wins", "first minus second", "side A first", "side A second",
                                       "pairs", "method", TURN_CAP_DRAWS, DECIDED_FIRST_PLAYER], many), {
        "config": lambda r: r["config"],
        "first player wins": lambda r: percent_with_interval(r["first_player_win_rate"], r["first_player_win_rate_low"],
                                                             r["first_player_win_rate_high"]),
        "first minus second": lambda r: signed_points_with_interval(r["advantage"], r["ci_low"], r["ci_high"]),
        "side A first": lambda r: f"{percent(r['win_rate_first'])} of {count(r['games_first'])}",
        "side A second": lambda r: f"{percent(r['win_rate_second'])} of {count(r['games_second'])}",
        "pairs": lambda r: count(r["pairs"]), "method": lambda r: r["method"],
        TURN_CAP_DRAWS: draw_cells("")[TURN_CAP_DRAWS],
        DECIDED_FIRST_PLAYER: lambda r: decided_rate_text(r, "decided_first_player_win_rate", with_points=True),
    }))
    shown = configs[:1] if len(configs) > BY_LENGTH_CONFIGS else configs
    for row in advantage.filter(pl.col("config").is_in(shown)).iter_rows(named=True):
        console.print(f"{_names().config(row['config']) + ': ' if many else 'In words: '}{first_player_words(row)}",
                      highlight=False)
    by_length = in_spec_order(first_player_by_length(run_dir), configs, only=True)
    which = f" (config {_names().config(shown[0])}; every config: sim report)" if len(shown) < len(configs) else ""
    console.print(_table(f"First player by game length{which}: the first player's win rate among games of each "
                         "length, 95% Wilson CI. Observational: a band holds games that ended alike, each game on its "
                         "own (unpaired)", by_length.filter(pl.col("config").is_in(shown)),
                         _with_config(["turns", "games", "share", "first player wins", "95% CI", "first minus second"],
                                      many), {
        "config": lambda r: r["config"], "turns": lambda r: r["band"], "games": lambda r: count(r["n"]),
        "share": lambda r: percent(r["share"]), "first player wins": lambda r: percent(r["first_player_win_rate"]),
        "95% CI": lambda r: percent_interval(r["first_player_win_rate_low"], r["first_player_win_rate_high"]),
        "first minus second": lambda r: signed_points(r["advantage"]),
    }))


def print_sweep(console: Console, run_dir: Path, manifest: dict[str, Any]) -> None:
    """Each config of a sweep against the baseline, game by game on the same seeds: side A's win
    rate, the paired difference from the baseline with its 95% interval, its q-values (BH, and BY
    beside it because every config is compared on the same baseline games), and the SPRT against the
    baseline on the same pairs with its hypothesis (the baseline is not tested against itself); then,
    for each config that stopped early, why and the bias its estimate carries."""
    order = {config_id: k for k, config_id in enumerate(manifest["configs"])}  # the spec's order
    frame = sweep_comparison(run_dir).sort(pl.col("config").replace_strict(order, default=len(order)))
    hypothesis = SprtHypothesis.of_spec(manifest["spec"])
    readings = {r["config"]: r for r in sprt_by_config(run_dir, hypothesis, manifest=manifest).iter_rows(named=True)}
    stopped = manifest.get("stopped") or {}
    sprt_column = f"SPRT, {hypothesis.text()}"
    console.print(_table("Sweep: side A against the baseline on the same games (paired); q: Benjamini-Hochberg, "
                         "and Benjamini-Yekutieli (every config shares the baseline's games)",
                         frame, ["config", "n", "win rate", "95% CI", "Δ vs base", "95% CI of Δ", "q (BH)",
                                 "q (BY)", sprt_column, "W / L / D", TURN_CAP_DRAWS, DECIDED_RATE], {
        "config": lambda r: r["config"] + (" (stopped early)" if r["config"] in stopped else ""),
        "n": lambda r: count(r["n"]), "win rate": lambda r: percent(r["win_rate"]),
        "95% CI": lambda r: percent_interval(r["ci_low"], r["ci_high"]),
        "Δ vs base": lambda r: "baseline" if r["config"] == "base" else signed_points(r["diff"]),
        "95% CI of Δ": lambda r: "" if r["config"] == "base" else
        points_interval(r["diff_low"], r["diff_high"]) + " pts",
        "q (BH)": lambda r: "" if r["config"] == "base" else q_text(r["q_value"]),
        "q (BY)": lambda r: "" if r["config"] == "base" else q_text(r["q_value_by"]),
        sprt_column: lambda r: "baseline" if r["config"] == "base" else
        f"{readings[r['config']]['verdict']} ({readings[r['config']]['pairs']:,} pairs)",
        **draw_cells("decided_win_rate"),
    }))
    for config_id in order:
        if config_id in stopped and config_id in readings:
            console.print(f"{config_id}: {stopped[config_id]['decision']}; {readings[config_id]['note']}", highlight=False)


def print_trial_stop(console: Console, run_dir: Path, trial: dict[str, Any], lang: str = "en") -> None:
    """A `sim try` trial's stop (docs/trying.md): each config played until the paired difference of
    side A's win rate from the run's same games was known to ± the half-width asked; per config the
    games, the paired difference with its 95% interval, the half-width reached and whether it is
    within the one asked (from the trial's answer.json, the figures `sim try` printed)."""
    asked = trial.get("half_width")
    answer = trial_file(run_dir, ANSWER_FILE)
    title = (t("trial_stop_title", lang, run=trial["run"], points=signed_points(asked, 2, lang).lstrip("+"))
             if asked is not None else t("trial_stop_fixed", lang, run=trial["run"], games=count(trial["games"], lang)))
    if answer is None:
        console.print(f"{title} {t('trial_stop_no_answer', lang)}", highlight=False, markup=False)
        return
    rows = answer["win_rates"]
    many = len(rows) > 1
    columns = [t(f"trial_col_{k}", lang) for k in ("config", "games", "diff")] + [t("trial_col_reached", lang)]

    def reached(r: dict[str, Any]) -> str:
        if r["diff_high"] is None:
            return "-"
        half = (r["diff_high"] - r["diff_low"]) / 2
        within = asked is None or half <= asked + 1e-12
        return f"±{signed_points(half, 2, lang).lstrip('+')}" + ("" if within else f" ({t('trial_stop_short', lang)})")

    frame = pl.DataFrame(rows, infer_schema_length=None)
    console.print(_table(title, frame, columns, {
        columns[0]: lambda r: config_in_words(r["config"], lang) if many else r["side_a"],
        columns[1]: lambda r: count(r["pairs"], lang),
        columns[2]: lambda r: signed_points_with_interval(r["diff"], r["diff_low"], r["diff_high"], lang=lang),
        columns[3]: reached,
    }))


def print_side_a_sprt(console: Console, run_dir: Path, manifest: dict[str, Any]) -> None:
    """A run with [stop] and no baseline: each config's SPRT of side A at elo0 against elo1."""
    readings = sprt_by_config(run_dir, manifest=manifest)
    hypothesis = SprtHypothesis.of_spec(manifest["spec"])
    many = readings.height > 1
    console.print(_table(f"SPRT of side A on seat-mirrored pairs: {hypothesis.text()}", readings,
                         _with_config(["pairs", "side A's score", "verdict", "note"], many), {
        "config": lambda r: r["config"], "pairs": lambda r: f"{r['pairs']:,}",
        "side A's score": lambda r: _pct(r["score"]), "verdict": lambda r: r["verdict"], "note": lambda r: r["note"],
    }))


def print_ratings(console: Console, run_dir: Path) -> None:
    """Bradley-Terry ratings of a round robin beside the matrix: each label's Elo with its standard
    error clustered on seat pairs, under one first-player term and under one per matchup, and how well
    each fits (the ratings summarise the matrix; they never replace it)."""
    table = ratings_table(ratings_games(run_dir), seats=run_seats(run_dir))
    shared = table.filter(pl.col("model") == MODEL_NAMES["shared"])
    matchup = {_names()(r["label"]): r for r in table.filter(pl.col("model") == MODEL_NAMES["matchup"]).iter_rows(named=True)}
    h = shared.row(0, named=True)
    title = (f"Bradley-Terry ratings (Elo, Σ = 0; ± standard error clustered on seat pairs), first-player term "
             f"{h['first_player_elo']:+.0f} ± {h['first_player_se'] * ELO_PER_LOGIT:.1f} Elo")
    console.print(_table(title, shared, ["label", "games", "Elo", "± SE", "model SE", "Elo, h per matchup"], {
        "label": lambda r: r["label"], "games": lambda r: f"{r['games']:,}", "Elo": lambda r: f"{r['elo']:+.1f}",
        "± SE": lambda r: f"{r['elo_se']:.1f}", "model SE": lambda r: f"{r['elo_se_model']:.1f}",
        "Elo, h per matchup": lambda r: "-" if r["label"] not in matchup else
        f"{matchup[r['label']]['elo']:+.1f} ± {matchup[r['label']]['elo_se']:.1f}",
    }))
    console.print(describe_fit(table), highlight=False)


RANKED_BY = {
    "forced_draw": "forced-draw effect (causal: the card on top, drawn at once, against at the bottom of the same "
                   "shuffles, drawn late or never; paired games; beside it how often it was seen from the bottom "
                   "and the effect per game in which that changed whether it was seen, drawn at once against never; "
                   "IWD beside it is observational)",
    "ablation": "ablation worth (causal: the card against a plain card of its cost on the same games; IWD beside "
                "it is observational)",
    "iwd": "shrunk IWD (observational: GIH WR − GNS WR; the null is what a card with no effect shows in the same "
           "games; run an [impact] spec for the causal forced-draw effect)",
}


def print_cards(console: Console, run_dir: Path, manifest: dict[str, Any], shown: int = 5,
                causal: dict[str, pl.DataFrame] | None = None) -> None:
    """Per side of the baseline, the cards that help most and least, ranked by the strongest measure
    the run has (sim.analysis.card_ranking): forced draw, ablation, else shrunk IWD with its null.
    Cards drawn but never played are flagged; a side that played one deck is said to, since its GP WR
    would only repeat its win rate. `causal`: causal_card_tables' when the caller has them already."""
    ranking = card_ranking(run_dir, manifest, causal=causal)
    config = next(iter(manifest["configs"]))
    for side in (0, 1):
        part = ranking.filter((pl.col("side") == side) & pl.col("rank_value").is_not_null())
        if part.height == 0:
            continue
        picked = pl.concat([part.head(shown), part.tail(shown)]).unique("card_id", maintain_order=True)
        label = _names()(manifest["configs"][config]["sides"][side]["label"])
        rank_by = part["rank_by"][0]
        columns = ["card", "cost"]
        if rank_by == "forced_draw":
            columns += ["top/bottom pairs", "forced draw [95% CI]", "seen from bottom", "per changed game [95% CI]",
                        "q (BY)"]
        elif rank_by == "ablation":
            columns += ["ablation [95% CI]", "q"]
        columns += ["GIH n", "IWD [95% CI]", "IWD null", "note"]
        one_deck = bool(part["single_deck"][0])
        note = "; one deck in every game, so GP WR (= the side's win rate) is not shown" if one_deck else ""
        console.print(_table(escape(f"Cards of {label}, side {'AB'[side]} ({_names().config(config)}): most and least help, ranked by {RANKED_BY[rank_by]}{note}"),
                             picked, columns, {
            "card": lambda r: f"{r['card_id']} {r['card_name']}", "cost": lambda r: str(r["cost"]),
            "top/bottom pairs": lambda r: f"{r['forced_pairs']:,}",
            "seen from bottom": lambda r: "-" if r["forced_seen_when_undrawn"] is None else f"{r['forced_seen_when_undrawn']:.1%}",
            "per changed game [95% CI]": lambda r: signed_points_with_interval(
                r["forced_per_changed"], r["forced_per_changed_low"], r["forced_per_changed_high"]),
            "forced draw [95% CI]": lambda r: signed_points_with_interval(r["forced_effect"], r["forced_effect_low"],
                                                                         r["forced_effect_high"]),
            "q (BY)": lambda r: q_text(r["forced_q"]),
            "ablation [95% CI]": lambda r: signed_points_with_interval(r["ablation_worth"], r["ablation_worth_low"],
                                                                      r["ablation_worth_high"]),
            "q": lambda r: q_text(r["ablation_q"]),
            "GIH n": lambda r: f"{r['gih_n']:,}",
            "IWD [95% CI]": lambda r: signed_points_with_interval(r["iwd"], r["iwd_ci_low"], r["iwd_ci_high"]),
            "IWD null": lambda r: signed_points(r["iwd_null"]),
            "note": lambda r: "never played" if r["never_played"] else "",
        }))


def _budget_points_text(value: float | None, low: float | None, high: float | None) -> str:
    """A worth in budget points with its interval: "+2.5 [+2.3, +2.7]"."""
    if value is None:
        return "-"
    return f"{value:+.1f} [{low:+.1f}, {high:+.1f}]"


def print_ablation(console: Console, manifest: dict[str, Any], frame: pl.DataFrame) -> None:
    """Each card's worth: the baseline minus the games with the card replaced by its (named) filler,
    on the same games; a filler that plays exactly like the card is "not measured"; whether the
    side's deck changed; and the worth in budget points at the rate the run measured. `frame`:
    sim.analysis.ablation.ablation_impact's table of the run."""
    side = manifest["spec"]["ablation"]["side"]
    label = _names()(manifest["configs"]["base"]["sides"][side - 1]["label"])
    pairs = frame["pairs"].max() if frame.height else 0
    console.print(_table(f"Card worth to side {'AB'[side - 1]} ({label}): baseline minus the card replaced by its "
                         f"filler, same games (paired, {pairs or 0:,} seat-mirrored pairs), 95% interval, "
                         "q = Benjamini-Hochberg (Benjamini-Yekutieli: the cards share the baseline's games)", frame,
                         ["card", "cost", "filler", "n", "worth", "95% CI", "q (BH)", "q (BY)", "deck changed",
                          "budget points [95% CI]"], {
        "card": lambda r: f"{r['card_id']} {r['card_name'] or ''}", "cost": lambda r: str(r["cost"]),
        "filler": lambda r: r["filler"] or "?", "n": lambda r: f"{r['n']:,}",
        "worth": lambda r: _signed_pts(r["worth"]) if r["measured"] else "not measured",
        "95% CI": lambda r: "" if r["worth"] is None else f"[{_signed_pts(r['worth_low'])}, {_signed_pts(r['worth_high'])}]",
        "q (BH)": lambda r: q_text(r["q_value"]), "q (BY)": lambda r: q_text(r["q_value_by"]),
        "deck changed": lambda r: "slot only" if r["deck_changed_share"] is None
        else f"in {_pct(r['deck_changed_share'], 0)} of games",
        "budget points [95% CI]": lambda r: _budget_points_text(r["points"], r["points_low"], r["points_high"]),
    }))
    if not frame.height:
        return
    first = frame.row(0, named=True)
    if first["worth_per_budget_point"] is not None:
        rate = (f"1 budget point = {100 * first['worth_per_budget_point']:+.2f} pts "
                f"[{100 * first['worth_per_budget_point_low']:+.2f}, {100 * first['worth_per_budget_point_high']:+.2f}]"
                f" at the working budget {first['working_budget']} (least-squares slope through budgets "
                f"{first['budgets_used']}, paired on the same games)")
    else:
        rate = "no budget rate"
    reasons = sorted({r for r in frame.filter(pl.col("measured"))["points_note"].to_list() if r})
    console.print(f"Points-equivalent: worth / rate, delta-method interval carrying both. {rate}"
                  + (f"; {'; '.join(reasons)}" if reasons else ""), highlight=False)
    not_measured = frame.filter(~pl.col("measured"))["card_id"].to_list()
    if not_measured:
        console.print(f"Not measured ({', '.join(not_measured)}): the filler plays exactly like the card, so its "
                      "games are the baseline's; left out of the q-values.", highlight=False)
    if frame["deck_changed_share"].is_null().all():
        console.print("Deck: the side plays its fixed collection, so only the card's slot changed.", highlight=False)


def _falling_steps_text(steps: pl.DataFrame) -> str:
    """The steps where the curve falls with more budget, in words, or that none does."""
    falls = steps.filter(pl.col("falls"))
    if not steps.height:
        return ""
    if not falls.height:
        return (f"The curve never falls with more budget: no step of {steps.height} adjacent budgets has its paired "
                "difference's 95% interval below 0.")
    listed = "; ".join(f"{r['budget_from']} → {r['budget_to']}: {100 * r['diff']:+.2f} pts "
                       f"[{100 * r['diff_low']:+.2f}, {100 * r['diff_high']:+.2f}]"
                       for r in falls.iter_rows(named=True))
    return (f"Not monotone: side A loses win rate with more budget at {falls.height} of {steps.height} steps "
            f"(paired on the same games, 95% interval below 0): {listed}.")


def print_budget_slopes(console: Console, run_dir: Path) -> None:
    """The draft-budget curve's slope: the logistic fit's Elo per point with its model and
    misfit-aware SEs and the misfit statistic, the paired local slope at the working budget, and the
    steps where the curve falls with more budget."""
    slopes = budget_slopes(budget_cells(run_dir), run_dir)
    console.print(_table("Draft budget: what one budget point is worth to side A. Logistic fit: Elo per point ± model "
                         "SE (± misfit-aware quasi-binomial SE), misfit Pearson χ²/df; local slope: win-rate points per "
                         "budget point at the working budget, paired on the same games, 95% interval", slopes,
                         ["faction_a", "faction_b", "budget_b", "budgets", "Elo per point", "χ² / df",
                          "local slope at", "pts per point", "95% CI", "pairs"], {
        "faction_a": lambda r: r["faction_a"], "faction_b": lambda r: r["faction_b"],
        "budget_b": lambda r: str(r["budget_b"]), "budgets": lambda r: str(r["budgets"]),
        "Elo per point": lambda r: f"{r['elo_per_point']:+.1f} ± {r['elo_per_point_se']:.2f} "
                                   + ("(no misfit SE: df = 0)" if r["elo_per_point_se_quasi"] is None
                                      else f"(± {r['elo_per_point_se_quasi']:.2f})"),
        "χ² / df": lambda r: "-" if r["dispersion"] is None
        else f"{r['pearson_chi2']:,.0f} / {r['df']} = {r['dispersion']:,.1f}",
        "local slope at": lambda r: "-" if r["working_budget"] is None else f"{r['working_budget']} ({r['local_fit']})",
        "pts per point": lambda r: "-" if r["local_slope"] is None else f"{100 * r['local_slope']:+.2f}",
        "95% CI": lambda r: "" if r["local_slope"] is None
        else f"[{100 * r['local_slope_low']:+.2f}, {100 * r['local_slope_high']:+.2f}]",
        "pairs": lambda r: "" if r["local_pairs"] is None else f"{r['local_pairs']:,}",
    }))
    text = _falling_steps_text(budget_steps(run_dir))
    if text:
        console.print(text, highlight=False)


def interval_words(rates: pl.DataFrame) -> str:
    """How the win rates' intervals were made (sim.analysis.win_rates): Wilson's on the games, or on
    the effective games where seat-mirrored pairs end alike, with the range of the design effect."""
    effects = rates["design_effect"].drop_nulls()
    if effects.is_empty() or effects.max() <= 1.0:
        return "95% Wilson interval"
    low, high = effects.min(), effects.max()
    spread = f"{high:.2f}" if high - low < 0.005 else f"{low:.2f}-{high:.2f}"
    return (f"95% Wilson interval on the effective games (a seat-mirrored pair's two games end alike: "
            f"n counts as n / {spread})")


def print_matchups(console: Console, run_dir: Path, configs: Sequence[str] = ()) -> pl.DataFrame:
    """The matchup matrix: each cell the row's win rate against the column, ± half its 95% interval,
    n, and that matchup's first-player advantage; then each row's marginal against a uniform field.
    Sides come in the order of `configs` (the spec's), else the alphabet's. Returns the cells."""
    cells = in_spec_order(matchup_cells(run_dir), configs, only=bool(configs))
    labels = cells["row"].unique(maintain_order=True).to_list()
    names = _names()
    marginal = {r["label"]: r for r in marginal_win_rates(cells).iter_rows(named=True)}
    by_cell = {(r["row"], r["column"]): r for r in cells.iter_rows(named=True)}
    rows = []
    for row in labels:
        out = [names(row)]
        for column in labels:
            c = by_cell.get((row, column))
            if c is None:
                out.append("-")
                continue
            half = (c["ci_high"] - c["ci_low"]) / 2
            cap = f"\ncap draws {_pct(c['cap_draw_share'])}" if c["cap_draws"] else ""
            out.append(f"{_pct(c['win_rate'])} ±{100 * half:.1f}\nn={c['n']:,}\n1st {_signed_pts(c['first_player_advantage'])}"
                       f"{cap}")
        m = marginal[row]
        out.append(f"{_pct(m['win_rate'])} ±{100 * (m['ci_high'] - m['win_rate']):.1f}")
        rows.append(out)
    headers = ["row \\ column", *(names(label) for label in labels), "vs uniform field"]
    console.print(FittedTable("Matchups: row's win rate against column (draw = ½ win) ± half its "
                              f"{interval_words(cells)}, n, first-player advantage (1st), and the share of games "
                              "drawn at the turn cap where there are any (the win-rate table has every config's "
                              "W / L / D and its rate among decided games)", headers,
                              ["left"] + ["right"] * (len(headers) - 1), rows, keys=1))
    return cells


def print_nash(console: Console, run_dir: Path, cells: pl.DataFrame) -> None:
    """The metagame of the matrix (sim.analysis.metagame): the Nash mix with its bootstrap interval
    and in-support share, each faction's win rate against the mix, its exploitability and best
    response; then the game's value and support in words. Nothing while a matchup has no games."""
    nash = kept_metagame(run_dir, cells)
    if nash.is_empty():
        return
    first = nash.row(0, named=True)
    title = (f"Metagame: the field no faction can exploit, the Nash equilibrium mix of the matrix (payoff: win rate "
             f"− 50%, mirrors even; observational); interval and in-support share from {first['resamples']:,} "
             f"resamples of the cells' games (seed {first['seed']}); exploitability: what the best response gains "
             f"over the value against a field of that faction alone, with its cell's 95% CI and n")
    console.print(_table(title, nash, ["label", "games", "Nash mix", "95% CI", "in support", "vs the mix",
                                       "exploitability", "best response"], {
        "label": lambda r: r["label"], "games": lambda r: count(r["games"]),
        "Nash mix": lambda r: percent(r["nash_share"]),
        "95% CI": lambda r: percent_interval(r["nash_share_low"], r["nash_share_high"]),
        "in support": lambda r: f"{'yes' if r['in_support'] else 'no'} ({percent(r['support_share'], 0)} of resamples)",
        "vs the mix": lambda r: percent(r["win_rate_vs_nash"]),
        "exploitability": lambda r: signed_points_with_interval(r["exploitability"], r["exploitability_low"],
                                                                r["exploitability_high"]),
        "best response": lambda r: f"{r['best_response']} (n={count(r['best_response_n'])})",
    }))
    support = [_names()(label) for label in nash.filter(pl.col("in_support"))["label"].to_list()]
    console.print(f"Value of the game: {signed_points(first['game_value'])} (0 in a symmetric game: no faction wins "
                  f"more than 50% against the mix); support: {', '.join(support)}", highlight=False)


def _rate_columns() -> dict[str, Any]:
    return {"rate": lambda r: percent(r["rate"]), "95% CI": lambda r: percent_interval(r["ci_low"], r["ci_high"])}


def print_story(console: Console, run_dir: Path, many: bool, configs: Sequence[str] = ()) -> None:
    """Rule D-17: side A's win rate at each stage and the chance to clear all five."""
    console.print(_table("Story: side A at each stage (draw = ½ win)", in_spec_order(story_stages(run_dir), configs, only=bool(configs)),
                         _with_config(["stage", "bot budgets", "n", "rate", "95% CI"], many), {
        "config": lambda r: r["config"], "stage": lambda r: str(r["stage"] + 1), "n": lambda r: f"{r['n']:,}",
        "bot budgets": lambda r: f"{r['bot_budget_min']}-{r['bot_budget_max']}", **_rate_columns(),
    }))
    console.print(_table("Story: chance to clear every stage", in_spec_order(story_clear_chance(run_dir), configs, only=bool(configs)),
                         _with_config(["runs", "cleared", "rate", "95% CI"], many), {
        "config": lambda r: r["config"], "runs": lambda r: f"{r['runs']:,}", "cleared": lambda r: f"{r['cleared']:,.0f}",
        **_rate_columns(),
    }))


def print_matches(console: Console, run_dir: Path, many: bool, configs: Sequence[str] = ()) -> None:
    """Rule D-18: side A's match win rate and how many games a match takes."""
    console.print(_table("Best of three: side A's matches (undecided = ½)",
                         in_spec_order(match_results(run_dir), configs, only=bool(configs)),
                         _with_config(["matches", "won / lost / undecided", "rate", "95% CI", "games per match"], many), {
        "config": lambda r: r["config"], "matches": lambda r: f"{r['matches']:,}",
        "won / lost / undecided": lambda r: f"{r['won']:,} / {r['lost']:,} / {r['undecided']:,}",
        "games per match": lambda r: f"{r['games_per_match']:.2f}", **_rate_columns(),
    }))
