"""What every ruleset shares: random streams, card tables, rule parameters, records, input errors."""
