"""The tiny game's batch kernel: `play_range` plays a range of games, one whole game per iteration,
without the GIL (the shell's play_chunk runs blocks of games on threads). Game u is a pure function
of (run seed, config, u): seat-mirrored games 2k and 2k+1 share their streams and differ only in who
leads first (sim.core.hand_and_deck.begin_unit). The two kernels are the game's own: numba caches a
kernel that calls the game's functions, not one handed them (docs/adding-a-game.md)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core.hand_and_deck import G_TURN, GAME, begin_unit, write_unit
from sim.core.turns import play_units
from tests.rulesets.tiny.constants import Col
from tests.rulesets.tiny.game import play_game
from tests.rulesets.tiny.state import PS_POINTS


@njit(cache=True, _nrt=False)
def play_unit(u: int, seed: np.uint64, mirrored: bool, setup: np.ndarray, rows: np.ndarray, flags: np.ndarray,
              g: np.void, world: np.void) -> int:
    """Play game u into rows[0] and flags[0] in the game record `g` (`world`, where a search agent
    would play, is not read); `setup` is (agent, cards, forced draw) per side. Returns the debug
    checks' problem count."""
    first = begin_unit(g, u, seed, mirrored, setup)
    problems = play_game(g, first)
    write_unit(rows, flags, g, u, first, g.ps[GAME, G_TURN])
    for side in range(2):
        rows[0, Col.POINTS_A + side] = g.ps[side, PS_POINTS]
    return problems


@njit(cache=True, nogil=True)
def play_range(unit_start: int, n_units: int, seed: np.uint64, mirrored: bool, setup: np.ndarray, rows: np.ndarray,
               flags: np.ndarray, ws: np.ndarray) -> int:
    """The batch kernel: games unit_start .. unit_start+n_units-1, game i into rows[i] and flags[i],
    in the game record ws[0] (sim.core.turns.play_units). Returns the debug checks' problem count."""
    return play_units(unit_start, n_units, seed, mirrored, setup, rows, flags, ws, play_unit)
