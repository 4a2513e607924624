"""Conclusions across agent levels: does a headline figure hold when the play gets stronger?

Every figure is some agent's opinion of the game (docs/agents.md). A run whose configs differ only in
the agents that play (a sweep with `agent` or `search.<name>` axes, such as
experiments/dicedraft_levels.toml) answers whether a conclusion belongs to the game or to the agent:
for each group of configs that are the same game (the same values of every other axis) and each
level (what each side plays), the headline figures side by side:

- side A's win rate (draws half) with its Wilson interval;
- the first player's win rate over both seats with its paired interval (sim.analysis.first_player);

each beside its subject's wins, losses and draws (side A's; the first player's), the share of games
drawn at the turn cap, and its win rate among the decided games (sim.analysis.draws): stronger agents
may draw more games at the cap, which pulls a ½-scored figure towards 50% without the play changing
who wins the games somebody wins.

Each figure at each level is compared with the same figure at the group's first level (the spec's
baseline when it is in the group), and flagged:

- "sign changes": on one side of 50% at the first level and on the other at this one, both
  intervals excluding 50% (the favourite changes);
- "moves beyond its interval": the two intervals do not overlap (a conservative reading of a
  change larger than either interval).

All the configs play the same seeds, but the agents' choices take the games apart within a few
turns, so the intervals are each config's own, not paired differences.

The top card effects (card_level_conclusions): at the group's first level, each side's `top` cards
that help most and least by shrunk IWD (sim.analysis.card_impact); for each, at every level, its IWD
above its null (IWD − the IWD a card with no effect shows in the same games) with the interval
shifted alike, flagged the same way around 0 instead of 50%. IWD is observational (ANALYTICS.md):
the flag says the agents read the card differently, a forced-draw spec at each level says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis.card_impact import card_impact
from sim.analysis.draws import draw_figures
from sim.analysis.first_player import first_player_advantage
from sim.analysis.win_rates import faction_win_rates
from sim.results.manifest import read_manifest

LEVEL_FIELDS = ("agent", "search")
FIGURES = ("side A win rate", "first player win rate")
SIGN = "sign changes"
MOVES = "moves beyond its interval"
SCHEMA = {"group": pl.String, "figure": pl.String, "level": pl.String, "config": pl.String, "n": pl.Int64,
          "wins": pl.Int64, "losses": pl.Int64, "draws": pl.Int64, "value": pl.Float64, "low": pl.Float64,
          "high": pl.Float64, "flag": pl.String, "cap_draw_share": pl.Float64, "cap_draw_share_low": pl.Float64,
          "cap_draw_share_high": pl.Float64, "decided": pl.Int64, "decided_win_rate": pl.Float64,
          "decided_win_rate_low": pl.Float64, "decided_win_rate_high": pl.Float64}
# a figure's wins and its rate among decided games, in the columns of faction_win_rates (side A) and
# first_player_advantage (the first player)
DECIDED_OF = {FIGURES[0]: ("wins", "decided_win_rate"),
              FIGURES[1]: ("first_player_wins", "decided_first_player_win_rate")}


def _is_level_axis(label: str) -> bool:
    """A sweep axis label (`side1.agent`, `side2.search.samples`) that changes what a side plays."""
    parts = label.split(".")
    return len(parts) >= 2 and parts[0].startswith("side") and parts[1] in LEVEL_FIELDS


def side_level(side: dict[str, Any]) -> str:
    """What a side plays, in the ladder's words: "greedy", "hard 8x2" (samples x horizon)."""
    search = side.get("search")
    if side.get("agent") == "hard" and search:
        return f"hard {search['samples']}x{search['horizon']}"
    return str(side.get("agent"))


def _side_value(described: dict[str, Any], label: str) -> Any:
    """A config's value on a side axis (`side1.faction`) when its sweep point does not name it (the
    baseline's own sides), else None."""
    side, _, field = label.partition(".")
    sides = described.get("sides") or []
    if side.startswith("side") and side[4:].isdigit() and int(side[4:]) <= len(sides) and "." not in field:
        return sides[int(side[4:]) - 1].get(field)
    return None


