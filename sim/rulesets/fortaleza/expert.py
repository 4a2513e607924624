"""Fortaleza's expert agent: information-set Monte Carlo tree search over its turn (sim.core.mcts).

An expert player searches the decisions the hard agent searches (hard.py): each action of its main
phases (rule F-19 steps 2 and 7) and its attack (step 4), among the same candidates
(hard.action_candidates, hard.attack_candidates). At each of them it grows one tree over the rest of
its turn: the action, then the turn's next searched decisions below it (the phase's next action, the
attack once the first main phase ends, the second main phase's actions), so an action is weighed by
what it lets the rest of the turn do (searched by UCB1 once the move has `expand_after` visits,
greedy's before), not by greedy's play of the rest alone. A land the greedy agent would place is
placed unsearched, as hard places it, in the game and in the worlds.

The worlds are the hard agent's (hard.observe: the opponent's hand, deck and face-down traps and the
player's own deck order dealt again from what it may see). Greedy play draws no random numbers once
the game has begun, so a second rollout of a world would replay it: where hard's rollouts replay,
every rollout of an expert deals a world of its own (`samples` x `rollouts` worlds, each met by every
root candidate). Its rollouts are greedy play for `horizon` turns, and its leaves are scored by the
fitted evaluation (leaf.py) instead of the hand-made one. Its responses, blocks, triggers' targets,
mulligan and discards are the greedy agent's (agents.py reads every level but random as greedy).

A node's moves are the player's own actions and attacks, coded by what they do (`action_code`: the
action, the card, its target), not by their place in a list: a world whose opponent answered
differently may list other actions, and a move it does not offer is played as the greedy agent's
choice there.

`play_turn` is every player's turn: kernels.play_game and the scenarios call it, and it hands a
player that does not search, or searches as hard, to hard.play_turn.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.mcts import STEP_DONE, T_MOVE, best_root_child, grow_tree, logistic_leaf
from sim.core.search import next_decision
from sim.rulesets.fortaleza.agents import choose_action
from sim.rulesets.fortaleza.chain import MAIN, MAX_WINDOW_ACTIONS, main_phase, main_step
from sim.rulesets.fortaleza.combat import chosen_attackers, declared_attack, open_combat
from sim.rulesets.fortaleza.constants import Action, Agent, Step
from sim.rulesets.fortaleza.game import end_turn, rest_of_turn, start_turn
from sim.rulesets.fortaleza.hard import action_candidates, attack_candidates, observe, play_on
from sim.rulesets.fortaleza.hard import play_turn as play_turn_below_expert
from sim.rulesets.fortaleza.leaf import N_FEATURES, features
from sim.rulesets.fortaleza.state import G_ACTIVE, G_FIRST, G_LISTED, G_OVER, G_STEP, G_TURN, GAME, PS_AGENT, PS_DECISIONS

STEP_ATTACK = Step.ATTACKERS  # a tree node's step: the attack (rule F-19 step 4); an action's step is its phase
PASS = np.int64(-1)  # an action step's move: pass


@njit(cache=True, _nrt=False, inline="always")
def action_code(cand: np.ndarray, i: int) -> np.int64:
    """Candidate action i of the list `cand` as a move of the tree: what it does (action, card,
    target side, target card + 1), the same in every world that offers it; PASS for i < 0."""
    if i < 0:
        return PASS
    return np.int64(((cand[i, 0] * 64 + cand[i, 1]) * 8 + cand[i, 2] + 2) * 64 + cand[i, 3])


@njit(cache=True, _nrt=False)
def listed_action(g: np.void, code: np.int64, greedy: int) -> int:
    """The index in g.cand (as agents.choose_action last listed it) of the action `code`, -1 for
    PASS, or the greedy agent's choice `greedy` when the list does not hold it."""
    if code == PASS:
        return -1
    for i in range(g.ps[GAME, G_LISTED]):
        if action_code(g.cand, i) == code:
            return i
    return greedy


@njit(cache=True, _nrt=False)
def leaf_value(world: np.void, p: int) -> float:
    """The fitted evaluation of the world for p (leaf.py), the next turn's player to move."""
    ps = world.ps
    features(world, p, (ps[GAME, G_FIRST] + ps[GAME, G_TURN]) % 2, world.feat)
    return logistic_leaf(world.feat, world.leaf, N_FEATURES)


@njit(cache=True, _nrt=False)
def play_out(world: np.void, p: int, horizon: int) -> float:
    """After p's turn in the world: hard.play_on (greedy play, `horizon` turns or to the end), scored
    for p by the game's end or by `leaf_value`."""
    score = play_on(world, p, horizon)
    return score if score >= 0.0 else leaf_value(world, p)


