"""The searching agent ("hard") every ruleset builds the same way: determinization and flat Monte Carlo.

At each decision it searches, a hard player:

1. lists its candidate choices (the ruleset's hard.py: the legal choices the greedy agent values
   most, or for a combinatorial choice such as a set of attackers, the greedy agent's choice and its
   neighbours), at most `width` of them, the greedy agent's choice first;
2. samples `samples` worlds from what it may know: the opponent's cards it has not seen (hand,
   face-down cards, deck, cards not drafted) dealt at random into the places the opponent's unseen
   cards occupy, its own deck shuffled, and fresh dice (`deal_unseen`, `world_key`); a world depends
   only on public information and the agent's own stream, never on where the hidden cards really are;
3. plays each candidate in each world, then the rest of the game (or `horizon` turns, then the
   ruleset's evaluation) with the greedy agent on both sides, `rollouts` times with fresh dice
   (in a game whose greedy play draws no random number, such as fortaleza after its set-up, more
   rollouts replay the same games); every candidate meets the same worlds and dice (common random
   numbers: the comparison is paired);
4. keeps the candidate with the best mean score (a win 1, a draw 1/2), the first listed on a tie:
   the greedy choice comes first, so the agent leaves greedy play only for a measured gain.

Its randomness comes from its own stream keyed by (run seed, game, side, decision), never from the
game's streams: a hard side's games stay a pure function of the seed, the dice and shuffles of the
real game are the same with or without it, and a card edit leaves every other decision's worlds as
they were (paired comparisons hold with hard agents).

The settings are a side's `[side.search]` table in a spec (`SearchSettings`); the kernels read them
as `search[side, SEARCH_*]` (`search_table`).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from pydantic import BaseModel, ConfigDict, Field

from sim.core.rng import below, stream_key

# search[side, ...]: a side's search settings as the kernels read them
SEARCH_SAMPLES = 0
SEARCH_ROLLOUTS = 1
SEARCH_HORIZON = 2
SEARCH_WIDTH = 3
N_SEARCH = 4


class SearchSettings(BaseModel):
    """How hard a hard agent searches ([side.search] in a spec). The defaults were chosen from the
    strength-speed curve in docs/agents.md."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)

    samples: int = Field(8, ge=1, le=256, description="worlds sampled per decision (determinizations)")
    rollouts: int = Field(1, ge=1, le=64, description="rollouts of each candidate in each world")
    horizon: int = Field(2, ge=0, le=200, description="turns rolled out before the evaluation; 0: to the end")
    width: int = Field(6, ge=2, le=32, description="candidates searched per decision, the greedy agent's first")


def search_table(settings: tuple[SearchSettings | None, SearchSettings | None]) -> np.ndarray:
    """Both sides' settings as the int64 [side, SEARCH_*] table the kernels read (defaults for a
    side that does not search: its row is never read)."""
    table = np.zeros((2, N_SEARCH), np.int64)
    for side, chosen in enumerate(settings):
        s = chosen or SearchSettings()
        table[side] = (s.samples, s.rollouts, s.horizon, s.width)
    return table


# Keys of the agent's own streams. A decision's worlds and dice are keyed by (the side's search key,
# decision number, sample, rollout, stream): the search key itself is keyed by (run seed, game, side).
WORLD_STRIDE = 64  # streams a world may key (a game record holds fewer)


@njit(cache=True, _nrt=False, inline="always")
def world_key(search_key: np.uint64, decision: int, sample: int, rollout: int, stream: int) -> np.uint64:
    """The starting state of stream `stream` in rollout `rollout` of world `sample` of a decision."""
    code = np.uint64((sample * 64 + rollout) * WORLD_STRIDE + stream)
    return stream_key(search_key, np.uint64(decision), code)


