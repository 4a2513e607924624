"""Per-game state of fortaleza, and the one record every kernel function takes.

A game's arrays live side by side in one numpy record `g` (`GAME_DTYPE`), and every function of
the game takes `g` instead of the arrays. numba passes a record as one pointer and an array as five
words plus two per dimension, so a call that took the nine arrays pushed about eighty words and now
pushes one; and the arrays read from a record have their shapes fixed in the type, so indexing
them needs no loads of shapes or strides.

- `g.cs[side, card, CS_*]` (int32): each design's zone and its state on the field (tapped, damage,
  Protección, boosts, combat role, equipment links). A card is in exactly one zone by construction:
  its zone is one number (card conservation, checked by `conservation_errors`).
- `g.ps[row, PS_*]` (int64): rows 0 and 1 are the players (Fortaleza, lands, energy, deck order, and
  one bitmask per zone so a decision visits the five cards in hand rather than all fifty designs),
  row GAME holds the turn, the active player, the step, the chain depth and the trace cursor.
- `g.ch[item, CH_*]` (int32): the chain (rule F-24), last in first out.
- `g.rng[stream]` (uint64): the game's random streams (sim.core.rng), one per side and purpose.
- `g.cand`: an agent's candidate actions (scratch, no allocation); a hard agent's own candidates
  and their scores (`g.options`, `g.score`), and the lists its worlds are dealt from (`g.unseen`,
  hard.py); an expert's tree and the path of its iteration (`g.tree`, `g.tree_value`, `g.path`,
  expert.py) and a position's features (`g.feat`, leaf.py).
- `g.tr`: the trace buffer, written only when `g.ps[GAME, G_TRACED]` is set.
- Constant tables the kernels read but never write, copied in once per workspace:
  `g.tab[side, card, Field]`, `g.w[side, Weight]`, `g.par[Param]`, and each side's search settings
  (`g.search[side, SEARCH_*]`, sim.core.search), and the fitted leaf evaluation's coefficients
  (`g.leaf`, leaf.py).

References to cards are stored +1 so that 0 means "none" and a zeroed array is a clean state.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import lowest_bit, move_card  # noqa: F401 (lowest_bit: the engine imports it from here)
from sim.core.hand_and_deck import zone_mask_problems
from sim.core.records import TRACE_CURSOR, TRACE_ON, TRACE_ROW, TRACE_TURN, game_records
from sim.core.rng import Purpose, seed_side_streams
from sim.core.mcts import MAX_DEPTH, MAX_LEAF, MAX_NODES, N_T, N_V
from sim.core.search import N_SEARCH
from sim.core.turns import GAME_ACTIVE, GAME_FIRST, GAME_OVER
from sim.rulesets.fortaleza.constants import (
    MAX_CHAIN, MAX_EVENTS, N_DECK, N_DESIGNS, N_FIELDS, N_PARAMS, N_WEIGHTS, Action, Field, Kind, Zone,
)

# cs[side, card, ...]
CS_ZONE = 0
CS_FLAGS = 1  # Seen bits behind the card-impact counters
CS_FRESH = 2  # 1 from entering the field until its controller's next turn begins (rule F-20)
CS_TAPPED = 3  # exhausted (rules F-18, F-21)
CS_DAMAGE = 4  # damage marked this turn (rule F-22)
CS_PROT = 5  # Protección left this turn (rule F-35)
CS_ATQ_BOOST = 6  # temporary boosts, removed at end of turn (rule F-19 step 8)
CS_RES_BOOST = 7
CS_ATTACKING = 8  # declared attacker this turn
CS_BLOCKING = 9  # the attacker it blocks, + 1
CS_BLOCKED_BY = 10  # the blocker of this attacker, + 1
CS_WAS_BLOCKED = 11  # rule F-23: stays set if the blocker disappears
CS_WEAPON = 12  # equipment carried, + 1 (rule F-17)
CS_ARMOUR = 13
CS_BEARER = 14  # for equipment: the unit carrying it, + 1
CS_SET_TURN = 15  # for traps: turn + 1 when set face down (rule F-15)
CS_PENDING = 16  # combat damage about to be dealt to it (rule F-22: simultaneous)
# what the unit's weapon and armour add (rule F-17), kept by refresh_equipment whenever a link changes,
# so reading a unit's ATQ, RES or keywords needs no walk to its equipment
CS_EQUIP_ATQ = 17
CS_EQUIP_RES = 18
CS_EQUIP_KEYWORDS = 19
# 1 for a card in the hand that the opponent has seen come there (rule F-29: a unit recovered from the
# discard pile); a hard agent's world keeps it where it is (hard.observe) instead of dealing it again
CS_SHOWN = 20
N_CS = 21

# ps[player, ...]
PS_FORT = 0  # Fortaleza (rule F-04)
PS_FPROT = 1  # Protección on the Fortaleza (rule F-35)
PS_LANDS = 2  # lands on the field (rule F-07)
PS_ENERGY = 3  # untapped lands (rules F-08, F-09)
PS_LAND_TURN = 4  # turn + 1 of the last land placed (once per turn, F-07)
PS_TOP = 5  # next deck position to draw
PS_HAND = 6  # cards in hand
PS_UNITS = 7  # units on the field (rule F-10)
PS_SUPPORTS = 8  # supports used (rule F-10)
PS_AGENT = 9
PS_MULLIGAN = 10  # 1 when the opening hand was replaced (rule F-04)
PS_TURNS = 11  # turns this player has begun
PS_DECISIONS = 12  # decisions a hard player has searched this game (keys its worlds, sim.core.search)
# bit c: design c was marked damage since the last effects.remove_dead (damage_unit sets it, remove_dead and
# end_turn clear it)
PS_DAMAGED = 13
PS_FIGHTS = 14  # bit c: design c was in a fight this combat (combat.block_with sets it, end_combat clears it)
PS_ORDER = 16  # deck order: ps[p, PS_ORDER + i] is the card at deck position i
PS_ZONE_MASK = PS_ORDER + N_DECK  # ps[p, PS_ZONE_MASK + zone]: bit c set when design c is in that zone
N_ZONES = int(Zone.CHAIN) + 1
# from here on, per-design masks that depend only on the cards (targets.set_design_masks): set once per
# workspace, kept by every reset
PS_DESIGN_MASKS = PS_ZONE_MASK + 8
PS_RESPONDERS = PS_DESIGN_MASKS  # designs that could ever act in a response window (fast, traps, fast abilities)
PS_FAST_HAND = PS_RESPONDERS + 1  # of those, the ones that answer from the hand: fast techniques (rule F-14)
PS_ANSWER = PS_FAST_HAND + 1  # ps[p, PS_ANSWER + e]: responders whose answer costs at most e energy
MAX_ANSWER_ENERGY = 6  # costs are 0-6 (cards.py); with more energy every responder can pay
PS_ACTIVATES = PS_ANSWER + MAX_ANSWER_ENERGY + 1  # designs with an activated ability (rule F-18)
PS_QUIET_IDLE = PS_ACTIVATES + 1  # responders the greedy agent never plays into a quiet window (agents.py)
PS_PLAYABLE = PS_QUIET_IDLE + 1  # ps[p, PS_PLAYABLE + e]: designs playable from the hand with e energy
PS_FORCED = PS_PLAYABLE + MAX_ANSWER_ENERGY + 1  # the forced-draw request (sim.core.forced_draw), 0 for none
PS_FRAIL = PS_FORCED + 1  # 1 when the side's cards could leave a unit at 0 toughness undamaged (targets.frail)
PS_RESCUE_ONLY = PS_FRAIL + 1  # of the quiet-idle responders, those that only rescue a unit (targets.rescue_only)
# of the quiet-idle responders, those that only give their own Fortaleza Protección (targets.idle_kind)
PS_GUARD_ONLY = PS_RESCUE_ONLY + 1
# the techniques, traps and abilities whose worth in a main phase is a unit's, only if their damage
# destroys the chosen unit (targets.kills_only): a lean list leaves out the targets it would not destroy
PS_KILL_ONLY = PS_GUARD_ONLY + 1
PS_KIND = PS_KILL_ONLY + 1  # ps[p, PS_KIND + kind]: the designs of that Kind (legal.list_actions' main-phase walk)
N_PS = PS_KIND + int(Kind.LAND) + 1

# ps[GAME, ...]
GAME = TRACE_ROW  # the trace (sim.core.records.record) reads the turn, its cursor and its switch here
G_TURN = TRACE_TURN
G_TRACE_N = TRACE_CURSOR
G_TRACED = TRACE_ON  # 1 when this game writes its events to g.tr
G_ACTIVE = GAME_ACTIVE  # the turn loops (sim.core.turns) read these three here
G_OVER = GAME_OVER  # 1 once the game has ended
G_WINNER = 5  # 0, 1, or -1 for a draw
G_END = 6
G_FIRST = GAME_FIRST
G_STEP = 8
G_DEPTH = 9  # items on the chain
G_PASSES = 10  # consecutive passes in the current window (rule F-24)
G_LISTED = 11  # candidates the last agents.choose_action listed (a hard agent searches among them)
# 2 + the cand row of a greedy player's next main-phase choice, made with the land it chose now
# (agents.choose_listed), which chain.main_phase takes without deciding again; 0 when none is made
G_NEXT = 12

# ch[item, ...]: one item on the chain
CH_SIDE = 0
CH_CARD = 1
CH_WHAT = 2  # What
CH_EFFECT = 3  # which effect of the card (abilities)
CH_T_SIDE = 4
CH_T_CARD = 5  # chosen target + 1; 0: a Fortaleza, a player or nothing
N_CH = 6

# rng streams of a game: side * 2 + (0 shuffle, 1 agent); then each side's search key
SIDE_PURPOSES = (int(Purpose.SHUFFLE), int(Purpose.AGENT))  # rng[side * 2 + ST_*]: the purpose keying it
ST_SHUFFLE = 0
ST_AGENT = 1
N_PLAY_STREAMS = 4  # the streams the game draws from (a hard agent's world gets its own of each)
ST_SEARCH = 4  # rng[ST_SEARCH + side]: the key of the side's hard-agent streams (sim.core.search)
N_STREAMS = 6

MAX_CAND = 256  # candidate actions an agent weighs at one decision
MAX_OPTIONS = MAX_CAND + 1  # a hard agent's choices at one decision: every listed action and the pass
N_ACTIONS = len(Action)  # the candidate kinds (constants.Action), PASS included: g.dv's last axis
KEPT_WORLDS = 8  # the worlds of a search kept dealt for its later candidates (the default 8 samples of 1 rollout)

GAME_DTYPE = np.dtype([
    ("tab", np.int32, (2, N_DESIGNS, N_FIELDS)),
    ("par", np.int64, (N_PARAMS,)),
    ("w", np.float64, (2, N_WEIGHTS)),
    ("cs", np.int32, (2, N_DESIGNS, N_CS)),
    ("ps", np.int64, (3, N_PS)),
    ("rng", np.uint64, (N_STREAMS,)),
    ("ch", np.int32, (MAX_CHAIN, N_CH)),
    ("cand", np.int32, (MAX_CAND, 4)),
    ("search", np.int64, (2, N_SEARCH)),
    ("options", np.int64, (MAX_OPTIONS,)),
    ("score", np.float64, (MAX_OPTIONS,)),
    ("unseen", np.int64, (2, N_DESIGNS)),
    # the worlds a hard agent's search dealt for its first candidate (hard.enter_world), which its
    # other candidates start from: each one's state after hard.observe
    ("kept_cs", np.int32, (KEPT_WORLDS, 2, N_DESIGNS, N_CS)),
    ("kept_ps", np.int64, (KEPT_WORLDS, 3, N_PS)),
    ("kept_rng", np.uint64, (KEPT_WORLDS, N_STREAMS)),
    ("tree", np.int64, (MAX_NODES, N_T)),  # an expert player's search tree (sim.core.mcts, expert.py)
    ("tree_value", np.float64, (MAX_NODES, N_V)),
    ("path", np.int64, (MAX_DEPTH,)),
    ("leaf", np.float64, (MAX_LEAF,)),  # the fitted leaf evaluation's coefficients (leaf.py, leaf.json)
    ("feat", np.float64, (MAX_LEAF,)),  # a position's features as the leaf evaluation reads them
    ("tr", np.int32, (MAX_EVENTS, 6)),
    # dv[side, design, action]: the most a candidate `action` of that design can be worth to the side's
    # greedy agent, for any state (+inf where the state decides), and the worth itself where it
    # depends only on the design (targets.set_design_values, with the design masks)
    ("dv", np.float64, (2, N_DESIGNS, N_ACTIONS)),
], align=True)


@njit(cache=True, _nrt=False, inline="always")
def move(cs: np.ndarray, ps: np.ndarray, side: int, c: int, zone: int) -> None:
    """Put design c of `side` in `zone`, keeping the zone bitmasks in step with the zones."""
    move_card(cs, ps, side, c, zone, CS_ZONE, PS_ZONE_MASK)


@njit(cache=True, _nrt=False, inline="always")
def in_zone(ps: np.ndarray, side: int, zone: int) -> np.int64:
    """The bitmask of the side's designs in `zone`."""
    return ps[side, PS_ZONE_MASK + zone]


