"""The dicedraft batch kernel: `play_batch` plays many units of work in parallel (prange, one unit
per iteration) and `count_cards` folds per-game card flags into card-impact counters.

A unit is one game, one story run (rule D-17: one drafted deck against each stage's bot) or one
best-of-three match (rule D-18). Unit u is a pure function of (run seed, config, u): its random
streams are keyed by (seed, pair, stage, side, purpose), where seat-mirrored units 2k and 2k+1 share
the pair k and differ only in who goes first.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim.core.rng import Purpose, below
from sim.draft.budget import _sample_deck
from sim.rulesets.dicedraft.constants import (
    COUNTER_BITS, MAX_CARDS, N_COUNTERS, Agent, Col, Counter, Event, Field, Param, Seen, UnitKind, Zone,
)
from sim.rulesets.dicedraft.game import play_game, set_deck
from sim.rulesets.dicedraft.state import (
    CS_FLAGS, CS_ZONE, PS_AGENT, PS_BUDGET, PS_DRAFTER, PS_LIVES, PS_N_CARDS, PS_REDRAFTS,
    ST_STAGE, new_state, record, seed_streams, stream,
)

# setup[side, ...]: what the config says about each side
SU_AGENT = 0
SU_DRAFTER = 1
SU_BUDGET = 2
SU_N_CARDS = 3
N_SU = 4


@njit(cache=True)
def draft_deck(tab: np.ndarray, rng: np.ndarray, side: int, drafter: int, budget: int, greedy_decks: np.ndarray,
               max_sizes: np.ndarray, counts: np.ndarray, n: int) -> np.int64:
    """Rule D-02: the side's deck before a game, within `budget` points.

    The greedy drafter's deck depends only on the pool, the weights and the budget, so it was
    computed once per config (`greedy_decks[side, budget]`); the random drafter samples per game."""
    if drafter == Agent.GREEDY:
        return greedy_decks[side, budget]
    available = np.ones(n, np.bool_)
    return _sample_deck(tab[side, :n, Field.COST], available, n, max_sizes[side, budget], budget, counts[side],
                        rng, stream(side, Purpose.DRAFT))


@njit(cache=True)
def _reset(cs: np.ndarray, ps: np.ndarray, setup: np.ndarray) -> None:
    """Every card back to the reserve, every counter to zero, the config's per-side settings kept."""
    cs[:, :, :] = 0
    ps[:, :] = 0
    for side in range(2):
        for c in range(MAX_CARDS):
            cs[side, c, CS_ZONE] = Zone.RESERVE
        ps[side, PS_AGENT] = setup[side, SU_AGENT]
        ps[side, PS_DRAFTER] = setup[side, SU_DRAFTER]
        ps[side, PS_N_CARDS] = setup[side, SU_N_CARDS]


@njit(cache=True)
def _play_one(tab, val, w, par, setup, cs, ps, rng, fights, scratch, decks, budgets, first, lives, stage,
              u, rows, flags, r, tr) -> int:
    """Play one game of unit u from the given decks; write row r. Returns the winner (-1 draw)."""
    for side in range(2):
        ps[side, PS_BUDGET] = budgets[side]
        set_deck(cs, ps, rng, side, decks[side])
        for c in range(ps[side, PS_N_CARDS]):
            if cs[side, c, CS_ZONE] == Zone.DECK:
                cs[side, c, CS_FLAGS] |= Seen.IN_DECK
    record(tr, ps, first, Event.DRAFT, stage, budgets[0], budgets[1])
    winner, end, turns = play_game(tab, val, w, par, cs, ps, rng, fights, scratch, first, lives, tr)
    rows[r, Col.UNIT] = u
    rows[r, Col.STAGE] = stage
    rows[r, Col.PLAYED] = 1
    rows[r, Col.FIRST] = first
    rows[r, Col.WINNER] = winner
    rows[r, Col.END] = end
    rows[r, Col.TURNS] = turns
    rows[r, Col.LIVES_A] = ps[0, PS_LIVES]
    rows[r, Col.LIVES_B] = ps[1, PS_LIVES]
    rows[r, Col.DECK_A] = decks[0]
    rows[r, Col.DECK_B] = decks[1]
    rows[r, Col.BUDGET_A] = budgets[0]
    rows[r, Col.BUDGET_B] = budgets[1]
    rows[r, Col.REDRAFTS_A] = ps[0, PS_REDRAFTS]
    rows[r, Col.REDRAFTS_B] = ps[1, PS_REDRAFTS]
    for side in range(2):
        total = 0
        for c in range(ps[side, PS_N_CARDS]):
            if (decks[side] >> np.int64(c)) & np.int64(1):
                total += tab[side, c, Field.COST]
            flags[r, side, c] = cs[side, c, CS_FLAGS] & COUNTER_BITS
        rows[r, Col.COST_A + side] = total
    return winner


