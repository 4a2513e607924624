"""Which cards help most and least: one table per run that puts every card measure side by side and
ranks by the strongest one the run measured (ANALYTICS.md).

A simulator can measure what a card causes, so a run that played the forced-draw pairs ([impact])
is ranked by the forced-draw effect, one that played an ablation by the ablation's worth (for the
ablated side), and only a run with neither by IWD, which is observational: it is shrunk (so a lucky
rare card does not top the list) and shown beside its null, what a card with no effect would show
in the same games. Cards never in the deck have no row; cards drawn but never played are flagged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis.ablation import ablation_impact
from sim.analysis.card_impact import card_impact
from sim.analysis.forced_draw import forced_draw_effect

BASELINE = "base"

FORCED = "forced_draw"
ABLATION = "ablation"
IWD = "iwd"

OBSERVED = ["side", "card_id", "card_name", "cost", "gp_n", "gih_n", "gih_wr", "gih_ci_low", "gih_ci_high", "iwd",
            "iwd_ci_low", "iwd_ci_high", "iwd_null", "iwd_excess", "q_value", "q_value_by", "iwd_shrunk",
            "single_deck", "never_played", "played_n"]


def _baseline(manifest: dict[str, Any]) -> str:
    return BASELINE if BASELINE in manifest["configs"] else next(iter(manifest["configs"]))


def causal_card_tables(run_dir: Path, manifest: dict[str, Any]) -> dict[str, pl.DataFrame]:
    """The run's causal card measures, by the names sim.report.export.report_tables gives them:
    forced_draw (an [impact] spec's) and ablation (an [ablation] spec's). Each reads every forced
    pair or ablated card's games, so a summary computes them once for all of its parts."""
    spec = manifest["spec"]
    tables = {}
    if spec.get("impact") is not None:
        tables["forced_draw"] = forced_draw_effect(run_dir, manifest)
    if spec.get("ablation") is not None:
        tables["ablation"] = ablation_impact(run_dir, manifest)
    return tables


def card_ranking(run_dir: Path, manifest: dict[str, Any], impact: pl.DataFrame | None = None,
                 causal: dict[str, pl.DataFrame] | None = None) -> pl.DataFrame:
    """One row per (side, card) in the baseline's decks: the observational columns of card_impact
    (`iwd` … `q_value` are IWD's), `forced_effect`, `forced_effect_low`, `forced_effect_high`, `forced_q`, `forced_pairs`,
    `forced_seen_when_undrawn` and `forced_per_changed` (with _low, _high: sim.analysis.forced_draw) where the run
    forced draws, `ablation_worth`, `ablation_worth_low`, `ablation_worth_high`, `ablation_q` where it
    ablated, then `rank_by` (forced_draw, ablation or iwd: one per side, the strongest measured for any
    of its cards) and `rank_value` (that measure, or shrunk IWD; null for a card it did not reach),
    sorted by side and rank_value from best to worst. `impact` is card_impact's table, and `causal`
    causal_card_tables' (or some of them), when the caller has them already."""
    causal = causal or {}
    config = _baseline(manifest)
    observed = (impact if impact is not None else card_impact(run_dir)).filter(
        (pl.col("config") == config) & (pl.col("gp_n") > 0)).select(OBSERVED)
    table = observed.with_columns(pl.lit(None, pl.Float64).alias(c) for c in (
        "forced_effect", "forced_effect_low", "forced_effect_high", "forced_q", "ablation_worth", "ablation_worth_low", "ablation_worth_high",
        "ablation_q", "forced_seen_when_undrawn", "forced_per_changed", "forced_per_changed_low",
        "forced_per_changed_high")).with_columns(pl.lit(None, pl.Int64).alias("forced_pairs"))
    spec = manifest["spec"]
    if spec.get("impact") is not None:
        forced = (causal["forced_draw"] if "forced_draw" in causal else forced_draw_effect(run_dir, manifest)).select(
            "side", "card_id", pl.col("effect").alias("forced_effect"), pl.col("effect_low").alias("forced_effect_low"),
            pl.col("effect_high").alias("forced_effect_high"), pl.col("q_value_by").alias("forced_q"),
            pl.col("pairs").alias("forced_pairs"), pl.col("seen_when_undrawn").alias("forced_seen_when_undrawn"),
            pl.col("effect_per_changed").alias("forced_per_changed"),
            pl.col("effect_per_changed_low").alias("forced_per_changed_low"),
            pl.col("effect_per_changed_high").alias("forced_per_changed_high"))
        table = table.drop(forced.columns[2:]).join(forced, on=["side", "card_id"], how="left")
    if spec.get("ablation") is not None:
        side = int(spec["ablation"]["side"]) - 1
        worth = (causal["ablation"] if "ablation" in causal else ablation_impact(run_dir, manifest)).select(
            pl.lit(side, pl.Int8).alias("side"), "card_id", pl.col("worth").alias("ablation_worth"),
            pl.col("worth_low").alias("ablation_worth_low"), pl.col("worth_high").alias("ablation_worth_high"),
            pl.col("q_value").alias("ablation_q"))
        table = table.drop(worth.columns[2:]).join(worth, on=["side", "card_id"], how="left")
    # one measure per side, so that no list ranks a causal figure against an observational one
    forced_any = pl.col("forced_effect").is_not_null().any().over("side")
    ablation_any = pl.col("ablation_worth").is_not_null().any().over("side")
    rank_by = pl.when(forced_any).then(pl.lit(FORCED)).when(ablation_any).then(pl.lit(ABLATION)).otherwise(pl.lit(IWD))
    value = (pl.when(forced_any).then(pl.col("forced_effect")).when(ablation_any).then(pl.col("ablation_worth"))
             .otherwise(pl.col("iwd_shrunk")))
    return (table.with_columns(rank_by.alias("rank_by"), value.alias("rank_value"))
            .sort(["side", "rank_value", "card_id"], descending=[False, True, False], nulls_last=True))
