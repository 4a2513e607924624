"""What is rolplay's own in the hidden-information probe (invariant 5; the probe is the shell's,
sim.core.hidden): how a game and a turn begin, everything a player would decide in a position, and
what of a side the opponent cannot see. Built on the kernels' own functions, as kernels.play_unit
begins a game."""

from __future__ import annotations

import numpy as np

from sim.core.mcts import T_CHILDREN, T_FIRST, T_MOVE, T_STEP
from sim.core.search import SEARCH_WIDTH
from sim.core.hidden import HandAndDeck, HiddenInformationProbe, redeal_hand_and_deck
from sim.rulesets.rolplay.agents import (
    choose_activation, choose_power, choose_summon, choose_target, list_activations, list_summons, wants_attack_mode,
    wants_to_defend,
)
from sim.rulesets.rolplay.constants import Agent, Class, Field, N_CARDS, Zone
from sim.rulesets.rolplay.game import powers_phase, setup_game, start_turn
from sim.rulesets.rolplay.expert import STEP_MODES, STEP_SUMMON, play_turn, search_step, summon_candidates
from sim.rulesets.rolplay.hard import list_modes, search_modes
from sim.rulesets.rolplay.kernels import reset
from sim.rulesets.rolplay.legal import defender_for
from sim.rulesets.rolplay.state import (
    CS_ATTACK_MODE, CS_DESIGN, CS_REVEALED, CS_ZONE, G_ACTIVE, G_OVER, GAME, PS_AGENT, PS_ORDER, PS_SPELL, PS_TOP,
    PS_ZONE_MASK, move, seed_streams,
)

HAND_AND_DECK = HandAndDeck(zone=CS_ZONE, zone_masks=PS_ZONE_MASK, top=PS_TOP, order=PS_ORDER, hand=Zone.HAND,
                            deck=Zone.DECK)


def searched_tree(g: np.void) -> list:
    """An expert's last tree, the nodes reached from its root (the rows after them are an earlier
    search's): each node's step, move, visits and summed score."""
    tree, value = g["tree"], g["tree_value"]
    nodes, out = [0], []
    while nodes:
        node = nodes.pop()
        out.append((*tree[node, T_STEP:T_STEP + 1].tolist(), int(tree[node, T_MOVE]), *value[node].tolist()))
        first = int(tree[node, T_FIRST])
        nodes.extend(range(first, first + max(int(tree[node, T_CHILDREN]), 0)))
    return out


class RolplayHidden(HiddenInformationProbe):
    """Rolplay's hooks of the probe; the ruleset (engine.Rolplay) inherits them."""

    active_player, game_over = (GAME, G_ACTIVE), (GAME, G_OVER)
    play_turn = staticmethod(play_turn)  # expert.py's: a whole turn, a hard or expert player searching in its world

    def begin_game(self, compiled: object, ws: np.ndarray, seed: np.uint64) -> None:
        """A game begun as kernels.play_unit begins one, side A first."""
        reset(ws[0])
        seed_streams(ws[0], seed, np.uint64(0))
        setup_game(ws[0], np.int64(0))

    def begin_turn(self, g: np.void, p: int) -> None:
        """Up to phase 3: the regroup and the draw, then the powers (R-08)."""
        start_turn(g)
        if not g["ps"][GAME, G_OVER]:
            powers_phase(g, np.int64(p))

    def decisions(self, g: np.void, world: np.void, p: int) -> list:
        """Everything p's agent would decide now: the power to conjure, every summon listed and the one
        chosen, every activation listed and the one chosen, each creature's mode and target, each of p's
        creatures' answer to each opposing creature's attack in the 2002 variant, and a hard player's
        searched attack modes (in the world record `world`), or an expert's first summon and its modes,
        each with every node of its tree (the turn's decisions below: their moves, visits and scores). The creatures' modes
        are left as they were."""
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
        agent = g["ps"][p, PS_AGENT]
        modes = cs[p, :, CS_ATTACK_MODE].copy()
        if agent == Agent.HARD:
            out.append(("searched modes", int(search_modes(g, world, np.int64(p)))))
        elif agent == Agent.EXPERT:
            width = np.int64(g["search"][p, SEARCH_WIDTH])
            for name, step, n in (("searched summon", STEP_SUMMON, summon_candidates(g, np.int64(p), width, g["options"])),
                                  ("searched modes", STEP_MODES, list_modes(g, np.int64(p), width))):
                if n > 1:
                    node = int(search_step(g, world, np.int64(p), np.int64(step), np.int64(n)))
                    out.append((name, int(g["tree"][node, T_MOVE]), searched_tree(g)))
        cs[p, :, CS_ATTACK_MODE] = modes
        return out

    def redeal_hidden(self, g: np.void, q: int, rng: np.random.Generator) -> None:
        """Deal again what the other player cannot see of q: which of q's cards are in the hand and which
        in the deck, the deck order, and which spell lies face down (a face-down spell swaps with a
        spell in q's hand or deck). Zones change as state.move changes them, the masks in step."""
        cs, ps, tab = g["cs"], g["ps"], g["tab"]
        hidden = HAND_AND_DECK.cards_in(g, q, N_CARDS, (Zone.HAND, Zone.DECK))
        dealt = redeal_hand_and_deck(g, q, rng, HAND_AND_DECK, hidden, N_CARDS)
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
