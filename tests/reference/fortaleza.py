"""A slow, plainly written reference of fortaleza's combat, from the rules' words.

Written from RULES.md (F-06, F-17, F-19 steps 4 to 6, F-20 to F-23, F-28, F-31 to F-35) and the
decisions of sim/rulesets/fortaleza/rules.md, not from the kernels: plain dataclasses and lists,
nothing imported from sim. The test beside it (test_fortaleza.py) lets the kernel play a combat
from a random board, reads the attackers and blockers its agents chose from the trace, and asks
this reference whether those choices were legal and what must follow from them: every card's
state, both Fortalezas and their Protección, the events, the end of the game.

The chain and its response windows (F-24, F-25, F-14, F-15, F-18, F-03) are modelled too:
`combat_with_windows` is the same combat with a window at each step (F-19 steps 3 to 6), in which
fast techniques, ready traps and fast abilities go on the chain and resolve last in, first out.
What each player does when offered priority is the agents' business (`Agents`): the test reads it
from the kernel's trace, or plays random agents from copies of their streams, and this reference
checks each play is legal before playing it. A main-phase play resolving is here too: a unit or
artifact entering, or refused by a full zone or Único (F-11, F-12), with its entering effects
(F-27, F-29), and equipping (F-16, F-17). The damage step is also played on its own from boards in
the middle of a combat, blockers gone included (F-23).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace

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
class Effect:
    """An effect of a technique's, trap's or ability's text (`on` "lanzar" or "activar")."""

    do: str  # "dano", "proteccion", "mejora_atq", "mejora_res", "destruir_artefacto", "curar"
    n: int
    target: str  # "unidad_propia", "unidad_rival", "unidad", "atacante_rival", "artefacto_rival", "fortaleza_propia"...
    cond: str = ""  # "" or "otro_espiritu" (rule F-29; entering effects only)


# targets a player chooses when the card goes on the chain (the others are fixed: a Fortaleza, itself)
CHOSEN = ("unidad_propia", "unidad_rival", "unidad", "atacante_rival", "artefacto_rival")


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
    kind: str = ""  # "tecnica", "trampa", "artefacto" (units: `unit`)
    cost: int = 0
    fast: bool = False  # a fast technique (F-14) or an ability usable in a window (F-18)
    activate_cost: int = 0
    on_cast: tuple[Effect, ...] = ()  # a technique's or trap's text (on = "lanzar")
    on_activate: tuple[Effect, ...] = ()  # an activated ability, which exhausts its card (F-18)
    on_enter: tuple[Effect, ...] = ()  # what happens when it enters (rules F-27, F-29)
    unico: bool = False  # rule F-12
    name: int = -1  # designs with the same name share it (rule F-12)
    spirit: bool = False  # rule F-29


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
    set_turn: int | None = None  # for a face-down trap: the turn it was set (rule F-15)


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
    energy: list[int] = field(default_factory=lambda: [0, 0])  # untapped lands (F-08, F-09)
    turn: int = 4
    step: str = "main1"  # "begin_combat", "attackers", "blockers", "damage" (rule F-19)
    chain: list[Item] = field(default_factory=list)  # bottom first (rule F-24)


@dataclass(frozen=True)
class Item:
    """What waits on the chain: a card played ("cast", a technique or a revealed trap) or an
    activated ability ("ability"), with its chosen target (side, card) if it takes one."""

    side: int
    card: int
    what: str
    target: tuple[int, int] | None


@dataclass(frozen=True)
class Play:
    """A player's answer when offered priority: cast a fast technique from the hand, reveal a set
    trap, or activate a fast ability; `target` as in Item."""

    side: int
    card: int
    action: str  # "cast", "trap", "ability"
    target: tuple[int, int] | None


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
    events: list[tuple] = []
    board.step = "begin_combat"
    if not attackers:
        return board, events  # decision (rules.md, F-19): no attacker, no combat steps
    declare_attackers(board, attackers, events)
    declare_blockers(board, blocks, events)
    events += combat_damage(board)
    board.step = "damage"
    end_combat(board)
    return board, events


def declare_attackers(board: Board, attackers: list[int], events: list[tuple]) -> None:
    """Rule F-19 step 4: the attackers attack, then their attack triggers happen."""
    att = board.active
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


