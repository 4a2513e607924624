"""The Cards page's table of every measure at 17lands grade (issue 33): number filters in the unit
the cell reads, column presets kept in the address, its first rows in sight as the page opens at
1400 x 900 under the run's findings and at least 20 once scrolled to, a legend of its colours in
both languages and each card by the name its card file gives it. A unit
test of the filters every table gets, and one headless Chromium test on a small dicedraft run with
an ablation (so it has a causal measure)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import polars as pl
import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from dashboards.widgets import DIFFERENCE_STEPS, PINNED, RATE_STEPS, colour_legend, legend_bands, table, table_texts
from sim.report.formatting import shown_scale
from sim.report.language import TEXT, column, t
from test_dashboard_browser import ARTIFACTS, ROOT, browser, open_page, played, site_fixture, text_of  # noqa: F401

SPEC = ('ruleset = "dicedraft"\ngames = 300\n[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'
        '[ablation]\ncards = ["AR-11", "AR-13", "DA-6"]\nbudget_step = 5\n')
CARD_FILES = ROOT / "sim" / "rulesets" / "dicedraft" / "cards"
WINDOW = (1400, 900)


def test_every_numeric_column_of_a_table_gets_a_number_filter_in_the_unit_its_cell_reads() -> None:
    """Counts, costs, q-values, rates, differences and budget points are filtered by number, words
    (and the side, a number shown as a letter) by text; the number a filter compares is the one the
    cell prints (a win rate's 55.3 of "55.3% [..]", IWD's +4.1 of "+4.1 pts"), so each cell's
    leading number is its raw value times the filter's scale."""
    frame = pl.DataFrame({
        "side": [0, 1, 0], "card_id": ["AR-01", "CI-02", "AR-03"], "card_name": ["Araña Saltarina", "x", "y"],
        "cost": [3, 7, 12], "gih_n": [1200, 30, 0], "gih_wr": [0.553, 0.4, None], "gih_ci_low": [0.52, 0.3, None],
        "gih_ci_high": [0.58, 0.5, None], "iwd": [0.041, -0.125, None], "q_value": [0.01, 0.5, None],
        "ablation_worth": [0.02, None, -0.03], "points": [6.0, None, -1.5], "points_low": [1.2, None, -3.0],
        "points_high": [10.8, None, 0.5], "in_deck_share": [0.25, 1.0, 0.5]})
    for lang in ("es", "en"):
        wrapper = table("t", frame, lang)
        defs = {spec["colId"]: spec for spec in wrapper.children.columnDefs}
        numeric = {name for name in defs if frame.schema[name].is_numeric() and name != "side"}
        assert numeric == {"cost", "gih_n", "gih_wr", "iwd", "q_value", "ablation_worth", "points", "in_deck_share"}
        for name, spec in defs.items():
            if name in numeric:
                assert spec["filter"] == "agNumberColumnFilter", name
                scale = shown_scale(name, frame.schema[name])
                assert spec["filterValueGetter"] == {"function": f"simShownNumber(params, '{name}', {scale})"}
                assert spec["filterParams"]["numberParser"] == {"function": f"simParseNumber(params, '{lang}')"}
            else:
                assert spec["filter"] == "agTextColumnFilter" and "filterValueGetter" not in spec, name
        assert wrapper.children.defaultColDef["floatingFilter"] is True
        for raw, shown in zip(wrapper.children.rowData, table_texts(wrapper)):
            for name in numeric:
                printed = re.match(r"[+-]?[\d.,]+", shown[name].replace("\u00a0", ""))
                if raw[name] is None:
                    assert shown[name] == "-"
                    continue
                digits = printed.group(0)
                digits = digits.replace(".", "").replace(",", ".") if lang == "es" else digits.replace(",", "")
                decimals = len(digits.split(".")[1]) if "." in digits else 0
                off = abs(float(digits) - raw[name] * shown_scale(name, frame.schema[name]))
                assert off <= 0.5 * 10 ** -decimals + 1e-9, (name, shown[name], raw[name])  # the cell's own rounding


def test_the_colour_legend_says_the_bands_the_cells_are_shaded_by() -> None:
    frame = pl.DataFrame({"card_id": ["a"], "gih_wr": [0.6], "iwd": [0.1], "cost": [3]})
    legend = str(colour_legend("t", frame, "es"))
    for band in legend_bands(RATE_STEPS, "es") + legend_bands(DIFFERENCE_STEPS, "es"):
        assert band in legend
    assert "de 0,5 a 2 pts" in legend and "10 pts o más" in legend  # the bands of the constants, in Spanish
    assert colour_legend("t", frame.select("card_id", "cost"), "en") is None  # nothing coloured: no legend
    balance = str(colour_legend("t", pl.DataFrame({"config": ["a"], "win_rate": [0.7]}), "en"))
    assert t("legend_balance", "en") in balance and t("legend_card_rates", "en") not in balance


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played(tmp_path_factory.mktemp("cardgrid"), {"grid": SPEC}, seed=7)


