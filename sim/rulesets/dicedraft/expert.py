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

from sim.core.mcts import (
    LEAF_EXPAND_AFTER, LEAF_EXPLORATION, STEP_DONE, T_CHILDREN, T_FIRST, T_MOVE, T_STEP, V_VISITS, add_children,
    backpropagate, best_root_child, logistic_leaf, new_tree, select_child,
)
from sim.core.search import SEARCH_HORIZON, SEARCH_ROLLOUTS, SEARCH_SAMPLES
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
def finish_turn(world: np.void, p: int, step: int) -> None:
    """The rest of p's turn from decision `step` by greedy play, then the hand limit."""
    if step != STEP_DONE and step != STEP_ATTACK:
        put_down_rest(world, p, step)
        step = STEP_ATTACK if attacks_open(world) else STEP_DONE
    if step == STEP_ATTACK:
        attack(world, p, choose_attackers(world, p, list_attackers(world, p)))
    discard_to_limit(world, p)


@njit(cache=True, _nrt=False)
def search_step(g: np.void, world: np.void, tables: np.ndarray, p: int, step: int, n_root: int) -> np.int64:
    """The move an expert player makes at decision `step`, whose n_root candidates are in g.cand:
    IS-MCTS over the rest of its turn (sim.core.mcts), every candidate played in the same
    `samples` worlds with the same `rollouts` dice, the best mean."""
    ps, search = g.ps, g.search[p]
    decision = ps[p, PS_DECISIONS]
    ps[p, PS_DECISIONS] += 1
    if n_root == 1:
        return g.cand[0]
    tree, tree_value, path = g.tree, g.tree_value, g.path
    samples, rollouts, horizon = search[SEARCH_SAMPLES], search[SEARCH_ROLLOUTS], search[SEARCH_HORIZON]
    exploration = g.leaf[N_FEATURES + LEAF_EXPLORATION]
    expand_after = g.leaf[N_FEATURES + LEAF_EXPAND_AFTER]
    n_nodes = new_tree(tree, tree_value, step)
    n_nodes = add_children(tree, tree_value, n_nodes, 0, g.cand, n_root, STEP_DONE)
    for sample in range(samples):
        for rollout in range(rollouts):
            for i in range(n_root):
                observe(g, world, p, decision, sample, rollout)
                node = tree[0, T_FIRST] + i
                at = play_step(world, p, step, tree[node, T_MOVE])
                path[0] = 0
                path[1] = node
                depth = 2
                while at != STEP_DONE and depth < path.shape[0] and tree_value[node, V_VISITS] >= expand_after:
                    if tree[node, T_CHILDREN] < 0:  # its moves, as this world lists them
                        tree[node, T_STEP] = at
                        n_nodes = add_children(tree, tree_value, n_nodes, node, world.cand,
                                               step_candidates(world, p, at), STEP_DONE)
                    if tree[node, T_CHILDREN] == 0:
                        break
                    child = select_child(tree, tree_value, node, exploration)
                    fresh = tree_value[child, V_VISITS] == 0.0
                    at = play_step(world, p, at, tree[child, T_MOVE])
                    node = child
                    path[depth] = node
                    depth += 1
                    if fresh:
                        break
                finish_turn(world, p, at)
                backpropagate(tree_value, path, depth, play_out(world, tables, p, horizon))
    return tree[best_root_child(tree, tree_value), T_MOVE]


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
