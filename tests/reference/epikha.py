"""A slow, plainly written reference of epikha's spell windows by level, from the rules' words: casting
and raising while a window is open, and the pending spells resolving by level when it closes.

Written from RULES.md (E-01 to E-09, E-13) and the completion in sim/rulesets/epikha/rules.md (E-20
the Magic Zone's places, E-22 the window, E-23 targets, E-24 the Magic Zone's level bonus, E-27
damage less Resistencia, E-31 the verbs, E-33, E-34), not from the kernels: plain dataclasses and
lists, nothing imported from sim. The test beside it (test_epikha.py) plays the kernel's casting
and raising (`spells.may_cast`, `cast`, `may_raise`, `raise_level`) against `may_cast`, `cast`,
`may_raise` and `raise_level` here, and the kernel's `spells.resolve_pending` against
`resolve_pending` here, from random boards and pending lists (spells of both players at random
levels and cast numbers, continuous spells' Start effects, targets still there or gone, payers spent
to 0): every card's zone and Vital, shields and boosts, both Player cards, the hands and decks, the
pending list, the counters, the events in order.

`spell_window` plays a whole window (E-22), its players' actions given by the test (random agents
played from copies of their streams), against the kernel's `game.spell_window`.

Covered verbs: damage, shield, boost, weaken, restore, heal, draw, negate (a pending spell or a
continuous spell), and of the passive verbs those a window reads, all_resistencia and spell_level.
Not covered: destroy_gear and gear (the boards carry none), Player Abilities' passives (none in
use), machines (the first set has none, E-11).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .choices import IllegalChoice

ONE_CARD = ("enemy_character", "own_character", "enemy_attacker", "continuous_spell", "pending_spell")
IN_PLAY = ("deploy", "magic", "combat")  # the zones where a character is on the field (E-20)
MAX_WINDOW_ACTIONS = 64  # rules.md, E-22: turns of one window at most (each action costs Vital)


@dataclass(frozen=True)
class Effect:
    do: str  # a verb of E-31
    n: int
    target: str  # "" for none


@dataclass(frozen=True)
class Design:
    kind: str  # "character", "player", "spell", "continuous" or "other"
    level: int = 0
    fuerza: int = 0
    resistencia: int = 0
    vital: int = 0
    target: str = ""  # the one chosen target of its effects (E-23)
    on_cast: tuple[Effect, ...] = ()
    on_start: tuple[Effect, ...] = ()
    passive: tuple[Effect, ...] = ()  # while the card is in play (E-31)
    cost: int = 0  # Vital (E-02)
    pays: bool = False  # bears Magia or Espiritu (E-05)
    nivel: int = 0  # its spells enter this many levels higher (E-09, E-30)


@dataclass
class Card:
    design: int
    zone: str  # "deck", "hand", "deploy", "magic", "combat", "discard", "pending", "out"
    lost: int = 0  # Vital paid or lost since its controller's last Start (E-06)
    shield: int = 0  # Resistencia from `shield` (E-31)
    boost: int = 0  # Fuerza from `boost` less `weaken` (E-31)


@dataclass
class Pending:
    """One entry of the pending list: a spell cast, or a continuous spell's Start effect (`effect`)."""

    side: int
    card: int
    caster: int | None  # its payer (E-09); None for a Start effect
    level: int
    target_side: int
    target: int  # a card, or a pending spell's cast number; -1 for none
    seq: int  # cast order (E-03: between one player's equals, the first cast resolves first)
    effect: int | None = None


@dataclass
class Board:
    designs: list[list[Design]]
    cards: list[list[Card]]  # [side][instance]; instance `player` is the Player card (E-13)
    player: int
    vital: list[int]  # each Player card's Vital (E-13: direct damage comes off it)
    base: list[int]  # its base Vital (healing never goes above it, E-31)
    deck: list[list[int]]  # the cards left in each deck, top first
    active: int
    negated: list[int] = field(default_factory=lambda: [0, 0])
    destroyed: list[int] = field(default_factory=lambda: [0, 0])
    magic_places: int = 4  # E-20
    min_damage: int = 0  # E-27
    raise_cost: int = 5  # E-04: Vital a raise costs ...
    raise_step: int = 1  # ... the levels it adds ...
    max_level: int = 10  # ... and the highest level
    magic_bonus: int = 1  # E-24: the levels a payer standing in the Magic Zone adds
    next_seq: int = 0  # the next cast number (E-03)
    spells: list[int] = field(default_factory=lambda: [0, 0])  # spells cast
    raises: list[int] = field(default_factory=lambda: [0, 0])
    over: bool = False
    winner: int | None = None
    end: str = ""


