"""The greedy agent's short cuts choose what its plain definition chooses (issue 37: the same games,
faster). A greedy player's deployment step is found without listing every step (agents.next_deployment),
after a move into the Magic Zone from the hand's best step of the walk before (next_deployment_from),
and its attackers' safety is weighed once per attack (agents.safe_attackers); here, in positions
reached by play, each is held against its definition: the first step of highest worth of the list
(agents.choose_deployment, rules E-21, E-24, E-29) at every step of a Deployment and a Regroup
phase, and the `combat_slots` strongest of the cards that may attack safely (E-25, E-26). A spell
window passes for a greedy player without asking it when nothing is pending and none of its spells
may matter (game.spell_window): there its choice (agents.choose_window_action) is to pass (E-22); a
window where no agent would be asked is closed by its caller as spell_window closes it (game.open_window). A
Regroup phase is not walked when the hand holds no machine and best_move keeps no move (game.regroup):
there its first step is to stop (E-11, E-24). The list the others choose from (agents.list_deployments)
is held against every legal step read plainly from legal.py."""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.match import MatchConfig, SideConfig
from sim.rulesets.epikha.agents import (
    ATTACH, DEPLOY, PASS, STOP, TO_MAGIC, attack_is_safe, best_move, best_payer, choose_attackers, choose_deployment,
    choose_window_action, list_deployments, next_deployment, next_deployment_from, payer_cost, spells_that_may_matter,
)
from sim.rulesets.epikha.constants import MAX_DECK, N_CARDS, PAYS, PLAYER_C, Agent, Field, Param, Weight, Window, Zone
from sim.rulesets.epikha.engine import RULESET
from sim.rulesets.epikha.game import asks_no_agent, deploy_step, open_window, spell_window, window_opens
from sim.rulesets.epikha.legal import blockers, may_attach, may_attack, may_deploy, may_move_to_magic
from sim.rulesets.epikha.state import (
    G_N_PENDING, G_OVER, G_TRACED, GAME, MAX_CAND, PS_AGENT, PS_MACHINE_CARDS, PS_SPELL_CARDS, fuerza_of, in_zone,
)

SEED = 20261202


def positions(n: int, **params):
    """Up to n positions reached by greedy play, each at the start of a player's Deployment phase,
    in both factions' mirrors and their match-up (the probe's pairings), with the rules `params`."""
    rng = np.random.default_rng(7)
    pairings = RULESET.probe_pairings()
    for k in range(n):
        a, b = pairings[k % len(pairings)]
        compiled = RULESET.compile(MatchConfig("greedy positions", (SideConfig(a, "A", "greedy"),
                                                                     SideConfig(b, "B", "greedy")), params=params))
        ws = compiled.workspace()
        p = RULESET.play_to_position(compiled, ws, np.uint64(SEED + k), rng)
        if p is not None:
            yield ws[0], np.int64(p)


def listed_step(g: np.void, p: np.int64, window: int) -> tuple[int, int, int]:
    k = choose_deployment(g, p, np.int64(window))
    return (STOP, -1, -1) if k == STOP else tuple(int(x) for x in g["cand"][k])


def strongest_safe(g: np.void, p: np.int64) -> int:
    """Rule E-25 for greedy, read plainly: of the cards that may attack and attack safely against
    every card that may block, the `combat_slots` of highest Fuerza, the first in pool order on a tie."""
    guard = blockers(g, np.int64(1 - p))
    safe = [c for c in range(PLAYER_C + 1)
            if may_attack(g, p, np.int64(c)) and attack_is_safe(g, p, np.int64(c), guard)]
    safe.sort(key=lambda c: -fuerza_of(g, p, np.int64(c)))  # a stable sort keeps pool order on ties
    out = 0
    for c in safe[:int(g["par"][Param.COMBAT_SLOTS])]:
        out |= 1 << c
    return out


