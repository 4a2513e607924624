"""Dicedraft: spiders against centipedes, a 15-card draft under 135 points, double blocks, double
attacks and dice (rules D-01 to D-18; see rules.md beside this file)."""

from sim.rulesets.dicedraft.engine import RULESET

__all__ = ["RULESET"]
