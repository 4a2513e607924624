"""Balance analytics over a results folder (Polars, lazy scans of the Parquet chunks).

Each function takes a run folder (or what sim.results.scans returns) and gives back a
`pl.DataFrame`; none of them imports Dash, so the CLI, the dashboards and the report exporters all read the same numbers.
"""

from sim.analysis.card_impact import card_impact, card_impact_from_counters
from sim.analysis.end_reasons import end_reasons
from sim.analysis.first_player import first_player_advantage, first_player_by_length
from sim.analysis.game_length import game_length
from sim.analysis.metagame import bootstrap_nash, metagame, nash_mix
from sim.analysis.intervals import Z95, wilson_interval
from sim.analysis.multiple_testing import benjamini_hochberg, benjamini_yekutieli, shrunk_estimate
from sim.analysis.ratings import bradley_terry, ratings
from sim.analysis.sprt import SprtResult, pair_outcomes, sprt, sprt_bounds, sprt_by_config
from sim.analysis.units import match_results, story_clear_chance, story_stages
from sim.analysis.win_rates import faction_win_rates

__all__ = [
    "Z95", "SprtResult", "benjamini_hochberg", "benjamini_yekutieli", "bootstrap_nash", "bradley_terry", "card_impact",
    "card_impact_from_counters", "end_reasons", "faction_win_rates", "first_player_advantage", "first_player_by_length",
    "game_length", "match_results", "metagame", "nash_mix", "pair_outcomes", "ratings", "shrunk_estimate", "sprt",
    "sprt_bounds", "sprt_by_config", "story_clear_chance", "story_stages", "wilson_interval",
]
