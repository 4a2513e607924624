"""Two checkouts' CPU time for the same games, taking turns, each timing a fresh process: what a
change did to a game's speed on a machine whose speed drifts (docs/engine.md, "Where the time goes").

    python scripts/paired_cpu_time.py --before /tmp/before --before-cache /tmp/cache-before \
        --after . --after-cache /tmp/cache-after --game rolplay --agent greedy --games 20000 --rounds 4

`--agent greedy` times the game's `sim bench --all` greedy config (its showcase spec's first config);
`hard` or `expert` that level against greedy in the first faction's mirror, as `sim bench --all`.
Each timing is one thread's process time around `play_chunk` (a load elsewhere on the machine costs
wall time, not this), printed with a digest of the rows played (the two trees must play the same
games); then each tree's median and their ratio, and every round's ratio. `scripts/compare_bench.py`
compares wall time through `sim bench` instead.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

# The code a measuring process runs first (sys.argv[1] the game, sys.argv[2] the agent): the game's
# ruleset and the config `sim bench --all` times for that agent. Written out here rather than called
# from sim.bench, so that it runs in a checkout from before any change (scripts/count_instructions.py
# uses it too).
BENCH_CONFIG = r'''
from sim.bench import first_config, game_spec, default_label
from sim.core.match import MatchConfig, SideConfig
from sim.core.mcts import default_search
from sim.run.spec import load_spec
ruleset, config = first_config(load_spec(game_spec(sys.argv[1])))
if sys.argv[2] != "greedy":
    faction = ruleset.list_factions(ruleset.cards_dir)[0]
    settings = default_search(sys.argv[2], ruleset)
    sides = tuple(SideConfig(faction, default_label(faction, i), level, {}, ruleset.side_options(),
                  settings if level == sys.argv[2] else None) for i, level in enumerate((sys.argv[2], "greedy")))
    config = ruleset.compile(MatchConfig("sim bench", sides))
'''

CHILD = r'''
import hashlib, sys, time
import numba, numpy as np
from sim.core.records import RecordCol
''' + BENCH_CONFIG + r'''
games, seed = int(sys.argv[3]), int(sys.argv[4])
numba.set_num_threads(1)
ruleset.play_chunk(config, 1, 0, 8, threads=1)
t0 = time.process_time()
rows, _ = ruleset.play_chunk(config, seed, 0, games, threads=1)
cpu = time.process_time() - t0
played = rows[rows[:, RecordCol.PLAYED] == 1]
print(f"RESULT {len(played)/cpu:.1f} {hashlib.sha256(np.ascontiguousarray(played).tobytes()).hexdigest()[:12]}")
'''

def once(tree: str, cache: str, game: str, agent: str, games: int, seed: int) -> tuple[float, str]:
    """One timing in a fresh process: CPU games/s and the digest of the rows."""
    env = dict(os.environ, PYTHONPATH=tree, SIM_CACHE_DIR=cache, NUMBA_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", CHILD, game, agent, str(games), str(seed)], cwd=tree, env=env,
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("RESULT"):
            _, rate, digest = line.split()
            return float(rate), digest
    raise SystemExit(f"{tree}: {out.stderr[-2000:]}")

def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--before", required=True, help="the checkout before the change")
    p.add_argument("--before-cache", required=True, help="its SIM_CACHE_DIR")
    p.add_argument("--after", required=True, help="the checkout after the change")
    p.add_argument("--after-cache", required=True, help="its SIM_CACHE_DIR")
    p.add_argument("--game", required=True)
    p.add_argument("--agent", default="greedy")
    p.add_argument("--games", type=int, default=20000)
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    trees = [("before", a.before, a.before_cache), ("after", a.after, a.after_cache)]
    rates = {"before": [], "after": []}
    ratios = []
    for r in range(a.rounds):
        order = trees if r % 2 == 0 else trees[::-1]
        got = {}
        for name, tree, cache in order:
            rate, digest = once(tree, cache, a.game, a.agent, a.games, a.seed)
            got[name] = (rate, digest)
            rates[name].append(rate)
            print(f"round {r} {name}: {rate:,.1f} CPU games/s rows {digest}", flush=True)
        same = got["before"][1] == got["after"][1]
        ratios.append(got["after"][0] / got["before"][0])
        print(f"round {r}: ratio {ratios[-1]:.3f} rows {'identical' if same else 'DIFFERENT'}", flush=True)
    b, f = statistics.median(rates["before"]), statistics.median(rates["after"])
    print(f"median before {b:,.1f} after {f:,.1f} ratio {f/b:.3f}; round ratios "
          + ", ".join(f"{x:.2f}" for x in ratios))


if __name__ == "__main__":
    main()
