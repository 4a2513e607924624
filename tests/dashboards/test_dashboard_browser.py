"""The dashboard as a designer uses it: a real headless Chromium (Debian's chromium and
chromium-driver, installed by scripts/install_browser.sh) against the running app, over a small
results folder these tests make. Screenshots of every page go to test-artifacts/dashboard/, and the
factions page of the default experiment to docs/img/dashboard.png, the README's picture."""

from __future__ import annotations

import json
import os
import re
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait
from dashboards.app import create_app
from dashboards.serving import make_server
from sim.results.scans import scan_games
from sim.analysis.forced_draw import forced_draw_effect
from sim.cli import main
from sim.results.manifest import read_manifest
from sim.report.export import find_chromium
from sim.report.formatting import config_in_words

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("SIM_TEST_ARTIFACTS", ROOT / "test-artifacts")) / "dashboard"
DEFAULT_SPEC = ROOT / "experiments" / "dicedraft_factions.toml"  # what `bash scripts/main.sh` runs
DEFAULT_RUN = "dicedraft_factions"
DEFAULT_GAMES = 20000  # enough for intervals of a few points, a second of play
README_PICTURE = ROOT / "docs" / "img" / "dashboard.png"
PICTURE_SIZE = (1400, 900)
SPECS = {
    "rr": 'ruleset = "fortaleza"\nmatchups = "round_robin"\ngames = 120\n'
          '[[side]]\nfaction = "china"\n[[side]]\nfaction = "japon"\n[[side]]\nfaction = "corea"\n',
    "curve": 'ruleset = "dicedraft"\ngames = 300\n[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
             '[sweep]\n[[sweep.axis]]\nside = 1\nfield = "budget"\nvalues = [110, 120, 130]\n'
             '[[sweep.axis]]\nside = 2\nfield = "budget"\nvalues = [125, 135]\n',
    "impact": 'ruleset = "dicedraft"\ngames = 300\n[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
              '[ablation]\ncards = ["AR-11", "AR-13", "DA-6"]\nbudget_step = 5\n',
    "forced": 'ruleset = "dicedraft"\ngames = 400\n[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
              '[impact]\nside = 1\ncards = ["AR-18", "AR-01"]\n',
    "decks": 'ruleset = "rolplay"\nmatchups = "round_robin"\ngames = 200\n'
             '[[side]]\nfaction = "carga_25"\n[[side]]\nfaction = "misticos_25"\n',
    "epik": 'ruleset = "epikha"\nmatchups = "round_robin"\ngames = 100\n'
            '[[side]]\nfaction = "empiria"\n[[side]]\nfaction = "abaron"\n',
}
PLOTS_DRAWN = """return Array.from(document.querySelectorAll('.js-plotly-plot')).map(
    p => p.querySelectorAll('g.trace, g.hm, .heatmaplayer image').length);"""


def played(folder: Path, specs: dict[str, str], seed: int | None = None) -> Path:
    """`folder`/results holding a run of each spec (name -> its body after `name` and `seed`)."""
    for name, body in specs.items():
        spec = folder / f"{name}.toml"
        spec.write_text(f'name = "{name}"\n' + ("" if seed is None else f"seed = {seed}\n") + body, encoding="utf-8")
        assert main(["run", str(spec), "--results", str(folder / "results"), "--executor", "serial"]) == 0
    return folder / "results"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = played(tmp_path_factory.mktemp("dash"), SPECS, seed=3)
    # the default experiment as the README's first command runs it, with fewer games: the README's picture
    assert main(["run", str(DEFAULT_SPEC), "--games", str(DEFAULT_GAMES), "--results", str(folder),
                 "--executor", "serial"]) == 0
    return folder


def serve(app, port: int = 0):
    """The app on the server `sim dash` runs (waitress), on a free loopback port; `.shutdown()` stops it."""
    server = make_server(app, "127.0.0.1", port, access_log=False)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.port}"


def site_fixture(warm: bool = True):
    """A test module's `site` fixture: the dashboard over that module's `results`, served for the
    module's tests (`warm`: reading the runs' tables in the background at start, as `sim dash` does)."""

    @pytest.fixture(scope="module")
    def site(results: Path):
        server, url = serve(create_app(results, executor="serial", warm=warm))
        yield url
        server.shutdown()

    return site


