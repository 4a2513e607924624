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

from sim.analysis import end_reasons, faction_win_rates, first_player_advantage, game_length, scan_games
from sim.analysis.budget_curve import budget_cells, budget_slopes
from sim.analysis.card_impact import card_impact
from sim.analysis.matchups import marginal_win_rates, matchup_cells
from sim.analysis.ratings import describe_fit, first_player_table, ratings_games, ratings_table, run_seats
from sim.analysis.sweeps import sweep_comparison
from sim.analysis.units import match_results, story_clear_chance, story_stages
from sim.core.errors import InputError
from sim.report import figures

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
        "game_length": game_length(run_dir),
        "end_reasons": end_reasons(run_dir),
    }
    if with_cards:
        tables["card_impact"] = card_impact(run_dir)
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
    if "budget_a" in scan_games(run_dir).collect_schema().names():
        tables["budget_cells"] = budget_cells(run_dir)
        slopes = budget_slopes(tables["budget_cells"])
        if slopes.height:
            tables["budget_slopes"] = slopes
    if manifest.get("kind") == "story":
        tables["story_stages"] = story_stages(run_dir)
        tables["story_clear_chance"] = story_clear_chance(run_dir)
    if manifest.get("kind") == "best_of_three":
        tables["match_results"] = match_results(run_dir)
    order = {config_id: k for k, config_id in enumerate(manifest["configs"])}  # the spec's order, not the alphabet's
    return {name: (frame.with_row_index("_row").sort(pl.col("config").replace_strict(order, default=len(order)),
                                                     "_row").drop("_row") if "config" in frame.columns else frame)
            for name, frame in tables.items()}


def turn_shares(run_dir: Path) -> pl.DataFrame:
    return (scan_games(run_dir).group_by("config", "turns").agg(pl.len().alias("games"))
            .with_columns((pl.col("games") / pl.col("games").sum().over("config")).alias("share"))
            .sort("config", "turns").collect())


def report_figures(run_dir: Path, tables: dict[str, pl.DataFrame], lang: str = "en") -> list[tuple[str, go.Figure]]:
    out: list[tuple[str, go.Figure]] = []
    if "sweep" in tables:
        out.append(("sweep", figures.sweep_figure(tables["sweep"], lang=lang)))
    if "budget_cells" in tables and tables["budget_cells"]["budget_a"].n_unique() > 1:
        out.append(("budget_curve", figures.budget_curve_figure(tables["budget_cells"], lang=lang)))
    if "matchups" in tables:
        out.append(("matchups", figures.matchup_figure(tables["matchups"], lang=lang)))
        out.append(("marginals", figures.marginal_figure(tables["matchup_marginals"], lang=lang)))
    out.append(("win_rates", figures.win_rate_figure(tables["win_rates"], lang=lang)))
    out.append(("first_player", figures.first_player_figure(tables["first_player"], lang=lang)))
    if "story_stages" in tables:
        out.append(("story", figures.story_figure(tables["story_stages"], lang=lang)))
    first = tables["card_impact"]["config"][0] if tables["card_impact"].height else None
    out.append(("cards", figures.card_scatter_figure(tables["card_impact"].filter(pl.col("config") == first),
                                                     config=str(first), lang=lang)))
    out.append(("game_length", figures.game_length_figure(turn_shares(run_dir), lang=lang)))
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
    head = "".join(f"<th>{html.escape(c)}</th>" for c in frame.columns)
    body = []
    for row in frame.head(limit).iter_rows():
        cells = []
        for value in row:
            text = f"{value:.4g}" if isinstance(value, float) else str(value)
            cells.append(f"<td>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    more = f"<p class='note'>{frame.height - limit} more rows in the CSV/Parquet export.</p>" if frame.height > limit else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{more}"


CSS = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1200px;color:#222}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd}table{border-collapse:collapse;font-size:.85em}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}th{background:#f3f3f3}.manifest td{text-align:left}
.note{color:#666;font-size:.85em}.plot{margin:1em 0}"""

CARD_COLUMNS = ["side", "faction", "card_id", "card_name", "cost", "gih_n", "gih_wr", "gns_wr", "iwd", "iwd_shrunk",
                "q_value", "played_wr"]


def html_report(run_dir: Path, manifest: dict[str, Any], lang: str = "en") -> str:
    """The standalone HTML report of a run folder; plot titles in `lang` (es or en)."""
    tables = report_tables(run_dir, manifest)
    parts = [f"<h1>{html.escape(manifest['run'])}: balance report</h1>",
             "<table class='manifest'>" + "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>"
                                                  for k, v in manifest_rows(manifest)) + "</table>",
             f"<p class='note'>Made by sim report on {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC. Win rates count "
             "a draw as half a win; every interval is 95% (Wilson for rates, paired normal for differences).</p>"]
    for name, fig in report_figures(run_dir, tables, lang):
        fig.update_layout(template="plotly_white", height=460)
        parts.append(f"<h2>{html.escape(fig.layout.title.text or name)}</h2>")
        parts.append(f"<div class='plot' id='plot-{name}'>"
                     + fig.to_html(full_html=False, include_plotlyjs=False, div_id=f"fig-{name}") + "</div>")
    for name in ("sweep", "budget_slopes", "matchup_marginals", "ratings", "ratings_first_player", "win_rates",
                 "first_player", "story_clear_chance", "match_results"):
        if name in tables:
            parts.append(f"<h2>Table: {name.replace('_', ' ')}</h2>" + _table_html(tables[name]))
            if name == "ratings":
                parts.append(f"<p class='note'>{html.escape(describe_fit(tables['ratings']))}</p>")
    impact = tables["card_impact"]
    parts.append("<h2>Cards by improvement when drawn (shrunk IWD; Played WR is selection-biased)</h2>"
                 + _table_html(impact.select([c for c in CARD_COLUMNS if c in impact.columns]), limit=60))
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
    """Write the run's report in one format under `out` (a folder); returns the files written."""
    if fmt not in FORMATS:
        raise InputError(f"--format: {fmt!r}; choose one of {', '.join(FORMATS)}")
    out.mkdir(parents=True, exist_ok=True)
    stem = manifest["run"]
    if fmt in ("html", "pdf", "png"):
        page = out / f"{stem}.html"
        page.write_text(html_report(run_dir, manifest, lang), encoding="utf-8")
        if fmt == "html":
            return [page]
        target = out / f"{stem}.{fmt}"
        flag = f"--print-to-pdf={target}" if fmt == "pdf" else f"--screenshot={target}"
        extra = ["--window-size=1280,4000"] if fmt == "png" else ["--no-pdf-header-footer"]
        result = run_chromium([*extra, flag, page.resolve().as_uri()])
        if not target.exists() or target.stat().st_size == 0:
            raise InputError(f"Chromium did not write {target}: {result.stderr.strip()[-400:]}")
        return [page, target]
    tables = report_tables(run_dir, manifest)
    written: list[Path] = []
    if fmt == "csv":
        (out / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
        written.append(out / "manifest.json")
    for name, frame in tables.items():
        path = out / f"{stem}.{name}.{fmt}"
        if fmt == "csv":
            frame.write_csv(path)
        else:
            pq.write_table(_with_manifest(frame, manifest), path)
        written.append(path)
    return written


def write_reports(run_dir: Path, manifest: dict[str, Any], formats: list[str], out: Path, lang: str = "en",
                  progress: Callable[[str], None] | None = None) -> list[Path]:
    files: list[Path] = []
    for fmt in formats:
        files += export(run_dir, manifest, fmt, out, lang)
        if progress:
            progress(fmt)
    return files
