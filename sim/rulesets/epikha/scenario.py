"""Set up an epikha board by hand and resolve spells, a window, a combat or a turn with the real
kernels.

Used by the rule tests (the source's example of Mago Ika paying for Bola de fuego is a scenario) and
handy for a designer's "what if". Sides are 0 (A) and 1 (B); a card is named by its id in the side's
deck, and `put` returns the instance it moved (a deck holds several copies of a card).

    s = Scenario.from_factions("abaron_arcano", "empiria_legion")
    ika = s.put(0, "AB-010", "deploy")            # Mago Ika, Fuerza 5 / Vital 15
    ball = s.put(0, "AB-040", "hand")             # Bola de fuego, cost 5
    s.cast(0, ball, payer=ika, target=(1, s.player))
    s.vital(0, ika)                               # 10 until the start of A's next turn (rule E-10)
    s.resolve()
"""

from __future__ import annotations

import numpy as np

from sim.core.scenario import ScenarioShell
from sim.rulesets.epikha.combat import combat_damage, declare_attacker, declare_blocker, return_from_combat
from sim.rulesets.epikha.constants import END_NAMES, PLAYER_C, Event, Field, Target, Zone, ZONE_WORDS, WINDOW_WORDS
from sim.rulesets.epikha.game import (
    ATTACH, DEPLOY, TO_MAGIC, deploy_step, play_turn, regroup, setup_game, spell_window, start_phase,
)
from sim.rulesets.epikha.kernels import reset
from sim.rulesets.epikha.legal import (
    entry_level, may_attach, may_attack, may_block, may_deploy, may_move_to_magic, may_pay, may_raise,
)
from sim.rulesets.epikha.spells import cast, may_cast, raise_level, resolve_pending
from sim.rulesets.epikha.state import (
    CS_ENTERED, CS_LOST, CS_ZONE, G_ACTIVE, G_END, G_N_PENDING, G_TRACE_N, G_TURN, G_WINNER, GAME,
    P_CARD, P_LEVEL, P_SEQ, P_SIDE, PS_BASE, PS_HAND, PS_N_DECK, PS_ORDER, PS_TOP, PS_VITAL, SETUP_VITAL,
    fuerza_of, move, resistencia_of, seed_streams, vital_of,
)
from sim.rulesets.epikha.effects import refresh_passives

ZONE_NAMES = {int(v): k for k, v in ZONE_WORDS.items()}


