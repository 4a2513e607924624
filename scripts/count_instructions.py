"""Instructions a game of one checkout's `play_chunk`, counted by valgrind's callgrind: a count,
the same on a busy machine, where timings drift (docs/engine.md, "Where the time goes").

    python scripts/count_instructions.py --tree . --cache /tmp/cache-haswell --game rolplay --games 300

`--agent` as scripts/paired_cpu_time.py (greedy: the `sim bench --all` greedy config). valgrind runs
no AVX-512, AVX10, AMX or VNNI, so the kernels are built for `NUMBA_CPU_NAME=haswell` with the
host's features less those (pinned, so that the process under valgrind loads the cache the first process compiled,
rather than compiling again for hours): a process compiles and plays a few games outside valgrind,
then the same under `valgrind --tool=callgrind --instr-atstart=no`, counting switched on around the
counted `play_chunk` alone (`callgrind_control`). Prints the events a game (`--branch-sim` adds the
mispredicted branches) and the folder of callgrind's output.
"""
from __future__ import annotations

import argparse
import glob
import os
import subprocess
import sys
import tempfile

from paired_cpu_time import BENCH_CONFIG  # scripts/ is on the path of a script run from it

CHILD = r'''
import os, subprocess, sys
''' + BENCH_CONFIG + r'''
games, counted = int(sys.argv[3]), sys.argv[4] == "1"
ruleset.play_chunk(config, 1, 0, 4, threads=1)
if counted:
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=True, capture_output=True)
ruleset.play_chunk(config, 1, 0, games, threads=1)
if counted:
    subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], check=True, capture_output=True)
print("DONE")
'''

# Features valgrind 3.19 cannot decode: AVX-512, AVX10 (whose "+avx10.1" turns AVX-512 back on by
# itself, as on this machine's Sapphire Rapids hosts), AMX and the VEX-encoded VNNI.
VALGRIND_CANNOT_RUN = ("avx512", "avx10", "amx", "avxvnni")


def host_features_valgrind_runs() -> str:
    """The host CPU's LLVM feature string without the features valgrind cannot run."""
    import llvmlite.binding as llvm

    llvm.initialize_native_target()
    return ",".join(f for f in llvm.get_host_cpu_features().flatten().split(",")
                    if not any(name in f for name in VALGRIND_CANNOT_RUN))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tree", required=True, help="the checkout to count")
    p.add_argument("--cache", required=True, help="its SIM_CACHE_DIR for the haswell build")
    p.add_argument("--game", required=True)
    p.add_argument("--agent", default="greedy")
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--branch-sim", action="store_true")
    a = p.parse_args()
    features = host_features_valgrind_runs()
    env = dict(os.environ, PYTHONPATH=a.tree, SIM_CACHE_DIR=a.cache, NUMBA_NUM_THREADS="1",
               NUMBA_CPU_NAME="haswell", NUMBA_CPU_FEATURES=features)
    subprocess.run([sys.executable, "-c", CHILD, a.game, a.agent, "4", "0"], cwd=a.tree, env=env, check=True)
    out = tempfile.mkdtemp(prefix="cg-")
    cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}/cg.%p"]
    if a.branch_sim:
        cmd.append("--branch-sim=yes")
    subprocess.run(cmd + [sys.executable, "-c", CHILD, a.game, a.agent, str(a.games), "1"], cwd=a.tree, env=env,
                   check=True, capture_output=True)
    totals = None
    for f in glob.glob(f"{out}/cg.*"):
        for line in open(f):
            if line.startswith("summary:") or line.startswith("totals:"):
                totals = [int(x) for x in line.split()[1:]]
    events = None
    for f in glob.glob(f"{out}/cg.*"):
        for line in open(f):
            if line.startswith("events:"):
                events = line.split()[1:]
    per = {e: t / a.games for e, t in zip(events, totals)}
    print(f"{a.tree} {a.game} {a.agent} {a.games} games: " + ", ".join(f"{e} {v:,.0f}/game" for e, v in per.items())
          + f"  (out {out})")


if __name__ == "__main__":
    main()
