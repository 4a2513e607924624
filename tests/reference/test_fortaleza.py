"""The fortaleza combat kernel against its plain reference (tests/reference/fortaleza.py), from a few
thousand random boards.

Each board: the real collections' places (Japón on both sides, for its attack triggers, F-28) with
random ATQ, RES and keywords, random equipment and what it gives, random units on the field
(exhausted, new, damaged, protected, boosted, equipped), random Fortalezas and their Protección,
random agents, and nobody able to answer in a window (no energy, nothing free), so the combat is
the rules of combat alone. `combat.combat` plays steps 3 to 6 of the turn; the attackers and
blockers its agents chose are read from the trace, the reference checks and replays them. The
damage step is also played alone (`combat.combat_damage`) from boards in the middle of a combat,
where some attackers' blockers are gone (F-23). Every field is compared: each card's zone and field
state, the equipment links and what they add, the counts and zone masks, both Fortalezas and their
Protección, the end of the game, the events (simultaneous ones as a set).
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.rulesets.fortaleza.combat import combat as kernel_combat
from sim.rulesets.fortaleza.combat import combat_damage as kernel_combat_damage
from sim.rulesets.fortaleza.constants import (
    E_COND, E_DO, E_N, E_ON, E_TARGET, END_NAMES, KEYWORD_WORDS, MAX_EFFECTS, N_DESIGNS, Agent, Cond, Do, Event,
    Field, Keyword, Kind, On, Param, Step, Target, Zone,
)
from sim.rulesets.fortaleza.scenario import Scenario
from sim.rulesets.fortaleza.state import (
    CS_ARMOUR, CS_ATQ_BOOST, CS_ATTACKING, CS_BEARER, CS_BLOCKED_BY, CS_BLOCKING, CS_DAMAGE, CS_EQUIP_ATQ,
    CS_EQUIP_KEYWORDS, CS_EQUIP_RES, CS_FLAGS, CS_FRESH, CS_PENDING, CS_PROT, CS_RES_BOOST, CS_TAPPED,
    CS_WAS_BLOCKED, CS_WEAPON, CS_ZONE, G_ACTIVE, G_DEPTH, G_END, G_OVER, G_STEP, G_TRACE_N, G_TURN, G_WINNER,
    GAME, PS_AGENT, PS_ENERGY, PS_FORT, PS_FPROT, PS_HAND, PS_LANDS, PS_SUPPORTS, PS_UNITS, PS_ZONE_MASK,
)
from sim.rulesets.fortaleza.targets import effect_base, may_answer

from .choices import replayed
from .fortaleza import (
    ARROLLAR, VIGILANCIA, Board, CardState, Design, Trigger, _copy, combat, combat_damage, keywords, res,
)

N_BOARDS = 2000  # whole combats
N_DAMAGE_BOARDS = 1500  # damage steps alone
SEED = 20261207
ZONES = {int(Zone.DECK): "deck", int(Zone.HAND): "hand", int(Zone.UNIT): "unit", int(Zone.SUPPORT): "support",
         int(Zone.DISCARD): "discard", int(Zone.RESERVE): "reserve", int(Zone.LAND): "land"}
ZONE_CODES = {name: code for code, name in ZONES.items()}
RANDOM_KEYWORDS = ("veloz", "vigilancia", "vuelo", "alcance", "arrollar")
WORD_OF_DO = {Do.BOOST_ATQ: "mejora_atq"}
WORD_OF_TARGET = {Target.SELF: "esta"}
WORD_OF_COND = {Cond.NONE: "", Cond.EQUIPPED: "equipada"}


@pytest.fixture(scope="module")
def scenarios() -> list[Scenario]:
    return [Scenario.from_factions("japon", "china"), Scenario.from_factions("corea", "japon")]


def _keyword_bits(words: frozenset[str]) -> int:
    return sum(int(KEYWORD_WORDS[w]) for w in words)


def _triggers(tab: np.ndarray, side: int, c: int) -> tuple[Trigger, ...]:
    """The unit's `atacar` effects as the card table holds them (rule F-28)."""
    out = []
    for k in range(min(int(tab[side, c, Field.N_EFFECTS]), MAX_EFFECTS)):
        base = effect_base(k)
        if tab[side, c, base + E_ON] == On.ATTACK:
            out.append(Trigger(WORD_OF_DO.get(Do(tab[side, c, base + E_DO]), "?"), int(tab[side, c, base + E_N]),
                               WORD_OF_TARGET.get(Target(tab[side, c, base + E_TARGET]), "?"),
                               WORD_OF_COND.get(Cond(tab[side, c, base + E_COND]), "?")))
    return tuple(out)