site = site_fixture()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    chromium = find_chromium()
    assert chromium and Path("/usr/bin/chromedriver").exists(), \
        "Chromium and ChromeDriver are needed: run scripts/install_browser.sh (scripts/test.sh does)"
    downloads = tmp_path_factory.mktemp("downloads")
    options = Options()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1400,1000"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.downloads = downloads
    yield driver
    driver.quit()


def text_of(driver, element_id: str) -> str:
    """An element's text read in the page itself (Dash may redraw it between two WebDriver calls)."""
    return driver.execute_script(f"const e = document.getElementById('{element_id}'); return e ? e.innerText : '';")


def grid_text(driver, table_id: str) -> str:
    """Every row of a table as it reads, in the grid's order, whether in sight or not (a long
    table draws only the rows in sight)."""
    return driver.execute_script("""
        try {
            const texts = [];
            dash_ag_grid.getApi(arguments[0] + '-grid').forEachNodeAfterFilterAndSort(node => texts.push(
                Object.entries(node.data).filter(([k]) => k.endsWith('__text')).map(([, v]) => v).join(' ')));
            return texts.join('\\n');
        } catch (e) { return ''; }""", table_id)


def choose_language(driver, lang: str) -> None:
    """Click the language switch, once the page has drawn it (a click before finds nothing)."""
    choice = f"#lang-choice input[value='{lang}']"
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, choice))
    driver.find_element(By.CSS_SELECTOR, choice).click()


def wait_for_plots(driver, count: int, timeout: float = 30) -> list[int]:
    """Wait until `count` plots have drawn at least one trace each; returns the trace counts."""
    WebDriverWait(driver, timeout).until(lambda d: len([n for n in d.execute_script(PLOTS_DRAWN) if n > 0]) >= count)
    return driver.execute_script(PLOTS_DRAWN)


def open_page(driver, url: str, path: str, run: str) -> float:
    """Open `path` (it may carry its own query: /factions?tab=length) of `run`."""
    started = time.perf_counter()
    driver.get(f"{url}{path}{'&' if '?' in path else '?'}run={run}")
    return started


PAGES = [("/factions", "rr", 1), ("/factions?tab=matchups", "rr", 3), ("/factions?tab=first-player", "rr", 2),
         ("/factions?tab=matchups", "decks", 3), ("/cards?tab=charts", "decks", 2),
         ("/factions?tab=length", "rr", 2), ("/cards", "impact", 1), ("/cards?tab=charts", "impact", 2),
         ("/budget", "curve", 2), ("/sweeps", "curve", 2),
         ("/factions", "epik", 1), ("/factions?tab=matchups", "epik", 3), ("/cards?tab=charts", "epik", 2)]


@pytest.mark.parametrize("path, run, plots", PAGES)
def test_each_page_shows_its_plots_with_data(browser, site: str, path: str, run: str, plots: int) -> None:
    started = open_page(browser, site, path, run)
    counts = wait_for_plots(browser, plots)
    seconds = time.perf_counter() - started
    assert len(counts) >= plots and all(n > 0 for n in counts), counts
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"{path.strip('/').replace('?tab=', '-')}.png"))
    print(f"{path}: {len(counts)} plots drawn in {seconds:.2f} s")


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk)."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def test_the_readme_picture_is_the_factions_page_of_the_default_experiment(browser, site: str) -> None:
    """docs/img/dashboard.png is taken here, from the running app, so the README shows the dashboard
    as it is: the factions page of the default experiment, in English (the README's language), with
    its win-rate chart drawn and the first player in words, at 1400 × 900."""
    width, height = PICTURE_SIZE
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    try:
        open_page(browser, site, "/factions?lang=en", DEFAULT_RUN)
        choose_language(browser, "en")
        WebDriverWait(browser, 30).until(lambda d: text_of(d, "factions-heading") == "Factions: win rates")
        wait_for_plots(browser, 1)
        chart = "const g = document.querySelector('#factions-win-rates'); return g ? g.textContent : '';"
        WebDriverWait(browser, 30).until(lambda d: "Arañas" in d.execute_script(chart)
                                         and "Ciempiés" in d.execute_script(chart))
        assert f"{DEFAULT_GAMES:,}" in browser.execute_script(chart)  # n is printed beside each bar
        WebDriverWait(browser, 30).until(lambda d: "the first player wins" in text_of(d, "factions-body"))
        # the findings open the page: the conclusion is what the picture should show first. Their
        # panel is tested on its own (test_findings_panel.py); here it is waited for, not required,
        # since a slow first computation must not cost the picture
        try:
            WebDriverWait(browser, 60).until(lambda d: "first player wins" in text_of(d, "findings-panel").lower())
        except TimeoutException:
            print("the findings panel had not drawn after 60 s: picture taken without it")
        time.sleep(0.5)  # the bars' entry transition
        README_PICTURE.parent.mkdir(parents=True, exist_ok=True)
        assert browser.save_screenshot(str(README_PICTURE))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert png_size(README_PICTURE) == PICTURE_SIZE


