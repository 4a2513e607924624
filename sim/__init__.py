"""Simulation and balance analytics for small Spanish card games."""

__version__ = "0.1.0"