def declare_blockers(board: Board, blocks: list[tuple[int, int]], events: list[tuple]) -> None:
    """Rule F-19 step 5: the defender's units block (blocker, attacker)."""
    att, dfn = board.active, 1 - board.active
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


def end_combat(board: Board) -> None:
    """The combat's marks go with it."""
    for side in range(2):
        for card in board.cards[side]:
            if card.zone == "unit":
                card.attacking, card.blocking, card.blocked_by, card.was_blocked = False, None, None, False


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
                _damage_unit(board, side, c, n, events)
    if to_fortress > 0:
        _damage_fortress(board, dfn, to_fortress, events)
    remove_dead(board, events)
    check_fortresses(board, events)
    return events


def remove_dead(board: Board, events: list[tuple]) -> None:
    """Rule F-22: every unit whose damage is at least its RES goes to the discard pile."""
    dead = [(side, c) for side in range(2) for c, card in enumerate(board.cards[side])
            if card.zone == "unit" and card.damage >= res(board, side, c)]
    for side, c in dead:
        _leave_field(board, side, c)
        events.append(("dies", side, c))


def check_fortresses(board: Board, events: list[tuple]) -> None:
    """Rule F-06: a Fortaleza at 0 loses; both at 0 together is a draw."""
    zero = [board.fortress[side] <= 0 for side in range(2)]
    if any(zero) and not board.over:
        board.over = True
        board.winner = -1 if all(zero) else (1 if zero[0] else 0)
        events.append(("end", board.winner, "both_zero" if all(zero) else "fortaleza"))


# ---- the chain and its response windows (rules F-24, F-25, F-14, F-15, F-18, F-03) ----

MAX_CHAIN_ITEMS = 15  # rules.md, F-24: a deeper response is not a legal action
HEAL_CAP = 25  # rule F-30
MAX_UNITS, MAX_SUPPORTS = 5, 3  # rule F-10



def _no_aim(board: Board, p: int, options: list[tuple[int, int]]) -> tuple[int, int] | None:
    raise NotImplementedError("an entering effect with a chosen target: give the agents an `aim`")


@dataclass
class Agents:
    """The players' choices, which are the agents' business, not the rules': `offer` says what player
    p does when offered priority (a Play, None to pass); `aim` picks an entering effect's target
    among the legal ones (None for no target). The test gives them from the kernel's trace or from
    copies of the random agents' streams."""

    offer: Callable[[Board, int, list[tuple]], Play | None]
    aim: Callable[[Board, int, list[tuple[int, int]]], tuple[int, int] | None] = _no_aim


def legal_target(board: Board, p: int, target: str, aim: tuple[int, int] | None) -> bool:
    """May player p aim an effect with this target word at `aim` now? (rules F-03, F-25)"""
    if aim is None:
        return False
    ts, tc = aim
    card = board.cards[ts][tc]
    if target == "artefacto_rival":  # rule F-03 (Sabotaje): a face-up artifact, not a face-down trap
        return ts != p and card.zone == "support" and board.designs[ts][tc].kind == "artefacto"
    if card.zone != "unit":
        return False
    if target == "atacante_rival":  # rule F-03 (Emboscada): after attackers are declared, before damage
        return ts != p and card.attacking and board.step in ("attackers", "blockers")
    return {"unidad_propia": ts == p, "unidad_rival": ts != p, "unidad": True}[target]


def _chosen(effects: tuple[Effect, ...]) -> Effect | None:
    """The one effect of a text that takes a chosen target (rules.md: at most one per card)."""
    return next((e for e in effects if e.target in CHOSEN), None)


