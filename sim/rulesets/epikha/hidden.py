"""What is epikha's own in the hidden-information probe (invariant 5; the probe is the shell's,
sim.core.hidden): how a game and a turn begin, everything a player would decide in a position, and
what of a side the opponent cannot see. Built on the kernels' own functions, as kernels.play_unit
begins a game."""

from __future__ import annotations

import numpy as np

from sim.core.hidden import HandAndDeck, HiddenInformationProbe, peek_decision, redeal_hand_and_deck
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
    CS_ZONE, G_ACTIVE, G_OVER, GAME, PS_AGENT, PS_N_DECK, PS_ORDER, PS_TOP, PS_ZONE_MASK, seed_streams,
)

HAND_AND_DECK = HandAndDeck(zone=CS_ZONE, zone_masks=PS_ZONE_MASK, top=PS_TOP, order=PS_ORDER, hand=Zone.HAND,
                            deck=Zone.DECK)


class EpikhaHidden(HiddenInformationProbe):
    """Epikha's hooks of the probe; the ruleset (engine.Epikha) inherits them."""

    active_player, game_over = (GAME, G_ACTIVE), (GAME, G_OVER)
    play_turn = staticmethod(play_turn)  # hard.py's: a whole turn, a hard player searching in its world

    def begin_game(self, compiled: object, ws: np.ndarray, seed: np.uint64) -> None:
        """A game begun as kernels.play_unit begins one, side A first."""
        reset(ws[0])
        seed_streams(ws[0], seed, np.uint64(0))
        setup_game(ws[0], np.int64(0))

    def begin_turn(self, g: np.void, p: int) -> None:
        """Up to the Deployment phase: the Start phase (untap, draw, start effects)."""
        start_phase(g)

    def decisions(self, g: np.void, world: np.void, p: int) -> list:
        """Everything p's agent would decide now: its mulligan, every deployment step listed with its
        worth and the one chosen (Deployment and Regroup), its action in each spell window, its
        attackers, and its blocker against each opposing card that could attack; a hard player's
        searched attackers (in `world`). Each is asked without moving the game on (peek_decision)."""
        pp = np.int64(p)
        out: list = [("mulligan", bool(peek_decision(wants_mulligan, g, pp)))]
        cand = g["cand"]
        for window in (Window.DEPLOYMENT, Window.REGROUP):
            n = int(list_deployments(g, pp, np.int64(window)))
            listed = [(tuple(cand[i]), round(float(deployment_worth(g, pp, cand[i, 0], cand[i, 1], cand[i, 2])), 9))
                      for i in range(n)]
            k = int(peek_decision(choose_deployment, g, pp, np.int64(window)))
            out.append(("deploy", int(window), listed, tuple(cand[k]) if k >= 0 else None))
        for window in Window:
            action = peek_decision(choose_window_action, g, pp, np.int64(window))
            out.append(("window", int(window), tuple(int(x) for x in action)))
        out.append(("attackers", int(peek_decision(choose_attackers, g, pp))))
        q = 1 - p
        free = np.int64(0)
        for b in range(MAX_DECK + 2):
            if may_block(g, pp, np.int64(b)):
                free |= np.int64(1) << np.int64(b)
        for a in range(MAX_DECK + 2):
            if g["cs"][q, a, CS_ZONE] == Zone.DEPLOY and free:
                out.append(("block", a, int(peek_decision(choose_blocker, g, pp, np.int64(a), free, np.int64(20)))))
        if g["ps"][p, PS_AGENT] == Agent.HARD:
            out.append(("searched attackers", int(peek_decision(search_attacks, g, world, pp))))
        return out

    def redeal_hidden(self, g: np.void, q: int, rng: np.random.Generator) -> None:
        """Deal again what the other player cannot see of q: which of q's deck cards are in its hand and
        which in its deck, and the deck order (the Player card and its gear are in sight)."""
        hidden = HAND_AND_DECK.cards_in(g, q, MAX_DECK, (Zone.HAND, Zone.DECK))
        redeal_hand_and_deck(g, q, rng, HAND_AND_DECK, hidden, int(g["ps"][q, PS_N_DECK]))
