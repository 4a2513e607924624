"""The expert agent every ruleset builds the same way: information-set Monte Carlo tree search (IS-MCTS).

At each decision it searches (the hard agent's, sim.core.search), an expert player grows one tree
over the rest of its own turn: the decision's candidates (the hard agent's) at the root, below each
the turn's next decisions it searches. As in Cowling, Powley and Whitehouse's single-observer
IS-MCTS, the tree's statistics are over the player's information set: every pass deals a world from
what the player may see (the hard agent's `observe`), and a node's moves are listed from the
player's own cards and the public table, so every world offers the same ones.

1. For each of `samples` worlds and `rollouts` dice, every root candidate is played in the same
   world with the same dice (common random numbers, as the hard agent: the root's comparison is
   paired, which is what a few dozen rollouts can resolve);
2. below it, the walk goes down by UCB1 (`select_child`: an unvisited child first, in the order the
   ruleset lists them, the greedy agent's choice first), but only through a move visited
   `expand_after` times or more (the game's leaf file): until then the rest of the turn is the
   greedy agent's, so a later decision's search never dilutes a move's value before it has the
   visits to tell its own moves apart;
3. the rest of the turn and `horizon` more turns are played greedily, and the world is scored for
   the player by the game's end (a win 1, a draw 1/2) or by the ruleset's fitted leaf evaluation (a
   logistic over state features whose coefficients `sim fit-leaf` trains from self-play and ships
   as data, `logistic_leaf`);
4. the score is added along the path (`backpropagate`).

The root candidate with the best mean is played, the first listed on a tie (the greedy choice
first: the agent leaves greedy play only for a measured gain).

The walk (steps 1 to 4) is written once, `grow_tree`; each game gives it the pieces of its turn
(docs/adding-a-game.md lists them).

The tree lives in the game record's preallocated rows (`tree[node, T_*]`, `tree_value[node, V_*]`,
MAX_NODES of them): nothing allocates during a search. A tree that fills stops growing, and its
walks end at the nodes it has. Its randomness is the hard agent's own stream, keyed by (run seed,
game, side, decision): a search is a pure function of what the player may see.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.core.search import SEARCH_HORIZON, SEARCH_ROLLOUTS, SEARCH_SAMPLES, SearchSettings, outcome_score

# tree[node, ...]
T_FIRST = 0  # index of its first child (children are contiguous)
T_CHILDREN = 1  # how many children, -1 until expanded
T_MOVE = 2  # the move that leads here from its parent (a ruleset's candidate code)
T_STEP = 3  # which of the turn's decisions this node is (the ruleset's code), or STEP_DONE
N_T = 4
STEP_DONE = -1  # the turn's searched decisions are all made: a leaf of every tree

# tree_value[node, ...]
V_VISITS = 0
V_TOTAL = 1
N_V = 2

MAX_NODES = 1 << 12  # 32 candidates at two levels fit (1 + 32 + 32 * 32)
MAX_DEPTH = 8  # decisions on a path from the root

# leaf[...]: a ruleset's fitted leaf evaluation (its N features' coefficients first), then the search's
# own constants, both from the ruleset's shipped leaf file
LEAF_EXPLORATION = 0  # leaf[n_features + LEAF_EXPLORATION]: UCB1's exploration constant
LEAF_EXPAND_AFTER = 1  # visits of a move before the turn's next decision below it is searched
N_LEAF_EXTRA = 2
MAX_LEAF = 32

# info[row, ...]: a self-play position's columns beside its features, the data `sim fit-leaf` fits a
# leaf evaluation to (each game's positions.py records them, sim.core.leaf_fit reads them)
P_UNIT = 0
P_SIDE = 1  # the side it is read from
P_TURN = 2
P_SCORE = 3  # how the game ended for that side: 1 a win, 1/2 a draw, 0 a loss
P_HAND_MADE = 4  # the hard agent's hand-made evaluation of the position for that side
N_P = 5

EXPERT_SEARCH = SearchSettings(samples=8, rollouts=2, horizon=2, width=6)


def default_search(agent: str, ruleset: object | None = None) -> SearchSettings | None:
    """A side's search settings when its spec gives none: each searching level's defaults; an
    expert's are the ruleset's own where it names them (its `expert_search`: a game whose fitted
    leaf reads a world best at another horizon), else EXPERT_SEARCH."""
    if agent == "expert":
        return getattr(ruleset, "expert_search", None) or EXPERT_SEARCH
    return {"hard": SearchSettings()}.get(agent)


@njit(cache=True, _nrt=False, inline="always")
def new_tree(tree: np.ndarray, tree_value: np.ndarray, step: int) -> int:
    """Clear the tree to a root of decision `step`; returns the number of nodes (1)."""
    tree[0, T_FIRST] = 0
    tree[0, T_CHILDREN] = -1
    tree[0, T_MOVE] = 0
    tree[0, T_STEP] = step
    tree_value[0, V_VISITS] = 0.0
    tree_value[0, V_TOTAL] = 0.0
    return 1


@njit(cache=True, _nrt=False, inline="always")
def add_children(tree: np.ndarray, tree_value: np.ndarray, n_nodes: int, node: int, moves: np.ndarray, n: int,
                 step: int) -> int:
    """Expand `node` with the n moves of moves[:n], whose nodes are decision `step`; returns the new
    node count. A full tree leaves the node a leaf (0 children)."""
    if n_nodes + n > tree.shape[0]:
        n = 0
    tree[node, T_FIRST] = n_nodes
    tree[node, T_CHILDREN] = n
    for i in range(n):
        child = n_nodes + i
        tree[child, T_FIRST] = 0
        tree[child, T_CHILDREN] = -1
        tree[child, T_MOVE] = moves[i]
        tree[child, T_STEP] = step
        tree_value[child, V_VISITS] = 0.0
        tree_value[child, V_TOTAL] = 0.0
    return n_nodes + n


@njit(cache=True, _nrt=False, inline="always")
def select_child(tree: np.ndarray, tree_value: np.ndarray, node: int, exploration: float) -> int:
    """UCB1 among the children of an expanded `node`: the first unvisited, else the best mean plus
    exploration * sqrt(ln(parent visits) / visits), the first listed on a tie."""
    first, n = tree[node, T_FIRST], tree[node, T_CHILDREN]
    log_parent = math.log(max(tree_value[node, V_VISITS], 1.0))
    best = first
    best_score = -1.0
    for child in range(first, first + n):
        visits = tree_value[child, V_VISITS]
        if visits == 0.0:
            return child
        score = tree_value[child, V_TOTAL] / visits + exploration * math.sqrt(log_parent / visits)
        if score > best_score:
            best, best_score = child, score
    return best


@njit(cache=True, _nrt=False, inline="always")
def backpropagate(tree_value: np.ndarray, path: np.ndarray, depth: int, score: float) -> None:
    """Add one visit scoring `score` to the nodes path[:depth]."""
    for i in range(depth):
        tree_value[path[i], V_VISITS] += 1.0
        tree_value[path[i], V_TOTAL] += score


@njit(_nrt=False, inline="always")
def grow_tree(g: np.void, world: np.void, p: int, decision: int, step: int, root_moves: np.ndarray, n_root: int,
              world_moves: np.ndarray, n_features: int, world_per_rollout: bool, observe, play_step, list_moves,
              finish_and_score, score_args) -> None:
    """Expert player p's tree over the rest of its turn from decision `step`, whose n_root candidates
    are root_moves[:n_root]: steps 1 to 4 of the module's docstring, the statistics left in g.tree and
    g.tree_value for the caller to choose from (`best_root_child`, or the game's own rule). The game
    gives its pieces, compiled functions numba calls directly:

    - `observe(g, world, p, decision, sample, rollout)`: the world of (sample, rollout), the hard
      agent's; with `world_per_rollout` (a game whose greedy play draws no random number, where a
      second rollout would replay the first) every rollout deals a world of its own instead,
      `observe(..., sample * rollouts + rollout, 0)`;
    - `play_step(world, p, step, move) -> int`: plays the move at decision `step` and returns the
      turn's next searched decision (STEP_DONE when none is left);
    - `list_moves(world, p, step) -> int`: decision `step`'s candidates in this world into
      world_moves (the array of `world` the game lists them in), the greedy agent's first;
    - `finish_and_score(world, p, step, horizon, score_args) -> float`: the rest of the turn from
      decision `step` and `horizon` turns more by greedy play, the world scored for p.

    A node is expanded with the moves of the first world that reaches it; a world at another decision
    than the node's (its opponent answered otherwise) ends the walk there. The leaf file's search
    constants follow its `n_features` coefficients in g.leaf.

    Compiled into each caller (`inline="always"`), never on its own, for the reason `best_option`
    gives (sim.core.search): the game's functions stay direct calls, and the callers are cached."""
    search = g.search[p]
    tree, tree_value, path = g.tree, g.tree_value, g.path
    samples, rollouts, horizon = search[SEARCH_SAMPLES], search[SEARCH_ROLLOUTS], search[SEARCH_HORIZON]
    exploration = g.leaf[n_features + LEAF_EXPLORATION]
    expand_after = g.leaf[n_features + LEAF_EXPAND_AFTER]
    n_nodes = new_tree(tree, tree_value, step)
    n_nodes = add_children(tree, tree_value, n_nodes, 0, root_moves, n_root, STEP_DONE)
    for sample in range(samples):
        for rollout in range(rollouts):
            world_sample, world_rollout = sample, rollout
            if world_per_rollout:
                world_sample, world_rollout = sample * rollouts + rollout, 0
            for i in range(n_root):
                observe(g, world, p, decision, world_sample, world_rollout)
                node = tree[0, T_FIRST] + i
                at = play_step(world, p, step, tree[node, T_MOVE])
                path[0] = 0
                path[1] = node
                depth = 2
                while at != STEP_DONE and depth < path.shape[0] and tree_value[node, V_VISITS] >= expand_after:
                    if tree[node, T_CHILDREN] < 0:
                        tree[node, T_STEP] = at
                        n_nodes = add_children(tree, tree_value, n_nodes, node, world_moves, list_moves(world, p, at),
                                               STEP_DONE)
                    if tree[node, T_CHILDREN] == 0 or tree[node, T_STEP] != at:
                        break  # a full tree, or this world is at another decision than the node's
                    child = select_child(tree, tree_value, node, exploration)
                    fresh = tree_value[child, V_VISITS] == 0.0
                    at = play_step(world, p, at, tree[child, T_MOVE])
                    node = child
                    path[depth] = node
                    depth += 1
                    if fresh:
                        break
                backpropagate(tree_value, path, depth, finish_and_score(world, p, at, horizon, score_args))


