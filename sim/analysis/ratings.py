"""Bradley-Terry ratings with a first-player term, fitted in one batch over every config of a run.

Model: logit P(i beats j | i went first) = θi − θj + h, with Σθ = 0 so that ratings are identified
(a rating only means something against the others). A draw counts half a win to each side, i.e.
the fit maximises Σ [s·log p + (n − s)·log(1 − p)] with s the first player's score: the binomial
likelihood with fractional successes (a quasi-likelihood).

Games are first aggregated to (first label, second label) cells -> games, score, so the Newton
iterations cost the number of label pairs, not of games. Mirror games (a label against itself) say
nothing about θ but pin down h. Card games are often cyclic (rock-paper-scissors), so ratings
summarise the matchup matrix and never replace it (ANALYTICS.md).

What ANALYTICS.md asks beside the ratings:
- Goodness of fit over the (first, second) cells: Pearson χ² = Σ (s − n·p)² / (n·p·(1 − p)) and the
  deviance 2·Σ [s·log(s / n·p) + (n − s)·log((n − s) / (n − n·p))], on df = cells − parameters
  (k − 1 ratings and the first-player terms), with the χ² p-value. Draws score less variance than
  the binomial's p(1 − p), so with draws both statistics read low (the test is conservative).
- A per-matchup first-player term (`first_player="matchup"`): one h per unordered pair of labels,
  mirrors included, logit = θi − θj + h{i,j}. Each matchup's two seatings then fix θi − θj and its h,
  so what misfit remains is the matrix's intransitivity: df = (k − 1)(k − 2)/2 (0 for two labels).
- Standard errors clustered on seat-mirrored pairs: the two games of a pair share every random
  stream, so they are not two independent games. A sandwich estimator V = A⁻¹·B·A⁻¹·G/(G − 1), A the
  (penalised) observed information, B = Σ_c U_c·U_cᵀ the outer products of each cluster's score
  U_c = Σ_{games g in c} x_g·(s_g − p_g), G the number of clusters. A cluster is (config, unit // 2,
  stage) with seats "mirrored" and each game with seats "fixed" (or when the frame has no config
  and unit columns). The model's own standard errors (inverse information) are kept beside them
  (`*_se_model`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import polars as pl

from sim.analysis.intervals import score_a
from sim.results.scans import scan_games
from sim.core.errors import InputError
from sim.results.folder import MANIFEST

ELO_PER_LOGIT = 400.0 / math.log(10.0)
MAX_ITERATIONS = 100
TOLERANCE = 1e-10
MAX_LOGIT = 30.0  # θ this large (5,000+ Elo) only comes from a label that wins or loses every game
SHOWN_PRIOR_SD = 3.0  # the console, dashboard and exports fit with a N(0, 3²) prior on θ: finite when a
# label never loses in a small run, and negligible (a few thousandths of a logit) at real sizes

FirstPlayerTerm = Literal["shared", "matchup"]
Seats = Literal["mirrored", "fixed"]
MODEL_NAMES = {"shared": "one first-player term", "matchup": "a first-player term per matchup"}
MODEL_NAMES_ES = {MODEL_NAMES["shared"]: "un término de primer jugador",
                  MODEL_NAMES["matchup"]: "un término de primer jugador por enfrentamiento"}

SCHEMA = {
    "label": pl.String, "games": pl.Int64, "rating": pl.Float64, "rating_se": pl.Float64,
    "rating_se_model": pl.Float64, "elo": pl.Float64, "elo_se": pl.Float64, "elo_se_model": pl.Float64,
    "first_player": pl.Float64,
    "first_player_se": pl.Float64, "first_player_se_model": pl.Float64, "first_player_elo": pl.Float64,
    "pearson_chi2": pl.Float64, "deviance": pl.Float64, "df": pl.Int64, "p_value": pl.Float64,
    "clusters": pl.Int64, "fit_games": pl.Int64,
}
FIRST_PLAYER_SCHEMA = {
    "label_1": pl.String, "label_2": pl.String, "games": pl.Int64, "first_player": pl.Float64,
    "first_player_se": pl.Float64, "first_player_se_model": pl.Float64, "first_player_elo": pl.Float64,
}
TABLE_SCHEMA = {"model": pl.String, **SCHEMA}


@dataclass(frozen=True)
class GoodnessOfFit:
    """How well the fitted model reproduces the (first, second) cells."""

    pearson_chi2: float
    deviance: float
    df: int
    p_value: float  # of the Pearson χ² on df (nan when df = 0: the model fits the cells exactly)
    deviance_p_value: float
    cells: int
    parameters: int


@dataclass(frozen=True)
class BradleyTerryFit:
    """One fit: `ratings` (one row per label, best first; columns as bradley_terry), `first_player`
    (one row per first-player term: label_1, label_2 — both "all" for the shared term — games, h, its
    clustered and model standard errors and h in Elo) and the goodness of fit."""

    ratings: pl.DataFrame
    first_player: pl.DataFrame
    goodness: GoodnessOfFit
    clusters: int
    model: FirstPlayerTerm


def chi2_survival(statistic: float, df: int) -> float:
    """P(χ²_df ≥ statistic): the regularised upper incomplete gamma Q(df/2, statistic/2), by its
    series below a + 1 and Lentz's continued fraction above (Numerical Recipes 6.2), in log space so
    that p-values far below 1e-300 underflow to 0 only at the very end. nan for df ≤ 0."""
    if df <= 0 or math.isnan(statistic):
        return math.nan
    a, x = df / 2.0, max(statistic, 0.0) / 2.0
    if x == 0.0:
        return 1.0
    log_prefix = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        for k in range(1, 10_000):
            term *= x / (a + k)
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - math.exp(log_prefix + math.log(total)))
    tiny = 1e-300
    b = x + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    fraction = d
    for k in range(1, 10_000):
        an = -k * (k - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        step = d * c
        fraction *= step
        if abs(step - 1.0) < 1e-15:
            break
    return math.exp(log_prefix + math.log(fraction))


def _by_cluster(games: pl.DataFrame | pl.LazyFrame, seats: Seats) -> pl.DataFrame:
    """(cluster, first label, second label) -> games n and the first player's score (draw = ½);
    see the module docstring for what a cluster is."""
    lazy = games.lazy()
    names = lazy.collect_schema().names()
    a_first = pl.col("first_side") == 0
    label_a, label_b = pl.col("label_a").cast(pl.String), pl.col("label_b").cast(pl.String)
    cells = [
        pl.when(a_first).then(label_a).otherwise(label_b).alias("first"),
        pl.when(a_first).then(label_b).otherwise(label_a).alias("second"),
        pl.when(a_first).then(score_a()).otherwise(1.0 - score_a()).alias("score"),
    ]
    if seats == "mirrored" and {"config", "unit"} <= set(names):
        keys = [pl.col("config").cast(pl.String), (pl.col("unit") // 2).alias("pair")]
        keys += [pl.col("stage")] if "stage" in names else []
        per_game = lazy.select(*keys, *cells)
        key_names = ["config", "pair"] + (["stage"] if "stage" in names else [])
        grouped = (per_game.group_by(*key_names, "first", "second")
                   .agg(pl.len().cast(pl.Float64).alias("n"), pl.col("score").sum()).collect())
        ids = grouped.select(key_names).unique().sort(key_names).with_row_index("cluster")
        grouped = grouped.join(ids, on=key_names).drop(key_names)
    else:
        grouped = (lazy.select(*cells).with_row_index("cluster").collect()
                   .with_columns(pl.lit(1.0).alias("n")))
    return grouped.select(pl.col("cluster").cast(pl.Int64), "first", "second", "n", "score")


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


def _design(k: int, i: np.ndarray, j: np.ndarray, term: np.ndarray, terms: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows (first i, second j, first-player term t) -> logit = x·(β, h): β holds the first k − 1
    ratings and the last one is −Σβ (θ = C·β), so Σθ = 0 holds by construction and the information
    is invertible without a Lagrange multiplier; h holds one column per first-player term."""
    c = np.vstack([np.eye(k - 1), -np.ones((1, k - 1))])
    rows = np.arange(len(i))
    d = np.zeros((len(i), k))
    np.add.at(d, (rows, i), 1.0)
    np.add.at(d, (rows, j), -1.0)
    h = np.zeros((len(i), terms))
    h[rows, term] = 1.0
    return np.hstack([d @ c, h]), c


