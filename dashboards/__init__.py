"""The Dash dashboard (`sim dash`): runs, factions, cards, draft budget, sweeps and replays of a
results folder, in Spanish or English. Every number comes from sim.analysis; this package only
arranges pictures, tables and controls around them."""
