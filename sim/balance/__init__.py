"""Balance proposals: a search over card fields and rule parameters for edits that bring the
figures a designer names (win rates, first-player advantage) to their targets (docs/balance.md)."""
