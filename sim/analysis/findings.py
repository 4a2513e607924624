"""Findings: the conclusions a designer should act on, ranked, each with the figure under it.

Every stored run, of every kind, gives a list of findings. A finding says what it is about (its
`kind` and `subject`), which measure it reads and what that measure compares with what, the
estimate with its 95% interval and n, and a severity. The figures are the analysis functions' own
(sim.analysis.win_rates, first_player, matchups, forced_draw, ablation, budget_curve, end_reasons,
levels, sweeps, units): this module reads their tables and grades them; it never computes a
statistic another way. The sentences a person reads are the report layer's
(sim.report.findings_text, through the language catalog), from the figures and names kept here.

Severity. Each kind is graded by a pair of thresholds (medium, high), a distance from the value that
favours nobody (`neutral`: 50% for a win rate, 0 for a difference or a share); the defaults and the
spec's own `[findings]` table are sim.analysis.finding_thresholds.FindingsSpec. A finding is "high" or "medium" only
when its whole 95% interval lies beyond that threshold (the interval's end nearest the neutral
value has passed it). A figure whose interval reaches the neutral value, or whose interval reaches
back under the medium threshold, is "info": said, never called a problem.

Ranking: high before medium before info; within a severity, the finding whose interval lies
farthest beyond its own high threshold (the near end's distance from neutral over that threshold)
first: dicedraft's +54.8 pts first-player advantage (its interval 5.5 times past its 10 pts, high)
ranks above its 52/48 faction gap (medium: 2 pts past 50% at the interval's end, past 1 pt and
not 5); fortaleza's Japón at 67.0% against the field (3.3 times past 5 pts) above its 82.4%
against Corea (1.6 times past 20 pts). The sides against the field are said together, as a
standings table (`rank_findings`).

Kinds (what each compares is in `measure`, worded by the report layer):
- first_player: the first player's win rate minus the second player's, per config (paired on
  seat-mirrored pairs where the run has them); for a round robin one figure over its matchups (the
  same game: `pooled_first_player_finding`), with the matchup where it is largest beside it.
- side: side A's win rate against side B, per config of a two-sided run (not a round robin).
- field: each side of a round robin against a uniform field of every side, mirror included.
- matchup: one matchup of a round robin beyond the matchup thresholds (an outlier), said from the
  winner's side; cycle: three sides that beat each other in a ring (a beats b, b beats c, c beats
  a), every edge's interval above 50%: information, since it means none of the three dominates.
- card_effect: a card's forced-draw effect ([impact]); the observational measures (IWD) are never
  graded, only the causal one. When no card passes the medium threshold, the largest is said as
  information (how far the run looked).
- cost_mismatch: an ablation card's worth against a vanilla card of its cost ([ablation]): above 0
  the card is worth more than a plain card of that cost (strong for its cost), below 0 less.
- stall: the share of a config's games that reached the turn cap (TURN_CAP_REASONS: a cap draw
  scored ½, or a game decided there by score), with its interval (sim.analysis.draws); where that
  share is a problem and games were drawn there, the first player's and each side's win rate among
  the decided games beside the ½-scored ones (a level change says its figure among them too).
- budget_fall: a step of a budget curve where side A's win rate falls with more budget, paired.
- convergence: a headline conclusion of a [levels] run (a side's win rate, against the field, a
  matchup, the first player's) that does not hold between the two strongest levels: its paired
  change is beyond ±1 point with an interval that misses 0 (sim.analysis.convergence: "moves", or
  "flips" when the favourite changes, which is never less than medium); graded by the change.
  convergence_summary: how many of the run's conclusions are stable there (info).
- level_stall: the share of a level's games that reached the turn cap in a [levels] run, with the
  share at each longer cap it played beside it: whether the capped games end when given more turns.
- level_change: a headline figure (side A's or the first player's win rate) that moves beyond its
  interval, or changes sign, between two agent levels of one game (sim.analysis.levels); graded
  by the gap between the two intervals.
- sweep_change: a sweep's config against its baseline, paired on the same games.
- match: side A's best-of-three match win rate; story: the chance to clear every stage (info).
- level_strength: in a ladder (a round robin of agent levels on one faction) each level against
  the others: how strong an agent is, never a balance problem (info).
- balance_proposal: a balance search's first proposal (its proposals.json, when given), whether it
  meets every objective on the games that confirm it: the confirmation seed's when the held-out
  games chose it among several, else the held-out seed's (info).

Cards measured both ways (a forced-draw run and an ablation run of the same baseline: a spec is one
or the other, so the two are two runs, `companion_run`) are reconciled by `reconcile_cards`: a card
strong when drawn may still be weaker than a vanilla card of its cost, and both are right.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import polars as pl
from pydantic import ValidationError

from sim.analysis.ablation import ablation_impact
from sim.analysis.budget_curve import budget_steps
from sim.analysis.convergence import (FLIPS, MOVES, STABLE, convergence, is_levels_run, last_steps, level_configs,
                                      stall_table)
from sim.analysis.draws import TURN_CAP_REASONS, draw_figures
from sim.analysis.end_reasons import end_reasons
from sim.analysis.finding_thresholds import FindingsSpec
from sim.analysis.first_player import first_player_advantage
from sim.analysis.forced_draw import forced_draw_effect, summary_configs
from sim.analysis.intervals import Z95
from sim.analysis.levels import level_conclusions, level_groups
from sim.analysis.matchups import marginal_win_rates, matchup_cells
from sim.results.scans import scan_games
from sim.analysis.sweeps import BASELINE, sweep_comparison
from sim.analysis.units import match_results, story_clear_chance, story_stages
from sim.analysis.win_rates import faction_win_rates
from sim.core.errors import InputError
from sim.results.folder import MANIFEST

SEVERITIES = ("high", "medium", "info")
# the order kinds are said in when their strength ties (info findings of the same size)
KIND_ORDER = ("first_player", "field", "side", "match", "matchup", "stall", "card_effect", "cost_mismatch",
              "budget_fall", "convergence", "level_stall", "level_change", "sweep_change", "convergence_summary", "cycle", "story", "level_strength", "balance_proposal")
STANDINGS = ("field", "level_strength")  # kinds said as a standings table (rank_findings)
PROPOSALS_FILE = "proposals.json"  # a balance search's record (sim.balance.search writes it)


@dataclass(frozen=True)
class Finding:
    """One graded conclusion (module docstring). `estimate`, `low`, `high` are fractions (0.548 =
    54.8%, or +54.8 pts for a difference); `n` counts `unit` ("games", "pairs": seat-mirrored, "top_bottom_pairs": a forced draw's,
    "matches", "runs");
    `band` is the (medium, high) threshold pair it was graded by; `details` holds the names and
    other figures its sentence says."""

    kind: str
    severity: str
    subject: str
    measure: str
    estimate: float | None
    low: float | None
    high: float | None
    n: int | None
    unit: str
    neutral: float
    band: tuple[float, float]
    config: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def strength(self) -> float:
        """How far the interval lies beyond the high threshold: the near end's distance from neutral
        over that threshold (the estimate's, for a finding without an interval)."""
        return _beyond(self.estimate, self.low, self.high, self.neutral) / self.band[1] if self.band[1] else 0.0

    @property
    def is_problem(self) -> bool:
        return self.severity != "info"


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _beyond(estimate: float | None, low: float | None, high: float | None, neutral: float) -> float:
    """The distance from `neutral` that the whole interval has passed (0 when it reaches neutral)."""
    if _missing(estimate):
        return 0.0
    if _missing(low) or _missing(high):
        return abs(estimate - neutral)
    if low <= neutral <= high:
        return 0.0
    return min(abs(low - neutral), abs(high - neutral))


def grade(estimate: float | None, low: float | None, high: float | None, neutral: float,
          band: tuple[float, float]) -> str:
    """high, medium or info (module docstring): the whole interval beyond the high or the medium
    threshold; a figure with no interval is never more than info."""
    if _missing(estimate) or _missing(low) or _missing(high):
        return "info"
    beyond = _beyond(estimate, low, high, neutral)
    if beyond >= band[1]:
        return "high"
    if beyond >= band[0]:
        return "medium"
    return "info"


def thresholds_of(manifest: Mapping[str, Any]) -> FindingsSpec:
    """The run's [findings] thresholds, defaults where its spec gives none."""
    given = (manifest.get("spec") or {}).get("findings") or {}
    try:
        return FindingsSpec.model_validate(given)
    except ValidationError as exc:  # a manifest edited by hand: name the field
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise InputError(f"{MANIFEST}: spec.findings.{where}: {err['msg']}") from None


def _made(kind: str, subject: str, measure: str, estimate: float | None, low: float | None, high: float | None,
          n: int | None, unit: str, neutral: float, band: tuple[float, float], config: str | None = None,
          severity: str | None = None, **details: Any) -> Finding:
    return Finding(kind, severity or grade(estimate, low, high, neutral, band), subject, measure,
                   None if _missing(estimate) else float(estimate), None if _missing(low) else float(low),
                   None if _missing(high) else float(high), None if n is None else int(n), unit, neutral, band,
                   config, details)


def first_player_findings(advantage: pl.DataFrame, band: tuple[float, float], many: bool) -> list[Finding]:
    """One per config with a measured advantage: first minus second, said as the first player's win
    rate over both seats too (sim.analysis.first_player)."""
    out = []
    for r in advantage.iter_rows(named=True):
        if _missing(r["advantage"]):
            continue
        paired = r["method"] == "paired"
        out.append(_made("first_player", r["config"], "first_player_advantage", r["advantage"], r["ci_low"],
                         r["ci_high"], r["pairs"] if paired else r["games_first"] + r["games_second"],
                         "pairs" if paired else "games", 0.0, band, r["config"], many=many,
                         rate=r["first_player_win_rate"], rate_low=r["first_player_win_rate_low"],
                         rate_high=r["first_player_win_rate_high"], method=r["method"]))
    return out


def pooled_first_player_finding(advantage: pl.DataFrame, band: tuple[float, float], z: float = Z95) -> list[Finding]:
    """A round robin's first-player advantage in one figure: the mean of the paired differences
    over the pairs of every matchup (each matchup's advantage weighted by its pairs, so it is the
    pooled mean of sim.analysis.first_player's d), its interval from the matchups' own standard
    errors (a stratified sum: each matchup's pairs are its own sample); with the matchup where it is
    largest, said beside it. Matchups measured unpaired weigh by their games."""
    rows = [r for r in advantage.iter_rows(named=True) if not _missing(r["advantage"]) and not _missing(r["ci_low"])]
    if not rows:
        return []
    paired = all(r["method"] == "paired" for r in rows)
    weights = [float(r["pairs"] if paired else r["games_first"] + r["games_second"]) for r in rows]
    total = sum(weights)
    estimate = sum(w * r["advantage"] for w, r in zip(weights, rows)) / total
    se = math.sqrt(sum((w / total * (r["ci_high"] - r["ci_low"]) / (2 * z)) ** 2 for w, r in zip(weights, rows)))
    largest = max(rows, key=lambda r: abs(r["advantage"]))
    return [_made("first_player", "all matchups", "first_player_advantage", estimate, estimate - z * se,
                  estimate + z * se, int(total), "pairs" if paired else "games", 0.0, band, None, pooled=len(rows),
                  rate=0.5 + estimate / 2, rate_low=0.5 + (estimate - z * se) / 2, rate_high=0.5 + (estimate + z * se) / 2,
                  largest=largest["config"], largest_value=largest["advantage"], largest_low=largest["ci_low"],
                  largest_high=largest["ci_high"])]


def side_findings(rates: pl.DataFrame, band: tuple[float, float], many: bool) -> list[Finding]:
    """Side A against side B in each config of a two-sided run (sim.analysis.win_rates)."""
    out = []
    for config in rates["config"].unique(maintain_order=True).to_list():
        part = rates.filter(pl.col("config") == config)
        a = part.filter(pl.col("side") == 0).row(0, named=True)
        b = part.filter(pl.col("side") == 1).row(0, named=True)
        out.append(_made("side", a["label"], "side_win_rate", a["win_rate"], a["ci_low"], a["ci_high"], a["n"], "games",
                         0.5, band, config, many=many, a=a["label"], b=b["label"], wins=a["wins"], losses=a["losses"],
                         draws=a["draws"]))
    return out


def field_findings(cells: pl.DataFrame, band: tuple[float, float], kind: str = "field") -> list[Finding]:
    """Each side of a round robin against a uniform field of every side, mirror included
    (sim.analysis.matchups.marginal_win_rates); `kind` "level_strength" for a ladder, graded info."""
    marginals = marginal_win_rates(cells)
    sides = cells["column"].n_unique()
    return [_made(kind, r["label"], "field_win_rate", r["win_rate"], r["ci_low"], r["ci_high"], r["n"], "games", 0.5,
                  band, None, severity="info" if kind == "level_strength" else None, a=r["label"], sides=sides)
            for r in marginals.iter_rows(named=True)]


def matchup_findings(cells: pl.DataFrame, band: tuple[float, float]) -> list[Finding]:
    """The matchups beyond the medium threshold, each once, from the winning side (mirrors are left
    to the first-player findings: a mirror away from 50% is a seat advantage)."""
    out = []
    for c in cells.filter((pl.col("row") != pl.col("column")) & (pl.col("win_rate") > 0.5)).iter_rows(named=True):
        found = _made("matchup", f"{c['row']}~{c['column']}", "matchup_win_rate", c["win_rate"], c["ci_low"],
                      c["ci_high"], c["n"], "games", 0.5, band, c["config"], a=c["row"], b=c["column"])
        if found.is_problem:
            out.append(found)
    return out


def cycle_findings(cells: pl.DataFrame, band: tuple[float, float]) -> list[Finding]:
    """Every ring of three sides a > b > c > a with each edge's interval above 50% (info)."""
    beats = {(c["row"], c["column"]): c for c in cells.iter_rows(named=True)
             if c["row"] != c["column"] and c["ci_low"] is not None and c["ci_low"] > 0.5}
    labels = cells["row"].unique(maintain_order=True).to_list()
    out, seen = [], set()
    for a in labels:
        for b in labels:
            for c in labels:
                if len({a, b, c}) < 3 or not {(a, b), (b, c), (c, a)} <= set(beats):
                    continue
                ring = frozenset((a, b, c))
                if ring in seen:
                    continue
                seen.add(ring)
                edges = [beats[(a, b)], beats[(b, c)], beats[(c, a)]]
                weakest = min(edges, key=lambda e: e["ci_low"])
                out.append(_made("cycle", "~".join((a, b, c)), "cycle_weakest_edge", weakest["win_rate"],
                                 weakest["ci_low"], weakest["ci_high"], weakest["n"], "games", 0.5, band,
                                 severity="info", labels=[a, b, c], rates=[e["win_rate"] for e in edges]))
    return out


def card_effect_findings(forced: pl.DataFrame, band: tuple[float, float]) -> list[Finding]:
    """The cards whose forced-draw effect passes the medium threshold (sim.analysis.forced_draw);
    the largest as information when none does."""
    out = []
    for r in forced.filter(pl.col("effect").is_not_null()).iter_rows(named=True):
        out.append(_made("card_effect", r["card_id"], "forced_draw_effect", r["effect"], r["effect_low"],
                         r["effect_high"], r["pairs"], "top_bottom_pairs", 0.0, band, None, side=r["side"],
                         label=r["label"],
                         card_id=r["card_id"], card_name=r["card_name"], cost=r["cost"], q_by=r["q_value_by"],
                         seen=r["seen_when_undrawn"], played=r["played_when_drawn"], cards=forced.height,
                         changed=r.get("changed_share"), per_changed=r.get("effect_per_changed"),
                         per_changed_low=r.get("effect_per_changed_low"),
                         per_changed_high=r.get("effect_per_changed_high")))
    return _problems_or_largest(out)


def _problems_or_largest(found: list[Finding]) -> list[Finding]:
    """The problems among `found`; when there is none, the one farthest from neutral (information:
    how far the run looked)."""
    problems = [f for f in found if f.is_problem]
    if problems or not found:
        return problems
    return [max(found, key=lambda f: abs(f.estimate - f.neutral))]


def cost_findings(ablation: pl.DataFrame, band: tuple[float, float], side: int, label: str) -> list[Finding]:
    """The ablated cards whose worth against a vanilla card of their cost passes the medium
    threshold (sim.analysis.ablation); the largest as information when none does."""
    out = []
    for r in ablation.filter(pl.col("measured") & pl.col("worth").is_not_null()).iter_rows(named=True):
        out.append(_made("cost_mismatch", r["card_id"], "ablation_worth", r["worth"], r["worth_low"], r["worth_high"],
                         r["n"], "games", 0.0, band, None, side=side, label=label, card_id=r["card_id"],
                         card_name=r["card_name"], cost=r["cost"], filler=r["filler"], q=r["q_value"],
                         points=r["points"], points_low=r["points_low"], points_high=r["points_high"],
                         cards=ablation.height))
    return _problems_or_largest(out)


def stall_findings(draws: pl.DataFrame, reasons: pl.DataFrame, rates: pl.DataFrame, advantage: pl.DataFrame,
                   band: tuple[float, float], many: bool) -> list[Finding]:
    """Per config whose games reach the turn cap at all: the share that did, with its interval
    (sim.analysis.draws), and the reasons they ended there (sim.analysis.end_reasons). Where that
    share is a problem (medium or high) and some games were drawn there, beside the ½-scored win
    rates (`rates`: faction_win_rates; `advantage`: first_player_advantage) the same among the
    decided games: the first player's, and each side's (not in a mirror, where both sides are one)."""
    sides = {(r["config"], r["side"]): r for r in rates.iter_rows(named=True)}
    first = {r["config"]: r for r in advantage.iter_rows(named=True)}
    out = []
    for r in draws.filter(pl.col("at_cap") > 0).iter_rows(named=True):
        config = r["config"]
        at_cap = reasons.filter((pl.col("config") == config) & pl.col("end_reason").is_in(TURN_CAP_REASONS))
        details: dict[str, Any] = {"count": r["at_cap"], "cap_draws": r["cap_draws"],
                                   "reasons": {x["end_reason"]: int(x["count"]) for x in at_cap.iter_rows(named=True)}}
        a, b, fpa = sides.get((config, 0)), sides.get((config, 1)), first.get(config)
        severity = grade(r["at_cap_share"], r["at_cap_share_low"], r["at_cap_share_high"], 0.0, band)
        if severity != "info" and r["cap_draws"] and r["decided"] and fpa is not None:
            details.update(decided=r["decided"], first=_triple(r, "decided_first_player_win_rate"),
                           first_half=_triple(fpa, "first_player_win_rate"))
            if a is not None and b is not None and a["label"] != b["label"]:
                details.update(a=a["label"], b=b["label"], a_decided=_triple(a, "decided_win_rate"),
                               b_decided=_triple(b, "decided_win_rate"), a_half=a["win_rate"], b_half=b["win_rate"])
        out.append(_made("stall", config, "turn_cap_share", r["at_cap_share"], r["at_cap_share_low"],
                         r["at_cap_share_high"], r["n"], "games", 0.0, band, config, severity=severity, many=many,
                         **details))
    return out


def _triple(row: Mapping[str, Any], name: str) -> tuple[float | None, float | None, float | None]:
    """A figure of a table row with its interval: (name, name_low, name_high)."""
    return row[name], row[f"{name}_low"], row[f"{name}_high"]


def budget_fall_findings(steps: pl.DataFrame, band: tuple[float, float]) -> list[Finding]:
    """The steps of a budget curve that fall with more budget, paired (sim.analysis.budget_curve)."""
    return [_made("budget_fall", f"{r['faction_a']} {r['budget_from']}→{r['budget_to']}", "budget_step", r["diff"],
                  r["diff_low"], r["diff_high"], r["pairs"], "pairs", 0.0, band, None, a=r["faction_a"],
                  b=r["faction_b"], budget_from=r["budget_from"], budget_to=r["budget_to"], budget_b=r["budget_b"])
            for r in steps.filter(pl.col("falls")).iter_rows(named=True)]


def level_findings(levels: pl.DataFrame, band: tuple[float, float],
                   stall_band: tuple[float, float] | None = None) -> list[Finding]:
    """A headline figure flagged between two agent levels (sim.analysis.levels): graded by the gap
    between this level's interval and the first level's, the estimate being this level's figure.
    Where either level's share of games drawn at the turn cap is a problem by `stall_band` (the
    stall finding's grading), the figure among the decided games at both levels beside it."""
    out = []
    for group, figure in levels.select("group", "figure").unique(maintain_order=True).iter_rows():
        rows = levels.filter((pl.col("group") == group) & (pl.col("figure") == figure)).to_dicts()
        first = rows[0]
        for r in rows[1:]:
            if not r["flag"]:
                continue
            gap = max(r["low"] - first["high"], first["low"] - r["high"], 0.0)
            severity = "high" if gap >= band[1] else "medium" if gap >= band[0] else "info"
            out.append(_made("level_change", f"{figure}: {r['level']}", "level_figure", r["value"], r["low"],
                             r["high"], r["n"], "games", 0.5, band, r["config"], severity=severity, group=group,
                             figure=figure, level=r["level"], flag=r["flag"], gap=gap, first_level=first["level"],
                             first_value=first["value"], first_low=first["low"], first_high=first["high"],
                             **_decided_at_levels(first, r, stall_band)))
    return out


def _decided_at_levels(first: Mapping[str, Any], now: Mapping[str, Any],
                       stall_band: tuple[float, float] | None) -> dict[str, Any]:
    """When either level's cap-draw share is a problem by `stall_band`: the figure among the decided
    games at both levels and the two cap-draw shares, which the sentence says beside the ½-scored
    figures (a fall towards 50% may come from the cap, not from the play)."""
    if stall_band is None or any(row.get("decided_win_rate") is None for row in (first, now)):
        return {}
    if all(grade(*_triple(row, "cap_draw_share"), 0.0, stall_band) == "info" for row in (first, now)):
        return {}
    return {"first_decided": _triple(first, "decided_win_rate"), "decided": _triple(now, "decided_win_rate"),
            "first_cap": _triple(first, "cap_draw_share"), "cap": _triple(now, "cap_draw_share"),
            "first_decided_n": first["decided"], "decided_n": now["decided"]}


def convergence_findings(table: pl.DataFrame, band: tuple[float, float], stalls: pl.DataFrame | None = None,
                         stall_band: tuple[float, float] | None = None) -> list[Finding]:
    """Each conclusion of a [levels] run that moves or flips between its two strongest levels
    (sim.analysis.convergence.last_steps), graded by its paired change; a flip never below medium.
    Then how many of them hold there (information), with the stronger level's share of games at the
    turn cap (`stalls`: sim.analysis.convergence.stall_table) when it is a problem by `stall_band`:
    a game drawn at the cap scores ½ for both, so a figure may hold because the games stop ending."""
    last = last_steps(table)
    out = []
    for r in last.iter_rows(named=True):
        if r["verdict"] not in (MOVES, FLIPS):
            continue
        severity = grade(r["change"], r["change_low"], r["change_high"], 0.0, band)
        if r["verdict"] == FLIPS and severity == "info":
            severity = "medium"
        subject = " ".join(x for x in (r["conclusion"], r["a"], r["b"]) if x)
        out.append(_made("convergence", subject, "level_change_paired", r["change"], r["change_low"], r["change_high"],
                         r["pairs"], "pairs" if r["conclusion"] == "first_player" else "games", 0.0, band, None,
                         severity=severity, conclusion=r["conclusion"], a=r["a"], b=r["b"], level=r["level"],
                         previous_level=r["previous_level"], before=r["previous_value"],
                         after=(r["value"], r["low"], r["high"]), verdict=r["verdict"]))
    measured = last.filter(pl.col("verdict") != "")
    if measured.height:
        stable = measured.filter(pl.col("verdict") == STABLE)
        first = measured.row(0, named=True)
        capped = {}
        if stalls is not None and stall_band is not None:
            own = stalls.filter((pl.col("level") == first["level"]) & (pl.col("cap_factor") == 1))
            if own.height and grade(own["at_cap_share"][0], own["at_cap_share_low"][0], own["at_cap_share_high"][0],
                                    0.0, stall_band) != "info":
                capped = {"cap": (own["at_cap_share"][0], own["at_cap_share_low"][0], own["at_cap_share_high"][0])}
        out.append(_made("convergence_summary", "all conclusions", "convergence_share", stable.height / measured.height,
                         None, None, measured.height, "conclusions", 0.0, band, None, severity="info",
                         stable=stable.height, total=measured.height, level=first["level"],
                         previous_level=first["previous_level"], **capped))
    return out


def level_stall_findings(stalls: pl.DataFrame, band: tuple[float, float], ruleset: str | None = None) -> list[Finding]:
    """Per level of a [levels] run whose games reach the turn cap at all: the share that did at the
    game's own cap, graded as the stall finding is, with the share at each longer cap beside it and
    whether those leave most of it (`stuck`: at the longest cap at least half the own cap's share,
    so more turns decide few of the capped games: the players stall) or not (the cap cut games short).
    `ruleset` names the game, whose words say why its players stall (Ruleset.stall_words)."""
    out = []
    for level in stalls["level"].unique(maintain_order=True).to_list():
        rows = stalls.filter(pl.col("level") == level).sort("cap_factor").to_dicts()
        own = rows[0]
        if own["cap_factor"] != 1 or not own["at_cap"]:
            continue
        longer = [(r["turn_cap"], r["at_cap_share"], r["at_cap_share_low"], r["at_cap_share_high"]) for r in rows[1:]
                  if r["n"]]
        stuck = None if not longer else longer[-1][1] >= own["at_cap_share"] / 2
        out.append(_made("level_stall", level, "turn_cap_share", own["at_cap_share"], own["at_cap_share_low"],
                         own["at_cap_share_high"], own["n"], "games", 0.0, band, None, level=level,
                         turn_cap=own["turn_cap"], longer=longer, stuck=stuck, ruleset=ruleset))
    return out


def sweep_findings(sweep: pl.DataFrame, band: tuple[float, float]) -> list[Finding]:
    """The sweep's configs whose paired difference from the baseline passes the side thresholds
    (sim.analysis.sweeps); the largest as information when none does."""
    out = [_made("sweep_change", r["config"], "sweep_difference", r["diff"], r["diff_low"], r["diff_high"], r["n"],
                 "games", 0.0, band, r["config"], win_rate=r["win_rate"], q_by=r["q_value_by"])
           for r in sweep.filter((pl.col("config") != BASELINE) & pl.col("diff").is_not_null()).iter_rows(named=True)]
    return _problems_or_largest(out)


def match_findings(matches: pl.DataFrame, rates: pl.DataFrame, band: tuple[float, float], many: bool) -> list[Finding]:
    """Side A's best-of-three match win rate, undecided matches ½ (sim.analysis.units)."""
    labels = {(r["config"], r["side"]): r["label"] for r in rates.iter_rows(named=True)}
    return [_made("match", r["config"], "match_win_rate", r["rate"], r["ci_low"], r["ci_high"], r["matches"], "matches",
                  0.5, band, r["config"], many=many, a=labels.get((r["config"], 0)), b=labels.get((r["config"], 1)),
                  won=r["won"], lost=r["lost"], undecided=r["undecided"])
            for r in matches.iter_rows(named=True)]


def story_findings(clear: pl.DataFrame, stages: pl.DataFrame, rates: pl.DataFrame, band: tuple[float, float],
                   many: bool) -> list[Finding]:
    """The chance to clear every stage of a story run (information: a story's difficulty is a
    choice, not an imbalance)."""
    labels = {(r["config"], r["side"]): r["label"] for r in rates.iter_rows(named=True)}
    counts = {r["config"]: r["stage"] for r in stages.group_by("config").agg(pl.col("stage").n_unique()).iter_rows(named=True)}
    return [_made("story", r["config"], "story_clear_chance", r["rate"], r["ci_low"], r["ci_high"], r["runs"], "runs",
                  0.5, band, r["config"], severity="info", many=many, a=labels.get((r["config"], 0)),
                  stages=counts.get(r["config"]))
            for r in clear.iter_rows(named=True)]


def balance_findings(record: Mapping[str, Any]) -> list[Finding]:
    """A balance search's first proposal on the games that confirm it (information either way):
    whether it meets every objective, with its figures against their targets. Chosen among several
    on the held-out seed, its figures are the confirmation seed's (`confirmation`: that seed, its
    games, and how many it was chosen among); the only finalist's are the held-out seed's."""
    proposals = record.get("proposals") or []
    if not proposals:
        return []
    first = proposals[0]
    figures = [{key: item.get(key) for key in ("figure", "name", "a", "b", "bounds", "value", "low", "high", "n",
                                                "target", "tolerance", "met", "card", "card_name")}
               for item in first["figures"]]
    closest = min(figures, key=lambda f: 0.0 if f["met"] else -1.0)  # a missed objective first, when one is
    confirmation = record.get("confirmation")
    if confirmation and confirmation.get("candidate") != first.get("candidate"):
        confirmation = None
    return [_made("balance_proposal", f"proposal {first['rank']}",
                  "balance_confirmed" if confirmation else "balance_objectives", closest["value"],
                  closest["low"], closest["high"], closest["n"], "games", closest["target"], (1.0, 1.0),
                  severity="info", rank=first["rank"], edits=first["edits_text"], met=bool(first["met"]),
                  seed=record.get("held_out_seed"), confirm_games=record.get("confirm_games"), figures=figures,
                  any_met=any(p["met"] for p in proposals),
                  confirmation=({key: confirmation[key] for key in ("seed", "games", "among")} if confirmation
                                else None))]


def is_ladder(manifest: Mapping[str, Any]) -> bool:
    """A round robin of agent levels on one faction (`sim ladder`): its sides differ in agent only."""
    sides = manifest["spec"].get("side") or []
    return (manifest["spec"].get("matchups") == "round_robin" and len({s.get("faction") for s in sides}) == 1
            and len(sides) > 1)


def run_findings(run_dir: Path, manifest: Mapping[str, Any], tables: Mapping[str, pl.DataFrame] | None = None,
                 balance_record: Mapping[str, Any] | None = None,
                 thresholds: FindingsSpec | None = None) -> list[Finding]:
    """The run's findings, ranked (`rank_findings`). `tables` are the analysis tables the caller has
    already (by the names sim.report.export.report_tables gives them: draws, win_rates, first_player,
    end_reasons, matchups, forced_draw, ablation, budget_steps, sweep, match_results,
    story_clear_chance, story_stages, levels as sim.analysis.levels writes it), each limited to the
    configs the summary shows; the others are computed here by the same functions.
    `balance_record` is a balance search's proposals.json (read_balance_record); `thresholds` the
    [findings] table, by default the run's own (thresholds_of)."""
    run_dir = Path(run_dir)
    tables = dict(tables or {})
    limits = thresholds or thresholds_of(manifest)
    spec = manifest["spec"]
    configs = summary_configs(dict(manifest))  # a forced-draw run: its baseline only

    def table(name: str, compute) -> pl.DataFrame:
        if name not in tables:
            frame = compute()
            tables[name] = frame.filter(pl.col("config").is_in(configs)) if "config" in frame.columns else frame
        return tables[name]

    draws = table("draws", lambda: draw_figures(run_dir))
    rates = table("win_rates", lambda: faction_win_rates(run_dir, draws=draws))
    # the configs whose seats and turn cap are findings of their own: every config of a round robin
    # (one game, pooled below) and of a sweep over agent levels (each level's play is its own
    # reading); in an ablation or another sweep the other configs are the measuring instrument (a
    # card replaced, a card or rule edited, a lower budget), read against the baseline
    levels_of = {config: level for config, (_, level) in level_groups(dict(manifest))[0].items()}
    levels_run = is_levels_run(manifest)  # [levels]: its configs at the game's own turn cap are the headline
    over_levels = (spec.get("sweep") is not None or levels_run) and bool(level_groups(dict(manifest))[1])
    edits = spec.get("ablation") is not None or (spec.get("sweep") is not None and not over_levels)
    headline = [BASELINE] if edits else configs
    if levels_run:
        headline = [c for c, about in level_configs(manifest).items() if about.cap_factor == 1]
    many = len(set(headline) & set(rates["config"].to_list())) > 1
    only = pl.col("config").is_in(headline)
    advantage = table("first_player", lambda: first_player_advantage(run_dir, draws=draws)).filter(only)
    if spec.get("matchups") == "round_robin" and levels_run:  # one figure per level over its matchups
        found = []
        for level in dict.fromkeys(levels_of[c] for c in headline):
            at_level = advantage.filter(pl.col("config").is_in([c for c in headline if levels_of[c] == level]))
            found += [replace(f, details={**f.details, "at_level": level})
                      for f in pooled_first_player_finding(at_level, limits.band("first_player"))]
    elif spec.get("matchups") == "round_robin":  # the matchups of one game: one figure, with the largest beside it
        found = pooled_first_player_finding(advantage, limits.band("first_player"))
    else:
        found = first_player_findings(advantage, limits.band("first_player"), many)
    if levels_run:  # said per level, at every cap it played
        stalls = table("stalls", lambda: stall_table(run_dir, manifest, draws=draws))
        found += level_stall_findings(stalls, limits.band("stall"), manifest.get("ruleset"))
    else:
        found += stall_findings(draws.filter(only), table("end_reasons", lambda: end_reasons(run_dir)), rates,
                                advantage, limits.band("stall"), many)
    if over_levels:  # said by the agents that played, not by the config's id
        found = [replace(f, details={**f.details, "level": levels_of[f.config]}) if f.config in levels_of else f
                 for f in found]
    round_robin = spec.get("matchups") == "round_robin" and not levels_run  # a [levels] one: said by convergence
    if levels_run:
        if spec.get("matchups") != "round_robin":
            found += [replace(f, details={**f.details, "level": levels_of[f.config]})
                      for f in side_findings(rates.filter(only), limits.band("side"), many)]
        found += convergence_findings(table("convergence", lambda: convergence(run_dir, manifest)),
                                      limits.band("level"), stalls, limits.band("stall"))
    elif round_robin:
        cells = table("matchups", lambda: matchup_cells(run_dir, rates=rates, advantage=tables["first_player"]))
        if is_ladder(manifest):
            found += field_findings(cells, limits.band("side"), kind="level_strength")
        else:
            found += field_findings(cells, limits.band("side"))
            found += matchup_findings(cells, limits.band("matchup"))
            found += cycle_findings(cells, limits.band("matchup"))
    elif manifest.get("kind") == "best_of_three":
        found += match_findings(table("match_results", lambda: match_results(run_dir)), rates, limits.band("side"), many)
    elif manifest.get("kind") == "story":
        found += story_findings(table("story_clear_chance", lambda: story_clear_chance(run_dir)),
                                table("story_stages", lambda: story_stages(run_dir)), rates, limits.band("side"), many)
    elif spec.get("sweep") is None and spec.get("ablation") is None:
        found += side_findings(rates, limits.band("side"), many)
    else:  # a sweep or an ablation: its baseline's sides
        found += side_findings(rates.filter(pl.col("config") == BASELINE), limits.band("side"), False)
    if spec.get("impact") is not None:
        found += card_effect_findings(table("forced_draw", lambda: forced_draw_effect(run_dir, dict(manifest))),
                                      limits.band("card"))
    if spec.get("ablation") is not None:
        side = int(spec["ablation"]["side"]) - 1
        label = manifest["configs"][BASELINE]["sides"][side]["label"]
        found += cost_findings(table("ablation", lambda: ablation_impact(run_dir, dict(manifest))),
                               limits.band("cost"), side, label)
    if spec.get("sweep") is not None:
        sweep = table("sweep", lambda: sweep_comparison(run_dir, draws=draws))
        levels = table("levels", lambda: level_conclusions(run_dir))
        if levels.height:
            found += level_findings(levels, limits.band("level"), limits.band("stall"))
        elif not _budget_sweep(spec):  # a budget curve's configs are its points: its steps are read below
            found += sweep_findings(sweep, limits.band("side"))
    if _has_budget_curve(run_dir, spec):
        found += budget_fall_findings(table("budget_steps", lambda: budget_steps(run_dir, configs=_curve(manifest))),
                                      limits.band("budget_fall"))
    if balance_record is not None:
        found += balance_findings(balance_record)
    return rank_findings(found)


def _curve(manifest: Mapping[str, Any]) -> list[str] | None:
    """The configs of a budget curve: all, but in an ablation only the baseline and its lower budgets."""
    ablation = manifest["spec"].get("ablation")
    if ablation is None:
        return None
    prefix = f"side{ablation['side']}.budget="
    return [c for c in manifest["configs"] if c == BASELINE or c.startswith(prefix)]


def _budget_sweep(spec: Mapping[str, Any]) -> bool:
    """A sweep whose every axis is a side's budget: a budget curve."""
    axes = (spec.get("sweep") or {}).get("axis", [])
    return bool(axes) and all(str(axis.get("field")) == "budget" for axis in axes)


def _has_budget_curve(run_dir: Path, spec: Mapping[str, Any]) -> bool:
    """A sweep over a side's budget, or an ablation with budget_step: a curve whose steps can fall."""
    if "budget_a" not in scan_games(run_dir).collect_schema().names():
        return False
    sweep = spec.get("sweep") or {}
    budget_axis = any(str(axis.get("field")) == "budget" for axis in sweep.get("axis", []))
    return budget_axis or bool((spec.get("ablation") or {}).get("budget_step"))


def rank_findings(found: Sequence[Finding]) -> list[Finding]:
    """Severity first, then strength (how far beyond its high threshold), then KIND_ORDER. The sides
    of a round robin against the field are a standings table: those of one severity are said
    together, the highest win rate first, where the strongest of them ranks (Japón at 67.0% before
    Corea at 32.8%, though Corea is 0.2 pts farther from 50%)."""
    ordered = sorted(found, key=lambda f: (SEVERITIES.index(f.severity), -f.strength, KIND_ORDER.index(f.kind),
                                           f.subject))
    out: list[Finding] = []
    for f in ordered:
        if any(f is g for g in out):
            continue
        if f.kind in STANDINGS:
            out += sorted((g for g in ordered if g.kind == f.kind and g.severity == f.severity),
                          key=lambda g: -(g.estimate or 0.0))
        else:
            out.append(f)
    return out


def read_balance_record(folder: Path) -> dict[str, Any] | None:
    """A balance search's proposals.json in `folder`, or None when it holds none (not searched yet)."""
    path = Path(folder) / PROPOSALS_FILE
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: not a balance search's record ({exc})") from None


def balance_folder(run_dir: Path, manifest: Mapping[str, Any]) -> Path | None:
    """The balance search beside a run of a [balance] spec: <results>/<spec name>.balance/ (where
    `sim balance` writes it), when it has a record."""
    spec = manifest["spec"]
    if spec.get("balance") is None:
        return None
    folder = Path(run_dir).parent / f"{spec.get('name')}.balance"
    return folder if (folder / PROPOSALS_FILE).is_file() else None


# --- forced draw and ablation, reconciled ---------------------------------------------------------

def _same_baseline(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Two runs whose baselines are the same game: ruleset and version, the baseline's card and
    parameter hashes, and its sides (label, faction, agent and every side option)."""
    if (a.get("ruleset"), a.get("ruleset_version"), a.get("kind")) != (b.get("ruleset"), b.get("ruleset_version"),
                                                                        b.get("kind")):
        return False
    base_a, base_b = a.get("configs", {}).get(BASELINE), b.get("configs", {}).get(BASELINE)
    if base_a is None or base_b is None:
        return False
    return base_a.get("hashes") == base_b.get("hashes") and base_a.get("sides") == base_b.get("sides")


def companion_run(run_dir: Path, manifest: Mapping[str, Any]) -> tuple[Path, dict[str, Any]] | None:
    """For a forced-draw run, a finished ablation run of the same baseline in the same results
    folder, and the other way round (a spec is one or the other, so the two measures of a card
    come from two runs); the most recently finished one when several are. None when there is none."""
    spec = manifest["spec"]
    wanted = "ablation" if spec.get("impact") is not None else "impact" if spec.get("ablation") is not None else None
    if wanted is None:
        return None
    found = []
    for path in sorted(Path(run_dir).parent.glob(f"*/{MANIFEST}")):
        if path.parent.resolve() == Path(run_dir).resolve():
            continue
        try:
            other = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if (isinstance(other, dict) and other.get("status") == "finished"
                and (other.get("spec") or {}).get(wanted) is not None and _same_baseline(manifest, other)):
            found.append((str(other.get("finished") or ""), path.parent, other))
    if not found:
        return None
    _, folder, other = max(found, key=lambda item: item[0])
    return folder, other


RANKED_AT_LEAST = 4  # cards measured both ways before their ranks are compared (a quarter is one card)
RECONCILE_SCHEMA = {
    "side": pl.Int8, "card_id": pl.String, "card_name": pl.String, "cost": pl.Int64, "effect": pl.Float64,
    "effect_low": pl.Float64, "effect_high": pl.Float64, "forced_pairs": pl.Int64, "seen_when_undrawn": pl.Float64,
    "forced_rank": pl.Int64, "worth": pl.Float64, "worth_low": pl.Float64, "worth_high": pl.Float64,
    "ablation_n": pl.Int64, "ablation_rank": pl.Int64, "filler": pl.String, "cards": pl.Int64,
    "disagreement": pl.String,
}


def reconcile_cards(forced: pl.DataFrame, ablation: pl.DataFrame, side: int) -> pl.DataFrame:
    """The cards of `side` measured both ways whose two measures disagree (RECONCILE_SCHEMA):
    "sign" when the forced-draw effect's interval lies above 0 and the ablation worth's below (or
    the other way round); "rank" when, among the cards measured both ways (RANKED_AT_LEAST or more),
    one measure ranks the card in its top quarter and the other in its bottom quarter. Ranks are 1 = most help, over
    `cards` cards. Both are right: the forced draw measures drawing the card at once against late
    or never, the ablation the card against a vanilla card of its cost; the report layer says so."""
    both = (forced.filter((pl.col("side") == side) & pl.col("effect").is_not_null())
            .select("side", "card_id", "card_name", "cost", "effect", "effect_low", "effect_high",
                    pl.col("pairs").alias("forced_pairs"), "seen_when_undrawn")
            .join(ablation.filter(pl.col("measured") & pl.col("worth").is_not_null())
                  .select("card_id", "worth", "worth_low", "worth_high", pl.col("n").alias("ablation_n"), "filler"),
                  on="card_id", how="inner"))
    if both.is_empty():
        return pl.DataFrame(schema=RECONCILE_SCHEMA)
    k = both.height
    quarter = math.ceil(k / 4) if k >= RANKED_AT_LEAST else 0  # too few cards measured both ways: no ranks to compare
    ranked = both.with_columns(
        pl.col("effect").rank("ordinal", descending=True).cast(pl.Int64).alias("forced_rank"),
        pl.col("worth").rank("ordinal", descending=True).cast(pl.Int64).alias("ablation_rank"),
        pl.lit(k, pl.Int64).alias("cards"))
    sign = (((pl.col("effect_low") > 0) & (pl.col("worth_high") < 0))
            | ((pl.col("effect_high") < 0) & (pl.col("worth_low") > 0)))
    top, bottom = (lambda c: pl.col(c) <= quarter), (lambda c: pl.col(c) > k - quarter)
    rank = ((top("forced_rank") & bottom("ablation_rank")) | (bottom("forced_rank") & top("ablation_rank")))
    return (ranked.with_columns(pl.when(sign).then(pl.lit("sign")).when(rank).then(pl.lit("rank"))
                                .otherwise(None).alias("disagreement"))
            .filter(pl.col("disagreement").is_not_null())
            .with_columns(pl.col("side").cast(pl.Int8), pl.col("cost").cast(pl.Int64))
            .select(list(RECONCILE_SCHEMA)).sort("forced_rank"))
