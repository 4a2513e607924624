"""A game's leaf.json, the fitted leaf evaluation its expert agent searches with (sim.core.mcts): the
coefficients in the order of the game's features, then the search's constants, read the same way for
every game and turned into the game record's `leaf` row. `sim fit-leaf` writes it (sim.core.leaf_fit).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from sim.core.mcts import LEAF_EXPAND_AFTER, LEAF_EXPLORATION, MAX_LEAF

# the search's constants a leaf file names beside its coefficients, with their defaults when it names
# none; in the leaf row's order after the coefficients (sim.core.mcts.LEAF_EXPLORATION, LEAF_EXPAND_AFTER)
SEARCH_CONSTANTS = {"exploration": 0.5, "expand_after": 2}


class LeafFile:
    """One game's leaf.json: `feature_names` in its coefficients' order, `search_constants` (a game's
    own may follow sim.core.mcts's two, each in the next slot of the leaf row) with their defaults."""

    def __init__(self, path: Path, game: str, feature_names: tuple[str, ...],
                 search_constants: dict[str, float] = SEARCH_CONSTANTS) -> None:
        names = list(search_constants)
        assert names[LEAF_EXPLORATION] == "exploration" and names[LEAF_EXPAND_AFTER] == "expand_after", names
        assert len(feature_names) + len(names) <= MAX_LEAF
        self.path, self.game, self.feature_names = path, game, feature_names
        self.search_constants = dict(search_constants)
        self._shipped: dict | None = None

    def shipped(self) -> dict:
        """The file as shipped, read once (until `forget`)."""
        if self._shipped is None:
            self._shipped = json.loads(self.path.read_text(encoding="utf-8"))
        return self._shipped

    def forget(self) -> None:
        """Read the file again next time: `sim fit-leaf` has just written it."""
        self._shipped = None

    def vector(self) -> np.ndarray:
        """The game record's `leaf` row: the coefficients in feature order, then the search's constants."""
        shipped = self.shipped()
        if tuple(shipped["features"]) != self.feature_names:
            raise ValueError(f"{self.path}: its features {shipped['features']} are not this game's "
                             f"{list(self.feature_names)}; run `sim fit-leaf {self.game}`")
        n = len(self.feature_names)
        leaf = np.zeros(MAX_LEAF)
        leaf[:n] = shipped["coefficients"]
        for slot, (name, default) in enumerate(self.search_constants.items()):
            leaf[n + slot] = shipped.get(name, default)
        return leaf
