"""Fortaleza in the shell every game plugs into (sim.core.ruleset): compile a config into the game
record's tables, the kernel entry points, and the games frame's own columns."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from sim.core.forced_draw import forced_code
from sim.core.match import MatchConfig
from sim.core.ruleset import CompiledConfig, RulesetShell
from sim.rulesets.fortaleza.cards import (
    CARDS_DIR, ablatable_cards, describe_filler, list_factions, load_collection, vanilla_filler,
)
from sim.rulesets.fortaleza.constants import AGENT_NAMES, DEFAULT_WEIGHTS, END_NAMES, N_COLS, N_DESIGNS, Col, Weight
from sim.rulesets.fortaleza.kernels import play_range, play_unit
from sim.rulesets.fortaleza.params import FortalezaParams
from sim.rulesets.fortaleza.state import G_TRACED, GAME, PS_FORCED, new_workspace
from sim.rulesets.fortaleza.targets import set_design_masks
from sim.rulesets.fortaleza.trace import describe_event_array

WEIGHT_NAMES = tuple(w.name.lower() for w in Weight)


@dataclass
class FortalezaConfig(CompiledConfig):
    """Everything the kernels need for one config, as numpy arrays (after the shell's fields)."""

    agents: np.ndarray = field(repr=False)
    forced: np.ndarray = field(repr=False, default_factory=lambda: np.zeros(2, np.int64))  # per side, forced_code

    def workspace(self) -> np.ndarray:
        """A fresh game record for one thread (state.GAME_DTYPE), holding copies of this config's tables,
        the per-design masks computed from them and the forced-draw request (kept by every reset)."""
        ws = new_workspace(self.tab, self.par, self.w)
        for side in range(2):
            set_design_masks(ws[0], side)
            ws[0]["ps"][side, PS_FORCED] = self.forced[side]
        return ws


class Fortaleza(RulesetShell):
    """Fortaleza: China, Japón and Corea; lands and energy, a response chain, traps, equipment and
    keywords (rules F-01 to F-36; see rules.md beside this file). Single games, no draft (rule F-02:
    one copy of each design), so a side takes no options beyond its faction, agent and weights."""

    name = "fortaleza"
    version = "0.3.0"  # 0.3: rules F-20 and F-22 mended to the source text (games change); see rules.md
    cards_dir = CARDS_DIR
    params_model = FortalezaParams
    agents = AGENT_NAMES
    end_names = END_NAMES
    weight_names = WEIGHT_NAMES
    default_weights = DEFAULT_WEIGHTS
    n_cols = N_COLS
    flag_width = N_DESIGNS
    list_factions = staticmethod(list_factions)
    load_cards = staticmethod(load_collection)
    vanilla_filler = staticmethod(vanilla_filler)
    describe_filler = staticmethod(describe_filler)

    def ablatable_cards(self, faction: str, cards_dir: Path) -> list[str]:
        """Every design but the lands, which start in the reserve, never in the deck (rule F-02), and
        are identical in play."""
        return ablatable_cards(faction, cards_dir)

    def compile(self, match: MatchConfig, config_id: str = "base") -> FortalezaConfig:
        """Validate the config against the collections and rule parameters and build the kernel arrays."""
        head = self.compile_head(match, config_id)
        agents = np.array([AGENT_NAMES.index(side.agent) for side in match.sides], np.int64)
        forced = np.zeros(2, np.int64)
        if match.force is not None:
            index, card_id, where = match.force
            forced[index] = forced_code(head["pools"][index].index_of(card_id), where)
        return FortalezaConfig(**head, agents=agents, forced=forced)

    def play_block(self, compiled: FortalezaConfig, seed: np.uint64, unit_start: int, rows: np.ndarray,
                   flags: np.ndarray) -> None:
        """kernels.play_range over the block in a game record of its own; with `debug_checks` on, a
        broken card conservation stops the run."""
        agents = compiled.agents.copy()  # no shared refcounts between threads
        problems = play_range(unit_start, rows.shape[0], seed, compiled.mirrored, agents, rows, flags,
                              compiled.workspace())
        if problems:
            raise RuntimeError(f"fortaleza debug checks: {problems} card-conservation problems in games "
                               f"{unit_start}..{unit_start + rows.shape[0] - 1}")

    def trace_one(self, compiled: FortalezaConfig, seed: np.uint64, unit: int, rows: np.ndarray,
                  flags: np.ndarray) -> np.ndarray:
        g = compiled.workspace()[0]
        g["tr"][:] = -1
        g["ps"][GAME, G_TRACED] = 1
        play_unit(unit, seed, compiled.mirrored, compiled.agents, rows, flags, g)
        return g["tr"].copy()

    def describe_events(self, compiled: FortalezaConfig, rows: np.ndarray, events: np.ndarray,
                        lang: str = "es") -> list[str]:
        names = (compiled.pools[0].names, compiled.pools[1].names)
        return describe_event_array(compiled.tab, names, compiled.labels, events, lang)

    def game_columns(self, compiled: FortalezaConfig, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """Per side: its final Fortaleza, mulligans and cards played."""
        return [series for i, suffix in enumerate("ab") for series in (
            pl.Series(f"lives_{suffix}", played[:, Col.FORT_A + i].astype(np.int16)),
            pl.Series(f"mulligans_{suffix}", played[:, Col.MULLIGAN_A + i].astype(np.int8)),
            pl.Series(f"cards_played_{suffix}", played[:, Col.CARDS_PLAYED_A + i].astype(np.int16)),
        )]


RULESET = Fortaleza()
