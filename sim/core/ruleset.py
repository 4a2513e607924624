"""The seam between a game and the rest: the `Ruleset` contract, the shell every game plugs into,
and the registry that finds a game by name.

A game (a package under sim/rulesets/, see docs/adding-a-game.md) writes its rules, cards,
parameters, game record, kernels, agents and trace words, and one class that subclasses
`RulesetShell` (or `GameRecordShell`, for a game played on one game record) and fills in the hooks
marked "the game's". The shell does what every game does the same way: the compile head
(parameters, cards with this config's changes, labels, agents, the forced draw), playing a chunk on
threads, tracing one unit and telling it in the game's words (sim.core.trace), the games and cards
frames a run stores, the hashes a manifest keeps, and the ablation fillers' words; with
`GameRecordShell`, also the kernel entry points, the card-conservation check and the
hidden-information probe (sim.core.hidden). `tests/rulesets/test_contract.py` checks every registered ruleset
against this contract.

Nothing here imports a game or the run layer: the registry imports a game's package by name.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Mapping, Protocol, Sequence, runtime_checkable

import numba
import numpy as np
import polars as pl
from pydantic import BaseModel

from sim.core.agents import EXPERT_LEVELS, Agent, agent_weights
from sim.core.deck_lists import DeckLists
from sim.core.mcts import default_search
from sim.core.search import search_table
from sim.core.errors import InputError
from sim.core.forced_draw import forced_codes
from sim.core.hidden import HiddenInformationProbe
from sim.core.limits import RULESET_IDS
from sim.core.match import MatchConfig, NoSideOptions
from sim.core.params import params_hash, resolve_params
from sim.core.records import BlockCutter, RecordCol, Seen, count_cards, counters_frame, games_frame_head, play_in_blocks
from sim.core.rng import seed_to_u64
from sim.core.trace import TraceWords

BlockTold = Callable[[int, int], None]
"""Told, by `play_chunk`, as each block of a chunk finishes: (units of the block, games they played)."""


@runtime_checkable
class CardPool(Protocol):
    """One side's cards as a ruleset loads them: what the shell and the run layer read of them."""

    faction: str
    frame: pl.DataFrame  # one row per card in the kernels' order, with at least id, name and cost
    table: np.ndarray  # the compiled table the kernels read

    @property
    def ids(self) -> list[str]: ...

    @property
    def names(self) -> list[str]: ...

    def index_of(self, card_id: str) -> int: ...

    def hash(self) -> str: ...


@dataclass
class CompiledConfig:
    """One config compiled for the kernels: what every game's kernels read (the card tables, the
    agents' weights, the parameter vector) and what it was made from. A ruleset subclasses it with
    its own arrays (after these fields) and a `workspace()` when its kernels need one."""

    config_id: str
    match: MatchConfig
    params: BaseModel
    pools: tuple[Any, Any]  # each side's CardPool
    labels: tuple[str, str]
    unit_kind: int  # the index of match.unit_kind in the ruleset's unit_kinds
    mirrored: bool
    rows_per_unit: int
    tab: np.ndarray = field(repr=False)  # int32 [side, card, field]: each side's compiled card table
    w: np.ndarray = field(repr=False)  # float64 [side, weight]: each side's agent weights
    par: np.ndarray = field(repr=False)  # int64 [param]: the rule parameters as the kernels read them
    search: np.ndarray = field(repr=False)  # int64 [side, SEARCH_*]: a hard side's search settings (sim.core.search)
    agents: np.ndarray = field(repr=False)  # int64 [side]: each side's agent as its code (sim.core.agents.Agent)
    forced: np.ndarray = field(repr=False)  # int64 [side]: a forced draw's request (sim.core.forced_draw), 0: none

    def hashes(self) -> dict[str, str]:
        """The hashes a manifest keeps to tell whether a replay still plays the stored games."""
        return {"cards": "+".join(p.hash() for p in self.pools), "params": params_hash(self.params)}


