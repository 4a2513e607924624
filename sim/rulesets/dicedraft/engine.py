"""The typed Python face of the dicedraft kernels: compile a spec, play a chunk, trace one unit."""

from __future__ import annotations

from dataclasses import dataclass, field

import numba
import numpy as np
import polars as pl

from sim.core.agents import agent_weights
from sim.core.errors import InputError
from sim.core.forced_draw import forced_code
from sim.core.params import params_hash, resolve_params
from sim.core.records import count_cards, counters_frame, games_frame_head, play_in_blocks
from sim.core.rng import seed_to_u64
from sim.draft.budget import _max_deck_size, cheapest_first, count_table, greedy_decks_by_budget
from sim.rulesets.dicedraft.cards import CARDS_DIR, FactionPool, load_pool, vanilla_filler
from sim.rulesets.dicedraft.constants import (
    AGENT_NAMES, DEFAULT_WEIGHTS, END_NAMES, MAX_CARDS, MAX_EVENTS, N_COLS, N_FIELDS,
    N_VAL, N_WEIGHTS, V_MEAN_ATQ, V_MEAN_DEF, V_MEAN_VALUE, Agent, Col, Event, Field, Kind, UnitKind,
    Weight,
)
from sim.rulesets.dicedraft.kernels import (
    N_SU, SU_AGENT, SU_BUDGET, SU_BY_COST, SU_CHARS, SU_DRAFTER, SU_FORCED, SU_N_CARDS, play_range, play_unit,
)
from sim.rulesets.dicedraft.params import DicedraftParams
from sim.rulesets.dicedraft.state import G_TRACED, GAME, new_draft_tables, new_workspace
from sim.rulesets.dicedraft.trace import describe_event_array
from sim.run.spec import Experiment, side_label

UNIT_KINDS = {"games": UnitKind.GAME, "story": UnitKind.STORY, "best_of_three": UnitKind.MATCH}
WEIGHT_NAMES = tuple(w.name.lower() for w in Weight)


@dataclass
class CompiledConfig:
    """Everything the kernels need for one config, as numpy arrays, plus what it was made from."""

    config_id: str
    experiment: Experiment
    params: DicedraftParams
    pools: tuple[FactionPool, FactionPool]
    labels: tuple[str, str]
    unit_kind: int
    mirrored: bool
    rows_per_unit: int
    tab: np.ndarray = field(repr=False)
    val: np.ndarray = field(repr=False)
    w: np.ndarray = field(repr=False)
    par: np.ndarray = field(repr=False)
    setup: np.ndarray = field(repr=False)
    greedy_decks: np.ndarray = field(repr=False)
    max_sizes: np.ndarray = field(repr=False)
    counts: np.ndarray = field(repr=False)
    stage_min: np.ndarray = field(repr=False)
    stage_max: np.ndarray = field(repr=False)

    def workspace(self) -> np.ndarray:
        """A fresh game record for one thread (state.GAME_DTYPE, state.new_workspace), holding copies
        of this config's constant tables."""
        return new_workspace(self.tab, self.val, self.w, self.par, self.setup, self.stage_min, self.stage_max,
                             self.greedy_decks, self.max_sizes)

    def draft_tables(self) -> np.ndarray:
        """Fresh draft tables for one thread (state.new_draft_tables): a copy of the random drafter's
        count tables and the re-draft's scratch, sized for this config."""
        pool_cost = max(int(self.tab[side, :pool.n_cards, Field.COST].sum()) for side, pool in enumerate(self.pools))
        return new_draft_tables(self.counts, self.max_sizes.shape[1] - 1, pool_cost)

    def hashes(self) -> dict[str, str]:
        return {"cards": "+".join(p.hash() for p in self.pools), "params": params_hash(self.params)}


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