class Places:
    """What a side's collection has where, read once: which designs are units, artifacts (and which
    equipment), lands, and each unit's attack triggers."""

    def __init__(self, s: Scenario, side: int) -> None:
        kinds = s.tab[side, :, Field.KIND].tolist()
        self.units = [c for c in range(N_DESIGNS) if kinds[c] in (Kind.CHARACTER, Kind.CREATURE)]
        self.artifacts = [c for c in range(N_DESIGNS) if kinds[c] == Kind.ARTIFACT]
        self.lands = [c for c in range(N_DESIGNS) if kinds[c] == Kind.LAND]
        subtypes = s.tab[side, :, Field.SUBTYPE].tolist()
        self.equipment = {c: "arma" if subtypes[c] == 1 else "armadura" for c in self.artifacts if subtypes[c]}
        self.triggers = {c: _triggers(s.tab, side, c) for c in self.units}
        self.duelists = [c for c in self.units if self.triggers[c]]


PLAIN = Design(False)


def random_board(s: Scenario, places: list[Places], rng: np.random.Generator) -> Board:
    """A legal board at the start of combat: up to five units and three artifacts a side, equipment
    carried by at most one unit and a unit carrying one weapon and one armour at most (F-10, F-17),
    damage below RES (F-22)."""
    designs, cards = [], []
    for side in range(2):
        where = places[side]
        side_designs = [PLAIN] * N_DESIGNS
        n_units = len(where.units)
        atq, res_, kw = rng.integers(0, 7, n_units).tolist(), rng.integers(1, 8, n_units).tolist(), rng.random((n_units, 5)) < 0.2
        for i, c in enumerate(where.units):
            words = frozenset(w for w, on in zip(RANDOM_KEYWORDS, kw[i]) if on)
            side_designs[c] = Design(True, atq[i], res_[i], words, on_attack=where.triggers[c])
        for c, subtype in where.equipment.items():
            words = frozenset(w for w in RANDOM_KEYWORDS if rng.random() < 0.1)
            side_designs[c] = Design(False, equipment=subtype, bonus_atq=int(rng.integers(0, 3)),
                                     bonus_res=int(rng.integers(0, 3)), bonus_keywords=words)
        on_field = rng.choice(where.units, int(rng.integers(0, 6)), replace=False).tolist()
        supports = rng.choice(where.artifacts, int(rng.integers(0, 4)), replace=False).tolist()
        if where.duelists and 0 < len(on_field) and rng.random() < 0.5:  # attack triggers (F-28) come often
            on_field[0] = where.duelists[int(rng.integers(0, len(where.duelists)))]
            on_field = list(dict.fromkeys(on_field))
        elsewhere = rng.choice(["deck", "hand", "discard"], N_DESIGNS).tolist()
        side_cards = [CardState(z) for z in elsewhere]
        for c in where.lands:
            side_cards[c] = CardState("land" if rng.random() < 0.5 else "reserve")
        for c in on_field:
            u = rng.random(5)
            side_cards[c] = CardState("unit", tapped=bool(u[0] < 0.25), fresh=bool(u[1] < 0.3),
                                      prot=int(rng.integers(1, 3)) if u[2] < 0.3 else 0,
                                      atq_boost=int(rng.integers(1, 3)) if u[3] < 0.25 else 0,
                                      res_boost=int(rng.integers(1, 3)) if u[4] < 0.25 else 0)
        for e in supports:
            side_cards[e] = CardState("support")
            # equipment goes on a unit with that slot free (rule F-17)
            if e in where.equipment and on_field and rng.random() < 0.7:
                u = on_field[int(rng.integers(0, len(on_field)))]
                slot = "weapon" if where.equipment[e] == "arma" else "armour"
                if getattr(side_cards[u], slot) is None:
                    setattr(side_cards[u], slot, e)
                    side_cards[e].bearer = u
        designs.append(side_designs)
        cards.append(side_cards)
    board = Board(designs, cards, rng.integers(1, 26, 2).tolist(),
                  [int(rng.integers(1, 4)) if rng.random() < 0.3 else 0 for _ in range(2)],
                  int(rng.integers(0, 2)), trample_past_protection=bool(rng.random() < 0.7))
    for side in range(2):
        for c, card in enumerate(board.cards[side]):
            if card.zone == "unit" and rng.random() < 0.3:
                card.damage = int(rng.integers(0, res(board, side, c)))  # below RES (rule F-22)
    return board


