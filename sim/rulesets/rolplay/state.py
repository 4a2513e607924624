"""Per-game state of rolplay, and the one record every kernel function takes (the house model:
sim/rulesets/fortaleza/state.py says why a record).

- `g.cs[side, card, CS_*]` (int32): each of the 60 card instances of a side's deck (rule R-01): its
  design, its zone, and its state in play (place, damage, boosts, taps, mode, attacks and defenses
  this turn, ability uses, the amulet link). A card is in exactly one zone by construction: its
  zone is one number (card conservation, checked by `conservation_errors`).
- `g.ps[row, PS_*]` (int64): rows 0 and 1 are the players (life, power, counts, the creature
  places, timed effects on their side, the deck order and one bitmask per zone, so a decision
  visits the seven cards in hand rather than all sixty), row GAME holds the turn, the active
  player, the result and the trace cursor.
- `g.seen[side, design]` (int32): the Seen bits behind the card-impact counters, per design.
- `g.rng[stream]` (uint64): the game's random streams (sim.core.rng): a shuffle, an agent and an
  effect stream per side (R-08, R-10: destroy and tap effects pick at random), then each side's
  search key.
- `g.cand`, `g.hits`, `g.order`: an agent's candidates, its attackers' hits and its attack order
  (scratch, no allocation); the figures of the creatures in play that a greedy attack phase weighs
  (`g.fig`, `g.fig_worth`, `g.fig_mask`, which rows hold: `g.fig_kept`, figures.py); a hard
  player's candidates and scores (`g.options`, `g.score`), the
  cards its worlds are dealt from (`g.unseen`, hard.py) and a search's worlds as dealt (`g.kept_*`,
  hard.enter_world); an expert player's tree, the path of its iteration and where its attack
  loop stands (`g.tree`, `g.tree_value`, `g.path`, `g.loop`, expert.py) and a position's features
  (`g.feat`, leaf.py).
- `g.tr`: the trace buffer, written only when `g.ps[GAME, G_TRACED]` is set.
- Constant tables the kernels read but never write, copied in once per workspace: `g.tab[side,
  design, Field]`, `g.w[side, Weight]`, `g.par[Param]`, `g.setup[SETUP_*, side]` and each side's
  search settings `g.search[side, SEARCH_*]`, and the fitted leaf evaluation's coefficients
  (`g.leaf`, leaf.py); and four made from them, `g.ability_worth[side, design]` (greedy's value of a
  design's abilities), `g.card_worth` (of a card not yet in play) and `g.conjure_worth` (of a power
  card to conjure), agents.fill_ability_worth: they depend on the cards and weights only, and greedy
  asks for them at every valuation of a creature, summon or power; and `g.power_cards[side]`, the
  mask of the side's card instances that are power cards (R-08), so the powers and summons phases
  walk the hand's powers, or its other cards, without reading each card's class, and
  `g.ability_cards[side]`, of those that carry an ability (R-10), the cards the abilities phase lists.

References to cards are stored +1 so that 0 means "none" and a zeroed array is a clean state.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import bit_count, lowest_bit, move_card
from sim.core.hand_and_deck import deck_order_problems, zone_mask_problems
from sim.core.records import TRACE_CURSOR, TRACE_ON, TRACE_ROW, TRACE_TURN, game_records
from sim.core.rng import Purpose, seed_side_streams
from sim.core.mcts import MAX_DEPTH, MAX_LEAF, MAX_NODES, N_T, N_V
from sim.core.search import N_SEARCH
from sim.core.turns import GAME_ACTIVE, GAME_FIRST, GAME_OVER
from sim.rulesets.rolplay.constants import (
    MAX_ABILITIES, MAX_EVENTS, N_CARDS, N_DESIGNS, N_FIELDS, N_PARAMS, N_PLACES, N_WEIGHTS, N_ZONES, Class, Field,
    Param, Zone,
)

# cs[side, card, ...]
CS_DESIGN = 0  # the row of tab this instance is a copy of: set once per workspace, kept by every reset
CS_ZONE = 1
CS_PLACE = 2  # a creature's place, 0-6 (rule R-01)
CS_DAMAGE = 3  # damage marked: it stays until the card is destroyed (rule R-12)
CS_ATQ_BOOST = 4  # ATQ gained by effects; lasts as long as the card (rules.md, R-17 decision)
CS_DEF_BOOST = 5
CS_AMULET_DEF = 6  # a creature's DEF from its amulet's holder_def, lost with the amulet
CS_TAP_UNTIL = 7  # tapped by an effect while the turn is below this (R-17 decision); 0: untapped
CS_ENTERED = 8  # turn + 1 when it entered play (R-10, R-11: no ability or attack that turn)
CS_ATTACK_MODE = 9  # 1 in attack mode, 0 in defense mode
CS_ATTACKS = 10  # attacks made this turn
CS_DEFENSES = 11  # defenses made this turn
CS_LINK = 12  # a creature's amulet + 1, an amulet's creature + 1
CS_REVEALED = 13  # 1 for a spell once activated (R-09: shown only then)
CS_USED = 14  # CS_USED + k: turn + 1 of ability k's last use (R-10: a use of any of them turns the card)
CS_USES = CS_USED + MAX_ABILITIES  # CS_USES + k: how many times ability k was used (R-17: its limit)
N_CS = CS_USES + MAX_ABILITIES

# ps[player, ...]
PS_LIFE = 0
PS_POWER = 1  # power left this turn (rule R-08)
PS_TOP = 2  # next deck position to draw
PS_HAND = 3  # cards in hand
PS_CREATURES = 4  # creatures in play
PS_POWERS = 5  # powers in play
PS_AGENT = 6
PS_FORCED = 7  # the forced-draw request (sim.core.forced_draw), 0 for none
PS_DECISIONS = 8  # decisions a hard player has searched this game (keys its worlds, sim.core.search)
PS_UNMYSTIC_UNTIL = 9  # this player's creatures are not mystic while the turn is below this
PS_ALLDEF_UNTIL = 10  # this player's creatures defend as defenders while the turn is below this
PS_ALLDEF_BONUS = 11  # ... with this much more DEF
PS_CARDS_PLAYED = 12
PS_SUMMONED = 13  # creatures summoned this game
PS_SPELL = 14  # the spell in the spell place + 1
PS_CONJURED = 15  # powers conjured this turn
# rule R-20 variant: tap and destroy effects waiting for the start of this player's next turn
PS_PENDING = 16  # PS_PENDING + Do.TAP_CREATURES ... : (count, turns) pairs, see effects.queue
N_PENDING = 10
PS_PLACE = PS_PENDING + N_PENDING  # ps[p, PS_PLACE + k]: the creature in place k + 1, 0 when empty
PS_ORDER = PS_PLACE + N_PLACES  # deck order: ps[p, PS_ORDER + i] is the card at deck position i
DECK_ZONE = int(Zone.DECK)  # a plain int: sim.core's cached checks take no game's enum
PS_ZONE_MASK = PS_ORDER + N_CARDS  # ps[p, PS_ZONE_MASK + zone]: bit c set when card c is in that zone
N_PS = PS_ZONE_MASK + N_ZONES

# ps[GAME, ...]
GAME = TRACE_ROW  # the trace (sim.core.records.record) reads the turn, its cursor and its switch here
G_TURN = TRACE_TURN
G_TRACE_N = TRACE_CURSOR
G_TRACED = TRACE_ON  # 1 when this game writes its events to g.tr
G_ACTIVE = GAME_ACTIVE
G_OVER = GAME_OVER  # 1 once the game has ended
G_WINNER = 5  # 0, 1, or -1 for a draw
G_END = 6
G_FIRST = GAME_FIRST

# setup[row, side]: what the config says about each side (engine.compile)
SETUP_AGENT = 0
SETUP_LIFE = 1  # start_life + life_per_player_level x the deck's level
SETUP_START = 2  # the starting power's instance
SETUP_LEVEL = 3  # the deck's level
N_SETUP = 4

# rng streams of a game: side * 3 + purpose; then each side's search key
SIDE_PURPOSES = (int(Purpose.SHUFFLE), int(Purpose.AGENT), int(Purpose.DICE))  # rng[side * 3 + ST_*]: its purpose
ST_SHUFFLE = 0
ST_AGENT = 1
ST_EFFECT = 2  # random picks of destroy and tap effects
N_PLAY_STREAMS = 6
ST_SEARCH = 6  # rng[ST_SEARCH + side]: the key of the side's hard-agent streams (sim.core.search)
N_STREAMS = 8

N_FIG = 5  # figures.FIG_*: a creature's figures in play
N_FM = 7  # figures.FM_*: masks of the creatures in play
# fig_kept[side, ...]: which rows of the figures table still hold (figures.py)
KEPT_ROWS = 0  # the creatures whose ATQ, defense left and worth in g.fig are their figures now
KEPT_UNMYSTIC = 1  # ... made with the side's unmystic effect on (1) or off (0)
KEPT_BONUS = 2  # ... and with this all_defenders DEF bonus (0: none on)
N_KEPT = 3

MAX_CAND = 64  # candidates an agent weighs at one decision
MAX_OPTIONS = 32  # candidates a hard player searches at one decision (SearchSettings.width is at most 32)
KEPT_WORLDS = 8  # the worlds of a search kept as dealt for its later candidates (the default 8 samples of 1 rollout)

# loop[...]: an expert's attack phase between two of its searched decisions (expert.py)
LOOP_DONE = 0  # mask of the creatures whose turn to attack has come (game.attacks' `done`)
LOOP_ATTACKER = 1  # the creature attacking now, -1 for none
LOOP_REPEATS = 2  # its attacks so far this phase (game.attacks tries at most 8)
N_LOOP = 3

GAME_DTYPE = np.dtype([
    ("tab", np.int32, (2, N_DESIGNS, N_FIELDS)),
    ("par", np.int64, (N_PARAMS,)),
    ("w", np.float64, (2, N_WEIGHTS)),
    ("ability_worth", np.float64, (2, N_DESIGNS)),  # each design's abilities as greedy values them (agents.py)
    ("card_worth", np.float64, (2, N_DESIGNS)),  # each design not yet in play as greedy values it (agents.design_worth)
    ("conjure_worth", np.float64, (2, N_DESIGNS)),  # a power design's value to greedy's choose_power
    ("power_cards", np.int64, (2,)),  # each side's instances that are power cards, a mask (agents.fill_ability_worth)
    ("ability_cards", np.int64, (2,)),  # ... that carry an ability, a mask (agents.fill_ability_worth)
    ("setup", np.int64, (N_SETUP, 2)),
    ("cs", np.int32, (2, N_CARDS, N_CS)),
    ("ps", np.int64, (3, N_PS)),
    ("seen", np.int32, (2, N_DESIGNS)),
    ("rng", np.uint64, (N_STREAMS,)),
    ("cand", np.int64, (MAX_CAND, 3)),
    ("hits", np.float64, (N_PLACES,)),  # greedy's scratch: the other attackers' hits (agents.other_hits)
    ("order", np.int64, (N_PLACES,)),  # greedy's scratch: the attackers in the order they attack (agents.attack_order)
    ("order_worth", np.float64, (N_PLACES,)),  # ... and their worth
    # the figures of the creatures in play through a greedy attack phase (figures.py)
    ("fig", np.int64, (2, N_CARDS, N_FIG)),
    ("fig_worth", np.float64, (2, N_CARDS)),
    ("fig_mask", np.int64, (2, N_FM)),
    ("fig_kept", np.int64, (2, N_KEPT)),
    ("search", np.int64, (2, N_SEARCH)),
    ("options", np.int64, (MAX_OPTIONS,)),  # a hard player's candidates (hard.py): attack-mode masks
    ("score", np.float64, (MAX_OPTIONS,)),  # ... and their summed scores
    ("unseen", np.int64, (N_CARDS,)),  # the cards a world is dealt from (hard.py)
    # a hard player's search's first KEPT_WORLDS worlds as dealt (hard.enter_world): their cards,
    # players and streams as hard.observe made them
    ("kept_cs", np.int32, (KEPT_WORLDS, 2, N_CARDS, N_CS)),
    ("kept_ps", np.int64, (KEPT_WORLDS, 3, N_PS)),
    ("kept_rng", np.uint64, (KEPT_WORLDS, N_STREAMS)),
    ("tree", np.int64, (MAX_NODES, N_T)),  # an expert player's search tree (sim.core.mcts, expert.py)
    ("tree_value", np.float64, (MAX_NODES, N_V)),
    ("path", np.int64, (MAX_DEPTH,)),
    ("loop", np.int64, (N_LOOP,)),  # where an expert's attack phase stands between its decisions (expert.py)
    ("leaf", np.float64, (MAX_LEAF,)),  # the fitted leaf evaluation's coefficients (leaf.py, leaf.json)
    ("feat", np.float64, (MAX_LEAF,)),  # a position's features as the leaf evaluation reads them
    ("tr", np.int32, (MAX_EVENTS, 6)),
], align=True)


def new_workspace(tab: np.ndarray, par: np.ndarray, w: np.ndarray, setup: np.ndarray, search: np.ndarray,
                  designs: np.ndarray, records: int = 2) -> np.ndarray:
    """The records one thread reuses for every game it plays: ws[0] is the game, the `g` the kernels
    take; ws[1] the world a hard player plays its rollouts in (hard.py). Each holds a copy of the
    config's constant tables and each card instance's design (`designs[side, card]`)."""
    ws = game_records(GAME_DTYPE, records, tab=tab, par=par, w=w, setup=setup, search=search)
    ws["cs"][:, :, :, CS_DESIGN] = designs
    return ws


@njit(cache=True, _nrt=False, inline="always")
def move(g: np.void, side: int, c: int, zone: int) -> None:
    """Put card c of `side` in `zone`, keeping the zone bitmasks in step with the zones."""
    move_card(g.cs, g.ps, side, c, zone, CS_ZONE, PS_ZONE_MASK)


@njit(cache=True, _nrt=False)
def figures_changed(g: np.void, side: int, c: int) -> None:
    """side's creature c had its ATQ, a DEF boost, its amulet's DEF or its damage written: its row of
    the figures table is made again at the next table (figures.fill_side). Every writer calls it."""
    g.fig_kept[side, KEPT_ROWS] &= ~(np.int64(1) << c)


@njit(cache=True, _nrt=False)
def forget_figures(g: np.void) -> None:
    """No row of the figures table holds: a record whose cards were written whole (a new game, a
    world entered, an entry point of the other agents)."""
    g.fig_kept[0, KEPT_ROWS] = 0
    g.fig_kept[1, KEPT_ROWS] = 0


@njit(cache=True, _nrt=False, inline="always")
def in_zone(g: np.void, side: int, zone: int) -> np.int64:
    """The bitmask of the side's cards in `zone`."""
    return g.ps[side, PS_ZONE_MASK + zone]


