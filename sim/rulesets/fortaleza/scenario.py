"""Set up a fortaleza board by hand and resolve one card, one chain, one combat or one turn with
the real kernels.

Used by the rule tests (the source's worked examples are scenarios) and handy for a designer's
"what happens if". Cards are named by id ("CH-002"), sides by 0 (A) and 1 (B).

    s = Scenario.from_factions("china", "japon")
    s.put(0, "CH-002", zone="unit"); s.lands(1, 3)
    s.put(1, "JP-031", zone="hand")
    s.play(1, "JP-031", target=(0, "CH-002"))
    s.zone(0, "CH-002")  # "discard" or "unit"
"""

from __future__ import annotations

import numpy as np

from sim.core.scenario import ScenarioShell

from sim.rulesets.fortaleza.cards import collection_with
from sim.rulesets.fortaleza.chain import main_phase, resolve_top, run_chain, take_action, window
from sim.rulesets.fortaleza.combat import attack_with, block_with, combat, combat_damage, end_combat
from sim.rulesets.fortaleza.constants import (
    N_DECK, N_DESIGNS, Action, Field, Keyword, Kind, On, Step, Zone, ZONE_WORDS,
)
from sim.rulesets.fortaleza.effects import fire_triggers
from sim.rulesets.fortaleza.game import end_turn, start_turn
from sim.rulesets.fortaleza.expert import play_turn
from sim.rulesets.fortaleza.kernels import reset
from sim.rulesets.fortaleza.legal import can_block, list_actions
from sim.rulesets.fortaleza.targets import set_design_masks
from sim.rulesets.fortaleza.state import (
    CS_DAMAGE, CS_FRESH, CS_PROT, CS_SET_TURN, CS_TAPPED, CS_ZONE, G_ACTIVE, G_DEPTH, G_STEP, G_TURN, G_WINNER, GAME,
    PS_DAMAGED, PS_ENERGY, PS_FORT, PS_FPROT, PS_HAND, PS_LANDS, PS_ORDER, PS_SUPPORTS, PS_TOP, PS_UNITS, PS_ZONE_MASK,
    atq_of, keywords_of, refresh_equipment, res_of, seed_streams,
)

ZONE_NAMES = {int(v): k for k, v in ZONE_WORDS.items()} | {int(Zone.CHAIN): "chain"}
STEPS = {s.name.lower(): s for s in Step}
ALL_UNITS = np.int64(-1)  # combat_damage and end_combat: every unit may be attacking