# with one Magic Zone place no card is worth moving there (agents.deployment_worth): no step follows a move;
# a Player card that may not attack is worth the most a move is worth (agents.best_move)
@pytest.mark.parametrize(("params", "least_after_moves"),
                         [({}, 10), ({"combat_slots": 1, "deployment_slots": 3, "magic_zone_slots": 1}, 0),
                          ({"player_may_attack": False}, 10)])
def test_greedy_deploys_and_attacks_as_its_definition(params: dict, least_after_moves: int) -> None:
    steps = attacks = after_moves = stops_foreseen = 0
    for g, p in positions(24, **params):
        for window in (Window.DEPLOYMENT, Window.REGROUP):
            hand_best, hand_value, hand_known = (STOP, -1, -1), 0.0, False
            for _ in range(MAX_DECK):
                listed = listed_step(g, p, window)
                if (window == Window.REGROUP and in_zone(g, p, np.int64(Zone.HAND)) & g["ps"][p, PS_MACHINE_CARDS] == 0
                        and best_move(g, p, (STOP, -1, -1), 0.0)[0] == STOP):  # game.regroup's short cut
                    assert listed[0] == STOP, (params, listed)
                    stops_foreseen += 1
                assert next_deployment(g, p, np.int64(window)) == listed, (params, window, listed)
                step, hand_best, hand_value, walked = next_deployment_from(g, p, np.int64(window), hand_best,
                                                                          hand_value, hand_known)
                assert step == listed, (params, window, listed, hand_known)
                steps += 1
                after_moves += hand_known
                if listed[0] == STOP or g["ps"][GAME, G_OVER]:
                    break
                deploy_step(g, p, np.int64(listed[0]), np.int64(listed[1]), np.int64(listed[2]))
                hand_known = walked and listed[0] == TO_MAGIC
            if window == Window.DEPLOYMENT:
                assert choose_attackers(g, p) == strongest_safe(g, p), params
                attacks += 1
    assert steps >= 50 and attacks >= 10 and after_moves >= least_after_moves and stops_foreseen >= 10, (
        steps, attacks, after_moves, stops_foreseen)


def plain_deployments(g: np.void, p: np.int64, window: int) -> list[tuple[int, int, int]]:
    """Every deployment step legal now, read plainly from legal.py over every instance: from the hand
    (not its spells) in pool order a unit to deploy (E-11, E-20, E-21) or gear onto each bearer
    (E-18, E-29, the Deployment phase only), then each move into the Magic Zone (E-24)."""
    out = []
    hand = in_zone(g, p, np.int64(Zone.HAND)) & ~g["ps"][p, PS_SPELL_CARDS]
    for c in range(N_CARDS):
        if not (hand >> c) & 1:
            continue
        if may_deploy(g, p, np.int64(c), np.int64(window)):
            out.append((DEPLOY, c, -1))
        elif window == Window.DEPLOYMENT:
            out += [(ATTACH, c, b) for b in range(N_CARDS) if may_attach(g, p, np.int64(c), np.int64(b))]
    out += [(TO_MAGIC, c, -1) for c in range(N_CARDS) if may_move_to_magic(g, p, np.int64(c))]
    return out[:MAX_CAND]


def test_deployment_list_is_its_definition() -> None:
    """The list the random and expert agents choose from (agents.list_deployments, its own loop since
    the greedy walk went to best_hand_step) is every legal step in its order, at every step of a
    greedy Deployment and Regroup phase in positions reached by play."""
    listed = 0
    for g, p in positions(12):
        for window in (Window.DEPLOYMENT, Window.REGROUP):
            for _ in range(MAX_DECK):
                n = list_deployments(g, p, np.int64(window))
                assert [tuple(int(x) for x in row) for row in g["cand"][:n]] == plain_deployments(g, p, window)
                listed += n
                step = listed_step(g, p, window)
                if step[0] == STOP or g["ps"][GAME, G_OVER]:
                    break
                deploy_step(g, p, np.int64(step[0]), np.int64(step[1]), np.int64(step[2]))
    assert listed >= 100, listed


