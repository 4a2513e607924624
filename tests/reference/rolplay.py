"""A slow, plainly written reference of rolplay's attack phase and summoning with replacement, from
the rules' words.

Written from RULES.md (R-04, R-09, R-11 to R-14, R-18, R-19) and the decisions of
sim/rulesets/rolplay/rules.md (modes set at the start of phase 6, who defends when the chosen
creature cannot, mystics, the replacement cost), not from the kernels: plain dataclasses and lists,
nothing imported from sim. The test beside it (test_rolplay.py) lets the kernel play a phase from a
random board, reads its agents' choices from the trace (modes, attackers and their targets; which
card is summoned, replacing which), and asks this reference whether they were legal and what must
follow: every card in play, the places, life, power, the end of the game, the events.

Events name cards by design, as the game's trace does.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

from .choices import IllegalChoice


@dataclass(frozen=True)
class Design:
    kind: str  # "creature", "power", "spell" or "amulet"
    level: int = 1
    cost: int = 0
    atq: int = 0
    defense: int = 0  # defense points (R-18: the size of a negative printed DEF)
    mystic: bool = False
    defender: bool = False
    berserker: bool = False
    self_damage: int = 0  # life its owner loses each time it attacks
    multi_attack: int = 1  # attacks a turn
    multi_defense: int = 1  # defenses a turn


@dataclass
class Card:
    """One card of a side's 60 (R-01), and what play did to it."""

    design: int
    zone: str  # "deck", "hand", "power", "creature", "amulet", "spell", "gone"
    place: int = 0  # a creature's place, 0 to 6
    damage: int = 0  # stays until the card is destroyed
    atq_boost: int = 0
    def_boost: int = 0
    amulet_def: int = 0  # DEF its amulet gives (R-06: lost with the amulet)
    tapped: bool = False  # by an effect (R-17 decision): neither attacks, defends nor acts
    entered_now: bool = False  # arrived in play this turn
    attack_mode: bool = False
    attacks: int = 0  # this turn
    defenses: int = 0
    link: int | None = None  # a creature's amulet, an amulet's creature
    revealed: bool = False  # a spell, once activated


@dataclass
class Board:
    designs: list[list[Design]]
    cards: list[list[Card]]
    life: list[int]
    power: list[int]  # power left this turn
    unmystic: list[bool]  # an effect has this side's creatures lose mystic
    all_defenders: list[bool]  # an effect has this side's creatures defend as defenders ...
    all_def_bonus: list[int]  # ... with this much more DEF
    cards_played: list[int]
    creature_places: int = 7
    replace_cost_factor: int = 1  # R-09 decision: factor x the replaced creature's cost + the new one's
    over: bool = False
    winner: int | None = None


def atq(board: Board, side: int, c: int) -> int:
    return board.designs[side][board.cards[side][c].design].atq + board.cards[side][c].atq_boost


def defense_left(board: Board, side: int, c: int) -> int:
    """DEF now (printed, boosts, its amulet's, an all-defenders bonus) less the damage on it (R-12)."""
    card = board.cards[side][c]
    total = board.designs[side][card.design].defense + card.def_boost + card.amulet_def
    if board.all_defenders[side]:
        total += board.all_def_bonus[side]
    return total - card.damage


def mystic(board: Board, side: int, c: int) -> bool:
    return board.designs[side][board.cards[side][c].design].mystic and not board.unmystic[side]


def _design(board: Board, side: int, c: int) -> Design:
    return board.designs[side][board.cards[side][c].design]


def in_play(board: Board, side: int) -> list[int]:
    return [c for c, card in enumerate(board.cards[side]) if card.zone == "creature"]


def may_choose(board: Board, p: int, a: int, t: int) -> bool:
    """R-11: the attacker chooses an opposing creature; R-14: only mystics can attack a mystic."""
    return board.cards[1 - p][t].zone == "creature" and (mystic(board, p, a) or not mystic(board, 1 - p, t))


def may_defend(board: Board, q: int, d: int, a: int) -> bool:
    """R-11, R-13, R-14: in play, untapped, in defense mode or a defender, a defense left this turn,
    and a mystic attacker is defended only by mystics."""
    card = board.cards[q][d]
    if card.zone != "creature" or card.tapped:
        return False
    if card.attack_mode and not (_design(board, q, d).defender or board.all_defenders[q]):
        return False  # creatures in attack mode cannot defend, defenders excepted
    if card.defenses >= _design(board, q, d).multi_defense:
        return False
    return not mystic(board, 1 - q, a) or mystic(board, q, d)


