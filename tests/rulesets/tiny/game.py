"""One game of the tiny game from the shuffle to the last round (rules T-01 to T-06)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.forced_draw import force_card
from sim.core.records import record
from sim.core.rng import below
from tests.rulesets.tiny.agents import choose_card
from tests.rulesets.tiny.constants import End, Event, Field, Param, Seen, Zone
from tests.rulesets.tiny.state import (
    CS_FLAGS, G_END, G_LEADER, G_OVER, G_TURN, G_WINNER, GAME, PS_FORCED, PS_HAND, PS_N_CARDS, PS_ORDER, PS_POINTS,
    PS_TOP, ST_SHUFFLE, conservation_errors, move,
)


@njit(cache=True, _nrt=False)
def shuffle_deck(g: np.void, side: int) -> None:
    """Rule T-01: the side's whole card file is its deck, shuffled (Fisher-Yates on its shuffle
    stream), then the forced-draw request applied (sim.core.forced_draw)."""
    ps = g.ps
    n = ps[side, PS_N_CARDS]
    for c in range(n):
        move(g, side, c, Zone.DECK)
        ps[side, PS_ORDER + c] = c
    for i in range(n - 1, 0, -1):
        j = below(g.rng, side * 2 + ST_SHUFFLE, i + 1)
        tmp = ps[side, PS_ORDER + i]
        ps[side, PS_ORDER + i] = ps[side, PS_ORDER + j]
        ps[side, PS_ORDER + j] = tmp
    force_card(ps[side], PS_ORDER, n, ps[side, PS_FORCED])
    ps[side, PS_TOP] = 0
    for i in range(n):
        g.cs[side, ps[side, PS_ORDER + i], CS_FLAGS] |= Seen.IN_DECK | (Seen.TOP if i < g.par[Param.DECK_TOP] else 0)


@njit(cache=True, _nrt=False)
def draw(g: np.void, side: int, opening: bool) -> None:
    """Rules T-02 and T-05: the top card of the deck to the hand, if the deck has one."""
    ps = g.ps
    if ps[side, PS_TOP] >= ps[side, PS_N_CARDS]:
        return
    c = ps[side, PS_ORDER + ps[side, PS_TOP]]
    ps[side, PS_TOP] += 1
    move(g, side, c, Zone.HAND)
    ps[side, PS_HAND] += 1
    g.cs[side, c, CS_FLAGS] |= Seen.OPENING if opening else Seen.DRAWN
    record(g, side, Event.DRAW, c, 0, 0)


@njit(cache=True, _nrt=False)
def play(g: np.void, side: int, c: int) -> None:
    """Rule T-03: a card goes from the hand face up to the played cards."""
    move(g, side, c, Zone.PLAYED)
    g.ps[side, PS_HAND] -= 1
    g.cs[side, c, CS_FLAGS] |= Seen.PLAYED


@njit(cache=True, _nrt=False)
def setup_game(g: np.void, first: int) -> None:
    """Rules T-01, T-02, T-04: shuffle both decks, deal the opening hands, `first` leads."""
    for side in range(2):
        shuffle_deck(g, side)
    g.ps[GAME, G_LEADER] = first
    record(g, first, Event.START, 0, 0, 0)
    for side in (first, 1 - first):
        for _ in range(g.par[Param.HAND_SIZE]):
            draw(g, side, True)


@njit(cache=True, _nrt=False)
def end_game(g: np.void, winner: int, end: int) -> None:
    ps = g.ps
    ps[GAME, G_OVER] = 1
    ps[GAME, G_WINNER] = winner
    ps[GAME, G_END] = end
    record(g, winner, Event.END, ps[0, PS_POINTS], ps[1, PS_POINTS], end)


@njit(cache=True, _nrt=False)
def play_round(g: np.void) -> None:
    """One round: the leader leads, the other answers, the higher card scores (rule T-03), the
    round's winner leads the next (T-04), both draw (T-05), and the game may end (T-06)."""
    ps = g.ps
    leader = ps[GAME, G_LEADER]
    other = 1 - leader
    if ps[leader, PS_HAND] == 0 or ps[other, PS_HAND] == 0:  # rule T-06: a side cannot play
        a, b = ps[0, PS_POINTS], ps[1, PS_POINTS]
        end_game(g, 0 if a > b else (1 if b > a else -1), End.CARDS_OUT)
        return
    lead = choose_card(g, leader, -1)
    play(g, leader, lead)
    record(g, leader, Event.LEAD, lead, 0, 0)
    answer = choose_card(g, other, lead)
    play(g, other, answer)
    record(g, other, Event.ANSWER, answer, 0, 0)
    lead_value = g.tab[leader, lead, Field.VALUE]
    answer_value = g.tab[other, answer, Field.VALUE]
    winner = -1  # a tie: nobody scores and the leader keeps the lead
    if lead_value > answer_value:
        winner = leader
    elif answer_value > lead_value:
        winner = other
        ps[GAME, G_LEADER] = other
    if winner >= 0:
        ps[winner, PS_POINTS] += 1
    record(g, winner, Event.ROUND, ps[0, PS_POINTS], ps[1, PS_POINTS], 0)
    ps[GAME, G_TURN] += 1
    if winner >= 0 and ps[winner, PS_POINTS] >= g.par[Param.TARGET_POINTS]:
        end_game(g, winner, End.POINTS)
        return
    next_leader = ps[GAME, G_LEADER]
    draw(g, next_leader, False)
    draw(g, 1 - next_leader, False)


@njit(cache=True, _nrt=False)
def play_game(g: np.void, first: int) -> int:
    """Play one game to its end. Returns the debug checks' problem count (0 with the checks off)."""
    checks = g.par[Param.DEBUG_CHECKS] != 0
    setup_game(g, first)
    problems = conservation_errors(g) if checks else 0
    while not g.ps[GAME, G_OVER]:
        play_round(g)
        if checks:
            problems += conservation_errors(g)
    return problems
