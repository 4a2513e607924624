"""Sequential stopping: the SPRT on seat-mirrored game pairs of chess engine testing (fishtest).

Seat-mirrored runs play units 2k and 2k+1 with the same random streams and the seats swapped; the
pair is the unit of evidence, scored for side A as 0, ½, 1, 1½ or 2 (LL, LD, DD or WL, WD, WW).
Counting pairs (pentanomial) rather than games (trinomial) keeps the shared luck of a pair out of
the variance, so tests decide sooner at the same error rates.

Two tests, one per kind of run (ANALYTICS.md, "Many comparisons, and when to stop"):

- A sweep or an ablation tests each config against the baseline on the same pairs. Pair k is
  the same seeds in both, so d_k = (config's pair score − baseline's pair score) / 2, a win-rate
  difference per game in {−1, −¾, …, ¾, 1}, carries the change and none of the luck both share.
  H0: mean d = 0 (no change from the baseline); H1: mean d = ±δ, the spec's size either way
  (`[stop] difference`, or elo1 − elo0 converted at 50%: 10 Elo = 1.44 points). The LLR is the
  GSPRT approximation below on the d's, for +δ and for −δ, mixed half and half:
  LLR = log(½·e^LLR₊ + ½·e^LLR₋), a likelihood ratio of its own, so Wald's bounds keep α and β as
  they are. The baseline is never tested against itself. A config equal to the baseline has d = 0 in
  every pair: its LLR falls towards H0 with every pair and never reaches H1.
- A two-sided spec (no sweep) tests side A: H0: its Elo is elo0, H1: it is elo1 (logistic Elo:
  expected score L(elo) = 1/(1 + 10^(−elo/400))), on the pentanomial counts of its pairs.

Either way the log-likelihood ratio is fishtest's approximation of the generalised LLR (Van den
Bergh, "GSPRT approximation"; fishtest LLRcalc.LLR_alt2):

    LLR ≈ N · (μ1 − μ0) · (2·x̄ − μ0 − μ1) / (2·σ²)

with N pairs, μ0 and μ1 the mean under H0 and H1 (L(elo0), L(elo1) for side A; 0 and ±δ against
the baseline), and x̄, σ² the mean and variance per pair (side A's pair score / 2, in {0, ¼, ½, ¾, 1};
or d). As fishtest does, each count of the distribution (five, or nine for d) is raised to at least
1e-3 first, so a sample with no spread (every pair WL, or every d = 0) has a finite LLR. Stop for H1
when LLR ≥ log((1 − β)/α), for H0 when LLR ≤ log(β/(1 − α)): ±2.944 at α = β = 0.05.

No decision before `min_pairs` pairs (default 50). The approximation needs a variance estimate, and a
handful of pairs rarely shows one: a single WW pair already gives LLR in the hundreds. Fishtest never
meets this (workers report hundreds of games at a time), a sequential sweep does. Measured on a
50% side without draws, checking after every pair (6,000 runs each): H1 accepted in 26% of runs with
no minimum, 6.0% with 20 pairs, 5.0% with 50 ([0, 50] Elo bounds), 2.4% with 50 at [0, 100].
Against the baseline, at δ = 1.44 points and checked every 10 pairs (1,000 runs each; a 50% side
without draws, the config's pair re-drawn in a share q of the pairs and equal to the baseline's in
the rest): with no true difference, H1 in 5.1% of runs at q = 1 (nothing shared), 4.8% at q = ⅓,
3.5% at q = 1/10, 0.4% at q = 3/100; with a true difference of +δ, H1 (better) in 95.5% at q = ⅓
and 89.6% at q = 1/10 (the minimum of 50 pairs lets a sparse change stop for H0 early).

An early stop biases the estimate: a config stopped for H1 reads further from the baseline (or from
L(elo0)) than it is, one stopped for H0 nearer; the console and the sweeps page say so beside it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from sim.analysis.intervals import score_a
from sim.results.scans import scan_games
from sim.core.errors import InputError
from sim.results.folder import MANIFEST

PENTANOMIAL = ("ll", "ld", "dd_wl", "wd", "ww")  # side A's pair score 0, ½, 1, 1½, 2
DIFFERENCE_STEPS = np.arange(-4, 5) / 4.0  # config minus baseline, per game: −1, −¾, …, 1 (index = step + 4)
EPSILON = 1e-3  # fishtest's floor on each count
MIN_PAIRS = 50  # no decision before this many pairs (module docstring)
BASELINE = "base"
DEFAULT_ELO0, DEFAULT_ELO1, DEFAULT_ALPHA, DEFAULT_BETA = 0.0, 10.0, 0.05, 0.05  # StopSpec's defaults
PAIR_COLUMNS = ("config", "unit", "stage", "first_side", "winner")


@dataclass(frozen=True)
class SprtResult:
    """One SPRT reading: llr against the bounds, and the decision "H0", "H1" or "continue"."""

    llr: float
    lower: float
    upper: float
    decision: str
    pairs: int
    score: float  # side A's mean score per game over the pairs (nan without pairs or against the baseline)
    difference: float = math.nan  # against the baseline: the mean of d, config minus baseline per game


@dataclass(frozen=True)
class SprtHypothesis:
    """What a run's SPRT tests: against the baseline (sweeps, ablations) or side A at elo0 against
    elo1, with the error rates α (wrongly accepting H1) and β (wrongly accepting H0)."""

    against_baseline: bool
    elo0: float = DEFAULT_ELO0
    elo1: float = DEFAULT_ELO1
    difference: float | None = None  # H1's size against the baseline (win rate, 0.02 = 2 points)
    alpha: float = DEFAULT_ALPHA
    beta: float = DEFAULT_BETA

    @classmethod
    def of_spec(cls, spec: Mapping[str, Any]) -> "SprtHypothesis":
        """The hypothesis of a spec as its manifest stores it (ExperimentSpec dumped by alias): its
        [stop] table, or the defaults where the spec has none."""
        stop = spec.get("stop") or {}
        return cls(against_baseline=spec.get("sweep") is not None or spec.get("ablation") is not None,
                   elo0=float(stop.get("elo0", DEFAULT_ELO0)), elo1=float(stop.get("elo1", DEFAULT_ELO1)),
                   difference=stop.get("difference"), alpha=float(stop.get("alpha", DEFAULT_ALPHA)),
                   beta=float(stop.get("beta", DEFAULT_BETA)))

    @property
    def size(self) -> float:
        """H1's difference from the baseline, per game: `difference`, else elo1 − elo0 at 50%."""
        return self.difference if self.difference is not None else expected_score(self.elo1 - self.elo0) - 0.5

    def text(self, lang: str = "en") -> str:
        """H0 and H1 in words: "H0: same as the baseline; H1: ±1.4 pts from it"."""
        es = lang == "es"

        def number(value: float, spec: str) -> str:  # Spanish writes the decimal comma
            text = format(value, spec)
            return text.replace(".", ",") if es else text
        if self.against_baseline:
            size = number(100 * self.size, ".1f")
            return (f"H0: igual que la base; H1: ±{size} pts de ella" if es else
                    f"H0: same as the baseline; H1: ±{size} pts from it")
        side = "el lado A" if es else "side A"
        at = "a" if es else "at"
        percent = "\u00a0%" if es else "%"
        return (f"H0: {side} {at} {self.elo0:+g} Elo ({number(100 * expected_score(self.elo0), '.1f')}{percent}); "
                f"H1: {side} {at} {self.elo1:+g} Elo ({number(100 * expected_score(self.elo1), '.1f')}{percent})")

    def read(self, counts: Sequence[float], min_pairs: int = MIN_PAIRS) -> SprtResult:
        """This test on a config's counts: nine d counts against the baseline, else five pentanomial."""
        if self.against_baseline:
            return baseline_sprt(counts, self.size, self.alpha, self.beta, min_pairs)
        return sprt(counts, self.elo0, self.elo1, self.alpha, self.beta, min_pairs)


