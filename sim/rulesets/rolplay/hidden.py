"""The hidden-information probe's moves for rolplay (invariant 5, engine.hidden_information_probe):
positions reached by play, everything a player would decide in one, and the opponent's hidden
cards dealt again. Built on the kernels' own functions, as kernels.play_unit begins a game."""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from sim.core.match import MatchConfig, SideConfig, default_label
from sim.rulesets.rolplay.agents import (
    choose_activation, choose_power, choose_summon, choose_target, list_activations, list_summons, wants_attack_mode,
    wants_to_defend,
)
from sim.rulesets.rolplay.constants import Agent, Class, Field, N_CARDS, Zone
from sim.rulesets.rolplay.game import powers_phase, setup_game, start_turn
from sim.rulesets.rolplay.hard import play_turn, search_modes
from sim.rulesets.rolplay.kernels import reset
from sim.rulesets.rolplay.legal import defender_for
from sim.rulesets.rolplay.state import (
    CS_ATTACK_MODE, CS_DESIGN, CS_REVEALED, CS_ZONE, PS_AGENT, G_ACTIVE, G_OVER, G_TURN, GAME, PS_HAND, PS_ORDER, PS_SPELL, PS_TOP, move,
    seed_streams,
)


def positions_in_play(ruleset: Any, seed: int, n: int, agent: str, rng: np.random.Generator) -> Iterator[tuple]:
    """Up to n positions reached by play, `agent` on both sides of the first two decks (both ways
    round), 2 to 15 turns in, stopped after the next player's regroup, draw and powers: yields
    (workspace, the player to move)."""
    factions = ruleset.list_factions(ruleset.cards_dir)[:2]
    configs = [ruleset.compile(MatchConfig("positions in play", tuple(
        SideConfig(f, default_label(f, i), agent) for i, f in enumerate(pair)))) for pair in (factions, factions[::-1])]
    for k in range(n):
        compiled = configs[k % len(configs)]
        ws = compiled.workspace()
        g = ws[0]
        reset(g)
        seed_streams(g, np.uint64(seed + k), np.uint64(0))
        setup_game(g, np.int64(0))
        turns = int(rng.integers(2, 16))
        for t in range(turns):
            g["ps"][GAME, G_ACTIVE] = t % 2
            g["ps"][GAME, G_TURN] = t
            play_turn(g, ws[1])
            if g["ps"][GAME, G_OVER]:
                break
        if g["ps"][GAME, G_OVER]:
            continue
        p = turns % 2
        g["ps"][GAME, G_ACTIVE] = p
        g["ps"][GAME, G_TURN] = turns
        start_turn(g)
        if not g["ps"][GAME, G_OVER]:
            powers_phase(g, np.int64(p))
        if not g["ps"][GAME, G_OVER]:
            yield ws, p


def decisions(g: np.void, world: np.void, p: int) -> list:
    """Everything p's agent would decide now: the power to conjure, every summon listed and the one
    chosen, every activation listed and the one chosen, each creature's mode and target, each of p's
    creatures' answer to each opposing creature's attack in the 2002 variant, and a hard player's
    searched attack modes (in the world record `world`). The creatures' modes are left as they were."""
    cand = g["cand"]
    out: list = [("power", int(choose_power(g, np.int64(p))))]
    n = int(list_summons(g, np.int64(p)))
    k = int(choose_summon(g, np.int64(p)))
    out.append(("summon", [tuple(cand[i]) for i in range(n)], tuple(cand[k]) if k >= 0 else None))
    n = int(list_activations(g, np.int64(p)))
    k = int(choose_activation(g, np.int64(p)))
    out.append(("activate", [tuple(cand[i]) for i in range(n)], tuple(cand[k]) if k >= 0 else None))
    q = 1 - p
    cs = g["cs"]
    for c in range(N_CARDS):
        if cs[p, c, CS_ZONE] == Zone.CREATURE:
            out.append(("mode", c, bool(wants_attack_mode(g, np.int64(p), np.int64(c)))))
            out.append(("target", c, int(choose_target(g, np.int64(p), np.int64(c)))))
    for a in range(N_CARDS):
        if cs[q, a, CS_ZONE] == Zone.CREATURE:
            d = int(defender_for(g, np.int64(q), np.int64(a), np.int64(-1)))
            if d >= 0:
                out.append(("defend", a, d, bool(wants_to_defend(g, np.int64(p), np.int64(d), np.int64(a)))))
    if g["ps"][p, PS_AGENT] == Agent.HARD:
        modes = cs[p, :, CS_ATTACK_MODE].copy()
        out.append(("searched modes", int(search_modes(g, world, np.int64(p)))))
        cs[p, :, CS_ATTACK_MODE] = modes
    return out


def redeal_hidden(g: np.void, q: int, rng: np.random.Generator) -> None:
    """Deal again what the other player cannot see of q: which of q's cards are in the hand and which
    in the deck, the deck order, and which spell lies face down (a face-down spell swaps with a
    spell in q's hand or deck). Zones change through state.move, which keeps the masks in step."""
    cs, ps, tab = g["cs"], g["ps"], g["tab"]
    hidden = [c for c in range(N_CARDS) if cs[q, c, CS_ZONE] in (Zone.HAND, Zone.DECK)]
    in_hand = int(ps[q, PS_HAND])
    dealt = [int(c) for c in rng.permutation(hidden)]
    for k, c in enumerate(dealt):
        move(g, np.int64(q), np.int64(c), np.int64(Zone.HAND if k < in_hand else Zone.DECK))
    deck = dealt[in_hand:]
    ps[q, PS_TOP] = N_CARDS - len(deck)
    ps[q, PS_ORDER + N_CARDS - len(deck):PS_ORDER + N_CARDS] = deck
    spell = int(ps[q, PS_SPELL]) - 1
    if spell >= 0 and not cs[q, spell, CS_REVEALED]:
        others = [c for c in dealt if tab[q, cs[q, c, CS_DESIGN], Field.CLASS] == Class.SPELL]
        if others:
            other = others[int(rng.integers(len(others)))]
            zone = int(cs[q, other, CS_ZONE])
            move(g, np.int64(q), np.int64(other), np.int64(Zone.SPELL))
            move(g, np.int64(q), np.int64(spell), np.int64(zone))
            ps[q, PS_SPELL] = other + 1
            for i in range(int(ps[q, PS_TOP]), N_CARDS):
                if ps[q, PS_ORDER + i] == other:
                    ps[q, PS_ORDER + i] = spell
