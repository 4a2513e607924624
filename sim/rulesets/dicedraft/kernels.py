"""The dicedraft batch kernel: `play_range` plays a range of units of work, one whole unit per
iteration, without the GIL (engine.play_chunk runs blocks of units on threads); sim.core.records.count_cards
folds per-game card flags into card-impact counters.

A unit is one game, one story run (rule D-17: one drafted deck against each stage's bot) or one
best-of-three match (rule D-18). Unit u is a pure function of (run seed, config, u): its random
streams are keyed by (seed, pair, stage, side, purpose), where seat-mirrored units 2k and 2k+1 share
the pair k and differ only in who goes first.

Two builds of the kernels play the same games: `play_range` and `play_unit` with every agent, and
`play_range_without_search` and `play_unit_without_search`, which the shell plays where neither side
searches (sim.core.ruleset.RulesetShell.searches): the same body, compiled once with every agent's
turn and once with the turn of a player that does not search, so that a greedy run never compiles
the hard and expert agents.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import lowest_bit
from sim.core.forced_draw import force_card
from sim.core.hand_and_deck import clear_keeping_trace
from sim.core.records import record, seat_of_unit, write_record_head
from sim.core.rng import Purpose, below
from sim.draft.budget import _sample_deck
from sim.rulesets.dicedraft.constants import (
    COUNTER_BITS, MAX_CARDS, Agent, Col, End, Event, Field, Param, Seen, UnitKind, Zone,
)
from sim.rulesets.dicedraft.game import deck_cost, greedy_turn, set_deck
from sim.rulesets.dicedraft.expert import play_turn
from sim.rulesets.dicedraft.state import (  # noqa: F401 (N_SU and the SU_* columns: the engine imports them from here)
    CS_FLAGS, G_TURN, GAME, N_SU, PR_BUDGET, PR_DECK, PR_WINS, PS_AGENT, PS_BUDGET, PS_BY_COST,
    PS_CHARS, PS_DECK_LEN, PS_DRAFTER, PS_FORCED, PS_LIVES, PS_N_CARDS, PS_ORDER, PS_REDRAFTS, PS_ZONE_MASK,
    SC_AVAILABLE, ST_STAGE, SU_AGENT, SU_BUDGET, SU_BY_COST, SU_CHARS, SU_DRAFTER, SU_FORCED, SU_N_CARDS,
    opening_counts, seed_streams, stream, zone_mask,
)


@njit(cache=True, _nrt=False)
def draft_deck(g: np.void, tables: np.ndarray, side: int, drafter: int, budget: int, n: int) -> np.int64:
    """Rule D-02: the side's deck before a game, within `budget` points.

    The greedy drafter's deck depends only on the pool, the weights and the budget, so it was
    computed once per config (`g.greedy_decks[side, budget]`); the random drafter samples per game
    from its count table (state.opening_counts)."""
    if drafter == Agent.GREEDY:
        return g.greedy_decks[side, budget]
    available = g.scratch[SC_AVAILABLE]
    available[:] = 1
    return _sample_deck(g.tab[side, :n, Field.COST], available, n, g.max_sizes[side, budget], budget,
                        opening_counts(tables, side), g.rng, stream(side, Purpose.DRAFT))


@njit(cache=True, _nrt=False)
def reset(g: np.void) -> None:
    """Every card back to the reserve, every counter to zero, the config's per-side settings, the
    trace switch and cursor kept (a traced story or match records all its games one after another)."""
    cs, ps, setup = g.cs, g.ps, g.setup
    cs[:, :, :] = 0  # every card's zone code to Zone.RESERVE, which is 0
    clear_keeping_trace(ps, ps.shape[1])
    for side in range(2):
        ps[side, PS_AGENT] = setup[side, SU_AGENT]
        ps[side, PS_DRAFTER] = setup[side, SU_DRAFTER]
        ps[side, PS_N_CARDS] = setup[side, SU_N_CARDS]
        ps[side, PS_ZONE_MASK + Zone.RESERVE] = (np.int64(1) << np.int64(MAX_CARDS)) - np.int64(1)
        ps[side, PS_CHARS] = setup[side, SU_CHARS]
        ps[side, PS_FORCED] = setup[side, SU_FORCED]
        for i in range(MAX_CARDS):
            ps[side, PS_BY_COST + i] = setup[side, SU_BY_COST + i]


@njit(cache=True, _nrt=False, inline="always")
def play_game(g: np.void, world: np.void, tables: np.ndarray, first: int, lives: int, play_turn) -> tuple:
    """Play from shuffled decks to the end, each turn by `play_turn(g, world, tables, p)`. Returns
    (winner side or -1 for a draw, end reason, turns).

    Rule D-01: lives start at `lives`; a player whose lives reach 0 loses. Only the defender loses
    lives in a combat, so one combat never ends with both at 0. The turn cap (decision) is a draw.
    `world` is the record a hard player searches in (hard.py)."""
    ps = g.ps
    ps[0, PS_LIVES] = lives
    ps[1, PS_LIVES] = lives
    ps[GAME, G_TURN] = 0
    active = first
    cap = g.par[Param.TURN_CAP]
    while ps[GAME, G_TURN] < cap:
        if ps[active, PS_AGENT] >= Agent.HARD:
            play_turn(g, world, tables, active)  # a searching player's turn (expert.py, hard.py)
        else:
            greedy_turn(g, tables, active)  # what play_turn plays for them, without its two calls
        ps[GAME, G_TURN] += 1
        if ps[1 - active, PS_LIVES] <= 0:
            record(g, active, Event.END, active, End.LIVES, 0)
            return active, End.LIVES, ps[GAME, G_TURN]
        active = 1 - active
    record(g, -1, Event.END, -1, End.TURN_CAP, 0)
    return -1, End.TURN_CAP, ps[GAME, G_TURN]


@njit(cache=True, _nrt=False, inline="always")
def play_one_game(g: np.void, world: np.void, tables: np.ndarray, first: int, lives: int, stage: int, u: int,
                  rows: np.ndarray, flags: np.ndarray, r: int, play_turn) -> int:
    """Play one game of unit u from the decks in g.pair, each turn by `play_turn`; write row r.
    Returns the winner."""
    cs, ps, pair = g.cs, g.ps, g.pair
    for side in range(2):
        ps[side, PS_BUDGET] = pair[PR_BUDGET + side]
        set_deck(g, side, pair[PR_DECK + side])
        # the forced-draw effect moves one card of the deck the game starts with (not of a re-draft)
        force_card(ps[side], PS_ORDER, ps[side, PS_DECK_LEN], ps[side, PS_FORCED])
        m = zone_mask(g, side, Zone.DECK)
        while m:
            cs[side, lowest_bit(m), CS_FLAGS] |= Seen.IN_DECK
            m &= m - np.int64(1)
        for i in range(min(g.par[Param.DECK_TOP], ps[side, PS_DECK_LEN])):  # the deck-position effect
            cs[side, ps[side, PS_ORDER + i], CS_FLAGS] |= Seen.TOP
    record(g, first, Event.DRAFT, stage, pair[PR_BUDGET], pair[PR_BUDGET + 1])
    winner, end, turns = play_game(g, world, tables, first, lives, play_turn)
    write_record_head(rows, r, u, stage, first, winner, end, turns)
    for side in range(2):
        for c in range(ps[side, PS_N_CARDS]):
            flags[r, side, c] = cs[side, c, CS_FLAGS] & COUNTER_BITS
        rows[r, Col.COST_A + side] = deck_cost(g, side, pair[PR_DECK + side])
        rows[r, Col.LIVES_A + side] = ps[side, PS_LIVES]
        rows[r, Col.DECK_A + side] = pair[PR_DECK + side]
        rows[r, Col.BUDGET_A + side] = pair[PR_BUDGET + side]
        rows[r, Col.REDRAFTS_A + side] = ps[side, PS_REDRAFTS]
    return winner


@njit(cache=True, _nrt=False, inline="always")
def turn_without_search(g: np.void, world: np.void, tables: np.ndarray, p: int) -> None:
    """A random or greedy player's turn (game.greedy_turn), in the shape of expert.play_turn."""
    greedy_turn(g, tables, p)


