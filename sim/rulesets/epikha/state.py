"""Per-game state of epikha, and the one record every kernel function takes (the house model:
sim/rulesets/fortaleza/state.py says why a record).

- `g.cs[side, card, CS_*]` (int32): each card instance: the deck's copies (0 .. MAX_DECK-1), the
  Player card (PLAYER_C) and the set-up gear (GEAR_C). Its design, its zone (one number: a card is in
  exactly one zone, rule E-20), the Vital it paid or lost (E-06, E-10, E-27), its shield and boost
  (E-31), when it entered play (E-25), its bearer (gear, E-18) and what its gear gives it.
- `g.ps[row, PS_*]` (int64): rows 0 and 1 are the players: the Player card's Vital (E-06, E-13),
  the Vital spent on cards this turn (E-21), the passive effects in force (E-14, E-31), counts, the
  deck order and one bitmask per zone; row GAME holds the turn, the active player, the result, the
  trace cursor and the pending list's length.
- `g.pend[k, P_*]` (int64): the pending spells and on_start effects (rule E-03), in cast order.
- `g.seen[side, design]`: the Seen bits behind the card-impact counters.
- `g.rng[stream]`: a shuffle and an agent stream per side, then each side's search key.
- `g.cand`, `g.options`, `g.score`, `g.unseen`: scratch of the agents (no allocation); the world a
  hard agent's search dealt last (`g.dealt_*`, hard.observe_dealt); an expert's
  tree and the path of its walk (`g.tree`, `g.tree_value`, `g.path`, expert.py) and a position's
  features (`g.feat`, leaf.py).
- `g.tr`: the trace buffer, written only when `g.ps[GAME, G_TRACED]` is set.
- Constant tables the kernels read but never write: `g.tab[side, design, Field]`, `g.w[side,
  Weight]`, what a deployment step with a copy of each design is worth to the greedy agent as far as
  its printed fields tell (`g.dw[side, design, DW_*]`, `deploy_worths`), `g.par[Param]`,
  `g.setup[SETUP_*, side]`, `g.search[side, SEARCH_*]`, the expert's fitted leaf evaluation `g.leaf`
  (leaf.json).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count, lowest_bit, move_card  # noqa: F401 (lowest_bit: for the modules below)
from sim.core.hand_and_deck import deck_order_problems, zone_mask_problems
from sim.core.records import TRACE_CURSOR, TRACE_ON, TRACE_ROW, TRACE_TURN, game_records
from sim.core.rng import Purpose, seed_side_streams
from sim.core.mcts import MAX_DEPTH, MAX_LEAF, MAX_NODES, N_T, N_V
from sim.core.search import N_SEARCH
from sim.core.turns import GAME_ACTIVE, GAME_FIRST, GAME_OVER
from sim.rulesets.epikha.constants import (
    MAX_DECK, MAX_EVENTS, MAX_PENDING, N_CARDS, N_DESIGNS, N_FIELDS, N_PARAMS, N_WEIGHTS, N_ZONES, PAYS, PLAYER_C,
    Class, Field, Param, Weight, Zone,
)

# cs[side, card, ...]
CS_DESIGN = 0  # the row of tab this instance is a copy of (-1: an unused slot); kept by every reset
CS_ZONE = 1
CS_LOST = 2  # Vital paid (E-06) or lost to damage (E-27) since its controller's last Start (E-10)
CS_SHIELD = 3  # Resistencia from `shield` until its controller's next Start (E-31)
CS_BOOST = 4  # Fuerza from `boost` less `weaken` until the end of the turn (E-31)
CS_ENTERED = 5  # turn + 1 when it entered play (E-25)
CS_BEARER = 6  # a weapon or item's bearer + 1 (E-18)
CS_GEAR_F = 7  # what its gear passes on (E-18): Fuerza, Resistencia, Rule bits, regeneracion, nivel, fuente
CS_GEAR_R = 8
CS_GEAR_RULES = 9
CS_GEAR_REGEN = 10
CS_GEAR_NIVEL = 11
CS_GEAR_FUENTE = 12
CS_WEAPONS = 13  # weapons and items it carries (E-29)
CS_ITEMS = 14
CS_FOE = 15  # in the Combat Zone: the card of the other side it fights + 1 (its blocker, or the attacker it blocks)
CS_ATTACKED = 16  # turn + 1 of its last attack (E-26: it does not block in the next turn)
N_CS = 17

# ps[player, ...]
PS_VITAL = 0  # the Player card's Vital (E-13): direct damage and Vital paid never come back (E-06)
PS_BASE = 1  # its base Vital: printed, less the Player Abilities (E-14), plus fuente_vital
PS_TOP = 2  # next deck position to draw
PS_HAND = 3
PS_AGENT = 4
PS_FORCED = 5
PS_DECISIONS = 6  # decisions a hard player has searched this game (keys its worlds)
PS_SPENT = 7  # Vital paid for cards other than spells this turn (E-21)
PS_ALL_F = 8  # passive effects in force for this player (E-14, E-31)
PS_ALL_R = 9
PS_ENEMY_F = 10  # Fuerza the opposing characters lose
PS_SPELL_LEVEL = 11  # levels its spells enter higher
PS_ABILITY = 12  # the Player Ability in use + 1 (E-14), 0: none
PS_SPELLS = 13  # spells cast this game
PS_RAISES = 14
PS_NEGATED = 15
PS_DESTROYED = 16
PS_N_DECK = 17  # cards of its deck
PS_ORDER = 18  # deck order: ps[p, PS_ORDER + i] is the card at deck position i
DECK_ZONE = int(Zone.DECK)  # a plain int: sim.core's cached checks take no game's enum
PS_ZONE_MASK = PS_ORDER + MAX_DECK  # ps[p, PS_ZONE_MASK + zone]: bit c set when card c is in that zone
# Masks of its instances by what they are and where the set-up puts them: a question about the cards
# of a zone is then one AND, not a walk of the zone reading each card's design. They depend only on
# the workspace's cards (cs[:, :, CS_DESIGN] and tab, both kept by every reset), so
# game.sort_cards works them out for the first game a workspace plays and kernels.reset keeps them
# (every column from PS_KEPT on).
PS_KEPT = PS_ZONE_MASK + N_ZONES
PS_CARDS_SORTED = PS_KEPT  # 1 once game.sort_cards has set the masks below
PS_SPELL_CARDS = PS_KEPT + 1  # spells and continuous spells
PS_CHARACTER_CARDS = PS_KEPT + 2  # characters (E-11, E-13: the Player card and character machines too)
PS_UNIT_CARDS = PS_KEPT + 3  # characters and machines by class: they take Deployment Zone places (E-20)
PS_PASSIVE_CARDS = PS_KEPT + 4  # continuous spells and machines with passive effects (E-31)
PS_DECK_CARDS = PS_KEPT + 5  # the deck's instances (E-16: in the Deck at the set-up)
PS_OUT_CARDS = PS_KEPT + 6  # the unused instance slots (Zone.OUT)
PS_REGEN_CARDS = PS_KEPT + 7  # the cards that print regeneracion (E-30)
PS_MATTERS = PS_KEPT + 8  # ps[p, PS_MATTERS + kind]: its spells by what they need to matter (agents.MATTERS_*)
N_MATTER_KINDS = 8
PS_MACHINE_CARDS = PS_MATTERS + N_MATTER_KINDS  # machines by class: all that the Regroup phase may deploy (E-11)
N_PS = PS_MACHINE_CARDS + 1

# ps[GAME, ...]
GAME = TRACE_ROW  # the trace (sim.core.records.record) reads the turn, its cursor and its switch here
G_TURN = TRACE_TURN
G_TRACE_N = TRACE_CURSOR
G_TRACED = TRACE_ON
G_ACTIVE = GAME_ACTIVE
G_OVER = GAME_OVER
G_WINNER = 5
G_END = 6
G_FIRST = GAME_FIRST
G_SEQ = 8  # spells cast this game: the cast order of the pending list (E-03)
G_N_PENDING = 9
G_CHAIN = 10  # spells resolved in the window closing now (the trace's order in the chain)
G_WINDOW = 11  # the window open now (Window), -1 outside windows
G_BLOCKED = 12  # an expert defender's blocks searched (expert.py): the attackers answered so far, a mask
G_UNBLOCKED = 13  # and the Fuerza still coming at its Player card unblocked (rule E-26)
G_BOOSTED = 14  # 1 once a boost or weakening was written (CS_BOOST) since the last Regroup cleared them (E-31)

# pend[k, ...]: one pending spell or on_start effect (rule E-03)
P_SIDE = 0
P_CARD = 1  # the spell's instance (in Zone.PENDING), or the continuous spell whose on_start effect it is
P_CASTER = 2  # its payer (E-09); -1 for an on_start effect
P_LEVEL = 3  # its level now (E-03, E-04)
P_TSIDE = 4  # its chosen target (E-23): side and card (a pending spell: its seq), -1 without
P_TCARD = 5
P_SEQ = 6
P_EFFECT = 7  # -1 for a spell, k for the continuous spell's k-th on_start effect
N_P = 8

# setup[row, side]: what the config says about each side (engine.compile)
SETUP_AGENT = 0
SETUP_VITAL = 1  # the Player card's starting Vital (E-13, E-14), before the set-up gear
SETUP_N_DECK = 2
SETUP_ABILITIES = 3  # the first Player Ability's design
SETUP_N_ABILITIES = 4
N_SETUP = 5

# rng streams of a game: side * 2 + purpose; then each side's search key
SIDE_PURPOSES = (int(Purpose.SHUFFLE), int(Purpose.AGENT))  # rng[side * 2 + ST_*]: the purpose keying it
ST_SHUFFLE = 0
ST_AGENT = 1
N_PLAY_STREAMS = 4
ST_SEARCH = 4
N_STREAMS = 6

MAX_CAND = 256  # (spell, payer, target) choices a random agent draws from
MAX_OPTIONS = 32

# dw[side, design, DW_*]: greedy's deployment_worth (agents.py) of a copy of each design, what of it
# depends only on its printed fields and the side's weights (deploy_worths)
DW_DEPLOY = 0  # deployed (above the RESERVE)
DW_ON_PLAYER = 1  # gear attached to the Player card
DW_GEAR = 2  # gear attached to another card: the part its bearer does not change
N_DW = 3


GAME_DTYPE = np.dtype([
    ("tab", np.int32, (2, N_DESIGNS, N_FIELDS)),
    ("par", np.int64, (N_PARAMS,)),
    ("w", np.float64, (2, N_WEIGHTS)),
    ("dw", np.float64, (2, N_DESIGNS, N_DW)),  # greedy's worth of a step with each design (deploy_worths)
    ("setup", np.int64, (N_SETUP, 2)),
    ("cs", np.int32, (2, N_CARDS, N_CS)),
    ("ps", np.int64, (3, N_PS)),
    ("pend", np.int64, (MAX_PENDING, N_P)),
    ("seen", np.int32, (2, N_DESIGNS)),
    ("rng", np.uint64, (N_STREAMS,)),
    ("cand", np.int64, (MAX_CAND, 3)),
    ("search", np.int64, (2, N_SEARCH)),
    ("options", np.int64, (MAX_OPTIONS,)),
    ("score", np.float64, (MAX_OPTIONS,)),
    ("unseen", np.int64, (N_CARDS,)),
    # the world a hard agent's search dealt last (hard.observe_dealt): its state after hard.observe, and
    # which world of the search it is (sample * WORLD_STRIDE + rollout + 1; 0: none)
    ("dealt_cs", np.int32, (2, N_CARDS, N_CS)),
    ("dealt_ps", np.int64, (3, N_PS)),
    ("dealt_pend", np.int64, (MAX_PENDING, N_P)),
    ("dealt_rng", np.uint64, (N_STREAMS,)),
    ("dealt_world", np.int64, (1,)),
    ("tree", np.int64, (MAX_NODES, N_T)),  # an expert player's search tree (sim.core.mcts, expert.py)
    ("tree_value", np.float64, (MAX_NODES, N_V)),
    ("path", np.int64, (MAX_DEPTH,)),  # the nodes of the search's walk now
    ("leaf", np.float64, (MAX_LEAF,)),  # the fitted leaf evaluation's coefficients (leaf.py, leaf.json)
    ("feat", np.float64, (MAX_LEAF,)),  # a position's features as the leaf evaluation reads them
    ("tr", np.int32, (MAX_EVENTS, 6)),
], align=True)


def deploy_worths(tab: np.ndarray, w: np.ndarray) -> np.ndarray:
    """The DW_* columns of `dw` for each side and design: printed fields and weights only, the same
    every game of a config, so worked out once per workspace rather than at each step a greedy walk
    weighs. deployment_worth's operations in its order, element by element, so the same float64."""
    t = tab.astype(np.float64)  # int32 to float64 is exact
    cost, fuente = t[:, :, Field.COST], t[:, :, Field.G_FUENTE]
    bonus_f, bonus_r = t[:, :, Field.BONUS_F], t[:, :, Field.BONUS_R]
    out = np.zeros(tab.shape[:2] + (N_DW,))
    value = (t[:, :, Field.FUERZA] + t[:, :, Field.VITAL] / 3.0 + 2.0 * t[:, :, Field.RESISTENCIA]
             + np.where(tab[:, :, Field.RULES] & PAYS, 1.0, 0.0))
    value = np.where(tab[:, :, Field.IS_CHARACTER] != 0, value, cost * 1.2)
    out[:, :, DW_DEPLOY] = value * np.asarray(w, np.float64)[:, Weight.CHARACTER, None] - cost * 0.5
    out[:, :, DW_ON_PLAYER] = np.where(fuente > 0, fuente - cost + 1.0, (bonus_f + 2.0 * bonus_r) * 0.5 - 1.0)
    out[:, :, DW_GEAR] = bonus_f + 2.0 * bonus_r + fuente / 3.0 + t[:, :, Field.G_REGEN] * 0.7
    return out


