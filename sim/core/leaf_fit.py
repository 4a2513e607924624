"""Fitting an expert agent's leaf evaluation (sim.core.mcts) to self-play positions, the same way for
every game: a logistic model without intercept over the game's features (each a difference between
the two sides, so the two sides' chances add up to one), fitted by Newton's method with a small ridge
to the games' results (a win 1, a draw 1/2, a loss 0) on a random four fifths of the games, and
judged on the other fifth: how often it names the winner of a decided game, against the hand-made
evaluation the hard agent uses, and the mean log loss of both.
"""

from __future__ import annotations

from dataclasses import dataclass

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
