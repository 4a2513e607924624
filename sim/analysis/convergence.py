"""Skill convergence: do a game's headline conclusions hold as the play gets stronger?

A [levels] spec (sim.run.spec.LevelsSpec) plays its two sides, or each matchup of its round robin,
once per agent level with both sides at that level, every level on the same seeds and seats; with
`caps`, also at multiples of the game's turn cap. Here, at the game's own cap, each headline
conclusion at every level, and its change from the level before, paired game by game on the same
seeds (sim.analysis.compare, as two runs on the same seeds are compared):

- "side": side A's win rate against side B (a two-sided spec; side B's is its complement);
- "field": each side of a round robin against the field (a uniform field, mirror included);
- "matchup": each matchup of a round robin, side A's win rate (mirrors left out: 50% by their seats);
- "first_player": the first player's win rate over both seats, on the seat-mirrored pairs of every
  config of the level taken together.

The change is the mean of the per-game differences (per pair of seats for the first player) with
its normal interval. A step is "stable" when the change is within ±1 point (STABLE_POINTS) or its
interval covers 0; otherwise it "flips" when the figure lies on the other side of 50% (the favourite
changes) and "moves" when it does not. Whether a conclusion holds is the verdict of the last step,
between the two strongest levels (hard to expert in the shipped spec). The agents take the games
apart within a few turns, so the pairing removes the luck of the deal, not all of it: the interval
is honest either way, only wider than it would be if the play did not differ.

Stalls (`stall_table`): per level and turn cap, the share of the games that reached the cap (drawn
there, or decided there by score: sim.analysis.draws' `at_cap`), with its Wilson interval over the
level's games. Where doubling and quadrupling the cap leaves that share where it was, the capped
games do not end when given more turns: the players stall; where it falls, the cap was cutting
games short.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import polars as pl

from sim.analysis.compare import config_labels, field_comparison, first_player_comparison, win_rate_comparison
from sim.analysis.draws import draw_figures
from sim.analysis.intervals import Z95, wilson_interval
from sim.analysis.levels import side_level
from sim.results.scans import scan_games

STABLE_POINTS = 0.01  # a change within ±1 point is stable whatever its interval
STABLE, MOVES, FLIPS = "stable", "moves", "flips"
CONCLUSIONS = ("side", "field", "matchup", "first_player")
# the configs of one level are taken together for the first player: each config's units shifted by
# this much (even, so no seat-mirrored pair is split), past any run's units (sim.core.limits.MAX_GAMES)
UNIT_OFFSET = 10_000_000_000
SCHEMA = {"conclusion": pl.String, "a": pl.String, "b": pl.String, "level": pl.String, "n": pl.Int64,
          "value": pl.Float64, "low": pl.Float64, "high": pl.Float64, "previous_level": pl.String,
          "previous_value": pl.Float64, "change": pl.Float64, "change_low": pl.Float64, "change_high": pl.Float64, "pairs": pl.Int64,
          "verdict": pl.String}
STALL_SCHEMA = {"level": pl.String, "turn_cap": pl.Int64, "cap_factor": pl.Int64, "n": pl.Int64, "at_cap": pl.Int64,
                "at_cap_share": pl.Float64, "at_cap_share_low": pl.Float64, "at_cap_share_high": pl.Float64,
                "cap_draws": pl.Int64, "decided": pl.Int64}


@dataclass(frozen=True)
class LevelConfig:
    """What one config of a [levels] run plays: its level (the agent, and in the ladder's words with
    its search settings: "hard 8x2"), the spec's config it repeats ("base" or a round robin's
    "<label>~<label>"), and its turn cap with its multiple of the game's own."""

    agent: str
    level: str
    inner: str
    turn_cap: int | None
    cap_factor: int


def is_levels_run(manifest: Mapping[str, Any]) -> bool:
    return manifest.get("spec", {}).get("levels") is not None


def level_configs(manifest: Mapping[str, Any]) -> dict[str, LevelConfig]:
    """Each config of a [levels] run (empty for another run), in the manifest's order."""
    if not is_levels_run(manifest):
        return {}
    configs = manifest["configs"]
    own = [c for c in configs.values() if "params.turn_cap" not in (c.get("sweep") or {})]
    base_cap = (own[0].get("params") or {}).get("turn_cap") if own else None
    out = {}
    for config_id, described in configs.items():
        point = described.get("sweep") or {}
        cap = (described.get("params") or {}).get("turn_cap")
        factor = int(round(cap / base_cap)) if cap and base_cap else 1
        out[config_id] = LevelConfig(str(point.get("side1.agent")), side_level(described["sides"][0]),
                                     str(point.get("matchup", "base")), cap, factor)
    return out


