"""A launch you can trust, in headless Chromium against the app on waitress (the fixtures of
test_dashboard_browser.py): a launch `sim run` would refuse says why in the page before anything
starts, a process that fails at once shows its stderr, a running run shows its progress and can be
cancelled, a cancelled run resumes to the games of an uninterrupted one, a dead process reads
"interrupted" (never "running"), a launch over `--max-games` is refused with the figure and the cap,
and every page of an unfinished run carries a banner saying so; in Spanish and in English."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import time
from pathlib import Path

import polars as pl
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_dashboard_browser import (ARTIFACTS, browser, card_line, grid_cell, serve, text_of,  # noqa: F401 (fixture)
                                    thousands)

from dashboards.app import create_app
from dashboards.launches import DEFAULT_MAX_GAMES, OverCap, Rates, check_cap, duration_words
from sim.cli import build_parser, main
from sim.results.liveness import LOCK, read_writer
from sim.run.spec import load_spec
from sim.results.folder import damaged_chunks
from sim.report.language import game_name

CAP = 100_000  # this site's --max-games
SIDES = '[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
# 300 chunks of 40 games: 10 to 20 s of `sim run` on two cores, time enough to cancel or kill it half-way
SLOW = 'ruleset = "dicedraft"\ngames = 12000\nchunk_size = 40\n' + SIDES


def spec_text(name: str, body: str, seed: int = 4) -> str:
    return f'name = "{name}"\nseed = {seed}\n{body}'


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results folder with one finished run, "hecha"."""
    folder = tmp_path_factory.mktemp("launch")
    spec = folder / "hecha.toml"
    spec.write_text(spec_text("hecha", 'ruleset = "dicedraft"\ngames = 200\n' + SIDES), encoding="utf-8")
    assert main(["run", str(spec), "--results", str(folder / "results"), "--executor", "serial"]) == 0
    return folder


@pytest.fixture(scope="module")
def app(place: Path):
    made = create_app(place / "results", executor="serial", warm=False)
    made.server.config["SIM_MAX_GAMES"] = CAP  # as `sim dash --max-games 100000` sets it
    return made


@pytest.fixture(scope="module")
def site(app):
    server, url = serve(app)
    yield url
    server.shutdown()


def upload(driver, site: str, spec: Path, lang: str = "es") -> None:
    """Open the runs page in `lang` and drop `spec` on it."""
    heading = {"es": "Lanzar un experimento", "en": "Launch an experiment"}[lang]
    driver.get(f"{site}/")
    WebDriverWait(driver, 30).until(lambda d: text_of(d, "launch-heading") in ("Lanzar un experimento",
                                                                               "Launch an experiment"))
    if text_of(driver, "launch-heading") != heading:
        driver.find_element(By.CSS_SELECTOR, f"#lang-choice input[value='{lang}']").click()
        WebDriverWait(driver, 30).until(lambda d: text_of(d, "launch-heading") == heading)
    box = WebDriverWait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#launch-upload input[type=file]"))
    box.send_keys(str(spec))


