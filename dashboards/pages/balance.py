"""Balance proposals (`sim balance`): for one search of the results folder, the warning when its
held-out seed was used before on other cards, the ranked proposals with their confirmed figures
beside the baseline's on the same games (n, 95% interval; proposal 1's from the confirmation seed,
with the held-out reading it was chosen on), the card-file patch of each, the path of the search
(every candidate at every rung, its distance to the target and whether it went on), and for a
round robin the Nash mix before and after each proposal. A search is not a run: it has its own
picker, of the <results>/<spec>.balance folders.

Each proposal's patch downloads as a file (the unified diff of the card files, applied by hand with
`patch -p1` in the card folder or `git apply`), and "apply to a copy" writes the whole card folder
with the proposal applied inside the search's folder (<results>/<spec>.balance/applied/proposal-N,
a fresh name each time, never outside the results folder) and shows the spec line that plays it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import dash
import polars as pl
from dash import ALL, MATCH, Input, Output, State, callback, ctx, dcc, html, no_update

from dashboards import data
from dashboards.widgets import graph
from sim.run.display_names import spec_display_names
from sim.balance.console import (baseline_beside, outside_text, paired_change_text, play_proposal_lines,
                                  reuse_warnings, selection_text, summary_text)
from sim.report.balance_figures import figure_label, figure_text, target_text
from sim.balance.figures import card_effects_figures, metagame_figure, path_figure
from sim.balance.patch import CARDS_SUBFOLDER, apply_proposal, fresh_copy_place
from sim.balance.search import PATH_FILE, PROPOSALS_FILE, proposal_edits
from sim.core.errors import InputError
from sim.core.ruleset import get_ruleset
from sim.report.findings_text import SEVERITY_COLOURS
from sim.report.formatting import count
from sim.report.language import t

dash.register_page(__name__, path="/balance", name="balance")


def searches(root: Path) -> list[str]:
    """The searches of the results folder, newest first: the names of its *.balance folders that
    hold finished proposals."""
    found = [p.parent for p in Path(root).glob(f"*.balance/{PROPOSALS_FILE}")
             if data.link_leaving(p.parent, Path(root).resolve()) is None]
    return [p.name.removesuffix(".balance") for p in sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)]


def read_search(root: Path, name: object) -> tuple[dict[str, Any], pl.DataFrame]:
    """The proposals and path of the search `name` (a search of `searches`: the name comes from
    the page, and a climbing, absolute or linked-out name is refused without a path, data.entry_of)."""
    root = Path(root).resolve()
    folder = data.entry_of(name, root, "search_name_refused", "search_missing", "search", suffix=".balance")
    if not (folder / PROPOSALS_FILE).is_file():
        raise data.RefusedName("search_missing", search=str(name))
    record = json.loads((folder / PROPOSALS_FILE).read_text(encoding="utf-8"))
    return record, pl.read_parquet(folder / PATH_FILE)


def layout(search: str | None = None, **query: str) -> html.Div:
    options = searches(data.results_root())
    chosen = search if search in options else (options[0] if options else None)
    return html.Div([html.H2(id="balance-heading"),
                     dcc.Dropdown(id="balance-search", options=options, value=chosen, clearable=False,
                                  style={"width": "26em"}),
                     dcc.Download(id="balance-patch-file"),
                     html.Div(id="balance-body")])


def proposal_block(record: dict[str, Any], p: dict[str, Any], lang: str) -> html.Div:
    head = [html.Th(t(k, lang)) for k in ("balance_col_figure", "balance_col_target", "balance_baseline",
                                          "balance_col_proposal", "balance_col_n", "balance_col_change",
                                          "balance_col_met")]
    names = spec_display_names(record["spec"], record.get("spec_path"))  # Japón, not japon
    rows = [html.Tr([html.Td(figure_label(item, lang, names)), html.Td(target_text(item, lang)), html.Td(figure_text(base, lang)),
                     html.Td(figure_text(item, lang)), html.Td(count(item["n"], lang)),
                     html.Td(paired_change_text(item, lang), className="balance-paired-change"),
                     html.Td(t("balance_yes" if item["met"] else "balance_no", lang))])
            for base, item in zip(baseline_beside(record, p), p["figures"])]
    rank = p["rank"]
    selection = selection_text(record, p, lang, names)
    verdict = t("balance_met" if p["met"] else "balance_missed", lang)
    return html.Div([
        html.H3(t("balance_proposal_heading", lang, rank=p["rank"], edits=p["edits_text"], verdict=verdict)),
        html.Table([html.Thead(html.Tr(head)), html.Tbody(rows)], className="balance-figures",
                   style={"borderSpacing": "1em 0"}),
        *[html.P(f"{figure_label(item, lang)}: {outside_text(base, item, lang)}", className="note balance-outside")
          for base, item in zip(baseline_beside(record, p), p["figures"]) if item["figure"] == "card_effect"],
        *([html.P(selection, className="note balance-selection")] if selection else []),
        html.Pre(p["patch"], className="balance-patch", style={"background": "#f6f6f6", "padding": ".5em"}),
        html.Div([html.Button(t("balance_download_patch", lang), id={"type": "balance-download", "rank": rank},
                              disabled=not p["patch"]),
                  html.Button(t("balance_apply_copy", lang), id={"type": "balance-apply", "rank": rank},
                              style={"marginLeft": ".5em"})], className="balance-actions"),
        html.Div(id={"type": "balance-applied", "rank": rank}, className="balance-applied"),
    ], id=f"balance-proposal-{rank}")


@callback(Output("balance-heading", "children"), Output("balance-body", "children"),
          Input("balance-search", "value"), Input("lang", "data"))
def draw(search: str | None, lang: str):
    heading = t("balance_heading", lang)
    if not search:
        return heading, html.P(t("balance_none", lang, folder=str(data.results_root())), id="balance-none")
    try:
        record, path = read_search(data.results_root(), search)
    except data.RefusedName as refusal:
        return heading, html.P(refusal.said(lang), id="balance-refused", className="launch-error",
                               style={"color": "#a00"})
    summary = summary_text(record, lang)
    parts: list[Any] = [html.P(warning, className="balance-warning",
                               style={"color": SEVERITY_COLOURS["medium"], "fontWeight": "bold"})
                        for warning in reuse_warnings(record, lang)]  # amber: a warning, not an imbalance
    parts.append(html.P(summary, id="balance-summary", className="note"))
    parts += [proposal_block(record, p, lang) for p in record["proposals"]]
    parts.append(graph("balance-path", path_figure(path, lang)))
    meta = metagame_figure(record, lang)
    if meta is not None:
        parts.append(graph("balance-metagame", meta))
    parts += [graph(f"balance-card-effects-{k + 1}", fig) for k, fig in enumerate(card_effects_figures(record, lang))]
    return heading, parts


def patch_file_name(record: dict[str, Any], rank: int) -> str:
    """The downloaded patch's name: the spec's name and the proposal's rank."""
    return f"{record['spec']['name']}-proposal{rank}.patch"