site = site_fixture(warm=False)


def grid_call(driver, script: str, *args):
    """Run `script` with the card grid's API as `api` (None until the grid is there)."""
    return driver.execute_script(f"""
        let api; try {{ api = dash_ag_grid.getApi('cards-table-grid'); }} catch (e) {{ return null; }}
        if (!api || api.isDestroyed()) {{ return null; }}
        {script}""", *args)


DISPLAYED_COLUMNS = "return api.getAllDisplayedColumns().map(c => c.getColId());"
FILTERED_CARDS = "const out = []; api.forEachNodeAfterFilter(n => out.push([n.data.side, n.data.card_id])); return out;"
ROWS_IN_SIGHT = """
    const body = document.querySelector('#cards-table .ag-body-viewport');
    if (!body) { return 0; }
    const box = body.getBoundingClientRect(), top = Math.max(0, box.top), bottom = Math.min(window.innerHeight, box.bottom);
    return Array.from(document.querySelectorAll('#cards-table .ag-center-cols-container .ag-row')).filter(row => {
        const r = row.getBoundingClientRect(); return r.height > 0 && r.top >= top - 1 && r.bottom <= bottom + 1;
    }).length;"""


def choose(driver, selector: str) -> None:
    WebDriverWait(driver, 30, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, selector) and (d.find_element(By.CSS_SELECTOR, selector).click() or True))


def in_grid_order(columns: list[str]) -> list[str]:
    """Columns as the grid shows them: the pinned ones (the card) first, the others in their order."""
    return sorted(columns, key=lambda name: name not in PINNED)


def card_file_names() -> dict[str, str]:
    names = {}
    for path in CARD_FILES.glob("*.toml"):
        names.update({card["id"]: card["name"] for card in tomllib.loads(path.read_text(encoding="utf-8"))["card"]})
    return names


