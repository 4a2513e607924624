"""The greedy agent's attack decision (agents.wants_to_attack): it weighs the blocks the attack would meet
(ruleset 0.4.0; before, it asked legal.can_block about a unit not yet marked attacking, was always told
no blocker could stop it, and attacked with every unit), which units its quiet test checks, and what
it sees aimed at a unit it could save."""

from __future__ import annotations

import numpy as np

from sim.rulesets.fortaleza.agents import (
    blockers_idle, choose_action, choose_listed, idle_designs, quiet_window, rescue_value, unit_value,
)
from sim.rulesets.fortaleza.constants import Action, Agent, Field
from sim.rulesets.fortaleza.effects import damage_unit, remove_dead
from sim.rulesets.fortaleza.game import end_turn
from sim.rulesets.fortaleza.legal import list_actions
from sim.rulesets.fortaleza.scenario import Scenario
from sim.rulesets.fortaleza.state import (
    CS_DAMAGE, CS_RES_BOOST, PS_AGENT, PS_DAMAGED, PS_FRAIL, PS_GUARD_ONLY, PS_KILL_ONLY, PS_RESCUE_ONLY,
)
from sim.rulesets.fortaleza.targets import set_design_masks


def soldier_facing_samurai(samurai_tapped: bool) -> Scenario:
    """China's Soldado de Terracota (1/2) may attack; Japón's Samurái del Clan Takeda (4/3) would block,
    kill it and survive, unless it is exhausted (rule F-21: an exhausted unit cannot block)."""
    s = Scenario.from_factions("china", "japon")
    s.put(0, "CH-001", zone="unit")
    s.put(1, "JP-007", zone="unit", tapped=samurai_tapped)
    s.lands(0, 3)
    s.lands(1, 3)
    s.begin(active=0, step="begin_combat", turn=4)
    return s


def test_greedy_keeps_home_a_unit_that_a_block_would_only_kill():
    s = soldier_facing_samurai(samurai_tapped=False)
    fortress = s.fortress(1)
    s.combat()
    assert not s.tapped(0, "CH-001")
    assert s.zone(0, "CH-001") == "unit"
    assert s.fortress(1) == fortress


def test_greedy_attacks_when_no_unit_can_block():
    s = soldier_facing_samurai(samurai_tapped=True)
    fortress = s.fortress(1)
    s.combat()
    assert s.tapped(0, "CH-001")
    assert s.fortress(1) == fortress - 1


def test_quiet_window_finds_a_spent_unit_by_its_damage_or_by_a_frail_card():
    """agents.quiet_window and effects.remove_dead check only the units marked damage this turn
    (state.PS_DAMAGED), unless a card could leave a unit at 0 toughness undamaged (targets.frail):
    then every unit. Either way a unit at 0 toughness makes the window loud."""
    s = soldier_facing_samurai(samurai_tapped=False)
    s.begin(active=0, step="main1", turn=4)
    c = s.index(1, "JP-007")
    assert quiet_window(s.g)
    damage_unit(s.g, 1, c, 3)  # lethal, not yet removed (remove_dead does that)
    assert not quiet_window(s.g)
    s.g["cs"][1, c, CS_DAMAGE] = 0
    end_turn(s.g)  # damage is gone at the end of the turn, and so is the mark
    assert s.ps[1, PS_DAMAGED] == 0 and quiet_window(s.g)
    s.tab[1, c, Field.RES] = 0  # a table edited by hand: a card file may not say so (rule F-22)
    set_design_masks(s.g, 1)
    assert s.ps[1, PS_FRAIL] and not quiet_window(s.g)
    remove_dead(s.g)  # rule F-22 checks it too, undamaged: 0 damage reaches RES 0
    assert s.zone(1, "JP-007") == "discard" and s.zone(0, "CH-001") == "unit"


