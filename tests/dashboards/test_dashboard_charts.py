"""Charts that say who and how much, and tables like 17lands', in a real headless Chromium: every card
name on the ablation chart's axis, faction names and n on the win-rate chart, table cells as the
report writes them sorted by their numbers, a table filter that survives the page's refresh, and
chart and table texts that follow the language. Tiny runs (4 games per config)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from dashboards.app import create_app
from sim.report.language import TEXT
from test_dashboard_browser import ARTIFACTS, browser, open_page, played, serve, site_fixture, text_of, wait_for_plots  # noqa: F401

SPECS = {
    "fz": 'ruleset = "fortaleza"\ngames = 4\n[[side]]\nfaction = "japon"\n[[side]]\nfaction = "china"\n'
          '[ablation]\nside = 1\ncards = "all"\n',
    "dd": 'ruleset = "dicedraft"\ngames = 4\n[[side]]\nfaction = "aranas"\nlabel = "Arañas"\n'
          '[[side]]\nfaction = "ciempies"\nlabel = "Ciempiés"\n[ablation]\nside = 1\ncards = "all"\n',
}
SVG_TEXTS = "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.textContent);"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("charts")
    return played(folder, SPECS, seed=5)


site = site_fixture(warm=False)


def choose_language(driver, lang: str) -> None:
    WebDriverWait(driver, 30).until(lambda d: text_of(d, "nav-cards") in (TEXT["nav_cards"]["es"], TEXT["nav_cards"]["en"]))

    def chosen(d) -> bool:  # click until the page says it (a click while the page restores the stored one is lost)
        if text_of(d, "nav-cards") != TEXT["nav_cards"][lang]:
            d.find_element(By.CSS_SELECTOR, f"#lang-choice input[value='{lang}']").click()
            time.sleep(0.5)
        return text_of(d, "nav-cards") == TEXT["nav_cards"][lang]

    WebDriverWait(driver, 30, ignored_exceptions=(StaleElementReferenceException,)).until(chosen)


def ablated_cards(results: Path, run: str) -> list[str]:
    """The cards an ablation run replaced, as the chart names them: "JP-001 Ashigaru de Leva"."""
    from sim.analysis.ablation import ablation_impact

    folder = results / run
    frame = ablation_impact(folder, json.loads((folder / "manifest.json").read_text(encoding="utf-8")))
    return [f"{c} {n}".strip() for c, n in zip(frame["card_id"], frame["card_name"])]


def grid_column(driver, table_id: str, column: str) -> list[str]:
    """A grid column's cell texts in the order the grid shows its rows."""
    return driver.execute_script("""
        const cells = Array.from(document.querySelectorAll(`#${arguments[0]} .ag-row [col-id="${arguments[1]}"]`));
        return cells.map(c => [Number(c.closest('.ag-row').getAttribute('row-index')), c.innerText])
                    .sort((a, b) => a[0] - b[0]).map(p => p[1]);""", table_id, column)


def grid_rows(driver, table_id: str) -> int:
    """The rows the table holds after its filters, as its grid counts them (a long table draws only
    the rows in sight)."""
    return driver.execute_script("""
        try { return dash_ag_grid.getApi(arguments[0] + '-grid').getDisplayedRowCount(); } catch (e) { return 0; }""",
        table_id)


@pytest.mark.parametrize("run, cards", [("fz", 44), ("dd", 22)])
def test_the_ablation_chart_lists_every_card_name(browser, site: str, results: Path, run: str, cards: int) -> None:
    open_page(browser, site, "/cards", run)  # an ablation run opens on what its cards cause
    wait_for_plots(browser, 1, timeout=60)
    expected = ablated_cards(results, run)
    assert len(expected) == cards
    WebDriverWait(browser, 30).until(lambda d: len(d.execute_script(SVG_TEXTS, "#cards-ablation g.ytick text")) == cards)
    shown = browser.execute_script(SVG_TEXTS, "#cards-ablation g.ytick text")
    assert sorted(shown) == sorted(expected)
    ticks = browser.execute_script(SVG_TEXTS, "#cards-ablation g.xtick text")
    assert len(ticks) >= 3 and len(ticks) == len(set(ticks)), ticks  # no "+1% +1% +2% +2%"
    # the same values in the table beside it: one row per card
    WebDriverWait(browser, 30).until(lambda d: grid_rows(d, "cards-ablation-table") == cards)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"cards-ablation-{run}.png"))


def test_the_win_rate_chart_names_the_factions_and_prints_value_and_n(browser, site: str) -> None:
    open_page(browser, site, "/factions", "dd")
    wait_for_plots(browser, 1, timeout=60)
    legend = browser.execute_script(SVG_TEXTS, "#factions-win-rates .legendtext")
    assert set(legend) == {"A: Arañas", "B: Ciempiés"}, legend
    printed = [p.strip() for p in browser.execute_script(SVG_TEXTS, "#factions-win-rates g.textpoint text")]
    # the page speaks Spanish: its numbers too ("87,5 %", the interval's bounds parted by ";")
    assert printed and all(re.fullmatch(r"\d+,\d\u00a0% \[\d+,\d; \d+,\d\], n = 4", p) for p in printed), printed
    browser.find_element(By.ID, "factions-tab-first-player").click()  # its own tab, the address follows
    WebDriverWait(browser, 30).until(lambda d: "tab=first-player" in d.current_url)
    WebDriverWait(browser, 30).until(lambda d: d.execute_script(SVG_TEXTS, "#factions-first-player g.textpoint text"))
    fpa = browser.execute_script(SVG_TEXTS, "#factions-first-player g.textpoint text")
    assert fpa and all("seat pairs = " in p or "pares de asientos = " in p for p in fpa), fpa


