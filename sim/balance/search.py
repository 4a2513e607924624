"""The balance search: from a spec's [balance] to ranked, confirmed proposals (docs/balance.md).

1. Moves: every single change the search space allows (sim.balance.spec.EditRule), each checked by
   the card rules (a cost below 0 or a RES of 0 is refused there and left out, with the reason).
2. Rounds: round 1 measures the baseline and every single move; round k adds one move to each of
   the `beam` best proposals of round k-1, taken from the `combine` best single moves of round 1
   (local moves and their combinations), up to `max_edits` edits.
3. Each round is successive halving: every candidate plays the same `screen_games` games as the
   baseline (same seed, same seat-mirrored pairs: common random numbers, so only the edit differs
   between two candidates' game i); then the candidates whose distance to the target is clearly
   worse than the best's (racing: the lower end of their 95% interval above the upper end of the
   best's) are dropped, and of the rest the best fraction `keep` goes on to twice the games on a
   fresh seed, for `rungs` rungs. A candidate's estimate pools every rung it played, read against
   the baseline on the same games (the baseline's win rate from all its games plus the candidate's
   paired difference from it: a control variate), so screening with few games still ranks well.
4. Confirmation: the best `proposals` proposals and the baseline play `confirm_games` on
   `held_out_seed`, a seed the search never played, and those figures, not the search's, rank
   them: the search's best estimates are biased upwards by having been chosen (the winner's
   curse), fresh games are not. Proposal 1 is then chosen on the held-out games too, as the best
   of the finalists, so its held-out figures are the best of several readings and favour it in
   turn: it and the baseline play `confirm_games` once more on a second fresh seed
   (`confirmation_seed`, derived from the spec's seeds, none of the seeds before it), and those are
   its figures; the held-out ones stay beside them as the selection's.

Every rung and the confirmation are ordinary runs of sim.run.runner (any executor, Ray included),
written under <results>/<spec name>.balance/; rerunning the same command skips every chunk already
played, and the search, being a pure function of the games, takes the same path again (the same
proposal 1, confirmed on the same seed). The path (every candidate at every rung, its figures, and
whether it went on) is `path.parquet`, the ranked proposals with their patches `proposals.json`;
each finished search adds its held-out seed and cards to `held_out_uses.json`
(sim.balance.held_out), and says when an earlier search used that seed on other cards.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, paired_difference_interval, score_a
from sim.results.scans import scan_games
from sim.balance.card_effects import (CardFigure, EffectTally, Slot, Sums, card_figures, deck_slots, effect_tallies,
                                      forced_configs, mean_se, pair_mean_se)
from sim.balance.held_out import earlier_uses_on_other_cards, held_out_use, record_use
from sim.balance.patch import PARAMS, Edit, card_patch
from sim.balance.spec import BalanceSpec, EditRule, balance_spec
from sim.core.errors import InputError, SaidError
from sim.run.executors import Executor, SerialExecutor
from sim.run.progress import ProgressReporter, SilentProgress
from sim.run.runner import run_experiment
from sim.run.spec import Experiment
from sim.results.atomic_files import parquet_bytes, write_bytes_atomic, write_json_atomic
from sim.results.manifest import DifferentRun, read_manifest

BASE = "base"
PATH_FILE = "path.parquet"
PROPOSALS_FILE = "proposals.json"
REPORT_FILE = "report.html"
FORMAT = 1

Proposal = tuple[Edit, ...]  # sorted, at most one edit per (target, field)


def balance_dir(results: Path, experiment: Experiment) -> Path:
    """Where a spec's search lives: <results>/<spec name>.balance/ (beside, never inside, its runs)."""
    return Path(results) / f"{experiment.spec.name}.balance"


def proposal_key(proposal: Proposal) -> str:
    """A candidate's config id: "base" for no edit, else "p" and a hash of its edits (stable, so a
    rerun finds the chunks it played)."""
    if not proposal:
        return BASE
    text = ";".join(f"{e.target}.{e.field}={e.new}" for e in proposal)
    return "p" + hashlib.sha256(text.encode()).hexdigest()[:12]


def proposal_text(proposal: Proposal) -> str:
    return ", ".join(e.text() for e in proposal) or "(no edit: the baseline)"


def confirmation_seed(seed: int, held_out_seed: int, used: set[int]) -> int:
    """The seed proposal 1 is confirmed on once the held-out games chose it: mixed from the spec's
    seed and its held-out seed (so that a new held-out seed brings a new confirmation seed too), the
    first of that sequence none of `used` (every rung's, the card effects', the held-out and the
    spec's own seed) is."""
    for attempt in itertools.count():
        state = np.random.SeedSequence([seed, held_out_seed, attempt, 0xC0F1]).generate_state(1, dtype=np.uint64)[0]
        if int(state >> np.uint64(1)) not in used:
            return int(state >> np.uint64(1))
    raise AssertionError("itertools.count() does not end")


def rung_seed(seed: int, round_no: int, rung: int) -> int:
    """The seed of one rung: mixed from the spec's seed, the round and the rung, so each rung plays
    fresh games and none of them is the held-out seed's (checked by plan_search)."""
    state = np.random.SeedSequence([seed, round_no, rung, 0xBA1A]).generate_state(1, dtype=np.uint64)[0]
    return int(state >> np.uint64(1))


# --- the figures an objective reads -----------------------------------------------------------

@dataclass(frozen=True)
class Matchup:
    """One pair of sides a candidate plays: side indices i <= j of the spec, their names, and the
    suffix of its config ids ("" in a two-sided spec)."""

    i: int
    j: int
    a: str
    b: str
    suffix: str

    @property
    def mirror(self) -> bool:
        return self.i == self.j


@dataclass(frozen=True)
class Component:
    """One number an objective constrains: a figure of one matchup or faction, its target, tolerance."""

    name: str
    figure: str
    target: float
    tolerance: float
    matchup: int | None = None  # index into SearchPlan.matchups (win_rate, first_player_advantage)
    flip: bool = False  # win_rate read from the column side (a~b named the other way round)
    faction: int | None = None  # side index (field_win_rate; card_effect: that side's cards only)
    cards: tuple[str, ...] = ()  # card_effect: the cards it bounds (empty: every card of the decks)
    a: str = ""  # the names its label takes in either language: the row side or the faction...
    b: str = ""  # ... and the column side


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


