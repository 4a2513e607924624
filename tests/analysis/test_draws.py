"""Draws at the turn cap and the win rates among decided games (sim.analysis.draws), on a hand-made
run at two agent levels whose figures are counted here by hand: greedy players who never draw and
whose first player wins 90%, and hard players who draw 62 of 100 games at the cap. Every win-rate
table carries the same counts, shares and intervals (the run's one design-effect rule, computed here
from the pairs), and the findings say the cap draws with the decided-games rates beside the
½-scored ones, in Spanish and English."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from crafted_runs import wilson, write_games, write_manifest
from sim.analysis.draws import draw_figures
from sim.analysis.findings import run_findings
from sim.analysis.first_player import first_player_advantage
from sim.analysis.levels import level_conclusions
from sim.analysis.sweeps import sweep_comparison
from sim.analysis.win_rates import faction_win_rates
from sim.report.findings_text import Names, finding_sentence

HARD = "side1.agent=hard,side2.agent=hard"
# each pair's two games (side A first in the first game): its winners (-1 a draw) and end reasons, times
BASE_PAIRS = [((0, 1), ("lives", "lives"), 40),  # whoever starts wins
              ((0, 0), ("lives", "lives"), 10)]  # side A wins both
HARD_PAIRS = [((-1, -1), ("turn_cap", "turn_cap"), 30),  # both drawn at the cap
              ((0, 1), ("lives", "lives"), 10),
              ((1, 0), ("score", "score"), 5),  # whoever goes second wins, at the cap on score (as rolplay's R-04)
              ((0, 0), ("lives", "lives"), 3),
              ((0, -1), ("lives", "turn_cap"), 2)]


def games_of(pairs: list) -> tuple[list[int], list[str]]:
    winners = [w for pair, _, times in pairs for _ in range(times) for w in pair]
    reasons = [r for _, pair, times in pairs for _ in range(times) for r in pair]
    return winners, reasons


def sides(agent: str) -> list[dict]:
    search = {"search": {"samples": 8, "horizon": 2}} if agent == "hard" else {}
    return [{"label": "Arañas", "faction": "aranas", "agent": agent, **search},
            {"label": "Ciempiés", "faction": "ciempies", "agent": agent, **search}]


def write_levels_run(folder: Path) -> dict:
    """The two levels' games and the manifest of a sweep over agents (returned)."""
    for config, pairs in (("base", BASE_PAIRS), (HARD, HARD_PAIRS)):
        winners, reasons = games_of(pairs)
        write_games(folder, config, [], budget_a=135, winners=winners, end_reasons=reasons)
    manifest = write_manifest(folder, {"base": {"sides": sides("greedy"), "sweep": {}},
                              HARD: {"sides": sides("hard"), "sweep": {"side1.agent": "hard", "side2.agent": "hard"}}},
                   {"name": "crafted_levels", "ruleset": "dicedraft", "side": sides("greedy"),
                    "sweep": {"mode": "list", "axis": [{"side": 1, "field": "agent", "values": ["hard"]},
                                                       {"side": 2, "field": "agent", "values": ["hard"]}]}})
    return {**manifest, "run": "crafted_levels", "kind": "games"}


@pytest.fixture()
def levels_run(tmp_path: Path) -> Path:
    write_levels_run(tmp_path)
    return tmp_path


def by_hand(pairs: list, counted, of) -> tuple[float, float, float, int]:
    """A share sum(counted) / sum(of) over the games, clustered on the seat-mirrored pairs: the rate,
    its Wilson interval on d / deff, deff = the ratio's clustered variance over r(1 − r) / (d − 1)
    (never below 1), and d. `counted` and `of` score one game (winner, reason, first) as 0 or 1."""
    clusters = []
    for winners, reasons, times in pairs:
        games = [(winners[0], reasons[0], 0), (winners[1], reasons[1], 1)]  # side A first, then side B
        clusters += [(sum(counted(*g) for g in games), sum(of(*g) for g in games))] * times
    clusters = np.array([c for c in clusters if c[1] > 0], dtype=float)
    y, d, g = clusters[:, 0].sum(), clusters[:, 1].sum(), len(clusters)
    rate = y / d
    clustered = g / (g - 1) * ((clusters[:, 0] - rate * clusters[:, 1]) ** 2).sum() / d ** 2
    deff = max(clustered / (rate * (1 - rate) / (d - 1)), 1.0)
    low, high = wilson(rate * d / deff, d / deff)
    return rate, low, high, int(d)


def decided(winner: int, reason: str, first: int) -> int:
    return int(winner != -1)


