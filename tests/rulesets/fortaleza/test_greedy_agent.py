"""The greedy agent's attack decision (agents.wants_to_attack): it weighs the blocks the attack would meet
(ruleset 0.4.0; before, it asked legal.can_block about a unit not yet marked attacking, was always told
no blocker could stop it, and attacked with every unit)."""

from __future__ import annotations

from sim.rulesets.fortaleza.scenario import Scenario


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
