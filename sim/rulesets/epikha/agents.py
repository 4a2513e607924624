"""The epikha agents: `random` (uniform over what legal.py allows at each choice) and `greedy` (a
one-step evaluation with weights a sweep can tune, constants.Weight). A hard player (hard.py) makes
every choice but its attackers as greedy does.

What an agent reads (invariant 5): its own hand, the public zones of both sides (Deployment, Magic,
Combat, Discard, gear, the pending list), Vital, and counts; never the opponent's hand, deck order
or its own deck order. The choices: the mulligan (E-16), each step of the Deployment and Regroup
phases (E-21, E-24, E-29, E-11), each action of a spell window (E-22: a spell, its payer and target,
E-05, E-08, E-23; or a raise, E-04), the attackers (E-25) and the blockers (E-26).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.rng import below
from sim.rulesets.epikha.constants import (
    PAYS, PLAYER_C, Agent, Class, Do, Field, Param, Target, Weight, Window, Zone,
)
from sim.rulesets.epikha.legal import (
    able_attackers, blockers, deploy_budget, entry_level, may_attach, may_attack, may_deploy, may_move_to_magic,
    may_pay, may_raise, valid_target,
)
from sim.rulesets.epikha.state import (
    CS_DESIGN, CS_FOE, CS_LOST, CS_ZONE, DW_DEPLOY, DW_GEAR, DW_ON_PLAYER, G_ACTIVE, G_N_PENDING, GAME, MAX_CAND,
    N_MATTER_KINDS, P_CARD, P_CASTER, P_EFFECT, P_LEVEL, P_SEQ, P_SIDE, P_TCARD, PS_AGENT, PS_BASE, PS_HAND,
    PS_MACHINE_CARDS, PS_MATTERS, PS_SPELL_CARDS, PS_VITAL, ST_AGENT, characters_in_play, bit_count, deployment_used,
    field, fuerza_of, in_play, in_zone, is_character, lowest_bit, resistencia_of, rules_of, vital_of,
)

NO_TARGET = -1
STOP = -1
# deployment actions in g.cand: (kind, card, bearer)
DEPLOY = 0
ATTACH = 1
TO_MAGIC = 2
MOST_A_MOVE_IS_WORTH = 2.0  # deployment_worth of a move into the Magic Zone: the Player card's, others' 1 or -1
# what a spell needs to matter now (matter_kind, spells_that_may_matter)
MATTERS_ALWAYS = 0
MATTERS_IN_DEPLOYMENT = 1  # a continuous spell: the Deployment window
MATTERS_VS_ATTACKERS = 2  # aimed at an enemy attacker: opposing cards in the Combat Zone
MATTERS_VS_PENDING = 3  # aimed at a pending spell: a pending list
MATTERS_VS_CONTINUOUS = 4  # aimed at a continuous spell: opposing cards in the Magic Zone
MATTERS_VS_GEAR = 5  # aimed at gear: opposing gear
MATTERS_IN_FIGHT = 6  # a shield or boost: the Block window with own cards in the Combat Zone
MATTERS_TO_DRAW = 7  # only a draw: the Start or Regroup window
PASS = 0  # a window action's kind (g.cand rows: kind, card or pending entry, payer; target in column 3 of cand2)
CAST = 1
RAISE = 2


@njit(cache=True, _nrt=False, inline="always")
def pick(g: np.void, p: int, n: int) -> int:
    return below(g.rng, p * 2 + ST_AGENT, n)


@njit(cache=True, _nrt=False, inline="always")
def is_random(g: np.void, p: int) -> bool:
    return g.ps[p, PS_AGENT] == Agent.RANDOM


@njit(cache=True, _nrt=False)
def strike_on(g: np.void, p: int, a: int, q: int, b: int) -> int:
    return max(fuerza_of(g, p, a) - resistencia_of(g, q, b), g.par[Param.MIN_DAMAGE])


@njit(cache=True, _nrt=False)
def worth(g: np.void, p: int, c: int) -> float:
    """A character's worth on the field: Fuerza + Vital now / 3 + 2 x Resistencia (the reference rate
    of rules.md, "Card designs"), plus 1 for paying spells, times the CHARACTER weight."""
    value = fuerza_of(g, p, c) + vital_of(g, p, c) / 3.0 + 2.0 * resistencia_of(g, p, c)
    if rules_of(g, p, c) & PAYS:
        value += 1.0
    return value * g.w[p, Weight.CHARACTER]


# -- set-up -----------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")  # one caller, game.setup_game: a library less to optimise
def wants_mulligan(g: np.void, p: int) -> bool:
    """Rule E-16: random returns its 7 half the time; greedy when the hand holds fewer characters of
    cost 7 or less than the MULLIGAN weight."""
    if is_random(g, p):
        return pick(g, p, 2) == 1
    m = in_zone(g, p, Zone.HAND)
    n = 0
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if field(g, p, c, Field.CLASS) == Class.CHARACTER and field(g, p, c, Field.COST) <= 7:
            n += 1
    return n < g.w[p, Weight.MULLIGAN]


# -- the Deployment and Regroup phases ------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def may_step(g: np.void, p: int, kind: int, c: int, b: int, window: int) -> bool:
    """Whether deployment step (kind, card, bearer) is legal now (E-11, E-21, E-24, E-29)."""
    return ((kind == DEPLOY and may_deploy(g, p, c, window)) or (kind == ATTACH and may_attach(g, p, c, b))
            or (kind == TO_MAGIC and may_move_to_magic(g, p, c)))


# one caller, next_deployment_from, itself compiled into game.deploy_steps: 25.5 walks a game each paid
# a frame and handed back a nested tuple (docs/engine.md, "Epikha, a sixteenth round")
@njit(cache=True, _nrt=False, inline="always")
def best_hand_step(g: np.void, p: int, window: int) -> tuple:
    """The greedy agent's best step from the hand (a character or machine to deploy, a weapon or item
    onto a bearer, E-11, E-21, E-29): the first of highest deployment_worth, walked in pool order
    (each gear card's bearers in pool order), while one is worth more than nothing. Returns (the step
    (kind, card, bearer), its worth); (STOP, -1, -1) and 0.0 when none is. choose_deployment's
    choice among the hand's steps of the list (list_deployments), found without listing: a step is
    asked its legality only when its worth beats the best so far (most steps are worth nothing), and
    a card to deploy is offered only where may_deploy holds (a unit from the hand the window allows,
    a free place, its cost within the budget and below the Vital), not asked again. The greedy walk
    alone: the list is its own loop (docs/engine.md, "Epikha, a fourteenth round")."""
    best = (np.int64(STOP), np.int64(-1), np.int64(-1))
    best_value = 0.0
    m = in_zone(g, p, Zone.HAND) & ~g.ps[p, PS_SPELL_CARDS]
    if window != Window.DEPLOYMENT:  # Regroup attaches nothing (no bearers) and deploys machines only (E-11)
        m &= g.ps[p, PS_MACHINE_CARDS]
    if m == 0:  # most Regroup phases: no machine in hand, no step
        return best, best_value
    budget = min(deploy_budget(g, p), g.ps[p, PS_VITAL] - 1)  # no card costs more (E-21)
    # a card that would take the Player card's Vital below the RESERVE is worth -1 (deployment_worth)
    # and never beats the best, which starts at 0
    keep = g.w[p, Weight.RESERVE]
    room = deployment_used(g, p) < g.par[Param.DEPLOYMENT_SLOTS]
    bearers = characters_in_play(g, p) if window == Window.DEPLOYMENT else np.int64(0)
    # the designs weighed. A second copy of one ties the first at every step (its worth and legality
    # are its design's: deployment_worth, may_deploy, may_attach), and a tie never replaces the best,
    # so it is not weighed (gear: a gear_worth for each bearer)
    weighed = np.int64(0)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        design = np.int64(1) << np.int64(g.cs[p, c, CS_DESIGN])
        if weighed & design:
            continue
        weighed |= design
        cost = field(g, p, c, Field.COST)
        if cost > budget or g.ps[p, PS_VITAL] - cost < keep:
            continue
        klass = field(g, p, c, Field.CLASS)
        # a step's worth is deployment_worth's. A card to deploy's and gear on the Player card's are
        # their design's (g.dw, state.deploy_worths; the cards that would take the Player card's Vital
        # below the RESERVE, worth -1, skipped above); gear on another bearer: the gear's own part once
        # (gear_worth's arguments), then what each bearer makes of it
        dw = g.dw[p, g.cs[p, c, CS_DESIGN]]
        if klass == Class.CHARACTER or klass == Class.MACHINE:
            # may_deploy's question, whole: not asked again
            if (room and (window == Window.DEPLOYMENT or klass == Class.MACHINE and window == Window.REGROUP)
                    and dw[DW_DEPLOY] > best_value):
                best, best_value = (np.int64(DEPLOY), c, np.int64(-1)), dw[DW_DEPLOY]
        elif klass == Class.WEAPON or klass == Class.ITEM:
            grants_pays = field(g, p, c, Field.GRANTS) & PAYS != 0
            nivel = field(g, p, c, Field.G_NIVEL)
            fuente = field(g, p, c, Field.G_FUENTE)
            bm = bearers
            while bm:
                b = lowest_bit(bm)
                bm &= bm - np.int64(1)
                value = dw[DW_ON_PLAYER] if b == PLAYER_C else gear_worth(g, p, dw[DW_GEAR], grants_pays, nivel, fuente,
                                                                          cost, b)
                if value > best_value and may_attach(g, p, c, b):
                    best, best_value = (np.int64(ATTACH), c, b), value
    return best, best_value


@njit(cache=True, _nrt=False)
def walk_moves(g: np.void, p: int, n: int) -> int:
    """list_deployments' second part: each card that may move into the Magic Zone (E-24), listed into
    g.cand from row n while the list has room. Returns how many rows are filled (the greedy agent's
    best move: best_move)."""
    m = in_zone(g, p, Zone.DEPLOY) if bit_count(in_zone(g, p, Zone.MAGIC)) < g.par[Param.MAGIC_ZONE_SLOTS] else 0
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if n < MAX_CAND and may_move_to_magic(g, p, c):
            g.cand[n, 0], g.cand[n, 1], g.cand[n, 2] = TO_MAGIC, c, -1
            n += 1
    return n


@njit(cache=True, _nrt=False)
def best_move(g: np.void, p: int, best: tuple, best_value: float) -> tuple:
    """The greedy agent's best step once the hand's best is known, without weighing each move: what
    deployment_worth gives a move is one of three values (the Player card's MOST_A_MOVE_IS_WORTH
    when it may not attack, another card's 1 with Fuerza 3 or less and a Magic Zone place to spare,
    else -1), and the walk keeps the first step of the highest. So the Player card (bit PLAYER_C,
    walked last) beats every other move, and otherwise the first card in pool order that may move
    (E-24: it bears Magia or Espíritu) and is worth 1 is the step, when the best so far is below it.
    Returns the step the walk would keep."""
    used = bit_count(in_zone(g, p, Zone.MAGIC))
    slots = g.par[Param.MAGIC_ZONE_SLOTS]
    if used >= slots or best_value >= MOST_A_MOVE_IS_WORTH:  # no move is legal, or none can beat the best
        return best
    deploy = in_zone(g, p, Zone.DEPLOY)
    if (deploy >> np.int64(PLAYER_C)) & 1 and g.par[Param.PLAYER_MAY_ATTACK] == 0:
        return (TO_MAGIC, np.int64(PLAYER_C), np.int64(-1))
    if best_value >= 1.0 or used + 1 >= slots:  # no other move is worth more than -1
        return best
    m = deploy & ~(np.int64(1) << PLAYER_C)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if rules_of(g, p, c) & PAYS and fuerza_of(g, p, c) <= 3:  # may_move_to_magic, deployment_worth
            return (TO_MAGIC, c, np.int64(-1))
    return best


@njit(cache=True, _nrt=False)
def list_deployments(g: np.void, p: int, window: int) -> int:
    """Every deployment step legal now into g.cand (kind, card, bearer), in one order: from the hand
    in pool order a character or machine to deploy (may_deploy), a weapon or item onto each bearer in
    pool order (may_attach; in the Deployment phase only, E-29), then each card that may move into the
    Magic Zone (walk_moves), while the list has room (MAX_CAND). Returns how many."""
    n = 0
    m = in_zone(g, p, Zone.HAND) & ~g.ps[p, PS_SPELL_CARDS]
    bearers = characters_in_play(g, p) if window == Window.DEPLOYMENT else np.int64(0)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        klass = field(g, p, c, Field.CLASS)
        if klass == Class.CHARACTER or klass == Class.MACHINE:
            if n < MAX_CAND and may_deploy(g, p, c, window):
                g.cand[n, 0], g.cand[n, 1], g.cand[n, 2] = DEPLOY, c, -1
                n += 1
        elif klass == Class.WEAPON or klass == Class.ITEM:
            bm = bearers
            while bm:
                b = lowest_bit(bm)
                bm &= bm - np.int64(1)
                if n < MAX_CAND and may_attach(g, p, c, b):
                    g.cand[n, 0], g.cand[n, 1], g.cand[n, 2] = ATTACH, c, b
                    n += 1
    return walk_moves(g, p, n)


@njit(cache=True, _nrt=False)
def enemy_blockers(g: np.void, p: int) -> int:
    """The opponent's characters in its Deployment Zone (who could block, E-26), by count."""
    n = 0
    m = in_zone(g, 1 - p, Zone.DEPLOY) & ~(np.int64(1) << PLAYER_C)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if is_character(g, 1 - p, c):
            n += 1
    return n


