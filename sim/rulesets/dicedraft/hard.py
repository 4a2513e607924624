"""Dicedraft's hard agent: determinization and flat Monte Carlo with greedy rollouts (sim.core.search).

A hard player searches the two choices that shape a turn: the card it puts face down (rule D-05,
each distinct card of its hand or a pass) and the characters it attacks with (rule D-07: the greedy
agent's choice, all, none, and the greedy choice with one attacker added or taken away). Its
blocks, dice and discards are the greedy agent's (agents.py reads a hard player as greedy).

Each candidate is played in `samples` worlds (`observe`): a copy of the game in which what the
player cannot see is dealt again at random, namely the opponent's hand, deck, face-down cards and
undrafted cards (all unseen cards of its pool, dealt into the places unseen cards occupy), the
player's own deck order, and every die to come. The rest of the game is then played by two greedy
agents in the world record (`ws[1]`, state.new_workspace), never in the game's own.

`take_turn_searching` is a hard player's turn; `play_turn` picks it. The rollouts play plain
`game.take_turn`, so no kernel here calls itself.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count, lowest_bit
from sim.core.search import (
    SEARCH_WIDTH, best_option_ordered, copy_into, deal_unseen, insert_sorted, next_decision, outcome_score, world_key,
)
from sim.rulesets.dicedraft.agents import choose_attackers, choose_put_down
from sim.rulesets.dicedraft.combat import blocks_declared, declare, fight_out, reveal_blocks
from sim.rulesets.dicedraft.constants import MAX_CARDS, N_FIELDS, V_MEAN_VALUE, Agent, Param, Seen, Weight, Zone
from sim.rulesets.dicedraft.game import begin_turn, discard_to_limit, greedy_turn, put_down, put_down_rest
from sim.rulesets.dicedraft.legal import attacks_open, list_attackers, put_down_options
from sim.rulesets.dicedraft.state import (
    CS_ENTERED, CS_FLAGS, CS_ZONE, G_TRACED, G_TURN, GAME, KEPT_WORLDS, N_F, N_PLAY_STREAMS, N_SC,
    PS_AGENT, PS_BY_COST, PS_DECISIONS, PS_DECK_LEN, PS_LIVES, PS_ORDER, PS_REVEALED, PS_TOP, PS_ZONE_MASK,
    SC_ATTACKERS, SC_AVAILABLE, SC_BLOCKED, SC_RANKED, ST_SEARCH, pool_mask, zone_mask,
)

DEAL_STREAM = 63  # the world_key stream a world's deal draws from (the dice streams are 0 .. N_PLAY_STREAMS-1)


@njit(cache=True, _nrt=False)
def attack(g: np.void, p: int, na: int) -> None:
    """combat.declared_attack, compiled once for the searches (see game.greedy_turn)."""
    if na == 0:
        return
    fight(g, p, na, blocks_declared(g, p, na))


@njit(cache=True, _nrt=False)
def fight(g: np.void, p: int, na: int, nf: int) -> None:
    """combat.fight_out (the dice chain and the resolution), compiled once for the searches."""
    fight_out(g, p, na, nf)


@njit(cache=True, _nrt=False, inline="always")
def is_hard(g: np.void, side: int) -> bool:
    return g.ps[side, PS_AGENT] == Agent.HARD


@njit(cache=True, _nrt=False)
def _deal_side(g: np.void, world: np.void, side: int, own: bool) -> None:
    """Deal again, in `world`, the cards of `side` that the searching player cannot see.

    Its own side (`own`): only the deck order. The opponent: every card of its pool that is not in
    the discard pile or face up on the table. The unseen cards are listed by card number and
    shuffled; the places they fill are listed in a public order (face-down table places by the turn
    they were put down, then the hand, the deck from the top, the reserve), so the world never
    depends on where the hidden cards really are (invariant 4). The world's masks follow (the
    unseen cards leave their zones and the revealed mask, and join the zones they are dealt into):
    the rest is the game's, copied."""
    cs, wcs, wps = g.cs, world.cs, world.ps
    listed, entered = world.scratch[SC_AVAILABLE], world.scratch[SC_RANKED]
    table = zone_mask(g, side, Zone.TABLE)
    if own:
        unseen = zone_mask(g, side, Zone.DECK)
    else:
        unseen = pool_mask(g, side) & ~zone_mask(g, side, Zone.DISCARD) & ~(table & g.ps[side, PS_REVEALED])
    n_unseen = np.int64(0)
    m = unseen
    while m:  # by card number
        listed[n_unseen] = lowest_bit(m)
        m &= m - np.int64(1)
        n_unseen += 1
    n_table = np.int64(0)
    m = unseen & table
    while m:
        insert_sorted(entered, n_table, cs[side, lowest_bit(m), CS_ENTERED])
        m &= m - np.int64(1)
        n_table += 1
    n_hand = bit_count(unseen & zone_mask(g, side, Zone.HAND))
    deal_unseen(listed, n_unseen, world.rng, ST_SEARCH)
    for zone in (Zone.RESERVE, Zone.DECK, Zone.HAND, Zone.TABLE):
        wps[side, PS_ZONE_MASK + zone] &= ~unseen
    wps[side, PS_REVEALED] &= ~unseen
    top, deck_len = g.ps[side, PS_TOP], g.ps[side, PS_DECK_LEN]
    k = 0
    for i in range(n_table):
        c = listed[k]
        k += 1
        wcs[side, c, CS_ZONE], wcs[side, c, CS_FLAGS], wcs[side, c, CS_ENTERED] = Zone.TABLE, Seen.PLAYED, entered[i]
        wps[side, PS_ZONE_MASK + Zone.TABLE] |= np.int64(1) << np.int64(c)
    for _ in range(n_hand):
        c = listed[k]
        k += 1
        wcs[side, c, CS_ZONE], wcs[side, c, CS_FLAGS], wcs[side, c, CS_ENTERED] = Zone.HAND, 0, 0
        wps[side, PS_ZONE_MASK + Zone.HAND] |= np.int64(1) << np.int64(c)
    for i in range(top, deck_len):
        c = listed[k]
        k += 1
        wcs[side, c, CS_ZONE], wcs[side, c, CS_FLAGS], wcs[side, c, CS_ENTERED] = Zone.DECK, 0, 0
        wps[side, PS_ZONE_MASK + Zone.DECK] |= np.int64(1) << np.int64(c)
        wps[side, PS_ORDER + i] = c
    while k < n_unseen:
        c = listed[k]
        k += 1
        wcs[side, c, CS_ZONE], wcs[side, c, CS_FLAGS], wcs[side, c, CS_ENTERED] = Zone.RESERVE, 0, 0
        wps[side, PS_ZONE_MASK + Zone.RESERVE] |= np.int64(1) << np.int64(c)


