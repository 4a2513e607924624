"""The scenario plumbing every game shares: a game record set by hand over a compiled config and
resolved by the kernels the batch runs, for the rule tests and a designer's "what if".

A game's scenario.py subclasses `ScenarioShell`, names its game and default sides, and writes
`set_up` (the board a scenario starts from) and the moves and readings its rules call for. The
scenario finds its game by name in the registry (sim.core.ruleset.get_ruleset), so it imports nothing
of the game's engine, which may build on it (dicedraft's invariant checks play scenarios).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.records import TRACE_CURSOR, TRACE_ROW
from sim.core.ruleset import get_ruleset


class ScenarioShell:
    """A board set by hand over a compiled config, resolved by the same kernels the batch runs: the
    workspace's game record `g` and views into it (`tab`, `cs`, `ps`, `rng`), its trace on from the
    start, and the lines of what it has traced."""

    ruleset_name: ClassVar[str]  # the game's name in the registry
    default_factions: ClassVar[tuple[str, str]]  # the sides `from_factions` plays unless told

    def __init__(self, compiled: Any, seed: int = 0) -> None:
        self.compiled = compiled
        self.ruleset = get_ruleset(self.ruleset_name)
        self.ws = compiled.workspace()
        self.g = self.ws[0]  # the game record the kernels take; the views below are into it
        self.tab, self.cs, self.ps, self.rng = self.g["tab"], self.g["cs"], self.g["ps"], self.g["rng"]
        self.g["tr"][:] = -1
        self.ps[self.ruleset.trace_switch] = 1
        self.set_up(seed)

    def set_up(self, seed: int) -> None:
        """The game's: the board every scenario starts from (a clean record, its streams keyed by
        `seed`, the cards where the game's scenarios expect them)."""
        raise NotImplementedError

    @classmethod
    def from_factions(cls, a: str | None = None, b: str | None = None, agents: tuple[str, str] = ("greedy", "greedy"),
                      params: dict | None = None, seed: int = 0, cards_dir: Path | None = None) -> Any:
        """A scenario of side A `a` against side B `b` (factions or decks, as a spec names them; the
        game's defaults unless given) with these agents, the game's default side options and these
        rule parameters."""
        ruleset = get_ruleset(cls.ruleset_name)
        factions = (a or cls.default_factions[0], b or cls.default_factions[1])
        sides = tuple(SideConfig(faction, default_label(faction, i), agent, {}, ruleset.side_options())
                      for i, (faction, agent) in enumerate(zip(factions, agents)))
        match = MatchConfig("scenario", (sides[0], sides[1]), params=params or {}, cards_dir=cards_dir)
        return cls(ruleset.compile(match), seed)

    def index(self, side: int, card_id: str) -> int:
        """The card's index in the side's card table (an unknown id is an InputError)."""
        return self.compiled.pools[side].index_of(card_id)

    @property
    def over(self) -> bool:
        return bool(self.ps[self.ruleset.game_over])

    def lines(self, lang: str = "en") -> list[str]:
        """What the scenario has traced so far, in the game's words."""
        events = self.g["tr"][:int(self.ps[TRACE_ROW, TRACE_CURSOR])]
        return self.ruleset.describe_events(self.compiled, np.zeros((1, self.ruleset.n_cols), np.int64),
                                            events[events[:, 2] >= 0], lang)