def is_character(board: Board, side: int, c: int) -> bool:
    return board.designs[side][board.cards[side][c].design].kind in ("character", "player")


def vital(board: Board, side: int, c: int) -> int:
    """E-06: a character's base Vital less what it paid or lost; the Player card's own count."""
    if c == board.player:
        return board.vital[side]
    return board.designs[side][board.cards[side][c].design].vital - board.cards[side][c].lost


def resistencia(board: Board, side: int, c: int) -> int:
    """Printed, its shield, and the `all_resistencia` of its side's continuous spells in play (E-31)."""
    passive = sum(e.n for card in board.cards[side] if card.zone == "magic"
                  for e in board.designs[side][card.design].passive if e.do == "all_resistencia")
    return board.designs[side][board.cards[side][c].design].resistencia + board.cards[side][c].shield + passive


def may_pay(board: Board, p: int, payer: int, amount: int) -> bool:
    """E-05: the Player card, or a character bearing Magia or Espiritu, on the field but not in the
    Combat Zone; E-08: alone, so its own Vital must suffice (it may pay all of it, E-07)."""
    card = board.cards[p][payer]
    if card.zone not in ("deploy", "magic"):
        return False
    design = board.designs[p][card.design]
    if payer != board.player and not (design.kind == "character" and design.pays):
        return False
    return vital(board, p, payer) >= amount


def may_cast(board: Board, p: int, spell: int, payer: int) -> bool:
    """E-02: a spell or continuous spell from the hand, paid whole by one payer (E-05, E-08)."""
    card = board.cards[p][spell]
    kind = board.designs[p][card.design].kind
    return card.zone == "hand" and kind in ("spell", "continuous") and \
        may_pay(board, p, payer, board.designs[p][card.design].cost)


def entry_level(board: Board, p: int, spell: int, caster: int) -> int:
    """E-03: its printed level, raised by its controller's spell_level passives (E-31), its caster's
    nivel (E-09, E-30) and the Magic Zone's bonus when the caster stands there (E-24), at most 10."""
    level = board.designs[p][board.cards[p][spell].design].level
    level += sum(e.n for card in board.cards[p] if card.zone == "magic"
                 for e in board.designs[p][card.design].passive if e.do == "spell_level")
    level += board.designs[p][board.cards[p][caster].design].nivel
    if board.cards[p][caster].zone == "magic":
        level += board.magic_bonus
    return min(level, board.max_level)


def cast(board: Board, pending: list[Pending], p: int, spell: int, payer: int, target_side: int, target: int,
         events: list) -> None:
    """E-02, E-06, E-09: pay its cost (direct damage for the Player card), and it waits in the
    pending list at its entry level, its payer its caster."""
    if not may_cast(board, p, spell, payer):
        raise IllegalChoice(f"E-02, E-05, E-08: {payer} may not pay for {spell}")
    card = board.cards[p][spell]
    cost = board.designs[p][card.design].cost
    _pay(board, p, payer, cost)
    card.zone = "pending"
    board.spells[p] += 1
    level = entry_level(board, p, spell, payer)
    events.append(("cast", p, card.design, board.cards[p][payer].design, cost * 16 + level))
    pending.append(Pending(p, spell, payer, level, target_side, target, board.next_seq))
    board.next_seq += 1


def may_raise(board: Board, pending: list[Pending], p: int, k: int) -> bool:
    """E-04: one's own pending spell below the highest level, its caster paying (E-09, E-05, E-08)."""
    if k >= len(pending):
        return False
    entry = pending[k]
    return (entry.side == p and entry.effect is None and entry.level < board.max_level
            and may_pay(board, p, entry.caster, board.raise_cost))


