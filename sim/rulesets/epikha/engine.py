"""Epikha in the shell every game plugs into (sim.core.ruleset): compile a config into the game
record's tables, the kernel entry points and the games frame's own columns; the hidden-information
probe's hooks come from hidden.py (the contract test calls the probe, tests/rulesets/test_contract.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from sim.core.agents import EXPERT_LEVELS
from sim.core.errors import InputError
from sim.core.leaf_fit import fit_self_play
from sim.core.match import MatchConfig
from sim.core.ruleset import CompiledConfig, GameRecordShell
from sim.rulesets.epikha.cards import CARDS_DIR
from sim.rulesets.epikha.constants import (
    DEFAULT_WEIGHTS, END_NAMES, MAX_DECK, N_COLS, N_DESIGNS, Col, Param, Weight,
)
from sim.rulesets.epikha.deck_lists import EpikhaDeckLists
from sim.rulesets.epikha.hidden import EpikhaHidden
from sim.rulesets.epikha.kernels import (
    play_range, play_range_without_search, play_unit, play_unit_without_search,
)
from sim.rulesets.epikha.leaf import LEAF
from sim.rulesets.epikha.params import EpikhaParams
from sim.rulesets.epikha.sides import (
    EpikhaDeckCards, ablatable_cards, describe_filler, instance_designs, list_sides, load_side,
    vanilla_filler,
)
from sim.rulesets.epikha.state import (
    G_TRACED, GAME, N_SETUP, PS_DECISIONS, SETUP_ABILITIES, SETUP_AGENT, SETUP_N_ABILITIES,
    SETUP_N_DECK, SETUP_VITAL, new_workspace,
)
from sim.rulesets.epikha.trace import EpikhaTrace
from sim.rulesets.epikha.words import CARD_CLASS_WORDS, CARD_RULE_WORDS, END_WORDS, FILLER_WORDS, NAME_WORDS

WEIGHT_NAMES = tuple(w.name.lower() for w in Weight)


@dataclass
class EpikhaConfig(CompiledConfig):
    """Everything the kernels need for one config, as numpy arrays (after the shell's fields)."""

    setup: np.ndarray = field(repr=False)  # int64 [SETUP_*, side]
    designs: np.ndarray = field(repr=False)  # int32 [side, card instance]: its design, -1 unused

    def workspace(self) -> np.ndarray:
        """Fresh game records for one thread (the game and a searching player's world), holding the
        expert's fitted leaf evaluation (leaf.json)."""
        ws = new_workspace(self.tab, self.par, self.w, self.setup, self.search, self.designs)
        ws["leaf"][:] = LEAF.vector()
        return ws


class Epikha(EpikhaHidden, GameRecordShell):
    """Paladines de Epikha: spells paid with characters' Vital and resolved by level, Player cards,
    gear, machines; the two factions Empiria and Abarón (rules E-01 to E-35, rules.md beside this
    file). A side is a deck: a deck file of decks/, or a faction, which plays its standard deck."""

    name = "epikha"
    compile_seconds = 33  # CPU s, the cold compile of its showcase spec, `sim bench --all` 2026-12-08 00:04 UTC (docs/engine.md)
    beside_cards = ("decks",)  # the faction decks live beside the card folder (sim.core.decks.decks_dir_of)
    deck_lists = EpikhaDeckLists()  # `sim deck-search` (deck_lists.py)
    card_class_words = CARD_CLASS_WORDS
    play_range = staticmethod(play_range)
    play_unit = staticmethod(play_unit)
    play_range_without_search = staticmethod(play_range_without_search)
    play_unit_without_search = staticmethod(play_unit_without_search)
    trace_switch = (GAME, G_TRACED)
    version = "1.0.0"  # 1.0: the game is played (0.1 was the card pool and the deck lists); see rules.md
    cards_dir = CARDS_DIR
    params_model = EpikhaParams
    agents = EXPERT_LEVELS  # random, greedy, hard (hard.py: its attackers searched) and expert (expert.py)
    end_names = END_NAMES
    weight_names = WEIGHT_NAMES
    default_weights = DEFAULT_WEIGHTS
    decisions_slot = PS_DECISIONS
    n_cols = N_COLS
    flag_width = N_DESIGNS
    chunk_games = 50_000
    list_factions = staticmethod(list_sides)
    load_cards = staticmethod(load_side)
    ablatable_cards = staticmethod(ablatable_cards)
    vanilla_filler = staticmethod(vanilla_filler)
    describe_filler = staticmethod(describe_filler)
    filler_words = FILLER_WORDS
    name_words = NAME_WORDS
    end_words = END_WORDS
    card_rule_words = CARD_RULE_WORDS
    trace_words = EpikhaTrace

    def compile(self, match: MatchConfig, config_id: str = "base") -> EpikhaConfig:
        """Validate the config against the card pool, the decks and the rule parameters and build the
        kernel arrays: per side its agent, its Player card's Vital (E-13, E-14, the sweepable
        `player_vital_delta`), its deck size, its Player Abilities, and each instance's design."""
        head = self.compile_head(match, config_id)
        pools: tuple[EpikhaDeckCards, EpikhaDeckCards] = head["pools"]
        params: EpikhaParams = head["params"]
        setup = np.zeros((N_SETUP, 2), np.int64)
        setup[SETUP_AGENT] = head["agents"]
        designs = np.zeros((2, MAX_DECK + 2), np.int32)
        for i, (side, pool) in enumerate(zip(match.sides, pools)):
            designs[i] = instance_designs(pool)
            vital = pool.deck.base_vital + params.player_vital_delta
            if vital <= 0:
                raise InputError(f"{match.source}: params.player_vital_delta: side {side.label}'s Player card would "
                                 f"start with {vital} Vital (rule E-13)")
            setup[SETUP_VITAL, i] = vital
            setup[SETUP_N_DECK, i] = pool.n_cards
            setup[SETUP_ABILITIES, i] = pool.player_design + 1
            setup[SETUP_N_ABILITIES, i] = len(pool.deck.abilities)
        return EpikhaConfig(**head, setup=setup, designs=designs)

    def searches(self, compiled: EpikhaConfig) -> bool:
        """Whether the config plays the kernels' build with every agent: a side searches, or the
        debug checks are on, whose card-conservation count the build without search leaves out
        (kernels.no_checks: it is about 4% of a greedy run's cold compile)."""
        return super().searches(compiled) or bool(compiled.par[Param.DEBUG_CHECKS])

    def game_columns(self, compiled: EpikhaConfig, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """Per side: its Player card's Vital at the end, the spells it cast, the raises it paid (E-04),
        its spells negated, its characters destroyed."""
        return [series for i, suffix in enumerate("ab") for series in (
            pl.Series(f"vital_{suffix}", played[:, Col.VITAL_A + i].astype(np.int32)),
            pl.Series(f"spells_{suffix}", played[:, Col.SPELLS_A + i].astype(np.int16)),
            pl.Series(f"raises_{suffix}", played[:, Col.RAISES_A + i].astype(np.int16)),
            pl.Series(f"negated_{suffix}", played[:, Col.NEGATED_A + i].astype(np.int16)),
            pl.Series(f"destroyed_{suffix}", played[:, Col.DESTROYED_A + i].astype(np.int16)),
        )]

    def side_record(self, compiled: EpikhaConfig, side_index: int) -> dict:
        """The side's deck as the manifest keeps it: its name, Player card, abilities, gear and list."""
        deck = compiled.pools[side_index].deck
        return {"deck": deck.name, "faction": deck.faction, "player": deck.player.id,
                "abilities": [a.id for a in deck.abilities], "gear": [g.id for g in deck.gear],
                "base_vital": deck.base_vital,
                "deck_list": [{"id": card.id, "name": card.name, "copies": n, "class": card.class_,
                               "cost": card.cost} for card, n in deck.entries]}

    # -- the expert's leaf evaluation (leaf.py): `sim fit-leaf epikha` --------------------------------
    leaf = LEAF
    leaf_file = LEAF.path

    def fit_leaf(self, seed: int, games: int, agent: str = "greedy", out: Path | None = None) -> dict:
        """`sim fit-leaf epikha` (sim.core.leaf_fit.fit_self_play): every pairing of the sides (factions and decks)."""
        from sim.rulesets.epikha.positions import self_play_positions
        return fit_self_play(self, seed, games, agent, LEAF, self_play_positions, out)


RULESET = Epikha()