@runtime_checkable
class Ruleset(Protocol):
    """What the run layer, the analysis and the tests may ask of a game. `RulesetShell` implements
    the shared part; a game fills in the rest."""

    name: str
    version: str
    cards_dir: Path
    params_model: type[BaseModel]
    side_options: type[BaseModel]  # a side's own settings beyond faction, label, agent and weights
    unit_kinds: Mapping[str, str]  # unit kind -> its plural in English; "games" first (a reader's words: language.unit_word)
    agents: tuple[str, ...]
    default_agents: Mapping[str, Mapping[int, str]]  # unit kind -> {side index: agent} when a spec names none
    end_names: tuple[str, ...]  # RecordCol.END codes as the games frame names them
    name_words: tuple[str, str] | None  # the game's name as its designers say it (Spanish, English)
    end_words: Mapping[str, tuple[str, str]]  # an end name -> (Spanish, English)
    rules_path: Path  # the game's rules.md: its rule ids and code pointers (the contract test reads them)
    compile_seconds: float  # a cold compile of its kernels on two cores, measured: what the first run says
    deck_lists: DeckLists | None  # what `sim deck-search` needs of a game whose sides are deck lists
    players_decide: bool  # False for a game played out by its deal (War): no agent has a choice to make

    def list_factions(self, cards_dir: Path) -> list[str]: ...
    def load_cards(self, faction: str, cards_dir: Path, overrides: dict | None = None) -> CardPool: ...
    def compile(self, match: MatchConfig, config_id: str = "base") -> CompiledConfig: ...
    def play_chunk(self, compiled: Any, seed: int, unit_start: int, n_units: int, threads: int | None = None,
                   on_block: BlockTold | None = None, block_units: int | None = None) -> tuple[np.ndarray, np.ndarray]: ...
    def searched_decisions(self, compiled: Any, seed: int, unit_start: int, n_units: int) -> np.ndarray: ...
    def trace_unit(self, compiled: Any, seed: int, unit: int) -> tuple[np.ndarray, np.ndarray]: ...
    def events_of_stage(self, events: np.ndarray, stage: int) -> np.ndarray: ...
    def describe_events(self, compiled: Any, rows: np.ndarray, events: np.ndarray, lang: str = "es") -> list[str]: ...
    def games_frame(self, compiled: Any, rows: np.ndarray) -> pl.DataFrame: ...
    def cards_frame(self, compiled: Any, counters: np.ndarray) -> pl.DataFrame: ...
    def default_chunk_units(self, compiled: Any) -> int: ...
    def ablatable_cards(self, faction: str, cards_dir: Path) -> list[str]: ...
    def ablation_fillers(self, faction: str, cards_dir: Path, card_ids: Sequence[str]) -> dict[str, tuple[str, bool]]: ...
    def forced_draw_cards(self, match: MatchConfig, side_index: int) -> list[str]: ...
    def side_budget(self, match: MatchConfig, side_index: int) -> int | None: ...
    def side_record(self, compiled: Any, side_index: int) -> dict[str, Any]: ...
    def pairing_warnings(self, compiled: Any) -> list[str]: ...
    def conservation_problems(self, compiled: Any, seed: int, n_units: int) -> int: ...
    def hidden_information_probe(self, seed: int, n: int, agent: str = "greedy") -> tuple[int, int]: ...
    def searches(self, compiled: Any) -> bool: ...


