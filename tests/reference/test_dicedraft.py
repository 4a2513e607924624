"""The dicedraft combat kernel against its plain reference (tests/reference/dicedraft.py), from a few
thousand random boards.

Each board: random character stats (double block and double attack included) over the real pools'
places, random zones, faces, put-down turns, lives and agents (random agents reach every block shape
and every dice choice). The kernel plays one whole combat (`combat.combat`, rules D-07 to D-15) with
its trace on; its choices (attackers, blocks, dice) are read back from the trace and the reference
checks them and replays them, drawing each roll from the same dice stream. Every field is compared:
lives, each card's zone, face and put-down turn, the zone masks, the fights' dice boosts, the dice
stream's position, the events in order.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.rng import Purpose, below
from sim.rulesets.dicedraft.combat import combat as kernel_combat
from sim.rulesets.dicedraft.constants import Agent, Boost, Event, Field, Kind, Param, Seen
from sim.rulesets.dicedraft.scenario import Scenario
from sim.rulesets.dicedraft.state import (
    CS_ENTERED, CS_FLAGS, CS_ZONE, F_ATQ_A, F_ATQ_D, F_DEF_A, F_DEF_D, G_TRACE_N, G_TURN, GAME, N_PLAY_STREAMS,
    PS_AGENT, PS_LIVES, PS_REVEALED, PS_ZONE_MASK, seed_streams, stream, sync_masks,
)

from .choices import replayed
from .dicedraft import ZONES, Board, Card, Choices, Fight, Step, combat

N_BOARDS = 3000
SEED = 20261206


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return Scenario.from_spec(("aranas", "ciempies"), ("greedy", "greedy"))


def random_board(s: Scenario, rng: np.random.Generator) -> Board:
    """A legal board before a combat: the pools' places with random stats (any ATQ, DEF >= 1,
    double block and double attack at will; dice of 2 to 20 faces), random zones and faces."""
    turn = int(rng.integers(5, 30))
    cards, zones, revealed, entered = [], [], [], []
    for side in range(2):
        n = s.compiled.pools[side].n_cards
        is_character = (s.tab[side, :n, int(Field.KIND)] == int(Kind.CHARACTER)).tolist()
        atq, defense = rng.integers(0, 10, n).tolist(), rng.integers(1, 11, n).tolist()
        double_block, double_attack = (rng.random(n) < 0.3).tolist(), (rng.random(n) < 0.25).tolist()
        faces, boosts = rng.choice([2, 4, 6, 8, 20], n).tolist(), rng.choice(["atq", "def"], n).tolist()
        side_cards = [Card(True, atq[c], defense[c], double_block[c], double_attack[c])
                      if is_character[c] else Card(False, die=faces[c], boost=boosts[c])
                      for c in range(n)]
        on_table = 0.45 if rng.random() < 0.8 else 0.15
        elsewhere = rng.choice(["reserve", "deck", "hand", "discard"], n).tolist()
        zones.append(["table" if u < on_table else other for u, other in zip(rng.random(n).tolist(), elsewhere)])
        cards.append(side_cards)
        revealed.append((rng.random(n) < 0.5).tolist())
        earlier = rng.integers(0, turn, n).tolist()
        entered.append([turn if u < 0.2 else e for u, e in zip(rng.random(n).tolist(), earlier)])
    return Board(cards, zones, revealed, entered, rng.integers(1, 31, 2).tolist(), turn,
                 summoning_sickness=bool(rng.random() < 0.8))


def write_record(s: Scenario, board: Board, agents: tuple[int, int], seed: int) -> None:
    """The board into the scenario's game record (trace on, cursor at 0, fresh streams)."""
    g, tab, cs, ps = s.g, s.tab, s.cs, s.ps
    for side in range(2):
        cards, n = board.cards[side], len(board.cards[side])
        for column, values in ((Field.ATQ, [c.atq for c in cards]), (Field.DEF, [c.defense for c in cards]),
                               (Field.DOUBLE_BLOCK, [c.double_block for c in cards]),
                               (Field.DOUBLE_ATTACK, [c.double_attack for c in cards]), (Field.DIE, [c.die for c in cards]),
                               (Field.BOOST, [Boost.DEF if c.boost == "def" else Boost.ATQ for c in cards])):
            tab[side, :n, column] = values
        cs[side, :n, CS_ZONE] = [ZONES.index(z) for z in board.zone[side]]
        # a counter bit besides the face, which a combat must leave alone
        cs[side, :n, CS_FLAGS] = np.where(board.revealed[side], Seen.REVEALED | Seen.PLAYED, Seen.PLAYED)
        cs[side, :n, CS_ENTERED] = board.entered[side]
        ps[side, PS_LIVES] = board.lives[side]
        ps[side, PS_AGENT] = agents[side]
    ps[GAME, G_TURN] = board.turn
    ps[GAME, G_TRACE_N] = 0
    g["par"][Param.SUMMONING_SICKNESS] = int(board.summoning_sickness)
    g["par"][Param.ATTACK_FROM_TURN] = board.attacks_from
    g["fights"][:] = 0
    g["scratch"][:] = 0
    seed_streams(g, np.uint64(seed), np.uint64(0), np.int64(0))
    sync_masks(g)


