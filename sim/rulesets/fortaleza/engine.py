"""The typed Python face of the fortaleza kernels: compile a spec, play a chunk, trace one game."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numba
import numpy as np
import polars as pl

from sim.core.agents import agent_weights
from sim.core.errors import InputError
from sim.core.forced_draw import forced_code
from sim.core.params import params_hash, resolve_params
from sim.core.records import count_cards, counters_frame, games_frame_head, play_in_blocks
from sim.core.rng import seed_to_u64
from sim.rulesets.fortaleza.cards import CARDS_DIR, Collection, ablatable_cards, load_collection, vanilla_filler
from sim.rulesets.fortaleza.constants import (
    AGENT_NAMES, DEFAULT_WEIGHTS, END_NAMES, N_COLS, N_DESIGNS, Col, Weight,
)
from sim.rulesets.fortaleza.kernels import play_range, play_unit
from sim.rulesets.fortaleza.params import FortalezaParams
from sim.rulesets.fortaleza.state import G_TRACED, GAME, PS_FORCED, new_workspace
from sim.rulesets.fortaleza.targets import set_design_masks
from sim.rulesets.fortaleza.trace import describe_event_array
from sim.run.spec import Experiment, side_label

WEIGHT_NAMES = tuple(w.name.lower() for w in Weight)


@dataclass
class CompiledConfig:
    """Everything the kernels need for one config, as numpy arrays, plus what it was made from."""

    config_id: str
    experiment: Experiment
    params: FortalezaParams
    pools: tuple[Collection, Collection]  # each side's collection (the name every ruleset uses)
    labels: tuple[str, str]
    mirrored: bool
    rows_per_unit: int
    tab: np.ndarray = field(repr=False)
    w: np.ndarray = field(repr=False)
    par: np.ndarray = field(repr=False)
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

    def hashes(self) -> dict[str, str]:
        return {"cards": "+".join(p.hash() for p in self.pools), "params": params_hash(self.params)}


def compile_config(experiment: Experiment, config_id: str = "base") -> CompiledConfig:
    """Validate the spec against the collections and rule parameters and build the kernel arrays."""
    spec = experiment.spec
    source = str(experiment.path)
    if spec.kind != "games":
        raise InputError(f"{source}: kind: fortaleza plays single games (kind = \"games\"), not {spec.kind!r}")
    for i, side in enumerate(spec.sides):
        if side.budget is not None:
            raise InputError(f"{source}: side[{i + 1}].budget: fortaleza has no draft budget (rule F-02: one copy "
                             "of each design); remove it")
        if side.draft != "greedy":  # the field's default, also what a stored manifest spells out
            raise InputError(f"{source}: side[{i + 1}].draft: fortaleza decks are not drafted (rule F-02); remove it")
    params = resolve_params(FortalezaParams, spec.params, source)
    cards_dir: Path = experiment.cards_dir or CARDS_DIR
    pools = experiment.load_side_cards(load_collection, vanilla_filler, cards_dir)
    tab = np.stack([p.table for p in pools]).astype(np.int32)
    w = np.stack([agent_weights(DEFAULT_WEIGHTS, WEIGHT_NAMES, side.weights, source, i) for i, side in enumerate(spec.sides)])
    agents = np.array([AGENT_NAMES.index(side.agent) for side in spec.sides], np.int64)
    labels = tuple(side_label(s, i) for i, s in enumerate(spec.sides))
    forced = np.zeros(2, np.int64)
    if experiment.force is not None:
        index, card_id, where = experiment.force
        forced[index] = forced_code(pools[index].index_of(card_id), where)
    return CompiledConfig(config_id, experiment, params, pools, labels, spec.seats == "mirrored", 1, tab, w,
                          params.vector(), agents, forced)


def forced_draw_cards(experiment: Experiment, side_index: int) -> list[str]:
    """The side's designs a forced draw can move: every one but the lands, which start in the
    reserve, never in the deck (rule F-02)."""
    side = experiment.spec.sides[side_index]
    return ablatable_cards(side.faction, experiment.cards_dir or CARDS_DIR)


def play_chunk(compiled: CompiledConfig, seed: int, unit_start: int, n_units: int,
               threads: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Play games [unit_start, unit_start + n_units): (rows[game, Col], counters[side, card, Counter, result]).

    Blocks of consecutive games run on `threads` threads (default: numba's thread count); the result
    depends only on (config, seed, game range), never on the threads or blocks."""
    threads = threads or numba.get_num_threads()
    rows = np.zeros((n_units, N_COLS), np.int64)
    flags = np.zeros((n_units, 2, N_DESIGNS), np.uint8)

    def play_block(lo: int, hi: int) -> np.ndarray:
        agents = compiled.agents.copy()  # no shared refcounts between threads
        problems = play_range(unit_start + lo, hi - lo, seed_to_u64(seed), compiled.mirrored, agents, rows[lo:hi],
                              flags[lo:hi], compiled.workspace())
        if problems:
            raise RuntimeError(f"fortaleza debug checks: {problems} card-conservation problems in games "
                               f"{unit_start + lo}..{unit_start + hi - 1}")
        return count_cards(rows[lo:hi], flags[lo:hi])

    return rows, play_in_blocks(n_units, threads, play_block)