def _goodness(n: np.ndarray, s: np.ndarray, p: np.ndarray, parameters: int) -> GoodnessOfFit:
    expected = n * p
    pearson = float(np.sum((s - expected) ** 2 / (n * p * (1.0 - p))))
    with np.errstate(divide="ignore", invalid="ignore"):
        wins = np.where(s > 0, s * np.log(s / expected), 0.0)
        losses = np.where(n - s > 0, (n - s) * np.log((n - s) / (n - expected)), 0.0)
    deviance = float(max(0.0, 2.0 * np.sum(wins + losses)))
    df = len(n) - parameters
    return GoodnessOfFit(pearson, deviance, df, chi2_survival(pearson, df), chi2_survival(deviance, df), len(n),
                         parameters)


def fit_bradley_terry(games: pl.DataFrame | pl.LazyFrame, prior_sd: float | None = None,
                      first_player: FirstPlayerTerm = "shared", seats: Seats = "mirrored") -> BradleyTerryFit:
    """Fit θ (one per label) and the first-player term(s) on a games frame with columns label_a,
    label_b, first_side (0 = side A started) and winner (0 A, 1 B, -1 draw), and config, unit (and
    stage) to cluster the standard errors on seat-mirrored pairs, over any number of configs.

    `first_player`: "shared" (one h, the contract's model) or "matchup" (one h per unordered pair of
    labels, mirrors included). `prior_sd` (logits), when given, adds a N(0, prior_sd²) prior on each θ:
    a maximum a posteriori fit that stays finite when a label never loses. `seats`: how the run sat
    its players ("fixed": each game is its own cluster)."""
    if first_player not in MODEL_NAMES:
        raise InputError(f"ratings: first_player is 'shared' or 'matchup', got {first_player!r}")
    clustered = _by_cluster(games, seats)
    if clustered.is_empty():
        return BradleyTerryFit(pl.DataFrame(schema=SCHEMA), pl.DataFrame(schema=FIRST_PLAYER_SCHEMA),
                               GoodnessOfFit(math.nan, math.nan, 0, math.nan, math.nan, 0, 0), 0, first_player)
    counts = (clustered.group_by("first", "second").agg(pl.col("n").sum(), pl.col("score").sum())
              .sort("first", "second"))
    labels = sorted(set(counts["first"]) | set(counts["second"]))
    index = {label: k for k, label in enumerate(labels)}
    i = np.array([index[v] for v in counts["first"]])
    j = np.array([index[v] for v in counts["second"]])
    n, s = counts["n"].to_numpy(), counts["score"].to_numpy()
    k = len(labels)
    if _components(k, i[i != j], j[i != j]) > 1:
        raise InputError("ratings: the labels fall into groups that never played each other, so their "
                         "ratings cannot be compared; add configs that connect them")

    if first_player == "shared":
        pairs = [("all", "all")]
        term = np.zeros(len(i), dtype=np.int64)
    else:
        unordered = [(min(a, b), max(a, b)) for a, b in zip(i.tolist(), j.tolist())]
        pairs_index = {pair: t for t, pair in enumerate(sorted(set(unordered)))}
        ordered = set(zip(i.tolist(), j.tolist()))
        one_way = [f"{labels[a]}-{labels[b]}" for a, b in pairs_index if a != b and not {(a, b), (b, a)} <= ordered]
        if one_way:
            raise InputError("ratings: a first-player term per matchup needs each matchup played with either "
                             f"side first (seats \"mirrored\"); {', '.join(one_way)} only ever had one side first")
        pairs = [(labels[a], labels[b]) for a, b in pairs_index]
        term = np.array([pairs_index[pair] for pair in unordered], dtype=np.int64)
    x, c = _design(k, i, j, term, len(pairs))
    penalty = np.zeros((x.shape[1], x.shape[1]))
    if prior_sd is not None:
        penalty[:k - 1, :k - 1] = c.T @ c / prior_sd**2
    phi, information = _newton(x, n, s, penalty)
    covariance = np.linalg.inv(information)

    # the sandwich: each cluster's score, summed over the cells its games fell in
    cell_of = {(a, b): r for r, (a, b) in enumerate(zip(counts["first"].to_list(), counts["second"].to_list()))}
    rows = np.array([cell_of[key] for key in zip(clustered["first"].to_list(), clustered["second"].to_list())])
    p_cell = 1.0 / (1.0 + np.exp(-(x @ phi)))
    residual = clustered["score"].to_numpy() - clustered["n"].to_numpy() * p_cell[rows]
    cluster = clustered["cluster"].to_numpy()
    clusters = int(cluster.max()) + 1
    scores = np.zeros((clusters, x.shape[1]))
    np.add.at(scores, cluster, x[rows] * residual[:, None])
    small_sample = clusters / (clusters - 1) if clusters > 1 else 1.0
    robust = covariance @ (scores.T @ scores) @ covariance * small_sample

    def theta_se(v: np.ndarray) -> np.ndarray:
        return np.sqrt(np.clip(np.diag(c @ v[:k - 1, :k - 1] @ c.T), 0.0, None))

    def h_se(v: np.ndarray) -> np.ndarray:
        return np.sqrt(np.clip(np.diag(v)[k - 1:], 0.0, None))

    goodness = _goodness(n, s, p_cell, x.shape[1])
    theta = c @ phi[:k - 1]
    h = phi[k - 1:]
    games_per_label = np.zeros(k)
    np.add.at(games_per_label, i, n)
    np.add.at(games_per_label, j[i != j], n[i != j])
    shared = first_player == "shared"
    ratings_frame = pl.DataFrame({
        "label": labels, "games": games_per_label.astype(np.int64), "rating": theta,
        "rating_se": theta_se(robust), "rating_se_model": theta_se(covariance), "elo": ELO_PER_LOGIT * theta,
        "elo_se": ELO_PER_LOGIT * theta_se(robust), "elo_se_model": ELO_PER_LOGIT * theta_se(covariance),
        "first_player": [float(h[0]) if shared else None] * k,
        "first_player_se": [float(h_se(robust)[0]) if shared else None] * k,
        "first_player_se_model": [float(h_se(covariance)[0]) if shared else None] * k,
        "first_player_elo": [ELO_PER_LOGIT * float(h[0]) if shared else None] * k,
        "pearson_chi2": [goodness.pearson_chi2] * k, "deviance": [goodness.deviance] * k,
        "df": [goodness.df] * k, "p_value": [goodness.p_value] * k, "clusters": [clusters] * k,
        "fit_games": [int(n.sum())] * k,
    }, schema=SCHEMA).sort(["rating", "label"], descending=[True, False])
    games_per_term = np.zeros(len(pairs))
    np.add.at(games_per_term, term, n)
    first_frame = pl.DataFrame({
        "label_1": [a for a, _ in pairs], "label_2": [b for _, b in pairs],
        "games": games_per_term.astype(np.int64), "first_player": h, "first_player_se": h_se(robust),
        "first_player_se_model": h_se(covariance), "first_player_elo": ELO_PER_LOGIT * h,
    }, schema=FIRST_PLAYER_SCHEMA)
    return BradleyTerryFit(ratings_frame, first_frame, goodness, clusters, first_player)