def tally_run(run_dir: Path, configs: dict[str, tuple[str, str]]) -> dict[tuple[str, str], Tally]:
    """Per (candidate key, matchup suffix) of one run: games, side A's score, its paired difference
    from the baseline game by game, and the seat-mirrored pairs' first-minus-second differences."""
    mapping = pl.DataFrame({"config": list(configs), "key": [v[0] for v in configs.values()],
                            "m": [v[1] for v in configs.values()]})
    games = (scan_games(run_dir).select("config", "game", "unit", "stage", "first_side", "winner")
             .with_columns(score_a().alias("score")).collect().join(mapping, on="config"))
    base = games.filter(pl.col("key") == BASE).select("m", "game", pl.col("score").alias("base_score"))
    pair = [(pl.col("unit") // 2).alias("pair"), "stage"]
    per_game = games.join(base, on=["m", "game"], how="inner").with_columns((pl.col("score") - pl.col("base_score")).alias("d"))
    paired = (per_game.group_by("key", "m").agg(pl.len().alias("paired"), pl.col("d").sum().alias("d1"),
                                                (pl.col("d") ** 2).sum().alias("d2"))
              .join(per_game.group_by("key", "m", *pair).agg(pl.col("d").mean().alias("md"))
                    .group_by("key", "m").agg(pl.len().alias("dc"), pl.col("md").sum().alias("dc1"),
                                              (pl.col("md") ** 2).sum().alias("dc2")), on=["key", "m"]))
    clusters = (games.group_by("key", "m", *pair).agg(pl.col("score").mean().alias("ms"))
                .group_by("key", "m").agg(pl.len().alias("c"), pl.col("ms").sum().alias("c1"),
                                          (pl.col("ms") ** 2).sum().alias("c2")))
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
                                             (pl.col("score") ** 2).sum().alias("s2"))
              .join(paired, on=["key", "m"], how="left").join(fpa, on=["key", "m"], how="left")
              .join(clusters, on=["key", "m"], how="left").fill_null(0))
    fields = ("n", "score", "paired", "d1", "d2", "pairs", "f1", "f2", "c", "c1", "c2", "dc", "dc1", "dc2", "s2", "fs",
              "ss", "fss")
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


@dataclass
class Effects:
    """What a candidate's card_effect figures are read from: its decks' entries of the bounded
    cards (`slots`), its own forced pairs (`own`) and, in the screening, the baseline's (`base`)
    standing in for the entries it did not play (sim.balance.card_effects.card_figures)."""

    slots: list[Slot]
    own: dict[Slot, EffectTally]
    base: dict[Slot, EffectTally] | None = None


def _slot_side(plan: "SearchPlan", entry: Slot) -> int:
    """The spec's side index of a (matchup suffix, slot, card) entry."""
    m = next(x for x in plan.matchups if x.suffix == entry[0])
    return m.i if entry[1] == 0 else m.j


def bounds(plan: "SearchPlan", comp: Component, entry: Slot) -> bool:
    """Whether a card_effect component bounds a (matchup suffix, slot, card) entry: its `cards`
    (every card when none is named) of its `faction`'s seat (every seat when none is named)."""
    return ((not comp.cards or entry[2] in comp.cards)
            and (comp.faction is None or _slot_side(plan, entry) == comp.faction))


def card_effect_figure(plan: "SearchPlan", comp: Component, effects: Effects) -> Figure:
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


def component_figure(plan: "SearchPlan", comp: Component, tallies: dict[str, Tally], base: dict[str, Tally],
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


# --- the plan: moves, matchups, components ----------------------------------------------------

@dataclass
class SearchPlan:
    experiment: Experiment
    balance: BalanceSpec
    matchups: list[Matchup]
    components: list[Component]
    moves: list[Edit]
    refused: list[tuple[Edit, str]]
    cards_dir: Path
    owners: dict[str, set[str]] = field(default_factory=dict)  # card id -> the factions holding it
    seeds: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, rung) -> seed; (0, 1) the effects'
    card_names: dict[str, str] = field(default_factory=dict)
    # card_effect objectives: the cards any of them bounds (None: every card), and each candidate's
    # decks' entries of those cards (by candidate key; a card edit may change what a drafter takes)
    effect_pool: frozenset[str] | None = None
    slot_cache: dict[str, list[Slot]] = field(default_factory=dict)
    watched: frozenset[str] = frozenset()  # cards every candidate measures (set from the baseline's effects)
    confirmation_seed: int = 0  # proposal 1's second confirmation (confirmation_seed)

    @property
    def measures_effects(self) -> bool:
        return any(c.figure == "card_effect" for c in self.components)

    @property
    def effect_matchups(self) -> list[Matchup]:
        """The matchups a card's effect is read over: the spec's two sides, or in a round robin
        every matchup but the mirrors (a card's effect against a uniform field of the others)."""
        return [m for m in self.matchups if not m.mirror]


def _frame_column(frame: pl.DataFrame, name: str) -> str | None:
    """A card field's column in a pool's frame (dicedraft's `def` is the column `def_`)."""
    for column in (name, f"{name}_"):
        if column in frame.columns and frame.schema[column].is_integer():
            return column
    return None


def _names(experiment: Experiment) -> list[str]:
    return [s.label or s.faction for s in experiment.spec.sides]


def _matchups(experiment: Experiment) -> list[Matchup]:
    names = _names(experiment)
    if experiment.spec.matchups == "sides":
        return [Matchup(0, 1, names[0], names[1], "")]
    k = len(names)
    return [Matchup(i, j, names[i], names[j], f".m{i}{j}") for i in range(k) for j in range(i, k)]


def _find_matchup(matchups: list[Matchup], text: str, experiment: Experiment, place: str) -> tuple[int, bool]:
    a, b = text.split("~")
    sides = experiment.spec.sides
    for index, m in enumerate(matchups):
        names_i = {m.a, sides[m.i].faction}
        names_j = {m.b, sides[m.j].faction}
        if a in names_i and b in names_j:
            return index, False
        if b in names_i and a in names_j:
            return index, True
    choices = ", ".join(f"{m.a}~{m.b}" for m in matchups)
    raise InputError(f"{place}.matchup: no matchup {text!r} in this spec; the matchups are {choices}")


