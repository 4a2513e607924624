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
    STEP_DONE, T_CHILDREN, T_FIRST, T_MOVE, V_VISITS, add_children, backpropagate, best_child, best_root_child,
    grow_tree, logistic_leaf, new_tree,
)
from sim.core.search import SEARCH_HORIZON, SEARCH_ROLLOUTS, SEARCH_SAMPLES, SEARCH_WIDTH, next_decision, outcome_score
from sim.core.turns import play_on
import sim.rulesets.epikha.game as game  # the module, not the package: the package imports the engine
from sim.rulesets.epikha.agents import (
    ATTACH, DEPLOY, STOP, TO_MAGIC, choose_attackers, choose_blocker, choose_deployment, deployment_worth,
    list_deployments,
)
from sim.rulesets.epikha.constants import Agent, Param, Window
from sim.rulesets.epikha.legal import may_attach, may_deploy, may_move_to_magic
from sim.rulesets.epikha.hard import list_attacks, observe, search_attacks
from sim.rulesets.epikha.hard import play_turn as play_turn_below_expert
from sim.rulesets.epikha.leaf import N_FEATURES, features
from sim.rulesets.epikha.state import (
    G_ACTIVE, G_BLOCKED, G_OVER, G_UNBLOCKED, G_WINNER, GAME, PS_AGENT, PS_DECISIONS, lowest_bit,
)

DEPLOYING = 0  # a deployment tree node's step: the Deployment phase goes on (rules E-21, E-24, E-29)


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
            observe(g, world, p, decision, sample, np.int64(0))
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
def block_with(world: np.void, q: int, a: int, b: np.int64) -> int:
    """Defender q blocks attacker a with b (-1: none), its blocks so far in ps[GAME, G_BLOCKED] and
    ps[GAME, G_UNBLOCKED]; returns the next attacker it answers, STEP_DONE when none is left."""
    ps = world.ps
    ps[GAME, G_BLOCKED] |= np.int64(1) << a
    ps[GAME, G_UNBLOCKED] = game.block(world, q, a, b, ps[GAME, G_UNBLOCKED])
    return next_block_step(world, q, ps[GAME, G_BLOCKED])


@njit(cache=True, _nrt=False)
def blocks_of_tree(world: np.void, q: int, a: int) -> int:
    """`block_candidates` against attacker a into world.options, at most the side's search width."""
    return block_candidates(world, q, a, world.ps[GAME, G_UNBLOCKED], world.options, world.search[q, SEARCH_WIDTH])


@njit(cache=True, _nrt=False)
def finish_blocks_and_score(world: np.void, q: int, a: int, horizon: int, no_args: None) -> float:
    """The rest of q's blocks by greedy play and the combat after them, then `play_out`."""
    game.declare_blocks_from(world, q, world.ps[GAME, G_BLOCKED], world.ps[GAME, G_UNBLOCKED])
    game.after_blocks(world, np.int64(1))
    return play_out(world, q, horizon)


@njit(cache=True, _nrt=False)
def search_block(g: np.void, world: np.void, q: int, a: int, done: np.int64, incoming: int, n_root: int) -> np.int64:
    """The blocker an expert defender q sets against attacker a, whose n_root candidates are in
    g.options: IS-MCTS over the rest of its blocks (sim.core.mcts.grow_tree; the attackers `done`
    answered already, `incoming` the Fuerza still unblocked), every candidate played in the same
    worlds, the best mean."""
    decision = next_decision(g.ps, q, PS_DECISIONS)
    g.ps[GAME, G_BLOCKED] = done  # every world starts its walk from the blocks made (observe copies ps)
    g.ps[GAME, G_UNBLOCKED] = incoming
    grow_tree(g, world, q, decision, a, g.options, n_root, world.options, N_FEATURES, True, observe, block_with,
              blocks_of_tree, finish_blocks_and_score, None)
    return g.tree[best_root_child(g.tree, g.tree_value), T_MOVE]


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


@njit(cache=True, _nrt=False, inline="always")
def step_code(kind: int, c: int, b: int) -> np.int64:
    """A deployment step as one tree move: (kind, card, bearer + 1) packed; STOP is -1."""
    return np.int64((kind * 64 + c) * 64 + b + 1)


@njit(cache=True, _nrt=False)
def deploy_candidates(g: np.void, p: int, out: np.ndarray, width: int) -> int:
    """p's deployment steps into out as step codes: the greedy agent's choice first (STOP when it
    stops), then stopping, then the other legal steps by the greedy agent's worth, at most `width`;
    returns how many (0: no step is legal)."""
    greedy = choose_deployment(g, p, Window.DEPLOYMENT)
    n_all = list_deployments(g, p, Window.DEPLOYMENT)
    if n_all == 0:
        return 0
    cand = g.cand
    out[0] = STOP if greedy == STOP else step_code(cand[greedy, 0], cand[greedy, 1], cand[greedy, 2])
    n = 1
    if greedy != STOP:
        out[1] = STOP
        n = 2
    taken = np.int64(0) if greedy == STOP else np.int64(1) << min(greedy, 63)
    while n < width:
        best, best_value = -1, -1e18
        for k in range(min(n_all, 64)):
            if not (taken >> k) & 1:
                value = deployment_worth(g, p, cand[k, 0], cand[k, 1], cand[k, 2])
                if value > best_value:
                    best, best_value = k, value
        if best < 0:
            break
        taken |= np.int64(1) << best
        out[n] = step_code(cand[best, 0], cand[best, 1], cand[best, 2])
        n += 1
    return n


