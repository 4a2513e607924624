"""Hand-made results folders for the analyses (budget curve, ablation, findings, draws): each config's
games come from the seat-mirrored pair scores (or the winners) a test chooses, so every figure has a
value known by hand; and the Wilson interval written out from its formula, to check one against."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import polars as pl

from sim.results.manifest import spec_hash_of

Z = 1.95996


def wilson(wins: float, n: float) -> tuple[float, float]:
    """The Wilson score interval, written out here from its formula (not the project's code)."""
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


# a pair's mean score for side A -> the winners of its two games (0 = side A, 1 = side B, -1 = draw)
PAIR_WINNERS = {1.0: (0, 0), 0.75: (0, -1), 0.5: (0, 1), 0.25: (-1, 1), 0.0: (1, 1)}


def winners_of(pair_scores: list[float]) -> list[int]:
    return [w for score in pair_scores for w in PAIR_WINNERS[score]]


def write_games(folder: Path, config: str, pair_scores: list[float], budget_a: int, budget_b: int = 135,
                decks_a: list[int] | None = None, with_decks: bool = True,
                labels: tuple[str, str] = ("Arañas", "Ciempiés"), factions: tuple[str, str] = ("aranas", "ciempies"),
                end_reasons: list[str] | None = None, winners: list[int] | None = None) -> None:
    """One chunk of games of `config`: pair k is units 2k and 2k+1, side A's mean score over the
    two is pair_scores[k]; without decks, as a ruleset that plays fixed collections records them.
    `labels` and `factions` name sides A and B (a round robin's config names its pair); `end_reasons`
    says how each game ended (default: every game by lives). `winners` gives each game's winner
    instead of the pair scores, where a score cannot say it (two draws and a win and a loss are
    both ½); side A goes first in the even games."""
    winners = winners if winners is not None else winners_of(pair_scores)
    n = len(winners)
    reasons = end_reasons if end_reasons is not None else ["lives"] * n
    games = pl.DataFrame({
        "config": [config] * n, "game": range(n), "unit": range(n), "stage": pl.Series([0] * n, dtype=pl.Int8),
        "first_side": pl.Series([i % 2 for i in range(n)], dtype=pl.Int8), "winner": pl.Series(winners, dtype=pl.Int8),
        "end_reason": pl.Series(reasons).cast(pl.Categorical), "turns": pl.Series([10] * n, dtype=pl.Int16),
        "label_a": [labels[0]] * n, "label_b": [labels[1]] * n, "faction_a": [factions[0]] * n,
        "faction_b": [factions[1]] * n, "budget_a": pl.Series([budget_a] * n, dtype=pl.Int16),
        "budget_b": pl.Series([budget_b] * n, dtype=pl.Int16),
        "deck_a": pl.Series(decks_a if decks_a is not None else [7] * n, dtype=pl.Int64),
        "deck_b": pl.Series([7] * n, dtype=pl.Int64),
    })
    if not with_decks:
        games = games.drop("deck_a", "deck_b")
    chunk = folder / "games" / f"config={config}" / "chunk-000000000000.parquet"
    chunk.parent.mkdir(parents=True, exist_ok=True)
    games.write_parquet(chunk)


def write_cards(folder: Path, cards: list[tuple[str, str, int]], side: int = 0) -> None:
    """The baseline's card counters, only as far as the analyses read them (id, name, cost)."""
    frame = pl.DataFrame({"config": ["base"] * len(cards), "side": [side] * len(cards),
                          "card_id": [c[0] for c in cards], "card_name": [c[1] for c in cards],
                          "cost": [c[2] for c in cards]})
    chunk = folder / "cards" / "config=base" / "chunk-000000000000.parquet"
    chunk.parent.mkdir(parents=True, exist_ok=True)
    frame.write_parquet(chunk)


def write_manifest(folder: Path, configs: dict[str, dict[str, Any]], spec: dict[str, Any]) -> dict[str, Any]:
    """A manifest that reads back as the record of a run (read_manifest): its spec hash and the
    spec's ruleset, games and seed agree with the spec it embeds."""
    spec = {"seats": "mirrored", **spec}
    manifest = {"spec_hash": spec_hash_of(spec), "spec": spec, "configs": configs,
                **{key: spec[key] for key in ("ruleset", "games", "seed") if key in spec}}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return manifest


def sides(budget_a: int, budget_b: int = 135) -> list[dict[str, Any]]:
    return [{"label": "Arañas", "faction": "aranas", "budget": budget_a},
            {"label": "Ciempiés", "faction": "ciempies", "budget": budget_b}]


def write_round_robin(folder: Path, pair_scores: dict[tuple[str, str], list[float]]) -> dict[str, Any]:
    """A round robin as `sim run` stores one: a config "<a>~<b>" per pair of labels (a ≤ b in the
    spec's order, mirrors included) whose side A is `a` and whose games have side A's pair scores
    `pair_scores[(a, b)]`; labels are their own factions. Returns the manifest."""
    labels = list(dict.fromkeys(label for pair in pair_scores for label in pair))
    configs = {}
    for (a, b), scores in pair_scores.items():
        config = f"{a}~{b}"
        write_games(folder, config, scores, budget_a=135, labels=(a, b), factions=(a, b))
        configs[config] = {"sides": [{"label": a, "faction": a, "agent": "greedy"},
                                     {"label": b, "faction": b, "agent": "greedy"}]}
    return write_manifest(folder, configs, {"matchups": "round_robin",
                                            "side": [{"label": label, "faction": label} for label in labels]})
