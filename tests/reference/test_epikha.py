"""Epikha's spell windows against their plain reference (tests/reference/epikha.py): the resolution
at a window's close (`spells.resolve_pending`) from 3,000 random pending lists, and casting and
raising (`spells.may_cast`, `cast`, `legal.may_raise`, `spells.raise_level`) from 1,500 boards of
six attempts each, legal or not.

Each board: the shipped Abarón and Empiria decks' instances; characters on the field (Deployment,
Magic or Combat Zone) with Vital paid or lost, shields and boosts; the Player cards' Vital; both
decks' order (some nearly empty, E-33); continuous spells in the Magic Zone (full at times, E-20);
and a pending list of up to seven spells of both players at random levels and cast numbers, with
targets still there or gone (E-23), negations of each other (E-01), payers spent to 0 (E-07), and
continuous spells' Start effects. Compared: every card's zone, lost Vital, shield and boost; both
Player cards' Vital; the deck's top and the hand; the negated and destroyed counters; the pending
list left; the end of the game; the events in order.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from sim.core.rng import below
from sim.rulesets.epikha.constants import (
    GEAR_C, MAX_CAST, MAX_PASSIVE, MAX_START, PAYS, PLAYER_C, Agent, Class, Do, End, Event, Field, Param, Target, Window,
)
from sim.rulesets.epikha.game import spell_window as kernel_spell_window
from sim.rulesets.epikha.effects import refresh_passives
from sim.rulesets.epikha.scenario import Scenario
from sim.rulesets.epikha.spells import cast as kernel_cast
from sim.rulesets.epikha.spells import may_cast as kernel_may_cast
from sim.rulesets.epikha.spells import raise_level as kernel_raise_level
from sim.rulesets.epikha.spells import resolve_pending as kernel_resolve_pending
from sim.rulesets.epikha.legal import may_raise as kernel_may_raise
from sim.rulesets.epikha.state import (
    CS_BOOST, CS_LOST, CS_SHIELD, CS_ZONE, G_ACTIVE, G_CHAIN, G_END, G_N_PENDING, G_OVER, G_SEQ, G_TRACE_N, G_WINNER,
    GAME, P_CARD, P_CASTER, P_EFFECT, P_LEVEL, P_SEQ, P_SIDE, P_TCARD, P_TSIDE, PS_ABILITY, PS_ALL_F, PS_ALL_R,
    PS_BASE, PS_DESTROYED, PS_ENEMY_F, PS_HAND, PS_N_DECK, PS_NEGATED, PS_ORDER, PS_RAISES, PS_SPELL_LEVEL, PS_SPELLS,
    PS_TOP, PS_VITAL,
    PS_AGENT, PS_ZONE_MASK, ST_AGENT, seed_streams,
)

from .choices import replayed
from .epikha import (
    Board, Card, Design, Effect, Pending, _copy, cast, may_cast, may_raise, raise_level, resolve_pending, spell_window,
    targets,
)

N_BOARDS = 3000
SEED = 20261209
ZONES = ("deck", "hand", "deploy", "magic", "combat", "discard", "gear", "pending", "out")  # constants.Zone, in order
VERB = {int(d): d.name.lower() for d in Do}
TARGET = {int(t): ("" if t == Target.NONE else t.name.lower()) for t in Target}
COVERED = {"damage", "shield", "boost", "weaken", "restore", "heal", "draw", "negate"}
END_WORDS = {int(End.VITAL): "vital", int(End.DECK_OUT): "deck_out", int(End.BOTH): "both"}


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return Scenario.from_factions()


def _effects(row: list[int], count: int, base: int, width: int = 3) -> tuple[Effect, ...]:
    return tuple(Effect(VERB[row[base + width * k]], row[base + width * k + 1],
                        TARGET[row[base + width * k + 2]] if width == 3 else "") for k in range(count))


def designs_of(s: Scenario, side: int) -> list[Design]:
    """The side's designs as the card table holds them."""
    out = []
    for row in s.tab[side].tolist():
        klass = row[Field.CLASS]
        kind = {Class.PLAYER: "player", Class.SPELL: "spell", Class.CONTINUOUS: "continuous"}.get(klass, "other")
        if klass != Class.PLAYER and row[Field.IS_CHARACTER]:
            kind = "character"
        out.append(Design(kind, row[Field.LEVEL], row[Field.FUERZA], row[Field.RESISTENCIA],
                          row[Field.VITAL] + row[Field.FUENTE], TARGET[row[Field.TARGET]],
                          _effects(row, min(row[Field.N_CAST], MAX_CAST), Field.CAST),
                          _effects(row, min(row[Field.N_START], MAX_START), Field.START),
                          _effects(row, min(row[Field.N_PASSIVE], MAX_PASSIVE), Field.PASSIVE, 2),
                          cost=row[Field.COST], pays=bool(row[Field.RULES] & PAYS), nivel=row[Field.NIVEL]))
    return out


