"""Bradley-Terry with a first-player term: recovery of known ratings from simulated games, the
goodness of fit, the per-matchup first-player term and standard errors clustered on seat pairs."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from types import ModuleType

import dash
import numpy as np
import polars as pl
import pyarrow.parquet as pq
import pytest
from scipy import stats

from sim.analysis import bradley_terry
from sim.analysis.ratings import (
    MODEL_NAMES, chi2_survival, describe_fit, first_player_by_matchup, fit_bradley_terry, ratings_table,
)
from sim.cli import main
from sim.core.errors import InputError

LABELS = ["Arañas", "Ciempiés", "Escorpiones", "Hormigas"]
THETA = np.array([0.6, 0.1, -0.2, -0.5])  # sums to 0, as the fit's ratings do


def simulate(theta: np.ndarray, h: float | np.ndarray, games_per_pair: int, seed: int) -> pl.DataFrame:
    """Every ordered pair of labels (mirrors included) as configs, seats alternating; `h` is one
    first-player term or a symmetric matrix of them, one per unordered pair of labels."""
    rng = np.random.default_rng(seed)
    terms = np.full((len(theta), len(theta)), h) if np.ndim(h) == 0 else np.asarray(h)
    parts = []
    for a in range(len(theta)):
        for b in range(len(theta)):
            first_side = np.arange(games_per_pair) % 2
            first, second = np.where(first_side == 0, a, b), np.where(first_side == 0, b, a)
            logit = theta[first] - theta[second] + terms[a, b]
            first_wins = rng.uniform(size=games_per_pair) < 1 / (1 + np.exp(-logit))
            winner = np.where(first_wins, first_side, 1 - first_side)
            parts.append(pl.DataFrame({
                "config": f"{LABELS[a]}-{LABELS[b]}", "label_a": LABELS[a], "label_b": LABELS[b],
                "first_side": first_side.astype(np.int8), "winner": winner.astype(np.int8)}))
    return pl.concat(parts)


@pytest.mark.parametrize(("seed", "h"), [(1, 0.35), (2, -0.2)])
def test_recovers_ratings_and_first_player_term(seed: int, h: float) -> None:
    fit = bradley_terry(simulate(THETA, h, 1500, seed)).sort("label")
    assert fit["label"].to_list() == LABELS
    assert fit["games"].to_list() == [1500 * 7] * 4  # 3 opponents both ways, plus the mirror
    assert fit["rating"].sum() == pytest.approx(0.0, abs=1e-9)
    assert np.all(np.abs(fit["rating"].to_numpy() - THETA) < 3 * fit["rating_se"].to_numpy())
    assert abs(fit["first_player"][0] - h) < 3 * fit["first_player_se"][0]
    assert fit["elo"].to_numpy() == pytest.approx(400 / math.log(10) * fit["rating"].to_numpy())
    assert 0.012 < fit["rating_se"].min() and fit["rating_se"].max() < 0.025  # about 1/√(games·¼)
    # independent games (no unit column: each game its own cluster): the sandwich agrees with the model
    assert fit["rating_se"].to_numpy() == pytest.approx(fit["rating_se_model"].to_numpy(), rel=0.08)


def test_no_first_player_effect_gives_h_near_zero() -> None:
    fit = bradley_terry(simulate(np.array([0.3, 0.0, 0.0, -0.3]), 0.0, 1500, 3))
    assert abs(fit["first_player"][0]) < 3 * fit["first_player_se"][0]
    assert fit["label"][0] == "Arañas" and fit["label"][3] == "Hormigas"  # best first


def test_draws_count_half_to_each() -> None:
    # A and B only draw, and each beats C as often as C beats it: all equal, including h = 0
    games = pl.DataFrame({
        "label_a": ["A", "A", "B", "B", "A", "A", "B", "B"], "label_b": ["B", "B", "C", "C", "C", "C", "A", "A"],
        "first_side": [0, 1, 0, 1, 0, 1, 0, 1], "winner": [-1, -1, 0, 1, 1, 0, -1, -1]})
    fit = bradley_terry(games)
    assert fit["rating"].to_numpy() == pytest.approx(np.zeros(3), abs=1e-9)
    assert fit["first_player"][0] == pytest.approx(0.0, abs=1e-9)


def test_unconnected_or_separated_labels_are_input_errors() -> None:
    split = pl.DataFrame({"label_a": ["A", "C"], "label_b": ["B", "D"], "first_side": [0, 1], "winner": [0, 1]})
    with pytest.raises(InputError, match="never played each other"):
        bradley_terry(split)
    sweep = pl.DataFrame({"label_a": ["A"] * 4, "label_b": ["B"] * 4, "first_side": [0, 1, 0, 1], "winner": [0] * 4})
    with pytest.raises(InputError, match="prior_sd"):
        bradley_terry(sweep)
    fit = bradley_terry(sweep, prior_sd=1.0)
    assert fit["label"].to_list() == ["A", "B"] and 0 < fit["rating"][0] < 3


def test_chi2_survival_matches_scipy() -> None:
    for df in (1, 2, 3, 6, 12, 40):
        for x in (0.01, 0.5, 1.0, df - 0.5, df + 0.5, 2.0 * df, 3.841, 12.59, 50.0, 314.0, 972.4, 3000.0):
            assert chi2_survival(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9, abs=1e-300)
    assert chi2_survival(3.841459, 1) == pytest.approx(0.05, rel=1e-5)
    assert chi2_survival(0.0, 4) == 1.0 and math.isnan(chi2_survival(1.0, 0))


def test_goodness_of_fit_by_hand() -> None:
    games = simulate(THETA, 0.3, 400, 4)
    fit = fit_bradley_terry(games)
    cells = (games.with_columns(
        pl.when(pl.col("first_side") == 0).then(pl.col("label_a")).otherwise(pl.col("label_b")).alias("first"),
        pl.when(pl.col("first_side") == 0).then(pl.col("label_b")).otherwise(pl.col("label_a")).alias("second"),
        (pl.col("winner") == pl.col("first_side")).cast(pl.Float64).alias("first_won"))
        .group_by("first", "second").agg(pl.len().alias("n"), pl.col("first_won").sum().alias("s")))
    theta = dict(zip(fit.ratings["label"], fit.ratings["rating"]))
    h = fit.ratings["first_player"][0]
    p = np.array([1 / (1 + math.exp(-(theta[a] - theta[b] + h))) for a, b in zip(cells["first"], cells["second"])])
    n, s = cells["n"].to_numpy(), cells["s"].to_numpy()
    pearson = np.sum((s - n * p) ** 2 / (n * p * (1 - p)))
    deviance = 2 * np.sum(s * np.log(s / (n * p)) + (n - s) * np.log((n - s) / (n - n * p)))
    assert fit.goodness.cells == 16 and fit.goodness.parameters == 4 and fit.goodness.df == 12
    assert fit.goodness.pearson_chi2 == pytest.approx(pearson, rel=1e-9)
    assert fit.goodness.deviance == pytest.approx(deviance, rel=1e-9)
    assert fit.goodness.p_value == pytest.approx(stats.chi2.sf(pearson, 12), rel=1e-9)
    assert fit.ratings["pearson_chi2"].to_list() == [fit.goodness.pearson_chi2] * 4


def per_matchup_terms() -> np.ndarray:
    """A first-player term per unordered pair of labels, mirrors included: 0.0 to 1.35 logits."""
    terms = np.zeros((4, 4))
    for t, (a, b) in enumerate((a, b) for a in range(4) for b in range(a, 4)):
        terms[a, b] = terms[b, a] = 0.15 * (t % 10)
    return terms


def test_chi2_is_near_df_for_the_model_and_large_with_per_matchup_first_player_effects() -> None:
    from_model = [fit_bradley_terry(simulate(THETA, 0.4, 1000, seed)).goodness for seed in range(20)]
    assert {g.df for g in from_model} == {12}
    # the mean of 20 χ²(12) draws is 12 ± 3·√(2·12/20) = 12 ± 3.3
    assert abs(np.mean([g.pearson_chi2 for g in from_model]) - 12) < 3.3
    assert np.mean([g.deviance for g in from_model]) == pytest.approx(np.mean([g.pearson_chi2 for g in from_model]),
                                                                      rel=0.05)
    games = simulate(THETA, per_matchup_terms(), 1000, 99)
    shared = fit_bradley_terry(games)
    assert shared.goodness.pearson_chi2 > 300 and shared.goodness.p_value < 1e-50
    matchup = fit_bradley_terry(games, first_player="matchup")
    assert matchup.goodness.df == 3  # 16 cells − 3 ratings − 10 first-player terms: the cycles' misfit
    assert matchup.goodness.pearson_chi2 < stats.chi2.ppf(0.999, 3)
    per_seed = [fit_bradley_terry(simulate(THETA, per_matchup_terms(), 1000, s), first_player="matchup").goodness
                for s in range(100, 120)]
    assert abs(np.mean([g.pearson_chi2 for g in per_seed]) - 3) < 3 * math.sqrt(2 * 3 / 20)


def test_per_matchup_terms_recover_the_simulated_ones() -> None:
    terms = per_matchup_terms()
    fit = fit_bradley_terry(simulate(THETA, terms, 3000, 5), first_player="matchup")
    index = {label: k for k, label in enumerate(LABELS)}
    first = fit.first_player
    assert first.height == 10 and (first["games"] == [3000 if a == b else 6000 for a, b in
                                                      zip(first["label_1"], first["label_2"])]).all()
    true = np.array([terms[index[a], index[b]] for a, b in zip(first["label_1"], first["label_2"])])
    assert np.all(np.abs(first["first_player"].to_numpy() - true) < 3.5 * first["first_player_se"].to_numpy())
    ratings = fit.ratings.sort("label")
    assert np.all(np.abs(ratings["rating"].to_numpy() - THETA) < 3.5 * ratings["rating_se"].to_numpy())
    assert ratings["first_player"].null_count() == 4  # the terms are in first_player, not on the label rows
    assert first_player_by_matchup(simulate(THETA, terms, 3000, 5)).equals(first)


def test_per_matchup_term_needs_both_seatings() -> None:
    one_way = pl.DataFrame({"label_a": ["A", "A", "A", "B", "B"], "label_b": ["B", "B", "A", "B", "A"],
                            "first_side": [0, 0, 0, 1, 1], "winner": [0, 1, 0, 1, 0]})
    with pytest.raises(InputError, match="A-B only ever had one side first"):
        fit_bradley_terry(one_way, prior_sd=1.0, first_player="matchup")


def paired_frame(seed: int, pairs_per_config: int = 800) -> pl.DataFrame:
    """Seat-mirrored pairs with shared luck: units 2k, 2k+1 swap who starts and one uniform draw u
    per pair decides both games for side A (A wins where u < P(A wins)), as a shared good shuffle
    would: the pair's two games lean the same way."""
    rng = np.random.default_rng(seed)
    theta = {"A": 0.4, "B": 0.0, "C": -0.4}
    parts = []
    for a, b in (("A", "A"), ("A", "B"), ("A", "C"), ("B", "B"), ("B", "C"), ("C", "C")):
        luck = rng.uniform(size=pairs_per_config)
        units = np.arange(2 * pairs_per_config)
        first_side = (units % 2).astype(np.int8)
        first = np.where(first_side == 0, a, b)
        second = np.where(first_side == 0, b, a)
        logit = np.array([theta[x] - theta[y] for x, y in zip(first, second)]) + 0.5
        p = 1 / (1 + np.exp(-logit))
        a_wins_p = np.where(first_side == 0, p, 1 - p)
        winner = np.where(np.repeat(luck, 2) < a_wins_p, 0, 1).astype(np.int8)  # one draw for both games
        parts.append(pl.DataFrame({"config": f"{a}~{b}", "unit": units, "stage": np.zeros(len(units), np.int8),
                                   "label_a": a, "label_b": b, "first_side": first_side, "winner": winner}))
    return pl.concat(parts)


