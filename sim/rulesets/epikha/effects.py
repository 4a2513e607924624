"""What changes the field in epikha: the end of the game, drawing, damage and destruction, gear put on
and taken off, the passive effects in force, and the effect verbs of rule E-31 applied to their
targets. spells.py (casting and resolution), combat.py and game.py build on these."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import record
from sim.rulesets.epikha.constants import (
    PLAYER_C, Class, Do, End, Event, Field, Param, Seen, Target, Zone,
)
from sim.rulesets.epikha.state import (
    CS_BEARER, CS_BOOST, CS_FOE, CS_GEAR_F, CS_GEAR_FUENTE, CS_GEAR_NIVEL, CS_GEAR_R, CS_GEAR_REGEN, CS_GEAR_RULES,
    CS_ITEMS, CS_LOST, N_CS, CS_SHIELD, CS_WEAPONS, CS_ZONE, G_BOOSTED, G_END, G_OVER, G_TURN, G_WINNER, GAME, PS_ABILITY,
    PS_ALL_F, PS_ALL_R, PS_BASE, PS_DESTROYED, PS_ENEMY_F, PS_HAND, PS_N_DECK, PS_ORDER, PS_PASSIVE_CARDS, PS_REGEN_CARDS,
    PS_SPELL_LEVEL, PS_TOP, PS_VITAL, field, gear_bearers, in_play, in_zone, lowest_bit, move, resistencia_of, vital_of,
)


@njit(cache=True, _nrt=False)
def end_game(g: np.void, winner: int, end: int) -> None:
    ps = g.ps
    if ps[GAME, G_OVER]:
        return
    ps[GAME, G_OVER] = 1
    ps[GAME, G_WINNER] = winner
    ps[GAME, G_END] = end
    record(g, max(winner, 0), Event.END, winner, end, 0)


@njit(cache=True, _nrt=False)
def check_vitals(g: np.void) -> None:
    """Rule E-34: a player whose Player card's Vital is 0 or less loses; both at once is a draw."""
    a = g.ps[0, PS_VITAL] <= 0
    b = g.ps[1, PS_VITAL] <= 0
    if a and b:
        end_game(g, np.int64(-1), End.BOTH)  # not literals: each would compile end_game once more
    elif a:
        end_game(g, np.int64(1), End.VITAL)
    elif b:
        end_game(g, np.int64(0), End.VITAL)


# four callers (game.draw_opening, game.start_phase, game.on_enter, run_effects' draw), each compiled
# into a loop: its 28.8 calls a game each paid a frame (docs/engine.md, "Epikha, an eighteenth round")
@njit(cache=True, _nrt=False, inline="always")
def draw_card(g: np.void, p: int) -> None:
    """Draw one card; rule E-33: a player who must draw from an empty deck loses at once."""
    ps = g.ps
    if ps[p, PS_TOP] >= ps[p, PS_N_DECK]:
        end_game(g, 1 - p, End.DECK_OUT)
        return
    c = ps[p, PS_ORDER + ps[p, PS_TOP]]
    ps[p, PS_TOP] += 1
    move(g, p, c, Zone.HAND)
    ps[p, PS_HAND] += 1
    d = g.cs[p, c, 0]
    if ps[GAME, G_TURN] >= 0:
        g.seen[p, d] |= Seen.DRAWN
    else:
        g.seen[p, d] |= Seen.OPENING
    record(g, p, Event.DRAW, d, 0, 0)


