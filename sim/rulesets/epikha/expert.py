"""Epikha's expert agent: information-set Monte Carlo tree search (sim.core.mcts) over its attackers
and its blocks.

An expert player searches the decision the hard agent searches (hard.py), its attackers (rule
E-25), among the same candidates (hard.list_attacks), and one the hard agent leaves to the greedy
agent: its blockers (E-26). The defender answers the attackers one by one, the strongest first
(game.next_to_block), so the blocks are a sequence of decisions, and each is the root of a tree
over the rest: the blocker of this attacker (the greedy agent's choice, none, or any card free to
block, at most `width`), below it the next attacker's blocker, searched by UCB1 once the move has
`expand_after` visits (the greedy agent's blocks before). Its deployment, spells and raises are
the greedy agent's.

The worlds are the hard agent's (hard.observe: the opponent's hand and deck and its own deck order
dealt again from what it may see). Epikha's greedy play draws no random number, so a second rollout
of a world would replay the same game: the expert plays `samples` x `rollouts` distinct worlds
instead, each once, every root candidate in each. The turn's combat and regroup and `horizon` more
turns are played by two greedy agents, and an unfinished world is scored by the fitted evaluation
(leaf.py) instead of the hand-made one.

`play_turn` is every player's turn: kernels.play_game and the probe call it, and it hands a turn in
which no expert plays to hard.play_turn.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.mcts import (
    LEAF_EXPAND_AFTER, LEAF_EXPLORATION, STEP_DONE, T_CHILDREN, T_FIRST, T_MOVE, T_STEP, V_VISITS, add_children,
    backpropagate, best_root_child, logistic_leaf, new_tree, select_child,
)
from sim.core.search import SEARCH_HORIZON, SEARCH_ROLLOUTS, SEARCH_SAMPLES, SEARCH_WIDTH, next_decision, outcome_score
from sim.core.turns import play_on
import sim.rulesets.epikha.game as game  # the module, not the package: the package imports the engine
from sim.rulesets.epikha.agents import choose_attackers, choose_blocker
from sim.rulesets.epikha.constants import Agent, Param, Window
from sim.rulesets.epikha.hard import list_attacks, observe, search_attacks
from sim.rulesets.epikha.hard import play_turn as play_turn_below_expert
from sim.rulesets.epikha.leaf import N_FEATURES, features
from sim.rulesets.epikha.state import G_ACTIVE, G_OVER, G_WINNER, GAME, PS_AGENT, PS_DECISIONS, lowest_bit


@njit(cache=True, _nrt=False)
def play_out(world: np.void, p: int, horizon: int) -> float:
    """After the active player's turn in the world: `horizon` more turns of greedy play (0: to the
    end), scored for p by the game's end or by the fitted evaluation (leaf.py)."""
    ps = world.ps
    active = ps[GAME, G_ACTIVE]
    play_on(world, horizon, world.par[Param.TURN_CAP], game.play_turn, game.end_by_cap)
    if ps[GAME, G_OVER]:
        return outcome_score(ps[GAME, G_WINNER], p)
    features(world, p, 1 - active if horizon % 2 == 0 else active, world.feat)  # who plays after `horizon` turns
    return logistic_leaf(world.feat, world.leaf, N_FEATURES)


@njit(cache=True, _nrt=False)
def search_attack(g: np.void, world: np.void, p: int) -> np.int64:
    """The attackers an expert player declares: the best mean of hard.list_attacks's candidates, each
    played in the same worlds (its combat and regroup, then `play_out`); a decision is counted only
    when there is a choice. No decision of p's follows in its turn, so the tree is the root's."""
    search = g.search[p]
    n_root = list_attacks(g, p, search[SEARCH_WIDTH])
    if n_root == 1:  # nothing to choose: nothing may attack
        return g.options[0]
    decision = next_decision(g.ps, p, PS_DECISIONS)
    tree, tree_value, path = g.tree, g.tree_value, g.path
    new_tree(tree, tree_value, STEP_DONE)
    add_children(tree, tree_value, 1, 0, g.options, n_root, STEP_DONE)
    for sample in range(search[SEARCH_SAMPLES] * search[SEARCH_ROLLOUTS]):
        for i in range(n_root):
            observe(g, world, p, decision, sample, 0)
            path[0] = 0
            path[1] = tree[0, T_FIRST] + i
            game.combat_and_regroup(world, tree[path[1], T_MOVE])
            backpropagate(tree_value, path, 2, play_out(world, p, search[SEARCH_HORIZON]))
    return tree[best_root_child(tree, tree_value), T_MOVE]


@njit(cache=True, _nrt=False)
def block_candidates(g: np.void, q: int, a: int, incoming: int, out: np.ndarray, width: int) -> int:
    """The blockers q may set against attacker a into out: the greedy agent's choice first, then no
    blocker (-1), then every card free to block, distinct, at most `width`; returns how many."""
    free = game.free_blockers(g, q)
    out[0] = choose_blocker(g, q, a, free, incoming)
    n = 1
    if out[0] >= 0:
        out[1] = -1
        n = 2
    while free and n < width:
        b = lowest_bit(free)
        free &= free - np.int64(1)
        if b != out[0]:
            out[n] = b
            n += 1
    return n


