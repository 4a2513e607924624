"""A view for every kind of run, and two runs compared, in a real headless Chromium: best of three,
story, sweep and ablation pages draw their run; a run of another kind gets a sentence and a link
to its page; the compare page pairs two runs of one spec with one card edited and says "paired",
and says "unpaired" for two runs on other seeds; texts follow the language switch. Screenshots go to
test-artifacts/dashboard/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from test_dashboard_browser import ARTIFACTS, browser, grid_text, played, serve, site_fixture, text_of, wait_for_plots  # noqa: F401 (fixture)

from dashboards.app import create_app
from sim.cli import main
from sim.analysis.compare import win_rate_comparison
from sim.results.scans import scan_games
from sim.report.formatting import signed_points_with_interval

DICEDRAFT_CARDS = Path(__file__).resolve().parents[2] / "sim" / "rulesets" / "dicedraft" / "cards"
SIDES = '[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
SPECS = {
    "bo3": f'ruleset = "dicedraft"\nkind = "best_of_three"\ngames = 60\nseed = 3\n{SIDES}',
    "story": f'ruleset = "dicedraft"\nkind = "story"\ngames = 40\nseed = 3\n{SIDES}',
    "sweep": 'ruleset = "fortaleza"\ngames = 60\nseed = 3\n[[side]]\nfaction = "japon"\n[[side]]\nfaction = "china"\n'
             '[sweep]\n[[sweep.axis]]\nparam = "fortaleza"\nvalues = [20, 25]\n',
    "ablation": f'ruleset = "dicedraft"\ngames = 100\nseed = 3\n{SIDES}[ablation]\ncards = ["AR-11", "AR-13", "DA-4"]\n',
    "rr": 'ruleset = "fortaleza"\nmatchups = "round_robin"\ngames = 40\nseed = 3\n'
          '[[side]]\nfaction = "china"\n[[side]]\nfaction = "japon"\n',
    # a sweep over agents: both sides greedy (the baseline), then both random
    "levels": f'ruleset = "dicedraft"\ngames = 200\nseed = 3\n{SIDES}[sweep]\nmode = "list"\n'
              '[[sweep.axis]]\nside = 1\nfield = "agent"\nvalues = ["random"]\n'
              '[[sweep.axis]]\nside = 2\nfield = "agent"\nvalues = ["random"]\n',
    # one spec run twice on the same seed, the second time with Araña Saltarina's ATQ 3 -> 6; and once on another seed
    "cmp_a": f'ruleset = "dicedraft"\ngames = 300\nseed = 5\ncards_dir = "cards_as_shipped"\n{SIDES}',
    "cmp_b": f'ruleset = "dicedraft"\ngames = 300\nseed = 5\ncards_dir = "cards_edited"\n{SIDES}',
    "cmp_c": f'ruleset = "dicedraft"\ngames = 300\nseed = 6\ncards_dir = "cards_as_shipped"\n{SIDES}',
}


def edited_cards(folder: Path) -> None:
    """The shipped dicedraft cards in `folder`/cards_as_shipped, and in `folder`/cards_edited with
    AR-01 Araña Saltarina's ATQ raised from 3 to 6."""
    shutil.copytree(DICEDRAFT_CARDS, folder / "cards_as_shipped")
    shutil.copytree(DICEDRAFT_CARDS, folder / "cards_edited")
    spiders = folder / "cards_edited" / "aranas.toml"
    text = spiders.read_text(encoding="utf-8")
    card = 'id = "AR-01"\nname = "Araña Saltarina"\nkind = "personaje"\ncost = 3\natq = 3\n'
    assert card in text
    spiders.write_text(text.replace(card, card.replace("atq = 3", "atq = 6")), encoding="utf-8")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("views")
    edited_cards(folder)
    results = played(folder, SPECS)
    assert main(["ladder", "dicedraft", "--games", "20", "--speed-games", "2", "--run", "ladder",
                 "--results", str(results), "--executor", "serial"]) == 0
    return results


site = site_fixture(warm=False)


def choose_language(driver, lang: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f"#lang-choice input[value='{lang}']").click()


def open_in_spanish(driver, url: str, path: str, run: str) -> None:
    """The page of `run`, starting from Spanish (the language is kept in the browser)."""
    driver.get(f"{url}/?run={run}")
    driver.execute_script("window.localStorage.clear();")
    driver.get(f"{url}{path}?run={run}")


VIEWS = [("/matches", "bo3", 3, "matches-summary", "gana el", "wins"),
         ("/story", "story", 1, "story-summary", "supera las 5 etapas", "clears all 5 stages"),
         ("/sweeps", "sweep", 2, "sweeps-hypothesis", "H0", "H0"),
         ("/ablations", "ablation", 1, "ablations-note", "de la que más vale", "most to least worth")]