@njit(cache=True, _nrt=False)
def deployment_worth(g: np.void, p: int, kind: int, c: int, b: int) -> float:
    """Greedy's value of one deployment step, against what it costs the Player card (FACE weight per
    Vital); a step below the RESERVE of Vital is worth nothing."""
    w = g.w[p]
    if kind == TO_MAGIC:
        if c == PLAYER_C:  # the Player Ability works there (E-14), but there it cannot fight in person (E-25)
            return MOST_A_MOVE_IS_WORTH if g.par[Param.PLAYER_MAY_ATTACK] == 0 else -1.0
        used = 0
        m = in_zone(g, p, Zone.MAGIC)
        while m:
            m &= m - np.int64(1)
            used += 1
        return 1.0 if fuerza_of(g, p, c) <= 3 and used + 1 < g.par[Param.MAGIC_ZONE_SLOTS] else -1.0
    cost = field(g, p, c, Field.COST)
    if g.ps[p, PS_VITAL] - cost < w[Weight.RESERVE]:
        return -1.0
    if kind == DEPLOY:  # printed fields and weights only (state.deploy_worths)
        return g.dw[p, g.cs[p, c, CS_DESIGN], DW_DEPLOY]
    if b == PLAYER_C:  # printed fields only
        return g.dw[p, g.cs[p, c, CS_DESIGN], DW_ON_PLAYER]
    return gear_worth(g, p, g.dw[p, g.cs[p, c, CS_DESIGN], DW_GEAR], field(g, p, c, Field.GRANTS) & PAYS != 0,
                      field(g, p, c, Field.G_NIVEL), field(g, p, c, Field.G_FUENTE), cost, b)