def new_workspace(tab: np.ndarray, par: np.ndarray, w: np.ndarray, setup: np.ndarray, search: np.ndarray,
                  designs: np.ndarray, records: int = 2) -> np.ndarray:
    """The records one thread reuses for every game it plays: ws[0] is the game, ws[1] the world a
    hard player plays its rollouts in (hard.py). Each holds a copy of the config's constant tables."""
    ws = game_records(GAME_DTYPE, records, tab=tab, par=par, w=w, dw=deploy_worths(tab, w), setup=setup,
                      search=search)
    ws["cs"][:, :, :, CS_DESIGN] = designs
    return ws


@njit(cache=True, _nrt=False, inline="always")
def move(g: np.void, side: int, c: int, zone: int) -> None:
    """Put card c of `side` in `zone`, keeping the zone bitmasks in step with the zones."""
    move_card(g.cs, g.ps, side, c, zone, CS_ZONE, PS_ZONE_MASK)


@njit(cache=True, _nrt=False, inline="always")
def in_zone(g: np.void, side: int, zone: int) -> np.int64:
    return g.ps[side, PS_ZONE_MASK + zone]


@njit(cache=True, _nrt=False, inline="always")
def field(g: np.void, side: int, c: int, f: int) -> int:
    """A printed field of card instance c (its design's row of the table)."""
    return g.tab[side, g.cs[side, c, CS_DESIGN], f]