def _covered(design: Design) -> bool:
    """Spells and continuous spells whose every effect the reference knows (a passive effect is read
    only as far as it changes a resolution: all_resistencia)."""
    if design.kind == "spell":
        return all(e.do in COVERED for e in design.on_cast)
    return design.kind == "continuous" and all(e.do in COVERED for e in design.on_start)


def random_board(s: Scenario, designs: list[list[Design]], rng: np.random.Generator) -> tuple[Board, list[Pending]]:
    cards, decks, vitals, bases = [], [], [], []
    for side in range(2):
        n_deck = int(s.ps[side, PS_N_DECK])
        instance_design = s.cs[side, :, 0].tolist()
        side_cards = [Card(d, "deck" if c < n_deck else "out") for c, d in enumerate(instance_design)]
        side_cards[GEAR_C] = Card(instance_design[GEAR_C], "out")
        side_cards[PLAYER_C] = Card(instance_design[PLAYER_C], "magic" if rng.random() < 0.4 else "deploy")
        kinds = [designs[side][d].kind for d in instance_design[:n_deck]]
        characters = [c for c in range(n_deck) if kinds[c] == "character"]
        magic_used = side_cards[PLAYER_C].zone == "magic"
        for c in rng.choice(characters, min(len(characters), int(rng.integers(0, 6))), replace=False).tolist():
            zone = str(rng.choice(["deploy", "magic", "combat"], p=[0.5, 0.25, 0.25]))
            if zone == "magic" and magic_used >= 3:
                zone = "deploy"
            magic_used += zone == "magic"
            base = designs[side][instance_design[c]].vital
            side_cards[c] = Card(instance_design[c], zone, lost=int(rng.integers(0, max(base, 1))) if rng.random() < 0.4 else 0,
                                 shield=int(rng.integers(1, 4)) if rng.random() < 0.2 else 0,
                                 boost=int(rng.integers(-2, 4)) if rng.random() < 0.2 else 0)
        for c in rng.choice(characters, min(len(characters), 2), replace=False).tolist():
            if side_cards[c].zone == "deck" and rng.random() < 0.3:
                side_cards[c] = Card(instance_design[c], "discard")  # a target that is gone (E-23)
        continuous = [c for c in range(n_deck) if kinds[c] == "continuous" and _covered(designs[side][instance_design[c]])]
        crowded = rng.random() < 0.3  # a Magic Zone full, for a continuous spell resolving with no place (E-20)
        for c in continuous:
            if (crowded or rng.random() < 0.3) and magic_used < 4:
                side_cards[c] = Card(instance_design[c], "magic")
                magic_used += 1
        for c in range(n_deck):
            if side_cards[c].zone == "deck" and rng.random() < 0.1:
                side_cards[c] = Card(instance_design[c], "hand")
        deck = [c for c in range(n_deck) if side_cards[c].zone == "deck"]
        deck = [int(c) for c in rng.permutation(deck)]
        if rng.random() < 0.15:  # a deck about to run out (E-33)
            for c in deck[int(rng.integers(0, 3)):]:
                side_cards[c] = Card(instance_design[c], "discard")
            deck = deck[:sum(side_cards[c].zone == "deck" for c in deck)]
        base = int(rng.integers(20, 101))
        cards.append(side_cards)
        decks.append(deck)
        vitals.append(int(rng.integers(1, 31)) if rng.random() < 0.5 else int(rng.integers(1, base + 1)))
        bases.append(base)
    par = s.g["par"]
    board = Board(designs, cards, PLAYER_C, vitals, bases, decks, active=int(rng.integers(0, 2)),
                  magic_places=int(par[Param.MAGIC_ZONE_SLOTS]), min_damage=int(par[Param.MIN_DAMAGE]),
                  raise_cost=int(par[Param.RAISE_COST]), raise_step=int(par[Param.RAISE_STEP]),
                  max_level=int(par[Param.MAX_SPELL_LEVEL]), magic_bonus=int(par[Param.MAGIC_ZONE_LEVEL_BONUS]),
                  next_seq=40, spells=rng.integers(0, 9, 2).tolist(), raises=rng.integers(0, 5, 2).tolist())
    return board, random_pending(board, rng)