@njit(cache=True, _nrt=False)
def gear_worth(g: np.void, p: int, gear: float, grants_pays: bool, nivel: int, fuente: int, cost: int, b: int) -> float:
    """deployment_worth of gear on bearer b, not the Player card: its bonuses, fuente and regeneracion
    (`gear`, its design's DW_GEAR), and whether it grants paying, its nivel and fuente, all printed;
    then what the bearer makes of them. Its printed parts go as arguments: the greedy walk works
    them out once for all the bearers it weighs."""
    value = gear
    pays = rules_of(g, p, b) & PAYS
    if grants_pays and not pays:
        value += 2.0 + vital_of(g, p, b) / 10.0
    if nivel > 0:
        value += 2.0 if pays or grants_pays else -3.0
    if fuente > 0:
        value += 2.0 if pays else 0.0
    return value * g.w[p, Weight.CHARACTER] - cost * 0.5 + vital_of(g, p, b) / 30.0


@njit(cache=True, _nrt=False)
def choose_deployment(g: np.void, p: int, window: int) -> int:
    """The next deployment step, an index into g.cand, or STOP. Random: uniform over the steps and
    stopping; greedy: the step of highest worth, while one is worth more than nothing."""
    n = list_deployments(g, p, window)
    if n == 0:
        return STOP
    if is_random(g, p):
        k = pick(g, p, n + 1)
        return STOP if k == n else k
    best = STOP
    best_value = 0.0
    for k in range(n):
        value = deployment_worth(g, p, g.cand[k, 0], g.cand[k, 1], g.cand[k, 2])
        if value > best_value:
            best, best_value = k, value
    return best


