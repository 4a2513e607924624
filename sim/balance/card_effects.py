"""Card-effect objectives of a balance search (`figure = "card_effect"`): the forced-draw effect of
each card (ANALYTICS.md: the card on top of the shuffled deck against at its bottom, the same games
otherwise), read from forced configs played beside a candidate's own games.

For a candidate, a card's effect in one matchup and seat ("slot": 0 the matchup's first side, 1 its
second) is mean(score drawn − score undrawn) over the game indices both configs played with the card
in the deck; the standard error is clustered on seat-mirrored pairs, as every figure of the search.
A card's figure is the mean over the matchups its faction plays (a uniform field of the others in a
round robin; in a mirror both seats count), and an objective's figure is the card farthest from
its target: the objective holds when no card is beyond the tolerance.

What is measured where (docs/balance.md, "Card effects"):
- the search measures the baseline's every card once (`effect_games` per forced config, the stage
  "effects");
- at each rung, each candidate plays the forced draws of its edited cards and of the cards its edits
  bring into a deck, and past the first screen those of the watched cards (the baseline's farther
  than `effect_watch` × the tolerance from the target: an edit moves the others' effects too); a
  card it does not play is read from the baseline's measurement (the screening's approximation,
  never a reported figure);
- the confirmation measures every card of the baseline's and each proposal's decks on the held-out
  seed (`confirm_effect_games`), and those are the figures reported.
A card a candidate's decks no longer hold (a greedy drafter leaves a dearer card out) has no forced
draw and no figure; it is listed as out of the deck, not counted as within tolerance or not.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis.intervals import pair_clustered_se, score_a
from sim.results.scans import scan_games
from sim.core.forced_draw import BOTTOM, TOP
from sim.run.spec import Experiment

Slot = tuple[str, int, str]  # (matchup suffix, slot 0 or 1, card id)
WORDS = (("drawn", TOP), ("undrawn", BOTTOM))


class Sums:
    """Sums that add field by field (one candidate's tally over several rungs)."""

    def add(self, other: "Sums") -> None:
        for f in fields(self):  # type: ignore[arg-type]
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def mean_se(total: float, squares: float, count: int) -> tuple[float, float]:
    """The mean of `count` values from their sum and sum of squares, and its standard error."""
    if count == 0:
        return math.nan, math.nan
    mean = total / count
    if count < 2:
        return mean, 0.0
    var = max(squares - total * total / count, 0.0) / (count - 1)
    return mean, math.sqrt(var / count)


def pair_mean_se(game_total: float, game_squares: float, games: int, pair_total: float, pair_squares: float,
                 pairs: int) -> float:
    """The standard error of a mean over games that come in seat-mirrored pairs, by the run's one
    design-effect rule (sim.analysis.intervals.design_effect): clustered on the pairs (from the
    pairs' means), never below what the games would give were they independent."""
    return pair_clustered_se(mean_se(pair_total, pair_squares, pairs)[1], mean_se(game_total, game_squares, games)[1])


@dataclass
class EffectTally(Sums):
    """Sums over one candidate's forced pairs of one card in one matchup and slot: `n` game indices
    played both ways with the card in the deck, `d1` the sum of drawn − undrawn; `c`, `c1`, `c2`
    the seat-mirrored pairs and the sum of their mean difference and its square; `d2` the sum of
    the games' squared differences."""

    n: int = 0
    d1: float = 0.0
    c: int = 0
    c1: float = 0.0
    c2: float = 0.0
    d2: float = 0.0

    def value_se(self) -> tuple[float, float]:
        """The effect (mean over the games) and its standard error by the design-effect rule."""
        if self.n == 0:
            return math.nan, math.nan
        return self.d1 / self.n, pair_mean_se(self.d1, self.d2, self.n, self.c1, self.c2, self.c)


def deck_slots(suffix: str, sub: Experiment, pool: frozenset[str] | None) -> list[Slot]:
    """(suffix, slot, card) for each card of `pool` (None: every card) that each slot's deck can hold
    in `sub`, one candidate's config of one matchup (its card edits may change a drafted deck)."""
    ruleset = sub.ruleset
    match = sub.match_config()
    return [(suffix, slot, card_id) for slot in (0, 1) for card_id in ruleset.forced_draw_cards(match, slot)
            if pool is None or card_id in pool]


def forced_configs(config_id: str, sub: Experiment, slots: list[Slot]) -> list[tuple[str, Experiment, Slot, str]]:
    """The drawn and the undrawn config of each (slot, card) of `slots` on `sub`'s games, with the
    candidate's card overrides: (forced config id, its experiment, the slot, "drawn" or "undrawn")."""
    out = []
    for entry in slots:
        _, slot, card_id = entry
        for word, where in WORDS:
            forced_id = f"{config_id}.side{slot + 1}.{word}={card_id}"
            out.append((forced_id, Experiment(sub.spec, sub.path, sub.card_overrides,
                                              sub.sweep_point + ((f"side{slot + 1}.{word}", card_id),),
                                              force=(slot, card_id, where)), entry, word))
    return out


def effect_tallies(run_dir: Path, forced: dict[str, tuple[str, str, int, str, str]]) -> dict[tuple[str, Slot], EffectTally]:
    """Per (candidate key, (matchup suffix, slot, card)) of one run: the forced pairs' sums.
    `forced` maps a forced config id to (candidate key, matchup suffix, slot, card, word)."""
    if not forced:
        return {}
    manifest = json.loads((run_dir / "manifest.json").read_text(encoding="utf-8"))
    mapping = pl.DataFrame({
        "config": list(forced), "key": [v[0] for v in forced.values()], "m": [v[1] for v in forced.values()],
        "slot": [v[2] for v in forced.values()], "card": [v[3] for v in forced.values()],
        "word": [v[4] for v in forced.values()],
        "card_index": [(manifest["configs"][c].get("forced") or {}).get("card_index") for c in forced]},
        schema_overrides={"slot": pl.Int8, "card_index": pl.Int64})
    lazy = scan_games(run_dir)
    has_decks = {"deck_a", "deck_b"} <= set(lazy.collect_schema().names())
    columns = ["config", "game", "unit", "stage"] + (["deck_a", "deck_b"] if has_decks else [])
    games = (lazy.filter(pl.col("config").is_in(list(forced))).select(*columns, score_a().alias("score_a"))
             .collect().join(mapping, on="config"))
    side_score = pl.when(pl.col("slot") == 0).then(pl.col("score_a")).otherwise(1.0 - pl.col("score_a"))
    games = games.with_columns(side_score.alias("score"))
    if has_decks:  # a random drafter may leave the card out: that game says nothing of it
        deck = pl.when(pl.col("slot") == 0).then(pl.col("deck_a")).otherwise(pl.col("deck_b")).cast(pl.Int64)
        in_deck = pl.col("card_index").is_null() | ((deck // (2 ** pl.col("card_index").fill_null(0))) % 2 == 1)
        games = games.with_columns(in_deck.alias("in_deck"))
    else:
        games = games.with_columns(pl.lit(True).alias("in_deck"))
    keys = ["key", "m", "slot", "card", "game"]
    drawn = games.filter(pl.col("word") == "drawn").select(*keys, "unit", "stage", "in_deck", "score")
    undrawn = games.filter(pl.col("word") == "undrawn").select(*keys, pl.col("score").alias("score_undrawn"))
    paired = (drawn.join(undrawn, on=keys, how="inner").filter(pl.col("in_deck"))
              .with_columns((pl.col("score") - pl.col("score_undrawn")).alias("d")))
    group = ["key", "m", "slot", "card"]
    clusters = (paired.group_by(*group, (pl.col("unit") // 2).alias("pair"), "stage")
                .agg(pl.col("d").mean().alias("md"))
                .group_by(group).agg(pl.len().alias("c"), pl.col("md").sum().alias("c1"),
                                     (pl.col("md") ** 2).sum().alias("c2")))
    totals = (paired.group_by(group).agg(pl.len().alias("n"), pl.col("d").sum().alias("d1"),
                                         (pl.col("d") ** 2).sum().alias("d2"))
              .join(clusters, on=group, how="left").fill_null(0))
    out: dict[tuple[str, Slot], EffectTally] = {}
    for key, m, slot, card, *_ in forced.values():  # a card played both ways but never in the deck: n = 0
        out[(key, (m, slot, card))] = EffectTally()
    for row in totals.iter_rows(named=True):
        out[(row["key"], (row["m"], int(row["slot"]), row["card"]))] = EffectTally(
            int(row["n"]), float(row["d1"]), int(row["c"]), float(row["c1"]), float(row["c2"]), float(row["d2"]))
    return out


@dataclass(frozen=True)
class CardFigure:
    """One card's forced-draw effect for a candidate: the mean over the matchups and seats that
    measured it, its standard error, the pairs behind it, and where it was read ("candidate" for
    its own games, "baseline" for the baseline's, in the screening)."""

    card: str
    value: float
    se: float
    n: int
    read_from: str

    def as_dict(self, z: float) -> dict[str, Any]:
        return {"card": self.card, "value": self.value, "low": self.value - z * self.se,
                "high": self.value + z * self.se, "n": self.n, "read_from": self.read_from}


def card_figures(entries: list[Slot], own: dict[Slot, EffectTally],
                 base: dict[Slot, EffectTally] | None = None) -> tuple[list[CardFigure], list[str]]:
    """Each card's figure over its `entries` (the matchups and seats whose deck holds it) from a
    candidate's forced pairs, `own`; in the screening the baseline's, `base`, stand in for an entry
    the candidate did not play (a card it does not edit, or a matchup its edits do not reach).
    Returns the figures, sorted by card, and the cards with no pairs at all (out of every deck the
    candidate's games drafted)."""
    by_card: dict[str, list[Slot]] = {}
    for entry in entries:
        by_card.setdefault(entry[2], []).append(entry)
    figures, absent = [], []
    for card in sorted(by_card):
        values, variances, n, own_read = [], [], 0, False
        for entry in by_card[card]:
            tally = own.get(entry)
            if tally is None and base is not None:
                tally = base.get(entry)
            elif tally is not None:
                own_read = True
            if tally is None or tally.n == 0:
                continue
            value, se = tally.value_se()
            values.append(value)
            variances.append(se * se)
            n += tally.n
        if not values:
            absent.append(card)
            continue
        k = len(values)
        figures.append(CardFigure(card, sum(values) / k, math.sqrt(sum(variances)) / k, n,
                                  "candidate" if own_read else "baseline"))
    return figures, absent