@njit(cache=True, _nrt=False)
def seed_streams(g: np.void, seed: np.uint64, unit: np.uint64) -> None:
    """Key every stream of one game from (run seed, unit, side, purpose), a hard agent's search key
    among them (sim.core.rng.seed_side_streams)."""
    seed_side_streams(g.rng, seed, unit, np.uint64(0), SIDE_PURPOSES, np.int64(ST_SEARCH))


@njit(cache=True, _nrt=False, inline="always")
def is_character(g: np.void, side: int, c: int) -> bool:
    """Rules E-11, E-13: characters, the Player card and machines with Fuerza and Vital."""
    return field(g, side, c, Field.IS_CHARACTER) != 0


@njit(cache=True, _nrt=False, inline="always")
def rules_of(g: np.void, side: int, c: int) -> int:
    """The Rule bits it bears, its own and its gear's (E-18, E-30)."""
    return field(g, side, c, Field.RULES) | g.cs[side, c, CS_GEAR_RULES]


@njit(cache=True, _nrt=False)
def fuerza_of(g: np.void, side: int, c: int) -> int:
    """Fuerza now: printed, its gear's (E-18), boosts and weakenings this turn, and the passive effects
    of both sides (E-14, E-31), never below 0."""
    f = (field(g, side, c, Field.FUERZA) + g.cs[side, c, CS_GEAR_F] + g.cs[side, c, CS_BOOST]
         + g.ps[side, PS_ALL_F] - g.ps[1 - side, PS_ENEMY_F])
    return max(f, 0)


