"""Rolplay: the 2002 Rolplay.net card game (rules R-01 to R-20, rules.md beside this file)."""

from sim.rulesets.rolplay.engine import RULESET  # noqa: F401
