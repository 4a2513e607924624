"""One combat of dicedraft: declare, block, the dice chain, resolve (rules D-06 to D-15)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.bitsets import lowest_bit
from sim.core.records import record
from sim.core.rng import Purpose, below
from sim.rulesets.dicedraft.agents import choose_attackers, choose_blocks, choose_die, choose_fight
from sim.rulesets.dicedraft.constants import Boost, Event, Field, Seen, Zone
from sim.rulesets.dicedraft.fights import fight_deaths
from sim.rulesets.dicedraft.legal import list_attackers, list_blockers, usable_dice
from sim.rulesets.dicedraft.state import (
    CS_FLAGS, F_A0, F_A1, F_ATQ_A, F_ATQ_D, F_D0, F_D1, F_DEF_A, F_DEF_D, G_TRACED, GAME, PS_LIVES, PS_REVEALED,
    SC_ATTACKERS, SC_BLOCKED, move, stream, zone_mask,
)


@njit(cache=True, _nrt=False, inline="always")
def _reveal(g: np.void, side: int, card: int) -> None:
    """A face-down card becomes known when it attacks, blocks or is used (decision, rules.md)."""
    g.cs[side, card, CS_FLAGS] |= Seen.REVEALED
    g.ps[side, PS_REVEALED] |= np.int64(1) << np.int64(card)


@njit(cache=True, _nrt=False, inline="always")
def combat(g: np.void, att: int) -> None:
    """The active player's attack: rules D-07 (declare together), D-08 (blocks), D-13 (dice), D-15."""
    declared_attack(g, att, choose_attackers(g, att, list_attackers(g, att)))


@njit(cache=True, _nrt=False, inline="always")
def declared_attack(g: np.void, att: int, na: int) -> None:
    """The attack of the na characters at the front of g.scratch[SC_ATTACKERS] (rule D-07), from
    their reveal on: blocks (D-08), the dice chain (D-13) and the resolution (D-15)."""
    if na == 0:
        return
    fight_out(g, att, na, blocks_declared(g, att, na))


@njit(cache=True, _nrt=False, inline="always")
def blocks_declared(g: np.void, att: int, na: int) -> int:
    """Rules D-07 and D-08: the na attackers at the front of g.scratch[SC_ATTACKERS] are declared,
    the defender chooses its blocks (g.fights, g.scratch[SC_BLOCKED]) and declares them; returns
    the number of fights."""
    declare(g, att, na)
    dfn = 1 - att
    nb = list_blockers(g, dfn)  # any character on the table may block (rule D-07)
    nf = choose_blocks(g, dfn, na, nb)
    reveal_blocks(g, att, nf)
    return nf


