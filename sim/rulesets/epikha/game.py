"""One game of epikha: the set-up (rule E-16) and the four phases of a turn (E-17: Start, Deployment,
Combat, Regroup) with their spell windows (E-22), the agents' choices (agents.py) applied through
what legal.py allows. The batch kernel and the trace (kernels.py) play whole games; a hard player's
attackers are searched (hard.py) with the same phases."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.forced_draw import force_card
from sim.core.hand_and_deck import shuffle_order
from sim.core.records import record
from sim.rulesets.epikha.agents import (  # noqa: F401 (DEPLOY: scenario.py reads the step kinds here)
    ATTACH, CAST, DEPLOY, RAISE, STOP, TO_MAGIC, best_move, choose_attackers, choose_blocker, greedy_window_action,
    is_random, matter_kind, may_step, next_deployment_from, pick, random_window_action, spells_that_may_matter,
    start_target, wants_mulligan,
)
from sim.rulesets.epikha.combat import combat_damage, declare_attacker, declare_blocker, return_from_combat
from sim.rulesets.epikha.constants import (
    MAX_DECK, N_CARDS, PLAYER_C, GEAR_C, Class, Do, End, Event, Field, Param, Seen, Window, Zone,
)
from sim.rulesets.epikha.effects import attach, draw_card, end_game, refresh_passives
from sim.rulesets.epikha.legal import blockers, may_attack, may_block, may_raise
from sim.rulesets.epikha.spells import add_pending, cast, may_cast, raise_level, resolve_pending
from sim.rulesets.epikha.state import (
    CS_BOOST, CS_ENTERED, CS_LOST, CS_SHIELD, CS_ZONE, G_ACTIVE, G_BOOSTED, G_CHAIN, G_FIRST, G_N_PENDING, G_OVER,
    G_TURN, G_WINDOW, GAME, N_MATTER_KINDS, P_EFFECT, P_SIDE, PS_ABILITY, PS_BASE, PS_CARDS_SORTED, PS_CHARACTER_CARDS,
    PS_DECK_CARDS, PS_FORCED, PS_HAND, PS_MACHINE_CARDS, PS_MATTERS, PS_N_DECK, PS_ORDER, PS_OUT_CARDS,
    PS_PASSIVE_CARDS, PS_REGEN_CARDS, PS_SPELL_CARDS, PS_SPELL_LEVEL, PS_SPENT, PS_TOP, PS_UNIT_CARDS, PS_VITAL,
    PS_ZONE_MASK, SETUP_ABILITIES, SETUP_N_ABILITIES, SETUP_N_DECK, SETUP_VITAL, ST_SHUFFLE, field, fuerza_of,
    in_play, in_zone, is_character, lowest_bit, move,
)

MAX_STEPS = 24  # deployment steps a phase takes at most (a guard: a hand holds at most hand_max cards)
MAX_WINDOW_ACTIONS = 64  # actions of one spell window at most (a guard: each costs Vital)


@njit(cache=True, _nrt=False)
def shuffle_deck(g: np.void, p: int) -> None:
    """Rule E-16: the deck's cards shuffled (Fisher-Yates on p's shuffle stream), top first in
    ps[p, PS_ORDER:], then the forced-draw request applied (sim.core.forced_draw)."""
    ps = g.ps
    n = 0
    m = in_zone(g, p, Zone.DECK)
    while m:  # by instance, in the order a walk of the deck's slots lists them
        ps[p, PS_ORDER + n] = lowest_bit(m)
        m &= m - np.int64(1)
        n += 1
    shuffle_order(ps[p], PS_ORDER, n, g.rng, p * 2 + ST_SHUFFLE)
    ps[p, PS_TOP] = ps[p, PS_N_DECK] - n
    if ps[p, PS_TOP] != 0:  # the deck is rebuilt from the top: move the order to its slots
        for i in range(n - 1, -1, -1):
            ps[p, PS_ORDER + ps[p, PS_TOP] + i] = ps[p, PS_ORDER + i]
    code = ps[p, PS_FORCED]
    if code != 0:  # the request names a design: the first of its copies in the deck moves
        want = abs(code) - 1
        for i in range(ps[p, PS_TOP], ps[p, PS_N_DECK]):
            c = ps[p, PS_ORDER + i]
            if g.cs[p, c, 0] == want:
                force_card(ps[p], PS_ORDER + ps[p, PS_TOP], n, np.int64(c + 1) * (1 if code > 0 else -1))
                break


@njit(cache=True, _nrt=False, inline="always")  # one caller, setup_side: a library less to optimise
def sort_cards(g: np.void, p: int) -> None:
    """p's instances sorted into the masks of state.PS_KEPT: spells (and by what they need to
    matter), characters, units, machines, passive cards, those that print regeneracion, the deck's instances
    and the unused slots. They depend only on the workspace's cards, so setup_side asks for them
    in its first game only."""
    ps, cs = g.ps, g.cs
    spells = characters = units = machines = passives = deck = out = regen = np.int64(0)
    ps[p, PS_MATTERS:PS_MATTERS + N_MATTER_KINDS] = 0
    for c in range(N_CARDS):
        bit = np.int64(1) << c
        if cs[p, c, 0] < 0:
            out |= bit
            continue
        klass = field(g, p, c, Field.CLASS)
        if c < MAX_DECK:
            deck |= bit
            if klass == Class.SPELL or klass == Class.CONTINUOUS:
                spells |= bit
                ps[p, PS_MATTERS + matter_kind(g, p, c)] |= bit
        if is_character(g, p, c):
            characters |= bit
        if field(g, p, c, Field.REGEN) > 0:
            regen |= bit
        if klass == Class.CHARACTER or klass == Class.MACHINE:
            units |= bit
        if klass == Class.MACHINE:
            machines |= bit
        if (klass == Class.CONTINUOUS or klass == Class.MACHINE) and field(g, p, c, Field.N_PASSIVE) > 0:
            passives |= bit
    ps[p, PS_SPELL_CARDS] = spells
    ps[p, PS_CHARACTER_CARDS] = characters
    ps[p, PS_UNIT_CARDS] = units
    ps[p, PS_MACHINE_CARDS] = machines
    ps[p, PS_PASSIVE_CARDS] = passives
    ps[p, PS_DECK_CARDS] = deck
    ps[p, PS_OUT_CARDS] = out
    ps[p, PS_REGEN_CARDS] = regen
    ps[p, PS_CARDS_SORTED] = 1


@njit(cache=True, _nrt=False, inline="always")  # one caller, setup_game: a library less to optimise
def setup_side(g: np.void, p: int) -> None:
    """Rules E-13, E-14, E-16: the deck's cards in the deck, the Player card in the Deployment Zone
    with its base Vital (the printed Vital less its Player Abilities), its set-up gear attached and
    paid from its Vital (E-21)."""
    ps, cs = g.ps, g.cs
    n_deck = g.setup[SETUP_N_DECK, p]
    ps[p, PS_N_DECK] = n_deck
    if ps[p, PS_CARDS_SORTED] == 0:
        sort_cards(g, p)
    # the reset record has every card in zone 0, the Deck, and every zone mask empty: the deck's
    # instances are put in the Deck by their mask, the unused slots out
    ps[p, PS_ZONE_MASK + Zone.DECK] = ps[p, PS_DECK_CARDS]
    ps[p, PS_ZONE_MASK + Zone.OUT] = ps[p, PS_OUT_CARDS]
    m = ps[p, PS_OUT_CARDS]
    while m:
        cs[p, lowest_bit(m), CS_ZONE] = Zone.OUT
        m &= m - np.int64(1)
    ps[p, PS_VITAL] = g.setup[SETUP_VITAL, p]
    ps[p, PS_BASE] = g.setup[SETUP_VITAL, p]
    move(g, p, PLAYER_C, Zone.DEPLOY)
    for d in range(g.cs[p, PLAYER_C, 0]):  # the deck's designs come before the Player card's
        g.seen[p, d] |= Seen.IN_DECK
    if cs[p, GEAR_C, 0] >= 0:
        ps[p, PS_VITAL] -= field(g, p, GEAR_C, Field.COST)
        attach(g, p, np.int64(GEAR_C), np.int64(PLAYER_C))  # numbers, not literals: attach compiles once
        g.seen[p, cs[p, GEAR_C, 0]] |= Seen.PLAYED
    shuffle_deck(g, p)


@njit(cache=True, _nrt=False)
def draw_opening(g: np.void, p: int) -> None:
    for _ in range(g.par[Param.OPENING_HAND]):
        draw_card(g, p)


@njit(cache=True, _nrt=False, inline="always")  # one caller, setup_game: a library less to optimise
def mulligan(g: np.void, p: int) -> None:
    """Rule E-16: the hand goes back, the deck is shuffled again and 7 are drawn (kept)."""
    m = in_zone(g, p, Zone.HAND)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        move(g, p, c, Zone.DECK)
        g.seen[p, g.cs[p, c, 0]] &= ~np.int32(Seen.OPENING)
    g.ps[p, PS_HAND] = 0
    record(g, p, Event.MULLIGAN, 0, 0, 0)
    shuffle_deck(g, p)
    draw_opening(g, p)


@njit(cache=True, _nrt=False)
def setup_game(g: np.void, first: int) -> None:
    """Rule E-16: both sides set up, each draws 7 and may return them `mulligans` times (the first
    player decides first); `first` takes the first turn (the experiment's seating)."""
    ps = g.ps
    ps[GAME, G_FIRST] = first
    ps[GAME, G_TURN] = -1  # set-up: draws are the opening hand
    ps[GAME, G_WINDOW] = -1
    record(g, first, Event.START, 0, 0, 0)
    for p in range(2):
        setup_side(g, p)
    for k in range(2):
        p = (first + k) % 2
        draw_opening(g, p)
        for _ in range(g.par[Param.MULLIGANS]):
            if not wants_mulligan(g, p):
                break
            mulligan(g, p)
    ps[GAME, G_TURN] = 0


@njit(cache=True, _nrt=False, inline="always")  # one caller, spell_window: a library less to optimise
def has_pending(g: np.void, p: int) -> bool:
    """Whether p has a spell pending (one it might raise, E-04)."""
    for k in range(g.ps[GAME, G_N_PENDING]):
        if g.pend[k, P_SIDE] == p and g.pend[k, P_EFFECT] < 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def window_opens(g: np.void, window: int) -> bool:
    """Whether spell_window has anything to do: a window `spell_windows` leaves out does not open,
    nor one once the game is over; one where neither player holds a spell and none is pending closes
    at once (both could only pass). Its callers ask it before calling: about half of a greedy game's
    windows close so, and a call into spell_window first zeroes its large frame (docs/engine.md,
    "Epikha, a tenth round")."""
    ps = g.ps
    if not (g.par[Param.SPELL_WINDOWS] >> window) & 1 or ps[GAME, G_OVER]:
        return False
    return not (ps[GAME, G_N_PENDING] == 0 and in_zone(g, 0, Zone.HAND) & ps[0, PS_SPELL_CARDS] == 0
                and in_zone(g, 1, Zone.HAND) & ps[1, PS_SPELL_CARDS] == 0)


@njit(cache=True, _nrt=False)
def spell_window(g: np.void, window: int) -> None:
    """Rule E-22: the players act in turn, the active player first, each action a spell cast
    (E-02) or a raise (E-04); two passes in a row close the window, and its pending spells resolve
    by level (E-03). A window that does not open or closes at once does nothing (window_opens)."""
    ps = g.ps
    if not window_opens(g, window):
        return
    ps[GAME, G_WINDOW] = window
    actor = ps[GAME, G_ACTIVE]
    passes = 0
    steps = 0
    while passes < 2 and steps < MAX_WINDOW_ACTIONS and not ps[GAME, G_OVER]:
        acted = False
        spells = in_zone(g, actor, Zone.HAND) & ps[actor, PS_SPELL_CARDS]
        if spells == 0 and not has_pending(g, actor):
            passes += 1  # nothing to cast and nothing to raise: it can only pass (no agent asked)
            actor = 1 - actor
            steps += 1
            continue
        if is_random(g, actor):
            kind, x, payer, target = random_window_action(g, actor)
        else:
            may = spells & spells_that_may_matter(g, actor, window)
            if ps[GAME, G_N_PENDING] == 0 and may == 0:
                passes += 1  # greedy with nothing to raise and no spell that may matter passes (choose_window_action)
                actor = 1 - actor
                steps += 1
                continue
            kind, x, payer, target = greedy_window_action(g, actor, window, may)
        if kind == CAST and may_cast(g, actor, x, payer):
            tside = target // 64 if target >= 0 else -1
            tcard = target % 64 if target >= 0 else -1
            cast(g, actor, x, payer, tside, tcard)
            acted = True
        elif kind == RAISE and may_raise(g, actor, x):
            raise_level(g, x)
            acted = True
        passes = 0 if acted else passes + 1
        actor = 1 - actor
        steps += 1
    resolved = 0
    if ps[GAME, G_N_PENDING] > 0:  # most windows close with nothing cast: no call to resolve nothing
        resolved = resolve_pending(g)
    else:
        ps[GAME, G_CHAIN] = 0  # as resolve_pending leaves it
    record(g, ps[GAME, G_ACTIVE], Event.PASS_WINDOW, window, resolved, 0)
    ps[GAME, G_WINDOW] = -1


# compiled into open_window's five places: its 29.6 calls a game each paid a frame (docs/engine.md,
# "Epikha, an eighteenth round")
@njit(cache=True, _nrt=False, inline="always")
def asks_no_agent(g: np.void, window: int) -> bool:
    """Whether spell_window, opened now, would close without asking an agent: nothing is pending, and
    each player holds no spell, or is greedy and holds none that may matter in `window`
    (spells_that_may_matter): then each passes in turn without a choice (E-22), as spell_window's
    loop passes them, and nothing moves."""
    ps = g.ps
    if ps[GAME, G_N_PENDING] != 0:
        return False
    for p in range(2):
        spells = in_zone(g, p, Zone.HAND) & ps[p, PS_SPELL_CARDS]
        if spells != 0 and (is_random(g, p) or spells & spells_that_may_matter(g, p, window) != 0):
            return False
    return True


@njit(cache=True, _nrt=False, inline="always")  # five callers, each a test and a call: no frame of its own
def open_window(g: np.void, window: int) -> None:
    """Rule E-22: the turn's window `window` where it opens (window_opens). One where no agent would
    be asked (asks_no_agent: most of a greedy game's) is closed here as spell_window closes it, with
    nothing resolved, without a call into spell_window, whose large frame costs more than the test
    (docs/engine.md, "Epikha, a seventeenth round")."""
    if not window_opens(g, window):
        return
    if asks_no_agent(g, window):
        g.ps[GAME, G_CHAIN] = 0  # as spell_window leaves it
        record(g, g.ps[GAME, G_ACTIVE], Event.PASS_WINDOW, window, 0, 0)
        return
    spell_window(g, window)


@njit(cache=True, _nrt=False, inline="always")  # one caller, start_phase: a library less to optimise
def pend_start_effects(g: np.void, p: int) -> None:
    """Rules E-03, E-17: each of p's continuous spells in the Magic Zone puts its on_start effects on
    the pending list at its level (raised by p's spell_level passives), each with its target."""
    m = in_zone(g, p, Zone.MAGIC)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if field(g, p, c, Field.CLASS) != Class.CONTINUOUS:
            continue
        for k in range(field(g, p, c, Field.N_START)):
            level = min(field(g, p, c, Field.LEVEL) + g.ps[p, PS_SPELL_LEVEL], g.par[Param.MAX_SPELL_LEVEL])
            t = start_target(g, p, c, k)
            if t == -2:
                continue
            add_pending(g, p, c, np.int64(-1), level, t // 64 if t >= 0 else -1, t % 64 if t >= 0 else -1, np.int64(k))
            record(g, p, Event.PENDING_START, g.cs[p, c, 0], level, 0)


@njit(cache=True, _nrt=False)
def start_phase(g: np.void) -> None:
    """Rule E-17, Start: the active player's characters get their base Vital back and lose their
    shields (E-10, E-31); its Magic Zone cards but continuous spells return to the Deployment Zone;
    it draws (E-32, E-33); its continuous spells' on_start effects become pending; the Start window."""
    ps, cs = g.ps, g.cs
    p = ps[GAME, G_ACTIVE]
    m = in_play(g, p)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        cs[p, c, CS_LOST] = 0  # rule E-10 (the Player card's Vital lives in ps and never comes back, E-06)
        cs[p, c, CS_SHIELD] = 0
    # the passive effects in force change here only when the Player Ability was (E-14): the cards that
    # return are characters and machines, in play before and after (effects.refresh_passives)
    ability_ends = ps[p, PS_ABILITY] > 0 and cs[p, PLAYER_C, CS_ZONE] == Zone.MAGIC
    m = in_zone(g, p, Zone.MAGIC)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if field(g, p, c, Field.CLASS) != Class.CONTINUOUS:
            move(g, p, c, Zone.DEPLOY)
    ps[p, PS_ABILITY] = 0
    if ability_ends:
        refresh_passives(g)
    ps[p, PS_SPENT] = 0
    record(g, p, Event.TURN, ps[p, PS_VITAL], ps[p, PS_N_DECK] - ps[p, PS_TOP], ps[1 - p, PS_VITAL])
    if ps[GAME, G_TURN] > 0 or g.par[Param.FIRST_PLAYER_DRAWS]:
        for _ in range(g.par[Param.DRAWS_PER_TURN]):
            if not ps[GAME, G_OVER]:
                draw_card(g, p)
    if ps[GAME, G_OVER]:
        return
    pend_start_effects(g, p)
    open_window(g, Window.START)


@njit(cache=True, _nrt=False, inline="always")  # one caller, deploy_step: a library less to optimise
def choose_ability(g: np.void, p: int) -> None:
    """Rule E-14: the Player Ability in use, named as the Player card moves into the Magic Zone:
    greedy takes the first the deck lists, random one at random."""
    n = g.setup[SETUP_N_ABILITIES, p]
    if n == 0:
        return
    k = pick(g, p, n) if is_random(g, p) else 0
    g.ps[p, PS_ABILITY] = g.setup[SETUP_ABILITIES, p] + k + 1


@njit(cache=True, _nrt=False, inline="always")  # one caller, deploy_step: a library less to optimise
def on_enter(g: np.void, p: int, c: int) -> None:
    """Rule E-31: a character's or machine's on_enter effects (heal, draw)."""
    row = g.tab[p, g.cs[p, c, 0]]
    for k in range(row[Field.N_ENTER]):
        do = row[Field.ENTER + 2 * k]
        n = row[Field.ENTER + 2 * k + 1]
        if do == Do.DRAW:
            for _ in range(n):
                if not g.ps[GAME, G_OVER]:
                    draw_card(g, p)
        elif do == Do.HEAL:
            gained = max(0, min(n, g.ps[p, PS_BASE] - g.ps[p, PS_VITAL]))
            g.ps[p, PS_VITAL] += gained
            record(g, p, Event.HEAL, gained, g.ps[p, PS_VITAL], 0)


# compiled into deploy_steps, its caller in play: 29.6 steps a game each paid a call and a frame
# (docs/engine.md, "Epikha, an eighteenth round"); the expert's and the scenarios' calls take a copy
@njit(cache=True, _nrt=False, inline="always")
def deploy_step(g: np.void, p: int, kind: int, c: int, b: int) -> None:
    """One step of the Deployment or Regroup phase, checked legal by the caller: a character or
    machine put into the Deployment Zone, or a weapon or item attached, paid from the Player card's
    Vital as direct damage (E-11, E-21); or a card moved into the Magic Zone (E-24)."""
    ps = g.ps
    if kind == TO_MAGIC:
        move(g, p, c, Zone.MAGIC)
        # only the Player card's move changes the passive effects in force (its Ability, E-14): another
        # card moves from the Deployment Zone (E-24), in play before and after (effects.refresh_passives)
        if c == PLAYER_C:
            choose_ability(g, p)
            refresh_passives(g)
        record(g, p, Event.TO_MAGIC, g.cs[p, c, 0], 0, 0)
        return
    cost = field(g, p, c, Field.COST)
    ps[p, PS_VITAL] -= cost
    ps[p, PS_SPENT] += cost
    ps[p, PS_HAND] -= 1
    g.seen[p, g.cs[p, c, 0]] |= Seen.PLAYED
    if kind == ATTACH:
        attach(g, p, c, b)
        record(g, p, Event.ATTACH, g.cs[p, c, 0], g.cs[p, b, 0], cost)
        return
    move(g, p, c, Zone.DEPLOY)
    g.cs[p, c, CS_ENTERED] = ps[GAME, G_TURN] + 1
    if field(g, p, c, Field.CLASS) == Class.MACHINE:
        record(g, p, Event.MACHINE, g.cs[p, c, 0], cost, ps[p, PS_VITAL])
        if (ps[p, PS_PASSIVE_CARDS] >> c) & 1:  # a machine without passive effects adds none (E-31)
            refresh_passives(g)
    else:
        record(g, p, Event.DEPLOY, g.cs[p, c, 0], cost, ps[p, PS_VITAL])
    on_enter(g, p, c)


@njit(cache=True, _nrt=False)
def deploy_steps(g: np.void, p: int, window: int) -> None:
    """The agent's deployment steps until it stops (Deployment: E-21, E-24, E-29; Regroup: machines
    and moves into the Magic Zone, E-11, E-28)."""
    # numbers, not literals: typing the loop's first pass with literals compiled next_deployment_from
    # once more for them (docs/engine.md, "Epikha's cold compile")
    hand_best, hand_value, hand_known = (np.int64(STOP), np.int64(-1), np.int64(-1)), 0.0, np.bool_(False)
    for _ in range(MAX_STEPS):
        if g.ps[GAME, G_OVER]:
            return
        step, hand_best, hand_value, walked = next_deployment_from(g, p, window, hand_best, hand_value, hand_known)
        kind, c, b = step
        if kind == STOP:
            return
        # a step of the greedy walk was asked its legality there (agents.best_hand_step, best_move), or kept
        # from the walk before over a move, which changes no hand step's legality: only a listed step is asked
        if not walked and not may_step(g, p, kind, c, b, window):
            return
        deploy_step(g, p, kind, c, b)
        hand_known = walked and kind == TO_MAGIC  # a move leaves the hand's steps as they were


@njit(cache=True, _nrt=False)
def phases_before_combat(g: np.void) -> None:
    """Start and Deployment (E-17) with their windows."""
    p = g.ps[GAME, G_ACTIVE]
    start_phase(g)
    if g.ps[GAME, G_OVER]:
        return
    deploy_steps(g, p, Window.DEPLOYMENT)
    open_window(g, Window.DEPLOYMENT)


@njit(cache=True, _nrt=False)
def incoming_fuerza(g: np.void, p: int) -> int:
    """The Fuerza of p's attackers in the Combat Zone: what would reach the defender unblocked."""
    incoming = 0
    m = in_zone(g, p, Zone.COMBAT)
    while m:
        a = lowest_bit(m)
        m &= m - np.int64(1)
        incoming += fuerza_of(g, p, a)
    return incoming


@njit(cache=True, _nrt=False)
def next_to_block(g: np.void, p: int, done: np.int64) -> int:
    """Rule E-26: the attacker of p the defender answers next, the strongest of those not `done`
    (the first on a tie), -1 when none is left."""
    best, best_f = -1, -1
    m = in_zone(g, p, Zone.COMBAT) & ~done
    while m:
        a = lowest_bit(m)
        m &= m - np.int64(1)
        if fuerza_of(g, p, a) > best_f:
            best, best_f = a, fuerza_of(g, p, a)
    return best


@njit(cache=True, _nrt=False)
def free_blockers(g: np.void, q: int) -> np.int64:
    """q's cards in the Deployment Zone that may block now (E-26)."""
    return blockers(g, q)


@njit(cache=True, _nrt=False)
def block(g: np.void, q: int, a: int, b: int, incoming: int) -> int:
    """q blocks attacker a with b (-1: lets it through) when b may block; returns the Fuerza still
    coming at q's Player card unblocked."""
    if b >= 0 and may_block(g, q, b):
        incoming -= fuerza_of(g, 1 - q, a)
        declare_blocker(g, q, b, a)
    return incoming


@njit(cache=True, _nrt=False)
def declare_blocks_from(g: np.void, q: int, done: np.int64, incoming: int) -> None:
    """Rule E-26: the defender's blockers, attacker by attacker, the strongest attacker first, from
    the attackers `done` already answered on (`incoming`: the Fuerza still unblocked); the defender's
    agent chooses each (an expert defender's search plays the rest of its blocks greedily here)."""
    blocks_among(g, q, done, incoming, free_blockers(g, q))


@njit(cache=True, _nrt=False)
def blocks_among(g: np.void, q: int, done: np.int64, incoming: int, free: np.int64) -> None:
    """declare_blocks_from with q's blockers free now (free_blockers) given."""
    p = 1 - q
    # with no blocker free the attackers left are only marked answered: nothing to do (most attacks)
    while free:
        a = next_to_block(g, p, done)
        if a < 0:
            return
        done |= np.int64(1) << a
        b = choose_blocker(g, q, a, free, incoming)
        # b is -1 or one of `free`, which may block (block's question, not asked again): it stands in the
        # Combat Zone now, and a block changes no other card's freedom (E-26)
        if b >= 0:
            incoming -= fuerza_of(g, p, a)
            declare_blocker(g, q, b, a)
            free &= ~(np.int64(1) << b)


@njit(cache=True, _nrt=False)
def declare_blocks(g: np.void, q: int) -> None:
    """Rule E-26: the defender's blockers, attacker by attacker, the strongest attacker first."""
    free = free_blockers(g, q)
    if free:  # most attacks meet no free blocker: the attackers' Fuerza is summed only for a choice
        blocks_among(g, q, np.int64(0), incoming_fuerza(g, 1 - q), free)


@njit(cache=True, _nrt=False)
def declare_attack(g: np.void, attackers: np.int64) -> int:
    """Rule E-25: the active player's attackers of the mask that may attack, at most `combat_slots`,
    into the Combat Zone; returns how many."""
    p = g.ps[GAME, G_ACTIVE]
    n = 0
    m = attackers
    while m and n < g.par[Param.COMBAT_SLOTS]:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if may_attack(g, p, c):
            declare_attacker(g, p, c)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def declare_chosen_attack(g: np.void, attackers: np.int64) -> int:
    """declare_attack for attackers agents.choose_attackers chose: each may attack (E-25) when it is
    chosen, at most `combat_slots` of them, the active player's Combat Zone empty (Regroup returned
    it, E-28), and declaring one moves no other card: may_attack holds for each in turn (the Combat
    Zone holds the ones declared before it, fewer than the slots), so none is asked again. Returns
    how many."""
    p = g.ps[GAME, G_ACTIVE]
    n = 0
    m = attackers
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        declare_attacker(g, p, c)
        n += 1
    return n


@njit(cache=True, _nrt=False)
def after_blocks(g: np.void, n_attackers: int) -> None:
    """The rest of the turn once the blocks are declared: the Block window and the damage (E-27)
    when anyone attacked, then Regroup (E-28)."""
    if n_attackers > 0:
        open_window(g, Window.BLOCK)
        if not g.ps[GAME, G_OVER]:
            combat_damage(g, g.ps[GAME, G_ACTIVE])
    if g.ps[GAME, G_OVER]:
        return
    regroup(g, g.ps[GAME, G_ACTIVE])


@njit(cache=True, _nrt=False)
def combat_and_regroup(g: np.void, attackers: np.int64) -> None:
    """Combat (E-25 to E-27) with the attackers chosen, its windows, then Regroup (E-28)."""
    combat_declared(g, declare_attack(g, attackers))


@njit(cache=True, _nrt=False)
def combat_of_chosen(g: np.void, attackers: np.int64) -> None:
    """combat_and_regroup with the attackers choose_attackers chose (declare_chosen_attack): the
    build without search's turn (kernels.turn_without_search), where nothing else picks them."""
    combat_declared(g, declare_chosen_attack(g, attackers))


@njit(cache=True, _nrt=False, inline="always")  # into its two callers above, each compiled once
def combat_declared(g: np.void, n: int) -> None:
    """The combat after its `n` attackers are declared: the attack's window, the blocks (E-26), then
    after_blocks (damage, E-27, and Regroup, E-28)."""
    if n > 0:
        open_window(g, Window.ATTACK)
        if not g.ps[GAME, G_OVER]:
            declare_blocks(g, 1 - g.ps[GAME, G_ACTIVE])
    after_blocks(g, n)


@njit(cache=True, _nrt=False, inline="always")  # one caller, after_blocks: a library less to optimise
def regroup(g: np.void, p: int) -> None:
    """Rule E-28: attackers and blockers return; machines and moves into the Magic Zone; the Regroup
    window; the turn's boosts and weakenings end; the hand is discarded down to `hand_max` (greedy
    lets the costliest go, random any)."""
    ps, cs = g.ps, g.cs
    return_from_combat(g)
    # a greedy player's Regroup steps are machines from its hand and moves into the Magic Zone (E-11,
    # E-24): with no machine in hand and no move best_move keeps, its first step is to stop, and the
    # phase is over without a walk (most Regroup phases: the Deployment phase made the moves)
    if (is_random(g, p) or in_zone(g, p, Zone.HAND) & ps[p, PS_MACHINE_CARDS] != 0
            or best_move(g, p, (np.int64(STOP), np.int64(-1), np.int64(-1)), 0.0)[0] != STOP):
        deploy_steps(g, p, Window.REGROUP)
    open_window(g, Window.REGROUP)
    if ps[GAME, G_OVER]:
        return
    # boosts and weakenings reach only cards in play, and a card leaves play destroyed, its state
    # cleared (effects.destroy): only cards in play may hold one; and only after one was written
    # (G_BOOSTED, effects.apply_effect: in few turns of a game)
    if ps[GAME, G_BOOSTED]:
        for side in range(2):
            m = in_play(g, side)
            while m:
                c = lowest_bit(m)
                m &= m - np.int64(1)
                cs[side, c, CS_BOOST] = 0
        ps[GAME, G_BOOSTED] = 0
    while ps[p, PS_HAND] > g.par[Param.HAND_MAX]:
        hand = in_zone(g, p, Zone.HAND)
        best, best_cost = lowest_bit(hand), -1
        if is_random(g, p):
            k = pick(g, p, ps[p, PS_HAND])
            for _ in range(k):
                hand &= hand - np.int64(1)
            best = lowest_bit(hand)
        else:
            while hand:
                c = lowest_bit(hand)
                hand &= hand - np.int64(1)
                if field(g, p, c, Field.COST) > best_cost:
                    best, best_cost = c, field(g, p, c, Field.COST)
        move(g, p, best, Zone.DISCARD)
        ps[p, PS_HAND] -= 1
        record(g, p, Event.TO_DISCARD, cs[p, best, 0], 1, 0)


@njit(cache=True, _nrt=False, inline="always")
def play_turn_with(g: np.void, before_combat, combat) -> None:
    """The active player's turn: the four phases of E-17 with the agents' attackers, the phases by
    `before_combat(g)` (phases_before_combat) and `combat(g, attackers)` (combat_and_regroup). The
    build without search hands it inlined copies of the two (kernels.turn_without_search)."""
    before_combat(g)
    if g.ps[GAME, G_OVER]:
        return
    combat(g, choose_attackers(g, g.ps[GAME, G_ACTIVE]))


@njit(cache=True, _nrt=False)
def play_turn(g: np.void) -> None:
    """The active player's turn (play_turn_with): the one library the searches' turns and rollouts call."""
    play_turn_with(g, phases_before_combat, combat_and_regroup)


@njit(cache=True, _nrt=False)
def end_by_cap(g: np.void) -> None:
    """Rule E-34: after `turn_cap` turns the game is a draw."""
    end_game(g, np.int64(-1), End.TURN_CAP)

