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

import numpy as np
from numba import njit

from sim.core.mcts import STEP_DONE, T_MOVE, best_root_child, grow_tree, logistic_leaf
from sim.core.search import next_decision
from sim.rulesets.dicedraft.agents import choose_attackers
from sim.rulesets.dicedraft.constants import Agent, Param
from sim.rulesets.dicedraft.game import begin_turn, discard_to_limit, put_down, put_down_rest
from sim.rulesets.dicedraft.hard import (
    attack, attack_candidates, copy_play_state, greedy_attack, keep_attackers, observe, play_on, put_down_candidates,
)
from sim.rulesets.dicedraft.hard import play_turn as play_turn_below_expert
from sim.rulesets.dicedraft.leaf import N_FEATURES, features
from sim.rulesets.dicedraft.legal import attacks_open, list_attackers
from sim.rulesets.dicedraft.state import PS_AGENT, PS_DECISIONS

STEP_ATTACK = 1 << 10  # a tree node's step: the attack (rule D-07); a put-down's step is its k (rule D-05)


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
    grow_tree(g, world, p, decision, step, g.cand, n_root, world.cand, N_FEATURES, False, observe, play_step,
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
        attack(g, p, chosen)
    discard_to_limit(g, p)


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void, tables: np.ndarray, p: int) -> None:
    """p's turn: searched by tree when p is expert, else as hard.play_turn plays it."""
    if g.ps[p, PS_AGENT] == Agent.EXPERT:
        take_turn_expert(g, world, tables, p)
    else:
        play_turn_below_expert(g, world, tables, p)
