"""Causal card impact (ANALYTICS.md): what each card is worth, measured by replacing it with a plain
card of the same cost on the same games, something only a simulator can do.

An ablation run (a spec with [ablation]) plays the baseline and one config per card ("without=<id>")
on the same seeds and seats; the card's worth to its side is the paired difference baseline minus
without, in win-rate points, with its 95% interval and q-values across the cards. Each row names
the filler that stood in for the card, and a filler that compiles to the card's own numbers (the
smallest die is its own filler) is "not measured": its games are the baseline's, so it has no
worth, no interval and no part in the q-values. Where the games carry decks (dicedraft drafts by
value, so one changed card may change the whole deck), the row says in what share of games the
side's deck differed from the baseline's in the same game.

With `budget_step`, the run also plays the side at `budget_points` lower budgets B − step, B − 2·step,
... on the same games. The least-squares slope of side A's score over the budgets {B, B − step, ...}
is linear in the scores, so each seat-mirrored pair i of games gives its own slope s_i and its own
worth w_i; the card's worth in budget points is mean(w) / mean(s), with a delta-method interval that
carries the spread of both and their covariance over the same pairs. The rate used (one budget
point = mean(s) win-rate points, with its interval) is shown beside it; a slope that is not
positive and significant gives no points figure, with the reason.

Intervals here are over seat-mirrored pairs (units 2k, 2k+1 share their random streams), the
independent units of the comparison.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from sim.analysis.budget_curve import BASELINE, cluster_of, least_squares_weights, seat_pairs_mirrored
from sim.analysis.intervals import Z95, normal_p_value, score_a
from sim.analysis.multiple_testing import benjamini_hochberg, benjamini_yekutieli
from sim.core.errors import InputError
from sim.results.scans import scan_cards, scan_games

NOT_MEASURED = "not measured: the filler plays exactly like the card"
FIXED_DECK = "the card's slot only (the side plays a fixed collection)"


def ablation_fillers(manifest: dict[str, Any]) -> dict[str, tuple[str, str | None, bool]]:
    """config id -> (card id, filler text, measured) for each ablation config, from the manifest's
    own record (written when the configs were built, since the first manifests of 2026-12-01); a run
    from before it is refused, naming the command that plays it again."""
    out = {}
    for config_id, config in manifest["configs"].items():
        if "ablation" in config:
            record = config["ablation"]
            out[config_id] = (record["card_id"], record["filler"], bool(record["measured"]))
    if out or not any(c.startswith("without=") for c in manifest["configs"]):
        return out
    raise InputError(f"{manifest.get('run')}: an ablation run from before its manifest recorded each card's filler; "
                     "play it again with `sim run SPEC --overwrite`")


def budget_configs(manifest: dict[str, Any]) -> tuple[int | None, list[tuple[str, int]]]:
    """The working budget B of the ablated side and its lower-budget configs [(config id, budget)],
    highest first, as the run holds them."""
    ablation = manifest["spec"]["ablation"]
    side = ablation["side"]
    working = manifest["configs"][BASELINE]["sides"][side - 1].get("budget")
    prefix = f"side{side}.budget="
    lower = [(c, int(c.removeprefix(prefix))) for c in manifest["configs"] if c.startswith(prefix)]
    return working, sorted(lower, key=lambda item: -item[1])


def _pair_frame(run_dir: Path, configs: list[str], mirrored: bool) -> pl.DataFrame:
    """One row per game index, side A's score in each config as a column (null where a config has
    not played that game), and its seat-mirrored pair."""
    games = (scan_games(run_dir).filter(pl.col("config").is_in(configs))
             .select("config", "game", "unit", score_a().alias("score")).collect())
    return games.pivot(on="config", index=["game", "unit"], values="score").with_columns(cluster_of(mirrored))


def _pair_means(frame: pl.DataFrame, columns: list[str]) -> np.ndarray:
    """[pairs, columns]: per pair, the mean score in each config over the games all of them played."""
    present = [c for c in columns if c in frame.columns]
    if len(present) < len(columns):
        return np.empty((0, len(columns)))
    return (frame.select("cluster", *columns).drop_nulls().group_by("cluster").agg(pl.col(columns).mean())
            .select(columns).to_numpy())


def _deck_changed(run_dir: Path, config: str, side_index: int) -> float | None:
    """Share of games whose ablated side drafted another deck than in the baseline's same game."""
    column = f"deck_{'ab'[side_index]}"
    games = scan_games(run_dir)
    if column not in games.collect_schema().names():
        return None
    base = games.filter(pl.col("config") == BASELINE).select("game", pl.col(column).alias("base_deck"))
    joined = (games.filter(pl.col("config") == config).select("game", column).join(base, on="game")
              .select((pl.col(column) != pl.col("base_deck")).mean()).collect())
    return joined.item()


