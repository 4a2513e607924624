"""Epikha's hard agent: determinization and flat Monte Carlo with greedy rollouts (sim.core.search).

A hard player searches the choice that shapes its turn most: its attackers (rule E-25). The
candidates are the greedy agent's attackers, every card that may attack, none, and the greedy
choice with one card added or taken out, at most `width`, the greedy agent's first. Its deployment,
spells, raises and blocks are the greedy agent's (agents.py reads a hard player as greedy).

Each candidate is played in `samples` worlds (`observe`; dealt once for all the candidates, the
other candidates copy back only what a rollout may have changed, and a search's later worlds are
dealt over its first, `observe_dealt`): a copy of the game in which what the player cannot see is
dealt again at random, namely the opponent's hand and deck and the player's own
deck order. The combat and regroup of the turn, then `horizon` more turns, are played by two greedy
agents in the world record (`ws[1]`), never in the game's own; a finished world scores 1, 1/2 or 0,
an unfinished one the logistic of the Player cards' Vital and the field's worth (`evaluate`). Every
candidate meets the same worlds, and the best mean wins, the first listed on a tie.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.core.search import (
    SEARCH_WIDTH, WORLD_STRIDE, best_option, copy_into, deal_unseen, next_decision, outcome_score, world_key,
)
from sim.core.turns import play_on
import sim.rulesets.epikha.game as game  # the module, not the package: the package imports the engine
from sim.rulesets.epikha.agents import choose_attackers, worth
from sim.rulesets.epikha.constants import MAX_DECK, N_CARDS, PLAYER_C, Agent, Param, Zone
from sim.rulesets.epikha.legal import may_attack
from sim.rulesets.epikha.state import (
    CS_ZONE, G_ACTIVE, G_N_PENDING, G_OVER, G_TRACED, G_WINNER, GAME, N_CS, N_P, N_PLAY_STREAMS, N_STREAMS, PS_AGENT,
    PS_DECISIONS, PS_KEPT, PS_N_DECK, PS_ORDER, PS_TOP, PS_VITAL, PS_ZONE_MASK, ST_SEARCH, bit_count,
    characters_in_play, in_zone, lowest_bit, move,
)

DEAL_STREAM = 63
EVAL_SCALE = 30.0  # the evaluation's logistic scale, in points of Vital


@njit(cache=True, _nrt=False, inline="always")
def copy_state(cs: np.ndarray, ps: np.ndarray, pend: np.ndarray, rng: np.ndarray, from_cs: np.ndarray,
               from_ps: np.ndarray, from_pend: np.ndarray, from_rng: np.ndarray) -> None:
    """A game's changing state (cards, players, pending list, streams) copied over another's."""
    copy_into(cs, from_cs)
    copy_into(ps, from_ps)
    copy_into(pend, from_pend)
    copy_into(rng, from_rng)


@njit(cache=True, _nrt=False)
def copy_play_state(g: np.void, world: np.void) -> None:
    """The world record takes the game's changing state; its constant tables are the game's already.
    The Seen bits are not copied: play only writes them (the card counters read the game's own)."""
    copy_state(world.cs, world.ps, world.pend, world.rng, g.cs, g.ps, g.pend, g.rng)


@njit(cache=True, _nrt=False)
def _deal_opponent(g: np.void, world: np.void, o: int, s: int) -> None:
    """Deal again, in `world`, o's hand and deck: listed by card instance, never by where they are,
    dealt into the hand first, then the deck from its top (invariant 5)."""
    unseen = world.unseen
    n = 0
    m = (in_zone(g, o, Zone.HAND) | in_zone(g, o, Zone.DECK)) & ((np.int64(1) << MAX_DECK) - 1)
    while m:  # by instance, from the zone masks (a walk of every instance's zone was a twelfth of the search)
        unseen[n] = lowest_bit(m)
        m &= m - np.int64(1)
        n += 1
    deal_unseen(unseen, n, world.rng, s)
    hand = bit_count(in_zone(g, o, Zone.HAND))
    top = g.ps[o, PS_TOP]
    for i in range(n):
        c = unseen[i]
        if i < hand:
            move(world, o, c, Zone.HAND)
        else:
            move(world, o, c, Zone.DECK)
            world.ps[o, PS_ORDER + top + i - hand] = c


@njit(cache=True, _nrt=False)
def _deal_own_deck(g: np.void, world: np.void, p: int, s: int) -> None:
    """The player's own deck order, which it does not know, shuffled again in `world`."""
    unseen = world.unseen
    n = 0
    for i in range(g.ps[p, PS_TOP], g.ps[p, PS_N_DECK]):
        unseen[n] = g.ps[p, PS_ORDER + i]
        n += 1
    deal_unseen(unseen, n, world.rng, s)
    for i in range(n):
        world.ps[p, PS_ORDER + g.ps[p, PS_TOP] + i] = unseen[i]


@njit(cache=True, _nrt=False)
def observe(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int) -> None:
    """World `sample` of decision `decision`: the game as p may know it, the hidden cards dealt again,
    the play streams of `rollout`, both players greedy, no trace."""
    copy_play_state(g, world)
    deal_world(g, world, p, decision, sample, rollout)


@njit(cache=True, _nrt=False)
def deal_world(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int) -> None:
    """`observe` after its copy of the game: world `sample`'s deal and streams over a copy of g, or
    over a world dealt from g for another sample (what a deal writes it writes whole: the Zone of
    every card of the opponent's hand and deck and the masks of both zones, the deck orders from
    their tops, the streams)."""
    key = g.rng[ST_SEARCH + p]
    s = ST_SEARCH + p
    world.rng[s] = world_key(key, decision, sample, 0, DEAL_STREAM)
    _deal_opponent(g, world, 1 - p, s)
    _deal_own_deck(g, world, p, s)
    for k in range(N_PLAY_STREAMS):
        world.rng[k] = world_key(key, decision, sample, rollout, k)
    world.ps[0, PS_AGENT] = Agent.GREEDY
    world.ps[1, PS_AGENT] = Agent.GREEDY
    world.ps[GAME, G_TRACED] = 0


@njit(cache=True, _nrt=False)
def observe_dealt(g: np.void, world: np.void, p: int, decision: int, sample: int, rollout: int) -> None:
    """`observe`, dealt once per world of a search: sim.core.search.best_option asks for world (sample,
    rollout) once per candidate, in a row, and every candidate meets the same world; so the first
    candidate's world is dealt and kept in g.dealt_*, and the others take a copy of it. Each search
    calls `forget_dealt` first: a kept world belongs to one decision."""
    which = sample * WORLD_STRIDE + rollout + 1
    if g.dealt_world[0] == 0:  # the search's first world: copied whole from the game
        observe(g, world, p, decision, sample, rollout)
        copy_state(g.dealt_cs, g.dealt_ps, g.dealt_pend, g.dealt_rng, world.cs, world.ps, world.pend, world.rng)
    elif g.dealt_world[0] != which:
        # A later world: the world record holds a rollout of the kept world, which is the game but
        # for its deal; taken back, it is dealt again, and only what the deal writes is kept.
        restore_dealt(g, world)
        deal_world(g, world, p, decision, sample, rollout)
        keep_deal(g, world, 1 - p)
    else:
        restore_dealt(g, world)
    g.dealt_world[0] = which


@njit(cache=True, _nrt=False)
def keep_deal(g: np.void, world: np.void, o: int) -> None:
    """g.dealt_* takes world's deal (deal_world) where both are the game dealt for two worlds: the
    Zone of the opponent o's hand and deck cards (`move` writes no other card column), the players'
    columns before the kept masks (deck orders, zone masks) and the streams."""
    dcs, dps, wcs, wps = g.dealt_cs, g.dealt_ps, world.cs, world.ps
    m = wps[o, PS_ZONE_MASK + Zone.HAND] | wps[o, PS_ZONE_MASK + Zone.DECK]
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        dcs[o, c, CS_ZONE] = wcs[o, c, CS_ZONE]
    for row in range(GAME + 1):
        for k in range(PS_KEPT):
            dps[row, k] = wps[row, k]
    for k in range(N_STREAMS):
        g.dealt_rng[k] = world.rng[k]


ALL_CARDS = (1 << N_CARDS) - 1  # every instance's bit of a zone mask


@njit(cache=True, _nrt=False)
def restore_dealt(g: np.void, world: np.void) -> None:
    """The kept world (g.dealt_*) copied back over what a rollout played from it left, only what play
    may have changed (the whole copy was an eighth of a hard game, perf, docs/engine.md):
    - the card rows but those of cards still in the Deck or the hand, in the Discard Zone or unused
      (Zone.OUT) at the deal: in play nothing enters the Deck or the hand but a draw from the Deck
      (E-32), nothing leaves the Discard Zone or OUT, and play writes no row of a card there, so such
      a card's row is as dealt (a card drawn, played or destroyed since is copied);
    - the players' and the game's columns before the deck order and the zone masks: the deck order
      is written only by the set-up's shuffles, the columns from PS_KEPT on only by sort_cards;
    - the pending list's entries the world had (add_pending writes a whole entry, and play reads
      none past G_N_PENDING), and the streams.
    By loops over the rows play may have changed: a whole copy_into writes every row, moved or not."""
    dcs, dps, wcs, wps = g.dealt_cs, g.dealt_ps, world.cs, world.ps
    for side in range(2):  # before the masks are restored: the world's own say which cards moved
        d_deck, w_deck = dps[side, PS_ZONE_MASK + Zone.DECK], wps[side, PS_ZONE_MASK + Zone.DECK]
        d_hand, w_hand = dps[side, PS_ZONE_MASK + Zone.HAND], wps[side, PS_ZONE_MASK + Zone.HAND]
        still = ((d_deck & w_deck) | (d_hand & w_hand) | dps[side, PS_ZONE_MASK + Zone.DISCARD]
                 | dps[side, PS_ZONE_MASK + Zone.OUT])
        m = ~still & np.int64(ALL_CARDS)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            for k in range(N_CS):
                wcs[side, c, k] = dcs[side, c, k]
    for row in range(GAME + 1):
        for k in range(PS_ORDER):
            wps[row, k] = dps[row, k]
        for k in range(PS_ZONE_MASK, PS_KEPT):
            wps[row, k] = dps[row, k]
    for k in range(dps[GAME, G_N_PENDING]):
        for j in range(N_P):
            world.pend[k, j] = g.dealt_pend[k, j]
    for k in range(N_STREAMS):
        world.rng[k] = g.dealt_rng[k]


@njit(cache=True, _nrt=False, inline="always")
def forget_dealt(g: np.void) -> None:
    """A new search: no world of it is dealt yet (`observe_dealt`)."""
    g.dealt_world[0] = 0


@njit(cache=True, _nrt=False)
def evaluate(world: np.void, p: int) -> float:
    """An unfinished world's score for p: the logistic of its Player card's Vital and field's worth
    against the opponent's, in EVAL_SCALE points."""
    diff = float(world.ps[p, PS_VITAL] - world.ps[1 - p, PS_VITAL])
    for side in range(2):
        m = characters_in_play(world, side) & ~(np.int64(1) << PLAYER_C)
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            value = worth(world, side, c)
            diff += value if side == p else -value
    return 1.0 / (1.0 + math.exp(-diff / EVAL_SCALE))


@njit(cache=True, _nrt=False)
def play_out(world: np.void, p: int, mask: np.int64, horizon: int) -> float:
    """In `world`, p's combat with the attackers of `mask` and its regroup, then `horizon` more turns
    (0: to the end) by greedy play, then the score for p."""
    ps = world.ps
    game.combat_and_regroup(world, mask)
    play_on(world, horizon, world.par[Param.TURN_CAP], game.play_turn, game.end_by_cap)
    if ps[GAME, G_OVER]:
        return outcome_score(ps[GAME, G_WINNER], p)
    return evaluate(world, p)


@njit(cache=True, _nrt=False)
def _add(options: np.ndarray, n: int, width: int, mask: np.int64) -> int:
    for i in range(n):
        if options[i] == mask:
            return n
    if n < width:
        options[n] = mask
        n += 1
    return n


@njit(cache=True, _nrt=False)
def list_attacks(g: np.void, p: int, width: int) -> int:
    """The candidate attackers into g.options: the greedy agent's first, then every card that may
    attack (up to `combat_slots`), none, and the greedy choice with one card switched, distinct."""
    greedy = choose_attackers(g, p)
    everyone = np.int64(0)
    n_all = 0
    m = in_zone(g, p, Zone.DEPLOY)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if may_attack(g, p, c) and n_all < g.par[Param.COMBAT_SLOTS]:
            everyone |= np.int64(1) << c
            n_all += 1
    options = g.options
    options[0] = greedy
    n = 1
    n = _add(options, n, width, everyone)
    n = _add(options, n, width, np.int64(0))
    m = everyone
    while m and n < width:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        n = _add(options, n, width, greedy ^ (np.int64(1) << c))
    return n


@njit(cache=True, _nrt=False)
def _attack_option(g: np.void, world: np.void, p: int, i: int, horizon: int, option_args: None) -> float:
    """Candidate i of `list_attacks` (g.options[i]) played out in the world (play_out)."""
    return play_out(world, p, g.options[i], horizon)


@njit(cache=True, _nrt=False)
def search_attacks(g: np.void, world: np.void, p: int) -> np.int64:
    """The attackers a hard player declares: the best of the candidates of `list_attacks`
    (sim.core.search.best_option); a decision is counted only when there is a choice."""
    n = list_attacks(g, p, g.search[p, SEARCH_WIDTH])
    if n == 1:  # nothing to choose: nothing may attack
        return g.options[0]
    decision = next_decision(g.ps, p, PS_DECISIONS)
    forget_dealt(g)
    return g.options[best_option(g, world, p, decision, n, observe_dealt, _attack_option, None)]


@njit(cache=True, _nrt=False)
def play_turn(g: np.void, world: np.void) -> None:
    """The active player's turn: a hard player's attackers searched (`search_attacks`), everything
    else as game.play_turn plays it."""
    p = g.ps[GAME, G_ACTIVE]
    if g.ps[p, PS_AGENT] != Agent.HARD:
        game.play_turn(g)
        return
    game.phases_before_combat(g)
    if not g.ps[GAME, G_OVER]:
        game.combat_and_regroup(g, search_attacks(g, world, p))