def sandwich_by_hand(games: pl.DataFrame, fit: pl.DataFrame, cluster: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(clustered, model) standard errors of θ from one design row per game, in plain numpy."""
    labels = sorted(fit["label"].to_list())
    k = len(labels)
    theta = dict(zip(fit["label"], fit["rating"]))
    h = fit["first_player"][0]
    first = np.where(games["first_side"] == 0, games["label_a"], games["label_b"])
    second = np.where(games["first_side"] == 0, games["label_b"], games["label_a"])
    s = np.where(games["winner"].to_numpy() == games["first_side"].to_numpy(), 1.0, 0.0)
    s[games["winner"].to_numpy() == -1] = 0.5
    c = np.vstack([np.eye(k - 1), -np.ones((1, k - 1))])
    x = np.zeros((games.height, k))
    for g, (a, b) in enumerate(zip(first, second)):
        x[g, labels.index(a)] += 1
        x[g, labels.index(b)] -= 1
    x = np.hstack([x @ c, np.ones((games.height, 1))])
    p = 1 / (1 + np.exp(-np.array([theta[a] - theta[b] + h for a, b in zip(first, second)])))
    bread = np.linalg.inv((x * (p * (1 - p))[:, None]).T @ x)
    scores = np.zeros((cluster.max() + 1, k))
    np.add.at(scores, cluster, x * (s - p)[:, None])
    groups = cluster.max() + 1
    robust = bread @ scores.T @ scores @ bread * groups / (groups - 1)
    se = lambda v: np.sqrt(np.diag(c @ v[:k - 1, :k - 1] @ c.T))  # noqa: E731
    order = [labels.index(label) for label in fit["label"]]
    return se(robust)[order], se(bread)[order]


def test_clustered_standard_errors_by_hand() -> None:
    games = paired_frame(8)
    fit = bradley_terry(games)
    pair = games.select((pl.col("config").rank("dense") * 10**6 + pl.col("unit") // 2).rank("dense") - 1)
    clustered, model = sandwich_by_hand(games, fit, pair.to_series().to_numpy().astype(np.int64))
    assert fit["clusters"][0] == 6 * 800
    assert fit["rating_se"].to_numpy() == pytest.approx(clustered, rel=1e-8)
    assert fit["rating_se_model"].to_numpy() == pytest.approx(model, rel=1e-8)
    # the pair's shared luck makes its two games one piece of evidence about θ: wider than the model's
    assert np.all(fit["rating_se"].to_numpy() > 1.1 * fit["rating_se_model"].to_numpy())
    fixed = bradley_terry(games, seats="fixed")  # each game its own cluster
    alone, _ = sandwich_by_hand(games, fixed, np.arange(games.height))
    assert fixed["clusters"][0] == games.height and fixed["rating_se"].to_numpy() == pytest.approx(alone, rel=1e-8)
    assert fixed["rating_se_model"].to_numpy() == pytest.approx(fit["rating_se_model"].to_numpy(), rel=1e-12)


def test_a_duplicated_game_is_no_new_evidence() -> None:
    """Every game twice in its own cluster: the model thinks it has twice the games (its SE falls
    by √2), the clustered SE stays where it was with each game once (same clusters, scores doubled,
    information doubled)."""
    once = simulate(THETA, 0.3, 600, 6).with_row_index("game").with_columns(
        pl.col("game").cast(pl.Int64), pl.lit(0, pl.Int8).alias("stage"))
    single = bradley_terry(once.with_columns(pl.col("game").alias("unit")), seats="fixed")
    twice = pl.concat([once.with_columns((2 * pl.col("game")).alias("unit")),
                       once.with_columns((2 * pl.col("game") + 1).alias("unit"))]).with_columns(
        pl.lit("all").alias("config"))  # units 2g and 2g + 1: one cluster per game
    doubled = bradley_terry(twice.drop("game"))
    assert doubled["clusters"][0] == single["clusters"][0] == once.height
    assert doubled["rating"].to_numpy() == pytest.approx(single["rating"].to_numpy(), abs=1e-9)
    assert doubled["rating_se_model"].to_numpy() == pytest.approx(single["rating_se_model"].to_numpy() / math.sqrt(2),
                                                                  rel=1e-8)
    assert doubled["rating_se"].to_numpy() == pytest.approx(single["rating_se"].to_numpy(), rel=1e-8)
    ratio = doubled["rating_se"] / doubled["rating_se_model"]
    assert ratio.to_numpy() == pytest.approx(math.sqrt(2) * (single["rating_se"] / single["rating_se_model"]).to_numpy(),
                                             rel=1e-8)


def test_ratings_table_holds_both_models_and_the_text_says_the_fit() -> None:
    table = ratings_table(simulate(THETA, per_matchup_terms(), 800, 7))
    assert table["model"].unique(maintain_order=True).to_list() == [MODEL_NAMES["shared"], MODEL_NAMES["matchup"]]
    assert table.height == 8 and table.filter(pl.col("model") == MODEL_NAMES["matchup"])["df"].to_list() == [3] * 4
    text = describe_fit(table)
    assert text.startswith(f"Bradley-Terry over {16 * 800:,} games, one first-player term: Pearson χ² = ")
    assert "on 12 df" in text and "on 3 df" in text
    assert "(p < 1e-300)" in text or "(p = " in text
    assert "clustered on seat-mirrored pairs" in text and "never replace" in text
    assert "con 12 g.l." in describe_fit(table, "es")


def test_a_round_robin_exports_its_ratings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`sim report` of a round robin: a ratings table (both models, the fit beside) in CSV, Parquet
    (with the manifest) and HTML; the console summary prints the ratings and the fit too."""
    spec = tmp_path / "rr.toml"
    spec.write_text('name = "rr"\nruleset = "fortaleza"\nmatchups = "round_robin"\ngames = 200\nseed = 3\n'
                    '[[side]]\nfaction = "china"\n[[side]]\nfaction = "japon"\n[[side]]\nfaction = "corea"\n',
                    encoding="utf-8")
    assert main(["run", str(spec), "--results", str(tmp_path / "r"), "--executor", "serial"]) == 0
    assert "games, one first-player term: Pearson χ² = " in " ".join(capsys.readouterr().out.split())
    out = tmp_path / "out"
    assert main(["report", str(tmp_path / "r" / "rr"), "--format", "csv,parquet,html", "--out", str(out)]) == 0
    table = pl.read_csv(out / "rr.ratings.csv")
    assert table["model"].unique(maintain_order=True).to_list() == [MODEL_NAMES["shared"], MODEL_NAMES["matchup"]]
    assert sorted(table["label"].unique()) == ["china", "corea", "japon"]
    assert table.filter(pl.col("model") == MODEL_NAMES["shared"])["df"].to_list() == [6] * 3
    assert (table["clusters"] == 6 * 100).all()  # 6 matchups of 100 seat-mirrored pairs
    assert table.filter(pl.col("model") == MODEL_NAMES["shared"])["games"].to_list() == [600] * 3  # its mirror and two matchups
    stored = pq.read_table(out / "rr.ratings.parquet")
    assert json.loads(stored.schema.metadata[b"sim_manifest"])["run"] == "rr"
    assert pl.read_csv(out / "rr.ratings_first_player.csv").height == 1 + 6
    page = (out / "rr.html").read_text(encoding="utf-8")
    # sim report speaks Spanish unless told --lang en
    assert "Tabla: valoraciones Bradley-Terry" in page and "χ² de Pearson = " in page and "agrupados por" in page


def test_the_factions_page_shows_the_ratings_and_their_fit_beside_the_matrix(tmp_path: Path) -> None:
    from dashboards.app import create_app

    spec = tmp_path / "rr.toml"
    spec.write_text('name = "rr"\nruleset = "fortaleza"\nmatchups = "round_robin"\ngames = 200\nseed = 3\n'
                    '[[side]]\nfaction = "china"\n[[side]]\nfaction = "japon"\n[[side]]\nfaction = "corea"\n',
                    encoding="utf-8")
    assert main(["run", str(spec), "--results", str(tmp_path / "r"), "--executor", "serial"]) == 0
    app = create_app(tmp_path / "r", executor="serial", warm=False)
    factions = registered_page("/factions")

    with app.server.app_context():
        _, body, _, matchups_tab = factions.draw("rr", "en", "matchups")
        assert matchups_tab is None  # a round robin shows its matchups tab (other runs hide it)
        beside = body[0].children  # one row: the matrix, then the ratings block
        assert beside[0].children.id == "factions-matchups"
        block = str(beside[1])
        assert "Pearson χ² = " in block and "on 6 df" in block and "on 1 df" in block and "clustered" in block
        rows = beside[1].children[2].children.rowData  # widgets.table wraps the grid in a Div
        assert {r["model"] for r in rows} == {MODEL_NAMES["shared"], MODEL_NAMES["matchup"]}
        assert all(isinstance(r["p_value"], str) and r["p_value"] != "0" for r in rows)
        _, body_es, _, _ = factions.draw("rr", "es", "matchups")
        assert "χ² de Pearson" in str(body_es[0].children[1])


def registered_page(path: str) -> ModuleType:
    """The page module the app loaded for `path` (importing it again under another name would
    register its page and callbacks twice)."""
    entry = next(page for page in dash.page_registry.values() if page["path"] == path)
    return sys.modules[entry["module"]]
