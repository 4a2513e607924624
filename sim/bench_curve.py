"""`sim bench --curve GAME`: each level's strength beside its speed, so a designer picks the level that
fits the time a run may take.

A point is a level at one search budget: greedy; hard with 2, 4, 8 (its default) and 16 sampled
worlds; expert at half, once and twice its game's default worlds (its other settings the game's
defaults, sim.core.mcts.default_search). For each point:
- its speed: games per second on one thread of the level against greedy in the game's first
  faction's mirror (what a run with that level on one side costs; `games` games, again until a
  second has passed), and the decisions it searched a second;
- its strength: its score against hard at hard's defaults in the same mirror, seats mirrored, draws
  counted half, with a 95% Wilson interval. Every point plays the same deals (the same seed and
  units), so the points differ by their play, not by their luck.
Hard at its defaults against itself is the reference: about 50% by symmetry, which the table shows
rather than assumes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numba
import numpy as np

from sim.analysis.intervals import wilson_interval
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.mcts import default_search
from sim.core.records import RecordCol
from sim.core.ruleset import Ruleset, get_ruleset
from sim.core.search import SearchSettings

HARD_SAMPLES = (2, 4, 8, 16)  # 8 is SearchSettings' default
EXPERT_SCALES = (0.5, 1.0, 2.0)  # times the game's default expert worlds
CURVE_SEED = 20261206
MIN_TIMED_SECONDS = 1.0  # a speed timed over less is mostly start-up and noise


@dataclass(frozen=True)
class CurvePoint:
    level: str
    settings: SearchSettings | None  # None: greedy, which does not search
    games_per_second: float  # on one thread, against greedy
    decisions_per_second: float | None
    points: float  # its score against hard at the defaults: wins and half the draws
    games: int

    @property
    def score(self) -> float:
        return self.points / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.points, self.games)

    def settings_words(self) -> str:
        s = self.settings
        return "" if s is None else f"samples {s.samples}, rollouts {s.rollouts}, horizon {s.horizon}, width {s.width}"


def curve_settings(ruleset: Ruleset) -> list[tuple[str, SearchSettings | None]]:
    """The points of `ruleset`'s curve, weakest budget first within each level."""
    points: list[tuple[str, SearchSettings | None]] = [("greedy", None)]
    if "hard" in ruleset.agents:
        points += [("hard", SearchSettings(samples=samples)) for samples in HARD_SAMPLES]
    if "expert" in ruleset.agents:
        expert = default_search("expert", ruleset)
        points += [("expert", expert.model_copy(update={"samples": max(1, round(expert.samples * scale))}))
                   for scale in EXPERT_SCALES]
    return points


def _mirror(ruleset: Ruleset, faction: str, first: tuple[str, SearchSettings | None],
            second: tuple[str, SearchSettings | None]) -> object:
    sides = tuple(SideConfig(faction, default_label(faction, i), level, {}, ruleset.side_options(), settings)
                  for i, (level, settings) in enumerate((first, second)))
    return ruleset.compile(MatchConfig("sim bench --curve", sides))


def _first_side_points(rows: np.ndarray) -> tuple[float, int]:
    played = rows[rows[:, RecordCol.PLAYED] == 1]
    winner = played[:, RecordCol.WINNER]
    return float(np.sum(winner == 0) + 0.5 * np.sum(winner < 0)), len(winner)


def curve_point(ruleset: Ruleset, faction: str, level: str, settings: SearchSettings | None,
                games: int) -> CurvePoint:
    """One point: `games` games against greedy timed on one thread, then `games` against hard."""
    against_greedy = _mirror(ruleset, faction, (level, settings), ("greedy", None))
    ruleset.play_chunk(against_greedy, 1, 0, 2, threads=1)  # load or compile outside the timing
    timed, started = 0, time.perf_counter()
    while timed == 0 or time.perf_counter() - started < MIN_TIMED_SECONDS:  # greedy's 400 games take milliseconds
        ruleset.play_chunk(against_greedy, CURVE_SEED, timed, games, threads=1)
        timed += games
    seconds = time.perf_counter() - started
    decisions = None
    if settings is not None:
        counted = min(games, 100)
        decisions = float(ruleset.searched_decisions(against_greedy, CURVE_SEED, 0, counted).sum()) / counted
    against_hard = _mirror(ruleset, faction, (level, settings), ("hard", default_search("hard", ruleset)))
    rows, _ = ruleset.play_chunk(against_hard, CURVE_SEED, 0, games)
    points, played = _first_side_points(rows)
    rate = timed / seconds
    return CurvePoint(level, settings, rate, None if decisions is None else rate * decisions, points, played)


def strength_speed_curve(game: str, games: int) -> list[CurvePoint]:
    """Every point of `game`'s curve (curve_settings), in the first faction's mirror."""
    ruleset = get_ruleset(game)
    faction = ruleset.list_factions(ruleset.cards_dir)[0]
    saved = numba.get_num_threads()
    try:
        return [curve_point(ruleset, faction, level, settings, games) for level, settings in curve_settings(ruleset)]
    finally:
        numba.set_num_threads(saved)


def curve_table(game: str, points: list[CurvePoint], games: int) -> str:
    """The curve as a markdown table, fastest first: what `sim bench --curve` prints and --table writes."""
    ruleset = get_ruleset(game)
    faction = ruleset.list_factions(ruleset.cards_dir)[0]
    lines = [f"`sim bench --curve {game} --games {games}`, {game} {ruleset.version}, {faction} mirror: speed on one "
             f"thread against greedy; strength as the score against hard at its defaults, seats mirrored, draws "
             f"half, 95% Wilson interval, the same {games:,} deals for every level:", "",
             "| level | search | games/s, 1 thread | decisions/s | score against hard | games |",
             "| --- | --- | ---: | ---: | --- | ---: |"]
    for p in sorted(points, key=lambda p: -p.games_per_second):
        low, high = p.interval
        decisions = "" if p.decisions_per_second is None else f"{p.decisions_per_second:,.0f}"
        lines.append(f"| {p.level} | {p.settings_words()} | {p.games_per_second:,.0f} | {decisions} | "
                     f"{p.score:.1%} [{low:.1%}, {high:.1%}] | {p.games:,} |")
    return "\n".join(lines) + "\n"


def curve_figure(game: str, points: list[CurvePoint]) -> object:
    """The curve as a Plotly figure: speed (log) across, strength up, one line a level."""
    import plotly.graph_objects as go

    figure = go.Figure()
    for level in dict.fromkeys(p.level for p in points):
        mine = [p for p in points if p.level == level]
        figure.add_trace(go.Scatter(
            x=[p.games_per_second for p in mine], y=[100 * p.score for p in mine], name=level, mode="lines+markers",
            error_y={"type": "data", "symmetric": False, "array": [100 * (p.interval[1] - p.score) for p in mine],
                     "arrayminus": [100 * (p.score - p.interval[0]) for p in mine]},
            text=[p.settings_words() or level for p in mine], hovertemplate="%{text}<br>%{x:,.0f} games/s<br>%{y:.1f}%"))
    figure.add_hline(y=50, line_dash="dot", annotation_text="as strong as hard")
    figure.update_layout(title=f"{game}: strength against speed (score against hard, 95% interval; n per point)",
                         xaxis={"type": "log", "title": "games per second, one thread (against greedy)"},
                         yaxis={"title": "score against hard (%)", "ticksuffix": "%"})
    return figure