class Scenario(ScenarioShell):
    """A board set by hand over a compiled config, resolved by the same kernels the batch runs.
    Every deck card starts in its deck, the Player cards in their Deployment Zones with their
    starting Vital, side A to move in turn 3 (turn index 2)."""

    ruleset_name = "epikha"
    default_factions = ("abaron_arcano", "empiria_fe")
    player = PLAYER_C  # the Player card's instance on either side (rule E-13)

    def set_up(self, seed: int) -> None:
        reset(self.g)
        seed_streams(self.g, np.uint64(seed), np.uint64(0))
        setup_game(self.g, np.int64(0))  # the set-up of rule E-16, then every hand goes back to its deck
        for side in range(2):
            for c in range(self.ps[side, PS_N_DECK]):
                if self.cs[side, c, CS_ZONE] == Zone.HAND:
                    move(self.g, np.int64(side), np.int64(c), np.int64(Zone.DECK))
            self.ps[side, PS_HAND] = 0
            self._rebuild_deck(side)
        self.ps[GAME, G_TRACE_N] = 0
        self.g["tr"][:] = -1
        self.begin(active=0, turn=2)

    # -- the cards --------------------------------------------------------------------------------------
    def design(self, side: int, card_id: str) -> int:
        return self.compiled.pools[side].index_of(card_id)

    def card_id(self, side: int, c: int) -> str:
        return self.compiled.pools[side].ids[self.cs[side, c, 0]]

    def put(self, side: int, card_id: str, zone: str = "hand", fresh: bool = False) -> int:
        """Move a copy of `card_id` from the deck to `zone` ("hand", "deploy", "magic", "discard");
        it entered play in an earlier turn unless `fresh`. Returns the instance."""
        d = self.design(side, card_id)
        c = next((c for c in range(self.ps[side, PS_N_DECK]) if self.cs[side, c, 0] == d
                  and self.cs[side, c, CS_ZONE] == Zone.DECK), None)
        if c is None:
            raise ValueError(f"no copy of {card_id} left in side {side}'s deck")
        move(self.g, np.int64(side), np.int64(c), np.int64(ZONE_WORDS[zone]))
        if zone == "hand":
            self.ps[side, PS_HAND] += 1
        self.cs[side, c, CS_ENTERED] = self.ps[GAME, G_TURN] + 1 if fresh else 0
        self._rebuild_deck(side)
        refresh_passives(self.g)
        return c

    def _rebuild_deck(self, side: int) -> None:
        n = int(self.ps[side, PS_N_DECK])
        deck = [c for c in range(n) if self.cs[side, c, CS_ZONE] == Zone.DECK]
        self.ps[side, PS_TOP] = n - len(deck)
        self.ps[side, PS_ORDER + n - len(deck):PS_ORDER + n] = deck

    def set_vital(self, side: int, vital: int) -> None:
        """The Player card's Vital now (and its base, when higher)."""
        self.ps[side, PS_VITAL] = vital
        self.ps[side, PS_BASE] = max(int(self.ps[side, PS_BASE]), vital)

    # -- spells -------------------------------------------------------------------------------------
    def may_pay(self, side: int, c: int, amount: int) -> bool:
        return bool(may_pay(self.g, np.int64(side), np.int64(c), np.int64(amount)))

    def cast(self, side: int, spell: int, payer: int, target: tuple[int, int] | None = None) -> int:
        """Cast `spell` from the hand paid by `payer` (rules E-02, E-05 to E-09) at `target` (side,
        card; for a pending spell, its entry); returns its pending entry. An illegal cast is a
        ValueError, as the kernels' agents never try one."""
        g = self.g
        if not may_cast(g, np.int64(side), np.int64(spell), np.int64(payer)):
            raise ValueError(f"side {side} may not cast {self.card_id(side, spell)} paid by "
                             f"{self.card_id(side, payer)}")
        tside, tcard = target if target is not None else (-1, -1)
        if target is not None and self.tab[side, self.cs[side, spell, 0], Field.TARGET] == Target.PENDING_SPELL:
            tcard = int(g["pend"][tcard, P_SEQ])
        return int(cast(g, np.int64(side), np.int64(spell), np.int64(payer), np.int64(tside), np.int64(tcard)))

    def entry_level(self, side: int, spell: int, payer: int) -> int:
        return int(entry_level(self.g, np.int64(side), np.int64(spell), np.int64(payer)))

    def may_raise(self, side: int, entry: int) -> bool:
        return bool(may_raise(self.g, np.int64(side), np.int64(entry)))

    def raise_level(self, side: int, entry: int) -> None:
        """Rule E-04: the caster of pending entry `entry` pays to raise it one step."""
        if not self.may_raise(side, entry):
            raise ValueError(f"side {side} may not raise pending entry {entry}")
        raise_level(self.g, np.int64(entry))

    def pending(self) -> list[tuple[int, str, int]]:
        """The pending list in cast order: (side, card id, level)."""
        pend = self.g["pend"]
        return [(int(pend[k, P_SIDE]), self.card_id(int(pend[k, P_SIDE]), int(pend[k, P_CARD])), int(pend[k, P_LEVEL]))
                for k in range(int(self.ps[GAME, G_N_PENDING]))]

    def resolve(self) -> list[tuple[int, str, int]]:
        """Resolve the pending list (rule E-03); returns the order it resolved in: (side, card id, level)."""
        start = int(self.ps[GAME, G_TRACE_N])
        resolve_pending(self.g)
        events = self.g["tr"][start:int(self.ps[GAME, G_TRACE_N])]
        return [(int(e[1]), self.compiled.pools[int(e[1])].ids[int(e[3])], int(e[4])) for e in events
                if e[2] in (Event.RESOLVE, Event.FIZZLE)]

    def window(self, name: str) -> None:
        """Open a spell window (E-22) and let the agents act in it until both pass; then it resolves."""
        spell_window(self.g, np.int64(WINDOW_WORDS[name]))

    # -- deployment ---------------------------------------------------------------------------------
    def may_deploy(self, side: int, c: int, window: str = "deployment") -> bool:
        return bool(may_deploy(self.g, np.int64(side), np.int64(c), np.int64(WINDOW_WORDS[window])))

    def deploy(self, side: int, c: int, window: str = "deployment") -> None:
        """A character or machine from the hand into the Deployment Zone, paid from the Player card."""
        if not self.may_deploy(side, c, window):
            raise ValueError(f"side {side} may not deploy {self.card_id(side, c)} in the {window} phase")
        deploy_step(self.g, np.int64(side), np.int64(DEPLOY), np.int64(c), np.int64(-1))

    def attach(self, side: int, gear: int, bearer: int) -> None:
        if not may_attach(self.g, np.int64(side), np.int64(gear), np.int64(bearer)):
            raise ValueError(f"side {side} may not attach {self.card_id(side, gear)}")
        deploy_step(self.g, np.int64(side), np.int64(ATTACH), np.int64(gear), np.int64(bearer))

    def to_magic(self, side: int, c: int) -> None:
        if not may_move_to_magic(self.g, np.int64(side), np.int64(c)):
            raise ValueError(f"side {side} may not move card {c} into the Magic Zone")
        deploy_step(self.g, np.int64(side), np.int64(TO_MAGIC), np.int64(c), np.int64(-1))

    # -- combat and turns -------------------------------------------------------------------------
    def begin(self, active: int, turn: int) -> None:
        """Make `active` the player to move in `turn` (from 0), without playing its Start phase."""
        self.ps[GAME, G_ACTIVE] = active
        self.ps[GAME, G_TURN] = turn

    def may_attack(self, side: int, c: int) -> bool:
        return bool(may_attack(self.g, np.int64(side), np.int64(c)))

    def may_block(self, side: int, c: int) -> bool:
        return bool(may_block(self.g, np.int64(side), np.int64(c)))

    def attack(self, side: int, c: int) -> None:
        if not self.may_attack(side, c):
            raise ValueError(f"side {side} may not attack with {self.card_id(side, c)}")
        declare_attacker(self.g, np.int64(side), np.int64(c))

    def block(self, side: int, blocker: int, attacker: int) -> None:
        if not self.may_block(side, blocker):
            raise ValueError(f"side {side} may not block with {self.card_id(side, blocker)}")
        declare_blocker(self.g, np.int64(side), np.int64(blocker), np.int64(attacker))

    def fight(self) -> None:
        """Rule E-27: combat damage in every slot of the active player's attack."""
        combat_damage(self.g, np.int64(self.ps[GAME, G_ACTIVE]))

    def end_combat(self) -> None:
        return_from_combat(self.g)

    def start_turn(self) -> None:
        start_phase(self.g)

    def regroup(self) -> None:
        regroup(self.g, np.int64(self.ps[GAME, G_ACTIVE]))

    def turn(self) -> None:
        """The active player's whole turn by its agent, then the other player is active."""
        play_turn(self.g)
        self.ps[GAME, G_TURN] += 1
        self.ps[GAME, G_ACTIVE] = 1 - self.ps[GAME, G_ACTIVE]

    # -- reading the board --------------------------------------------------------------------------
    def zone(self, side: int, c: int) -> str:
        return ZONE_NAMES[int(self.cs[side, c, CS_ZONE])]

    def vital(self, side: int, c: int = PLAYER_C) -> int:
        return int(vital_of(self.g, np.int64(side), np.int64(c)))

    def lost(self, side: int, c: int) -> int:
        return int(self.cs[side, c, CS_LOST])

    def fuerza(self, side: int, c: int) -> int:
        return int(fuerza_of(self.g, np.int64(side), np.int64(c)))

    def resistencia(self, side: int, c: int) -> int:
        return int(resistencia_of(self.g, np.int64(side), np.int64(c)))

    def hand(self, side: int) -> int:
        return int(self.ps[side, PS_HAND])

    def starting_vital(self, side: int) -> int:
        return int(self.g["setup"][SETUP_VITAL, side])

    @property
    def result(self) -> tuple[int, str]:
        return int(self.ps[GAME, G_WINNER]), END_NAMES[int(self.ps[GAME, G_END])]
