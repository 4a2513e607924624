"""Integer codes shared by the dicedraft kernels, the trace decoder and the results store.

Kernels see only integers; these enums give each integer its name. Rule ids say which rule a code
serves, so `grep D-13` finds the dice chain here as well as in the kernels.
"""

from __future__ import annotations

from enum import IntEnum

MAX_CARDS = 32  # a side's pool (faction characters + dice types); decks are int64 bitmasks
MAX_EVENTS = 4096  # trace buffer of one game
MAX_DIE = 20  # the most faces a dice card's die may have (cards.py)
MAX_BUDGET = 999  # the highest draft budget a spec may set (params.py, sim.run.spec): the per-budget tables' size
MAX_STAGES = 16  # story stages (rule D-17, params.py)
MAX_MATCH_GAMES = 19  # games of one best-of-three match (rule D-18, params.py)
MAX_UNIT_GAMES = max(MAX_STAGES, MAX_MATCH_GAMES)  # the games one unit of work can play
MAX_TRACE = MAX_EVENTS * MAX_UNIT_GAMES  # trace buffer of one unit (its games one after another)

# val[viewer, side, ...]: what a card is worth to the viewer's agent; after the cards, the picture
# of an unknown (face-down) card of that side: the mean of its pool's characters
V_MEAN_ATQ = MAX_CARDS
V_MEAN_DEF = MAX_CARDS + 1
V_MEAN_VALUE = MAX_CARDS + 2
N_VAL = MAX_CARDS + 3


class Kind(IntEnum):
    CHARACTER = 0  # personaje: attacks and blocks (rule D-07)
    DICE = 1  # carta de dados: never attacks or blocks (rule D-07), used in the dice chain (D-13)


class Boost(IntEnum):
    ATQ = 0
    DEF = 1


class Field(IntEnum):
    """Columns of the compiled card table `cards[side, card, field]`."""

    KIND = 0
    COST = 1
    ATQ = 2
    DEF = 3
    DOUBLE_BLOCK = 4
    DOUBLE_ATTACK = 5
    DIE = 6
    BOOST = 7


N_FIELDS = 8


class Zone(IntEnum):
    """Where a card is. Each card is in exactly one zone (card conservation)."""

    RESERVE = 0  # not drafted, set aside (rule D-02)
    DECK = 1
    HAND = 2
    TABLE = 3  # face down until it attacks, blocks or is used (decision, rules.md)
    DISCARD = 4  # dead characters and used dice (rules D-13, D-15)


class Seen(IntEnum):
    """Bits of the per-game, per-card flags behind the card-impact counters."""

    IN_DECK = 1  # in the deck drafted before the game
    OPENING = 2  # among the first turn's three cards (rule D-04)
    DRAWN = 4  # drawn in a later turn
    PLAYED = 8  # put down on the table (rule D-05)
    REVEALED = 16  # face up: the opponent may read it (not a counter)
    TOP = 32  # among the top `deck_position_top` cards of the game's first shuffle
    AFTER_REDRAFT = 64  # drawn from a re-drafted deck (rule D-16), counted apart from the first deck


# the card counters every ruleset shares (sim.core.records), named here for the kernels
from sim.core.records import COUNTER_BITS, COUNTER_NAMES, N_COUNTERS, RESULT_NAMES, Counter  # noqa: E402,F401


class End(IntEnum):
    LIVES = 0  # a player's lives reached 0 (rule D-01)
    TURN_CAP = 1  # the turn cap was reached: a draw (decision, rules.md)


END_NAMES = ("lives", "turn_cap")


class Param(IntEnum):
    """Slots of the int64 parameter vector the kernels read."""

    START_LIVES = 0
    DECK_SIZE = 1
    BUDGET = 2
    FIRST_TURN_DRAW = 3
    DRAW_PER_TURN = 4
    ATTACK_FROM_TURN = 5
    CARDS_DOWN = 6
    SUMMONING_SICKNESS = 7
    HAND_LIMIT = 8
    TURN_CAP = 9
    STORY_LIVES = 10
    WINS_NEEDED = 11
    MAX_MATCH_GAMES = 12
    DECK_TOP = 13
    STAGES = 14  # how many story stages (rule D-17)


N_PARAMS = 15


from sim.core.agents import AGENT_NAMES, Agent  # noqa: E402,F401 (the levels every ruleset shares)


class Weight(IntEnum):
    """Slots of a greedy agent's weight vector (a sweep can tune them)."""

    ATQ = 0  # card value per point of ATQ
    DEF = 1  # per point of DEF
    DOUBLE_BLOCK = 2
    DOUBLE_ATTACK = 3  # per point of ATQ, on a double attacker
    DIE = 4  # per point of a die's mean roll
    AGGRESSION = 5  # accepted value loss per point of ATQ an attack threatens
    LIFE = 6  # value of one point of own life when blocking
    DICE_KEEP = 7  # value a die must gain before it is spent


N_WEIGHTS = 8
DEFAULT_WEIGHTS = (1.0, 1.0, 2.0, 0.5, 1.5, 0.8, 0.25, 0.5)


class UnitKind(IntEnum):
    """What one unit of work is: a single game, a story run (D-17) or a best-of-three match (D-18)."""

    GAME = 0
    STORY = 1
    MATCH = 2


class Col(IntEnum):
    """Columns of the per-game record array the kernel writes: the shared head first
    (sim.core.records.RecordCol: unit, stage, played, first, winner, end, turns), then these."""
    LIVES_A = 7
    LIVES_B = 8
    DECK_A = 9  # bitmask of the drafted deck over the side's pool
    DECK_B = 10
    COST_A = 11
    COST_B = 12
    BUDGET_A = 13
    BUDGET_B = 14
    REDRAFTS_A = 15
    REDRAFTS_B = 16


N_COLS = 17


class Event(IntEnum):
    """Trace event codes: (turn, player, code, a, b, c)."""

    TURN = 0  # a=lives of player, b=cards in deck
    DRAW = 1  # a=card
    PUT_DOWN = 2  # a=card
    PASS = 3
    ATTACK = 4  # a=card
    BLOCK = 5  # a=defender, b=attacker, c=slot (0 first, 1 second)
    UNBLOCKED = 6  # a=attacker, b=damage, c=lives after
    DICE = 7  # a=dice card, b=roll, c=fight (attacker card of the fight)
    DICE_PASS = 8
    DIES = 9  # a=card, b=owner side
    SURVIVES = 10  # a=card, b=owner side
    REDRAFT = 11  # a=new deck size, b=cost
    END = 12  # a=winner side (-1 draw), b=end reason
    DRAFT = 13  # a=deck size, b=cost, c=budget
    DISCARD = 14  # a=card (hand limit)
