"""A slow, plainly written reference of fortaleza's combat, from the rules' words.

Written from RULES.md (F-06, F-17, F-19 steps 4 to 6, F-20 to F-23, F-28, F-31 to F-35) and the
decisions of sim/rulesets/fortaleza/rules.md, not from the kernels: plain dataclasses and lists,
nothing imported from sim. The test beside it (test_fortaleza.py) lets the kernel play a combat
from a random board, reads the attackers and blockers its agents chose from the trace, and asks
this reference whether those choices were legal and what must follow from them: every card's
state, both Fortalezas and their Protección, the events, the end of the game.

Response windows are not modelled: the test's boards leave nobody able to answer in them (no energy
and nothing free to play), so the combat is the rules of combat alone. The damage step is also
played on its own from boards in the middle of a combat, blockers gone included (F-23).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

from .choices import IllegalChoice

# The keywords (rules F-31 to F-36)
VELOZ, VIGILANCIA, VUELO, ALCANCE, ARROLLAR = "veloz", "vigilancia", "vuelo", "alcance", "arrollar"


@dataclass(frozen=True)
class Trigger:
    """An effect of a card's text that happens when the unit attacks (`on = "atacar"`, rule F-28)."""

    do: str  # "mejora_atq"
    n: int
    target: str  # "esta"
    cond: str  # "" or "equipada"


@dataclass(frozen=True)
class Design:
    unit: bool  # a personaje or criatura
    atq: int = 0
    res: int = 0
    keywords: frozenset[str] = frozenset()
    equipment: str = ""  # "arma", "armadura" or "" (rule F-17)
    bonus_atq: int = 0  # what an equipment gives its bearer
    bonus_res: int = 0
    bonus_keywords: frozenset[str] = frozenset()
    on_attack: tuple[Trigger, ...] = ()


@dataclass
class CardState:
    """One design of a side: where it is and, on the field, what this turn did to it."""

    zone: str  # "deck", "hand", "unit", "support", "discard", "reserve", "land"
    tapped: bool = False
    fresh: bool = False  # entered since its controller's turn began (rule F-20)
    damage: int = 0
    prot: int = 0  # Protección left this turn (rule F-35)
    atq_boost: int = 0
    res_boost: int = 0
    attacking: bool = False
    blocking: int | None = None  # the attacker it blocks
    blocked_by: int | None = None  # the unit blocking it
    was_blocked: bool = False  # rule F-23: stays true when the blocker is gone
    weapon: int | None = None  # the equipment it carries (rule F-17)
    armour: int | None = None
    bearer: int | None = None  # for an equipment: the unit carrying it


@dataclass
class Board:
    designs: list[list[Design]]
    cards: list[list[CardState]]
    fortress: list[int]
    fortress_prot: list[int]  # Protección on each Fortaleza (rule F-35)
    active: int
    trample_past_protection: bool = True  # decision (rules.md): lethal for Arrollar counts Protección
    winner: int | None = None  # once over: 0, 1, or -1 for a draw (rule F-06)
    over: bool = False


def _equipment(board: Board, side: int, c: int) -> list[Design]:
    state = board.cards[side][c]
    return [board.designs[side][e] for e in (state.weapon, state.armour) if e is not None]


def atq(board: Board, side: int, c: int) -> int:
    """ATQ now: printed, plus its equipment's (rule F-17), plus this turn's boosts."""
    return (board.designs[side][c].atq + board.cards[side][c].atq_boost
            + sum(e.bonus_atq for e in _equipment(board, side, c)))


def res(board: Board, side: int, c: int) -> int:
    return (board.designs[side][c].res + board.cards[side][c].res_boost
            + sum(e.bonus_res for e in _equipment(board, side, c)))


def keywords(board: Board, side: int, c: int) -> frozenset[str]:
    out = board.designs[side][c].keywords
    for e in _equipment(board, side, c):
        out |= e.bonus_keywords
    return out


