"""Dicedraft in the shell every game plugs into (sim.core.ruleset): compile a config into the
kernels' arrays, the kernel entry points, and the games frame's own columns."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from sim.core.agents import EXPERT_LEVELS
from sim.core.leaf_fit import fit_self_play
from sim.core.records import RecordCol
from sim.core.errors import InputError
from sim.core.match import MatchConfig
from sim.core.params import resolve_params
from sim.core.ruleset import CompiledConfig, RulesetShell
from sim.draft.budget import _max_deck_size, cheapest_first, count_table, greedy_decks_by_budget
from sim.rulesets.dicedraft.cards import (
    CARDS_DIR, describe_filler, list_factions, load_pool, vanilla_filler,
)
from sim.rulesets.dicedraft.constants import (
    AGENT_NAMES, DEFAULT_WEIGHTS, END_NAMES, MAX_CARDS, MAX_EVENTS, N_COLS,
    N_VAL, V_MEAN_ATQ, V_MEAN_DEF, V_MEAN_VALUE, Agent, Col, Event, Field, Kind, UnitKind,
    Weight,
)
from sim.rulesets.dicedraft.kernels import (
    N_SU, SU_AGENT, SU_BUDGET, SU_BY_COST, SU_CHARS, SU_DRAFTER, SU_FORCED, SU_N_CARDS, play_range,
    play_range_without_search, play_unit, play_unit_without_search,
)
from sim.rulesets.dicedraft.leaf import LEAF
from sim.rulesets.dicedraft.params import DicedraftParams, DicedraftSide
from sim.rulesets.dicedraft.state import G_TRACED, GAME, PS_DECISIONS, new_draft_tables, new_workspace
from sim.rulesets.dicedraft.trace import DicedraftTrace
from sim.rulesets.dicedraft.words import CARD_RULE_WORDS, END_WORDS, FILLER_WORDS, NAME_WORDS, STALL_WORDS

WEIGHT_NAMES = tuple(w.name.lower() for w in Weight)


@dataclass
class DicedraftConfig(CompiledConfig):
    """Everything the kernels need for one config, as numpy arrays (after the shell's fields)."""

    val: np.ndarray = field(repr=False)
    setup: np.ndarray = field(repr=False)
    greedy_decks: np.ndarray = field(repr=False)
    max_sizes: np.ndarray = field(repr=False)
    counts: np.ndarray = field(repr=False)
    stage_min: np.ndarray = field(repr=False)
    stage_max: np.ndarray = field(repr=False)

    def workspace(self) -> np.ndarray:
        """Fresh game records for one thread (state.GAME_DTYPE, state.new_workspace: the game and a
        hard agent's world), holding copies of this config's constant tables and the expert's fitted
        leaf evaluation (leaf.json)."""
        ws = new_workspace(self.tab, self.val, self.w, self.par, self.setup, self.search, self.stage_min,
                           self.stage_max, self.greedy_decks, self.max_sizes)
        ws["leaf"][:] = LEAF.vector()
        return ws

    def draft_tables(self) -> np.ndarray:
        """Fresh draft tables for one thread (state.new_draft_tables): a copy of the random drafter's
        count tables and the re-draft's scratch, sized for this config."""
        pool_cost = max(int(self.tab[side, :pool.n_cards, Field.COST].sum()) for side, pool in enumerate(self.pools))
        return new_draft_tables(self.counts, self.max_sizes.shape[1] - 1, pool_cost)


def card_values(tab: np.ndarray, n: int, weights: np.ndarray) -> np.ndarray:
    """What a card is worth to an agent with these weights (greedy draft and play read it), then
    the picture of a face-down card of this pool: its characters' mean ATQ, DEF and value."""
    value = np.zeros(N_VAL)
    for c in range(n):
        if tab[c, Field.KIND] == Kind.DICE:
            value[c] = weights[Weight.DIE] * (tab[c, Field.DIE] + 1) / 2.0
        else:
            value[c] = (weights[Weight.ATQ] * tab[c, Field.ATQ] + weights[Weight.DEF] * tab[c, Field.DEF]
                        + weights[Weight.DOUBLE_BLOCK] * tab[c, Field.DOUBLE_BLOCK]
                        + weights[Weight.DOUBLE_ATTACK] * tab[c, Field.ATQ] * tab[c, Field.DOUBLE_ATTACK])
    characters = [c for c in range(n) if tab[c, Field.KIND] == Kind.CHARACTER]
    if characters:
        value[V_MEAN_ATQ] = tab[characters, Field.ATQ].mean()
        value[V_MEAN_DEF] = tab[characters, Field.DEF].mean()
        value[V_MEAN_VALUE] = value[characters].mean()
    return value


class Dicedraft(RulesetShell):
    """Dicedraft: spiders against centipedes, a 15-card draft under 135 points, double blocks, double
    attacks and dice (rules D-01 to D-18; see rules.md beside this file)."""

    name = "dicedraft"
    compile_seconds = 18  # CPU s, the cold compile of its showcase spec, `sim bench --all` 2026-12-08 00:04 UTC (docs/engine.md)
    # 1.1: the `seen` card counter; 1.2: the greedy drafter breaks ties between equally valued decks
    # differently; 1.3: OH, GD and GIH count the deck the game started with, draws after a re-draft
    # apart (games unchanged); 1.4: the story's bots play the hard agent (rule D-17)
    version = "1.4.0"
    cards_dir = CARDS_DIR
    params_model = DicedraftParams
    side_options = DicedraftSide
    # in UnitKind order: rule D-17's story runs and rule D-18's best-of-three matches
    unit_kinds = {"games": "games", "story": "story runs", "best_of_three": "matches"}
    agents = EXPERT_LEVELS  # random, greedy, hard and expert (expert.py)
    default_agents = {"story": {1: "hard"}}  # rule D-17: the source's bots use "razonamiento difícil"
    end_names = END_NAMES
    weight_names = WEIGHT_NAMES
    default_weights = DEFAULT_WEIGHTS
    decisions_slot = PS_DECISIONS
    n_cols = N_COLS
    flag_width = MAX_CARDS
    chunk_games = 100_000
    list_factions = staticmethod(list_factions)
    load_cards = staticmethod(load_pool)
    vanilla_filler = staticmethod(vanilla_filler)
    describe_filler = staticmethod(describe_filler)
    filler_words = FILLER_WORDS
    name_words = NAME_WORDS
    end_words = END_WORDS
    stall_words = STALL_WORDS
    card_rule_words = CARD_RULE_WORDS
    trace_words = DicedraftTrace
    trace_switch = (GAME, G_TRACED)  # the scenarios trace what they resolve (sim.core.scenario)

    def compile(self, match: MatchConfig, config_id: str = "base", *, small_pools: bool = False) -> DicedraftConfig:
        """Validate the config against the card files and rule parameters and build the kernel arrays.

        A pool smaller than the deck is refused (the draft could only hand out a smaller deck than the
        spec asks for); `small_pools` lets the rule tests' scenarios play such pools on purpose."""
        source = match.source
        head = self.compile_head(match, config_id)
        params, pools, tab, w, unit_kind = head["params"], head["pools"], head["tab"], head["w"], head["unit_kind"]
        for i, pool in enumerate(pools):  # rule D-02 drafts distinct cards: a deck cannot be larger than its pool
            if params.deck_size > pool.n_cards and not small_pools:
                raise InputError(f"{source}: params.deck_size: {params.deck_size} cards, but side[{i + 1}]'s pool "
                                 f"({pool.faction}: its characters and one of each die) holds {pool.n_cards}")
        setup = np.zeros((2, N_SU), np.int64)
        for i, (side, pool) in enumerate(zip(match.sides, pools)):
            options = side.options
            setup[i, SU_AGENT] = head["agents"][i]
            setup[i, SU_DRAFTER] = AGENT_NAMES.index(options.draft)
            setup[i, SU_BUDGET] = params.budget if options.budget is None else options.budget
            setup[i, SU_N_CARDS] = pool.n_cards
            setup[i, SU_BY_COST:SU_BY_COST + pool.n_cards] = cheapest_first(tab[i, :, Field.COST], pool.n_cards)
            setup[i, SU_CHARS] = sum(1 << c for c in range(pool.n_cards) if tab[i, c, Field.KIND] == Kind.CHARACTER)
        setup[:, SU_FORCED] = head["forced"]
        if unit_kind == UnitKind.STORY and match.sides[1].options.budget is not None:
            raise InputError(f"{source}: side[2].budget: in a story the bots' budgets come from the stages "
                             "(params story_stage_min / story_stage_max, rule D-17); remove it")
        val = np.zeros((2, 2, N_VAL))
        for viewer in range(2):
            for side in range(2):
                val[viewer, side] = card_values(tab[side], pools[side].n_cards, w[viewer])
        stage_min = np.array(params.story_stage_min, np.int64)
        stage_max = np.array(params.story_stage_max, np.int64)
        max_budget = int(max(setup[:, SU_BUDGET].max(), stage_max.max()))
        greedy_decks = np.zeros((2, max_budget + 1), np.int64)
        max_sizes = np.zeros((2, max_budget + 1), np.int64)
        n_max = max(p.n_cards for p in pools)
        counts = np.zeros((2, n_max + 1, params.deck_size + 1, max_budget + 1))
        for side, pool in enumerate(pools):
            n = pool.n_cards
            cost = tab[side, :n, Field.COST]  # the same array kinds the kernels pass: one compiled version
            everything = np.ones(MAX_CARDS, np.int32)
            for b in range(max_budget + 1):
                max_sizes[side, b] = _max_deck_size(cost, everything, setup[side, SU_BY_COST:SU_BY_COST + n], n,
                                                    params.deck_size, b)
            if setup[side, SU_BUDGET] > max_budget or max_sizes[side, setup[side, SU_BUDGET]] == 0:
                raise InputError(f"{source}: side[{side + 1}].budget: no card of {pool.faction} fits a budget of "
                                 f"{setup[side, SU_BUDGET]} points")
            if setup[side, SU_DRAFTER] == Agent.GREEDY:
                greedy_decks[side] = greedy_decks_by_budget(cost, val[side, side, :n], n, params.deck_size, max_budget)
            else:
                counts[side, : n + 1] = count_table(cost, everything, n, params.deck_size, max_budget)
        head["rows_per_unit"] = {UnitKind.GAME: 1, UnitKind.STORY: len(stage_min),
                                 UnitKind.MATCH: params.match_max_games}[UnitKind(unit_kind)]
        return DicedraftConfig(**head, val=val, setup=setup, greedy_decks=greedy_decks, max_sizes=max_sizes,
                               counts=counts, stage_min=stage_min, stage_max=stage_max)

    def side_budget(self, match: MatchConfig, side_index: int) -> int | None:
        """Rule D-02: the side's draft points, its own or the `budget` parameter."""
        budget = match.sides[side_index].options.budget
        if budget is None:
            budget = resolve_params(DicedraftParams, dict(match.params), match.source).budget
        return int(budget)

    def side_record(self, compiled: DicedraftConfig, side_index: int) -> dict:
        return {"draft": compiled.match.sides[side_index].options.draft,
                "budget": int(compiled.setup[side_index, SU_BUDGET])}

    def forced_draw_cards(self, match: MatchConfig, side_index: int) -> list[str]:
        """The side's cards a forced draw can move: those its deck can hold. A greedy drafter drafts
        the same deck at a given budget (rule D-02), so only that deck's cards count (for the bots of a
        story, the decks of every stage budget, rule D-17); a random drafter can draft any card."""
        compiled = self.compile(match)
        pool = compiled.pools[side_index]
        if compiled.setup[side_index, SU_DRAFTER] != Agent.GREEDY:
            return list(pool.ids)
        if compiled.unit_kind == UnitKind.STORY and side_index == 1:
            budgets = range(int(compiled.stage_min.min()), int(compiled.stage_max.max()) + 1)
        else:
            budgets = range(int(compiled.setup[side_index, SU_BUDGET]), int(compiled.setup[side_index, SU_BUDGET]) + 1)
        decks = 0
        for budget in budgets:
            decks |= int(compiled.greedy_decks[side_index, budget])
        return [card_id for c, card_id in enumerate(pool.ids) if decks >> c & 1]

    def play_block(self, compiled: DicedraftConfig, seed: np.uint64, unit_start: int, rows: np.ndarray,
                   flags: np.ndarray, ws: np.ndarray | None = None) -> None:
        """kernels.play_range over the block in a game record and draft tables of its own (threads then
        share no reference counts); play_range_without_search where no side searches (`searches`)."""
        kernel = play_range if self.searches(compiled) else play_range_without_search
        kernel(compiled.unit_kind, unit_start, rows.shape[0] // compiled.rows_per_unit, seed, compiled.mirrored,
                   rows, flags, compiled.workspace() if ws is None else ws, compiled.draft_tables())

    def trace_one(self, compiled: DicedraftConfig, seed: np.uint64, unit: int, rows: np.ndarray,
                  flags: np.ndarray) -> np.ndarray:
        ws = compiled.workspace()
        g = ws[0]
        tr = g["tr"][:MAX_EVENTS * compiled.rows_per_unit]  # what a unit of this kind keeps: one game's buffer per row
        tr[:] = -1
        g["ps"][GAME, G_TRACED] = 1
        kernel = play_unit if self.searches(compiled) else play_unit_without_search
        kernel(compiled.unit_kind, unit, seed, compiled.mirrored, rows, flags, g, ws[1], compiled.draft_tables())
        return tr

    def events_of_stage(self, events: np.ndarray, stage: int) -> np.ndarray:
        """The events of one game of a traced unit (a story stage or a match game): each game's events
        start at its DRAFT event, whose first value is the stage."""
        starts = np.flatnonzero(events[:, 2] == Event.DRAFT)
        for k, start in enumerate(starts):
            if events[start, 3] == stage:
                end = starts[k + 1] if k + 1 < len(starts) else len(events)
                return events[start:end]
        return events[:0]

    def game_columns(self, compiled: DicedraftConfig, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """Per side: its drafter, budget, the drafted deck's cost and mask, lives at the end, re-drafts."""
        columns: list[pl.Series | pl.Expr] = []
        for i, suffix in enumerate("ab"):
            columns += [
                pl.lit(compiled.match.sides[i].options.draft).cast(pl.Categorical).alias(f"draft_{suffix}"),
                pl.Series(f"budget_{suffix}", played[:, Col.BUDGET_A + i].astype(np.int16)),
                pl.Series(f"deck_cost_{suffix}", played[:, Col.COST_A + i].astype(np.int16)),
                pl.Series(f"deck_{suffix}", played[:, Col.DECK_A + i]),
                pl.Series(f"lives_{suffix}", played[:, Col.LIVES_A + i].astype(np.int16)),
                pl.Series(f"redrafts_{suffix}", played[:, Col.REDRAFTS_A + i].astype(np.int8)),
            ]
        return columns

    # -- the invariant hooks the contract test calls (tests/rulesets/test_contract.py) -----------------
    # Played turn by turn through the public Scenario (imported here: it builds on this module), from
    # the decks the batch kernel drafted for the same units.
    def conservation_problems(self, compiled: DicedraftConfig, seed: int, n_units: int) -> int:
        """Invariant 3: each of the units' games (its drafted decks, shuffled, the same first player)
        played turn by turn to its end, and after every turn: every card in exactly one zone, the
        deck order listing exactly the cards in the deck, the zone masks the agents read agreeing
        with the zones, and the revealed mask with the revealed flags."""
        from sim.rulesets.dicedraft.scenario import Scenario

        rows, _ = self.play_chunk(compiled, seed, 0, n_units, threads=1)
        rng = np.random.default_rng(seed)
        problems = 0
        for row in rows[rows[:, RecordCol.PLAYED] == 1]:
            s = self._scenario_from_row(Scenario, compiled, row, rng)
            for turn in range(compiled.params.turn_cap):
                s.set_turn(turn)
                s.turn((int(row[RecordCol.FIRST]) + turn) % 2)
                problems += self._zone_problems(s)
                if min(s.lives) <= 0:
                    break
        return problems

    def hidden_information_probe(self, seed: int, n: int, agent: str = "greedy") -> tuple[int, int]:
        """Invariant 5, in n games of the first two factions played part way (attacks open) by `agent`:
        what the player to move puts down and attacks with this turn, then the same position with
        the opponent's hand, deck order and face-down cards dealt again among themselves."""
        from sim.core.match import MatchConfig, SideConfig, default_label
        from sim.rulesets.dicedraft.scenario import Scenario

        factions = self.list_factions(self.cards_dir)[:2]
        sides = tuple(SideConfig(f, default_label(f, i), agent, {}, self.side_options())
                      for i, f in enumerate(factions))
        compiled = self.compile(MatchConfig("hidden information probe", (sides[0], sides[1])))
        rows, _ = self.play_chunk(compiled, seed, 0, n, threads=1)
        rng = np.random.default_rng(seed)
        compared = changed = 0
        for row in rows:
            turns = int(rng.integers(6, 24))
            order_seed = int(rng.integers(1 << 32))
            worlds = []
            for _ in range(2):  # the same position twice: the same decks, deck order and seed
                s = self._scenario_from_row(Scenario, compiled, row, np.random.default_rng(order_seed))
                for turn in range(turns):
                    s.set_turn(turn)
                    s.turn((int(row[RecordCol.FIRST]) + turn) % 2)
                worlds.append(s)
            if min(worlds[0].lives) <= 0:
                continue
            p = (int(row[RecordCol.FIRST]) + turns) % 2
            self._redeal_hidden(worlds[1], 1 - p, rng)
            before, after = (self._decisions_of_turn(s, p, turns) for s in worlds)
            compared += len(before)
            changed += sum(x != y for x, y in zip(before, after)) + abs(len(before) - len(after))
        return compared, changed

    # -- the expert's leaf evaluation (leaf.py): `sim fit-leaf dicedraft` -----------------------------
    leaf = LEAF
    leaf_file = LEAF.path

    def fit_leaf(self, seed: int, games: int, agent: str = "greedy", out: Path | None = None) -> dict:
        """`sim fit-leaf dicedraft` (sim.core.leaf_fit.fit_self_play): every pairing of the factions."""
        from sim.rulesets.dicedraft.positions import self_play_positions
        return fit_self_play(self, seed, games, agent, LEAF, self_play_positions, out)

    def _scenario_from_row(self, scenario_class: type, compiled: DicedraftConfig, row: np.ndarray,
                           rng: np.random.Generator):
        """A scenario holding the decks a record row says its game drafted, in an order from `rng`."""
        s = scenario_class(compiled, seed=int(row[RecordCol.UNIT]))
        for side in range(2):
            ids = compiled.pools[side].ids
            deck = [ids[c] for c in range(len(ids)) if int(row[Col.DECK_A + side]) >> c & 1]
            s.stack_deck(side, *[deck[i] for i in rng.permutation(len(deck))])
        return s

    @staticmethod
    def _zone_problems(s) -> int:
        """Card conservation in a scenario: zones known, the deck order against the deck zone, each
        zone mask against the zones, the revealed mask against the revealed flags."""
        from sim.rulesets.dicedraft.constants import Seen, Zone
        from sim.rulesets.dicedraft.state import (
            CS_FLAGS, CS_ZONE, PS_DECK_LEN, PS_N_CARDS, PS_ORDER, PS_REVEALED, PS_TOP, PS_ZONE_MASK,
        )

        problems = 0
        for side in range(2):
            n = int(s.ps[side, PS_N_CARDS])
            zones = s.cs[side, :n, CS_ZONE]
            bits = np.int64(1) << np.arange(n, dtype=np.int64)
            problems += int(not np.isin(zones, [int(z) for z in Zone]).all())
            deck = np.sort(s.ps[side, PS_ORDER + s.ps[side, PS_TOP]:PS_ORDER + s.ps[side, PS_DECK_LEN]])
            problems += int(not np.array_equal(deck, np.flatnonzero(zones == Zone.DECK)))
            for zone in Zone:
                problems += int((s.ps[side, PS_ZONE_MASK + zone] & bits.sum()) != bits[zones == zone].sum())
            revealed = bits[(s.cs[side, :n, CS_FLAGS] & Seen.REVEALED) != 0].sum()
            problems += int(s.ps[side, PS_REVEALED] != revealed)
        return problems

    @staticmethod
    def _redeal_hidden(s, side: int, rng: np.random.Generator) -> None:
        """Deal again what the opponent cannot see of `side`: its face-down cards (in hand, in the deck,
        face down on the table) change places among themselves, each place keeping its state."""
        from sim.rulesets.dicedraft.constants import Seen, Zone
        from sim.rulesets.dicedraft.state import CS_FLAGS, CS_ZONE, PS_DECK_LEN, PS_N_CARDS, PS_ORDER, PS_TOP

        n = int(s.ps[side, PS_N_CARDS])
        hidden = [c for c in range(n) if s.cs[side, c, CS_ZONE] in (Zone.HAND, Zone.DECK, Zone.TABLE)
                  and not s.cs[side, c, CS_FLAGS] & Seen.REVEALED]
        dealt = [int(c) for c in rng.permutation(hidden)]
        places = s.cs[side, hidden].copy()
        s.cs[side, dealt] = places  # card dealt[k] takes the place of card hidden[k]
        new_card = dict(zip(hidden, dealt))
        for i in range(int(s.ps[side, PS_TOP]), int(s.ps[side, PS_DECK_LEN])):
            s.ps[side, PS_ORDER + i] = new_card.get(int(s.ps[side, PS_ORDER + i]), s.ps[side, PS_ORDER + i])

    @staticmethod
    def _decisions_of_turn(s, p: int, turn: int) -> list[tuple[int, int]]:
        """What p decides in its turn before the opponent answers: the cards it puts down (or its
        pass) and the attackers it declares, as (event code, card)."""
        s.set_turn(turn)
        s.turn(p)
        events = s.trace[s.trace[:, 2] >= 0]
        decided = (Event.PUT_DOWN, Event.PASS, Event.ATTACK)
        return [(int(e[2]), int(e[3])) for e in events if e[1] == p and e[2] in decided]


RULESET = Dicedraft()
