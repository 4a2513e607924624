"""Fortaleza in the shell every game plugs into (sim.core.ruleset): compile a config into the game
record's tables, the kernel entry points and the games frame's own columns; the hidden-information
probe's hooks come from hidden.py."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from sim.core.agents import EXPERT_LEVELS
from sim.core.leaf_fit import fit_self_play
from sim.core.match import MatchConfig
from sim.core.ruleset import CompiledConfig, GameRecordShell
from sim.core.search import SearchSettings
from sim.rulesets.fortaleza.cards import (
    CARDS_DIR, ablatable_cards, describe_filler, list_factions, load_collection, vanilla_filler,
)
from sim.rulesets.fortaleza.constants import DEFAULT_WEIGHTS, END_NAMES, N_COLS, N_DESIGNS, Col, Param, Weight
from sim.rulesets.fortaleza.hidden import FortalezaHidden
from sim.rulesets.fortaleza.kernels import (
    play_range, play_range_without_search, play_unit, play_unit_without_search,
)
from sim.rulesets.fortaleza.leaf import LEAF
from sim.rulesets.fortaleza.params import FortalezaParams
from sim.rulesets.fortaleza.state import G_TRACED, GAME, PS_DECISIONS, PS_FORCED, new_workspace
from sim.rulesets.fortaleza.targets import set_design_masks
from sim.rulesets.fortaleza.trace import FortalezaTrace
from sim.rulesets.fortaleza.words import CARD_RULE_WORDS, END_WORDS, FILLER_WORDS, NAME_WORDS

WEIGHT_NAMES = tuple(w.name.lower() for w in Weight)


@dataclass
class FortalezaConfig(CompiledConfig):
    """Everything the kernels need for one config, as numpy arrays (after the shell's fields)."""

    def workspace(self) -> np.ndarray:
        """Fresh game records for one thread (state.GAME_DTYPE, state.new_workspace: the game and a
        hard agent's world), holding copies of this config's tables, the per-design masks computed
        from them, the forced-draw request (kept by every reset) and the expert's fitted leaf
        evaluation (leaf.json)."""
        ws = new_workspace(self.tab, self.par, self.w, self.search)
        ws["leaf"][:] = LEAF.vector()
        for g in ws:
            for side in range(2):
                set_design_masks(g, side)
                g["ps"][side, PS_FORCED] = self.forced[side]
        return ws


class Fortaleza(FortalezaHidden, GameRecordShell):
    """Fortaleza: China, Japón and Corea; lands and energy, a response chain, traps, equipment and
    keywords (rules F-01 to F-36; see rules.md beside this file). Single games, no draft (rule F-02:
    one copy of each design), so a side takes no options beyond its faction, agent and weights."""

    name = "fortaleza"
    compile_seconds = 43  # CPU s, the cold compile of its showcase spec: the mean of its probes on 2026-12-08 (docs/engine.md)
    play_range = staticmethod(play_range)
    play_unit = staticmethod(play_unit)
    play_range_without_search = staticmethod(play_range_without_search)
    play_unit_without_search = staticmethod(play_unit_without_search)
    trace_switch = (GAME, G_TRACED)
    version = "0.4.0"  # 0.4: the greedy agent weighs the blocks an attack would meet (games change); see rules.md
    cards_dir = CARDS_DIR
    params_model = FortalezaParams
    agents = EXPERT_LEVELS  # random, greedy, hard (hard.py) and expert (expert.py)
    # the expert's defaults (sim.core.mcts.default_search): its fitted leaf reads the world best after
    # the opponent's next turn, horizon 1 (docs/agents.md: 63-67% against hard where horizon 2 scored 55%)
    expert_search = SearchSettings(samples=8, rollouts=2, horizon=1, width=6)
    end_names = END_NAMES
    weight_names = WEIGHT_NAMES
    default_weights = DEFAULT_WEIGHTS
    decisions_slot = PS_DECISIONS
    n_cols = N_COLS
    flag_width = N_DESIGNS
    list_factions = staticmethod(list_factions)
    load_cards = staticmethod(load_collection)
    ablatable_cards = staticmethod(ablatable_cards)  # every design but the lands (rule F-02)
    vanilla_filler = staticmethod(vanilla_filler)
    describe_filler = staticmethod(describe_filler)
    filler_words = FILLER_WORDS
    name_words = NAME_WORDS
    end_words = END_WORDS
    card_rule_words = CARD_RULE_WORDS
    trace_words = FortalezaTrace

    def config_input(self, compiled: FortalezaConfig) -> np.ndarray:
        return compiled.agents.copy()  # fortaleza's kernels take the sides' agents

    def compile(self, match: MatchConfig, config_id: str = "base") -> FortalezaConfig:
        """Validate the config against the collections and rule parameters and build the kernel arrays."""
        return FortalezaConfig(**self.compile_head(match, config_id))

    def searches(self, compiled: FortalezaConfig) -> bool:
        """Whether the config plays the kernels' build with every agent: a side searches, or the
        debug checks are on, whose card-conservation count the build without search leaves out
        (kernels.no_checks)."""
        return super().searches(compiled) or bool(compiled.par[Param.DEBUG_CHECKS])

    def game_columns(self, compiled: FortalezaConfig, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """Per side: its final Fortaleza, mulligans and cards played."""
        return [series for i, suffix in enumerate("ab") for series in (
            pl.Series(f"lives_{suffix}", played[:, Col.FORT_A + i].astype(np.int16)),
            pl.Series(f"mulligans_{suffix}", played[:, Col.MULLIGAN_A + i].astype(np.int8)),
            pl.Series(f"cards_played_{suffix}", played[:, Col.CARDS_PLAYED_A + i].astype(np.int16)),
        )]

    # -- the expert's leaf evaluation (leaf.py): `sim fit-leaf fortaleza` -----------------------------
    leaf = LEAF
    leaf_file = LEAF.path

    def fit_leaf(self, seed: int, games: int, agent: str = "greedy", out: Path | None = None) -> dict:
        """`sim fit-leaf fortaleza` (sim.core.leaf_fit.fit_self_play): every pairing of the factions."""
        from sim.rulesets.fortaleza.positions import self_play_positions
        return fit_self_play(self, seed, games, agent, LEAF, self_play_positions, out)

RULESET = Fortaleza()
