"""Which kind of run a run is, which page shows it, and the sentence a page of another kind says
instead of drawing nothing: "“bo3” is a best-of-three run, not a sweep: ... Its figures are on
Best of three."

A run may be of several kinds (a story run is also a run of games; a budget curve is a sweep): a
page draws a run when its kind is among the run's; the sentence links to the run's own pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import polars as pl
from dash import dcc, html

from dashboards import data
from sim.report.language import t

# kind -> (page path, nav key), in the order a run's kinds are named
KIND_PAGES: dict[str, tuple[str, str]] = {
    "best_of_three": ("/matches", "nav_matches"),
    "story": ("/story", "nav_story"),
    "levels": ("/levels", "nav_levels"),
    "ablation": ("/ablations", "nav_ablations"),
    "sweep": ("/sweeps", "nav_sweeps"),
    "round_robin": ("/factions", "nav_factions"),
    "impact": ("/cards", "nav_cards"),
    "games": ("/factions", "nav_factions"),
}


def run_kinds(manifest: dict[str, Any]) -> list[str]:
    """The kinds of a run, most particular first (KIND_PAGES' order), from its manifest; "games"
    (single games, read on the factions and cards pages) is always last."""
    spec = manifest.get("spec", {})
    found = {
        "best_of_three": manifest.get("kind") == "best_of_three",
        "story": manifest.get("kind") == "story",
        "levels": spec.get("levels") is not None,
        "ablation": spec.get("ablation") is not None,
        "sweep": spec.get("sweep") is not None,
        # a [levels] round robin's matchups are read level by level on the levels page
        "round_robin": spec.get("matchups") == "round_robin" and spec.get("levels") is None,
        "impact": spec.get("impact") is not None,
    }
    return [kind for kind in KIND_PAGES if found.get(kind)] + ["games"]


def wrong_kind(run: str, manifest: dict[str, Any], wanted: str, lang: str) -> html.P:
    """The sentence a page for `wanted` runs shows for a run of another kind: what the run is, and
    links to the pages that show it (the run kept in each link)."""
    kinds = run_kinds(manifest)
    pages: list[tuple[str, str]] = []
    for kind in kinds:
        if KIND_PAGES[kind] not in pages:
            pages.append(KIND_PAGES[kind])
    links: list[Any] = []
    for k, (path, key) in enumerate(pages):
        if k:
            links.append(", ")
        links.append(dcc.Link(t(key, lang), href=f"{path}?run={run}", className="kind-link"))
    return html.P([t("wrong_kind", lang, run=run, kind=t(f"kind_{kinds[0]}", lang), wanted=t(f"kind_{wanted}", lang)),
                   *links, "."], className="wrong-kind")


def unavailable(run: str | None, lang: str, kind: str | None = None) -> html.P | None:
    """What a page shows instead of its figures, or None when it can draw them: no run chosen yet,
    a run of another kind than the page's `kind` (wrong_kind), or a run with no finished chunk."""
    if not run:
        return html.P(t("no_data", lang))
    if kind is not None:
        manifest = data.manifest_of(run)
        if kind not in run_kinds(manifest):
            return wrong_kind(run, manifest, kind, lang)
    if not data.has_games(run):
        return html.P(t("no_games_yet", lang, run=run), className="no-games")
    return None


@dataclass(frozen=True)
class RunPage:
    """What a page's draw callback opens with (`open_run_page`): its heading in the page's language
    and either the sentence it shows instead of its figures (`blocked`) or the run's manifest and
    tables to draw them from."""

    heading: str
    blocked: html.P | None = None
    manifest: dict[str, Any] = field(default_factory=dict)
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)


def open_run_page(run: str | None, lang: str, heading: str, kind: str | None = None) -> RunPage:
    """The common opening of a run page's draw: the catalog's `heading` in `lang`, then `unavailable`
    (no run, a run of another kind than `kind`, no finished chunk) and, when the run can be drawn,
    its manifest and tables (data.manifest_of, data.tables_of); nothing of a blocked run is read."""
    blocked = unavailable(run, lang, kind)
    if blocked is not None or run is None:
        return RunPage(t(heading, lang), blocked)
    return RunPage(t(heading, lang), None, data.manifest_of(run), data.tables_of(run))