@njit(cache=True, _nrt=False)
def resistencia_of(g: np.void, side: int, c: int) -> int:
    """Resistencia now: printed, its gear's, its shield and its side's passive effects."""
    return (field(g, side, c, Field.RESISTENCIA) + g.cs[side, c, CS_GEAR_R] + g.cs[side, c, CS_SHIELD]
            + g.ps[side, PS_ALL_R])


@njit(cache=True, _nrt=False, inline="always")  # one caller, vital_of: a library less to optimise
def base_vital_of(g: np.void, side: int, c: int) -> int:
    """Rule E-10: the base ("original") Vital a character gets back: printed plus fuente_vital (E-30)."""
    if c == PLAYER_C:
        return g.ps[side, PS_BASE]
    return field(g, side, c, Field.VITAL) + field(g, side, c, Field.FUENTE) + g.cs[side, c, CS_GEAR_FUENTE]


@njit(cache=True, _nrt=False)
def vital_of(g: np.void, side: int, c: int) -> int:
    """Vital now: the Player card's (E-13), or a character's base less what it paid or lost (E-06)."""
    if c == PLAYER_C:
        return g.ps[side, PS_VITAL]
    return base_vital_of(g, side, c) - g.cs[side, c, CS_LOST]


@njit(cache=True, _nrt=False, inline="always")
def in_play(g: np.void, side: int) -> np.int64:
    """The side's cards on the field that can be characters: Deployment, Magic and Combat Zones."""
    return in_zone(g, side, Zone.DEPLOY) | in_zone(g, side, Zone.MAGIC) | in_zone(g, side, Zone.COMBAT)


