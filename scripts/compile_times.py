"""Where a cold start's time goes: run a `sim` command with numba's compile events recorded, then
print the time per kernel function and per compiler pass (exclusive: a callee compiled while its
caller is typed counts for the callee, not twice).

    SIM_CACHE_DIR=$(mktemp -d) python scripts/compile_times.py -- run experiments/dicedraft_factions.toml \
        --games 1000 --results /tmp/ct --run ct

An empty SIM_CACHE_DIR gives the cold compile; the same folder again, the cached start (nothing
compiled). Prints the wall and CPU seconds of the process's imports, of the command, and the tables
(`--top N` rows each). Quote it from a quiet machine: the figures are the compiler's CPU time."""

from __future__ import annotations

import argparse
import collections
import sys
import time
from dataclasses import dataclass, field


@dataclass
class Frame:
    kind: str  # "compile" (a kernel function), "pass" (a numba compiler pass) or "llvm" (a phase of LLVM's)
    name: str
    started: float
    inner: float = 0.0  # seconds of the frames nested inside this one
    inner_compiles: float = 0.0  # seconds of the compiles nested inside this one, at any depth


@dataclass
class CompileTimes:
    """CPU seconds per compiled function (its passes and LLVM work, without the callees compiled
    meanwhile) and per compiler pass or LLVM phase (exclusive). CPU time of the process, not wall
    time: the compiler runs on one thread, and a shared machine's wall time is mostly waiting."""

    by_function: dict[str, float] = field(default_factory=lambda: collections.defaultdict(float))
    compiles: dict[str, int] = field(default_factory=lambda: collections.defaultdict(int))
    by_step: dict[str, float] = field(default_factory=lambda: collections.defaultdict(float))
    stack: list[Frame] = field(default_factory=list)
    outermost: float = 0.0  # seconds inside any compile at all

    def start(self, kind: str, name: str) -> None:
        self.stack.append(Frame(kind, name, time.process_time()))

    def end(self) -> None:
        frame = self.stack.pop()
        took = time.process_time() - frame.started
        if frame.kind == "compile":
            self.by_function[frame.name] += took - frame.inner_compiles
            self.compiles[frame.name] += 1
        else:
            self.by_step[f"{frame.kind}: {frame.name}"] += took - frame.inner
        if frame.kind == "compile":  # up to the compile this one happened inside, which must not count it
            for outer in reversed(self.stack):
                outer.inner_compiles += took
                if outer.kind == "compile":
                    break
        if self.stack:
            self.stack[-1].inner += took
        elif frame.kind == "compile":
            self.outermost += took


def install(times: CompileTimes) -> None:
    from numba.core import caching, codegen, event

    class Recorder(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            if ev.kind == "numba:compile":
                py_func = ev.data["dispatcher"].py_func
                times.start("compile", f"{py_func.__module__}.{py_func.__qualname__}")
            else:
                times.start("pass", ev.data["name"].split(" [", 1)[0])

        def on_end(self, ev: event.Event) -> None:
            times.end()

    recorder = Recorder()
    event.register("numba:compile", recorder)
    event.register("numba:run_pass", recorder)

    def timed(owner: type, method: str, name: str) -> None:
        plain = getattr(owner, method)

        def wrapper(*args, **kwargs):
            times.start("llvm", name)
            try:
                return plain(*args, **kwargs)
            finally:
                times.end()

        setattr(owner, method, wrapper)

    timed(codegen.CPUCodeLibrary, "_optimize_functions", "function passes")
    timed(codegen.CPUCodeLibrary, "_optimize_final_module", "module passes (the function and its callees)")
    timed(codegen.JITCodeLibrary, "_finalize_specific", "machine code")
    timed(caching.Cache, "save_overload", "write the cache")


def table(title: str, seconds: dict[str, float], top: int, counts: dict[str, int] | None = None) -> str:
    total = sum(seconds.values())
    lines = [f"{title}: {total:.1f} s"]
    for name, value in sorted(seconds.items(), key=lambda item: -item[1])[:top]:
        times = f" x{counts[name]}" if counts and counts[name] > 1 else ""
        lines.append(f"  {value:7.2f} s {value / max(total, 1e-9):6.1%}  {name}{times}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("command", nargs=argparse.REMAINDER, help="after --: the sim command and its arguments")
    args = parser.parse_args(argv)
    command = [word for word in args.command if word != "--"] or ["--help"]
    wall, cpu = time.perf_counter(), time.process_time()
    import numba  # noqa: F401 (the events module needs numba's config)

    import sim.cli
    imported_wall, imported_cpu = time.perf_counter() - wall, time.process_time() - cpu
    times = CompileTimes()
    install(times)
    try:
        sim.cli.main(command)
    except SystemExit:
        pass
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"\nimports {imported_wall:.2f} s wall ({imported_cpu:.2f} s CPU); whole command {wall:.1f} s wall "
          f"({cpu:.1f} s CPU); in numba compiles {times.outermost:.1f} s", file=sys.stderr)
    print(table("compile, by function (without its callees)", times.by_function, args.top, times.compiles), file=sys.stderr)
    print(table("compile, exclusive, by compiler pass or LLVM phase", times.by_step, args.top), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
