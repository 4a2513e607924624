"""Time "Try a change" from the click on Play to the paired answer table drawn, in `sim dash` and a
real headless Chromium (docs/trying.md#measured).

    python -m sim run experiments/dicedraft_factions.toml          # the runs, once
    python -m sim run experiments/fortaleza_factions.toml
    python scripts/bench_try.py --results results --repeat 3

For each case it starts nothing new: one `sim dash` (the production server, as the command starts
it) serves every trial, as a designer's dashboard does. Per case, one trial first loads the game's
kernels from the numba cache (the first trial of a dashboard process; printed apart), then each of
--repeat trials: the trial's folders removed (a trial asked again would resume, playing nothing),
the Try page opened on the run with the card picked at its own value, the new value typed in its
box, the page's expected time read, Play clicked, and the clock stopped when the answer's win-rate
table is drawn. Printed per case: the medians of the repeats, from the click to the table drawn,
and where that time went, from the trial's answer.json (sim.balance.trial.TIMINGS): the check and
the trial's folder written, the run's games replayed past its own (none when the run holds
enough), the kernels loaded, the play, the stopping checks reading the run's games, the answer's
analysis, and the rest, from the answer written to the table drawn (the page asks for progress
four times a second, then draws). The machine's load average is printed before and after: the two cores are
shared, so a loaded machine gives upper bounds.

The trials it plays are removed afterwards; the runs are not touched.
Needs Chromium and ChromeDriver (scripts/install_browser.sh) and selenium (the test extra)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from bench_dashboard import free_port, load, start_browser, start_dash, stop_dash
from sim.balance.trial import TIMINGS, TRIAL_SUFFIX
from sim.results.manifest import read_manifest


@dataclass(frozen=True)
class Case:
    """One timed trial: the run, the card field edited and its new value, and the precision as the
    page asks it (by "half_width" in points, or by "games" per config)."""

    label: str
    run: str
    card: str
    field: str
    value: str
    by: str
    amount: str


CASES = {
    "dicedraft-1pt": Case("dicedraft, CI-04 cost 5 → 6, ±1 pt", "dicedraft_factions", "CI-04", "cost", "6",
                          "half_width", "1"),
    "dicedraft-200k": Case("dicedraft, CI-04 cost 5 → 6, 200,000 games", "dicedraft_factions", "CI-04", "cost", "6",
                           "games", "200000"),
    "fortaleza-rr": Case("fortaleza round robin, JP-018 atq 8 → 7, ±1.5 pts per cell", "fortaleza_factions",
                         "JP-018", "atq", "7", "half_width", "1.5"),
}
WARM_VALUE = {"cost": "7", "atq": "6"}  # the kernels' first load: another edit of the same field


def field_box(driver, key: str):
    return driver.find_element(By.CSS_SELECTOR, f"input[id*='{key}']")


def text_of(driver, element_id: str) -> str:
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.innerText : '';",
                                 element_id)


def trial_folders(results: Path, run: str, case: Case) -> list[Path]:
    """Every trial of the run's card field this bench plays (its run and its .trial folder)."""
    prefix = f"{run}.try.{case.card}.{case.field}-"
    return [p for p in results.iterdir() if p.name.startswith(prefix)]


def remove_trials(results: Path, case: Case) -> None:
    for folder in trial_folders(results, case.run, case):
        shutil.rmtree(folder)


def current_value(results: Path, case: Case) -> str:
    """The card field's value in the run's cards, as the page's box shows it."""
    from sim.balance.trial import base_run

    space = base_run(results, case.run).space()
    return str(space.cards[case.card].values[case.field])


def play_once(driver, url: str, results: Path, case: Case, value: str, lang: str) -> dict:
    """Open the page, type the edit, click Play, wait for the answer's table: the seconds and the
    trial's answer.json, with the page's expected time."""
    remove_trials(results, case)
    own = current_value(results, case)
    key = f"{case.card}.{case.field}"
    driver.get(f"{url}/try?run={case.run}&lang={lang}&edits={key}={own}&by={case.by}&amount={case.amount}")
    WebDriverWait(driver, 120).until(lambda d: d.find_elements(By.CSS_SELECTOR, f"input[id*='{key}']"))
    box = field_box(driver, key)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    box.send_keys(value)
    WebDriverWait(driver, 300).until(lambda d: f"{key}={value}" in d.find_element(By.ID, "try-edits").get_attribute("value")
                                    and not d.find_element(By.ID, "try-play").get_attribute("disabled"))
    expected = text_of(driver, "try-expected")
    clicked = time.perf_counter()
    driver.find_element(By.ID, "try-play").click()
    WebDriverWait(driver, 600, poll_frequency=0.02).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#try-table-win_rates tbody tr"))
    seconds = time.perf_counter() - clicked
    answers = [p / "answer.json" for p in trial_folders(results, case.run, case) if p.name.endswith(TRIAL_SUFFIX)]
    answer = json.loads(answers[0].read_text(encoding="utf-8"))
    remove_trials(results, case)
    return {"seconds": seconds, "answer": answer, "expected": expected}