@pytest.mark.parametrize("path, run, plots, words_id, spanish, english", VIEWS)
def test_each_view_draws_its_kind_of_run(browser, site: str, path: str, run: str, plots: int, words_id: str,
                                         spanish: str, english: str) -> None:
    open_in_spanish(browser, site, path, run)
    counts = wait_for_plots(browser, plots)
    assert all(n > 0 for n in counts), counts
    WebDriverWait(browser, 30).until(lambda d: spanish in text_of(d, words_id))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"{path.strip('/')}-{run}-es.png"))
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: english in text_of(d, words_id))
    browser.save_screenshot(str(ARTIFACTS / f"{path.strip('/')}-{run}-en.png"))


def test_a_run_at_several_agent_levels_shows_its_figures_and_cards_per_level(browser, site: str) -> None:
    """Issue 16: the factions page draws each headline figure per level, the cards page the key cards
    per level, both in the chosen language, n and flags printed beside the dots."""
    levels_text = "return Array.from(document.querySelectorAll('#{} text')).map(e => e.textContent).join(' ');"
    open_in_spanish(browser, site, "/factions", "levels")
    wait_for_plots(browser, 2)
    WebDriverWait(browser, 30).until(lambda d: "victorias del primer jugador: random / random"
                                     in d.execute_script(levels_text.format("factions-levels")))
    assert "n = 200" in browser.execute_script(levels_text.format("factions-levels"))
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: "first player win rate: random / random"
                                     in d.execute_script(levels_text.format("factions-levels")))
    browser.get(f"{site}/cards?run=levels&tab=charts")
    wait_for_plots(browser, 3)
    cards = browser.execute_script(levels_text.format("cards-levels"))
    assert "IWD minus its null" in cards and "· random / random" in cards and "GIH n = " in cards, cards
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "cards-levels-en.png"))
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "IWD menos su nulo" in d.execute_script(levels_text.format("cards-levels")))


def test_a_ladder_shows_each_levels_speed_beside_its_rating(browser, site: str) -> None:
    open_in_spanish(browser, site, "/factions", "ladder")
    browser.get(f"{site}/factions?run=ladder&tab=matchups")
    wait_for_plots(browser, 3)
    speeds = "return Array.from(document.querySelectorAll('#factions-level-speed text')).map(e => e.textContent).join(' ');"
    WebDriverWait(browser, 30).until(lambda d: "partidas/s" in d.execute_script(speeds))
    assert all(level in browser.execute_script(speeds) for level in ("random", "greedy", "hard 2x1", "hard 16x2"))
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: "Speed of each level" in d.execute_script(speeds))


def test_the_views_say_n_and_intervals(browser, site: str) -> None:
    """The best-of-three bar prints its rate, interval and n; the story line ends at the chance to
    clear; the ablation table names every card, the unmeasured one too."""
    open_in_spanish(browser, site, "/matches", "bo3")
    wait_for_plots(browser, 3)
    bars = "return Array.from(document.querySelectorAll('#matches-win-rate text.bartext')).map(e => e.textContent);"
    WebDriverWait(browser, 30).until(lambda d: any("n = 60 partidos" in s for s in d.execute_script(bars)))
    assert "2 partidas" in text_of(browser, "matches-lengths-table") or "2" in text_of(browser, "matches-lengths-table")
    open_in_spanish(browser, site, "/story", "story")
    wait_for_plots(browser, 1)
    WebDriverWait(browser, 30).until(lambda d: "llegan invictos" in text_of(d, "story-table"))
    open_in_spanish(browser, site, "/ablations", "ablation")
    wait_for_plots(browser, 1)
    WebDriverWait(browser, 30).until(lambda d: "AR-11" in text_of(d, "ablations-table"))
    table_text = text_of(browser, "ablations-table")
    assert all(card in table_text for card in ("AR-11", "AR-13", "DA-4")), table_text
    assert "sin medir" in table_text and "DA-4" in text_of(browser, "ablations-unmeasured")


OTHER_KIND = [("/matches", "story", "es un modo historia", "is a story run", "/story?run=story"),
              ("/story", "bo3", "es un torneo al mejor de tres", "is a best-of-three run", "/matches?run=bo3"),
              ("/sweeps", "ablation", "es una ablación de cartas", "is a card ablation", "/ablations?run=ablation"),
              ("/ablations", "sweep", "es un barrido", "is a sweep", "/sweeps?run=sweep"),
              ("/matches", "rr", "es un todos contra todos", "is a round robin", "/factions?run=rr")]


@pytest.mark.parametrize("path, run, spanish, english, link", OTHER_KIND)
def test_a_view_of_another_kind_says_so_and_links_to_its_page(browser, site: str, path: str, run: str, spanish: str,
                                                              english: str, link: str) -> None:
    open_in_spanish(browser, site, path, run)
    sentence = lambda d: d.execute_script(  # noqa: E731
        "const e = document.querySelector('.wrong-kind'); return e ? e.innerText : '';")
    WebDriverWait(browser, 30).until(lambda d: spanish in sentence(d))
    assert not browser.find_elements(By.CSS_SELECTOR, ".js-plotly-plot")
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".wrong-kind a")]
    assert any(href.endswith(link) for href in links), links
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: english in sentence(d))
    browser.find_element(By.CSS_SELECTOR, f".wrong-kind a[href$='{link}']").click()  # and the link leads there
    WebDriverWait(browser, 30).until(lambda d: d.current_url.endswith(link.split("?")[0]) or link in d.current_url)
    wait_for_plots(browser, 1)