def written(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def manifest(results: Path, run: str) -> dict:
    try:
        return json.loads((results / run / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


REFUSED = [
    ("otra", spec_text("hecha", 'ruleset = "dicedraft"\ngames = 200\n' + SIDES, seed=5),
     ["hecha: holds a different experiment", "seed: 4 -> 5"]),
    ("carta", spec_text("carta", 'ruleset = "dicedraft"\ngames = 200\n' + SIDES
                        + '[sweep]\n[[sweep.axis]]\ncard = "AR-99"\nfield = "atq"\nvalues = [3, 4]\n'),
     ["sweep axis AR-99.atq: no card 'AR-99' in either side's cards"]),
    ("puntos", spec_text("..", 'ruleset = "dicedraft"\ngames = 200\n' + SIDES),
     ["name: '..' is not a usable run name"]),
    # a card folder outside the project, the uploads and the results: refused before it is read or listed
    ("etc", spec_text("etc", 'ruleset = "dicedraft"\ngames = 200\ncards_dir = "/etc"\n' + SIDES),
     ["etc.toml: cards_dir: un experimento lanzado desde el panel lee sus cartas de las carpetas del proyecto"]),
]


@pytest.mark.parametrize("filename, text, said", REFUSED, ids=[case[0] for case in REFUSED])
def test_a_launch_sim_run_would_refuse_shows_why_before_anything_starts(browser, site: str, place: Path,
                                                                        tmp_path: Path, filename: str, text: str,
                                                                        said: list[str]) -> None:
    results = place / "results"
    before = sorted(p.name for p in results.iterdir())
    hecha = (results / "hecha" / "manifest.json").read_bytes()
    upload(browser, site, written(tmp_path, filename, text))
    WebDriverWait(browser, 30).until(lambda d: "No se ha lanzado" in text_of(d, "launch-message"))
    message = text_of(browser, "launch-message")
    assert all(part in message for part in said), message
    assert browser.find_elements(By.CSS_SELECTOR, "#launch-message .launch-error")
    time.sleep(2)  # a refresh of the page's follow-up must not replace the refusal
    assert text_of(browser, "launch-message") == message
    after = sorted(p.name for p in results.iterdir() if p.name != "_uploads")
    assert after == [p for p in before if p != "_uploads"]  # no run folder, no launch log
    assert (results / "hecha" / "manifest.json").read_bytes() == hecha
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"launch-refused-{filename}.png"))


@pytest.mark.parametrize("lang, said", [
    ("es", "enorme: 1 configuraciones × 10,000,000,000 partidas = 10,000,000,000 partidas, más que las 100,000 que "
           "puede jugar un lanzamiento desde este panel (sim dash --max-games 100000)"),
    ("en", "enorme: 1 configs × 10,000,000,000 games = 10,000,000,000 games, more than the 100,000 a launch from "
           "this dashboard may play (sim dash --max-games 100000)"),
])
def test_a_launch_over_the_cap_is_refused_with_the_figure_and_the_cap(browser, site: str, place: Path,
                                                                      tmp_path: Path, lang: str, said: str) -> None:
    upload(browser, site, written(tmp_path, "enorme", spec_text("enorme", 'ruleset = "dicedraft"\n'
                                                                'games = 10000000000\n' + SIDES)), lang)
    WebDriverWait(browser, 30).until(lambda d: said in text_of(d, "launch-message"))
    assert ("No se ha lanzado" if lang == "es" else "Not launched") in text_of(browser, "launch-message")
    assert not (place / "results" / "enorme").exists()


def test_sim_dash_takes_a_cap_on_games() -> None:
    assert build_parser().parse_args(["dash"]).max_games == DEFAULT_MAX_GAMES == 20_000_000
    assert build_parser().parse_args(["dash", "--max-games", "5_000"]).max_games == 5000
    assert main(["dash", "--max-games", "0"]) == 2


def test_the_cap_counts_every_config_of_a_sweep(tmp_path: Path) -> None:
    """A sweep of two budgets plays its baseline and both points: 3 configs × 100 games = 300."""
    sweep = load_spec(written(tmp_path, "barrido", spec_text("barrido", 'ruleset = "dicedraft"\ngames = 100\n' + SIDES
                                                             + '[sweep]\n[[sweep.axis]]\nside = 1\nfield = "budget"\n'
                                                             'values = [110, 120]\n')))
    check_cap(sweep, 300)
    with pytest.raises(OverCap) as refused:
        check_cap(sweep, 299)
    assert refused.value.total == 300
    assert str(refused.value) == ("barrido: 3 configs × 100 games = 300 games, more than the 299 a launch from the "
                                  "dashboard may play (sim dash --max-games)")
    assert refused.value.said("es").startswith("barrido: 3 configuraciones × 100 partidas = 300 partidas, más que las 299")


def test_the_rate_and_the_time_left() -> None:
    rates = Rates()
    assert rates.games_per_second("r", "s1", 100, now=10.0) is None  # first sighting
    assert rates.games_per_second("r", "s1", 400, now=10.5) is None  # under a second: no figure yet
    assert rates.games_per_second("r", "s1", 1100, now=12.0) == 500.0  # (1100 - 100) / (12 - 10)
    assert rates.games_per_second("r", "s2", 1200, now=13.0) is None  # a new session starts again
    assert rates.games_per_second("r", "s2", 1200, now=20.0) is None  # nothing played since
    # the 7 s without play (the kernels compiling) are not counted: 500 games in the second since
    assert rates.games_per_second("r", "s2", 1700, now=21.0) == 500.0
    assert [duration_words(s, "en") for s in (0.2, 30, 89, 600, 3 * 3600 + 300)] == [
        "1 s", "30 s", "89 s", "10 min", "3 h 5 min"]


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_process_that_fails_at_once_shows_its_message(browser, site: str, app, place: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Everything the page can check passes; `sim run` then fails as it starts (no Ray cluster
    answers at the address it is given): its stderr is shown, never "launched" and then silence."""
    port = closed_port()
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{port}")
    monkeypatch.setitem(app.server.config, "SIM_EXECUTOR", "ray")
    upload(browser, site, written(tmp_path, "sinray", spec_text("sinray", 'ruleset = "dicedraft"\ngames = 200\n' + SIDES)))
    WebDriverWait(browser, 30).until(lambda d: "Arrancando sinray" in text_of(d, "launch-message")
                                     or "sinray no se ha completado" in text_of(d, "launch-message"))
    WebDriverWait(browser, 90).until(lambda d: "sinray no se ha completado" in text_of(d, "launch-message"))
    message = text_of(browser, "launch-message")
    assert "código 2" in message and f"sim run: error: RAY_ADDRESS: nothing answers at 127.0.0.1:{port}" in message, message
    assert browser.find_elements(By.CSS_SELECTOR, "#launch-message .launch-error")
    assert not (place / "results" / "sinray").exists()
    browser.save_screenshot(str(ARTIFACTS / "launch-failed.png"))


def wait_for_chunks(results: Path, run: str, at_least: int, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = manifest(results, run)
        if found.get("status") == "running" and found.get("chunks_done", 0) >= at_least:
            return found
        assert found.get("status") != "finished", f"{run} finished before it could be stopped"
        time.sleep(0.05)
    raise AssertionError(f"{run}: fewer than {at_least} chunks after {timeout} s")


def progress_line(driver, run: str) -> str:
    return driver.execute_script(
        f"const e = document.querySelector('#progress .run-progress[data-run=\"{run}\"]'); return e ? e.innerText : '';")


def banner(driver) -> str:
    return driver.execute_script("const e = document.getElementById('unfinished-banner');"
                                 "return e && !e.hidden ? e.innerText : '';")


def press(driver, selector: str) -> None:
    """Click a button of the progress list, which the page draws again every 1.5 s: found and clicked
    in one step of the page's own script, never a stale element."""
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(
        f"const b = document.querySelector(\"{selector}\"); if (b) {{ b.click(); }} return !!b;"))


def games_rows(run_dir: Path) -> pl.DataFrame:
    return pl.read_parquet(run_dir / "games" / "**" / "*.parquet").sort("config", "game")


def test_a_cancelled_run_stops_and_resumes_to_the_games_of_an_uninterrupted_one(browser, site: str, place: Path,
                                                                                tmp_path: Path) -> None:
    results = place / "results"
    spec = written(tmp_path, "lenta", spec_text("lenta", SLOW))
    assert main(["run", str(spec), "--results", str(tmp_path / "whole"), "--executor", "serial"]) == 0
    upload(browser, site, spec)
    wait_for_chunks(results, "lenta", 3)
    # progress while it runs: chunks done of total, games, and a rate once the page has seen two moments
    WebDriverWait(browser, 30).until(lambda d: "partidas/s" in progress_line(d, "lenta"))
    line = progress_line(browser, "lenta")
    assert "lenta: en curso" in line and "/300 bloques" in line and "de 12.000 partidas" in line, line
    # the run chosen: its card and its grid row say it runs, and the grid's games are the progress line's total
    browser.get(f"{site}/?run=lenta")
    WebDriverWait(browser, 30).until(lambda d: card_line(d, "state") == "en curso")
    WebDriverWait(browser, 30).until(lambda d: grid_cell(d, "runs-table", "lenta", "status") == "en curso")
    WebDriverWait(browser, 30).until(lambda d: progress_line(d, "lenta"))
    said_total = re.search(r"de ([\d.]+) partidas", progress_line(browser, "lenta")).group(1)
    running = manifest(results, "lenta")
    assert said_total == thousands(running["games"] * len(running["configs"]), "es")
    assert grid_cell(browser, "runs-table", "lenta", "games_total") == said_total
    assert f"de {said_total} partidas en total" in card_line(browser, "n")
    assert "--run lenta" in card_line(browser, "resume")
    browser.execute_script("window.simNotReloaded = true;")  # gone if the page were loaded again
    press(browser, ".cancel-run[data-run='lenta']")
    WebDriverWait(browser, 30).until(lambda d: "lenta cancelada en" in text_of(d, "launch-message"))
    # the card and the grid follow the cancel, in the same page
    WebDriverWait(browser, 30).until(lambda d: card_line(d, "state") == "cancelada: vuelve a lanzarla para reanudarla")
    WebDriverWait(browser, 30).until(lambda d: grid_cell(d, "runs-table", "lenta", "status") == "cancelada")
    assert browser.execute_script("return window.simNotReloaded === true;")
    assert "en curso" not in text_of(browser, "run-card")
    browser.save_screenshot(str(ARTIFACTS / "runs-card-cancelled.png"))
    stopped = manifest(results, "lenta")
    assert 3 <= stopped["chunks_done"] < stopped["chunks_total"] == 300
    assert read_writer(results / "lenta" / LOCK) is None  # it let go of the run as it stopped
    assert damaged_chunks(results / "lenta") == []  # every chunk on disk is whole; none half-written
    # a chunk being written as the stop came may leave its temp file (when the stop takes longer than
    # Ctrl-C's grace, the process ends outright): never read as a chunk, and removed by the resume (below)
    records = len(list((results / "lenta" / "chunks").rglob("*.json")))
    assert records == stopped["chunks_done"]
    WebDriverWait(browser, 30).until(lambda d: "lenta: cancelada: vuelve a lanzarla para reanudarla"
                                     in progress_line(d, "lenta"))
    browser.save_screenshot(str(ARTIFACTS / "launch-cancelled.png"))
    browser.get(f"{site}/factions?run=lenta")
    WebDriverWait(browser, 30).until(lambda d: "La ejecución lenta está cancelada en" in banner(d))
    assert f"{stopped['chunks_done']}/300 bloques" in banner(browser)
    assert "sim run" in banner(browser) and "--run lenta" in banner(browser)
    browser.save_screenshot(str(ARTIFACTS / "banner-cancelled.png"))
    browser.get(f"{site}/")
    press(browser, ".resume-run[data-run='lenta']")
    WebDriverWait(browser, 180).until(lambda d: manifest(results, "lenta").get("status") == "finished")
    WebDriverWait(browser, 30).until(lambda d: "lenta ha terminado: 300/300 bloques" in text_of(d, "launch-message"))
    resumed = manifest(results, "lenta")
    assert resumed["sessions"] == 2 and resumed["chunks_done"] == 300
    assert not list((results / "lenta").rglob(".*.tmp"))
    whole = games_rows(tmp_path / "whole" / "lenta")
    assert whole.height == 12_000
    assert games_rows(results / "lenta").equals(whole)
    browser.get(f"{site}/factions?run=lenta")
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".js-plotly-plot"))
    time.sleep(1)
    assert banner(browser) == ""