@njit(cache=True, _nrt=False)
def refresh_passives(g: np.void) -> None:
    """Rules E-14, E-31: the passive effects in force: continuous spells in the Magic Zone, machines on
    the field, and the Player Ability in use while the Player card is in the Magic Zone."""
    ps = g.ps
    for p in range(2):
        ps[p, PS_ALL_F] = 0
        ps[p, PS_ALL_R] = 0
        ps[p, PS_ENEMY_F] = 0
        ps[p, PS_SPELL_LEVEL] = 0
    for p in range(2):
        m = (in_zone(g, p, Zone.MAGIC) | in_play(g, p)) & ps[p, PS_PASSIVE_CARDS]  # others add nothing
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            klass = field(g, p, c, Field.CLASS)
            if klass == Class.CONTINUOUS and g.cs[p, c, CS_ZONE] == Zone.MAGIC or klass == Class.MACHINE:
                add_passives(g, p, np.int64(g.cs[p, c, 0]))
        if ps[p, PS_ABILITY] > 0 and g.cs[p, PLAYER_C, CS_ZONE] == Zone.MAGIC:
            add_passives(g, p, ps[p, PS_ABILITY] - 1)


@njit(cache=True, _nrt=False)
def add_passives(g: np.void, p: int, d: int) -> None:
    """One design's passive effects (all_fuerza, all_resistencia, enemy_fuerza, spell_level) for p."""
    row = g.tab[p, d]
    for k in range(row[Field.N_PASSIVE]):
        do = row[Field.PASSIVE + 2 * k]
        n = row[Field.PASSIVE + 2 * k + 1]
        if do == Do.ALL_FUERZA:
            g.ps[p, PS_ALL_F] += n
        elif do == Do.ALL_RESISTENCIA:
            g.ps[p, PS_ALL_R] += n
        elif do == Do.ENEMY_FUERZA:
            g.ps[p, PS_ENEMY_F] += n
        elif do == Do.SPELL_LEVEL:
            g.ps[p, PS_SPELL_LEVEL] += n


@njit(cache=True, _nrt=False)
def gear_stats(g: np.void, p: int, gear: int, bearer: int, sign: int) -> None:
    """Rule E-18: what a weapon or item passes on, added to (sign 1) or taken from (-1) its bearer."""
    cs = g.cs
    cs[p, bearer, CS_GEAR_F] += sign * field(g, p, gear, Field.BONUS_F)
    cs[p, bearer, CS_GEAR_R] += sign * field(g, p, gear, Field.BONUS_R)
    cs[p, bearer, CS_GEAR_REGEN] += sign * field(g, p, gear, Field.G_REGEN)
    cs[p, bearer, CS_GEAR_NIVEL] += sign * field(g, p, gear, Field.G_NIVEL)
    fuente = field(g, p, gear, Field.G_FUENTE)
    if bearer == PLAYER_C:  # rule E-30: a Player card gains the Vital once, when it is attached
        g.ps[p, PS_BASE] += sign * fuente
        if sign > 0:
            g.ps[p, PS_VITAL] += fuente
    else:
        cs[p, bearer, CS_GEAR_FUENTE] += sign * fuente
    if field(g, p, gear, Field.CLASS) == Class.WEAPON:
        cs[p, bearer, CS_WEAPONS] += sign
    else:
        cs[p, bearer, CS_ITEMS] += sign
    rules = 0
    m = in_zone(g, p, Zone.GEAR)
    while m:
        k = lowest_bit(m)
        m &= m - np.int64(1)
        if cs[p, k, CS_BEARER] == bearer + 1:
            rules |= field(g, p, k, Field.GRANTS)
    cs[p, bearer, CS_GEAR_RULES] = rules


@njit(cache=True, _nrt=False)
def attach(g: np.void, p: int, gear: int, bearer: int) -> None:
    """Rule E-18: the weapon or item goes onto its bearer and passes its special rules on."""
    move(g, p, gear, Zone.GEAR)
    g.cs[p, gear, CS_BEARER] = bearer + 1
    gear_stats(g, p, gear, bearer, np.int64(1))  # not a literal: one compile for both signs