# compiled into its caller, game.deploy_steps (and the tests' next_deployment): 40.6 calls a game each
# paid a frame and passed the step and the hand's best through the stack (docs/engine.md, "Epikha, a
# sixteenth round")
@njit(cache=True, _nrt=False, inline="always")
def next_deployment_from(g: np.void, p: int, window: int, hand_best: tuple, hand_value: float,
                         hand_known: bool) -> tuple:
    """The agent's next deployment step as (kind, card, bearer), kind STOP to stop: choose_deployment's
    choice. A greedy player's is found without the list (best_hand_step, best_move), the same
    first step of highest worth; but where the list could fill its MAX_CAND rows (a step past them
    is never listed), the list decides. Returns (the step, the hand's best step and its worth,
    whether they were walked): a move into the Magic Zone changes no hand step's worth or legality
    (the budget, the places, the bearers and their Vital stay; only Fuerza and levels may move, E-14,
    E-31), so after one deploy_steps hands them back (`hand_known`) and only the moves are walked."""
    if not is_random(g, p):
        hand = bit_count(in_zone(g, p, Zone.HAND))
        bearers = bit_count(characters_in_play(g, p))
        if hand * (bearers + 1) + bit_count(in_zone(g, p, Zone.DEPLOY)) < MAX_CAND:
            if not hand_known:
                hand_best, hand_value = best_hand_step(g, p, window)
            return best_move(g, p, hand_best, hand_value), hand_best, hand_value, True
    k = choose_deployment(g, p, window)
    if k == STOP:
        return (STOP, -1, -1), hand_best, hand_value, False
    return (g.cand[k, 0], g.cand[k, 1], g.cand[k, 2]), hand_best, hand_value, False


@njit(cache=True, _nrt=False)
def next_deployment(g: np.void, p: int, window: int) -> tuple:
    """The agent's next deployment step as (kind, card, bearer), kind STOP to stop (next_deployment_from,
    every step walked)."""
    return next_deployment_from(g, p, window, (STOP, -1, -1), 0.0, np.bool_(False))[0]


# -- spell windows --------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")  # one caller, best_payer: a call for each card that may pay
def payer_cost(g: np.void, p: int, payer: int, amount: int) -> float:
    """Greedy's price of paying `amount` with `payer`: the Player card's Vital is for good (E-06), a
    character's comes back at the next Start (E-10) unless it dies of paying (E-07)."""
    if payer == PLAYER_C:
        if g.ps[p, PS_VITAL] - amount < g.w[p, Weight.RESERVE] * 0.5:
            return 1e9
        return amount * g.w[p, Weight.FACE]
    if vital_of(g, p, payer) <= amount:
        return amount * 0.2 + worth(g, p, payer)
    return amount * 0.2


@njit(cache=True, _nrt=False, inline="always")  # one caller, choose_window_action
def best_payer(g: np.void, p: int, amount: int) -> tuple:
    """Greedy's payer for `amount`: the cheapest by payer_cost, -1 when none may pay (E-05, E-08),
    and its payer_cost (the caller subtracts it; asked once)."""
    best = -1
    best_cost = 1e18
    m = in_zone(g, p, Zone.DEPLOY) | in_zone(g, p, Zone.MAGIC)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if may_pay(g, p, c, amount):
            cost = payer_cost(g, p, c, amount)
            if cost < best_cost:
                best, best_cost = c, cost
    return best, best_cost


@njit(cache=True, _nrt=False, inline="always")  # a few lines, called for each target spell_worth weighs
def damage_worth(g: np.void, p: int, q: int, c: int, fuerza: int) -> float:
    """What `fuerza` of spell damage to q's card c is worth to p (FACE per point on the Player card)."""
    dmg = max(fuerza - resistencia_of(g, q, c), g.par[Param.MIN_DAMAGE])
    if c == PLAYER_C:
        return dmg * g.w[p, Weight.FACE]
    if dmg >= vital_of(g, q, c):
        return worth(g, q, c) * 1.5
    return dmg * 0.3


@njit(cache=True, _nrt=False)
def pending_threat(g: np.void, p: int, k: int) -> float:
    """What the opponent's pending entry k is worth to it (roughly its cost), for a negation."""
    return field(g, 1 - p, g.pend[k, P_CARD], Field.COST) * 1.5 + 1.0


@njit(cache=True, _nrt=False)
def resolves_before(g: np.void, level: int, side: int, k: int) -> bool:
    """Rule E-03: a spell of `side` entering at `level` now resolves before pending entry k."""
    other = g.pend[k, P_LEVEL]
    if level != other:
        return level > other
    return side == g.ps[GAME, G_ACTIVE] and g.pend[k, P_SIDE] != side