def test_a_quiet_window_closes_at_once_for_the_greedy_agent_and_not_for_the_random_one():
    """chain.window closes a quiet window where all either player could answer with is what its agent
    leaves out there (agents.idle_designs: a greedy agent's quiet-idle designs). Postura de la Montaña
    (fast, Protección 3 on an own unit) is one: the greedy holder keeps it, while a random holder
    is still offered it, and plays it sooner or later."""
    s = Scenario.from_factions("china", "japon")
    s.put(0, "CH-005")  # 2/4, nothing aimed at it
    s.put(0, "CH-031", zone="hand")
    s.lands(0, 2)
    s.begin(active=1, step="end", turn=3)
    assert quiet_window(s.g)
    s.window()
    assert s.zone(0, "CH-031") == "hand" and s.energy(0) == 2
    s.ps[0, PS_AGENT] = Agent.RANDOM
    for _ in range(30):  # each offer picks among the one target and passing
        s.window()
        if s.zone(0, "CH-031") != "hand":
            break
    assert s.zone(0, "CH-031") == "discard" and s.protection(0, "CH-005") == 3


def test_rescue_value_reads_the_fight_and_the_chain():
    """agents.rescue_value (inlined into effect_value, the chain scanned only when it holds items): n
    more points of RES or Protección are worth the unit when the damage aimed at it, on the chain or
    after blocks in its fight, would destroy it and n more points save it; nothing aimed, nothing."""
    s = soldier_facing_samurai(samurai_tapped=False)
    s.begin(active=0, step="main1", turn=4)
    soldier = s.index(0, "CH-001")  # 1/2
    value = unit_value(s.g, 0, 0, soldier)
    assert value > 0 and rescue_value(s.g, 0, 0, soldier, 1) == 0.0  # the chain empty, no fight
    s.lands(1, 3)
    s.put(1, "JP-033", zone="hand")
    s.push(1, "JP-033", target=(0, "CH-001"))  # Lluvia de Shuriken: 2 damage, the soldier's RES
    assert rescue_value(s.g, 0, 0, soldier, 1) == value
    s.resolve_all()
    assert s.zone(0, "CH-001") == "discard"

    s = soldier_facing_samurai(samurai_tapped=False)
    soldier = s.index(0, "CH-001")
    s.attack("CH-001")
    s.block("JP-007", "CH-001")  # the samurai's 4 ATQ against the soldier's 2 RES
    assert rescue_value(s.g, 0, 0, soldier, 2) == 0.0  # 4 damage destroys RES 4 too
    assert rescue_value(s.g, 0, 0, soldier, 3) == unit_value(s.g, 0, 0, soldier)


def test_blockers_step_leaves_out_rescues_while_no_fight_kills():
    """agents.blockers_idle: the blockers step is never a quiet window, but while no fight would kill a
    unit the designs that only rescue one (targets.idle_kind) are worth nothing, so the greedy
    agent leaves them out (a response offer holding nothing else passes at once); when a fight
    would kill a unit they are listed and valued as before."""
    s = soldier_facing_samurai(samurai_tapped=False)
    s.put(0, "CH-031", zone="hand")  # Postura de la Montaña: an own unit gains Protección 3 (fast, cost 1)
    s.begin(active=0, step="begin_combat", turn=4)
    s.attack("CH-001")
    s.block("JP-007", "CH-001")  # the samurai's 4 ATQ against the soldier's RES 2
    soldier, shield = s.index(0, "CH-001"), s.index(0, "CH-031")
    assert s.ps[0, PS_RESCUE_ONLY] >> shield & 1
    everything = np.int64(-1)
    assert not blockers_idle(s.g, 0, everything) >> shield & 1 and idle_designs(s.g, 0, np.bool_(False)) == 0
    i = choose_action(s.g, 0, np.bool_(False))
    assert i >= 0 and tuple(s.cand[i]) == (Action.CAST, shield, 0, soldier + 1)
    s.g["cs"][0, soldier, CS_RES_BOOST] = 5  # the soldier survives the block, the samurai the soldier's 1 ATQ
    assert blockers_idle(s.g, 0, everything) >> shield & 1 and idle_designs(s.g, 0, np.bool_(False)) == -1
    assert choose_action(s.g, 0, np.bool_(False)) == -1