def test_greedy_passes_where_no_spell_may_matter() -> None:
    """spell_window's short cut: with nothing pending and no spell in hand that may matter in the
    window, choose_window_action passes; and best_payer's price is payer_cost's."""
    held = passes = 0
    for g, p in positions(24):
        for side in (p, 1 - p):
            side = np.int64(side)
            spells = in_zone(g, side, np.int64(Zone.HAND)) & g["ps"][side, PS_SPELL_CARDS]
            for window in Window:
                if spells and g["ps"][GAME, G_N_PENDING] == 0:
                    held += 1
                    if spells & spells_that_may_matter(g, side, np.int64(window)) == 0:
                        assert choose_window_action(g, side, np.int64(window))[0] == PASS
                        passes += 1
            for amount in range(1, 11):
                payer, price = best_payer(g, side, np.int64(amount))
                if payer >= 0:
                    assert price == payer_cost(g, side, np.int64(payer), np.int64(amount))
    assert held >= 30 and passes >= 20, (held, passes)


def test_a_window_no_agent_is_asked_in_closes_as_spell_window_closes_it() -> None:
    """game.open_window's short cut: where asks_no_agent holds (nothing pending, no spell in hand that
    may matter to a greedy player), the window leaves the record, its trace and its random streams as
    spell_window leaves them, in every window of positions reached by play, for greedy and random
    players; and asks_no_agent holds in a good part of them."""
    quiet = compared = 0
    for g, p in positions(24):
        for agents in ((Agent.GREEDY, Agent.GREEDY), (Agent.RANDOM, Agent.GREEDY)):
            for window in Window:
                pair = np.empty(2, dtype=g.dtype)
                pair[0] = pair[1] = g
                for record in pair:
                    record["ps"][:2, PS_AGENT] = agents
                    record["ps"][GAME, G_TRACED] = 1
                if not window_opens(pair[0], np.int64(window)):
                    continue
                quiet += asks_no_agent(pair[0], np.int64(window))
                open_window(pair[0], np.int64(window))
                spell_window(pair[1], np.int64(window))
                assert pair[0].tobytes() == pair[1].tobytes(), (agents, window)
                compared += 1
    assert compared >= 50 and quiet >= 25, (compared, quiet)


def test_deploy_worths_are_the_printed_worths() -> None:
    """The per-design worths a workspace holds (state.deploy_worths, read by deployment_worth) are
    greedy's worths read plainly from each design's printed fields and the side's weights, in both
    records (the game and a hard player's world), for every side of the probe's pairings."""
    for a, b in RULESET.probe_pairings():
        compiled = RULESET.compile(MatchConfig("deploy worths", (SideConfig(a, "A", "greedy"),
                                                                 SideConfig(b, "B", "greedy"))))
        ws = compiled.workspace()
        assert (ws[1]["dw"] == ws[0]["dw"]).all()
        for side in range(2):
            weight = float(ws[0]["w"][side, Weight.CHARACTER])
            for d, row in enumerate(ws[0]["tab"][side].tolist()):
                cost, fuente = row[Field.COST], row[Field.G_FUENTE]
                bonus = row[Field.BONUS_F] + 2.0 * row[Field.BONUS_R]
                value = (row[Field.FUERZA] + row[Field.VITAL] / 3.0 + 2.0 * row[Field.RESISTENCIA]
                         + (1.0 if row[Field.RULES] & PAYS else 0.0)) if row[Field.IS_CHARACTER] else cost * 1.2
                on_player = fuente - cost + 1.0 if fuente > 0 else bonus * 0.5 - 1.0
                gear = bonus + fuente / 3.0 + row[Field.G_REGEN] * 0.7
                assert tuple(ws[0]["dw"][side, d]) == (value * weight - cost * 0.5, on_player, gear), (a, b, side, d)
