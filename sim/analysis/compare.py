"""Two runs side by side (run A and run B, typically the same spec rerun with one card edited):
each config's side-A win rate, the first player and the card measures, with the difference B − A
and its 95% interval.

Paired or not. Two runs with the same ruleset, kind, seat plan and seed play, in every config id
they share, game i on the same random streams: the same shuffles, dice and agent draws wherever the
edit does not reach. Their games are then matched on (config, game index) and the difference is the
one a sweep computes against its baseline (sim.analysis.sweeps.paired_bounds): the mean of the
per-game differences d_i = score_B(i) − score_A(i) (side A's score: win 1, draw ½, loss 0) with the
normal interval mean ± z·sd(d)/√n. Pairing cancels the luck both games share, so an edit shows with
far fewer games; an edit that changes nothing gives exactly zero. Otherwise (another seed, ruleset,
kind or seat plan, or no config id in common) the games of the two runs are independent and the
difference is two-sample: mean_B − mean_A ± z·√(var_A/n_A + var_B/n_B), var the per-game score
variance (draws included). `RunPairing` says which, and why.

The first player is compared the same way on its seat-mirrored pairs (units 2k, 2k+1 of one stage:
the advantage d = score(A first) − score(A second) of each pair), paired on (config, pair, stage)
when the runs are; shown as the first player's win rate over both seats (0.5 + advantage / 2), so
its difference is half the advantage's.

Cards are compared only where present in both runs, on (config, side, card id): GIH WR and IWD. The
card counters are stored per chunk, not per game, so these differences are always two-sample (GIH:
Wald on each run's proportion; IWD: its own standard errors); for runs on the same seeds that is
conservative (the shared luck is not removed). Cards in one run only are listed apart.

A round robin's factions are also compared against the field (`field_comparison`): each label's
mean over its matchup cells (a uniform field, mirror included), whose difference is the mean of
the cells' differences above. Runs that both measured forced-draw effects ([impact]) compare them
per (side, card) (`forced_draw_comparison`), two-sample like the other card measures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from sim.analysis.intervals import Z95, normal_p_value, score_a, wilson_exprs
from sim.analysis.sweeps import paired_bounds

PAIRED = "paired"
UNPAIRED = "unpaired"
# what must agree for game i of a config to be the same deal in both runs, in the order checked
PAIRING_KEYS = ("ruleset", "kind", "seed", "seats")

WIN_RATE_COLUMNS = ["config", "method", "a_n", "a_win_rate", "a_win_rate_low", "a_win_rate_high", "b_n", "b_win_rate",
                    "b_win_rate_low", "b_win_rate_high", "pairs", "diff", "diff_low", "diff_high", "p_value"]
FIRST_PLAYER_COLUMNS = ["config", "method", "a_pairs", "a_first_player_win_rate", "a_first_player_win_rate_low",
                        "a_first_player_win_rate_high", "b_pairs", "b_first_player_win_rate",
                        "b_first_player_win_rate_low", "b_first_player_win_rate_high", "pairs", "diff", "diff_low",
                        "diff_high", "p_value"]
CARD_COLUMNS = ["config", "side", "card_id", "card_name", "a_gih_n", "a_gih_wr", "a_gih_wr_low", "a_gih_wr_high",
                "b_gih_n", "b_gih_wr", "b_gih_wr_low", "b_gih_wr_high", "gih_diff", "gih_diff_low", "gih_diff_high",
                "a_iwd_diff", "a_iwd_diff_low", "a_iwd_diff_high", "b_iwd_diff", "b_iwd_diff_low", "b_iwd_diff_high",
                "iwd_diff", "iwd_diff_low", "iwd_diff_high"]


@dataclass(frozen=True)
class RunPairing:
    """Whether two runs' games pair, and why: `reason` is "same_deals" when they do, else the first
    of PAIRING_KEYS on which they differ or "no_common_config"; `values` are the two runs' values of
    that key (for the page's sentence), `configs` the config ids both runs hold."""

    paired: bool
    reason: str
    values: tuple[Any, Any] = (None, None)
    configs: tuple[str, ...] = field(default_factory=tuple)

    @property
    def method(self) -> str:
        return PAIRED if self.paired else UNPAIRED


def _pairing_value(manifest: dict[str, Any], key: str) -> Any:
    if key == "seats":
        return manifest.get("spec", {}).get("seats", "mirrored")
    return manifest.get(key, manifest.get("spec", {}).get(key))


def runs_pairing(manifest_a: dict[str, Any], manifest_b: dict[str, Any]) -> RunPairing:
    """RunPairing of two runs from their manifests: paired when ruleset, kind, seed and seat plan
    agree and they share at least one config id."""
    configs = tuple(c for c in manifest_a.get("configs", {}) if c in manifest_b.get("configs", {}))
    for key in PAIRING_KEYS:
        a, b = _pairing_value(manifest_a, key), _pairing_value(manifest_b, key)
        if a != b:
            return RunPairing(False, key, (a, b), configs)
    if not configs:
        return RunPairing(False, "no_common_config", (None, None), configs)
    return RunPairing(True, "same_deals", (_pairing_value(manifest_a, "seed"),) * 2, configs)


def _scores(games: pl.LazyFrame) -> pl.LazyFrame:
    return games.select("config", "game", score_a().alias("score"))


def _per_config(games: pl.LazyFrame, prefix: str, z: float) -> pl.DataFrame:
    """Per config: n, side A's win rate with its Wilson interval, and the score variance (for the
    two-sample difference)."""
    summary = _scores(games).group_by("config").agg(
        pl.len().cast(pl.Int64).alias("n"), pl.col("score").sum().alias("score_sum"),
        pl.col("score").var(ddof=1).alias("var")).collect()
    low, high = wilson_exprs(pl.col("score_sum"), pl.col("n"), z)
    return summary.select(
        "config", pl.col("n").alias(f"{prefix}_n"), (pl.col("score_sum") / pl.col("n")).alias(f"{prefix}_win_rate"),
        low.alias(f"{prefix}_win_rate_low"), high.alias(f"{prefix}_win_rate_high"), pl.col("var").alias(f"{prefix}_var"))


def two_sample_bounds(frame: pl.DataFrame, z: float = Z95) -> pl.DataFrame:
    """`frame` with `diff` = mean_b − mean_a, `diff_low`, `diff_high` (± z·√(var_a/n_a + var_b/n_b))
    and `p_value` added, from its columns mean_a, var_a, n_a, mean_b, var_b, n_b (a variance that is
    null, a single game, counts as 0)."""
    se = ((pl.col("var_a").fill_null(0.0) / pl.col("n_a")) + (pl.col("var_b").fill_null(0.0) / pl.col("n_b"))).sqrt()
    out = frame.with_columns((pl.col("mean_b") - pl.col("mean_a")).alias("diff"), se.alias("_se"))
    p = [normal_p_value(d, s) if d is not None and s is not None else None
         for d, s in zip(out["diff"].to_list(), out["_se"].to_list())]
    return out.with_columns((pl.col("diff") - z * pl.col("_se")).alias("diff_low"),
                            (pl.col("diff") + z * pl.col("_se")).alias("diff_high"),
                            pl.Series("p_value", p, dtype=pl.Float64)).drop("_se")


def _paired_per_config(d: pl.LazyFrame, z: float) -> pl.DataFrame:
    summary = (d.group_by("config").agg(pl.len().cast(pl.Int64).alias("n"), pl.col("d").mean().alias("diff"),
                                        pl.col("d").std(ddof=1).alias("sd")).collect())
    return paired_bounds(summary, z).select("config", pl.col("n").alias("pairs"), "diff", "diff_low", "diff_high",
                                            "p_value")


def win_rate_comparison(games_a: pl.LazyFrame, games_b: pl.LazyFrame, paired: bool, z: float = Z95) -> pl.DataFrame:
    """One row per config both runs played (WIN_RATE_COLUMNS): each run's n and side A's win rate
    with its Wilson interval, and the difference B − A with its interval and p-value; `method` is
    "paired" (games matched on (config, game), `pairs` matched games) or "unpaired" (two-sample,
    `pairs` 0). Configs in run A's order."""
    a, b = _per_config(games_a, "a", z), _per_config(games_b, "b", z)
    both = a.join(b, on="config", how="inner", maintain_order="left")
    if paired:
        d = (_scores(games_a).join(_scores(games_b), on=["config", "game"], how="inner", suffix="_b")
             .select("config", (pl.col("score_b") - pl.col("score")).alias("d")))
        diff = _paired_per_config(d, z)
        out = both.join(diff, on="config", how="left").with_columns(pl.lit(PAIRED).alias("method"))
    else:
        out = two_sample_bounds(both.rename({"a_win_rate": "mean_a", "a_var": "var_a", "a_n": "n_a",
                                             "b_win_rate": "mean_b", "b_var": "var_b", "b_n": "n_b"}), z)
        out = out.rename({"mean_a": "a_win_rate", "var_a": "a_var", "n_a": "a_n", "mean_b": "b_win_rate",
                          "var_b": "b_var", "n_b": "b_n"}).with_columns(pl.lit(0, dtype=pl.Int64).alias("pairs"),
                                                                        pl.lit(UNPAIRED).alias("method"))
    return out.select(WIN_RATE_COLUMNS)


def _mirrored_pairs(games: pl.LazyFrame) -> pl.LazyFrame:
    """Per seat-mirrored pair (config, unit // 2, stage) whose two games have different first
    sides: its advantage d = score(A first) − score(A second)."""
    first = pl.col("first_side") == 0
    return (games.select("config", "unit", "stage", "first_side", score_a().alias("score"))
            .group_by("config", (pl.col("unit") // 2).alias("pair"), "stage")
            .agg(pl.len().alias("n"), pl.col("first_side").cast(pl.Int64).sum().alias("firsts"),
                 (pl.col("score").filter(first).first() - pl.col("score").filter(~first).first()).alias("d"))
            .filter((pl.col("n") == 2) & (pl.col("firsts") == 1)).select("config", "pair", "stage", "d"))


def _first_player_per_config(pairs: pl.LazyFrame, prefix: str, z: float) -> pl.DataFrame:
    """Per config: mirrored pairs, the first player's win rate over both seats (0.5 + mean(d) / 2)
    with its normal interval, and the variance of d / 2 (for the two-sample difference)."""
    summary = pairs.group_by("config").agg(pl.len().cast(pl.Int64).alias("pairs"), pl.col("d").mean().alias("adv"),
                                           pl.col("d").std(ddof=1).alias("sd")).collect()
    half = z * pl.col("sd").fill_null(0.0) / pl.col("pairs").sqrt() / 2
    rate = 0.5 + pl.col("adv") / 2
    return summary.select("config", pl.col("pairs").alias(f"{prefix}_pairs"), rate.alias(f"{prefix}_first_player_win_rate"),
                          (rate - half).alias(f"{prefix}_first_player_win_rate_low"),
                          (rate + half).alias(f"{prefix}_first_player_win_rate_high"),
                          (pl.col("sd") * pl.col("sd") / 4).alias(f"{prefix}_var"))


def first_player_comparison(games_a: pl.LazyFrame, games_b: pl.LazyFrame, paired: bool,
                            z: float = Z95) -> pl.DataFrame:
    """One row per config with seat-mirrored pairs in both runs (FIRST_PLAYER_COLUMNS): each run's
    first player's win rate over both seats with its interval and pairs, and the difference B − A
    (half the difference of the advantages), paired on (config, pair, stage) or two-sample."""
    pairs_a, pairs_b = _mirrored_pairs(games_a), _mirrored_pairs(games_b)
    a, b = _first_player_per_config(pairs_a, "a", z), _first_player_per_config(pairs_b, "b", z)
    both = a.join(b, on="config", how="inner", maintain_order="left")
    if paired:
        d = (pairs_a.join(pairs_b, on=["config", "pair", "stage"], how="inner", suffix="_b")
             .select("config", ((pl.col("d_b") - pl.col("d")) / 2).alias("d")))
        out = both.join(_paired_per_config(d, z), on="config", how="left").with_columns(pl.lit(PAIRED).alias("method"))
    else:
        renamed = both.rename({"a_first_player_win_rate": "mean_a", "a_var": "var_a", "a_pairs": "n_a",
                               "b_first_player_win_rate": "mean_b", "b_var": "var_b", "b_pairs": "n_b"})
        out = two_sample_bounds(renamed, z).rename({"mean_a": "a_first_player_win_rate", "n_a": "a_pairs",
                                                    "mean_b": "b_first_player_win_rate", "n_b": "b_pairs"})
        out = out.with_columns(pl.lit(0, dtype=pl.Int64).alias("pairs"), pl.lit(UNPAIRED).alias("method"))
    return out.select(FIRST_PLAYER_COLUMNS)


def _wald(rate: pl.Expr, n: pl.Expr) -> pl.Expr:
    return rate * (1 - rate) / n.cast(pl.Float64)


def card_comparison(impact_a: pl.DataFrame, impact_b: pl.DataFrame, z: float = Z95) -> pl.DataFrame:
    """The cards both runs measured, on (config, side, card_id) (CARD_COLUMNS): each run's GIH n and
    GIH WR with its interval, their difference B − A with a two-sample Wald interval, each run's IWD
    (a difference itself, GIH WR − GNS WR) with its normal interval, and its difference with an
    interval from the two IWD standard errors. Card names are run B's (an edit may rename a card)."""
    keys = ["config", "side", "card_id"]
    wanted = keys + ["card_name", "gih_n", "gih_wr", "gih_ci_low", "gih_ci_high", "iwd", "iwd_se"]
    a = impact_a.select([c for c in wanted if c in impact_a.columns])
    b = impact_b.select([c for c in wanted if c in impact_b.columns])
    both = a.join(b, on=keys, how="inner", suffix="_b", maintain_order="left")
    gih_se = (_wald(pl.col("gih_wr"), pl.col("gih_n")) + _wald(pl.col("gih_wr_b"), pl.col("gih_n_b"))).sqrt()
    iwd_se = (pl.col("iwd_se").pow(2) + pl.col("iwd_se_b").pow(2)).sqrt()
    gih_diff = pl.col("gih_wr_b") - pl.col("gih_wr")
    iwd_diff = pl.col("iwd_b") - pl.col("iwd")
    return both.select(
        *keys, pl.col("card_name_b").alias("card_name"),
        pl.col("gih_n").alias("a_gih_n"), pl.col("gih_wr").alias("a_gih_wr"), pl.col("gih_ci_low").alias("a_gih_wr_low"),
        pl.col("gih_ci_high").alias("a_gih_wr_high"),
        pl.col("gih_n_b").alias("b_gih_n"), pl.col("gih_wr_b").alias("b_gih_wr"),
        pl.col("gih_ci_low_b").alias("b_gih_wr_low"), pl.col("gih_ci_high_b").alias("b_gih_wr_high"),
        gih_diff.alias("gih_diff"), (gih_diff - z * gih_se).alias("gih_diff_low"),
        (gih_diff + z * gih_se).alias("gih_diff_high"),
        pl.col("iwd").alias("a_iwd_diff"), (pl.col("iwd") - z * pl.col("iwd_se")).alias("a_iwd_diff_low"),
        (pl.col("iwd") + z * pl.col("iwd_se")).alias("a_iwd_diff_high"),
        pl.col("iwd_b").alias("b_iwd_diff"), (pl.col("iwd_b") - z * pl.col("iwd_se_b")).alias("b_iwd_diff_low"),
        (pl.col("iwd_b") + z * pl.col("iwd_se_b")).alias("b_iwd_diff_high"), iwd_diff.alias("iwd_diff"),
        (iwd_diff - z * iwd_se).alias("iwd_diff_low"), (iwd_diff + z * iwd_se).alias("iwd_diff_high"),
    ).select(CARD_COLUMNS)


def cards_in_one_run(impact_a: pl.DataFrame, impact_b: pl.DataFrame) -> pl.DataFrame:
    """The cards measured in one run only, on (config, side, card_id): `run` ("A" or "B"), config,
    side, card_id, card_name; run A's first."""
    keys = ["config", "side", "card_id"]
    shown = keys + ["card_name"]
    only_a = impact_a.select(shown).join(impact_b.select(keys), on=keys, how="anti", maintain_order="left")
    only_b = impact_b.select(shown).join(impact_a.select(keys), on=keys, how="anti", maintain_order="left")
    return pl.concat([only_a.select(pl.lit("A").alias("run"), *shown), only_b.select(pl.lit("B").alias("run"), *shown)])


def configs_in_one_run(manifest_a: dict[str, Any], manifest_b: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The config ids only run A holds and only run B holds, in each spec's order."""
    a, b = manifest_a.get("configs", {}), manifest_b.get("configs", {})
    return [c for c in a if c not in b], [c for c in b if c not in a]



FIELD_COLUMNS = ["label", "configs", "a_n", "a_win_rate", "a_win_rate_low", "a_win_rate_high", "b_n", "b_win_rate",
                 "b_win_rate_low", "b_win_rate_high", "pairs", "diff", "diff_low", "diff_high", "p_value"]
FORCED_DRAW_COLUMNS = ["side", "label", "card_id", "card_name", "a_pairs", "a_effect", "a_effect_low", "a_effect_high",
                       "b_pairs", "b_effect", "b_effect_low", "b_effect_high", "diff", "diff_low", "diff_high", "p_value"]


def config_labels(manifest: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Each config's (side A label, side B label) as the run's manifest records them."""
    return {config_id: (config["sides"][0]["label"], config["sides"][1]["label"])
            for config_id, config in manifest.get("configs", {}).items()}


def _config_figures(games_a: pl.LazyFrame, games_b: pl.LazyFrame, paired: bool, z: float) -> dict[str, dict[str, Any]]:
    """Per config both runs played: each run's n, side A's win rate and per-game score variance, and
    the difference B − A with its standard error, exactly as win_rate_comparison computes them (its
    interval is diff ± z·se)."""
    a, b = _per_config(games_a, "a", z), _per_config(games_b, "b", z)
    both = a.join(b, on="config", how="inner")
    if paired:
        d = (_scores(games_a).join(_scores(games_b), on=["config", "game"], how="inner", suffix="_b")
             .select("config", (pl.col("score_b") - pl.col("score")).alias("d")))
        spread = (d.group_by("config").agg(pl.len().cast(pl.Int64).alias("pairs"), pl.col("d").mean().alias("diff"),
                                           pl.col("d").std(ddof=1).alias("sd")).collect())
        both = both.join(spread.with_columns((pl.col("sd").fill_null(0.0) / pl.col("pairs").sqrt()).alias("se")),
                         on="config", how="left")
    else:
        both = both.with_columns(
            pl.lit(0, dtype=pl.Int64).alias("pairs"), (pl.col("b_win_rate") - pl.col("a_win_rate")).alias("diff"),
            ((pl.col("a_var").fill_null(0.0) / pl.col("a_n")) + (pl.col("b_var").fill_null(0.0) / pl.col("b_n"))).sqrt()
            .alias("se"))
    return {row["config"]: row for row in both.iter_rows(named=True)}


def field_comparison(games_a: pl.LazyFrame, games_b: pl.LazyFrame, paired: bool, labels: dict[str, tuple[str, str]],
                     z: float = Z95) -> pl.DataFrame:
    """Each side label of a round robin against the field (FIELD_COLUMNS), in both runs and B − A:
    the mean of its matchup cells over a uniform field of its opponents, mirror included (the
    marginal of sim.analysis.matchups), taken over the configs both runs played (`configs` of them).
    A config "x~y" is the cell (x, y) from side A's win rate and the cell (y, x) from 1 − it, so the
    field's difference is the mean of the cells' differences of win_rate_comparison, with their signs;
    the configs are independent games, so its variance is the sum of theirs / (cells)², its interval
    normal. `labels` is config_labels of run A; `n` and `pairs` add up the cells' games."""
    figures = _config_figures(games_a, games_b, paired, z)
    cells: dict[str, list[tuple[dict[str, Any], bool]]] = {}  # label -> (config figures, seen from side B)
    for config_id, (label_a, label_b) in labels.items():
        if config_id in figures:
            cells.setdefault(label_a, []).append((figures[config_id], False))
            if label_b != label_a:
                cells.setdefault(label_b, []).append((figures[config_id], True))
    rows = []
    for label, parts in cells.items():
        weight = 1.0 / len(parts)
        row: dict[str, Any] = {"label": label, "configs": len(parts), "pairs": sum(f["pairs"] for f, _ in parts)}
        for run in ("a", "b"):
            rate = sum(weight * ((1.0 - f[f"{run}_win_rate"]) if flipped else f[f"{run}_win_rate"]) for f, flipped in parts)
            half = z * math.sqrt(sum(weight ** 2 * (f[f"{run}_var"] or 0.0) / f[f"{run}_n"] for f, _ in parts))
            row.update({f"{run}_n": sum(f[f"{run}_n"] for f, _ in parts), f"{run}_win_rate": rate,
                        f"{run}_win_rate_low": rate - half, f"{run}_win_rate_high": rate + half})
        diff = sum(weight * (-f["diff"] if flipped else f["diff"]) for f, flipped in parts)
        se = math.sqrt(sum(weight ** 2 * f["se"] ** 2 for f, _ in parts))
        row.update(diff=diff, diff_low=diff - z * se, diff_high=diff + z * se, p_value=normal_p_value(diff, se))
        rows.append(row)
    schema = {name: pl.Float64 for name in FIELD_COLUMNS} | {"label": pl.String, "configs": pl.Int64, "a_n": pl.Int64,
                                                             "b_n": pl.Int64, "pairs": pl.Int64}
    return pl.DataFrame(rows, schema=schema).select(FIELD_COLUMNS)


def forced_draw_comparison(effect_a: pl.DataFrame, effect_b: pl.DataFrame, z: float = Z95) -> pl.DataFrame:
    """The forced-draw effects both runs measured (sim.analysis.forced_draw.forced_draw_effect of
    each), on (side, card_id) (FORCED_DRAW_COLUMNS): each run's pairs and effect with its interval,
    and the difference B − A, two-sample on the two standard errors (each effect is already a paired
    difference within its run; the two runs' measurements are taken as independent, which for runs
    on the same seeds is conservative). Labels and card names are run B's; run A's order."""
    keys = ["side", "card_id"]
    wanted = keys + ["label", "card_name", "pairs", "effect", "effect_se", "effect_low", "effect_high"]
    both = effect_a.select(wanted).join(effect_b.select(wanted), on=keys, how="inner", suffix="_b", maintain_order="left")
    diff = pl.col("effect_b") - pl.col("effect")
    se = (pl.col("effect_se").pow(2) + pl.col("effect_se_b").pow(2)).sqrt()
    out = both.select(
        *keys, pl.col("label_b").alias("label"), pl.col("card_name_b").alias("card_name"),
        pl.col("pairs").alias("a_pairs"), pl.col("effect").alias("a_effect"), pl.col("effect_low").alias("a_effect_low"),
        pl.col("effect_high").alias("a_effect_high"), pl.col("pairs_b").alias("b_pairs"),
        pl.col("effect_b").alias("b_effect"), pl.col("effect_low_b").alias("b_effect_low"),
        pl.col("effect_high_b").alias("b_effect_high"), diff.alias("diff"), se.alias("_se"))
    p = [normal_p_value(d, s) if d is not None and s is not None and math.isfinite(s) else None
         for d, s in zip(out["diff"].to_list(), out["_se"].to_list())]
    return out.with_columns((pl.col("diff") - z * pl.col("_se")).alias("diff_low"),
                            (pl.col("diff") + z * pl.col("_se")).alias("diff_high"),
                            pl.Series("p_value", p, dtype=pl.Float64)).select(FORCED_DRAW_COLUMNS)