def new_workspace(tab: np.ndarray, par: np.ndarray, w: np.ndarray, search: np.ndarray) -> np.ndarray:
    """The records one thread reuses for every game it plays (a two-element array of GAME_DTYPE):
    ws[0] is the game, the `g` the kernels take; ws[1] the world a hard agent plays its rollouts in
    (hard.py). Both hold a copy of the config's constant tables."""
    return game_records(GAME_DTYPE, tab=tab, par=par, w=w, search=search)


@njit(cache=True, _nrt=False)
def seed_streams(g: np.void, seed: np.uint64, unit: np.uint64) -> None:
    """Key every stream of one game from (run seed, unit, side, purpose), a hard agent's search key
    among them (sim.core.rng.seed_side_streams)."""
    seed_side_streams(g.rng, seed, unit, np.uint64(0), SIDE_PURPOSES, np.int64(ST_SEARCH))


@njit(cache=True, _nrt=False, inline="always")
def is_unit_kind(kind: int) -> bool:
    return kind == Kind.CHARACTER or kind == Kind.CREATURE


@njit(cache=True, _nrt=False, inline="always")
def equipment_totals(g: np.void, side: int, unit: int) -> tuple[int, int, int]:
    """(ATQ, RES, keywords) that the unit's weapon and armour add (rule F-17), from its links."""
    tab, cs = g.tab, g.cs
    atq = 0
    res = 0
    keywords = 0
    for slot in (CS_WEAPON, CS_ARMOUR):
        e = cs[side, unit, slot] - 1
        if e >= 0:
            atq += tab[side, e, Field.BONUS_ATQ]
            res += tab[side, e, Field.BONUS_RES]
            keywords |= tab[side, e, Field.BONUS_KEYWORDS]
    return atq, res, keywords


