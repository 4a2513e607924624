"""One game of the tiny game from the shuffle to the last round (rules T-01 to T-06), on the
hand-and-deck kit (sim.core.hand_and_deck: the shuffle, the draw, the played card, the end)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.hand_and_deck import (
    FIELD_VALUE, G_OVER, G_TURN, GAME, PAR_DEBUG_CHECKS, PS_HAND, conservation_errors, deal_hands, draw, end_game,
    play_card, shuffle_decks,
)
from sim.core.records import record
from tests.rulesets.tiny.agents import choose_card
from tests.rulesets.tiny.constants import N_ZONES, End, Event, Param, Zone
from tests.rulesets.tiny.state import G_LEADER, PS_POINTS


@njit(cache=True, _nrt=False)
def setup_game(g: np.void, first: int) -> None:
    """Rules T-01, T-02, T-04: shuffle both decks (the whole card file, the forced draw applied),
    deal the opening hands, `first` leads."""
    shuffle_decks(g)
    g.ps[GAME, G_LEADER] = first
    record(g, first, Event.START, 0, 0, 0)
    deal_hands(g, first, Event.DRAW)


@njit(cache=True, _nrt=False)
def finish(g: np.void, winner: int, end: int) -> None:
    """Rule T-06: the game ends, `winner` (or -1, a draw) by `end`."""
    end_game(g, winner, end)
    record(g, winner, Event.END, g.ps[0, PS_POINTS], g.ps[1, PS_POINTS], end)


@njit(cache=True, _nrt=False)
def play_round(g: np.void) -> None:
    """One round: the leader leads, the other answers, the higher card scores (rule T-03), the
    round's winner leads the next (T-04), both draw (T-05), and the game may end (T-06)."""
    ps = g.ps
    leader = ps[GAME, G_LEADER]
    other = 1 - leader
    if ps[leader, PS_HAND] == 0 or ps[other, PS_HAND] == 0:  # rule T-06: a side cannot play
        a, b = ps[0, PS_POINTS], ps[1, PS_POINTS]
        finish(g, 0 if a > b else (1 if b > a else -1), End.CARDS_OUT)
        return
    lead = choose_card(g, leader, -1)
    play_card(g, leader, lead, Zone.PLAYED)
    record(g, leader, Event.LEAD, lead, 0, 0)
    answer = choose_card(g, other, lead)
    play_card(g, other, answer, Zone.PLAYED)
    record(g, other, Event.ANSWER, answer, 0, 0)
    lead_value = g.tab[leader, lead, FIELD_VALUE]
    answer_value = g.tab[other, answer, FIELD_VALUE]
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
        finish(g, winner, End.POINTS)
        return
    next_leader = ps[GAME, G_LEADER]
    draw(g, next_leader, False, Event.DRAW)  # rule T-05: while the deck lasts
    draw(g, 1 - next_leader, False, Event.DRAW)


@njit(cache=True, _nrt=False)
def play_game(g: np.void, first: int) -> int:
    """Play one game to its end. Returns the debug checks' problem count (0 with the checks off)."""
    checks = g.par[PAR_DEBUG_CHECKS] != 0
    setup_game(g, first)
    problems = conservation_errors(g, N_ZONES) if checks else 0
    while not g.ps[GAME, G_OVER]:
        play_round(g)
        if checks:
            problems += conservation_errors(g, N_ZONES)
    return problems
