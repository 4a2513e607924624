"""The forced-draw effect (ANALYTICS.md, causal card impact): what drawing a card does to its side's
win rate, measured the way only a simulator can.

An `[impact]` run plays, for each card, two configs on the baseline's seeds: "side<N>.drawn=<id>" puts
the card on top of the shuffled deck (drawn at once) and "side<N>.undrawn=<id>" at its bottom (not
drawn before the last card); every other shuffle, die and decision stream is the same. For each game
index the two games differ only in where that card was, so

    effect = mean over games of (side's score with the card drawn − its score with it undrawn)

(score: win 1, draw ½, loss 0) is what the card causes when drawn, against drawing the deck's other
cards instead. Unlike IWD it carries no draw-count bias: long games draw more cards, which flatters
slow cards in GIH and IWD, but here both games of a pair are the same game but for the card.

Only games where the card was in the side's deck count (a random drafter may leave it out: both
games are then the same and say nothing). Seat-mirrored games 2k and 2k+1 share their shuffles, so
the standard error treats each such pair as one cluster, never below the games' own (the run's
design-effect rule, sim.analysis.intervals.design_effect); the interval is normal on that standard
error, the p-value two-sided, and q-values (Benjamini-Hochberg, and Benjamini-Yekutieli since the
cards' tests share the baseline's seeds) run across every card of the run.

Beside the effect: how often the card was seen when put at the bottom (a long game can still reach
it: the contrast is then weaker) and how often it was played when drawn (a card drawn but never
played costs its side a draw).

What the effect compares is therefore "drawn at once against drawn late or never" (an
intention-to-treat effect: forcing the card, not seeing it). The card at the bottom is seen in
40-45% of dicedraft's games, so the effect is diluted over games in which forcing the card changed
nothing about whether it was seen. The **effect per game in which forcing changed whether the card
was seen** is the instrumental-variable (Wald) estimate

    effect_per_changed = mean(score drawn − score undrawn) / mean(seen drawn − seen undrawn)

where "seen" is the game record's `forced_seen` (the card in the opening hand or drawn from the
deck the game started with, by the game's end: sim.core.ruleset.with_forced_seen) and the
denominator, `changed_share`, is the share of games in which forcing changed it. It reads as the
effect of drawing the card at once against never drawing it, in the games where the bottom would
have kept it unseen (monotone: a card seen from the bottom is seen from the top too). Its standard
error is the delta method's for a ratio of means, clustered on seat-mirrored pairs like the effect's:
with cluster sums a_c of the score differences and b_c of the seen differences over k clusters,

    se = sqrt(k / (k − 1) · Σ_c (a_c − effect_per_changed · b_c)²) / Σ_c b_c

and the interval is normal on it, never narrower than the games' own (the design-effect rule). A
run stored before games recorded `forced_seen` has no such figure (null).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, normal_p_value, pair_clustered_se, score_a
from sim.analysis.multiple_testing import benjamini_hochberg, benjamini_yekutieli
from sim.results.scans import scan_cards, scan_config_games, scan_games

CONFIG_ID = re.compile(r"^side(?P<side>[12])\.(?P<word>drawn|undrawn)=(?P<card>.+)$")

SCHEMA = {
    "side": pl.Int8, "label": pl.String, "faction": pl.String, "card_id": pl.String, "card_name": pl.String,
    "cost": pl.Int64, "pairs": pl.Int64, "drawn_wr": pl.Float64, "undrawn_wr": pl.Float64, "effect": pl.Float64,
    "effect_se": pl.Float64, "effect_low": pl.Float64, "effect_high": pl.Float64, "p_value": pl.Float64,
    "q_value": pl.Float64, "q_value_by": pl.Float64, "seen_when_undrawn": pl.Float64,
    "played_when_drawn": pl.Float64, "changed_share": pl.Float64, "effect_per_changed": pl.Float64,
    "effect_per_changed_se": pl.Float64, "effect_per_changed_low": pl.Float64, "effect_per_changed_high": pl.Float64,
}


def summary_configs(manifest: dict[str, Any]) -> list[str]:
    """The configs a run's summary tables show (win rates, first player, game length...): all of them,
    but for a forced-draw run only the baseline, since its drawn and undrawn configs are the
    measuring instrument, read through forced_draw_effect, not games a designer compares."""
    configs = list(manifest["configs"])
    if manifest["spec"].get("impact") is not None:
        return [c for c in configs if CONFIG_ID.match(c) is None]
    return configs


def forced_configs(manifest: dict[str, Any]) -> list[tuple[int, str, str, str, int]]:
    """(side index, card id, drawn config, undrawn config, card index) for every pair of the run."""
    pairs: dict[tuple[int, str], dict[str, Any]] = {}
    for config_id, config in manifest["configs"].items():
        match = CONFIG_ID.match(config_id)
        if match is None:
            continue
        key = (int(match["side"]) - 1, match["card"])
        entry = pairs.setdefault(key, {"index": (config.get("forced") or {}).get("card_index")})
        entry[match["word"]] = config_id
    return [(side, card, entry["drawn"], entry["undrawn"], entry["index"])
            for (side, card), entry in pairs.items() if "drawn" in entry and "undrawn" in entry]


def _paired_games(games: pl.LazyFrame, side: int, drawn: str, undrawn: str, card_index: int | None,
                  has_decks: bool, seen: pl.LazyFrame | None = None) -> pl.DataFrame:
    """One row per game index played in both configs with the card in the side's deck: the side's
    score in each, and its seat-mirror cluster; with `seen` (the two configs' games with their
    `forced_seen`), t, 1 when the card was seen drawn on top minus 1 when it was seen undrawn."""
    score = score_a() if side == 0 else 1.0 - score_a()
    columns = [pl.col("game"), pl.col("unit"), pl.col("stage"), score.alias("score")]
    if has_decks and card_index is not None:  # games where the card was drafted (dicedraft)
        deck = pl.col("deck_a" if side == 0 else "deck_b")
        columns.append(((deck.cast(pl.Int64) // (2 ** card_index)) % 2 == 1).alias("in_deck"))
    else:
        columns.append(pl.lit(True).alias("in_deck"))
    top = games.filter(pl.col("config") == drawn).select(columns)
    bottom = games.filter(pl.col("config") == undrawn).select("game", score.alias("score_undrawn"))
    paired = (top.join(bottom, on="game", how="inner")
              .filter(pl.col("in_deck"))
              .with_columns((pl.col("score") - pl.col("score_undrawn")).alias("d")))
    if seen is not None:
        seen_top = seen.filter(pl.col("config") == drawn).select("game", pl.col("forced_seen").alias("seen_drawn"))
        seen_bottom = seen.filter(pl.col("config") == undrawn).select("game", pl.col("forced_seen").alias("seen_undrawn"))
        paired = (paired.join(seen_top, on="game", how="inner").join(seen_bottom, on="game", how="inner")
                  .with_columns((pl.col("seen_drawn").cast(pl.Int8) - pl.col("seen_undrawn").cast(pl.Int8))
                                .cast(pl.Float64).alias("t")))
    return paired.collect()


def _clustered_se(d: np.ndarray, clusters: np.ndarray) -> float:
    """Standard error of mean(d) with the games of one cluster (a seat-mirrored pair) taken
    together: the variance of the cluster sums around their share of the mean."""
    n = len(d)
    if n < 2:
        return float("nan")
    _, inverse = np.unique(clusters, return_inverse=True)
    sums = np.bincount(inverse, weights=d)
    sizes = np.bincount(inverse).astype(np.float64)
    mean = d.mean()
    k = len(sums)
    if k < 2:
        return float("nan")
    residual = sums - sizes * mean
    return float(np.sqrt(k / (k - 1) * np.sum(residual ** 2)) / n)


def wald_ratio(d: np.ndarray, t: np.ndarray, clusters: np.ndarray) -> tuple[float, float]:
    """(mean(d) / mean(t), its delta-method standard error with the games of a cluster taken together):
    the effect per game in which the instrument changed the treatment. NaN when t never moved (no
    game in which forcing changed anything: the ratio says nothing) or with fewer than two clusters."""
    total_t = float(t.sum())
    if len(d) == 0 or total_t <= 0:
        return float("nan"), float("nan")
    ratio = float(d.sum()) / total_t
    _, inverse = np.unique(clusters, return_inverse=True)
    k = int(inverse.max()) + 1
    if k < 2:
        return ratio, float("nan")
    residual = np.bincount(inverse, weights=d - ratio * t)
    return ratio, float(np.sqrt(k / (k - 1) * np.sum(residual ** 2)) / total_t)


def _shares(cards: pl.DataFrame, config_id: str, side: int, card_id: str, counter: str) -> float | None:
    """Share of the config's games with the card in the deck in which `counter` held for it."""
    row = cards.filter((pl.col("config") == config_id) & (pl.col("side") == side) & (pl.col("card_id") == card_id))
    if row.is_empty() or row["in_deck"][0] == 0:
        return None
    return float(row[counter][0] / row["in_deck"][0])


