"""Time each dashboard page in a real headless Chromium until its plots have drawn their data.

    python scripts/bench_dashboard.py --results results --run fortaleza-1m --run dicedraft_budget_curve

Starts the app on a free loopback port over --results (reading every run's tables in the
background, as `sim dash` does), waits for that warm-up, then opens each page of each run twice and
prints the seconds from navigation to plots drawn. Needs Chromium and ChromeDriver
(scripts/install_browser.sh) and selenium (the test extra)."""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait
from werkzeug.serving import make_server

from dashboards.app import create_app
from sim.report.export import find_chromium

DRAWN = """return Array.from(document.querySelectorAll('.js-plotly-plot')).map(
    p => p.querySelectorAll('g.trace, g.hm, .heatmaplayer image').length).filter(n => n > 0).length;"""
PAGES = ("/factions", "/cards", "/budget", "/sweeps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=Path("results"))
    parser.add_argument("--run", action="append", required=True, help="run to open (repeatable)")
    parser.add_argument("--warm-seconds", type=float, default=20.0, help="wait for the background warm-up")
    args = parser.parse_args()
    server = make_server("127.0.0.1", 0, create_app(args.results, executor="serial").server, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    options = Options()
    options.binary_location = find_chromium()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                 "--disable-background-networking"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(url + "/")
        time.sleep(args.warm_seconds)
        for run in args.run:
            for page in PAGES:
                times = []
                for _ in range(2):
                    started = time.perf_counter()
                    driver.get(f"{url}{page}?run={run}")
                    try:
                        WebDriverWait(driver, 15).until(lambda d: d.execute_script(DRAWN) > 0)
                    except Exception:
                        times = []
                        break
                    time.sleep(0.5)  # let every plot of the page finish
                    times.append(time.perf_counter() - started - 0.5)
                shown = f"{max(times):.2f} s (worst of 2; median {statistics.median(times):.2f})" if times else "no plots"
                print(f"{run:28s} {page:10s} {shown}", flush=True)
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