@njit(cache=True, _nrt=False)
def _play_one(g: np.void, world: np.void, tables: np.ndarray, first: int, lives: int, stage: int, u: int,
              rows: np.ndarray, flags: np.ndarray, r: int) -> int:
    """play_one_game with every agent's turn (expert.play_turn: a searching player's too)."""
    return play_one_game(g, world, tables, first, lives, stage, u, rows, flags, r, play_turn)


@njit(cache=True, _nrt=False)
def _play_one_without_search(g: np.void, world: np.void, tables: np.ndarray, first: int, lives: int, stage: int,
                             u: int, rows: np.ndarray, flags: np.ndarray, r: int) -> int:
    """play_one_game when neither side searches: the same games without the hard and expert agents'
    code, so a greedy run never compiles them (docs/engine.md, "Where a cold compile goes")."""
    return play_one_game(g, world, tables, first, lives, stage, u, rows, flags, r, turn_without_search)


@njit(cache=True, inline="always")
def play_unit_with(unit_kind: int, u: int, seed: np.uint64, mirrored: bool, rows: np.ndarray, flags: np.ndarray,
                   g: np.void, world: np.void, tables: np.ndarray, play_one) -> None:
    """Play unit u into `rows`/`flags` (its own slice: no two units write the same row), in the game
    record `g` (and a hard player's world record) with the draft tables `tables` (state.new_workspace,
    state.new_draft_tables), each game by `play_one` (`_play_one` or `_play_one_without_search`).

    Everything in `g` but its constant tables and the trace is reset here, so a unit's result never
    depends on what the thread played before."""
    setup, par, pair = g.setup, g.par, g.pair
    pair_index, swap = seat_of_unit(u, mirrored)
    side_a = np.int64(0)  # not literals: a literal argument makes numba compile a function twice
    side_b = np.int64(1)
    first_stage = np.int64(0)
    n_a = setup[0, SU_N_CARDS]
    n_b = setup[1, SU_N_CARDS]
    reset(g)
    seed_streams(g, seed, pair_index, first_stage)
    pair[PR_BUDGET] = setup[0, SU_BUDGET]
    pair[PR_DECK] = draft_deck(g, tables, side_a, setup[0, SU_DRAFTER], pair[PR_BUDGET], n_a)
    story = unit_kind == UnitKind.STORY
    match = unit_kind == UnitKind.MATCH
    n_games = par[Param.STAGES] if story else (par[Param.MAX_MATCH_GAMES] if match else 1)
    lives = par[Param.STORY_LIVES] if story else par[Param.START_LIVES]
    pair[PR_WINS] = 0
    pair[PR_WINS + 1] = 0
    for s in range(n_games):
        if s > 0:
            reset(g)
            seed_streams(g, seed, pair_index, s)
        if story:
            # rule D-17: side A keeps its drafted deck through every stage; each stage's bot drafts
            # at a budget drawn from that stage's range; every battle starts at the story's lives
            low = g.stage_min[s]
            pair[PR_BUDGET + 1] = low + below(g.rng, ST_STAGE, g.stage_max[s] - low + 1)
            pair[PR_DECK + 1] = draft_deck(g, tables, side_b, setup[1, SU_DRAFTER], pair[PR_BUDGET + 1], n_b)
        elif s == 0:  # a game, or a match whose two sides keep their decks (rule D-18)
            pair[PR_BUDGET + 1] = setup[1, SU_BUDGET]
            pair[PR_DECK + 1] = draft_deck(g, tables, side_b, setup[1, SU_DRAFTER], pair[PR_BUDGET + 1], n_b)
        winner = play_one(g, world, tables, (swap + s) % 2, lives, s, u, rows, flags, s)
        if match and winner >= 0:
            # rule D-18: games until one side has the wins it needs
            pair[PR_WINS + winner] += 1
            if pair[PR_WINS + winner] >= par[Param.WINS_NEEDED]:
                break


