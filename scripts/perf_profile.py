"""Where a game's compiled kernels spend their time: `perf record` over one thread playing a chunk,
with a perf map that names numba's compiled functions.

    python scripts/perf_profile.py fortaleza                 # greedy, the showcase spec's first config
    python scripts/perf_profile.py rolplay --agent hard --games 200

perf sees numba's code only as anonymous JIT memory. Before the timed chunk, this script keeps the
object code numba loads (from its cache) or emits (a compile), reads each object's function
symbols with `objdump -t`, finds where the engine placed them (a global symbol of each section
gives the section's load address) and writes /tmp/perf-PID.map, which `perf report` reads. A
function LLVM inlined into its caller counts as its caller's time: the figures are per compiled
function, self time (docs/engine.md, "Profiles"). Needs `perf` and `objdump` (binutils); run it
with the tree first on PYTHONPATH and its own SIM_CACHE_DIR, as every command.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numba
from numba.core import codegen

objects: list[bytes] = []  # every object file numba hands the engine, in order
_loaded = codegen.CPUCodeLibrary._object_getbuffer_hook.__func__
_emitted = codegen.CPUCodeLibrary._object_compiled_hook.__func__


def _keep_loaded(cls, ll_module):  # noqa: ANN001 -- numba's hook
    buffer = _loaded(cls, ll_module)
    if buffer:
        objects.append(bytes(buffer))
    return buffer


def _keep_emitted(cls, ll_module, buffer):  # noqa: ANN001 -- numba's hook
    objects.append(bytes(buffer))
    return _emitted(cls, ll_module, buffer)


codegen.CPUCodeLibrary._object_getbuffer_hook = classmethod(_keep_loaded)
codegen.CPUCodeLibrary._object_compiled_hook = classmethod(_keep_emitted)

from sim.bench import default_label, first_config, game_spec  # noqa: E402 -- after the hooks
from sim.core.match import MatchConfig, SideConfig  # noqa: E402
from sim.core.mcts import default_search  # noqa: E402
from sim.run.spec import load_spec  # noqa: E402


def function_symbols(obj: bytes) -> list[tuple[str, int, int, str, bool]]:
    """(name, offset in its section, size, section, global) of each function in an object file."""
    with tempfile.NamedTemporaryFile(suffix=".o") as f:
        f.write(obj)
        f.flush()
        table = subprocess.run(["objdump", "-t", f.name], capture_output=True, text=True, check=True).stdout
    symbols = []
    for line in table.splitlines():
        parts = line.split()
        if len(parts) < 5 or " F " not in line:
            continue
        symbols.append((parts[-1], int(parts[0], 16), int(parts[-2], 16), parts[-3], line[17] == "g"))
    return symbols


def write_perf_map() -> int:
    """/tmp/perf-PID.map for every function of every object numba has handed the engine; returns
    how many functions it names."""
    engine = numba.core.registry.cpu_target.target_context.codegen()._engine._ee
    lines = []
    for obj in objects:
        symbols = function_symbols(obj)
        section_start = {}
        for name, offset, _, section, is_global in symbols:
            if is_global and section not in section_start:
                address = engine.get_function_address(name)
                if address:
                    section_start[section] = address - offset
        lines += [f"{section_start[section] + offset:x} {size:x} {name}"
                  for name, offset, size, section, _ in symbols if section in section_start and size]
    Path(f"/tmp/perf-{os.getpid()}.map").write_text("\n".join(lines) + "\n")
    return len(lines)


def readable(symbol: str) -> str:
    """`fortaleza.agents.choose_action` from numba's mangled name (its module path and function)."""
    if not symbol.startswith("_ZN"):
        return symbol
    names, rest = [], symbol[3:]
    while rest[:1].isdigit():
        length = re.match(r"\d+", rest).group()
        names.append(rest[len(length):len(length) + int(length)])
        rest = rest[len(length) + int(length):]
    return ".".join(names[2:] if names[:2] == ["sim", "rulesets"] else names)


def self_time(data: Path) -> Counter[str]:
    """Percent of the samples in each function (self time), from `perf report`."""
    report = subprocess.run(["perf", "report", "-i", str(data), "--no-children", "--sort", "dso,symbol", "--stdio",
                             "-g", "none", "--percent-limit", "0.2"], capture_output=True, text=True, check=True).stdout
    shares: Counter[str] = Counter()
    for line in report.splitlines():
        match = re.match(r"\s+([\d.]+)%\s+(.+?)\s+\[.\]\s+(\S+)", line)
        if match:
            dso = "" if match.group(2).startswith("[JIT]") else match.group(2) + ":"
            shares[dso + readable(match.group(3))] += float(match.group(1))
    return shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["dicedraft", "fortaleza", "rolplay", "epikha"])
    parser.add_argument("--agent", choices=["greedy", "hard"], default="greedy",
                        help="greedy: the showcase spec's first config (as sim bench --all); hard: hard against "
                             "greedy in the first faction's mirror")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--output", type=Path, default=None, help="perf data file (default: a temporary one)")
    args = parser.parse_args()
    numba.set_num_threads(1)
    ruleset, config = first_config(load_spec(game_spec(args.game)))
    if args.agent == "hard":
        faction = ruleset.list_factions(ruleset.cards_dir)[0]
        settings = default_search("hard")
        sides = tuple(SideConfig(faction, default_label(faction, i), level, {}, ruleset.side_options(),
                                 settings if level == "hard" else None)
                      for i, level in enumerate(("hard", "greedy")))
        config = ruleset.compile(MatchConfig("perf profile", sides))
    ruleset.play_chunk(config, 1, 0, 8, threads=1)  # load or compile the kernels first
    print(f"perf map: {write_perf_map()} compiled functions", file=sys.stderr)
    data = args.output or Path(tempfile.mkdtemp(prefix="sim-perf-")) / "perf.data"
    recorder = subprocess.Popen(["perf", "record", "-F", "2000", "-p", str(os.getpid()), "-o", str(data)],
                                stderr=subprocess.DEVNULL)
    time.sleep(1.0)  # perf attaches
    started = time.process_time()
    ruleset.play_chunk(config, 5, 0, args.games, threads=1)
    cpu = time.process_time() - started
    recorder.send_signal(2)
    recorder.wait()
    print(f"{args.game}, {args.agent}: {args.games:,} games in {cpu:.2f} CPU-s; self time by compiled function:")
    for name, share in self_time(data).most_common(30):
        print(f"{share:6.1f}%  {name}")


if __name__ == "__main__":
    main()
