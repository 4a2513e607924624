"""Integer codes shared by the fortaleza kernels, the card compiler, the trace decoder and the store.

Kernels see only integers; these enums give each integer its name, and the Spanish words a designer
writes in a card file map onto them here (`KIND_WORDS`, `ON_WORDS`, ...). Rule ids say which rule a
code serves, so `grep F-24` finds the chain here as well as in chain.py.
"""

from __future__ import annotations

from enum import IntEnum

N_DESIGNS = 50  # rule F-01: a collection is designs 001-050, one copy each (F-02)
N_DECK = 44  # rule F-02: the non-land cards, shuffled into the deck
N_LANDS = 6  # rule F-02: designs 045-050 stay face up in the reserve
MAX_EFFECTS = 2  # effects a card may carry
MAX_CHAIN = 16  # deepest chain (rule F-24); deeper responses are refused as illegal
MAX_EVENTS = 8192  # trace buffer of one game
MAX_HAND = 50


class Kind(IntEnum):
    """What a card is (rule F-01): units are characters and creatures."""

    CHARACTER = 0  # personaje (001-020)
    CREATURE = 1  # criatura / espíritu (021-030)
    TECHNIQUE = 2  # técnica (031-036): normal or fast (rules F-13, F-14)
    TRAP = 3  # trampa (037-038, rule F-15)
    ARTIFACT = 4  # artefacto (039-044, rules F-16, F-17): some are equipment
    LAND = 5  # tierra (045-050, rules F-07 to F-09)


KIND_WORDS = {"personaje": Kind.CHARACTER, "criatura": Kind.CREATURE, "tecnica": Kind.TECHNIQUE,
              "trampa": Kind.TRAP, "artefacto": Kind.ARTIFACT, "tierra": Kind.LAND}


class Keyword(IntEnum):
    """Keyword bits (rules F-31 to F-36)."""

    VELOZ = 1  # F-31
    VIGILANCIA = 2  # F-32
    VUELO = 4  # F-33
    ALCANCE = 8  # F-33: may block Vuelo
    ARROLLAR = 16  # F-34
    UNICO = 32  # F-12, F-36


KEYWORD_WORDS = {"veloz": Keyword.VELOZ, "vigilancia": Keyword.VIGILANCIA, "vuelo": Keyword.VUELO,
                 "alcance": Keyword.ALCANCE, "arrollar": Keyword.ARROLLAR, "unico": Keyword.UNICO}


class Tag(IntEnum):
    """Family bits a card's effects can ask about (the faction notes F-27 to F-29)."""

    GUARDIAN = 1  # guardián (F-27)
    DRAGON = 2  # dragón (F-27)
    SPIRIT = 4  # espíritu (F-29)
    DUELIST = 8  # duelista (F-28)


TAG_WORDS = {"guardian": Tag.GUARDIAN, "dragon": Tag.DRAGON, "espiritu": Tag.SPIRIT, "duelista": Tag.DUELIST}


class Subtype(IntEnum):
    """An artifact's equipment subtype (rule F-17)."""

    NONE = 0
    WEAPON = 1  # arma
    ARMOUR = 2  # armadura


SUBTYPE_WORDS = {"": Subtype.NONE, "arma": Subtype.WEAPON, "armadura": Subtype.ARMOUR}


class On(IntEnum):
    """When an effect happens."""

    NONE = 0
    ENTER = 1  # entrar: the unit or artifact enters the field
    CAST = 2  # lanzar: the technique or trap resolves
    ACTIVATE = 3  # activar: an ability its controller activates, exhausting the card (F-18)
    ATTACK = 4  # atacar: the unit is declared as an attacker


ON_WORDS = {"entrar": On.ENTER, "lanzar": On.CAST, "activar": On.ACTIVATE, "atacar": On.ATTACK}


class Do(IntEnum):
    """The effect vocabulary, shared by the three collections."""

    NONE = 0
    DAMAGE = 1  # dano: N damage to a unit or a Fortaleza (Protección prevents it, F-35)
    PROTECT = 2  # proteccion: Protección N until end of turn (F-35)
    BOOST_ATQ = 3  # mejora_atq: +N ATQ until end of turn (F-19 step 8 removes it)
    BOOST_RES = 4  # mejora_res: +N RES until end of turn
    DRAW = 5  # robar: draw N cards
    DESTROY_ARTIFACT = 6  # destruir_artefacto: an artifact goes to the discard pile
    HEAL = 7  # curar: +N Fortaleza, never above the start (F-30)
    RECOVER = 8  # recuperar: a unit of cost <= N from your discard pile to your hand (F-29)


