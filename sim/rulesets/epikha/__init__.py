"""Paladines de Epikha: its card pool (two factions, Empiria and Abarón) and deck lists, read and
validated (rules.md).

No game is played yet: this package exports no `RULESET` and is not in sim.core.ruleset.RULESET_IDS,
so the contract tests do not look for an engine that does not exist. `cards.load_pool` reads the
card files, `decks.load_deck` a deck list checked against them.
"""