def check_play(board: Board, play: Play) -> None:
    """Raise IllegalChoice unless `play` is legal in a response window now."""
    p, c = play.side, play.card
    design, card = board.designs[p][c], board.cards[p][c]
    if len(board.chain) >= MAX_CHAIN_ITEMS:
        raise IllegalChoice(f"F-24: the chain already holds {MAX_CHAIN_ITEMS} items")
    if play.action == "cast":
        if card.zone != "hand" or design.kind != "tecnica":
            raise IllegalChoice(f"F-14: {c} is not a technique in the hand")
        if not design.fast:
            raise IllegalChoice(f"F-13: {c} is a normal technique, not for a response window")
        cost, effects = design.cost, design.on_cast
    elif play.action == "trap":
        if card.zone != "support" or design.kind != "trampa" or card.set_turn is None:
            raise IllegalChoice(f"F-15: {c} is not a trap set face down")
        if card.set_turn >= board.turn:
            raise IllegalChoice(f"F-15: trap {c} was set this turn")
        cost, effects = design.cost, design.on_cast
    else:
        if card.zone not in ("unit", "support") or not design.on_activate:
            raise IllegalChoice(f"F-18: {c} has no ability on the field")
        if not design.fast:
            raise IllegalChoice(f"F-16: the ability of {c} is not usable in a response window")
        if card.tapped:
            raise IllegalChoice(f"F-18: {c} is exhausted")
        if card.zone == "unit" and card.fresh and VELOZ not in keywords(board, p, c):
            raise IllegalChoice(f"F-20: {c} entered since its controller's turn began, without Veloz")
        cost, effects = design.activate_cost, design.on_activate
    if cost > board.energy[p]:
        raise IllegalChoice(f"F-08: {c} costs {cost}, {p} has {board.energy[p]} energy")
    chosen = _chosen(effects)
    if chosen is None and play.target is not None:
        raise IllegalChoice(f"F-24: {c} takes no chosen target")
    if chosen is not None and not legal_target(board, p, chosen.target, play.target):
        raise IllegalChoice(f"F-25: {play.target} is not a legal target of {c} ({chosen.target})")


def legal_plays(board: Board, p: int) -> list[Play]:
    """Everything player p may do in a response window now (rules F-14, F-15, F-18, F-24), one play
    per legal target: the cards in design order, each one's targets side A's first, in design order."""
    out = []
    for c, (design, card) in enumerate(zip(board.designs[p], board.cards[p])):
        if card.zone == "hand" and design.kind == "tecnica":
            action, effects = "cast", design.on_cast
        elif card.zone == "support" and design.kind == "trampa":
            action, effects = "trap", design.on_cast
        elif card.zone in ("unit", "support") and design.on_activate:
            action, effects = "ability", design.on_activate
        else:
            continue
        chosen = _chosen(effects)
        aims = [None] if chosen is None else [(ts, tc) for ts in range(2) for tc, aimed in enumerate(board.cards[ts])
                                              if aimed.zone in ("unit", "support")]
        for aim in aims:
            try:
                check_play(board, Play(p, c, action, aim))
            except IllegalChoice:
                continue
            out.append(Play(p, c, action, aim))
    return out


def take(board: Board, play: Play, events: list[tuple]) -> None:
    """Pay (F-08) and put the play on the chain (F-24): a card goes there, an ability exhausts its card."""
    check_play(board, play)
    p, c = play.side, play.card
    design, card = board.designs[p][c], board.cards[p][c]
    ts, tc1 = play.target[0] if play.target else p, play.target[1] + 1 if play.target else 0
    if play.action == "ability":
        board.energy[p] -= design.activate_cost
        card.tapped = True  # rule F-18
        events.append(("activate", p, c, ts, tc1))
        board.chain.append(Item(p, c, "ability", play.target))
        return
    board.energy[p] -= design.cost
    board.cards[p][c] = CardState("chain")  # rule F-15: a trap is revealed
    events.append((play.action, p, c, ts, tc1))
    board.chain.append(Item(p, c, "cast", play.target))


