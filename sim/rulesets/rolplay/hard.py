"""Rolplay's hard agent: determinization and flat Monte Carlo with greedy rollouts (sim.core.search).

A hard player searches the choice that shapes its turn most: the modes of its attack phase (rule
R-14 decision: which creatures go to attack mode, so cannot defend through the opponent's turn, and
which stay to defend; rule R-13 makes an available creature defend). The candidates are the greedy
agent's modes, every creature in attack mode, none, and the greedy modes with one creature switched,
at most `width` of them, the greedy agent's first. Its powers, summons, activations and targets are
the greedy agent's (agents.py reads a hard player as greedy).

Each candidate is played in `samples` worlds (`observe`, dealt once for all candidates,
`enter_world`): a copy of the game in which what the player
cannot see is dealt again at random, namely the opponent's hand, deck and face-down spell (R-09) and
the player's own deck order. The attacks of the turn, then `horizon` more turns, are played by two
greedy agents in the world record (`ws[1]`, state.new_workspace), never in the game's own; a
finished world scores 1, 1/2 or 0 (`sim.core.search.outcome_score`), an unfinished one the logistic
of its life and board difference (`evaluate`). Every candidate meets the same worlds (common random
numbers), and the best mean wins, the first listed on a tie; a candidate stops once it cannot end
above the best so far (`sim.core.search.best_option_stopping`).

`play_turn` is every player's turn in the batch kernel: a hard player's searched, the others' as
game.play_turn plays it.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.core.search import (
    SEARCH_WIDTH, best_option_stopping, copy_into, deal_unseen, enter_kept_world, next_decision, outcome_score,
    world_key,
)
from sim.core.turns import play_on
import sim.rulesets.rolplay.game as game  # the module, not the package: the package imports the engine
from sim.rulesets.rolplay.agents import creature_worth
from sim.rulesets.rolplay.constants import N_CARDS, Agent, Class, Field, Param, Zone
from sim.rulesets.rolplay.state import (
    CS_ENTERED, CS_REVEALED, CS_ZONE, G_ACTIVE, G_OVER, G_TRACED, G_WINNER, GAME, KEPT_WORLDS,
    N_PLAY_STREAMS, PS_AGENT, PS_DECISIONS, PS_HAND, PS_LIFE, PS_ORDER, PS_POWER, PS_SPELL, PS_TOP, PS_ZONE_MASK,
    ST_SEARCH, field, forget_figures, in_zone, lowest_bit,
)

DEAL_STREAM = 63  # the world_key stream a world's deal draws from (the play streams are 0 .. N_PLAY_STREAMS-1)
EVAL_SCALE = 25.0  # the evaluation's logistic scale, in points of life (and of creature worth on the field)


@njit(cache=True, _nrt=False)
def copy_play_state(g: np.void, world: np.void) -> None:
    """The world record takes the game's changing state (cards, players, streams); its constant tables
    are the game's already (state.new_workspace). Loops: a slice copy would need numba's runtime."""
    copy_into(world.cs, g.cs)
    copy_into(world.ps, g.ps)
    copy_into(world.rng, g.rng)
    forget_figures(world)  # the world's table is of its last rollout (figures.py)


@njit(cache=True, _nrt=False)
def _deal_opponent(g: np.void, world: np.void, o: int, s: int) -> None:
    """Deal again, in `world`, the cards of o that the searching player cannot see: its hand, its deck
    and a spell set face down (R-09). They are listed by card instance, never by where they are, and
    dealt into the places in a public order: the spell place first (a spell among them), then the
    hand's places, then the deck from its top (invariant 5). The dealt cards fill exactly the places
    they came from, so the zone masks of those places are made anew rather than moved card by card."""
    cs, ps, wcs, wps = g.cs, g.ps, world.cs, world.ps
    unseen = world.unseen
    spell = ps[o, PS_SPELL] - 1
    hidden_spell = spell >= 0 and cs[o, spell, CS_REVEALED] == 0
    m = in_zone(g, o, Zone.HAND) | in_zone(g, o, Zone.DECK)
    if hidden_spell:
        m |= np.int64(1) << spell
    n = 0
    while m:  # lowest bit first: by card instance
        unseen[n] = lowest_bit(m)
        m &= m - np.int64(1)
        n += 1
    deal_unseen(unseen, n, world.rng, s)
    first = 0
    if hidden_spell:
        for i in range(n):  # the first dealt spell takes the spell place
            if field(g, o, unseen[i], Field.CLASS) == Class.SPELL:
                unseen[0], unseen[i] = unseen[i], unseen[0]
                break
        c = unseen[0]
        wcs[o, c, CS_ZONE] = Zone.SPELL
        wcs[o, c, CS_ENTERED] = cs[o, spell, CS_ENTERED]
        wps[o, PS_ZONE_MASK + Zone.SPELL] = np.int64(1) << c
        wps[o, PS_SPELL] = c + 1
        first = 1
    hand = ps[o, PS_HAND]
    top = ps[o, PS_TOP]
    hand_mask = np.int64(0)
    deck_mask = np.int64(0)
    for i in range(first, n):
        c = unseen[i]
        wcs[o, c, CS_ENTERED] = 0  # a card out of play has no turn of arrival (the old spell's goes)
        if i - first < hand:
            wcs[o, c, CS_ZONE] = Zone.HAND
            hand_mask |= np.int64(1) << c
        else:
            wcs[o, c, CS_ZONE] = Zone.DECK
            deck_mask |= np.int64(1) << c
            wps[o, PS_ORDER + top + i - first - hand] = c
    wps[o, PS_ZONE_MASK + Zone.HAND] = hand_mask
    wps[o, PS_ZONE_MASK + Zone.DECK] = deck_mask


@njit(cache=True, _nrt=False)
def _deal_own_deck(g: np.void, world: np.void, p: int, s: int) -> None:
    """The player's own deck order, which it does not know, shuffled again in `world`."""
    ps = g.ps
    unseen = world.unseen
    n = 0
    for i in range(ps[p, PS_TOP], N_CARDS):
        unseen[n] = ps[p, PS_ORDER + i]
        n += 1
    deal_unseen(unseen, n, world.rng, s)
    for i in range(n):
        world.ps[p, PS_ORDER + ps[p, PS_TOP] + i] = unseen[i]


