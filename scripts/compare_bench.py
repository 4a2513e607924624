"""`sim bench` of two checkouts, interleaved, to say whether a change made the engine slower.

Machines are shared and noisy, so the two trees take turns (A B A B ...): both see the same noise,
and the answer is the ratio of their medians from one run of this script.

    python scripts/compare_bench.py /work/before /work/after --spec experiments/fortaleza_factions.toml

Each round runs `python -m sim.cli bench --no-startup --repeat 1` in each tree (its own code, on
PYTHONPATH) and reads its matches/s lines; `--startup` also times the cold compile (empty numba
cache) once per tree at the end. Prints, per figure, the median of each tree, their ratio (after /
before) and the rounds.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

FIGURE = re.compile(r"^(?P<name>matches/s, \d+ threads?|cold compile \(empty numba cache\))\s+(?P<value>[\d,.]+)\s",
                    re.M)


def bench_once(tree: Path, spec: str, games: int, startup: bool) -> dict[str, float]:
    """One `sim bench` in `tree`: figure name -> value."""
    command = [sys.executable, "-m", "sim.cli", "bench", "--spec", spec, "--games", str(games), "--repeat", "1"]
    if not startup:
        command.append("--no-startup")
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True).stdout
    return {m["name"]: float(m["value"].replace(",", "")) for m in FIGURE.finditer(out)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--spec", default="experiments/dicedraft_factions.toml", help="relative to each tree")
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--startup", action="store_true", help="also the cold compile, once per tree")
    args = parser.parse_args(argv)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    for tree in trees.values():  # load or compile the kernels outside the timings
        bench_once(tree, args.spec, 1000, False)
    runs: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    for _ in range(args.rounds):
        for label, tree in trees.items():
            for name, value in bench_once(tree, args.spec, args.games, False).items():
                runs[label].setdefault(name, []).append(value)
    if args.startup:
        for label, tree in trees.items():
            for name, value in bench_once(tree, args.spec, 1000, True).items():
                if name.startswith("cold"):
                    runs[label].setdefault(name, []).append(value)
    print(f"spec {args.spec}, {args.games:,} units a run, {args.rounds} rounds interleaved before/after")
    for name in runs["before"]:
        before, after = statistics.median(runs["before"][name]), statistics.median(runs["after"][name])
        print(f"{name:<34} before {before:>12,.2f}  after {after:>12,.2f}  after/before {after / before:.3f}  "
              f"(before {', '.join(f'{v:,.0f}' for v in runs['before'][name])}; "
              f"after {', '.join(f'{v:,.0f}' for v in runs['after'][name])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
