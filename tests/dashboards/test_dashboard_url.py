"""The view's state in the address, in a real headless Chromium against the app on waitress (the
fixtures of test_dashboard_browser.py): the language survives a reload, a link opens the same view,
a filter writes itself into the address, an unreadable run says why, and replay's downloads hold
the game's rows. Every page in both languages is test_every_page.py's."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import dash
import polars as pl
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from sim.report.language import t
from test_dashboard_browser import browser, played, serve, site_fixture, text_of, wait_for_plots  # noqa: F401 (fixture)

ROOT = Path(__file__).resolve().parents[2]
SPECS = {
    "rr": 'ruleset = "fortaleza"\nmatchups = "round_robin"\ngames = 40\n'
          '[[side]]\nfaction = "china"\n[[side]]\nfaction = "japon"\n',
    "curve": 'ruleset = "dicedraft"\ngames = 100\n[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
             '[sweep]\n[[sweep.axis]]\nside = 1\nfield = "budget"\nvalues = [110, 130]\n',
}
SECRET = "a file outside the results folder"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("dash-url")
    results = played(folder, SPECS, seed=5)
    damaged = results / "roto"  # a run whose manifest no longer reads
    shutil.copytree(results / "curve", damaged)
    (damaged / "manifest.json").write_text('{"run": "roto", "spec": ', encoding="utf-8")
    outside = folder / "outside"  # a run whose manifest is a link out of the results folder
    outside.mkdir()
    (outside / "manifest.json").write_text(SECRET, encoding="utf-8")
    (results / "fuera").mkdir()
    (results / "fuera" / "manifest.json").symlink_to(outside / "manifest.json")
    return results


site = site_fixture()


def address(driver) -> dict[str, list[str]]:
    return parse_qs(urlparse(driver.current_url).query)


def settled(driver, timeout: float = 60) -> None:
    """Wait until Dash has no callback in flight (it titles the page "Updating..." meanwhile)."""
    time.sleep(0.3)
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script("return document.title") != "Updating...")
    time.sleep(0.3)
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script("return document.title") != "Updating...")


def choose_language(driver, lang: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f"#lang-choice input[value='{lang}']").click()
    WebDriverWait(driver, 30).until(lambda d: text_of(d, "nav-factions") == t("nav_factions", lang))


def test_the_language_survives_a_reload(browser, site: str) -> None:  # noqa: F811
    """Choose EN, reload: still EN. The address's lang wins over the stored choice, and opening a
    link in a language does not change what is stored; with no lang in the address the stored
    choice is used, and with nothing stored, Spanish."""
    browser.get(f"{site}/factions?run=rr")
    browser.execute_script("window.localStorage.clear();")
    browser.get(f"{site}/factions?run=rr")
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "nav-factions") == "Facciones")  # nothing stored: Spanish
    WebDriverWait(browser, 30).until(lambda d: address(d).get("lang") == ["es"])
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: address(d).get("lang") == ["en"])
    browser.refresh()
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "factions-heading") == "Factions: win rates")
    assert text_of(browser, "nav-factions") == "Factions" and address(browser)["run"] == ["rr"]
    browser.get(f"{site}/factions?run=rr")  # no lang: the stored choice
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "factions-heading") == "Factions: win rates")
    browser.get(f"{site}/factions?run=rr&lang=es")  # the address wins
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "factions-heading") == "Facciones: tasas de victoria")
    browser.get(f"{site}/cards?run=rr")  # ...and stored nothing: still EN without it
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "cards-heading") == "Cards: impact")
    choose_language(browser, "es")  # leave the browser as the other tests expect it
    settled(browser)


def test_a_link_opens_that_view(browser, site: str) -> None:  # noqa: F811
    """?run=, ?lang= and a page's filters in the address open that view: the run chosen, the
    language, each filter set, the table filtered by it."""
    browser.get(f"{site}/cards?run=rr&lang=en&config=china~japon&faction=japon&min_games=15")
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "cards-heading") == "Cards: impact")
    settled(browser)
    assert "rr" in text_of(browser, "run")
    assert "China vs Japón" in text_of(browser, "cards-config") and "Japón" in text_of(browser, "cards-faction")
    assert browser.find_element(By.ID, "cards-min-games").get_attribute("value") == "15"
    browser.find_element(By.ID, "cards-export-csv").click()  # the table shown, as data (whatever grid draws it)
    shown = browser.downloads / "rr.card_impact.csv"
    WebDriverWait(browser, 30).until(lambda d: shown.exists() and shown.stat().st_size > 0)
    table = pl.read_csv(shown)
    assert table.height > 5 and set(table["faction"].to_list()) == {"japon"} and table["gih_n"].min() >= 15
    assert address(browser)["config"] == ["china~japon"]  # the address keeps what it asked


def test_changing_a_filter_updates_the_address(browser, site: str) -> None:  # noqa: F811
    browser.get(f"{site}/cards?run=rr&lang=en")
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "cards-heading") == "Cards: impact")
    WebDriverWait(browser, 30).until(lambda d: address(d).get("config") == ["china~china"])  # the default, written
    box = browser.find_element(By.ID, "cards-min-games")
    box.clear()
    box.send_keys("25\n")
    WebDriverWait(browser, 30).until(lambda d: address(d).get("min_games") == ["25"])
    assert address(browser)["run"] == ["rr"] and address(browser)["lang"] == ["en"]
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: address(d).get("lang") == ["es"])
    assert address(browser)["min_games"] == ["25"]  # the shell's write kept the page's filter
    browser.refresh()
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "cards-heading") == "Cartas: impacto")
    assert browser.find_element(By.ID, "cards-min-games").get_attribute("value") == "25"
    nav = browser.find_element(By.ID, "nav-factions").get_attribute("href")
    assert parse_qs(urlparse(nav).query) == {"run": ["rr"], "lang": ["es"]}  # a page's filters stay on it


@pytest.mark.parametrize("run, said", [("roto", "manifest.json"), ("fuera", "outside the results folder"),
                                       ("nadie", "there is no run nadie in")])
def test_an_unreadable_run_shows_its_problem(browser, site: str, run: str, said: str) -> None:  # noqa: F811
    """A damaged manifest, a link out of the results folder, a run that is not there: the page says
    which and why, in the page's language, opens no other run, and a reload still says it."""
    browser.get(f"{site}/factions?run={run}&lang=en")
    WebDriverWait(browser, 30).until(lambda d: said in text_of(d, "run-problem"))
    problem = text_of(browser, "run-problem")
    assert problem.startswith(f"The run {run} cannot be opened") and SECRET not in browser.page_source
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "factions-body") == t("no_data", "en"))
    assert not browser.find_elements(By.CSS_SELECTOR, ".js-plotly-plot")
    browser.refresh()
    WebDriverWait(browser, 30).until(lambda d: said in text_of(d, "run-problem"))
    assert address(browser)["run"] == [run]


