"""Time `sim dash` and its pages in a real headless Chromium until every plot of the page has drawn its data.

    python scripts/bench_dashboard.py --results bench-results --run dicedraft_factions --run fortaleza_factions \
        --tree BEFORE --tree AFTER --repeat 5

What it times, for each `sim dash` (the one on PYTHONPATH, or each --tree checkout's in turn):
- start: from the `sim dash` command starting (a new Python process) to its first HTTP answer;
- each page's first visit: a fresh `sim dash` process each time (nothing of the run in memory; its
  tables kept on disk, as after any earlier visit or `sim run`), the page asked for as soon as the
  server has answered, timed from asking to drawn, by a new browser (an empty cache: every byte of
  JavaScript downloaded and compiled) and by a returning one (its cache filled by earlier visits to
  every page, as a designer's browser is the next morning);
- warm visits in one browser (cache filled, tables read): the page reloaded, and the page opened
  from inside the app by a click on its navigation link or its tab (the app already running, as a
  designer moves between pages).
It prints each figure's median and range over --repeat visits, then one table of medians, and last
whether each of issue 33's targets is met (`sim dash` answering within 3 s of start, every page's
first visit within 2 s, every warm visit within 1 s: targets for two quiet cores, so the load
average is printed beside them). `sim dash` runs with Python's bytecode cache on, as on a
designer's machine, even where PYTHONDONTWRITEBYTECODE is set.

Each tree reads its own copy of the named runs (so one tree's kept tables, keyed by its code, never
replace another's), and before anything is timed every page is opened once in each copy: the first
time a run's tables are computed (once, then kept) is printed apart, as "tables computed".
The trees take turns within every figure, so a busy machine slows them alike.

A page counts as drawn when every Plotly graph on it shows a trace, every table on it shows its rows
(or says it has none), there is at least one of them (or, on a page of another kind of run, its
sentence), Dash has no callback pending (the page title leaves "Updating..."), and all this still
holds 0.3 s later.

Needs Chromium and ChromeDriver (scripts/install_browser.sh) and selenium (the test extra)."""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

from dashboards.app import NAV
from sim.report.export import find_chromium

DRAWN = """const plots = Array.from(document.querySelectorAll('.js-plotly-plot'));
const drawn = plots.filter(p => p.querySelectorAll('g.trace, g.hm, .heatmaplayer image').length > 0).length;
const tables = Array.from(document.querySelectorAll('.sim-table-box'));
const filled = tables.filter(b => b.querySelector('.ag-row, .ag-overlay-no-rows-wrapper')).length;
const sentences = document.querySelectorAll('main p').length;
return [plots.length, drawn, document.title, tables.length, filled, sentences];"""
PAGES = tuple(path for path, _ in NAV)  # every page of the shell's navigation
START, START_CPU = "start", "start-cpu"  # `sim dash` start to first answer (wall, server CPU), one per server started
FIGURES = {"first-new": "first visit after start, new browser", "first-returning": "first visit after start, returning browser",
           "warm-reloaded": "warm, reloaded", "warm-opened": "warm, opened from the app"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_browser(profile: Path | None = None) -> webdriver.Chrome:
    """Headless Chromium; with `profile`, one that keeps its cache there between starts."""
    options = Options()
    options.binary_location = find_chromium()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                 "--disable-background-networking", "--no-first-run", "--disable-component-update"):
        options.add_argument(flag)
    if profile is not None:
        options.add_argument(f"--user-data-dir={profile}")
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


@functools.lru_cache(maxsize=None)
def dash_command(tree: Path | None) -> tuple[str, ...]:
    """`sim dash` of `tree` as the bench starts it; an older checkout has no --no-access-log."""
    command = (sys.executable, "-m", "sim.cli", "dash", "--executor", "serial")
    helped = subprocess.run([*command[:4], "--help"], capture_output=True, text=True, env=tree_env(tree),
                            cwd=tree).stdout
    return command + (("--no-access-log",) if "--no-access-log" in helped else ())


