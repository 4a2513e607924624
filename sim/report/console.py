"""A run's summary as rich tables on the terminal (`sim run` at the end, `sim show`).

Every win rate is shown with its n and 95% interval, and beside it what colours its reading: the
first-player advantage, how long games last and how they end (ANALYTICS.md). Numbers come from
sim.analysis only, so the terminal, dashboards and exports never disagree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
from rich.console import Console
from rich.table import Table

from sim.analysis.ablation import ablation_impact
from sim.analysis.card_impact import card_impact
from sim.analysis.budget_curve import budget_cells, budget_slopes
from sim.analysis.matchups import marginal_win_rates, matchup_cells
from sim.analysis.ratings import ELO_PER_LOGIT, MODEL_NAMES, describe_fit, ratings_games, ratings_table, run_seats
from sim.analysis.sprt import SprtHypothesis, sprt_by_config
from sim.analysis.sweeps import sweep_comparison
from sim.analysis import (
    end_reasons, faction_win_rates, first_player_advantage, game_length, match_results, story_clear_chance, story_stages,
)


def _pct(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{100 * value:.{digits}f}%"


def _signed_pts(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:+.1f} pts"


def _with_config(columns: list[str], many: bool) -> list[str]:
    return (["config"] if many else []) + columns


def _table(title: str, frame: pl.DataFrame, columns: list[str], render: dict[str, Any]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold")
    for name in columns:
        table.add_column(name, justify="left" if name in ("config", "side", "label", "faction", "reason", "method", "card") else "right")
    for row in frame.iter_rows(named=True):
        table.add_row(*[render[name](row) for name in columns])
    return table


def header_lines(manifest: dict[str, Any], run_dir: Path) -> list[str]:
    """Who ran what: the lines above the tables."""
    if manifest["spec"].get("matchups") == "round_robin":
        sides = "round robin of " + ", ".join(s.get("label") or s["faction"] for s in manifest["spec"]["side"])
    else:
        sides = " vs ".join(s["label"] for s in next(iter(manifest["configs"].values()))["sides"])
    commit = (manifest.get("git_commit") or "unknown")[:12] + ("+dirty" if manifest.get("git_dirty") else "")
    return [
        f"[bold]{manifest['run']}[/bold]: {sides} ({manifest['kind']}, {manifest['games']:,} units, "
        f"seed {manifest['seed']}) — {manifest['status']}, chunks {manifest.get('chunks_done', '?')}/"
        f"{manifest['chunks_total']}",
        f"ruleset {manifest['ruleset']} {manifest['ruleset_version']}, engine {manifest['engine_version']}, "
        f"commit {commit}, folder {run_dir}",
    ]


def print_summary(console: Console, run_dir: Path, manifest: dict[str, Any]) -> None:
    """Win rates, first-player advantage, game length and end reasons of a run folder."""
    for line in header_lines(manifest, run_dir):
        console.print(line, highlight=False)
    rates = faction_win_rates(run_dir)
    many = rates["config"].n_unique() > 1
    sweep = manifest["spec"].get("sweep") is not None or manifest["spec"].get("ablation") is not None
    if manifest["spec"].get("ablation") is not None:
        print_ablation(console, run_dir, manifest)
    elif sweep:
        print_sweep(console, run_dir, manifest)
        if any(str(axis.get("field")) == "budget" for axis in manifest["spec"]["sweep"]["axis"]):  # a budget curve
            print_budget_slopes(console, run_dir)
    else:
        console.print(_table("Win rate (draw = ½ win), 95% Wilson interval", rates,
                         _with_config(["side", "label", "faction", "n", "win rate", "95% CI", "W / L / D"], many), {
        "config": lambda r: r["config"], "side": lambda r: "AB"[r["side"]], "label": lambda r: r["label"],
        "faction": lambda r: r["faction"], "n": lambda r: f"{r['n']:,}", "win rate": lambda r: _pct(r["win_rate"]),
        "95% CI": lambda r: f"[{_pct(r['ci_low'])}, {_pct(r['ci_high'])}]",
        "W / L / D": lambda r: f"{r['wins']:,} / {r['losses']:,} / {r['draws']:,}",
        }))
    console.print(_table("First-player advantage (side A first minus second)", first_player_advantage(run_dir),
                         _with_config(["advantage", "95% CI", "first", "second", "pairs", "method"], many), {
        "config": lambda r: r["config"], "advantage": lambda r: _signed_pts(r["advantage"]),
        "95% CI": lambda r: f"[{_signed_pts(r['ci_low'])}, {_signed_pts(r['ci_high'])}]",
        "first": lambda r: f"{_pct(r['win_rate_first'])} of {r['games_first']:,}",
        "second": lambda r: f"{_pct(r['win_rate_second'])} of {r['games_second']:,}",
        "pairs": lambda r: f"{r['pairs']:,}", "method": lambda r: r["method"],
    }))
    console.print(_table("Game length (turns)", game_length(run_dir),
                         _with_config(["n", "median", "p90", "max", "mean"], many), {
        "config": lambda r: r["config"], "n": lambda r: f"{r['n']:,}", "median": lambda r: f"{r['median']:g}",
        "p90": lambda r: str(r["p90"]), "max": lambda r: str(r["max"]), "mean": lambda r: f"{r['mean']:.1f}",
    }))
    if not sweep:
        console.print(_table("End reasons", end_reasons(run_dir), _with_config(["reason", "games", "share"], many), {
            "config": lambda r: r["config"], "reason": lambda r: r["end_reason"], "games": lambda r: f"{r['count']:,}",
            "share": lambda r: _pct(r["share"]),
        }))
    if manifest["spec"].get("stop") is not None and not sweep:
        print_side_a_sprt(console, run_dir, manifest)
    if manifest["spec"].get("matchups") == "round_robin":
        print_matchups(console, run_dir)
        print_ratings(console, run_dir)
    print_cards(console, run_dir, manifest)
    if manifest.get("kind") == "story":
        print_story(console, run_dir, many)
    elif manifest.get("kind") == "best_of_three":
        print_matches(console, run_dir, many)


def print_sweep(console: Console, run_dir: Path, manifest: dict[str, Any]) -> None:
    """Each config of a sweep against the baseline, game by game on the same seeds: side A's win
    rate, the paired difference from the baseline with its 95% interval, its q-value, and the SPRT
    against the baseline on the same pairs with its hypothesis (the baseline is not tested against
    itself); then, for each config that stopped early, why and the bias its estimate carries."""
    order = {config_id: k for k, config_id in enumerate(manifest["configs"])}  # the spec's order
    frame = sweep_comparison(run_dir).sort(pl.col("config").replace_strict(order, default=len(order)))
    hypothesis = SprtHypothesis.of_spec(manifest["spec"])
    readings = {r["config"]: r for r in sprt_by_config(run_dir, hypothesis, manifest=manifest).iter_rows(named=True)}
    stopped = manifest.get("stopped") or {}
    sprt_column = f"SPRT, {hypothesis.text()}"
    console.print(_table("Sweep: side A against the baseline on the same games (paired), q = Benjamini-Hochberg",
                         frame, ["config", "n", "win rate", "95% CI", "Δ vs base", "95% CI of Δ", "q", sprt_column], {
        "config": lambda r: r["config"] + (" (stopped early)" if r["config"] in stopped else ""),
        "n": lambda r: f"{r['n']:,}", "win rate": lambda r: _pct(r["win_rate"]),
        "95% CI": lambda r: f"[{_pct(r['ci_low'])}, {_pct(r['ci_high'])}]",
        "Δ vs base": lambda r: "baseline" if r["config"] == "base" else _signed_pts(r["diff"]),
        "95% CI of Δ": lambda r: "" if r["config"] == "base" else
        f"[{_signed_pts(r['diff_low'])}, {_signed_pts(r['diff_high'])}]",
        "q": lambda r: "" if r["q_value"] is None or r["q_value"] != r["q_value"] else f"{r['q_value']:.3g}",
        sprt_column: lambda r: "baseline" if r["config"] == "base" else
        f"{readings[r['config']]['verdict']} ({readings[r['config']]['pairs']:,} pairs)",
    }))
    for config_id in order:
        if config_id in stopped and config_id in readings:
            console.print(f"{config_id}: {stopped[config_id]['decision']}; {readings[config_id]['note']}", highlight=False)


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
    matchup = {r["label"]: r for r in table.filter(pl.col("model") == MODEL_NAMES["matchup"]).iter_rows(named=True)}
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


def print_cards(console: Console, run_dir: Path, manifest: dict[str, Any], shown: int = 5) -> None:
    """Per side of the first config, the cards that help most and least when drawn (shrunk IWD,
    so a rare lucky card does not top the list), with GIH WR, IWD's interval and q-value."""
    impact = card_impact(run_dir)
    first = next(iter(manifest["configs"]))
    impact = impact.filter((pl.col("config") == first) & pl.col("iwd_shrunk").is_not_null())
    for side in (0, 1):
        part = impact.filter(pl.col("side") == side).sort("iwd_shrunk", descending=True)
        if part.height == 0:
            continue
        picked = pl.concat([part.head(shown), part.tail(shown)]).unique("card_id", maintain_order=True)
        label = manifest["configs"][first]["sides"][side]["label"]
        console.print(_table(f"Cards of {label} ({first}): most and least help when drawn (IWD = GIH WR − GNS WR, "
                             "sorted by its shrunk value; full table: sim report)", picked,
                             ["card", "cost", "GIH n", "GIH WR", "IWD", "95% CI", "q"], {
            "card": lambda r: f"{r['card_id']} {r['card_name']}", "cost": lambda r: str(r["cost"]),
            "GIH n": lambda r: f"{r['gih_n']:,}", "GIH WR": lambda r: _pct(r["gih_wr"]),
            "IWD": lambda r: _signed_pts(r["iwd"]),
            "95% CI": lambda r: f"[{_signed_pts(r['iwd_ci_low'])}, {_signed_pts(r['iwd_ci_high'])}]",
            "q": lambda r: "" if r["q_value"] is None else f"{r['q_value']:.3g}",
        }))


