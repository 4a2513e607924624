"""Dicedraft: spiders against centipedes, a 15-card draft under 135 points, double blocks, double
attacks and dice (rules D-01 to D-18; see rules.md beside this file)."""

from sim.rulesets.dicedraft.cards import (
    CARDS_DIR, FactionPool, ablatable_cards, ablation_fillers, describe_filler, filler_plays_alike, list_factions, load_pool,
)
from sim.rulesets.dicedraft.engine import (
    CompiledConfig, cards_frame, compile_config, default_chunk_units, describe_events, events_of_stage, games_frame,
    forced_draw_cards, play_chunk, trace_unit,
)
from sim.rulesets.dicedraft.params import DicedraftParams

NAME = "dicedraft"
VERSION = "1.3.0"  # 1.1: the `seen` card counter; 1.2: the greedy drafter breaks ties between equally valued decks differently; 1.3: OH, GD and GIH count the deck the game started with, draws after a re-draft apart (games unchanged)

__all__ = [
    "CARDS_DIR", "NAME", "VERSION", "ablatable_cards", "ablation_fillers", "CompiledConfig", "DicedraftParams",
    "FactionPool", "cards_frame", "compile_config", "default_chunk_units", "describe_events", "describe_filler",
    "events_of_stage", "filler_plays_alike", "forced_draw_cards", "games_frame", "list_factions", "load_pool",
    "play_chunk", "trace_unit",
]