def median(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}" if values else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=Path("results"))
    parser.add_argument("--case", action="append", choices=sorted(CASES), help="cases to time (default all)")
    parser.add_argument("--repeat", type=int, default=3, help="timed trials per case (default 3)")
    parser.add_argument("--lang", choices=("es", "en"), default="en")
    parser.add_argument("--tree", type=Path, action="append", help="time the `sim dash` of this checkout (repeatable: "
                        "the trees take turns trial by trial, so a busy machine slows them alike; default: the one on "
                        "PYTHONPATH). An older tree's answer.json has no timings: only its click → table is compared")
    args = parser.parse_args()
    results = args.results.resolve()
    cases = [CASES[name] for name in (args.case or CASES)]
    for case in cases:
        if not (results / case.run / "manifest.json").is_file():
            raise SystemExit(f"{results / case.run}: no such run; play it first: "
                             f"python -m sim run experiments/{case.run}.toml --results {args.results}")
    print(f"{time.strftime('%Y-%m-%d %H:%M')} UTC, {os.cpu_count()} cores, {load()}", flush=True)
    for case in cases:
        manifest = read_manifest(results / case.run)
        print(f"run {case.run}: {int(manifest['games']):,} games × {len(manifest['configs'])} configs, "
              f"played at {int(manifest['games']) * len(manifest['configs']) / float(manifest['wall_seconds']):,.0f} "
              "games/s", flush=True)
    trees = args.tree or [None]
    servers, urls = [], []
    for tree in trees:
        port = free_port()
        server, started = start_dash(results, port, tree)
        servers.append(server)
        urls.append(f"http://127.0.0.1:{port}")
        print(f"sim dash of {tree or 'PYTHONPATH'} answered {started:.1f} s after its start", flush=True)
    driver = start_browser()
    rows = []
    try:
        for case in cases:
            for tree, url in zip(trees, urls):
                first = play_once(driver, url, results, case, WARM_VALUE.get(case.field, case.value), args.lang)
                print(f"{case.label} [{tree or 'PYTHONPATH'}]: first trial of the process (kernels loaded): "
                      f"{first['seconds']:.2f} s, timings {first['answer'].get('timings')}", flush=True)
            runs: dict[int, list[dict]] = {k: [] for k in range(len(trees))}
            for _ in range(args.repeat):
                for k, (tree, url) in enumerate(zip(trees, urls)):
                    runs[k].append(play_once(driver, url, results, case, case.value, args.lang))
                    last = runs[k][-1]
                    print(f"  [{tree or 'PYTHONPATH'}] {last['seconds']:.2f} s to the table; answer written at "
                          f"{last['answer']['seconds']:.2f} s; {last['answer']['games_played']:,} games; "
                          f"{last['answer'].get('timings')}; {load()}\n    the page said before: {last['expected']}",
                          flush=True)
            for k, tree in enumerate(trees):
                rows.append((case, tree, runs[k]))
    finally:
        driver.quit()
        for server in servers:
            stop_dash(server)
    print(f"\n{load()}\nmedians of {args.repeat} trials, seconds; compiled (the kernels loaded by a trial before)\n")
    parts = [p for p in TIMINGS]
    print("| trial | tree | games played | click → table | click → answer written | " + " | ".join(parts) + " | page draw |")
    print("| --- | --- | --- | --- | --- |" + " --- |" * (len(parts) + 1))
    for case, tree, runs in rows:
        timings = {p: [r["answer"].get("timings", {}).get(p, 0.0) for r in runs] for p in parts}
        written = [r["answer"]["seconds"] for r in runs]
        drawn = [r["seconds"] - r["answer"]["seconds"] for r in runs]
        games = statistics.median(r["answer"]["games_played"] for r in runs)
        print(f"| {case.label} | {tree.name if tree else 'this tree'} | {games:,.0f} | {median([r['seconds'] for r in runs])} | {median(written)} | "
              + " | ".join(median(timings[p]) for p in parts) + f" | {median(drawn)} |")


if __name__ == "__main__":
    main()
