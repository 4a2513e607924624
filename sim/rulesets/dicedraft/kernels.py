"""The dicedraft batch kernel: `play_range` plays a range of units of work, one whole unit per
iteration, without the GIL (engine.play_chunk runs blocks of units on threads); sim.core.records.count_cards
folds per-game card flags into card-impact counters.

A unit is one game, one story run (rule D-17: one drafted deck against each stage's bot) or one
best-of-three match (rule D-18). Unit u is a pure function of (run seed, config, u): its random
streams are keyed by (seed, pair, stage, side, purpose), where seat-mirrored units 2k and 2k+1 share
the pair k and differ only in who goes first.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.forced_draw import force_card
from sim.core.rng import Purpose, below
from sim.draft.budget import _sample_deck
from sim.rulesets.dicedraft.constants import (
    COUNTER_BITS, MAX_CARDS, Agent, Col, Event, Field, Param, Seen, UnitKind, Zone,
)
from sim.rulesets.dicedraft.game import play_game, set_deck
from sim.rulesets.dicedraft.state import (
    CS_FLAGS, CS_ZONE, G_TRACE_N, GAME, PS_AGENT, PS_BUDGET, PS_DECK_LEN, PS_DRAFTER, PS_LIVES, PS_N_CARDS, PS_ORDER,
    PS_REDRAFTS, PS_BY_COST, PS_CHARS, PS_FORCED, PS_ZONE_MASK, SC_AVAILABLE,
    ST_STAGE, record, seed_streams, stream,
)

# setup[side, ...]: what the config says about each side
SU_AGENT = 0
SU_DRAFTER = 1
SU_BUDGET = 2
SU_N_CARDS = 3
SU_CHARS = 4  # mask of the pool's characters (state.PS_CHARS)
SU_BY_COST = 5  # the pool's cards from cheapest to dearest (sim.draft.budget.cheapest_first)
SU_FORCED = SU_BY_COST + MAX_CARDS  # the forced-draw request (sim.core.forced_draw.forced_code), 0 for none
N_SU = SU_FORCED + 1


@njit(cache=True)
def draft_deck(tab: np.ndarray, rng: np.ndarray, scratch: np.ndarray, side: int, drafter: int, budget: int,
               greedy_decks: np.ndarray, max_sizes: np.ndarray, counts: np.ndarray, n: int) -> np.int64:
    """Rule D-02: the side's deck before a game, within `budget` points.

    The greedy drafter's deck depends only on the pool, the weights and the budget, so it was
    computed once per config (`greedy_decks[side, budget]`); the random drafter samples per game."""
    if drafter == Agent.GREEDY:
        return greedy_decks[side, budget]
    available = scratch[SC_AVAILABLE]
    available[:] = 1
    return _sample_deck(tab[side, :n, Field.COST], available, n, max_sizes[side, budget], budget, counts[side],
                        rng, stream(side, Purpose.DRAFT))


@njit(cache=True, _nrt=False)
def _reset(cs: np.ndarray, ps: np.ndarray, setup: np.ndarray) -> None:
    """Every card back to the reserve, every counter to zero, the config's per-side settings and
    the trace cursor kept (a traced story or match records all its games one after another)."""
    cs[:, :, :] = 0
    traced = ps[GAME, G_TRACE_N]
    ps[:, :] = 0
    ps[GAME, G_TRACE_N] = traced
    for side in range(2):
        for c in range(MAX_CARDS):
            cs[side, c, CS_ZONE] = Zone.RESERVE
        ps[side, PS_AGENT] = setup[side, SU_AGENT]
        ps[side, PS_DRAFTER] = setup[side, SU_DRAFTER]
        ps[side, PS_N_CARDS] = setup[side, SU_N_CARDS]
        ps[side, PS_ZONE_MASK + Zone.RESERVE] = (np.int64(1) << np.int64(MAX_CARDS)) - np.int64(1)
        ps[side, PS_CHARS] = setup[side, SU_CHARS]
        ps[side, PS_FORCED] = setup[side, SU_FORCED]
        for i in range(MAX_CARDS):
            ps[side, PS_BY_COST + i] = setup[side, SU_BY_COST + i]


@njit(cache=True, _nrt=False)
def _play_one(tab: np.ndarray, val: np.ndarray, w: np.ndarray, par: np.ndarray, ws: tuple, first: int, lives: int,
              stage: int, u: int, rows: np.ndarray, flags: np.ndarray, r: int, tr: np.ndarray) -> int:
    """Play one game of unit u from the decks in the workspace; write row r. Returns the winner."""
    cs, ps, rng, pair = ws[0], ws[1], ws[2], ws[5]
    for side in range(2):
        ps[side, PS_BUDGET] = pair[2 + side]
        set_deck(cs, ps, rng, side, pair[side])
        # the forced-draw effect moves one card of the deck the game starts with (not of a re-draft)
        force_card(ps[side], PS_ORDER, ps[side, PS_DECK_LEN], ps[side, PS_FORCED])
        for c in range(ps[side, PS_N_CARDS]):
            if cs[side, c, CS_ZONE] == Zone.DECK:
                cs[side, c, CS_FLAGS] |= Seen.IN_DECK
        for i in range(min(par[Param.DECK_TOP], ps[side, PS_DECK_LEN])):  # the deck-position effect
            cs[side, ps[side, PS_ORDER + i], CS_FLAGS] |= Seen.TOP
    record(tr, ps, first, Event.DRAFT, stage, pair[2], pair[3])
    winner, end, turns = play_game(tab, val, w, par, ws, first, lives, tr)
    rows[r, Col.UNIT] = u
    rows[r, Col.STAGE] = stage
    rows[r, Col.PLAYED] = 1
    rows[r, Col.FIRST] = first
    rows[r, Col.WINNER] = winner
    rows[r, Col.END] = end
    rows[r, Col.TURNS] = turns
    for side in range(2):
        total = 0
        for c in range(ps[side, PS_N_CARDS]):
            if (pair[side] >> np.int64(c)) & np.int64(1):
                total += tab[side, c, Field.COST]
            flags[r, side, c] = cs[side, c, CS_FLAGS] & COUNTER_BITS
        rows[r, Col.COST_A + side] = total
        rows[r, Col.LIVES_A + side] = ps[side, PS_LIVES]
        rows[r, Col.DECK_A + side] = pair[side]
        rows[r, Col.BUDGET_A + side] = pair[2 + side]
        rows[r, Col.REDRAFTS_A + side] = ps[side, PS_REDRAFTS]
    return winner


@njit(cache=True)
def play_unit(unit_kind: int, u: int, seed: np.uint64, mirrored: bool, tab: np.ndarray, val: np.ndarray,
              w: np.ndarray, par: np.ndarray, setup: np.ndarray, greedy_decks: np.ndarray, max_sizes: np.ndarray,
              counts: np.ndarray, stage_min: np.ndarray, stage_max: np.ndarray, rows: np.ndarray,
              flags: np.ndarray, ws: tuple, tr: np.ndarray) -> None:
    """Play unit u into `rows`/`flags` (its own slice: no two units write the same row).

    `ws` is the calling thread's workspace (state.new_workspace); everything in it is reset here,
    so a unit's result never depends on what the thread played before."""
    cs, ps, rng, scratch, pair = ws[0], ws[1], ws[2], ws[4], ws[5]
    pair_index = np.uint64(u // 2) if mirrored else np.uint64(u)
    swap = (u % 2) * np.int64(mirrored)
    side_a = np.int64(0)  # not literals: a literal argument makes numba compile a function twice
    side_b = np.int64(1)
    first_stage = np.int64(0)
    n_a = setup[0, SU_N_CARDS]
    n_b = setup[1, SU_N_CARDS]
    _reset(cs, ps, setup)
    seed_streams(rng, seed, pair_index, first_stage)
    pair[2] = setup[0, SU_BUDGET]
    pair[0] = draft_deck(tab, rng, scratch, side_a, setup[0, SU_DRAFTER], pair[2], greedy_decks, max_sizes, counts, n_a)
    story = unit_kind == UnitKind.STORY
    match = unit_kind == UnitKind.MATCH
    n_games = stage_min.shape[0] if story else (par[Param.MAX_MATCH_GAMES] if match else 1)
    lives = par[Param.STORY_LIVES] if story else par[Param.START_LIVES]
    pair[4] = 0
    pair[5] = 0
    for s in range(n_games):
        if s > 0:
            _reset(cs, ps, setup)
            seed_streams(rng, seed, pair_index, s)
        if story:
            # rule D-17: side A keeps its drafted deck through every stage; each stage's bot drafts
            # at a budget drawn from that stage's range; every battle starts at the story's lives
            pair[3] = stage_min[s] + below(rng, ST_STAGE, stage_max[s] - stage_min[s] + 1)
            pair[1] = draft_deck(tab, rng, scratch, side_b, setup[1, SU_DRAFTER], pair[3], greedy_decks, max_sizes,
                                 counts, n_b)
        elif s == 0:  # a game, or a match whose two sides keep their decks (rule D-18)
            pair[3] = setup[1, SU_BUDGET]
            pair[1] = draft_deck(tab, rng, scratch, side_b, setup[1, SU_DRAFTER], pair[3], greedy_decks, max_sizes,
                                 counts, n_b)
        winner = _play_one(tab, val, w, par, ws, (swap + s) % 2, lives, s, u, rows, flags, s, tr)
        if match and winner >= 0:
            # rule D-18: games until one side has the wins it needs
            pair[4 + winner] += 1
            if pair[4 + winner] >= par[Param.WINS_NEEDED]:
                break


@njit(cache=True, nogil=True)
def play_range(unit_kind: int, unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, tab: np.ndarray,
               val: np.ndarray, w: np.ndarray, par: np.ndarray, setup: np.ndarray, greedy_decks: np.ndarray,
               max_sizes: np.ndarray, counts: np.ndarray, stage_min: np.ndarray, stage_max: np.ndarray,
               rows: np.ndarray, flags: np.ndarray, ws: tuple) -> None:
    """The batch kernel: play units unit_start .. unit_start+n_units-1, one whole unit per iteration;
    unit i writes rows [i*per, (i+1)*per) of `rows` and `flags`.

    It releases the GIL, so the engine's wrapper (engine.play_chunk) runs one call per block of
    units on as many threads as numba is given; each block gets its own copies of the small
    constant tables and one workspace (`ws`, state.new_workspace), so threads share no reference
    counts and no game allocates.
    Which thread plays which block never changes a result. (A prange over the blocks did the same
    but added ten seconds of compilation to every cold start.)"""
    per = rows.shape[0] // max(n_units, 1)
    no_trace = np.zeros((0, 6), np.int32)
    for i in range(n_units):
        play_unit(unit_kind, unit_start + i, seed, mirrored, tab, val, w, par, setup, greedy_decks, max_sizes,
                  counts, stage_min, stage_max, rows[i * per:(i + 1) * per], flags[i * per:(i + 1) * per], ws,
                  no_trace)