def config_levels(manifest: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Each config's (group, level): the group names the values of the axes that do not change the
    agents (the baseline's own, from its sides, when its point is empty); the level, what each side
    plays ("greedy / greedy", "hard 8x2 / greedy")."""
    axes = list(dict.fromkeys(k for described in manifest["configs"].values()
                              for k in (described.get("sweep") or {}) if not _is_level_axis(k)))
    out = {}
    for config, described in manifest["configs"].items():
        point = described.get("sweep") or {}
        values = [(k, point[k] if k in point else _side_value(described, k)) for k in axes]
        # in a config id's own form ("side1.faction=china,side2.faction=japon"; "" for every config), which
        # the report layer says in words (formatting.config_in_words)
        group = ",".join(f"{k}={v}" for k, v in values if v is not None)
        sides = described.get("sides") or []
        level = " / ".join(side_level(side) for side in sides)
        out[config] = (group, level)
    return out


def _flag(first: tuple[float, float, float], now: tuple[float, float, float], neutral: float = 0.5) -> str:
    """SIGN or MOVES (module docstring) for a figure at a level against the first level; `neutral`
    is the value on which a figure favours nobody (50% for a win rate, 0 for a card's effect)."""
    value0, low0, high0 = first
    value1, low1, high1 = now
    if (low0 > neutral and high1 < neutral) or (high0 < neutral and low1 > neutral):
        return SIGN
    if low1 > high0 or high1 < low0:
        return MOVES
    return ""


def level_groups(manifest: dict[str, Any]) -> tuple[dict[str, tuple[str, str]], dict[str, list[str]]]:
    """config_levels, and the groups that play at least two levels: group -> its configs, the
    baseline first, then in the manifest's order (the first is what every level is compared with)."""
    levels = config_levels(manifest)
    groups: dict[str, list[str]] = {}
    for config, (group, _) in levels.items():
        groups.setdefault(group, []).append(config)
    order = list(manifest["configs"])
    return levels, {g: sorted(cs, key=lambda c: (c != "base", order.index(c)))
                    for g, cs in groups.items() if len({levels[c][1] for c in cs}) >= 2}


def level_conclusions(run_dir: Path) -> pl.DataFrame:
    """One row per (group, figure, level): n, value, interval and flag (SCHEMA); empty unless the
    run's configs play at least two levels within one group."""
    manifest = read_manifest(run_dir)
    levels, groups = level_groups(manifest)
    if not groups:
        return pl.DataFrame(schema=SCHEMA)
    draws = draw_figures(run_dir)
    rates = {row["config"]: row for row in faction_win_rates(run_dir, draws=draws).filter(pl.col("side") == 0)
             .iter_rows(named=True)}
    fpa = {row["config"]: row for row in first_player_advantage(run_dir, draws=draws).iter_rows(named=True)}
    rows = []
    for group, configs in groups.items():
        for figure in FIGURES:
            first = None
            for config in configs:
                if figure == FIGURES[0]:
                    r = rates.get(config)
                    if r is None:
                        continue
                    n, value, low, high = r["n"], r["win_rate"], r["ci_low"], r["ci_high"]
                else:
                    r = fpa.get(config)
                    if r is None or r["first_player_win_rate"] is None:
                        continue
                    n = r["games_first"] + r["games_second"]
                    value, low, high = r["first_player_win_rate"], r["first_player_win_rate_low"], r["first_player_win_rate_high"]
                now = (value, low, high)
                flag = "" if first is None else _flag(first, now)
                first = first or now
                wins, decided = DECIDED_OF[figure]
                rows.append({"group": group, "figure": figure, "level": levels[config][1], "config": config, "n": n,
                             "wins": r[wins], "losses": r["decided"] - r[wins], "draws": r["draws"], "value": value,
                             "low": low, "high": high, "flag": flag,
                             **{f"cap_draw_share{end}": r[f"cap_draw_share{end}"] for end in ("", "_low", "_high")},
                             "decided": r["decided"],
                             **{f"decided_win_rate{end}": r[f"{decided}{end}"] for end in ("", "_low", "_high")}})
    return pl.DataFrame(rows, schema=SCHEMA)


CARD_SCHEMA = {"group": pl.String, "side": pl.Int64, "faction": pl.String, "card_id": pl.String,
               "card_name": pl.String, "level": pl.String, "config": pl.String, "n": pl.Int64,
               "value": pl.Float64, "low": pl.Float64, "high": pl.Float64, "flag": pl.String}


def card_level_conclusions(run_dir: Path, top: int = 3, impact: pl.DataFrame | None = None) -> pl.DataFrame:
    """The top card effects per level (module docstring): one row per (group, side, card, level),
    CARD_SCHEMA; n is the card's GIH games, value its IWD above the null. `impact` is the run's
    card_impact when the caller has it. Empty unless the run plays two levels in a group and has
    card counters."""
    manifest = read_manifest(run_dir)
    levels, groups = level_groups(manifest)
    if not groups:
        return pl.DataFrame(schema=CARD_SCHEMA)
    impact = card_impact(run_dir) if impact is None else impact
    if impact.is_empty():
        return pl.DataFrame(schema=CARD_SCHEMA)
    impact = impact.with_columns((pl.col("iwd") - pl.col("iwd_null")).alias("value"),
                                 (pl.col("iwd_ci_low") - pl.col("iwd_null")).alias("low"),
                                 (pl.col("iwd_ci_high") - pl.col("iwd_null")).alias("high"))
    rows = []
    for group, configs in groups.items():
        first = impact.filter((pl.col("config") == configs[0]) & pl.col("iwd_shrunk").is_not_null())
        for side in sorted(set(first["side"].to_list())):
            ranked = first.filter(pl.col("side") == side).sort("iwd_shrunk", descending=True)
            chosen = ranked.head(top)["card_id"].to_list()
            chosen += [c for c in ranked.tail(top)["card_id"].to_list() if c not in chosen]
            for card in chosen:
                baseline = None
                for config in configs:
                    r = impact.filter((pl.col("config") == config) & (pl.col("side") == side)
                                      & (pl.col("card_id") == card))
                    if r.is_empty() or r["value"][0] is None or r["low"][0] is None:
                        continue
                    r = r.row(0, named=True)
                    now = (r["value"], r["low"], r["high"])
                    flag = "" if baseline is None else _flag(baseline, now, neutral=0.0)
                    baseline = baseline or now
                    rows.append({"group": group, "side": side, "faction": r["faction"], "card_id": card,
                                 "card_name": r["card_name"], "level": levels[config][1], "config": config,
                                 "n": r["gih_n"], "value": r["value"], "low": r["low"], "high": r["high"],
                                 "flag": flag})
    return pl.DataFrame(rows, schema=CARD_SCHEMA)