def test_blockers_step_leaves_out_a_fortress_protection_while_no_damage_aims_at_it():
    """agents.blockers_idle: La Muralla Resiste (own Fortaleza gains Protección 4, fast, cost 2) is
    worth LIFE * min(4, damage aimed at that Fortaleza) less its cost, so in the blockers step the
    attacking player, whose Fortaleza no attacker hits, leaves it out and passes at once; the
    defender, whom an unblocked attacker hits, lists and values it as before."""
    s = Scenario.from_factions("china", "china")
    s.put(0, "CH-001", zone="unit")  # Soldado de Terracota, ATQ 1: nobody can block it
    for side in range(2):
        s.put(side, "CH-032", zone="hand")
        s.lands(side, 3)
    s.begin(active=0, step="begin_combat", turn=4)
    s.attack("CH-001")
    s.begin(active=0, step="blockers", turn=4)
    wall = s.index(0, "CH-032")
    assert s.ps[0, PS_GUARD_ONLY] >> wall & 1 and not s.ps[0, PS_RESCUE_ONLY] >> wall & 1
    held = np.int64(-1)
    assert blockers_idle(s.g, 0, held) >> wall & 1 and idle_designs(s.g, 0, np.bool_(False)) == -1
    assert choose_action(s.g, 0, np.bool_(False)) == -1
    assert not blockers_idle(s.g, 1, held) >> wall & 1  # the soldier's 1 damage aims at side 1's Fortaleza
    assert not idle_designs(s.g, 1, np.bool_(False)) >> wall & 1
    n = list_actions(s.g, 1, np.bool_(False), np.int64(0), np.bool_(False))
    assert (Action.CAST, wall, 1, 0) in [tuple(s.cand[i]) for i in range(n)]


def test_greedy_play_lists_only_the_equip_moves_worth_something():
    """legal.list_actions' `free_slots_only`, which chain.py's greedy decisions pass (agents.choose_listed's
    `lean`): an equipment a unit carries, or a unit whose slot of that kind is taken, adds no equip
    move (action_value gives those 0); choose_action, whose list a hard or expert agent reads, lists
    every legal move, and both choose the same action."""
    s = Scenario.from_factions("china", "japon")
    s.put(0, "CH-001", "CH-013", zone="unit")
    s.put(0, "CH-041", "CH-039", zone="support")  # two armours (rule F-17: one per unit)
    s.lands(0, 4)
    s.begin(active=0, step="main1", turn=4)
    s.equip(0, "CH-041", "CH-001")
    carried, spare = s.index(0, "CH-041"), s.index(0, "CH-039")
    soldier, general = s.index(0, "CH-001"), s.index(0, "CH-013")
    n = list_actions(s.g, 0, np.bool_(True), np.int64(0), np.bool_(False))
    whole = [tuple(s.cand[i]) for i in range(n)]
    assert {(Action.EQUIP, carried, 0, general + 1), (Action.EQUIP, spare, 0, soldier + 1),
            (Action.EQUIP, spare, 0, general + 1)} <= set(whole)
    n = list_actions(s.g, 0, np.bool_(True), np.int64(0), np.bool_(True))
    lean = [tuple(s.cand[i]) for i in range(n)]
    assert lean == [row for row in whole if row[0] != Action.EQUIP or row == (Action.EQUIP, spare, 0, general + 1)]
    i = choose_listed(s.g, 0, np.bool_(True), np.int64(0), np.bool_(True))
    chosen = tuple(s.cand[i]) if i >= 0 else None
    i = choose_action(s.g, 0, np.bool_(True))
    assert chosen == (tuple(s.cand[i]) if i >= 0 else None)