def read_board(s: Scenario, before: Board) -> Board:
    """The record back as a board (the cards' stats as they were: a combat never changes them)."""
    cs = s.cs
    zones = [[ZONES[cs[side, c, CS_ZONE]] for c in range(len(before.cards[side]))] for side in range(2)]
    revealed = [[bool(cs[side, c, CS_FLAGS] & Seen.REVEALED) for c in range(len(before.cards[side]))] for side in range(2)]
    entered = [[int(cs[side, c, CS_ENTERED]) for c in range(len(before.cards[side]))] for side in range(2)]
    return Board(before.cards, zones, revealed, entered, [int(s.ps[0, PS_LIVES]), int(s.ps[1, PS_LIVES])],
                 int(s.ps[GAME, G_TURN]), before.attacks_from, before.summoning_sickness)


def read_events(s: Scenario, turn: int) -> list[tuple]:
    """The kernel's trace in the reference's words."""
    out = []
    for t, player, code, a, b, c in s.g["tr"][:int(s.ps[GAME, G_TRACE_N])].tolist():
        assert t == turn
        if code == Event.ATTACK:
            out.append(("attack", player, a))
        elif code == Event.BLOCK:
            out.append(("block", player, a, b, c))
        elif code == Event.DICE:
            out.append(("die", player, a, b, c))
        elif code == Event.DICE_PASS:
            out.append(("pass", player))
        elif code == Event.UNBLOCKED:
            out.append(("unblocked", player, a, b, c))
        elif code in (Event.DIES, Event.SURVIVES):
            assert b == player, "a fighter's event names its owner"
            out.append(("dies" if code == Event.DIES else "survives", player, a))
        else:
            raise AssertionError(f"unexpected event {code} in a combat")
    return out


def choices_of(events: list[tuple]) -> Choices:
    """The agents' choices as the kernel's events tell them: attackers, block groups, dice chain."""
    attackers = [e[2] for e in events if e[0] == "attack"]
    fights: list[tuple[list[int], list[int]]] = []
    for _, _, d, a, slot in (e for e in events if e[0] == "block"):
        if slot == 1:  # a second attacker on a double blocker
            next(f for f in fights if d in f[1])[0].append(a)
        elif any(a in f[0] for f in fights):  # a second defender on a double attacker
            next(f for f in fights if a in f[0])[1].append(d)
        else:
            fights.append(([a], [d]))
    chain = [Step(e[1], e[2], e[4]) if e[0] == "die" else Step(e[1]) for e in events if e[0] in ("die", "pass")]
    return Choices(attackers, fights, chain)