@njit(cache=True, _nrt=False)
def copy_into(dst: np.ndarray, src: np.ndarray) -> None:
    """dst[...] = src for two C-contiguous arrays of one shape (a world taking a record's state), as
    one flat loop: nested loops over (side, card, column) were vectorised by LLVM across cards with
    gathers and scatters, and took a fifth of fortaleza's hard agent (perf, docs/engine.md). A slice
    copy would need numba's runtime, which the kernels go without. Through the arrays' flat
    iterators, which index a C-contiguous array's data directly: a flat view by reshape calls
    numba's reshape check (`numba_attempt_nocopy_reshape`) for each array, and those calls were a
    tenth of rolplay's hard agent (callgrind, docs/engine.md)."""
    flat_src = src.flat
    flat_dst = dst.flat
    for i in range(src.size):
        flat_dst[i] = flat_src[i]


@njit(_nrt=False, inline="always")
def enter_kept_world(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int, w: int,
                     first: bool, observe, kept: int) -> bool:
    """The body of a game's `enter_world` (best_option_stopping's), for a world whose dealt state is
    its cards, players and streams (cs, ps, rng): world w of a search (sample * rollouts + rollout)
    is dealt by the game's `observe(g, world, p, decision, sample, rollout)` for the `first`
    candidate and kept in the game record's kept_cs, kept_ps and kept_rng (the first `kept`
    worlds, the game's KEPT_WORLDS; a later one is dealt again for every candidate), and the other
    candidates copy it back over what their rollouts left: the world observe would deal again.
    Returns whether it copied back, for a game that restores more of its world from elsewhere
    (fortaleza's chain, the game's own). Inlined into each caller, as best_option is (its docstring
    says why: `observe` is the game's function); the kept fields are read where they are copied, as
    each game's own enter_world read them (passed in as arrays, they cost a few instructions a
    call, callgrind: docs/engine.md)."""
    if w >= kept:
        observe(g, world, p, decision, sample, rollout)
        return False
    if first:
        observe(g, world, p, decision, sample, rollout)
        copy_into(g.kept_cs[w], world.cs)
        copy_into(g.kept_ps[w], world.ps)
        copy_into(g.kept_rng[w], world.rng)
        return False
    copy_into(world.cs, g.kept_cs[w])
    copy_into(world.ps, g.kept_ps[w])
    copy_into(world.rng, g.kept_rng[w])
    return True


@njit(cache=True, _nrt=False)
def deal_unseen(cards: np.ndarray, n: int, rng: np.ndarray, s: int) -> None:
    """Shuffle cards[:n] in place (Fisher-Yates) with stream `s` of `rng`. The caller lists the unseen
    cards in a public order (by card number) and deals the result into the unseen places in a public
    order, so the world drawn never depends on where the hidden cards really are."""
    for i in range(n - 1, 0, -1):
        j = below(rng, s, i + 1)
        tmp = cards[i]
        cards[i] = cards[j]
        cards[j] = tmp


@njit(cache=True, _nrt=False, inline="always")
def insert_sorted(values: np.ndarray, n: int, x: int) -> None:
    """values[:n] is ascending; put x in its place, making values[:n + 1]. The public order of the
    unseen places (the turn each face-down card was put down): places alike are interchangeable."""
    j = n
    while j > 0 and values[j - 1] > x:
        values[j] = values[j - 1]
        j -= 1
    values[j] = x


@njit(cache=True, _nrt=False, inline="always")
def outcome_score(winner: int, side: int) -> float:
    """A finished rollout's score for `side`: 1 for a win, 1/2 for a draw (winner -1), 0 for a loss."""
    if winner < 0:
        return 0.5
    return 1.0 if winner == side else 0.0


@njit(cache=True, _nrt=False, inline="always")
def next_decision(ps: np.ndarray, p: int, column: int) -> np.int64:
    """The number of p's decision now, counted in ps[p, column] (it keys the decision's worlds)."""
    decision = ps[p, column]
    ps[p, column] += 1
    return decision


