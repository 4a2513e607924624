"""`sim balance` in the terminal: the ranked proposals, each with its edits, its confirmed figures
(n and 95% interval, beside the baseline's on the same games) and its patch, in the language asked;
and the sentences the console, the report and the balance page share: which seed confirmed which
proposal, the held-out reading proposal 1 was chosen on, and the warning when the held-out seed was
used before on other cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from sim.balance.patch import cards_dir_line
from sim.report.balance_figures import figure_label, figure_text, target_text
from sim.report.formatting import (count, date_text, localised, percent, percent_with_interval, seconds_text,
                                    signed_points, signed_points_with_interval)
from sim.report.language import t
from sim.report.tables import FittedTable
from sim.run.display_names import DisplayNames, spec_display_names


def play_seconds(record: dict[str, Any]) -> float:
    """The play time of the whole search over every session (its stages' manifests); a record
    written before it was kept has only its invocation's wall time."""
    return float(record.get("play_seconds", record["wall_seconds"]))


def summary_text(record: dict[str, Any], lang: str) -> str:
    """What was searched, how many games the whole search played (resumed or not) in how much play
    time, and where the figures were confirmed, in `lang`."""
    return t("balance_summary", lang, candidates=count(record["candidates_measured"], lang), moves=record["moves"],
             games=count(record["games_played"], lang), seconds=seconds_text(play_seconds(record), lang)) \
        + " " + confirmed_where(record, lang)


def confirmed_where(record: dict[str, Any], lang: str) -> str:
    """Where the figures come from, in `lang`: every proposal's from the held-out seed or, when the
    held-out games chose proposal 1 among several, proposal 1's from the confirmation seed."""
    confirmation = record.get("confirmation")
    confirm = count(record["confirm_games"], lang)
    if not confirmation:
        return t("balance_held_out", lang, seed=record["held_out_seed"], confirm=confirm) + effects_summary(record, lang)
    return t("balance_confirmed", lang, fresh=confirmation["seed"], games=count(confirmation["games"], lang),
             among=confirmation["among"], seed=record["held_out_seed"], confirm=confirm) + effects_summary(record, lang)


def confirmed(record: dict[str, Any], proposal: dict[str, Any]) -> bool:
    """Whether the proposal's figures are the confirmation seed's (proposal 1, chosen among several)."""
    confirmation = record.get("confirmation")
    return bool(confirmation) and confirmation["candidate"] == proposal["candidate"]


def proposal_name(record: dict[str, Any], proposal: dict[str, Any], lang: str) -> str:
    """"Proposal 1", or "Proposal 1 (confirmation seed 123)" when its figures are that seed's: a
    chart's series, beside the others' held-out figures."""
    if confirmed(record, proposal):
        return t("balance_proposal_confirmed", lang, rank=proposal["rank"], seed=record["confirmation"]["seed"])
    return t("balance_proposal", lang, rank=proposal["rank"])


def baseline_beside(record: dict[str, Any], proposal: dict[str, Any]) -> list[dict[str, Any]]:
    """The baseline's figures on the games the proposal's figures come from: the confirmation
    seed's for proposal 1 once confirmed there, the held-out seed's for the others."""
    return record["confirmation"]["baseline"] if confirmed(record, proposal) else record["baseline"]


def selection_text(record: dict[str, Any], proposal: dict[str, Any], lang: str,
                   names: DisplayNames | None = None) -> str:
    """What proposal 1 read on the held-out games that chose it, said as the choice's reading (the
    best of several, optimistic), in `lang`; empty for a proposal not confirmed apart."""
    if not confirmed(record, proposal):
        return ""
    figures = "; ".join(t("balance_selection_figure", lang, label=figure_label(item, lang, names),
                          value=figure_text(item, lang), n=count(item["n"], lang))
                        for item in proposal["selection"]["figures"])
    return t("balance_selection", lang, seed=record["held_out_seed"], among=record["confirmation"]["among"],
             figures=figures, fresh=record["confirmation"]["seed"])


def reuse_warnings(record: dict[str, Any], lang: str) -> list[str]:
    """One warning per earlier search that used the held-out seed on other cards, in `lang`."""
    return [t("balance_reused_seed", lang, seed=record["held_out_seed"], search=use["search"],
              finished=date_text(use["finished"], lang), files=", ".join(use["changed"]),
              spec=record.get("spec_path", ""))
            for use in record.get("held_out_reuse") or []]


def paired_change_text(item: dict[str, Any], lang: str = "en") -> str:
    """A proposal's change from the baseline on the same held-out games, paired game by game, with
    its 95% interval ("+12.3 pts [+10.1, +14.5]"); empty for a figure compared side by side instead
    (a first-player advantage, a card effect). The console, the page and the report all read it here."""
    change = item.get("paired_change")
    if not change:
        return ""
    return signed_points_with_interval(change["diff"], change["low"], change["high"], 1, lang)


def effects_summary(record: dict[str, Any], lang: str) -> str:
    """" Card effects: 4,000 games per forced config ..." for a search with a card_effect objective
    (proposal 1's measured again on the confirmation seed when it was chosen among several)."""
    effects = record.get("card_effects")
    if not effects:
        return ""
    key = "balance_effects_summary_confirmed" if record.get("confirmation") else "balance_effects_summary"
    return " " + t(key, lang, base=count(effects["effect_games"], lang), seed=effects["effect_seed"],
                   confirm=count(effects["confirm_effect_games"], lang))


def cards_beyond(item: dict[str, Any]) -> list[dict[str, Any]]:
    """A card_effect figure's cards outside the tolerance, farthest first."""
    out = [c for c in item.get("cards", []) if not c["met"]]
    return sorted(out, key=lambda c: (-abs(c["value"] - item["target"]), c["card"]))


def beyond_text(item: dict[str, Any], lang: str = "en") -> str:
    """"AR-18 Araña Goliat +19.1 pts [+18.4, +19.9] n 20,000, CI-18 ..." or "none" (the cards
    outside the tolerance, each with its 95% interval and pairs)."""
    def one(c: dict[str, Any]) -> str:
        figure = f"{c['value'] * 100:+.1f} pts [{c['low'] * 100:+.1f}, {c['high'] * 100:+.1f}] n {c['n']:,}"
        return " ".join(x for x in (c["card"], c["name"], figure) if x)

    return ", ".join(one(c) for c in cards_beyond(item)) or t("balance_none_outside", lang)


def outside_text(base: dict[str, Any], item: dict[str, Any], lang: str) -> str:
    """A card_effect figure's cards outside its target, for the baseline and a proposal, in words."""
    text = t("balance_cards_outside", lang, target=target_text(item, lang), baseline=beyond_text(base, lang),
             proposal=beyond_text(item, lang))
    absent = ", ".join(" ".join(x for x in (c["card"], c["name"]) if x) for c in item["absent"])
    return text + (" " + t("balance_cards_absent", lang, cards=absent) if absent else "")


def metagame_text(meta: dict[str, Any] | None, lang: str = "en", names: DisplayNames | None = None) -> str:
    """"Nash mix China 100% · Japón 0% · Corea 0%; support China; exploitability ..." (a round robin),
    in `lang`, the factions by `names` when given."""
    if not meta:
        return ""
    shown = names or DisplayNames()
    mix = " · ".join(f"{shown(n)} {percent(p, 0, lang)}" for n, p in zip(meta["names"], meta["mix"]))
    gains = ", ".join(f"{shown(n)} {signed_points(g, 1, lang)}" for n, g in zip(meta["names"], meta["exploitability"]))
    return t("balance_nash_line", lang, mix=mix, support=", ".join(shown(n) for n in meta["support"]), gains=gains)


def print_proposals(console: Console, record: dict[str, Any], lang: str = "en", patches: bool = True) -> None:
    """The search's proposals as `sim balance` and `sim show` print them, in `lang`: the warnings
    first, then what was searched and where the figures were confirmed, then each proposal."""
    from sim.report.findings_text import SEVERITY_COLOURS  # it reads this module's words: imported here, not above

    amber = SEVERITY_COLOURS["medium"]  # a warning, not an imbalance: amber, as a moderate finding
    names = spec_display_names(record["spec"], record.get("spec_path"))
    for warning in reuse_warnings(record, lang):
        console.print(warning, style=f"bold {amber}", soft_wrap=True, highlight=False, markup=False)
    session = record.get("session_games")
    this_run = (t("balance_console_session", lang, games=count(session, lang),
                  seconds=seconds_text(record["wall_seconds"], lang)) if session is not None else "")
    console.print(t("balance_console_heading", lang, name=f"[bold]{escape(record['spec']['name'])}[/bold]",
                    proposals=len(record["proposals"]), candidates=count(record["candidates_measured"], lang),
                    moves=record["moves"], games=count(record["games_played"], lang),
                    seconds=seconds_text(play_seconds(record), lang)) + this_run, highlight=False)
    console.print(confirmed_where(record, lang), highlight=False, markup=False)
    headers = tuple(t(key, lang) for key in ("balance_col_figure", "balance_col_target", "balance_baseline",
                                             "balance_col_proposal", "balance_col_n", "balance_col_change",
                                             "balance_col_met"))
    for p in record["proposals"]:
        verdict = t("balance_met" if p["met"] else "balance_missed", lang)
        console.print("\n" + escape(t("balance_proposal_heading", lang, rank=p["rank"], edits=p["edits_text"],
                                      verdict=verdict)), style="bold", highlight=False)
        beside = baseline_beside(record, p)
        rows = [[figure_label(item, lang, names), target_text(item, lang), figure_text(base, lang),
                 figure_text(item, lang), count(item["n"], lang), paired_change_text(item, lang),
                 t("balance_yes" if item["met"] else "balance_no", lang)] for base, item in zip(beside, p["figures"])]
        console.print(FittedTable("", headers, ["left"] + ["right"] * (len(headers) - 1), rows, keys=1))
        for base, item in zip(beside, p["figures"]):
            if item["figure"] == "card_effect":
                console.print(f"{figure_label(item, lang, names)}: {outside_text(base, item, lang)}", highlight=False,
                              markup=False)
        if selection_text(record, p, lang, names):
            console.print(selection_text(record, p, lang, names), highlight=False, markup=False)
        if p.get("metagame"):
            before = (record["confirmation"] if confirmed(record, p) else record).get("baseline_metagame")
            console.print(f"{t('balance_before', lang)}: {metagame_text(before, lang, names)}", highlight=False,
                          markup=False)
            console.print(f"{t('balance_after', lang)}: {metagame_text(p['metagame'], lang, names)}", highlight=False,
                          markup=False)
        if patches and p["patch"]:
            console.print(p["patch"], highlight=False, markup=False, end="")
    if record["proposals"] and not any(p["met"] for p in record["proposals"]):
        console.print("\n" + t("balance_none_met", lang), style=amber, highlight=False, markup=False)
    console.print("\n" + t("balance_apply_one", lang, spec=record["spec_path"]), highlight=False, markup=False,
                  soft_wrap=True)  # a command to copy: one line


def play_proposal_lines(spec: Path, spec_cards_dir: str | None, cards_dir: Path, run_name: str, rank: int,
                        lang: str) -> list[str]:
    """How to play an applied proposal, in `lang`: the spec line that reads the edited copy of the
    cards (cards_dir_line) and the `sim run` command that plays it into a folder of its own, beside
    the baseline's run. `sim balance --apply` prints them; the balance page shows them."""
    replacing = t("balance_apply_replacing", lang, old=f'"{spec_cards_dir}"') if spec_cards_dir else ""
    return [t("balance_apply_spec_line", lang, rank=rank, spec=spec, replacing=replacing),
            f"  {cards_dir_line(spec, cards_dir)}", t("balance_apply_run", lang), f"  sim run {spec} --run {run_name}"]