@njit(cache=True, _nrt=False)
def advance(g: np.void, p: int, phase: int, going_on: bool) -> int:
    """From a main-phase step of active player p in the game or world g (`going_on`: the phase goes
    on): the unsearched steps (no action listed: the pass; a land the greedy agent places), up to the
    turn's next searched decision. Returns its step (the phase, its actions listed in g.cand;
    STEP_ATTACK, combat opened) or STEP_DONE when the main phases are over or the game is."""
    ps = g.ps
    guard = 0
    while not ps[GAME, G_OVER]:
        if going_on and guard < MAX_WINDOW_ACTIONS:
            guard += 1
            greedy = choose_action(g, p, MAIN)
            if ps[GAME, G_LISTED] > 0 and not (greedy >= 0 and g.cand[greedy, 0] == Action.LAND):
                return phase
            going_on = main_step(g, p, greedy if ps[GAME, G_LISTED] > 0 else -1)
            continue
        if phase == Step.MAIN2:
            return STEP_DONE
        if open_combat(g):
            if attack_candidates(g, p) > 0:
                return STEP_ATTACK
        if ps[GAME, G_OVER]:
            return STEP_DONE
        ps[GAME, G_STEP] = Step.MAIN2
        phase = Step.MAIN2
        going_on = True
        guard = 0
    return STEP_DONE


@njit(cache=True, _nrt=False)
def play_step(world: np.void, p: int, step: int, move: np.int64) -> int:
    """Play `move` at decision `step` in the world; returns the turn's next searched decision."""
    if step == STEP_ATTACK:
        declared_attack(world, move)
        world.ps[GAME, G_STEP] = Step.MAIN2
        return advance(world, p, np.int64(Step.MAIN2), np.bool_(True))
    greedy = choose_action(world, p, MAIN)
    going_on = main_step(world, p, listed_action(world, move, greedy))
    return advance(world, p, step, going_on)


@njit(cache=True, _nrt=False)
def step_candidates(world: np.void, p: int, step: int) -> int:
    """The candidates of decision `step` in the world, as moves into world.options; returns how many."""
    if step == STEP_ATTACK:
        return attack_candidates(world, p)
    k = action_candidates(world, p, choose_action(world, p, MAIN))
    for j in range(k):
        world.options[j] = action_code(world.cand, world.options[j])
    return k


@njit(cache=True, _nrt=False)
def finish_and_score(world: np.void, p: int, step: int, horizon: int, no_args: None) -> float:
    """The rest of p's turn from decision `step` by greedy play, then `play_out`."""
    if step == STEP_ATTACK:
        declared_attack(world, chosen_attackers(world, p))
        rest_of_turn(world, np.int64(Step.BEGIN_COMBAT))
    elif step == STEP_DONE:
        rest_of_turn(world, np.int64(Step.MAIN2))
    else:
        main_phase(world)
        rest_of_turn(world, np.int64(step))
    return play_out(world, p, horizon)


@njit(cache=True, _nrt=False)
def search_step(g: np.void, world: np.void, p: int, step: int, n_root: int) -> np.int64:
    """The move an expert player makes at decision `step`, whose n_root candidates are in g.options
    as moves: IS-MCTS over the rest of its turn (sim.core.mcts.grow_tree), every candidate played in
    the same `samples` x `rollouts` worlds (a world of its own each: greedy play draws no random
    number), the best mean."""
    decision = next_decision(g.ps, p, PS_DECISIONS)
    if n_root == 1:
        return g.options[0]
    grow_tree(g, world, p, decision, step, g.options, n_root, world.options, N_FEATURES, True, observe, play_step,
              step_candidates, finish_and_score, None)
    return g.tree[best_root_child(g.tree, g.tree_value), T_MOVE]


@njit(cache=True, _nrt=False)
def search_action(g: np.void, world: np.void, p: int, phase: int) -> int:
    """Rule F-19 steps 2 and 7 for an expert player, its actions listed in g.cand (`advance`): the
    index in g.cand of its next action in main phase `phase`, or -1 to pass."""
    greedy = choose_action(g, p, MAIN)
    k = action_candidates(g, p, greedy)
    for j in range(k):
        g.options[j] = action_code(g.cand, g.options[j])
    return listed_action(g, search_step(g, world, p, phase, k), greedy)


@njit(cache=True, _nrt=False)
def search_attackers(g: np.void, world: np.void, p: int) -> np.int64:
    """Rule F-19 step 4 for an expert player, combat open: the units it attacks with, as a bitmask."""
    n = attack_candidates(g, p)
    if n == 0:
        return np.int64(0)
    return search_step(g, world, p, np.int64(STEP_ATTACK), n)


@njit(cache=True, _nrt=False)
def take_turn_expert(g: np.void, world: np.void) -> None:
    """game.take_turn for an expert active player: the same steps (rule F-19), its main-phase actions
    and its attack searched by tree."""
    ps = g.ps
    p = ps[GAME, G_ACTIVE]
    start_turn(g)
    if ps[GAME, G_OVER]:
        return
    ps[GAME, G_STEP] = Step.MAIN1
    step = advance(g, p, np.int64(Step.MAIN1), np.bool_(True))
    while step != STEP_DONE:
        if step == STEP_ATTACK:
            declared_attack(g, search_attackers(g, world, p))
            ps[GAME, G_STEP] = Step.MAIN2
            step = advance(g, p, np.int64(Step.MAIN2), np.bool_(True))
        else:
            step = advance(g, p, step, main_step(g, p, search_action(g, world, p, step)))
    if not ps[GAME, G_OVER]:
        end_turn(g)


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void) -> None:
    """The active player's turn: searched by tree when it is expert, else as hard.play_turn plays it."""
    if g.ps[g.ps[GAME, G_ACTIVE], PS_AGENT] == Agent.EXPERT:
        take_turn_expert(g, world)
    else:
        play_turn_below_expert(g, world)