def defender_for(board: Board, p: int, a: int, chosen: int | None) -> int | None:
    """R-13 and its decision: the chosen creature if it is available, else the next available one in
    place order after it (wrapping round); with none chosen, the first available from place 1."""
    q = 1 - p
    by_place = {board.cards[q][c].place: c for c in in_play(board, q)}
    start = board.cards[q][chosen].place if chosen is not None else 0
    for i in range(board.creature_places):
        d = by_place.get((start + i) % board.creature_places)
        if d is not None and may_defend(board, q, d, a):
            return d
    return None


def attack_phase(before: Board, p: int, modes: set[int], attacks: list[tuple[int, int | None]]) -> tuple[Board, list]:
    """Phase 6 (R-11 to R-14): p sets its creatures' modes, then makes `attacks` (attacker, chosen
    opposing creature or None) in this order."""
    board = _copy(before)
    events: list[tuple] = []
    mine = in_play(board, p)
    for c in mine:  # R-14 decision: every creature's mode, set at the start of phase 6
        board.cards[p][c].attack_mode = c in modes
    if mine:
        events.append(("modes", p, len([c for c in mine if c in modes]), len([c for c in mine if c not in modes])))
    for a, chosen in attacks:
        if board.over:
            raise IllegalChoice("R-04: an attack after the game ended")
        _check_attack(board, p, a, chosen)
        _attack(board, p, a, chosen, events)
    return board, events


def _check_attack(board: Board, p: int, a: int, chosen: int | None) -> None:
    card = board.cards[p][a]
    if card.zone != "creature" or not card.attack_mode:
        raise IllegalChoice(f"R-14: {a} is not a creature in play in attack mode")
    if card.tapped:
        raise IllegalChoice(f"R-17 decision: tapped creature {a} attacks")
    if card.entered_now and not _design(board, p, a).berserker:
        raise IllegalChoice(f"R-11: {a} was summoned this turn and is no berserker")
    if card.attacks >= _design(board, p, a).multi_attack:
        raise IllegalChoice(f"R-11: {a} has no attack left this turn")
    choosable = [t for t in in_play(board, 1 - p) if may_choose(board, p, a, t)]
    if chosen is None and choosable:
        raise IllegalChoice(f"R-11: {a} chooses nobody while it may choose {choosable}")
    if chosen is not None and chosen not in choosable:
        raise IllegalChoice(f"R-11, R-14: {a} may not choose {chosen}")


def _attack(board: Board, p: int, a: int, chosen: int | None, events: list) -> None:
    q = 1 - p
    board.cards[p][a].attacks += 1
    chosen_design = board.cards[q][chosen].design + 1 if chosen is not None else 0
    events.append(("attack", p, board.cards[p][a].design, chosen_design))
    _lose_life(board, p, _design(board, p, a).self_damage, events)  # its cost, each attack
    if board.over:
        return
    d = defender_for(board, p, a, chosen)
    if d is None:  # none can defend: the opponent's life directly
        _lose_life(board, q, atq(board, p, a), events)
        if _design(board, p, a).berserker:  # destroyed after attacking
            _remove(board, p, a, "dies", events)
        return
    attacker, defender = board.cards[p][a], board.cards[q][d]
    defender.defenses += 1
    events.append(("defend", q, defender.design, attacker.design))
    hit, back = atq(board, p, a), atq(board, q, d)
    # a non-mystic that fights a mystic is damaged by it but deals it no damage (and, decided,
    # nothing of that attack reaches life)
    shielded = mystic(board, q, d) and not mystic(board, p, a)
    left = defense_left(board, q, d)
    defender_dies, excess = False, 0
    if hit > 0 and not shielded:  # both at once; damage lowers defense and stays
        defender.damage += hit
        events.append(("damage", q, defender.design, hit, defense_left(board, q, d)))
        if left - hit <= 0:  # destroyed at 0 or less; the attack left over goes to life
            defender_dies, excess = True, hit - max(left, 0)
    attacker_dies = False
    if back > 0:
        attacker.damage += back
        events.append(("damage", p, attacker.design, back, defense_left(board, p, a)))
        attacker_dies = defense_left(board, p, a) <= 0
    if defender_dies or _design(board, q, d).berserker:  # berserkers go after defending
        _remove(board, q, d, "dies", events)
    if attacker_dies or _design(board, p, a).berserker:
        _remove(board, p, a, "dies", events)
    _lose_life(board, q, excess, events)