def test_runs_and_replay_pages_show_their_content(browser, site: str) -> None:
    open_page(browser, site, "/", "rr")
    WebDriverWait(browser, 30).until(lambda d: "curve" in text_of(d, "runs-list"))
    assert "impact" in text_of(browser, "runs-list")
    WebDriverWait(browser, 30).until(lambda d: card_line(d, "seed") == "3")
    assert '"seed"' not in text_of(browser, "run-card")  # the card, never the raw manifest
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "runs.png"))
    open_page(browser, site, "/replay", "rr")
    WebDriverWait(browser, 60).until(lambda d: "T1" in text_of(d, "replay-body"))
    assert "coincide con el registro" in text_of(browser, "replay-body")
    browser.save_screenshot(str(ARTIFACTS / "replay.png"))


def card_line(driver, key: str) -> str:
    """What one line of the runs page's card says (`key`: game, sides, n, seed, duration, state...)."""
    return driver.execute_script(
        f"const e = document.querySelector('#run-card .card-{key} dd'); return e ? e.innerText : '';")


def grid_cell(driver, table_id: str, row_id: str, column: str) -> str:
    """The text a grid shows in `column` of the row whose id is `row_id` (a run's name in the runs grid)."""
    return driver.execute_script("""
        try {
            const node = dash_ag_grid.getApi(arguments[0] + '-grid').getRowNode(arguments[1]);
            return node ? node.data[arguments[2] + '__text'] : '';
        } catch (e) { return ''; }""", table_id, row_id, column)


def thousands(value: int, lang: str) -> str:
    return f"{value:,}".replace(",", "." if lang == "es" else ",")