def bradley_terry(games: pl.DataFrame | pl.LazyFrame, prior_sd: float | None = None,
                  first_player: FirstPlayerTerm = "shared", seats: Seats = "mirrored") -> pl.DataFrame:
    """The ratings of fit_bradley_terry: one row per label, best first: games, rating (θ, logits)
    with rating_se (clustered on seat pairs) and rating_se_model (inverse information), elo and elo_se
    (400/ln 10 · θ) and elo_se_model; with the shared term, on every row first_player (h), first_player_se,
    first_player_se_model and first_player_elo (null with per-matchup terms: see
    first_player_by_matchup); and on every row the fit's pearson_chi2, deviance, df, p_value, the
    number of clusters and fit_games, the games fitted."""
    return fit_bradley_terry(games, prior_sd, first_player, seats).ratings


def first_player_by_matchup(games: pl.DataFrame | pl.LazyFrame, prior_sd: float | None = None,
                            seats: Seats = "mirrored") -> pl.DataFrame:
    """The per-matchup first-player terms: one row per unordered pair of labels (label_1 ≤ label_2,
    mirrors included): games, first_player (h, logits), first_player_se (clustered),
    first_player_se_model and first_player_elo. The fit's χ² is bradley_terry(first_player="matchup")'s."""
    return fit_bradley_terry(games, prior_sd, "matchup", seats).first_player


