"""Time dashboard pages in a real headless Chromium until every plot of the page has drawn its data.

    python scripts/bench_dashboard.py --results results --run fortaleza-1m --run dicedraft_budget_curve

For each run, each page: the first visit after `sim dash` starts, timed from the moment the server
accepts connections (a fresh `sim dash` process each time, so the run's tables are read cold), by a
new browser (an empty cache: every byte of JavaScript downloaded and compiled) and by a returning
one (its cache filled by a visit to an earlier `sim dash` on the same port, as a designer's browser
is the next morning); then warm visits in one browser (cache filled, tables read): the page
reloaded, and the page opened from inside the app by a click on its navigation link or its tab (the
app already running, as a designer moves between pages). Prints the median and the range of
--repeat visits of each.
A page counts as drawn when every Plotly graph on it shows a trace, every table on it shows its rows
(or says it has none), there is at least one of them (or, on a page of another kind of run, its
sentence), Dash has no callback pending (the page title leaves "Updating..."), and all this still
holds 0.3 s later.

Needs Chromium and ChromeDriver (scripts/install_browser.sh) and selenium (the test extra). The
`sim dash` it starts is the one on PYTHONPATH, or each --tree checkout's in turn (before and after a change)."""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
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


def start_dash(results: Path, port: int, tree: Path | None) -> tuple[subprocess.Popen, float]:
    """`sim dash` of `tree` (a checkout; None: the one on PYTHONPATH) in its own process; returns it
    and the time its port first accepted a connection."""
    env = dict(os.environ, PYTHONPATH=str(tree)) if tree else os.environ.copy()
    command = [sys.executable, "-m", "sim.cli", "dash", "--results", str(results.resolve()), "--port", str(port),
               "--executor", "serial"]
    if "--no-access-log" in subprocess.run(command[:4] + ["--help"], capture_output=True, text=True, env=env).stdout:
        command.append("--no-access-log")  # an older checkout has none
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process, time.perf_counter()
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"sim dash exited with {process.returncode} before serving")
            time.sleep(0.01)
    process.kill()
    raise SystemExit("sim dash did not start serving within 120 s")


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


def first_visit(results: Path, run: str, page: str, returning: bool, tree: Path | None) -> float | None:
    """Seconds from a new `sim dash` accepting connections to `page` drawn: by a new browser, or
    (`returning`) by one whose cache an earlier `sim dash` on the same port filled."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="sim-bench-profile-") as profile:
        if returning:
            process, _ = start_dash(results, port, tree)
            driver = start_browser(Path(profile))
            try:
                for _ in range(2):  # Chromium keeps a script's compiled code from its second run on
                    driver.get(page_address(f"http://127.0.0.1:{port}", page, run))
                    drawn_at(driver)
                    driver.get("about:blank")
            finally:
                driver.quit()
                stop_dash(process)
        driver = start_browser(Path(profile))
        driver.get("about:blank")
        process, up = start_dash(results, port, tree)
        try:
            driver.get(page_address(f"http://127.0.0.1:{port}", page, run))
            done = drawn_at(driver)
        finally:
            driver.quit()
            stop_dash(process)
    return None if done is None else done - up


def warm_visits(driver: webdriver.Chrome, url: str, run: str, page: str, repeat: int) -> list[float]:
    driver.get(page_address(url, page, run))  # fills the browser cache and the server's tables
    if drawn_at(driver) is None:
        return []
    times = []
    for _ in range(repeat):
        driver.get("about:blank")
        started = time.perf_counter()
        driver.get(page_address(url, page, run))
        done = drawn_at(driver)
        if done is None:
            return []
        times.append(done - started)
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
    args = parser.parse_args()
    pages = tuple(args.page or PAGES)
    trees: list[Path | None] = list(args.tree or [None])
    name = {tree: (str(tree) if tree else "this tree") for tree in trees}
    if not args.no_first:
        for run in args.run:
            for page in pages:
                for returning, who in ((False, "new browser"), (True, "returning browser")):
                    times: dict[Path | None, list[float]] = {tree: [] for tree in trees}
                    for _ in range(args.repeat):
                        for tree in trees:
                            seconds = first_visit(args.results, run, page, returning, tree)
                            if seconds is not None:
                                times[tree].append(seconds)
                    for tree in trees:
                        print(f"first page after start, {who:17s} {name[tree]:20s} {run:24s} {page:10s} "
                              f"{describe(times[tree])}", flush=True)
    for tree in trees:
        port = free_port()
        process, _ = start_dash(args.results, port, tree)
        driver = start_browser()
        try:
            time.sleep(args.warm_seconds)
            for run in args.run:
                for page in pages:
                    times_warm = warm_visits(driver, f"http://127.0.0.1:{port}", run, page, args.repeat)
                    print(f"warm page, reloaded{'':23s} {name[tree]:20s} {run:24s} {page:10s} {describe(times_warm)}",
                          flush=True)
                    if page != "/":
                        times_nav = navigation_visits(driver, f"http://127.0.0.1:{port}", run, page, args.repeat)
                        print(f"warm page, opened from the app{'':12s} {name[tree]:20s} {run:24s} {page:10s} "
                              f"{describe(times_nav)}", flush=True)
        finally:
            driver.quit()
            stop_dash(process)


if __name__ == "__main__":
    main()