def worth_in_points(worth: np.ndarray, slope: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """mean(worth) / mean(slope) over the same pairs, with its delta-method 95% interval:
    var(R) ≈ (var(w̄) + R²·var(s̄) − 2R·cov(w̄, s̄)) / s̄², each (co)variance of a mean being the
    pairs' sample (co)variance over n. Returns (points, low, high)."""
    n = len(worth)
    w_bar, s_bar = float(worth.mean()), float(slope.mean())
    ratio = w_bar / s_bar
    cov = np.cov(np.vstack([worth, slope]), ddof=1) / n
    var = (cov[0, 0] + ratio * ratio * cov[1, 1] - 2.0 * ratio * cov[0, 1]) / (s_bar * s_bar)
    half = z * math.sqrt(max(var, 0.0))
    return ratio, ratio - half, ratio + half


def ablation_impact(run_dir: Path, manifest: dict[str, Any], z: float = Z95) -> pl.DataFrame:
    """One row per ablated card, most valuable first:

    card_id, card_name, cost, filler (what replaced it, in the ruleset's words), measured (False:
    the filler plays exactly like the card), n (paired games), pairs; worth (win-rate points to its
    side: baseline minus without), worth_low, worth_high, p_value, q_value (Benjamini-Hochberg across
    the measured cards), q_value_by (Benjamini-Yekutieli: the cards share the baseline's games);
    deck_changed_share (share of games whose side's deck differs from the baseline's in the same
    game; null where the games carry no decks) and deck_note (the words for a null share);
    points, points_low, points_high (worth in budget points, delta-method 95% interval) and
    points_note (why there is no points figure); worth_per_budget_point with
    worth_per_budget_point_low/_high (the rate used: the local slope at the working budget, in
    win-rate points per budget point, the same on every row), working_budget and budgets_used.
    A no-op row has worth, its interval, p and q null."""
    ablation = manifest["spec"]["ablation"]
    side_index = ablation["side"] - 1
    sign = 1.0 if side_index == 0 else -1.0  # scores are side A's; side B's worth and slope are their negatives
    fillers = ablation_fillers(manifest)
    working, lower = budget_configs(manifest)
    budget_ids = [BASELINE] + [c for c, _ in lower]
    budgets = [working] + [b for _, b in lower] if working is not None else []
    mirrored = seat_pairs_mirrored(run_dir)
    frame = _pair_frame(run_dir, [BASELINE, *fillers, *budget_ids[1:]], mirrored)
    weights = least_squares_weights(np.array(budgets)) if len(lower) else None

    rate = (None, None, None)
    rate_note = "no budget_step in the spec: the run played no lower budget"
    if weights is not None:
        rate_scores = _pair_means(frame, budget_ids)
        slopes = sign * (rate_scores @ weights)
        if len(slopes) >= 2:
            mean, se = float(slopes.mean()), float(slopes.std(ddof=1) / math.sqrt(len(slopes)))
            rate = (mean, mean - z * se, mean + z * se)
            if mean <= 0:
                rate_note = (f"no points: the side's win rate does not rise with its budget here "
                             f"({100 * mean:+.2f} pts per budget point)")
            elif rate[1] <= 0:
                rate_note = "no points: the budget slope's 95% interval includes 0"
            else:
                rate_note = None
        else:
            rate_note = "no points: too few paired games at the lower budgets"

    rows = []
    for config_id, (card_id, filler, measured) in fillers.items():
        scores = _pair_means(frame, [BASELINE, config_id])
        n = int(frame.select(pl.col(BASELINE).is_not_null() & pl.col(config_id).is_not_null()).sum().item()
                ) if config_id in frame.columns else 0
        row: dict[str, Any] = {"card_id": card_id, "filler": filler, "measured": measured, "n": n,
                               "pairs": len(scores), "worth": None, "worth_low": None, "worth_high": None,
                               "p_value": None, "points": None, "points_low": None, "points_high": None,
                               "points_note": rate_note}
        deck = _deck_changed(run_dir, config_id, side_index) if n else None
        row["deck_changed_share"] = deck
        row["deck_note"] = FIXED_DECK if deck is None else None
        if not measured:
            row["points_note"] = NOT_MEASURED
            rows.append(row)
            continue
        if len(scores) >= 2:
            worth = sign * (scores[:, 0] - scores[:, 1])
            mean, se = float(worth.mean()), float(worth.std(ddof=1) / math.sqrt(len(worth)))
            row.update({"worth": mean, "worth_low": mean - z * se, "worth_high": mean + z * se,
                        "p_value": normal_p_value(mean, se)})
        if rate_note is None and row["worth"] is not None:
            both = _pair_means(frame, [*budget_ids, config_id])
            points = worth_in_points(sign * (both[:, 0] - both[:, -1]), sign * (both[:, :-1] @ weights), z)
            row.update({"points": points[0], "points_low": points[1], "points_high": points[2]})
        rows.append(row)

    schema = {"card_id": pl.String, "filler": pl.String, "measured": pl.Boolean, "n": pl.Int64, "pairs": pl.Int64,
              "worth": pl.Float64, "worth_low": pl.Float64, "worth_high": pl.Float64, "p_value": pl.Float64,
              "points": pl.Float64, "points_low": pl.Float64, "points_high": pl.Float64, "points_note": pl.String,
              "deck_changed_share": pl.Float64, "deck_note": pl.String}
    out = pl.DataFrame(rows, schema=schema)
    tested = out["p_value"].is_not_null().to_numpy()
    q_bh = np.full(out.height, np.nan)
    q_by = np.full(out.height, np.nan)
    if tested.any():
        p = out["p_value"].to_numpy()[tested]
        q_bh[tested], q_by[tested] = benjamini_hochberg(p), benjamini_yekutieli(p)
    names = (scan_cards(run_dir).filter((pl.col("config") == BASELINE) & (pl.col("side") == side_index))
             .select("card_id", "card_name", "cost").unique("card_id").collect())
    out = out.with_columns(
        pl.Series("q_value", q_bh).fill_nan(None), pl.Series("q_value_by", q_by).fill_nan(None),
        pl.lit(rate[0], dtype=pl.Float64).alias("worth_per_budget_point"),
        pl.lit(rate[1], dtype=pl.Float64).alias("worth_per_budget_point_low"),
        pl.lit(rate[2], dtype=pl.Float64).alias("worth_per_budget_point_high"),
        pl.lit(working, dtype=pl.Int64).alias("working_budget"),
        pl.lit(", ".join(str(b) for b in budgets) if weights is not None else None, dtype=pl.String)
        .alias("budgets_used"),
    ).join(names, on="card_id", how="left")
    return out.select(
        "card_id", "card_name", "cost", "filler", "measured", "n", "pairs", "worth", "worth_low", "worth_high",
        "p_value", "q_value", "q_value_by", "deck_changed_share", "deck_note", "points", "points_low", "points_high",
        "points_note", "worth_per_budget_point", "worth_per_budget_point_low", "worth_per_budget_point_high",
        "working_budget", "budgets_used",
    ).sort(pl.col("measured").not_(), pl.col("worth"), descending=[False, True], nulls_last=True)