def write_record(s: Scenario, places: list[Places], board: Board, agents: tuple[int, int]) -> None:
    """The board into the scenario's record: no energy, the chain empty, trace on, at its first step."""
    g, tab, cs, ps = s.g, s.tab, s.cs, s.ps
    cs[:, :, 2:] = 0
    for side in range(2):
        designs, cards = board.designs[side], board.cards[side]
        for c in places[side].units:
            tab[side, c, Field.ATQ] = designs[c].atq
            tab[side, c, Field.RES] = designs[c].res
            tab[side, c, Field.KEYWORDS] = (int(tab[side, c, Field.KEYWORDS]) & Keyword.UNICO) | _keyword_bits(designs[c].keywords)
        for c in places[side].equipment:
            tab[side, c, Field.BONUS_ATQ] = designs[c].bonus_atq
            tab[side, c, Field.BONUS_RES] = designs[c].bonus_res
            tab[side, c, Field.BONUS_KEYWORDS] = _keyword_bits(designs[c].bonus_keywords)
        zones = [card.zone for card in cards]
        cs[side, :, CS_ZONE] = [ZONE_CODES[z] for z in zones]
        for c, card in enumerate(cards):
            if card.zone not in ("unit", "support"):
                continue
            row = cs[side, c]
            row[CS_TAPPED], row[CS_FRESH], row[CS_DAMAGE], row[CS_PROT] = card.tapped, card.fresh, card.damage, card.prot
            row[CS_ATQ_BOOST], row[CS_RES_BOOST], row[CS_ATTACKING] = card.atq_boost, card.res_boost, card.attacking
            row[CS_BLOCKING] = 0 if card.blocking is None else card.blocking + 1
            row[CS_BLOCKED_BY] = 0 if card.blocked_by is None else card.blocked_by + 1
            row[CS_WAS_BLOCKED] = card.was_blocked
            row[CS_WEAPON] = 0 if card.weapon is None else card.weapon + 1
            row[CS_ARMOUR] = 0 if card.armour is None else card.armour + 1
            row[CS_BEARER] = 0 if card.bearer is None else card.bearer + 1
            carried = [designs[e] for e in (card.weapon, card.armour) if e is not None]  # kept on the unit
            row[CS_EQUIP_ATQ] = sum(e.bonus_atq for e in carried)
            row[CS_EQUIP_RES] = sum(e.bonus_res for e in carried)
            row[CS_EQUIP_KEYWORDS] = _keyword_bits(frozenset().union(*(e.bonus_keywords for e in carried)))
        for code, name in ZONES.items():
            ps[side, PS_ZONE_MASK + code] = sum(1 << c for c, z in enumerate(zones) if z == name)
        ps[side, PS_ZONE_MASK + Zone.CHAIN] = 0
        ps[side, PS_HAND], ps[side, PS_UNITS] = zones.count("hand"), zones.count("unit")
        ps[side, PS_SUPPORTS], ps[side, PS_LANDS] = zones.count("support"), zones.count("land")
        ps[side, PS_FORT], ps[side, PS_FPROT] = board.fortress[side], board.fortress_prot[side]
        ps[side, PS_ENERGY] = 0
        ps[side, PS_AGENT] = agents[side]
    ps[GAME, G_ACTIVE], ps[GAME, G_STEP], ps[GAME, G_TURN] = board.active, Step.MAIN1, 4
    ps[GAME, G_DEPTH] = ps[GAME, G_OVER] = ps[GAME, G_WINNER] = ps[GAME, G_END] = ps[GAME, G_TRACE_N] = 0
    g["par"][Param.TRAMPLE_PAST_PROTECTION] = board.trample_past_protection


