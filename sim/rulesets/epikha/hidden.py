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
from sim.rulesets.epikha.game import incoming_fuerza, setup_game, start_phase
from sim.rulesets.epikha.expert import (
    block_candidates, deploy_candidates, play_turn, search_attack, search_block, search_deploy,
)
from sim.rulesets.epikha.hard import search_attacks
from sim.rulesets.epikha.kernels import reset
from sim.core.search import SEARCH_WIDTH
from sim.rulesets.epikha.legal import may_attack, may_block
from sim.rulesets.epikha.state import (
    CS_ZONE, G_ACTIVE, G_OVER, GAME, PS_AGENT, PS_N_DECK, PS_ORDER, PS_TOP, PS_ZONE_MASK, move, seed_streams,
)

HAND_AND_DECK = HandAndDeck(zone=CS_ZONE, zone_masks=PS_ZONE_MASK, top=PS_TOP, order=PS_ORDER, hand=Zone.HAND,
                            deck=Zone.DECK)


class EpikhaHidden(HiddenInformationProbe):
    """Epikha's hooks of the probe; the ruleset (engine.Epikha) inherits them."""

    active_player, game_over = (GAME, G_ACTIVE), (GAME, G_OVER)
    play_turn = staticmethod(play_turn)  # expert.py's: a whole turn, a hard or expert player searching in its world

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
        searched attackers (in `world`); an expert's searched deployment step and attackers, and its searched blocker
        against each opposing card that could attack, alone in the Combat Zone. Each is asked without
        moving the game on (peek_decision)."""
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
        if g["ps"][p, PS_AGENT] == Agent.EXPERT:
            n = int(deploy_candidates(g, pp, g["options"], np.int64(g["search"][p, SEARCH_WIDTH])))
            if n > 1:
                out.append(("searched deployment", int(peek_decision(search_deploy, g, world, pp, np.int64(n)))))
            out.append(("searched attackers", int(peek_decision(search_attack, g, world, pp))))
            out.extend(self._searched_blocks(g, world, p))
        return out

    def _searched_blocks(self, g: np.void, world: np.void, p: int) -> list:
        """An expert p's searched blocker against each opposing card in the Deployment Zone that may
        attack, put alone into the Combat Zone of a copy of the position as though it attacked."""
        out = []
        q = 1 - p
        for a in range(MAX_DECK + 2):
            if g["cs"][q, a, CS_ZONE] != Zone.DEPLOY or not may_attack(g, np.int64(q), np.int64(a)):
                continue
            copy = np.empty(1, g.dtype)  # the position as though q attacked with a alone
            copy[0] = g
            attacked = copy[0]
            attacked["ps"][GAME, G_ACTIVE] = q
            move(attacked, np.int64(q), np.int64(a), np.int64(Zone.COMBAT))
            incoming = incoming_fuerza(attacked, np.int64(q))
            n = int(block_candidates(attacked, np.int64(p), np.int64(a), incoming, attacked["options"],
                                     np.int64(attacked["search"][p, SEARCH_WIDTH])))
            if n > 1:
                b = peek_decision(search_block, attacked, world, np.int64(p), np.int64(a), np.int64(0), incoming,
                                  np.int64(n))
                out.append(("searched block", a, int(b)))
        return out

    def redeal_hidden(self, g: np.void, q: int, rng: np.random.Generator) -> None:
        """Deal again what the other player cannot see of q: which of q's deck cards are in its hand and
        which in its deck, and the deck order (the Player card and its gear are in sight)."""
        hidden = HAND_AND_DECK.cards_in(g, q, MAX_DECK, (Zone.HAND, Zone.DECK))
        redeal_hand_and_deck(g, q, rng, HAND_AND_DECK, hidden, int(g["ps"][q, PS_N_DECK]))