@njit(cache=True, _nrt=False)
def characters_in_play(g: np.void, side: int) -> np.int64:
    """The side's characters on the field, the Player card included (E-13)."""
    return in_play(g, side) & g.ps[side, PS_CHARACTER_CARDS]


@njit(cache=True, _nrt=False, inline="always")  # one caller, effects.regenerate: a library less to optimise
def gear_bearers(g: np.void, side: int) -> np.int64:
    """The side's cards that bear a weapon or item (E-18): the only ones whose gear may give them
    anything (a card's CS_GEAR_* columns are its gear's sums, 0 without gear)."""
    out = np.int64(0)
    m = in_zone(g, side, Zone.GEAR)
    while m:
        out |= np.int64(1) << np.int64(g.cs[side, lowest_bit(m), CS_BEARER] - 1)
        m &= m - np.int64(1)
    return out


@njit(cache=True, _nrt=False)
def deployment_used(g: np.void, side: int) -> int:
    """Rule E-20 decision: places of the Deployment Zone taken: its characters and machines wherever
    they stand on the field (a card in the Magic or Combat Zone keeps its place), the Player card not."""
    return bit_count(in_play(g, side) & g.ps[side, PS_UNIT_CARDS] & ~(np.int64(1) << PLAYER_C))


@njit(cache=True, _nrt=False)
def conservation_errors(g: np.void) -> int:
    """Card conservation, for the debug checks: every card is in one zone and the zone masks agree;
    the hand count agrees; the deck order from its top lists exactly the deck; gear has a bearer on
    the field that counts it; the pending list and the Pending Zone agree; the zones' sizes hold
    (E-20); the Player card is on the field while the game goes on. Returns the problems found."""
    cs, ps, par = g.cs, g.ps, g.par
    problems = 0
    for side in range(2):
        problems += zone_mask_problems(cs, ps, side, CS_ZONE, PS_ZONE_MASK, N_ZONES, N_CARDS)
        if bit_count(in_zone(g, side, Zone.HAND)) != ps[side, PS_HAND]:
            problems += 1
        problems += deck_order_problems(cs, ps, side, CS_ZONE, DECK_ZONE, PS_ZONE_MASK, PS_TOP, PS_ORDER,
                                        ps[side, PS_N_DECK], MAX_DECK)
        for c in range(N_CARDS):
            if cs[side, c, CS_ZONE] == Zone.GEAR:
                b = cs[side, c, CS_BEARER] - 1
                if b < 0 or not (in_play(g, side) >> np.int64(b)) & 1:
                    problems += 1
            elif cs[side, c, CS_BEARER] != 0:
                problems += 1
            if cs[side, c, CS_DESIGN] < 0 and cs[side, c, CS_ZONE] != Zone.OUT:
                problems += 1
        for c in range(N_CARDS):
            if (in_play(g, side) >> np.int64(c)) & 1:
                n_w = 0
                n_i = 0
                for k in range(N_CARDS):
                    if cs[side, k, CS_ZONE] == Zone.GEAR and cs[side, k, CS_BEARER] == c + 1:
                        if field(g, side, k, Field.CLASS) == Class.WEAPON:
                            n_w += 1
                        else:
                            n_i += 1
                if n_w != cs[side, c, CS_WEAPONS] or n_i != cs[side, c, CS_ITEMS]:
                    problems += 1
        if deployment_used(g, side) > par[Param.DEPLOYMENT_SLOTS]:
            problems += 1
        if bit_count(in_zone(g, side, Zone.MAGIC)) > par[Param.MAGIC_ZONE_SLOTS]:
            problems += 1
        if not ps[GAME, G_OVER] and not (in_play(g, side) >> np.int64(PLAYER_C)) & 1:
            problems += 1
        pending = np.int64(0)
        for k in range(ps[GAME, G_N_PENDING]):
            if g.pend[k, P_SIDE] == side and g.pend[k, P_EFFECT] < 0:
                pending |= np.int64(1) << np.int64(g.pend[k, P_CARD])
        if pending != in_zone(g, side, Zone.PENDING):
            problems += 1
    return problems