@njit(cache=True, _nrt=False)
def play_deploy_step(g: np.void, p: int, move: np.int64) -> bool:
    """Play the deployment step `move` when it is legal (game.deploy_steps's check); returns whether
    the phase goes on (False on STOP, an illegal step or the game's end)."""
    if move == STOP or g.ps[GAME, G_OVER]:
        return False
    kind, c, b = move // 4096, (move // 64) % 64, move % 64 - 1
    ok = ((kind == DEPLOY and may_deploy(g, p, c, Window.DEPLOYMENT)) or (kind == ATTACH and may_attach(g, p, c, b))
          or (kind == TO_MAGIC and may_move_to_magic(g, p, c)))
    if ok:
        game.deploy_step(g, p, kind, c, b)
    return ok and not g.ps[GAME, G_OVER]


@njit(cache=True, _nrt=False)
def deploy_step_of_tree(world: np.void, p: int, step: int, move: np.int64) -> int:
    """`play_deploy_step` as a step of the tree: DEPLOYING while the phase goes on, else STEP_DONE."""
    return DEPLOYING if play_deploy_step(world, p, move) else STEP_DONE


@njit(cache=True, _nrt=False)
def deploy_candidates_of_tree(world: np.void, p: int, step: int) -> int:
    """`deploy_candidates` into world.options, at most the side's search width."""
    return deploy_candidates(world, p, world.options, world.search[p, SEARCH_WIDTH])


@njit(cache=True, _nrt=False)
def finish_and_score(world: np.void, p: int, step: int, horizon: int, no_args: None) -> float:
    """The rest of p's turn in the world by greedy play: its deployment (when it goes on), the
    Deployment window, its attack, combat and regroup; then `play_out`."""
    if step == DEPLOYING:
        game.deploy_steps(world, p, Window.DEPLOYMENT)
    game.spell_window(world, Window.DEPLOYMENT)
    if not world.ps[GAME, G_OVER]:
        game.combat_and_regroup(world, choose_attackers(world, p))
    return play_out(world, p, horizon)


@njit(cache=True, _nrt=False)
def search_deploy(g: np.void, world: np.void, p: int, n_root: int) -> np.int64:
    """The deployment step an expert player takes, whose n_root candidates are in g.options: IS-MCTS
    over the rest of its deployment (sim.core.mcts.grow_tree: each step below searched by UCB1 once
    the move above has `expand_after` visits), every candidate played in the same worlds, then the
    turn and `play_out` greedily; the best mean."""
    decision = next_decision(g.ps, p, PS_DECISIONS)
    grow_tree(g, world, p, decision, np.int64(DEPLOYING), g.options, n_root, world.options, N_FEATURES, True,
              observe, deploy_step_of_tree, deploy_candidates_of_tree, finish_and_score, None)
    return g.tree[best_root_child(g.tree, g.tree_value), T_MOVE]


@njit(cache=True, _nrt=False)
def deploy_searched(g: np.void, world: np.void, p: int) -> None:
    """An expert's Deployment phase (rules E-21, E-24, E-29), then the Deployment window: its first
    step with a choice searched (`search_deploy`), the next ones read down that tree, the best mean
    among the moves it visited at each node (its moves are the player's own hand and the field, the
    same in the game as in every world), and greedy's once the tree ends. One search a turn keeps the
    expert's deployment at the price of one decision."""
    node = -1  # the tree node of the step played last, -1 before the search
    for _ in range(game.MAX_STEPS):
        n = deploy_candidates(g, p, g.options, g.search[p, SEARCH_WIDTH])
        if n == 0:
            break
        move = g.options[0]
        if node < 0 and n > 1:
            move = search_deploy(g, world, p, n)
            node = best_root_child(g.tree, g.tree_value)
        elif node >= 0:
            if g.tree[node, T_CHILDREN] > 0 and g.tree_value[node, V_VISITS] >= 2.0:
                node = best_child(g.tree, g.tree_value, node)
                move = g.tree[node, T_MOVE]
            else:
                move = g.options[0]  # greedy's from here
                node = 0
                g.tree[0, T_CHILDREN] = 0
        if not play_deploy_step(g, p, move):
            break
    game.spell_window(g, Window.DEPLOYMENT)


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
    if ps[p, PS_AGENT] == Agent.EXPERT:
        game.start_phase(g)
        if not ps[GAME, G_OVER]:
            deploy_searched(g, world, p)
    else:
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