class Scenario(ScenarioShell):
    """A board set by hand over a compiled config, resolved by the same kernels the batch runs."""

    ruleset_name = "fortaleza"
    default_factions = ("china", "japon")

    def set_up(self, seed: int) -> None:
        compiled = self.compiled
        self.world = self.ws[1]  # where a hard player searches (hard.py)
        self.cand = self.g["cand"]
        reset(self.g, compiled.agents)
        seed_streams(self.g, np.uint64(seed), np.uint64(0))
        for side in range(2):
            self.ps[side, PS_FORT] = compiled.params.fortaleza
            for c in range(N_DESIGNS):
                self.cs[side, c, CS_ZONE] = Zone.RESERVE if self.tab[side, c, Field.KIND] == Kind.LAND else Zone.DECK
            self._rebuild_deck(side)
            self._recount(side)
        self.begin(active=0, step="main1", turn=2)

    # -- the cards ----------------------------------------------------------------------------------
    def set_card(self, side: int, card_id: str, **fields: object) -> None:
        """Change a card's fields for this scenario (validated like a card file)."""
        changed = collection_with(self.compiled.pools[side], card_id, **fields)
        self.tab[side] = changed.table
        self.world["tab"][side] = changed.table  # a hard player's worlds play the same cards
        self._recount(side)

    def find(self, side: int, kind: str, **wanted: object) -> str:
        """The id of the first card of the side's collection of this kind with these field values."""
        for card in self.compiled.pools[side].cards:
            if card.kind == kind and all(getattr(card, k) == v for k, v in wanted.items()):
                return card.id
        raise LookupError(f"no {kind} with {wanted} in side {side}")

    # -- setting the board ---------------------------------------------------------------------------
    def begin(self, active: int = 0, step: str = "main1", turn: int = 2) -> None:
        """Whose turn, which step, which turn number (0-based; turn 0 is the game's first)."""
        self.ps[GAME, G_ACTIVE] = active
        self.ps[GAME, G_STEP] = STEPS[step]
        self.ps[GAME, G_TURN] = turn

    def _rebuild_deck(self, side: int) -> None:
        deck = [c for c in range(N_DESIGNS) if self.cs[side, c, CS_ZONE] == Zone.DECK]
        self.ps[side, PS_TOP] = N_DECK - len(deck)
        for i, c in enumerate(deck):
            self.ps[side, PS_ORDER + N_DECK - len(deck) + i] = c

    def _recount(self, side: int) -> None:
        """Counts and zone bitmasks from the zones, after a hand-made change."""
        zones = self.cs[side, :, CS_ZONE]
        for zone in range(int(Zone.CHAIN) + 1):
            self.ps[side, PS_ZONE_MASK + zone] = sum(1 << c for c in range(N_DESIGNS) if zones[c] == zone)
        # a card moved by hand keeps its damage: agents.quiet_window scans the units marked here
        self.ps[side, PS_DAMAGED] = sum(1 << c for c in range(N_DESIGNS) if self.cs[side, c, CS_DAMAGE] != 0)
        set_design_masks(self.g, side)
        for c in range(N_DESIGNS):  # a changed card may be equipment someone carries
            if zones[c] == Zone.UNIT:
                refresh_equipment(self.g, side, c)
        self.ps[side, PS_HAND] = int((zones == Zone.HAND).sum())
        self.ps[side, PS_UNITS] = int((zones == Zone.UNIT).sum())
        self.ps[side, PS_SUPPORTS] = int((zones == Zone.SUPPORT).sum())
        self.ps[side, PS_LANDS] = int((zones == Zone.LAND).sum())

    def put(self, side: int, *card_ids: str, zone: str = "unit", tapped: bool = False, new: bool = False) -> None:
        """Move cards to a zone. Units are on the field since before their controller's turn began
        unless `new` (entered since: rule F-20, until the controller's next turn begins)."""
        for card_id in card_ids:
            c = self.index(side, card_id)
            self.cs[side, c, CS_ZONE] = ZONE_WORDS[zone]
            self.cs[side, c, CS_TAPPED] = int(tapped)
            self.cs[side, c, CS_FRESH] = int(new)
            if zone == "support" and self.tab[side, c, Field.KIND] == Kind.TRAP:
                self.cs[side, c, CS_SET_TURN] = self.ps[GAME, G_TURN] + 1 if new else 1
        self._rebuild_deck(side)
        self._recount(side)

    def stack_deck(self, side: int, *card_ids: str) -> None:
        """These cards on top of the deck, drawn in this order."""
        for card_id in card_ids:
            self.cs[side, self.index(side, card_id), CS_ZONE] = Zone.DECK
        rest = [c for c in range(N_DESIGNS) if self.cs[side, c, CS_ZONE] == Zone.DECK
                and self.compiled.pools[side].ids[c] not in card_ids]
        order = [self.index(side, i) for i in card_ids] + rest
        self.ps[side, PS_TOP] = N_DECK - len(order)
        for i, c in enumerate(order):
            self.ps[side, PS_ORDER + N_DECK - len(order) + i] = c
        self._recount(side)

    def empty_deck(self, side: int) -> None:
        for c in range(N_DESIGNS):
            if self.cs[side, c, CS_ZONE] == Zone.DECK:
                self.cs[side, c, CS_ZONE] = Zone.DISCARD
        self._rebuild_deck(side)
        self._recount(side)

    def lands(self, side: int, n: int, untapped: int | None = None) -> None:
        """n lands on the field, `untapped` of them (default all) ready to pay."""
        placed = 0
        for c in range(N_DESIGNS):
            if self.tab[side, c, Field.KIND] == Kind.LAND:
                self.cs[side, c, CS_ZONE] = Zone.LAND if placed < n else Zone.RESERVE
                placed += 1
        self._recount(side)
        self.ps[side, PS_ENERGY] = n if untapped is None else untapped

    def equip(self, side: int, equipment_id: str, unit_id: str) -> None:
        """Attach equipment already in a support to a unit, as a resolved equip would (rule F-17)."""
        from sim.rulesets.fortaleza.chain import _attach
        _attach(self.g, side, self.index(side, equipment_id), self.index(side, unit_id))

    # -- acting ----------------------------------------------------------------------------------------
    def _target(self, target: tuple[int, str] | None) -> tuple[int, int]:
        if target is None:
            return 0, 0
        return target[0], self.index(target[0], target[1]) + 1

    def legal(self, side: int, action: str, card_id: str, target: tuple[int, str] | None = None,
              main: bool | None = None) -> bool:
        """Is this action among the side's legal actions now? (`main`: default, the active player's
        main phase with an empty chain.)"""
        if main is None:
            main = (side == self.ps[GAME, G_ACTIVE] and self.ps[GAME, G_DEPTH] == 0
                    and self.ps[GAME, G_STEP] in (Step.MAIN1, Step.MAIN2))
        n = list_actions(self.g, side, main, np.int64(0), False)
        c = self.index(side, card_id)
        ts, tc1 = self._target(target)
        code = Action[action.upper()]
        for i in range(n):
            row = self.cand[i]
            if row[0] == code and row[1] == c and (target is None or (row[2] == ts and row[3] == tc1)):
                return True
        return False

    def play(self, side: int, card_id: str, target: tuple[int, str] | None = None, action: str = "cast",
             respond: bool = True) -> None:
        """Take one action (cast, set_trap, trap, equip, activate, land), checked legal first; then
        the chain runs with both agents responding (`respond`), or resolves as it is."""
        if not self.legal(side, action, card_id, target, main=None if action in ("cast", "land", "set_trap",
                                                                                   "equip") else False):
            if not self.legal(side, action, card_id, target, main=True):
                raise ValueError(f"{action} {card_id} by side {side} is not legal now")
        ts, tc1 = self._target(target)
        self.cand[0] = (int(Action[action.upper()]), self.index(side, card_id), ts, tc1)
        if take_action(self.g, side, 0):
            if respond:
                run_chain(self.g, side)
            else:
                self.resolve_all()

    def push(self, side: int, card_id: str, target: tuple[int, str] | None = None, action: str = "cast") -> None:
        """Put an action on the chain without resolving anything (to build a chain by hand)."""
        ts, tc1 = self._target(target)
        self.cand[0] = (int(Action[action.upper()]), self.index(side, card_id), ts, tc1)
        take_action(self.g, side, 0)

    def respond(self, pusher: int) -> None:
        """Run the chain from here, priority first to the other player (rule F-24)."""
        run_chain(self.g, pusher)

    def resolve_all(self) -> None:
        """Resolve the chain top-down with nobody responding."""
        while self.ps[GAME, G_DEPTH] > 0:
            resolve_top(self.g)

    def attack(self, *unit_ids: str) -> None:
        p = int(self.ps[GAME, G_ACTIVE])
        for unit_id in unit_ids:
            attack_with(self.g, p, self.index(p, unit_id))
        for unit_id in unit_ids:
            fire_triggers(self.g, p, self.index(p, unit_id), On.ATTACK)
        self.ps[GAME, G_STEP] = Step.ATTACKERS

    def can_block(self, blocker_id: str, attacker_id: str) -> bool:
        d = 1 - int(self.ps[GAME, G_ACTIVE])
        return bool(can_block(self.g, d, self.index(d, blocker_id), 1 - d, self.index(1 - d, attacker_id)))

    def block(self, blocker_id: str, attacker_id: str) -> None:
        d = 1 - int(self.ps[GAME, G_ACTIVE])
        if not self.can_block(blocker_id, attacker_id):
            raise ValueError(f"{blocker_id} cannot block {attacker_id} now")
        block_with(self.g, d, self.index(d, blocker_id), self.index(1 - d, attacker_id))
        self.ps[GAME, G_STEP] = Step.BLOCKERS

    def damage(self) -> None:
        """Combat damage (rules F-22, F-23, F-34), then combat ends."""
        combat_damage(self.g, ALL_UNITS)  # a scenario's attackers are declared one by one: every unit may attack
        self.ps[GAME, G_STEP] = Step.DAMAGE
        end_combat(self.g, ALL_UNITS)

    def window(self, step: str | None = None) -> None:
        if step is not None:
            self.ps[GAME, G_STEP] = STEPS[step]
        window(self.g)

    def main_phase(self) -> None:
        main_phase(self.g)

    def combat(self) -> None:
        combat(self.g)

    def start_turn(self) -> None:
        start_turn(self.g)

    def end_turn(self) -> None:
        end_turn(self.g)

    def turn(self) -> None:
        """The active player's whole turn (searched when it is hard or expert, expert.play_turn)."""
        play_turn(self.g, self.world)

    # -- reading the board -----------------------------------------------------------------------------
    def zone(self, side: int, card_id: str) -> str:
        return ZONE_NAMES[int(self.cs[side, self.index(side, card_id), CS_ZONE])]

    def fortress(self, side: int) -> int:
        return int(self.ps[side, PS_FORT])

    def fortress_protection(self, side: int) -> int:
        return int(self.ps[side, PS_FPROT])

    def energy(self, side: int) -> int:
        return int(self.ps[side, PS_ENERGY])

    def hand(self, side: int) -> list[str]:
        ids = self.compiled.pools[side].ids
        return [ids[c] for c in range(N_DESIGNS) if self.cs[side, c, CS_ZONE] == Zone.HAND]

    def damage_on(self, side: int, card_id: str) -> int:
        return int(self.cs[side, self.index(side, card_id), CS_DAMAGE])

    def protection(self, side: int, card_id: str) -> int:
        return int(self.cs[side, self.index(side, card_id), CS_PROT])

    def tapped(self, side: int, card_id: str) -> bool:
        return bool(self.cs[side, self.index(side, card_id), CS_TAPPED])

    def atq(self, side: int, card_id: str) -> int:
        return int(atq_of(self.g, side, self.index(side, card_id)))

    def res(self, side: int, card_id: str) -> int:
        return int(res_of(self.g, side, self.index(side, card_id)))

    def has_keyword(self, side: int, card_id: str, keyword: str) -> bool:
        """Printed on the card (rules F-31 to F-36)."""
        return bool(self.tab[side, self.index(side, card_id), Field.KEYWORDS] & Keyword[keyword.upper()])

    def has_keyword_now(self, side: int, card_id: str, keyword: str) -> bool:
        """Printed or given by the unit's equipment (rule F-17)."""
        return bool(keywords_of(self.g, side, self.index(side, card_id)) & Keyword[keyword.upper()])

    @property
    def winner(self) -> int:
        return int(self.ps[GAME, G_WINNER])
