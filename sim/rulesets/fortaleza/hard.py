"""Fortaleza's hard agent: determinization and flat Monte Carlo with greedy rollouts (sim.core.search).

A hard player searches the two kinds of choice that shape its turn: each action of its main phases
(rule F-19 steps 2 and 7, the chain empty: every legal action the greedy agent lists, the greedy
agent's first, and the pass) and its attack (step 4: the greedy agent's attackers, all, none, and the
greedy attack with one unit added or taken away). Its responses, blocks, triggers' targets,
mulligan and discards are the greedy agent's (agents.py reads a hard player as greedy). A land the
greedy agent would place is placed without a search: it is free and gives an untapped land at once
(rules F-07, F-08), and placing it later in the phase can do no better.

Each candidate is played in `samples` worlds (`observe`; a search deals each world once and its
other candidates copy it, `enter_world`): a copy of the game in which what the player cannot see
is dealt again at random, namely the opponent's hand, deck and face-down traps (rule F-15) and the
player's own deck order. The rest of the turn, then `horizon` more turns, are played by two greedy
agents in the world record (`ws[1]`, state.new_workspace), never in the game's own. Greedy play
draws no random numbers once the game has begun (no dice; decks are shuffled only at the start,
rules F-02 and F-04), so a world is played out the same way however its streams are keyed: rollouts
beyond the first replay the same games and only cost time (a decision can change with them only
where two candidates' sums tie but for rounding). `best_candidate` chooses as
sim.core.search.best_option would, with fewer rollouts: see its docstring.

`take_turn_searching` is a hard player's turn; `play_turn` picks it. The rollouts play the greedy
turn and the pieces it is made of (chain.main_step, chain.main_phase, combat.declared_attack,
game.rest_of_turn, game.take_turn), each compiled once, so no kernel here calls itself.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count
from sim.core.search import (
    SEARCH_WIDTH, best_option_stopping, copy_into, deal_unseen, enter_kept_world, insert_sorted, next_decision,
    outcome_score, world_key,
)
from sim.rulesets.fortaleza.agents import action_value, choose_action, printed_value, unit_value
from sim.rulesets.fortaleza.chain import MAIN, MAX_WINDOW_ACTIONS, main_phase, main_step
from sim.rulesets.fortaleza.combat import chosen_attackers, declared_attack, open_combat
from sim.rulesets.fortaleza.constants import N_DECK, N_DESIGNS, Action, Agent, Field, Kind, Param, Step, Weight, Zone
from sim.rulesets.fortaleza.game import end_turn, rest_of_turn, start_turn, take_turn
from sim.rulesets.fortaleza.legal import can_attack
from sim.rulesets.fortaleza.state import (
    CS_SET_TURN, CS_SHOWN, CS_ZONE, G_ACTIVE, G_FIRST, G_LISTED, G_OVER, G_STEP, G_TRACED, G_TURN, G_WINNER, GAME,
    KEPT_WORLDS, N_CS, N_PLAY_STREAMS, PS_AGENT, PS_DECISIONS, PS_FORT, PS_HAND, PS_ORDER, PS_TOP, PS_ZONE_MASK,
    ST_SEARCH, in_zone, is_unit_kind, lowest_bit,
)

DEAL_STREAM = 63  # the world_key stream a world's deal draws from (the play streams are 0 .. N_PLAY_STREAMS-1)
ATTACK = -1  # best_candidate's phase for an attack (the main phases are Step values, all >= 0)
EVAL_SCALE = 2.0  # the evaluation's logistic scale, in average units of the player's collection


@njit(cache=True, _nrt=False, inline="always")
def is_hard(g: np.void, side: int) -> bool:
    return g.ps[side, PS_AGENT] == Agent.HARD


@njit(cache=True, _nrt=False)
def copy_play_state(g: np.void, world: np.void) -> None:
    """The world record takes the game's changing state (cards, players, the chain); its constant
    tables are the game's already (state.new_workspace). Loops: a slice copy would need numba's
    runtime, which the kernels go without."""
    copy_into(world.cs, g.cs)
    copy_into(world.ps, g.ps)
    copy_into(world.ch, g.ch)


@njit(cache=True, _nrt=False, inline="always")
def _is_hidden(g: np.void, side: int, c: int) -> bool:
    """Whether the other player cannot see which card c of `side` is where: in the deck, in the hand
    unless it was seen coming there (state.CS_SHOWN), or a trap set face down (rule F-15: a support
    that shows no artifact is a set trap, which one is hidden)."""
    z = g.cs[side, c, CS_ZONE]
    if z == Zone.DECK:
        return True
    if z == Zone.HAND:
        return g.cs[side, c, CS_SHOWN] == 0
    return z == Zone.SUPPORT and g.tab[side, c, Field.KIND] == Kind.TRAP


@njit(cache=True, _nrt=False, inline="always")
def _place(world: np.void, side: int, c: int, zone: int, set_turn: int) -> None:
    """Card c of `side` takes a hidden place in the world: that zone, a trap's set turn, nothing else
    (the places a hidden card can hold carry no other state; its card-impact flags are not kept)."""
    wcs = world.cs
    for k in range(N_CS):
        wcs[side, c, k] = 0
    wcs[side, c, CS_ZONE] = zone
    wcs[side, c, CS_SET_TURN] = set_turn


@njit(cache=True, _nrt=False)
def _deal_opponent(g: np.void, world: np.void, o: int) -> None:
    """Deal again, in `world`, the cards of the opponent o that the searching player cannot see
    (`_is_hidden`). The face-down supports take traps, dealt from o's unseen traps; the rest of the
    unseen cards fill the hand's hidden places, then the deck from the top. Cards are listed by
    card number and the places in a public order (face-down supports by the turn they were set),
    so the world never depends on where the hidden cards really are (invariant 5). The hidden
    cards are only in the deck, the hand and the supports, and are walked as masks (lowest bit
    first: by card number), not all N_DESIGNS rows; the dealt cards fill exactly the places they
    came from, so only those three zone masks change."""
    tab, cs, ps, wps = g.tab, g.cs, g.ps, world.ps
    unseen, set_turns = world.unseen[0], world.unseen[1]
    one = np.int64(1)
    hand = in_zone(ps, o, Zone.HAND)
    support = in_zone(ps, o, Zone.SUPPORT)
    hidden = np.int64(0)
    n_traps = 0
    n_down = 0
    m = in_zone(ps, o, Zone.DECK) | hand | support
    while m:  # by card number
        c = lowest_bit(m)
        m &= m - one
        if not _is_hidden(g, o, c):
            continue
        hidden |= one << c
        if tab[o, c, Field.KIND] != Kind.TRAP:
            continue
        unseen[n_traps] = c
        n_traps += 1
        if (support >> c) & 1:  # by set turn
            insert_sorted(set_turns, n_down, cs[o, c, CS_SET_TURN])
            n_down += 1
    deal_unseen(unseen, n_traps, world.rng, ST_SEARCH)
    down = np.int64(0)
    for i in range(n_down):
        c = unseen[i]
        _place(world, o, c, Zone.SUPPORT, set_turns[i])
        down |= one << np.int64(c)
    n = 0
    m = hidden & ~down
    while m:  # by card number
        unseen[n] = lowest_bit(m)
        m &= m - one
        n += 1
    deal_unseen(unseen, n, world.rng, ST_SEARCH)
    k = 0
    dealt_hand = np.int64(0)
    for _ in range(ps[o, PS_HAND] - bit_count(hand & ~hidden)):  # the hand's hidden places
        c = unseen[k]
        _place(world, o, c, Zone.HAND, 0)
        dealt_hand |= one << np.int64(c)
        k += 1
    dealt_deck = np.int64(0)
    for i in range(ps[o, PS_TOP], N_DECK):
        c = unseen[k]
        _place(world, o, c, Zone.DECK, 0)
        wps[o, PS_ORDER + i] = c
        dealt_deck |= one << np.int64(c)
        k += 1
    wps[o, PS_ZONE_MASK + Zone.HAND] = (hand & ~hidden) | dealt_hand
    wps[o, PS_ZONE_MASK + Zone.SUPPORT] = (support & ~hidden) | down
    wps[o, PS_ZONE_MASK + Zone.DECK] = dealt_deck


@njit(cache=True, _nrt=False)
def _deal_own_deck(g: np.void, world: np.void, p: int) -> None:
    """p's own deck in a new order, in `world`: its cards by card number, shuffled into the deck's
    positions from the top (p knows what its deck holds, not in which order)."""
    wps = world.ps
    unseen = world.unseen[0]
    n = 0
    m = in_zone(g.ps, p, Zone.DECK)
    while m:  # by card number
        unseen[n] = lowest_bit(m)
        m &= m - np.int64(1)
        n += 1
    deal_unseen(unseen, n, world.rng, ST_SEARCH)
    top = g.ps[p, PS_TOP]
    for i in range(n):
        wps[p, PS_ORDER + top + i] = unseen[i]


@njit(cache=True, _nrt=False)
def observe(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int) -> None:
    """`world` becomes world `sample` of p's decision: the game as p may know it, the rest dealt
    again (the same deal for every rollout and candidate), the streams of rollout `rollout`, greedy
    agents on both sides and no trace."""
    copy_play_state(g, world)
    wps = world.ps
    wps[GAME, G_TRACED] = 0
    wps[0, PS_AGENT] = Agent.GREEDY
    wps[1, PS_AGENT] = Agent.GREEDY
    key = g.rng[ST_SEARCH + p]
    world.rng[ST_SEARCH] = world_key(key, decision, sample, 0, DEAL_STREAM)
    _deal_own_deck(g, world, p)
    _deal_opponent(g, world, 1 - p)
    for s in range(N_PLAY_STREAMS):
        world.rng[s] = world_key(key, decision, sample, rollout, s)


@njit(cache=True, _nrt=False)
def enter_world(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int, w: int,
                first: bool) -> None:
    """`observe` for a search (`best_candidate`), which plays its candidates one after another, each
    in the same worlds: world w of the search (sample * rollouts + rollout) is dealt for the `first`
    candidate and kept in g's kept_* fields (sim.core.search.enter_kept_world), and the other
    candidates copy it back over what their rollouts left, the chain from the game's (observe
    deals none of it)."""
    if enter_kept_world(g, world, p, decision, sample, rollout, w, first, observe, KEPT_WORLDS):
        copy_into(world.ch, g.ch)


@njit(cache=True, _nrt=False)
def eval_scale(g: np.void, p: int) -> float:
    """The evaluation's scale for p: EVAL_SCALE average units of p's collection, valued as its greedy
    agent values a unit card."""
    total = 0.0
    n = 0
    for c in range(N_DESIGNS):
        if is_unit_kind(g.tab[p, c, Field.KIND]):
            total += printed_value(g, p, p, c)
            n += 1
    return max(EVAL_SCALE * total / max(n, 1), 1e-9)


@njit(cache=True, _nrt=False)
def evaluate(world: np.void, p: int, scale: float) -> float:
    """A rollout stopped at its horizon, scored for p in (0, 1): the Fortaleza difference (in the
    greedy agent's unit, `Weight.LIFE` per point) and the units on the field as p's greedy agent
    values them (agents.unit_value), through a logistic of scale `scale` (eval_scale)."""
    ps = world.ps
    o = 1 - p
    x = world.w[p, Weight.LIFE] * (ps[p, PS_FORT] - ps[o, PS_FORT])
    for side in range(2):
        m = in_zone(ps, side, Zone.UNIT)
        while m:
            u = lowest_bit(m)
            m &= m - 1
            v = unit_value(world, p, side, u)
            x += v if side == p else -v
    return 1.0 / (1.0 + math.exp(-x / scale))


@njit(cache=True, _nrt=False)
def play_on(world: np.void, p: int, horizon: int) -> float:
    """After the current turn in the world: the rest of the game, or `horizon` more turns. The game's
    end scored for p, or -1 when the horizon came first (the caller evaluates the world). The end
    checks are kernels.play_game's (rule F-06, the turn cap)."""
    ps = world.ps
    cap = world.par[Param.TURN_CAP]
    first = ps[GAME, G_FIRST]
    turns = 0
    while True:
        if ps[GAME, G_OVER]:
            return outcome_score(ps[GAME, G_WINNER], p)
        ps[GAME, G_TURN] += 1
        if ps[GAME, G_TURN] >= cap:
            return 0.5
        if horizon > 0 and turns >= horizon:
            return -1.0
        ps[GAME, G_ACTIVE] = (first + ps[GAME, G_TURN]) % 2
        take_turn(world)
        turns += 1


@njit(cache=True, _nrt=False)
def play_out(world: np.void, p: int, horizon: int, scale: float) -> float:
    """`play_on`, a rollout stopped at its horizon scored by `evaluate`."""
    score = play_on(world, p, horizon)
    return score if score >= 0.0 else evaluate(world, p, scale)


@njit(cache=True, _nrt=False)
def _candidate_turn(g: np.void, world: np.void, p: int, i: int, phase: int) -> None:
    """Candidate i of a search played in the world, then the rest of the turn by greedy play: in main
    phase `phase`, the action g.options[i] (a row of g.cand, -1 the pass) and the rest of the phase;
    with phase ATTACK, the attack g.options[i] (a mask of attackers)."""
    option = g.options[i]
    if phase == ATTACK:
        declared_attack(world, option)
        rest_of_turn(world, np.int64(Step.BEGIN_COMBAT))
        return
    if option >= 0:
        for k in range(4):
            world.cand[0, k] = g.cand[option, k]
        going_on = main_step(world, p, np.int64(0))
    else:
        going_on = main_step(world, p, np.int64(-1))
    if going_on:
        main_phase(world)
    rest_of_turn(world, phase)


@njit(cache=True, _nrt=False)
def _play_candidate(g: np.void, world: np.void, p: int, i: int, w: int, horizon: int, option_args: tuple) -> float:
    """Candidate i of the decision (g.options) in world w: its turn (`_candidate_turn`), then
    play_out. option_args: (phase, scale)."""
    phase, scale = option_args
    _candidate_turn(g, world, p, i, phase)
    return play_out(world, p, horizon, scale)


@njit(cache=True, _nrt=False)
def best_candidate(g: np.void, world: np.void, p: int, decision: int, n: int, phase: int, scale: float) -> int:
    """The index of the best of the decision's `n` candidates (g.options) for hard player p: main
    phase `phase`'s actions, or with phase ATTACK the attacks, by
    sim.core.search.best_option_stopping (best_option's choice, a candidate's rollouts stopped once
    it cannot end above the best so far; the greedy agent's choice, first, played out whole). A
    game won in every world by the first candidate leaves the others unplayed."""
    return best_option_stopping(g, world, p, decision, n, enter_world, _play_candidate, (phase, scale))


@njit(cache=True, _nrt=False)
def action_candidates(g: np.void, p: int, greedy: int) -> int:
    """A main-phase decision's candidates into g.options, after agents.choose_action listed the
    actions (g.cand) and chose `greedy`: the greedy agent's choice first, the other listed actions by
    its value (agents.action_value), then the pass (-1) when greedy plays: `width` in all. Returns
    how many."""
    n = g.ps[GAME, G_LISTED]
    options = g.options
    options[0] = greedy
    k = 1
    for i in range(n):
        if i != greedy:
            options[k] = i
            k += 1
    keep = min(k, g.search[p, SEARCH_WIDTH] - 1)
    values = g.score  # each candidate valued once, not once per comparison
    if keep > 1:
        for i in range(1, k):
            values[i] = action_value(g, p, options[i])
    for i in range(1, keep):  # the most valued first (selection; greedy's stays first)
        top = i
        for j in range(i + 1, k):
            if values[j] > values[top]:
                top = j
        options[i], options[top] = options[top], options[i]
        values[i], values[top] = values[top], values[i]
    k = keep
    if greedy >= 0:
        options[k] = -1
        k += 1
    return k


@njit(cache=True, _nrt=False)
def search_action(g: np.void, world: np.void, p: int, phase: int) -> int:
    """Rule F-19 steps 2 and 7 for a hard player: the index in g.cand of its next action in main phase
    `phase` (the chain empty), or -1 to pass. Candidates: `action_candidates`; a land the greedy
    agent places is placed unsearched (see the module's docstring)."""
    greedy = choose_action(g, p, MAIN)  # a hard player is read as greedy there
    if g.ps[GAME, G_LISTED] == 0:
        return -1
    if greedy >= 0 and g.cand[greedy, 0] == Action.LAND:
        return greedy
    k = action_candidates(g, p, greedy)
    decision = next_decision(g.ps, p, PS_DECISIONS)
    return g.options[best_candidate(g, world, p, decision, k, phase, eval_scale(g, p))]


@njit(cache=True, _nrt=False, inline="always")
def _add_option(options: np.ndarray, n: int, option: np.int64) -> int:
    """options[:n] with `option` added at the end unless it is there already."""
    for j in range(n):
        if options[j] == option:
            return n
    options[n] = option
    return n + 1


@njit(cache=True, _nrt=False)
def attack_candidates(g: np.void, p: int) -> int:
    """An attack's candidates into g.options, as bitmasks of attackers: the greedy agent's attack
    first (combat.chosen_attackers), then all that may attack, none, and the greedy attack with one
    unit added or taken away; `width` at most. Returns how many, 0 when no unit may attack."""
    ps, options = g.ps, g.options
    one = np.int64(1)
    able = np.int64(0)
    m = in_zone(ps, p, Zone.UNIT)
    while m:
        u = lowest_bit(m)
        m &= m - 1
        if can_attack(g, p, u):
            able |= one << u
    if able == 0:
        return 0
    greedy = chosen_attackers(g, p)
    options[0] = greedy
    n = _add_option(options, 1, able)
    n = _add_option(options, n, np.int64(0))
    m = able
    width = g.search[p, SEARCH_WIDTH]
    while m and n < width:
        u = lowest_bit(m)
        m &= m - 1
        n = _add_option(options, n, greedy ^ (one << u))
    return min(n, width)


@njit(cache=True, _nrt=False)
def search_attackers(g: np.void, world: np.void, p: int) -> np.int64:
    """Rule F-19 step 4 for a hard player: the units it attacks with, as a bitmask, the best of
    `attack_candidates`."""
    n = attack_candidates(g, p)
    if n == 0:
        return np.int64(0)
    decision = next_decision(g.ps, p, PS_DECISIONS)
    return g.options[best_candidate(g, world, p, decision, n, np.int64(ATTACK), eval_scale(g, p))]


@njit(cache=True, _nrt=False)
def main_phase_searching(g: np.void, world: np.void) -> None:
    """chain.main_phase for a hard active player: the same steps (chain.main_step), its actions
    searched."""
    ps = g.ps
    active = ps[GAME, G_ACTIVE]
    phase = ps[GAME, G_STEP]
    guard = 0
    while not ps[GAME, G_OVER] and guard < MAX_WINDOW_ACTIONS:
        guard += 1
        if not main_step(g, active, search_action(g, world, active, phase)):
            return


@njit(cache=True, _nrt=False)
def take_turn_searching(g: np.void, world: np.void) -> None:
    """game.take_turn for a hard active player: the same steps (rule F-19), its main-phase actions
    and its attack searched."""
    ps = g.ps
    start_turn(g)
    if ps[GAME, G_OVER]:
        return
    ps[GAME, G_STEP] = Step.MAIN1
    main_phase_searching(g, world)
    if ps[GAME, G_OVER]:
        return
    if open_combat(g):
        declared_attack(g, search_attackers(g, world, ps[GAME, G_ACTIVE]))
    if ps[GAME, G_OVER]:
        return
    ps[GAME, G_STEP] = Step.MAIN2
    main_phase_searching(g, world)
    if not ps[GAME, G_OVER]:
        end_turn(g)


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void) -> None:
    """The active player's turn: searched when it is hard (a hard opponent's responses and blocks in
    it are greedy), otherwise game.take_turn."""
    if is_hard(g, g.ps[GAME, G_ACTIVE]):
        take_turn_searching(g, world)
    else:
        take_turn(g)