DO_WORDS = {"dano": Do.DAMAGE, "proteccion": Do.PROTECT, "mejora_atq": Do.BOOST_ATQ, "mejora_res": Do.BOOST_RES,
            "robar": Do.DRAW, "destruir_artefacto": Do.DESTROY_ARTIFACT, "curar": Do.HEAL, "recuperar": Do.RECOVER}


class Target(IntEnum):
    """What an effect is aimed at. Unit and artifact targets are chosen when the card goes on the
    chain and checked again when it resolves (rule F-25)."""

    NONE = 0
    SELF = 1  # esta: the card itself
    OWN_UNIT = 2  # unidad_propia
    ENEMY_UNIT = 3  # unidad_rival
    ANY_UNIT = 4  # unidad
    ENEMY_ATTACKER = 5  # atacante_rival: an opposing unit attacking this turn (Emboscada, F-03)
    OWN_FORTRESS = 6  # fortaleza_propia
    ENEMY_FORTRESS = 7  # fortaleza_rival
    ENEMY_ARTIFACT = 8  # artefacto_rival (Sabotaje, F-03)
    PLAYER = 9  # jugador: the card's controller (robar)
    OWN_DISCARD = 10  # descarte_propio: a unit in your discard pile (recuperar)


TARGET_WORDS = {"esta": Target.SELF, "unidad_propia": Target.OWN_UNIT, "unidad_rival": Target.ENEMY_UNIT,
                "unidad": Target.ANY_UNIT, "atacante_rival": Target.ENEMY_ATTACKER,
                "fortaleza_propia": Target.OWN_FORTRESS, "fortaleza_rival": Target.ENEMY_FORTRESS,
                "artefacto_rival": Target.ENEMY_ARTIFACT, "jugador": Target.PLAYER,
                "descarte_propio": Target.OWN_DISCARD}
UNIT_TARGETS = (Target.OWN_UNIT, Target.ENEMY_UNIT, Target.ANY_UNIT, Target.ENEMY_ATTACKER)


class Cond(IntEnum):
    """An extra condition on an effect."""

    NONE = 0
    ANOTHER_SPIRIT = 1  # otro_espiritu: you control another spirit (F-29)
    EQUIPPED = 2  # equipada: the unit carries equipment (F-28)


COND_WORDS = {"": Cond.NONE, "otro_espiritu": Cond.ANOTHER_SPIRIT, "equipada": Cond.EQUIPPED}


class Field(IntEnum):
    """Columns of the compiled card table `tab[side, card, Field]`."""

    KIND = 0
    COST = 1
    ATQ = 2
    RES = 3
    KEYWORDS = 4
    TAGS = 5
    FAST = 6  # 1: a fast technique (F-14) or an ability usable in response windows
    SUBTYPE = 7
    EQUIP_COST = 8
    BONUS_ATQ = 9
    BONUS_RES = 10
    BONUS_KEYWORDS = 11
    ACTIVATE_COST = 12
    N_EFFECTS = 13
    NAME_ID = 14  # the first design with this card's name (Único compares names, rule F-12)
    EFFECTS = 15  # MAX_EFFECTS groups of (on, do, n, target, cond)


EFFECT_WIDTH = 5
E_ON, E_DO, E_N, E_TARGET, E_COND = range(EFFECT_WIDTH)
N_FIELDS = Field.EFFECTS + MAX_EFFECTS * EFFECT_WIDTH


class Zone(IntEnum):
    """Where a card is. Each card is in exactly one zone (card conservation)."""

    DECK = 0
    HAND = 1
    UNIT = 2  # the units zone (rule F-10)
    SUPPORT = 3  # the supports: artifacts and face-down traps (rule F-10)
    DISCARD = 4
    RESERVE = 5  # lands not yet placed (rule F-02)
    LAND = 6  # lands on the field (rule F-07)
    CHAIN = 7  # played and waiting on the chain (rule F-24)


ZONE_WORDS = {"deck": Zone.DECK, "hand": Zone.HAND, "unit": Zone.UNIT, "support": Zone.SUPPORT,
              "discard": Zone.DISCARD, "reserve": Zone.RESERVE, "land": Zone.LAND}


class Step(IntEnum):
    """The steps of a turn (rule F-19); response windows belong to one of them."""

    START = 0
    MAIN1 = 1
    BEGIN_COMBAT = 2
    ATTACKERS = 3  # after attackers are declared (Emboscada, F-03)
    BLOCKERS = 4  # after blockers are assigned
    DAMAGE = 5  # after combat damage
    MAIN2 = 6
    END = 7


class Action(IntEnum):
    """What an agent's candidate action does: cand[k] = (action, card, target side, target card + 1)."""

    PASS = 0
    LAND = 1  # rule F-07
    CAST = 2  # play a card from hand (rules F-13, F-14, F-16)
    SET_TRAP = 3  # rule F-15
    TRAP = 4  # reveal a ready trap (rule F-15)
    EQUIP = 5  # rule F-16
    ACTIVATE = 6  # rule F-18


