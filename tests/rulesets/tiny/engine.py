"""The tiny game in the shell every game plugs into (sim.core.ruleset): compile a config into the
kernel's tables, the kernel entry points, the games frame's own columns and the invariant hooks the
contract test calls (tests/rulesets/test_contract.py)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import polars as pl

from sim.core.errors import InputError
from sim.core.forced_draw import forced_code
from sim.core.match import MatchConfig
from sim.core.rng import seed_to_u64
from sim.core.ruleset import CompiledConfig, RulesetShell
from tests.rulesets.tiny.cards import CARDS_DIR, describe_filler, list_factions, load_deck, vanilla_filler
from tests.rulesets.tiny.constants import AGENT_NAMES, END_NAMES, MAX_CARDS, N_COLS, Col
from tests.rulesets.tiny.kernels import play_range, play_unit
from tests.rulesets.tiny.params import TinyParams
from tests.rulesets.tiny.state import G_TRACED, GAME, new_workspace
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
    agents = AGENT_NAMES
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
            if side.agent not in AGENT_NAMES:
                raise InputError(f"{match.source}: side[{i + 1}].agent: no agent {side.agent!r}; the agents are "
                                 f"{', '.join(AGENT_NAMES)}")
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

    def hidden_information_probe(self, seed: int, n: int) -> tuple[int, int]:
        """Rule T-07, in n games (greedy and random agents by turns) played a few rounds in: what the
        leader leads, with the other side's hand and deck dealt again from the same cards; then, the
        lead played, what the other side answers, with the leader's hand and deck dealt again."""
        from tests.rulesets.tiny.scenario import Scenario  # the scenario builds on this module

        rng = np.random.default_rng(seed)
        factions = self.list_factions(self.cards_dir)
        compared = changed = 0
        for k in range(n):
            agent = AGENT_NAMES[k % len(AGENT_NAMES)]
            s = Scenario.from_factions(factions[0], factions[1 % len(factions)], agents=(agent, agent), seed=seed + k)
            s.deal(first=k % 2)
            for _ in range(int(rng.integers(0, 6))):
                if not s.over:
                    s.play_round()
            if s.over:
                continue
            leader, other = s.leader, 1 - s.leader
            lead = s.choice(leader)
            s.redeal_hidden(other, rng)
            compared, changed = compared + 1, changed + (s.choice(leader) != lead)
            s.play_card(leader, lead)
            answer = s.choice(other, led=lead)
            s.redeal_hidden(leader, rng)
            compared, changed = compared + 1, changed + (s.choice(other, led=lead) != answer)
        return compared, changed


RULESET = Tiny()