def random_pending(board: Board, rng: np.random.Generator) -> list[Pending]:
    """Up to seven spells of both sides and the Start effects of continuous spells in play."""
    entries: list[Pending] = []
    n_spells = int(rng.integers(1, 8))
    seqs = [int(x) for x in rng.permutation(40)[:n_spells + 8]]
    for _ in range(n_spells):
        p = int(rng.integers(0, 2))
        mine = board.cards[p]
        spells = [c for c, card in enumerate(mine) if card.zone in ("deck", "hand")
                  and board.designs[p][card.design].kind in ("spell", "continuous")
                  and _covered(board.designs[p][card.design])]
        if not spells:
            continue
        c = spells[int(rng.integers(0, len(spells)))]
        mine[c].zone = "pending"
        if c in board.deck[p]:
            board.deck[p].remove(c)
        payers = [x for x, card in enumerate(mine) if card.zone in ("deploy", "magic") and
                  (x == board.player or board.designs[p][card.design].kind == "character")]
        caster = payers[int(rng.integers(0, len(payers)))]
        if caster != board.player and rng.random() < 0.3:  # paid all its Vital (E-07)
            mine[caster].lost = board.designs[p][mine[caster].design].vital
        ts, t = _random_target(board, p, board.designs[p][mine[c].design].target, entries, seqs, rng)
        entries.append(Pending(p, c, caster, int(rng.integers(1, 11)), ts, t, seqs.pop()))
    for p in range(2):
        for c, card in enumerate(board.cards[p]):
            design = board.designs[p][card.design]
            if card.zone == "magic" and design.kind == "continuous" and design.on_start and rng.random() < 0.6:
                ts, t = _random_target(board, p, design.on_start[0].target, entries, seqs, rng)
                entries.append(Pending(p, c, None, min(design.level + int(rng.integers(0, 3)), 10), ts, t, seqs.pop(), 0))
    return entries


def _random_target(board: Board, p: int, kind: str, entries: list[Pending], seqs: list[int],
                   rng: np.random.Generator) -> tuple[int, int]:
    """A target of this kind: mostly one the effect may take, sometimes one gone (E-23)."""
    q = 1 - p
    side = p if kind == "own_character" else q
    cards = board.cards[side]
    if kind in ("enemy_character", "own_character", "enemy_attacker"):
        zones = ("combat",) if kind == "enemy_attacker" else ("deploy", "magic", "combat")
        able = [c for c, card in enumerate(cards) if card.zone in zones
                and board.designs[side][card.design].kind in ("character", "player")]
        gone = [c for c, card in enumerate(cards) if card.zone == "discard"
                and board.designs[side][card.design].kind == "character"]
    elif kind == "continuous_spell":
        able = [c for c, card in enumerate(cards) if card.zone == "magic" and board.designs[side][card.design].kind == "continuous"]
        gone = [c for c, card in enumerate(cards) if card.zone == "discard"]
    elif kind == "pending_spell":
        able = [e.seq for e in entries if e.side == q and e.effect is None]
        gone = [seqs[0]]
    else:
        return -1, -1
    pool = gone if (not able or rng.random() < 0.15) and gone else able
    return (side, pool[int(rng.integers(0, len(pool)))]) if pool else (-1, -1)