def print_ablation(console: Console, run_dir: Path, manifest: dict[str, Any]) -> None:
    """Each card's worth: the baseline minus the game with a plain card of its cost, same games."""
    frame = ablation_impact(run_dir, manifest)
    side = manifest["spec"]["ablation"]["side"]
    per_point = frame["worth_per_budget_point"][0] if frame.height else None
    note = f"; one budget point = {_signed_pts(per_point)}" if per_point is not None else ""
    console.print(_table(f"Card worth to side {'AB'[side - 1]}: baseline minus a plain card of the same cost, "
                         f"same games (paired){note}", frame,
                         ["card", "cost", "n", "worth", "95% CI", "q", "budget points"], {
        "card": lambda r: f"{r['card_id']} {r['card_name'] or ''}", "cost": lambda r: str(r["cost"]),
        "n": lambda r: f"{r['n']:,}", "worth": lambda r: _signed_pts(r["worth"]),
        "95% CI": lambda r: f"[{_signed_pts(r['worth_low'])}, {_signed_pts(r['worth_high'])}]",
        "q": lambda r: "" if r["q_value"] is None or r["q_value"] != r["q_value"] else f"{r['q_value']:.3g}",
        "budget points": lambda r: "" if r["points"] is None else f"{r['points']:+.1f}",
    }))