class What(IntEnum):
    """What a chain item is (rule F-24)."""

    CAST = 0  # a card played from hand (a unit, artifact or technique) or a revealed trap
    ABILITY = 1  # an activated ability (on = "activar", rule F-18)
    EQUIP = 2  # equipping (rule F-16)


# the per-card Seen bits and counters every ruleset shares (sim.core.records)
from sim.core.records import COUNTER_BITS, COUNTER_NAMES, N_COUNTERS, RESULT_NAMES, Counter, Seen  # noqa: E402,F401


class End(IntEnum):
    FORTALEZA = 0  # a Fortaleza reached 0 (rule F-06)
    DECKED = 1  # a player had to draw from an empty deck (rule F-06)
    BOTH_ZERO = 2  # both Fortalezas reached 0 together: a draw (rule F-06)
    TURN_CAP = 3  # the turn cap was reached: a draw (decision, rules.md)


END_NAMES = ("fortaleza", "decked", "both_zero", "turn_cap")


class Param(IntEnum):
    """Slots of the int64 parameter vector the kernels read."""

    FORTALEZA = 0
    HAND_START = 1
    MULLIGANS = 2
    FIRST_DRAWS = 3
    MAX_LANDS = 4
    MAX_UNITS = 5
    MAX_SUPPORTS = 6
    HAND_LIMIT = 7
    HEAL_CAP = 8
    TURN_CAP = 9
    FORTRESS_PROTECTION_TURN = 10
    TRAMPLE_PAST_PROTECTION = 11
    DEBUG_CHECKS = 12
    DECK_TOP = 13


N_PARAMS = 14


from sim.core.agents import AGENT_NAMES, Agent  # noqa: E402,F401 (the levels every ruleset shares)


class Weight(IntEnum):
    """Slots of a greedy agent's weight vector (a sweep can tune them)."""

    ATQ = 0  # value of a unit per point of ATQ
    RES = 1  # per point of RES
    KEYWORD = 2  # per keyword
    FACE = 3  # per point of damage to the opposing Fortaleza
    LIFE = 4  # per point of own Fortaleza
    CARD = 5  # per card drawn
    AGGRESSION = 6  # attack when the worst block costs less than this share of the unit's value
    MULLIGAN_CHEAP = 7  # keep a hand with at least this many cards of cost <= 3


N_WEIGHTS = 8
DEFAULT_WEIGHTS = (1.0, 1.0, 1.0, 0.6, 0.5, 1.5, 0.5, 2.0)


class Col(IntEnum):
    """Columns of the per-game record array the kernel writes: the shared head first
    (sim.core.records.RecordCol: unit, stage, played, first, winner, end, turns), then these."""
    FORT_A = 7
    FORT_B = 8
    MULLIGAN_A = 9
    MULLIGAN_B = 10
    CARDS_PLAYED_A = 11
    CARDS_PLAYED_B = 12


N_COLS = 13


class Event(IntEnum):
    """Trace event codes: (turn, player, code, a, b, c)."""

    START = 0  # a=first player
    TURN = 1  # a=Fortaleza, b=cards in deck, c=opponent's Fortaleza
    DRAW = 2  # a=card
    MULLIGAN = 3  # a=1 replaced, 0 kept
    LAND = 4  # a=card, b=lands now
    CAST = 5  # a=card, b=target side, c=target card + 1 (0: none or a Fortaleza)
    SET_TRAP = 6  # a=card
    TRAP = 7  # a=card, b=target side, c=target card + 1
    EQUIP = 8  # a=equipment, b=unit
    ACTIVATE = 9  # a=card, b=target side, c=target card + 1
    RESOLVE = 10  # a=card, b=what
    FIZZLE = 11  # a=card (rule F-25)
    ENTERS = 12  # a=card
    TO_DISCARD = 13  # a=card (F-11: zone full)
    ATTACK = 14  # a=card
    BLOCK = 15  # a=blocker, b=attacker
    DAMAGE_UNIT = 16  # a=card (owner = player), b=damage taken, c=prevented
    DAMAGE_FORT = 17  # a=damage taken, b=prevented, c=Fortaleza after
    DIES = 18  # a=card
    PROTECT = 19  # a=card + 1 (0: the Fortaleza), b=N
    BOOST = 20  # a=card, b=ATQ boost, c=RES boost
    HEAL = 21  # a=healed, b=Fortaleza after
    DESTROYED = 22  # a=artifact
    RECOVER = 23  # a=card
    DISCARD = 24  # a=card (hand limit)
    END = 25  # a=winner (-1 draw), b=end reason
    PASS = 26