def read_board(s: Scenario, before: Board) -> Board:
    """The record back as a board (the designs as they were: a combat never changes them)."""
    cs, ps = s.cs, s.ps
    cards = []
    for side in range(2):
        side_cards = []
        for row in cs[side].tolist():
            side_cards.append(CardState(ZONES[row[CS_ZONE]], bool(row[CS_TAPPED]), bool(row[CS_FRESH]),
                                        row[CS_DAMAGE], row[CS_PROT], row[CS_ATQ_BOOST], row[CS_RES_BOOST],
                                        bool(row[CS_ATTACKING]), _link(row[CS_BLOCKING]), _link(row[CS_BLOCKED_BY]),
                                        bool(row[CS_WAS_BLOCKED]), _link(row[CS_WEAPON]), _link(row[CS_ARMOUR]),
                                        _link(row[CS_BEARER])))
        cards.append(side_cards)
    over = bool(ps[GAME, G_OVER])
    return Board(before.designs, cards, [int(ps[0, PS_FORT]), int(ps[1, PS_FORT])],
                 [int(ps[0, PS_FPROT]), int(ps[1, PS_FPROT])], int(ps[GAME, G_ACTIVE]),
                 before.trample_past_protection, int(ps[GAME, G_WINNER]) if over else None, over)


def _link(stored: int) -> int | None:
    """A card reference as the record stores it: the card + 1, 0 for none."""
    return None if stored == 0 else stored - 1


def read_events(s: Scenario) -> list[tuple]:
    out = []
    for _, player, code, a, b, c in s.g["tr"][:int(s.ps[GAME, G_TRACE_N])].tolist():
        if code == Event.ATTACK:
            out.append(("attack", player, a, b))
        elif code == Event.BOOST:
            out.append(("boost", player, a, b, c))
        elif code == Event.BLOCK:
            out.append(("block", player, a, b))
        elif code == Event.DAMAGE_UNIT:
            out.append(("damage_unit", player, a, b, c))
        elif code == Event.DAMAGE_FORT:
            out.append(("damage_fort", player, a, b, c))
        elif code == Event.DIES:
            out.append(("dies", player, a))
        elif code == Event.END:
            out.append(("end", a, END_NAMES[b]))
        else:
            raise AssertionError(f"event {Event(code).name} in a combat nobody could answer in")
    return out


def simultaneous(events: list[tuple]) -> list:
    """The events with each run of damage or of deaths as one set: they happen at the same time
    (rule F-22), and their order in the trace means nothing."""
    out: list = []
    for e in events:
        if e[0] in ("damage_unit", "dies"):
            if out and isinstance(out[-1], frozenset) and next(iter(out[-1]))[0] == e[0]:
                out[-1] = out[-1] | {e}
            else:
                out.append(frozenset({e}))
        else:
            out.append(e)
    return out


def check_record(s: Scenario, board: Board, expected: Board, flags: np.ndarray, where) -> None:
    """Every field of the record against the reference's board."""
    assert read_board(s, board) == expected, where()
    cs, ps = s.cs, s.ps
    for side in range(2):
        zones = [card.zone for card in expected.cards[side]]
        for code, name in ZONES.items():
            assert ps[side, PS_ZONE_MASK + code] == sum(1 << c for c, z in enumerate(zones) if z == name), where()
        assert (ps[side, PS_HAND], ps[side, PS_UNITS], ps[side, PS_SUPPORTS], ps[side, PS_LANDS]) == (
            zones.count("hand"), zones.count("unit"), zones.count("support"), zones.count("land")), where()
        for c, card in enumerate(expected.cards[side]):
            if card.zone != "unit":
                assert cs[side, c, CS_EQUIP_ATQ] == 0 and cs[side, c, CS_EQUIP_RES] == 0, where()
                continue
            carried = [expected.designs[side][e] for e in (card.weapon, card.armour) if e is not None]
            assert cs[side, c, CS_EQUIP_ATQ] == sum(e.bonus_atq for e in carried), where()
            assert cs[side, c, CS_EQUIP_RES] == sum(e.bonus_res for e in carried), where()
        assert not cs[side, :, CS_PENDING].any(), where()
    assert (cs[:, :, CS_FLAGS] == flags).all(), where()
    assert ps[GAME, G_DEPTH] == 0, where()


def _closed_windows(s: Scenario) -> bool:
    return not may_answer(s.ps, 0) and not may_answer(s.ps, 1)


@pytest.fixture(scope="module")
def places(scenarios) -> list[list[Places]]:
    return [[Places(s, side) for side in range(2)] for s in scenarios]


