"""The metagame of a matchup matrix: the Nash equilibrium mix, the field no faction can exploit.

The game. Two players each choose a faction (or deck) from the same list; the payoff to the row
player is the row's win rate against the column minus 0.5 (draws count half a win, as everywhere
in the product: win rate = (wins + draws / 2) / n, sim.analysis.win_rates):

    A[i, j] = win_rate(i against j) − 0.5

It is zero-sum: what the row gains over 50% the column loses. A round robin measures each pair
once (sim.analysis.matchups: one config fills both (a, b) and (b, a) from the same games), so
A[j, i] = −A[i, j] exactly; a faction against itself wins half its games by symmetry, so the
stored run is read with A[i, i] = 0 (`mirrors_even`: the mirror's measured rate differs from 50%
only by noise and by which seat side A took, and a designer picking a faction does not pick a
seat). A is then antisymmetric: a symmetric game, whose value is 0.

The mix. The field's mix y (a probability per faction) that minimises the best any faction can
do against it:

    value = min over y of max over i of (A y)_i          (a linear programme: scipy's HiGHS)

By the minimax theorem this is also the best the row player can guarantee, max over x of min over
j of (xᵀ A)_j. For an antisymmetric A the value is 0 and the optimal x and y are the same set:
no faction wins more than 50% against the mix. For a general A (a matrix that is not antisymmetric:
a mirror read as measured, or cells from unrelated games) the value is whatever the LP gives, and
y is the column (field) player's minimax mix. When several mixes reach the value (two factions
that play exactly alike), HiGHS returns one of them, the same one every time.

- support: the factions whose mix probability exceeds `tol` (1e-6, numerical zero);
- win rate against the mix: 0.5 + (A y)_i; at most 0.5 + value for every faction, and in a
  symmetric game (x = y) equal to it for each one in the support (the equilibrium's indifference);
- exploitability of faction f: how much the best response gains against a field that plays only
  f, above the value: max over i of A[i, f] − value (0.5 + that, minus 0.5 + value, in win-rate
  points), with the best responder i (the first such in the matrix's order on a tie). A faction
  that only its own mirror answers has exploitability 0.

How sure the mix is (bootstrap). A stored round robin's games come in seat-mirrored pairs (the
same shuffles and dice, who starts swapped), whose two games tend to end alike; redrawing games
one by one would treat a pair as two independent games and make the interval too narrow (15-25%
in fortaleza, about 39% in rolplay). So each matchup's **resampling units** are its seat-mirrored
pairs (a game without its pair, or every game of a run with fixed seats, is a unit of its own):
the units' counts by outcome (the row's score over the unit: 0, ½, ... 2 for a pair; 0, ½, 1 for a
lone game) are redrawn ~ Multinomial(units, their observed shares), which is resampling the units
with replacement, and the cell's rate is the redrawn units' score over their games
(`pair_units`). Given per-cell counts alone (no pairs known), the games are the units:
(wins, draws, losses) ~ Multinomial(n, their observed shares). Either way a matchup's two cells
stay one set of games (A[j, i] = −A[i, j]), mirrors stay 0.5. The game is solved again on each of `resamples` matrices (seeded: the same seed gives
the same figures). Reported per faction: the share of resamples in which it is in the support,
and the percentile interval of its mix probability (2.5% and 97.5% quantiles at level 0.95).
The interval takes the observed rates as the truth to redraw from and the mix jumps when a cell
crosses another, so it says how firm the mix is at this many games, not a coverage guarantee.

Everything here is observational in the sense of ANALYTICS.md's matchups: it is the agents' play
that was measured, and the mix belongs to the agents that played it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from sim.analysis.intervals import Z95, score_a
from sim.analysis.matchups import matchup_cells
from sim.results.scans import scan_games
from sim.results.summaries import kept_tables

SUPPORT_TOL = 1e-6  # a mix probability above this is in the support (below it, the LP's zero)
RESAMPLES = 1000
SEED = 0
LEVEL = 0.95

# a resampling unit's outcome: the row side's score summed over the unit and the unit's games
# (a seat-mirrored pair scores 0, ½, 1, 1½ or 2 over its 2 games; a lone game 0, ½ or 1 over 1)
UNIT_SCORES = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 0.0, 0.5, 1.0])
UNIT_GAMES = np.array([2, 2, 2, 2, 2, 1, 1, 1])

SCHEMA = {
    "label": pl.String, "games": pl.Int64, "nash_share": pl.Float64, "nash_share_low": pl.Float64,
    "nash_share_high": pl.Float64, "in_support": pl.Boolean, "support_share": pl.Float64,
    "win_rate_vs_nash": pl.Float64, "exploitability": pl.Float64, "exploitability_low": pl.Float64,
    "exploitability_high": pl.Float64, "best_response": pl.String, "best_response_n": pl.Int64,
    "game_value": pl.Float64, "resamples": pl.Int64, "seed": pl.Int64,
}


@dataclass(frozen=True)
class NashMix:
    """The solved game (module docstring): per faction in `names` order its mix probability, win
    rate against the mix, exploitability and best responder; the support and the value."""

    names: tuple[str, ...]
    mix: np.ndarray
    support: tuple[str, ...]
    value: float
    win_rate_vs_mix: np.ndarray
    exploitability: np.ndarray
    best_response: tuple[str, ...]


@dataclass(frozen=True)
class NashBootstrap:
    """The resampled mixes (module docstring): `mixes` is resamples × factions; per faction the
    share of resamples with it in the support and the percentile interval of its probability."""

    names: tuple[str, ...]
    resamples: int
    seed: int
    level: float
    mixes: np.ndarray
    support_share: np.ndarray
    mix_low: np.ndarray
    mix_high: np.ndarray
    rates: np.ndarray  # resamples × factions × factions: the redrawn win-rate matrices
    unit: str  # what was resampled: "pairs" (seat-mirrored pairs and lone games) or "games"


def solve_field_mix(payoff: np.ndarray) -> tuple[np.ndarray, float]:
    """The column player's minimax mix y and the game's value for the row player's payoff matrix:
    min v subject to A y ≤ v (every row), Σ y = 1, y ≥ 0, solved by scipy.optimize.linprog (HiGHS).
    Tiny negative probabilities the solver leaves are clipped to 0 and the mix renormalised."""
    from scipy.optimize import linprog  # half a second to import, and only a round robin needs it

    a = np.asarray(payoff, dtype=np.float64)
    k = a.shape[0]
    # variables: y_1..y_k, v; minimise v
    cost = np.zeros(k + 1)
    cost[-1] = 1.0
    upper = np.hstack([a, -np.ones((k, 1))])  # (A y)_i − v ≤ 0
    equal = np.hstack([np.ones((1, k)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * k + [(None, None)]
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(k), A_eq=equal, b_eq=[1.0], bounds=bounds, method="highs")
    if not result.success:  # a bounded feasible LP always solves; a failure is a solver problem worth seeing
        raise RuntimeError(f"metagame: the LP did not solve: {result.message}")
    mix = np.clip(result.x[:k], 0.0, None)
    return mix / mix.sum(), float(result.x[-1])


def _check_square(matrix: np.ndarray, names: Sequence[str]) -> np.ndarray:
    m = np.asarray(matrix, dtype=np.float64)
    if m.ndim != 2 or m.shape[0] != m.shape[1] or m.shape[0] != len(names) or not len(names):
        raise ValueError(f"metagame: a square matrix with one row per name is needed, got shape {m.shape} for "
                         f"{len(names)} names")
    if np.isnan(m).any():
        raise ValueError("metagame: every matchup needs a win rate (the matrix has missing cells)")
    return m


def nash_mix(matrix: np.ndarray, names: Sequence[str], tol: float = SUPPORT_TOL) -> NashMix:
    """The Nash equilibrium of the zero-sum game whose payoff is `matrix[i, j]` − 0.5, where
    matrix[i, j] is the row faction's win rate against the column (draws half; module docstring):
    the field's mix, its support (probability > `tol`), the value (0 for an antisymmetric payoff),
    each faction's win rate against the mix, and each faction's exploitability with its best
    responder."""
    rates = _check_square(matrix, names)
    payoff = rates - 0.5
    mix, value = solve_field_mix(payoff)
    responder = payoff.argmax(axis=0)  # per column f: the row that gains most against a field of f only
    gains = payoff[responder, np.arange(len(names))] - value
    return NashMix(names=tuple(names), mix=mix, support=tuple(n for n, p in zip(names, mix) if p > tol),
                   value=value, win_rate_vs_mix=0.5 + payoff @ mix, exploitability=gains,
                   best_response=tuple(names[i] for i in responder))


def win_rate_matrix(wins: np.ndarray, draws: np.ndarray, games: np.ndarray, mirrors_even: bool = True) -> np.ndarray:
    """Row's win rate against column, (wins + draws / 2) / games per cell (NaN where no games); with
    `mirrors_even` the diagonal is 0.5 whatever was measured (module docstring)."""
    w, d, n = (np.asarray(x, dtype=np.float64) for x in (wins, draws, games))
    with np.errstate(divide="ignore", invalid="ignore"):
        rates = np.where(n > 0, (w + 0.5 * d) / n, np.nan)
    if mirrors_even:
        np.fill_diagonal(rates, 0.5)
    return rates


def _check_paired(wins: np.ndarray, draws: np.ndarray, games: np.ndarray) -> None:
    """Cells (i, j) and (j, i), i ≠ j, must be the same games seen from each side: same n and
    draws, and the row's wins the column's losses (a mirror is one side's view of its own games)."""
    off = ~np.eye(len(games), dtype=bool)
    losses = games - wins - draws
    if not ((games == games.T)[off].all() and (draws == draws.T)[off].all() and (wins == losses.T)[off].all()):
        raise ValueError("metagame: paired resampling needs cell (j, i) to be cell (i, j)'s games from the other "
                         "side (equal n and draws, wins = the other's losses); pass paired=False for cells of "
                         "unrelated games")


def bootstrap_nash(wins: np.ndarray, draws: np.ndarray, games: np.ndarray, names: Sequence[str],
                   resamples: int = RESAMPLES, seed: int = SEED, level: float = LEVEL, paired: bool = True,
                   mirrors_even: bool = True, tol: float = SUPPORT_TOL, units: np.ndarray | None = None) -> NashBootstrap:
    """Bootstrap of the Nash mix (module docstring) from per-cell counts (k × k arrays: the row's
    wins, draws and games against the column). `units` (k × k × 8, `pair_units`): each cell's
    resampling units by outcome (UNIT_SCORES, UNIT_GAMES), seat-mirrored pairs redrawn whole; without
    it every game is redrawn on its own. `paired`: cell (j, i) is the same games as (i, j) (a round
    robin), so each matchup is redrawn once and both cells follow; else every cell is redrawn on its
    own. `mirrors_even`: the diagonal stays 0.5, else it is redrawn too."""
    w, d, n = (np.asarray(x, dtype=np.int64) for x in (wins, draws, games))
    k = len(names)
    _check_square(win_rate_matrix(w, d, n, mirrors_even), names)
    if paired:
        _check_paired(w, d, n)
    if units is not None:
        units = np.asarray(units, dtype=np.int64)
        if units.shape != (k, k, len(UNIT_SCORES)) or not (units @ UNIT_GAMES == n)[~np.eye(k, dtype=bool)].all():
            raise ValueError("metagame: the resampling units must be k × k × 8 counts whose games are each cell's")
    rng = np.random.default_rng(seed)
    drawn = np.empty((resamples, k, k))
    if mirrors_even:
        drawn[:, np.arange(k), np.arange(k)] = 0.5
    for i in range(k):
        for j in range(k):
            if (i == j and mirrors_even) or (paired and j < i):
                continue
            if units is not None and i != j:
                counts = units[i, j]
                outcomes = rng.multinomial(counts.sum(), counts / counts.sum(), size=resamples)  # units per outcome
                rate = (outcomes @ UNIT_SCORES) / (outcomes @ UNIT_GAMES)
            else:
                shares = np.array([w[i, j], d[i, j], n[i, j] - w[i, j] - d[i, j]]) / n[i, j]
                outcomes = rng.multinomial(n[i, j], shares, size=resamples)  # (wins, draws, losses) per resample
                rate = (outcomes[:, 0] + 0.5 * outcomes[:, 1]) / n[i, j]
            drawn[:, i, j] = rate
            if paired and j != i:
                drawn[:, j, i] = 1.0 - rate
    mixes = np.array([solve_field_mix(m - 0.5)[0] for m in drawn]) if resamples else np.empty((0, k))
    tail = (1.0 - level) / 2.0
    low, high = (np.quantile(mixes, q, axis=0) if resamples else np.full(k, np.nan) for q in (tail, 1.0 - tail))
    return NashBootstrap(names=tuple(names), resamples=resamples, seed=seed, level=level, mixes=mixes,
                         support_share=(mixes > tol).mean(axis=0) if resamples else np.full(k, np.nan),
                         mix_low=low, mix_high=high, rates=drawn, unit="games" if units is None else "pairs")


def pair_units(run_dir: Path, cells: pl.DataFrame, names: Sequence[str]) -> np.ndarray:
    """Each cell's resampling units by outcome (k × k × 8, UNIT_SCORES and UNIT_GAMES): a config's
    seat-mirrored pairs (units 2k and 2k+1 of one stage, each side first once: as
    sim.analysis.win_rates pairs them) and its games without a pair, counted by the row side's
    score over the unit; cell (b, a) counts the same units from side B."""
    index = {name: k for k, name in enumerate(names)}
    configs = [c["config"] for c in cells.iter_rows(named=True) if c["row"] != c["column"]]
    units = np.zeros((len(names), len(names), len(UNIT_SCORES)), np.int64)
    if not configs:
        return units
    grouped = (scan_games(run_dir).filter(pl.col("config").is_in(configs))
               .select("config", pl.col("label_a").cast(pl.String), pl.col("label_b").cast(pl.String), "unit", "stage",
                       "first_side", score_a().alias("score"))
               .group_by("config", "label_a", "label_b", (pl.col("unit") // 2).alias("pair"), "stage")
               .agg(pl.len().alias("n"), pl.col("first_side").cast(pl.Int64).sum().alias("firsts"),
                    pl.col("score").sum().alias("total"), pl.col("score").alias("scores"))
               .collect())
    is_pair = (pl.col("n") == 2) & (pl.col("firsts") == 1)
    keys = ("label_a", "label_b")
    pairs = grouped.filter(is_pair).select(*keys, (pl.col("total") * 2).round().cast(pl.Int64).alias("outcome"))
    lone = (grouped.filter(~is_pair).explode("scores")
            .select(*keys, (5 + (pl.col("scores") * 2).round().cast(pl.Int64)).alias("outcome")))
    counted = pl.concat([pairs, lone]).group_by(*keys, "outcome").len()
    side_b = {0: 4, 1: 3, 2: 2, 3: 1, 4: 0, 5: 7, 6: 6, 7: 5}  # the same unit's outcome for the other side
    for row in counted.iter_rows(named=True):
        if row["label_a"] == row["label_b"] or row["label_a"] not in index or row["label_b"] not in index:
            continue
        i, j = index[row["label_a"]], index[row["label_b"]]
        units[i, j, row["outcome"]] += row["len"]
        units[j, i, side_b[row["outcome"]]] += row["len"]
    return units
    grouped = (scan_games(run_dir).filter(pl.col("config").is_in(list(configs)))
               .select("config", "unit", "stage", "first_side", score_a().alias("score"))
               .group_by("config", (pl.col("unit") // 2).alias("pair"), "stage")
               .agg(pl.len().alias("n"), pl.col("first_side").cast(pl.Int64).sum().alias("firsts"),
                    pl.col("score").sum().alias("total"), pl.col("score").alias("scores"))
               .collect())
    is_pair = (pl.col("n") == 2) & (pl.col("firsts") == 1)
    pairs = grouped.filter(is_pair).select("config", (pl.col("total") * 2).round().cast(pl.Int64).alias("outcome"))
    lone = (grouped.filter(~is_pair).explode("scores")
            .select("config", (5 + (pl.col("scores") * 2).round().cast(pl.Int64)).alias("outcome")))
    counted = pl.concat([pairs, lone]).group_by("config", "outcome").len()
    side_b = {0: 4, 1: 3, 2: 2, 3: 1, 4: 0, 5: 7, 6: 6, 7: 5}  # the same unit's outcome for the other side
    for row in counted.iter_rows(named=True):
        if row["config"] not in configs:
            continue
        i, j = configs[row["config"]]
        units[i, j, row["outcome"]] += row["len"]
        units[j, i, side_b[row["outcome"]]] += row["len"]
    return units


def cell_counts(cells: pl.DataFrame, names: Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """matchup_cells' rows as k × k arrays of wins, draws and games (row against column), in the
    order of `names`; a cell the run has not played has 0 games."""
    index = {name: k for k, name in enumerate(names)}
    shape = (len(names), len(names))
    wins, draws, games = np.zeros(shape, np.int64), np.zeros(shape, np.int64), np.zeros(shape, np.int64)
    for c in cells.iter_rows(named=True):
        i, j = index[c["row"]], index[c["column"]]
        wins[i, j], draws[i, j], games[i, j] = c["wins"], c["draws"], c["n"]
    return wins, draws, games


def metagame(run_dir: Path, resamples: int = RESAMPLES, seed: int = SEED, cells: pl.DataFrame | None = None,
             z: float = Z95) -> pl.DataFrame:
    """The Nash mix of a stored round robin (its matchup_cells; `cells` saves computing them), one
    row per label (SCHEMA), most played in the mix first: its games, mix probability with the
    bootstrap's percentile interval, whether it is in the support and its share of resamples in
    it, its win rate against the mix, its exploitability with the interval of the best responder's
    cell (the cell's Wilson interval, minus 0.5 and the value), the best responder and that cell's
    games; and on every row the value, resamples and seed. Empty when some matchup has no games yet
    (a game needs every cell)."""
    cells = matchup_cells(run_dir, z) if cells is None else cells
    names = cells["row"].unique(maintain_order=True).to_list()
    wins, draws, games = cell_counts(cells, names)
    off_diagonal = ~np.eye(len(names), dtype=bool)
    if not names or (games[off_diagonal] == 0).any():
        return pl.DataFrame(schema=SCHEMA)
    solved = nash_mix(win_rate_matrix(wins, draws, games), names)
    sure = bootstrap_nash(wins, draws, games, names, resamples=resamples, seed=seed,
                          units=pair_units(run_dir, cells, names))
    by_cell = {(c["row"], c["column"]): c for c in cells.iter_rows(named=True)}
    rows = []
    for k, name in enumerate(names):
        responder = solved.best_response[k]
        cell = by_cell.get((responder, name))
        mirror = responder == name  # only the mirror answers it: even by symmetry, no interval to draw
        low = solved.exploitability[k] if mirror else cell["ci_low"] - 0.5 - solved.value
        high = solved.exploitability[k] if mirror else cell["ci_high"] - 0.5 - solved.value
        rows.append({
            "label": name, "games": int(games[k].sum()), "nash_share": float(solved.mix[k]),
            "nash_share_low": float(sure.mix_low[k]), "nash_share_high": float(sure.mix_high[k]),
            "in_support": name in solved.support, "support_share": float(sure.support_share[k]),
            "win_rate_vs_nash": float(solved.win_rate_vs_mix[k]), "exploitability": float(solved.exploitability[k]),
            "exploitability_low": float(low), "exploitability_high": float(high), "best_response": responder,
            "best_response_n": int(games[names.index(responder), k]), "game_value": solved.value,
            "resamples": resamples, "seed": seed,
        })
    order = {name: k for k, name in enumerate(names)}
    return (pl.DataFrame(rows, schema=SCHEMA)
            .sort(pl.col("nash_share"), pl.col("label").replace_strict(order, return_dtype=pl.Int64),
                  descending=[True, False]))


def kept_metagame(run_dir: Path, cells: pl.DataFrame) -> pl.DataFrame:
    """metagame(run_dir, cells=cells) kept beside a finished run (sim.results.summaries, the set
    "nash"): its bootstrap is most of a round robin's summary, so `sim show`, `sim report` and the
    dashboard compute it once for the run's state. `cells`: every matchup cell of the run in its
    spec's order, as each of them passes them (what the kept mix is a function of)."""
    return kept_tables(run_dir, "nash", lambda: {"nash": metagame(run_dir, cells=cells)})["nash"]
