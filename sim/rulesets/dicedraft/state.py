"""Per-game state of dicedraft, and the one record every kernel function takes.

A game's arrays live side by side in one numpy record `g` (`GAME_DTYPE`), and every function of the
game takes `g` instead of the arrays, as in fortaleza (sim/rulesets/fortaleza/state.py): numba passes
a record as one pointer and an array as five words plus two per dimension, and the arrays read from
a record have their shapes fixed in the type, so indexing them needs no loads of shapes or strides.

- `g.cs[side, card, CS_*]` (int16): each card's zone, seen-flags and the turn it was put down. A card
  is in exactly one zone by construction (card conservation).
- `g.ps[row, PS_*]` (int64): rows 0 and 1 are the players (lives, deck order and position, budget...),
  row GAME holds the turn counter, the trace cursor and the trace switch. Each player's zones are
  also kept as card masks (`PS_ZONE_MASK + zone`, sim.core.bitsets), with the masks of its characters
  and of its cards revealed so far: `move` is the one place that changes a zone, and keeps both in step.
- `g.rng[stream]` (uint64): the game's random streams (sim.core.rng), one per side and purpose.
- Scratch a turn fills and reads, so that no game allocates: `g.fights[f, F_*]` (the blocked fights
  of a combat), `g.scratch[SC_*, i]` (lists of cards), `g.fsc` and `g.roll_gains` (an agent's per-fight
  figures while it weighs its dice), `g.pair` (the unit's two decks, their budgets and a match's wins, PR_*), the
  greedy re-drafts met so far (`g.redraft_memo`: a function of the config's constant tables, kept
  for the workspace's life, game.greedy_redraft), and a
  hard agent's candidates and their scores (`g.cand`, `g.score`, hard.py), an expert's tree and the
  path of its iteration (`g.tree`, `g.tree_value`, `g.path`, expert.py), a position's features
  (`g.feat`, leaf.py), and in a hard agent's world the world as it was dealt and the greedy attack
  after a put-down there with the defender's blocks of it (`g.dealt_*`, hard.py).
- `g.tr`: the trace buffer of one unit, written only when `g.ps[GAME, G_TRACED]` is set.
- Constant tables the kernels read but never write, copied in once per workspace: `g.tab[side,
  card, Field]` (card stats), `g.val[viewer, side, card]` (what each side's agent thinks a card is
  worth), `g.w[side, Weight]`, `g.par[Param]`, `g.setup[side, SU_*]` (what the config says about each
  side), each side's search settings (`g.search[side, SEARCH_*]`, sim.core.search), the story's
  stage budget ranges `g.stage_min` / `g.stage_max` (rule D-17), and per side and
  budget the greedy drafter's deck and the largest deck that fits (`g.greedy_decks`, `g.max_sizes`,
  rules D-02 and D-16; budgets are at most MAX_BUDGET), and the fitted leaf evaluation's
  coefficients (`g.leaf`, leaf.py).

The draft tables, the one argument beside `g`: the random drafter's counting tables and the
re-draft's knapsack and counting scratch (rule D-16) are as large as the config's deck size times its
highest budget times its pool, up to 33 x 31 x 1000 floats per side (16 MB), so they cannot have a
fixed shape at a sane size, and a record type per config would compile the kernels per config. They
live in one float64 array (`new_draft_tables`) whose header gives each table's shape and offset;
the kernels take views of it (`opening_counts`, `redraft_counts`, `knapsack_tables`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import move_card
from sim.core.records import TRACE_CURSOR, TRACE_ON, TRACE_ROW, TRACE_TURN, game_records
from sim.core.rng import Purpose, seed_side_streams, stream_key
from sim.core.mcts import MAX_DEPTH, MAX_LEAF, MAX_NODES, N_T, N_V
from sim.core.search import N_SEARCH
from sim.rulesets.dicedraft.constants import (
    MAX_BUDGET, MAX_CARDS, MAX_DIE, MAX_STAGES, MAX_TRACE, N_FIELDS, N_PARAMS, N_VAL, N_WEIGHTS, Field, Kind, Seen, Zone,
)

N_ZONES = len(Zone)

# cs[side, card, ...]
CS_ZONE = 0
CS_FLAGS = 1
CS_ENTERED = 2
N_CS = 3

# ps[player, ...]
PS_LIVES = 0
PS_TOP = 1  # next deck position to draw
PS_DECK_LEN = 2
PS_BUDGET = 3
PS_REDRAFTS = 4
PS_N_CARDS = 5
PS_TURNS = 6  # turns this player has begun
PS_AGENT = 7
PS_DRAFTER = 8
PS_ZONE_MASK = 9  # ps[p, PS_ZONE_MASK + zone]: bit c set when card c is in that zone (constants.Zone)
PS_REVEALED = 14  # cards turned face up (decision in rules.md: when it attacks, blocks or is used)
PS_CHARS = 15  # the pool's characters (the rest are dice cards), fixed for a config
PS_ORDER = 16  # deck order: ps[p, PS_ORDER + i] is the card at deck position i
PS_BY_COST = PS_ORDER + MAX_CARDS  # the pool's cards from cheapest to dearest, for the re-draft (rule D-16)
PS_FORCED = PS_BY_COST + MAX_CARDS  # the forced-draw request (sim.core.forced_draw.forced_code), 0 for none
PS_DECISIONS = PS_FORCED + 1  # decisions a hard player has searched this game (keys its worlds, sim.core.search)
N_PS = PS_DECISIONS + 1

# ps[GAME, ...]
GAME = TRACE_ROW  # the trace (sim.core.records.record) reads the turn, its cursor and its switch here
G_TURN = TRACE_TURN
G_TRACE_N = TRACE_CURSOR
G_TRACED = TRACE_ON  # 1 when this game writes its events to g.tr

# rng streams of a game: side * 4 + purpose - 1, then one shared stream; then each side's search key
N_STREAM_PURPOSES = 4
SIDE_PURPOSES = tuple(range(1, N_STREAM_PURPOSES + 1))  # rng[stream(side, purpose)]: SHUFFLE, DICE, AGENT, DRAFT
ST_STAGE = 8
N_PLAY_STREAMS = 9  # the streams the game draws from (a hard agent's world gets its own of each)
ST_SEARCH = 9  # rng[ST_SEARCH + side]: the key of the side's hard-agent streams (sim.core.search)
N_STREAMS = 11

# fights[f, ...]: one fight per blocked attacker group (rules D-08, D-10, D-11)
F_A0 = 0  # first attacker (the one that receives the counterattack, rule D-10)
F_A1 = 1  # second attacker against a double blocker, else -1
F_D0 = 2
F_D1 = 3  # second defender against a double attacker, else -1
F_ATQ_A = 4  # dice boosts of this combat (rule D-13), added once per side (rule D-14)
F_DEF_A = 5
F_ATQ_D = 6
F_DEF_D = 7
N_F = 8

# scratch[row, i]: lists a turn fills and reads, so that no turn allocates
SC_ATTACKERS = 0
SC_BLOCKED = 1
SC_ORDER = 2
SC_BLOCKERS = 3  # the defender's characters on the table
SC_RANKED = 4
SC_AVAILABLE = 5  # cards a draft may pick (0/1)
SC_SEEN = 6  # unused: the greedy attack walks the opposing table by masks (agents.visible_blockers)
N_SC = 7
N_FSC = 8  # fsc[boost * 4 + (t1, v1, t2, v2), fight]: what a roll would turn (fights.flips)
MAX_CANDIDATES = MAX_CARDS + 3  # a hard agent's choices at one decision (g.cand, their mean scores g.score)
KEPT_WORLDS = 8  # the worlds of a search kept as dealt for its later candidates (the default 8 samples of 1 rollout)
REDRAFT_MEMO_BITS = 10
REDRAFT_MEMO = 1 << REDRAFT_MEMO_BITS  # greedy re-drafts remembered per side (g.redraft_memo, game.greedy_redraft)
MEMO_USED = np.int64(1) << np.int64(62)  # set in every key of g.redraft_memo: a zeroed slot holds none

# pair[...]: what one unit keeps from game to game
PR_DECK = 0  # pair[PR_DECK + side]: the side's drafted deck (bitmask)
PR_BUDGET = 2  # pair[PR_BUDGET + side]: the budget it was drafted at
PR_WINS = 4  # pair[PR_WINS + side]: games won in a match (rule D-18)
N_PR = 6

# setup[side, ...]: what the config says about each side
SU_AGENT = 0
SU_DRAFTER = 1
SU_BUDGET = 2
SU_N_CARDS = 3
SU_CHARS = 4  # mask of the pool's characters (PS_CHARS)
SU_BY_COST = 5  # the pool's cards from cheapest to dearest (sim.draft.budget.cheapest_first)
SU_FORCED = SU_BY_COST + MAX_CARDS  # the forced-draw request (sim.core.forced_draw.forced_code), 0 for none
N_SU = SU_FORCED + 1

GAME_DTYPE = np.dtype([
    ("tab", np.int32, (2, MAX_CARDS, N_FIELDS)),
    ("val", np.float64, (2, 2, N_VAL)),
    ("w", np.float64, (2, N_WEIGHTS)),
    ("par", np.int64, (N_PARAMS,)),
    ("cs", np.int16, (2, MAX_CARDS, N_CS)),
    ("ps", np.int64, (3, N_PS)),
    ("rng", np.uint64, (N_STREAMS,)),
    ("fights", np.int32, (MAX_CARDS, N_F)),
    ("scratch", np.int32, (N_SC, MAX_CARDS)),
    ("fsc", np.float64, (N_FSC, MAX_CARDS)),
    ("roll_gains", np.float64, (2, MAX_DIE + 1)),  # [boost, roll]: a die's summed best gains (agents.choose_die)
    ("pair", np.int64, (N_PR,)),
    ("setup", np.int64, (2, N_SU)),
    ("search", np.int64, (2, N_SEARCH)),
    ("stage_min", np.int64, (MAX_STAGES,)),
    ("stage_max", np.int64, (MAX_STAGES,)),
    ("greedy_decks", np.int64, (2, MAX_BUDGET + 1)),
    ("max_sizes", np.int64, (2, MAX_BUDGET + 1)),
    ("redraft_memo", np.int64, (2, REDRAFT_MEMO, 2)),  # (key, deck) of a greedy re-draft (game.greedy_redraft)
    ("cand", np.int64, (MAX_CANDIDATES,)),
    ("score", np.float64, (MAX_CANDIDATES,)),
    ("tree", np.int64, (MAX_NODES, N_T)),  # an expert player's search tree (sim.core.mcts, expert.py)
    ("tree_value", np.float64, (MAX_NODES, N_V)),
    ("path", np.int64, (MAX_DEPTH,)),
    ("leaf", np.float64, (MAX_LEAF,)),  # the fitted leaf evaluation's coefficients (leaf.py, leaf.json)
    ("feat", np.float64, (MAX_LEAF,)),  # a position's features as the leaf evaluation reads them
    ("dealt_cs", np.int16, (KEPT_WORLDS, 2, MAX_CARDS, N_CS)),  # a search's worlds as dealt (hard.enter_world)
    ("dealt_ps", np.int64, (KEPT_WORLDS, 3, N_PS)),
    ("dealt_rng", np.uint64, (KEPT_WORLDS, N_STREAMS)),
    ("dealt_attack", np.int64, (KEPT_WORLDS,)),  # the greedy attack after a put-down in each (hard.attack_after_put_down)
    ("dealt_nf", np.int64, (KEPT_WORLDS,)),  # and the defender's blocks of it: how many fights,
    ("dealt_fights", np.int32, (KEPT_WORLDS, MAX_CARDS, N_F)),  # the fights as blocked,
    ("dealt_blocked", np.int32, (KEPT_WORLDS, MAX_CARDS)),  # the attackers' blocked marks
    ("tr", np.int32, (MAX_TRACE, 6)),
], align=True)


def new_workspace(tab: np.ndarray, val: np.ndarray, w: np.ndarray, par: np.ndarray, setup: np.ndarray,
                  search: np.ndarray, stage_min: np.ndarray, stage_max: np.ndarray, greedy_decks: np.ndarray,
                  max_sizes: np.ndarray) -> np.ndarray:
    """The records one thread reuses for every unit it plays (a two-element array of GAME_DTYPE):
    ws[0] is the game, the `g` the kernels take; ws[1] the world a hard agent plays its rollouts in
    (hard.py). Both hold a copy of the config's constant tables. The per-budget tables cover budgets
    0 .. greedy_decks.shape[1] - 1, at most MAX_BUDGET."""
    if greedy_decks.shape[1] > MAX_BUDGET + 1 or len(stage_min) > MAX_STAGES:
        raise ValueError(f"budgets up to {MAX_BUDGET} and at most {MAX_STAGES} stages fit the game record")
    return game_records(GAME_DTYPE, tab=tab, val=val, w=w, par=par, setup=setup, search=search, stage_min=stage_min,
                        stage_max=stage_max, greedy_decks=greedy_decks, max_sizes=max_sizes)


# The draft tables: one float64 array, a header (DT_*: whole numbers, exact as floats), then each
# table at the offset its header entry gives. All float64, the knapsack's 0/1 choices too, so a view
# is a slice and a reshape: a `.view` to another dtype would add a second of cold compile.
DT_POOL = 0  # rows of the opening count tables: the larger pool's cards + 1
DT_DECK = 1  # deck size + 1
DT_BUDGET = 2  # the config's highest budget + 1
DT_COST = 3  # the dearer pool's total cost + 1
DT_OPENING = 4  # the random drafter's count table of each side, [2, POOL, DECK, BUDGET] (rule D-02)
DT_REDRAFT = 5  # the re-draft's count table, [MAX_CARDS + 1, DECK, BUDGET] (rule D-16)
DT_DP = 6  # the re-draft's knapsack values, [MAX_CARDS + 1, COST] (sim.draft.budget._best_deck)
DT_KEEP = 7  # and its choices, [MAX_CARDS, MAX_CARDS + 1, COST]
N_DT = 8


def new_draft_tables(opening_counts: np.ndarray, max_budget: int, pool_cost: int) -> np.ndarray:
    """The draft tables of one thread: a copy of the random drafter's count tables
    (`opening_counts[side, i, j, b]`, sim.draft.budget.count_table; zeros for a greedy drafter), and
    the re-draft's scratch sized for this config's highest budget and the dearer pool's total cost."""
    pool_rows, deck_rows = opening_counts.shape[1], opening_counts.shape[2]
    budgets = max_budget + 1
    costs = pool_cost + 1
    sizes = (opening_counts.size, (MAX_CARDS + 1) * deck_rows * budgets, (MAX_CARDS + 1) * costs,
             MAX_CARDS * (MAX_CARDS + 1) * costs)
    header = [pool_rows, deck_rows, budgets, costs]
    at = N_DT
    for size in sizes:
        header.append(at)
        at += size
    tables = np.zeros(at)
    tables[:N_DT] = header
    tables[header[DT_OPENING]:header[DT_OPENING] + opening_counts.size] = opening_counts.ravel()
    return tables