@njit(cache=True, _nrt=False, inline="always")
def design(g: np.void, side: int, c: int) -> int:
    return g.cs[side, c, CS_DESIGN]


@njit(cache=True, _nrt=False, inline="always")
def field(g: np.void, side: int, c: int, f: int) -> int:
    """A printed field of card instance c (its design's row of the table)."""
    return g.tab[side, g.cs[side, c, CS_DESIGN], f]


@njit(cache=True, _nrt=False)
def seed_streams(g: np.void, seed: np.uint64, unit: np.uint64) -> None:
    """Key every stream of one game from (run seed, unit, side, purpose), a hard agent's search key
    among them (sim.core.rng.seed_side_streams)."""
    seed_side_streams(g.rng, seed, unit, np.uint64(0), SIDE_PURPOSES, np.int64(ST_SEARCH))


@njit(cache=True, _nrt=False)
def is_tapped(g: np.void, side: int, c: int) -> bool:
    """Tapped by an effect (rule R-17 decision): until the turn reaches CS_TAP_UNTIL."""
    return g.ps[GAME, G_TURN] < g.cs[side, c, CS_TAP_UNTIL]


@njit(cache=True, _nrt=False)
def atq_of(g: np.void, side: int, c: int) -> int:
    """ATQ now: printed plus what effects gave it (R-17)."""
    return field(g, side, c, Field.ATQ) + g.cs[side, c, CS_ATQ_BOOST]


