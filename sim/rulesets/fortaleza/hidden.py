"""What is fortaleza's own in the hidden-information probe (invariant 5; the probe is the shell's,
sim.core.hidden): how a game and a turn begin, everything a player would decide in a position, and
what of a side the opponent cannot see. Built on the kernels' own functions, as kernels.play_unit
begins a game."""

from __future__ import annotations

import numpy as np

from sim.core.hidden import HandAndDeck, HiddenInformationProbe, redeal_hand_and_deck
import sim.rulesets.fortaleza.expert as expert  # the module, not the package: the package imports the engine
from sim.rulesets.fortaleza.agents import choose_action, choose_blocker, wants_to_attack
from sim.rulesets.fortaleza.constants import N_DECK, N_DESIGNS, Action, Agent, Field, Kind, Step, Zone
from sim.rulesets.fortaleza.game import setup_game, start_turn
from sim.rulesets.fortaleza.expert import play_turn
from sim.rulesets.fortaleza.hard import search_action, search_attackers
from sim.rulesets.fortaleza.kernels import reset
from sim.rulesets.fortaleza.legal import can_attack
from sim.rulesets.fortaleza.state import (
    CS_ATTACKING, CS_SET_TURN, CS_SHOWN, CS_ZONE, G_ACTIVE, G_LISTED, G_OVER, G_STEP, GAME, PS_AGENT, PS_ORDER, PS_TOP,
    PS_ZONE_MASK, move, seed_streams,
)

HAND_AND_DECK = HandAndDeck(zone=CS_ZONE, zone_masks=PS_ZONE_MASK, top=PS_TOP, order=PS_ORDER, hand=Zone.HAND,
                            deck=Zone.DECK)


class FortalezaHidden(HiddenInformationProbe):
    """Fortaleza's hooks of the probe; the ruleset (engine.Fortaleza) inherits them."""

    active_player, game_over = (GAME, G_ACTIVE), (GAME, G_OVER)
    probe_turns = (2, 14)  # a position is 2 to 13 turns in, at the next player's first main phase
    play_turn = staticmethod(play_turn)  # expert.py's: a whole turn, a hard or expert player searching in its world

    def probe_pairings(self) -> list[tuple[str, str]]:
        """The probe's games: every faction against the next, round the three."""
        factions = self.list_factions(self.cards_dir)
        return [(factions[k], factions[(k + 1) % len(factions)]) for k in range(len(factions))]

    def begin_game(self, compiled: object, ws: np.ndarray, seed: np.uint64) -> None:
        """A game begun as kernels.play_unit begins one, side A first."""
        reset(ws[0], compiled.agents)
        seed_streams(ws[0], seed, np.uint64(0))
        setup_game(ws[0], np.int64(0))

    def begin_turn(self, g: np.void, p: int) -> None:
        """Up to the first main phase: the player untaps and draws from its own deck."""
        start_turn(g)
        if not g["ps"][GAME, G_OVER]:
            g["ps"][GAME, G_STEP] = Step.MAIN1

    def decisions(self, g: np.void, world: np.void, p: int) -> list:
        """Everything p's agent would decide now in game record `g`: the main action, the response,
        whether each unit that may attack does, and the blocker against each opposing unit; for a hard
        or expert player also its searched main action and attack (played out in the world record
        `world`)."""
        cs, cand = g["cs"], g["cand"]
        out = []
        for main in (True, False):
            i = choose_action(g, p, np.bool_(main))
            out.append(tuple(cand[i]) if i >= 0 else None)
        for u in range(N_DESIGNS):
            if can_attack(g, p, u):
                out.append(("attack", u, bool(wants_to_attack(g, p, u))))
        for a in range(N_DESIGNS):
            if cs[1 - p, a, CS_ZONE] == Zone.UNIT:
                cs[1 - p, a, CS_ATTACKING] = 1  # suppose it attacks
                out.append(("block", a, int(choose_blocker(g, p, a, False))))
                cs[1 - p, a, CS_ATTACKING] = 0
        if g["ps"][p, PS_AGENT] == Agent.HARD:
            i = search_action(g, world, p, np.int64(Step.MAIN1))
            out.append(("searched action", tuple(cand[i]) if i >= 0 else None))
            out.append(("searched attack", int(search_attackers(g, world, p))))
        if g["ps"][p, PS_AGENT] == Agent.EXPERT:
            greedy = choose_action(g, p, np.bool_(True))
            if g["ps"][GAME, G_LISTED] > 0 and not (greedy >= 0 and cand[greedy, 0] == Action.LAND):  # searched
                i = expert.search_action(g, world, p, np.int64(Step.MAIN1))
                out.append(("searched action", tuple(cand[i]) if i >= 0 else None))
            out.append(("searched attack", int(expert.search_attackers(g, world, p))))
        return out

    def redeal_hidden(self, g: np.void, opp: int, rng: np.random.Generator) -> None:
        """Deal again what the other player cannot see of `opp`: which of its cards are in the hand and
        which in the deck (a card both saw come back to the hand stays, state.CS_SHOWN), the deck order,
        and which trap lies face down. Zones change through state.move, which keeps the zone masks in
        step; the counts stay as they were."""
        cs, ps, tab = g["cs"], g["ps"], g["tab"]
        hidden = [c for c in range(N_DESIGNS) if cs[opp, c, CS_ZONE] == Zone.DECK
                  or (cs[opp, c, CS_ZONE] == Zone.HAND and not cs[opp, c, CS_SHOWN])]
        redeal_hand_and_deck(g, opp, rng, HAND_AND_DECK, hidden, N_DECK)
        traps = [c for c in range(N_DESIGNS) if tab[opp, c, Field.KIND] == Kind.TRAP]
        set_traps = [c for c in traps if cs[opp, c, CS_ZONE] == Zone.SUPPORT]
        unseen_traps = [c for c in traps if c in hidden]
        if len(set_traps) == 1 and unseen_traps:  # the face-down one swaps with a trap not in sight
            a, b = set_traps[0], unseen_traps[0]
            zone_a, zone_b = int(cs[opp, a, CS_ZONE]), int(cs[opp, b, CS_ZONE])
            move(cs, ps, opp, a, zone_b)
            move(cs, ps, opp, b, zone_a)
            cs[opp, a, CS_SET_TURN], cs[opp, b, CS_SET_TURN] = cs[opp, b, CS_SET_TURN], cs[opp, a, CS_SET_TURN]
            if zone_b == Zone.DECK:  # keep the deck order listing the card that is there
                for i in range(ps[opp, PS_TOP], N_DECK):
                    if ps[opp, PS_ORDER + i] == b:
                        ps[opp, PS_ORDER + i] = a
