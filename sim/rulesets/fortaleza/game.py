"""A game of fortaleza's setup and mulligans (rules F-02 to F-05) and its turn (rule F-19) in the
pieces a hard player's worlds resume from (`rest_of_turn`). The game loop around them is
kernels.play_game; a hard player's turn is hard.take_turn_searching."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.records import record
from sim.rulesets.fortaleza.agents import choose_discard, keep_hand
from sim.rulesets.fortaleza.chain import main_phase, window
from sim.rulesets.fortaleza.combat import combat
from sim.rulesets.fortaleza.constants import N_DECK, N_DESIGNS, End, Event, Field, Kind, Param, Seen, Step, Zone
from sim.rulesets.fortaleza.effects import draw_or_lose, end_game
from sim.rulesets.fortaleza.field import discard_from_hand, draw_card, shuffle_deck
from sim.rulesets.fortaleza.state import (
    PS_ORDER, in_zone, lowest_bit, move,
    CS_ATQ_BOOST, CS_DAMAGE, CS_FLAGS, CS_FRESH, CS_PROT, CS_RES_BOOST, CS_TAPPED, G_ACTIVE, G_FIRST, G_OVER, G_STEP,
    G_TURN, GAME, PS_DAMAGED, PS_ENERGY, PS_FORT, PS_FPROT, PS_HAND, PS_LANDS, PS_MULLIGAN, PS_TOP, PS_TURNS,
    conservation_errors,
)


@njit(cache=True, _nrt=False)
def setup_game(g: np.void, first: int) -> None:
    """Rules F-02 and F-04: lands to the reserve, the rest shuffled, five cards each, Fortaleza 25,
    and each player may replace the whole hand (a free mulligan, `mulligans` times)."""
    tab, par, cs, ps = g.tab, g.par, g.cs, g.ps
    ps[GAME, G_FIRST] = first
    ps[GAME, G_ACTIVE] = first
    record(g, first, Event.START, first, 0, 0)
    for side in range(2):
        ps[side, PS_FORT] = par[Param.FORTALEZA]
        for c in range(N_DESIGNS):
            move(cs, ps, side, c, Zone.RESERVE if tab[side, c, Field.KIND] == Kind.LAND else Zone.DECK)
            if tab[side, c, Field.KIND] != Kind.LAND:
                cs[side, c, CS_FLAGS] = Seen.IN_DECK
        shuffle_deck(g, side)
        for i in range(min(par[Param.DECK_TOP], N_DECK - ps[side, PS_TOP])):  # the deck-position effect
            cs[side, ps[side, PS_ORDER + ps[side, PS_TOP] + i], CS_FLAGS] |= Seen.TOP
        for _ in range(par[Param.HAND_START]):
            draw_card(g, side, np.int64(0))
        for _ in range(par[Param.MULLIGANS]):
            if keep_hand(g, side):
                break
            ps[side, PS_MULLIGAN] += 1
            record(g, side, Event.MULLIGAN, 1, 0, 0)
            shuffle_deck(g, side)
            for _ in range(par[Param.HAND_START]):
                draw_card(g, side, np.int64(0))
        hand = in_zone(ps, side, Zone.HAND)
        while hand:
            c = lowest_bit(hand)
            hand &= hand - 1
            cs[side, c, CS_FLAGS] |= Seen.OPENING


@njit(cache=True, _nrt=False)
def start_turn(g: np.void) -> None:
    """Rule F-19 step 1 (F-09): untap your lands, units and artifacts, then draw, except the first
    player's first turn (F-05). Your units are no longer new (rule F-20)."""
    par, cs, ps = g.par, g.cs, g.ps
    p = ps[GAME, G_ACTIVE]
    ps[GAME, G_STEP] = Step.START
    ps[p, PS_TURNS] += 1
    record(g, p, Event.TURN, ps[p, PS_FORT], 44 - ps[p, PS_TOP], ps[1 - p, PS_FORT])
    ps[p, PS_ENERGY] = ps[p, PS_LANDS]
    field = in_zone(ps, p, Zone.UNIT) | in_zone(ps, p, Zone.SUPPORT)
    while field:
        c = lowest_bit(field)
        field &= field - 1
        cs[p, c, CS_TAPPED] = 0
        cs[p, c, CS_FRESH] = 0
    if ps[GAME, G_TURN] > 0 or par[Param.FIRST_DRAWS]:
        draw_or_lose(g, p, Seen.DRAWN)


@njit(cache=True, _nrt=False)
def end_turn(g: np.void) -> None:
    """Rule F-19 step 8: a last window, discard down to seven, then damage, Protección and
    temporary boosts are removed."""
    par, cs, ps = g.par, g.cs, g.ps
    p = ps[GAME, G_ACTIVE]
    ps[GAME, G_STEP] = Step.END
    window(g)
    if ps[GAME, G_OVER]:
        return
    while ps[p, PS_HAND] > par[Param.HAND_LIMIT]:
        discard_from_hand(g, p, choose_discard(g, p))
    for side in range(2):
        units = in_zone(ps, side, Zone.UNIT)
        while units:
            c = lowest_bit(units)
            units &= units - 1
            cs[side, c, CS_DAMAGE] = 0
            cs[side, c, CS_PROT] = 0
            cs[side, c, CS_ATQ_BOOST] = 0
            cs[side, c, CS_RES_BOOST] = 0
        ps[side, PS_DAMAGED] = 0  # no unit holds damage now: a unit leaving the field drops it (clear_field_state)
        if par[Param.FORTRESS_PROTECTION_TURN]:
            ps[side, PS_FPROT] = 0


@njit(cache=True, _nrt=False, inline="always")  # into take_turn and rest_of_turn: a greedy turn makes fewer calls
def _rest_of_turn(g: np.void, after: int) -> None:
    ps = g.ps
    if after < Step.BEGIN_COMBAT:
        if ps[GAME, G_OVER]:
            return
        combat(g)
    if after < Step.MAIN2:
        if ps[GAME, G_OVER]:
            return
        ps[GAME, G_STEP] = Step.MAIN2
        main_phase(g)
    if not ps[GAME, G_OVER]:
        end_turn(g)


@njit(cache=True, _nrt=False)
def rest_of_turn(g: np.void, after: int) -> None:
    """The active player's turn (rule F-19) from the end of step `after` on: after Step.MAIN1, combat,
    the second main phase and the end; after Step.BEGIN_COMBAT (the whole combat), the second main
    phase and the end; after Step.MAIN2, the end. A hard player's worlds finish a turn from its
    searched decision with it (hard.py)."""
    _rest_of_turn(g, after)


@njit(cache=True, _nrt=False)
def take_turn(g: np.void) -> None:
    """One whole turn of the active player (rule F-19): the start, the first main phase, then the
    rest (`rest_of_turn`)."""
    ps = g.ps
    start_turn(g)
    if ps[GAME, G_OVER]:
        return
    ps[GAME, G_STEP] = Step.MAIN1
    main_phase(g)
    _rest_of_turn(g, np.int64(Step.MAIN1))  # rest_of_turn, compiled in
