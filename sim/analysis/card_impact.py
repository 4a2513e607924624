"""Card impact, observational and 17lands-style (ANALYTICS.md), per config, side and card.

From the per-(side, card) counters each game leaves (sim.core.records.count_cards), the side's score
in the games where the card was, counted on the deck the game started with (ANALYTICS.md's
definitions are the contract):
- GP   in the deck (`in_deck`)
- OH   in that deck's opening hand, after any mulligan (`opening_hand`)
- GD   drawn later from that deck, and not in its opening hand (`drawn`); so OH + GD = GIH
- GIH  seen: OH or GD (`seen`); a card never in the deck has no GIH figure (GIH ⊆ GP)
- GNS  in the deck and never seen (`never_seen`)
- after re-draft: drawn from a deck drafted again during the game (dicedraft rule D-16), counted apart
  (`after_redraft`) and in none of the figures above
- Played: played. Selection-biased: a card gets played more in games already going well, so
  win-more cards look good here. Read it as a description, never as the card's strength.
and IWD (improvement when drawn) = GIH WR − GNS WR (not GIH − GP, which mixes GIH into both sides),
beside its null: the IWD a card with no effect would show in the same games. Longer games draw more
cards, so seeing a card goes with long games, and the null is not 0. A card with no effect sits at a
random place in the deck, so in each game it is seen with the share of the deck its side saw; over
the games, its GIH WR is the side's win rate weighted by the cards seen per game and its GNS WR the
one weighted by the cards not seen, which are the pooled GIH and GNS win rates of all the side's
cards (exact when every deck has the same size, as with greedy drafting or a fixed collection).
IWD's p-value tests it against that null, not against 0.

When every game of a side used the same deck (greedy drafting, a fixed collection), GP WR of every
card is the side's own win rate: it is hidden (null) and `single_deck` says why.

The deck-position effect: the win rate when the game's first shuffle put the card among the top k
of the deck (`top`, k = the ruleset's `deck_position_top`) minus the win rate of the other games
with it in the deck. Where a shuffle puts a card is random, so this one is free of the draw-count
bias that flatters slow cards in GIH and IWD. The causal measures a simulator can run, the
forced-draw effect (sim.analysis.forced_draw) and ablation (sim.analysis.ablation), are stronger still.

Every win rate counts a draw as half a win and comes with its n (games) and a 95% Wilson interval.
IWD and the deck-position effect, each a difference of two win rates on separate games (a game lands
in GIH or in GNS, never both), get Newcombe's hybrid score interval from the two rates' Wilson
intervals (sim.analysis.intervals.newcombe_interval: never past ±100 points, as the normal one went
at a few games). IWD also gets a two-sided p-value of IWD ≠ its null on the normal standard error
(`iwd_se`), q-values across the cards of one config and side, and a shrunk IWD for sorting (the raw
one puts lucky rare cards on top). The counters are not kept per seat-mirrored pair, so no design
effect is taken here (sim.analysis.intervals.design_effect).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, newcombe_interval, normal_p_value, wilson_exprs
from sim.analysis.multiple_testing import benjamini_hochberg, benjamini_yekutieli, shrunk_estimate
from sim.results.scans import scan_cards, scan_games
from sim.core.records import COUNTER_NAMES, RESULT_NAMES
from sim.results.folder import GAMES
from sim.results.summaries import kept_tables

KEYS = ["config", "side", "card_id"]
DESCRIPTION = ["faction", "card_name", "cost"]

# figure -> the counters whose games it covers
FIGURES: dict[str, tuple[str, ...]] = {
    "gp": ("in_deck",),
    "oh": ("opening_hand",),
    "gd": ("drawn",),
    "gih": ("seen",),
    "gns": ("never_seen",),
    "played": ("played",),
    "top": ("top",),  # the first shuffle put it among the top k (deck-position effect)
    "rest": ("rest",),  # in the deck, not among the top k
    "after_redraft": ("after_redraft",),  # drawn from a re-drafted deck (rule D-16)
}


def _summed(frame: pl.DataFrame | pl.LazyFrame) -> pl.LazyFrame:
    """One row per (config, side, card): the chunks' counters added up."""
    counts = [f"{c}_{r}" for c in (*COUNTER_NAMES, "rest") for r in RESULT_NAMES]
    lazy = frame.lazy()
    names = lazy.collect_schema().names()
    if "seen_win" not in names:  # written before the `seen` counter existed
        lazy = lazy.with_columns(
            (pl.col(f"opening_hand_{r}") + pl.col(f"drawn_{r}")).alias(f"seen_{r}") for r in RESULT_NAMES)
    for counter in ("top", "after_redraft"):  # written before these counters existed: nothing counted
        if f"{counter}_win" not in names:
            lazy = lazy.with_columns(pl.lit(0, pl.Int64).alias(f"{counter}_{r}") for r in RESULT_NAMES)
    lazy = lazy.with_columns((pl.col(f"in_deck_{r}") - pl.col(f"top_{r}")).alias(f"rest_{r}") for r in RESULT_NAMES)
    return (
        lazy
        .group_by(KEYS)
        .agg(*(pl.col(d).first() for d in DESCRIPTION), *(pl.col(c).sum().cast(pl.Int64) for c in counts))
    )


