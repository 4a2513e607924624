"""Conclusions across agent levels: does a headline figure hold when the play gets stronger?

Every figure is some agent's opinion of the game (docs/agents.md). A run whose configs differ only in
the agents that play (a sweep with `agent` or `search.<name>` axes, such as
experiments/dicedraft_levels.toml) answers whether a conclusion belongs to the game or to the agent:
for each group of configs that are the same game (the same values of every other axis) and each
level (what each side plays), the headline figures side by side:

- side A's win rate (draws half) with its Wilson interval;
- the first player's win rate over both seats with its paired interval (sim.analysis.first_player).

Each figure at each level is compared with the same figure at the group's first level (the spec's
baseline when it is in the group), and flagged:

- "sign changes": on one side of 50% at the first level and on the other at this one, both
  intervals excluding 50% (the favourite changes);
- "moves beyond its interval": the two intervals do not overlap (a conservative reading of a
  change larger than either interval).

All the configs play the same seeds, but the agents' choices take the games apart within a few
turns, so the intervals are each config's own, not paired differences.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis.first_player import first_player_advantage
from sim.analysis.win_rates import faction_win_rates
from sim.run.store import read_manifest

LEVEL_FIELDS = ("agent", "search")
FIGURES = ("side A win rate", "first player win rate")
SIGN = "sign changes"
MOVES = "moves beyond its interval"
SCHEMA = {"group": pl.String, "figure": pl.String, "level": pl.String, "config": pl.String, "n": pl.Int64,
          "value": pl.Float64, "low": pl.Float64, "high": pl.Float64, "flag": pl.String}


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


def config_levels(manifest: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Each config's (group, level): the group names the values of the axes that do not change the
    agents; the level, what each side plays ("greedy / greedy", "hard 8x2 / greedy")."""
    out = {}
    for config, described in manifest["configs"].items():
        point = described.get("sweep") or {}
        group = ", ".join(f"{k}={v}" for k, v in point.items() if not _is_level_axis(k)) or "all configs"
        sides = described.get("sides") or []
        level = " / ".join(side_level(side) for side in sides)
        out[config] = (group, level)
    return out


def _flag(first: tuple[float, float, float], now: tuple[float, float, float]) -> str:
    value0, low0, high0 = first
    value1, low1, high1 = now
    if (low0 > 0.5 and high1 < 0.5) or (high0 < 0.5 and low1 > 0.5):
        return SIGN
    if low1 > high0 or high1 < low0:
        return MOVES
    return ""


def level_conclusions(run_dir: Path) -> pl.DataFrame:
    """One row per (group, figure, level): n, value, interval and flag (SCHEMA); empty unless the
    run's configs play at least two levels within one group."""
    manifest = read_manifest(run_dir)
    levels = config_levels(manifest)
    groups: dict[str, list[str]] = {}
    for config, (group, _) in levels.items():
        groups.setdefault(group, []).append(config)
    groups = {g: cs for g, cs in groups.items() if len({levels[c][1] for c in cs}) >= 2}
    if not groups:
        return pl.DataFrame(schema=SCHEMA)
    rates = {row["config"]: row for row in faction_win_rates(run_dir).filter(pl.col("side") == 0).iter_rows(named=True)}
    fpa = {row["config"]: row for row in first_player_advantage(run_dir).iter_rows(named=True)}
    rows = []
    for group, configs in groups.items():
        configs = sorted(configs, key=lambda c: (c != "base", list(manifest["configs"]).index(c)))
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
                rows.append({"group": group, "figure": figure, "level": levels[config][1], "config": config, "n": n,
                             "value": value, "low": low, "high": high, "flag": flag})
    return pl.DataFrame(rows, schema=SCHEMA)