def _components(experiment: Experiment, balance: BalanceSpec, matchups: list[Matchup], place: str) -> list[Component]:
    robin = experiment.spec.matchups == "round_robin"
    names = _names(experiment)
    out: list[Component] = []
    for index, obj in enumerate(balance.objectives):
        where = f"{place}: balance.objective[{index + 1}]"
        if obj.figure == "field_win_rate":
            if not robin:
                raise InputError(f"{where}.figure: field_win_rate is a round robin's figure (matchups = "
                                 "\"round_robin\"); a two-sided spec's is win_rate")
            factions = range(len(names))
            if obj.faction is not None:
                found = [i for i, s in enumerate(experiment.spec.sides) if obj.faction in (names[i], s.faction)]
                if not found:
                    raise InputError(f"{where}.faction: no faction {obj.faction!r}; the spec's are {', '.join(names)}")
                factions = found[:1]
            out += [Component(f"{names[i]} vs field", obj.figure, obj.target, obj.tolerance, faction=i, a=names[i])
                    for i in factions]
            continue
        if obj.figure == "card_effect":
            faction = None
            if obj.faction is not None:
                found = [i for i, s in enumerate(experiment.spec.sides) if obj.faction in (names[i], s.faction)]
                if not found:
                    raise InputError(f"{where}.faction: no faction {obj.faction!r}; the spec's are {', '.join(names)}")
                faction = found[0]
            whose = f"{names[faction]} " if faction is not None else ""
            label = f" ({', '.join(obj.cards)})" if obj.cards and len(obj.cards) <= 4 else ""
            out.append(Component(f"{whose}card effect{label}" if label or whose else "card effect", obj.figure,
                                 obj.target, obj.tolerance, faction=faction, cards=tuple(obj.cards or ()),
                                 a=names[faction] if faction is not None else ""))
            continue
        if obj.matchup is not None:
            m, flip = _find_matchup(matchups, obj.matchup, experiment, where)
            chosen = [(m, flip)]
        elif obj.figure == "win_rate":
            chosen = [(i, False) for i, m in enumerate(matchups) if not m.mirror]
        else:
            chosen = [(i, False) for i in range(len(matchups))]
        word = "win rate" if obj.figure == "win_rate" else "first-player advantage"
        for m, flip in chosen:
            a, b = (matchups[m].b, matchups[m].a) if flip else (matchups[m].a, matchups[m].b)
            out.append(Component(f"{a} vs {b} {word}", obj.figure, obj.target, obj.tolerance, matchup=m, flip=flip,
                                 a=a, b=b))
    seen: dict[str, int] = {}
    for k, comp in enumerate(out):  # names are the path's columns: two objectives on one figure stay apart
        seen[comp.name] = seen.get(comp.name, 0) + 1
        if seen[comp.name] > 1:
            out[k] = replace(comp, name=f"{comp.name} #{seen[comp.name]}")
    return out


def _moves(experiment: Experiment, balance: BalanceSpec, cards_dir: Path, place: str) -> tuple[list[Edit], list[tuple[Edit, str]]]:
    ruleset = experiment.ruleset
    factions = list(dict.fromkeys(s.faction for s in experiment.spec.sides))
    pools = {f: ruleset.load_cards(f, cards_dir) for f in factions}
    owner: dict[str, str] = {}
    for faction, pool in pools.items():
        for card_id in pool.ids:
            owner.setdefault(card_id, faction)
    unknown = [c for c in balance.frozen if c not in owner]
    if unknown:
        raise InputError(f"{place}: balance.frozen: {', '.join(unknown)} not among the cards of {', '.join(factions)}")
    frozen = set(balance.frozen)
    candidates: dict[tuple[str, str, int], Edit] = {}
    base_params = stage_experiment(experiment, (), experiment.spec.games, experiment.spec.seed,
                                   _matchups(experiment)[0]).compile().params.model_dump()
    for index, rule in enumerate(balance.edits):
        where = f"{place}: balance.edit[{index + 1}]"
        if rule.param is not None:
            if rule.param not in base_params or isinstance(base_params[rule.param], bool) \
                    or not isinstance(base_params[rule.param], int):
                whole = ", ".join(k for k, v in base_params.items() if isinstance(v, int) and not isinstance(v, bool))
                raise InputError(f"{where}.param: {ruleset.name} has no whole-number parameter {rule.param!r}; "
                                 f"the parameters are {whole}")
            old = int(base_params[rule.param])
            _check_bounds(experiment, rule, Edit(PARAMS, rule.param, old, old), cards_dir, pools, owner, where)
            for value in range(int(rule.min), int(rule.max) + 1, rule.step):
                if value != old:
                    candidates[(PARAMS, rule.param, value)] = Edit(PARAMS, rule.param, old, value)
            continue
        if rule.card is not None:
            if rule.card not in owner:
                raise InputError(f"{where}.card: no card {rule.card!r} among the cards of {', '.join(factions)}")
            if rule.card in frozen:
                raise InputError(f"{where}.card: {rule.card} is frozen (balance.frozen); unfreeze it or drop this edit")
            frame = pools[owner[rule.card]].frame
            column = _frame_column(frame, str(rule.field))
            if column is None:
                raise InputError(f"{where}.field: {rule.card} has no whole-number field {rule.field!r}")
            old = int(frame.filter(pl.col("id") == rule.card)[column][0])
            _check_bounds(experiment, rule, Edit(rule.card, str(rule.field), old, old), cards_dir, pools, owner, where)
            for value in range(int(rule.min), int(rule.max) + 1, rule.step):
                if value != old:
                    candidates[(rule.card, str(rule.field), value)] = Edit(rule.card, str(rule.field), old, value)
            continue
        chosen = rule.factions or factions
        missing = [f for f in chosen if f not in pools]
        if missing:
            raise InputError(f"{where}.factions: {', '.join(missing)} is not a side of this spec ({', '.join(factions)})")
        for faction in chosen:
            frame = pools[faction].frame
            if "kind" not in frame.columns:
                raise InputError(f"{where}.kinds: {ruleset.name} cards have no kind; name cards one by one "
                                 "({ card = \"...\", field = \"...\", min = ..., max = ... })")
            kinds = set(frame["kind"].to_list())
            absent = [k for k in rule.kinds or () if k not in kinds]
            if absent:
                raise InputError(f"{where}.kinds: no {faction} card is of kind {', '.join(map(repr, absent))}; the "
                                 f"kinds are {', '.join(sorted(kinds))}")
            for name in rule.fields or ():
                column = _frame_column(frame, name)
                if column is None:
                    raise InputError(f"{where}.fields: {faction} cards have no whole-number field {name!r}")
                rows = frame.filter(pl.col("kind").is_in(list(rule.kinds or ())))
                for card_id, old in zip(rows["id"].to_list(), rows[column].to_list()):
                    if card_id in frozen:
                        continue
                    for delta in rule.deltas():
                        candidates[(card_id, name, int(old) + delta)] = Edit(card_id, name, int(old), int(old) + delta)
    moves, refused = [], []
    for move in sorted(candidates.values()):
        problem = _refusal(experiment, move, cards_dir, pools, owner)
        if problem is None:
            moves.append(move)
        else:
            refused.append((move, problem))
    if not moves:
        raise InputError(f"{place}: balance.edit: the search space holds no legal edit"
                         + (f" ({len(refused)} refused by the card rules)" if refused else ""))
    return moves, refused


def _check_bounds(experiment: Experiment, rule: EditRule, unchanged: Edit, cards_dir: Path, pools: dict,
                  owner: dict[str, str], where: str) -> None:
    """A card or param edit's min and max are values its field can take: a bound outside the field's
    own range (a negative ATQ, a life of 0) is a mistake in the spec, named here, not a search space
    whose moves the card rules then quietly refuse one by one."""
    for bound in ("min", "max"):
        value = int(getattr(rule, bound))
        problem = _refusal(experiment, replace(unchanged, new=value), cards_dir, pools, owner)
        if problem is not None:
            what = unchanged.label if unchanged.is_card else f"params.{unchanged.field}"
            raise InputError(f"{where}.{bound}: {value} is outside the range {what} can take; its rules refuse it: "
                             f"{problem}")


