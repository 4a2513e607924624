"""The rulesets the engine plays, by id. Each is a package with the same public functions
(see sim.core.contract)."""

from __future__ import annotations

import importlib
from types import ModuleType

from sim.core.errors import InputError

RULESET_IDS = ("dicedraft", "fortaleza")


def get_ruleset(name: str, source: str = "ruleset") -> ModuleType:
    if name not in RULESET_IDS:
        raise InputError(f"{source}: ruleset: unknown ruleset {name!r}; available: {', '.join(RULESET_IDS)}")
    return importlib.import_module(f"sim.rulesets.{name}")