@njit(cache=True, _nrt=False)
def observe(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int) -> None:
    """`world` becomes world `sample` of p's decision: the game as p may know it, the rest dealt
    again (the same deal for every rollout and candidate), the dice of rollout `rollout`, greedy
    agents on both sides and no trace. Only the zones and players are copied: a rollout writes the
    fights, the scratch rows and g.fsc before it reads them."""
    copy_into(world.cs, g.cs)
    copy_into(world.ps, g.ps)
    world.ps[GAME, G_TRACED] = 0
    world.ps[0, PS_AGENT] = Agent.GREEDY
    world.ps[1, PS_AGENT] = Agent.GREEDY
    key = g.rng[ST_SEARCH + p]
    world.rng[ST_SEARCH] = world_key(key, decision, sample, 0, DEAL_STREAM)
    _deal_side(g, world, p, np.bool_(True))  # not literals: each would compile _deal_side once more
    _deal_side(g, world, 1 - p, np.bool_(False))
    for s in range(N_PLAY_STREAMS):
        world.rng[s] = world_key(key, decision, sample, rollout, s)


@njit(cache=True, _nrt=False)
def copy_play_state(g: np.void, world: np.void) -> None:
    """The world record takes what a greedy attack is worked out from: the game's cards, players and
    scratch rows (the list of attackers); its constant tables are the game's already
    (state.new_workspace), and the fights and g.fsc are written before they are read."""
    copy_into(world.cs, g.cs)
    copy_into(world.ps, g.ps)
    for row in range(N_SC):
        for c in range(MAX_CARDS):
            world.scratch[row, c] = g.scratch[row, c]