def _refusal(experiment: Experiment, move: Edit, cards_dir: Path, pools: dict, owner: dict[str, str]) -> str | None:
    """Why the card rules or parameters refuse a move (None when they take it)."""
    ruleset = experiment.ruleset
    try:
        if move.is_card:
            ruleset.load_cards(owner[move.target], cards_dir, {move.target: {move.field: move.new}})
        else:
            ruleset.compile(stage_experiment(experiment, (move,), experiment.spec.games, experiment.spec.seed,
                                             _matchups(experiment)[0]).match_config())
    except InputError as exc:
        return str(exc).splitlines()[0]
    return None


def plan_search(experiment: Experiment) -> SearchPlan:
    """Check the [balance] table against the ruleset and the spec, and list the moves."""
    balance = balance_spec(experiment)
    place = str(experiment.path)
    if balance is None:
        raise InputError(f"{place}: no [balance] table; `sim balance` needs one (docs/balance.md)")
    cards_dir = experiment.cards_dir or experiment.ruleset.cards_dir
    matchups = _matchups(experiment)
    components = _components(experiment, balance, matchups, place)
    if not any(c.figure == "first_player_advantage" and matchups[c.matchup].mirror for c in components):
        matchups_used = {c.matchup for c in components if c.matchup is not None}
        matchups = [m for i, m in enumerate(matchups) if not m.mirror or i in matchups_used]
        components = _components(experiment, balance, matchups, place)
    moves, refused = _moves(experiment, balance, cards_dir, place)
    ruleset = experiment.ruleset
    owners: dict[str, set[str]] = {}
    for faction in dict.fromkeys(s.faction for s in experiment.spec.sides):
        for card_id in ruleset.load_cards(faction, cards_dir).ids:
            owners.setdefault(card_id, set()).add(faction)
    names = {}
    for faction in dict.fromkeys(s.faction for s in experiment.spec.sides):
        frame = ruleset.load_cards(faction, cards_dir).frame
        if "name" in frame.columns:
            names.update(zip(frame["id"].to_list(), frame["name"].to_list()))
    plan = SearchPlan(experiment, balance, matchups, components, moves, refused, Path(cards_dir), owners,
                      card_names=names)
    for r in range(1, balance.max_edits + 1):
        for j in range(1, balance.rungs + 1):
            plan.seeds[(r, j)] = rung_seed(experiment.spec.seed, r, j)
    if plan.measures_effects:
        plan.seeds[(0, 1)] = rung_seed(experiment.spec.seed, 0, 1)  # the baseline's card effects
        _check_effect_objectives(plan, place)
    if balance.held_out_seed in plan.seeds.values():
        raise InputError(f"{place}: balance.held_out_seed: {balance.held_out_seed} is one of the search's rung seeds; "
                         "choose another")
    plan.confirmation_seed = confirmation_seed(experiment.spec.seed, balance.held_out_seed,
                                               {*plan.seeds.values(), balance.held_out_seed, experiment.spec.seed})
    return plan


def _check_effect_objectives(plan: SearchPlan, place: str) -> None:
    """Every card a card_effect objective names is one of the spec's cards and in a deck the
    baseline drafts (a card never in a deck has no forced draw); every objective bounds some card."""
    pools = [set(c.cards) for c in plan.components if c.figure == "card_effect"]
    plan.effect_pool = None if any(not p for p in pools) else frozenset().union(*pools)
    slots = candidate_slots(plan, ())
    numbers = [k + 1 for k, obj in enumerate(plan.balance.objectives) if obj.figure == "card_effect"]
    for number, comp in zip(numbers, [c for c in plan.components if c.figure == "card_effect"]):
        where = f"{place}: balance.objective[{number}]"
        unknown = [c for c in comp.cards if c not in plan.owners]
        if unknown:
            raise InputError(f"{where}.cards: {', '.join(unknown)} not among the cards of "
                             f"{', '.join(dict.fromkeys(s.faction for s in plan.experiment.spec.sides))}")
        held = {e[2] for e in slots if bounds(plan, replace(comp, cards=()), e)}  # its faction's decks
        never = [c for c in comp.cards if c not in held]
        if never:
            raise InputError(f"{where}.cards: {', '.join(never)} never in a deck of this spec's sides, so a forced "
                             f"draw cannot measure {'it' if len(never) == 1 else 'them'}; the decks hold "
                             f"{', '.join(sorted(held)) or 'none of the cards'}")
        if not held:
            raise InputError(f"{where}: no card of {comp.name!r} is in a deck of this spec's sides")


def candidate_slots(plan: SearchPlan, proposal: Proposal) -> list[Slot]:
    """A candidate's decks' entries of the cards the card_effect objectives bound: (matchup suffix,
    slot, card) for every effect matchup and seat (of a bounded faction) whose deck, drafted with the
    candidate's edits, can hold the card (kept per candidate: drafting a deck is not free)."""
    key = proposal_key(proposal)
    if key not in plan.slot_cache:
        spec = plan.experiment.spec
        effect_comps = [c for c in plan.components if c.figure == "card_effect"]
        plan.slot_cache[key] = [entry for m in plan.effect_matchups for entry in deck_slots(
            m.suffix, stage_experiment(plan.experiment, proposal, spec.games, spec.seed, m, plan.owners),
            plan.effect_pool) if any(bounds(plan, c, entry) for c in effect_comps)]
    return plan.slot_cache[key]


def screened_slots(plan: SearchPlan, proposal: Proposal, watch: bool = True) -> list[Slot]:
    """The entries a candidate forces on a rung's games: its edited cards', those its edits bring
    into a deck the baseline did not hold them in, and with `watch` the watched cards'
    (`watch_cards`); every entry when it edits a rule parameter. The others are read from the
    baseline's measurement (sim.balance.card_effects: the screening's approximation; the
    confirmation measures them all)."""
    slots = candidate_slots(plan, proposal)
    if any(not e.is_card for e in proposal):
        return slots
    measured = {e.target for e in proposal} | (plan.watched if watch else frozenset())
    base = set(candidate_slots(plan, ()))
    return [e for e in slots if e[2] in measured or e not in base]


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


# --- playing candidates through the runner ----------------------------------------------------

def stage_experiment(experiment: Experiment, proposal: Proposal, games: int, seed: int, matchup: Matchup,
                     owners: dict[str, set[str]] | None = None) -> Experiment:
    """One candidate in one matchup as an ordinary config: the spec's sides (the pair of a round
    robin), its params with the proposal's parameter edits, its card edits as card overrides (only
    those of cards the pair's factions hold, `owners`: card id -> factions; a matchup without the
    card plays as the baseline's, on the same games)."""
    spec = experiment.spec
    params = dict(spec.params)
    params.update({e.field: e.new for e in proposal if not e.is_card})
    sides = [spec.sides[matchup.i].model_copy(update={"label": matchup.a}),
             spec.sides[matchup.j].model_copy(update={"label": matchup.b})]
    if spec.matchups == "sides":
        sides = list(spec.sides)
    sub = spec.model_copy(update={"sides": sides, "matchups": "sides", "params": params, "games": games,
                                  "seed": seed, "balance": None})
    point = tuple((e.label, e.new) for e in proposal)
    if spec.matchups == "round_robin":
        point += (("matchup", f"{matchup.a}~{matchup.b}"),)
    pair = {spec.sides[matchup.i].faction, spec.sides[matchup.j].faction} if spec.matchups == "round_robin" else None
    cards = tuple((e.target, e.field, e.new) for e in proposal
                  if e.is_card and (pair is None or owners is None or owners.get(e.target, set()) & pair))
    return Experiment(sub, experiment.path, cards, point)