def test_table_cells_read_as_the_report_and_sort_by_their_numbers(browser, site: str) -> None:
    open_page(browser, site, "/cards?tab=measures", "dd")
    WebDriverWait(browser, 60).until(lambda d: grid_rows(d, "cards-table") > 10)
    rates = [t for t in grid_column(browser, "cards-table", "gih_wr") if t != "-"]
    assert rates and all(re.fullmatch(r"\d+,\d\u00a0% \[\d+,\d; \d+,\d\]", r) for r in rates), rates  # Spanish numbers
    header = browser.find_element(By.CSS_SELECTOR, '#cards-table .ag-header-cell[col-id="gih_wr"] .ag-header-cell-label')
    for direction in ("asc", "desc"):
        header.click()
        WebDriverWait(browser, 10).until(lambda d: d.execute_script(
            "return document.querySelector('#cards-table .ag-header-cell[col-id=\"gih_wr\"]').getAttribute('aria-sort');")
            == ("ascending" if direction == "asc" else "descending"))
        def shown_rates(d) -> list[float]:
            return [float(t.split("\u00a0%")[0].replace(",", ".")) for t in grid_column(d, "cards-table", "gih_wr") if t != "-"]

        try:  # the rows move to their places after the header says so (AG Grid animates them): wait for it
            WebDriverWait(browser, 10).until(lambda d: shown_rates(d) == sorted(shown_rates(d), reverse=direction == "desc"))
        except TimeoutException:
            pass
        values = shown_rates(browser)
        assert values == sorted(values, reverse=direction == "desc"), values  # numbers, not text ("9.5%" < "52.1%")


FIRST_FILTER = '#runs-table .ag-floating-filter[aria-colindex="1"] input'


def test_a_filter_typed_in_a_table_survives_the_refresh_interval(browser, site: str) -> None:
    """The runs table is drawn again every 1.5 s: the filter a designer typed stays, and so do its rows."""
    open_page(browser, site, "/", "dd")
    WebDriverWait(browser, 30).until(lambda d: grid_rows(d, "runs-table") == 2)

    def typed(d) -> bool:
        """Type the filter; keys that land while the page swaps the grid for a new one are lost, so
        type again until the grid has taken it (what is tested is that it then stays)."""
        box = d.find_element(By.CSS_SELECTOR, FIRST_FILTER)
        box.clear()
        box.send_keys("fz", Keys.TAB)
        time.sleep(1.0)
        return grid_rows(d, "runs-table") == 1

    WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException, ElementNotInteractableException)).until(typed)
    time.sleep(4.5)  # three refreshes of the runs page
    assert grid_rows(browser, "runs-table") == 1 and grid_column(browser, "runs-table", "run") == ["fz"]
    assert browser.execute_script(f"return document.querySelector('{FIRST_FILTER}').value;") == "fz"
    sort_state = "return document.querySelector('#runs-table .ag-header-cell[col-id=\"run\"]').getAttribute('aria-sort');"

    def sorted_down(d) -> bool:  # a click that lands while the grid is swapped is lost too: click until it holds
        if d.execute_script(sort_state) != "descending":
            d.find_element(By.CSS_SELECTOR, '#runs-table .ag-header-cell[col-id="run"] .ag-header-cell-label').click()
            time.sleep(0.7)
        return d.execute_script(sort_state) == "descending"

    WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException, ElementNotInteractableException)).until(sorted_down)
    time.sleep(4.5)
    assert browser.execute_script(sort_state) == "descending"  # the sort stays too


ES_ONLY = ("diferencia de tasa de victoria", "Valor causal", "IC 95%", "nulo", "pares", "mismas partidas",
           "tasa de victoria", "lado ")
EN_ONLY = ("win-rate difference", "Causal worth", "95% CI", "null ", "pairs", "same games", "win rate", "side ")


@pytest.mark.parametrize("lang, absent", [("en", ES_ONLY), ("es", EN_ONLY)])
def test_chart_and_table_texts_follow_the_language(browser, site: str, lang: str, absent: tuple[str, ...]) -> None:
    open_page(browser, site, "/cards", "dd")
    choose_language(browser, lang)
    axis = TEXT["chart_difference_axis"][lang]  # the ablation chart's axis, once drawn again in `lang`
    WebDriverWait(browser, 60).until(lambda d: axis in d.execute_script(SVG_TEXTS, ".js-plotly-plot text"))
    texts = browser.execute_script(SVG_TEXTS, ".js-plotly-plot text")  # what the ablation tab draws
    browser.find_element(By.ID, "cards-tab-charts").click()
    title = TEXT["chart_iwd"][lang][:30]
    WebDriverWait(browser, 60).until(lambda d: any(title in t for t in d.execute_script(SVG_TEXTS, "#cards-iwd .gtitle")))
    wait_for_plots(browser, 2, timeout=60)
    texts += browser.execute_script(SVG_TEXTS, ".js-plotly-plot text")
    browser.find_element(By.ID, "cards-tab-measures").click()
    WebDriverWait(browser, 30).until(lambda d: grid_rows(d, "cards-table") > 10)
    texts = " | ".join(texts + browser.execute_script(SVG_TEXTS, ".ag-header-cell-text")
                       + browser.execute_script(SVG_TEXTS, ".tab"))
    for phrase in absent:
        assert phrase not in texts, (lang, phrase)
    assert TEXT["chart_difference_axis"][lang] in texts
    labels = {e.get_attribute("aria-label") for e in browser.find_elements(By.CSS_SELECTOR, "#cards-table .ag-floating-filter input")}
    assert any(TEXT["grid_ariaFilterInput"][lang] in (label or "") for label in labels), labels  # the grid's own words
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"cards-{lang}.png"))
    choose_language(browser, "es")