@njit(cache=True, _nrt=False)
def def_of(g: np.void, side: int, c: int) -> int:
    """DEF now, before damage: defense points (R-18) plus boosts, its amulet's and an all_defenders
    bonus in force on its side (R-17)."""
    cs = g.cs
    d = field(g, side, c, Field.DEF) + cs[side, c, CS_DEF_BOOST] + cs[side, c, CS_AMULET_DEF]
    if g.ps[GAME, G_TURN] < g.ps[side, PS_ALLDEF_UNTIL]:
        d += g.ps[side, PS_ALLDEF_BONUS]
    return d


@njit(cache=True, _nrt=False)
def def_left(g: np.void, side: int, c: int) -> int:
    """Defense left: DEF now less the damage that stays on it (R-12)."""
    return def_of(g, side, c) - g.cs[side, c, CS_DAMAGE]


@njit(cache=True, _nrt=False)
def is_mystic(g: np.void, side: int, c: int) -> bool:
    """Mystic now (R-14), unless an unmystic effect is on its side (R-17)."""
    return field(g, side, c, Field.MYSTIC) != 0 and g.ps[GAME, G_TURN] >= g.ps[side, PS_UNMYSTIC_UNTIL]


@njit(cache=True, _nrt=False)
def is_defender(g: np.void, side: int, c: int) -> bool:
    """A defender (R-14), or defending as one under all_defenders (R-17)."""
    return field(g, side, c, Field.DEFENDER) != 0 or g.ps[GAME, G_TURN] < g.ps[side, PS_ALLDEF_UNTIL]


