"""Dicedraft's expert agent: information-set Monte Carlo tree search over its turn (sim.core.mcts).

An expert player searches the decisions the hard agent searches (hard.py): the card it puts face
down (rule D-05) and the characters it attacks with (rule D-07), among the same candidates
(hard.put_down_candidates, hard.attack_candidates). At each of them it grows one tree over the rest
of its turn: the put-down, then the attack that follows it, so a card is weighed by the attacks
it allows (searched by UCB1 once the card has `expand_after` visits, greedy's before), not by
greedy's attack alone. Every root candidate meets the same worlds and dice. The worlds are the hard
agent's (hard.observe: what it cannot see dealt again from what it may see), its rollouts greedy
play for `horizon` turns, and its leaves are scored by the fitted evaluation (leaf.py) instead of
the hand-made one. Its blocks, dice and discards are the greedy agent's.

`play_turn` is every player's turn: kernels.play_game and the scenarios call it, and it hands a
player that does not search, or searches as hard, to hard.play_turn.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.core.mcts import STEP_DONE, T_MOVE, best_root_child, grow_tree, logistic_leaf
from sim.core.bitsets import lowest_bit
from sim.core.search import next_decision, world_key
from sim.rulesets.dicedraft.agents import _greedy_attackers, choose_attackers, visible_blockers
from sim.rulesets.dicedraft.constants import V_MEAN_VALUE, Agent, Field, Param, Weight, Zone
from sim.rulesets.dicedraft.game import begin_turn, discard_to_limit, greedy_turn, put_down, put_down_rest
from sim.rulesets.dicedraft.hard import (
    DEAL_STREAM, attack, attack_candidates, copy_play_state, greedy_attack, is_hard, keep_attackers, observe, play_on,
    put_down_candidates, take_turn_searching,
)
from sim.rulesets.dicedraft.hard import play_turn as play_turn_below_expert
from sim.rulesets.dicedraft.leaf import N_FEATURES, features
from sim.rulesets.dicedraft.legal import attacks_open, list_attackers
from sim.rulesets.dicedraft.state import (
    CS_ENTERED, G_TURN, GAME, PS_AGENT, PS_CHARS, PS_DECISIONS, PS_LIVES, PS_REVEALED, SC_ATTACKERS, SC_BLOCKED,
    ST_SEARCH, pool_mask, zone_mask,
)

STEP_ATTACK = 1 << 10  # a tree node's step: the attack (rule D-07); a put-down's step is its k (rule D-05)
DEALS_PER_WORLD = 8  # candidate deals per world, one kept by its likelihood (observe_weighted)
PUT_DOWN_TEMPERATURE = 0.5  # the softmax's temperature, in the opponent's mean card value
RULED_OUT_WEIGHT = 0.25  # the likelihood of a face-down card its public play ruled out (g.kept_down)
PICK_MOST_LIKELY = True  # keep the most likely deal, else draw one in proportion to its likelihood
PICK_STREAM = DEAL_STREAM - 1  # the world_key stream of the draw among the deals


@njit(cache=True, _nrt=False)
def put_down_log_likelihood(g: np.void, world: np.void, o: int) -> float:
    """How likely o's face-down cards dealt in the world are under its put-downs (rule D-05): each
    face-down card dealt (unrevealed: it never attacked, blocked or was used) was chosen over the
    cards the world gives o's hand, by a softmax over the greedy agent's values of them
    (agents.choose_put_down puts down the best; hard searches with that card first). The hand now
    stands for the hand then (a card drawn later was no alternative: not in the public record)."""
    val = world.val[o, o]
    t = PUT_DOWN_TEMPERATURE * max(val[V_MEAN_VALUE], 1e-9)
    hand_sum = 0.0
    m = zone_mask(world, o, Zone.HAND)
    while m:
        hand_sum += math.exp(val[lowest_bit(m)] / t)
        m &= m - np.int64(1)
    ll = 0.0
    m = zone_mask(world, o, Zone.TABLE) & ~world.ps[o, PS_REVEALED]
    while m:
        c = lowest_bit(m)
        x = val[c] / t
        ll += x - math.log(math.exp(x) + hand_sum)
        entered = world.cs[o, c, CS_ENTERED]
        if entered < g.kept_down.shape[1] and (g.kept_down[o, entered] >> np.int64(c)) & np.int64(1):
            ll += math.log(RULED_OUT_WEIGHT)
        m &= m - np.int64(1)
    return ll


@njit(cache=True, _nrt=False)
def observe_weighted(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int) -> None:
    """hard.observe for an expert: DEALS_PER_WORLD deals of world `sample`, each weighed by how
    likely the opponent's public play is in it (put_down_log_likelihood), one kept (drawn by weight,
    or the most likely): the same for every rollout and candidate, since the deals and the draw are
    keyed by (decision, sample) only. Reads what observe reads: the public game and the world."""
    if DEALS_PER_WORLD == 1:
        observe(g, world, p, decision, sample, rollout)
        return
    key = g.rng[ST_SEARCH + p]
    pick = 0
    total = 0.0
    best = -1e300
    first = 0.0
    for j in range(DEALS_PER_WORLD):
        observe(g, world, p, decision, sample * DEALS_PER_WORLD + j, 0)
        ll = put_down_log_likelihood(g, world, 1 - p)
        if PICK_MOST_LIKELY:
            if ll > best:
                best, pick = ll, j
            continue
        if j == 0:
            first = ll
        w = math.exp(min(ll - first, 600.0))
        total += w
        u = np.float64(world_key(key, decision, sample, j, PICK_STREAM) >> np.uint64(11)) * 2.0 ** -53
        if u * total < w:  # a weighted draw in one pass: j replaces the pick with chance w / total
            pick = j
    observe(g, world, p, decision, sample * DEALS_PER_WORLD + pick, rollout)


@njit(cache=True, _nrt=False)
def leaf_value(world: np.void, p: int, to_move: int) -> float:
    """The fitted evaluation of the world for p (leaf.py), `to_move` playing next."""
    features(world, p, to_move, world.feat)
    return logistic_leaf(world.feat, world.leaf, N_FEATURES)


@njit(cache=True, _nrt=False)
def play_out(world: np.void, tables: np.ndarray, p: int, horizon: int) -> float:
    """After p's turn in the world: hard.play_on (greedy play, `horizon` turns or to the end), scored
    for p by the game's end or by `leaf_value`."""
    score = play_on(world, tables, p, p, horizon)
    if score >= 0.0:
        return score
    return leaf_value(world, p, 1 - p if horizon % 2 == 0 else p)  # who plays after `horizon` turns


