"""The tiny game's record: the hand-and-deck kit's standard layout (sim.core.hand_and_deck: each
card's zone and Seen bits, each side's deck order, zone masks, hand, agent and forced draw, the
game row of the turn, the trace, who leads, the result, the streams) and the game's own columns."""

from __future__ import annotations

from sim.core.hand_and_deck import G_ACTIVE, PAR_OWN, first_own_column, hand_and_deck_dtype
from tests.rulesets.tiny.constants import MAX_CARDS, MAX_EVENTS, Param

PS_POINTS = first_own_column(MAX_CARDS)  # ps[side, PS_POINTS]: rounds won (rule T-03)
N_PS = PS_POINTS + 1
G_LEADER = G_ACTIVE  # ps[GAME, G_LEADER]: who leads this round (rule T-04)

GAME_DTYPE = hand_and_deck_dtype(MAX_CARDS, n_fields=1, n_params=PAR_OWN + len(Param), n_ps=N_PS,
                                 max_events=MAX_EVENTS)