@njit(cache=True, _nrt=False)
def refresh_equipment(g: np.void, side: int, unit: int) -> None:
    """Work out again what the unit's weapon and armour add: called wherever one of its equipment
    links changes (in play through field.refresh_bearer, which then applies rule F-22 to the unit;
    a scenario's hand-made change calls it alone)."""
    cs = g.cs
    atq, res, keywords = equipment_totals(g, side, unit)
    cs[side, unit, CS_EQUIP_ATQ] = atq
    cs[side, unit, CS_EQUIP_RES] = res
    cs[side, unit, CS_EQUIP_KEYWORDS] = keywords


@njit(cache=True, _nrt=False)
def atq_of(g: np.void, side: int, unit: int) -> int:
    """ATQ now: printed, plus equipment, plus this turn's boosts."""
    return g.tab[side, unit, Field.ATQ] + g.cs[side, unit, CS_ATQ_BOOST] + g.cs[side, unit, CS_EQUIP_ATQ]


@njit(cache=True, _nrt=False)
def res_of(g: np.void, side: int, unit: int) -> int:
    """RES now: printed, plus equipment, plus this turn's boosts."""
    return g.tab[side, unit, Field.RES] + g.cs[side, unit, CS_RES_BOOST] + g.cs[side, unit, CS_EQUIP_RES]