@njit(cache=True, _nrt=False, inline="always")  # one caller, apply_effect: a library less to optimise
def detach(g: np.void, p: int, gear: int) -> None:
    """A weapon or item leaves its bearer for the Discard Zone (E-29); a bearer whose base Vital falls
    to what it lost is destroyed (its Opal gone)."""
    bearer = g.cs[p, gear, CS_BEARER] - 1
    g.cs[p, gear, CS_BEARER] = 0
    move(g, p, gear, Zone.DISCARD)
    gear_stats(g, p, gear, bearer, np.int64(-1))
    if bearer != PLAYER_C and vital_of(g, p, bearer) <= 0:
        destroy(g, p, bearer)


@njit(cache=True, _nrt=False)
def destroy(g: np.void, p: int, c: int) -> None:
    """A card leaves the field for its owner's Discard Zone, with its gear (E-27, E-29); a destroyed
    continuous spell or machine takes its passive effects with it (E-01). The Player card is never
    destroyed this way: its Vital at 0 ends the game (E-34)."""
    cs = g.cs
    if c == PLAYER_C or cs[p, c, CS_ZONE] == Zone.DISCARD:
        return
    foe = cs[p, c, CS_FOE] - 1
    if foe >= 0:
        cs[1 - p, foe, CS_FOE] = 0
        cs[p, c, CS_FOE] = 0
    m = in_zone(g, p, Zone.GEAR)
    while m:
        k = lowest_bit(m)
        m &= m - np.int64(1)
        if cs[p, k, CS_BEARER] == c + 1:
            cs[p, k, CS_BEARER] = 0
            move(g, p, k, Zone.DISCARD)
    for k in range(CS_LOST, N_CS):
        cs[p, c, k] = 0
    move(g, p, c, Zone.DISCARD)
    klass = field(g, p, c, Field.CLASS)
    if klass == Class.CHARACTER or klass == Class.MACHINE:
        g.ps[p, PS_DESTROYED] += 1
    record(g, p, Event.DESTROYED, cs[p, c, 0], 0, 0)
    if klass == Class.CONTINUOUS or klass == Class.MACHINE:
        refresh_passives(g)


@njit(cache=True, _nrt=False)
def lose_vital(g: np.void, p: int, c: int, amount: int) -> None:
    """`amount` off a card's Vital: direct damage to the Player card (E-13), or Vital a character lost
    until its controller's next Start (E-06, E-27); a character at 0 is destroyed."""
    if amount <= 0:
        return
    if c == PLAYER_C:
        g.ps[p, PS_VITAL] -= amount
    else:
        g.cs[p, c, CS_LOST] += amount
    record(g, p, Event.DAMAGE, g.cs[p, c, 0], amount, vital_of(g, p, c))
    if c != PLAYER_C and vital_of(g, p, c) <= 0:
        destroy(g, p, c)


@njit(cache=True, _nrt=False)
def heal_player(g: np.void, p: int, n: int) -> None:
    """The Player card gains n Vital, never above its base (E-14, E-31)."""
    ps = g.ps
    gained = max(0, min(n, ps[p, PS_BASE] - ps[p, PS_VITAL]))
    ps[p, PS_VITAL] += gained
    record(g, p, Event.HEAL, gained, ps[p, PS_VITAL], 0)


@njit(cache=True, _nrt=False)
def restore(g: np.void, p: int, c: int, n: int) -> None:
    """Rule E-31 `restore`: up to n of the Vital it paid or lost comes back, never above its base."""
    if c == PLAYER_C:
        heal_player(g, p, n)
        return
    back = min(n, g.cs[p, c, CS_LOST])
    g.cs[p, c, CS_LOST] -= back
    record(g, p, Event.HEAL, back, vital_of(g, p, c), 1)


@njit(cache=True, _nrt=False)
def hit(g: np.void, p: int, c: int, fuerza: int) -> None:
    """Rule E-27 for spells: the card's Fuerza less the target's Resistencia (at least `min_damage`)."""
    lose_vital(g, p, c, max(fuerza - resistencia_of(g, p, c), g.par[Param.MIN_DAMAGE]))


