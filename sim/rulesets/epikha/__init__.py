"""Paladines de Epikha: spells paid with characters' Vital and resolved by level, two factions
(Empiria and Abarón), Player cards, gear and machines (rules.md beside this file).

`RULESET` is the game in the shell (engine.py); `cards.load_pool` reads the card files,
`decks.load_deck` a deck list checked against them, `scenario.Scenario` a board set by hand.
"""

from sim.rulesets.epikha.engine import RULESET

__all__ = ["RULESET"]