@njit(cache=True, _nrt=False, inline="always")
def _head(tables: np.ndarray, entry: int) -> np.int64:
    return np.int64(tables[entry])


@njit(cache=True, _nrt=False, inline="always")
def opening_counts(tables: np.ndarray, side: int) -> np.ndarray:
    """The random drafter's count table of `side` (sim.draft.budget._sample_deck reads it)."""
    rows, deck, budgets = _head(tables, DT_POOL), _head(tables, DT_DECK), _head(tables, DT_BUDGET)
    n = rows * deck * budgets
    at = _head(tables, DT_OPENING) + n * side
    return tables[at:at + n].reshape((rows, deck, budgets))


@njit(cache=True, _nrt=False, inline="always")
def redraft_counts(tables: np.ndarray) -> np.ndarray:
    """Scratch for the random drafter's count table over the cards a re-draft may pick (rule D-16)."""
    deck, budgets = _head(tables, DT_DECK), _head(tables, DT_BUDGET)
    at = _head(tables, DT_REDRAFT)
    return tables[at:at + (MAX_CARDS + 1) * deck * budgets].reshape((MAX_CARDS + 1, deck, budgets))


@njit(cache=True, _nrt=False, inline="always")
def knapsack_tables(tables: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Scratch for the greedy re-draft's knapsack (sim.draft.budget._best_deck): (dp, keep)."""
    costs = _head(tables, DT_COST)
    at = _head(tables, DT_DP)
    dp = tables[at:at + (MAX_CARDS + 1) * costs].reshape((MAX_CARDS + 1, costs))
    at = _head(tables, DT_KEEP)
    keep = tables[at:at + MAX_CARDS * (MAX_CARDS + 1) * costs].reshape((MAX_CARDS, MAX_CARDS + 1, costs))
    return dp, keep


@njit(cache=True, _nrt=False, inline="always")
def stream(side: int, purpose: int) -> int:
    """Index in `g.rng` of a side's stream for `purpose` (a sim.core.rng.Purpose below STAGE)."""
    return side * N_STREAM_PURPOSES + purpose - 1


@njit(cache=True, _nrt=False)
def seed_streams(g: np.void, seed: np.uint64, unit: np.uint64, stage: int) -> None:
    """Key every stream of one game from (run seed, unit, stage, side, purpose)."""
    base = np.uint64(stage * 64)
    seed_side_streams(g.rng, seed, unit, base, SIDE_PURPOSES, np.int64(ST_SEARCH))
    g.rng[ST_STAGE] = stream_key(seed, unit, base + np.uint64(Purpose.STAGE))


@njit(cache=True, _nrt=False, inline="always")
def is_character(g: np.void, side: int, card: int) -> bool:
    return g.tab[side, card, Field.KIND] == Kind.CHARACTER


@njit(cache=True, _nrt=False, inline="always")
def zone_mask(g: np.void, side: int, zone: int) -> np.int64:
    return g.ps[side, PS_ZONE_MASK + zone]


@njit(cache=True, _nrt=False, inline="always")
def pool_mask(g: np.void, side: int) -> np.int64:
    """Every card of the side's pool (the reserve's mask also holds the slots past it, reset)."""
    return (np.int64(1) << np.int64(g.ps[side, PS_N_CARDS])) - np.int64(1)


@njit(cache=True, _nrt=False, inline="always")
def move(g: np.void, side: int, c: int, zone: int) -> None:
    """Put card c of `side` in `zone`, keeping the zone masks in step with the zone codes."""
    move_card(g.cs, g.ps, side, c, zone, CS_ZONE, PS_ZONE_MASK)


@njit(cache=True, _nrt=False)
def sync_masks(g: np.void) -> None:
    """Rebuild every mask from the zone codes, flags and card kinds (after a board is set by hand)."""
    cs, ps = g.cs, g.ps
    for side in range(2):
        for zone in range(N_ZONES):
            ps[side, PS_ZONE_MASK + zone] = 0
        ps[side, PS_REVEALED] = 0
        ps[side, PS_CHARS] = 0
        for c in range(ps[side, PS_N_CARDS]):
            bit = np.int64(1) << np.int64(c)
            ps[side, PS_ZONE_MASK + cs[side, c, CS_ZONE]] |= bit
            if cs[side, c, CS_FLAGS] & Seen.REVEALED:
                ps[side, PS_REVEALED] |= bit
            if is_character(g, side, c):
                ps[side, PS_CHARS] |= bit