def write_record(s: Scenario, board: Board, pending: list[Pending]) -> None:
    g, cs, ps = s.g, s.cs, s.ps
    cs[:, :, 1:] = 0
    for side in range(2):
        for c, card in enumerate(board.cards[side]):
            cs[side, c, CS_ZONE] = ZONES.index(card.zone)
            cs[side, c, CS_LOST], cs[side, c, CS_SHIELD], cs[side, c, CS_BOOST] = card.lost, card.shield, card.boost
        for z, name in enumerate(ZONES):
            ps[side, PS_ZONE_MASK + z] = sum(1 << c for c, card in enumerate(board.cards[side]) if card.zone == name)
        n_deck = int(ps[side, PS_N_DECK])
        deck = board.deck[side]
        ps[side, PS_TOP] = n_deck - len(deck)
        for i, c in enumerate(deck):
            ps[side, PS_ORDER + n_deck - len(deck) + i] = c
        ps[side, PS_HAND] = sum(card.zone == "hand" for card in board.cards[side])
        ps[side, PS_VITAL], ps[side, PS_BASE] = board.vital[side], board.base[side]
        ps[side, PS_NEGATED], ps[side, PS_DESTROYED] = board.negated[side], board.destroyed[side]
        ps[side, PS_SPELLS], ps[side, PS_RAISES] = board.spells[side], board.raises[side]
        ps[side, PS_ALL_F] = ps[side, PS_ALL_R] = ps[side, PS_ENEMY_F] = ps[side, PS_SPELL_LEVEL] = ps[side, PS_ABILITY] = 0
    pend = g["pend"]
    for k, e in enumerate(pending):
        pend[k, P_SIDE], pend[k, P_CARD], pend[k, P_CASTER] = e.side, e.card, -1 if e.caster is None else e.caster
        pend[k, P_LEVEL], pend[k, P_TSIDE], pend[k, P_TCARD] = e.level, e.target_side, e.target
        pend[k, P_SEQ], pend[k, P_EFFECT] = e.seq, -1 if e.effect is None else e.effect
    refresh_passives(g)  # the passive effects in force on this board (E-31)
    ps[GAME, G_N_PENDING], ps[GAME, G_SEQ] = len(pending), board.next_seq
    ps[GAME, G_ACTIVE] = board.active
    ps[GAME, G_OVER] = ps[GAME, G_WINNER] = ps[GAME, G_END] = ps[GAME, G_CHAIN] = ps[GAME, G_TRACE_N] = 0


def read_board(s: Scenario, before: Board) -> Board:
    cs, ps = s.cs, s.ps
    cards = [[Card(row[0], ZONES[row[CS_ZONE]], row[CS_LOST], row[CS_SHIELD], row[CS_BOOST]) for row in cs[side].tolist()]
             for side in range(2)]
    decks = [[int(ps[side, PS_ORDER + i]) for i in range(int(ps[side, PS_TOP]), int(ps[side, PS_N_DECK]))] for side in range(2)]
    over = bool(ps[GAME, G_OVER])
    return replace(before, cards=cards, vital=[int(ps[0, PS_VITAL]), int(ps[1, PS_VITAL])], deck=decks,
                   negated=[int(ps[0, PS_NEGATED]), int(ps[1, PS_NEGATED])],
                   destroyed=[int(ps[0, PS_DESTROYED]), int(ps[1, PS_DESTROYED])], over=over,
                   winner=int(ps[GAME, G_WINNER]) if over else None, end=END_WORDS[int(ps[GAME, G_END])] if over else "",
                   next_seq=int(ps[GAME, G_SEQ]), spells=[int(ps[0, PS_SPELLS]), int(ps[1, PS_SPELLS])],
                   raises=[int(ps[0, PS_RAISES]), int(ps[1, PS_RAISES])])


def read_pending(s: Scenario) -> list[Pending]:
    """The kernel's pending list, in its order."""
    return [Pending(row[P_SIDE], row[P_CARD], None if row[P_CASTER] < 0 else row[P_CASTER], row[P_LEVEL], row[P_TSIDE],
                    row[P_TCARD], row[P_SEQ], None if row[P_EFFECT] < 0 else row[P_EFFECT])
            for row in s.g["pend"][:int(s.ps[GAME, G_N_PENDING])].tolist()]


def read_events(s: Scenario) -> list[tuple]:
    names = {Event.CAST: "cast", Event.RAISE: "raise", Event.RESOLVE: "resolve", Event.FIZZLE: "fizzle", Event.DAMAGE: "damage", Event.DESTROYED: "destroyed",
             Event.HEAL: "heal", Event.NEGATED: "negated", Event.TO_DISCARD: "to_discard",
             Event.PAY_DESTROYED: "pay_destroyed", Event.DRAW: "draw", Event.PASS_WINDOW: "pass_window"}
    widths = {"cast": 3, "raise": 3, "resolve": 3, "fizzle": 3, "damage": 3, "destroyed": 1, "heal": 3, "negated": 3, "to_discard": 1,
              "pay_destroyed": 1, "draw": 1, "pass_window": 2}
    out = []
    for _, player, code, a, b, c in s.g["tr"][:int(s.ps[GAME, G_TRACE_N])].tolist():
        if code == Event.END:
            out.append(("end", a, END_WORDS[b]))
        elif code == Event.EFFECT:
            out.append(("effect", player, VERB[a], b, c))
        elif code in names:
            out.append((names[code], player, *(a, b, c)[:widths[names[code]]]))
        else:
            raise AssertionError(f"event {Event(code).name} where the reference expects none")
    return out