def print_budget_slopes(console: Console, run_dir: Path) -> None:
    """The draft-budget curve's fitted slope: side A's win-rate points per budget point."""
    slopes = budget_slopes(budget_cells(run_dir))
    console.print(_table("Draft budget: what one budget point is worth to side A (logistic fit)", slopes,
                         ["faction_a", "faction_b", "budget_b", "budgets", "Elo per point", "win-rate pts per point at top"], {
        "faction_a": lambda r: r["faction_a"], "faction_b": lambda r: r["faction_b"],
        "budget_b": lambda r: str(r["budget_b"]), "budgets": lambda r: str(r["budgets"]),
        "Elo per point": lambda r: f"{r['elo_per_point']:+.1f} ± {r['elo_per_point_se']:.1f}",
        "win-rate pts per point at top": lambda r: f"{100 * r['points_at_max']:+.2f} (fitted {_pct(r['fitted_at_max'])})",
    }))


def print_matchups(console: Console, run_dir: Path) -> None:
    """The matchup matrix: each cell the row's win rate against the column, ± half its 95% interval,
    n, and that matchup's first-player advantage; then each row's marginal against a uniform field."""
    cells = matchup_cells(run_dir)
    labels = sorted(cells["row"].unique().to_list())
    table = Table(title="Matchups: row's win rate against column (draw = ½ win) ± 95% CI, n, first-player "
                  "advantage", title_justify="left", title_style="bold")
    table.add_column("row \\ column", justify="left")
    for label in labels:
        table.add_column(label, justify="right")
    table.add_column("vs uniform field", justify="right")
    marginal = {r["label"]: r for r in marginal_win_rates(cells).iter_rows(named=True)}
    by_cell = {(r["row"], r["column"]): r for r in cells.iter_rows(named=True)}
    for row in labels:
        out = [row]
        for column in labels:
            c = by_cell.get((row, column))
            if c is None:
                out.append("-")
                continue
            half = (c["ci_high"] - c["ci_low"]) / 2
            out.append(f"{_pct(c['win_rate'])} ±{100 * half:.1f}\nn={c['n']:,}  1st {_signed_pts(c['first_player_advantage'])}")
        m = marginal[row]
        out.append(f"{_pct(m['win_rate'])} ±{100 * (m['ci_high'] - m['win_rate']):.1f}")
        table.add_row(*out)
    console.print(table)