# one call, greedy_window_action's (compiled into game.spell_window): its 21 calls a game each paid a
# frame of about 60 instructions (docs/engine.md, "Epikha, an eighteenth round")
@njit(cache=True, _nrt=False, inline="always")
def spell_worth(g: np.void, p: int, s: int, caster: int, window: int) -> tuple:
    """Greedy's value of casting spell s paid by `caster` in `window`, and its best target (tside * 64
    + tcard, NO_TARGET when it needs none): each effect valued by what it would do now."""
    q = 1 - p
    row = g.tab[p, g.cs[p, s, 0]]
    kind = row[Field.TARGET]
    fuerza = row[Field.FUERZA]
    value = 0.0
    target = NO_TARGET
    if kind != Target.NONE:  # the one chosen target (E-23): the best that is legal now
        best = -1e18
        if kind == Target.ENEMY_CHARACTER or kind == Target.ENEMY_ATTACKER:
            m = characters_in_play(g, q)
            while m:
                c = lowest_bit(m)
                m &= m - np.int64(1)
                if not valid_target(g, p, kind, q, c):
                    continue
                v = 0.0
                for k in range(row[Field.N_CAST]):
                    do = row[Field.CAST + 3 * k]
                    if do == Do.DAMAGE:
                        v += damage_worth(g, p, q, c, fuerza)
                    elif do == Do.WEAKEN and g.cs[q, c, CS_ZONE] == Zone.COMBAT:
                        v += min(row[Field.CAST + 3 * k + 1], fuerza_of(g, q, c)) * g.w[p, Weight.FACE] * (
                            1.0 if g.cs[q, c, CS_FOE] == 0 else 0.5)
                if v > best:
                    best, target = v, q * 64 + c
        elif kind == Target.OWN_CHARACTER:
            m = characters_in_play(g, p)
            while m:
                c = lowest_bit(m)
                m &= m - np.int64(1)
                v = own_effect_worth(g, p, row, c, window)
                if v > best:
                    best, target = v, p * 64 + c
        elif kind == Target.PENDING_SPELL:
            level = entry_level(g, p, s, caster)
            for k in range(g.ps[GAME, G_N_PENDING]):
                if g.pend[k, P_SIDE] == q and g.pend[k, P_EFFECT] < 0 and resolves_before(g, level, p, k):
                    n = row[Field.CAST + 1]
                    if g.pend[k, P_LEVEL] <= n:
                        v = pending_threat(g, p, k)
                        if v > best:
                            best, target = v, q * 64 + g.pend[k, P_SEQ]
        elif kind == Target.CONTINUOUS_SPELL or kind == Target.ENEMY_GEAR:
            zone = Zone.MAGIC if kind == Target.CONTINUOUS_SPELL else Zone.GEAR
            m = in_zone(g, q, zone)
            while m:
                c = lowest_bit(m)
                m &= m - np.int64(1)
                if valid_target(g, p, kind, q, c) and (kind == Target.ENEMY_GEAR
                                                       or field(g, q, c, Field.LEVEL) <= row[Field.CAST + 1]):
                    v = field(g, q, c, Field.COST) * 1.5
                    if v > best:
                        best, target = v, q * 64 + c
        if target == NO_TARGET:
            return -1e18, NO_TARGET
        value += best
    for k in range(row[Field.N_CAST]):
        do = row[Field.CAST + 3 * k]
        n = row[Field.CAST + 3 * k + 1]
        tk = row[Field.CAST + 3 * k + 2]
        if tk == Target.ENEMY_PLAYER:
            value += damage_worth(g, p, q, np.int64(PLAYER_C), fuerza)
        elif tk == Target.ALL_ENEMY_CHARACTERS:
            m = characters_in_play(g, q) & ~(np.int64(1) << PLAYER_C)
            while m:
                c = lowest_bit(m)
                m &= m - np.int64(1)
                if do == Do.DAMAGE:
                    value += damage_worth(g, p, q, c, fuerza)
                elif do == Do.WEAKEN and g.cs[q, c, CS_ZONE] == Zone.COMBAT:
                    value += min(n, fuerza_of(g, q, c))
        elif tk == Target.ALL_OWN_CHARACTERS:
            m = characters_in_play(g, p) & ~(np.int64(1) << PLAYER_C)
            while m:
                c = lowest_bit(m)
                m &= m - np.int64(1)
                value += own_effect_worth(g, p, row, c, window)
        elif do == Do.HEAL:
            value += min(n, g.ps[p, PS_BASE] - g.ps[p, PS_VITAL]) * g.w[p, Weight.FACE]
        elif do == Do.DRAW:
            value += n * 3.0 if (window == Window.REGROUP or window == Window.START) and g.ps[p, PS_HAND] < 8 else 0.0
    if row[Field.CLASS] == Class.CONTINUOUS:
        value += continuous_worth(g, p, row, window)
    return value, target


@njit(cache=True, _nrt=False)
def own_effect_worth(g: np.void, p: int, row: np.ndarray, c: int, window: int) -> float:
    """Greedy's value of a shield, boost or restore on own card c now: a shield or boost in the block
    window where it changes what the fight does, a restore what it gives back."""
    q = 1 - p
    value = 0.0
    for k in range(row[Field.N_CAST]):
        do = row[Field.CAST + 3 * k]
        n = row[Field.CAST + 3 * k + 1]
        if do == Do.RESTORE:
            back = min(n, g.cs[p, c, CS_LOST]) if c != PLAYER_C else min(n, g.ps[p, PS_BASE] - g.ps[p, PS_VITAL])
            value += back * (g.w[p, Weight.FACE] if c == PLAYER_C else 0.3)
        elif (do == Do.SHIELD or do == Do.BOOST) and window == Window.BLOCK and g.cs[p, c, CS_ZONE] == Zone.COMBAT:
            foe = g.cs[p, c, CS_FOE] - 1
            if do == Do.BOOST and foe < 0 and g.ps[GAME, G_ACTIVE] == p:
                value += n * g.w[p, Weight.FACE]
            elif foe >= 0:
                hit = strike_on(g, q, foe, p, c)
                if do == Do.SHIELD and hit >= vital_of(g, p, c) and hit - row[Field.RESISTENCIA] < vital_of(g, p, c):
                    value += worth(g, p, c) * 1.5
                elif do == Do.BOOST:
                    mine = strike_on(g, p, c, q, foe)
                    if mine < vital_of(g, q, foe) <= mine + n:
                        value += worth(g, q, foe) * 1.5
    return value


