"""Card impact, observational and 17lands-style (ANALYTICS.md), per config, side and card.

From the per-(side, card) counters each game leaves (sim.core.records.count_cards), the side's score
in the games where the card was:
- GP   in the deck (`in_deck`)
- OH   in the opening hand, after any mulligan (`opening_hand`)
- GD   drawn in a later turn (`drawn`)
- GIH  seen: in the opening hand or drawn (`seen`, each game once even when a dicedraft re-draft,
       rule D-16, put the card in an opening hand and drew it again). Runs written before the
       `seen` counter existed fall back to OH + GD, which counts such games twice.
- GNS  in the deck and never seen (`never_seen`)
- Played: played. Selection-biased: a card gets played more in games already going well, so
  win-more cards look good here. Read it as a description, never as the card's strength.
and IWD (improvement when drawn) = GIH WR − GNS WR (not GIH − GP, which mixes GIH into both sides),
and the deck-position effect: the win rate when the game's first shuffle put the card among the top
k of the deck (`top`, k = the ruleset's `deck_position_top`) minus the win rate of the other games
with it in the deck. Where a shuffle puts a card is random, so this one is free of the draw-count
bias that flatters slow cards in GIH and IWD.

Every win rate counts a draw as half a win and comes with its n (games) and a 95% Wilson interval.
IWD gets a normal (Wald) interval from the two proportions taken as independent (a game lands in
GIH or in GNS, never both), a two-sided p-value of IWD ≠ 0 on the same standard error (so p < 0.05
exactly when the 95% interval excludes 0), q-values across the cards of one config and side, and a
shrunk IWD for sorting (the raw one puts lucky rare cards on top). Known bias: long games draw more
cards, so GIH and IWD favour slow cards; show game length beside them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, normal_p_value, wilson_exprs
from sim.analysis.multiple_testing import benjamini_hochberg, benjamini_yekutieli, shrunk_estimate
from sim.analysis.scans import scan_cards
from sim.core.records import COUNTER_NAMES, RESULT_NAMES

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
}


def _summed(frame: pl.DataFrame | pl.LazyFrame) -> pl.LazyFrame:
    """One row per (config, side, card): the chunks' counters added up."""
    counts = [f"{c}_{r}" for c in (*COUNTER_NAMES, "rest") for r in RESULT_NAMES]
    lazy = frame.lazy()
    names = lazy.collect_schema().names()
    if "seen_win" not in names:  # written before the `seen` counter existed
        lazy = lazy.with_columns(
            (pl.col(f"opening_hand_{r}") + pl.col(f"drawn_{r}")).alias(f"seen_{r}") for r in RESULT_NAMES)
    if "top_win" not in names:  # written before the `top` counter existed: no deck-position effect
        lazy = lazy.with_columns(pl.lit(0, pl.Int64).alias(f"top_{r}") for r in RESULT_NAMES)
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


def _iwd_columns(z: float) -> list[pl.Expr]:
    gih, gns = pl.col("gih_wr"), pl.col("gns_wr")
    var = gih * (1 - gih) / pl.col("gih_n") + gns * (1 - gns) / pl.col("gns_n")
    iwd = gih - gns
    return [iwd.alias("iwd"), var.sqrt().alias("iwd_se"),
            (iwd - z * var.sqrt()).alias("iwd_ci_low"), (iwd + z * var.sqrt()).alias("iwd_ci_high")]


def _position_columns(z: float) -> list[pl.Expr]:
    """The deck-position effect: top-k WR minus the rest's, two independent proportions. Where the
    first shuffle puts a card is random, so unlike IWD this is free of the draw-count bias."""
    top, rest = pl.col("top_wr"), pl.col("rest_wr")
    var = top * (1 - top) / pl.col("top_n") + rest * (1 - rest) / pl.col("rest_n")
    effect = top - rest
    return [effect.alias("position_effect"), (effect - z * var.sqrt()).alias("position_ci_low"),
            (effect + z * var.sqrt()).alias("position_ci_high")]


def _many_cards(group: pl.DataFrame) -> pl.DataFrame:
    """p-value, q-values and shrunk IWD across the cards of one config and side. A card without
    games on both sides of IWD, or with a zero standard error (both rates at 0 or 1), has no
    normal p-value; it is left out of the family and gets nulls."""
    iwd = group["iwd"].to_numpy().astype(np.float64)
    se = group["iwd_se"].to_numpy().astype(np.float64)
    testable = np.isfinite(iwd) & np.isfinite(se) & (se > 0)
    p = np.full(len(group), np.nan)
    q_bh, q_by = p.copy(), p.copy()
    if testable.any():
        p[testable] = [normal_p_value(e, s) for e, s in zip(iwd[testable], se[testable])]
        q_bh[testable] = benjamini_hochberg(p[testable])
        q_by[testable] = benjamini_yekutieli(p[testable])
    return group.with_columns(
        pl.Series("iwd_p_value", p, nan_to_null=True),
        pl.Series("q_value", q_bh, nan_to_null=True),
        pl.Series("q_value_by", q_by, nan_to_null=True),
        pl.Series("iwd_shrunk", shrunk_estimate(iwd, se), nan_to_null=True),
    )


def card_impact_from_counters(frame: pl.DataFrame | pl.LazyFrame, z: float = Z95) -> pl.DataFrame:
    """Card impact from a cards frame (scan_cards' columns; per-chunk rows are summed first).

    One row per (config, side, card_id): faction, card_name, cost; for each figure in gp, oh, gd,
    gih, gns, played: `<fig>_n` (games), `<fig>_wr` (win rate, draw = ½; null at n = 0),
    `<fig>_ci_low`, `<fig>_ci_high` (Wilson); `iwd` = gih_wr − gns_wr with `iwd_se`, `iwd_ci_low`,
    `iwd_ci_high` (normal); `iwd_p_value` (two-sided normal, IWD ≠ 0); `q_value` (Benjamini-Hochberg
    across the cards of the config and side) and `q_value_by` (Benjamini-Yekutieli: those cards share
    games, so this is the conservative reading); `iwd_shrunk` (empirical-Bayes shrunk IWD, the sort
    key). `played_*` is selection-biased (module docstring). Sorted by config, side, then iwd_shrunk
    from best to worst (cards without one last)."""
    summed = _summed(frame)
    figures = [e for fig, counters in FIGURES.items() for e in _figure_columns(fig, counters, z)]
    table = (summed.select(*KEYS, *DESCRIPTION, *figures).with_columns(*_iwd_columns(z), *_position_columns(z))
             .sort(KEYS).collect())
    if table.is_empty():
        return table.with_columns(pl.lit(None, pl.Float64).alias(c)
                                  for c in ("iwd_p_value", "q_value", "q_value_by", "iwd_shrunk"))
    groups = [_many_cards(g) for g in table.partition_by(["config", "side"], maintain_order=True)]
    return pl.concat(groups).sort(["config", "side", "iwd_shrunk", "card_id"],
                                  descending=[False, False, True, False], nulls_last=True)


def card_impact(run_dir: Path, z: float = Z95) -> pl.DataFrame:
    """Card impact of a run folder's card counters; see card_impact_from_counters for the columns."""
    return card_impact_from_counters(scan_cards(run_dir), z)