@callback(Output("balance-patch-file", "data"), Input({"type": "balance-download", "rank": ALL}, "n_clicks"),
          State("balance-search", "value"), prevent_initial_call=True)
def download_patch(clicks: list, search: str | None):
    """The pressed proposal's patch, as the search stored it (sim.balance.patch.card_patch)."""
    pressed = ctx.triggered_id
    if not isinstance(pressed, dict) or not any(entry.get("value") for entry in ctx.triggered):
        return no_update  # the buttons were drawn again, nobody pressed one
    try:
        record, _ = read_search(data.results_root(), search)
    except data.RefusedName:
        return no_update
    proposal = next((p for p in record["proposals"] if p["rank"] == pressed["rank"]), None)
    if proposal is None:
        return no_update
    return dcc.send_string(proposal["patch"], patch_file_name(record, proposal["rank"]))


def apply_to_copy(root: Path, search: object, rank: int) -> tuple[dict[str, Any], Path]:
    """Write proposal `rank` of the search `search` into a fresh copy of its card folder inside the
    search's own folder; returns the record and the copy's card folder (the one cards_dir names)."""
    record, _ = read_search(root, search)
    folder = data.entry_of(search, Path(root).resolve(), "search_name_refused", "search_missing", "search",
                           suffix=".balance")
    edits = proposal_edits(record, rank)
    try:  # a game reading its decks beside the cards gets them copied beside too (sim.run.card_folders)
        beside = tuple(getattr(get_ruleset(record["ruleset"]), "beside_cards", ()))
    except InputError:
        beside = ()
    place = fresh_copy_place(folder, rank)
    apply_proposal(edits, Path(record["cards_dir"]), place, beside)
    return record, place / CARDS_SUBFOLDER if beside else place


@callback(Output({"type": "balance-applied", "rank": MATCH}, "children"),
          Input({"type": "balance-apply", "rank": MATCH}, "n_clicks"), State("balance-search", "value"),
          State("lang", "data"), prevent_initial_call=True)
def apply_pressed(clicks: int | None, search: str | None, lang: str):
    """Apply the proposal to a fresh copy of the cards and say where it is and how to play it."""
    if not clicks:
        return no_update
    rank = ctx.triggered_id["rank"]
    try:
        record, cards = apply_to_copy(data.results_root(), search, rank)
    except data.RefusedName as refusal:
        return html.P(refusal.said(lang), className="launch-error", style={"color": "#a00"})
    except InputError as exc:
        return html.P(t("balance_apply_failed", lang, problem=data.said(exc, lang)), className="launch-error",
                      style={"color": "#a00"})
    spec = Path(record["spec_path"])
    lines = play_proposal_lines(spec, record["spec"].get("cards_dir"), cards, f"{record['spec']['name']}_proposal{rank}",
                                rank, lang)
    edits = proposal_edits(record, rank)
    params = [t("balance_apply_param", lang, field=e.field, value=e.new) for e in edits if not e.is_card]
    return html.Div([html.P(t("balance_applied", lang, rank=rank, folder=str(cards))),
                     *[html.P(line) for line in params],
                     html.P(lines[0]), html.Pre(lines[1].strip(), className="balance-spec-line"),
                     html.P(lines[2]), html.Pre(lines[3].strip(), className="balance-run-command")])
