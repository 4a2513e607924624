"""Integer codes shared by the rolplay kernels, the card compiler, the trace decoder and the store.

Kernels see only integers; these enums give each integer its name, and the verbs a designer writes
in a card file (`cards.VERBS`) map onto `Do` here. Rule ids say which rule a code serves, so
`grep R-13` finds the attack order here as well as in combat.py.

A side's cards exist twice over: as designs (the distinct cards of its deck list, one row each of
the compiled table `tab[side, design, Field]`, the rows the card-impact counters count) and as the
60 card instances of its deck (`cs[side, card, CS_*]`, one per copy, rule R-01), each instance
naming its design.
"""

from __future__ import annotations

from enum import IntEnum

from sim.core.agents import AGENT_NAMES, Agent  # noqa: F401 (the levels every ruleset shares)
from sim.core.records import COUNTER_BITS, COUNTER_NAMES, N_COUNTERS, RESULT_NAMES, Counter, Seen  # noqa: F401

N_CARDS = 60  # rule R-01: card instances of a deck; a zone is a 64-bit mask of them
N_DESIGNS = 60  # distinct cards a deck list may hold (every card once at most)
N_PLACES = 7  # rule R-01: creature places (each with an amulet place beneath it)
MAX_ABILITIES = 3  # abilities a card may carry (the 2002 pool has at most 3)
MAX_ON_CAST = 2  # on-cast effects of a power
MAX_EVENTS = 4096  # trace buffer of one game


class Class(IntEnum):
    """A card's class (rule R-15)."""

    CREATURE = 0
    POWER = 1
    SPELL = 2
    AMULET = 3


CLASS_WORDS = {"creature": Class.CREATURE, "power": Class.POWER, "spell": Class.SPELL, "amulet": Class.AMULET}


class Do(IntEnum):
    """The effect verbs of rule R-17 (cards.VERBS) as the kernels read them; multi_attack and
    multi_defense are card fields (R-11), lose_life on attack is SELF_DAMAGE (R-18)."""

    NONE = 0
    SELF_ATQ = 1
    SELF_DEF = 2
    HOLDER_DEF = 3
    HEAL = 4
    DAMAGE = 5
    LOSE_LIFE = 6
    DRAW = 7
    ADD_POWER = 8
    TAP_CREATURES = 9
    TAP_POWERS = 10
    DESTROY_CREATURES = 11
    DESTROY_POWERS = 12
    DESTROY_AMULETS = 13
    ALL_ATQ = 14
    ALL_DEF = 15
    ALL_DEFENDERS = 16
    UNMYSTIC = 17


DO_WORDS = {d.name.lower(): d for d in Do if d != Do.NONE}


class Field(IntEnum):
    """Columns of the compiled card table `tab[side, design, Field]`."""

    CLASS = 0
    LEVEL = 1
    COST = 2
    ATQ = 3
    DEF = 4  # defense points: the magnitude of the printed DEF (rule R-18)
    MYSTIC = 5  # rule R-14
    DEFENDER = 6
    BERSERKER = 7
    SELF_DAMAGE = 8  # rule R-18: life its owner loses each time it attacks
    POWER_VALUE = 9  # rule
    MULTI_ATTACK = 10  # rule R-11: attacks a turn (1 without the special)
    MULTI_DEFENSE = 11  # defenses a turn
    COPIES = 12  # copies in the deck list
    N_ABILITIES = 13
    N_ON_CAST = 14
    ABILITIES = 15  # MAX_ABILITIES groups of (do, n, turns, pay, limit), rule R-17
    ON_CAST = ABILITIES + MAX_ABILITIES * 5  # MAX_ON_CAST groups of (do, n, turns), rule R-16


ABILITY_WIDTH = 5
A_DO, A_N, A_TURNS, A_PAY, A_LIMIT = range(ABILITY_WIDTH)
ON_CAST_WIDTH = 3
N_FIELDS = Field.ON_CAST + MAX_ON_CAST * ON_CAST_WIDTH


class Zone(IntEnum):
    """Where a card instance is (rule R-01). Each is in exactly one zone (card conservation)."""

    DECK = 0
    HAND = 1
    POWER = 2  # conjured powers (rule R-08)
    CREATURE = 3  # the seven creature places
    AMULET = 4  # beneath a creature (rule R-09)
    SPELL = 5  # the spell place, face down until activated
    GONE = 6  # burned, destroyed or dead: out of the game