@njit(_nrt=False, inline="always")
def best_option(g: np.void, world: np.void, p: int, decision: int, n: int, observe, play_option,
                option_args) -> int:
    """The index of the best of the decision's `n` candidates for hard player p: each played in the
    same `samples` worlds (`observe(g, world, p, decision, sample, rollout)`, the game's), `rollouts`
    times, scored by `play_option(g, world, p, i, horizon, option_args)` (the game's: candidate i
    played in the world, then the rest of the game or `horizon` turns), the best mean score, the first
    listed on a tie. Every candidate meets the same worlds and dice (common random numbers). The
    scores are summed in g.score, which every game record holds beside its search settings g.search.

    `observe` and `play_option` are the game's compiled functions passed as arguments, and numba
    calls them directly. The loop is compiled into each caller (`inline="always"`), never on its own:
    compiled on its own, each caller would hand it the two functions as pointers to Python objects,
    which numba cannot cache (the game's search and everything above it, up to `play_range`, would
    compile again in every process); and a copy cached on disk would be kept by the game's
    functions, which a new process never finds again. Inlined, the functions are only called, and
    the callers are cached as any kernel."""
    if n == 1:
        return 0
    search, score = g.search[p], g.score
    samples, rollouts, horizon = search[SEARCH_SAMPLES], search[SEARCH_ROLLOUTS], search[SEARCH_HORIZON]
    for i in range(n):
        score[i] = 0.0
    for sample in range(samples):
        for rollout in range(rollouts):
            for i in range(n):
                observe(g, world, p, decision, sample, rollout)
                score[i] += play_option(g, world, p, i, horizon, option_args)
    best = 0
    for i in range(1, n):
        if score[i] > score[best]:
            best = i
    return best


@njit(cache=True, _nrt=False, inline="always")
def may_beat(total: float, left: int, best: float) -> bool:
    """Whether a candidate whose rollouts so far sum to `total` may still end above `best` with
    `left` rollouts to come, each scoring at most 1 (outcome_score, or a leaf in (0, 1)): the bound
    adds 1.0 `left` times in the order the real sum adds its scores, and a rounded sum never grows
    when an addend shrinks, so the test is exact to the last bit."""
    for _ in range(left):
        total += 1.0
    return total > best


@njit(_nrt=False, inline="always")
def best_option_stopping(g: np.void, world: np.void, p: int, decision: int, n: int, enter_world, play_option,
                         option_args) -> int:
    """best_option's choice with fewer rollouts. The candidates are played one after another, each
    in every world: `enter_world(g, world, p, decision, sample, rollout, w, first)` deals world w
    (sample * rollouts + rollout) for the first candidate and restores it for the others (the game's:
    it keeps the worlds it dealt), then `play_option(g, world, p, i, w, horizon, option_args)` plays
    candidate i in it. A candidate's rollouts stop once it cannot end above the best so far
    (`may_beat`): it comes after that best, so a tie would not make it the choice either; the first
    candidate (the greedy agent's choice, in the games that list it first) is always played out
    whole, and a later candidate that ends above it was never stopped. The same sums in the same
    order as best_option's, so the same choice to the bit, the first listed on a tie. Inlined into
    each caller, as best_option is (its docstring says why)."""
    if n == 1:
        return 0
    search = g.search[p]
    samples, rollouts, horizon = search[SEARCH_SAMPLES], search[SEARCH_ROLLOUTS], search[SEARCH_HORIZON]
    worlds = samples * rollouts
    best = 0
    best_score = 0.0
    for i in range(n):
        total = 0.0
        w = 0
        while w < worlds and (i == 0 or may_beat(total, worlds - w, best_score)):
            sample, rollout = divmod(w, rollouts)
            enter_world(g, world, p, decision, sample, rollout, w, i == 0)
            total += play_option(g, world, p, i, w, horizon, option_args)
            w += 1
        if i == 0 or (w == worlds and total > best_score):
            best = i
            best_score = total
    return best