def cpu_seconds(process: subprocess.Popen) -> float:
    """CPU time (user and system, every thread) the process has used so far: on a machine shared
    with other work, the part of a wall time that is this server's own (Linux's /proc)."""
    fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_env(tree: Path | None) -> dict[str, str]:
    """The environment `sim dash` runs in: the tree first on the path, and Python's bytecode cache on
    as on a designer's machine (an environment with PYTHONDONTWRITEBYTECODE compiles every source of
    the project again at each start: a third of its start-up CPU on the machine of issue 33)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return dict(env, PYTHONPATH=str(tree)) if tree else env


def start_dash(results: Path, port: int, tree: Path | None) -> tuple[subprocess.Popen, float]:
    """`sim dash` of `tree` (a checkout; None: the one on PYTHONPATH) in its own process; returns it
    and the seconds from its start to its first HTTP answer (any status: the server answered)."""
    command = [*dash_command(tree), "--results", str(results.resolve()), "--port", str(port)]
    started = time.perf_counter()
    # in the tree's folder: `python -m` puts the current folder before PYTHONPATH, so started from
    # another checkout it would run that checkout's code
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=tree_env(tree),
                               cwd=tree)
    deadline = started + 120
    while time.perf_counter() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as answer:
                answer.read()
            return process, time.perf_counter() - started
        except urllib.error.HTTPError:
            return process, time.perf_counter() - started
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"sim dash exited with {process.returncode} before serving")
            time.sleep(0.01)
    process.kill()
    raise SystemExit("sim dash did not answer within 120 s")


def page_address(server: str, page: str, run: str) -> str:
    """`page` of `run`; a page given with its own query (/compare?run_b=other) keeps it."""
    return f"{server}{page}{'&' if '?' in page else '?'}run={run}"


def stop_dash(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


def drawn_at(driver: webdriver.Chrome, timeout: float = 60) -> float | None:
    """perf_counter when every plot had drawn and no callback was pending (and still so 0.3 s
    later); None when the page shows no plot within `timeout`."""
    deadline = time.perf_counter() + timeout
    candidate = None
    while time.perf_counter() < deadline:
        plots, drawn, title, tables, filled, sentences = driver.execute_script(DRAWN)
        shown = plots + tables > 0 or sentences > 0  # a page of another kind of run: its sentence
        done = shown and drawn == plots and filled == tables and title != "Updating..."
        now = time.perf_counter()
        if done and candidate is None:
            candidate = now
        elif not done:
            candidate = None
        if candidate is not None and now - candidate >= 0.3:
            return candidate
        time.sleep(0.02)
    return None


def timed_visit(driver: webdriver.Chrome, url: str) -> float | None:
    """Seconds from asking for `url` to the page drawn (None: not drawn)."""
    asked = time.perf_counter()
    driver.get(url)
    done = drawn_at(driver)
    return None if done is None else done - asked


class Tree:
    """One `sim dash` under test: its checkout (None: the one on PYTHONPATH), its own copy of the
    runs, its port (a browser's cache is per address, so a returning browser comes back to the
    same one) and the profile of its returning browser."""

    def __init__(self, checkout: Path | None, results: Path, runs: list[str], work: Path, index: int) -> None:
        self.checkout = checkout
        self.name = checkout.name if checkout else "this tree"
        self.results = work / f"results-{index}"
        for run in runs:  # the runs without their kept tables: this tree computes and keeps its own
            shutil.copytree(results / run, self.results / run, ignore=shutil.ignore_patterns("summaries", ".lock"))
        self.port = free_port()
        self.profile = work / f"profile-{index}"
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> tuple[subprocess.Popen, float]:
        return start_dash(self.results, self.port, self.checkout)

    def first_visit(self, run: str, page: str, returning: bool) -> tuple[float, float, float | None, float]:
        """A fresh `sim dash`: seconds from its start to its first answer (wall, and the server's
        CPU), and from asking for `page` (as soon as it answered) to the page drawn (wall, and the
        server's CPU meanwhile), by a new or (`returning`) a returning browser."""
        with tempfile.TemporaryDirectory(prefix="sim-bench-profile-") as empty:
            driver = start_browser(self.profile if returning else Path(empty))
            try:
                driver.get("about:blank")
                process, start = self.start()
                try:
                    started_cpu = cpu_seconds(process)
                    seconds = timed_visit(driver, page_address(self.url, page, run))
                    return start, started_cpu, seconds, cpu_seconds(process) - started_cpu
                finally:
                    stop_dash(process)
            finally:
                driver.quit()


def prime(tree: Tree, runs: list[str], pages: tuple[str, ...]) -> list[tuple[str, str, float | None]]:
    """Open every page of every run twice in the tree's returning browser: the first visit computes
    and keeps the run's tables (returned, timed, per page), the second leaves the browser's cache
    as a designer's is (Chromium keeps a script's compiled code from its second run on)."""
    process, _ = tree.start()
    driver = start_browser(tree.profile)
    computed = []
    try:
        for run in runs:
            for page in pages:
                computed.append((run, page, timed_visit(driver, page_address(tree.url, page, run))))
                timed_visit(driver, page_address(tree.url, page, run))
    finally:
        driver.quit()
        stop_dash(process)
    return computed


def warm_visits(driver: webdriver.Chrome, url: str, run: str, page: str, repeat: int) -> list[float]:
    if timed_visit(driver, page_address(url, page, run)) is None:  # fills the browser cache and the server's tables
        return []
    times = []
    for _ in range(repeat):
        driver.get("about:blank")
        seconds = timed_visit(driver, page_address(url, page, run))
        if seconds is None:
            return []
        times.append(seconds)
    return times


def click_target(page: str) -> str:
    """The element a person clicks to reach `page` from another page: its tab (`/factions?tab=x`:
    #factions-tab-x) or its link in the shell's navigation (#nav-factions)."""
    path, _, query = page.partition("?")
    tab = dict(pair.split("=", 1) for pair in query.split("&") if "=" in pair).get("tab")
    if tab:
        return f"#{path.strip('/')}-tab-{tab}"
    key = dict(NAV)[path]
    return f"#nav-{key[4:]}"


def navigation_visits(driver: webdriver.Chrome, url: str, run: str, page: str, repeat: int) -> list[float]:
    """Seconds from a click that opens `page` inside the running app (its navigation link, or its
    tab) to the page drawn, the app already open on another page: how a designer moves between pages.
    Each visit starts from the runs page (or, for a tab, the same page on its first tab), drawn."""
    path, _, query = page.partition("?")
    kept = "&".join(pair for pair in query.split("&") if pair and not pair.startswith("tab="))
    tabbed = "tab=" in query
    start = (f"{path}?{kept}" if kept else path) if tabbed else "/"
    times = []
    for _ in range(repeat):
        driver.get(page_address(url, start, run))
        if drawn_at(driver) is None:
            return []
        driver.execute_script("window.scrollTo(0, 0)")
        link = driver.find_element("css selector", click_target(page))
        if not link.is_displayed():  # a tab this run's page hides (a round robin's matchups, on another run)
            return []
        started = time.perf_counter()
        link.click()
        done = drawn_at(driver)
        if done is None:
            return []
        times.append(done - started)
    return times


def describe(times: list[float]) -> str:
    if not times:
        return "not drawn"
    return f"median {statistics.median(times):.2f} s [{min(times):.2f}, {max(times):.2f}] (n={len(times)})"


def median_text(times: list[float]) -> str:
    return f"{statistics.median(times):.2f}" if times else "not drawn"


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


# issue 33's targets, for two quiet cores: seconds from `sim dash` starting to its first answer, from
# asking for a page to its drawing on the first visit after a start, and on a warm visit
TARGETS = {"start": 3.0, "first": 2.0, "warm": 1.0}


def targets_met(figures: dict[tuple[str, str, str], dict[str, list[float]]], tree: str,
                runs: list[str], pages: tuple[str, ...]) -> list[str]:
    """One line per target: met or not by `tree`'s medians, with the slowest page (and run) that
    decided it; a page not drawn fails its target."""
    def medians(kinds: tuple[str, ...]) -> list[tuple[float, str]]:
        found = []
        for kind in kinds:
            for run in runs:
                for page in pages:
                    if kind == "warm-opened" and page == "/":
                        continue
                    times = figures.get((kind, run, page), {}).get(tree)
                    if times is not None:
                        found.append((statistics.median(times), f"{run} {page}, {FIGURES[kind]}"))
        return found

    lines = []
    start = figures.get((START, "", ""), {}).get(tree, [])
    if start:
        worst = statistics.median(start)
        lines.append(f"{'met' if worst <= TARGETS['start'] else 'NOT MET'}: `sim dash` answers within "
                     f"{TARGETS['start']:.0f} s of start (median {worst:.2f} s)")
    for target, kinds in (("first", ("first-new", "first-returning")), ("warm", ("warm-reloaded", "warm-opened"))):
        found = medians(kinds)
        if not found:
            continue
        worst, where = max(found)
        undrawn = [f"{run} {page}" for kind in kinds for run in runs for page in pages
                   if not (kind == "warm-opened" and page == "/") and (kind, run, page) in figures
                   and tree not in figures[(kind, run, page)]]
        met = worst <= TARGETS[target] and not undrawn
        lines.append(f"{'met' if met else 'NOT MET'}: every page's {'first visit' if target == 'first' else 'warm visit'} "
                     f"within {TARGETS[target]:.0f} s (slowest median {worst:.2f} s: {where}"
                     + (f"; not drawn: {', '.join(undrawn)}" if undrawn else "") + ")")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=Path("results"))
    parser.add_argument("--run", action="append", required=True, help="run to open (repeatable)")
    parser.add_argument("--page", action="append", help=f"page to time (repeatable; default {' '.join(PAGES)})")
    parser.add_argument("--repeat", type=int, default=5, help="visits per figure (default 5)")
    parser.add_argument("--tree", type=Path, action="append", help="time the `sim dash` of this checkout (repeatable: "
                        "the trees take turns, so a busy machine slows them alike; default: the one on PYTHONPATH)")
    parser.add_argument("--warm-seconds", type=float, default=20.0,
                        help="wait for the server's background warm-up before the warm visits")
    parser.add_argument("--no-first", action="store_true", help="skip the first visits after start")
    parser.add_argument("--first-browser", choices=("new", "returning", "both"), default="both",
                        help="which browsers make the first visits (default both)")
    args = parser.parse_args()
    pages = tuple(args.page or PAGES)
    figures: dict[tuple[str, str, str], dict[str, list[float]]] = {}

    def add(figure: str, run: str, page: str, tree: Tree, seconds: float | None) -> None:
        if seconds is not None:
            figures.setdefault((figure, run, page), {}).setdefault(tree.name, []).append(seconds)

    print(f"{time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, {load()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="sim-bench-") as work:
        trees = [Tree(checkout, args.results, args.run, Path(work), index)
                 for index, checkout in enumerate(args.tree or [None])]
        for tree in trees if not args.no_first else ():  # warm visits alone read the tables themselves
            for run, page, seconds in prime(tree, args.run, pages):
                print(f"tables computed, first visit ever {tree.name:20s} {run:24s} {page:10s} "
                      f"{'not drawn' if seconds is None else f'{seconds:.2f} s'}", flush=True)
        if not args.no_first:
            for run in args.run:
                for page in pages:
                    for figure, returning in (("first-new", False), ("first-returning", True)):
                        if args.first_browser not in ("both", figure.removeprefix("first-")):
                            continue
                        for _ in range(args.repeat):
                            for tree in trees:
                                start, start_cpu, seconds, cpu = tree.first_visit(run, page, returning)
                                add(START, "", "", tree, start)
                                add(START_CPU, "", "", tree, start_cpu)
                                add(figure, run, page, tree, seconds)
                                add(f"{figure}-cpu", run, page, tree, cpu)
                        for tree in trees:
                            print(f"{FIGURES[figure]:42s} {tree.name:20s} {run:24s} {page:10s} "
                                  f"{describe(figures.get((figure, run, page), {}).get(tree.name, []))}; server CPU "
                                  f"{describe(figures.get((f'{figure}-cpu', run, page), {}).get(tree.name, []))}",
                                  flush=True)
                print(load(), flush=True)
        servers = []
        for tree in trees:
            process, start = tree.start()
            servers.append(process)
            add(START, "", "", tree, start)
            add(START_CPU, "", "", tree, cpu_seconds(process))
        drivers = [start_browser() for _ in trees]
        try:
            time.sleep(args.warm_seconds)
            for run in args.run:
                for page in pages:
                    for tree, driver in zip(trees, drivers):
                        for seconds in warm_visits(driver, tree.url, run, page, args.repeat):
                            add("warm-reloaded", run, page, tree, seconds)
                        if page != "/":
                            for seconds in navigation_visits(driver, tree.url, run, page, args.repeat):
                                add("warm-opened", run, page, tree, seconds)
                    for tree in trees:
                        for figure in ("warm-reloaded", "warm-opened"):
                            if figure == "warm-opened" and page == "/":
                                continue
                            print(f"{FIGURES[figure]:42s} {tree.name:20s} {run:24s} {page:10s} "
                                  f"{describe(figures.get((figure, run, page), {}).get(tree.name, []))}", flush=True)
        finally:
            for driver in drivers:
                driver.quit()
            for process in servers:
                stop_dash(process)
    print(f"\n{load()}\n`sim dash` start to first answer: " + "; ".join(
        f"{tree.name} {describe(figures.get((START, '', ''), {}).get(tree.name, []))}" for tree in trees))
    print("its CPU time: " + "; ".join(
        f"{tree.name} {describe(figures.get((START_CPU, '', ''), {}).get(tree.name, []))}" for tree in trees))
    print("\nmedians in seconds (" + ", ".join(tree.name for tree in trees) + " in turn); server CPU: the `sim dash` "
          "process's CPU seconds during a first visit\n")
    columns = [*FIGURES, "first-new-cpu", "first-returning-cpu"]
    names = {**FIGURES, "first-new-cpu": "server CPU, new browser", "first-returning-cpu": "server CPU, returning browser"}
    print("| run | page | " + " | ".join(names[figure] for figure in columns) + " |")
    print("| --- | --- |" + " --- |" * len(columns))
    for run in args.run:
        for page in pages:
            cells = ["" if figure == "warm-opened" and page == "/" else
                     " / ".join(median_text(figures.get((figure, run, page), {}).get(tree.name, [])) for tree in trees)
                     for figure in columns]
            print(f"| {run} | {page} | " + " | ".join(cells) + " |")
    cores = os.cpu_count() or 1
    print(f"\nissue 33's targets (for two quiet cores; {load()} on {cores} cores"
          + (", so a wall time here is the machine's as much as the code's" if os.getloadavg()[0] > cores else "") + "):")
    for tree in trees:
        for line in targets_met(figures, tree.name, args.run, pages):
            print(f"  {tree.name}: {line}")


if __name__ == "__main__":
    main()