def test_a_run_damaged_while_shown_says_why_in_the_page(browser, site: str, results: Path) -> None:  # noqa: F811
    """A chunk damaged after the run was listed: the page's callback fails, and the page names the
    damaged chunk (the shell shows any callback's error), never a blank page."""
    shutil.copytree(results / "rr", results / "rr_roto")
    manifest = json.loads((results / "rr_roto" / "manifest.json").read_text())
    manifest["run"] = "rr_roto"
    (results / "rr_roto" / "manifest.json").write_text(json.dumps(manifest))
    chunk = next((results / "rr_roto" / "games").rglob("*.parquet"))
    chunk.write_bytes(chunk.read_bytes()[:100])
    try:
        browser.get(f"{site}/factions?run=rr_roto&lang=en")
        WebDriverWait(browser, 60).until(lambda d: "could not be drawn" in text_of(d, "run-problem"))
        assert "damaged chunks" in text_of(browser, "run-problem")
    finally:
        shutil.rmtree(results / "rr_roto")


def test_replay_downloads_hold_the_replayed_games_rows(browser, site: str) -> None:  # noqa: F811
    browser.get(f"{site}/replay?run=rr&lang=en&config=china~japon&game=3")
    WebDriverWait(browser, 60).until(lambda d: text_of(d, "replay-summary").startswith("Game 3:"))
    assert "China vs Japón" in text_of(browser, "replay-config")  # the config in words, its id in the address
    lines = text_of(browser, "replay-lines").splitlines()
    settled(browser)
    browser.find_element(By.ID, "replay-export-csv").click()
    csv = browser.downloads / "rr.replay.china~japon.game3.csv"
    WebDriverWait(browser, 30).until(lambda d: csv.exists() and csv.stat().st_size > 0)
    browser.find_element(By.ID, "replay-export-parquet").click()
    parquet = browser.downloads / "rr.replay.china~japon.game3.parquet"
    WebDriverWait(browser, 30).until(lambda d: parquet.exists() and parquet.stat().st_size > 0)
    for frame in (pl.read_csv(csv), pl.read_parquet(parquet)):
        assert frame.height == len(lines) > 3
        assert set(frame["game"].to_list()) == {3} and set(frame["config"].to_list()) == {"china~japon"}
        assert frame["step"].to_list() == list(range(len(lines)))
        assert [e.strip() for e in frame["event"].to_list()] == [line.strip() for line in lines]