ISO_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")
BROWSER_ZONE = "America/Mexico_City"  # not the machine's UTC: the page must say the browser's own time


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_run_card_says_what_the_run_played_in_the_readers_language_and_time(browser, site: str, results: Path,
                                                                                lang: str) -> None:
    """The card of a sweep of 7 configs: the game, both sides with their agents, n in all and per
    config (from the games on disk), the seed, the wall time and the state, all from the run's
    manifest and games; its creation and the grid's in the browser's time zone, never an ISO string;
    the grid's games the card's total."""
    manifest = json.loads((results / "curve" / "manifest.json").read_text(encoding="utf-8"))
    played = scan_games(results / "curve").group_by("config").len().collect()
    per_config = dict(zip(played["config"], played["len"]))
    total = sum(per_config.values())
    assert total == manifest["games"] * len(manifest["configs"]) and len(per_config) == 7
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": BROWSER_ZONE})
    try:
        open_page(browser, site, f"/?lang={lang}", "curve")
        WebDriverWait(browser, 30).until(lambda d: card_line(d, "seed") == str(manifest["seed"]))
        WebDriverWait(browser, 30).until(lambda d: BROWSER_ZONE in text_of(d, "run-card"))
        es = lang == "es"
        assert text_of(browser, "run-card").startswith("Ejecución curve" if es else "Run curve")
        assert card_line(browser, "game") == "Dicedraft"
        agents = [side["agent"] for side in manifest["configs"]["base"]["sides"]]
        assert card_line(browser, "sides").splitlines() == [
            f"A: Arañas, {'agente' if es else 'agent'} {agents[0]}", f"B: Ciempiés, {'agente' if es else 'agent'} {agents[1]}"]
        n = card_line(browser, "n").splitlines()
        shown_total = thousands(total, lang)
        assert n[0] == (f"{shown_total} de {shown_total} partidas en total" if es else f"{shown_total} of {shown_total} games in all")
        assert len(n) == 1
        games, unit = manifest["games"], "partidas" if es else "games"
        configs = card_line(browser, "n-configs").splitlines()
        assert len(configs) == len(per_config)  # one line each, in the spec's order
        for config_id, line in zip(manifest["configs"], configs):  # each in the catalog's words, its games on disk
            assert line == f"{config_in_words(config_id, lang)}: {per_config[config_id]} {'de' if es else 'of'} {games} {unit}"
        assert f"{'presupuesto del lado A' if es else 'side A' + chr(39) + 's budget'} = 110" in "\n".join(configs)
        labels = browser.execute_script("return document.querySelector('#run-card .card-n-configs dt').innerText;")
        assert labels == (f"n por configuración ({len(per_config)} configuraciones, bloques terminados)" if es
                          else f"n per config ({len(per_config)} configs, finished chunks)")
        wall = manifest["wall_seconds"]
        assert wall < 60  # said in seconds, one decimal
        seconds = f"{wall:.1f}".replace(".", "," if es else ".")
        assert card_line(browser, "duration") == (f"{seconds} s en 1 sesión" if es else f"{seconds} s over 1 session")
        assert card_line(browser, "state") == ("terminada" if es else "finished")
        assert card_line(browser, "ruleset-version") == f"dicedraft {manifest['ruleset_version']}"
        assert card_line(browser, "commit").startswith(manifest["git_commit"][:12])
        assert not browser.find_elements(By.CSS_SELECTOR, "#run-card .card-resume")  # finished: nothing to resume
        local = datetime.fromisoformat(manifest["created"]).astimezone(ZoneInfo(BROWSER_ZONE))
        assert local.utcoffset().total_seconds() != 0  # the test tells the browser's time from UTC
        expected = local.strftime("%d/%m/%Y %H:%M" if es else "%Y-%m-%d %H:%M")
        assert card_line(browser, "created") == expected
        WebDriverWait(browser, 30).until(lambda d: grid_cell(d, "runs-table", "curve", "created") == expected)
        assert not ISO_MOMENT.search(text_of(browser, "runs-list"))
        assert BROWSER_ZONE in text_of(browser, "runs-time-zone-note")
        assert grid_cell(browser, "runs-table", "curve", "games_total") == shown_total  # the card's total
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.execute_script("document.getElementById('runs-time-zone-note').scrollIntoView();")
        browser.save_screenshot(str(ARTIFACTS / ("runs-card.png" if es else "runs-card-en.png")))
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_a_filter_changes_the_view(browser, site: str) -> None:
    open_page(browser, site, "/cards?tab=measures", "impact")
    rows = lambda d: len(d.find_elements(By.CSS_SELECTOR, "#cards-table .ag-center-cols-container .ag-row"))  # noqa: E731
    WebDriverWait(browser, 30).until(lambda d: rows(d) > 5)
    before = rows(browser)
    box = browser.find_element(By.ID, "cards-min-games")
    box.clear()
    box.send_keys("1000000\n")
    WebDriverWait(browser, 30).until(lambda d: rows(d) < before)


def test_a_download_produces_a_file(browser, site: str) -> None:
    open_page(browser, site, "/factions", "rr")
    wait_for_plots(browser, 1)
    browser.find_element(By.ID, "factions-export-csv").click()
    target = browser.downloads / "rr.win_rates.csv"
    WebDriverWait(browser, 30).until(lambda d: target.exists() and target.stat().st_size > 0)
    assert target.read_text().startswith("config,side")


def test_the_language_toggle_changes_the_text(browser, site: str) -> None:
    open_page(browser, site, "/factions?tab=matchups", "rr")
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "nav-factions") in ("Facciones", "Factions"))
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "nav-factions") == "Factions")
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "factions-heading") == "Factions: win rates")
    plot_titles = "return Array.from(document.querySelectorAll('.gtitle')).map(e => e.textContent).join('|');"
    WebDriverWait(browser, 30).until(lambda d: "Matchups" in d.execute_script(plot_titles))  # plots follow too
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "nav-factions") == "Facciones")
    WebDriverWait(browser, 30).until(lambda d: "Enfrentamientos" in d.execute_script(plot_titles))