def test_combat_matches_the_reference(scenarios, places):
    rng = np.random.default_rng(SEED)
    reached = {"attack": 0, "block": 0, "boost": 0, "dies": 0, "damage_fort": 0, "prevented": 0, "end": 0,
               "trample": 0}
    played = 0
    while played < N_BOARDS:
        s, where_in = scenarios[played % 2], places[played % 2]
        board = random_board(s, where_in, rng)
        agents = tuple(int(Agent.RANDOM if rng.random() < 0.5 else Agent.GREEDY) for _ in range(2))
        write_record(s, where_in, board, agents)
        if not _closed_windows(s):
            continue  # someone could answer for free: not a board of combat alone
        flags = s.cs[:, :, CS_FLAGS].copy()
        kernel_combat(s.g)
        events = read_events(s)
        attackers = [e[2] for e in events if e[0] == "attack"]
        blocks = [(e[2], e[3]) for e in events if e[0] == "block"]

        def where() -> str:
            return f"board {played} (agents {agents}):\n{board}\n{events}"

        expected, expected_events = replayed(combat, board, attackers, blocks, where=where)
        assert simultaneous(events) == simultaneous(expected_events), where()
        check_record(s, board, expected, flags, where)
        assert s.ps[GAME, G_STEP] == (Step.DAMAGE if attackers else Step.BEGIN_COMBAT), where()
        played += 1
        _count(reached, board, expected_events, set(attackers), {a for _, a in blocks})
    assert all(n >= 20 for n in reached.values()), reached


def random_fight(board: Board, rng: np.random.Generator) -> None:
    """The board in the middle of a combat, after blockers: some of the active side's units attack,
    some are blocked, and some of those lost their blocker before damage (rule F-23)."""
    att, dfn = board.active, 1 - board.active
    free_blockers = [c for c, card in enumerate(board.cards[dfn]) if card.zone == "unit" and not card.tapped]
    for a, card in enumerate(board.cards[att]):
        if card.zone != "unit" or rng.random() < 0.3:
            continue
        card.attacking = True
        card.tapped = VIGILANCIA not in keywords(board, att, a)
        roll = rng.random()
        if roll < 0.2:
            card.was_blocked = True  # its blocker is gone
        elif roll < 0.7 and free_blockers:
            b = free_blockers.pop(int(rng.integers(0, len(free_blockers))))
            card.was_blocked, card.blocked_by = True, b
            board.cards[dfn][b].blocking = a


def test_damage_step_matches_the_reference(scenarios, places):
    rng = np.random.default_rng(SEED + 1)
    reached = {"dies": 0, "damage_fort": 0, "prevented": 0, "end": 0, "trample": 0, "blocker_gone": 0}
    for i in range(N_DAMAGE_BOARDS):
        s, where_in = scenarios[i % 2], places[i % 2]
        board = random_board(s, where_in, rng)
        random_fight(board, rng)
        write_record(s, where_in, board, (Agent.GREEDY, Agent.GREEDY))
        flags = s.cs[:, :, CS_FLAGS].copy()
        kernel_combat_damage(s.g)
        expected = _copy(board)
        expected_events = combat_damage(expected)

        def where() -> str:
            return f"board {i}:\n{board}"

        assert simultaneous(read_events(s)) == simultaneous(expected_events), where()
        check_record(s, board, expected, flags, where)
        attacking = {a for a, c in enumerate(board.cards[board.active]) if c.attacking}
        _count(reached, board, expected_events, attacking, {a for a in attacking if board.cards[board.active][a].was_blocked})
        reached["blocker_gone"] += sum(c.was_blocked and c.blocked_by is None for c in board.cards[board.active])
    assert all(n >= 20 for n in reached.values()), reached


def _count(reached: dict, board: Board, events: list[tuple], attacking: set[int], blocked: set[int]) -> None:
    """What the sample reached, so that a rule it never met cannot pass unseen."""
    for e in events:
        if e[0] in reached:
            reached[e[0]] += 1
        if (e[0] == "damage_unit" and e[4] > 0) or (e[0] == "damage_fort" and e[3] > 0):
            reached["prevented"] += 1
    reached["trample"] += sum(ARROLLAR in keywords(board, board.active, a) for a in attacking & blocked)