class RulesetShell:
    """The part of the `Ruleset` contract that is the same for every game; a game subclasses it,
    sets the class attributes and writes the hooks whose docstrings begin "The game's"."""

    name: ClassVar[str]
    version: ClassVar[str]
    cards_dir: ClassVar[Path]
    params_model: ClassVar[type[BaseModel]]
    side_options: ClassVar[type[BaseModel]] = NoSideOptions
    unit_kinds: ClassVar[Mapping[str, str]] = {"games": "games"}
    agents: ClassVar[tuple[str, ...]] = ("random", "greedy")
    # unit kind -> {side index: agent} for a side whose spec names no agent (default: greedy)
    default_agents: ClassVar[Mapping[str, Mapping[int, str]]] = {}
    end_names: ClassVar[tuple[str, ...]]
    # whether a player ever has a choice: a game played out by its deal (War) sets False; its agents are
    # then names only, and the contract's greedy-beats-random check does not apply to it
    players_decide: ClassVar[bool] = True
    weight_names: ClassVar[tuple[str, ...]]  # the agents' weights a spec's [side.weights] may set
    decisions_slot: ClassVar[int | None] = None  # the ps column counting a hard player's searched decisions
    default_weights: ClassVar[tuple[float, ...]]
    n_cols: ClassVar[int]  # columns of a record row (RecordCol first, then the game's own)
    flag_width: ClassVar[int]  # cards per side in the per-game card flags
    chunk_games: ClassVar[int] = 20_000  # game rows per chunk: enough that a chunk takes seconds
    # a cold compile of the game's kernels for its default spec on two cores (`sim bench`'s cold-compile
    # figure): the first run says it will take about this long. A game measures and sets its own.
    compile_seconds: ClassVar[float] = 60.0
    # the game's own words (its words.py), each (Spanish, English): its name as its designers say it
    # (None: its id), and how a game of it ends, per end name (an end name not listed is said by the
    # shared catalog's end_<name>, turn_cap's words, or else by its bare name)
    name_words: ClassVar[tuple[str, str] | None] = None
    end_words: ClassVar[Mapping[str, tuple[str, str]]] = {}
    # why its searching players stall, where the game knows it (None: it does not say): a [levels]
    # run's stall finding adds it when more turns decide few of the capped games
    stall_words: ClassVar[tuple[str, str] | None] = None
    # the card classes of a game whose sides are deck lists, as its card files spell them ->
    # (Spanish, English) for deck tables; a class not listed is shown as spelled
    card_class_words: ClassVar[Mapping[str, tuple[str, str]]] = {}
    # the card rules its card model refuses a card by (errors.CardRule keys) -> (Spanish, English)
    card_rule_words: ClassVar[Mapping[str, tuple[str, str]]] = {}
    # describe_filler's words (stored in a run's manifest as written) in either language: a regular
    # expression over the stored text -> (Spanish, English) replacements, read by the report layer
    filler_words: ClassVar[Mapping[str, tuple[str, str]]] = {}
    # folders the game reads beside its card folder (rolplay's decks/): `sim cards` copies them too
    beside_cards: ClassVar[tuple[str, ...]] = ()
    # a game whose sides are deck lists: what `sim deck-search` needs of it (sim.core.deck_lists)
    deck_lists: ClassVar[DeckLists | None] = None
    trace_words: ClassVar[type[TraceWords]]  # the game's trace wording (its trace.py)

    # -- the game's hooks ----------------------------------------------------------------------
    def list_factions(self, cards_dir: Path) -> list[str]:
        """The game's: the factions in a card folder."""
        raise NotImplementedError

    def load_cards(self, faction: str, cards_dir: Path, overrides: dict | None = None) -> CardPool:
        """The game's: read, validate and compile a faction's cards with `overrides` (card id ->
        fields) applied."""
        raise NotImplementedError

    def compile(self, match: MatchConfig, config_id: str = "base") -> CompiledConfig:
        """The game's: the kernel arrays of one config (start from `compile_head`)."""
        raise NotImplementedError

    def play_block(self, compiled: Any, seed: np.uint64, unit_start: int, rows: np.ndarray,
                   flags: np.ndarray, ws: np.ndarray | None = None) -> None:
        """The game's kernel entry: play the units from `unit_start` that fill `rows` (rows_per_unit
        rows each) and their card `flags`, in a workspace of this call's own (it runs on a thread
        beside others) unless `ws` (compiled.workspace()) is given: it then holds the last game's
        record when the call returns."""
        raise NotImplementedError

    def trace_one(self, compiled: Any, seed: np.uint64, unit: int, rows: np.ndarray, flags: np.ndarray) -> np.ndarray:
        """The game's kernel entry for the trace: play `unit` with the trace on and return its event
        buffer (turn, player, code, a, b, c), unused slots with code -1."""
        raise NotImplementedError

    def describe_events(self, compiled: Any, rows: np.ndarray, events: np.ndarray, lang: str = "es") -> list[str]:
        """Traced events as readable lines, in the game's words (its `trace_words`, sim.core.trace)."""
        return self.trace_words(compiled).describe(events, lang)

    def game_columns(self, compiled: Any, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """The game's own columns of the games frame, after the shared head (suffix _a, _b per side)."""
        return []

    def vanilla_filler(self, pool: Any, card_id: str) -> dict:
        """The game's ablation filler: the fields of a plain card of the same cost for `card_id`."""
        raise NotImplementedError

    def describe_filler(self, pool: Any, card_id: str) -> str:
        """The game's words for a card's filler ("Relleno (3): 3/4 unit, no keywords or effects")."""
        raise NotImplementedError

    def conservation_problems(self, compiled: Any, seed: int, n_units: int) -> int:
        """The game's invariant check: play units 0..n_units-1 of `compiled` from `seed`, checking card
        conservation after every step (each card in exactly one zone; the zone counts, the zone masks
        and the deck order agreeing with the zones), and return how many problems were found (0 when
        the rules keep every card where it belongs)."""
        raise NotImplementedError

    def hidden_information_probe(self, seed: int, n: int, agent: str = "greedy") -> tuple[int, int]:
        """The game's invariant check: reach about n positions by play from `seed` with `agent` (one of
        its agents that reads the board: greedy, hard) on both sides; in each, take the decisions of a
        player, swap what that player cannot see of the opponent (the hand, the deck order, face-down
        cards) for other cards, and take them again. Returns (decisions compared, decisions that
        changed): an agent that reads only what it may see changes none."""
        raise NotImplementedError

    def ablatable_cards(self, faction: str, cards_dir: Path) -> list[str]:
        """The cards an ablation can replace: by default every card of the faction."""
        return self.load_cards(faction, cards_dir).ids

    def forced_draw_cards(self, match: MatchConfig, side_index: int) -> list[str]:
        """The side's cards a forced draw can move (those its deck can hold): by default the
        ablatable ones."""
        return self.ablatable_cards(match.sides[side_index].faction, match.cards_dir or self.cards_dir)

    def side_budget(self, match: MatchConfig, side_index: int) -> int | None:
        """The side's draft budget, for an ablation's budget steps; None for a game without one."""
        return None

    def side_record(self, compiled: Any, side_index: int) -> dict[str, Any]:
        """The side options as a manifest records them (defaults resolved)."""
        return compiled.match.sides[side_index].options.model_dump(mode="json")

    def events_of_stage(self, events: np.ndarray, stage: int) -> np.ndarray:
        """The events of one game of a traced unit; a unit of one game is all of them."""
        return events

    def pairing_warnings(self, compiled: Any) -> list[str]:
        """The game's recommendations a config's pairing goes against (rolplay's decks at most five
        levels apart, R-02): said before the run, and the games played all the same. None by default."""
        return []

    def default_chunk_units(self, compiled: Any) -> int:
        return max(1, self.chunk_games // compiled.rows_per_unit)

    # -- what the shell does for every game ----------------------------------------------------
    @property
    def rules_path(self) -> Path:
        """The rules.md beside the module that defines the game's class (sim/rulesets/<name>/rules.md);
        its rule tests live in tests/rulesets/<name>/ (docs/adding-a-game.md)."""
        return Path(inspect.getfile(type(self))).parent / "rules.md"

    def unit_kind_code(self, match: MatchConfig) -> int:
        """The unit kind as the kernels read it (its index in `unit_kinds`)."""
        if match.unit_kind not in self.unit_kinds:
            raise InputError(f"{match.source}: kind: {self.name} plays {' or '.join(map(repr, self.unit_kinds))}, "
                             f"not {match.unit_kind!r}")
        return list(self.unit_kinds).index(match.unit_kind)

    def searches(self, compiled: Any) -> bool:
        """Whether a side of the config searches (hard or expert). A game's kernels come in two
        builds: every agent, and without the searching agents' code for a config where neither side
        searches, so that a greedy run never compiles the searches (docs/engine.md, "Where a cold
        compile goes"); the run warms one of each build its configs need (sim.run.runner)."""
        return bool((compiled.agents >= Agent.HARD).any())

    def compile_head(self, match: MatchConfig, config_id: str) -> dict[str, Any]:
        """What every compile starts with, as the keyword arguments of the shared CompiledConfig
        fields: the resolved parameters, both sides' cards with this config's changes (sweep edits,
        the ablation filler) and their tables, both sides' agent weights and the parameter vector
        (`params.vector()`), their search settings (`sim.core.search.search_table`), each side's
        agent as its code (`sim.core.agents.Agent`; an agent the game does not have is refused, naming
        the side) and each side's forced-draw request (`sim.core.forced_draw.forced_codes`). A unit is
        one game row unless the game sets `rows_per_unit`."""
        unit_kind = self.unit_kind_code(match)
        for i, side in enumerate(match.sides):
            if side.agent not in self.agents:
                raise InputError(f"{match.source}: side[{i + 1}].agent: {self.name} has no agent {side.agent!r}; "
                                 f"the agents are {', '.join(self.agents)}")
        params = resolve_params(self.params_model, dict(match.params), match.source)
        pools = match.load_side_cards(self.load_cards, self.vanilla_filler, match.cards_dir or self.cards_dir)
        weights = [agent_weights(self.default_weights, self.weight_names, dict(side.weights), match.source, i)
                   for i, side in enumerate(match.sides)]
        return {"config_id": config_id, "match": match, "params": params, "pools": pools, "labels": match.labels,
                "unit_kind": unit_kind, "mirrored": match.mirrored, "rows_per_unit": 1,
                "tab": np.stack([pool.table for pool in pools]).astype(np.int32), "w": np.stack(weights),
                "par": params.vector(), "search": search_table(tuple(side.search or default_search(side.agent, self) for side in match.sides)),
                "agents": np.array([EXPERT_LEVELS.index(side.agent) for side in match.sides], np.int64),
                "forced": forced_codes(match.force, pools)}

    def play_chunk(self, compiled: Any, seed: int, unit_start: int, n_units: int, threads: int | None = None,
                   on_block: BlockTold | None = None, block_units: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Play units [unit_start, unit_start + n_units): (rows[game, column], counters[side, card,
        Counter, result]).

        Blocks of consecutive units run on `threads` threads (default: numba's thread count, so
        NUMBA_NUM_THREADS and numba.set_num_threads apply), each in its own workspace; the result
        depends only on (config, seed, unit range), never on the threads or blocks. With `on_block`,
        each block is told (units, games played) as it finishes, from the thread that played it;
        its blocks are then about half a second of a thread's play (or `block_units` units each),
        so that a caller's progress moves often within a long chunk (records.BlockCutter)."""
        threads = threads or numba.get_num_threads()
        per = compiled.rows_per_unit
        rows = np.zeros((n_units * per, self.n_cols), np.int64)
        flags = np.zeros((n_units * per, 2, self.flag_width), np.uint8)
        key = seed_to_u64(seed)

        def play_block(lo: int, hi: int) -> np.ndarray:
            self.play_block(compiled, key, unit_start + lo, rows[lo * per:hi * per], flags[lo * per:hi * per])
            counters = count_cards(rows[lo * per:hi * per], flags[lo * per:hi * per])
            if on_block is not None:
                on_block(hi - lo, int(np.count_nonzero(rows[lo * per:hi * per, RecordCol.PLAYED] == 1)))
            return counters

        timed = on_block is not None or block_units is not None
        cutter = BlockCutter(n_units, threads, fixed=block_units) if timed else None
        counters = play_in_blocks(n_units, threads, play_block, cutter=cutter)
        return with_forced_seen(compiled, rows, flags), counters

    def games_frame(self, compiled: Any, rows: np.ndarray) -> pl.DataFrame:
        """Per-game records as a Polars frame (played rows only): the shared head, then the game's
        own columns, and for a forced draw's config `forced_seen` (`with_forced_seen`)."""
        played = rows[rows[:, RecordCol.PLAYED] == 1]
        frame = games_frame_head(compiled.config_id, played, compiled.rows_per_unit, self.end_names,
                                 compiled.labels, list(compiled.match.sides))
        columns = self.game_columns(compiled, played)
        if rows.shape[1] > self.n_cols:
            columns = [*columns, pl.Series("forced_seen", played[:, self.n_cols] == 1)]
        return frame.with_columns(columns) if columns else frame

    def searched_decisions(self, compiled: Any, seed: int, unit_start: int, n_units: int) -> np.ndarray:
        """Decisions each side's hard player searched in each single-game unit of [unit_start,
        unit_start + n_units), int64 [unit, side] (0 for other agents): the same games play_chunk
        plays, one at a time, read from the game record's `decisions_slot` when each ends."""
        out = np.zeros((n_units, 2), np.int64)
        rows = np.zeros((compiled.rows_per_unit, self.n_cols), np.int64)
        flags = np.zeros((compiled.rows_per_unit, 2, self.flag_width), np.uint8)
        ws = compiled.workspace()
        key = seed_to_u64(seed)
        for i in range(n_units):
            self.play_block(compiled, key, unit_start + i, rows, flags, ws)
            out[i] = ws[0]["ps"][:2, self.decisions_slot]
        return out

    def trace_unit(self, compiled: Any, seed: int, unit: int) -> tuple[np.ndarray, np.ndarray]:
        """Replay unit `unit` with the trace on: (rows, events[event, (turn, player, code, a, b, c)])."""
        rows = np.zeros((compiled.rows_per_unit, self.n_cols), np.int64)
        flags = np.zeros((compiled.rows_per_unit, 2, self.flag_width), np.uint8)
        events = self.trace_one(compiled, seed_to_u64(seed), unit, rows, flags)
        return rows, events[events[:, 2] >= 0]

    def cards_frame(self, compiled: Any, counters: np.ndarray) -> pl.DataFrame:
        """Card-impact counters as a Polars frame: one row per (side, card) of each side's cards."""
        return counters_frame(compiled.config_id, compiled.pools, counters)

    def filler_plays_alike(self, pool: Any, card_id: str, cards_dir: Path) -> bool:
        """Whether the filler compiles to exactly the numbers the kernels read for the card: then no
        game changes, and an ablation of the card measures nothing (names are not compared where
        the kernels never read them). `pool` is the faction's cards as its files hold them."""
        filled = self.load_cards(pool.faction, cards_dir, {card_id: self.vanilla_filler(pool, card_id)})
        return bool(np.array_equal(filled.table, pool.table))

    def ablation_fillers(self, faction: str, cards_dir: Path, card_ids: Sequence[str]) -> dict[str, tuple[str, bool]]:
        """card id -> (describe_filler, filler_plays_alike) for the cards an ablation replaces."""
        pool = self.load_cards(faction, cards_dir)
        return {card_id: (self.describe_filler(pool, card_id), self.filler_plays_alike(pool, card_id, cards_dir))
                for card_id in card_ids}



def with_forced_seen(compiled: Any, rows: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """A forced draw's record rows with one more column: 1 when the forced card was seen (in the
    opening hand or drawn from the deck the game started with) by its side in that game, else 0.
    Put at the bottom, a card is still reached in long games; this is what lets the effect be read
    per game in which forcing it changed whether it was drawn (sim.analysis.forced_draw). Rows of
    any other config are returned as they are, so their record and digests do not move."""
    force = compiled.match.force
    if force is None:
        return rows
    side, card_id, _ = force
    card = compiled.pools[side].index_of(card_id)
    seen = (flags[:, side, card] & (Seen.OPENING | Seen.DRAWN)) != 0
    return np.column_stack([rows, seen.astype(np.int64)])


class GameRecordShell(HiddenInformationProbe, RulesetShell):
    """The kernel hooks of a game built in the house layering (docs/adding-a-game.md): one game
    record a thread (`compiled.workspace()`), whose trace switch is `ps[GAME, G_TRACED]`, and two
    kernels of one signature, named by the game's class:

        play_range(unit_start, n, seed, mirrored, config_input, rows, flags, ws) -> problems
        play_unit(unit, seed, mirrored, config_input, rows, flags, g, scratch)

    `config_input` is the one per-config array the kernels take besides the record (the forced
    draw, or the sides' agents), given by `config_input`; `play_range` returns the card-conservation
    problems its `debug_checks` found. The hidden-information probe comes with it too
    (sim.core.hidden.HiddenInformationProbe: the game gives its hooks). The game keeps only what is
    its own."""

    play_range: ClassVar[Any]  # the game's kernels.play_range, as a staticmethod
    play_unit: ClassVar[Any]  # the game's kernels.play_unit, as a staticmethod
    # the same two without the searching agents (a game that has them), for a config where no side
    # searches (`searches`): a greedy run then never compiles the searches
    play_range_without_search: ClassVar[Any] = None
    play_unit_without_search: ClassVar[Any] = None
    trace_switch: ClassVar[tuple[int, int]]  # (GAME, G_TRACED) of the game's state.py

    def range_kernel(self, compiled: Any) -> Any:
        """play_range, or play_range_without_search for a config where no side searches."""
        searching = self.play_range_without_search is None or self.searches(compiled)
        return self.play_range if searching else self.play_range_without_search

    def unit_kernel(self, compiled: Any) -> Any:
        """play_unit, or play_unit_without_search for a config where no side searches."""
        searching = self.play_unit_without_search is None or self.searches(compiled)
        return self.play_unit if searching else self.play_unit_without_search

    def config_input(self, compiled: Any) -> np.ndarray:
        """The per-config array the kernels take; a copy, so threads share no reference counts."""
        return compiled.forced.copy()

    def play_block(self, compiled: Any, seed: np.uint64, unit_start: int, rows: np.ndarray,
                   flags: np.ndarray, ws: np.ndarray | None = None) -> None:
        """play_range over the block in a game record of its own; with `debug_checks` on, a broken
        card conservation stops the run."""
        problems = self.range_kernel(compiled)(unit_start, rows.shape[0], seed, compiled.mirrored,
                                               self.config_input(compiled), rows, flags,
                                               compiled.workspace() if ws is None else ws)
        if problems:
            raise RuntimeError(f"{self.name} debug checks: {problems} card-conservation problems in games "
                               f"{unit_start}..{unit_start + rows.shape[0] - 1}")

    def trace_one(self, compiled: Any, seed: np.uint64, unit: int, rows: np.ndarray, flags: np.ndarray) -> np.ndarray:
        ws = compiled.workspace()
        g = ws[0]
        g["tr"][:] = -1
        g["ps"][self.trace_switch] = 1
        self.unit_kernel(compiled)(unit, seed, compiled.mirrored, self.config_input(compiled), rows, flags, g, ws[1])
        return g["tr"].copy()

    def conservation_problems(self, compiled: Any, seed: int, n_units: int) -> int:
        """The same config with `debug_checks` on, so the game's conservation check runs after every
        step of every game; the problems it found, summed over the games."""
        checked = self.compile(replace(compiled.match, params={**compiled.match.params, "debug_checks": True}),
                               compiled.config_id)
        rows = np.zeros((n_units, self.n_cols), np.int64)
        flags = np.zeros((n_units, 2, self.flag_width), np.uint8)
        return int(self.range_kernel(checked)(0, n_units, seed_to_u64(seed), checked.mirrored,
                                              self.config_input(checked), rows, flags, checked.workspace()))

# -- the registry ----------------------------------------------------------------------------------
_registered: dict[str, Ruleset] = {}


def register_ruleset(ruleset: Ruleset) -> None:
    """Make a ruleset that lives outside sim/rulesets/ findable by name (a test's tiny game)."""
    _registered[ruleset.name] = ruleset


def ruleset_names() -> list[str]:
    return list(RULESET_IDS) + [name for name in _registered if name not in RULESET_IDS]


def get_ruleset(name: str, source: str = "ruleset") -> Ruleset:
    """The ruleset called `name`; an unknown name is an InputError naming `source` and the choices."""
    if name in _registered:
        return _registered[name]
    if name not in RULESET_IDS:
        raise InputError(f"{source}: ruleset: unknown ruleset {name!r}; available: {', '.join(ruleset_names())}")
    return importlib.import_module(f"sim.rulesets.{name}").RULESET