def _figure_columns(fig: str, counters: tuple[str, ...], z: float) -> list[pl.Expr]:
    def total(result: str) -> pl.Expr:
        return pl.sum_horizontal(pl.col(f"{c}_{result}") for c in counters)

    n = total("win") + total("loss") + total("draw")
    score = total("win").cast(pl.Float64) + 0.5 * total("draw")
    low, high = wilson_exprs(score, n, z)
    rate = pl.when(n > 0).then(score / n).otherwise(None)
    return [n.alias(f"{fig}_n"), rate.alias(f"{fig}_wr"), low.alias(f"{fig}_ci_low"), high.alias(f"{fig}_ci_high")]


def _difference_interval(a: str, b: str) -> tuple[pl.Expr, pl.Expr]:
    """Newcombe's interval for `a`'s win rate minus `b`'s, from their Wilson intervals (the z of the
    figures' columns)."""
    return newcombe_interval(pl.col(f"{a}_wr"), pl.col(f"{a}_ci_low"), pl.col(f"{a}_ci_high"),
                             pl.col(f"{b}_wr"), pl.col(f"{b}_ci_low"), pl.col(f"{b}_ci_high"))


def _iwd_columns() -> list[pl.Expr]:
    gih, gns = pl.col("gih_wr"), pl.col("gns_wr")
    var = gih * (1 - gih) / pl.col("gih_n") + gns * (1 - gns) / pl.col("gns_n")
    iwd = gih - gns
    low, high = _difference_interval("gih", "gns")
    return [iwd.alias("iwd"), var.sqrt().alias("iwd_se"), low.alias("iwd_ci_low"), high.alias("iwd_ci_high"),
            (iwd - pl.col("iwd_null")).alias("iwd_excess")]


def _pooled_rate(counter: str) -> pl.Expr:
    """The win rate of all the (config, side)'s cards' games under `counter`, pooled."""
    group = ["config", "side"]
    score = pl.col(f"{counter}_win").cast(pl.Float64) + 0.5 * pl.col(f"{counter}_draw")
    n = pl.sum_horizontal(pl.col(f"{counter}_{r}") for r in RESULT_NAMES)
    return score.sum().over(group) / n.sum().over(group)


def _null_and_deck_columns(games: pl.Expr) -> list[pl.Expr]:
    """iwd_null (module docstring), single_deck (every game of the side had the same deck: each card
    in all of its games or in none) and never_played (seen in some game, played in none)."""
    group = ["config", "side"]
    gp_n = pl.sum_horizontal(pl.col(f"in_deck_{r}") for r in RESULT_NAMES)
    seen_n = pl.sum_horizontal(pl.col(f"seen_{r}") for r in RESULT_NAMES)
    played_n = pl.sum_horizontal(pl.col(f"played_{r}") for r in RESULT_NAMES)
    return [
        (_pooled_rate("seen") - _pooled_rate("never_seen")).alias("iwd_null"),
        ((gp_n == 0) | (gp_n == games)).all().over(group).alias("single_deck"),
        ((seen_n > 0) & (played_n == 0)).alias("never_played"),
    ]


def _position_columns() -> list[pl.Expr]:
    """The deck-position effect: top-k WR minus the rest's, two independent proportions. Where the
    first shuffle puts a card is random, so unlike IWD this is free of the draw-count bias."""
    low, high = _difference_interval("top", "rest")
    return [(pl.col("top_wr") - pl.col("rest_wr")).alias("position_effect"), low.alias("position_ci_low"),
            high.alias("position_ci_high")]


