"""The tiny game in the shell every game plugs into, through the hand-and-deck kit
(sim.core.hand_and_deck_game.HandAndDeckShell: its cards and their ablation filler, its compile, the kernels' input, the probe's
game start and redeal): name the kernels, the words, the games frame's own columns. The shell plays
the chunks, traces a game, builds the frames and runs the invariant checks the contract test calls
(tests/rulesets/test_contract.py)."""

from __future__ import annotations

import numpy as np
import polars as pl

from sim.core.hand_and_deck_game import HandAndDeckConfig, HandAndDeckShell
from tests.rulesets.tiny.constants import END_NAMES, MAX_CARDS, N_COLS, Col
from tests.rulesets.tiny.game import setup_game
from tests.rulesets.tiny.hidden import TinyHidden
from tests.rulesets.tiny.kernels import play_range, play_unit
from tests.rulesets.tiny.params import TinyParams
from tests.rulesets.tiny.state import GAME_DTYPE
from tests.rulesets.tiny.trace import TinyTrace
from tests.rulesets.tiny.words import END_WORDS


class Tiny(TinyHidden, HandAndDeckShell):
    """The tiny game: two decks of numbered cards, the higher card takes the round, first to five
    points (rules T-01 to T-07; see rules.md beside this file). A test-only game, the worked example
    of docs/adding-a-game.md."""

    name = "tiny"
    version = "1.0.0"
    max_cards = MAX_CARDS
    deck_rule = "T-01"
    params_model = TinyParams
    end_names = END_NAMES
    end_words = END_WORDS  # words.py: the game's own words
    n_cols = N_COLS
    chunk_games = 100_000
    record_dtype = GAME_DTYPE
    trace_words = TinyTrace
    play_range = staticmethod(play_range)
    play_unit = staticmethod(play_unit)
    set_up_game = staticmethod(setup_game)

    def game_columns(self, compiled: HandAndDeckConfig, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """Per side: the points it ended with."""
        return [pl.Series(f"points_{suffix}", played[:, Col.POINTS_A + i].astype(np.int8))
                for i, suffix in enumerate("ab")]


RULESET = Tiny()
