"""Set up a dicedraft board by hand and resolve one combat or one turn with the real kernels.

Used by the rule tests (each worked example of the source is a scenario) and handy for a designer's
"what happens if": cards are named by id, sides by 0 (A) and 1 (B).

    s = Scenario.from_cards(
        a=[card("A1", atq=4, def_=3), card("A2", atq=3, def_=3)],
        b=[card("B1", atq=5, def_=7, double_block=True)],
    )
    s.put(0, "A1", "A2"); s.put(1, "B1")
    out = s.fight(attackers=["A1", "A2"], blocks=[("B1", "A1"), ("B1", "A2")])
    out.dead  # {"A1", "B1"}: rule D-10, only the first attacker is struck back
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.rulesets.dicedraft.combat import add_boost, combat, dice_chain, resolve
from sim.rulesets.dicedraft.constants import MAX_EVENTS, Boost, Field, Param, Seen, Zone
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.ruleset import get_ruleset
from sim.core.scenario import ScenarioShell
from sim.rulesets.dicedraft.game import draw, set_deck
from sim.rulesets.dicedraft.hard import play_turn
from sim.rulesets.dicedraft.kernels import reset
from sim.rulesets.dicedraft.legal import legal_fight
from sim.rulesets.dicedraft.params import DicedraftSide
from sim.rulesets.dicedraft.state import (
    CS_ENTERED, CS_FLAGS, CS_ZONE, F_A0, F_A1, F_D0, F_D1, G_TRACE_N, G_TURN, GAME, PS_BUDGET, PS_LIVES,
    PS_ORDER, SC_ATTACKERS, SC_BLOCKED, SU_BUDGET, seed_streams, sync_masks,
)

ZONES = {"reserve": Zone.RESERVE, "deck": Zone.DECK, "hand": Zone.HAND, "table": Zone.TABLE, "discard": Zone.DISCARD}


def card(card_id: str, atq: int = 1, def_: int = 1, cost: int = 1, double_block: bool = False,
         double_attack: bool = False, name: str | None = None) -> dict:
    """A character for Scenario.from_cards (a [[card]] table as a dict)."""
    data = {"id": card_id, "name": name or card_id, "kind": "personaje", "cost": cost, "atq": atq, "def": def_}
    if double_block:
        data["double_block"] = True
    if double_attack:
        data["double_attack"] = True
    return data


def die(card_id: str, faces: int = 6, boost: str = "atq", cost: int = 1) -> dict:
    """A dice card for Scenario.from_cards."""
    return {"id": card_id, "name": card_id, "kind": "dado", "cost": cost, "die": faces, "boost": boost}


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def write_card_file(path: Path, cards: list[dict], header: dict | None = None) -> None:
    """Write cards as a TOML card file (the format designers edit)."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in (header or {}).items()]
    for data in cards:
        lines += ["", "[[card]]"] + [f"{k} = {_toml_value(v)}" for k, v in data.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _join(rows: list[list[int]], f: int, slot: int, card: int, refusal: str) -> int:
    """Put `card` in the free slot of fight f (two against one at most), or refuse."""
    if rows[f][1] >= 0 or rows[f][3] >= 0:
        raise ValueError(refusal)
    rows[f][slot] = card
    return f


@dataclass
class Outcome:
    """What one resolved combat did."""

    dead: set[str]
    lives: tuple[int, int]
    events: list[str]


class Scenario(ScenarioShell):
    """A board set by hand over a compiled config, resolved by the same kernels the batch runs."""

    ruleset_name = "dicedraft"
    default_factions = ("aranas", "ciempies")

    def set_up(self, seed: int) -> None:
        compiled = self.compiled
        self.tables = compiled.draft_tables()
        self.fights, self.scratch = self.g["fights"], self.g["scratch"]
        self.trace = self.g["tr"][:MAX_EVENTS]
        reset(self.g)
        seed_streams(self.g, np.uint64(seed), np.uint64(0), np.int64(0))
        for side in range(2):
            self.ps[side, PS_LIVES] = compiled.params.start_lives
            self.ps[side, PS_BUDGET] = compiled.setup[side, SU_BUDGET]
        self.ps[GAME, G_TURN] = int(compiled.par[Param.ATTACK_FROM_TURN]) + 1  # attacks open (rule D-06)

    @classmethod
    def from_spec(cls, factions: tuple[str, str] = ("aranas", "ciempies"), agents: tuple[str, str] = ("greedy", "greedy"),
                  params: dict | None = None, cards_dir: Path | None = None, seed: int = 0) -> "Scenario":
        """A scenario of these factions, each side drafting as its agent plays (rule D-02); a pool
        smaller than the deck is played as it is (the rule tests' small pools)."""
        sides = tuple(SideConfig(faction, default_label(faction, i), agent, {}, DicedraftSide(draft=agent))
                      for i, (faction, agent) in enumerate(zip(factions, agents)))
        match = MatchConfig("scenario", (sides[0], sides[1]), params=params or {},
                            cards_dir=None if cards_dir is None else Path(cards_dir).resolve())
        return cls(get_ruleset(cls.ruleset_name).compile(match, small_pools=True), seed)

    @classmethod
    def from_cards(cls, a: list[dict], b: list[dict], dice: list[dict] | None = None,
                   agents: tuple[str, str] = ("greedy", "greedy"), params: dict | None = None, seed: int = 0) -> "Scenario":
        """A scenario over two small pools written to a temporary card folder."""
        folder = Path(tempfile.mkdtemp(prefix="dicedraft-scenario-"))
        write_card_file(folder / "lado_a.toml", a, {"name": "A"})
        write_card_file(folder / "lado_b.toml", b, {"name": "B"})
        write_card_file(folder / "dados.toml", dice or [die("D-ATQ", 6, "atq"), die("D-DEF", 6, "def")])
        return cls.from_spec(("lado_a", "lado_b"), agents, params, folder, seed)

    # -- reading and writing the board ------------------------------------------------------------
    def put(self, side: int, *card_ids: str, zone: str = "table", revealed: bool = True, entered: int = -1) -> None:
        """Move cards to a zone (default: face up on the table, put down before this turn)."""
        for card_id in card_ids:
            c = self.index(side, card_id)
            self.cs[side, c, CS_ZONE] = ZONES[zone]
            self.cs[side, c, CS_ENTERED] = entered
            if revealed:
                self.cs[side, c, CS_FLAGS] |= Seen.REVEALED
            else:
                self.cs[side, c, CS_FLAGS] &= ~Seen.REVEALED

    def stack_deck(self, side: int, *card_ids: str) -> None:
        """Make these cards the deck, drawn in this order (first id on top)."""
        mask = 0
        for card_id in card_ids:
            mask |= 1 << self.index(side, card_id)
        sync_masks(self.g)
        set_deck(self.g, side, np.int64(mask))
        for i, card_id in enumerate(card_ids):
            self.ps[side, PS_ORDER + i] = self.index(side, card_id)

    def zone_of(self, side: int, card_id: str) -> str:
        code = int(self.cs[side, self.index(side, card_id), CS_ZONE])
        return next(name for name, z in ZONES.items() if z == code)

    def cards_in(self, side: int, zone: str) -> list[str]:
        pool = self.compiled.pools[side]
        return [pool.ids[c] for c in range(pool.n_cards) if self.cs[side, c, CS_ZONE] == ZONES[zone]]

    @property
    def lives(self) -> tuple[int, int]:
        return int(self.ps[0, PS_LIVES]), int(self.ps[1, PS_LIVES])

    def set_lives(self, side: int, lives: int) -> None:
        self.ps[side, PS_LIVES] = lives

    def set_turn(self, turn: int) -> None:
        """The global turn index (0 = the first player's first turn)."""
        self.ps[GAME, G_TURN] = turn

    # -- resolving --------------------------------------------------------------------------------
    def fight(self, attackers: list[str], blocks: list[tuple[str, str]], boosts: list[tuple[int, str, str, int]] = (),
              attacker_side: int = 0) -> Outcome:
        """Resolve one combat with the blocks and dice results given (no agent decides).

        `blocks` are (defender id, attacker id) in assignment order: for a double blocker, its first
        pair names the attacker that receives its counterattack. `boosts` are (side, "atq"|"def",
        attacker id of the fight, roll). Illegal block shapes raise ValueError (rules D-08, D-11, D-12)."""
        att = attacker_side
        dfn = 1 - att
        rows: list[list[int]] = []
        by_attacker: dict[int, int] = {}
        by_defender: dict[int, int] = {}
        for d_id, a_id in blocks:
            d, a = self.index(dfn, d_id), self.index(att, a_id)
            if a_id not in attackers:
                raise ValueError(f"{a_id} does not attack")
            if d in by_defender and a not in by_attacker:  # a second attacker on a double blocker
                by_attacker[a] = _join(rows, by_defender[d], 1, a, f"{d_id} already covers a full fight (rules D-10, D-12)")
            elif a in by_attacker and d not in by_defender:  # a second defender on a double attacker
                by_defender[d] = _join(rows, by_attacker[a], 3, d, f"{a_id} is already covered (rule D-08)")
            elif a in by_attacker or d in by_defender:
                raise ValueError(f"{d_id} and {a_id} are already in the same fight")
            else:
                by_attacker[a] = by_defender[d] = len(rows)
                rows.append([a, -1, d, -1])
        fights = self.fights
        fights[:] = 0
        for f, (a0, a1, d0, d1) in enumerate(rows):
            fights[f, F_A0], fights[f, F_A1], fights[f, F_D0], fights[f, F_D1] = a0, a1, d0, d1
            if not legal_fight(self.g, f, att):
                names = ", ".join(i for i in (*attackers, *(d for d, _ in blocks)))
                raise ValueError(f"illegal block shape among {names} (rules D-08, D-10, D-11, D-12)")
        for side, kind, a_id, roll in boosts:
            f = by_attacker[self.index(att, a_id)]
            add_boost(self.g, f, side == att, Boost.ATQ if kind == "atq" else Boost.DEF, roll)
        self.scratch[SC_ATTACKERS] = 0
        self.scratch[SC_BLOCKED] = 0
        for i, a_id in enumerate(attackers):
            self.scratch[SC_ATTACKERS, i] = self.index(att, a_id)
            self.scratch[SC_BLOCKED, i] = 1 if self.index(att, a_id) in by_attacker else 0
        return self._resolved(lambda: resolve(self.g, len(rows), att, len(attackers)))

    def combat(self, attacker_side: int = 0) -> Outcome:
        """One whole combat decided by the agents: attackers, blocks, dice chain, resolution."""
        return self._resolved(lambda: combat(self.g, attacker_side))

    def dice_chain(self, attacker_side: int, n_fights: int) -> list[str]:
        """Run the dice chain over fights already in `self.fights` (after `fight`-style set-up)."""
        return self._resolved(lambda: dice_chain(self.g, n_fights, attacker_side)).events

    def turn(self, side: int) -> Outcome:
        """One whole turn of `side`: draw, put down, attack when open."""
        return self._resolved(lambda: play_turn(self.g, self.ws[1], self.tables, side))

    def draw(self, side: int, n: int) -> list[str]:
        return self._resolved(lambda: draw(self.g, self.tables, side, n, False)).events

    def _resolved(self, run) -> Outcome:
        before = {(s, c) for s in range(2) for c in range(self.compiled.pools[s].n_cards)
                  if self.cs[s, c, CS_ZONE] == Zone.TABLE}
        self.trace[:] = -1
        self.ps[GAME, G_TRACE_N] = 0
        sync_masks(self.g)  # `put` sets zones and flags by hand
        run()
        dead = {self.compiled.pools[s].ids[c] for s, c in before if self.cs[s, c, CS_ZONE] == Zone.DISCARD
                and self.compiled.tab[s, c, Field.KIND] == 0}
        return Outcome(dead, self.lives, self.lines("en"))