def ratings_table(games: pl.DataFrame | pl.LazyFrame, prior_sd: float | None = SHOWN_PRIOR_SD,
                  seats: Seats = "mirrored") -> pl.DataFrame:
    """Both fits one above the other, for reports: a `model` column ("one first-player term", "a
    first-player term per matchup") then bradley_terry's columns. A run whose matchups were only ever
    played one way round gets the shared fit alone."""
    parts = [fit_bradley_terry(games, prior_sd, "shared", seats).ratings]
    try:
        parts.append(fit_bradley_terry(games, prior_sd, "matchup", seats).ratings)
    except InputError:
        pass
    return pl.concat([part.select(pl.lit(MODEL_NAMES[model]).alias("model"), pl.all())
                      for part, model in zip(parts, ("shared", "matchup"))]).cast(TABLE_SCHEMA)


def first_player_table(games: pl.DataFrame | pl.LazyFrame, prior_sd: float | None = SHOWN_PRIOR_SD,
                       seats: Seats = "mirrored") -> pl.DataFrame:
    """The first-player terms of both fits, for reports: model, then label_1, label_2 ("all", "all"
    for the shared term; each unordered pair of labels for the per-matchup fit), games, first_player,
    first_player_se, first_player_se_model, first_player_elo."""
    parts = [("shared", fit_bradley_terry(games, prior_sd, "shared", seats).first_player)]
    try:
        parts.append(("matchup", first_player_by_matchup(games, prior_sd, seats)))
    except InputError:
        pass
    return pl.concat([part.select(pl.lit(MODEL_NAMES[model]).alias("model"), pl.all()) for model, part in parts])


