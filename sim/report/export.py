"""`sim report`: a run's figures and tables to hand to the team, each export carrying the manifest.

- html: one standalone file, plots embedded with Plotly's JavaScript inline, so it opens anywhere,
  offline; the manifest (engine version, commit, ruleset, card and parameter hashes, seed, agents,
  games, date, wall time) heads the page.
- csv: one file per table plus `manifest.json` beside them.
- parquet: one file per table, the manifest in each file's metadata (key `sim_manifest`).
- pdf, png: the HTML report printed or photographed by a headless Chromium, where one is installed.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import plotly.graph_objects as go
import plotly.offline
import polars as pl
import pyarrow.parquet as pq

from sim.analysis import (
    end_reasons, faction_win_rates, first_player_advantage, first_player_by_length, game_length, scan_games,
)
from sim.analysis.ablation import ablation_impact
from sim.analysis.budget_curve import budget_cells, budget_slopes, budget_steps
from sim.analysis.card_impact import card_impact
from sim.analysis.card_ranking import card_ranking
from sim.analysis.forced_draw import forced_draw_effect, summary_configs
from sim.analysis.matchups import marginal_win_rates, matchup_cells
from sim.analysis.ratings import describe_fit, first_player_table, ratings_games, ratings_table, run_seats
from sim.analysis.sweeps import sweep_comparison
from sim.analysis.units import match_results, story_clear_chance, story_stages
from sim.core.errors import InputError
from sim.report import figures
from sim.report.formatting import in_spec_order, readable_columns
from sim.run.store import write_atomic

FORMATS = ("html", "csv", "parquet", "pdf", "png")
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")
# a headless Chromium that never touches the network (the report must stand on its own)
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars", "--virtual-time-budget=15000")


def report_tables(run_dir: Path, manifest: dict[str, Any], with_cards: bool = True) -> dict[str, pl.DataFrame]:
    """Every table the report shows, by name; which ones depends on the kind of run."""
    spec = manifest["spec"]
    tables: dict[str, pl.DataFrame] = {
        "win_rates": faction_win_rates(run_dir),
        "first_player": first_player_advantage(run_dir),
        "first_player_by_length": first_player_by_length(run_dir),
        "game_length": game_length(run_dir),
        "end_reasons": end_reasons(run_dir),
    }
    if with_cards:
        tables["card_impact"] = card_impact(run_dir)
        tables["card_ranking"] = card_ranking(run_dir, manifest, tables["card_impact"])
    if spec.get("impact") is not None:
        tables["forced_draw"] = forced_draw_effect(run_dir, manifest)
    if spec.get("matchups") == "round_robin":
        tables["matchups"] = matchup_cells(run_dir, rates=tables["win_rates"], advantage=tables["first_player"])
        tables["matchup_marginals"] = marginal_win_rates(tables["matchups"])
        games = ratings_games(run_dir)
        labels = games.select(pl.concat_list(pl.col("label_a").cast(pl.String), pl.col("label_b").cast(pl.String))
                              .explode().n_unique()).collect().item()
        if labels >= 2 and len(manifest["configs"]) > 1:  # Bradley-Terry over every config of the round robin
            tables["ratings"] = ratings_table(games, seats=run_seats(run_dir))
            tables["ratings_first_player"] = first_player_table(games, seats=run_seats(run_dir))
    if spec.get("sweep") is not None:
        tables["sweep"] = sweep_comparison(run_dir)
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
    return {name: in_spec_order(frame, configs, only=True) for name, frame in tables.items()}  # not the alphabet's


def budget_curve_configs(manifest: dict[str, Any]) -> list[str] | None:
    """The configs a budget curve is read from: all of them, but in an ablation only the baseline
    and the lower-budget configs (the cards' configs play the working budget with a card replaced,
    so they are not points of the curve)."""
    ablation = manifest["spec"].get("ablation")
    if ablation is None:
        return None
    prefix = f"side{ablation['side']}.budget="
    return [c for c in manifest["configs"] if c == "base" or c.startswith(prefix)]


def turn_shares(run_dir: Path, configs: list[str] | None = None) -> pl.DataFrame:
    """Per config and turn count: games and their share of the config's games; configs in the order
    given (the spec's), else the alphabet's."""
    shares = (scan_games(run_dir).group_by("config", "turns").agg(pl.len().alias("games"))
              .with_columns((pl.col("games") / pl.col("games").sum().over("config")).alias("share"))
              .sort("config", "turns").collect())
    return shares if configs is None else in_spec_order(shares, configs)


def report_figures(run_dir: Path, tables: dict[str, pl.DataFrame], lang: str = "en") -> list[tuple[str, go.Figure]]:
    out: list[tuple[str, go.Figure]] = []
    if "sweep" in tables:
        out.append(("sweep", figures.sweep_figure(tables["sweep"], lang=lang)))
    if "ablation" in tables:
        out.append(("ablation", figures.ablation_figure(tables["ablation"], lang=lang)))
    if "budget_cells" in tables and tables["budget_cells"]["budget_a"].n_unique() > 1:
        out.append(("budget_curve", figures.budget_curve_figure(tables["budget_cells"], lang=lang,
                                                                 steps=tables.get("budget_steps"))))
    if "matchups" in tables:
        out.append(("matchups", figures.matchup_figure(tables["matchups"], lang=lang)))
        out.append(("marginals", figures.marginal_figure(tables["matchup_marginals"], lang=lang)))
    out.append(("win_rates", figures.win_rate_figure(tables["win_rates"], lang=lang)))
    out.append(("first_player", figures.first_player_figure(tables["first_player"], lang=lang)))
    out.append(("first_player_by_length",
                figures.first_player_length_figure(tables["first_player_by_length"], lang=lang)))
    if "story_stages" in tables:
        out.append(("story", figures.story_figure(tables["story_stages"], lang=lang)))
    if "forced_draw" in tables:
        out.append(("forced_draw", figures.forced_draw_figure(tables["forced_draw"], lang=lang)))
    first = tables["card_impact"]["config"][0] if tables["card_impact"].height else None
    out.append(("cards", figures.card_scatter_figure(tables["card_impact"].filter(pl.col("config") == first),
                                                     config=str(first), lang=lang)))
    configs = tables["win_rates"]["config"].unique(maintain_order=True).to_list()  # already in the spec's order
    out.append(("game_length", figures.game_length_figure(turn_shares(run_dir, configs), lang=lang)))
    out.append(("end_reasons", figures.end_reason_figure(tables["end_reasons"], lang=lang)))
    return out


def manifest_rows(manifest: dict[str, Any]) -> list[tuple[str, str]]:
    """The manifest as (what, value) lines for the head of every export."""
    commit = (manifest.get("git_commit") or "unknown") + (" (uncommitted changes)" if manifest.get("git_dirty") else "")
    rows = [
        ("run", manifest["run"]), ("experiment", manifest["spec"].get("name", "")),
        ("description", manifest["spec"].get("description", "")),
        ("ruleset", f"{manifest['ruleset']} {manifest['ruleset_version']}"),
        ("engine", f"{manifest['engine_version']}, commit {commit}"),
        ("seed", str(manifest["seed"])), ("games per config", f"{manifest['games']:,}"),
        ("configs", str(len(manifest["configs"]))), ("status", manifest["status"]),
        ("created", str(manifest.get("created"))), ("finished", str(manifest.get("finished") or "-")),
        ("wall time", f"{float(manifest.get('wall_seconds') or 0):.1f} s"),
    ]
    for config_id, config in list(manifest["configs"].items())[:12]:
        sides = "; ".join(f"{s['label']} ({s['faction']}, agent {s['agent']})" for s in config["sides"])
        rows.append((f"config {config_id}", f"{sides}; cards {config['hashes']['cards']}, "
                                            f"params {config['hashes']['params']}"))
    if len(manifest["configs"]) > 12:
        rows.append(("more configs", f"{len(manifest['configs']) - 12} more (see manifest.json)"))
    return rows


def _table_html(frame: pl.DataFrame, limit: int = 40) -> str:
    """A table as a person reads it (sim.report.formatting): rates as percentages with their
    interval folded in, differences in signed points, counts with separators, q as q_text."""
    columns = readable_columns(frame.head(limit))
    head = "".join(f"<th>{html.escape(c.name + (' [95% CI]' if c.with_interval else ''))}</th>" for c in columns)
    body = ["<tr>" + "".join(f"<td>{html.escape(c.texts[i])}</td>" for c in columns) + "</tr>"
            for i in range(min(limit, frame.height))]
    more = f"<p class='note'>{frame.height - limit} more rows in the CSV/Parquet export.</p>" if frame.height > limit else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{more}"


CSS = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1200px;color:#222}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd}table{border-collapse:collapse;font-size:.85em}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}th{background:#f3f3f3}.manifest td{text-align:left}
.note{color:#666;font-size:.85em}.plot{margin:1em 0}"""

TABLE_NOTES = {  # what a table's reader must know to read it right
    "first_player": "first_player_win_rate is the first player's win rate over both seats, (win_rate_first + 1 − "
                    "win_rate_second) / 2 = 50% + advantage / 2; advantage is side A's win rate going first minus "
                    "going second, on seat-mirrored pairs (method paired).",
    "first_player_by_length": "Observational: each band holds the games that ended at that length, each game on its "
                              "own (not paired); length is an outcome of the game, so a band describes, it does not "
                              "explain. Bands cut the run at quantiles of its game lengths.",
}

RANKING_COLUMNS = ["side", "card_id", "card_name", "cost", "rank_by", "rank_value", "forced_effect", "forced_effect_low",
                   "forced_effect_high", "forced_q", "ablation_worth", "ablation_worth_low", "ablation_worth_high", "gih_n", "gih_wr",
                   "gih_ci_low", "gih_ci_high", "iwd", "iwd_ci_low", "iwd_ci_high", "iwd_null", "q_value", "q_value_by",
                   "never_played"]
ABLATION_COLUMNS = ["card_id", "card_name", "cost", "filler", "measured", "n", "worth", "worth_low", "worth_high",
                    "q_value", "q_value_by", "deck_changed_share", "points", "points_low", "points_high", "points_note",
                    "worth_per_budget_point", "worth_per_budget_point_low", "worth_per_budget_point_high"]


def html_report(run_dir: Path, manifest: dict[str, Any], lang: str = "en") -> str:
    """The standalone HTML report of a run folder; plot titles in `lang` (es or en)."""
    tables = report_tables(run_dir, manifest)
    parts = [f"<h1>{html.escape(manifest['run'])}: balance report</h1>",
             "<table class='manifest'>" + "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>"
                                                  for k, v in manifest_rows(manifest)) + "</table>",
             f"<p class='note'>Made by sim report on {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC. Win rates count "
             "a draw as half a win; every interval is 95% (Wilson for rates, paired normal for differences).</p>"]
    for name, fig in report_figures(run_dir, tables, lang):
        fig.update_layout(template="plotly_white", height=max(460, fig.layout.height or 0))  # a tall list keeps its rows
        parts.append(f"<h2>{html.escape(fig.layout.title.text or name)}</h2>")
        parts.append(f"<div class='plot' id='plot-{name}'>"
                     + fig.to_html(full_html=False, include_plotlyjs=False, div_id=f"fig-{name}") + "</div>")
    if "ablation" in tables:
        parts.append("<h2>Card worth (ablation): baseline minus the card replaced by its filler, same games</h2>"
                     + _table_html(tables["ablation"].select(ABLATION_COLUMNS), limit=200))
    for name in ("sweep", "budget_slopes", "budget_steps", "matchup_marginals", "ratings", "ratings_first_player",
                 "win_rates", "first_player", "first_player_by_length", "story_clear_chance", "match_results"):
        if name in tables:
            note = f"<p class='note'>{html.escape(TABLE_NOTES[name])}</p>" if name in TABLE_NOTES else ""
            if name == "ratings":
                note += f"<p class='note'>{html.escape(describe_fit(tables['ratings']))}</p>"
            parts.append(f"<h2>Table: {name.replace('_', ' ')}</h2>" + _table_html(tables[name]) + note)
    if "forced_draw" in tables:
        parts.append("<h2>Forced draw: each card on top of the deck against at its bottom, same games (causal, "
                     "paired; q by Benjamini-Yekutieli)</h2>" + _table_html(tables["forced_draw"], limit=200))
    ranking = tables["card_ranking"]
    parts.append("<h2>Cards, most to least help, ranked by the strongest measure the run has (forced draw, else "
                 "ablation, else shrunk IWD: observational, beside its null; Played WR is selection-biased)</h2>"
                 + _table_html(ranking.select([c for c in RANKING_COLUMNS if c in ranking.columns]), limit=400))
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<title>{html.escape(manifest['run'])}: balance report</title><style>{CSS}</style>"
            f"<script type='text/javascript'>{plotly.offline.get_plotlyjs()}</script></head><body>"
            + "\n".join(parts) + "</body></html>")


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