@njit(cache=True, _nrt=False)
def step_candidates(world: np.void, p: int, step: int) -> int:
    """The candidates of decision `step` in the world, into world.cand; returns how many."""
    if step == STEP_ATTACK:
        n = list_attackers(world, p)
        if n == 0:
            return 0
        greedy = greedy_attack(world, p, n)
        list_attackers(world, p)  # the greedy agent reordered the list
        return attack_candidates(world, p, n, greedy)
    return put_down_candidates(world, p)


@njit(cache=True, _nrt=False)
def play_step(world: np.void, p: int, step: int, move: np.int64) -> int:
    """Play `move` at decision `step` in the world; returns the turn's next searched decision
    (a put-down's k, STEP_ATTACK, or STEP_DONE)."""
    if step == STEP_ATTACK:
        attack(world, p, keep_attackers(world, list_attackers(world, p), move))
        return STEP_DONE
    put_down(world, p, move)
    if move >= 0 and step + 1 < world.par[Param.CARDS_DOWN]:
        return step + 1
    return STEP_ATTACK if attacks_open(world) else STEP_DONE


@njit(cache=True, _nrt=False)
def finish_and_score(world: np.void, p: int, step: int, horizon: int, tables: np.ndarray) -> float:
    """The rest of p's turn from decision `step` by greedy play, then the hand limit; then `play_out`."""
    if step != STEP_DONE and step != STEP_ATTACK:
        put_down_rest(world, p, step)
        step = STEP_ATTACK if attacks_open(world) else STEP_DONE
    if step == STEP_ATTACK:
        attack(world, p, choose_attackers(world, p, list_attackers(world, p)))
    discard_to_limit(world, p)
    return play_out(world, tables, p, horizon)


@njit(cache=True, _nrt=False)
def search_step(g: np.void, world: np.void, tables: np.ndarray, p: int, step: int, n_root: int) -> np.int64:
    """The move an expert player makes at decision `step`, whose n_root candidates are in g.cand:
    IS-MCTS over the rest of its turn (sim.core.mcts.grow_tree), every candidate played in the same
    `samples` worlds with the same `rollouts` dice, the best mean."""
    decision = next_decision(g.ps, p, PS_DECISIONS)
    if n_root == 1:
        return g.cand[0]
    grow_tree(g, world, p, decision, step, g.cand, n_root, world.cand, N_FEATURES, False, observe_weighted, play_step,
              step_candidates, finish_and_score, tables)
    return g.tree[best_root_child(g.tree, g.tree_value), T_MOVE]


@njit(cache=True, _nrt=False)
def take_turn_expert(g: np.void, world: np.void, tables: np.ndarray, p: int) -> None:
    """game.take_turn for an expert player: the same steps, its put-downs and its attack searched."""
    begin_turn(g, tables, p)
    for k in range(g.par[Param.CARDS_DOWN]):
        n = put_down_candidates(g, p)
        card = -1 if n == 0 else search_step(g, world, tables, p, k, n)
        put_down(g, p, card)
        if card < 0:
            break
    if attacks_open(g):
        n = list_attackers(g, p)
        chosen = 0
        if n > 0:
            copy_play_state(g, world)  # the greedy attack, worked out on a copy of the list
            n_cand = attack_candidates(g, p, n, greedy_attack(world, p, n))
            # the step as a number, not the constant: a literal argument compiles search_step once more
            chosen = keep_attackers(g, n, search_step(g, world, tables, p, np.int64(STEP_ATTACK), n_cand))
        lives = g.ps[1 - p, PS_LIVES]
        attack(g, p, chosen)
        if RULED_OUT_WEIGHT < 1.0 and g.ps[1 - p, PS_AGENT] != Agent.RANDOM:
            note_unblocked(g, p, chosen, lives)
    discard_to_limit(g, p)