def pick_run_b(driver, run: str) -> None:
    """Choose run B in the compare page's dropdown, as a person would: open it, type, Enter; again
    when the options had not arrived yet (a busy machine), until the dropdown shows the run."""
    for _ in range(5):
        box = WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "compare-run-b"))
        box.click()
        field = driver.switch_to.active_element
        field.send_keys(run)
        field.send_keys(Keys.ENTER)
        try:
            WebDriverWait(driver, 10).until(lambda d: run in text_of(d, "compare-run-b"))
            return
        except TimeoutException:
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    raise AssertionError(f"could not pick {run} as run B: the dropdown shows {text_of(driver, 'compare-run-b')!r}")


def test_compare_pairs_two_runs_of_one_spec_with_a_card_edited(browser, site: str, results: Path) -> None:
    expected = win_rate_comparison(scan_games(results / "cmp_a"), scan_games(results / "cmp_b"), paired=True).row(0, named=True)
    difference = signed_points_with_interval(expected["diff"], expected["diff_low"], expected["diff_high"])
    diferencia = signed_points_with_interval(expected["diff"], expected["diff_low"], expected["diff_high"], lang="es")
    open_in_spanish(browser, site, "/compare", "cmp_a")
    WebDriverWait(browser, 30).until(lambda d: "cmp_a" in text_of(d, "compare-method"))  # "pick run B"
    pick_run_b(browser, "cmp_b")
    WebDriverWait(browser, 60).until(lambda d: "Comparación emparejada" in text_of(d, "compare-method"))
    assert "semilla 5" in text_of(browser, "compare-method")
    wait_for_plots(browser, 1)
    WebDriverWait(browser, 30).until(lambda d: diferencia in text_of(d, "compare-win-rates-table"))  # Spanish numbers
    assert "emparejada" in text_of(browser, "compare-win-rates-table")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "compare-paired-es.png"))
    for tab, shows in (("first-player", "compare-first-player-table"), ("cards", "compare-cards-table")):
        browser.find_element(By.ID, f"compare-tab-{tab}").click()  # one view at a time, the tab in the address
        WebDriverWait(browser, 30).until(lambda d: browser.find_elements(By.ID, shows))
        wait_for_plots(browser, 1)
        assert f"tab={tab}" in browser.current_url and "run_b=cmp_b" in browser.current_url
    assert "AR-01" in grid_text(browser, "compare-cards-table")  # every card, in sight or below
    assert "Todas las cartas" in text_of(browser, "compare-cards-only")
    browser.save_screenshot(str(ARTIFACTS / "compare-paired-cards-es.png"))
    browser.find_element(By.ID, "compare-tab-win-rates").click()
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.ID, "compare-win-rates-table"))
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: "Paired comparison" in text_of(d, "compare-method"))
    assert "paired" in text_of(browser, "compare-win-rates-table") and difference in text_of(browser, "compare-win-rates-table")
    browser.save_screenshot(str(ARTIFACTS / "compare-paired-en.png"))


def test_compare_of_runs_on_other_seeds_is_unpaired(browser, site: str) -> None:
    open_in_spanish(browser, site, "/compare", "cmp_a")
    pick_run_b(browser, "cmp_c")
    WebDriverWait(browser, 60).until(lambda d: "no emparejada" in text_of(d, "compare-method"))
    assert "las semillas difieren (5 y 6)" in text_of(browser, "compare-method")
    wait_for_plots(browser, 1)
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: "Unpaired comparison" in text_of(d, "compare-method"))
    assert "the seeds differ (5 and 6)" in text_of(browser, "compare-method")
    assert "unpaired" in text_of(browser, "compare-win-rates-table")
    browser.save_screenshot(str(ARTIFACTS / "compare-unpaired-en.png"))


def test_the_navigation_reaches_every_view(browser, site: str) -> None:
    """Each view is in the navigation bar, named in the chosen language; a round robin's is factions."""
    open_in_spanish(browser, site, "/factions", "rr")
    names = {"nav-ablations": ("Ablación", "Ablation"), "nav-matches": ("Mejor de 3", "Best of 3"),
             "nav-story": ("Historia", "Story"), "nav-compare": ("Comparar", "Compare"),
             "nav-sweeps": ("Barridos", "Sweeps"), "nav-factions": ("Facciones", "Factions")}
    WebDriverWait(browser, 30).until(lambda d: all(text_of(d, i) == es for i, (es, _) in names.items()))
    wait_for_plots(browser, 1)  # the round robin's win rates draw on factions
    choose_language(browser, "en")
    WebDriverWait(browser, 30).until(lambda d: all(text_of(d, i) == en for i, (_, en) in names.items()))
    browser.find_element(By.ID, "nav-story").click()
    WebDriverWait(browser, 30).until(lambda d: "is a round robin" in text_of(d, "story-body"))