@dataclass(frozen=True)
class Stage(Experiment):
    """A rung (or the confirmation) as one run: the candidates × matchups as its configs."""

    stage_configs: tuple[tuple[str, Experiment], ...] = ()

    def config_experiments(self) -> dict[str, Experiment]:
        return dict(self.stage_configs)


@dataclass
class StageOutcome:
    """What a stage gives: each candidate's tallies by matchup suffix, its forced pairs' sums by
    entry (card_effect objectives), the games this session played, and the games its stored chunks
    hold with the play time of every session that played them (the stage's manifest)."""

    tallies: dict[str, dict[str, Tally]]
    effects: dict[str, dict[Slot, EffectTally]]
    games: int
    stored_games: int = 0
    play_seconds: float = 0.0


@dataclass
class GamesPlayed:
    """The games of a search, counted over its stages: `stored` (every game its stored chunks hold,
    whichever invocation played them) and `play_seconds` (the stages' play time over every session)
    describe the whole search, so a rerun of a finished search reports what the search played and
    not the nothing it had left to play; `session` is what this invocation played."""

    stored: int = 0
    play_seconds: float = 0.0
    session: int = 0

    def add(self, stage: StageOutcome) -> None:
        self.stored += stage.stored_games
        self.play_seconds += stage.play_seconds
        self.session += stage.games


def stored_games_and_play(run_dir: Path) -> tuple[int, float]:
    """The games a stage's stored chunks hold (their parquet row counts) and the play time its
    manifest adds up over every session."""
    games = scan_games(run_dir).select(pl.len()).collect().item()
    return int(games), float(read_manifest(run_dir).get("wall_seconds") or 0.0)


def play_stage(plan: SearchPlan, name: str, proposals: Sequence[Proposal], games: int, seed: int, folder: Path,
               executor: Executor, progress: ProgressReporter, overwrite: bool,
               forced: dict[str, list[Slot]] | None = None, ordinary: bool = True) -> StageOutcome:
    """Play the proposals (the baseline first) on `games` games of `seed` as the run folder/name:
    their own configs (unless not `ordinary`) and, for each candidate key of `forced`, the drawn
    and undrawn configs of those entries on the same games."""
    experiment = plan.experiment
    configs: dict[str, tuple[str, str]] = {}
    forced_map: dict[str, tuple[str, str, int, str, str]] = {}
    stage_configs = []
    as_baseline: list[tuple[str, str]] = []  # (candidate, matchup) its edits do not reach
    for proposal in proposals:
        key = proposal_key(proposal)
        wanted = (forced or {}).get(key, [])
        for m in plan.matchups:
            sub = stage_experiment(experiment, proposal, games, seed, m, plan.owners)
            if ordinary and proposal and not sub.card_overrides and all(e.is_card for e in proposal):
                as_baseline.append((key, m.suffix))  # the baseline's own games: not played twice
            elif ordinary:
                configs[key + m.suffix] = (key, m.suffix)
                stage_configs.append((key + m.suffix, sub))
            for forced_id, forced_experiment, entry, word in forced_configs(
                    key + m.suffix, sub, [e for e in wanted if e[0] == m.suffix]):
                stage_configs.append((forced_id, forced_experiment))
                forced_map[forced_id] = (key, *entry, word)
    spec = experiment.spec.model_copy(update={"games": games, "seed": seed, "balance": None,
                                              "name": f"{experiment.spec.name}.{name}"})
    stage = Stage(spec, experiment.path, stage_configs=tuple(stage_configs))
    try:  # --overwrite replaces only the stages another search wrote: the same stage resumes
        outcome = run_experiment(stage, folder, name, executor, False, None, progress)
    except DifferentRun:
        if not overwrite:
            raise InputError(f"{folder / name}: written by another search (the spec's [balance], sides or cards "
                             "changed since); rerun with --overwrite to replace the stages that differ") from None
        outcome = run_experiment(stage, folder, name, executor, True, None, progress)
    if not outcome.finished:
        raise InputError(f"{outcome.run_dir}: stage {name} did not finish; run the same command again to resume")
    tallies: dict[str, dict[str, Tally]] = {}
    if configs:
        for (key, suffix), tally in tally_run(outcome.run_dir, configs).items():
            tallies.setdefault(key, {})[suffix] = tally
    for key, suffix in as_baseline:  # the same games as the baseline's, game for game: no difference
        base = tallies[BASE][suffix]
        tallies.setdefault(key, {})[suffix] = Tally(base.n, base.score, base.n, 0.0, 0.0, base.pairs, base.f1, base.f2,
                                                    base.c, base.c1, base.c2, base.c, 0.0, 0.0, base.s2, base.fs, base.ss,
                                                    base.fss)
    effects: dict[str, dict[Slot, EffectTally]] = {}
    for (key, entry), tally in effect_tallies(outcome.run_dir, forced_map).items():
        effects.setdefault(key, {})[entry] = tally
    return StageOutcome(tallies, effects, outcome.games_played, *stored_games_and_play(outcome.run_dir))


# --- the search -------------------------------------------------------------------------------

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


Say = Callable[[str], None]


@dataclass
class SearchResult:
    folder: Path
    plan: SearchPlan
    record: dict[str, Any]
    path: pl.DataFrame


def _evaluate(plan: SearchPlan, cand: Candidate, base: dict[str, Tally], base_effects: dict[Slot, EffectTally]) -> None:
    """A candidate's figures in the screening: paired with the baseline's games; its card effects
    from its own forced pairs, the baseline's standing in for the entries it did not play."""
    effects = None
    if plan.measures_effects:
        effects = Effects(candidate_slots(plan, cand.proposal), cand.effects, base_effects if cand.proposal else None)
    cand.figures = [component_figure(plan, c, cand.tallies, base, True, effects) for c in plan.components]
    cand.gaps = gaps(plan.components, cand.figures)


def _extend(proposal: Proposal, move: Edit) -> Proposal | None:
    if any(e.target == move.target and e.field == move.field for e in proposal):
        return None
    return tuple(sorted(proposal + (move,)))