def trace_unit(compiled: CompiledConfig, seed: int, unit: int) -> tuple[np.ndarray, np.ndarray]:
    """Replay game `unit` with the trace on: (rows, events[event, (turn, player, code, a, b, c)])."""
    rows = np.zeros((1, N_COLS), np.int64)
    flags = np.zeros((1, 2, N_DESIGNS), np.uint8)
    g = compiled.workspace()[0]
    g["tr"][:] = -1
    g["ps"][GAME, G_TRACED] = 1
    play_unit(unit, seed_to_u64(seed), compiled.mirrored, compiled.agents, rows, flags, g)
    events = g["tr"]
    return rows, events[events[:, 2] >= 0].copy()


def events_of_stage(events: np.ndarray, stage: int) -> np.ndarray:
    """A fortaleza unit is one game: all its events."""
    return events


def describe_events(compiled: CompiledConfig, rows: np.ndarray, events: np.ndarray, lang: str = "es") -> list[str]:
    """The traced events of `trace_unit` as readable lines."""
    names = (compiled.pools[0].names, compiled.pools[1].names)
    return describe_event_array(compiled.tab, names, compiled.labels, events, lang)


def games_frame(compiled: CompiledConfig, rows: np.ndarray) -> pl.DataFrame:
    """Per-game records as a Polars frame, one row per game (the columns every ruleset shares, then
    fortaleza's own: final Fortalezas, mulligans, cards played)."""
    played = rows[rows[:, Col.PLAYED] == 1]
    spec = compiled.experiment.spec
    frame = games_frame_head(compiled.config_id, played, 1, END_NAMES, compiled.labels, spec.sides)
    for i, suffix in enumerate("ab"):
        frame = frame.with_columns(
            pl.Series(f"lives_{suffix}", played[:, Col.FORT_A + i].astype(np.int16)),
            pl.Series(f"mulligans_{suffix}", played[:, Col.MULLIGAN_A + i].astype(np.int8)),
            pl.Series(f"cards_played_{suffix}", played[:, Col.CARDS_PLAYED_A + i].astype(np.int16)),
        )
    return frame


def cards_frame(compiled: CompiledConfig, counters: np.ndarray) -> pl.DataFrame:
    """Card-impact counters as a Polars frame: one row per (side, design); lands never enter the
    deck (rule F-02), so their counters stay 0 but for `played`."""
    return counters_frame(compiled.config_id, compiled.pools, counters)


def default_chunk_units(compiled: CompiledConfig) -> int:
    """Games per chunk: enough work that a chunk takes seconds, not milliseconds."""
    return 20_000