@njit(cache=True, _nrt=False, inline="always")  # one caller, spell_worth: a library less to optimise
def continuous_worth(g: np.void, p: int, row: np.ndarray, window: int) -> float:
    """A continuous spell's lasting value, cast in the Deployment window with a free Magic Zone place."""
    if window != Window.DEPLOYMENT:
        return -1e9
    used = 0
    m = in_zone(g, p, Zone.MAGIC)
    while m:
        m &= m - np.int64(1)
        used += 1
    if used >= g.par[Param.MAGIC_ZONE_SLOTS]:
        return -1e9
    n_chars = 0
    m = characters_in_play(g, p)
    while m:
        m &= m - np.int64(1)
        n_chars += 1
    value = 0.0
    for k in range(row[Field.N_PASSIVE]):
        do = row[Field.PASSIVE + 2 * k]
        n = row[Field.PASSIVE + 2 * k + 1]
        if do == Do.ALL_FUERZA or do == Do.ALL_RESISTENCIA:
            value += n * n_chars * 2.0
        elif do == Do.ENEMY_FUERZA:
            value += n * 5.0
        elif do == Do.SPELL_LEVEL:
            value += n * 3.0
    value += row[Field.N_START] * row[Field.COST] * 0.8
    return value


@njit(cache=True, _nrt=False, inline="always")  # one caller, choose_window_action: a library less to optimise
def list_window_actions(g: np.void, p: int) -> int:
    """Every action legal now for a random player into g.cand: (CAST, spell, payer) with its target
    drawn later, (RAISE, entry, caster). Returns how many (passing is always legal besides)."""
    n = 0
    m = in_zone(g, p, Zone.HAND) & g.ps[p, PS_SPELL_CARDS]
    while m:
        s = lowest_bit(m)
        m &= m - np.int64(1)
        cost = np.int64(field(g, p, s, Field.COST))
        pm = in_zone(g, p, Zone.DEPLOY) | in_zone(g, p, Zone.MAGIC)
        while pm:
            c = lowest_bit(pm)
            pm &= pm - np.int64(1)
            if may_pay(g, p, c, cost) and n < MAX_CAND:
                g.cand[n, 0], g.cand[n, 1], g.cand[n, 2] = CAST, s, c
                n += 1
    for k in range(g.ps[GAME, G_N_PENDING]):
        if may_raise(g, p, k) and n < MAX_CAND:
            g.cand[n, 0], g.cand[n, 1], g.cand[n, 2] = RAISE, k, g.pend[k, P_CASTER]
            n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")  # one caller, choose_window_action: a library less to optimise
def random_target(g: np.void, p: int, s: int) -> int:
    """A uniform legal target for spell s of p (E-23), NO_TARGET when it needs none, -2 when none is legal."""
    kind = field(g, p, s, Field.TARGET)
    if kind == Target.NONE:
        return NO_TARGET
    q = 1 - p
    n = 0
    if kind == Target.PENDING_SPELL:
        for k in range(g.ps[GAME, G_N_PENDING]):
            if g.pend[k, P_SIDE] == q and g.pend[k, P_EFFECT] < 0:
                n += 1
        if n == 0:
            return -2
        j = pick(g, p, n)
        for k in range(g.ps[GAME, G_N_PENDING]):
            if g.pend[k, P_SIDE] == q and g.pend[k, P_EFFECT] < 0:
                if j == 0:
                    return q * 64 + g.pend[k, P_SEQ]
                j -= 1
        return -2
    side = p if kind == Target.OWN_CHARACTER else q
    m = in_play(g, side) | in_zone(g, side, Zone.GEAR)
    mm = m
    while mm:
        c = lowest_bit(mm)
        mm &= mm - np.int64(1)
        if valid_target(g, p, kind, side, c):
            n += 1
    if n == 0:
        return -2
    j = pick(g, p, n)
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if valid_target(g, p, kind, side, c):
            if j == 0:
                return side * 64 + c
            j -= 1
    return -2


@njit(cache=True, _nrt=False, inline="always")  # one caller, choose_window_action: a library less to optimise
def raise_worth(g: np.void, p: int, k: int) -> float:
    """Greedy raises its pending entry k (E-04) when an opposing pending negation would take it first
    and one more level puts it out of the negation's reach or ahead of it; or when its own pending
    negation needs the level to resolve before its target."""
    q = 1 - p
    pend = g.pend
    level = pend[k, P_LEVEL]
    step = g.par[Param.RAISE_STEP]
    card = pend[k, P_CARD]
    if field(g, p, card, Field.CAST) == Do.NEGATE and field(g, p, card, Field.TARGET) == Target.PENDING_SPELL:
        for j in range(g.ps[GAME, G_N_PENDING]):
            if pend[j, P_SIDE] == q and pend[j, P_SEQ] == pend[k, P_TCARD]:
                if not resolves_before(g, level, p, j) and resolves_before(g, level + step, p, j):
                    return pending_threat(g, p, j) - g.par[Param.RAISE_COST] * 0.3
        return -1.0
    for j in range(g.ps[GAME, G_N_PENDING]):
        if pend[j, P_SIDE] != q or pend[j, P_EFFECT] >= 0:
            continue
        qcard = pend[j, P_CARD]
        if field(g, q, qcard, Field.CAST) != Do.NEGATE or pend[j, P_TCARD] != pend[k, P_SEQ]:
            continue
        n = field(g, q, qcard, Field.CAST + 1)
        first = pend[j, P_LEVEL] > level or (pend[j, P_LEVEL] == level and g.ps[GAME, G_ACTIVE] == q)
        up = level + step
        escapes = up > n or pend[j, P_LEVEL] < up or (pend[j, P_LEVEL] == up and g.ps[GAME, G_ACTIVE] == p)
        if level <= n and first and escapes:
            return field(g, p, card, Field.COST) * 1.5 - g.par[Param.RAISE_COST] * 0.3
    return -1.0