def _path_rows(plan: SearchPlan, round_no: int, rung: int, seed: int, games: int, cands: list[Candidate],
               kept: set[str], raced: set[str]) -> list[dict]:
    rows = []
    for cand in cands:
        row = {"round": round_no, "rung": rung, "seed": seed, "games": games, "candidate": cand.key,
               "edits": proposal_text(cand.proposal), "n_edits": len(cand.proposal),
               "kept": cand.key in kept, "dropped": "race" if cand.key in raced else ("" if cand.key in kept else "halving")}
        row.update({k: float(v) for k, v in cand.gaps.items()})
        for comp, fig in zip(plan.components, cand.figures):
            low, high = fig.interval()
            row.update({f"{comp.name}": fig.value, f"{comp.name} low": low, f"{comp.name} high": high})
            if comp.figure == "card_effect":
                row[f"{comp.name} card"] = fig.card or ""
        rows.append(row)
    return rows


def run_round(plan: SearchPlan, round_no: int, proposals: list[Proposal], base: dict[str, Tally],
              base_effects: dict[Slot, EffectTally], folder: Path, executor: Executor, progress: ProgressReporter,
              overwrite: bool, say: Say, path_rows: list[dict], played: GamesPlayed) -> list[Candidate]:
    """Successive halving with racing over one round's candidates; returns them all, the survivors
    of the last rung first (best first), then the rest by how far they got and their distance."""
    b = plan.balance
    cands = {proposal_key(p): Candidate(p, round=round_no) for p in proposals}
    alive = list(cands)
    games = b.screen_games
    for rung in range(1, b.rungs + 1):
        seed = plan.seeds[(round_no, rung)]
        say(f"round {round_no} (proposals of {round_no} edit(s)), rung {rung}: {len(alive)} candidate(s) and the "
            f"baseline × {len(plan.matchups)} matchup(s) × {games:,} games, seed {seed}")
        # the wide screen of every single edit (round 1, rung 1) forces the edited cards only; the
        # watched cards are measured once the field is cut (docs/balance.md, card effects)
        watch = round_no > 1 or rung > 1
        forced = ({k: screened_slots(plan, cands[k].proposal, watch) for k in alive} if plan.measures_effects
                  else None)
        stage = play_stage(plan, f"round{round_no}_rung{rung}", [()] + [cands[k].proposal for k in alive],
                           games, seed, folder, executor, progress, overwrite, forced)
        played.add(stage)
        for suffix, tally in stage.tallies[BASE].items():
            base.setdefault(suffix, Tally()).add(tally)
        for key in alive:
            for suffix, tally in stage.tallies[key].items():
                cands[key].tallies.setdefault(suffix, Tally()).add(tally)
            for entry, effect in stage.effects.get(key, {}).items():
                cands[key].effects.setdefault(entry, EffectTally()).add(effect)
            cands[key].rung = rung
        for key in alive:
            _evaluate(plan, cands[key], base, base_effects)
        alive.sort(key=lambda k: (cands[k].gaps["distance"], k))
        best_high = cands[alive[0]].gaps["distance_high"]
        raced = {k for k in alive if cands[k].gaps["distance_low"] > best_high}
        rest = [k for k in alive if k not in raced]
        kept = set(rest if rung == b.rungs else rest[:max(b.beam, math.ceil(len(alive) * b.keep))])
        baseline = Candidate((), base, round=round_no, rung=rung, effects=base_effects)  # every game it played so far
        _evaluate(plan, baseline, base, base_effects)
        path_rows += _path_rows(plan, round_no, rung, seed, games, [baseline] + [cands[k] for k in alive],
                                kept | {BASE}, raced)
        for key in alive:
            if key not in kept:
                cands[key].out_at = rung
        best = cands[alive[0]]
        say(f"  best: {proposal_text(best.proposal)}: worst gap {best.gaps['worst']:.2f} × tolerance; "
            f"{len(raced)} dropped by racing, {len(alive) - len(kept) - len(raced)} by halving, {len(kept)} go on")
        alive = [k for k in alive if k in kept]
        if len(alive) <= b.beam or rung == b.rungs:
            break
        games *= 2
    # the last rung's survivors first (best first), then the rest by how far they got
    order = sorted(cands.values(), key=lambda c: (c.out_at is not None, -c.rung, c.gaps.get("distance", math.inf), c.key))
    return order


def search(experiment: Experiment, results: Path, executor: Executor | None = None,
           progress: ProgressReporter | None = None, overwrite: bool = False, say: Say = lambda text: None,
           lang: str = "es") -> SearchResult:
    """Run the whole search and the confirmation; write path.parquet, proposals.json and the HTML
    report (in `lang`)."""
    executor = executor or SerialExecutor()
    progress = progress or SilentProgress()
    plan = plan_search(experiment)
    b = plan.balance
    folder = balance_dir(results, experiment)
    if (folder / "manifest.json").exists():
        raise InputError(f"{folder}: holds a run of `sim run`, not a balance search; rename that folder")
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    say(f"{len(plan.moves)} single edit(s) in the search space"
        + (f" ({len(plan.refused)} refused by the card rules)" if plan.refused else "")
        + f"; {len(plan.components)} figure(s) to bring to target over {len(plan.matchups)} matchup(s)")
    base: dict[str, Tally] = {}
    base_effects: dict[Slot, EffectTally] = {}
    path_rows: list[dict] = []
    played = GamesPlayed()
    finalists: dict[str, Candidate] = {}
    if plan.measures_effects:
        slots = candidate_slots(plan, ())
        say(f"the baseline's card effects: {len({e[2] for e in slots})} card(s), {len(slots)} deck entries × 2 "
            f"forced configs × {b.effect_games:,} games, seed {plan.seeds[(0, 1)]}")
        effects = play_stage(plan, "effects", [()], b.effect_games, plan.seeds[(0, 1)], folder / "search", executor,
                             progress, overwrite, {BASE: slots}, ordinary=False)
        played.add(effects)
        base_effects = effects.effects.get(BASE, {})
        plan.watched = watch_cards(plan, base_effects)
        say(f"  every candidate measures the {len(plan.watched)} card(s) farther than {b.effect_watch:g} × the "
            f"tolerance from the target: {', '.join(sorted(plan.watched)) or 'none'}; the others are read from the "
            "baseline's unless a candidate edits them")
    first = run_round(plan, 1, [(m,) for m in plan.moves], base, base_effects, folder / "search", executor, progress,
                      overwrite, say, path_rows, played)
    promising = [c.proposal[0] for c in first[:b.combine]]
    beam = first[:b.beam]
    finalists.update({c.key: c for c in first if c.out_at is None})
    for round_no in range(2, b.max_edits + 1):
        if sum(1 for c in finalists.values() if c.gaps["worst"] <= 1.0) >= b.proposals:
            say(f"{b.proposals} proposal(s) already meet every objective: no round of {round_no} edits")
            break
        grown = {}
        for cand in beam:
            for move in promising:
                bigger = _extend(cand.proposal, move)
                if bigger is not None:
                    grown[proposal_key(bigger)] = bigger
        if not grown:
            break
        found = run_round(plan, round_no, list(grown.values()), base, base_effects, folder / "search", executor,
                          progress, overwrite, say, path_rows, played)
        beam = found[:b.beam]
        finalists.update({c.key: c for c in found if c.out_at is None})
    chosen = sorted(finalists.values(), key=lambda c: (c.gaps["worst"] > 1.0, c.gaps["distance"], len(c.proposal), c.key))
    chosen = chosen[:b.proposals]
    search_seconds = time.perf_counter() - started
    say(f"confirming {len(chosen)} proposal(s) and the baseline on the held-out seed {b.held_out_seed}, "
        f"{b.confirm_games:,} games each")
    held_out = play_confirmation(plan, "confirm", [()] + [c.proposal for c in chosen], b.held_out_seed, folder,
                                 executor, progress, overwrite, say, played)
    proposals = ranked_proposals(plan, chosen, held_out)
    confirmation = None
    if len(proposals) > 1:  # proposal 1 was chosen on the held-out games: its figures come from fresh ones
        first = next(c for c in chosen if c.key == proposals[0]["candidate"])
        say(f"confirming proposal 1, the best of {len(proposals)} on the held-out seed, and the baseline on the "
            f"confirmation seed {plan.confirmation_seed}, {b.confirm_games:,} games each")
        fresh = play_confirmation(plan, CHOSEN_STAGE, [(), first.proposal], plan.confirmation_seed, folder, executor,
                                  progress, overwrite, say, played)
        confirmation = confirm_chosen(plan, proposals[0], first.proposal, fresh, len(proposals))
    wall = time.perf_counter() - started
    use = held_out_use(experiment.spec.name, experiment.path.resolve(), experiment.spec.ruleset, b.held_out_seed,
                       card_files(plan), plan.cards_dir)
    record = _record(plan, proposals, held_out, confirmation, search_seconds, wall, played, path_rows,
                     earlier_uses_on_other_cards(results, folder, use))
    path = pl.DataFrame(path_rows)
    write_bytes_atomic(folder / PATH_FILE, parquet_bytes(path))
    write_json_atomic(folder / PROPOSALS_FILE, record)
    record_use(folder, use)
    from sim.balance.report import balance_report_html  # Plotly loads only once the search is done

    page = balance_report_html(record, path, lang)
    write_bytes_atomic(folder / REPORT_FILE, page.encode("utf-8"))
    return SearchResult(folder, plan, record, path)