def compile_config(experiment: Experiment, config_id: str = "base", *, small_pools: bool = False) -> CompiledConfig:
    """Validate the spec against the card files and rule parameters and build the kernel arrays.

    A pool smaller than the deck is refused (the draft could only hand out a smaller deck than the
    spec asks for); `small_pools` lets the rule tests' scenarios play such pools on purpose."""
    spec = experiment.spec
    source = str(experiment.path)
    params = resolve_params(DicedraftParams, spec.params, source)
    cards_dir = experiment.cards_dir or CARDS_DIR
    pools = experiment.load_side_cards(load_pool, vanilla_filler, cards_dir)
    for i, pool in enumerate(pools):  # rule D-02 drafts distinct cards: a deck cannot be larger than its pool
        if params.deck_size > pool.n_cards and not small_pools:
            raise InputError(f"{source}: params.deck_size: {params.deck_size} cards, but side[{i + 1}]'s pool "
                             f"({pool.faction}: its characters and one of each die) holds {pool.n_cards}")
    unit_kind = UNIT_KINDS[spec.kind]
    tab = np.zeros((2, MAX_CARDS, N_FIELDS), np.int32)
    w = np.zeros((2, N_WEIGHTS))
    setup = np.zeros((2, N_SU), np.int64)
    for i, (side, pool) in enumerate(zip(spec.sides, pools)):
        tab[i] = pool.table
        w[i] = agent_weights(DEFAULT_WEIGHTS, WEIGHT_NAMES, side.weights, source, i)
        setup[i, SU_AGENT] = AGENT_NAMES.index(side.agent)
        setup[i, SU_DRAFTER] = AGENT_NAMES.index(side.draft)
        setup[i, SU_BUDGET] = params.budget if side.budget is None else side.budget
        setup[i, SU_N_CARDS] = pool.n_cards
        setup[i, SU_BY_COST:SU_BY_COST + pool.n_cards] = cheapest_first(tab[i, :, Field.COST], pool.n_cards)
        setup[i, SU_CHARS] = sum(1 << c for c in range(pool.n_cards) if tab[i, c, Field.KIND] == Kind.CHARACTER)
    if experiment.force is not None:
        index, card_id, where = experiment.force
        setup[index, SU_FORCED] = forced_code(pools[index].index_of(card_id), where)
    if unit_kind == UnitKind.STORY and spec.sides[1].budget is not None:
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
    rows_per_unit = {UnitKind.GAME: 1, UnitKind.STORY: len(stage_min), UnitKind.MATCH: params.match_max_games}[unit_kind]
    labels = tuple(side_label(s, i) for i, s in enumerate(spec.sides))
    return CompiledConfig(config_id, experiment, params, pools, labels, int(unit_kind), spec.seats == "mirrored",
                          rows_per_unit, tab, val, w, params.vector(), setup, greedy_decks, max_sizes, counts,
                          stage_min, stage_max)


def forced_draw_cards(experiment: Experiment, side_index: int) -> list[str]:
    """The side's cards a forced draw can move: those its deck can hold. A greedy drafter drafts
    the same deck at a given budget (rule D-02), so only that deck's cards count (for the bots of a
    story, the decks of every stage budget, rule D-17); a random drafter can draft any card."""
    compiled = compile_config(experiment)
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