def test_resolution_by_level_matches_the_reference(scenario):
    s = scenario
    designs = [designs_of(s, side) for side in range(2)]
    rng = np.random.default_rng(SEED)
    reached = {"resolve": 0, "fizzle": 0, "negated": 0, "pay_destroyed": 0, "destroyed": 0, "to_discard": 0,
               "end": 0, "draw": 0, "heal": 0, "active_first": 0}
    for i in range(N_BOARDS):
        board, pending = random_board(s, designs, rng)
        write_record(s, board, pending)
        kernel_resolve_pending(s.g)
        events = read_events(s)
        expected, expected_events = resolve_pending(board, pending)

        def where() -> str:
            return f"board {i} (active {board.active}):\npending {pending}\n{events}"

        assert events == expected_events, where()
        assert read_board(s, board) == expected, where()
        for side in range(2):
            hand = sum(card.zone == "hand" for card in expected.cards[side])
            assert s.ps[side, PS_HAND] == hand, where()
            for z, name in enumerate(ZONES):
                mask = sum(1 << c for c, card in enumerate(expected.cards[side]) if card.zone == name)
                assert s.ps[side, PS_ZONE_MASK + z] == mask, where()
        if not expected.over:
            assert s.ps[GAME, G_N_PENDING] == 0, where()
        for e in expected_events:
            if e[0] in reached:
                reached[e[0]] += 1
        levels = [(e.level, e.side) for e in pending]
        reached["active_first"] += any(levels.count((lv, 1 - board.active)) and (lv, board.active) in levels
                                       for lv, _ in levels)
    assert all(n >= 20 for n in reached.values()), reached


N_WINDOWS = 1500


def test_casting_and_raising_match_the_reference(scenario):
    """E-02, E-04 to E-09, E-24: six attempts a board, each a cast by one payer (legal or not:
    any card, any payer) or a raise of an entry of the pending list; the kernel's verdict must be
    the reference's, and a legal one must leave the same board and pending list."""
    s = scenario
    designs = [designs_of(s, side) for side in range(2)]
    rng = np.random.default_rng(SEED + 1)
    reached = {"cast": 0, "refused_cast": 0, "raise": 0, "refused_raise": 0, "magic_bonus": 0, "at_level_10": 0}
    for i in range(N_WINDOWS):
        board, pending = random_board(s, designs, rng)
        for side in range(2):  # spells in hand to cast
            for c, card in enumerate(board.cards[side]):
                if card.zone == "deck" and designs[side][card.design].kind in ("spell", "continuous") and rng.random() < 0.3:
                    card.zone = "hand"
                    board.deck[side].remove(c)
        write_record(s, board, pending)
        expected, expected_pending, expected_events = _copy(board), [replace(e) for e in pending], []
        tried = []

        def where() -> str:
            return f"board {i}: tried {tried}\npending {pending}"

        for _ in range(6):
            p = int(rng.integers(0, 2))
            if rng.random() < 0.6:
                mine = expected.cards[p]
                spells = [c for c, card in enumerate(mine) if card.zone == "hand"] or [0]
                spell = spells[int(rng.integers(0, len(spells)))]
                payer = int(rng.choice([PLAYER_C, int(rng.integers(0, len(mine) - 2))]))
                ok = bool(kernel_may_cast(s.g, p, spell, payer))
                tried.append(("cast", p, spell, payer, ok))
                assert ok == may_cast(expected, p, spell, payer), where()
                if ok:
                    in_magic = expected.cards[p][payer].zone == "magic"
                    ts, t = _random_target(expected, p, designs[p][mine[spell].design].target, expected_pending, [99], rng)
                    kernel_cast(s.g, p, spell, payer, ts, t)
                    replayed(cast, expected, expected_pending, p, spell, payer, ts, t, expected_events, where=where)
                    reached["cast"] += 1
                    reached["magic_bonus"] += in_magic
                else:
                    reached["refused_cast"] += 1
            else:
                k = int(rng.integers(0, len(expected_pending) + 1))
                ok = bool(kernel_may_raise(s.g, p, k))
                tried.append(("raise", p, k, ok))
                assert ok == may_raise(expected, expected_pending, p, k), where()
                if ok:
                    kernel_raise_level(s.g, k)
                    replayed(raise_level, expected, expected_pending, p, k, expected_events, where=where)
                    reached["raise"] += 1
                else:
                    reached["refused_raise"] += 1
                    reached["at_level_10"] += (k < len(expected_pending) and expected_pending[k].side == p
                                               and expected_pending[k].level == expected.max_level)
        assert read_events(s) == expected_events, where()
        assert read_board(s, board) == expected, where()
        assert read_pending(s) == expected_pending, where()
    assert all(n >= 20 for n in reached.values()), reached


