"""The metagame (sim/analysis/metagame.py): the Nash mix of a matchup matrix on games solved by
hand, its value, exploitability and best responders, the seeded bootstrap, and a stored round robin."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest

from crafted_runs import write_round_robin
from sim.analysis.matchups import matchup_cells
from sim.analysis.metagame import SCHEMA, bootstrap_nash, metagame, nash_mix, win_rate_matrix

# rock beats scissors, scissors beats paper, paper beats rock: row's win rate against column
RPS = np.array([[0.5, 0.0, 1.0],
                [1.0, 0.5, 0.0],
                [0.0, 1.0, 0.5]])
# a cycle of unequal margins, A > B by 10 pts, B > C by 20, C > A by 20. For an antisymmetric payoff
# [[0, a, b], [−a, 0, c], [−b, −c, 0]] the mix that leaves every row at 0 is ∝ (c, −b, a): here
# (0.2, 0.2, 0.1) / 0.5 = (0.4, 0.4, 0.2)
CYCLE = np.array([[0.5, 0.6, 0.3],
                  [0.4, 0.5, 0.7],
                  [0.7, 0.3, 0.5]])


def test_rock_paper_scissors_is_a_uniform_mix_each_answered_by_its_counter() -> None:
    solved = nash_mix(RPS, ["rock", "paper", "scissors"])
    assert solved.mix == pytest.approx([1 / 3] * 3, abs=1e-9)
    assert solved.support == ("rock", "paper", "scissors")
    assert solved.value == pytest.approx(0.0, abs=1e-12)
    assert solved.win_rate_vs_mix == pytest.approx([0.5] * 3, abs=1e-9)
    # a field of rock only is beaten every game by paper: +50 pts
    assert solved.exploitability == pytest.approx([0.5] * 3)
    assert solved.best_response == ("paper", "scissors", "rock")


def test_a_dominant_faction_is_the_whole_mix_and_the_others_are_exploitable() -> None:
    dominant = np.array([[0.5, 0.6, 0.8],
                         [0.4, 0.5, 0.55],
                         [0.2, 0.45, 0.5]])
    solved = nash_mix(dominant, ["top", "mid", "low"])
    assert solved.mix == pytest.approx([1.0, 0.0, 0.0], abs=1e-9)
    assert solved.support == ("top",)
    assert solved.value == pytest.approx(0.0, abs=1e-12)
    # top's field is answered only by its mirror; mid's by top (60%), low's by top (80%)
    assert solved.exploitability == pytest.approx([0.0, 0.1, 0.3])
    assert solved.best_response == ("top", "top", "top")
    assert solved.win_rate_vs_mix == pytest.approx([0.5, 0.4, 0.2])


def test_a_cycle_of_unequal_margins_has_its_hand_solved_mix() -> None:
    solved = nash_mix(CYCLE, ["A", "B", "C"])
    assert solved.mix == pytest.approx([0.4, 0.4, 0.2], abs=1e-9)
    assert solved.support == ("A", "B", "C")
    assert solved.win_rate_vs_mix == pytest.approx([0.5, 0.5, 0.5], abs=1e-9)  # indifference in the support


def test_exploitability_is_the_best_row_against_each_column_by_hand() -> None:
    solved = nash_mix(CYCLE, ["A", "B", "C"])
    # column A: B wins 40%, C 70% -> C, +20 pts; column B: A 60%, C 30% -> A, +10; column C: A 30%, B 70% -> B, +20
    assert solved.exploitability == pytest.approx([0.2, 0.1, 0.2])
    assert solved.best_response == ("C", "A", "B")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_value_of_an_antisymmetric_game_is_zero_and_no_row_beats_the_mix(seed: int) -> None:
    rng = np.random.default_rng(seed)
    k = 6
    upper = np.triu(rng.uniform(0.2, 0.8, size=(k, k)), 1)
    rates = upper + np.tril(1.0 - upper.T, -1)
    np.fill_diagonal(rates, 0.5)
    solved = nash_mix(rates, [f"f{i}" for i in range(k)])
    assert solved.value == pytest.approx(0.0, abs=1e-9)
    assert solved.mix.sum() == pytest.approx(1.0)
    assert (solved.win_rate_vs_mix <= 0.5 + 1e-9).all()
    inside = solved.mix > 1e-6
    assert solved.win_rate_vs_mix[inside] == pytest.approx(0.5, abs=1e-7)
    assert (solved.exploitability >= -1e-12).all()


def test_a_general_game_has_the_value_the_lp_gives() -> None:
    # not zero-sum between the factions (every row wins 60% of every cell): the value is +10 pts,
    # and nothing exploits any field beyond it
    solved = nash_mix(np.full((3, 3), 0.6), ["a", "b", "c"])
    assert solved.value == pytest.approx(0.1)
    assert solved.exploitability == pytest.approx([0.0, 0.0, 0.0], abs=1e-12)


def test_a_matrix_with_a_missing_cell_or_the_wrong_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="missing cells"):
        nash_mix(np.array([[0.5, np.nan], [0.5, 0.5]]), ["a", "b"])
    with pytest.raises(ValueError, match="square"):
        nash_mix(np.full((2, 3), 0.5), ["a", "b"])


def counts_of(rates: np.ndarray, games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Integer wins (no draws) of a round robin whose pairs played `games` games, mirrors even."""
    wins = np.rint(rates * games).astype(np.int64)
    np.fill_diagonal(wins, games // 2)
    draws = np.zeros_like(wins)
    np.fill_diagonal(draws, games - 2 * (games // 2))
    return wins, draws, np.full_like(wins, games)


def test_the_bootstrap_is_seeded_and_deterministic() -> None:
    wins, draws, games = counts_of(CYCLE, 100)
    one = bootstrap_nash(wins, draws, games, ["A", "B", "C"], resamples=200, seed=7)
    again = bootstrap_nash(wins, draws, games, ["A", "B", "C"], resamples=200, seed=7)
    other = bootstrap_nash(wins, draws, games, ["A", "B", "C"], resamples=200, seed=8)
    assert np.array_equal(one.mixes, again.mixes)
    assert np.array_equal(one.support_share, again.support_share)
    assert not np.array_equal(one.mixes, other.mixes)
    assert one.mixes.shape == (200, 3) and one.mixes.sum(axis=1) == pytest.approx(np.ones(200))
    assert (one.mix_low <= np.array([0.4, 0.4, 0.2]) + 1e-9).all() and (np.array([0.4, 0.4, 0.2]) <= one.mix_high).all()


def test_the_bootstrap_narrows_with_games_and_is_sure_of_a_clear_dominance() -> None:
    few = bootstrap_nash(*counts_of(CYCLE, 100), ["A", "B", "C"], resamples=300, seed=1)
    many = bootstrap_nash(*counts_of(CYCLE, 10_000), ["A", "B", "C"], resamples=300, seed=1)
    assert ((many.mix_high - many.mix_low) < (few.mix_high - few.mix_low) / 4).all()
    assert many.support_share == pytest.approx([1.0, 1.0, 1.0])
    clear = np.array([[0.5, 0.7, 0.7], [0.3, 0.5, 0.5], [0.3, 0.5, 0.5]])
    sure = bootstrap_nash(*counts_of(clear, 1000), ["top", "b", "c"], resamples=300, seed=1)
    assert sure.support_share.tolist() == [1.0, 0.0, 0.0]
    assert sure.mix_low[0] == pytest.approx(1.0) and sure.mix_high[1] == pytest.approx(0.0)
    # the same 70% made of 40% wins and 60% draws: a resampled draw still counts half
    wins, draws, games = counts_of(clear, 1000)
    wins[0, 1:], draws[0, 1:], draws[1:, 0], wins[1:, 0] = 400, 600, 600, 0
    drawn = bootstrap_nash(wins, draws, games, ["top", "b", "c"], resamples=300, seed=1)
    assert drawn.support_share.tolist() == [1.0, 0.0, 0.0]


def test_paired_resampling_needs_each_pairs_cells_to_be_one_set_of_games() -> None:
    wins, draws, games = counts_of(CYCLE, 100)
    wins[1, 0] += 1  # B's wins against A are no longer A's losses against B
    with pytest.raises(ValueError, match="paired"):
        bootstrap_nash(wins, draws, games, ["A", "B", "C"], resamples=10)
    unpaired = bootstrap_nash(wins, draws, games, ["A", "B", "C"], resamples=10, paired=False)
    assert unpaired.mixes.shape == (10, 3)


def test_draws_count_half_and_a_mirror_is_even() -> None:
    wins = np.array([[9, 2], [4, 1]])
    draws = np.array([[0, 4], [4, 0]])
    games = np.array([[10, 10], [10, 10]])
    rates = win_rate_matrix(wins, draws, games)
    assert rates.tolist() == [[0.5, 0.4], [0.6, 0.5]]
    assert win_rate_matrix(wins, draws, games, mirrors_even=False)[0, 0] == pytest.approx(0.9)


# CYCLE as games: each pair's mean score of side A over seat-mirrored pairs (1, ½ or 0 a game);
# the mirrors are lopsided on purpose (side A wins A's every game): the game reads them even
CYCLE_PAIRS = {("A", "A"): [1.0] * 5, ("A", "B"): [1.0, 0.5, 0.5, 0.5, 0.5], ("A", "C"): [0.0, 0.5, 0.0, 0.5, 0.5],
               ("B", "B"): [0.5] * 5, ("B", "C"): [1.0, 1.0, 0.5, 0.5, 0.5], ("C", "C"): [0.75, 0.25, 0.5, 0.5, 0.5]}


def test_a_stored_round_robin_gives_its_nash_mix_as_a_table(tmp_path: Path) -> None:
    write_round_robin(tmp_path, CYCLE_PAIRS)
    table = metagame(tmp_path, resamples=200, seed=3)
    assert table.schema == pl.Schema(SCHEMA)
    assert table["label"].to_list() == ["A", "B", "C"]  # most played first, then the matrix's order
    assert table["nash_share"].to_list() == pytest.approx([0.4, 0.4, 0.2], abs=1e-9)
    assert table["in_support"].all()
    assert table["exploitability"].to_list() == pytest.approx([0.2, 0.1, 0.2])
    assert table["best_response"].to_list() == ["C", "A", "B"]
    assert table["best_response_n"].to_list() == [10, 10, 10]
    assert table["games"].to_list() == [30, 30, 30]  # 10 games against each, the mirror's included
    assert table["win_rate_vs_nash"].to_list() == pytest.approx([0.5, 0.5, 0.5], abs=1e-9)
    assert table["game_value"].to_list() == pytest.approx([0.0] * 3, abs=1e-12)
    assert ((table["nash_share_low"] <= table["nash_share"] + 1e-9)
            & (table["nash_share"] <= table["nash_share_high"] + 1e-9)).all()
    # the best responder's cell (10 games at 70% or 60%) with its Wilson interval, less 50%
    assert (table["exploitability_low"] < table["exploitability"]).all()
    assert (table["exploitability"] < table["exploitability_high"]).all()
    assert table.equals(metagame(tmp_path, resamples=200, seed=3))  # seeded: the same table again


def test_a_round_robin_missing_a_matchup_has_no_mix_yet(tmp_path: Path) -> None:
    write_round_robin(tmp_path, {pair: scores for pair, scores in CYCLE_PAIRS.items() if pair != ("B", "C")})
    assert metagame(tmp_path, resamples=10).is_empty()


def test_the_console_prints_the_mix_with_its_interval_support_and_best_responses(tmp_path: Path) -> None:
    from rich.console import Console

    from sim.report.console import print_nash
    write_round_robin(tmp_path, CYCLE_PAIRS)
    console = Console(record=True, width=200)
    print_nash(console, tmp_path, matchup_cells(tmp_path))
    text = console.export_text()
    assert "Nash equilibrium mix" in text and "1,000 resamples" in text
    lines = {line.split("│")[1].strip(): line for line in text.splitlines() if line.startswith("│")}
    assert "40.0%" in lines["A"] and "+20.0 pts" in lines["A"] and "C (n=10)" in lines["A"]
    assert "20.0%" in lines["C"] and "B (n=10)" in lines["C"]
    assert "Value of the game: +0.0 pts" in text and "support: A, B, C" in text


@pytest.mark.parametrize("lang, words", [("en", ("Nash equilibrium mix", "60 games", "200 resamples")),
                                         ("es", ("mezcla de equilibrio de Nash", "60 partidas", "200 remuestreos"))])
def test_the_chart_says_what_it_compares_with_n_and_the_interval(tmp_path: Path, lang: str, words: tuple[str, ...]) -> None:
    from sim.report.figures import nash_figure
    write_round_robin(tmp_path, CYCLE_PAIRS)
    nash = metagame(tmp_path, resamples=200)
    fig = nash_figure(nash, 60, lang)
    title = fig.layout.title.text.replace("<br>", " ")
    assert all(word in title for word in words)
    bars = [trace for trace in fig.data if trace.type == "bar"]  # one a faction, in the table's order
    # each bar runs from a uniform field's share (the dotted line) to the faction's share
    assert [b.y[0] for b in bars] == ["A", "B", "C"] and [b.base + b.x[0] for b in bars] == pytest.approx([0.4, 0.4, 0.2])
    assert all(b.base == pytest.approx(1 / 3) for b in bars)
    assert [b.error_x.array[0] for b in bars] == pytest.approx((nash["nash_share_high"] - nash["nash_share"]).to_list())
    printed = fig.data[-1].text
    share, gain = ("40.0% [", "C +20.0 pts, n = 10") if lang == "en" else ("40,0\xa0% [", "C +20,0 pts, n = 10")
    assert printed[0].strip().startswith(share) and gain in printed[0]  # numbers as the chart's language writes them


# a cycle whose seat-mirrored pairs always end alike (both games won or both lost): a pair carries
# the information of one game, so resampling games would make the mix look twice as sure as it is
ALIKE_PAIRS = {("A", "A"): [1.0, 0.0] * 10, ("A", "B"): [1.0] * 65 + [0.0] * 35,
               ("A", "C"): [0.0] * 65 + [1.0] * 35, ("B", "B"): [1.0, 0.0] * 10,
               ("B", "C"): [1.0] * 65 + [0.0] * 35, ("C", "C"): [1.0, 0.0] * 10}


def by_hand_pair_bootstrap(pair_scores: dict[tuple[str, str], list[float]], names: list[str], resamples: int,
                           seed: int) -> np.ndarray:
    """The field's Nash mix over `resamples` redraws of each matchup's seat-mirrored pairs with
    replacement, solved as its own LP (min v: A y ≤ v, Σ y = 1): written here apart from metagame.py."""
    from scipy.optimize import linprog

    rng = np.random.default_rng(seed)
    k = len(names)
    mixes = []
    for _ in range(resamples):
        rates = np.full((k, k), 0.5)
        for (a, b), scores in pair_scores.items():
            if a == b:
                continue
            rate = float(np.mean(rng.choice(np.array(scores), size=len(scores), replace=True)))
            rates[names.index(a), names.index(b)], rates[names.index(b), names.index(a)] = rate, 1.0 - rate
        payoff = rates - 0.5
        solved = linprog(np.r_[np.zeros(k), 1.0], A_ub=np.c_[payoff, -np.ones(k)], b_ub=np.zeros(k),
                         A_eq=np.r_[np.ones(k), 0.0][None, :], b_eq=[1.0], bounds=[(0, None)] * k + [(None, None)])
        mixes.append(solved.x[:k] / solved.x[:k].sum())
    return np.array(mixes)


def test_the_nash_interval_resamples_seat_mirrored_pairs_not_games(tmp_path: Path) -> None:
    write_round_robin(tmp_path, ALIKE_PAIRS)
    names = ["A", "B", "C"]
    cells = matchup_cells(tmp_path)
    resamples = 2000
    table = metagame(tmp_path, resamples=resamples, seed=5, cells=cells)
    assert table["nash_share"].to_list() == pytest.approx([1 / 3] * 3, abs=1e-9)  # an even cycle: a uniform mix
    table = {r["label"]: r for r in table.iter_rows(named=True)}
    counts = [np.zeros((3, 3), np.int64) for _ in range(3)]  # wins, draws, games: the cells as counts
    for c in cells.iter_rows(named=True):
        i, j = names.index(c["row"]), names.index(c["column"])
        counts[0][i, j], counts[1][i, j], counts[2][i, j] = c["wins"], c["draws"], c["n"]
    by_games = bootstrap_nash(*counts, names, resamples=resamples, seed=5)
    assert by_games.unit == "games"

    # each matchup's resampled rate spreads as its 100 pairs' means do: sd(pair means) / √pairs
    from sim.analysis.metagame import pair_units
    by_pairs = bootstrap_nash(*counts, names, resamples=resamples, seed=5, units=pair_units(tmp_path, cells, names))
    assert by_pairs.unit == "pairs"
    pair_means = np.array(ALIKE_PAIRS[("A", "B")])
    assert np.std(by_pairs.rates[:, 0, 1]) == pytest.approx(pair_means.std() / np.sqrt(100), rel=0.06)
    assert np.std(by_games.rates[:, 0, 1]) == pytest.approx(np.sqrt(0.65 * 0.35 / 200), rel=0.06)

    # the table's interval is the pairs' one, wider than the games' one, and the by-hand bootstrap's
    mixes = by_hand_pair_bootstrap(ALIKE_PAIRS, names, resamples, seed=11)
    for k, name in enumerate(names):
        low, high = table[name]["nash_share_low"], table[name]["nash_share_high"]
        assert (low, high) == pytest.approx((by_pairs.mix_low[k], by_pairs.mix_high[k]))
        assert high - low > 1.25 * (by_games.mix_high[k] - by_games.mix_low[k])
        assert (low, high) == pytest.approx(tuple(np.quantile(mixes[:, k], [0.025, 0.975])), abs=0.03)
