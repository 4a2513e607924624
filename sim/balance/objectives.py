"""The figures a balance objective reads (docs/balance.md): a candidate's games summed per matchup
(`Tally`, clustered on seat-mirrored pairs), each component's figure with its standard error, read
paired against the baseline's games during the search, and how far a candidate is from the target
(`gaps`, what the search ranks by)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from sim.analysis.game_tallies import TURN_CAP_REASONS
from sim.analysis.intervals import Z95, paired_difference_interval, score_a
from sim.balance.card_effects import CardFigure, EffectTally, Slot, Sums, card_figures, mean_se, pair_mean_se
from sim.balance.search_plan import (BASE, Component, Proposal, SearchPlan, bounds, candidate_slots,
                                     proposal_key)
from sim.results.scans import scan_games


@dataclass
class Tally(Sums):
    """Sums over one candidate's games in one matchup (possibly over several rungs). The standard
    errors are clustered on seat-mirrored pairs (the two games of a pair share every stream, so they
    are not independent): `c`, `c1`, `c2` count the pairs and sum their mean score and its square,
    `dc`, `dc1`, `dc2` the same for the pairs' mean paired difference from the baseline; `s2` sums
    the games' squared scores, so that no standard error is narrower than the games' own (the
    design-effect rule, sim.balance.card_effects.pair_mean_se)."""

    n: int = 0
    score: float = 0.0
    paired: int = 0
    d1: float = 0.0
    d2: float = 0.0
    pairs: int = 0
    f1: float = 0.0
    f2: float = 0.0
    c: int = 0
    c1: float = 0.0
    c2: float = 0.0
    dc: int = 0
    dc1: float = 0.0
    dc2: float = 0.0
    s2: float = 0.0
    fs: float = 0.0  # the pairs' scores of side A going first, going second, and their products: the
    ss: float = 0.0  # first-player advantage's interval, Newcombe's paired one (sim.analysis.first_player)
    fss: float = 0.0
    caps: int = 0  # games drawn at the turn cap (cap_draw_share), and as the score's sums above: the
    kc1: float = 0.0  # pairs' mean cap draw and its square, the paired difference from the baseline's
    kc2: float = 0.0  # game (1, 0 or -1) summed and squared, and the pairs' mean of it and its square
    kd1: float = 0.0
    kd2: float = 0.0
    kdc1: float = 0.0
    kdc2: float = 0.0


def tally_run(run_dir: Path, configs: dict[str, tuple[str, str]]) -> dict[tuple[str, str], Tally]:
    """Per (candidate key, matchup suffix) of one run: games, side A's score, its paired difference
    from the baseline game by game, and the seat-mirrored pairs' first-minus-second differences."""
    mapping = pl.DataFrame({"config": list(configs), "key": [v[0] for v in configs.values()],
                            "m": [v[1] for v in configs.values()]})
    games = (scan_games(run_dir).select("config", "game", "unit", "stage", "first_side", "winner", "end_reason")
             .with_columns(score_a().alias("score"),
                           (pl.col("end_reason").is_in(TURN_CAP_REASONS) & (pl.col("winner") < 0)).cast(pl.Float64)
                           .alias("cap"))
             .collect().join(mapping, on="config"))
    base = games.filter(pl.col("key") == BASE).select("m", "game", pl.col("score").alias("base_score"),
                                                      pl.col("cap").alias("base_cap"))
    pair = [(pl.col("unit") // 2).alias("pair"), "stage"]
    per_game = games.join(base, on=["m", "game"], how="inner").with_columns(
        (pl.col("score") - pl.col("base_score")).alias("d"), (pl.col("cap") - pl.col("base_cap")).alias("kd"))
    paired = (per_game.group_by("key", "m").agg(pl.len().alias("paired"), pl.col("d").sum().alias("d1"),
                                                (pl.col("d") ** 2).sum().alias("d2"), pl.col("kd").sum().alias("kd1"),
                                                (pl.col("kd") ** 2).sum().alias("kd2"))
              .join(per_game.group_by("key", "m", *pair).agg(pl.col("d").mean().alias("md"), pl.col("kd").mean().alias("mkd"))
                    .group_by("key", "m").agg(pl.len().alias("dc"), pl.col("md").sum().alias("dc1"),
                                              (pl.col("md") ** 2).sum().alias("dc2"), pl.col("mkd").sum().alias("kdc1"),
                                              (pl.col("mkd") ** 2).sum().alias("kdc2")), on=["key", "m"]))
    clusters = (games.group_by("key", "m", *pair).agg(pl.col("score").mean().alias("ms"), pl.col("cap").mean().alias("mk"))
                .group_by("key", "m").agg(pl.len().alias("c"), pl.col("ms").sum().alias("c1"),
                                          (pl.col("ms") ** 2).sum().alias("c2"), pl.col("mk").sum().alias("kc1"),
                                          (pl.col("mk") ** 2).sum().alias("kc2")))
    first = pl.col("first_side") == 0
    fpa = (games.group_by("key", "m", (pl.col("unit") // 2).alias("pair"), "stage")
           .agg(pl.len().alias("k"), pl.col("first_side").cast(pl.Int64).sum().alias("firsts"),
                pl.col("score").filter(first).first().alias("first"), pl.col("score").filter(~first).first().alias("second"))
           .filter((pl.col("k") == 2) & (pl.col("firsts") == 1))
           .with_columns((pl.col("first") - pl.col("second")).alias("f"))
           .group_by("key", "m").agg(pl.len().alias("pairs"), pl.col("f").sum().alias("f1"),
                                     (pl.col("f") ** 2).sum().alias("f2"), pl.col("first").sum().alias("fs"),
                                     pl.col("second").sum().alias("ss"), (pl.col("first") * pl.col("second")).sum().alias("fss")))
    totals = (games.group_by("key", "m").agg(pl.len().alias("n"), pl.col("score").sum().alias("score"),
                                             (pl.col("score") ** 2).sum().alias("s2"),
                                             pl.col("cap").sum().cast(pl.Int64).alias("caps"))
              .join(paired, on=["key", "m"], how="left").join(fpa, on=["key", "m"], how="left")
              .join(clusters, on=["key", "m"], how="left").fill_null(0))
    fields = ("n", "score", "paired", "d1", "d2", "pairs", "f1", "f2", "c", "c1", "c2", "dc", "dc1", "dc2", "s2", "fs",
              "ss", "fss", "caps", "kc1", "kc2", "kd1", "kd2", "kdc1", "kdc2")
    return {(row["key"], row["m"]): Tally(*(row[f] for f in fields)) for row in totals.iter_rows(named=True)}


@dataclass(frozen=True)
class Figure:
    """A component's estimate with its standard error and n (games behind it)."""

    value: float
    se: float
    n: int
    card: str | None = None  # card_effect: the card farthest from the target
    cards: tuple[CardFigure, ...] = ()  # card_effect: every bounded card's figure
    absent: tuple[str, ...] = ()  # card_effect: bounded cards no deck of the candidate held
    bounds: tuple[float, float] | None = None  # a 95% interval of its own (the first player's: Newcombe's)

    def interval(self, z: float = Z95) -> tuple[float, float]:
        if self.bounds is not None and z == Z95:
            return self.bounds
        return self.value - z * self.se, self.value + z * self.se


def _win_rate(tallies: dict[str, Tally], base: dict[str, Tally], suffix: str, paired: bool) -> Figure:
    """Side A's win rate in one matchup. Paired (during the search): the baseline's rate over all
    its games plus the candidate's mean paired difference from the baseline on its own games.
    Standard errors are clustered on seat-mirrored pairs, never below the games' own (Tally)."""
    own = tallies[suffix]
    if paired and own is not base[suffix]:
        b = base[suffix]
        p_base = b.score / b.n
        se_diff = pair_mean_se(own.d1, own.d2, own.paired, own.dc1, own.dc2, own.dc)
        se_base = pair_mean_se(b.score, b.s2, b.n, b.c1, b.c2, b.c)
        return Figure(p_base + own.d1 / own.paired, math.sqrt(se_diff ** 2 + se_base ** 2), own.n)
    return Figure(own.score / own.n, pair_mean_se(own.score, own.s2, own.n, own.c1, own.c2, own.c), own.n)


def _cap_draw_share(tallies: dict[str, Tally], base: dict[str, Tally], suffix: str, paired: bool) -> Figure:
    """The share of one matchup's games drawn at the turn cap, read as _win_rate reads side A's rate:
    paired, the baseline's share plus the candidate's mean paired difference on its own games."""
    own = tallies[suffix]
    if paired and own is not base[suffix]:
        b = base[suffix]
        se_diff = pair_mean_se(own.kd1, own.kd2, own.paired, own.kdc1, own.kdc2, own.dc)
        se_base = pair_mean_se(b.caps, b.caps, b.n, b.kc1, b.kc2, b.c)  # a 0/1 count is its own square
        return Figure(b.caps / b.n + own.kd1 / own.paired, math.sqrt(se_diff ** 2 + se_base ** 2), own.n)
    return Figure(own.caps / own.n, pair_mean_se(own.caps, own.caps, own.n, own.kc1, own.kc2, own.c), own.n)


@dataclass
class Effects:
    """What a candidate's card_effect figures are read from: its decks' entries of the bounded
    cards (`slots`), its own forced pairs (`own`) and, in the screening, the baseline's (`base`)
    standing in for the entries it did not play (sim.balance.card_effects.card_figures)."""

    slots: list[Slot]
    own: dict[Slot, EffectTally]
    base: dict[Slot, EffectTally] | None = None


def card_effect_figure(plan: SearchPlan, comp: Component, effects: Effects) -> Figure:
    """A card_effect component: every bounded card's forced-draw effect (the mean over the matchups
    and seats holding it), and as the figure the card farthest from the target."""
    def bounded(slots: list[Slot]) -> list[Slot]:
        return [e for e in slots if bounds(plan, comp, e)]

    entries = bounded(effects.slots)
    cards, absent = card_figures(entries, effects.own, effects.base)
    # out of every deck: a named card, or one the baseline's decks held (a greedy drafter leaves a
    # card out once it costs more): said apart, since a card nobody drafts has no effect to bound
    held = {e[2] for e in entries}
    gone = set(comp.cards) | {e[2] for e in bounded(candidate_slots(plan, ()))}
    absent = sorted(set(absent) | (gone - held))
    if not cards:
        return Figure(math.nan, math.nan, 0, None, (), tuple(absent))
    worst = max(cards, key=lambda f: (abs(f.value - comp.target), f.card))
    return Figure(worst.value, worst.se, worst.n, worst.card, tuple(cards), tuple(absent))


def component_figure(plan: SearchPlan, comp: Component, tallies: dict[str, Tally], base: dict[str, Tally],
                     paired: bool, effects: Effects | None = None) -> Figure:
    """The component's figure from a candidate's tallies (by matchup suffix), a card_effect's from
    its forced pairs (`effects`)."""
    if comp.figure == "card_effect":
        assert effects is not None
        return card_effect_figure(plan, comp, effects)
    if comp.figure == "first_player_advantage":  # its interval as sim.analysis.first_player gives it
        t = tallies[plan.matchups[comp.matchup].suffix]
        mean, se = mean_se(t.f1, t.f2, t.pairs)
        bounds = paired_difference_interval(t.fs / t.pairs, t.ss / t.pairs, t.fss / t.pairs, t.pairs) if t.pairs else None
        return Figure(mean, se, 2 * t.pairs, bounds=bounds)
    if comp.figure == "cap_draw_share":
        return _cap_draw_share(tallies, base, plan.matchups[comp.matchup].suffix, paired)
    if comp.figure == "win_rate":
        fig = _win_rate(tallies, base, plan.matchups[comp.matchup].suffix, paired)
        return Figure(1 - fig.value, fig.se, fig.n) if comp.flip else fig
    k = len(plan.experiment.spec.sides)  # field_win_rate: the uniform field, the mirror at 50%
    rate, var, n = 0.5 / k, 0.0, 0
    for m in plan.matchups:
        if m.mirror or comp.faction not in (m.i, m.j):
            continue
        fig = _win_rate(tallies, base, m.suffix, paired)
        value = fig.value if m.i == comp.faction else 1 - fig.value
        rate += value / k
        var += fig.se ** 2 / (k * k)
        n += fig.n
    return Figure(rate, math.sqrt(var), n)


def _ranked_gap(comp: Component, fig: Figure) -> tuple[float, float, float]:
    """One component's |value − target| / tolerance, the gap the search ranks by and that gap's
    standard error, all in tolerances. A card_effect is met when its worst card is, but ranks by 1 +
    the summed excess of every card outside the tolerance, so that bringing any of them closer counts
    (ranking by the worst card alone would see no progress until the worst moved)."""
    gap = abs(fig.value - comp.target)
    if math.isnan(gap):  # a card_effect whose cards no deck holds any more: not measured, not met
        return math.inf, math.inf, 0.0
    ratio = gap / comp.tolerance
    if comp.figure != "card_effect" or ratio <= 1.0:
        return ratio, ratio, fig.se / comp.tolerance
    outside = [c for c in fig.cards if abs(c.value - comp.target) > comp.tolerance]
    excess = sum(abs(c.value - comp.target) - comp.tolerance for c in outside) / comp.tolerance
    return ratio, 1.0 + excess, math.sqrt(sum(c.se * c.se for c in outside)) / comp.tolerance


def gaps(comps: Sequence[Component], figures: Sequence[Figure], z: float = Z95) -> dict[str, float]:
    """How far a candidate is from the target: `worst` (the largest |value − target| / tolerance: 1
    or less means every objective is met), `distance` (the root mean square of the ranked gaps,
    `_ranked_gap`, what the search ranks by) and its interval ends `distance_low` / `distance_high`
    from each figure's 95% interval (used to drop candidates clearly worse than the best)."""
    worst, rel, low, high = [], [], [], []
    for comp, fig in zip(comps, figures):
        ratio, ranked, se = _ranked_gap(comp, fig)
        worst.append(ratio)
        rel.append(ranked)
        low.append(max(ranked - z * se, 0.0))
        high.append(ranked + z * se)

    def rms(values: list[float]) -> float:
        return math.sqrt(sum(v * v for v in values) / len(values))

    return {"worst": max(worst), "distance": rms(rel), "distance_low": rms(low), "distance_high": rms(high)}


def watch_cards(plan: SearchPlan, base_effects: dict[Slot, EffectTally]) -> frozenset[str]:
    """The cards whose baseline effect lies farther from its target than `effect_watch` × the
    tolerance: an edit of another card moves them too (a nerf of one card makes the others drawn in
    its place matter more), and they are the ones that can cross the bound, so every candidate
    measures them on its own games."""
    effects = Effects(candidate_slots(plan, ()), base_effects)
    share = plan.balance.effect_watch
    return frozenset(card.card for comp in plan.components if comp.figure == "card_effect"
                     for card in card_effect_figure(plan, comp, effects).cards
                     if abs(card.value - comp.target) > share * comp.tolerance)


@dataclass
class Candidate:
    proposal: Proposal
    tallies: dict[str, Tally] = field(default_factory=dict)
    round: int = 0
    rung: int = 0
    out_at: int | None = None  # the rung it was dropped at
    gaps: dict[str, float] = field(default_factory=dict)
    figures: list[Figure] = field(default_factory=list)
    effects: dict[Slot, EffectTally] = field(default_factory=dict)  # its own forced pairs (card_effect)

    @property
    def key(self) -> str:
        return proposal_key(self.proposal)
