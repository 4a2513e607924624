"""Every integer code of the tiny game: card fields, zones, parameters, record columns, end reasons
and trace events. Its rules are rules.md beside this file (T-01 to T-07)."""

from __future__ import annotations

from enum import IntEnum

from sim.core.agents import AGENT_NAMES, Agent  # noqa: F401 (the engine and agents read them from here)
from sim.core.records import COUNTER_BITS, RecordCol, Seen  # noqa: F401

MAX_CARDS = 16  # cards in a faction file (rule T-01); a zone is a 64-bit mask of them
MAX_EVENTS = 8 + 6 * MAX_CARDS  # start, end, and per round: lead, answer, result, two draws


class Field(IntEnum):
    """Columns of the compiled card table tab[side, card, Field]."""

    VALUE = 0


N_FIELDS = 1


class Zone(IntEnum):
    DECK = 0
    HAND = 1
    PLAYED = 2  # played in a round, face up for both (rule T-03)


N_ZONES = 3
ZONE_WORDS = {"deck": Zone.DECK, "hand": Zone.HAND, "played": Zone.PLAYED}


class Param(IntEnum):
    """Positions in the parameter vector the kernels read (params.TinyParams.vector)."""

    HAND_SIZE = 0
    TARGET_POINTS = 1
    DEBUG_CHECKS = 2
    DECK_TOP = 3


N_PARAMS = 4


class Col(IntEnum):
    """A record row: the shared columns (sim.core.records.RecordCol), then the game's own."""

    UNIT = RecordCol.UNIT
    STAGE = RecordCol.STAGE
    PLAYED = RecordCol.PLAYED
    FIRST = RecordCol.FIRST
    WINNER = RecordCol.WINNER
    END = RecordCol.END
    TURNS = RecordCol.TURNS  # rounds played
    POINTS_A = 7
    POINTS_B = 8


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