def expected_score(elo: float) -> float:
    """Logistic Elo to expected score: 1/(1 + 10^(−elo/400))."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """Wald's bounds (lower, upper) = (log(β/(1 − α)), log((1 − β)/α)); ±2.944 at α = β = 0.05."""
    if not (0.0 < alpha < 1.0 and 0.0 < beta < 1.0):
        raise InputError(f"sprt: alpha and beta must lie strictly between 0 and 1, got {alpha}, {beta}")
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def _mean_and_variance(counts: Sequence[float], values: np.ndarray, what: str) -> tuple[float, float, float]:
    """(pairs, mean, variance) of the count-weighted values, every count raised to EPSILON first."""
    raw = np.asarray(counts, dtype=np.float64)
    if raw.shape != values.shape or np.any(raw < 0):
        raise InputError(f"sprt: expected {len(values)} non-negative pair counts ({what}), got {counts}")
    regularised = np.maximum(raw, EPSILON)
    pairs = regularised.sum()
    prob = regularised / pairs
    mean = float(prob @ values)
    return pairs, mean, float(prob @ (values - mean) ** 2)


def pentanomial_llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The approximate generalised LLR of H1 (elo1) against H0 (elo0) for pentanomial `counts`
    (LL, LD, DD+WL, WD, WW pairs of side A); see the module docstring."""
    if np.asarray(counts, dtype=np.float64).sum() == 0:
        _mean_and_variance(counts, np.arange(5) / 4.0, "LL, LD, DD/WL, WD, WW")  # still check the shape
        return 0.0
    pairs, mean, var = _mean_and_variance(counts, np.arange(5) / 4.0, "LL, LD, DD/WL, WD, WW")
    mu0, mu1 = expected_score(elo0), expected_score(elo1)
    return pairs * (mu1 - mu0) * (2.0 * mean - mu0 - mu1) / (2.0 * var)


def difference_llr(counts: Sequence[float], size: float) -> float:
    """The LLR of H1 (mean d = ±size, half and half) against H0 (mean d = 0) for `counts`, the pairs
    whose d = config − baseline per game is −1, −¾, …, ¾, 1 (nine counts); see the module docstring."""
    if np.asarray(counts, dtype=np.float64).sum() == 0:
        _mean_and_variance(counts, DIFFERENCE_STEPS, "d = −1, −¾, …, 1")
        return 0.0
    pairs, mean, var = _mean_and_variance(counts, DIFFERENCE_STEPS, "d = −1, −¾, …, 1")
    towards = [pairs * mu1 * (2.0 * mean - mu1) / (2.0 * var) for mu1 in (size, -size)]
    return float(np.logaddexp(*towards) - math.log(2.0))


def _decide(llr: float, lower: float, upper: float, pairs: int, min_pairs: int) -> str:
    return "continue" if pairs < min_pairs else "H1" if llr >= upper else "H0" if llr <= lower else "continue"


def sprt(counts: Sequence[float], elo0: float = DEFAULT_ELO0, elo1: float = DEFAULT_ELO1, alpha: float = DEFAULT_ALPHA,
         beta: float = DEFAULT_BETA, min_pairs: int = MIN_PAIRS) -> SprtResult:
    """Pentanomial SPRT of side A at Elo `elo0` (H0) against `elo1` (H1) on pair counts (LL, LD,
    DD/WL, WD, WW); α and β are the error rates of wrongly accepting H1 and H0. The decision stays
    "continue" below `min_pairs` pairs, whatever the LLR."""
    if not elo1 > elo0:
        raise InputError(f"sprt: elo1 must be greater than elo0, got elo0={elo0}, elo1={elo1}")
    lower, upper = sprt_bounds(alpha, beta)
    llr = pentanomial_llr(counts, elo0, elo1)
    raw = np.asarray(counts, dtype=np.float64)
    pairs = int(raw.sum())
    score = float(raw @ (np.arange(5) / 4.0) / pairs) if pairs else math.nan
    return SprtResult(llr=llr, lower=lower, upper=upper, decision=_decide(llr, lower, upper, pairs, min_pairs),
                      pairs=pairs, score=score)


def baseline_sprt(counts: Sequence[float], size: float, alpha: float = DEFAULT_ALPHA, beta: float = DEFAULT_BETA,
                  min_pairs: int = MIN_PAIRS) -> SprtResult:
    """The SPRT of a config against the baseline on the same pairs: H0 no difference, H1 a difference
    of ±`size` per game (win rate), on the nine counts of d (config − baseline per game = −1, −¾, …, 1).
    `difference` in the result is the mean of d; its sign says which way an H1 went."""
    if not 0.0 < size < 1.0:
        raise InputError(f"sprt: the difference H1 tests must lie strictly between 0 and 1, got {size}")
    lower, upper = sprt_bounds(alpha, beta)
    llr = difference_llr(counts, size)
    raw = np.asarray(counts, dtype=np.float64)
    pairs = int(raw.sum())
    mean = float(raw @ DIFFERENCE_STEPS / pairs) if pairs else math.nan
    return SprtResult(llr=llr, lower=lower, upper=upper, decision=_decide(llr, lower, upper, pairs, min_pairs),
                      pairs=pairs, score=math.nan, difference=mean)


def pair_scores(games: pl.DataFrame | pl.LazyFrame) -> pl.DataFrame:
    """One row per seat-mirrored pair: config, pair (unit // 2), stage (0 when the frame has none) and
    bucket, side A's pair score × 2 (0 LL … 4 WW), sorted by config, pair and stage.

    A pair is two games of one config with the same unit // 2 (and stage) whose first sides differ,
    as in first_player; any other grouping (a lone game, or seats not swapped) is no pair and is
    skipped."""
    lazy = games.lazy()
    stage = pl.col("stage") if "stage" in lazy.collect_schema().names() else pl.lit(0, pl.Int8).alias("stage")
    return (
        lazy.group_by(pl.col("config").cast(pl.String), (pl.col("unit") // 2).alias("pair"), stage)
        .agg(pl.len().alias("n"), pl.col("first_side").n_unique().alias("firsts"),
             (2.0 * score_a()).sum().round(0).cast(pl.Int64).alias("bucket"))
        .filter((pl.col("n") == 2) & (pl.col("firsts") == 2))
        .select("config", "pair", pl.col("stage").cast(pl.Int64), "bucket")
        .sort("config", "pair", "stage")
        .collect()
    )


def pair_outcomes(games: pl.DataFrame | pl.LazyFrame) -> pl.DataFrame:
    """Per config: pairs and the pentanomial counts ll, ld, dd_wl, wd, ww of side A (pair_scores'
    pairs). Configs without pairs get a row of zeros."""
    counted = pair_scores(games).group_by("config").agg(
        pl.len().cast(pl.Int64).alias("pairs"),
        *((pl.col("bucket") == k).sum().cast(pl.Int64).alias(name) for k, name in enumerate(PENTANOMIAL)),
    )
    configs = games.lazy().select(pl.col("config").cast(pl.String).unique()).collect()
    return (configs.join(counted, on="config", how="left")
            .with_columns(pl.col("pairs", *PENTANOMIAL).fill_null(0))
            .sort("config"))


def paired_differences(pairs: pl.DataFrame, baseline: str = BASELINE) -> pl.DataFrame:
    """Each config's pairs (pair_scores) beside the baseline's same pair: config, pair, stage and
    step, 4·d = config's bucket − baseline's (−4 … 4), in pair order. Pairs either side lacks are
    left out; the baseline has no rows."""
    base = pairs.filter(pl.col("config") == baseline).select("pair", "stage", pl.col("bucket").alias("base_bucket"))
    return (pairs.filter(pl.col("config") != baseline).join(base, on=["pair", "stage"], how="inner")
            .select("config", "pair", "stage", (pl.col("bucket") - pl.col("base_bucket")).alias("step"))
            .sort("config", "pair", "stage"))


def difference_counts(steps: np.ndarray | pl.Series) -> np.ndarray:
    """The nine counts of d = −1, −¾, …, 1 from steps 4·d (−4 … 4), as difference_llr takes them."""
    return np.bincount(np.asarray(steps, dtype=np.int64) + 4, minlength=9).astype(np.float64)


def _verdict(result: SprtResult, min_pairs: int, lang: str = "en") -> str:
    es = lang == "es"
    llr = f"LLR {result.llr:+.2f}".replace("-", "−")
    if result.decision in ("H0", "H1"):
        way = ""
        if result.decision == "H1" and not math.isnan(result.difference):
            way = (" (mejor)" if result.difference > 0 else " (peor)") if es else \
                (" (better)" if result.difference > 0 else " (worse)")
        return f"aceptada {result.decision}{way}, {llr}" if es else f"accepted {result.decision}{way}, {llr}"
    if result.pairs < min_pairs:
        return (f"sin decisión antes de {min_pairs} pares ({result.pairs}), {llr}" if es else
                f"no decision before {min_pairs} pairs ({result.pairs} so far), {llr}")
    bounds = f"{result.lower:+.2f}/{result.upper:+.2f}".replace("-", "−")
    return f"sigue, {llr} (cotas {bounds})" if es else f"continue, {llr} (bounds {bounds})"


def early_stop_note(hypothesis: SprtHypothesis, decision: str, stopped_at_unit: int, units: int,
                    lang: str = "en") -> str:
    """What a designer must know about a config's estimate after its early stop (ANALYTICS.md)."""
    es = lang == "es"
    centre = ("0" if hypothesis.against_baseline else f"{100 * expected_score(hypothesis.elo0):.1f}%")
    where = f"{stopped_at_unit:,} / {units:,}"
    if "H0" in decision:
        return (f"parada pronto ({where}): su estimación está sesgada hacia {centre}" if es else
                f"stopped early ({where}): its estimate is biased towards {centre}")
    if "H1" in decision:
        return (f"parada pronto ({where}): su estimación está sesgada lejos de {centre}" if es else
                f"stopped early ({where}): its estimate is biased away from {centre}")
    return (f"parada pronto ({where}) al alcanzar su precisión" if es else
            f"stopped early ({where}) at its precision target")


READINGS_SCHEMA = {
    "config": pl.String, "pairs": pl.Int64, "score": pl.Float64, "diff": pl.Float64, "llr": pl.Float64,
    "lower": pl.Float64, "upper": pl.Float64, "decision": pl.String, "verdict": pl.String,
    "hypothesis": pl.String, "note": pl.String,
}


def _manifest(run_dir: Path) -> dict[str, Any]:
    try:
        return json.loads((Path(run_dir) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}


def sprt_by_config(run_dir: Path, hypothesis: SprtHypothesis | None = None, min_pairs: int = MIN_PAIRS,
                   manifest: Mapping[str, Any] | None = None, lang: str = "en") -> pl.DataFrame:
    """Each config's SPRT reading over all its pairs, as the run's spec asks it (its manifest's
    [stop], unless `hypothesis` is given): config, pairs, score (side A's mean per game over its
    pairs), diff (against the baseline: config − baseline per game on the same pairs), llr, lower,
    upper, decision ("H0", "H1", "continue"; "baseline" for the baseline, never tested against
    itself), verdict and hypothesis in words, and note (an early stop and the bias it leaves)."""
    manifest = _manifest(run_dir) if manifest is None else manifest
    hypothesis = hypothesis or SprtHypothesis.of_spec(manifest.get("spec", {}))
    pairs = pair_scores(scan_games(run_dir).select(*PAIR_COLUMNS))
    configs = sorted(scan_games(run_dir).select(pl.col("config").cast(pl.String).unique()).collect()["config"])
    stopped = manifest.get("stopped") or {}
    units = int(manifest.get("games") or 0)
    differences = paired_differences(pairs) if hypothesis.against_baseline else None
    rows = []
    for config in configs:
        own = pairs.filter(pl.col("config") == config)
        score = float(own["bucket"].mean()) / 4.0 if own.height else None
        note = (early_stop_note(hypothesis, stopped[config].get("decision", ""), int(stopped[config]["stopped_at_unit"]),
                                units, lang) if config in stopped else "")
        if hypothesis.against_baseline and config == BASELINE:
            rows.append({"config": config, "pairs": own.height, "score": score, "diff": None, "llr": None,
                         "lower": None, "upper": None, "decision": "baseline",
                         "verdict": "base: no se compara consigo misma" if lang == "es" else
                         "baseline: not tested against itself", "hypothesis": hypothesis.text(lang), "note": note})
            continue
        if differences is not None:
            counts = difference_counts(differences.filter(pl.col("config") == config)["step"])
        else:
            counts = np.bincount(own["bucket"].to_numpy(), minlength=5).astype(np.float64)
        result = hypothesis.read(counts, min_pairs)
        rows.append({"config": config, "pairs": result.pairs, "score": score,
                     "diff": None if math.isnan(result.difference) else result.difference, "llr": result.llr,
                     "lower": result.lower, "upper": result.upper, "decision": result.decision,
                     "verdict": _verdict(result, min_pairs, lang), "hypothesis": hypothesis.text(lang), "note": note})
    return pl.DataFrame(rows, schema=READINGS_SCHEMA)


def sprt_trajectories(run_dir: Path, hypothesis: SprtHypothesis | None = None, points: int = 60) -> pl.DataFrame:
    """How each config's LLR grew as its seat-mirrored pairs came in, in pair order (the order the
    run plays them): config, pairs, llr, at about `points` evenly spaced pair counts per config; the
    test is the run's (sprt_by_config), and against the baseline the baseline has no path.
    `identical` marks a config whose every pair scored as the baseline's (the baseline's own point of
    a sweep grid): its differences have no spread, so its LLR runs off to minus hundreds of
    thousands, a certainty that says nothing but "the same games". The dashboard draws these
    against the bounds, as fishtest does."""
    hypothesis = hypothesis or SprtHypothesis.of_spec(_manifest(run_dir).get("spec", {}))
    pairs = pair_scores(scan_games(run_dir).select(*PAIR_COLUMNS))
    if hypothesis.against_baseline:
        paths, categories = paired_differences(pairs).select("config", (pl.col("step") + 4).alias("k")), 9
    else:
        paths, categories = pairs.select("config", pl.col("bucket").alias("k")), 5
    rows = []
    for (config,), part in paths.group_by("config", maintain_order=True):
        k = part["k"].to_numpy()
        identical = bool(hypothesis.against_baseline and np.all(k == 4))  # d = 0 in every pair
        cumulative = np.zeros((len(k), categories))
        cumulative[np.arange(len(k)), k] = 1
        cumulative = cumulative.cumsum(axis=0)
        marks = np.unique(np.linspace(1, len(k), min(points, len(k))).astype(int))
        for m in marks:
            llr = (difference_llr(cumulative[m - 1], hypothesis.size) if hypothesis.against_baseline
                   else pentanomial_llr(cumulative[m - 1], hypothesis.elo0, hypothesis.elo1))
            rows.append({"config": config, "pairs": int(m), "llr": llr, "identical": identical})
    return pl.DataFrame(rows, schema={"config": pl.String, "pairs": pl.Int64, "llr": pl.Float64, "identical": pl.Boolean})