@njit(cache=True, _nrt=False)
def greedy_attack_mask(g: np.void, p: int) -> np.int64:
    """The characters of p's pool the greedy agent would attack with now, each weighed alone
    (agents._greedy_attackers weighs each attacker on its own but for the all-out swarm, which
    leaves no face-down card behind): a function of the table as p sees it and the lives, public."""
    n_seen = visible_blockers(g, p)
    out = g.scratch[SC_ATTACKERS]
    attacking = np.int64(0)
    m = pool_mask(g, p) & g.ps[p, PS_CHARS]
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        out[0] = c
        if _greedy_attackers(g, p, 1, n_seen) == 1:
            attacking |= np.int64(1) << np.int64(c)
    return attacking


@njit(cache=True, _nrt=False)
def note_kept_down(g: np.void, p: int, turn: int, attacking: np.int64) -> None:
    """After p's turn `turn` with attacks open (rule D-07): each of its face-down cards that could
    attack and stayed down is none of the characters in `attacking` (greedy_attack_mask before the
    turn). Known by the turn it was put down (g.kept_down), never by which card it is."""
    sick = g.par[Param.SUMMONING_SICKNESS] != 0
    m = zone_mask(g, p, Zone.TABLE) & ~g.ps[p, PS_REVEALED]
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        entered = g.cs[p, c, CS_ENTERED]
        if (not sick or entered < turn) and entered < g.kept_down.shape[1]:
            g.kept_down[p, entered] |= attacking


@njit(cache=True, _nrt=False)
def note_unblocked(g: np.void, p: int, na: int, lives: int) -> None:
    """After expert p's attack with the na characters in g.scratch[SC_ATTACKERS] (marked blocked or
    not in g.scratch[SC_BLOCKED], rule D-08), the defender's lives `lives` before it: a greedy or
    hard defender blocks as agents.choose_blocks does, each attacker in turn (the strongest first)
    with the free blocker that scores above 0 (agents._greedy_block), so an attacker left unblocked
    says none of its face-down cards, all free (a block reveals), is a character that would have
    scored above 0 alone against it. Known by the turn each card was put down (g.kept_down)."""
    dfn = 1 - p
    tab, val = g.tab, g.val
    attackers, blocked = g.scratch[SC_ATTACKERS], g.scratch[SC_BLOCKED]
    face_down = zone_mask(g, dfn, Zone.TABLE) & ~g.ps[dfn, PS_REVEALED]
    if face_down == 0:
        return
    chars = pool_mask(g, dfn) & g.ps[dfn, PS_CHARS]
    for i in range(na):
        a = attackers[i]
        if blocked[i] or tab[p, a, Field.DOUBLE_ATTACK] != 0:
            continue  # a double attacker's pair blocks are not weighed here (rule D-11)
        a_atq, a_def = tab[p, a, Field.ATQ], tab[p, a, Field.DEF]
        incoming = 0  # the attack still unblocked when the defender came to `a` (its order: ATQ, then list)
        for j in range(na):
            b = attackers[j]
            before = tab[p, b, Field.ATQ] > a_atq or (tab[p, b, Field.ATQ] == a_atq and j < i)
            if not (before and blocked[j]):
                incoming += tab[p, b, Field.ATQ]
        life = g.w[dfn, Weight.LIFE] * (5.0 if incoming >= lives else 1.0)
        saved = life * a_atq
        ruled_out = np.int64(0)
        m = chars
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            score = saved + (val[dfn, p, a] if tab[dfn, c, Field.ATQ] >= a_def else 0.0)
            score -= val[dfn, dfn, c] if a_atq >= tab[dfn, c, Field.DEF] else 0.0
            if score > 0.0:
                ruled_out |= np.int64(1) << np.int64(c)
        m = face_down
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            entered = g.cs[dfn, c, CS_ENTERED]
            if entered < g.kept_down.shape[1]:
                g.kept_down[dfn, entered] |= ruled_out


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void, tables: np.ndarray, p: int) -> None:
    """p's turn: searched by tree when p is expert, else as hard.play_turn plays it."""
    if g.ps[p, PS_AGENT] == Agent.EXPERT:
        take_turn_expert(g, world, tables, p)
    elif (RULED_OUT_WEIGHT < 1.0 and g.ps[1 - p, PS_AGENT] == Agent.EXPERT and g.ps[p, PS_AGENT] != Agent.RANDOM
          and attacks_open(g)):
        turn = g.ps[GAME, G_TURN]
        attacking = greedy_attack_mask(g, p)
        if is_hard(g, p):
            # a hard player that does not attack may have searched its way to no attack (a candidate
            # of hard.attack_candidates): only an attack says its kept cards were greedy's to keep
            if take_turn_searching(g, world, tables, p) > 0:
                note_kept_down(g, p, turn, attacking)
        else:
            greedy_turn(g, tables, p)
            note_kept_down(g, p, turn, attacking)
    else:
        play_turn_below_expert(g, world, tables, p)
