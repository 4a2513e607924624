"""Every shipped experiment's kernels played with numba's bounds checks on: an index below 0 or past
the end of its array is an error here, where a run reads the wrong memory without a word
(sim/core/nonnegative_indices.py).

    python scripts/index_check.py                      # every experiments/*.toml
    python scripts/index_check.py experiments/dicedraft_factions.toml --units 20

Plays the first `--units` units of each config of each spec (at most 8 where a side searches) and
traces one unit, with NUMBA_BOUNDSCHECK=1 and a numba cache of its own (kernels compiled with the
checks are not the ones a run loads): about a minute of compiling per game the first time. Prints
each spec's configs checked; names the spec and config of an IndexError and exits 1.
"""

from __future__ import annotations

import os
from pathlib import Path

# before numba loads: the checks are a compile setting, and a cache apart from the runs' kernels
os.environ["NUMBA_BOUNDSCHECK"] = "1"
os.environ.pop("NUMBA_CACHE_DIR", None)
os.environ["SIM_CACHE_DIR"] = str(Path(os.environ.get("SIM_CACHE_DIR", Path.home() / ".cache" / "sim")) / "boundscheck")

import argparse  # noqa: E402
import sys  # noqa: E402

import numpy as np  # noqa: E402

from sim.core.agents import Agent  # noqa: E402
from sim.run.plan import make_plan  # noqa: E402
from sim.run.spec import load_spec  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SEARCHING_UNITS = 8


def check_spec(path: Path, units: int) -> list[str]:
    """The configs of `path` whose kernels index out of bounds, each with numba's message."""
    plan = make_plan(load_spec(path, games=units))
    failures = []
    for config_id, compiled in plan.configs.items():
        searching = np.isin(np.asarray(getattr(compiled, "agents", ())), (Agent.HARD, Agent.EXPERT)).any()
        try:
            plan.ruleset.play_chunk(compiled, plan.seed, 0, min(units, SEARCHING_UNITS) if searching else units,
                                    threads=1)
            plan.ruleset.trace_unit(compiled, plan.seed, 0)
        except IndexError as error:
            failures.append(f"{path.name}, config {config_id}: {error}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", type=Path, help="spec files (default: every experiments/*.toml)")
    parser.add_argument("--units", type=int, default=40, help="units per config (default 40)")
    args = parser.parse_args(argv)
    failures = []
    for path in args.specs or sorted((ROOT / "experiments").glob("*.toml")):
        found = check_spec(path, args.units)
        failures += found
        print(f"{path.name}: {'an index out of bounds' if found else 'every index within bounds'}", flush=True)
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