@njit(cache=True, _nrt=False)
def score_of(g: np.void, side: int) -> int:
    """Rule R-04's score: remaining life + cards on the battlefield (creatures, amulets, powers and
    the spell) + cards left in the deck + the base ATQ of the highest-level creature in play (the
    higher base ATQ among equals; 0 with no creature)."""
    ps = g.ps
    on_field = 0
    for zone in (Zone.POWER, Zone.CREATURE, Zone.AMULET, Zone.SPELL):
        m = ps[side, PS_ZONE_MASK + zone]
        while m:
            on_field += 1
            m &= m - np.int64(1)
    best_level = -1
    best_atq = 0
    m = ps[side, PS_ZONE_MASK + Zone.CREATURE]
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        level = field(g, side, c, Field.LEVEL)
        atq = field(g, side, c, Field.ATQ)
        if level > best_level or (level == best_level and atq > best_atq):
            best_level = level
            best_atq = atq
    return max(ps[side, PS_LIFE], 0) + on_field + (N_CARDS - ps[side, PS_TOP]) + best_atq


@njit(cache=True, _nrt=False)
def conservation_errors(g: np.void) -> int:
    """Card conservation, for the debug checks: every card is in one zone and the zone masks agree
    with the zones; the hand, creature and power counts agree; each place holds a creature whose
    place it is, and each creature sits in one place; amulets and their creatures point at each
    other; at most one spell; the deck order from its top lists exactly the cards in the deck, each
    once. Returns the number of problems found (0 in a sound state)."""
    cs, ps = g.cs, g.ps
    problems = 0
    for side in range(2):
        problems += zone_mask_problems(cs, ps, side, CS_ZONE, PS_ZONE_MASK, N_ZONES, N_CARDS)
        hand = bit_count(ps[side, PS_ZONE_MASK + Zone.HAND])
        creatures = bit_count(ps[side, PS_ZONE_MASK + Zone.CREATURE])
        if hand != ps[side, PS_HAND] or creatures != ps[side, PS_CREATURES]:
            problems += 1
        if bit_count(ps[side, PS_ZONE_MASK + Zone.POWER]) != ps[side, PS_POWERS]:
            problems += 1
        if bit_count(ps[side, PS_ZONE_MASK + Zone.SPELL]) > 1 or hand > g.par[Param.HAND_MAX]:
            problems += 1
        for c in range(N_CARDS):
            z = cs[side, c, CS_ZONE]
            klass = field(g, side, c, Field.CLASS)
            if z == Zone.CREATURE:
                if klass != Class.CREATURE or ps[side, PS_PLACE + cs[side, c, CS_PLACE]] != c + 1:
                    problems += 1
                a = cs[side, c, CS_LINK] - 1
                if a >= 0 and (cs[side, a, CS_ZONE] != Zone.AMULET or cs[side, a, CS_LINK] != c + 1):
                    problems += 1
            elif z == Zone.AMULET:
                holder = cs[side, c, CS_LINK] - 1
                if klass != Class.AMULET or holder < 0 or cs[side, holder, CS_ZONE] != Zone.CREATURE:
                    problems += 1
            elif z == Zone.POWER and klass != Class.POWER:
                problems += 1
            elif z == Zone.SPELL and (klass != Class.SPELL or ps[side, PS_SPELL] != c + 1):
                problems += 1
        for k in range(N_PLACES):
            c = ps[side, PS_PLACE + k] - 1
            if c >= 0 and (cs[side, c, CS_ZONE] != Zone.CREATURE or cs[side, c, CS_PLACE] != k):
                problems += 1
        problems += deck_order_problems(cs, ps, side, CS_ZONE, DECK_ZONE, PS_ZONE_MASK, PS_TOP, PS_ORDER, N_CARDS,
                                        N_CARDS)
    return problems