def raise_level(board: Board, pending: list[Pending], p: int, k: int, events: list) -> None:
    """E-04: the caster pays, the level rises by one step, never above 10; nothing else changes."""
    if not may_raise(board, pending, p, k):
        raise IllegalChoice(f"E-04: pending spell {k} may not be raised by side {p}")
    entry = pending[k]
    _pay(board, p, entry.caster, board.raise_cost)
    entry.level = min(entry.level + board.raise_step, board.max_level)
    board.raises[p] += 1
    events.append(("raise", p, board.cards[p][entry.card].design, entry.level, board.raise_cost))


def _pay(board: Board, p: int, payer: int, amount: int) -> None:
    """E-06: off the payer's Vital: for good from the Player card, until its next Start from a character."""
    if payer == board.player:
        board.vital[p] -= amount
    else:
        board.cards[p][payer].lost += amount


def resolve_pending(before: Board, pending: list[Pending]) -> tuple[Board, list[tuple]]:
    """E-22: the window closes; its pending spells resolve one at a time in E-03's order."""
    board = _copy(before)
    events: list[tuple] = []
    _resolve_all(board, [replace(entry) for entry in pending], events)
    return board, events


def _resolve_all(board: Board, waiting: list[Pending], events: list) -> int:
    """Resolve the entries of `waiting` (taking them off it) until none is left or the game ends;
    returns how many resolved."""
    chain = 0
    while waiting and not board.over:
        # E-03: the highest level first; at equal level the active player's; then the first cast
        entry = min(waiting, key=lambda e: (-e.level, e.side != board.active, e.seq))
        waiting.remove(entry)
        chain += 1
        _resolve(board, entry, waiting, chain, events)
        _check_vitals(board, events)
    return chain


# A player's action when its turn in a window comes: ("cast", spell, payer, (target side, target))
# or ("raise", entry); None to pass. The agents' business: the test plays random agents.
Action = tuple | None


def targets(board: Board, pending: list[Pending], p: int, kind: str) -> list[tuple[int, int]]:
    """E-23: the targets a spell of p with this target kind may take now, in card order (a pending
    spell by its cast number, in the list's order); [(-1, -1)] for a spell that names none."""
    q = 1 - p
    if kind == "pending_spell":
        return [(q, e.seq) for e in pending if e.side == q and e.effect is None]
    if kind not in ONE_CARD:
        return [(-1, -1)]
    side = p if kind == "own_character" else q
    probe = Pending(p, -1, None, 0, side, -1, -1)
    return [(side, c) for c in range(len(board.cards[side]))
            if _valid(board, p, kind, replace(probe, target=c), pending)]


def spell_window(before: Board, pending: list[Pending], window: int,
                 choose: Callable[[Board, list[Pending], int], Action]) -> tuple[Board, list[Pending], list[tuple]]:
    """E-22: the players act in turn, the active player first, each action a cast (E-02) or a raise
    (E-04); two passes in a row close the window and its pending spells resolve by level (E-03).
    `choose(board, pending, p)` is player p's action; a window with no spell in either hand and none
    pending does not open (rules.md: both could only pass)."""
    board, waiting, events = _copy(before), [replace(entry) for entry in pending], []
    if not waiting and not any(card.zone == "hand" and board.designs[side][card.design].kind in ("spell", "continuous")
                               for side in range(2) for card in board.cards[side]):
        return board, waiting, events
    actor, passes, steps = board.active, 0, 0
    while passes < 2 and steps < MAX_WINDOW_ACTIONS and not board.over:
        action = choose(board, waiting, actor)
        if action is not None and action[0] == "cast":
            _, spell, payer, aim = action
            kind = board.designs[actor][board.cards[actor][spell].design].target
            if aim not in targets(board, waiting, actor, kind):
                raise IllegalChoice(f"E-23: {aim} is not a target spell {spell} may take")
            cast(board, waiting, actor, spell, payer, aim[0], aim[1], events)
        elif action is not None:
            raise_level(board, waiting, actor, action[1], events)
        passes = 0 if action is not None else passes + 1
        actor, steps = 1 - actor, steps + 1
    resolved = _resolve_all(board, waiting, events)
    events.append(("pass_window", board.active, window, resolved))
    return board, waiting, events