def test_the_matchups_tab_shows_the_nash_mix_with_n_and_its_interval(browser, site: str) -> None:
    open_page(browser, site, "/factions?tab=matchups", "rr")
    choose_language(browser, "en")
    nash_title = "const g = document.querySelector('#factions-nash .gtitle'); return g ? g.textContent : '';"
    bars = "return document.querySelectorAll('#factions-nash g.trace.bars').length;"
    WebDriverWait(browser, 30).until(lambda d: "Nash equilibrium mix" in d.execute_script(nash_title))
    title = browser.execute_script(nash_title)
    assert "720 games" in title and "1,000 resamples" in title  # 3 factions: 6 matchups of 120 games
    assert browser.execute_script(bars) == 3  # a bar a faction
    assert "Value of the game" in text_of(browser, "factions-nash-note")
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "mezcla de equilibrio de Nash" in d.execute_script(nash_title))
    WebDriverWait(browser, 30).until(lambda d: "Valor del juego" in text_of(d, "factions-nash-note"))


def header_texts(driver, table_id: str) -> list[str]:
    return driver.execute_script(f"""return Array.from(document.querySelectorAll('#{table_id} .ag-header-cell-text'))
        .map(e => e.textContent);""")


def test_the_forced_draw_table_says_what_each_effect_compares_with_the_share_seen_from_the_bottom(
        browser, site: str, results: Path) -> None:
    """Cards › causal of a forced-draw run: beside each card's effect (drawn at once against late or
    never) the share of games in which the card was still seen from the bottom and the effect per
    game in which forcing it changed that (drawn at once against never), in both languages, with
    the figures the analysis gives for the run; its pairs are named top/bottom, not seat pairs."""
    run = results / "forced"
    table = {r["card_id"]: r for r in forced_draw_effect(run, read_manifest(run)).iter_rows(named=True)}
    goliat = table["AR-18"]
    assert 0 < goliat["seen_when_undrawn"] < 1 and goliat["effect_per_changed"] is not None
    open_page(browser, site, "/cards?tab=causal", "forced")
    choose_language(browser, "en")
    english = ["top/bottom game pairs", "effect: drawn at once or late or never [95% CI]", "seen from the bottom",
               "draw changed", "effect per changed game: drawn at once or never [95% CI]"]
    WebDriverWait(browser, 30).until(lambda d: set(english) <= set(header_texts(d, "cards-forced-table")))
    assert "pairs" not in header_texts(browser, "cards-forced-table")  # not to be read as seat-mirrored pairs
    expected = [f"{goliat['seen_when_undrawn'] * 100:.1f}%", f"{goliat['changed_share'] * 100:.1f}%",
                f"{goliat['effect_per_changed'] * 100:+.1f} pts"]
    WebDriverWait(browser, 30).until(lambda d: "AR-18" in grid_text(d, "cards-forced-table"))
    line = next(x for x in grid_text(browser, "cards-forced-table").splitlines() if "AR-18" in x)
    assert all(piece in line for piece in expected), (expected, line)
    choose_language(browser, "es")
    spanish = ["pares arriba/abajo", "efecto: robada ya o tarde o nunca [IC 95%]", "vista desde abajo",
               "robo cambiado", "efecto por partida cambiada: robada ya o nunca [IC 95%]"]
    WebDriverWait(browser, 30).until(lambda d: set(spanish) <= set(header_texts(d, "cards-forced-table")))
    figures = [f"{goliat['seen_when_undrawn'] * 100:.1f} %".replace(".", ","),
               f"{goliat['effect_per_changed'] * 100:+.1f} pts".replace(".", ",")]  # Spanish: 46,2 %, +35,1 pts

    def spanish_line(d) -> str:
        lines = [x for x in grid_text(d, "cards-forced-table").replace("\u00a0", " ").splitlines() if "AR-18" in x]
        return lines[0] if lines else ""

    WebDriverWait(browser, 30).until(lambda d: all(piece in spanish_line(d) for piece in figures))


