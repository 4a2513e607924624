"""A sweep's configs against its baseline, game by game.

Every config of a sweep plays the same games as the baseline ("base"): the same seed, the same seat
of each game, the same shuffles, dice and agent draws wherever the change does not reach. So the
comparison is paired: for each game index i, d_i = score_config(i) − score_base(i) (side A's score:
win 1, draw ½, loss 0), and the difference is the mean of d with a normal interval from the spread
of d (mean ± z·sd/√n). Pairing removes the luck both games share, so a small change shows with far
fewer games than two independent win rates would need; an axis that does not change the game gives
d = 0 for every game, a difference of exactly zero. p-values are two-sided on the same standard
error; q-values are Benjamini-Hochberg across the sweep's configs (multiple_testing), and beside
them Benjamini-Yekutieli's: every config is compared with the same baseline games, so the tests
share games and are dependent, the case ANALYTICS.md gives BY for (valid under any dependence, and
more conservative). Read BH as the usual figure and BY as the one that holds whatever the dependence.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.draws import draw_figures
from sim.analysis.intervals import Z95, normal_p_value, score_a, wilson_exprs
from sim.analysis.multiple_testing import benjamini_hochberg, benjamini_yekutieli
from sim.results.scans import scan_games

BASELINE = "base"
# the draw figures beside each config's side A win rate (sim.analysis.draws column -> this table's)
DRAW_COLUMNS = {"wins_a": "wins", "losses_a": "losses", "draws": "draws", "cap_draws": "cap_draws",
                "cap_draw_share": "cap_draw_share", "cap_draw_share_low": "cap_draw_share_low",
                "cap_draw_share_high": "cap_draw_share_high", "decided": "decided",
                "decided_win_rate": "decided_win_rate", "decided_win_rate_low": "decided_win_rate_low",
                "decided_win_rate_high": "decided_win_rate_high"}


def paired_bounds(summary: pl.DataFrame, z: float = Z95) -> pl.DataFrame:
    """`summary` (one row per comparison: `n` paired games, `diff` the mean of their differences d,
    `sd` the standard deviation of d) with the paired difference's normal interval `diff_low`,
    `diff_high` (diff ± z·sd/√n) and its two-sided `p_value` added: the sweep's paired difference,
    also used to compare two runs on the same seeds (sim.analysis.compare). A single pair (no sd)
    counts as no spread."""
    se = summary["sd"].fill_null(0.0) / np.sqrt(summary["n"].to_numpy())
    p = np.array([normal_p_value(m, s) for m, s in zip(summary["diff"].to_numpy(), se.to_numpy())])
    return summary.with_columns((pl.col("diff") - z * se).alias("diff_low"), (pl.col("diff") + z * se).alias("diff_high"),
                                pl.Series("p_value", p, dtype=pl.Float64))


def sweep_comparison(run_dir: Path, baseline: str = BASELINE, z: float = Z95,
                     draws: pl.DataFrame | None = None) -> pl.DataFrame:
    """One row per config: n, side A's win rate with its Wilson interval, and the paired difference
    from the baseline (`diff`, `diff_low`, `diff_high`, `p_value`, `q_value` (Benjamini-Hochberg),
    `q_value_by` (Benjamini-Yekutieli); the baseline's own row has diff 0 and no p- or q-value).
    Games the baseline lacks (a run still going) are left out of a pair. Then the config's draws
    (DRAW_COLUMNS, sim.analysis.draws; `draws` is the run's draw_figures when the caller has it):
    side A's wins, losses and draws, the share drawn at the turn cap, and side A's win rate among
    the decided games."""
    games = scan_games(run_dir).select("config", "game", score_a().alias("score"))
    base = games.filter(pl.col("config") == baseline).select("game", pl.col("score").alias("base_score"))
    per_game = games.join(base, on="game", how="inner").with_columns(
        (pl.col("score") - pl.col("base_score")).alias("d"))
    summary = (
        per_game.group_by("config")
        .agg(pl.len().cast(pl.Int64).alias("n"), pl.col("score").sum().alias("score_sum"),
             pl.col("d").mean().alias("diff"), pl.col("d").std(ddof=1).alias("sd"))
        .collect()
        .sort("config")
    )
    low, high = wilson_exprs(pl.col("score_sum"), pl.col("n"), z)
    summary = paired_bounds(summary.with_columns((pl.col("score_sum") / pl.col("n")).alias("win_rate"),
                                                 low.alias("ci_low"), high.alias("ci_high")), z)
    p = summary["p_value"].to_numpy()
    others = summary["config"].to_numpy() != baseline
    q = np.full(len(p), np.nan)
    q_by = q.copy()
    if others.any():
        q[others] = benjamini_hochberg(p[others])
        q_by[others] = benjamini_yekutieli(p[others])
    return summary.with_columns(
        pl.Series("p_value", np.where(others, p, np.nan)), pl.Series("q_value", q),
        pl.Series("q_value_by", q_by),
    ).select("config", "n", "win_rate", "ci_low", "ci_high", "diff", "diff_low", "diff_high", "p_value", "q_value",
             "q_value_by").join(
        (draw_figures(run_dir, z) if draws is None else draws).select(
            "config", *(pl.col(column).alias(name) for column, name in DRAW_COLUMNS.items())),
        on="config", how="left")
