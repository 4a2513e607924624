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


def fit_self_play(ruleset: Any, seed: int, games: int, agent: str, feature_names: tuple[str, ...],
                  positions: Positions, previous: dict, out: Path) -> dict:
    """`sim fit-leaf` for a game: `games` seat-mirrored games of `agent` against itself in every
    pairing of the ruleset's factions (each its own share), read by `positions`, fitted (`fit_leaf`)
    and written to `out` as the game's leaf file, the search's constants (exploration, expand_after)
    kept from `previous`, the file as it was. Returns what it wrote."""
    from sim.core.match import MatchConfig, SideConfig, default_label

    factions = ruleset.list_factions(ruleset.cards_dir)
    pairings = [(a, b) for a in factions for b in factions]
    per = max(2, games // len(pairings) // 2 * 2)
    parts = []
    for k, (a, b) in enumerate(pairings):
        sides = tuple(SideConfig(f, default_label(f, i), agent, {}, ruleset.side_options()) for i, f in enumerate((a, b)))
        x, score, game, hand_made = positions(ruleset.compile(MatchConfig("sim fit-leaf", sides)), seed, per)
        parts.append((x, score, game + k * per, hand_made))  # one number per game across the pairings
    x, score, game, hand_made = (np.concatenate(column) for column in zip(*parts))
    fit = fit_leaf(x, score, game, hand_made, seed)
    written = {"features": list(feature_names), "coefficients": fit.coefficients,
               **{key: previous[key] for key in ("exploration", "expand_after") if key in previous},
               "trained_by": f"sim fit-leaf {ruleset.name} --games {games} --seed {seed} --agent {agent}",
               "seed": seed, "games": per * len(pairings), "agent": agent, "pairings": len(pairings),
               "train_positions": fit.train_positions, "held_out_positions": fit.held_out_positions,
               "held_out_accuracy": round(fit.held_out_accuracy, 4),
               "hand_made_held_out_accuracy": round(fit.hand_made_accuracy, 4),
               "held_out_log_loss": round(fit.held_out_log_loss, 4),
               "hand_made_held_out_log_loss": round(fit.hand_made_log_loss, 4)}
    out.write_text(json.dumps(written, indent=1) + "\n", encoding="utf-8")
    return written
