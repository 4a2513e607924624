"""Bradley-Terry ratings with a first-player term, fitted in one batch over every config of a run.

Model: logit P(i beats j | i went first) = θi − θj + h, with Σθ = 0 so that ratings are identified
(a rating only means something against the others). A draw counts half a win to each side, i.e.
the fit maximises Σ [s·log p + (n − s)·log(1 − p)] with s the first player's score: the binomial
likelihood with fractional successes (a quasi-likelihood; its standard errors, from the observed
information, are on the safe side when there are draws, which carry less variance than a coin).

Games are first aggregated to (first label, second label) -> games, score, so the Newton iterations
cost the number of label pairs, not of games. Mirror games (a label against itself) say nothing
about θ but pin down h. Card games are often cyclic (rock-paper-scissors), so ratings summarise the
matchup matrix and never replace it (ANALYTICS.md).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.intervals import score_a
from sim.analysis.scans import scan_games
from sim.core.errors import InputError

ELO_PER_LOGIT = 400.0 / math.log(10.0)
MAX_ITERATIONS = 100
TOLERANCE = 1e-10
MAX_LOGIT = 30.0  # θ this large (5,000+ Elo) only comes from a label that wins or loses every game

SCHEMA = {
    "label": pl.String, "games": pl.Int64, "rating": pl.Float64, "rating_se": pl.Float64, "elo": pl.Float64,
    "elo_se": pl.Float64, "first_player": pl.Float64, "first_player_se": pl.Float64,
    "first_player_elo": pl.Float64,
}


def _pair_counts(games: pl.DataFrame | pl.LazyFrame) -> pl.DataFrame:
    """(first, second) labels -> games and the first player's score (draw = ½)."""
    a_first = pl.col("first_side") == 0
    label_a, label_b = pl.col("label_a").cast(pl.String), pl.col("label_b").cast(pl.String)
    return (
        games.lazy()
        .select(
            pl.when(a_first).then(label_a).otherwise(label_b).alias("first"),
            pl.when(a_first).then(label_b).otherwise(label_a).alias("second"),
            pl.when(a_first).then(score_a()).otherwise(1.0 - score_a()).alias("score"),
        )
        .group_by("first", "second")
        .agg(pl.len().cast(pl.Float64).alias("n"), pl.col("score").sum())
        .sort("first", "second")
        .collect()
    )


def _components(n_labels: int, i: np.ndarray, j: np.ndarray) -> int:
    parent = list(range(n_labels))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for a, b in zip(i.tolist(), j.tolist()):
        parent[root(a)] = root(b)
    return len({root(k) for k in range(n_labels)})


def _log_likelihood(eta: np.ndarray, n: np.ndarray, s: np.ndarray) -> float:
    return float(np.sum(s * eta - n * np.logaddexp(0.0, eta)))