DICE_STREAMS = (int(stream(0, Purpose.DICE)), int(stream(1, Purpose.DICE)))
AGENT_STREAMS = (int(stream(0, Purpose.AGENT)), int(stream(1, Purpose.AGENT)))


def test_combat_matches_the_reference(scenario):
    s = scenario
    rng = np.random.default_rng(SEED)
    shapes = {"1v1": 0, "2v1": 0, "1v2": 0, "double_vs_double_block": 0, "atq_die": 0, "def_die": 0,
              "unblocked": 0, "attacker_dies": 0, "defender_dies": 0, "both_die": 0}
    for i in range(N_BOARDS):
        board = random_board(s, rng)
        att = int(rng.integers(0, 2))
        agents = tuple(int(Agent.RANDOM if rng.random() < 0.6 else Agent.GREEDY) for _ in range(2))
        write_record(s, board, agents, seed=i)
        streams_before = s.rng.copy()
        kernel_combat(s.g, att)

        events = read_events(s, board.turn)
        choices = choices_of(events)
        dice_streams = streams_before.copy()

        def roll(side: int, faces: int) -> int:
            return 1 + int(below(dice_streams, DICE_STREAMS[side], faces))

        def where() -> str:  # a failure's message, written only on failure
            return f"board {i} (attacker {att}, agents {agents}):\n{board}\n{choices}"

        expected = replayed(combat, board, att, choices, roll, where=where)

        assert events == expected.events, where()
        assert read_board(s, board) == expected.board, where()
        for side in range(2):
            for z, name in enumerate(ZONES):
                mask = sum(1 << c for c, zone in enumerate(expected.board.zone[side]) if zone == name)
                assert s.ps[side, PS_ZONE_MASK + z] == mask, where()
            assert s.ps[side, PS_REVEALED] == sum(1 << c for c, r in enumerate(expected.board.revealed[side]) if r), where()
            assert all(s.cs[side, :len(board.cards[side]), CS_FLAGS] & Seen.PLAYED), where()
        fights = s.g["fights"]
        for f, fight in enumerate(expected.fights):
            kernel_boost = {"atq_a": fights[f, F_ATQ_A], "def_a": fights[f, F_DEF_A],
                            "atq_d": fights[f, F_ATQ_D], "def_d": fights[f, F_DEF_D]}
            assert kernel_boost == fight.boost, where()
        # the dice streams moved by exactly the rolls made; the streams of decks and the stage untouched
        for k in range(N_PLAY_STREAMS):
            if k in AGENT_STREAMS:
                continue  # the agents' own choices
            wanted = dice_streams[k] if k in DICE_STREAMS else streams_before[k]
            assert s.rng[k] == wanted, where()
        _count_shapes(shapes, board, att, expected.fights, expected.events)
    # the boards reached every shape the rules name, so a wrong branch could not hide
    assert all(n >= 20 for n in shapes.values()), shapes


def _count_shapes(shapes: dict, board: Board, att: int, fights: list[Fight], events: list[tuple]) -> None:
    for f in fights:
        if len(f.attackers) == 2:
            shapes["2v1"] += 1
        elif len(f.defenders) == 2:
            shapes["1v2"] += 1
        else:
            shapes["1v1"] += 1
            if board.cards[att][f.attackers[0]].double_attack:
                shapes["double_vs_double_block"] += 1
        dead = {(e[1], e[2]) for e in events if e[0] == "dies"}
        a_dies = (att, f.attackers[0]) in dead
        d_dies = any((1 - att, d) in dead for d in f.defenders)
        shapes["attacker_dies"] += a_dies
        shapes["defender_dies"] += d_dies
        shapes["both_die"] += a_dies and d_dies
    for e in events:
        if e[0] == "die":
            shapes["atq_die" if board.cards[e[1]][e[2]].boost == "atq" else "def_die"] += 1
        elif e[0] == "unblocked":
            shapes["unblocked"] += 1