def test_a_rolplay_run_shows_each_sides_deck_list_with_its_copies(browser, site: str) -> None:
    open_page(browser, site, "/cards?tab=decks", "decks")
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: "Lancero" in grid_text(d, "cards-deck-a"))
    WebDriverWait(browser, 30).until(lambda d: "copies." in text_of(d, "cards-decks"))
    assert "The same list in every game" in text_of(browser, "cards-decks")
    assert "creature" in grid_text(browser, "cards-deck-a") and "Lancero" in grid_text(browser, "cards-deck-b")
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "La misma lista en todas las partidas" in text_of(d, "cards-decks"))
    WebDriverWait(browser, 30).until(lambda d: "criatura" in grid_text(d, "cards-deck-a"))
    assert "creature" not in grid_text(browser, "cards-deck-a")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "cards-decks-rolplay.png"))


def test_an_epikha_run_shows_its_factions_and_decks_in_both_languages(browser, site: str) -> None:
    """Epikha's pages drew only "KeyError: 'level'" (its deck lists have no card level): issue 33."""
    for lang, word in (("en", "character"), ("es", "personaje")):
        open_page(browser, site, f"/factions?lang={lang}", "epik")
        wait_for_plots(browser, 1)
        assert not text_of(browser, "run-problem").strip(), text_of(browser, "run-problem")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / f"factions-epikha-{lang}.png"))
        open_page(browser, site, f"/cards?tab=decks&lang={lang}", "epik")
        WebDriverWait(browser, 30).until(lambda d: word in grid_text(d, "cards-deck-a"))
        assert not text_of(browser, "run-problem").strip(), text_of(browser, "run-problem")
        browser.save_screenshot(str(ARTIFACTS / f"cards-decks-epikha-{lang}.png"))


def test_a_bad_uploaded_spec_shows_an_error_and_the_app_keeps_working(browser, site: str, results: Path,
                                                                     tmp_path: Path) -> None:
    bad = tmp_path / "mal.toml"
    bad.write_text('name = "mal"\nruleset = "dicedraft"\ngames = -5\nseed = 1\n', encoding="utf-8")
    open_page(browser, site, "/", "rr")
    upload = WebDriverWait(browser, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#launch-upload input[type=file]"))
    upload.send_keys(str(bad))
    WebDriverWait(browser, 30).until(lambda d: "mal.toml" in text_of(d, "launch-message"))
    message = text_of(browser, "launch-message")
    assert "games" in message and browser.find_elements(By.CLASS_NAME, "launch-error")
    assert not (results / "mal").exists() and not (results / "_uploads" / "mal.toml").exists()
    open_page(browser, site, "/factions", "rr")
    wait_for_plots(browser, 1)


def test_requests_without_the_token_are_refused(results: Path) -> None:
    """The token opens the page once, which then goes on without it in the address: a cookie
    carries it from there, and the page's own requests need nothing else."""
    import http.cookiejar

    server, url = serve(create_app(results, token="s3cret-token-16ch", warm=False))
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}/factions", timeout=10)
        assert refused.value.code == 403
        with pytest.raises(urllib.error.HTTPError) as wrong:
            urllib.request.urlopen(f"{url}/factions?token=s3cret-token-16cX", timeout=10)
        assert wrong.value.code == 403
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with opener.open(f"{url}/factions?run=rr&token=s3cret-token-16ch", timeout=10) as ok:
            assert ok.status == 200 and ok.url == f"{url}/factions?run=rr"  # the token left the address
        assert [c.name for c in jar] == ["sim_token"]
        with opener.open(f"{url}/_dash-layout", timeout=10) as layout:
            assert layout.status == 200
    finally:
        server.shutdown()


