"""The tiny game: a test-only ruleset of a few hundred lines, built on the same file stack as the real
games (rules.md, cards/, cards.py, params.py, constants.py, state.py, legal.py, agents.py, game.py,
kernels.py, trace.py, engine.py, scenario.py) and passing the same contract
(tests/rulesets/test_contract.py): the worked example of docs/adding-a-game.md. Importing it
registers it, so `get_ruleset("tiny")` finds it."""

from sim.core.ruleset import register_ruleset
from tests.rulesets.tiny.engine import RULESET

register_ruleset(RULESET)

__all__ = ["RULESET"]