@njit(cache=True, _nrt=False)
def next_block_step(g: np.void, q: int, done: np.int64) -> int:
    """The attacker q answers next (its search step), or STEP_DONE when none is left or nothing of
    q's may block."""
    a = game.next_to_block(g, 1 - q, done)
    if a < 0 or game.free_blockers(g, q) == 0:
        return STEP_DONE
    return a


@njit(cache=True, _nrt=False)
def search_block(g: np.void, world: np.void, q: int, a: int, done: np.int64, incoming: int, n_root: int) -> np.int64:
    """The blocker an expert defender q sets against attacker a, whose n_root candidates are in
    g.options: IS-MCTS over the rest of its blocks (the attackers `done` answered already, `incoming`
    the Fuerza still unblocked), every candidate played in the same worlds, the best mean."""
    search = g.search[q]
    decision = next_decision(g.ps, q, PS_DECISIONS)
    tree, tree_value, path = g.tree, g.tree_value, g.path
    exploration = g.leaf[N_FEATURES + LEAF_EXPLORATION]
    expand_after = g.leaf[N_FEATURES + LEAF_EXPAND_AFTER]
    n_nodes = new_tree(tree, tree_value, a)
    n_nodes = add_children(tree, tree_value, n_nodes, 0, g.options, n_root, STEP_DONE)
    for sample in range(search[SEARCH_SAMPLES] * search[SEARCH_ROLLOUTS]):
        for i in range(n_root):
            observe(g, world, q, decision, sample, 0)
            node = tree[0, T_FIRST] + i
            at_done = done | (np.int64(1) << a)
            at_incoming = game.block(world, q, a, tree[node, T_MOVE], incoming)
            at = next_block_step(world, q, at_done)
            path[0] = 0
            path[1] = node
            depth = 2
            while at != STEP_DONE and depth < path.shape[0] and tree_value[node, V_VISITS] >= expand_after:
                if tree[node, T_CHILDREN] < 0:  # its moves, as this world lists them (all public)
                    tree[node, T_STEP] = at
                    n_nodes = add_children(tree, tree_value, n_nodes, node, world.options,
                                           block_candidates(world, q, at, at_incoming, world.options,
                                                            search[SEARCH_WIDTH]), STEP_DONE)
                if tree[node, T_CHILDREN] == 0:
                    break
                child = select_child(tree, tree_value, node, exploration)
                fresh = tree_value[child, V_VISITS] == 0.0
                at_done |= np.int64(1) << at
                at_incoming = game.block(world, q, at, tree[child, T_MOVE], at_incoming)
                at = next_block_step(world, q, at_done)
                node = child
                path[depth] = node
                depth += 1
                if fresh:
                    break
            game.declare_blocks_from(world, q, at_done, at_incoming)  # the rest greedily
            game.after_blocks(world, 1)
            backpropagate(tree_value, path, depth, play_out(world, q, search[SEARCH_HORIZON]))
    return tree[best_root_child(tree, tree_value), T_MOVE]


@njit(cache=True, _nrt=False)
def search_blocks(g: np.void, world: np.void, q: int) -> None:
    """Rule E-26 for an expert defender q: its blockers, attacker by attacker in game.declare_blocks's
    order, each searched (`search_block`) when there is a choice."""
    p = 1 - q
    done = np.int64(0)
    incoming = game.incoming_fuerza(g, p)
    while True:
        a = next_block_step(g, q, done)
        if a == STEP_DONE:
            return
        n = block_candidates(g, q, a, incoming, g.options, g.search[q, SEARCH_WIDTH])
        b = g.options[0] if n == 1 else search_block(g, world, q, a, done, incoming, n)
        done |= np.int64(1) << a
        incoming = game.block(g, q, a, b, incoming)


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void) -> None:
    """The active player's turn: an expert's attackers searched (`search_attack`) and an expert
    defender's blocks (`search_blocks`); a turn without an expert as hard.play_turn plays it."""
    ps = g.ps
    p = ps[GAME, G_ACTIVE]
    q = 1 - p
    if ps[p, PS_AGENT] != Agent.EXPERT and ps[q, PS_AGENT] != Agent.EXPERT:
        play_turn_below_expert(g, world)
        return
    game.phases_before_combat(g)
    if ps[GAME, G_OVER]:
        return
    if ps[p, PS_AGENT] == Agent.EXPERT:
        attackers = search_attack(g, world, p)
    elif ps[p, PS_AGENT] == Agent.HARD:
        attackers = search_attacks(g, world, p)
    else:
        attackers = choose_attackers(g, p)
    n = game.declare_attack(g, attackers)
    if n > 0:
        game.spell_window(g, Window.ATTACK)
        if not ps[GAME, G_OVER]:
            if ps[q, PS_AGENT] == Agent.EXPERT:
                search_blocks(g, world, q)
            else:
                game.declare_blocks(g, q)
    game.after_blocks(g, n)