@njit(cache=True, _nrt=False)
def enter_world(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int, w: int,
                first: bool) -> None:
    """`observe` for a search (`sim.core.search.best_option_ordered`), which plays its candidates one after another, each
    in the same worlds: world w of the search (sample * rollouts + rollout) is dealt for the `first`
    candidate and kept in world.dealt_* (the first KEPT_WORLDS worlds; any later one is dealt again),
    and the other candidates copy it back (`copy_into`, flat loops LLVM vectorises; of the players
    only the columns play writes, `copy_play_columns`): the world observe would deal again."""
    if w >= KEPT_WORLDS:
        observe(g, world, p, decision, sample, rollout)
        return
    rng, dealt_rng = world.rng, world.dealt_rng[w]
    if first:
        observe(g, world, p, decision, sample, rollout)
        copy_into(world.dealt_cs[w], world.cs)
        copy_play_columns(world.dealt_ps[w], world.ps)
        copy_into(dealt_rng, rng)
    else:
        copy_into(world.cs, world.dealt_cs[w])
        copy_play_columns(world.ps, world.dealt_ps[w])
        copy_into(rng, dealt_rng)


@njit(cache=True, _nrt=False, inline="always")
def copy_play_columns(dst: np.ndarray, src: np.ndarray) -> None:
    """dst takes the columns of src (a world's ps) that play writes: each player's up to its deck
    order (PS_BY_COST on: the pool's order, the forced draw and the decision count stay as observe
    copied them) and the game row's turn and trace fields; each run a flat copy (`copy_into`)."""
    copy_into(dst[0, :PS_BY_COST], src[0, :PS_BY_COST])
    copy_into(dst[1, :PS_BY_COST], src[1, :PS_BY_COST])
    copy_into(dst[GAME, :G_TRACED + 1], src[GAME, :G_TRACED + 1])


@njit(cache=True, _nrt=False)
def evaluate(world: np.void, p: int) -> float:
    """A rollout stopped at its horizon, scored for p in (0, 1): the lives difference (in the greedy
    agent's unit, `Weight.LIFE` per life) and the table's card values, through a logistic whose
    scale is two average cards of p's pool."""
    ps, val = world.ps, world.val
    opp = 1 - p
    x = world.w[p, Weight.LIFE] * (ps[p, PS_LIVES] - ps[opp, PS_LIVES]) * 4.0
    for side in range(2):
        m = zone_mask(world, side, Zone.TABLE)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            x += val[p, side, c] if side == p else -val[p, side, c]
    scale = max(2.0 * val[p, p, V_MEAN_VALUE], 1e-9)
    return 1.0 / (1.0 + math.exp(-x / scale))


@njit(cache=True, _nrt=False)
def play_on(world: np.void, tables: np.ndarray, p: int, active: int, horizon: int) -> float:
    """After `active`'s turn in the world: the rest of the game, or `horizon` more turns, by greedy
    play. Returns the game's score for p when it ended (the end checks are play_game's: rule D-01,
    the turn cap), else -1 (the world then stands after the horizon's turns)."""
    ps = world.ps
    cap = world.par[Param.TURN_CAP]
    turns = 0
    while True:
        ps[GAME, G_TURN] += 1
        if ps[1 - active, PS_LIVES] <= 0:
            return outcome_score(active, p)
        if ps[GAME, G_TURN] >= cap:
            return 0.5
        if horizon > 0 and turns >= horizon:
            return -1.0
        active = 1 - active
        greedy_turn(world, tables, active)
        turns += 1


@njit(cache=True, _nrt=False)
def play_out(world: np.void, tables: np.ndarray, p: int, active: int, horizon: int) -> float:
    """play_on scored for p: the game's score, or `evaluate` at the horizon."""
    score = play_on(world, tables, p, active, horizon)
    return evaluate(world, p) if score < 0.0 else score


@njit(cache=True, _nrt=False)
def keep_attackers(g: np.void, n: int, mask: np.int64) -> int:
    """Rule D-07: of the n able attackers listed in g.scratch[SC_ATTACKERS], keep those of `mask` at
    the front of the list (in its order); returns how many."""
    attackers = g.scratch[SC_ATTACKERS]
    chosen = 0
    for i in range(n):
        a = attackers[i]
        if (mask >> np.int64(a)) & np.int64(1):
            attackers[chosen] = a
            chosen += 1
    return chosen


