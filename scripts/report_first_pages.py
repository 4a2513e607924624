"""Photograph page 1 of the report (the findings a manager reads first) for a run of each game, in
Spanish and English, into docs/img/report-page1-<run>-<lang>.png, which docs/findings.md shows.

    python scripts/report_first_pages.py --results results --games 20000

Each listed spec is played with `sim run` (or its stored run reused: a rerun resumes), reported with
`sim report --format html` in both languages, and its `#summary` section photographed by a headless
Chromium at the report's reading width. Needs Chromium and ChromeDriver (scripts/install_browser.sh)
and selenium (the test extra)."""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from sim.cli import main as sim
from sim.report.export import find_chromium

ROOT = Path(__file__).resolve().parents[1]
# one plain run a game: its factions or decks against each other
SPECS = ("dicedraft_factions", "fortaleza_factions", "rolplay_decks", "epikha_factions")
WIDTH = 1100  # px: the report's text column and a margin


def browser() -> webdriver.Chrome:
    options = Options()
    options.binary_location = find_chromium()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={WIDTH},1600"):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=Path("results"))
    parser.add_argument("--games", type=int, default=20_000, help="games per config of each run")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for spec in SPECS:
                run = f"{spec}_page1"
                code = sim(["run", str(ROOT / "experiments" / f"{spec}.toml"), "--games", str(args.games),
                             "--run", run, "--results", str(args.results)])
                if code != 0:
                    raise SystemExit(f"sim run {spec}: exit {code}")
                for lang in ("es", "en"):
                    folder = Path(scratch) / f"{run}-{lang}"
                    if sim(["report", str(args.results / run), "--format", "html", "--lang", lang,
                             "--out", str(folder)]) != 0:
                        raise SystemExit(f"sim report {run} --lang {lang} failed")
                    driver.get((folder / f"{run}.html").as_uri())
                    picture = args.out / f"report-page1-{spec}-{lang}.png"
                    driver.find_element(By.ID, "summary").screenshot(str(picture))
                    print(picture)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