def _many_cards(group: pl.DataFrame) -> pl.DataFrame:
    """p-value (IWD against its null), q-values and shrunk IWD across the cards of one config and
    side. A card without games on both sides of IWD, or with a zero standard error (both rates at 0
    or 1), has no normal p-value; it is left out of the family and gets nulls."""
    iwd = group["iwd"].to_numpy().astype(np.float64)
    excess = group["iwd_excess"].to_numpy().astype(np.float64)
    se = group["iwd_se"].to_numpy().astype(np.float64)
    testable = np.isfinite(excess) & np.isfinite(se) & (se > 0)
    p = np.full(len(group), np.nan)
    q_bh, q_by = p.copy(), p.copy()
    if testable.any():
        p[testable] = [normal_p_value(e, s) for e, s in zip(excess[testable], se[testable])]
        q_bh[testable] = benjamini_hochberg(p[testable])
        q_by[testable] = benjamini_yekutieli(p[testable])
    return group.with_columns(
        pl.Series("iwd_p_value", p, nan_to_null=True),
        pl.Series("q_value", q_bh, nan_to_null=True),
        pl.Series("q_value_by", q_by, nan_to_null=True),
        pl.Series("iwd_shrunk", shrunk_estimate(iwd, se), nan_to_null=True),
    )


def card_impact_from_counters(frame: pl.DataFrame | pl.LazyFrame, z: float = Z95,
                              games: dict[str, int] | None = None) -> pl.DataFrame:
    """Card impact from a cards frame (scan_cards' columns; per-chunk rows are summed first).

    One row per (config, side, card_id): faction, card_name, cost; for each figure in gp, oh, gd,
    gih, gns, played, top, rest, after_redraft: `<fig>_n` (games), `<fig>_wr` (win rate, draw = ½;
    null at n = 0), `<fig>_ci_low`, `<fig>_ci_high` (Wilson); `iwd` = gih_wr − gns_wr with `iwd_se`
    (normal), `iwd_ci_low`, `iwd_ci_high` (Newcombe's, from the Wilson intervals); `iwd_null` (what a card with no effect would show, module
    docstring) and `iwd_excess` = iwd − iwd_null; `iwd_p_value` (two-sided normal, IWD ≠ its null);
    `q_value` (Benjamini-Hochberg across the cards of the config and side) and `q_value_by`
    (Benjamini-Yekutieli: those cards share games, so this is the conservative reading);
    `iwd_shrunk` (empirical-Bayes shrunk IWD, the sort key); `single_deck` (every game of the side had
    one deck: gp_wr and its interval are then null, as they would only repeat the side's win rate);
    `never_played`; position_effect with its interval. `games` (config -> games played) makes
    `single_deck` exact; without it a side counts as one deck when every card in its deck was in the
    same number of games. `played_*` is selection-biased (module docstring). Sorted by config, side,
    then iwd_shrunk from best to worst (cards without one last)."""
    summed = _summed(frame)
    figures = [e for fig, counters in FIGURES.items() for e in _figure_columns(fig, counters, z)]
    gp_n = pl.sum_horizontal(pl.col(f"in_deck_{r}") for r in RESULT_NAMES)
    games_expr = (pl.col("config").replace_strict(games, default=None, return_dtype=pl.Int64) if games
                  else gp_n.max().over(["config", "side"]))
    table = (summed.with_columns(*_null_and_deck_columns(games_expr))
             .select(*KEYS, *DESCRIPTION, *figures, "iwd_null", "single_deck", "never_played")
             .with_columns(*_iwd_columns(), *_position_columns())
             .with_columns(pl.when(pl.col("single_deck")).then(None).otherwise(pl.col(c)).alias(c)
                           for c in ("gp_wr", "gp_ci_low", "gp_ci_high"))
             .sort(KEYS).collect())
    if table.is_empty():
        return table.with_columns(pl.lit(None, pl.Float64).alias(c)
                                  for c in ("iwd_p_value", "q_value", "q_value_by", "iwd_shrunk"))
    groups = [_many_cards(g) for g in table.partition_by(["config", "side"], maintain_order=True)]
    return pl.concat(groups).sort(["config", "side", "iwd_shrunk", "card_id"],
                                  descending=[False, False, True, False], nulls_last=True)


def games_per_config(run_dir: Path) -> dict[str, int] | None:
    """Games played per config of a run folder (what `single_deck` compares card counts with), or
    None for a folder of card counters alone."""
    if not any((Path(run_dir) / GAMES).glob("config=*/*.parquet")):
        return None
    counted = scan_games(run_dir).group_by("config").agg(pl.len().cast(pl.Int64).alias("n")).collect()
    return dict(zip(counted["config"].to_list(), counted["n"].to_list()))


def card_impact(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Card impact of a run folder's card counters; see card_impact_from_counters for the columns."""
    return card_impact_from_counters(scan_cards(run_dir), z, games_per_config(run_dir))


def kept_card_impact(run_dir: Path) -> pl.DataFrame:
    """The run's card impact, kept as the set "impact" (sim.results.summaries): the dashboard's
    cards and compare pages, `sim compare` and `sim report` read the same set."""
    return kept_tables(run_dir, "impact", lambda: {"impact": card_impact(run_dir)})["impact"]