@njit(cache=True, _nrt=False)
def observe(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int) -> None:
    """World `sample` of decision `decision`: the game as p may know it, the hidden cards dealt again
    (the same in every rollout), the play streams of `rollout` (the random picks of tap and destroy
    effects), both players greedy, no trace."""
    copy_play_state(g, world)
    key = g.rng[ST_SEARCH + p]
    s = ST_SEARCH + p
    world.rng[s] = world_key(key, decision, sample, 0, DEAL_STREAM)
    _deal_opponent(g, world, 1 - p, s)
    _deal_own_deck(g, world, p, s)
    _key_rollout(g, world, p, decision, sample, rollout)
    world.ps[0, PS_AGENT] = Agent.GREEDY
    world.ps[1, PS_AGENT] = Agent.GREEDY
    world.ps[GAME, G_TRACED] = 0


@njit(cache=True, _nrt=False, inline="always")
def _key_rollout(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int) -> None:
    """The world's play streams, those of rollout `rollout` of world `sample`."""
    key = g.rng[ST_SEARCH + p]
    for k in range(N_PLAY_STREAMS):
        world.rng[k] = world_key(key, decision, sample, rollout, k)


@njit(cache=True, _nrt=False)
def enter_world(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int, w: int,
                first: bool) -> None:
    """`observe` for a search (sim.core.search.best_option_stopping), which plays its candidates one
    after another, each in the same worlds: world w of the search (sample * rollouts + rollout) is
    dealt for the `first` candidate and kept in g.kept_* (sim.core.search.enter_kept_world), and
    the other candidates copy it back, the world observe would deal again."""
    enter_kept_world(g, world, p, decision, sample, rollout, w, first, observe, KEPT_WORLDS)
    forget_figures(world)  # a kept world copied back keeps the table of its last rollout (figures.py)