@njit(cache=True, _nrt=False, inline="always")  # one caller, game.sort_cards: a library less to optimise
def matter_kind(g: np.void, p: int, s: int) -> int:
    """What spell s needs to matter (spells_that_may_matter), one of the MATTERS_* kinds: printed,
    so each spell's kind is set once a game (game.setup_side, into ps[p, PS_MATTERS + kind])."""
    row = g.tab[p, g.cs[p, s, 0]]
    if row[Field.CLASS] == Class.CONTINUOUS:
        return MATTERS_IN_DEPLOYMENT
    kind = row[Field.TARGET]
    do = row[Field.CAST]
    if kind == Target.ENEMY_ATTACKER:
        return MATTERS_VS_ATTACKERS
    if kind == Target.PENDING_SPELL:
        return MATTERS_VS_PENDING
    if kind == Target.CONTINUOUS_SPELL:
        return MATTERS_VS_CONTINUOUS
    if kind == Target.ENEMY_GEAR:
        return MATTERS_VS_GEAR
    if do == Do.SHIELD or do == Do.BOOST:
        return MATTERS_IN_FIGHT
    if do == Do.DRAW and row[Field.N_CAST] == 1:
        return MATTERS_TO_DRAW
    return MATTERS_ALWAYS


@njit(cache=True, _nrt=False)
def spells_that_may_matter(g: np.void, p: int, window: int) -> np.int64:
    """Greedy's quick look before valuing its spells in `window`: those of p's spells anything of
    which could count now (a continuous spell only in the Deployment window, a fight's spell only
    with cards in the Combat Zone, a negation only with something to negate, a draw only at Start
    or Regroup), as a mask of instances. Public information only: the pending list, the zones."""
    q = 1 - p
    matters = g.ps[p, PS_MATTERS:PS_MATTERS + N_MATTER_KINDS]
    m = matters[MATTERS_ALWAYS]
    if window == Window.DEPLOYMENT:
        m |= matters[MATTERS_IN_DEPLOYMENT]
    if in_zone(g, q, Zone.COMBAT) != 0:
        m |= matters[MATTERS_VS_ATTACKERS]
    if g.ps[GAME, G_N_PENDING] > 0:
        m |= matters[MATTERS_VS_PENDING]
    # a negation of a continuous spell has a target only among the opponent's continuous spells in its
    # Magic Zone (E-23; the only spells there, E-01), not its Player card or characters with Magia (E-24)
    if in_zone(g, q, Zone.MAGIC) & g.ps[q, PS_SPELL_CARDS] != 0:
        m |= matters[MATTERS_VS_CONTINUOUS]
    if in_zone(g, q, Zone.GEAR) != 0:
        m |= matters[MATTERS_VS_GEAR]
    if window == Window.BLOCK and in_zone(g, p, Zone.COMBAT) != 0:
        m |= matters[MATTERS_IN_FIGHT]
    if window == Window.START or window == Window.REGROUP:
        m |= matters[MATTERS_TO_DRAW]
    return m


@njit(cache=True, _nrt=False)
def choose_window_action(g: np.void, p: int, window: int) -> tuple:
    """One action of a spell window (E-22): (kind, card or entry, payer, target). Random: uniform over
    passing and every (spell, payer) and raise legal now, the target uniform among the legal ones
    (random_window_action); greedy: the raise or the spell of highest value less its payer's price, if
    positive (greedy_window_action). game.spell_window asks the two itself, greedy with the mask of its
    spells that may matter it has asked already."""
    if is_random(g, p):
        return random_window_action(g, p)
    may = in_zone(g, p, Zone.HAND) & g.ps[p, PS_SPELL_CARDS] & spells_that_may_matter(g, p, window)
    return greedy_window_action(g, p, window, may)


@njit(cache=True, _nrt=False, inline="always")  # two callers, game.spell_window and choose_window_action
def random_window_action(g: np.void, p: int) -> tuple:
    """choose_window_action for a random player."""
    n = list_window_actions(g, p)
    if n == 0:  # nothing but passing: no random number drawn, whatever the other side holds
        return PASS, -1, -1, NO_TARGET
    k = pick(g, p, n + 1)
    if k == n:
        return PASS, -1, -1, NO_TARGET
    kind, s, payer = g.cand[k, 0], g.cand[k, 1], g.cand[k, 2]
    if kind == RAISE:
        return RAISE, s, payer, NO_TARGET
    t = random_target(g, p, s)
    if t == -2:
        return PASS, -1, -1, NO_TARGET
    return CAST, s, payer, t


# two callers, game.spell_window and choose_window_action; the window passes the mask `may` it asked for
# its pass test, which the choice asked again (docs/engine.md, "Epikha, an eighteenth round")
@njit(cache=True, _nrt=False, inline="always")
def greedy_window_action(g: np.void, p: int, window: int, may: np.int64) -> tuple:
    """choose_window_action for a greedy player, `may` the spells of its hand that may matter now
    (spells_that_may_matter)."""
    for k in range(g.ps[GAME, G_N_PENDING]):
        if may_raise(g, p, k) and raise_worth(g, p, k) > 0.0:
            return RAISE, k, g.pend[k, P_CASTER], NO_TARGET
    best_value = 0.0
    best = (PASS, -1, -1, NO_TARGET)
    # With weights of 0 or more no payer's price is below 0 (a cost, a Vital paid and a character's
    # stats are never negative, cards.py), so a spell worth no more than the best cannot beat it less
    # its price: its value first, and a payer found only for a spell that may beat the best. Only a
    # negation's value depends on its payer (the level it enters at, E-03): it finds its payer first.
    value_first = g.w[p, Weight.FACE] >= 0.0 and g.w[p, Weight.CHARACTER] >= 0.0
    m = may
    # nothing moves while the window's action is chosen: the payer of one amount is found once
    # (two spells of one cost, the same payer and price)
    paid, payer_of_paid, price_of_paid = np.int64(-1), np.int64(-1), 0.0
    while m:
        s = lowest_bit(m)
        m &= m - np.int64(1)
        cost = np.int64(field(g, p, s, Field.COST))
        payer_first = not value_first or field(g, p, s, Field.TARGET) == Target.PENDING_SPELL
        caster = np.int64(-1)
        if payer_first:
            if cost != paid:
                paid = cost
                payer_of_paid, price_of_paid = best_payer(g, p, cost)
            if payer_of_paid < 0:
                continue
            caster = payer_of_paid
        # spell_worth is compiled in here, at this one call (docs/engine.md, "Epikha, an eighteenth round")
        value, target = spell_worth(g, p, s, caster, window)
        if not payer_first:
            if value <= best_value:
                continue
            if cost != paid:
                paid = cost
                payer_of_paid, price_of_paid = best_payer(g, p, cost)
            if payer_of_paid < 0:
                continue
        payer, price = payer_of_paid, price_of_paid
        net = value - price
        if net > best_value:
            best_value = net
            best = (CAST, s, payer, target)
    return best


