"""The bounds and names the command line checks its arguments against, in a module that imports
nothing, so that `sim --help` and a mistyped flag answer before numba, Polars or a game loads.
The modules that enforce them (the spec, the plan, the executors, the registry) take them from here."""

from __future__ import annotations

MAX_GAMES = 10_000_000_000  # units per config; the CLI's --games shares the bound
MAX_SEED = 2**63 - 1  # seeds fit a signed 64-bit integer (manifests, Parquet, numba)
MAX_CHUNK_UNITS = 10_000_000  # the spec's own upper bound on chunk_size
EXECUTORS = ("auto", "threads", "ray")  # where a run plays (sim.run.executors)
THREADS = "threads"
EXECUTOR_ALIASES = {"serial": THREADS}  # the name `threads` had before; scripts and old manifests use it
RULESET_IDS = ("dicedraft", "fortaleza", "rolplay", "epikha")  # the games of sim/rulesets/, each package's RULESET


def executor_name(text: str) -> str:
    """An --executor value in the current name: `serial` is read as `threads`."""
    return EXECUTOR_ALIASES.get(text, text)