def cap_draw(winner: int, reason: str, first: int) -> int:
    return int(winner == -1 and reason == "turn_cap")


def a_wins(winner: int, reason: str, first: int) -> int:
    return int(winner == 0)


def first_wins(winner: int, reason: str, first: int) -> int:
    return int(winner == first)


def every_game(winner: int, reason: str, first: int) -> int:
    return 1


def test_the_counts_shares_and_intervals_of_the_cap_draws_and_the_decided_games(levels_run: Path) -> None:
    row = draw_figures(levels_run).filter(config=HARD).row(0, named=True)
    # counted by hand from HARD_PAIRS
    assert (row["n"], row["wins_a"], row["losses_a"], row["draws"]) == (100, 23, 15, 62)
    assert (row["cap_draws"], row["at_cap"], row["decided"], row["first_player_wins"]) == (62, 72, 38, 25)
    for name, counted, of in (("cap_draw_share", cap_draw, every_game), ("decided_win_rate", a_wins, decided),
                              ("decided_first_player_win_rate", first_wins, decided)):
        rate, low, high, n = by_hand(HARD_PAIRS, counted, of)
        assert (row[name], row[f"{name}_low"], row[f"{name}_high"]) == (
            pytest.approx(rate), pytest.approx(low), pytest.approx(high)), name
    assert row["cap_draw_share"] == pytest.approx(0.62) and row["decided_win_rate"] == pytest.approx(23 / 38)
    # the pairs draw both games or neither: the cap share's interval is wider than 100 independent games'
    assert row["cap_draw_share_high"] - row["cap_draw_share_low"] > np.subtract(*wilson(62, 100)[::-1]) * 1.3
    base = draw_figures(levels_run).filter(config="base").row(0, named=True)
    assert (base["draws"], base["cap_draws"], base["cap_draw_share"], base["decided"]) == (0, 0, 0.0, 100)


def test_every_win_rate_table_carries_the_same_draw_figures(levels_run: Path) -> None:
    rate, low, high, _ = by_hand(HARD_PAIRS, a_wins, decided)
    cap = by_hand(HARD_PAIRS, cap_draw, every_game)[:3]
    first = by_hand(HARD_PAIRS, first_wins, decided)[:3]
    a, b = faction_win_rates(levels_run).filter(config=HARD).iter_rows(named=True)
    assert (a["wins"], a["losses"], a["draws"], b["wins"], b["losses"], b["draws"]) == (23, 15, 62, 15, 23, 62)
    assert (a["win_rate"], b["win_rate"]) == (pytest.approx(0.54), pytest.approx(0.46))  # draws ½
    assert (a["decided_win_rate"], a["decided_win_rate_low"], a["decided_win_rate_high"]) == tuple(
        map(pytest.approx, (rate, low, high)))
    assert (b["decided_win_rate"], b["decided_win_rate_low"], b["decided_win_rate_high"]) == tuple(
        map(pytest.approx, (1 - rate, 1 - high, 1 - low)))  # side B's is side A's, the other way round
    assert (a["cap_draws"], a["decided"]) == (b["cap_draws"], b["decided"]) == (62, 38)
    assert (a["cap_draw_share"], a["cap_draw_share_low"], a["cap_draw_share_high"]) == tuple(map(pytest.approx, cap))
    fpa = first_player_advantage(levels_run).filter(config=HARD).row(0, named=True)
    assert fpa["first_player_win_rate"] == pytest.approx(0.56)  # paired d: (10 − 5 + 2 · 0.5) / 50 = 0.12
    assert (fpa["decided_first_player_win_rate"], fpa["decided_first_player_win_rate_low"],
            fpa["decided_first_player_win_rate_high"]) == tuple(map(pytest.approx, first))
    assert (fpa["draws"], fpa["first_player_wins"], fpa["decided"]) == (62, 25, 38)
    sweep = sweep_comparison(levels_run).filter(config=HARD).row(0, named=True)
    assert (sweep["wins"], sweep["losses"], sweep["draws"], sweep["cap_draws"], sweep["decided"]) == (23, 15, 62, 62, 38)
    assert sweep["decided_win_rate"] == pytest.approx(rate) and sweep["cap_draw_share_low"] == pytest.approx(cap[1])
    levels = level_conclusions(levels_run).filter(config=HARD)
    side_a, first_player = (levels.filter(figure=f).row(0, named=True)
                            for f in ("side A win rate", "first player win rate"))
    assert (side_a["wins"], side_a["losses"], side_a["draws"]) == (23, 15, 62)
    assert (first_player["wins"], first_player["losses"], first_player["draws"]) == (25, 13, 62)
    assert first_player["decided_win_rate"] == pytest.approx(first[0]) and first_player["decided"] == 38
    assert side_a["decided_win_rate_high"] == pytest.approx(high)
    assert first_player["cap_draw_share"] == pytest.approx(0.62)