def play_chunk(compiled: CompiledConfig, seed: int, unit_start: int, n_units: int,
               threads: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Play units [unit_start, unit_start + n_units): (rows[game, Col], counters[side, card, Counter, result]).

    Runs kernels.play_range on blocks of consecutive units over `threads` threads (default: numba's
    thread count, so NUMBA_NUM_THREADS and numba.set_num_threads apply), then count_cards.
    The result depends only on (config, seed, unit range), never on the threads or blocks."""
    threads = threads or numba.get_num_threads()
    per = compiled.rows_per_unit
    rows = np.zeros((n_units * per, N_COLS), np.int64)
    flags = np.zeros((n_units * per, 2, MAX_CARDS), np.uint8)

    def play_block(lo: int, hi: int) -> np.ndarray:
        # each block its own record and draft tables: no shared refcounts
        play_range(compiled.unit_kind, unit_start + lo, hi - lo, seed_to_u64(seed), compiled.mirrored,
                   rows[lo * per:hi * per], flags[lo * per:hi * per], compiled.workspace(), compiled.draft_tables())
        return count_cards(rows[lo * per:hi * per], flags[lo * per:hi * per])

    return rows, play_in_blocks(n_units, threads, play_block)


def trace_unit(compiled: CompiledConfig, seed: int, unit: int) -> tuple[np.ndarray, np.ndarray]:
    """Replay unit `unit` with the trace on: (rows, events[event, (turn, player, code, a, b, c)])."""
    rows = np.zeros((compiled.rows_per_unit, N_COLS), np.int64)
    flags = np.zeros((compiled.rows_per_unit, 2, MAX_CARDS), np.uint8)
    g = compiled.workspace()[0]
    tr = g["tr"][:MAX_EVENTS * compiled.rows_per_unit]  # what a unit of this kind keeps: one game's buffer per row
    tr[:] = -1
    g["ps"][GAME, G_TRACED] = 1
    play_unit(compiled.unit_kind, unit, seed_to_u64(seed), compiled.mirrored, rows, flags, g, compiled.draft_tables())
    return rows, tr[tr[:, 2] >= 0].copy()


def events_of_stage(events: np.ndarray, stage: int) -> np.ndarray:
    """The events of one game of a traced unit (a story stage or a match game): each game's events
    start at its DRAFT event, whose first value is the stage."""
    starts = np.flatnonzero(events[:, 2] == Event.DRAFT)
    for k, start in enumerate(starts):
        if events[start, 3] == stage:
            end = starts[k + 1] if k + 1 < len(starts) else len(events)
            return events[start:end]
    return events[:0]


def describe_events(compiled: CompiledConfig, rows: np.ndarray, events: np.ndarray, lang: str = "es") -> list[str]:
    """The traced events of `trace_unit` as readable lines ("T7 Arañas: Tarántula (6/4) bloquea a ...")."""
    names = (compiled.pools[0].names, compiled.pools[1].names)
    return describe_event_array(compiled.tab, names, compiled.labels, events, lang)


def games_frame(compiled: CompiledConfig, rows: np.ndarray) -> pl.DataFrame:
    """Per-game records as a Polars frame (played rows only), one row per game."""
    played = rows[rows[:, Col.PLAYED] == 1]
    spec = compiled.experiment.spec
    frame = games_frame_head(compiled.config_id, played, compiled.rows_per_unit, END_NAMES, compiled.labels,
                             spec.sides)
    for i, suffix in enumerate("ab"):
        side = spec.sides[i]
        frame = frame.with_columns(
            pl.lit(side.draft).cast(pl.Categorical).alias(f"draft_{suffix}"),
            pl.Series(f"budget_{suffix}", played[:, Col.BUDGET_A + i].astype(np.int16)),
            pl.Series(f"deck_cost_{suffix}", played[:, Col.COST_A + i].astype(np.int16)),
            pl.Series(f"deck_{suffix}", played[:, Col.DECK_A + i]),
            pl.Series(f"lives_{suffix}", played[:, Col.LIVES_A + i].astype(np.int16)),
            pl.Series(f"redrafts_{suffix}", played[:, Col.REDRAFTS_A + i].astype(np.int8)),
        )
    return frame


def cards_frame(compiled: CompiledConfig, counters: np.ndarray) -> pl.DataFrame:
    """Card-impact counters as a Polars frame: one row per (side, card) of each pool."""
    return counters_frame(compiled.config_id, compiled.pools, counters)


def default_chunk_units(compiled: CompiledConfig) -> int:
    """Units per chunk: enough work that a chunk takes about a second, not milliseconds."""
    return max(1, 100_000 // compiled.rows_per_unit)