def _resolve(board: Board, entry: Pending, waiting: list[Pending], chain: int, events: list) -> None:
    p, card = entry.side, board.cards[entry.side][entry.card]
    design = board.designs[p][card.design]
    if entry.effect is not None:  # a continuous spell's Start effect, while the spell stays in play
        effect = design.on_start[entry.effect]
        gone = card.zone != "magic" or (effect.target in ONE_CARD and effect.target == design.target
                                        and not _valid(board, p, effect.target, entry, waiting))
        events.append(("fizzle" if gone else "resolve", p, card.design, entry.level, chain))
        if not gone:
            _apply_all(board, p, entry, (effect,), waiting, events)
        return
    if design.target in ONE_CARD and not _valid(board, p, design.target, entry, waiting):
        # E-23: its target is gone: it goes without effect, its Vital not given back
        events.append(("fizzle", p, card.design, entry.level, chain))
        _leave(board, p, entry.card, entry.caster, False, events)
        return
    events.append(("resolve", p, card.design, entry.level, chain))
    _apply_all(board, p, entry, design.on_cast, waiting, events)
    _leave(board, p, entry.card, entry.caster, True, events)


def _valid(board: Board, p: int, kind: str, entry: Pending, waiting: list[Pending]) -> bool:
    """E-23: is the chosen target still one the effect may take?"""
    q, ts, t = 1 - p, entry.target_side, entry.target
    if kind == "pending_spell":
        return any(e.seq == t and e.side == q and e.effect is None for e in waiting)
    if t < 0:
        return False
    zone = board.cards[ts][t].zone
    if kind in ("enemy_character", "own_character"):
        return ts == (q if kind == "enemy_character" else p) and is_character(board, ts, t) and zone in IN_PLAY
    if kind == "enemy_attacker":
        return ts == q and zone == "combat" and is_character(board, ts, t)
    if kind == "continuous_spell":
        return ts == q and zone == "magic" and board.designs[ts][board.cards[ts][t].design].kind == "continuous"
    return True


def _apply_all(board: Board, p: int, entry: Pending, effects: tuple[Effect, ...], waiting: list[Pending],
               events: list) -> None:
    q = 1 - p
    spell = board.designs[p][board.cards[p][entry.card].design]
    t = entry.target
    for effect in effects:
        if board.over:
            return
        if not (effect.do == "negate" and effect.target == "pending_spell"):  # told by its "negated" alone
            events.append(("effect", p, effect.do, effect.n, t if t >= 0 else -1))
        if effect.do == "damage":  # E-27: the card's own Fuerza (E-04) less the target's Resistencia
            if effect.target == "all_enemy_characters":
                for c in range(len(board.cards[q])):
                    if c != board.player and board.cards[q][c].zone in IN_PLAY and is_character(board, q, c):
                        _hit(board, q, c, spell.fuerza, events)
            else:
                _hit(board, q, board.player if effect.target == "enemy_player" else t, spell.fuerza, events)
        elif effect.do == "shield":  # the card's own Resistencia, until the controller's next Start
            board.cards[p][t].shield += spell.resistencia
        elif effect.do == "boost":
            board.cards[p][t].boost += effect.n
        elif effect.do == "weaken":
            board.cards[q][t].boost -= effect.n
        elif effect.do == "restore":  # up to n of the Vital paid or lost comes back, never above the base
            if t == board.player:
                _heal(board, p, effect.n, events)
            else:
                back = min(effect.n, board.cards[p][t].lost)
                board.cards[p][t].lost -= back
                events.append(("heal", p, back, vital(board, p, t), 1))
        elif effect.do == "heal":
            _heal(board, p, effect.n, events)
        elif effect.do == "draw":
            for _ in range(effect.n):
                if board.over:
                    break
                _draw(board, p, events)
        elif effect.do == "negate" and effect.target == "pending_spell":
            _negate_pending(board, p, t, effect.n, waiting, events)
        elif effect.do == "negate":  # E-01: a negated continuous spell counts as destroyed
            if board.designs[q][board.cards[q][t].design].level <= effect.n:
                events.append(("negated", q, board.cards[q][t].design, p, 0))
                _destroy(board, q, t, events)
        else:
            raise NotImplementedError(f"a verb this reference does not know: {effect.do}")