def export(run_dir: Path, manifest: dict[str, Any], fmt: str, out: Path, lang: str = "en") -> list[Path]:
    """Write the run's report in one format under `out` (a folder); returns the files written.

    Each file goes through a temp file renamed into place, so a failed write (a full disk) leaves
    the previous file or none, never a torn or empty one; the failure is an InputError naming it."""
    if fmt not in FORMATS:
        raise InputError(f"--format: {fmt!r}; choose one of {', '.join(FORMATS)}")
    check_out_folder(out)
    stem = manifest["run"]
    if fmt in ("html", "pdf", "png"):
        page = out / f"{stem}.html"
        text = html_report(run_dir, manifest, lang)
        _write(page, lambda tmp: tmp.write_text(text, encoding="utf-8"))
        if fmt == "html":
            return [page]
        target = out / f"{stem}.{fmt}"
        extra = ["--window-size=1280,4000"] if fmt == "png" else ["--no-pdf-header-footer"]

        def print_page(tmp: Path) -> None:
            flag = f"--print-to-pdf={tmp}" if fmt == "pdf" else f"--screenshot={tmp}"
            result = run_chromium([*extra, flag, page.resolve().as_uri()])
            if tmp.stat().st_size == 0:
                raise InputError(f"Chromium did not write {target}: {result.stderr.strip()[-400:]}")

        _write(target, print_page, suffix=f".tmp.{fmt}")
        return [page, target]
    tables = report_tables(run_dir, manifest)
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
    for fmt in formats:
        files += export(run_dir, manifest, fmt, out, lang)
        if progress:
            progress(fmt)
    return files
