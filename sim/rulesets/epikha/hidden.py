"""The hidden-information probe's moves for epikha (invariant 5, engine.hidden_information_probe):
positions reached by play, everything a player would decide in one, and the opponent's hidden cards
dealt again. Built on the kernels' own functions, as kernels.play_unit begins a game."""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from sim.core.match import MatchConfig, SideConfig, default_label
from sim.rulesets.epikha.agents import (
    choose_attackers, choose_blocker, choose_deployment, choose_window_action, deployment_worth, list_deployments,
    wants_mulligan,
)
from sim.rulesets.epikha.constants import MAX_DECK, Agent, Window, Zone
from sim.rulesets.epikha.game import setup_game, start_phase
from sim.rulesets.epikha.hard import play_turn, search_attacks
from sim.rulesets.epikha.kernels import reset
from sim.rulesets.epikha.legal import may_block
from sim.rulesets.epikha.state import (
    CS_ZONE, G_ACTIVE, G_OVER, G_TURN, GAME, PS_AGENT, PS_HAND, PS_N_DECK, PS_ORDER, PS_TOP, move, seed_streams,
)


def positions_in_play(ruleset: Any, seed: int, n: int, agent: str, rng: np.random.Generator) -> Iterator[tuple]:
    """Up to n positions reached by play, `agent` on both sides of the first two sides (both ways
    round), 2 to 15 turns in, stopped after the next player's Start phase: yields (workspace, player)."""
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
        start_phase(g)
        if not g["ps"][GAME, G_OVER]:
            yield ws, p


def decisions(g: np.void, world: np.void, p: int) -> list:
    """Everything p's agent would decide now: its mulligan, every deployment step listed with its
    worth and the one chosen (Deployment and Regroup), its action in each spell window, its
    attackers, and its blocker against each opposing card that could attack; a hard player's
    searched attackers (in `world`). The agent's random stream is put back after each choice."""
    rng = g["rng"].copy()
    pp = np.int64(p)
    out: list = [("mulligan", bool(wants_mulligan(g, pp)))]
    cand = g["cand"]
    for window in (Window.DEPLOYMENT, Window.REGROUP):
        n = int(list_deployments(g, pp, np.int64(window)))
        listed = [(tuple(cand[i]), round(float(deployment_worth(g, pp, cand[i, 0], cand[i, 1], cand[i, 2])), 9))
                  for i in range(n)]
        k = int(choose_deployment(g, pp, np.int64(window)))
        out.append(("deploy", int(window), listed, tuple(cand[k]) if k >= 0 else None))
        g["rng"][:] = rng
    for window in Window:
        out.append(("window", int(window), tuple(int(x) for x in choose_window_action(g, pp, np.int64(window)))))
        g["rng"][:] = rng
    out.append(("attackers", int(choose_attackers(g, pp))))
    g["rng"][:] = rng
    q = 1 - p
    free = np.int64(0)
    for b in range(MAX_DECK + 2):
        if may_block(g, pp, np.int64(b)):
            free |= np.int64(1) << np.int64(b)
    for a in range(MAX_DECK + 2):
        if g["cs"][q, a, CS_ZONE] == Zone.DEPLOY and free:
            out.append(("block", a, int(choose_blocker(g, pp, np.int64(a), free, np.int64(20)))))
            g["rng"][:] = rng
    if g["ps"][p, PS_AGENT] == Agent.HARD:
        out.append(("searched attackers", int(search_attacks(g, world, pp))))
        g["rng"][:] = rng
    return out


def redeal_hidden(g: np.void, q: int, rng: np.random.Generator) -> None:
    """Deal again what the other player cannot see of q: which of q's deck cards are in its hand and
    which in its deck, and the deck order. Zones change through state.move."""
    cs, ps = g["cs"], g["ps"]
    hidden = [c for c in range(MAX_DECK) if cs[q, c, CS_ZONE] in (Zone.HAND, Zone.DECK)]
    in_hand = int(ps[q, PS_HAND])
    dealt = [int(c) for c in rng.permutation(hidden)]
    for k, c in enumerate(dealt):
        move(g, np.int64(q), np.int64(c), np.int64(Zone.HAND if k < in_hand else Zone.DECK))
    deck = dealt[in_hand:]
    n_deck = int(ps[q, PS_N_DECK])
    ps[q, PS_TOP] = n_deck - len(deck)
    ps[q, PS_ORDER + n_deck - len(deck):PS_ORDER + n_deck] = deck
