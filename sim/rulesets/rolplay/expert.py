"""Rolplay's expert agent: information-set Monte Carlo tree search over its attack phase (sim.core.mcts).

An expert player searches the decision the hard agent searches (hard.py): the modes of its attack
phase (rule R-14 decision), among the same candidates (hard.list_modes). Below each, the tree goes
on through the attacks that follow, the decisions the hard agent leaves to greedy: whom each
attacker chooses or whether it attacks at all (rules R-11, R-13), each attacker in the greedy
agent's order (agents.next_attacker), among the greedy agent's choice, no attack, and every other
creature it may choose (`target_candidates`). A target node is searched by UCB1 once the move above
it has `expand_after` visits (the game's leaf file), the greedy agent's choice before that. Every
root candidate meets the same worlds and dice. The worlds are the hard agent's (hard.observe: the
opponent's hand, deck and face-down spell dealt again from what the player may see), its rollouts
greedy play for `horizon` turns, and its leaves are scored by the fitted evaluation (leaf.py)
instead of the hand-made one.

The attacks are played from the same tree, not searched again: what happens in an attack phase
depends only on the cards in play, which every world shares with the game, so the tree's node under
the modes played is the game's position. At each attack the player takes the best-scoring child of
the node it stands on when that child has `expand_after` visits and is legal in the game, the
greedy agent's choice otherwise (and from then on). Its powers, summons and activations are the
greedy agent's.

The shipped leaf file puts `expand_after` beyond any search's visits, so the tree never grows below
its root: rolplay's expert is a flat search of the hard agent's modes over `samples` x `rollouts`
worlds scored by the fitted evaluation, its attacks the greedy agent's. Searching the attacks below
the modes cost strength in paired games against hard, and no decision searched with greedy rollouts
(targets, summons, more worlds or candidates, a longer horizon) gained on hard: in this game the
deal decides most games (docs/agents.md, "The expert's strength and speed (rolplay)").

`play_turn` is every player's turn: kernels.play_game and the scenarios call it, and it hands a
player that does not search, or searches as hard, to hard.play_turn.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.mcts import (
    LEAF_EXPAND_AFTER, STEP_DONE, T_CHILDREN, T_FIRST, T_MOVE, T_STEP, V_TOTAL, V_VISITS, grow_tree, logistic_leaf,
)
from sim.core.search import SEARCH_WIDTH, next_decision, outcome_score
from sim.core.turns import play_on
import sim.rulesets.rolplay.game as game  # the module, not the package: the package imports the engine
from sim.rulesets.rolplay.agents import (
    NO_ATTACK, NO_CHOICE, choose_summon, choose_target, list_summons, next_attacker, summon_worth,
)
from sim.rulesets.rolplay.constants import Agent, Param, Zone
from sim.rulesets.rolplay.hard import list_modes, observe
from sim.rulesets.rolplay.hard import play_turn as play_turn_below_expert
from sim.rulesets.rolplay.leaf import LEAF_GREEDY_MARGIN, LEAF_SEARCH_SUMMONS, N_FEATURES, features
from sim.rulesets.rolplay.legal import may_attack, may_choose
from sim.rulesets.rolplay.state import (
    G_ACTIVE, G_OVER, G_WINNER, GAME, LOOP_ATTACKER, LOOP_DONE, LOOP_REPEATS, PS_AGENT, PS_DECISIONS, PS_POWER,
    in_zone, lowest_bit,
)

STEP_SUMMON = 0  # a tree node's step: the next summon of phase 4, or none (rule R-09)
STEP_MODES = 1  # the attack modes (rule R-14)
STEP_TARGET = 2  # whom the attacker standing in g.loop chooses, or no attack (rules)
STOP = -1  # a summon move: no more summons this turn
MAX_REPEATS = 8  # attacks a creature tries in one phase (game.attacks)


@njit(cache=True, _nrt=False)
def leaf_value(world: np.void, p: int, to_move: int) -> float:
    """The fitted evaluation of the world for p (leaf.py), `to_move` playing next."""
    features(world, p, to_move, world.feat)
    return logistic_leaf(world.feat, world.leaf, N_FEATURES)


@njit(cache=True, _nrt=False)
def next_attack(g: np.void, p: int) -> int:
    """Where p's attack phase (the modes set) stands in g.loop: STEP_TARGET while an attacker may
    attack again (game.attacks: each in the greedy agent's order, at most MAX_REPEATS times),
    STEP_DONE once none may or the game is over."""
    loop = g.loop
    while not g.ps[GAME, G_OVER]:
        a = loop[LOOP_ATTACKER]
        if a >= 0 and loop[LOOP_REPEATS] < MAX_REPEATS and may_attack(g, p, a):
            return STEP_TARGET
        a = next_attacker(g, p, loop[LOOP_DONE])
        if a < 0:
            return STEP_DONE
        loop[LOOP_DONE] |= np.int64(1) << a
        loop[LOOP_ATTACKER] = a
        loop[LOOP_REPEATS] = 0
    return STEP_DONE


@njit(cache=True, _nrt=False)
def begin_attacks(g: np.void, p: int, mask: np.int64) -> int:
    """Set p's modes to `mask` (rule R-14) and start its attacks; returns the first decision's step."""
    game.apply_modes(g, p, mask)
    g.loop[LOOP_DONE] = 0
    g.loop[LOOP_ATTACKER] = -1
    g.loop[LOOP_REPEATS] = 0
    return next_attack(g, p)


@njit(cache=True, _nrt=False)
def attack_with(g: np.void, p: int, target: np.int64) -> int:
    """The attacker standing in g.loop attacks choosing `target` (an opposing creature, or NO_CHOICE),
    or stops with NO_ATTACK; returns the next decision's step."""
    loop = g.loop
    if target == NO_ATTACK:
        loop[LOOP_ATTACKER] = -1
    else:
        loop[LOOP_REPEATS] += 1
        game.attack(g, p, loop[LOOP_ATTACKER], target)
    return next_attack(g, p)


@njit(cache=True, _nrt=False)
def is_legal_target(g: np.void, p: int, a: int, target: np.int64) -> bool:
    """Whether attacker a may make the attack `target` names now (NO_ATTACK always)."""
    if target == NO_ATTACK:
        return True
    any_choice = False
    m = in_zone(g, 1 - p, Zone.CREATURE)
    while m:
        t = lowest_bit(m)
        m &= m - np.int64(1)
        if may_choose(g, p, a, t):
            if t == target:
                return True
            any_choice = True
    return target == NO_CHOICE and not any_choice


@njit(cache=True, _nrt=False)
def target_candidates(g: np.void, p: int, width: int, out: np.ndarray) -> int:
    """The attack choices of the attacker standing in g.loop into out: the greedy agent's first, then
    no attack, then each opposing creature it may choose in card order (NO_CHOICE when it may choose
    none), distinct, at most `width`; returns how many."""
    a = g.loop[LOOP_ATTACKER]
    greedy = choose_target(g, p, a)
    out[0] = greedy
    n = 1
    if greedy != NO_ATTACK:
        out[n] = NO_ATTACK
        n += 1
    any_choice = False
    m = in_zone(g, 1 - p, Zone.CREATURE)
    while m:
        t = lowest_bit(m)
        m &= m - np.int64(1)
        if may_choose(g, p, a, t):
            any_choice = True
            if t != greedy and n < width:
                out[n] = t
                n += 1
    if not any_choice and greedy != NO_CHOICE and n < width:
        out[n] = NO_CHOICE
        n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def summon_code(g: np.void, k: int) -> np.int64:
    """Summon candidate k of g.cand (agents.list_summons: kind, card, target) as one move."""
    return np.int64(g.cand[k, 0]) << 16 | np.int64(g.cand[k, 1]) << 8 | np.int64(g.cand[k, 2] + 1)


@njit(cache=True, _nrt=False)
def summon_candidates(g: np.void, p: int, width: int, out: np.ndarray) -> int:
    """The summon choices of p now into out: the greedy agent's first (STOP when it summons nothing
    more), then STOP, then the other summons by the greedy agent's value, best first, at most
    `width`; returns how many. Only p's own hand, creatures and power decide them, which every world
    shares with the game."""
    k = choose_summon(g, p)  # lists the summons into g.cand
    n_listed = list_summons(g, p)
    out[0] = STOP if k < 0 else summon_code(g, k)
    n = 1
    if k >= 0:
        out[n] = STOP
        n += 1
    taken = np.int64(0) if k < 0 else np.int64(1) << k
    while n < width:
        best = -1
        best_value = -1e18
        for i in range(min(n_listed, 63)):
            if not taken >> i & np.int64(1):
                value = summon_worth(g, p, i)
                if value > best_value:
                    best, best_value = i, value
        if best < 0:
            break
        taken |= np.int64(1) << best
        out[n] = summon_code(g, best)
        n += 1
    return n


@njit(cache=True, _nrt=False)
def summon_move(g: np.void, p: int, move: np.int64) -> None:
    """Make the summon `move` names (summon_code), rule R-09."""
    game.summon(g, p, move >> 16, (move >> 8) & 255, (move & 255) - 1)


@njit(cache=True, _nrt=False)
def to_modes(g: np.void, p: int) -> int:
    """After p's last summon: phase 5 by the greedy agent (rules R-10, R-17), then the modes'
    decision, or STEP_DONE when the game is over."""
    game.ability_phase(g, p)
    return STEP_DONE if g.ps[GAME, G_OVER] else STEP_MODES


@njit(cache=True, _nrt=False)
def play_step(world: np.void, p: int, step: int, move: np.int64) -> int:
    """Play `move` at decision `step` in the world; returns the turn's next searched decision."""
    if step == STEP_SUMMON:
        if move == STOP:
            return to_modes(world, p)
        summon_move(world, p, move)
        return STEP_SUMMON
    if step == STEP_MODES:
        return begin_attacks(world, p, move)
    return attack_with(world, p, move)


@njit(cache=True, _nrt=False)
def step_candidates(world: np.void, p: int, step: int) -> int:
    """The candidates of decision `step` in the world, into world.options, at most the side's search
    width; returns how many."""
    width = world.search[p, SEARCH_WIDTH]
    if step == STEP_SUMMON:
        return summon_candidates(world, p, width, world.options)
    if step == STEP_MODES:
        return list_modes(world, p, width)
    return target_candidates(world, p, width, world.options)


@njit(cache=True, _nrt=False)
def finish_and_score(world: np.void, p: int, at: int, horizon: int, no_args: None) -> float:
    """The rest of p's turn from decision `at` by the greedy agent's choices (the turn's power lost),
    then greedy play for `horizon` turns or to the end (0), scored for p by the game's end or by
    `leaf_value`."""
    if at == STEP_SUMMON:
        game.summon_phase(world, p)
        at = to_modes(world, p)
    if at == STEP_MODES:
        at = begin_attacks(world, p, game.chosen_modes(world, p))
    while at == STEP_TARGET:
        at = attack_with(world, p, choose_target(world, p, world.loop[LOOP_ATTACKER]))
    ps = world.ps
    ps[p, PS_POWER] = 0
    play_on(world, horizon, world.par[Param.TURN_CAP], game.play_turn, game.end_by_score)
    if ps[GAME, G_OVER]:
        return outcome_score(ps[GAME, G_WINNER], p)
    return leaf_value(world, p, ps[GAME, G_ACTIVE] ^ 1)  # the player after the last turn played


@njit(cache=True, _nrt=False)
def search_step(g: np.void, world: np.void, p: int, step: int, n_root: int) -> int:
    """The root child an expert player plays at decision `step`, whose n_root candidates are in
    g.options: IS-MCTS over the rest of its turn (sim.core.mcts.grow_tree), every candidate played in
    the same `samples` worlds with the same `rollouts` dice, the best mean. The tree stays in g.tree,
    and the turn's next decisions follow it (`follow`)."""
    decision = next_decision(g.ps, p, PS_DECISIONS)
    grow_tree(g, world, p, decision, step, g.options, n_root, world.options, N_FEATURES, False, observe, play_step,
              step_candidates, finish_and_score, None)
    return chosen_child(g, np.int64(0), 1.0)


@njit(cache=True, _nrt=False)
def search_modes(g: np.void, world: np.void, p: int, n_root: int) -> int:
    """The root child whose modes an expert player sets, the n_root candidates of hard.list_modes in
    g.options (`search_step`)."""
    return search_step(g, world, p, np.int64(STEP_MODES), n_root)  # not a literal: one compile


@njit(cache=True, _nrt=False)
def chosen_child(g: np.void, node: int, min_visits: float) -> int:
    """The child of `node` to play: the best mean among those visited `min_visits` times or more (the
    first listed on a tie), unless it gains less than the leaf file's greedy margin over the first
    child, the greedy agent's choice (when that has the visits): a few dozen noisy rollouts would
    otherwise leave greedy play for a gain that is chance. -1 when no child has the visits."""
    tree, tree_value = g.tree, g.tree_value
    first = tree[node, T_FIRST]
    best = -1
    best_mean = -1.0
    for child in range(first, first + tree[node, T_CHILDREN]):
        visits = tree_value[child, V_VISITS]
        if visits >= min_visits and visits > 0.0 and tree_value[child, V_TOTAL] / visits > best_mean:
            best, best_mean = child, tree_value[child, V_TOTAL] / visits
    visits = tree_value[first, V_VISITS]
    if best > first and visits >= min_visits and visits > 0.0 \
            and best_mean - tree_value[first, V_TOTAL] / visits < g.leaf[N_FEATURES + LEAF_GREEDY_MARGIN]:
        return first
    return best


@njit(cache=True, _nrt=False)
def follow(g: np.void, node: int, step: int) -> int:
    """The child of tree node `node` to play at decision `step` of the game: the best-scoring with
    `expand_after` visits, -1 when the tree has none there (the node is -1 once the game left it)."""
    if node < 0 or g.tree[node, T_STEP] != step:
        return -1
    return chosen_child(g, node, max(g.leaf[N_FEATURES + LEAF_EXPAND_AFTER], 1.0))


@njit(cache=True, _nrt=False)
def summon_phase_expert(g: np.void, world: np.void, p: int) -> None:
    """Phase 4 for an expert player (rule R-09): its first summon searched (`search_step`), the next
    ones from the tree while it has the visits, the greedy agent's after."""
    node = -1
    width = g.search[p, SEARCH_WIDTH]
    for k in range(game.MAX_STEPS):
        n = summon_candidates(g, p, width, g.options)
        if n == 1 and g.options[0] == STOP:
            return
        child = search_step(g, world, p, np.int64(STEP_SUMMON), n) if k == 0 else follow(g, node, np.int64(STEP_SUMMON))
        move = g.options[0]
        node = -1
        if child >= 0:
            for i in range(n):  # the tree's move, if the game offers it
                if g.options[i] == g.tree[child, T_MOVE]:
                    move, node = g.options[i], child
        if move == STOP:
            return
        summon_move(g, p, move)


@njit(cache=True, _nrt=False)
def play_attacks(g: np.void, p: int, node: int, at: int) -> None:
    """p's attacks in the game from tree node `node` (the modes played): each attack the best child's
    when it has the visits and is legal here, the greedy agent's otherwise and from then on."""
    while at == STEP_TARGET:
        a = g.loop[LOOP_ATTACKER]
        child = follow(g, node, np.int64(STEP_TARGET))
        if child >= 0 and is_legal_target(g, p, a, g.tree[child, T_MOVE]):
            target = g.tree[child, T_MOVE]
            node = child
        else:
            target = choose_target(g, p, a)
            node = -1
        at = attack_with(g, p, target)


@njit(cache=True, _nrt=False)
def take_turn_expert(g: np.void, world: np.void, p: int) -> None:
    """game.play_turn for an expert player: the same phases, its summons, modes and attacks searched."""
    game.start_turn(g)
    if not g.ps[GAME, G_OVER]:
        game.powers_phase(g, p)
    if not g.ps[GAME, G_OVER]:
        if g.leaf[N_FEATURES + LEAF_SEARCH_SUMMONS]:
            summon_phase_expert(g, world, p)
        else:
            game.summon_phase(g, p)
        game.ability_phase(g, p)
    if not g.ps[GAME, G_OVER]:
        n = list_modes(g, p, g.search[p, SEARCH_WIDTH])
        if n == 1:  # nothing to choose: no creature in play
            game.apply_modes(g, p, g.options[0])
            game.attacks(g, p)
        else:
            node = search_modes(g, world, p, n)
            play_attacks(g, p, node, begin_attacks(g, p, g.tree[node, T_MOVE]))
    g.ps[p, PS_POWER] = 0


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void) -> None:
    """The active player's turn: searched by tree when it is expert, else as hard.play_turn plays it."""
    p = g.ps[GAME, G_ACTIVE]
    if g.ps[p, PS_AGENT] == Agent.EXPERT:
        take_turn_expert(g, world, p)
    else:
        play_turn_below_expert(g, world)
