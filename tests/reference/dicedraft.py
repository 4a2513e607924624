"""A slow, plainly written reference of one dicedraft combat, from the rules' words.

Written from RULES.md (D-06 to D-15) and the decisions of sim/rulesets/dicedraft/rules.md, not from
the kernels: plain dataclasses and lists, no numba, nothing imported from sim. The test beside it
(test_dicedraft.py) lets the kernel play a combat from a random board, reads the choices its agents
made (attackers, blocks, dice), and asks this reference two things: were those choices legal, and
what must follow from them (lives, every card's zone and face, the dice boosts of each fight, the
rolls, the events in order).

The choices are the agents' business and the reference takes them as given; the rolls are not: the
reference draws each one itself through `roll(side, faces)`, which the test backs with the side's own
dice stream, so a kernel that rolled the wrong die or the wrong stream disagrees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .choices import IllegalChoice

ZONES = ("reserve", "deck", "hand", "table", "discard")


@dataclass(frozen=True)
class Card:
    """One card of a side's pool: a character (ATQ, DEF, double block, double attack) or a dice card
    (its die's faces, and whether the roll adds to ATQ or to DEF)."""

    character: bool
    atq: int = 0
    defense: int = 0
    double_block: bool = False
    double_attack: bool = False
    die: int = 0
    boost: str = ""  # "atq" or "def", dice cards only


@dataclass
class Board:
    """What a combat reads and changes. Lists are indexed [side][card]."""

    cards: list[list[Card]]
    zone: list[list[str]]
    revealed: list[list[bool]]
    entered: list[list[int]]  # the global turn the card was put down
    lives: list[int]
    turn: int  # global turn index, 0 = the first player's first turn
    attacks_from: int = 5  # rule D-06: the second player's third turn
    summoning_sickness: bool = True  # decision (rules.md): put down this turn, it cannot attack yet


@dataclass
class Fight:
    """One blocked group. `attackers[0]` is the one a double blocker strikes back (rules D-10, D-12)."""

    attackers: list[int]
    defenders: list[int]
    boost: dict[str, int] = field(default_factory=lambda: {"atq_a": 0, "def_a": 0, "atq_d": 0, "def_d": 0})


@dataclass
class Step:
    """One turn in the dice chain: `side` uses dice card `die` and assigns the roll to the fight whose
    first attacker is `fight`, or passes (die None)."""

    side: int
    die: int | None = None
    fight: int | None = None


@dataclass
class Choices:
    attackers: list[int]  # declared together, in this order (rule D-07)
    fights: list[tuple[list[int], list[int]]]  # (attackers, defenders) of each block, in order
    chain: list[Step]


@dataclass
class Result:
    board: Board
    fights: list[Fight]
    events: list[tuple]


def combat(before: Board, att: int, choices: Choices, roll: Callable[[int, int], int]) -> Result:
    """Play one combat of side `att` with these choices; raise IllegalChoice if one breaks a rule."""
    board = _copy(before)
    dfn = 1 - att
    cards_a = board.cards[att]
    events: list[tuple] = []

    # rule D-06: attacks only from the second player's third turn
    if choices.attackers and board.turn < board.attacks_from:
        raise IllegalChoice(f"D-06: attack in turn {board.turn}, before turn {board.attacks_from}")
    # rule D-07: characters on the table attack, declared together; dice cards never attack
    if len(set(choices.attackers)) != len(choices.attackers):
        raise IllegalChoice("D-07: a character declared twice")
    for a in choices.attackers:
        if board.zone[att][a] != "table" or not cards_a[a].character:
            raise IllegalChoice(f"D-07: attacker {a} is not a character on the table")
        if board.summoning_sickness and board.entered[att][a] >= board.turn:
            raise IllegalChoice(f"summoning sickness (rules.md): attacker {a} was put down this turn")
        board.revealed[att][a] = True  # decision (rules.md): face up once it attacks
        events.append(("attack", att, a))

    fights = [Fight(list(a), list(d)) for a, d in choices.fights]
    _check_blocks(board, att, choices.attackers, fights)
    for f in fights:
        first = f.attackers[0]
        for slot, a in enumerate(f.attackers):
            events.append(("block", dfn, f.defenders[0], a, slot))
        for d in f.defenders[1:]:
            events.append(("block", dfn, d, first, 0))
        for d in f.defenders:
            board.revealed[dfn][d] = True  # decision (rules.md): face up once it blocks

    _dice_chain(board, att, fights, choices.chain, roll, events)

    # rule D-09: an unblocked attacker deals its printed ATQ to the defender's lives, once, even a
    # double attacker (D-11); dice never raise it
    blocked = {a for f in fights for a in f.attackers}
    for a in choices.attackers:
        if a not in blocked:
            board.lives[dfn] -= cards_a[a].atq
            events.append(("unblocked", att, a, cards_a[a].atq, board.lives[dfn]))

    # rule D-15: every fight at once, attack and counterattack together; damage does not stay
    dead: list[tuple[int, int]] = []
    for f in fights:
        dead += _who_dies(board, att, f)
    for f in fights:
        for side, card in [(att, a) for a in f.attackers] + [(dfn, d) for d in f.defenders]:
            if (side, card) in dead:
                board.zone[side][card] = "discard"  # dead characters go to the discard pile
                events.append(("dies", side, card))
            else:
                events.append(("survives", side, card))
    return Result(board, fights, events)


def _copy(board: Board) -> Board:
    """A board to change, leaving `board` as it was (the cards themselves never change)."""
    return Board(board.cards, [list(z) for z in board.zone], [list(r) for r in board.revealed],
                 [list(e) for e in board.entered], list(board.lives), board.turn, board.attacks_from,
                 board.summoning_sickness)


def _check_blocks(board: Board, att: int, attackers: list[int], fights: list[Fight]) -> None:
    """Rules D-07, D-08, D-10, D-11, D-12: which block shapes are allowed."""
    dfn = 1 - att
    cards_a, cards_d = board.cards[att], board.cards[dfn]
    seen_attackers: list[int] = []
    seen_defenders: list[int] = []
    for f in fights:
        for a in f.attackers:
            if a not in attackers:
                raise IllegalChoice(f"D-08: blocked card {a} does not attack")
        for d in f.defenders:
            if board.zone[dfn][d] != "table" or not cards_d[d].character:
                raise IllegalChoice(f"D-07: blocker {d} is not a character on the table")
        seen_attackers += f.attackers
        seen_defenders += f.defenders
        n_a, n_d = len(f.attackers), len(f.defenders)
        if n_a == 1 and n_d == 1:
            a, d = f.attackers[0], f.defenders[0]
            # rule D-11: one normal defender is not enough against a double attack
            if cards_a[a].double_attack and not cards_d[d].double_block:
                raise IllegalChoice(f"D-11: normal defender {d} alone against double attacker {a}")
        elif n_a == 2 and n_d == 1:
            d = f.defenders[0]
            # rule D-10: only a double blocker covers two attackers
            if not cards_d[d].double_block:
                raise IllegalChoice(f"D-10: {d} covers two attackers without double block")
            # a double attacker takes the double blocker's both places (rule D-11: "two defenders, or
            # one with double block"), so it cannot share it (decision in rules.md, rule D-12)
            if any(cards_a[a].double_attack for a in f.attackers):
                raise IllegalChoice(f"D-12: double blocker {d} shares a double attacker")
        elif n_a == 1 and n_d == 2:
            # rule D-11: two defenders together only against a double attack
            if not cards_a[f.attackers[0]].double_attack:
                raise IllegalChoice(f"D-08: two defenders on normal attacker {f.attackers[0]}")
        else:
            raise IllegalChoice(f"D-08: a fight of {n_a} attackers and {n_d} defenders")
    if len(set(seen_attackers)) != len(seen_attackers):
        raise IllegalChoice("D-08: an attacker blocked in two fights")
    if len(set(seen_defenders)) != len(seen_defenders):
        raise IllegalChoice("D-12: a defender in two fights")


def _dice_chain(board: Board, att: int, fights: list[Fight], chain: list[Step],
                roll: Callable[[int, int], int], events: list[tuple]) -> None:
    """Rule D-13: only with a block; the attacker starts; each player in turn uses one dice card from
    their table or passes; two passes in a row end it; each result goes to one fight and lasts this
    combat; a used dice card goes to the discard pile. Rule D-14: a boost counts once per side of a
    fight, never once per character."""
    if not fights:
        if chain:
            raise IllegalChoice("D-13: a dice chain without any block")
        return
    side = att
    passes = 0
    for step in chain:
        if passes == 2:
            raise IllegalChoice("D-13: the chain goes on after two passes in a row")
        if step.side != side:
            raise IllegalChoice(f"D-13: side {step.side} acts when it is side {side}'s turn")
        if step.die is None:
            passes += 1
            events.append(("pass", side))
        else:
            passes = 0
            card = board.cards[side][step.die]
            if card.character or board.zone[side][step.die] != "table":
                raise IllegalChoice(f"D-13: {step.die} is not a dice card on side {side}'s table")
            targets = [f for f in fights if f.attackers[0] == step.fight]
            if len(targets) != 1:
                raise IllegalChoice(f"D-13: the roll goes to no fight ({step.fight})")
            rolled = roll(side, card.die)
            who = "a" if side == att else "d"
            targets[0].boost[f"{card.boost}_{who}"] += rolled
            board.zone[side][step.die] = "discard"
            board.revealed[side][step.die] = True  # decision (rules.md): face up once used
            events.append(("die", side, step.die, rolled, step.fight))
        side = 1 - side
    if passes != 2:
        raise IllegalChoice("D-13: the chain ends before two passes in a row")


def _who_dies(board: Board, att: int, f: Fight) -> list[tuple[int, int]]:
    """Rule D-15: final ATQ >= DEF kills. Rules D-10, D-11, D-12 say what strikes whom."""
    dfn = 1 - att
    cards_a, cards_d = board.cards[att], board.cards[dfn]
    b = f.boost
    dead = []
    first = f.attackers[0]
    if len(f.defenders) == 2:
        # rule D-11: the double attacker deals its full ATQ to each defender; a DEF boost protects
        # both (D-14)
        for d in f.defenders:
            if cards_a[first].atq + b["atq_a"] >= cards_d[d].defense + b["def_d"]:
                dead.append((dfn, d))
        # and receives the sum of both ATQ, an ATQ boost added once (D-14)
        back = sum(cards_d[d].atq for d in f.defenders) + b["atq_d"]
    else:
        # rule D-10: two attackers add their ATQ against the double blocker (one attacker: its own ATQ;
        # a double attacker against a double blocker deals it once, D-11)
        d = f.defenders[0]
        if sum(cards_a[a].atq for a in f.attackers) + b["atq_a"] >= cards_d[d].defense + b["def_d"]:
            dead.append((dfn, d))
        back = cards_d[d].atq + b["atq_d"]
    # only the first attacker receives the counterattack (rules D-10, D-12)
    if back >= cards_a[first].defense + b["def_a"]:
        dead.append((att, first))
    return dead