@njit(cache=True, _nrt=False)
def _put_down_option(g: np.void, world: np.void, p: int, i: int, w: int, horizon: int, option_args: tuple) -> float:
    """Candidate i of a put-down (g.cand[i], a card or -1 the pass, as p's k-th card this turn) in
    the world, the rest of the turn by greedy play, then play_out. option_args: (tables, k)."""
    tables, k = option_args
    card = g.cand[i]
    put_down(world, p, card)
    if card >= 0:
        put_down_rest(world, p, k + 1)
    if attacks_open(world):
        attack_after_put_down(world, p, i, w)
    discard_to_limit(world, p)
    return play_out(world, tables, p, p, horizon)


@njit(cache=True, _nrt=False)
def attack_after_put_down(world: np.void, p: int, i: int, w: int) -> None:
    """The greedy attack (choose_attackers) after put-down candidate i in world w, blocked and
    fought. With summoning sickness the attack and its blocks are the same for every candidate of
    the decision: the cards put down this turn cannot attack, and what else the attack reads (p's
    able characters, the opposing table and lives) is the world's as dealt, as is all the defender's
    blocks read (the attackers, its table characters and lives). So the first candidate's attack
    (a mask) and blocks (the fights as chosen, the blocked marks) are kept in world.dealt_*[w] (a
    kept world), and the others list the attackers again (`keep_attackers`, in the list's order, as
    choose_attackers keeps them), take the blocks back, and fight: only the dice chain (a die put
    down this turn may be used, rule D-13) and the resolution differ."""
    n = list_attackers(world, p)
    if world.par[Param.SUMMONING_SICKNESS] == 0 or w >= KEPT_WORLDS:
        attack(world, p, choose_attackers(world, p, n))
        return
    blocked, fights = world.scratch[SC_BLOCKED], world.fights
    kept_blocked, kept_fights = world.dealt_blocked[w], world.dealt_fights[w]
    if i > 0:
        na = keep_attackers(world, n, world.dealt_attack[w])
        if na == 0:
            return
        declare(world, p, na)
        nf = world.dealt_nf[w]
        for f in range(nf):
            for x in range(N_F):
                fights[f, x] = kept_fights[f, x]
        for a in range(na):
            blocked[a] = kept_blocked[a]
        reveal_blocks(world, p, nf)
        fight(world, p, na, nf)
        return
    world.dealt_attack[w] = greedy_attack(world, p, n)
    na = bit_count(world.dealt_attack[w])
    if na == 0:
        return
    nf = blocks_declared(world, p, na)
    world.dealt_nf[w] = nf
    for f in range(nf):
        for x in range(N_F):
            kept_fights[f, x] = fights[f, x]
    for a in range(na):
        kept_blocked[a] = blocked[a]
    fight(world, p, na, nf)


@njit(cache=True, _nrt=False)
def _attack_option(g: np.void, world: np.void, p: int, i: int, w: int, horizon: int, tables: np.ndarray) -> float:
    """Candidate i of an attack (g.cand[i], a mask of the attackers) in the world, the rest of the
    turn by greedy play, then play_out."""
    attack(world, p, keep_attackers(world, list_attackers(world, p), g.cand[i]))
    discard_to_limit(world, p)
    return play_out(world, tables, p, p, horizon)


@njit(cache=True, _nrt=False, inline="always")
def _same_card(g: np.void, p: int, a: int, b: int) -> bool:
    for f in range(N_FIELDS):
        if g.tab[p, a, f] != g.tab[p, b, f]:
            return False
    return True


@njit(cache=True, _nrt=False)
def put_down_candidates(g: np.void, p: int) -> int:
    """Rule D-05: the put-downs a searching player weighs, into g.cand; returns how many (0 with an
    empty hand). The greedy agent's card first, then the other cards of the hand unlike those before
    them (two cards with the same numbers play alike) by the greedy agent's value, and the pass:
    `width` in all (a long game's hand holds a score of cards; searching each made a game between
    two hard players 30 times slower than one against greedy)."""
    hand = put_down_options(g, p)
    if hand == 0:
        return 0
    cand = g.cand
    cand[0] = choose_put_down(g, p)  # a hard player is read as greedy there
    n = 1
    m = hand
    c = 0
    while m:
        if m & 1:
            new = True
            for i in range(n):
                if cand[i] >= 0 and _same_card(g, p, cand[i], c):
                    new = False
                    break
            if new:
                cand[n] = c
                n += 1
        m >>= 1
        c += 1
    val = g.val
    keep = min(n, g.search[p, SEARCH_WIDTH] - 1)
    for i in range(1, keep):  # the most valued first (selection; greedy's card stays first)
        top = i
        for j in range(i + 1, n):
            if val[p, p, cand[j]] > val[p, p, cand[top]]:
                top = j
        cand[i], cand[top] = cand[top], cand[i]
    n = keep
    if cand[0] >= 0:
        cand[n] = -1
        n += 1
    return n