def levels_in_order(configs: Mapping[str, LevelConfig]) -> list[str]:
    """The levels played, weakest first (the spec's order, which the configs keep)."""
    return list(dict.fromkeys(c.level for c in configs.values()))


def _level_games(games: pl.LazyFrame, configs: Mapping[str, LevelConfig], level: str) -> pl.LazyFrame:
    """The level's games at the game's own cap, each config named by the spec's config it repeats."""
    own = {config_id: c.inner for config_id, c in configs.items() if c.level == level and c.cap_factor == 1}
    return (games.filter(pl.col("config").is_in(list(own)))
            .with_columns(pl.col("config").replace_strict(own, return_dtype=pl.String)))


def _pooled(games: pl.LazyFrame, inner: list[str]) -> pl.LazyFrame:
    """A level's games as one config ("all"), each config's units and games shifted apart."""
    shift = pl.col("config").replace_strict({c: k for k, c in enumerate(inner)}, return_dtype=pl.Int64) * UNIT_OFFSET
    return games.with_columns((pl.col("unit").cast(pl.Int64) + shift).alias("unit"),
                              (pl.col("game").cast(pl.Int64) + shift).alias("game"),
                              pl.lit("all").alias("config"))


def verdict(before: float | None, after: float | None, change: float | None, low: float | None,
            high: float | None, neutral: float = 0.5) -> str:
    """STABLE, FLIPS or MOVES for a step from `before` to `after` (module docstring); "" when it
    cannot be said (no change measured)."""
    if change is None or before is None or after is None:
        return ""
    if abs(change) <= STABLE_POINTS or (low is not None and high is not None and low <= 0.0 <= high):
        return STABLE
    return FLIPS if (before - neutral) * (after - neutral) < 0 else MOVES


def _rows(conclusion: str, key: str, frame: pl.DataFrame, names: Mapping[str, tuple[str, str]], prefix: str,
          n: str) -> dict[str, dict[str, Any]]:
    """A comparison table's figures of one side (`prefix` "a" or "b") and its change, by subject."""
    out = {}
    for r in frame.iter_rows(named=True):
        a, b = names.get(r[key], (r[key], None))
        out[r[key]] = {"conclusion": conclusion, "a": a, "b": b, "n": r[f"{prefix}_{n}"],
                       "value": r[f"{prefix}_{'win_rate' if conclusion != 'first_player' else 'first_player_win_rate'}"],
                       "change": r.get("diff"), "change_low": r.get("diff_low"), "change_high": r.get("diff_high"),
                       "pairs": r.get("pairs")}
        figure = "win_rate" if conclusion != "first_player" else "first_player_win_rate"
        out[r[key]].update(low=r[f"{prefix}_{figure}_low"], high=r[f"{prefix}_{figure}_high"])
    return out


def _step(a: pl.LazyFrame, b: pl.LazyFrame, manifest: Mapping[str, Any], inner: list[str],
          labels: Mapping[str, tuple[str, str]], z: float) -> list[tuple[str, pl.DataFrame, str, str]]:
    """The comparisons of one step between two levels' games: (conclusion, table, its key, its n)."""
    rates = win_rate_comparison(a, b, paired=True, z=z)
    first = first_player_comparison(_pooled(a, inner), _pooled(b, inner), paired=True, z=z)
    out = [("first_player", first, "config", "pairs")]
    if manifest["spec"].get("matchups") == "round_robin":
        out.append(("field", field_comparison(a, b, True, dict(labels), z=z), "label", "n"))
        cells = rates.filter(pl.col("config").is_in([c for c, (x, y) in labels.items() if x != y]))
        out.append(("matchup", cells, "config", "n"))
    else:
        out.append(("side", rates, "config", "n"))
    return out