def test_the_card_grid_at_1400_by_900_filters_by_number_switches_presets_and_explains_its_colours(
        browser, site: str, results: Path) -> None:
    import sys

    import dash

    from sim.analysis.card_impact import card_impact

    # the page module the app loaded (importing it by name would register the page twice)
    page = sys.modules[next(p for p in dash.page_registry.values() if p["path"] == "/cards")["module"]]
    impact = card_impact(results / "grid").filter(pl.col("config") == "base")
    width, height = WINDOW
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    try:
        browser.get(f"{site}/?run=grid")
        browser.execute_script("window.localStorage.clear(); window.sessionStorage.clear();")
        open_page(browser, site, "/cards?tab=measures&lang=es", "grid")
        WebDriverWait(browser, 60).until(lambda d: (grid_call(d, "return api.getDisplayedRowCount();") or 0) == impact.height)

        # the page opens on the grid's first rows, under the run's findings: the panel shows the first
        # finding (and the problems after it) and folds the rest behind "show all n findings"
        WebDriverWait(browser, 60).until(lambda d: "Mostrar las" in text_of(d, "findings-panel"))
        opener = text_of(browser, "findings-show-all")
        assert re.fullmatch(r"Mostrar las \d+ conclusiones", opener), opener
        assert browser.execute_script("return window.scrollY;") == 0
        WebDriverWait(browser, 10).until(lambda d: d.execute_script(ROWS_IN_SIGHT) >= 3)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / "cards-grid-1400-opened.png"))

        # the quick view first: the card, its cost, GIH WR, IWD and the ablation's worth (the run's causal measure)
        quick = in_grid_order(["side", "card_id", "card_name", "cost", "gih_wr", "iwd", "ablation_worth"])
        WebDriverWait(browser, 30).until(lambda d: grid_call(d, DISPLAYED_COLUMNS) == quick)
        headers = browser.execute_script("""return Array.from(document.querySelectorAll(
            '#cards-table .ag-header-row-column .ag-header-cell[col-id]')).map(h => [h.getAttribute('col-id'), h.innerText]);""")
        assert [h[0] for h in headers] == quick
        for name, text in headers:
            assert text.replace("\n", " ").startswith(column(name, "es")), (name, text)

        # 20 rows or more in sight once the table is scrolled to
        browser.execute_script("document.getElementById('cards-table').scrollIntoView({block: 'start'});")
        WebDriverWait(browser, 10).until(lambda d: d.execute_script(ROWS_IN_SIGHT) >= 20)
        in_sight = browser.execute_script(ROWS_IN_SIGHT)
        assert in_sight >= 20, in_sight
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / "cards-grid-1400.png"))

        # every card by the name its card file gives it, its id beside it and on hover
        names = card_file_names()
        shown_names = browser.execute_script("""return Array.from(document.querySelectorAll('#cards-table .ag-row'))
            .map(r => [r.querySelector('[col-id="card_id"]'), r.querySelector('[col-id="card_name"]')])
            .filter(([i, n]) => i && n).map(([i, n]) => [i.innerText, n.innerText]);""")
        assert len(shown_names) >= 20 and all(name == names[card] for card, name in shown_names), shown_names
        assert "Araña Goliat" in {name for _, name in shown_names} | set(impact["card_name"])
        assert grid_call(browser, "return api.getColumnDef('card_name').tooltipField;") == "card_id__text"

        # IWD above a threshold typed in points, with a Spanish decimal comma, and cost at most 6
        cheap = impact.filter(pl.col("cost") <= 6, pl.col("iwd").is_not_null())
        threshold = round(float((cheap["iwd"] * 100).median()), 1)
        grid_call(browser, """api.setFilterModel({iwd: {filterType: 'number', type: 'greaterThan', filter: 0},
                                                  cost: {filterType: 'number', type: 'lessThanOrEqual', filter: 6}});""")
        index = browser.execute_script("""return document.querySelector(
            '#cards-table .ag-header-cell[col-id="iwd"]').getAttribute('aria-colindex');""")
        box = browser.find_element(By.CSS_SELECTOR, f'#cards-table .ag-floating-filter[aria-colindex="{index}"] input')
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(f"{threshold:.1f}".replace(".", ","))
        WebDriverWait(browser, 10).until(
            lambda d: grid_call(d, "return api.getFilterModel().iwd.filter;") == threshold)
        passing = {(side, card) for side, card, iwd, cost in impact.select("side", "card_id", "iwd", "cost").iter_rows()
                   if iwd is not None and round(iwd * 100, 9) > threshold and cost <= 6}
        assert 0 < len(passing) < impact.height
        WebDriverWait(browser, 10).until(lambda d: {tuple(r) for r in grid_call(d, FILTERED_CARDS)} == passing)

        # each preset shows its columns; the filters stay
        every = [c for c in page.COLUMNS if c in grid_call(browser, "return api.getColumns().map(c => c.getColId());")]
        for preset in ("causal", "observational", "all", "quick"):
            choose(browser, f"#cards-preset input[value='{preset}']")
            wanted = in_grid_order(every if page.PRESETS[preset] is None else [c for c in every if c in page.PRESETS[preset]])
            WebDriverWait(browser, 30).until(lambda d: grid_call(d, DISPLAYED_COLUMNS) == wanted)
            WebDriverWait(browser, 30).until(lambda d: f"preset={preset}" in d.current_url)
            WebDriverWait(browser, 10).until(lambda d: {tuple(r) for r in (grid_call(d, FILTERED_CARDS) or [])} == passing)
        assert "ablation_n" in page.PRESETS["causal"] and "points" in every

        # the legend in Spanish, then in English: the bands of RATE_STEPS and DIFFERENCE_STEPS
        legend = text_of(browser, "cards-table-legend")
        assert TEXT["legend_card_rates"]["es"] in legend and TEXT["legend_card_differences"]["es"] in legend
        assert all(band in legend for band in legend_bands(RATE_STEPS, "es")) and "rojo: por debajo" in legend
        choose(browser, "#lang-choice input[value='en']")
        WebDriverWait(browser, 30).until(lambda d: TEXT["legend_card_rates"]["en"] in text_of(d, "cards-table-legend"))
        legend = text_of(browser, "cards-table-legend")
        assert all(band in legend for band in legend_bands(DIFFERENCE_STEPS, "en")) and "red: below" in legend
        assert TEXT["legend_card_rates"]["es"] not in legend
        assert text_of(browser, "cards-preset-label") == TEXT["preset_label"]["en"]
        choose(browser, "#lang-choice input[value='es']")

        # a link opens the preset it names
        open_page(browser, site, "/cards?tab=measures&preset=observational&lang=es", "grid")
        observational = in_grid_order([c for c in every if c in page.PRESETS["observational"]])
        WebDriverWait(browser, 60).until(lambda d: grid_call(d, DISPLAYED_COLUMNS) == observational)
        assert browser.find_element(By.CSS_SELECTOR, "#cards-preset input[value='observational']").is_selected()
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
