"""Fortaleza: China, Japón and Corea; lands and energy, a response chain, traps, equipment and
keywords (rules F-01 to F-36; see rules.md beside this file)."""

from sim.rulesets.fortaleza.engine import RULESET

__all__ = ["RULESET"]