def test_greedy_play_lists_only_the_kills_and_rescues_worth_something():
    """A lean list (legal.list_actions' `lean`, chain.py's greedy decisions) leaves out, besides the
    equip moves worth 0, the targets a damage technique would not destroy in a main phase
    (targets.kills_only: Lluvia de Flechas deals 3) and the units a rescue could not save from any
    damage (legal.rescuable: Postura de la Montaña, aimed at a unit nothing aims at); choose_action's
    whole list holds them, and both choose the same."""
    s = Scenario.from_factions("china", "china")
    s.put(0, "CH-001", "CH-004", zone="unit")  # 1/2 and 1/4
    s.put(0, "CH-033", "CH-031", zone="hand")  # Lluvia de Flechas, Postura de la Montaña
    s.put(1, "CH-026", "CH-008", zone="unit")  # 1/2 and 2/5
    s.put(1, "CH-033", zone="hand")
    s.lands(0, 6)  # all of them: no land to play, which the greedy agent would choose first
    s.lands(1, 4)
    s.begin(active=0, step="main1", turn=4)
    rain = s.index(0, "CH-033")
    assert s.ps[0, PS_KILL_ONLY] >> rain & 1 and not s.ps[0, PS_KILL_ONLY] >> s.index(0, "CH-031") & 1
    monkey, monk = s.index(1, "CH-026"), s.index(1, "CH-008")
    n = list_actions(s.g, 0, np.bool_(True), np.int64(0), np.bool_(False))
    whole = [tuple(s.cand[i]) for i in range(n)]
    assert {(Action.CAST, rain, 1, monkey + 1), (Action.CAST, rain, 1, monk + 1)} <= set(whole)
    stance = s.index(0, "CH-031")  # nothing is aimed at side 0's units: Postura could save none of them
    assert (Action.CAST, stance, 0, s.index(0, "CH-001") + 1) in whole
    n = list_actions(s.g, 0, np.bool_(True), np.int64(0), np.bool_(True))
    assert [tuple(s.cand[i]) for i in range(n)] == [row for row in whole
                                                    if row != (Action.CAST, rain, 1, monk + 1) and row[1] != stance]
    i = choose_listed(s.g, 0, np.bool_(True), np.int64(0), np.bool_(True))
    assert tuple(s.cand[i]) == (Action.CAST, rain, 1, monkey + 1)
    i = choose_action(s.g, 0, np.bool_(True))
    assert tuple(s.cand[i]) == (Action.CAST, rain, 1, monkey + 1)
    # side 1's Lluvia aimed at side 0's soldier: Postura may save the soldier, not the monk
    s.push(1, "CH-033", target=(0, "CH-001"))
    soldier, monk0 = s.index(0, "CH-001"), s.index(0, "CH-004")
    n = list_actions(s.g, 0, np.bool_(False), np.int64(0), np.bool_(False))
    whole = [tuple(s.cand[i]) for i in range(n)]
    assert {(Action.CAST, stance, 0, soldier + 1), (Action.CAST, stance, 0, monk0 + 1)} <= set(whole)
    n = list_actions(s.g, 0, np.bool_(False), np.int64(0), np.bool_(True))
    assert [tuple(s.cand[i]) for i in range(n)] == [row for row in whole if row != (Action.CAST, stance, 0, monk0 + 1)]
    i = choose_listed(s.g, 0, np.bool_(False), np.int64(0), np.bool_(True))
    assert tuple(s.cand[i]) == (Action.CAST, stance, 0, soldier + 1)
    i = choose_action(s.g, 0, np.bool_(False))
    assert tuple(s.cand[i]) == (Action.CAST, stance, 0, soldier + 1)


def test_the_land_decision_makes_the_next_choice_as_a_fresh_list_would():
    """agents.choose_listed lists a lean main phase holding the land with the land's energy too (rule
    F-07: it enters untapped and pays at once, F-08) and values it once for two decisions: the land
    now (100, beaten only by a candidate p's energy pays now), and in G_NEXT the choice after it,
    which chain.main_phase takes without listing again. That choice is the one a fresh list makes
    once the land is placed, a card the land's energy pays included."""
    from sim.rulesets.fortaleza.agents import decide
    from sim.rulesets.fortaleza.chain import take_action
    from sim.rulesets.fortaleza.state import G_NEXT, GAME

    s = Scenario.from_factions("china", "china")
    dearer = s.find(0, "personaje", cost=3)
    s.put(0, dearer, zone="hand")
    s.lands(0, 2)
    s.begin(active=0, step="main1", turn=4)
    s.ps[GAME, G_NEXT] = 0
    i = decide(s.g, 0, np.bool_(True), np.bool_(True))
    assert s.cand[i, 0] == Action.LAND
    nxt = s.ps[GAME, G_NEXT] - 2
    assert nxt >= 0
    ahead = tuple(s.cand[nxt])
    assert ahead == (Action.CAST, s.index(0, dearer), 0, 0)  # paid by the land's energy only
    take_action(s.g, 0, i)
    j = decide(s.g, 0, np.bool_(True), np.bool_(True))
    assert tuple(s.cand[j]) == ahead
    assert tuple(s.cand[choose_action(s.g, 0, np.bool_(True))]) == ahead  # the whole list chooses it too