@njit(cache=True)
def play_unit(unit_kind: int, u: int, seed: np.uint64, mirrored: bool, tab: np.ndarray, val: np.ndarray,
              w: np.ndarray, par: np.ndarray, setup: np.ndarray, greedy_decks: np.ndarray, max_sizes: np.ndarray,
              counts: np.ndarray, stage_min: np.ndarray, stage_max: np.ndarray, rows: np.ndarray,
              flags: np.ndarray, tr: np.ndarray) -> None:
    """Play unit u into `rows`/`flags` (its own slice: no two units write the same row)."""
    pair = np.uint64(u // 2) if mirrored else np.uint64(u)
    swap = u % 2 if mirrored else 0
    cs, ps, rng, fights = new_state(setup[0, SU_N_CARDS], setup[1, SU_N_CARDS])
    scratch = np.empty((3, MAX_CARDS), np.int32)
    decks = np.zeros(2, np.int64)
    budgets = np.zeros(2, np.int64)
    n_a = setup[0, SU_N_CARDS]
    n_b = setup[1, SU_N_CARDS]
    _reset(cs, ps, setup)
    seed_streams(rng, seed, pair, 0)
    budgets[0] = setup[0, SU_BUDGET]
    decks[0] = draft_deck(tab, rng, 0, setup[0, SU_DRAFTER], budgets[0], greedy_decks, max_sizes, counts, n_a)
    if unit_kind == UnitKind.GAME:
        budgets[1] = setup[1, SU_BUDGET]
        decks[1] = draft_deck(tab, rng, 1, setup[1, SU_DRAFTER], budgets[1], greedy_decks, max_sizes, counts, n_b)
        _play_one(tab, val, w, par, setup, cs, ps, rng, fights, scratch, decks, budgets, swap,
                  par[Param.START_LIVES], 0, u, rows, flags, 0, tr)
    elif unit_kind == UnitKind.STORY:
        # rule D-17: side A keeps its drafted deck through every stage; each stage's bot drafts at a
        # budget drawn from that stage's range; every battle starts at the story's lives
        for s in range(stage_min.shape[0]):
            if s > 0:
                _reset(cs, ps, setup)
                seed_streams(rng, seed, pair, s)
            budgets[1] = stage_min[s] + below(rng, ST_STAGE, stage_max[s] - stage_min[s] + 1)
            decks[1] = draft_deck(tab, rng, 1, setup[1, SU_DRAFTER], budgets[1], greedy_decks, max_sizes, counts, n_b)
            _play_one(tab, val, w, par, setup, cs, ps, rng, fights, scratch, decks, budgets, (swap + s) % 2,
                      par[Param.STORY_LIVES], s, u, rows, flags, s, tr)
    else:
        # rule D-18: games until one side has the wins it needs; both keep their drafted decks
        budgets[1] = setup[1, SU_BUDGET]
        decks[1] = draft_deck(tab, rng, 1, setup[1, SU_DRAFTER], budgets[1], greedy_decks, max_sizes, counts, n_b)
        wins = np.zeros(2, np.int64)
        for g in range(par[Param.MAX_MATCH_GAMES]):
            if g > 0:
                _reset(cs, ps, setup)
                seed_streams(rng, seed, pair, g)
            winner = _play_one(tab, val, w, par, setup, cs, ps, rng, fights, scratch, decks, budgets,
                               (swap + g) % 2, par[Param.START_LIVES], g, u, rows, flags, g, tr)
            if winner >= 0:
                wins[winner] += 1
                if wins[winner] >= par[Param.WINS_NEEDED]:
                    break


@njit(parallel=True, cache=True)
def play_batch(unit_kind: int, unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, tab: np.ndarray,
               val: np.ndarray, w: np.ndarray, par: np.ndarray, setup: np.ndarray, greedy_decks: np.ndarray,
               max_sizes: np.ndarray, counts: np.ndarray, stage_min: np.ndarray, stage_max: np.ndarray,
               rows: np.ndarray, flags: np.ndarray) -> None:
    """Play units unit_start .. unit_start+n_units-1; unit i writes rows [i*per, (i+1)*per)."""
    per = rows.shape[0] // n_units
    no_trace = np.zeros((0, 6), np.int32)
    for i in prange(n_units):
        play_unit(unit_kind, unit_start + i, seed, mirrored, tab, val, w, par, setup, greedy_decks, max_sizes,
                  counts, stage_min, stage_max, rows[i * per:(i + 1) * per], flags[i * per:(i + 1) * per], no_trace)


@njit(parallel=True, cache=True)
def count_cards(rows: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """counters[side, card, Counter, result]: games (played rows) per card, by result for that side
    (0 win, 1 loss, 2 draw). Integer sums: the same whatever the order or thread count."""
    counters = np.zeros((2, MAX_CARDS, N_COUNTERS, 3), np.int64)
    for k in prange(2 * MAX_CARDS):
        side = k // MAX_CARDS
        c = k % MAX_CARDS
        for r in range(rows.shape[0]):
            if rows[r, Col.PLAYED] == 0:
                continue
            winner = rows[r, Col.WINNER]
            result = 2 if winner < 0 else (0 if winner == side else 1)
            f = flags[r, side, c]
            if f & Seen.IN_DECK:
                counters[side, c, Counter.IN_DECK, result] += 1
                if not f & (Seen.OPENING | Seen.DRAWN):
                    counters[side, c, Counter.NEVER_SEEN, result] += 1
            if f & Seen.OPENING:
                counters[side, c, Counter.OPENING, result] += 1
            if f & Seen.DRAWN:
                counters[side, c, Counter.DRAWN, result] += 1
            if f & Seen.PLAYED:
                counters[side, c, Counter.PLAYED, result] += 1
    return counters
