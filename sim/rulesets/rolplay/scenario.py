"""Set up a rolplay board by hand and resolve one phase, one attack or one turn with the real
kernels.

Used by the rule tests (the manual's worked example of R-12 is a scenario) and handy for a
designer's "what if". Sides are 0 (A) and 1 (B); a card is named by its id in the side's deck, and
`put` returns the instance it moved (a deck holds several copies of a card). The example is run as
written by tests/rulesets/rolplay/test_rules.py (doctest), so it cannot go stale:

    >>> s = Scenario.from_factions("carga_25", "misticos_25")
    >>> a = s.put(0, "RP-025", "creature")            # a Lancero of carga_25 in A's first free place
    >>> d = s.put(1, "RP-030", "creature")            # a Celestial of misticos_25 (not a mystic, R-14)
    >>> s.set_stats(0, "RP-025", atq=2, def_=1)       # R-12's example: a 2/1 ...
    >>> s.set_stats(1, "RP-030", atq=1, def_=1)       # ... against a 1/1
    >>> s.mode(0, a, attack=True)                     # only attack mode attacks (R-14)
    >>> s.attack(0, a, chosen=d)
    >>> s.zone(0, a), s.zone(1, d), s.life(1)         # both die, 1 goes to B's life
    ('gone', 'gone', 99)
"""

from __future__ import annotations

import numpy as np

from sim.core.scenario import ScenarioShell
from sim.rulesets.rolplay.agents import fill_ability_worth
from sim.rulesets.rolplay.constants import Field, N_CARDS, Zone, ZONE_WORDS
from sim.rulesets.rolplay.effects import apply_effect, draw_card
from sim.rulesets.rolplay.game import (
    ability_phase, activate, attack, attack_phase, enter_creature, free_place, play_turn, powers_phase, regroup,
    set_modes, start_turn, summon, summon_phase,
)
from sim.rulesets.rolplay.kernels import reset
from sim.rulesets.rolplay.legal import defender_for, may_activate, may_attack, may_defend
from sim.rulesets.rolplay.state import (
    CS_ATTACK_MODE, CS_DAMAGE, CS_DESIGN, CS_ENTERED, CS_LINK, CS_TAP_UNTIL, CS_ZONE, G_ACTIVE, G_TURN, G_WINNER,
    G_END, GAME, PS_CREATURES, PS_HAND, PS_LIFE, PS_ORDER, PS_POWER, PS_POWERS, PS_SPELL,
    PS_SUMMONED, PS_TOP, atq_of, def_left, forget_figures, move, seed_streams,
)

ZONE_NAMES = {int(v): k for k, v in ZONE_WORDS.items()}
PHASES = {"powers": powers_phase, "summon": summon_phase, "abilities": ability_phase, "attack": attack_phase}