@njit(cache=True, _nrt=False)
def keywords_of(g: np.void, side: int, unit: int) -> int:
    return g.tab[side, unit, Field.KEYWORDS] | g.cs[side, unit, CS_EQUIP_KEYWORDS]


@njit(cache=True, _nrt=False)
def toughness_left(g: np.void, side: int, unit: int) -> int:
    """Damage that would destroy the unit now, its Protección included (rules F-22, F-35)."""
    return res_of(g, side, unit) - g.cs[side, unit, CS_DAMAGE] + g.cs[side, unit, CS_PROT]


@njit(cache=True, _nrt=False)
def conservation_errors(g: np.void) -> int:
    """Invariant 3, card conservation, for the debug checks: each side's counts of hand, units and
    supports agree with the zones, the zone limits hold, every link points at a card where it
    should be, and each unit's kept equipment bonuses match its weapon and armour. Returns the
    number of problems found (0 in a sound state)."""
    tab, cs, ps = g.tab, g.cs, g.ps
    problems = 0
    for side in range(2):
        hand = 0
        units = 0
        supports = 0
        lands = 0
        for c in range(N_DESIGNS):
            z = cs[side, c, CS_ZONE]
            if z == Zone.HAND:
                hand += 1
            elif z == Zone.UNIT:
                units += 1
                if not is_unit_kind(tab[side, c, Field.KIND]):
                    problems += 1
                atq, res, keywords = equipment_totals(g, side, c)
                if (atq != cs[side, c, CS_EQUIP_ATQ] or res != cs[side, c, CS_EQUIP_RES]
                        or keywords != cs[side, c, CS_EQUIP_KEYWORDS]):
                    problems += 1
            elif z == Zone.SUPPORT:
                supports += 1
            elif z == Zone.LAND:
                lands += 1
            if z < Zone.DECK or z > Zone.CHAIN:
                problems += 1
            e = cs[side, c, CS_BEARER] - 1
            if e >= 0 and (z != Zone.SUPPORT or cs[side, e, CS_ZONE] != Zone.UNIT):
                problems += 1
        if hand != ps[side, PS_HAND] or units != ps[side, PS_UNITS] or supports != ps[side, PS_SUPPORTS]:
            problems += 1
        if lands != ps[side, PS_LANDS]:
            problems += 1
        problems += zone_mask_problems(cs, ps, side, CS_ZONE, PS_ZONE_MASK, N_ZONES, N_DESIGNS)
    return problems
