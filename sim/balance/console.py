"""`sim balance` in the terminal: the ranked proposals, each with its edits, its figures confirmed on
the held-out seed (n and 95% interval, beside the baseline's on the same games) and its patch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from sim.balance.patch import cards_dir_line
from sim.report.balance_figures import figure_label, figure_text, target_text
from sim.report.formatting import count, seconds_text, signed_points_with_interval
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
             games=count(record["games_played"], lang), seconds=seconds_text(play_seconds(record), lang),
             seed=record["held_out_seed"], confirm=count(record["confirm_games"], lang)) + effects_summary(record, lang)


def paired_change_text(item: dict[str, Any], lang: str = "en") -> str:
    """A proposal's change from the baseline on the same held-out games, paired game by game, with
    its 95% interval ("+12.3 pts [+10.1, +14.5]"); empty for a figure compared side by side instead
    (a first-player advantage, a card effect). The console, the page and the report all read it here."""
    change = item.get("paired_change")
    if not change:
        return ""
    return signed_points_with_interval(change["diff"], change["low"], change["high"], 1, lang)


def effects_summary(record: dict[str, Any], lang: str) -> str:
    """" Card effects: 4,000 games per forced config ..." for a search with a card_effect objective."""
    effects = record.get("card_effects")
    if not effects:
        return ""
    return " " + t("balance_effects_summary", lang, base=f"{effects['effect_games']:,}", seed=effects["effect_seed"],
                   confirm=f"{effects['confirm_effect_games']:,}")


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


def metagame_text(meta: dict[str, Any] | None, names: DisplayNames | None = None) -> str:
    """"Nash mix China 100% · Japón 0% · Corea 0%; support China; exploitability ..." (a round robin),
    the factions by `names` when given."""
    if not meta:
        return ""
    shown = names or DisplayNames()
    mix = " · ".join(f"{shown(n)} {p * 100:.0f}%" for n, p in zip(meta["names"], meta["mix"]))
    gains = ", ".join(f"{shown(n)} {g * 100:+.1f} pts" for n, g in zip(meta["names"], meta["exploitability"]))
    return (f"Nash mix {mix}; support {', '.join(shown(n) for n in meta['support'])}; exploitability (a field of one "
            f"faction) {gains}")


def print_proposals(console: Console, record: dict[str, Any], patches: bool = True) -> None:
    names = spec_display_names(record["spec"], record.get("spec_path"))
    session = record.get("session_games")
    this_run = (f"; this invocation played {session:,} of them in {record['wall_seconds']:.1f} s of wall time"
                if session is not None else "")
    console.print(f"[bold]{record['spec']['name']}[/bold]: {len(record['proposals'])} proposal(s) from "
                  f"{record['candidates_measured']:,} candidates ({record['moves']} single edits), "
                  f"{record['games_played']:,} games played by the search, {play_seconds(record):.1f} s of play"
                  + this_run, highlight=False)
    console.print(f"Figures confirmed on the held-out seed {record['held_out_seed']} (never played by the search), "
                  f"{record['confirm_games']:,} games per matchup; 95% intervals; the baseline on the same games."
                  + effects_summary(record, "en"), highlight=False)
    for p in record["proposals"]:
        verdict = "[green]meets every objective[/green]" if p["met"] else "[yellow]misses an objective[/yellow]"
        console.print(f"\n[bold]Proposal {p['rank']}[/bold] ({len(p['edits'])} edit(s)): {p['edits_text']} — {verdict}",
                      highlight=False)
        headers = ("figure", "target", "baseline", "proposal", "n", "change (paired)", "met")
        rows = []
        for base, item in zip(record["baseline"], p["figures"]):
            rows.append([figure_label(item, "en", names), target_text(item), figure_text(base), figure_text(item),
                         f"{item['n']:,}", paired_change_text(item, "en"), "yes" if item["met"] else "no"])
        console.print(FittedTable("", headers, ["left"] + ["right"] * (len(headers) - 1), rows, keys=1))
        for base, item in zip(record["baseline"], p["figures"]):
            if item["figure"] == "card_effect":
                console.print(f"{figure_label(item, 'en', names)}: {outside_text(base, item, 'en')}", highlight=False)
        if p.get("metagame"):
            console.print(f"before: {metagame_text(record.get('baseline_metagame'), names)}", highlight=False)
            console.print(f"after:  {metagame_text(p['metagame'], names)}", highlight=False)
        if patches and p["patch"]:
            console.print(p["patch"], highlight=False, markup=False, end="")
    if record["proposals"] and not any(p["met"] for p in record["proposals"]):
        console.print("\n[yellow]No proposal meets every objective on the held-out games.[/yellow] They are the "
                      "closest the search found: widen the search space (max_change, more cards or fields, "
                      "max_edits) or the tolerances, and run again with --overwrite.",
                      highlight=False)
    console.print(f"\nApply one: sim balance {record['spec_path']} --apply N --to DIR (a copy of the card folder)",
                  highlight=False, soft_wrap=True)  # a command to copy: one line


def play_proposal_lines(spec: Path, spec_cards_dir: str | None, cards_dir: Path, run_name: str, rank: int,
                        lang: str) -> list[str]:
    """How to play an applied proposal, in `lang`: the spec line that reads the edited copy of the
    cards (cards_dir_line) and the `sim run` command that plays it into a folder of its own, beside
    the baseline's run. `sim balance --apply` prints them; the balance page shows them."""
    replacing = t("balance_apply_replacing", lang, old=f'"{spec_cards_dir}"') if spec_cards_dir else ""
    return [t("balance_apply_spec_line", lang, rank=rank, spec=spec, replacing=replacing),
            f"  {cards_dir_line(spec, cards_dir)}", t("balance_apply_run", lang), f"  sim run {spec} --run {run_name}"]
