"""The rulesets the engine plays, by id. Each is a package with the same public functions
(NAME, VERSION, CARDS_DIR, compile_config, play_chunk, trace_unit, describe_events, events_of_stage,
games_frame, cards_frame, default_chunk_units, ablatable_cards)."""

from __future__ import annotations

import importlib
from types import ModuleType

from sim.core.errors import InputError

RULESET_IDS = ("dicedraft", "fortaleza")


def get_ruleset(name: str, source: str = "ruleset") -> ModuleType:
    if name not in RULESET_IDS:
        raise InputError(f"{source}: ruleset: unknown ruleset {name!r}; available: {', '.join(RULESET_IDS)}")
    return importlib.import_module(f"sim.rulesets.{name}")