@njit(cache=True, _nrt=False)
def play_unit(unit_kind: int, u: int, seed: np.uint64, mirrored: bool, rows: np.ndarray, flags: np.ndarray,
              g: np.void, world: np.void, tables: np.ndarray) -> None:
    """play_unit_with, every agent (a traced unit: engine.trace_one)."""
    play_unit_with(unit_kind, u, seed, mirrored, rows, flags, g, world, tables, _play_one)


@njit(cache=True, _nrt=False)
def play_unit_without_search(unit_kind: int, u: int, seed: np.uint64, mirrored: bool, rows: np.ndarray,
                             flags: np.ndarray, g: np.void, world: np.void, tables: np.ndarray) -> None:
    """play_unit_with when neither side searches."""
    play_unit_with(unit_kind, u, seed, mirrored, rows, flags, g, world, tables, _play_one_without_search)


@njit(cache=True, inline="always")
def play_range_with(unit_kind: int, unit_start: int, n_units: int, seed: np.uint64, mirrored: bool,
                    rows: np.ndarray, flags: np.ndarray, ws: np.ndarray, tables: np.ndarray, play_one) -> None:
    """The batch kernel: play units unit_start .. unit_start+n_units-1, one whole unit per iteration
    (`play_unit_with`, compiled into it: one library less for LLVM to optimise the whole game
    again in); unit i writes rows [i*per, (i+1)*per) of `rows` and `flags`.

    It releases the GIL, so the engine's wrapper (engine.play_chunk) runs one call per block of
    units on as many threads as numba is given; each block gets its own game records (ws[0], ws[1],
    state.new_workspace, holding copies of the config's constant tables) and draft tables, so
    threads share no reference counts and no game allocates.
    Which thread plays which block never changes a result. (A prange over the blocks did the same
    but added ten seconds of compilation to every cold start.)"""
    per = rows.shape[0] // max(n_units, 1)
    g = ws[0]
    world = ws[1]
    for i in range(n_units):
        play_unit_with(unit_kind, unit_start + i, seed, mirrored, rows[i * per:(i + 1) * per],
                       flags[i * per:(i + 1) * per], g, world, tables, play_one)


@njit(cache=True, nogil=True, _nrt=False)  # no reference counts: a unit's views of rows and records cost nothing
def play_range(unit_kind: int, unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, rows: np.ndarray,
               flags: np.ndarray, ws: np.ndarray, tables: np.ndarray) -> None:
    """play_range_with, every agent."""
    play_range_with(unit_kind, unit_start, n_units, seed, mirrored, rows, flags, ws, tables, _play_one)


@njit(cache=True, nogil=True, _nrt=False)
def play_range_without_search(unit_kind: int, unit_start: int, n_units: int, seed: np.uint64, mirrored: bool,
                              rows: np.ndarray, flags: np.ndarray, ws: np.ndarray, tables: np.ndarray) -> None:
    """play_range_with when neither side searches (engine.play_block picks it): the hard and expert
    agents are not compiled."""
    play_range_with(unit_kind, unit_start, n_units, seed, mirrored, rows, flags, ws, tables,
                    _play_one_without_search)