def _rate_columns() -> dict[str, Any]:
    return {"rate": lambda r: _pct(r["rate"]), "95% CI": lambda r: f"[{_pct(r['ci_low'])}, {_pct(r['ci_high'])}]"}


def print_story(console: Console, run_dir: Path, many: bool) -> None:
    """Rule D-17: side A's win rate at each stage and the chance to clear all five."""
    console.print(_table("Story: side A at each stage (draw = ½ win)", story_stages(run_dir),
                         _with_config(["stage", "bot budgets", "n", "rate", "95% CI"], many), {
        "config": lambda r: r["config"], "stage": lambda r: str(r["stage"] + 1), "n": lambda r: f"{r['n']:,}",
        "bot budgets": lambda r: f"{r['bot_budget_min']}-{r['bot_budget_max']}", **_rate_columns(),
    }))
    console.print(_table("Story: chance to clear every stage", story_clear_chance(run_dir),
                         _with_config(["runs", "cleared", "rate", "95% CI"], many), {
        "config": lambda r: r["config"], "runs": lambda r: f"{r['runs']:,}", "cleared": lambda r: f"{r['cleared']:,.0f}",
        **_rate_columns(),
    }))


def print_matches(console: Console, run_dir: Path, many: bool) -> None:
    """Rule D-18: side A's match win rate and how many games a match takes."""
    console.print(_table("Best of three: side A's matches (undecided = ½)", match_results(run_dir),
                         _with_config(["matches", "won / lost / undecided", "rate", "95% CI", "games per match"], many), {
        "config": lambda r: r["config"], "matches": lambda r: f"{r['matches']:,}",
        "won / lost / undecided": lambda r: f"{r['won']:,} / {r['lost']:,} / {r['undecided']:,}",
        "games per match": lambda r: f"{r['games_per_match']:.2f}", **_rate_columns(),
    }))