@njit(cache=True, _nrt=False, inline="always")
def best_child(tree: np.ndarray, tree_value: np.ndarray, node: int) -> int:
    """The child of an expanded `node` with the best mean score, the first listed on a tie (a child
    never visited scores 0)."""
    first, n = tree[node, T_FIRST], tree[node, T_CHILDREN]
    best = first
    best_mean = -1.0
    for child in range(first, first + n):
        mean = tree_value[child, V_TOTAL] / max(tree_value[child, V_VISITS], 1.0)
        if mean > best_mean:
            best, best_mean = child, mean
    return best


@njit(cache=True, _nrt=False, inline="always")
def best_root_child(tree: np.ndarray, tree_value: np.ndarray) -> int:
    """The root's child to play: the best mean score, the first listed on a tie."""
    return best_child(tree, tree_value, 0)


@njit(cache=True, _nrt=False, inline="always")
def logistic_leaf(features: np.ndarray, leaf: np.ndarray, n_features: int) -> float:
    """The fitted leaf evaluation: the chance the player wins, 1 / (1 + exp(-coefficients . features))."""
    x = 0.0
    for i in range(n_features):
        x += leaf[i] * features[i]
    x = min(max(x, -30.0), 30.0)
    return 1.0 / (1.0 + math.exp(-x))


@njit(cache=True, _nrt=False, inline="always")
def note_position(info: np.ndarray, row: int, unit: int, side: int, turn: int, hand_made: float) -> None:
    """A self-play position's columns: its game (unit), the side it is read from, the turn and the hard
    agent's hand-made evaluation; its score waits for the game's end (`score_positions`)."""
    info[row, P_UNIT] = unit
    info[row, P_SIDE] = side
    info[row, P_TURN] = turn
    info[row, P_HAND_MADE] = hand_made


@njit(cache=True, _nrt=False, inline="always")
def score_positions(info: np.ndarray, start: int, rows: int, winner: int) -> None:
    """The score of a finished game's positions info[start:rows] for the side each is read from."""
    for r in range(start, rows):
        info[r, P_SCORE] = outcome_score(winner, np.int64(info[r, P_SIDE]))
