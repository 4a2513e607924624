"""Causal card impact (ANALYTICS.md): what each card is worth, measured by replacing it with a plain
card of the same cost on the same games, something only a simulator can do.

An ablation run (a spec with [ablation]) plays the baseline and one config per card ("without=<id>")
on the same seeds and seats; the card's worth to its side is the paired difference baseline minus
without, in win-rate points, with its 95% interval and a BH q-value across the cards. With
`budget_step`, the run also plays the side at a lower budget, and the paired difference per budget
point turns each card's worth into budget points: the designers' own unit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis.scans import scan_cards
from sim.analysis.sweeps import sweep_comparison


def ablation_impact(run_dir: Path, manifest: dict[str, Any]) -> pl.DataFrame:
    """One row per ablated card: card_id, card_name, cost, worth (win-rate points to its side),
    worth_low, worth_high, q_value, and points (its worth in budget points) where the run measured
    the budget slope; sorted most valuable first."""
    ablation = manifest["spec"]["ablation"]
    side_index = ablation["side"] - 1
    sign = -1.0 if side_index == 0 else 1.0  # the paired difference is side A's; side B's is its negative
    table = sweep_comparison(run_dir)
    per_point = None
    budget_rows = table.filter(pl.col("config").str.starts_with(f"side{ablation['side']}.budget="))
    if ablation.get("budget_step") and budget_rows.height:
        per_point = sign * budget_rows["diff"][0] / ablation["budget_step"]  # what one point is worth
    cards = table.filter(pl.col("config").str.starts_with("without=")).with_columns(
        pl.col("config").str.strip_prefix("without=").alias("card_id"),
        (sign * pl.col("diff")).alias("worth"),
        pl.when(sign < 0).then(-pl.col("diff_high")).otherwise(pl.col("diff_low")).alias("worth_low"),
        pl.when(sign < 0).then(-pl.col("diff_low")).otherwise(pl.col("diff_high")).alias("worth_high"),
    )
    names = (scan_cards(run_dir).filter((pl.col("config") == "base") & (pl.col("side") == side_index))
             .select("card_id", "card_name", "cost").unique("card_id").collect())
    out = cards.join(names, on="card_id", how="left").with_columns(
        (pl.col("worth") / per_point if per_point else pl.lit(None, dtype=pl.Float64)).alias("points"),
        pl.lit(per_point, dtype=pl.Float64).alias("worth_per_budget_point"),
    )
    return out.select("card_id", "card_name", "cost", "n", "worth", "worth_low", "worth_high", "q_value", "points",
                      "worth_per_budget_point").sort("worth", descending=True)