@njit(cache=True, _nrt=False)
def evaluate(world: np.void, p: int) -> float:
    """An unfinished world's score for p: the logistic of its life and creatures' worth against the
    opponent's, in EVAL_SCALE points."""
    q = 1 - p
    diff = float(world.ps[p, PS_LIFE] - world.ps[q, PS_LIFE])
    for side in range(2):
        m = in_zone(world, side, Zone.CREATURE)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            value = creature_worth(world, side, c)
            diff += value if side == p else -value
    return 1.0 / (1.0 + math.exp(-diff / EVAL_SCALE))


@njit(cache=True, _nrt=False)
def play_out(world: np.void, p: int, mask: np.int64, horizon: int) -> float:
    """In `world`, p's attack phase with the modes of `mask`, the rest of the game or `horizon` more
    turns (0: to the end) by greedy play, then the score for p."""
    ps = world.ps
    game.apply_modes(world, p, mask)
    game.attacks(world, p)
    ps[p, PS_POWER] = 0
    play_on(world, horizon, world.par[Param.TURN_CAP], game.play_turn, game.end_by_score)
    if ps[GAME, G_OVER]:
        return outcome_score(ps[GAME, G_WINNER], p)
    return evaluate(world, p)


@njit(cache=True, _nrt=False)
def list_modes(g: np.void, p: int, width: int) -> int:
    """The candidate modes into g.options: the greedy agent's first, then all in attack mode, none,
    and the greedy modes with one creature switched (in place order), distinct, at most `width`."""
    greedy = game.chosen_modes(g, p)
    everyone = in_zone(g, p, Zone.CREATURE)
    options = g.options
    n = 0
    options[n] = greedy
    n += 1
    for mask in (everyone, np.int64(0)):
        seen = False
        for i in range(n):
            seen = seen or options[i] == mask
        if not seen and n < width:
            options[n] = mask
            n += 1
    m = everyone
    while m and n < width:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        mask = greedy ^ (np.int64(1) << c)
        seen = False
        for i in range(n):
            seen = seen or options[i] == mask
        if not seen:
            options[n] = mask
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _modes_option(g: np.void, world: np.void, p: int, i: int, w: int, horizon: int, option_args: None) -> float:
    """Candidate i of `list_modes` (g.options[i]) played out in the world (play_out)."""
    return play_out(world, p, g.options[i], horizon)


@njit(cache=True, _nrt=False)
def search_modes(g: np.void, world: np.void, p: int) -> np.int64:
    """The attack modes a hard player sets: the best of the candidates of `list_modes`
    (sim.core.search.best_option_stopping: a candidate that cannot end above the best so far stops,
    the same choice as best_option's); a decision is counted only when there is a choice."""
    n = list_modes(g, p, g.search[p, SEARCH_WIDTH])
    if n == 1:  # nothing to choose: no creature in play
        return g.options[0]
    decision = next_decision(g.ps, p, PS_DECISIONS)
    return g.options[best_option_stopping(g, world, p, decision, n, enter_world, _modes_option, None)]


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void) -> None:
    """The active player's turn: a hard player's attack modes searched (`search_modes`), everything
    else as game.play_turn plays it."""
    p = g.ps[GAME, G_ACTIVE]
    if g.ps[p, PS_AGENT] != Agent.HARD:
        game.play_turn(g)
        return
    game.phases_before_attack(g)
    if not g.ps[GAME, G_OVER]:
        game.apply_modes(g, p, search_modes(g, world, p))
        game.attacks(g, p)
    g.ps[p, PS_POWER] = 0
