"""The tiny game in the shell every game plugs into (sim.core.ruleset): compile a config into the
kernel's tables, the kernel entry points, the games frame's own columns and the invariant hooks the
contract test calls (tests/rulesets/test_contract.py)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import polars as pl

from sim.core.errors import InputError
from sim.core.forced_draw import forced_code
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.rng import seed_to_u64
from sim.core.ruleset import CompiledConfig, RulesetShell
from tests.rulesets.tiny.cards import CARDS_DIR, describe_filler, list_factions, load_deck, vanilla_filler
from tests.rulesets.tiny.agents import choose_card
from tests.rulesets.tiny.constants import AGENT_NAMES, END_NAMES, MAX_CARDS, N_COLS, Col, Zone
from tests.rulesets.tiny.game import play, play_round, setup_game
from tests.rulesets.tiny.kernels import play_range, play_unit, reset
from tests.rulesets.tiny.params import TinyParams
from tests.rulesets.tiny.state import (
    CS_ZONE, G_LEADER, G_OVER, G_TRACED, GAME, PS_HAND, PS_N_CARDS, PS_ORDER, PS_TOP, move, new_workspace, seed_streams,
)
from tests.rulesets.tiny.trace import describe_event_array

# setup[row, side]: what the config says about each side
SETUP_AGENT = 0
SETUP_CARDS = 1
SETUP_FORCED = 2


@dataclass
class TinyConfig(CompiledConfig):
    """Everything the kernel needs for one config: the shell's fields (the card tables `tab`, the
    parameter vector `par`; no weights) and what it says of each side."""

    setup: np.ndarray = field(repr=False)  # int64 [SETUP_*, side]

    def workspace(self) -> np.ndarray:
        """A fresh game record for one thread (state.GAME_DTYPE) with copies of the constant tables."""
        return new_workspace(self.tab, self.par)


class Tiny(RulesetShell):
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

    def compile(self, match: MatchConfig, config_id: str = "base") -> TinyConfig:
        """Validate the config against the card files and rule parameters and build the kernel arrays."""
        head = self.compile_head(match, config_id)
        pools = head["pools"]
        setup = np.zeros((3, 2), np.int64)
        for i, side in enumerate(match.sides):
            if side.agent not in self.agents:
                raise InputError(f"{match.source}: side[{i + 1}].agent: no agent {side.agent!r}; the agents are "
                                 f"{', '.join(self.agents)}")
            setup[SETUP_AGENT, i] = AGENT_NAMES.index(side.agent)
            setup[SETUP_CARDS, i] = pools[i].n_cards
        if match.force is not None:
            index, card_id, where = match.force
            setup[SETUP_FORCED, index] = forced_code(pools[index].index_of(card_id), where)
        return TinyConfig(**head, setup=setup)

    def play_block(self, compiled: TinyConfig, seed: np.uint64, unit_start: int, rows: np.ndarray,
                   flags: np.ndarray) -> None:
        """kernels.play_range over the block in a game record of its own; with `debug_checks` on, a
        broken card conservation stops the run."""
        problems = play_range(unit_start, rows.shape[0], seed, compiled.mirrored, compiled.setup.copy(), rows, flags,
                              compiled.workspace())
        if problems:
            raise RuntimeError(f"tiny debug checks: {problems} card-conservation problems in games "
                               f"{unit_start}..{unit_start + rows.shape[0] - 1}")

    def trace_one(self, compiled: TinyConfig, seed: np.uint64, unit: int, rows: np.ndarray,
                  flags: np.ndarray) -> np.ndarray:
        g = compiled.workspace()[0]
        g["tr"][:] = -1
        g["ps"][GAME, G_TRACED] = 1
        play_unit(unit, seed, compiled.mirrored, compiled.setup, rows, flags, g)
        return g["tr"].copy()

    def describe_events(self, compiled: TinyConfig, rows: np.ndarray, events: np.ndarray,
                        lang: str = "es") -> list[str]:
        names = (compiled.pools[0].names, compiled.pools[1].names)
        return describe_event_array(compiled.tab, names, compiled.labels, events, lang)

    def game_columns(self, compiled: TinyConfig, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """Per side: the points it ended with."""
        return [pl.Series(f"points_{suffix}", played[:, Col.POINTS_A + i].astype(np.int8))
                for i, suffix in enumerate("ab")]

    def conservation_problems(self, compiled: TinyConfig, seed: int, n_units: int) -> int:
        """The same config with `debug_checks` on: state.conservation_errors after the deal and after
        every round of every game, summed."""
        checked = self.compile(replace(compiled.match, params={**compiled.match.params, "debug_checks": True}),
                               compiled.config_id)
        rows = np.zeros((n_units, self.n_cols), np.int64)
        flags = np.zeros((n_units, 2, self.flag_width), np.uint8)
        return int(play_range(0, n_units, seed_to_u64(seed), checked.mirrored, checked.setup.copy(), rows, flags,
                              checked.workspace()))

    def hidden_information_probe(self, seed: int, n: int, agent: str = "greedy") -> tuple[int, int]:
        """Rule T-07, in n games (greedy and random agents by turns) played a few rounds in: what the
        leader leads, with the other side's hand and deck dealt again from the same cards; then, the
        lead played, what the other side answers, with the leader's hand and deck dealt again.
        Played on the game record with the kernels' own functions, as play_unit begins a game."""
        rng = np.random.default_rng(seed)
        factions = self.list_factions(self.cards_dir)[:2]
        configs = [self.compile(MatchConfig("hidden information probe", tuple(
            SideConfig(f, default_label(f, i), agent) for i, f in enumerate(factions)))) for agent in self.agents]
        compared = changed = 0
        for k in range(n):
            compiled = configs[k % len(configs)]
            g = compiled.workspace()[0]
            reset(g, compiled.setup[SETUP_AGENT], compiled.setup[SETUP_CARDS], compiled.setup[SETUP_FORCED])
            seed_streams(g, np.uint64(seed + k), np.uint64(0))
            setup_game(g, np.int64(k % 2))
            for _ in range(int(rng.integers(0, 6))):
                if not g["ps"][GAME, G_OVER]:
                    play_round(g)
            if g["ps"][GAME, G_OVER]:
                continue
            leader = int(g["ps"][GAME, G_LEADER])
            lead = agent_choice(g, leader, -1)
            redeal_hidden(g, 1 - leader, rng)
            compared, changed = compared + 1, changed + (agent_choice(g, leader, -1) != lead)
            play(g, np.int64(leader), np.int64(lead))
            answer = agent_choice(g, 1 - leader, lead)
            redeal_hidden(g, leader, rng)
            compared, changed = compared + 1, changed + (agent_choice(g, 1 - leader, lead) != answer)
        return compared, changed


def agent_choice(g: np.void, side: int, led: int) -> int:
    """The card the side's agent plays now (leading when `led` < 0), without advancing its stream."""
    kept = g["rng"].copy()
    card = int(choose_card(g, np.int64(side), np.int64(led)))
    g["rng"][:] = kept
    return card


def redeal_hidden(g: np.void, side: int, rng: np.random.Generator) -> None:
    """What the other side cannot see of `side` dealt again: the cards of its hand and deck shuffled
    among the hand and the deck positions (the hand keeps its size; state.move keeps the masks)."""
    cs, ps = g["cs"], g["ps"]
    n = int(ps[side, PS_N_CARDS])
    hidden = [c for c in range(n) if cs[side, c, CS_ZONE] in (Zone.HAND, Zone.DECK)]
    dealt = [int(c) for c in rng.permutation(hidden)]
    hand_size = int(ps[side, PS_HAND])
    for k, c in enumerate(dealt):
        move(g, np.int64(side), np.int64(c), np.int64(Zone.HAND if k < hand_size else Zone.DECK))
    deck = dealt[hand_size:]
    ps[side, PS_TOP] = n - len(deck)
    ps[side, PS_ORDER + n - len(deck):PS_ORDER + n] = deck

RULESET = Tiny()