def es(value: float) -> str:
    return f"{100 * value:.1f}".replace(".", ",")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_cap_draws_are_a_finding_with_the_decided_games_beside_the_half_scored_rates(levels_run: Path,
                                                                                        lang: str) -> None:
    found = run_findings(levels_run, write_levels_run(levels_run))
    [stall] = [f for f in found if f.kind == "stall"]
    assert stall.config == HARD and stall.n == 100
    at_cap = by_hand(HARD_PAIRS, lambda w, r, f: int(r in ("turn_cap", "score")), every_game)
    assert (stall.estimate, stall.low, stall.high) == tuple(map(pytest.approx, at_cap[:3]))
    assert stall.severity == "high"  # 72% of the games, the whole interval past 20%
    first = by_hand(HARD_PAIRS, first_wins, decided)
    a = by_hand(HARD_PAIRS, a_wins, decided)
    text = finding_sentence(stall, lang, Names())
    if lang == "en":
        assert text.startswith(f"With hard 8x2 / hard 8x2 agents, {100 * at_cap[0]:.1f}% [{100 * at_cap[1]:.1f}, "
                               f"{100 * at_cap[2]:.1f}] of the games reach the turn cap (72 of 100: ")
        assert "62 drawn at the cap, scored ½" in text and "10 decided there by score" in text
        assert (f"Among the 38 decided games, the first player wins {100 * first[0]:.1f}% [{100 * first[1]:.1f}, "
                f"{100 * first[2]:.1f}] ({100 * (2 * first[0] - 1):+.1f} pts [") in text
        assert "against 56.0% [" in text and "with draws scored ½" in text
        assert (f"Arañas wins {100 * a[0]:.1f}% [{100 * a[1]:.1f}, {100 * a[2]:.1f}] of them and Ciempiés "
                f"{100 * (1 - a[0]):.1f}% [{100 * (1 - a[2]):.1f}, {100 * (1 - a[1]):.1f}] (54.0% and 46.0% with draws "
                "scored ½).") in text
    else:
        assert text.startswith(f"Con agentes hard 8x2 / hard 8x2, el {es(at_cap[0])}\u00a0% [{es(at_cap[1])}; "
                               f"{es(at_cap[2])}] de las partidas llega al límite de turnos (72 de 100: ")
        assert (f"Entre las 38 partidas decididas, el primer jugador gana el {es(first[0])}\u00a0% [{es(first[1])}; "
                f"{es(first[2])}] (+{es(2 * first[0] - 1)} pts [") in text
        assert (f"Arañas gana el {es(a[0])}\u00a0% [{es(a[1])}; {es(a[2])}] de ellas y Ciempiés el "
                f"{es(1 - a[0])}\u00a0% [{es(1 - a[2])}; {es(1 - a[1])}] (54,0\u00a0% y 46,0\u00a0% contando los "
                "empates como ½).") in text
    stop = {"es": r"\b(the|and|of|with|games|wins|among)\b", "en": r"\b(las|los|con|partidas|gana|entre)\b"}[lang]
    assert not re.search(stop, text), text  # one language
    # the first player's fall from greedy to hard is said with the decided games beside it
    [change] = [f for f in found if f.kind == "level_change" and f.details["figure"] == "first player win rate"]
    said = finding_sentence(change, lang, Names())
    cap = by_hand(HARD_PAIRS, cap_draw, every_game)
    if lang == "en":
        assert "First player win rate: 90.0% [" in said and "56.0% [" in said
        assert (f"Among decided games only: 90.0% [" in said
                and f"at greedy / greedy (100 games), {100 * first[0]:.1f}% [{100 * first[1]:.1f}, "
                    f"{100 * first[2]:.1f}] at hard 8x2 / hard 8x2 (38 games)" in said)
        assert f"drawn at the turn cap: 0.0% [" in said and f"and {100 * cap[0]:.1f}% [{100 * cap[1]:.1f}," in said
    else:
        assert "Solo entre las partidas decididas: 90,0\u00a0% [" in said
        assert f"{es(first[0])}\u00a0% [{es(first[1])}; {es(first[2])}] con hard 8x2 / hard 8x2 (38 partidas)" in said
        assert f"empatadas en el límite de turnos: el 0,0\u00a0% [" in said
    assert not re.search(stop, said), said