def combat(before: Board, attackers: list[int], blocks: list[tuple[int, int]]) -> tuple[Board, list[tuple]]:
    """Rule F-19 steps 4 to 6: the active player's `attackers` attack, the defender assigns `blocks`
    (blocker, attacker), damage is dealt. Raise IllegalChoice when a choice breaks a rule."""
    board = _copy(before)
    att, dfn = board.active, 1 - board.active
    events: list[tuple] = []
    if not attackers:
        return board, events  # decision (rules.md, F-19): no attacker, no combat steps
    for a in attackers:
        card = board.cards[att][a]
        if card.zone != "unit" or not board.designs[att][a].unit:
            raise IllegalChoice(f"F-21: attacker {a} is not a unit on the field")
        if card.tapped:
            raise IllegalChoice(f"F-21: attacker {a} is exhausted")
        if card.fresh and VELOZ not in keywords(board, att, a):
            raise IllegalChoice(f"F-20: attacker {a} entered since its controller's turn began, without Veloz")
        if card.attacking:
            raise IllegalChoice(f"F-19: attacker {a} declared twice")
        events.append(("attack", att, a, atq(board, att, a)))
        card.attacking = True
        if VIGILANCIA not in keywords(board, att, a):  # rules F-21, F-32
            card.tapped = True
    for a in attackers:  # rule F-28: "when they attack" (decision: triggers happen at once, no chain)
        for trigger in board.designs[att][a].on_attack:
            equipped = board.cards[att][a].weapon is not None or board.cards[att][a].armour is not None
            if trigger.cond == "equipada" and not equipped:
                continue
            if (trigger.do, trigger.target, trigger.cond) not in (("mejora_atq", "esta", "equipada"),
                                                                  ("mejora_atq", "esta", "")):
                raise NotImplementedError(f"an attack trigger this reference does not know: {trigger}")
            board.cards[att][a].atq_boost += trigger.n
            events.append(("boost", att, a, trigger.n, 0))
    for b, a in blocks:
        blocker, attacker = board.cards[dfn][b], board.cards[att][a]
        if blocker.zone != "unit" or not board.designs[dfn][b].unit:
            raise IllegalChoice(f"F-21: blocker {b} is not a unit on the field")
        if blocker.tapped:
            raise IllegalChoice(f"F-21: blocker {b} is exhausted")
        if blocker.blocking is not None:
            raise IllegalChoice(f"F-22: blocker {b} already blocks")
        if not attacker.attacking or attacker.was_blocked:
            raise IllegalChoice(f"F-22: {a} is not an attacker still unblocked")
        if VUELO in keywords(board, att, a) and not keywords(board, dfn, b) & {VUELO, ALCANCE}:
            raise IllegalChoice(f"F-33: {b} blocks the flyer {a} without Vuelo or Alcance")
        blocker.blocking = a  # rule F-21: blocking does not exhaust
        attacker.blocked_by = b
        attacker.was_blocked = True
        events.append(("block", dfn, b, a))
    events += combat_damage(board)
    for side in range(2):  # the combat's marks go with it
        for card in board.cards[side]:
            if card.zone == "unit":
                card.attacking, card.blocking, card.blocked_by, card.was_blocked = False, None, None, False
    return board, events


def combat_damage(board: Board) -> list[tuple]:
    """Rules F-22, F-23, F-34, F-35, F-06: the damage step, in place; returns its events."""
    att, dfn = board.active, 1 - board.active
    events: list[tuple] = []
    dealt = [[0] * len(board.cards[side]) for side in range(2)]
    to_fortress = 0
    for a, card in enumerate(board.cards[att]):
        if card.zone != "unit" or not card.attacking:
            continue
        power = atq(board, att, a)
        tramples = ARROLLAR in keywords(board, att, a)
        if not card.was_blocked:
            to_fortress += power  # rule F-23: unblocked attackers damage the Fortaleza
        elif card.blocked_by is None:
            # rule F-23: its blocker is gone; it hits the Fortaleza only with Arrollar, and all of it,
            # there being no lethal damage to assign (F-34)
            to_fortress += power if tramples else 0
        else:
            b = card.blocked_by
            dealt[dfn][b] += power  # rule F-22: both deal their ATQ at the same time
            dealt[att][a] += atq(board, dfn, b)
            if tramples:  # rule F-34: the excess over lethal reaches the Fortaleza
                lethal = max(0, res(board, dfn, b) - board.cards[dfn][b].damage)
                if board.trample_past_protection:
                    lethal += board.cards[dfn][b].prot
                to_fortress += max(0, power - lethal)
    for side in range(2):
        for c, n in enumerate(dealt[side]):
            if n > 0:
                card = board.cards[side][c]
                prevented = min(card.prot, n)  # rule F-35: the next N damage, used up as it prevents
                card.prot -= prevented
                card.damage += n - prevented
                events.append(("damage_unit", side, c, n - prevented, prevented))
    if to_fortress > 0:
        prevented = min(board.fortress_prot[dfn], to_fortress)
        board.fortress_prot[dfn] -= prevented
        board.fortress[dfn] -= to_fortress - prevented
        events.append(("damage_fort", dfn, to_fortress - prevented, prevented, board.fortress[dfn]))
    dead = [(side, c) for side in range(2) for c, card in enumerate(board.cards[side])
            if card.zone == "unit" and card.damage >= res(board, side, c)]  # rule F-22: damage >= RES
    for side, c in dead:
        _leave_field(board, side, c)
        events.append(("dies", side, c))
    # rule F-06: a Fortaleza at 0 loses; both at 0 together is a draw
    zero = [board.fortress[side] <= 0 for side in range(2)]
    if any(zero) and not board.over:
        board.over = True
        board.winner = -1 if all(zero) else (1 if zero[0] else 0)
        events.append(("end", board.winner, "both_zero" if all(zero) else "fortaleza"))
    return events


def _leave_field(board: Board, side: int, c: int) -> None:
    """A unit goes to the discard pile with nothing of the field on it; its equipment stays in its
    support, carried by nobody (rule F-17); the attacker it blocked stays blocked (rule F-23)."""
    card = board.cards[side][c]
    for e in (card.weapon, card.armour):
        if e is not None:
            board.cards[side][e].bearer = None
    if card.blocking is not None:
        board.cards[1 - side][card.blocking].blocked_by = None
    if card.blocked_by is not None:
        board.cards[1 - side][card.blocked_by].blocking = None
    board.cards[side][c] = CardState("discard")


def _copy(board: Board) -> Board:
    """A board to change, leaving `board` as it was (the designs never change)."""
    return replace(board, cards=[[copy.copy(card) for card in side] for side in board.cards],
                   fortress=list(board.fortress), fortress_prot=list(board.fortress_prot))