N_ZONES = 7
ZONE_WORDS = {"deck": Zone.DECK, "hand": Zone.HAND, "power": Zone.POWER, "creature": Zone.CREATURE,
              "amulet": Zone.AMULET, "spell": Zone.SPELL, "gone": Zone.GONE}


class Param(IntEnum):
    """Slots of the int64 parameter vector the kernels read (params.RolplayParams.vector)."""

    START_LIFE = 0
    OPENING_HAND = 1
    SECOND_PLAYER_EXTRA_DRAW = 2
    HAND_MAX = 3
    DRAWS_PER_TURN = 4
    POWERS_IN_PLAY_MAX = 5
    POWERS_PER_TURN = 6
    POWER_POINTS_MAX = 7
    CREATURE_PLACES = 8
    REPLACE_COST_FACTOR = 9
    AMULET_PAYS_TWICE = 10
    MIN_DEF_WITHOUT_AMULET = 11
    DEFENDER_MAY_DECLINE = 12
    EFFECTS_AT_OPPONENT_START = 13
    TURN_CAP = 14
    DEBUG_CHECKS = 15
    DECK_TOP = 16


N_PARAMS = 17


class Weight(IntEnum):
    """Slots of a greedy agent's weight vector (a spec's [side.weights] may set them)."""

    ATQ = 0  # value of a creature per point of ATQ
    DEF = 1  # per point of defense left
    FACE = 2  # per point of life the opponent loses
    LIFE = 3  # per point of own life
    CARD = 4  # per card drawn
    AGGRESSION = 5  # attack when the exchange is worth at least -aggression x the attacker's value


N_WEIGHTS = 6
DEFAULT_WEIGHTS = (1.0, 1.0, 0.7, 0.5, 1.5, 0.0)


class End(IntEnum):
    LIFE = 0  # a player's life reached 0 (rule R-04)
    DECK_OUT = 1  # a player's deck reached zero cards (rule R-04)
    SCORE = 2  # the turn cap: the higher R-04 score won
    TIE = 3  # the turn cap with equal scores: a draw


END_NAMES = ("life", "deck_out", "score", "tie")


class Col(IntEnum):
    """Columns of the per-game record: the shared head (sim.core.records.RecordCol), then these."""

    LIFE_A = 7
    LIFE_B = 8
    SCORE_A = 9  # the R-04 score at the end of the game, however it ended
    SCORE_B = 10
    CARDS_PLAYED_A = 11
    CARDS_PLAYED_B = 12
    CREATURES_A = 13  # creatures summoned during the game
    CREATURES_B = 14


N_COLS = 15


class Event(IntEnum):
    """Trace event codes: (turn, player, code, a, b, c); cards are design indices of `player`'s
    side unless a field says "the opponent's"."""

    START = 0  # player = the first player
    TURN = 1  # a = life, b = cards in deck, c = the opponent's life
    DRAW = 2  # a = card
    BURN_DRAW = 3  # a = card drawn into a full hand and burned
    POWER = 4  # a = power conjured, b = power this turn
    POWER_REPLACED = 5  # a = the power burned to make room
    SUMMON = 6  # a = creature, b = place + 1
    REPLACE = 7  # a = creature, b = the creature burned, c = cost paid
    AMULET = 8  # a = amulet, b = its creature
    SPELL_SET = 9  # a = spell (face down, R-09)
    ACTIVATE = 10  # a = card, b = ability index, c = power paid
    EFFECT = 11  # a = Do, b = n, c = cards it reached (random picks) or the amount
    TAPPED = 12  # a = the card tapped (player = its owner)
    DESTROYED = 13  # a = the card destroyed by an effect (player = its owner)
    BURNED = 14  # a = a spell or amulet spent
    MODES = 15  # a = creatures in attack mode, b = in defense mode
    ATTACK = 16  # a = attacker, b = the opponent's chosen creature + 1 (0: none)
    DEFEND = 17  # a = defender, b = the opponent's attacker
    DAMAGE = 18  # a = card, b = damage taken, c = defense left
    DIES = 19  # a = card
    LIFE = 20  # a = life lost, b = life left
    HEAL = 21  # a = life gained, b = life now
    SCORE = 22  # a = score of A, b = score of B (the turn cap, R-04)
    END = 23  # a = winner (-1 draw), b = End
    DECLINE = 24  # a = the card that does not defend (the 2002 variant, R-20)
