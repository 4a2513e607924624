"""Fortaleza in the shell every game plugs into (sim.core.ruleset): compile a config into the game
record's tables, the kernel entry points, and the games frame's own columns."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from sim.core.forced_draw import forced_codes
from sim.core.match import MatchConfig, SideConfig, default_label
from sim.core.ruleset import CompiledConfig, GameRecordShell
from sim.rulesets.fortaleza.cards import (
    CARDS_DIR, FILLER_WORDS, ablatable_cards, describe_filler, list_factions, load_collection, vanilla_filler,
)
from sim.rulesets.fortaleza.constants import (
    AGENT_NAMES, DEFAULT_WEIGHTS, END_NAMES, N_COLS, N_DECK, N_DESIGNS, Col, Field, Kind, Weight, Zone,
)
from sim.rulesets.fortaleza.kernels import play_range, play_unit
from sim.rulesets.fortaleza.params import FortalezaParams
from sim.rulesets.fortaleza.state import G_TRACED, GAME, PS_DECISIONS, PS_FORCED, new_workspace
from sim.rulesets.fortaleza.targets import set_design_masks
from sim.rulesets.fortaleza.trace import describe_event_array

WEIGHT_NAMES = tuple(w.name.lower() for w in Weight)


@dataclass
class FortalezaConfig(CompiledConfig):
    """Everything the kernels need for one config, as numpy arrays (after the shell's fields)."""

    agents: np.ndarray = field(repr=False)
    forced: np.ndarray = field(repr=False, default_factory=lambda: np.zeros(2, np.int64))  # per side, forced_code

    def workspace(self) -> np.ndarray:
        """Fresh game records for one thread (state.GAME_DTYPE, state.new_workspace: the game and a
        hard agent's world), holding copies of this config's tables, the per-design masks computed
        from them and the forced-draw request (kept by every reset)."""
        ws = new_workspace(self.tab, self.par, self.w, self.search)
        for g in ws:
            for side in range(2):
                set_design_masks(g, side)
                g["ps"][side, PS_FORCED] = self.forced[side]
        return ws


class Fortaleza(GameRecordShell):
    """Fortaleza: China, Japón and Corea; lands and energy, a response chain, traps, equipment and
    keywords (rules F-01 to F-36; see rules.md beside this file). Single games, no draft (rule F-02:
    one copy of each design), so a side takes no options beyond its faction, agent and weights."""

    name = "fortaleza"
    compile_seconds = 61  # `sim run` of its showcase spec from an empty cache, two quiet cores, 2026-12-04
    play_range = staticmethod(play_range)
    play_unit = staticmethod(play_unit)
    trace_switch = (GAME, G_TRACED)
    version = "0.4.0"  # 0.4: the greedy agent weighs the blocks an attack would meet (games change); see rules.md
    cards_dir = CARDS_DIR
    params_model = FortalezaParams
    agents = AGENT_NAMES  # random, greedy and hard (hard.py)
    end_names = END_NAMES
    weight_names = WEIGHT_NAMES
    default_weights = DEFAULT_WEIGHTS
    decisions_slot = PS_DECISIONS
    n_cols = N_COLS
    flag_width = N_DESIGNS
    list_factions = staticmethod(list_factions)
    load_cards = staticmethod(load_collection)
    vanilla_filler = staticmethod(vanilla_filler)
    describe_filler = staticmethod(describe_filler)
    filler_words = FILLER_WORDS

    def config_input(self, compiled: FortalezaConfig) -> np.ndarray:
        return compiled.agents.copy()  # fortaleza's kernels take the sides' agents

    def ablatable_cards(self, faction: str, cards_dir: Path) -> list[str]:
        """Every design but the lands, which start in the reserve, never in the deck (rule F-02), and
        are identical in play."""
        return ablatable_cards(faction, cards_dir)

    def compile(self, match: MatchConfig, config_id: str = "base") -> FortalezaConfig:
        """Validate the config against the collections and rule parameters and build the kernel arrays."""
        head = self.compile_head(match, config_id)
        agents = np.array([AGENT_NAMES.index(side.agent) for side in match.sides], np.int64)
        forced = forced_codes(match.force, head["pools"])
        return FortalezaConfig(**head, agents=agents, forced=forced)

    def describe_events(self, compiled: FortalezaConfig, rows: np.ndarray, events: np.ndarray,
                        lang: str = "es") -> list[str]:
        names = (compiled.pools[0].names, compiled.pools[1].names)
        return describe_event_array(compiled.tab, names, compiled.labels, events, lang)

    def game_columns(self, compiled: FortalezaConfig, played: np.ndarray) -> list[pl.Series | pl.Expr]:
        """Per side: its final Fortaleza, mulligans and cards played."""
        return [series for i, suffix in enumerate("ab") for series in (
            pl.Series(f"lives_{suffix}", played[:, Col.FORT_A + i].astype(np.int16)),
            pl.Series(f"mulligans_{suffix}", played[:, Col.MULLIGAN_A + i].astype(np.int8)),
            pl.Series(f"cards_played_{suffix}", played[:, Col.CARDS_PLAYED_A + i].astype(np.int16)),
        )]

    # -- the invariant hooks the contract test calls (tests/rulesets/test_contract.py) -----------------
    def hidden_information_probe(self, seed: int, n: int, agent: str = "greedy") -> tuple[int, int]:
        """Invariant 5, in n games of every pairing played part way by `agent` on both sides, to the
        first main phase of a turn: everything the player to move would decide now (main action,
        response, attacks, blocks; a hard player's searched main action and attack too, hard.py),
        then again with the opponent's hand, deck order and face-down trap reshuffled. Played on the
        game records with the kernels' own functions (the files above this one), as play_unit
        begins a game."""
        from sim.rulesets.fortaleza.state import PS_DECISIONS

        rng = np.random.default_rng(seed)
        compared = changed = 0
        for ws, p in self.positions_in_play(seed, n, agent, rng):
            g, world = ws[0], ws[1]
            decisions = int(g["ps"][p, PS_DECISIONS])  # a hard player's worlds are keyed by it: the same twice
            before = _decisions(g, world, p)
            _reshuffle_hidden(g, 1 - p, rng)
            g["ps"][p, PS_DECISIONS] = decisions
            after = _decisions(g, world, p)
            compared += len(before)
            changed += sum(x != y for x, y in zip(before, after)) + abs(len(before) - len(after))
        return compared, changed

    def positions_in_play(self, seed: int, n: int, agent: str, rng: np.random.Generator):
        """Up to n positions reached by play, `agent` on both sides of every pairing, 2 to 13 turns in,
        stopped at the first main phase of the next turn (it has untapped and drawn): yields
        (workspace, the player to move). The hidden-information probe and the hard agent's tests
        read them."""
        from sim.rulesets.fortaleza.constants import Step
        from sim.rulesets.fortaleza.game import setup_game, start_turn
        from sim.rulesets.fortaleza.hard import play_turn
        from sim.rulesets.fortaleza.kernels import reset
        from sim.rulesets.fortaleza.state import G_ACTIVE, G_OVER, G_STEP, G_TURN, GAME, seed_streams

        factions = self.list_factions(self.cards_dir)
        pairings = [(factions[k], factions[(k + 1) % len(factions)]) for k in range(len(factions))]
        configs = [self.compile(MatchConfig("positions in play", tuple(
            SideConfig(f, default_label(f, i), agent) for i, f in enumerate(pairing)))) for pairing in pairings]
        for k in range(n):
            compiled = configs[k % len(configs)]
            ws = compiled.workspace()
            g, world = ws[0], ws[1]
            reset(g, compiled.agents)
            seed_streams(g, np.uint64(seed + k), np.uint64(0))
            setup_game(g, np.int64(0))
            turns = int(rng.integers(2, 14))
            for t in range(turns):
                g["ps"][GAME, G_ACTIVE] = t % 2
                g["ps"][GAME, G_TURN] = t
                play_turn(g, world)
                if g["ps"][GAME, G_OVER]:
                    break
            if g["ps"][GAME, G_OVER]:
                continue
            p = turns % 2  # the next player begins its turn: it untaps and draws from its own deck
            g["ps"][GAME, G_ACTIVE] = p
            g["ps"][GAME, G_TURN] = turns
            start_turn(g)
            if g["ps"][GAME, G_OVER]:
                continue
            g["ps"][GAME, G_STEP] = Step.MAIN1
            yield ws, p


def _decisions(g: np.void, world: np.void, p: int) -> list:
    """Everything p's agent would decide now in game record `g`: the main action, the response,
    whether each unit that may attack does, and the blocker against each opposing unit; for a hard
    player also its searched main action and attack (played out in the world record `world`)."""
    from sim.rulesets.fortaleza.agents import choose_action, choose_blocker, wants_to_attack
    from sim.rulesets.fortaleza.constants import Agent, Step
    from sim.rulesets.fortaleza.hard import search_action, search_attackers
    from sim.rulesets.fortaleza.legal import can_attack
    from sim.rulesets.fortaleza.state import CS_ATTACKING, CS_ZONE, PS_AGENT

    cs, cand = g["cs"], g["cand"]
    out = []
    for main in (True, False):
        i = choose_action(g, p, np.bool_(main))
        out.append(tuple(cand[i]) if i >= 0 else None)
    for u in range(N_DESIGNS):
        if can_attack(g, p, u):
            out.append(("attack", u, bool(wants_to_attack(g, p, u))))
    for a in range(N_DESIGNS):
        if cs[1 - p, a, CS_ZONE] == Zone.UNIT:
            cs[1 - p, a, CS_ATTACKING] = 1  # suppose it attacks
            out.append(("block", a, int(choose_blocker(g, p, a, False))))
            cs[1 - p, a, CS_ATTACKING] = 0
    if g["ps"][p, PS_AGENT] == Agent.HARD:
        i = search_action(g, world, p, np.int64(Step.MAIN1))
        out.append(("searched action", tuple(cand[i]) if i >= 0 else None))
        out.append(("searched attack", int(search_attackers(g, world, p))))
    return out


def _reshuffle_hidden(g: np.void, opp: int, rng: np.random.Generator) -> None:
    """Deal again what the other player cannot see of `opp`: which of its cards are in the hand and
    which in the deck (a card both saw come back to the hand stays, state.CS_SHOWN), the deck order,
    and which trap lies face down. Zones change through state.move, which keeps the zone masks in
    step; the counts stay as they were."""
    from sim.rulesets.fortaleza.state import CS_SET_TURN, CS_SHOWN, CS_ZONE, PS_ORDER, PS_TOP, move

    cs, ps, tab = g["cs"], g["ps"], g["tab"]
    hidden = [c for c in range(N_DESIGNS) if cs[opp, c, CS_ZONE] == Zone.DECK
              or (cs[opp, c, CS_ZONE] == Zone.HAND and not cs[opp, c, CS_SHOWN])]
    in_hand = int(sum(cs[opp, c, CS_ZONE] == Zone.HAND for c in hidden))
    rng.shuffle(hidden)
    for k, c in enumerate(hidden):
        move(cs, ps, opp, c, Zone.HAND if k < in_hand else Zone.DECK)
    deck = hidden[in_hand:]
    ps[opp, PS_TOP] = N_DECK - len(deck)
    for i, c in enumerate(deck):
        ps[opp, PS_ORDER + N_DECK - len(deck) + i] = c
    traps = [c for c in range(N_DESIGNS) if tab[opp, c, Field.KIND] == Kind.TRAP]
    set_traps = [c for c in traps if cs[opp, c, CS_ZONE] == Zone.SUPPORT]
    unseen_traps = [c for c in traps if c in hidden]
    if len(set_traps) == 1 and unseen_traps:  # the face-down one swaps with a trap not in sight
        a, b = set_traps[0], unseen_traps[0]
        zone_a, zone_b = int(cs[opp, a, CS_ZONE]), int(cs[opp, b, CS_ZONE])
        move(cs, ps, opp, a, zone_b)
        move(cs, ps, opp, b, zone_a)
        cs[opp, a, CS_SET_TURN], cs[opp, b, CS_SET_TURN] = cs[opp, b, CS_SET_TURN], cs[opp, a, CS_SET_TURN]
        if zone_b == Zone.DECK:  # keep the deck order listing the card that is there
            for i in range(ps[opp, PS_TOP], N_DECK):
                if ps[opp, PS_ORDER + i] == b:
                    ps[opp, PS_ORDER + i] = a


RULESET = Fortaleza()
