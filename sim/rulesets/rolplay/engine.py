"""Rolplay in the shell every game plugs into (sim.core.ruleset): compile a config into the game
record's tables, the kernel entry points and the games frame's own columns; the hidden-information
probe's hooks come from hidden.py (the contract test calls the probe, tests/rulesets/test_contract.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from sim.core.agents import EXPERT_LEVELS
from sim.core.decks import DeckCards
from sim.core.errors import InputError
from sim.core.leaf_fit import fit_self_play
from sim.core.match import MatchConfig
from sim.core.ruleset import CompiledConfig, GameRecordShell
from sim.rulesets.rolplay.agents import fill_ability_worth
from sim.rulesets.rolplay.cards import CARDS_DIR
from sim.rulesets.rolplay.constants import (
    DEFAULT_WEIGHTS, END_NAMES, N_CARDS, N_COLS, N_DESIGNS, Col, Param, Weight,
)
from sim.rulesets.rolplay.deck_lists import RolplayDeckLists
from sim.rulesets.rolplay.decks import DeckRules
from sim.rulesets.rolplay.hidden import RolplayHidden
from sim.rulesets.rolplay.kernels import (
    play_range, play_range_without_search, play_unit, play_unit_without_search,
)
from sim.rulesets.rolplay.leaf import LEAF
from sim.rulesets.rolplay.params import RolplayParams
from sim.rulesets.rolplay.sides import (
    ablatable_cards, describe_filler, instance_designs, list_sides, load_side, vanilla_filler,
)
from sim.rulesets.rolplay.state import (
    G_TRACED, GAME, N_SETUP, PS_DECISIONS, SETUP_AGENT, SETUP_LEVEL, SETUP_LIFE, SETUP_START,
    new_workspace,
)
from sim.rulesets.rolplay.trace import RolplayTrace
from sim.rulesets.rolplay.words import CARD_CLASS_WORDS, CARD_RULE_WORDS, END_WORDS, FILLER_WORDS, NAME_WORDS

WEIGHT_NAMES = tuple(w.name.lower() for w in Weight)


@dataclass
class RolplayConfig(CompiledConfig):
    """Everything the kernels need for one config, as numpy arrays (after the shell's fields)."""

    setup: np.ndarray = field(repr=False)  # int64 [SETUP_*, side]
    designs: np.ndarray = field(repr=False)  # int32 [side, card instance]: its design (rule R-01)

    def workspace(self) -> np.ndarray:
        """Fresh game records for one thread (state.GAME_DTYPE, state.new_workspace: the game and a
        searching player's world) with copies of this config's tables and the expert's fitted leaf
        evaluation (leaf.json), and the greedy agent's value of each design's abilities."""
        ws = new_workspace(self.tab, self.par, self.w, self.setup, self.search, self.designs)
        ws["leaf"][:] = LEAF.vector()
        for record in ws:
            fill_ability_worth(record)
        return ws


class Rolplay(RolplayHidden, GameRecordShell):
    """Rolplay: the 2002 Rolplay.net card game, 60-card decks of creatures, powers, spells and amulets
    from the recovered 285-card pool (rules R-01 to R-20; see rules.md beside this file). A side is
    a deck: a deck file of decks/ or a builder's deck (sides.py)."""

    name = "rolplay"
    compile_seconds = 25  # CPU s, the cold compile of its showcase spec, `sim bench --all` 2026-12-08 00:04 UTC (docs/engine.md)
    card_class_words = CARD_CLASS_WORDS
    play_range = staticmethod(play_range)
    play_unit = staticmethod(play_unit)
    play_range_without_search = staticmethod(play_range_without_search)
    play_unit_without_search = staticmethod(play_unit_without_search)
    trace_switch = (GAME, G_TRACED)
    version = "0.4.0"  # 0.4: R-10 once per card a turn; 0.3: level-25 decks with more powers and mystics; rules.md
    cards_dir = CARDS_DIR
    params_model = RolplayParams
    agents = EXPERT_LEVELS  # random, greedy, hard (hard.py: its attack modes searched) and expert (expert.py)
    end_names = END_NAMES
    weight_names = WEIGHT_NAMES
    default_weights = DEFAULT_WEIGHTS
    decisions_slot = PS_DECISIONS
    n_cols = N_COLS
    flag_width = N_DESIGNS
    chunk_games = 50_000
    list_factions = staticmethod(list_sides)
    beside_cards = ("decks",)  # the deck lists live beside the card folder (sim.core.decks.decks_dir_of)
    deck_lists = RolplayDeckLists()  # `sim deck-search` (deck_lists.py)
    # a builder's deck is a side too (sides.side_deck): greedy-25, random-50, random-50-seed7
    made_factions = re.compile(r"(greedy|random)-(25|50)(-seed\d+)?")
    made_factions_words = "or a builder's deck: greedy-25, greedy-50, random-25, random-50 (random-50-seed7: another seed)"
    load_cards = staticmethod(load_side)
    ablatable_cards = staticmethod(ablatable_cards)
    vanilla_filler = staticmethod(vanilla_filler)
    describe_filler = staticmethod(describe_filler)
    filler_words = FILLER_WORDS
    name_words = NAME_WORDS
    end_words = END_WORDS
    card_rule_words = CARD_RULE_WORDS
    trace_words = RolplayTrace

    def compile(self, match: MatchConfig, config_id: str = "base") -> RolplayConfig:
        """Validate the config against the card pool, the decks and the rule parameters and build the
        kernel arrays: per side its agent, its life (R-03, R-20), the starting power's instance
        (R-03), its deck's level (R-02), and each instance's design."""
        head = self.compile_head(match, config_id)
        pools: tuple[DeckCards, DeckCards] = head["pools"]
        params: RolplayParams = head["params"]
        setup = np.zeros((N_SETUP, 2), np.int64)
        setup[SETUP_AGENT] = head["agents"]
        designs = np.zeros((2, N_CARDS), np.int32)
        for i, (side, pool) in enumerate(zip(match.sides, pools)):
            if pool.n_cards != N_CARDS:
                raise InputError(f"{match.source}: side {side.label}: {pool.deck.path}: {pool.n_cards} cards; the "
                                 f"engine plays decks of {N_CARDS} (rule R-01)")
            designs[i] = instance_designs(pool)
            setup[SETUP_LIFE, i] = params.start_life + params.life_per_player_level * pool.deck.level
            start_design = pool.index_of(pool.deck.starting_power)
            setup[SETUP_START, i] = int(np.flatnonzero(designs[i] == start_design)[0])
            setup[SETUP_LEVEL, i] = pool.deck.level
        return RolplayConfig(**head, setup=setup, designs=designs)

    def searches(self, compiled: RolplayConfig) -> bool:
        """Whether the config plays the kernels' build with every agent: a side searches, or the
        debug checks are on, whose card-conservation count the build without search leaves out
        (kernels.no_checks)."""
        return super().searches(compiled) or bool(compiled.par[Param.DEBUG_CHECKS])

    # -- the expert's leaf evaluation (leaf.py): `sim fit-leaf rolplay` ------------------------------
    leaf = LEAF
    leaf_file = LEAF.path

    def fit_leaf(self, seed: int, games: int, agent: str = "greedy", out: Path | None = None) -> dict:
        """`sim fit-leaf rolplay` (sim.core.leaf_fit.fit_self_play): each deck's mirror only, rolplay's
        decks being built for their level (R-02), so a deck meets its own."""
        from sim.rulesets.rolplay.positions import self_play_positions
        return fit_self_play(self, seed, games, agent, LEAF, self_play_positions, out, mirrors_only=True)

    def pairing_warnings(self, compiled: RolplayConfig) -> list[str]:
        """Rule R-02: "es recomendable que el nivel de mazo de cada jugador no debe tener más de 5
        niveles de diferencia", and "queda a criterio de los jugadores aceptar enfrentarse a mazos de
        distinto nivel": a recommendation the players may waive, so a spec pairing decks further
        apart is played, and told so."""
        gap_max = DeckRules().max_level_gap
        (a, b), (label_a, label_b) = (pool.deck.level for pool in compiled.pools), compiled.labels
        if abs(a - b) <= gap_max:
            return []
        return [f"{compiled.match.source}: config {compiled.config_id}: {label_a} (deck level {a}) and {label_b} "
                f"(deck level {b}) are {abs(a - b)} levels apart; the manual recommends at most {gap_max} "
                "(rule R-02), so this pairing is played as asked but is not a recommended match"]

    def game_columns(self, compiled: RolplayConfig, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """Per side: its life and R-04 score at the end, the cards it played and the creatures it summoned."""
        return [series for i, suffix in enumerate("ab") for series in (
            pl.Series(f"life_{suffix}", played[:, Col.LIFE_A + i].astype(np.int32)),
            pl.Series(f"score_{suffix}", played[:, Col.SCORE_A + i].astype(np.int32)),
            pl.Series(f"cards_played_{suffix}", played[:, Col.CARDS_PLAYED_A + i].astype(np.int16)),
            pl.Series(f"creatures_{suffix}", played[:, Col.CREATURES_A + i].astype(np.int16)),
        )]

    def side_record(self, compiled: RolplayConfig, side_index: int) -> dict:
        """The side's deck as the manifest keeps it: its name, tier, level and list (a builder's deck
        is spelled out, so the run says what was played)."""
        deck = compiled.pools[side_index].deck
        return {"deck": deck.name, "tier": deck.tier, "level": deck.level, "starting_power": deck.starting_power,
                "deck_list": [{"id": card.id, "name": card.name, "copies": n, "class": card.class_,
                               "level": card.level, "cost": card.cost, "atq": card.atq, "def": card.def_}
                              for card, n in deck.entries]}


RULESET = Rolplay()