class Scenario(ScenarioShell):
    """A board set by hand over a compiled config, resolved by the same kernels the batch runs.
    Every card starts in its deck, life as the config sets it, side A to move in turn 3."""

    ruleset_name = "rolplay"
    default_factions = ("carga_25", "misticos_25")

    def set_up(self, seed: int) -> None:
        reset(self.g)
        seed_streams(self.g, np.uint64(seed), np.uint64(0))
        for side in range(2):
            self.ps[side, PS_LIFE] = self.g["setup"][1, side]
            for c in range(N_CARDS):
                move(self.g, np.int64(side), np.int64(c), np.int64(Zone.DECK))
            self._rebuild_deck(side)
        self.begin(active=0, turn=2)

    # -- the cards ----------------------------------------------------------------------------------
    def design(self, side: int, card_id: str) -> int:
        return self.compiled.pools[side].index_of(card_id)

    def set_stats(self, side: int, card_id: str, atq: int | None = None, def_: int | None = None,
                  **fields: int) -> None:
        """Change a card's printed numbers for this scenario (Field names in lower case: cost, mystic,
        berserker, defender, self_damage, multi_attack ...), every copy of it."""
        row = self.tab[side, self.design(side, card_id)]
        if atq is not None:
            row[Field.ATQ] = atq
        if def_ is not None:
            row[Field.DEF] = def_
        for name, value in fields.items():
            row[Field[name.upper()]] = value
        for record in self.ws:
            fill_ability_worth(record)  # made from the table (agents.fill_ability_worth)
            forget_figures(record)  # a printed number changed: no kept row of the figures table holds

    def put(self, side: int, card_id: str, zone: str = "hand", holder: int | None = None, fresh: bool = False) -> int:
        """Move a copy of `card_id` from the deck to `zone` ("hand", "creature" in the first free place,
        "power", "amulet" beneath creature instance `holder`, "spell" face down, "gone"); it arrived
        in an earlier turn unless `fresh`. Returns the instance."""
        d = self.design(side, card_id)
        c = next((c for c in range(N_CARDS) if self.cs[side, c, CS_DESIGN] == d
                  and self.cs[side, c, CS_ZONE] == Zone.DECK), None)
        if c is None:
            raise ValueError(f"no copy of {card_id} left in side {side}'s deck")
        g, ps = self.g, self.ps
        where = ZONE_WORDS[zone]
        s, cc = np.int64(side), np.int64(c)
        if where == Zone.CREATURE:
            enter_creature(g, s, cc, np.int64(free_place(g, s)))
            ps[side, PS_SUMMONED] -= 1  # the game's own summons are counted, not a scenario's
        else:
            move(g, s, cc, np.int64(where))
            if where == Zone.HAND:
                ps[side, PS_HAND] += 1
            elif where == Zone.POWER:
                ps[side, PS_POWERS] += 1
            elif where == Zone.AMULET:
                self.cs[side, c, CS_LINK] = holder + 1
                self.cs[side, holder, CS_LINK] = c + 1
            elif where == Zone.SPELL:
                ps[side, PS_SPELL] = c + 1
        self.cs[side, c, CS_ENTERED] = ps[GAME, G_TURN] + 1 if fresh else 0
        self._rebuild_deck(side)
        forget_figures(g)  # written by hand, not by the kernels' writers (figures.py)
        return c

    def _rebuild_deck(self, side: int) -> None:
        deck = [c for c in range(N_CARDS) if self.cs[side, c, CS_ZONE] == Zone.DECK]
        self.ps[side, PS_TOP] = N_CARDS - len(deck)
        self.ps[side, PS_ORDER + N_CARDS - len(deck):PS_ORDER + N_CARDS] = deck

    def mode(self, side: int, c: int, attack: bool) -> None:
        self.cs[side, c, CS_ATTACK_MODE] = int(attack)
        forget_figures(self.g)

    def damage(self, side: int, c: int, n: int) -> None:
        self.cs[side, c, CS_DAMAGE] = n
        forget_figures(self.g)  # its defense left changed, as a fight's damage would mark it

    def tap(self, side: int, c: int, until_turn: int) -> None:
        self.cs[side, c, CS_TAP_UNTIL] = until_turn
        forget_figures(self.g)

    # -- resolving with the kernels -----------------------------------------------------------------
    def begin(self, active: int, turn: int) -> None:
        """Make `active` the player to move in `turn` (from 0), without playing phases 1 and 2."""
        self.ps[GAME, G_ACTIVE] = active
        self.ps[GAME, G_TURN] = turn

    def power(self, side: int, n: int) -> None:
        self.ps[side, PS_POWER] = n

    def start_turn(self) -> None:
        start_turn(self.g)

    def regroup(self, side: int) -> None:
        regroup(self.g, np.int64(side))

    def phase(self, name: str) -> None:
        PHASES[name](self.g, np.int64(self.ps[GAME, G_ACTIVE]))

    def turn(self) -> None:
        play_turn(self.g)

    def draw(self, side: int) -> None:
        draw_card(self.g, np.int64(side), np.bool_(False))

    def summon(self, side: int, kind: int, c: int, target: int = -1) -> None:
        summon(self.g, np.int64(side), np.int64(kind), np.int64(c), np.int64(target))

    def activate(self, side: int, c: int, k: int = 0) -> None:
        activate(self.g, np.int64(side), np.int64(c), np.int64(k))

    def effect(self, side: int, src: int, do: int, n: int, turns: int = 1) -> None:
        apply_effect(self.g, np.int64(side), np.int64(src), np.int64(do), np.int64(n), np.int64(turns))

    def set_modes(self, side: int) -> None:
        set_modes(self.g, np.int64(side))

    def attack(self, side: int, c: int, chosen: int | None = None) -> None:
        attack(self.g, np.int64(side), np.int64(c), np.int64(-1 if chosen is None else chosen))

    # -- reading the board --------------------------------------------------------------------------
    def zone(self, side: int, c: int) -> str:
        return ZONE_NAMES[int(self.cs[side, c, CS_ZONE])]

    def life(self, side: int) -> int:
        return int(self.ps[side, PS_LIFE])

    def left(self, side: int, c: int) -> int:
        """Defense left (R-12)."""
        return int(def_left(self.g, np.int64(side), np.int64(c)))

    def atq(self, side: int, c: int) -> int:
        return int(atq_of(self.g, np.int64(side), np.int64(c)))

    def creatures(self, side: int) -> int:
        return int(self.ps[side, PS_CREATURES])

    def hand(self, side: int) -> int:
        return int(self.ps[side, PS_HAND])

    def power_left(self, side: int) -> int:
        return int(self.ps[side, PS_POWER])

    def may_attack(self, side: int, c: int) -> bool:
        return bool(may_attack(self.g, np.int64(side), np.int64(c)))

    def may_defend(self, side: int, d: int, attacker: int) -> bool:
        return bool(may_defend(self.g, np.int64(side), np.int64(d), np.int64(attacker)))

    def may_activate(self, side: int, c: int, k: int = 0) -> bool:
        return bool(may_activate(self.g, np.int64(side), np.int64(c), np.int64(k)))

    def defender_for(self, side: int, attacker: int, chosen: int | None = None) -> int:
        return int(defender_for(self.g, np.int64(side), np.int64(attacker), np.int64(-1 if chosen is None else chosen)))

    @property
    def result(self) -> tuple[int, str]:
        from sim.rulesets.rolplay.constants import END_NAMES
        return int(self.ps[GAME, G_WINNER]), END_NAMES[int(self.ps[GAME, G_END])]