@njit(cache=True, _nrt=False)
def search_put_down(g: np.void, world: np.void, tables: np.ndarray, p: int, k: int) -> int:
    """Rule D-05 for a hard player: the card to put down as its k-th this turn, or -1 to pass
    (put_down_candidates)."""
    n = put_down_candidates(g, p)
    if n == 0:
        return -1
    decision = next_decision(g.ps, p, PS_DECISIONS)
    return g.cand[best_option_ordered(g, world, p, decision, n, enter_world, _put_down_option, (tables, k))]


@njit(cache=True, _nrt=False)
def search_attackers(g: np.void, world: np.void, tables: np.ndarray, p: int, n: int) -> int:
    """Rule D-07 for a hard player: which of the n able attackers in g.scratch[SC_ATTACKERS] attack;
    keeps them at the front of that row (in its order), returns how many. Candidates: the greedy
    agent's attack first, then all, none, and the greedy attack with one character added or taken
    (in the list's order), `width` at most."""
    if n == 0:
        return 0
    copy_play_state(g, world)  # the greedy choice, worked out on a copy of the list
    n_cand = attack_candidates(g, p, n, greedy_attack(world, p, n))
    decision = next_decision(g.ps, p, PS_DECISIONS)
    best = best_option_ordered(g, world, p, decision, n_cand, enter_world, _attack_option, tables)
    return keep_attackers(g, n, g.cand[best])


@njit(cache=True, _nrt=False)
def greedy_attack(g: np.void, p: int, n: int) -> np.int64:
    """The greedy agent's attack among the n able attackers in g.scratch[SC_ATTACKERS], as a mask
    (it reorders that row: list the attackers again after it)."""
    n_greedy = choose_attackers(g, p, n)
    greedy = np.int64(0)
    for i in range(n_greedy):
        greedy |= np.int64(1) << np.int64(g.scratch[SC_ATTACKERS, i])
    return greedy


@njit(cache=True, _nrt=False)
def attack_candidates(g: np.void, p: int, n: int, greedy: np.int64) -> int:
    """Rule D-07: the attacks a searching player weighs among the n able attackers in
    g.scratch[SC_ATTACKERS], as masks into g.cand; returns how many. The greedy agent's attack
    (`greedy`) first, then all, none, and the greedy attack with one character added or taken (in
    the list's order), `width` at most."""
    attackers = g.scratch[SC_ATTACKERS]
    one = np.int64(1)
    everyone = np.int64(0)
    for i in range(n):
        everyone |= one << np.int64(attackers[i])
    cand = g.cand
    cand[0] = greedy
    n_cand = 1
    width = g.search[p, SEARCH_WIDTH]
    for i in range(n + 2):
        if n_cand >= width:
            break
        if i == 0:
            option = everyone
        elif i == 1:
            option = np.int64(0)
        else:
            option = greedy ^ (one << np.int64(attackers[i - 2]))
        new = True
        for j in range(n_cand):
            if cand[j] == option:
                new = False
                break
        if new:
            cand[n_cand] = option
            n_cand += 1
    return n_cand


@njit(cache=True, _nrt=False)
def take_turn_searching(g: np.void, world: np.void, tables: np.ndarray, p: int) -> None:
    """game.take_turn for a hard player: the same steps, its put-downs and its attack searched."""
    begin_turn(g, tables, p)
    for k in range(g.par[Param.CARDS_DOWN]):
        card = search_put_down(g, world, tables, p, k)
        put_down(g, p, card)
        if card < 0:
            break
    if attacks_open(g):
        attack(g, p, search_attackers(g, world, tables, p, list_attackers(g, p)))
    discard_to_limit(g, p)


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void, tables: np.ndarray, p: int) -> None:
    """p's turn: searched when p is hard (a hard defender's blocks and dice are greedy)."""
    if is_hard(g, p):
        take_turn_searching(g, world, tables, p)
    else:
        greedy_turn(g, tables, p)
