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

The chain's section gives the players energy, set traps and fast abilities: whole combats whose
windows are answered (the answers read from the trace), one window alone and a main-phase play on
the chain (both agents random, played by the reference from copies of their streams, which must
end where the kernel's ended).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from sim.core.rng import below
from sim.rulesets.fortaleza.chain import run_chain as kernel_run_chain
from sim.rulesets.fortaleza.chain import window as kernel_window
from sim.rulesets.fortaleza.combat import combat as kernel_combat
from sim.rulesets.fortaleza.combat import combat_damage as kernel_combat_damage
from sim.rulesets.fortaleza.constants import (
    COND_WORDS, DO_WORDS, E_COND, E_DO, E_N, E_ON, E_TARGET, END_NAMES, KEYWORD_WORDS, MAX_EFFECTS, N_DESIGNS, TARGET_WORDS,
    Agent, Cond, Do, Event, Field, Keyword, Kind, On, Param, Seen, Step, Tag, Target, What, Zone,
)
from sim.rulesets.fortaleza.scenario import ALL_UNITS, Scenario
from sim.rulesets.fortaleza.state import (
    CS_ARMOUR, CS_ATQ_BOOST, CS_ATTACKING, CS_BEARER, CS_BLOCKED_BY, CS_BLOCKING, CS_DAMAGE, CS_EQUIP_ATQ,
    CS_EQUIP_KEYWORDS, CS_EQUIP_RES, CS_FLAGS, CS_FRESH, CS_PENDING, CS_PROT, CS_RES_BOOST, CS_TAPPED,
    CS_SET_TURN, CS_WAS_BLOCKED, CS_WEAPON, CS_ZONE, CH_CARD, CH_SIDE, CH_T_CARD, CH_T_SIDE, CH_WHAT, G_ACTIVE,
    G_DEPTH, G_END, G_OVER, G_STEP, G_TRACE_N, G_TURN, G_WINNER, GAME, PS_AGENT, PS_DAMAGED, PS_ENERGY, PS_FIGHTS, PS_FORT,
    PS_FPROT, PS_HAND, PS_LANDS, PS_SUPPORTS, PS_UNITS, PS_ZONE_MASK, ST_AGENT, seed_streams,
)
from sim.rulesets.fortaleza.targets import effect_base, may_answer, set_design_values

from .choices import replayed
from .fortaleza import (
    Agents, ARROLLAR, VIGILANCIA, Board, CardState, Design, Effect, Item, Play, Trigger, _copy, combat, combat_damage,
    combat_with_windows, keywords, legal_plays, res,
)
from .fortaleza import run_chain as reference_run_chain
from .fortaleza import window as reference_window

N_BOARDS = 2000  # whole combats
N_DAMAGE_BOARDS = 1500  # damage steps alone
SEED = 20261207
ZONES = {int(Zone.DECK): "deck", int(Zone.HAND): "hand", int(Zone.UNIT): "unit", int(Zone.SUPPORT): "support",
         int(Zone.DISCARD): "discard", int(Zone.RESERVE): "reserve", int(Zone.LAND): "land", int(Zone.CHAIN): "chain"}
ZONE_CODES = {name: code for code, name in ZONES.items()}
RANDOM_KEYWORDS = ("veloz", "vigilancia", "vuelo", "alcance", "arrollar")
WORD_OF_DO = {Do.BOOST_ATQ: "mejora_atq"}
WORD_OF_TARGET = {Target.SELF: "esta"}
WORD_OF_COND = {Cond.NONE: "", Cond.EQUIPPED: "equipada"}
WORD_OF = {"do": {int(v): k for k, v in DO_WORDS.items()}, "target": {int(v): k for k, v in TARGET_WORDS.items()},
           "cond": {int(v): k for k, v in COND_WORDS.items()}}
KIND_NAMES = {int(Kind.TECHNIQUE): "tecnica", int(Kind.TRAP): "trampa", int(Kind.ARTIFACT): "artefacto"}
STEPS = {int(Step.MAIN1): "main1", int(Step.BEGIN_COMBAT): "begin_combat", int(Step.ATTACKERS): "attackers",
         int(Step.BLOCKERS): "blockers", int(Step.DAMAGE): "damage"}
STEP_CODES = {name: code for code, name in STEPS.items()}
WHATS = {int(What.CAST): "cast", int(What.ABILITY): "ability", int(What.EQUIP): "equip"}
WHAT_CODES = {name: code for code, name in WHATS.items()}


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


def _effects(tab: np.ndarray, side: int, c: int, on: On) -> tuple[Effect, ...]:
    """The card's effects with trigger `on`, in the card file's words."""
    rows = [tab[side, c, effect_base(k):effect_base(k + 1)].tolist()
            for k in range(min(int(tab[side, c, Field.N_EFFECTS]), MAX_EFFECTS))]
    return tuple(Effect(WORD_OF["do"][row[E_DO]], row[E_N], WORD_OF["target"][row[E_TARGET]], WORD_OF["cond"][row[E_COND]])
                 for row in rows if row[E_ON] == on)


def printed(tab: np.ndarray, side: int, c: int) -> Design:
    """What the card table says of a design's kind, costs, speed and texts (rules F-13 to F-18);
    units' stats and equipment's bonuses are drawn by the boards."""
    row = tab[side, c]
    unit = bool(row[Field.KIND] in (Kind.CHARACTER, Kind.CREATURE))
    return Design(unit, kind=KIND_NAMES.get(int(row[Field.KIND]), ""),
                  cost=int(row[Field.COST]), fast=bool(row[Field.FAST]), activate_cost=int(row[Field.ACTIVATE_COST]),
                  on_cast=_effects(tab, side, c, On.CAST), on_activate=_effects(tab, side, c, On.ACTIVATE),
                  on_enter=_effects(tab, side, c, On.ENTER), unico=bool(row[Field.KEYWORDS] & Keyword.UNICO),
                  name=int(row[Field.NAME_ID]), spirit=bool(row[Field.TAGS] & Tag.SPIRIT))


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
        self.traps = [c for c in range(N_DESIGNS) if kinds[c] == Kind.TRAP]
        self.printed = [printed(s.tab, side, c) for c in range(N_DESIGNS)]
        self.abilities = [c for c in range(N_DESIGNS) if self.printed[c].on_activate and self.printed[c].fast]


def random_board(s: Scenario, places: list[Places], rng: np.random.Generator) -> Board:
    """A legal board at the start of combat: up to five units and three artifacts a side, equipment
    carried by at most one unit and a unit carrying one weapon and one armour at most (F-10, F-17),
    damage below RES (F-22)."""
    designs, cards = [], []
    for side in range(2):
        where = places[side]
        side_designs = list(where.printed)
        n_units = len(where.units)
        atq, res_, kw = rng.integers(0, 7, n_units).tolist(), rng.integers(1, 8, n_units).tolist(), rng.random((n_units, 5)) < 0.2
        for i, c in enumerate(where.units):
            words = frozenset(w for w, on in zip(RANDOM_KEYWORDS, kw[i]) if on)
            side_designs[c] = replace(where.printed[c], atq=atq[i], res=res_[i], keywords=words,
                                      on_attack=where.triggers[c])
        for c, subtype in where.equipment.items():
            words = frozenset(w for w in RANDOM_KEYWORDS if rng.random() < 0.1)
            side_designs[c] = replace(where.printed[c], equipment=subtype, bonus_atq=int(rng.integers(0, 3)),
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
    """The board into the scenario's record: the chain empty, trace on."""
    g, tab, cs, ps = s.g, s.tab, s.cs, s.ps
    cs[:, :, 2:] = 0
    for side in range(2):
        designs, cards = board.designs[side], board.cards[side]
        for c in places[side].units:
            tab[side, c, Field.ATQ] = designs[c].atq
            tab[side, c, Field.RES] = designs[c].res
            tab[side, c, Field.KEYWORDS] = (Keyword.UNICO if designs[c].unico else 0) | _keyword_bits(designs[c].keywords)
            tab[side, c, Field.NAME_ID] = designs[c].name
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
            row[CS_SET_TURN] = 0 if card.set_turn is None else card.set_turn + 1
        for code, name in ZONES.items():
            ps[side, PS_ZONE_MASK + code] = sum(1 << c for c, z in enumerate(zones) if z == name)
        # a board written by hand (its RES as well as its damage): agents.quiet_window scans every unit
        ps[side, PS_DAMAGED] = ps[side, PS_ZONE_MASK + ZONE_CODES["unit"]]
        ps[side, PS_FIGHTS] = ps[side, PS_DAMAGED]  # and any of them may be in a fight (combat.block_with marks it)
        ps[side, PS_HAND], ps[side, PS_UNITS] = zones.count("hand"), zones.count("unit")
        ps[side, PS_SUPPORTS], ps[side, PS_LANDS] = zones.count("support"), zones.count("land")
        ps[side, PS_FORT], ps[side, PS_FPROT] = board.fortress[side], board.fortress_prot[side]
        ps[side, PS_ENERGY] = board.energy[side]
        set_design_values(g, side)  # the units' and equipment's figures were written by hand above
        ps[side, PS_AGENT] = agents[side]
    ps[GAME, G_ACTIVE], ps[GAME, G_STEP], ps[GAME, G_TURN] = board.active, STEP_CODES[board.step], board.turn
    ps[GAME, G_DEPTH] = ps[GAME, G_OVER] = ps[GAME, G_WINNER] = ps[GAME, G_END] = ps[GAME, G_TRACE_N] = 0
    g["par"][Param.TRAMPLE_PAST_PROTECTION] = board.trample_past_protection


def read_board(s: Scenario, before: Board) -> Board:
    """The record back as a board (the designs as they were: a combat never changes them). A
    trap's set turn is stored + 1, as the other links."""
    cs, ps = s.cs, s.ps
    cards = []
    for side in range(2):
        side_cards = []
        for row in cs[side].tolist():
            side_cards.append(CardState(ZONES[row[CS_ZONE]], bool(row[CS_TAPPED]), bool(row[CS_FRESH]),
                                        row[CS_DAMAGE], row[CS_PROT], row[CS_ATQ_BOOST], row[CS_RES_BOOST],
                                        bool(row[CS_ATTACKING]), _link(row[CS_BLOCKING]), _link(row[CS_BLOCKED_BY]),
                                        bool(row[CS_WAS_BLOCKED]), _link(row[CS_WEAPON]), _link(row[CS_ARMOUR]),
                                        _link(row[CS_BEARER]), _link(row[CS_SET_TURN])))
        cards.append(side_cards)
    over = bool(ps[GAME, G_OVER])
    chain = [Item(side, card, WHATS[what], None if t_card == 0 else (t_side, t_card - 1))
             for side, card, what, t_side, t_card in s.g["ch"][:int(ps[GAME, G_DEPTH])][
                 :, [CH_SIDE, CH_CARD, CH_WHAT, CH_T_SIDE, CH_T_CARD]].tolist()]
    return Board(before.designs, cards, [int(ps[0, PS_FORT]), int(ps[1, PS_FORT])],
                 [int(ps[0, PS_FPROT]), int(ps[1, PS_FPROT])], int(ps[GAME, G_ACTIVE]),
                 before.trample_past_protection, int(ps[GAME, G_WINNER]) if over else None, over,
                 [int(ps[0, PS_ENERGY]), int(ps[1, PS_ENERGY])], int(ps[GAME, G_TURN]), STEPS[int(ps[GAME, G_STEP])],
                 chain)


def _link(stored: int) -> int | None:
    """A card reference as the record stores it: the card + 1, 0 for none."""
    return None if stored == 0 else stored - 1


def read_events(s: Scenario, windows: bool = False) -> list[tuple]:
    """The trace as the reference's events; `windows`: responses may happen (else none may)."""
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
        elif windows and code in (Event.CAST, Event.TRAP, Event.ACTIVATE):
            out.append(({Event.CAST: "cast", Event.TRAP: "trap", Event.ACTIVATE: "activate"}[code], player, a, b, c))
        elif windows and code == Event.RESOLVE:
            out.append(("resolve", player, a, WHATS[b]))
        elif windows and code == Event.FIZZLE:
            out.append(("fizzle", player, a))
        elif windows and code == Event.PROTECT:
            out.append(("protect", player, a, b))
        elif windows and code == Event.DESTROYED:
            out.append(("destroyed", player, a))
        elif windows and code in (Event.ENTERS, Event.TO_DISCARD):
            out.append(("enters" if code == Event.ENTERS else "to_discard", player, a))
        elif windows and code == Event.HEAL:
            out.append(("heal", player, a, b))
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
        kernel_combat_damage(s.g, ALL_UNITS)  # a random fight: any unit may be attacking
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


# ---- combat with responses: the chain and its windows (rules F-24, F-25, F-14, F-15, F-18, F-03) ----

N_WINDOW_BOARDS = 1500
CHOICES = ("cast", "trap", "activate")


def with_answers(board: Board, where_in: list[Places], rng: np.random.Generator) -> None:
    """The board given what answers in a window: energy, traps set face down in free supports (some
    this turn, not yet ready, F-15), and fast abilities' cards on the field, some exhausted."""
    for side in range(2):
        cards, where = board.cards[side], where_in[side]
        board.energy[side] = int(rng.integers(0, 5))
        free = 3 - sum(card.zone == "support" for card in cards)
        for t in where.traps:
            if free > 0 and rng.random() < 0.6:
                cards[t] = CardState("support", set_turn=board.turn - int(rng.integers(0, 3)))
                free -= 1
        for c in where.abilities:
            if board.designs[side][c].unit or free == 0 or cards[c].zone == "support" or rng.random() < 0.5:
                continue
            cards[c] = CardState("support", tapped=bool(rng.random() < 0.2))
            free -= 1


def offers_from(kernel_events: list[tuple]) -> Agents:
    """What each player did when offered priority, as the kernel's trace says: the choice recorded
    at the place the reference has reached, if it is that player's; otherwise a pass. (A player
    who passes is offered priority again only after an item resolved or the step moved on, so a
    choice's place in the trace says when it was made.)"""
    def offer(board: Board, p: int, events: list[tuple]):
        k = len(events)
        if k < len(kernel_events) and kernel_events[k][0] in CHOICES and kernel_events[k][1] == p:
            _, side, card, ts, tc1 = kernel_events[k]
            action = "ability" if kernel_events[k][0] == "activate" else kernel_events[k][0]
            return Play(side, card, action, None if tc1 == 0 else (ts, tc1 - 1))
        return None
    return Agents(offer)


def test_combat_with_responses_matches_the_reference(scenarios, places):
    """A combat whose windows (F-19 steps 3 to 6) the players may answer in with fast techniques,
    ready traps and fast abilities (F-14, F-15, F-18): who may answer, what it may aim at (F-03),
    the chain's order (F-24, last in, first out), fizzles (F-25), every effect, against the
    reference step by step."""
    rng = np.random.default_rng(SEED + 2)
    reached = {c: 0 for c in CHOICES} | {"answered_answer": 0, "fizzle": 0, "emboscada": 0, "destroyed": 0,
                                         "protect": 0, "boost": 0, "effect_kills": 0, "after_attackers": 0, "end": 0}
    for i in range(N_WINDOW_BOARDS):
        s, where_in = scenarios[i % 2], places[i % 2]
        board = random_board(s, where_in, rng)
        with_answers(board, where_in, rng)
        agents = tuple(int(Agent.RANDOM if rng.random() < 0.7 else Agent.GREEDY) for _ in range(2))
        write_record(s, where_in, board, agents)
        seed_streams(s.g, np.uint64(SEED + 2), np.uint64(i))  # each board's agents draw alike whatever ran before
        flags = s.cs[:, :, CS_FLAGS].copy()
        kernel_combat(s.g)
        events = read_events(s, windows=True)
        attackers = [e[2] for e in events if e[0] == "attack"]
        blocks = [(e[2], e[3]) for e in events if e[0] == "block"]

        def where() -> str:
            return f"board {i} (agents {agents}):\n{board}\n{events}"

        expected, expected_events = replayed(combat_with_windows, board, offers_from(events), attackers, blocks,
                                             where=where)
        assert simultaneous(events) == simultaneous(expected_events), where()
        for e in expected_events:
            if e[0] == "cast":
                flags[e[1], e[2]] |= Seen.PLAYED  # a card played from the hand is seen
        check_record(s, board, expected, flags, where)
        _count_answers(reached, board, expected_events)
    assert all(n >= 20 for n in reached.values()), reached


def _count_answers(reached: dict, board: Board, events: list[tuple]) -> None:
    """What the sample reached in the windows, so that a rule it never met cannot pass unseen."""
    depth = 0
    for k, e in enumerate(events):
        if e[0] in CHOICES:
            reached[e[0]] += 1
            depth += 1
            reached["answered_answer"] += depth == 2
            reached["emboscada"] += e[0] == "trap" and board.designs[e[1]][e[2]].on_cast[0].target == "atacante_rival"
        elif e[0] == "resolve":
            depth -= 1
        elif e[0] in ("fizzle", "destroyed", "protect", "boost", "end"):
            reached[e[0]] += 1
        elif e[0] == "dies" and k >= 2 and events[k - 2][0] == "resolve" and events[k - 1][0] in ("damage_unit", "destroyed"):
            reached["effect_kills"] += 1  # killed by an answer (F-22), or its armour destroyed under it
    declared = next((k for k, e in enumerate(events) if e[0] == "attack"), len(events))
    reached["after_attackers"] += any(e[0] in CHOICES for e in events[declared:])


# ---- one window alone, both players random: who is offered priority, and when the chain resolves ----

N_WINDOWS = 1500


def random_agents(rng_state: np.ndarray) -> Agents:
    """The random agent as rules.md describes it: at each offer where it has a legal action, one
    draw from its agent stream picks uniformly among them and the pass (legal_plays' order, which is
    the kernel's candidate order); with none, it passes without a draw. An entering effect's target
    is one draw among the legal targets. The stream is a copy of the record's, so the draws are the
    kernel's only if the offers are the rules'."""
    def offer(board: Board, p: int, events: list[tuple]):
        plays = legal_plays(board, p)
        if not plays:
            return None
        pick = below(rng_state, p * 2 + ST_AGENT, len(plays) + 1)  # passing is one of the choices
        return plays[pick] if pick < len(plays) else None

    def aim(board: Board, p: int, options: list[tuple[int, int]]) -> tuple[int, int]:
        return options[below(rng_state, p * 2 + ST_AGENT, len(options))]  # one of the legal targets, uniformly
    return Agents(offer, aim)


def test_window_turn_taking_matches_the_reference(scenarios, places):
    """A response window at a random combat step with both agents random, the reference choosing
    for them from a copy of their streams: the active player is offered priority first, a play
    passes priority to the opponent, two passes in a row resolve the top item and priority goes back
    to the active player, two passes with the chain empty close the window (F-24, rules.md). A
    wrong offer or a resolution after one pass moves the streams and the trace apart."""
    rng = np.random.default_rng(SEED + 3)
    reached = {"windows_answered": 0, "answered_answer": 0, "three_deep": 0, "fizzle": 0,
               "begin_combat": 0, "attackers": 0, "blockers": 0, "damage": 0}
    for i in range(N_WINDOWS):
        s, where_in = scenarios[i % 2], places[i % 2]
        board = random_board(s, where_in, rng)
        with_answers(board, where_in, rng)
        board.step = ("begin_combat", "attackers", "blockers", "damage")[i % 4]
        if board.step in ("attackers", "blockers"):
            random_fight(board, rng)
        write_record(s, where_in, board, (Agent.RANDOM, Agent.RANDOM))
        seed_streams(s.g, np.uint64(SEED + 3), np.uint64(i))
        flags = s.cs[:, :, CS_FLAGS].copy()
        rng_state = s.g["rng"].copy()
        kernel_window(s.g)
        events = read_events(s, windows=True)
        expected = _copy(board)
        expected_events: list[tuple] = []
        offers = random_agents(rng_state)

        def where() -> str:
            return f"window {i} at {board.step}:\n{board}\n{events}"

        replayed(reference_window, expected, offers, expected_events, where=where)
        assert events == expected_events, where()
        for e in expected_events:
            if e[0] == "cast":
                flags[e[1], e[2]] |= Seen.PLAYED
        check_record(s, board, expected, flags, where)
        assert (s.g["rng"] == rng_state).all(), where()  # every offer the agents were asked, no more
        depth = deepest = 0
        for e in expected_events:
            depth += e[0] in CHOICES
            depth -= e[0] == "resolve"
            deepest = max(deepest, depth)
        reached["windows_answered"] += deepest >= 1
        reached[board.step] += deepest >= 1
        reached["answered_answer"] += deepest >= 2
        reached["three_deep"] += deepest >= 3
        reached["fizzle"] += any(e[0] == "fizzle" for e in expected_events)
    assert all(n >= 20 for n in reached.values()), reached


# ---- a chain from the main phase: units, artifacts and equipping resolving (rules F-11, F-12, F-16, F-17) ----

N_CHAINS = 1500
ENTER_WORDS = {"proteccion", "curar", "dano"}  # entering effects this reference plays (not draws, not recoveries)


def write_chain(s: Scenario, board: Board) -> None:
    ch = s.g["ch"]
    for d, item in enumerate(board.chain):
        ch[d, [CH_SIDE, CH_CARD, CH_WHAT, CH_T_SIDE, CH_T_CARD]] = (
            item.side, item.card, WHAT_CODES[item.what], item.side if item.target is None else item.target[0],
            0 if item.target is None else item.target[1] + 1)
    s.ps[GAME, G_DEPTH] = len(board.chain)


def main_phase_item(board: Board, rng: np.random.Generator) -> bool:
    """The active player's main-phase play waiting on the chain, paid: a unit or an artifact (its zone
    filled meanwhile or a unit of its name arrived, now and then: the states F-11 and F-12 speak of),
    or equipping one of its units. False when the side has nothing of the kind."""
    p = board.active
    designs, cards = board.designs[p], board.cards[p]
    if rng.random() < 0.3:
        equipment = [e for e, card in enumerate(cards) if card.zone == "support" and designs[e].equipment]
        units = [u for u, card in enumerate(cards) if card.zone == "unit"]
        options = [(e, u) for e in equipment for u in units if cards[e].bearer != u]
        if not options:
            return False
        e, u = options[int(rng.integers(0, len(options)))]
        board.chain.append(Item(p, e, "equip", (p, u)))
        return True
    options = [c for c, card in enumerate(cards) if card.zone in ("deck", "hand", "discard")
               and (designs[c].unit or designs[c].kind == "artefacto")
               and all(e.do in ENTER_WORDS for e in designs[c].on_enter)]
    if not options:
        return False
    with_effects = [c for c in options if designs[c].on_enter]
    if with_effects and rng.random() < 0.35:  # entering effects (F-27, F-29) come often
        options = with_effects
    c = options[int(rng.integers(0, len(options)))]
    cards[c] = CardState("chain")
    zone, limit = ("unit", 5) if designs[c].unit else ("support", 3)
    roll = rng.random()
    if roll < 0.25:  # its zone filled while it waited (rule F-11)
        for f, card in enumerate(cards):
            if sum(x.zone == zone for x in cards) >= limit:
                break
            if card.zone in ("deck", "discard") and (designs[f].unit if zone == "unit" else designs[f].kind == "artefacto"):
                cards[f] = CardState(zone)
    elif roll < 0.45 and designs[c].unit:  # a unit of its name arrived: Único (rule F-12)
        named = [u for u, card in enumerate(cards) if card.zone == "unit"]
        if named:
            designs[c] = replace(designs[c], unico=True, name=designs[named[int(rng.integers(0, len(named)))]].name)
    board.chain.append(Item(p, c, "cast", None))
    return True


def test_chain_resolution_matches_the_reference(scenarios, places):
    """A main-phase play on the chain, maybe answered, both agents random and replayed from copies
    of their streams: it resolves last, and a unit or artifact enters, or goes to the discard pile
    when its zone is full or Único refuses it (F-11, F-12); entering effects happen at once (F-27,
    F-29); equipping moves the equipment and fizzles when the unit left (F-16, F-17, F-22)."""
    rng = np.random.default_rng(SEED + 4)
    reached = {"enters": 0, "full": 0, "unico": 0, "artifact_enters": 0, "enter_effect": 0, "aimed": 0,
               "equips": 0, "equip_fizzles": 0, "answered": 0}
    played = 0
    while played < N_CHAINS:
        s, where_in = scenarios[played % 2], places[played % 2]
        board = random_board(s, where_in, rng)
        with_answers(board, where_in, rng)
        board.designs = [list(side) for side in board.designs]
        if not main_phase_item(board, rng):
            continue
        write_record(s, where_in, board, (Agent.RANDOM, Agent.RANDOM))
        write_chain(s, board)
        seed_streams(s.g, np.uint64(SEED + 4), np.uint64(played))
        flags = s.cs[:, :, CS_FLAGS].copy()
        rng_state = s.g["rng"].copy()
        kernel_run_chain(s.g, board.active)
        events = read_events(s, windows=True)
        expected = _copy(board)
        expected_events: list[tuple] = []

        def where() -> str:
            return f"chain {played}:\n{board}\n{events}"

        replayed(reference_run_chain, expected, board.active, random_agents(rng_state), expected_events, where=where)
        assert events == expected_events, where()
        for e in expected_events:
            if e[0] == "cast":
                flags[e[1], e[2]] |= Seen.PLAYED
        check_record(s, board, expected, flags, where)
        assert (s.g["rng"] == rng_state).all(), where()
        played += 1
        bottom = board.chain[0]
        design = board.designs[bottom.side][bottom.card]
        kinds = [e[0] for e in expected_events]
        reached["answered"] += any(k in CHOICES for k in kinds)
        if bottom.what == "equip":
            reached["equips"] += 1
            reached["equip_fizzles"] += ("fizzle", bottom.side, bottom.card) in expected_events
        elif ("to_discard", bottom.side, bottom.card) in expected_events:
            zone, limit = ("unit", 5) if design.unit else ("support", 3)
            full = sum(card.zone == zone for card in board.cards[bottom.side]) >= limit
            reached["full" if full else "unico"] += 1
        elif ("enters", bottom.side, bottom.card) in expected_events:
            reached["enters" if design.unit else "artifact_enters"] += 1
            after = kinds[kinds.index("enters") + 1:kinds.index("enters") + 2]
            reached["enter_effect"] += after in (["protect"], ["heal"], ["damage_unit"])
            reached["aimed"] += after == ["damage_unit"]
    assert all(n >= 20 for n in reached.values()), reached
