"""The "Try a change" page as a designer uses it, in headless Chromium: open a finished run, pick a
card, type a value the rules refuse (said at the field, in English and in Spanish, Play off, no
folder written), type a good one, play, read the paired answer (the same headline and tables `sim
try` prints, from the trial's answer.json), keep it, find it in the runs list, and open the link of
the answer again."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from dashboards import trials
from dashboards.app import create_app
from sim.balance.trial import TRIAL_SUFFIX, plan_trial
from sim.balance.trial_console import answer_tables, edits_for_address, edits_from_address, headline
from sim.cli import main
from tests.balance.test_try_command import catalog_words_only_in, write_spec
from tests.dashboards.test_dashboard_browser import ARTIFACTS, browser, choose_language, serve, text_of  # noqa: F401

TRIAL = "dd.try.CI-04.cost-6"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("try-page")
    assert main(["run", str(write_spec(folder, "dd")), "--results", str(folder / "results"), "--executor", "serial"]) == 0
    return folder / "results"


@pytest.fixture(scope="module")
def site(results: Path):
    server, url = serve(create_app(results, executor="serial", warm=False))
    yield url
    server.shutdown()


def entries(results: Path) -> set[str]:
    return {p.name for p in results.iterdir()}


def field_message(driver, key: str) -> str:
    return driver.execute_script(
        "const e = document.getElementById(arguments[0]); return e ? e.innerText : null;",
        json.dumps({"key": key, "type": "try-msg"}, separators=(",", ":")))


def cost_box(driver):
    return driver.find_element(By.CSS_SELECTOR, "input[id*='CI-04.cost']")


def type_into(box, text: str) -> None:
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    box.send_keys(text)


def test_open_edit_refuse_play_read_keep_and_reopen(browser, site: str, results: Path) -> None:
    before = entries(results)
    browser.get(f"{site}/try?run=dd&lang=en")
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "try-heading") == "Try a change on dd")
    browser.find_element(By.ID, "try-cards").click()  # the card picker opens with its search box
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "input.dash-dropdown-search"))
    browser.find_element(By.CSS_SELECTOR, "input.dash-dropdown-search").send_keys("CI-04")
    option = "//label[@role='option'][contains(., 'CI-04 Ciempiés de Casa')]"
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.XPATH, option))
    browser.find_element(By.XPATH, option).click()
    browser.find_element(By.CSS_SELECTOR, "input.dash-dropdown-search").send_keys(Keys.ESCAPE)
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "input[id*='CI-04.cost']"))
    shown = {e.get_attribute("for") for e in browser.find_elements(By.CSS_SELECTOR, "#try-card-CI-04 label")}
    assert any("CI-04.def" in f for f in shown) and not any("CI-04.die" in f or "CI-04.boost" in f for f in shown)

    type_into(cost_box(browser), "-1")  # below the card model's bound: refused at the field
    WebDriverWait(browser, 30).until(lambda d: "outside what the rules take (0 to 135)" in (field_message(d, "CI-04.cost") or ""))
    assert browser.find_element(By.ID, "try-play").get_attribute("disabled")
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "queda fuera de lo que admiten las reglas (0 a 135)"
                                     in (field_message(d, "CI-04.cost") or ""))
    assert entries(results) == before  # nothing written for a refused value
    choose_language(browser, "en")  # the form is drawn again in English, the typed value kept
    WebDriverWait(browser, 30).until(lambda d: "outside what the rules take" in (field_message(d, "CI-04.cost") or ""))

    type_into(cost_box(browser), "6")
    WebDriverWait(browser, 30).until(lambda d: not field_message(d, "CI-04.cost")
                                     and not d.find_element(By.ID, "try-play").get_attribute("disabled"))
    assert "CI-04.cost=6" in browser.find_element(By.ID, "try-edits").get_attribute("value")
    assert "Expected time: about" in text_of(browser, "try-expected")
    clicked = time.perf_counter()
    browser.find_element(By.ID, "try-play").click()
    WebDriverWait(browser, 120).until(lambda d: text_of(d, "try-headline"))
    seconds = time.perf_counter() - clicked
    answer = json.loads((results / f"{TRIAL}{TRIAL_SUFFIX}" / "answer.json").read_text(encoding="utf-8"))
    assert text_of(browser, "try-headline") == headline(answer, "en")
    table = answer_tables(answer, "en")[0]
    assert all(cell in text_of(browser, "try-table-win_rates") for cell in table.rows[0])
    assert f"trial={TRIAL}" in browser.current_url and "edits=CI-04.cost" in browser.current_url
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "try.png"))
    print(f"click to answer: {seconds:.1f} s")

    name_box = browser.find_element(By.ID, "try-keep-name")
    WebDriverWait(browser, 30).until(lambda d: name_box.get_attribute("value") == TRIAL)  # the trial's own by default
    type_into(name_box, "dd_cost6")
    browser.find_element(By.ID, "try-keep").click()
    WebDriverWait(browser, 30).until(lambda d: "Kept: the run dd_cost6" in text_of(d, "try-kept"))
    assert json.loads((results / f"dd_cost6{TRIAL_SUFFIX}" / "trial.json").read_text())["kept"] is True
    assert not (results / TRIAL).exists() and not (results / f"{TRIAL}{TRIAL_SUFFIX}").exists()
    WebDriverWait(browser, 30).until(lambda d: "trial=dd_cost6" in d.current_url)

    link = browser.current_url
    browser.get(f"{site}/?lang=en")  # the runs list holds the kept trial, an ordinary run
    WebDriverWait(browser, 30).until(lambda d: "dd_cost6" in d.find_element(By.TAG_NAME, "body").text)
    browser.get(link)  # a colleague opening the link reads the same answer
    WebDriverWait(browser, 30).until(lambda d: text_of(d, "try-headline") == headline(answer, "en"))
    assert "CI-04.cost=6" in browser.find_element(By.ID, "try-edits").get_attribute("value")


def test_two_trials_play_side_by_side_and_one_asked_twice_plays_once(results: Path) -> None:
    plans = [plan_trial(results, "dd", [edit], None, 2000) for edit in ("CI-04.atq=2", "AR-18.atq=8")]
    first, started = trials.start(plans[0], "serial", time.perf_counter())
    again, started_again = trials.start(plan_trial(results, "dd", ["CI-04.atq=2"], None, 2000), "serial",
                                        time.perf_counter())
    second, _ = trials.start(plans[1], "serial", time.perf_counter())
    assert started and not started_again and again is first  # the second tab follows the first one's play
    for state in (first, second):
        assert state.done.wait(120) and state.failure is None, state.failure
        assert state.answer["games"] == {"base": 2000}
    assert {p.name for p in plans} | {f"{p.name}{TRIAL_SUFFIX}" for p in plans} <= entries(results)


def test_a_balance_proposal_opens_in_the_editor_with_its_edits() -> None:
    edits = [{"target": "CI-04", "field": "cost", "old": 5, "new": 6}, {"target": "DD-4", "field": "boost", "old": "def",
                                                                         "new": "atq"}]
    assert edits_from_address(edits_for_address(edits)) == {"CI-04.cost": "6", "DD-4.boost": "atq"}


EVERY_GAME = [  # game, its two sides, one edit (the address opens the form on its card, or the rule parameters)
    ("dicedraft", ("aranas", "ciempies"), "CI-04.cost=6"),
    ("fortaleza", ("china", "corea"), "CH-001.cost=3"),
    ("rolplay", ("carga_25", "misticos_25"), "RP-068.cost=4"),
    ("epikha", ("empiria", "abaron"), "params.raise_cost=8"),
]
HEADING = {"es": "Probar un cambio sobre {run}", "en": "Try a change on {run}"}


@pytest.fixture(scope="module")
def every_game(tmp_path_factory: pytest.TempPathFactory):
    """A run of 20 games of each game, and the dashboard over them."""
    folder = tmp_path_factory.mktemp("try-every-game")
    for game, (a, b), _ in EVERY_GAME:
        spec = folder / f"{game}.toml"
        spec.write_text(f'name = "{game}"\nruleset = "{game}"\ngames = 20\nseed = 3\n\n[[side]]\nfaction = "{a}"\n\n'
                        f'[[side]]\nfaction = "{b}"\n', encoding="utf-8")
        assert main(["run", str(spec), "--results", str(folder / "results"), "--executor", "serial"]) == 0
    server, url = serve(create_app(folder / "results", executor="serial", warm=False))
    yield url
    server.shutdown()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_page_opens_for_a_run_of_every_game_in_both_languages(browser, every_game: str, lang: str) -> None:
    """Opened in one language on each game's run, with an edit in the address, then switched to the
    other: the heading, the edit's field at its value, no refusal, and no catalog words of the
    language not shown."""
    other = "en" if lang == "es" else "es"
    for game, _, edit in EVERY_GAME:
        key, _, value = edit.partition("=")
        browser.get(f"{every_game}/try?run={game}&lang={lang}&edits={key}%3D{value}")
        for shown in (lang, other):
            if shown != lang:
                choose_language(browser, shown)
            WebDriverWait(browser, 60).until(lambda d: text_of(d, "try-heading") == HEADING[shown].format(run=game))
            box = f"input[id*='{key}']"
            WebDriverWait(browser, 60).until(lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, box)
                                                        if e.get_attribute("value") == value])
            WebDriverWait(browser, 60).until(lambda d: key in d.find_element(By.ID, "try-edits").get_attribute("value"))
            assert not field_message(browser, key), (game, shown)
            body = browser.find_element(By.TAG_NAME, "body").text
            wrong = [w for w in catalog_words_only_in("en" if shown == "es" else "es") if w in body]
            assert not wrong, (game, shown, wrong)
