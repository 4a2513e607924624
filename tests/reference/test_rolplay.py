"""Rolplay's attack phase and summoning (with replacement) against their plain reference
(tests/reference/rolplay.py), from a few thousand random boards.

Each board: two shipped decks' 60 cards a side, the creature designs with random ATQ, DEF (0
included), types (mystic, defender, berserker), multiple attack and defense, life costs and costs;
random creatures in play at random places (damaged, boosted, tapped, just summoned, carrying
amulets), random life, power, side effects (unmystic, all defenders) and agents. The attack test
plays phase 6 as the game does (`game.chosen_modes`, `game.apply_modes`, `game.attacks`); the
summon test plays phase 4 (`game.summon_phase`) with the places often full, so that replacements
happen. The agents' choices (modes, attackers and targets; which card is summoned where, replacing
what) are read from the trace and the record; the reference checks and replays them. Compared:
every card's zone, and for cards in play their place, damage, boosts, mode, attacks, defenses,
amulet links and faces; the places, counts and zone masks; life, power, cards played; the end of
the game; the events in order.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.rulesets.rolplay.constants import END_NAMES, N_CARDS, Agent, Class, Event, Field, Param
from sim.rulesets.rolplay.game import apply_modes, attacks as kernel_attacks, chosen_modes, summon_phase as kernel_summon_phase
from sim.rulesets.rolplay.scenario import Scenario
from sim.rulesets.rolplay.state import (
    CS_AMULET_DEF, CS_ATQ_BOOST, CS_ATTACK_MODE, CS_ATTACKS, CS_DAMAGE, CS_DEF_BOOST, CS_DEFENSES, CS_DESIGN,
    CS_ENTERED, CS_LINK, CS_PLACE, CS_REVEALED, CS_TAP_UNTIL, CS_ZONE, G_ACTIVE, G_END, G_OVER, G_TRACE_N, G_TURN,
    G_WINNER, GAME, PS_AGENT, PS_ALLDEF_BONUS, PS_ALLDEF_UNTIL, PS_CARDS_PLAYED, PS_CONJURED, PS_CREATURES,
    PS_HAND, PS_LIFE, PS_PLACE, PS_POWER, PS_POWERS, PS_SPELL, PS_UNMYSTIC_UNTIL, PS_ZONE_MASK, forget_figures,
)

from .choices import replayed
from .rolplay import Board, Card, Design, attack_phase, summon_phase, mystic

N_ATTACK_BOARDS = 2500
N_SUMMON_BOARDS = 1500
SEED = 20261208
TURN = 10
ZONES = ("deck", "hand", "power", "creature", "amulet", "spell", "gone")  # constants.Zone, in order
KINDS = {int(Class.CREATURE): "creature", int(Class.POWER): "power", int(Class.SPELL): "spell", int(Class.AMULET): "amulet"}
SUMMON_KINDS = {Event.SUMMON: "summon", Event.REPLACE: "replace", Event.AMULET: "amulet", Event.SPELL_SET: "spell"}
N_PLACES = 7
OTHER = Design("power")  # a design of the pool outside both decks


@pytest.fixture(scope="module")
def scenarios() -> list[Scenario]:
    return [Scenario.from_factions("amuletos_25", "muralla_50"), Scenario.from_factions("misticos_50", "dragones_50")]


def random_board(s: Scenario, rng: np.random.Generator, active: int, full_places: float) -> Board:
    """A legal board in the active player's turn: creatures of distinct designs at distinct places
    (so that the trace's design numbers name one card), damage below DEF, at most one amulet each
    (of a level no higher than its creature's, R-09), distinct designs in hand."""
    designs, cards = [], []
    for side in range(2):
        instance_design = s.cs[side, :, CS_DESIGN].tolist()
        side_designs = [OTHER] * s.tab.shape[1]
        for d in sorted(set(instance_design)):  # the deck's designs; the rest of the pool plays no part
            kind = KINDS[int(s.tab[side, d, Field.CLASS])]
            if kind == "creature":
                u = rng.random(6)
                side_designs[d] = Design(
                    "creature", level=int(rng.integers(1, 26)), cost=int(rng.integers(0, 11)), atq=int(rng.integers(0, 9)),
                    defense=int(rng.integers(0, 9)), mystic=bool(u[0] < 0.25), defender=bool(u[1] < 0.2),
                    berserker=bool(u[2] < 0.15), self_damage=int(rng.integers(1, 4)) if u[3] < 0.1 else 0,
                    multi_attack=2 if u[4] < 0.15 else 1, multi_defense=2 if u[5] < 0.15 else 1)
            else:
                side_designs[d] = Design(kind, level=int(rng.integers(1, 26)), cost=int(rng.integers(0, 6)))
        by_kind: dict[str, dict[int, list[int]]] = {}
        for c, d in enumerate(instance_design):
            by_kind.setdefault(side_designs[d].kind, {}).setdefault(d, []).append(c)
        side_cards = [Card(d, "deck") for d in instance_design]
        creatures = list(by_kind.get("creature", {}).items())
        order = rng.permutation(len(creatures)).tolist()
        n_play = N_PLACES if rng.random() < full_places else int(rng.integers(0, N_PLACES + 1))
        n_play = min(n_play, len(creatures))
        places = rng.permutation(N_PLACES).tolist()
        amulets = [copies for _, copies in by_kind.get("amulet", {}).items()]
        for k, i in enumerate(order[:n_play]):
            c = creatures[i][1][0]
            u = rng.random(6)
            card = Card(creatures[i][0], "creature", place=places[k], atq_boost=int(rng.integers(1, 3)) if u[0] < 0.2 else 0,
                        def_boost=int(rng.integers(1, 3)) if u[1] < 0.2 else 0, tapped=bool(u[2] < 0.15),
                        entered_now=bool(u[3] < 0.2), attack_mode=bool(u[4] < 0.5), defenses=int(u[5] < 0.1))
            side_cards[c] = card
            total = side_designs[card.design].defense + card.def_boost
            if total > 0 and rng.random() < 0.4:
                card.damage = int(rng.integers(0, total))
            free_amulets = [copies for copies in amulets if any(side_cards[x].zone == "deck" for x in copies)]
            if free_amulets and rng.random() < 0.3:
                x = next(x for x in free_amulets[int(rng.integers(0, len(free_amulets)))] if side_cards[x].zone == "deck")
                if side_designs[side_cards[x].design].level <= side_designs[card.design].level:
                    side_cards[x] = Card(side_cards[x].design, "amulet", link=c)
                    card.link = x
        if side == active:  # a hand of distinct designs not in play: creatures, amulets, spells
            for kind in ("creature", "amulet", "spell"):
                for d, copies in by_kind.get(kind, {}).items():
                    free = [x for x in copies if side_cards[x].zone == "deck"]
                    if free and len(free) == len(copies) and rng.random() < 0.4:
                        side_cards[free[0]] = Card(d, "hand")
        designs.append(side_designs)
        cards.append(side_cards)
    u = rng.random(4)
    return Board(designs, cards, life=rng.integers(1, 40, 2).tolist(), power=rng.integers(0, 25, 2).tolist(),
                 unmystic=[bool(u[0] < 0.1), bool(u[1] < 0.1)], all_defenders=[bool(u[2] < 0.1), bool(u[3] < 0.1)],
                 all_def_bonus=rng.integers(0, 3, 2).tolist(), cards_played=[0, 0],
                 replace_cost_factor=int(rng.integers(1, 3)))


def write_record(s: Scenario, board: Board, active: int, agents: tuple[int, int]) -> None:
    """The board into the scenario's record, its trace on from the start."""
    g, tab, cs, ps = s.g, s.tab, s.cs, s.ps
    cs[:, :, 1:] = 0
    for side in range(2):
        for d in set(s.cs[side, :, CS_DESIGN].tolist()):
            design = board.designs[side][d]
            if design.kind == "creature":
                row = tab[side, d]
                row[Field.LEVEL], row[Field.COST], row[Field.ATQ], row[Field.DEF] = design.level, design.cost, design.atq, design.defense
                row[Field.MYSTIC], row[Field.DEFENDER], row[Field.BERSERKER] = design.mystic, design.defender, design.berserker
                row[Field.SELF_DAMAGE], row[Field.MULTI_ATTACK], row[Field.MULTI_DEFENSE] = (
                    design.self_damage, design.multi_attack, design.multi_defense)
            elif design.kind in ("amulet", "spell"):
                tab[side, d, Field.LEVEL], tab[side, d, Field.COST] = design.level, design.cost
        places = [0] * N_PLACES
        for c, card in enumerate(board.cards[side]):
            row = cs[side, c]
            row[CS_ZONE] = ZONES.index(card.zone)
            if card.zone not in ("creature", "amulet", "spell"):
                continue
            row[CS_PLACE], row[CS_DAMAGE], row[CS_ATQ_BOOST] = card.place, card.damage, card.atq_boost
            row[CS_DEF_BOOST], row[CS_AMULET_DEF] = card.def_boost, card.amulet_def
            row[CS_TAP_UNTIL] = TURN + 1 if card.tapped else 0  # tapped while the turn is below it
            row[CS_ENTERED] = TURN + 1 if card.entered_now else TURN - 1
            row[CS_ATTACK_MODE], row[CS_ATTACKS], row[CS_DEFENSES] = card.attack_mode, card.attacks, card.defenses
            row[CS_LINK] = 0 if card.link is None else card.link + 1
            row[CS_REVEALED] = card.revealed
            if card.zone == "creature":
                places[card.place] = c + 1
        zones = [card.zone for card in board.cards[side]]
        for z, name in enumerate(ZONES):
            ps[side, PS_ZONE_MASK + z] = sum(1 << c for c, zone in enumerate(zones) if zone == name)
        for k in range(N_PLACES):
            ps[side, PS_PLACE + k] = places[k]
        ps[side, PS_LIFE], ps[side, PS_POWER] = board.life[side], board.power[side]
        ps[side, PS_HAND], ps[side, PS_CREATURES], ps[side, PS_POWERS] = (
            zones.count("hand"), zones.count("creature"), zones.count("power"))
        ps[side, PS_SPELL] = zones.index("spell") + 1 if "spell" in zones else 0
        ps[side, PS_UNMYSTIC_UNTIL] = TURN + 1 if board.unmystic[side] else 0
        ps[side, PS_ALLDEF_UNTIL] = TURN + 1 if board.all_defenders[side] else 0
        ps[side, PS_ALLDEF_BONUS] = board.all_def_bonus[side]
        ps[side, PS_AGENT], ps[side, PS_CARDS_PLAYED], ps[side, PS_CONJURED] = agents[side], board.cards_played[side], 0
    ps[GAME, G_TURN], ps[GAME, G_ACTIVE] = TURN, active
    ps[GAME, G_OVER] = ps[GAME, G_WINNER] = ps[GAME, G_END] = ps[GAME, G_TRACE_N] = 0
    g["par"][Param.REPLACE_COST_FACTOR] = board.replace_cost_factor
    g["par"][Param.DEFENDER_MAY_DECLINE] = 0  # the manual's rule; the 2002 variant is not modelled
    forget_figures(g)  # the cards were written whole: no kept row of the figures table holds


def read_board(s: Scenario, before: Board) -> Board:
    """The record back as a board; a card out of play keeps only its zone (what play left on it is
    no rule's business)."""
    cs, ps = s.cs, s.ps
    cards = []
    for side in range(2):
        side_cards = []
        for c, row in enumerate(cs[side].tolist()):
            zone = ZONES[row[CS_ZONE]]
            if zone not in ("creature", "amulet", "spell"):
                side_cards.append(Card(row[CS_DESIGN], zone))
                continue
            side_cards.append(Card(row[CS_DESIGN], zone, row[CS_PLACE] if zone == "creature" else 0, row[CS_DAMAGE],
                                   row[CS_ATQ_BOOST], row[CS_DEF_BOOST], row[CS_AMULET_DEF], row[CS_TAP_UNTIL] > TURN,
                                   row[CS_ENTERED] == TURN + 1, bool(row[CS_ATTACK_MODE]), row[CS_ATTACKS],
                                   row[CS_DEFENSES], None if row[CS_LINK] == 0 else row[CS_LINK] - 1,
                                   bool(row[CS_REVEALED])))
        cards.append(side_cards)
    over = bool(ps[GAME, G_OVER])
    return Board(before.designs, cards, [int(ps[0, PS_LIFE]), int(ps[1, PS_LIFE])],
                 [int(ps[0, PS_POWER]), int(ps[1, PS_POWER])], before.unmystic, before.all_defenders,
                 before.all_def_bonus, [int(ps[0, PS_CARDS_PLAYED]), int(ps[1, PS_CARDS_PLAYED])],
                 before.creature_places, before.replace_cost_factor, over, int(ps[GAME, G_WINNER]) if over else None)


def out_of_play_as_zone(board: Board) -> Board:
    """The reference's board with what is out of play reduced to its zone, as read_board reads it."""
    for side in range(2):
        for c, card in enumerate(board.cards[side]):
            if card.zone not in ("creature", "amulet", "spell"):
                board.cards[side][c] = Card(card.design, card.zone)
            elif card.zone != "creature":
                card.place = 0
    return board


def read_events(s: Scenario) -> list[tuple]:
    names = {Event.MODES: "modes", Event.ATTACK: "attack", Event.DEFEND: "defend", Event.DAMAGE: "damage",
             Event.DIES: "dies", Event.LIFE: "life", Event.BURNED: "burned", Event.SUMMON: "summon",
             Event.REPLACE: "replace", Event.AMULET: "amulet", Event.SPELL_SET: "spell_set"}
    widths = {"modes": 2, "attack": 2, "defend": 2, "damage": 3, "dies": 1, "life": 2, "burned": 1, "summon": 3,
              "replace": 3, "amulet": 3, "spell_set": 3}
    out = []
    for _, player, code, a, b, c in s.g["tr"][:int(s.ps[GAME, G_TRACE_N])].tolist():
        if code == Event.END:
            out.append(("end", a, END_NAMES[b]))
            continue
        name = names.get(code)
        if name is None:
            raise AssertionError(f"event {Event(code).name} where the reference expects none")
        out.append((name, player, *(a, b, c)[:widths[name]]))
    return out


def check_record(s: Scenario, board: Board, expected: Board, where) -> None:
    assert read_board(s, board) == out_of_play_as_zone(expected), where()
    ps = s.ps
    for side in range(2):
        zones = [card.zone for card in expected.cards[side]]
        for z, name in enumerate(ZONES):
            assert ps[side, PS_ZONE_MASK + z] == sum(1 << c for c, zone in enumerate(zones) if zone == name), where()
        places = [0] * N_PLACES
        for c, card in enumerate(expected.cards[side]):
            if card.zone == "creature":
                places[card.place] = c + 1
        assert [int(ps[side, PS_PLACE + k]) for k in range(N_PLACES)] == places, where()
        assert (ps[side, PS_HAND], ps[side, PS_CREATURES]) == (zones.count("hand"), zones.count("creature")), where()
        assert ps[side, PS_SPELL] == (zones.index("spell") + 1 if "spell" in zones else 0), where()


def next_board(scenarios: list[Scenario], i: int, rng: np.random.Generator, full_places: float) -> tuple:
    """Board i of a test: its scenario, the active side, the board (written into the record) and
    the agents (random ones reach every choice; greedy ones make the choices the batch makes)."""
    s = scenarios[i % 2]
    p = int(rng.integers(0, 2))
    board = random_board(s, rng, p, full_places)
    agents = tuple(int(Agent.RANDOM if rng.random() < 0.6 else Agent.GREEDY) for _ in range(2))
    write_record(s, board, p, agents)
    return s, p, board, agents


def test_attack_phase_matches_the_reference(scenarios):
    rng = np.random.default_rng(SEED)
    reached = {"attack": 0, "defend": 0, "dies": 0, "burned": 0, "end": 0, "rerouted": 0, "to_life": 0,
               "mystic_shield": 0, "berserker": 0, "self_damage": 0, "second_attack": 0}
    for i in range(N_ATTACK_BOARDS):
        s, p, board, agents = next_board(scenarios, i, rng, full_places=0.2)
        modes = chosen_modes(s.g, p)
        apply_modes(s.g, p, modes)
        kernel_attacks(s.g, p)
        events = read_events(s)
        # the choices: which creatures went to attack mode, who attacked choosing whom
        mode_set = {c for c in range(N_CARDS) if int(modes) >> c & 1}
        in_play = [{card.design: c for c, card in enumerate(board.cards[side]) if card.zone == "creature"} for side in range(2)]
        attacks = [(in_play[p][e[2]], in_play[1 - p][e[3] - 1] if e[3] else None) for e in events if e[0] == "attack"]

        def where() -> str:
            return f"board {i} (active {p}, agents {agents}, modes {sorted(mode_set)}, attacks {attacks}):\n{board}\n{events}"

        expected, expected_events = replayed(attack_phase, board, p, mode_set, attacks, where=where)
        assert events == expected_events, where()
        check_record(s, board, expected, where)
        _count_attacks(reached, board, p, attacks, expected_events)
    assert all(n >= 20 for n in reached.values()), reached


def _count_attacks(reached: dict, board: Board, p: int, attacks: list, events: list) -> None:
    for e in events:
        if e[0] in reached:
            reached[e[0]] += 1
    attack_rows = [k for k, e in enumerate(events) if e[0] == "attack"]
    for k, (a, chosen) in zip(attack_rows, attacks):
        following = events[k + 1:k + 3]
        defended = [e for e in following if e[0] == "defend"]
        if not defended:
            reached["to_life"] += 1
        elif chosen is not None and defended[0][2] != board.cards[1 - p][chosen].design:
            reached["rerouted"] += 1
        if defended and not mystic(board, p, a) and mystic(board, 1 - p, [c for c, card in enumerate(board.cards[1 - p])
                                                                         if card.design == defended[0][2]
                                                                         and card.zone == "creature"][0]):
            reached["mystic_shield"] += 1
        design = board.designs[p][board.cards[p][a].design]
        reached["berserker"] += design.berserker
        reached["self_damage"] += design.self_damage > 0
    reached["second_attack"] += len(attacks) - len({a for a, _ in attacks})


def test_summon_phase_matches_the_reference(scenarios):
    rng = np.random.default_rng(SEED + 1)
    reached = {"summon": 0, "replace": 0, "amulet": 0, "spell": 0, "burned": 0}
    for i in range(N_SUMMON_BOARDS):
        s, p, board, agents = next_board(scenarios, i, rng, full_places=0.6)
        kernel_summon_phase(s.g, p)
        events = read_events(s)
        hand = {card.design: c for c, card in enumerate(board.cards[p]) if card.zone == "hand"}
        in_play = {card.design: c for c, card in enumerate(board.cards[p]) if card.zone == "creature"}
        summons = []
        for e in events:
            if e[0] == "summon":
                summons.append(("summon", hand[e[2]], e[3] - 1))
            elif e[0] == "replace":
                summons.append(("replace", hand[e[2]], in_play[e[3]]))
                in_play[e[2]] = hand[e[2]]
            elif e[0] == "amulet":
                summons.append(("amulet", hand[e[2]], in_play[e[3]]))
            elif e[0] == "spell_set":
                summons.append(("spell", hand[e[2]], None))
            if e[0] == "summon":
                in_play[e[2]] = hand[e[2]]

        def where() -> str:
            return f"board {i} (active {p}, agents {agents}, summons {summons}):\n{board}\n{events}"

        expected, expected_events = replayed(summon_phase, board, p, summons, where=where)
        assert events == expected_events, where()
        check_record(s, board, expected, where)
        for kind, *_ in summons:
            reached[kind] += 1
        reached["burned"] += sum(e[0] == "burned" for e in expected_events)
    assert all(n >= 20 for n in reached.values()), reached
