"""The games the engine plays, one package each; each package's `RULESET` fulfils the contract of
sim.core.ruleset, and sim.core.ruleset.get_ruleset finds it by name (RULESET_IDS). How to add one,
the files it needs and what tests/rulesets/test_contract.py checks: docs/adding-a-game.md."""
