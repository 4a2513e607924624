"""Two stored runs compared on the terminal (`sim compare RUN_A RUN_B`): the difference B − A, the
answer to "how do I test my card change?".

The figures are sim.analysis.compare's, the ones the dashboard's Compare page shows (same functions,
same card-impact tables kept beside each run), and read as sim.report.formatting writes them, so
the terminal and the page print the same difference and interval. Conclusion first: the first line
says the headline change in words ("Arañas: 52.1% → 49.8%, -2.3 pts [-2.5, -2.1], paired on
200,000 games"): in a round robin the faction whose win rate against the field moved most, else the
config whose side-A win rate moved most. Then which runs, whether the games were paired and why,
and the tables: side A's win rate per config, each faction against the field (a round robin), the
first player, GIH WR and IWD of the cards in both runs, and the forced-draw effects when both runs
measured them; each as A, B and B − A with its 95% interval and n.

A forced-draw run's drawn and undrawn configs are its measuring instrument: the tables show its
baseline (sim.analysis.forced_draw.summary_configs), and its effects in their own table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sim.analysis.compare import (RunPairing, card_comparison, cards_in_one_run, config_labels, configs_in_one_run,
                                  field_comparison, first_player_comparison, forced_draw_comparison, runs_pairing,
                                  win_rate_comparison)
from sim.analysis.forced_draw import forced_draw_effect, summary_configs
from sim.results.scans import scan_games
from sim.report.formatting import config_in_words, count, in_spec_order, percent, percent_with_interval, signed_points_with_interval
from sim.report.language import TEXT, column, t
from sim.analysis.card_impact import kept_card_impact


@dataclass(frozen=True)
class StoredRun:
    """A finished run to compare: its name as given, its folder and its manifest."""

    name: str
    folder: Path
    manifest: dict[str, Any]

    @property
    def games(self) -> int:
        return int(self.manifest["games"])


@dataclass(frozen=True)
class Comparison:
    """Every table `sim compare` prints, computed once (sim.analysis.compare's columns)."""

    a: StoredRun
    b: StoredRun
    pairing: RunPairing
    configs: list[str]  # the configs the tables show, in run A's spec order
    win_rates: pl.DataFrame
    field: pl.DataFrame | None  # a round robin's factions against the field
    first_player: pl.DataFrame
    cards: pl.DataFrame
    cards_only: pl.DataFrame
    forced_draw: pl.DataFrame | None  # both runs measured forced-draw effects


def compare_runs(a: StoredRun, b: StoredRun) -> Comparison:
    """The comparison of two finished runs of one game, B − A, over the configs both show."""
    pairing = runs_pairing(a.manifest, b.manifest)
    shown_b = set(summary_configs(b.manifest))
    configs = [c for c in summary_configs(a.manifest) if c in shown_b]
    games_a = scan_games(a.folder).filter(pl.col("config").is_in(configs))
    games_b = scan_games(b.folder).filter(pl.col("config").is_in(configs))
    win_rates = in_spec_order(win_rate_comparison(games_a, games_b, pairing.paired), configs)
    field = None
    if a.manifest["spec"].get("matchups") == "round_robin":
        field = field_comparison(games_a, games_b, pairing.paired, config_labels(a.manifest))
    impact_a = kept_card_impact(a.folder).filter(pl.col("config").is_in(configs))
    impact_b = kept_card_impact(b.folder).filter(pl.col("config").is_in(configs))
    forced = None
    if a.manifest["spec"].get("impact") is not None and b.manifest["spec"].get("impact") is not None:
        forced = forced_draw_comparison(forced_draw_effect(a.folder, a.manifest), forced_draw_effect(b.folder, b.manifest))
    return Comparison(a, b, pairing, configs, win_rates, field,
                      in_spec_order(first_player_comparison(games_a, games_b, pairing.paired), configs),
                      in_spec_order(card_comparison(impact_a, impact_b), configs), cards_in_one_run(impact_a, impact_b),
                      forced)


def why_unpaired(pairing: RunPairing, lang: str) -> str:
    """Why the games are not paired, in `lang` (the Compare page's words)."""
    a, b = pairing.values
    if pairing.reason == "kind":
        a, b = (t(f"kind_{v}", lang) if f"kind_{v}" in TEXT else v for v in (a, b))
    return t(f"compare_why_{pairing.reason}", lang, a=a, b=b)


def _side_a(comparison: Comparison, config_id: str) -> str:
    return comparison.a.manifest["configs"][config_id]["sides"][0]["label"]


def headline(comparison: Comparison, lang: str) -> str:
    """The first line: the biggest change in words, with its interval and what it rests on."""
    field = comparison.field
    if field is not None and field.height:
        row = field.sort(pl.col("diff").abs(), descending=True, nulls_last=True).row(0, named=True)
        what = t("compare_cli_vs_field", lang, label=row["label"])
    else:
        row = comparison.win_rates.sort(pl.col("diff").abs(), descending=True, nulls_last=True,
                                        maintain_order=True).row(0, named=True)
        what = _side_a(comparison, row["config"])
        if len(comparison.configs) > 1:
            what = t("compare_cli_in_config", lang, label=what, config=row["config"])
    if comparison.pairing.paired:
        basis = t("compare_cli_paired_on", lang, games=count(row["pairs"]))
    else:
        basis = t("compare_cli_two_sample_on", lang, why=why_unpaired(comparison.pairing, lang), a=count(row["a_n"]),
                  b=count(row["b_n"]))
    return t("compare_cli_headline", lang, what=what, a=percent(row["a_win_rate"]), b=percent(row["b_win_rate"]),
             diff=signed_points_with_interval(row["diff"], row["diff_low"], row["diff_high"]), basis=basis)


def _cards_words(run: StoredRun, lang: str) -> str:
    folder = run.manifest["spec"].get("cards_dir")
    return t("compare_cli_cards_from", lang, folder=folder) if folder else t("compare_cli_shipped_cards", lang)


def about_lines(comparison: Comparison, lang: str) -> list[str]:
    """Which runs, how they were compared and why, what one run holds that the other does not."""
    a, b = comparison.a, comparison.b
    ruleset = f"{a.manifest['ruleset']} {a.manifest['ruleset_version']}"
    if b.manifest["ruleset_version"] != a.manifest["ruleset_version"]:
        ruleset += f" / {b.manifest['ruleset_version']}"
    lines = [t("compare_cli_runs", lang, a=a.name, a_games=count(a.games), a_cards=_cards_words(a, lang), b=b.name,
               b_games=count(b.games), b_cards=_cards_words(b, lang), ruleset=ruleset)]
    if comparison.pairing.paired:
        lines.append(t("compare_cli_paired", lang, seed=comparison.pairing.values[0],
                       games=count(int(comparison.win_rates["pairs"].sum()))))
    else:
        lines.append(t("compare_unpaired", lang, why=why_unpaired(comparison.pairing, lang)))
    labels_a, labels_b = config_labels(a.manifest), config_labels(b.manifest)
    for config_id in comparison.configs:
        if labels_a[config_id][0] != labels_b[config_id][0]:
            lines.append(t("compare_cli_sides_differ", lang, config=config_in_words(config_id, lang), a=labels_a[config_id][0],
                           b=labels_b[config_id][0]))
    only_a, only_b = configs_in_one_run(a.manifest, b.manifest)
    for letter, run, configs in (("A", a, only_a), ("B", b, only_b)):
        shown = [c for c in configs if c in summary_configs(run.manifest)]
        if shown:
            lines.append(t("compare_configs_only", lang, run=f"{letter} ({run.name})", configs="; ".join(config_in_words(c, lang) for c in shown)))
    return lines


Cell = Callable[[dict[str, Any]], str]
LEFT = ("config", "side", "label", "side_a", "card_id")


def _table(title: str, frame: pl.DataFrame, cells: Sequence[tuple[str, Cell]], lang: str) -> Table:
    """A rich table of `frame`: one column per (catalog column name, how a row reads in it)."""
    table = Table(title=title, title_justify="left", title_style="bold")
    for name, _ in cells:
        table.add_column(column(name, lang), justify="left" if name in LEFT else "right")
    for row in frame.iter_rows(named=True):
        table.add_row(*(Text(cell(row)) for _, cell in cells))  # names and intervals are text, never markup
    return table


def _rate(prefix: str, name: str = "win_rate") -> Cell:
    return lambda r: percent_with_interval(r[f"{prefix}_{name}"], r[f"{prefix}_{name}_low"], r[f"{prefix}_{name}_high"])


def _difference(name: str = "diff") -> Cell:
    return lambda r: signed_points_with_interval(r[name], r[f"{name}_low"], r[f"{name}_high"])


def _advantage_difference(r: dict[str, Any]) -> str:
    """The first-player advantage's change (first minus second, as `sim show` gives it): the first
    player's win rate over both seats is 0.5 + advantage / 2, so it is twice that rate's change."""
    return signed_points_with_interval(*(None if r[k] is None else 2 * r[k] for k in ("diff", "diff_low", "diff_high")))


def _n(name: str) -> Cell:
    return lambda r: count(r[name])


def _card(r: dict[str, Any]) -> str:
    return f"{r['card_id']} {r['card_name'] or ''}".strip()


def _side(r: dict[str, Any]) -> str:
    return "AB"[r["side"]]


def _tables(comparison: Comparison, lang: str) -> list[Table | str]:
    paired = comparison.pairing.paired
    many = len(comparison.configs) > 1
    config: list[tuple[str, Cell]] = [("config", lambda r: r["config"])] if many else []
    pairs: list[tuple[str, Cell]] = [("paired_games", _n("pairs"))] if paired else []
    sides = {c: _side_a(comparison, c) for c in comparison.configs}
    parts: list[Table | str] = [_table(t("compare_win_rates", lang), comparison.win_rates, [
        *config, ("side_a", lambda r: sides[r["config"]]), ("a_n", _n("a_n")), ("a_win_rate", _rate("a")),
        ("b_n", _n("b_n")), ("b_win_rate", _rate("b")), ("compare_diff", _difference()), *pairs], lang)]
    if comparison.field is not None and comparison.field.height:
        parts.append(_table(t("compare_cli_field", lang), comparison.field, [
            ("label", lambda r: r["label"]), ("a_n", _n("a_n")), ("a_win_rate", _rate("a")), ("b_n", _n("b_n")),
            ("b_win_rate", _rate("b")), ("compare_diff", _difference()), *pairs], lang))
    if comparison.first_player.height:
        parts.append(_table(t("compare_cli_first_player", lang), comparison.first_player, [
            *config, ("a_pairs", _n("a_pairs")), ("run_a", _rate("a", "first_player_win_rate")),
            ("b_pairs", _n("b_pairs")), ("run_b", _rate("b", "first_player_win_rate")),
            ("compare_diff", _difference()), ("advantage_diff", _advantage_difference),
            *([("paired_games", _n("pairs"))] if paired else [])], lang))
    else:
        parts.append(t("compare_cli_no_first_player", lang))
    # a card no deck of either run held has no figure in either: it is named, not given two empty rows
    seen = (pl.col("a_gih_n") > 0) | (pl.col("b_gih_n") > 0)
    cards = comparison.cards.filter(seen).sort(
        pl.col("config").replace_strict({c: k for k, c in enumerate(comparison.configs)}, return_dtype=pl.Int64),
        "side", "card_id")
    if cards.height:
        card = [*config, ("side", _side), ("card_id", _card)]
        parts.append(_table(t("compare_cli_gih", lang), cards, [
            *card, ("a_gih_n", _n("a_gih_n")), ("a_gih_wr", _rate("a", "gih_wr")), ("b_gih_n", _n("b_gih_n")),
            ("b_gih_wr", _rate("b", "gih_wr")), ("gih_diff", _difference("gih_diff"))], lang))
        parts.append(_table(t("compare_cli_iwd", lang), cards, [
            *card, ("a_iwd_diff", _difference("a_iwd_diff")), ("b_iwd_diff", _difference("b_iwd_diff")),
            ("iwd_diff", _difference("iwd_diff"))], lang))
    unseen = comparison.cards.filter(~seen)
    if unseen.height:
        groups: dict[str, list[str]] = {}  # "config side" (or "side" alone) -> its cards, in the table's order
        for r in unseen.iter_rows(named=True):
            groups.setdefault(f"{r['config']} {_side(r)}" if many else _side(r), []).append(r["card_id"])
        parts.append(t("compare_cli_cards_unseen", lang, count=unseen.height,
                       cards="; ".join(f"{where}: {', '.join(ids)}" for where, ids in groups.items())))
    if comparison.forced_draw is not None and comparison.forced_draw.height:
        parts.append(_table(t("compare_cli_forced_draw", lang), comparison.forced_draw, [
            ("side", _side), ("card_id", _card), ("a_pairs", _n("a_pairs")), ("a_effect", _difference("a_effect")),
            ("b_pairs", _n("b_pairs")), ("b_effect", _difference("b_effect")), ("effect_diff", _difference())], lang))
    else:
        measured = [run for run in (comparison.a, comparison.b) if run.manifest["spec"].get("impact") is not None]
        if len(measured) == 1:
            parts.append(t("compare_cli_forced_draw_one", lang, run=measured[0].name))
    for letter, run in (("A", comparison.a), ("B", comparison.b)):
        only = comparison.cards_only.filter(pl.col("run") == letter)
        if only.height:
            parts.append(t("compare_cli_cards_only", lang, run=f"{letter} ({run.name})",
                           cards=", ".join(f"{_side(r)}: {_card(r)}" for r in only.iter_rows(named=True))))
    return parts


def print_comparison(console: Console, comparison: Comparison, lang: str) -> None:
    """The headline first, then the runs and the method, then the tables."""
    console.print(headline(comparison, lang), highlight=False, markup=False, soft_wrap=True)
    for line in about_lines(comparison, lang):
        console.print(line, highlight=False, markup=False)
    for part in _tables(comparison, lang):
        if isinstance(part, str):
            console.print(part, highlight=False, markup=False)
        else:
            console.print(part)