@dataclass
class Measured:
    """A confirmation's games: each candidate's tallies by matchup suffix and, for a card_effect
    objective, its forced pairs by entry (every card its decks hold, from its own pairs only)."""

    tallies: dict[str, dict[str, Tally]]
    effects: dict[str, dict[Slot, EffectTally]]

    def figures(self, plan: SearchPlan, proposal: Proposal) -> list[Figure]:
        key = proposal_key(proposal)
        effects = None
        if plan.measures_effects:
            effects = Effects(candidate_slots(plan, proposal), self.effects.get(key, {}))
        return [component_figure(plan, c, self.tallies[key], self.tallies[BASE], False, effects)
                for c in plan.components]

    def paired_changes(self, plan: SearchPlan, proposal: Proposal) -> list[dict[str, float] | None]:
        """Each figure's change from the baseline on the same games, paired game by game (None for a
        figure compared side by side: a first-player advantage, a card effect)."""
        tallies = self.tallies[proposal_key(proposal)]
        out: list[dict[str, float] | None] = []
        for comp in plan.components:
            if comp.figure in ("first_player_advantage", "card_effect"):
                out.append(None)
                continue
            suffixes = ([plan.matchups[comp.matchup].suffix] if comp.matchup is not None else
                        [m.suffix for m in plan.matchups if not m.mirror and comp.faction in (m.i, m.j)])
            diff = var = 0.0
            k = 1 if comp.matchup is not None else len(plan.experiment.spec.sides)
            for suffix in suffixes:
                m = next(x for x in plan.matchups if x.suffix == suffix)
                t = tallies[suffix]
                mean, se = t.d1 / t.paired, pair_mean_se(t.d1, t.d2, t.paired, t.dc1, t.dc2, t.dc)
                sign = -1.0 if (comp.flip or (comp.faction is not None and m.j == comp.faction)) else 1.0
                diff += sign * mean / k
                var += se * se / (k * k)
            out.append({"diff": diff, "low": diff - Z95 * math.sqrt(var), "high": diff + Z95 * math.sqrt(var)})
        return out

    def reading(self, plan: SearchPlan, proposal: Proposal) -> dict[str, Any]:
        """A proposal as these games read it: met, its gaps, its figures with their paired changes
        and, for a round robin, its Nash mix."""
        figures = self.figures(plan, proposal)
        g = gaps(plan.components, figures)
        items = _figures_dict(plan, figures)
        for item, change in zip(items, self.paired_changes(plan, proposal)):
            item["paired_change"] = change
        return {"met": g["worst"] <= 1.0, "worst": g["worst"], "distance": g["distance"], "figures": items,
                "metagame": confirmed_metagame(plan, self.tallies[proposal_key(proposal)])}


CHOSEN_STAGE = "confirm_chosen"  # proposal 1 and the baseline on the confirmation seed (and its _effects)
READING = ("met", "worst", "distance", "figures", "metagame")  # what Measured.reading gives


def play_confirmation(plan: SearchPlan, name: str, proposals: Sequence[Proposal], seed: int, folder: Path,
                      executor: Executor, progress: ProgressReporter, overwrite: bool, say: Say,
                      played: GamesPlayed) -> Measured:
    """The proposals (the baseline first) on `confirm_games` games of `seed` (the stage `name`) and,
    for a card_effect objective, every card of their decks drawn and undrawn on
    `confirm_effect_games` games of the same seed (the stage `name`_effects)."""
    b = plan.balance
    stage = play_stage(plan, name, proposals, b.confirm_games, seed, folder, executor, progress, overwrite)
    played.add(stage)
    effects: dict[str, dict[Slot, EffectTally]] = {}
    if plan.measures_effects:
        say(f"  and their card effects on the same seed, {b.confirm_effect_games:,} games per forced config")
        forced = {proposal_key(p): candidate_slots(plan, p) for p in proposals}
        measured = play_stage(plan, f"{name}_effects", proposals, b.confirm_effect_games, seed, folder, executor,
                              progress, overwrite, forced, ordinary=False)
        played.add(measured)
        effects = measured.effects
    return Measured(stage.tallies, effects)


def ranked_proposals(plan: SearchPlan, chosen: list[Candidate], held_out: Measured) -> list[dict[str, Any]]:
    """The finalists as proposals.json keeps them, ranked on the held-out games: meeting every
    objective first, then fewer edits, then the worst gap."""
    proposals = [{"candidate": cand.key, "edits": [e.as_dict() for e in cand.proposal],
                  "edits_text": proposal_text(cand.proposal), **held_out.reading(plan, cand.proposal),
                  "search_figures": _figures_dict(plan, cand.figures),
                  "search_games": cand.tallies[plan.matchups[0].suffix].n,
                  "patch": card_patch(cand.proposal, plan.cards_dir)} for cand in chosen]
    proposals.sort(key=lambda p: (not p["met"], len(p["edits"]), p["worst"]))
    for rank, p in enumerate(proposals, 1):
        p["rank"] = rank
    return proposals