def resolve_top(board: Board, agents: Agents, events: list[tuple]) -> None:
    """Rule F-24: the last item added resolves. Rule F-25: one whose chosen target is gone or no
    longer legal does nothing (the whole card, decision in rules.md) and is not refunded. A unit or
    artifact whose zone filled while it waited, or a second Único of a name, goes to the discard
    pile (rules F-11, F-12); equipping a unit that left does nothing (F-16, rules.md)."""
    item = board.chain.pop()
    p, c = item.side, item.card
    design = board.designs[p][c]
    events.append(("resolve", p, c, item.what))
    if item.what == "equip":
        u = item.target[1]
        if board.cards[p][c].zone == "support" and board.cards[p][u].zone == "unit":
            _attach(board, p, c, u, events)
        else:
            events.append(("fizzle", p, c))
        return
    if item.what == "cast" and (design.unit or design.kind == "artefacto"):
        zone, limit = ("unit", MAX_UNITS) if design.unit else ("support", MAX_SUPPORTS)
        full = sum(card.zone == zone for card in board.cards[p]) >= limit  # rule F-11
        named = design.unico and any(card.zone == "unit" and board.designs[p][u].name == design.name
                                     for u, card in enumerate(board.cards[p]))  # rule F-12
        if full or named:
            board.cards[p][c] = CardState("discard")
            events.append(("to_discard", p, c))
            return
        board.cards[p][c] = CardState(zone, fresh=True)  # rule F-20: new until its controller's next turn
        events.append(("enters", p, c))
        _enter_effects(board, p, c, agents, events)
        check_fortresses(board, events)
        return
    effects = design.on_activate if item.what == "ability" else design.on_cast
    chosen = _chosen(effects)
    fizzles = chosen is not None and not legal_target(board, p, chosen.target, item.target)
    if item.what == "ability":
        # an ability whose card left the field does nothing either (the kernel's reading: the text
        # that would act is gone)
        if fizzles or board.cards[p][c].zone not in ("unit", "support"):
            events.append(("fizzle", p, c))
        else:
            _apply_all(board, p, c, effects, item.target, events)
        check_fortresses(board, events)
        return
    board.cards[p][c] = CardState("discard")  # rules F-13 to F-15: resolve, then discard
    if fizzles:
        events.append(("fizzle", p, c))
        return
    _apply_all(board, p, c, effects, item.target, events)
    check_fortresses(board, events)


def _apply_all(board: Board, p: int, c: int, effects: tuple[Effect, ...], aim: tuple[int, int] | None,
               events: list[tuple]) -> None:
    for effect in effects:
        _apply(board, p, c, effect, aim, events)
        if board.over:
            return


def _apply(board: Board, p: int, c: int, effect: Effect, aim: tuple[int, int] | None, events: list[tuple]) -> None:
    """The words of the effect vocabulary that answer in a window (rules.md, "The effect vocabulary")."""
    if effect.target == "esta":
        aim = (p, c)
    if effect.do == "dano" and effect.target == "fortaleza_rival":
        _damage_fortress(board, 1 - p, effect.n, events)
    elif effect.do == "dano":
        _damage_unit(board, aim[0], aim[1], effect.n, events)
        remove_dead(board, events)  # rule F-22
    elif effect.do == "proteccion" and effect.target == "fortaleza_propia":
        board.fortress_prot[p] += effect.n
        events.append(("protect", p, 0, effect.n))
    elif effect.do == "proteccion":
        board.cards[aim[0]][aim[1]].prot += effect.n
        events.append(("protect", aim[0], aim[1] + 1, effect.n))
    elif effect.do in ("mejora_atq", "mejora_res"):
        n_atq, n_res = (effect.n, 0) if effect.do == "mejora_atq" else (0, effect.n)
        board.cards[aim[0]][aim[1]].atq_boost += n_atq
        board.cards[aim[0]][aim[1]].res_boost += n_res
        events.append(("boost", aim[0], aim[1], n_atq, n_res))
    elif effect.do == "destruir_artefacto":
        events.append(("destroyed", aim[0], aim[1]))
        _destroy_support(board, aim[0], aim[1], events)
    elif effect.do == "curar":
        before = board.fortress[p]
        after = max(before, min(before + effect.n, HEAL_CAP))  # rule F-30
        board.fortress[p] = after
        events.append(("heal", p, after - before, after))
    else:
        raise NotImplementedError(f"an effect this reference does not know: {effect}")


def _enter_effects(board: Board, p: int, c: int, agents: Agents, events: list[tuple]) -> None:
    """What a card does on entering (rules F-27, F-29), at once, without a chain (decision, rules.md):
    each effect whose condition holds; a chosen target is picked now among the legal ones (none: no
    effect)."""
    for effect in board.designs[p][c].on_enter:
        if effect.cond == "otro_espiritu" and not any(
                card.zone == "unit" and u != c and board.designs[p][u].spirit for u, card in enumerate(board.cards[p])):
            continue
        aim = None
        if effect.target in CHOSEN:
            options = [(ts, tc) for ts in range(2) for tc in range(len(board.cards[ts]))
                       if legal_target(board, p, effect.target, (ts, tc))]
            aim = agents.aim(board, p, options) if options else None
            if aim is None:
                continue
        _apply(board, p, c, effect, aim, events)
        if board.over:
            return