def convergence(run_dir: Path, manifest: Mapping[str, Any], z: float = Z95) -> pl.DataFrame:
    """One row per (conclusion, subject, level) of a [levels] run at the game's own turn cap, SCHEMA:
    the figure with its interval and n, its paired change from the level before with its interval
    and pairs, and the step's verdict; conclusions in CONCLUSIONS' order, levels weakest first.
    Empty for a run of another kind or with fewer than two levels played."""
    configs = level_configs(manifest)
    levels = levels_in_order(configs)
    if len(levels) < 2:
        return pl.DataFrame(schema=SCHEMA)
    games = scan_games(run_dir)
    inner = list(dict.fromkeys(c.inner for c in configs.values()))
    first_config = {c.inner: config_id for config_id, c in reversed(list(configs.items()))}
    labels = {name: pair for name, pair in config_labels(dict(manifest)).items()}
    labels = {c: labels[first_config[c]] for c in inner}
    names = {**labels, "all": (None, None)} | {label: (label, None) for pair in labels.values() for label in pair}
    found: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for previous, level in zip(levels, levels[1:]):
        step = _step(_level_games(games, configs, previous), _level_games(games, configs, level), manifest, inner,
                     labels, z)
        for conclusion, frame, key, n in step:
            before, after = _rows(conclusion, key, frame, names, "a", n), _rows(conclusion, key, frame, names, "b", n)
            for subject, row in after.items():
                rows = found.setdefault((conclusion, subject), [])
                if not rows:  # the first level's figure, from the first step
                    rows.append({**before[subject], "level": previous, "previous_level": None, "previous_value": None,
                                 "change": None,
                                 "change_low": None, "change_high": None, "pairs": None, "verdict": ""})
                if rows[-1]["level"] != previous:
                    continue  # a level the subject was not measured at breaks its chain
                rows.append({**row, "level": level, "previous_level": previous, "previous_value": rows[-1]["value"],
                             "verdict": verdict(rows[-1]["value"], row["value"], row["change"], row["change_low"],
                                                row["change_high"])})
    ordered = sorted(found.items(), key=lambda item: CONCLUSIONS.index(item[0][0]))
    return pl.DataFrame([row for _, rows in ordered for row in rows], schema=SCHEMA)


def last_steps(table: pl.DataFrame) -> pl.DataFrame:
    """Each conclusion's last step (between the two strongest levels it was measured at): whether it
    holds."""
    if table.is_empty():
        return table
    return (table.with_row_index("_row").filter(pl.col("previous_level").is_not_null())
            .group_by("conclusion", "a", "b", maintain_order=True).last().sort("_row").drop("_row"))


def stall_table(run_dir: Path, manifest: Mapping[str, Any], draws: pl.DataFrame | None = None,
                z: float = Z95) -> pl.DataFrame:
    """One row per (level, turn cap) of a [levels] run, STALL_SCHEMA: its games, those that reached
    the cap (drawn there or decided there by score) with their share and its Wilson interval, the
    cap draws and the decided games; the level's configs (a round robin's matchups) taken together.
    Levels weakest first, caps from the game's own up. Empty for a run of another kind."""
    configs = level_configs(manifest)
    if not configs:
        return pl.DataFrame(schema=STALL_SCHEMA)
    draws = draw_figures(run_dir, z=z) if draws is None else draws
    by_config = {r["config"]: r for r in draws.iter_rows(named=True)}
    sums: dict[tuple[str, int | None, int], dict[str, int]] = {}
    for config_id, c in configs.items():
        r = by_config.get(config_id)
        if r is None:
            continue
        total = sums.setdefault((c.level, c.turn_cap, c.cap_factor), dict.fromkeys(("n", "at_cap", "cap_draws", "decided"), 0))
        for name in total:
            total[name] += int(r[name] or 0)
    order = {level: k for k, level in enumerate(levels_in_order(configs))}
    rows = []
    for (level, cap, factor), total in sorted(sums.items(), key=lambda item: (order[item[0][0]], item[0][2])):
        low, high = wilson_interval(total["at_cap"], total["n"], z) if total["n"] else (math.nan, math.nan)
        rows.append({"level": level, "turn_cap": cap, "cap_factor": factor, **total,
                     "at_cap_share": total["at_cap"] / total["n"] if total["n"] else None,
                     "at_cap_share_low": float(low) if total["n"] else None,
                     "at_cap_share_high": float(high) if total["n"] else None})
    return pl.DataFrame(rows, schema=STALL_SCHEMA)
