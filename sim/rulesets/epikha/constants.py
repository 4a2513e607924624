"""Integer codes shared by the epikha kernels, the card compiler, the trace decoder and the store.

Kernels see only integers; these enums give each integer its name. A side's cards exist twice: as
designs (the distinct cards of its deck, its Player card, its Player Abilities and its set-up gear:
one row each of the compiled table `tab[side, design, Field]`, the rows the card-impact counters
count) and as card instances (`cs[side, card, CS_*]`): the deck's copies (rule E-15), then the
Player card (E-13) and the set-up gear (E-16) in fixed slots.
"""

from __future__ import annotations

from enum import IntEnum

from sim.core.agents import AGENT_NAMES, Agent  # noqa: F401 (the levels every ruleset shares)
from sim.core.records import COUNTER_BITS, Seen  # noqa: F401

MAX_DECK = 60  # card instances of a deck (rule E-15: 50 by default); a zone is a 64-bit mask
PLAYER_C = MAX_DECK  # the Player card's instance (rule E-13: outside the deck)
GEAR_C = MAX_DECK + 1  # the set-up gear's instance (rule E-16), zone OUT without one
N_CARDS = MAX_DECK + 2
N_DESIGNS = 64  # distinct cards of a side: the deck's, then Player card, abilities, set-up gear
MAX_ABILITIES = 4  # Player Abilities a side may bring (rule E-14)
MAX_CAST = 3  # on_cast effects of a spell (cards.EpikhaCard)
MAX_ENTER = 2
MAX_START = 2
MAX_PASSIVE = 2
MAX_PENDING = 24  # spells and on_start effects pending at once (rule E-03)
MAX_EVENTS = 4096  # trace buffer of one game


class Class(IntEnum):
    """Rule E-12: the eight card types."""

    PLAYER = 0
    ABILITY = 1
    CHARACTER = 2
    WEAPON = 3
    ITEM = 4
    SPELL = 5
    CONTINUOUS = 6
    MACHINE = 7


CLASS_WORDS = {"player": Class.PLAYER, "player_ability": Class.ABILITY, "character": Class.CHARACTER,
               "weapon": Class.WEAPON, "item": Class.ITEM, "spell": Class.SPELL,
               "continuous_spell": Class.CONTINUOUS, "machine": Class.MACHINE}


class Rule(IntEnum):
    """Rule E-30: the special rules without a number, as bits of Field.RULES."""

    MAGIA = 1
    ESPIRITU = 2
    ARROLLAR = 4
    VELOZ = 8


PAYS = 3  # rule E-05: Magia | Espíritu


class Do(IntEnum):
    """Rule E-31: the effect verbs (cards.VERBS) as the kernels read them."""

    NONE = 0
    DAMAGE = 1
    SHIELD = 2
    BOOST = 3
    WEAKEN = 4
    RESTORE = 5
    HEAL = 6
    DRAW = 7
    NEGATE = 8
    DESTROY_GEAR = 9
    ALL_FUERZA = 10
    ALL_RESISTENCIA = 11
    ENEMY_FUERZA = 12
    SPELL_LEVEL = 13


DO_WORDS = {d.name.lower(): d for d in Do if d != Do.NONE}


class Target(IntEnum):
    """Rule E-23: what an effect aims at (cards.TARGETS)."""

    NONE = 0
    ENEMY_CHARACTER = 1
    ENEMY_PLAYER = 2
    ENEMY_ATTACKER = 3
    ALL_ENEMY_CHARACTERS = 4
    OWN_CHARACTER = 5
    ALL_OWN_CHARACTERS = 6
    PENDING_SPELL = 7
    CONTINUOUS_SPELL = 8
    ENEMY_GEAR = 9


TARGET_WORDS = {t.name.lower(): t for t in Target if t != Target.NONE}
# the targets that name one card, chosen when the spell is cast (rule E-23)
CHOSEN_TARGETS = (Target.ENEMY_CHARACTER, Target.ENEMY_ATTACKER, Target.OWN_CHARACTER, Target.PENDING_SPELL,
                  Target.CONTINUOUS_SPELL, Target.ENEMY_GEAR)


class Field(IntEnum):
    """Columns of the compiled card table `tab[side, design, Field]`."""

    CLASS = 0
    COST = 1
    LEVEL = 2
    FUERZA = 3
    RESISTENCIA = 4
    VITAL = 5
    RULES = 6  # Rule bits the card bears (characters, Player cards, machines)
    REGEN = 7  # regeneracion n
    NIVEL = 8  # nivel n
    FUENTE = 9  # fuente_vital n
    GRANTS = 10  # Rule bits a weapon or item passes on (rule E-18)
    G_REGEN = 11
    G_NIVEL = 12
    G_FUENTE = 13
    BONUS_F = 14
    BONUS_R = 15
    IS_CHARACTER = 16  # rules E-11, E-13
    COPIES = 17
    VITAL_COST = 18  # a Player Ability's (rule E-14)
    TARGET = 19  # the one chosen target of the card's effects (rule E-23), Target.NONE without one
    N_CAST = 20
    CAST = 21  # MAX_CAST groups of (do, n, target)
    N_ENTER = CAST + 3 * MAX_CAST
    ENTER = N_ENTER + 1  # MAX_ENTER groups of (do, n)
    N_START = ENTER + 2 * MAX_ENTER
    START = N_START + 1  # MAX_START groups of (do, n, target)
    N_PASSIVE = START + 3 * MAX_START
    PASSIVE = N_PASSIVE + 1  # MAX_PASSIVE groups of (do, n)


N_FIELDS = Field.PASSIVE + 2 * MAX_PASSIVE


