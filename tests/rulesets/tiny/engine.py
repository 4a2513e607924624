"""The tiny game in the shell every game plugs into (sim.core.ruleset.GameRecordShell): compile a
config into the kernels' tables, and name the kernels, the trace words, the games frame's own
columns and the hidden-information probe's hooks. The shell plays the chunks, traces a game, builds
the frames and runs the invariant checks the contract test calls (tests/rulesets/test_contract.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import polars as pl

from sim.core.match import MatchConfig
from sim.core.ruleset import CompiledConfig, GameRecordShell
from tests.rulesets.tiny.cards import CARDS_DIR, describe_filler, list_factions, load_deck, vanilla_filler
from tests.rulesets.tiny.constants import AGENT_NAMES, END_NAMES, MAX_CARDS, N_COLS, Col
from tests.rulesets.tiny.hidden import TinyHidden
from tests.rulesets.tiny.kernels import play_range, play_unit
from tests.rulesets.tiny.params import TinyParams
from tests.rulesets.tiny.state import G_TRACED, GAME, new_workspace
from tests.rulesets.tiny.trace import TinyTrace


@dataclass
class TinyConfig(CompiledConfig):
    """Everything the kernels need for one config: the shell's fields (the card tables `tab`, the
    parameter vector `par`, the agents, the forced draw; no weights) and what the kernels read of
    each side."""

    setup: np.ndarray = field(repr=False)  # int64 [agent, cards, forced draw; side]

    def workspace(self) -> np.ndarray:
        """Game records for one thread (state.new_workspace) with copies of the constant tables."""
        return new_workspace(self.tab, self.par)


class Tiny(TinyHidden, GameRecordShell):
    """The tiny game: two decks of numbered cards, the higher card takes the round, first to five
    points (rules T-01 to T-07; see rules.md beside this file). A test-only game, the worked example
    of docs/adding-a-game.md."""

    name = "tiny"
    version = "1.0.0"
    cards_dir = CARDS_DIR
    params_model = TinyParams
    agents = AGENT_NAMES[:2]  # random and greedy; no search agent (docs/agents.md says how to add one)
    end_names = END_NAMES
    weight_names = ()  # the agents take no weights: a spec's [side.weights] is refused
    default_weights = ()
    n_cols = N_COLS
    flag_width = MAX_CARDS
    chunk_games = 100_000
    list_factions = staticmethod(list_factions)
    load_cards = staticmethod(load_deck)
    vanilla_filler = staticmethod(vanilla_filler)
    describe_filler = staticmethod(describe_filler)
    trace_words = TinyTrace
    play_range = staticmethod(play_range)
    play_unit = staticmethod(play_unit)
    trace_switch = (GAME, G_TRACED)

    def config_input(self, compiled: TinyConfig) -> np.ndarray:
        return compiled.setup.copy()  # the tiny kernels take each side's agent, cards and forced draw

    def compile(self, match: MatchConfig, config_id: str = "base") -> TinyConfig:
        """Validate the config against the card files and rule parameters and build the kernel arrays."""
        head = self.compile_head(match, config_id)
        cards = [pool.n_cards for pool in head["pools"]]
        return TinyConfig(**head, setup=np.array([head["agents"], cards, head["forced"]], np.int64))

    def game_columns(self, compiled: TinyConfig, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """Per side: the points it ended with."""
        return [pl.Series(f"points_{suffix}", played[:, Col.POINTS_A + i].astype(np.int8))
                for i, suffix in enumerate("ab")]


RULESET = Tiny()