@njit(cache=True, _nrt=False, inline="always")  # one caller, game.pend_start_effects: a library less to optimise
def start_target(g: np.void, p: int, c: int, k: int) -> int:
    """The target of continuous spell c's k-th on_start effect (E-03, E-23): NO_TARGET when it names
    none; else the opposing character it would hurt most (greedy) or a uniform one (random)."""
    kind = field(g, p, c, Field.START + 3 * k + 2)
    if kind != Target.ENEMY_CHARACTER and kind != Target.ENEMY_ATTACKER:
        return NO_TARGET
    q = 1 - p
    best = -2
    best_value = -1e18
    n = 0
    m = characters_in_play(g, q)
    while m:
        t = lowest_bit(m)
        m &= m - np.int64(1)
        if valid_target(g, p, kind, q, t):
            n += 1
            v = damage_worth(g, p, q, t, field(g, p, c, Field.FUERZA))
            if is_random(g, p):
                v = float(pick(g, p, 1000))
            if v > best_value:
                best, best_value = q * 64 + t, v
    return best


# -- combat -------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")  # one caller, safe_attackers' loop
def attack_is_safe(g: np.void, p: int, a: int, guard: np.int64) -> bool:
    """Greedy attacks with a when no opposing blocker of `guard` would destroy it and survive; the
    Player card in person when no blocker would take more than RISK of its Vital."""
    q = 1 - p
    m = guard
    while m:
        b = lowest_bit(m)
        m &= m - np.int64(1)
        hurt = strike_on(g, q, b, p, a)
        if a == PLAYER_C:
            if hurt > g.w[p, Weight.RISK] * g.ps[p, PS_VITAL]:
                return False
        elif hurt >= vital_of(g, p, a) and strike_on(g, p, a, q, b) < vital_of(g, q, b):
            return False
    return fuerza_of(g, p, a) > 0


@njit(cache=True, _nrt=False, inline="always")  # one caller, choose_attackers: a library less to optimise
def safe_attackers(g: np.void, p: int) -> np.int64:
    """p's cards that may attack now (E-25) and attack safely (attack_is_safe). Nothing moves while
    the attackers are chosen, so each card's safety is weighed once, against the blockers listed
    once (E-26)."""
    guard = blockers(g, 1 - p)
    out = np.int64(0)
    m = able_attackers(g, p)  # may_attack as a mask: the character mask and the slots asked once
    while m:
        c = lowest_bit(m)
        m &= m - np.int64(1)
        if attack_is_safe(g, p, c, guard):
            out |= np.int64(1) << c
    return out


@njit(cache=True, _nrt=False)
def choose_attackers(g: np.void, p: int) -> np.int64:
    """Rule E-25: the attackers, at most `combat_slots`. Random: each that may attack, with
    probability 1/2; greedy: each that attacks safely (safe_attackers), the strongest first (the
    first in pool order on a tie)."""
    slots = g.par[Param.COMBAT_SLOTS]
    out = np.int64(0)
    n = 0
    if is_random(g, p):
        m = in_zone(g, p, Zone.DEPLOY)
        while m and n < slots:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            if may_attack(g, p, c) and pick(g, p, 2) == 1:
                out |= np.int64(1) << c
                n += 1
        return out
    safe = safe_attackers(g, p)
    if bit_count(safe) <= slots:
        return safe
    while n < slots:
        best = -1
        best_f = -1
        m = safe & ~out
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            if fuerza_of(g, p, c) > best_f:
                best, best_f = c, fuerza_of(g, p, c)
        out |= np.int64(1) << best
        n += 1
    return out


@njit(cache=True, _nrt=False)
def choose_blocker(g: np.void, q: int, a: int, free: np.int64, incoming: int) -> int:
    """Rule E-26: q's blocker for attacker a among `free`, or -1. Random: uniform over none and each
    free blocker; greedy: one that destroys a and survives, else one that survives, else (when the
    damage coming at the Player card would bring it under RESERVE / 2) the one worth least."""
    p = 1 - q
    if is_random(g, q):
        n = 0
        m = free
        while m:
            m &= m - np.int64(1)
            n += 1
        k = pick(g, q, n + 1)
        if k == n:
            return -1
        m = free
        while m:
            b = lowest_bit(m)
            m &= m - np.int64(1)
            if k == 0:
                return b
            k -= 1
        return -1
    best, best_value = -1, -1e18
    m = free
    while m:
        b = lowest_bit(m)
        m &= m - np.int64(1)
        hurt = strike_on(g, p, a, q, b)
        kills = strike_on(g, q, b, p, a) >= vital_of(g, p, a)
        survives = hurt < vital_of(g, q, b)
        value = -1e9
        if survives:
            value = (worth(g, p, a) * 2.0 if kills else 1.0) + worth(g, q, b) * 0.01
        elif kills:
            value = worth(g, p, a) - worth(g, q, b)
        elif g.ps[q, PS_VITAL] - incoming < g.w[q, Weight.RESERVE] * 0.5:
            value = -worth(g, q, b)
        if value > best_value and value > -1e8:
            best, best_value = b, value
    return best