def confirm_chosen(plan: SearchPlan, first: dict[str, Any], proposal: Proposal, fresh: Measured,
                   among: int) -> dict[str, Any]:
    """Proposal 1 read on the confirmation seed's games: those become its figures, and its held-out
    reading, the one it was chosen on, is kept as `selection`. Returns the confirmation's own part
    of proposals.json: its seed, games and the baseline on the same games."""
    first["selection"] = {key: first[key] for key in READING}
    first.update(fresh.reading(plan, proposal))
    b = plan.balance
    return {"seed": plan.confirmation_seed, "games": b.confirm_games,
            "effect_games": b.confirm_effect_games if plan.measures_effects else None,
            "candidate": first["candidate"], "rank": first["rank"], "among": among,
            "baseline": _figures_dict(plan, fresh.figures(plan, ())),
            "baseline_metagame": confirmed_metagame(plan, fresh.tallies[BASE])}


def card_files(plan: SearchPlan) -> list[Path]:
    """The card (and deck) files the spec's factions are read from."""
    ruleset = plan.experiment.ruleset
    return [path for faction in dict.fromkeys(s.faction for s in plan.experiment.spec.sides)
            for path in ruleset.load_cards(faction, plan.cards_dir).files]


def _figures_dict(plan: SearchPlan, figures: list[Figure]) -> list[dict]:
    """The figures as proposals.json keeps them; a card_effect's with its worst card (`card`,
    `card_name`), every bounded card's figure (`cards`, best first) and the cards out of every deck
    (`absent`). A card_effect that no deck can measure any more has value null and is not met."""
    out = []
    for comp, fig in zip(plan.components, figures):
        low, high = fig.interval()
        measured = not math.isnan(fig.value)
        item = {"name": comp.name, "figure": comp.figure, "a": comp.a, "b": comp.b, "bounds": list(comp.cards),
                "target": comp.target, "tolerance": comp.tolerance,
                "value": fig.value if measured else None, "low": low if measured else None,
                "high": high if measured else None, "n": fig.n,
                "met": measured and abs(fig.value - comp.target) <= comp.tolerance,
                "interval_inside": measured and comp.target - comp.tolerance <= low and high <= comp.target + comp.tolerance}
        if comp.figure == "card_effect":
            item["card"], item["card_name"] = fig.card, plan.card_names.get(fig.card or "", "")
            item["cards"] = [card.as_dict(Z95) | {"name": plan.card_names.get(card.card, ""),
                                                  "met": abs(card.value - comp.target) <= comp.tolerance}
                             for card in sorted(fig.cards, key=lambda c: (-c.value, c.card))]
            item["absent"] = [{"card": card, "name": plan.card_names.get(card, "")} for card in fig.absent]
        out.append(item)
    return out


def confirmed_metagame(plan: SearchPlan, tallies: dict[str, Tally]) -> dict[str, Any] | None:
    """A round robin's Nash mix (sim.analysis.metagame.nash_mix) from one candidate's held-out
    games: each cell the row faction's win rate, mirrors at 50%; None for a two-sided spec."""
    from sim.analysis.metagame import nash_mix

    if plan.experiment.spec.matchups != "round_robin":
        return None
    names = _names(plan.experiment)
    k = len(names)
    matrix = np.full((k, k), 0.5)
    games = np.zeros((k, k), dtype=np.int64)
    for m in plan.matchups:
        if m.mirror:
            continue
        t = tallies[m.suffix]
        matrix[m.i, m.j], matrix[m.j, m.i] = t.score / t.n, 1 - t.score / t.n
        games[m.i, m.j] = games[m.j, m.i] = t.n
    mix = nash_mix(matrix, names)
    return {"names": names, "matrix": matrix.tolist(), "games": games.tolist(), "mix": mix.mix.tolist(),
            "support": list(mix.support), "value": mix.value, "win_rate_vs_mix": mix.win_rate_vs_mix.tolist(),
            "exploitability": mix.exploitability.tolist(), "best_response": list(mix.best_response)}


def _record(plan: SearchPlan, proposals: list[dict[str, Any]], held_out: Measured, confirmation: dict[str, Any] | None,
            search_seconds: float, wall: float, games: GamesPlayed, path_rows: list[dict],
            reuse: list[dict[str, Any]]) -> dict[str, Any]:
    experiment, b = plan.experiment, plan.balance
    return {
        "format": FORMAT,
        "spec": experiment.spec_dict(),
        "spec_path": str(experiment.path.resolve()),
        "spec_hash": experiment.spec_hash(),
        "ruleset": experiment.spec.ruleset,
        "ruleset_version": experiment.ruleset.version,
        "cards_dir": str(plan.cards_dir),
        "seed": experiment.spec.seed,
        "held_out_seed": b.held_out_seed,
        "search_seeds": sorted(set(int(r["seed"]) for r in path_rows)
                               | ({plan.seeds[(0, 1)]} if plan.measures_effects else set())),
        "confirm_games": b.confirm_games,
        "confirmation": confirmation,  # proposal 1 on a second fresh seed (None when it was the only finalist)
        "held_out_reuse": reuse,  # earlier searches that used the held-out seed on other cards
        "card_effects": ({"effect_seed": plan.seeds[(0, 1)], "effect_games": b.effect_games,
                          "confirm_effect_games": b.confirm_effect_games} if plan.measures_effects else None),
        "matchups": [f"{m.a}~{m.b}" for m in plan.matchups],
        "moves": len(plan.moves),
        "refused": [{"edit": e.text(), "reason": why} for e, why in plan.refused],
        "candidates_measured": len({r["candidate"] for r in path_rows}),
        "games_played": games.stored,  # the whole search's, resumed or not
        "play_seconds": round(games.play_seconds, 2),
        "session_games": games.session,  # this invocation's (0 on a rerun of a finished search)
        "search_seconds": round(search_seconds, 2),
        "wall_seconds": round(wall, 2),
        "baseline": _figures_dict(plan, held_out.figures(plan, ())),
        "baseline_metagame": confirmed_metagame(plan, held_out.tallies[BASE]),
        "proposals": proposals,
    }


def read_proposals(results: Path, experiment: Experiment) -> dict[str, Any]:
    """The stored proposals of a spec's search (InputError when the search has not run)."""
    path = balance_dir(results, experiment) / PROPOSALS_FILE
    if not path.is_file():
        raise InputError(f"{path}: no proposals yet; run `sim balance {experiment.path}` first")
    return json.loads(path.read_text(encoding="utf-8"))


def proposal_edits(record: dict[str, Any], number: int) -> Proposal:
    """Proposal `number` (its rank, from 1) of a stored record as edits."""
    proposals = record["proposals"]
    if not 1 <= number <= len(proposals):
        raise SaidError("patch_no_proposal", number=number, count=len(proposals))
    return tuple(Edit(**e) for e in proposals[number - 1]["edits"])
