"""Every integer code of the tiny game: zones, parameters, record columns, end reasons
and trace events. Its rules are rules.md beside this file (T-01 to T-07)."""

from __future__ import annotations

from enum import IntEnum

from sim.core.agents import Agent  # noqa: F401 (the agents read it from here)
from sim.core.hand_and_deck import PAR_OWN, ZONE_DECK, ZONE_HAND, ZONE_OWN
from sim.core.records import N_RECORD_COLS

MAX_CARDS = 16  # cards in a faction file (rule T-01); a zone is a 64-bit mask of them
MAX_EVENTS = 8 + 6 * MAX_CARDS  # start, end, and per round: lead, answer, result, two draws


class Zone(IntEnum):
    """The kit's deck and hand (sim.core.hand_and_deck), then the game's own zones."""

    DECK = ZONE_DECK
    HAND = ZONE_HAND
    PLAYED = ZONE_OWN  # played in a round, face up for both (rule T-03)


N_ZONES = 3


class Param(IntEnum):
    """The game's own slots of the parameter vector, after the kit's (params.TinyParams.vector)."""

    TARGET_POINTS = PAR_OWN


class Col(IntEnum):
    """The game's own columns of a record row, after the shared ones (sim.core.records.RecordCol;
    its TURNS are the rounds played)."""

    POINTS_A = N_RECORD_COLS
    POINTS_B = N_RECORD_COLS + 1


N_COLS = 9


class End(IntEnum):
    POINTS = 0  # a side reached target_points (rule T-06)
    CARDS_OUT = 1  # a side had no card left to play (rule T-06)


END_NAMES = ("points", "cards_out")


class Event(IntEnum):
    """Trace event codes: (round, player, code, a, b, c)."""

    START = 0  # player = the first leader
    LEAD = 1  # a = card
    ANSWER = 2  # a = card
    ROUND = 3  # player = the round's winner (-1: a tie), a = points of A, b = points of B
    DRAW = 4  # a = card
    END = 5  # player = the winner (-1: a draw), a = points of A, b = points of B, c = End