def _hit(board: Board, side: int, c: int, fuerza: int, events: list) -> None:
    amount = max(fuerza - resistencia(board, side, c), board.min_damage)
    if amount <= 0:
        return
    if c == board.player:
        board.vital[side] -= amount  # E-13: direct damage to the player
    else:
        board.cards[side][c].lost += amount
    events.append(("damage", side, board.cards[side][c].design, amount, vital(board, side, c)))
    if c != board.player and vital(board, side, c) <= 0:  # E-27: a character at 0 Vital is destroyed
        _destroy(board, side, c, events)


def _heal(board: Board, side: int, n: int, events: list) -> None:
    gained = max(0, min(n, board.base[side] - board.vital[side]))  # never above its base (E-31)
    board.vital[side] += gained
    events.append(("heal", side, gained, board.vital[side], 0))


def _draw(board: Board, side: int, events: list) -> None:
    if not board.deck[side]:  # E-33: who must draw from an empty deck loses at once
        _end(board, 1 - side, "deck_out", events)
        return
    c = board.deck[side].pop(0)
    board.cards[side][c].zone = "hand"
    events.append(("draw", side, board.cards[side][c].design))


def _negate_pending(board: Board, p: int, seq: int, n: int, waiting: list[Pending], events: list) -> None:
    """E-01: an opposing spell still pending, of level at most n, leaves without effect; its payer's
    Vital stays spent (E-07)."""
    q = 1 - p
    for entry in waiting:
        if entry.seq == seq and entry.side == q and entry.effect is None:
            if entry.level <= n:
                waiting.remove(entry)
                board.negated[q] += 1
                events.append(("negated", q, board.cards[q][entry.card].design, p, 0))
                _leave(board, q, entry.card, entry.caster, False, events)
            return


def _leave(board: Board, p: int, c: int, caster: int | None, resolved: bool, events: list) -> None:
    """E-01: a simple spell goes to the Discard Zone; a continuous one that resolved takes a place in
    the Magic Zone, or with none free (E-20) is discarded. E-07: a payer spent to 0 is destroyed now."""
    card = board.cards[p][c]
    if resolved and board.designs[p][card.design].kind == "continuous":
        used = sum(x.zone == "magic" for x in board.cards[p])
        if used < board.magic_places:
            card.zone = "magic"
        else:
            card.zone = "discard"
            events.append(("to_discard", p, card.design))
    else:
        card.zone = "discard"
    if caster is not None and caster != board.player and board.cards[p][caster].zone != "discard" \
            and vital(board, p, caster) <= 0:
        events.append(("pay_destroyed", p, board.cards[p][caster].design))
        _destroy(board, p, caster, events)


def _destroy(board: Board, side: int, c: int, events: list) -> None:
    """A card leaves the field for the Discard Zone with nothing of the field on it (E-27, E-01)."""
    card = board.cards[side][c]
    if c == board.player or card.zone == "discard":
        return
    board.cards[side][c] = Card(card.design, "discard")
    if board.designs[side][card.design].kind == "character":
        board.destroyed[side] += 1
    events.append(("destroyed", side, card.design))


def _check_vitals(board: Board, events: list) -> None:
    """E-34: a player whose Player card's Vital is 0 or less loses; both at once is a draw."""
    zero = [v <= 0 for v in board.vital]
    if all(zero):
        _end(board, -1, "both", events)
    elif any(zero):
        _end(board, 1 if zero[0] else 0, "vital", events)


def _end(board: Board, winner: int, end: str, events: list) -> None:
    if board.over:
        return
    board.over, board.winner, board.end = True, winner, end
    events.append(("end", winner, end))


def _copy(board: Board) -> Board:
    return replace(board, cards=[[copy.copy(card) for card in side] for side in board.cards],
                   vital=list(board.vital), deck=[list(d) for d in board.deck], negated=list(board.negated),
                   destroyed=list(board.destroyed), spells=list(board.spells), raises=list(board.raises))