def test_a_dead_process_reads_interrupted_never_running(browser, site: str, place: Path, tmp_path: Path) -> None:
    results = place / "results"
    upload(browser, site, written(tmp_path, "muerta", spec_text("muerta", SLOW, seed=8)))
    wait_for_chunks(results, "muerta", 2)
    writer = read_writer(results / "muerta" / LOCK)
    assert writer is not None
    os.killpg(writer.pid, signal.SIGKILL)  # as a machine that runs out of memory, or `kill -9`, would
    WebDriverWait(browser, 30).until(lambda d: "muerta: interrumpida: vuelve a lanzarla para reanudarla"
                                     in progress_line(d, "muerta"))
    assert manifest(results, "muerta")["status"] == "running"  # the manifest alone would say so forever
    assert not browser.find_elements(By.CSS_SELECTOR, ".cancel-run[data-run='muerta']")
    assert browser.find_elements(By.CSS_SELECTOR, ".resume-run[data-run='muerta']")
    # its game by name and its status, in the page's language; the grid's rows and the progress lines
    # are read by two callbacks of the same tick, so the grid may say it one refresh (1.5 s) later
    WebDriverWait(browser, 5).until(
        lambda d: f"muerta\n{game_name('dicedraft', 'es')}\ninterrumpida" in text_of(d, "runs-list"))
    WebDriverWait(browser, 30).until(lambda d: "muerta no se ha completado" in text_of(d, "launch-message"))
    browser.get(f"{site}/cards?run=muerta")
    WebDriverWait(browser, 30).until(lambda d: "La ejecución muerta está interrumpida en" in banner(d))
    browser.find_element(By.CSS_SELECTOR, "#lang-choice input[value='en']").click()
    WebDriverWait(browser, 30).until(lambda d: "Run muerta is interrupted at" in banner(d))
    assert "To complete it, press Resume on the runs page" in banner(browser)
    browser.save_screenshot(str(ARTIFACTS / "banner-interrupted-en.png"))
    browser.get(f"{site}/?run=muerta")
    WebDriverWait(browser, 30).until(lambda d: progress_line(d, "muerta"))
    browser.find_element(By.CSS_SELECTOR, "#lang-choice input[value='en']").click()
    WebDriverWait(browser, 30).until(lambda d: "muerta: interrupted: rerun to resume" in progress_line(d, "muerta"))
    WebDriverWait(browser, 30).until(lambda d: card_line(d, "state") == "interrupted: rerun to resume")
    WebDriverWait(browser, 5).until(lambda d: grid_cell(d, "runs-table", "muerta", "status") == "interrupted")  # another callback than the card's
    assert browser.find_element(By.CSS_SELECTOR, ".resume-run[data-run='muerta']").text == "Resume"
    browser.find_element(By.CSS_SELECTOR, "#lang-choice input[value='es']").click()
    WebDriverWait(browser, 30).until(lambda d: card_line(d, "state") == "interrumpida: vuelve a lanzarla para reanudarla")
    WebDriverWait(browser, 30).until(lambda d: grid_cell(d, "runs-table", "muerta", "status") == "interrumpida")


def test_no_banner_on_a_finished_run(browser, site: str) -> None:
    browser.get(f"{site}/factions?run=hecha")
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".js-plotly-plot"))
    time.sleep(1)
    assert banner(browser) == ""