@njit(cache=True, _nrt=False, inline="always")
def bound_in_order(at: np.ndarray, played: np.int64, worlds: int) -> float:
    """The sum of at[:worlds] in world order, 1.0 (the most a rollout scores) for each world not
    played yet: the played worlds' total once all are (may_beat's argument: a rounded sum never grows
    when an addend shrinks, so the candidate's total cannot end above it)."""
    total = 0.0
    for w in range(worlds):
        total += at[w] if (played >> np.int64(w)) & np.int64(1) else 1.0
    return total


@njit(cache=True, _nrt=False, inline="always")
def lowest_first(at: np.ndarray, worlds: int) -> np.int64:
    """The worlds by at[w], lowest first (the first of equals first), packed 4 bits a world."""
    order = np.int64(0)
    taken = np.int64(0)
    for k in range(worlds):
        w = 0
        while (taken >> np.int64(w)) & np.int64(1):
            w += 1
        for j in range(w + 1, worlds):
            if not (taken >> np.int64(j)) & np.int64(1) and at[j] < at[w]:
                w = j
        taken |= np.int64(1) << np.int64(w)
        order |= np.int64(w) << np.int64(4 * k)
    return order


ORDERED_WORLDS = 16  # the most worlds best_option_ordered orders (4 bits a world in an int64)
BOUND_SLACK = 1e-6  # far above the rounding of a sum of at most ORDERED_WORLDS scores in [0, 1]


@njit(_nrt=False, inline="always")
def best_option_ordered(g: np.void, world: np.void, p: int, decision: int, n: int, enter_world, play_option,
                        option_args) -> int:
    """best_option_stopping's choice, with a later candidate's worlds played from the one the best
    candidate so far scored lowest in (its rollouts there score low too, the worlds being common):
    such a candidate reaches the point where it cannot end above the best after fewer rollouts.
    A candidate's total is still its scores summed in world order (g.score[worlds:], the best's in
    g.score[:worlds]), so every candidate played out whole has best_option's sum, and one stopped
    could not end above the best (`bound_in_order`, worked out only when the running sum, in the
    order played, comes within BOUND_SLACK of stopping): the same choice to the bit. Any order of a
    decision's worlds plays the same rollouts: a world is the same deal and dice whenever it is
    entered. With more worlds than it orders, best_option_stopping. Inlined as best_option is (its
    docstring says why)."""
    search, score = g.search[p], g.score
    worlds = search[SEARCH_SAMPLES] * search[SEARCH_ROLLOUTS]
    if n == 1 or worlds > ORDERED_WORLDS or 2 * worlds > score.size:
        return best_option_stopping(g, world, p, decision, n, enter_world, play_option, option_args)
    rollouts, horizon = search[SEARCH_ROLLOUTS], search[SEARCH_HORIZON]
    best_at, at = score[:worlds], score[worlds:2 * worlds]
    order = np.int64(0)
    for w in range(worlds):  # the first candidate: in world order
        order |= np.int64(w) << np.int64(4 * w)
    best = 0
    best_score = 0.0
    for i in range(n):
        played = np.int64(0)
        running = 0.0
        k = 0
        while k < worlds:
            if i > 0 and running + (worlds - k) <= best_score + BOUND_SLACK:
                if not bound_in_order(at, played, worlds) > best_score:
                    break
            w = (order >> np.int64(4 * k)) & np.int64(15)
            sample, rollout = divmod(w, rollouts)
            enter_world(g, world, p, decision, sample, rollout, w, i == 0)
            at[w] = play_option(g, world, p, i, w, horizon, option_args)
            running += at[w]
            played |= np.int64(1) << w
            k += 1
        if k < worlds:
            continue
        total = bound_in_order(at, played, worlds)
        if i == 0 or total > best_score:
            best = i
            best_score = total
            for w in range(worlds):
                best_at[w] = at[w]
            order = lowest_first(best_at, worlds)
    return best