def _attach(board: Board, p: int, e: int, u: int, events: list[tuple]) -> None:
    """Rule F-17: one weapon and one armour per unit; a new one of a subtype detaches the old one,
    and an equipment moved leaves its old bearer. A unit whose RES falls to its damage goes (F-22)."""
    slot = "weapon" if board.designs[p][e].equipment == "arma" else "armour"
    old_bearer = board.cards[p][e].bearer
    if old_bearer is not None:
        setattr(board.cards[p][old_bearer], slot, None)
    previous = getattr(board.cards[p][u], slot)
    if previous is not None:
        board.cards[p][previous].bearer = None
    setattr(board.cards[p][u], slot, e)
    board.cards[p][e].bearer = u
    for unit in (old_bearer, u):
        if unit is not None and board.cards[p][unit].zone == "unit" and board.cards[p][unit].damage >= res(board, p, unit):
            events.append(("dies", p, unit))
            _leave_field(board, p, unit)


def _damage_unit(board: Board, side: int, c: int, n: int, events: list[tuple]) -> None:
    card = board.cards[side][c]
    prevented = min(card.prot, n)  # rule F-35: the next N damage, used up as it prevents
    card.prot -= prevented
    card.damage += n - prevented
    events.append(("damage_unit", side, c, n - prevented, prevented))


def _damage_fortress(board: Board, side: int, n: int, events: list[tuple]) -> None:
    prevented = min(board.fortress_prot[side], n)  # rule F-35
    board.fortress_prot[side] -= prevented
    board.fortress[side] -= n - prevented
    events.append(("damage_fort", side, n - prevented, prevented, board.fortress[side]))


def _destroy_support(board: Board, side: int, c: int, events: list[tuple]) -> None:
    """An artifact goes to the discard pile; its bearer keeps its support's place no more and loses
    what it added (rule F-17), and goes too if its damage now reaches its RES (rule F-22)."""
    bearer = board.cards[side][c].bearer
    if bearer is not None:
        unit = board.cards[side][bearer]
        unit.weapon = None if unit.weapon == c else unit.weapon
        unit.armour = None if unit.armour == c else unit.armour
    board.cards[side][c] = CardState("discard")
    if bearer is not None and board.cards[side][bearer].damage >= res(board, side, bearer):
        events.append(("dies", side, bearer))
        _leave_field(board, side, bearer)


def run_chain(board: Board, pusher: int, agents: Agents, events: list[tuple]) -> None:
    """Rule F-24: after `pusher` added an item, priority passes to the opponent; when both pass in a
    row the last item resolves, and priority is offered again, to the active player first (rules.md)."""
    p, passes = 1 - pusher, 0
    while board.chain and not board.over:
        play = agents.offer(board, p, events)
        if play is not None:
            take(board, play, events)
            passes, p = 0, 1 - p
            continue
        passes, p = passes + 1, 1 - p
        if passes == 2:
            resolve_top(board, agents, events)
            passes, p = 0, board.active


def window(board: Board, agents: Agents, events: list[tuple]) -> None:
    """A response window (rule F-19): the active player first; whoever answers starts a chain
    (F-24); the window closes when both pass with the chain empty."""
    p, passes = board.active, 0
    while passes < 2 and not board.over:
        play = agents.offer(board, p, events)
        if play is not None:
            take(board, play, events)
            run_chain(board, p, agents, events)
            passes, p = 0, board.active
            continue
        passes, p = passes + 1, 1 - p


def combat_with_windows(before: Board, agents: Agents, attackers: list[int],
                        blocks: list[tuple[int, int]]) -> tuple[Board, list[tuple]]:
    """Rule F-19 steps 3 to 6 with their windows: a window; attackers, a window; blockers, a window;
    damage, a window. No attacker, no steps 4 to 6 (decision, rules.md)."""
    board = _copy(before)
    events: list[tuple] = []
    board.step = "begin_combat"
    window(board, agents, events)
    if board.over or not attackers:
        return board, events
    declare_attackers(board, attackers, events)
    board.step = "attackers"
    window(board, agents, events)
    if not board.over:
        declare_blockers(board, blocks, events)
        board.step = "blockers"
        window(board, agents, events)
    if not board.over:
        events += combat_damage(board)
        board.step = "damage"
        end_combat(board)
        window(board, agents, events)
    end_combat(board)
    return board, events


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
                   fortress=list(board.fortress), fortress_prot=list(board.fortress_prot),
                   energy=list(board.energy), chain=list(board.chain))