def run_seats(run_dir: Path) -> Seats:
    """How the run in `run_dir` sat its players (its manifest's spec; "mirrored" when unknown)."""
    try:
        spec = json.loads((Path(run_dir) / MANIFEST).read_text(encoding="utf-8")).get("spec", {})
    except (OSError, json.JSONDecodeError):
        return "mirrored"
    return "fixed" if spec.get("seats") == "fixed" else "mirrored"


def ratings_games(run_dir: Path) -> pl.LazyFrame:
    """The columns of a run's games the fits read."""
    return scan_games(run_dir).select("config", "unit", "stage", "label_a", "label_b", "first_side", "winner")


def ratings(run_dir: Path, prior_sd: float | None = None, first_player: FirstPlayerTerm = "shared") -> pl.DataFrame:
    """Bradley-Terry ratings over all the games of a run folder, clustered as the run sat its players;
    see bradley_terry for the columns."""
    return bradley_terry(ratings_games(run_dir), prior_sd, first_player, run_seats(run_dir))


def format_p_value(p: float | None) -> str:
    """A p-value as a designer reads it: two significant figures, "< 1e-300" below that, never 0."""
    if p is None or math.isnan(p):
        return "-"
    return "< 1e-300" if p < 1e-300 else f"{p:.2g}"


def _p_text(p: float) -> str:
    text = format_p_value(p)
    return text if text.startswith("<") else f"= {text}"


def describe_fit(table: pl.DataFrame, lang: str = "en") -> str:
    """What a designer reads beside the ratings: each model's χ² on its df with p, the deviance, and
    how much clustering on seat pairs widened the standard errors; from ratings_table's rows."""
    es = lang == "es"
    parts = []
    for (model,), part in table.group_by("model", maintain_order=True):
        row = part.row(0, named=True)
        p = _p_text(row["p_value"])
        if es:
            parts.append(f"{MODEL_NAMES_ES.get(model, model)}: χ² de Pearson = {row['pearson_chi2']:.1f} con "
                         f"{row['df']} g.l. (p {p}), devianza {row['deviance']:.1f}")
        else:
            parts.append(f"{model}: Pearson χ² = {row['pearson_chi2']:.1f} on {row['df']} df (p {p}), "
                         f"deviance {row['deviance']:.1f}")
    shared = table.filter(pl.col("model") == MODEL_NAMES["shared"])
    ratio = (shared["rating_se"] / shared["rating_se_model"]).to_numpy()
    ratio = ratio[np.isfinite(ratio)]
    spread = "-" if not ratio.size else (
        f"{ratio.min():.2f}" if ratio.max() - ratio.min() < 0.005 else f"{ratio.min():.2f}-{ratio.max():.2f}")
    clusters = int(shared["clusters"][0]) if shared.height else 0
    games = int(shared["fit_games"][0]) if shared.height else 0
    if es:
        return (f"Bradley-Terry sobre {games:,} partidas, " + "; ".join(parts) + ". Errores típicos agrupados por "
                f"pares de asientos ({clusters:,} grupos): ×{spread} los del modelo. Las valoraciones resumen la "
                "matriz, no la sustituyen (los enfrentamientos pueden ser cíclicos).")
    return (f"Bradley-Terry over {games:,} games, " + "; ".join(parts) + ". Standard errors clustered on "
            f"seat-mirrored pairs ({clusters:,} clusters): ×{spread} the model's. Ratings summarise the matrix, "
            "they never replace it (matchups can be cyclic).")
