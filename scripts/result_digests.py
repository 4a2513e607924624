"""Digests of what the shipped experiments play, to show a refactor kept every game as it was.

For each spec in experiments/ (or the ones named), every config plays its first `--units` units at the
spec's seed in this process, and SHA-256 digests are taken: the kernel's record rows (every
game), its card counters, and the traces of the first `--traces` units. Rows and traces are the games
themselves; counters are what card impact reads; the games and cards frames are what a run stores,
and the trace's words what `sim replay` prints.

    python scripts/result_digests.py --write before.json        # before the change
    python scripts/result_digests.py --check before.json        # after: exit 1 on any difference

A change meant to change games bumps the ruleset's version (rules.md, version history); --check says
which spec, config and digest moved, so the note can say why.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import polars as pl

from sim.core.agents import Agent
from sim.run.plan import make_plan
from sim.run.spec import load_spec

EXPERIMENTS = Path(__file__).resolve().parents[1] / "experiments"


def _sha(*arrays: np.ndarray) -> str:
    digest = hashlib.sha256()
    for array in arrays:
        digest.update(str(array.shape).encode())
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()[:20]


def _frame_sha(frame: pl.DataFrame) -> str:
    """A frame as the run writes it to Parquet: column names, types and values (categories as text)."""
    # text columns as fixed-width unicode: an object array's bytes would be its pointers
    columns = [np.array(str(frame.schema))] + [
        frame[name].cast(pl.Utf8).to_numpy().astype(str) if frame[name].dtype in (pl.Categorical, pl.Utf8)
        else frame[name].to_numpy() for name in frame.columns]
    return _sha(*columns)


# The searching agents play a hundred (hard) to a few hundred (expert) times slower than greedy,
# and their mirrors stall at the turn cap. Their configs are digested on their first
# SEARCHING_UNITS units: thousands of searched decisions still, and the check (which CI runs) stays
# minutes.
SEARCHING_UNITS = 40


def units_of(config: object, units: int) -> int:
    """How many units of a config are digested: `units`, or SEARCHING_UNITS where a side searches."""
    playing = np.asarray(getattr(config, "agents", ()))
    return min(units, SEARCHING_UNITS) if np.isin(playing, (Agent.HARD, Agent.EXPERT)).any() else units


def spec_digests(path: Path, units: int, traces: int) -> dict[str, dict[str, str]]:
    """config id -> {rows, counters, traces, games, cards, words} digests of the spec's first `units`
    units per config (SEARCHING_UNITS where a side searches): the kernel's arrays, the games and cards frames
    the run stores, and the traced units in the trace's words."""
    experiment = load_spec(path, games=units)
    plan = make_plan(experiment)
    out: dict[str, dict[str, str]] = {}
    for config_id, compiled in plan.configs.items():
        rows, counters = plan.ruleset.play_chunk(compiled, plan.seed, 0, units_of(compiled, units), threads=1)
        traced = [plan.ruleset.trace_unit(compiled, plan.seed, u) for u in range(traces)]
        events = [np.concatenate(unit, axis=None) for unit in traced]
        words = "\n".join(line for unit_rows, unit_events in traced
                          for line in plan.ruleset.describe_events(compiled, unit_rows, unit_events))
        out[config_id] = {"rows": _sha(rows), "counters": _sha(counters), "traces": _sha(*events),
                          "games": _frame_sha(plan.ruleset.games_frame(compiled, rows)),
                          "cards": _frame_sha(plan.ruleset.cards_frame(compiled, counters)),
                          "words": hashlib.sha256(words.encode()).hexdigest()[:20]}
    return out


def ruleset_versions() -> dict[str, str]:
    from sim.core.ruleset import RULESET_IDS, get_ruleset

    return {name: get_ruleset(name).version for name in RULESET_IDS}


def all_digests(paths: list[Path], units: int, traces: int) -> dict[str, dict]:
    """The digests of every spec, with the ruleset versions they were taken at."""
    return {"units": units, "traces": traces, "versions": ruleset_versions(),
            "specs": {p.name: spec_digests(p, units, traces) for p in sorted(paths)}}


def differences(old: dict, new: dict) -> list[str]:
    lines = []
    for spec, configs in old["specs"].items():
        if spec not in new["specs"]:  # --check with some specs named: the others are not compared
            continue
        for config_id, digests in configs.items():
            now = new["specs"].get(spec, {}).get(config_id)
            if now is None:
                lines.append(f"{spec} {config_id}: not played now")
                continue
            lines.extend(f"{spec} {config_id}: {kind} {digests[kind]} -> {now[kind]}"
                         for kind in digests if now[kind] != digests[kind])
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", type=Path, help="spec files (default: every experiments/*.toml)")
    parser.add_argument("--units", type=int, default=400, help="units per config (default 400)")
    parser.add_argument("--traces", type=int, default=3, help="traced units per config (default 3)")
    parser.add_argument("--write", type=Path, help="write the digests to this JSON file")
    parser.add_argument("--check", type=Path, help="compare with a file written by --write")
    args = parser.parse_args(argv)
    if args.check:
        old = json.loads(args.check.read_text(encoding="utf-8"))
        paths = args.specs or [EXPERIMENTS / name for name in old["specs"]]
        new = all_digests(paths, old["units"], old["traces"])
        lines = differences(old, new)
        compared = [configs for spec, configs in old["specs"].items() if spec in new["specs"]]
        print("\n".join(lines) if lines else f"identical: {sum(len(c) for c in compared)} configs "
              f"of {len(compared)} specs, {old['units']} units each")
        return 1 if lines else 0
    digests = all_digests(args.specs or sorted(EXPERIMENTS.glob("*.toml")), args.units, args.traces)
    text = json.dumps(digests, indent=1, sort_keys=True)
    if args.write:
        args.write.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