def forced_draw_effect(run_dir: Path, manifest: dict[str, Any], z: float = Z95) -> pl.DataFrame:
    """One row per forced card: side (0 A, 1 B), label, faction, card_id, card_name, cost, pairs
    (games played both ways with the card in the deck), drawn_wr and undrawn_wr (the side's win rate
    over those games each way), effect (drawn minus undrawn, win-rate points as a fraction),
    effect_se, effect_low, effect_high (95%), p_value, q_value (BH) and q_value_by (BY) across every
    card of the run, seen_when_undrawn and played_when_drawn (shares), changed_share (the share of
    those games in which forcing changed whether the card was seen) and effect_per_changed with its
    se, low and high (the Wald estimate: effect / changed_share). Sorted by side, then effect from
    best to worst; a card without pairs keeps its row with nulls."""
    pairs = forced_configs(manifest)
    if not pairs:
        return pl.DataFrame(schema=SCHEMA)
    games = scan_games(run_dir)
    has_decks = {"deck_a", "deck_b"} <= set(games.collect_schema().names())
    wanted = [c for _, _, drawn, undrawn, _ in pairs for c in (drawn, undrawn)]
    counts = (scan_cards(run_dir).filter(pl.col("config").is_in(wanted))
              .group_by("config", "side", "card_id")
              .agg(pl.col("card_name").first(), pl.col("cost").first(),
                   pl.sum_horizontal(pl.col(f"in_deck_{r}").sum() for r in ("win", "loss", "draw")).alias("in_deck"),
                   pl.sum_horizontal(pl.col(f"seen_{r}").sum() for r in ("win", "loss", "draw")).alias("seen"),
                   pl.sum_horizontal(pl.col(f"played_{r}").sum() for r in ("win", "loss", "draw")).alias("played"))
              .collect())
    rows = []
    for side, card_id, drawn, undrawn, card_index in pairs:
        seen = scan_config_games(run_dir, [drawn, undrawn], "forced_seen")
        paired = _paired_games(games, side, drawn, undrawn, card_index, has_decks, seen)
        config = manifest["configs"][drawn]["sides"][side]
        about = counts.filter((pl.col("config") == drawn) & (pl.col("side") == side) & (pl.col("card_id") == card_id))
        row: dict[str, Any] = dict.fromkeys(SCHEMA)
        row.update(side=side, label=config["label"], faction=config["faction"], card_id=card_id,
                   card_name=about["card_name"][0] if about.height else None,
                   cost=int(about["cost"][0]) if about.height else None, pairs=paired.height,
                   seen_when_undrawn=_shares(counts, undrawn, side, card_id, "seen"),
                   played_when_drawn=_shares(counts, drawn, side, card_id, "played"))
        if paired.height:
            d = paired["d"].to_numpy()
            clusters = (paired["unit"].to_numpy() // 2) * 1000 + paired["stage"].to_numpy()
            alone = np.arange(len(d))
            if manifest["spec"].get("seats", "mirrored") != "mirrored":
                clusters = alone
            se = pair_clustered_se(_clustered_se(d, clusters), _clustered_se(d, alone))
            effect = float(d.mean())
            row.update(drawn_wr=float(paired["score"].mean()), undrawn_wr=float(paired["score_undrawn"].mean()),
                       effect=effect, effect_se=se)
            if np.isfinite(se):
                row.update(effect_low=effect - z * se, effect_high=effect + z * se, p_value=normal_p_value(effect, se))
            if "t" in paired.columns:
                t_moved = paired["t"].to_numpy()
                per_changed, per_changed_se = wald_ratio(d, t_moved, clusters)
                per_changed_se = pair_clustered_se(per_changed_se, wald_ratio(d, t_moved, alone)[1])
                row.update(changed_share=float(t_moved.mean()))
                if np.isfinite(per_changed):
                    row.update(effect_per_changed=per_changed)
                if np.isfinite(per_changed_se):
                    row.update(effect_per_changed_se=per_changed_se, effect_per_changed_low=per_changed - z * per_changed_se,
                               effect_per_changed_high=per_changed + z * per_changed_se)
        rows.append(row)
    frame = pl.DataFrame(rows, schema=SCHEMA)
    p = frame["p_value"].to_numpy().astype(np.float64)
    tested = np.isfinite(p)
    q_bh, q_by = np.full(len(p), np.nan), np.full(len(p), np.nan)
    if tested.any():
        q_bh[tested] = benjamini_hochberg(p[tested])
        q_by[tested] = benjamini_yekutieli(p[tested])
    return (frame.with_columns(pl.Series("q_value", q_bh, nan_to_null=True),
                               pl.Series("q_value_by", q_by, nan_to_null=True))
            .sort(["side", "effect", "card_id"], descending=[False, True, False], nulls_last=True))