def _lose_life(board: Board, side: int, n: int, events: list) -> None:
    """R-04: a player whose life reaches 0 loses (both at once: a draw)."""
    if n <= 0:
        return
    board.life[side] -= n
    events.append(("life", side, n, board.life[side]))
    dead = [life <= 0 for life in board.life]
    if any(dead) and not board.over:
        board.over, board.winner = True, -1 if all(dead) else (1 if dead[0] else 0)
        events.append(("end", board.winner, "life"))


def _remove(board: Board, side: int, c: int, how: str, events: list) -> None:
    """A creature leaves play; its amulet burns with it (R-11), and its place is free."""
    card = board.cards[side][c]
    if card.link is not None:
        amulet = board.cards[side][card.link]
        amulet.zone, amulet.link = "gone", None
        events.append(("burned", side, amulet.design))
        card.link = None
    card.zone = "gone"
    events.append((how, side, card.design))


def summon_phase(before: Board, p: int, summons: list[tuple]) -> tuple[Board, list]:
    """Phase 4 (R-09, R-19): p's summons in order, each ("summon", card, place), ("replace", card,
    old creature), ("amulet", card, creature) or ("spell", card), paid from the turn's power."""
    board = _copy(before)
    events: list[tuple] = []
    mine = board.cards[p]
    for kind, c, target in summons:
        card, design = mine[c], board.designs[p][mine[c].design]
        if card.zone != "hand":
            raise IllegalChoice(f"R-09: {c} is not in the hand")
        full = len(in_play(board, p)) >= board.creature_places
        cost = design.cost  # a cost of 0 is free
        if kind == "summon":
            taken = {mine[x].place for x in in_play(board, p)}
            if design.kind != "creature" or full or target in taken or not 0 <= target < board.creature_places:
                raise IllegalChoice(f"R-09: creature {c} into place {target}, taken or none free")
            events.append(("summon", p, card.design, target + 1, cost))
            place = target
        elif kind == "replace":
            old = mine[target]
            if design.kind != "creature" or not full or old.zone != "creature":
                raise IllegalChoice(f"R-09: replacing {target} with {c} while a place is free or {target} is not in play")
            # R-09 decision: the replaced creature's cost (times the factor) plus the new one's
            cost = board.replace_cost_factor * board.designs[p][old.design].cost + design.cost
            events.append(("replace", p, card.design, old.design, cost))
            place = old.place
        elif kind == "amulet":
            holder = mine[target]
            if (design.kind != "amulet" or holder.zone != "creature" or holder.link is not None
                    or board.designs[p][holder.design].level < design.level):
                raise IllegalChoice(f"R-09: amulet {c} beneath {target}")
            events.append(("amulet", p, card.design, holder.design, cost))
        elif kind == "spell":
            if design.kind != "spell" or any(x.zone == "spell" for x in mine):
                raise IllegalChoice(f"R-09: spell {c} with the spell place taken")
            events.append(("spell_set", p, card.design, 0, cost))
        else:
            raise IllegalChoice(f"R-09: no summon of kind {kind}")
        if cost > board.power[p]:
            raise IllegalChoice(f"R-09: {c} costs {cost} with {board.power[p]} power")
        if kind == "replace":
            _remove(board, p, target, "burned", events)  # the replaced creature is burned
        if kind in ("summon", "replace"):  # R-14 decision: it enters in defense mode
            mine[c] = Card(card.design, "creature", place=place, entered_now=True)
        elif kind == "amulet":
            mine[c] = Card(card.design, "amulet", link=target, entered_now=True)
            mine[target].link = c
        else:
            mine[c] = Card(card.design, "spell", entered_now=True)  # face down
        board.power[p] -= cost
        board.cards_played[p] += 1
    return board, events


def _copy(board: Board) -> Board:
    return replace(board, cards=[[copy.copy(card) for card in side] for side in board.cards], life=list(board.life),
                   power=list(board.power), cards_played=list(board.cards_played))
