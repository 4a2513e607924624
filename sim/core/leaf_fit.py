"""Fitting an expert agent's leaf evaluation (sim.core.mcts) to self-play positions, the same way for
every game: a logistic model without intercept over the game's features (each a difference between
the two sides, so the two sides' chances add up to one), fitted by Newton's method with a small ridge
to the games' results (a win 1, a draw 1/2, a loss 0) on a random four fifths of the games, and
judged on the other fifth: how often it names the winner of a decided game, against the hand-made
evaluation the hard agent uses, and the mean log loss of both.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from sim.core.leaf_file import LeafFile
from sim.core.mcts import N_P, P_HAND_MADE, P_SCORE, P_UNIT

RIDGE = 1e-3  # per position: keeps the Newton steps defined when a feature never varies
NEWTON_STEPS = 25
HELD_OUT_SHARE = 0.2


@dataclass(frozen=True)
class LeafFit:
    coefficients: list[float]
    train_positions: int
    held_out_positions: int
    held_out_accuracy: float  # decided games' positions whose winner the model names
    hand_made_accuracy: float  # the same for the hand-made evaluation
    held_out_log_loss: float
    hand_made_log_loss: float

    def summary(self) -> dict:
        """What a leaf file ships of the fit beside its coefficients: the positions and the held-out
        figures, rounded."""
        return {"train_positions": self.train_positions, "held_out_positions": self.held_out_positions,
                "held_out_accuracy": round(self.held_out_accuracy, 4),
                "hand_made_held_out_accuracy": round(self.hand_made_accuracy, 4),
                "held_out_log_loss": round(self.held_out_log_loss, 4),
                "hand_made_held_out_log_loss": round(self.hand_made_log_loss, 4)}


def _log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _accuracy(p: np.ndarray, y: np.ndarray) -> float:
    decided = y != 0.5
    return float(np.mean((p[decided] > 0.5) == (y[decided] == 1.0)))


def fit_leaf(x: np.ndarray, score: np.ndarray, game: np.ndarray, hand_made: np.ndarray, seed: int) -> LeafFit:
    """The logistic fit of `score` (1, 1/2, 0) on the features `x`, its held-out games drawn with
    `seed` (every position of a game on the same side of the split)."""
    games = np.unique(game)
    held = np.random.default_rng(seed).permutation(games)[: max(1, int(len(games) * HELD_OUT_SHARE))]
    test = np.isin(game, held)
    xt, yt = x[~test], score[~test]
    w = np.zeros(x.shape[1])
    ridge = RIDGE * len(yt) * np.eye(x.shape[1])
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-np.clip(xt @ w, -30, 30)))
        gradient = xt.T @ (p - yt) + ridge @ w
        hessian = (xt * (p * (1 - p))[:, None]).T @ xt + ridge
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    p_test = 1.0 / (1.0 + np.exp(-np.clip(x[test] @ w, -30, 30)))
    return LeafFit([float(v) for v in w], int((~test).sum()), int(test.sum()), _accuracy(p_test, score[test]),
                   _accuracy(hand_made[test], score[test]), _log_loss(p_test, score[test]),
                   _log_loss(hand_made[test], score[test]))


# positions(compiled config, seed, games) -> every position of games 0 .. games-1 of the config for that
# seed: (features, the game's score for the side it is read from, game numbers, hand-made evaluations)
Positions = Callable[[Any, int, int], tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]


def recorded_positions(games: int, turn_cap: int, n_features: int,
                       record: Callable[[np.ndarray, np.ndarray], int]) -> tuple[np.ndarray, ...]:
    """A `Positions` result: room for `games` games' positions (two a turn), filled by `record(x, info)`
    (a game's record_positions, returning the rows it wrote) and read as (features, score, game,
    hand-made evaluation)."""
    rows = games * 2 * turn_cap
    x, info = np.zeros((rows, n_features)), np.zeros((rows, N_P))
    n = record(x, info)
    return x[:n], info[:n, P_SCORE], info[:n, P_UNIT], info[:n, P_HAND_MADE]


def fit_self_play(ruleset: Any, seed: int, games: int, agent: str, leaf: LeafFile, positions: Positions,
                  out: Path | None = None, mirrors_only: bool = False) -> dict:
    """`sim fit-leaf` for a game: `games` seat-mirrored games of `agent` against itself in every
    pairing of the ruleset's factions (only each faction's mirror if `mirrors_only`), each pairing its
    own share, read by `positions`, fitted (`fit_leaf`) and written to `out` (default: the shipped
    leaf file), the search's constants kept from the shipped file. Returns what it wrote."""
    from sim.core.match import MatchConfig, SideConfig, default_label

    factions = ruleset.list_factions(ruleset.cards_dir)
    pairings = [(f, f) for f in factions] if mirrors_only else [(a, b) for a in factions for b in factions]
    per = max(2, games // len(pairings) // 2 * 2)
    parts = []
    for k, (a, b) in enumerate(pairings):
        sides = tuple(SideConfig(f, default_label(f, i), agent, {}, ruleset.side_options()) for i, f in enumerate((a, b)))
        x, score, game, hand_made = positions(ruleset.compile(MatchConfig("sim fit-leaf", sides)), seed, per)
        parts.append((x, score, game + k * per, hand_made))  # one number per game across the pairings
    x, score, game, hand_made = (np.concatenate(column) for column in zip(*parts))
    fit = fit_leaf(x, score, game, hand_made, seed)
    previous = leaf.shipped()
    written = {"features": list(leaf.feature_names), "coefficients": fit.coefficients,
               **{name: previous.get(name, default) for name, default in leaf.search_constants.items()},
               "trained_by": f"sim fit-leaf {ruleset.name} --games {games} --seed {seed} --agent {agent}",
               "seed": seed, "games": per * len(pairings), "agent": agent,
               "mirrors" if mirrors_only else "pairings": len(pairings), **fit.summary()}
    (out or leaf.path).write_text(json.dumps(written, indent=1) + "\n", encoding="utf-8")
    leaf.forget()
    return written