def _newton(x: np.ndarray, n: np.ndarray, s: np.ndarray, penalty: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Maximise the (penalised) log-likelihood of logit p = x·φ; returns φ and the observed
    information at φ. Steps are halved until the objective rises, so a far-off start cannot diverge."""
    phi = np.zeros(x.shape[1])

    def objective(v: np.ndarray) -> float:
        return _log_likelihood(x @ v, n, s) - 0.5 * v @ penalty @ v

    for _ in range(MAX_ITERATIONS):
        p = 1.0 / (1.0 + np.exp(-(x @ phi)))
        gradient = x.T @ (s - n * p) - penalty @ phi
        information = (x * (n * p * (1.0 - p))[:, None]).T @ x + penalty
        try:
            step = np.linalg.solve(information, gradient)
        except np.linalg.LinAlgError:  # p(1 − p) underflowed: the ratings are running off to infinity
            break
        current, scale = objective(phi), 1.0
        while objective(phi + scale * step) < current - 1e-12 and scale > 1e-8:
            scale /= 2.0
        phi = phi + scale * step
        if np.max(np.abs(scale * step), initial=0.0) < TOLERANCE:
            p = 1.0 / (1.0 + np.exp(-(x @ phi)))
            return phi, (x * (n * p * (1.0 - p))[:, None]).T @ x + penalty
        if np.max(np.abs(phi), initial=0.0) > MAX_LOGIT:
            break
    raise InputError(
        "ratings: the Bradley-Terry fit does not converge, most likely because a label wins (or loses) "
        "every game it plays (or the first player always wins); play more games, or pass prior_sd (e.g. 1.0) "
        "to keep ratings finite")


def _design(k: int, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows (first i, second j) -> logit = x·(β, h), and C with θ = C·β: β holds the first k − 1
    ratings and the last one is −Σβ, so Σθ = 0 holds by construction and the information is
    invertible without a Lagrange multiplier."""
    c = np.vstack([np.eye(k - 1), -np.ones((1, k - 1))])
    rows = np.arange(len(i))
    d = np.zeros((len(i), k))
    np.add.at(d, (rows, i), 1.0)
    np.add.at(d, (rows, j), -1.0)
    return np.hstack([d @ c, np.ones((len(i), 1))]), c


def bradley_terry(games: pl.DataFrame | pl.LazyFrame, prior_sd: float | None = None) -> pl.DataFrame:
    """Fit θ (one per label) and h (first-player term) on a games frame with columns label_a,
    label_b, first_side (0 = side A started) and winner (0 A, 1 B, -1 draw), over any number of
    configs. `prior_sd` (logits), when given, adds a N(0, prior_sd²) prior on each θ: a maximum a
    posteriori fit that stays finite when a label never loses.

    One row per label, best first: games, rating (θ, logits) and rating_se, elo and elo_se
    (400/ln 10 · θ), and on every row the shared first_player (h), first_player_se and
    first_player_elo. Standard errors come from the inverse observed information under Σθ = 0."""
    counts = _pair_counts(games)
    if counts.is_empty():
        return pl.DataFrame(schema=SCHEMA)
    labels = sorted(set(counts["first"]) | set(counts["second"]))
    index = {label: k for k, label in enumerate(labels)}
    i = np.array([index[v] for v in counts["first"]])
    j = np.array([index[v] for v in counts["second"]])
    n, s = counts["n"].to_numpy(), counts["score"].to_numpy()
    k = len(labels)
    if _components(k, i[i != j], j[i != j]) > 1:
        raise InputError("ratings: the labels fall into groups that never played each other, so their "
                         "ratings cannot be compared; add configs that connect them")

    x, c = _design(k, i, j)
    penalty = np.zeros((k, k))
    if prior_sd is not None:
        penalty[:k - 1, :k - 1] = c.T @ c / prior_sd**2
    phi, information = _newton(x, n, s, penalty)

    covariance = np.linalg.inv(information)
    theta = c @ phi[:k - 1]
    theta_se = np.sqrt(np.clip(np.diag(c @ covariance[:k - 1, :k - 1] @ c.T), 0.0, None))
    h, h_se = float(phi[-1]), float(math.sqrt(covariance[-1, -1]))
    games_per_label = np.zeros(k)
    np.add.at(games_per_label, i, n)
    np.add.at(games_per_label, j[i != j], n[i != j])
    return pl.DataFrame({
        "label": labels, "games": games_per_label.astype(np.int64), "rating": theta, "rating_se": theta_se,
        "elo": ELO_PER_LOGIT * theta, "elo_se": ELO_PER_LOGIT * theta_se, "first_player": [h] * k,
        "first_player_se": [h_se] * k, "first_player_elo": [ELO_PER_LOGIT * h] * k,
    }, schema=SCHEMA).sort(["rating", "label"], descending=[True, False])


def ratings(run_dir: Path, prior_sd: float | None = None) -> pl.DataFrame:
    """Bradley-Terry ratings over all the games of a run folder; see bradley_terry for the columns."""
    return bradley_terry(scan_games(run_dir).select("label_a", "label_b", "first_side", "winner"), prior_sd)