class Zone(IntEnum):
    """Where a card instance is (rule E-20). Each is in exactly one zone (card conservation)."""

    DECK = 0
    HAND = 1
    DEPLOY = 2  # the Deployment Zone
    MAGIC = 3  # the Magic Zone
    COMBAT = 4  # the Combat Zone: attackers and their blockers (E-25, E-26)
    DISCARD = 5
    GEAR = 6  # attached to a bearer (rule E-18)
    PENDING = 7  # a spell cast and not yet resolved (rule E-03)
    OUT = 8  # an unused instance slot (no set-up gear; a deck shorter than MAX_DECK)


N_ZONES = 9
ZONE_WORDS = {z.name.lower(): z for z in Zone}


class Window(IntEnum):
    """Rule E-22: the spell windows of a turn."""

    START = 0
    DEPLOYMENT = 1
    ATTACK = 2
    BLOCK = 3
    REGROUP = 4


WINDOW_WORDS = {w.name.lower(): w for w in Window}


class Param(IntEnum):
    """Slots of the int64 parameter vector the kernels read (params.EpikhaParams.vector)."""

    RAISE_COST = 0
    RAISE_STEP = 1
    MAX_SPELL_LEVEL = 2
    OPENING_HAND = 3
    MULLIGANS = 4
    DRAWS_PER_TURN = 5
    DEPLOYMENT_SLOTS = 6
    MAGIC_ZONE_SLOTS = 7
    COMBAT_SLOTS = 8
    DEPLOY_VITAL_PER_TURN = 9
    SPELL_WINDOWS = 10  # a bitmask of Window
    MAGIC_ZONE_LEVEL_BONUS = 11
    ATTACK_ON_ENTRY = 12
    PLAYER_MAY_ATTACK = 13
    MIN_DAMAGE = 14
    EXCESS_TO_PLAYER = 15
    HAND_MAX = 16
    WEAPONS_PER_CHARACTER = 17
    ITEMS_PER_CHARACTER = 18
    FIRST_PLAYER_DRAWS = 19
    TURN_CAP = 20
    DEBUG_CHECKS = 21
    PLAYER_VITAL_DELTA = 22  # added to every Player card's Vital (a sweep of E-13's 200 against 100)
    ATTACKERS_BLOCK = 23


N_PARAMS = 24


class Weight(IntEnum):
    """Slots of a greedy agent's weight vector (a spec's [side.weights] may set them)."""

    RESERVE = 0  # the Player card's Vital the agent keeps: it pays for no card below it
    FACE = 1  # worth of a point of damage to the opposing Player card, against a character's Vital
    CHARACTER = 2  # worth of a point of Fuerza + Vital/3 of a character on the field
    RISK = 3  # how much of its Vital the Player card risks attacking in person (fraction of its Vital)
    MULLIGAN = 4  # characters of cost <= 7 an opening hand needs, or it is returned (E-16)


N_WEIGHTS = 5
DEFAULT_WEIGHTS = (60.0, 1.0, 1.0, 0.1, 2.0)


class End(IntEnum):
    VITAL = 0  # a Player card's Vital reached 0 (rule E-34)
    DECK_OUT = 1  # a player had to draw from an empty deck (rule E-33)
    TURN_CAP = 2  # the turn cap: a draw (rule E-34)
    BOTH = 3  # both Player cards at 0 at once: a draw (rule E-34)


END_NAMES = ("vital", "deck_out", "turn_cap", "both")


class Col(IntEnum):
    """Columns of the per-game record: the shared head (sim.core.records.RecordCol), then these."""

    VITAL_A = 7
    VITAL_B = 8
    SPELLS_A = 9  # spells cast during the game
    SPELLS_B = 10
    RAISES_A = 11  # level raises paid (rule E-04)
    RAISES_B = 12
    NEGATED_A = 13  # own spells negated by the opponent
    NEGATED_B = 14
    DESTROYED_A = 15  # own characters destroyed
    DESTROYED_B = 16


N_COLS = 17


class Event(IntEnum):
    """Trace event codes: (turn, player, code, a, b, c); cards are design indices of `player`'s side
    unless a field says "the opponent's"."""

    START = 0  # player = the first player
    TURN = 1  # a = the Player card's Vital, b = cards in deck, c = the opponent's Vital
    MULLIGAN = 2
    DRAW = 3  # a = card
    DEPLOY = 4  # a = card, b = cost (from the Player card), c = the Player card's Vital after
    ATTACH = 5  # a = gear, b = its bearer, c = cost
    TO_MAGIC = 6  # a = card
    CAST = 7  # a = spell, b = payer, c = level (packed: cost * 16 + level)
    RAISE = 8  # a = spell, b = new level, c = Vital paid
    PENDING_START = 9  # a = continuous spell whose on_start effect is pending, b = level
    RESOLVE = 10  # a = spell, b = level, c = order in the chain (1, 2, ...)
    NEGATED = 11  # a = spell (player = its owner), b = the negating spell's owner
    FIZZLE = 12  # a = spell: its target is gone (rule E-23)
    DAMAGE = 13  # a = card (player = its owner), b = damage, c = Vital left
    DESTROYED = 14  # a = card (player = its owner)
    HEAL = 15  # a = Vital gained, b = Vital now (the Player card)
    EFFECT = 16  # a = Do, b = n, c = card it reached
    ATTACK = 17  # a = attacker
    BLOCK = 18  # a = blocker, b = the opponent's attacker
    PAY_DESTROYED = 19  # a = payer destroyed after the spell (rule E-07)
    TO_DISCARD = 20  # a = continuous spell with no place (E-20) or discarded down to hand_max
    END = 21  # a = winner (-1 draw), b = End
    PASS_WINDOW = 22  # a = Window closed, b = spells resolved
    MACHINE = 23  # a = machine, b = cost, c = Vital after
