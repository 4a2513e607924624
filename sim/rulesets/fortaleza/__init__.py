"""Fortaleza: China, Japón and Corea; lands and energy, a response chain, traps, equipment and
keywords (rules F-01 to F-36; see rules.md beside this file)."""

from sim.rulesets.fortaleza.cards import (
    CARDS_DIR, Collection, ablatable_cards, ablation_fillers, describe_filler, filler_plays_alike, list_factions,
    load_collection,
)
from sim.rulesets.fortaleza.engine import (
    CompiledConfig, cards_frame, compile_config, default_chunk_units, describe_events, events_of_stage, games_frame,
    forced_draw_cards, play_chunk, trace_unit,
)
from sim.rulesets.fortaleza.params import FortalezaParams

NAME = "fortaleza"
VERSION = "0.3.0"  # 0.3: rules F-20 and F-22 mended to the source text (games change); see rules.md

__all__ = [
    "CARDS_DIR", "NAME", "VERSION", "ablatable_cards", "ablation_fillers", "Collection", "CompiledConfig",
    "FortalezaParams", "cards_frame", "compile_config", "default_chunk_units", "describe_events", "describe_filler",
    "events_of_stage", "filler_plays_alike", "forced_draw_cards", "games_frame", "list_factions", "load_collection",
    "play_chunk", "trace_unit",
]