# Every request the page makes to Dash's callback route, by the outputs it asks for.
RECORD_CALLBACKS = """
window.simAsked = [];
const send = window.fetch;
window.fetch = function (resource, init) {
    if (String((resource && resource.url) || resource).indexOf('_dash-update-component') >= 0) {
        try { window.simAsked.push(JSON.parse(init.body).output); } catch (e) {}
    }
    return send.apply(this, arguments);
};"""


def test_a_page_opened_from_its_address_comes_with_the_layout(browser, site: str) -> None:  # noqa: F811
    """The page an address names is in the layout the browser is sent: its callbacks run in the
    first round of requests, none waits for Dash's router to send the page, and the router takes
    over when the designer moves to another page (Back comes back to the first)."""
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_CALLBACKS})
    try:
        browser.get(f"{site}/factions?run=rr&lang=en&tab=length")
        wait_for_plots(browser, 2)
        settled(browser)
        asked = browser.execute_script("return window.simAsked")
        assert any("factions-body.children" in output for output in asked), asked
        assert not any("_pages_content" in output for output in asked), asked
        assert browser.find_element(By.ID, "factions-tab").find_element(
            By.CSS_SELECTOR, ".tab--selected").text == t("tab_length", "en")  # the address's tab, in its language
        assert browser.title == next(p["title"] for p in dash.page_registry.values() if p["path"] == "/factions")
        browser.find_element(By.ID, "nav-cards").click()
        WebDriverWait(browser, 30).until(lambda d: text_of(d, "cards-heading") == "Cards: impact")
        assert urlparse(browser.current_url).path == "/cards"
        assert any("_pages_content" in output for output in browser.execute_script("return window.simAsked"))
        browser.back()
        WebDriverWait(browser, 30).until(lambda d: text_of(d, "factions-heading").startswith("Factions"))
        wait_for_plots(browser, 2)
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", script)


def test_a_page_that_fails_to_draw_in_the_layout_says_why(browser, site: str,  # noqa: F811
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A page failing for a reason no one foresaw, while the layout draws it for the address, does
    not fail the layout: the shell comes, Dash's router draws the page again, and the problem line
    says what failed, in the address's language."""
    def broken(**_query):
        raise RuntimeError("una prueba que falla")

    page = next(p for p in dash.page_registry.values() if p["path"] == "/factions")
    monkeypatch.setitem(page, "layout", broken)
    browser.get(f"{site}/factions?run=rr&lang=es")
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "run-problem"))
    assert text_of(browser, "app-title") == t("title", "es")
    assert text_of(browser, "run-problem") == t("page_error", "es", problem="RuntimeError: una prueba que falla")


def test_findings_that_fail_in_the_layout_are_drawn_by_their_callback(browser, site: str,  # noqa: F811
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The run's findings failing while the layout draws them (the layout's call only: the callback
    keeps the function it was given) leave the page and the findings to the router's path: both
    come, and nothing says a problem."""
    from dashboards import findings_panel

    def broken(*_args):
        raise RuntimeError("una prueba que falla")

    monkeypatch.setattr(findings_panel, "draw_findings", broken)
    browser.get(f"{site}/factions?run=rr&lang=es")
    wait_for_plots(browser, 1)
    settled(browser)
    assert text_of(browser, "factions-heading").startswith(t("nav_factions", "es"))
    assert browser.execute_script("return document.getElementById('findings-panel').hidden") is False
    assert text_of(browser, "findings-panel")
    assert not text_of(browser, "run-problem")