@njit(cache=True, _nrt=False, inline="always")  # one caller, spells.run_effects: a library less to optimise
def apply_effect(g: np.void, p: int, d: int, do: int, n: int, kind: int, tside: int, tcard: int) -> None:
    """Rule E-31: one effect of design d of player p on its target (checked by the caller, E-23).
    `damage` and `shield` deal the card's own Fuerza and Resistencia (E-04: no raise changes them)."""
    q = 1 - p
    row = g.tab[p, d]
    record(g, p, Event.EFFECT, do, n, tcard if tcard >= 0 else -1)
    if do == Do.DAMAGE:
        if kind == Target.ALL_ENEMY_CHARACTERS:
            m = in_play(g, q) & ~(np.int64(1) << PLAYER_C)
            while m:
                c = lowest_bit(m)
                m &= m - np.int64(1)
                if field(g, q, c, Field.IS_CHARACTER) and g.cs[q, c, CS_ZONE] != Zone.DISCARD:
                    hit(g, q, c, row[Field.FUERZA])
        elif kind == Target.ENEMY_PLAYER:
            hit(g, q, np.int64(PLAYER_C), row[Field.FUERZA])
        else:
            hit(g, q, tcard, row[Field.FUERZA])
    elif do == Do.SHIELD or do == Do.BOOST:
        col = CS_SHIELD if do == Do.SHIELD else CS_BOOST
        if do == Do.BOOST:
            g.ps[GAME, G_BOOSTED] = 1  # game.regroup clears the boosts only then
        amount = row[Field.RESISTENCIA] if do == Do.SHIELD else n
        if kind == Target.ALL_OWN_CHARACTERS:
            m = in_play(g, p) & ~(np.int64(1) << PLAYER_C)
            while m:
                c = lowest_bit(m)
                m &= m - np.int64(1)
                if field(g, p, c, Field.IS_CHARACTER):
                    g.cs[p, c, col] += amount
        else:
            g.cs[p, tcard, col] += amount
    elif do == Do.WEAKEN:
        g.ps[GAME, G_BOOSTED] = 1  # game.regroup clears the weakenings only then
        if kind == Target.ALL_ENEMY_CHARACTERS:
            m = in_play(g, q)
            while m:
                c = lowest_bit(m)
                m &= m - np.int64(1)
                g.cs[q, c, CS_BOOST] -= n
        else:
            g.cs[q, tcard, CS_BOOST] -= n
    elif do == Do.RESTORE:
        restore(g, p, tcard, n)
    elif do == Do.HEAL:
        heal_player(g, p, n)
    elif do == Do.DRAW:
        for _ in range(n):
            if not g.ps[GAME, G_OVER]:
                draw_card(g, p)
    elif do == Do.DESTROY_GEAR:
        detach(g, q, tcard)
    elif do == Do.NEGATE and kind == Target.CONTINUOUS_SPELL:
        if field(g, q, tcard, Field.LEVEL) <= n:  # rule E-01: a negated continuous spell is destroyed
            record(g, q, Event.NEGATED, g.cs[q, tcard, 0], p, 0)
            destroy(g, q, tcard)


@njit(cache=True, _nrt=False, inline="always")  # one caller, combat.combat_damage: a library less to optimise
def regenerate(g: np.void) -> None:
    """Rule E-30 `regeneracion`: at the end of every Combat phase each character bearing it gets back
    n lost Vital, never above its base (a Player card: n Vital, never above its base)."""
    for p in range(2):
        # only a card that prints it or bears gear has any: the others are skipped, in the same order
        m = in_play(g, p) & (g.ps[p, PS_REGEN_CARDS] | gear_bearers(g, p))
        while m:
            c = lowest_bit(m)
            m &= m - np.int64(1)
            n = field(g, p, c, Field.REGEN) + g.cs[p, c, CS_GEAR_REGEN]
            if n > 0:
                if c == PLAYER_C:
                    if g.ps[p, PS_VITAL] < g.ps[p, PS_BASE]:
                        heal_player(g, p, n)
                elif g.cs[p, c, CS_LOST] > 0:
                    restore(g, p, c, n)