N_SPELL_WINDOWS = 1200


def random_agents(rng_state: np.ndarray):
    """The random agent as rules.md describes it, played from a copy of its stream: one draw uniform
    over the pass and every legal (spell, payer) and raise, in the kernel's order (the hand's spells
    in card order, each with its payers in card order, then the raises in the pending list's order),
    no draw when only passing is legal; a cast's target is one more draw among the legal ones (E-23),
    and a spell with none passes."""
    def choose(board: Board, pending: list[Pending], p: int):
        actions = [("cast", s, c) for s, card in enumerate(board.cards[p]) if card.zone == "hand"
                   for c in range(len(board.cards[p])) if may_cast(board, p, s, c)]
        actions += [("raise", k) for k in range(len(pending)) if may_raise(board, pending, p, k)]
        if not actions:
            return None
        k = below(rng_state, p * 2 + ST_AGENT, len(actions) + 1)
        if k == len(actions):
            return None
        if actions[k][0] == "raise":
            return actions[k]
        _, spell, payer = actions[k]
        kind = board.designs[p][board.cards[p][spell].design].target
        options = targets(board, pending, p, kind)
        if options == [(-1, -1)]:
            return "cast", spell, payer, (-1, -1)
        if not options:
            return None
        return "cast", spell, payer, options[below(rng_state, p * 2 + ST_AGENT, len(options))]
    return choose


def test_spell_window_turn_taking_matches_the_reference(scenario):
    """E-22: a whole spell window with both agents random, played by the reference from copies of
    their streams: the active player acts first, turns alternate, an action resets the passes, two
    passes in a row close the window, then the pending list resolves (E-03). A wrong turn moves the
    streams and the events apart."""
    s = scenario
    designs = [designs_of(s, side) for side in range(2)]
    rng = np.random.default_rng(SEED + 2)
    reached = {"cast": 0, "raise": 0, "answered": 0, "both_cast": 0, "closed_at_once": 0, "pass_window": 0,
               "active_passes_first": 0}
    for i in range(N_SPELL_WINDOWS):
        board, pending = random_board(s, designs, rng)
        for side in range(2):  # spells in hand to cast, of the kinds the reference knows
            for c, card in enumerate(board.cards[side]):
                design = designs[side][card.design]
                if design.kind in ("spell", "continuous") and card.zone in ("deck", "hand"):
                    if not _covered(design):
                        if card.zone == "deck":
                            board.deck[side].remove(c)
                        card.zone = "discard"
                    elif card.zone == "deck" and rng.random() < 0.2:
                        card.zone = "hand"
                        board.deck[side].remove(c)
        if rng.random() < 0.3:
            pending = []
        write_record(s, board, pending)
        s.ps[0, PS_AGENT] = s.ps[1, PS_AGENT] = Agent.RANDOM
        seed_streams(s.g, np.uint64(SEED + 2), np.uint64(i))
        rng_state = s.g["rng"].copy()
        window = int(rng.integers(0, len(Window)))
        kernel_spell_window(s.g, window)
        events = read_events(s)

        def where() -> str:
            return f"window {i} ({Window(window).name}, active {board.active}):\npending {pending}\n{events}"

        expected, left, expected_events = replayed(spell_window, board, pending, window, random_agents(rng_state),
                                                   where=where)
        assert events == expected_events, where()
        assert read_board(s, board) == expected, where()
        assert read_pending(s) == left, where()
        assert (s.g["rng"] == rng_state).all(), where()
        acts = [e for e in expected_events if e[0] in ("cast", "raise")]
        for e in expected_events:
            if e[0] in reached:
                reached[e[0]] += 1
        reached["answered"] += any(a[1] != acts[0][1] for a in acts)
        reached["both_cast"] += len({a[1] for a in acts if a[0] == "cast"}) == 2
        reached["closed_at_once"] += not acts and bool(expected_events)
        reached["active_passes_first"] += bool(acts) and acts[0][1] != board.active
    assert all(n >= 20 for n in reached.values()), reached