def test_binding_beyond_this_machine_needs_a_token(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dash", "--host", "0.0.0.0", "--token", ""]) == 2
    assert "--token" in capsys.readouterr().err


def test_an_uploaded_spec_launches_and_its_run_appears_with_progress(browser, site: str, results: Path,
                                                                     tmp_path: Path) -> None:
    good = tmp_path / "subida.toml"
    good.write_text('name = "subida"\nruleset = "dicedraft"\ngames = 400\nseed = 9\nchunk_size = 100\n'
                    '[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n', encoding="utf-8")
    open_page(browser, site, "/", "rr")
    upload = WebDriverWait(browser, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#launch-upload input[type=file]"))
    upload.send_keys(str(good))
    WebDriverWait(browser, 30).until(lambda d: "subida" in text_of(d, "launch-message"))
    assert (results / "_uploads" / "subida.toml").exists()
    WebDriverWait(browser, 120).until(lambda d: (results / "subida" / "manifest.json").exists()
                                      and '"finished"' in (results / "subida" / "manifest.json").read_text())
    WebDriverWait(browser, 30).until(lambda d: "subida" in text_of(d, "runs-list"))


def test_run_names_cannot_reach_outside_the_results_folder(results: Path) -> None:
    from dashboards import data
    from sim.core.errors import InputError

    app = create_app(results, warm=False)
    with app.server.app_context():
        assert data.run_folder("rr") == (results / "rr").resolve()
        for name in ("../rr", "..", "/etc", "rr/../../x", "_uploads"):
            with pytest.raises(InputError):
                data.run_folder(name)


@pytest.fixture(scope="module")
def empty_site(tmp_path_factory: pytest.TempPathFactory):
    """A results folder whose one run has just started: its manifest is written, no chunk has finished."""
    from sim.run.runner import prepare_run
    from sim.run.spec import load_spec
    from sim.run.store import open_run

    folder = tmp_path_factory.mktemp("dash-empty")
    spec = folder / "vacia.toml"
    spec.write_text('name = "vacia"\nseed = 3\n' + SPECS["curve"], encoding="utf-8")
    _, run_dir, manifest = prepare_run(load_spec(spec), folder / "results")
    with open_run(run_dir, manifest):
        pass
    assert (run_dir / "manifest.json").is_file() and not any(run_dir.rglob("*.parquet"))
    server, url = serve(create_app(folder / "results", executor="serial"))
    yield url
    server.shutdown()


EMPTY_RUN_PAGES = [("/factions", "factions-body"), ("/cards", "cards-body"), ("/budget", "budget-body"),
                   ("/sweeps", "sweeps-body"), ("/replay", "replay-body")]


@pytest.mark.parametrize("path, body", EMPTY_RUN_PAGES)
def test_a_run_with_no_finished_chunk_says_no_games_yet(browser, empty_site: str, path: str, body: str) -> None:
    """Before its first chunk a run has a manifest and no games: every analysis page says so, in the
    chosen language, instead of failing its callback (an HTTP 500 and a blank page)."""
    browser.get(f"{empty_site}/?run=vacia")  # the language is kept in the browser: start from Spanish
    browser.execute_script("window.localStorage.clear();")
    open_page(browser, empty_site, path, "vacia")
    WebDriverWait(browser, 30).until(lambda d: "Sin partidas todavía" in text_of(d, body))
    assert "vacia" in text_of(browser, body)
    assert not browser.find_elements(By.CSS_SELECTOR, ".js-plotly-plot")  # no empty or broken figure either
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: "No games yet" in text_of(d, body))
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "Sin partidas todavía" in text_of(d, body))


def registered_page(path: str):
    """The page module the app loaded for `path` (importing it again would register it twice)."""
    import sys

    import dash

    entry = next(page for page in dash.page_registry.values() if page["path"] == path)
    return sys.modules[entry["module"]]


def test_the_number_boxes_take_whole_numbers_only(results: Path) -> None:
    """The launch box's games and the replay box's game are read as `sim run --games` and
    `sim replay --game` read them: 2.5 or 0 is refused, never rounded or taken for empty."""
    from dashboards import data
    from sim.core.errors import InputError

    app = create_app(results, warm=False)
    runs, replay = registered_page("/"), registered_page("/replay")
    assert runs._games_override(None) is None and runs._games_override(300) == 300
    for bad in (2.5, 0, -3, True, "300"):
        with pytest.raises(InputError, match="games: a whole number"):
            runs._games_override(bad)
    with app.server.app_context():
        config = next(iter(data.manifest_of("rr")["configs"]))
        refused, nothing = replay.show(1, config, "en", "rr", 2.5)
        assert "Game: a whole number from 0, not 2.5" in str(refused.children) and nothing is None
        shown, rows = replay.show(1, config, "en", "rr", 2)
        assert "replay-summary" in str(shown) and {row["game"] for row in rows["rows"]} == {2}