@njit(cache=True, _nrt=False, inline="always")
def declare(g: np.void, att: int, na: int) -> None:
    """Rule D-07: the na attackers at the front of g.scratch[SC_ATTACKERS] are declared (and revealed)."""
    attackers = g.scratch[SC_ATTACKERS]
    for i in range(na):
        _reveal(g, att, attackers[i])
        record(g, att, Event.ATTACK, attackers[i], 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def reveal_blocks(g: np.void, att: int, nf: int) -> None:
    """Rule D-08: the defenders of the nf fights in g.fights are declared (and revealed)."""
    fights = g.fights
    dfn = 1 - att
    for f in range(nf):
        _reveal(g, dfn, fights[f, F_D0])
        record(g, dfn, Event.BLOCK, fights[f, F_D0], fights[f, F_A0], 0)
        if fights[f, F_A1] >= 0:
            record(g, dfn, Event.BLOCK, fights[f, F_D0], fights[f, F_A1], 1)
        if fights[f, F_D1] >= 0:
            _reveal(g, dfn, fights[f, F_D1])
            record(g, dfn, Event.BLOCK, fights[f, F_D1], fights[f, F_A0], 0)


@njit(cache=True, _nrt=False, inline="always")
def fight_out(g: np.void, att: int, na: int, nf: int) -> None:
    """The declared attack of na characters and its nf blocked fights (g.fights, g.scratch[SC_BLOCKED])
    fought: the dice chain (D-13), then the resolution (D-15)."""
    if nf > 0:  # rule D-13: a dice chain only when there is at least one block
        dice_chain(g, nf, att)
    resolve(g, nf, att, na)


@njit(cache=True, _nrt=False, inline="always")
def dice_chain(g: np.void, nf: int, att: int) -> None:
    """Rule D-13: the attacker starts; players alternate using one dice card or passing; two passes
    in a row end the chain; each roll is assigned to one fight and lasts this combat."""
    tab, fights = g.tab, g.fights
    side_a = np.int64(0)  # not literals: a literal argument makes numba compile a function twice
    side_b = np.int64(1)
    has_dice_0 = usable_dice(g, side_a) != 0  # a player with no dice on the table can only pass
    has_dice_1 = usable_dice(g, side_b) != 0
    current = att
    passes = 0
    while passes < 2:
        card = -1
        if has_dice_1 if current == 1 else has_dice_0:
            card = choose_die(g, current, att, nf)
        if card < 0:
            passes += 1
            record(g, current, Event.DICE_PASS, 0, 0, 0)
        else:
            passes = 0
            roll = 1 + below(g.rng, stream(current, Purpose.DICE), tab[current, card, Field.DIE])
            boost = tab[current, card, Field.BOOST]
            f = choose_fight(g, current, att, nf, boost, roll)
            add_boost(g, f, current == att, boost, roll)
            _reveal(g, current, card)
            move(g, current, card, Zone.DISCARD)  # a used dice card goes to the discard pile
            if current == 0:
                has_dice_0 = usable_dice(g, side_a) != 0
            else:
                has_dice_1 = usable_dice(g, side_b) != 0
            record(g, current, Event.DICE, card, roll, fights[f, F_A0])
        current = 1 - current


@njit(cache=True, _nrt=False, inline="always")
def add_boost(g: np.void, f: int, by_attacker: bool, boost: int, roll: int) -> None:
    """Rule D-14: a boost is added once to its side of the fight, whatever the number of fighters."""
    if by_attacker:
        g.fights[f, F_ATQ_A if boost == Boost.ATQ else F_DEF_A] += roll
    else:
        g.fights[f, F_ATQ_D if boost == Boost.ATQ else F_DEF_D] += roll


@njit(cache=True, _nrt=False, inline="always")
def resolve(g: np.void, nf: int, att: int, na: int) -> None:
    """Rule D-15: every fight resolves at once (both sides may die; damage does not stay);
    rule D-09: unblocked attackers deal their printed ATQ to the defender's lives, once each.
    The na attackers are in g.scratch[SC_ATTACKERS], marked (0 or 1) in g.scratch[SC_BLOCKED].

    Who dies is gathered into masks by shifts and the lives by products, not by branches (which
    fighter dies, which attacker is blocked, are coin tosses to the branch predictor); a traced
    game then records the events in the fights' order (`_record_resolution`)."""
    tab, ps, fights = g.tab, g.ps, g.fights
    attackers, blocked = g.scratch[SC_ATTACKERS], g.scratch[SC_BLOCKED]
    dfn = 1 - att
    dead_att = np.int64(0)
    dead_dfn = np.int64(0)
    for f in range(nf):
        a0_dies, a1_dies, d0_dies, d1_dies = fight_deaths(g, f, att)
        # an empty slot (-1) never dies: its shift is by 0, of a 0
        dead_att |= (np.int64(a0_dies) << np.int64(fights[f, F_A0])) | (
            np.int64(a1_dies) << np.int64(max(fights[f, F_A1], 0)))
        dead_dfn |= (np.int64(d0_dies) << np.int64(fights[f, F_D0])) | (
            np.int64(d1_dies) << np.int64(max(fights[f, F_D1], 0)))
    lives_before = ps[dfn, PS_LIVES]
    for i in range(na):
        ps[dfn, PS_LIVES] -= tab[att, attackers[i], Field.ATQ] * (1 - blocked[i])
    gone_att = dead_att & zone_mask(g, att, Zone.TABLE)  # dead characters go to the discard pile
    gone_dfn = dead_dfn & zone_mask(g, dfn, Zone.TABLE)
    for side, gone in ((att, gone_att), (dfn, gone_dfn)):
        while gone:
            move(g, side, lowest_bit(gone), Zone.DISCARD)
            gone &= gone - np.int64(1)
    if g.ps[GAME, G_TRACED]:
        _record_resolution(g, nf, att, na, lives_before, dead_att, dead_dfn, gone_att, gone_dfn)


@njit(cache=True, _nrt=False)
def _record_resolution(g: np.void, nf: int, att: int, na: int, lives: int, dead_att: np.int64, dead_dfn: np.int64,
                       gone_att: np.int64, gone_dfn: np.int64) -> None:
    """A traced game's events of `resolve`: each unblocked attacker with the lives it leaves, then
    each fighter of each fight in order, dead (the first time: a card dies once) or surviving."""
    tab, fights = g.tab, g.fights
    attackers, blocked = g.scratch[SC_ATTACKERS], g.scratch[SC_BLOCKED]
    dfn = 1 - att
    one = np.int64(1)
    for i in range(na):
        if not blocked[i]:
            lives -= tab[att, attackers[i], Field.ATQ]
            record(g, att, Event.UNBLOCKED, attackers[i], tab[att, attackers[i], Field.ATQ], lives)
    for f in range(nf):
        for slot, side, dead in ((F_A0, att, dead_att), (F_A1, att, dead_att), (F_D0, dfn, dead_dfn),
                                 (F_D1, dfn, dead_dfn)):
            card = fights[f, slot]
            if card < 0:
                continue
            if not (dead >> np.int64(card)) & one:
                record(g, side, Event.SURVIVES, card, side, 0)
                continue
            bit = one << np.int64(card)
            if side == att and gone_att & bit:
                gone_att &= ~bit
                record(g, side, Event.DIES, card, side, 0)
            elif side == dfn and gone_dfn & bit:
                gone_dfn &= ~bit
                record(g, side, Event.DIES, card, side, 0)
