"""`sim balance` in the terminal: the ranked proposals, each with its edits, its figures confirmed on
the held-out seed (n and 95% interval, beside the baseline's on the same games) and its patch."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def _pts(value: float, figure: str) -> str:
    if figure == "first_player_advantage":
        return f"{value * 100:+.1f} pts"
    return f"{value * 100:.1f}%"


def figure_text(item: dict[str, Any]) -> str:
    """"50.3% [50.1, 50.5]" (a win rate) or "+8.1 pts [+6.7, +9.6]" (an advantage)."""
    fpa = item["figure"] == "first_player_advantage"
    fmt = (lambda v: f"{v * 100:+.1f}") if fpa else (lambda v: f"{v * 100:.1f}")
    return f"{_pts(item['value'], item['figure'])} [{fmt(item['low'])}, {fmt(item['high'])}]"


def target_text(item: dict[str, Any]) -> str:
    unit = " pts" if item["figure"] == "first_player_advantage" else "%"
    return f"{item['target'] * 100:g}{unit} ± {item['tolerance'] * 100:g} pts"


def metagame_text(meta: dict[str, Any] | None) -> str:
    """"Nash mix china 100% · japon 0% · corea 0%; support china; exploitability ..." (a round robin)."""
    if not meta:
        return ""
    mix = " · ".join(f"{n} {p * 100:.0f}%" for n, p in zip(meta["names"], meta["mix"]))
    gains = ", ".join(f"{n} {g * 100:+.1f} pts" for n, g in zip(meta["names"], meta["exploitability"]))
    return f"Nash mix {mix}; support {', '.join(meta['support'])}; exploitability (a field of one faction) {gains}"


def print_proposals(console: Console, record: dict[str, Any], patches: bool = True) -> None:
    console.print(f"[bold]{record['spec']['name']}[/bold]: {len(record['proposals'])} proposal(s) from "
                  f"{record['candidates_measured']:,} candidates ({record['moves']} single edits), "
                  f"{record['games_played']:,} games played; search {record['search_seconds']:.0f} s, "
                  f"with confirmation {record['wall_seconds']:.0f} s of wall time", highlight=False)
    console.print(f"Figures confirmed on the held-out seed {record['held_out_seed']} (never played by the search), "
                  f"{record['confirm_games']:,} games per matchup; 95% intervals; the baseline on the same games",
                  highlight=False)
    for p in record["proposals"]:
        verdict = "[green]meets every objective[/green]" if p["met"] else "[yellow]misses an objective[/yellow]"
        console.print(f"\n[bold]Proposal {p['rank']}[/bold] ({len(p['edits'])} edit(s)): {p['edits_text']} — {verdict}",
                      highlight=False)
        table = Table(show_edge=False)
        for name in ("figure", "target", "baseline", "proposal", "n", "change (paired)", "met"):
            table.add_column(name, justify="left" if name == "figure" else "right")
        for base, item in zip(record["baseline"], p["figures"]):
            change = item.get("paired_change")
            change_text = (f"{change['diff'] * 100:+.1f} pts [{change['low'] * 100:+.1f}, {change['high'] * 100:+.1f}]"
                           if change else "")
            table.add_row(item["name"], target_text(item), figure_text(base), figure_text(item), f"{item['n']:,}",
                          change_text, "yes" if item["met"] else "no")
        console.print(table)
        if p.get("metagame"):
            console.print(f"before: {metagame_text(record.get('baseline_metagame'))}", highlight=False)
            console.print(f"after:  {metagame_text(p['metagame'])}", highlight=False)
        if patches and p["patch"]:
            console.print(p["patch"], highlight=False, markup=False, end="")
    console.print(f"\nApply one: sim balance {record['spec_path']} --apply N --to DIR (a copy of the card folder)",
                  highlight=False)
