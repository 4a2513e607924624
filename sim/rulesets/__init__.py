"""The games the engine plays, one package each; each package's `RULESET` fulfils the contract of
sim.core.ruleset (docs/adding-a-game.md), and sim.core.ruleset.get_ruleset finds it by name."""
