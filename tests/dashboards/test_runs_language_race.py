"""The runs page switched from English to Spanish while its timer's refresh of the runs grid is on its
way: the refresh was asked for in English, and its reply must not put English rows into the grid
the page has just drawn in Spanish (the page × language matrix saw a Spanish runs page with
English words, now and then). The server holds that reply back until the Spanish grid has been
drawn, and a run appears meanwhile (so the reply carries rows, not "unchanged"), so the race the
matrix met by chance is met every time, in headless Chromium."""

from __future__ import annotations

import shutil
import sys
import threading
import time
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from dashboards.app import create_app
from sim.report.language import t
from tests.dashboards.test_dashboard_browser import browser, choose_language, grid_text, played, serve  # noqa: F401

RUN = "carrera"
SPEC = {RUN: 'ruleset = "dicedraft"\ngames = 40\n[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n'}
GRID = "runs-table"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played(tmp_path_factory.mktemp("race"), SPEC, seed=3)


class HeldRefresh:
    """The runs page's `runs_frame` as the app's callbacks call it, with the timer's refresh
    (`refresh_runs`) asked for in English, once armed, held until the grid has been drawn in Spanish
    (`runs_table` in Spanish) and a moment more; after that every refresh is held until the test
    ends, so only that late English reply could change the rows."""

    def __init__(self, read) -> None:
        self.read = read
        self.armed = threading.Event()
        self.stale_asked = threading.Event()
        self.spanish_drawn = threading.Event()
        self.stale_answered = threading.Event()
        self.done = threading.Event()

    def __call__(self, lang):
        caller = sys._getframe(1).f_code.co_name  # the page's callback that reads the runs
        if caller == "runs_table" and lang == "es" and self.armed.is_set():
            self.spanish_drawn.set()
        elif caller == "refresh_runs" and self.armed.is_set():
            if lang == "en" and not self.stale_asked.is_set():
                self.stale_asked.set()
                self.spanish_drawn.wait(30)
                time.sleep(1.0)  # the Spanish grid reaches the browser first
                self.stale_answered.set()
            else:
                self.done.wait(60)
        return self.read(lang)


def test_an_english_refresh_answered_after_the_switch_to_spanish_leaves_the_grid_spanish(browser, results: Path):
    app = create_app(results, executor="serial", warm=False)
    refresh = app.callback_map[f"{GRID}-grid.rowData"]["callback"]
    page = refresh.__wrapped__.__globals__  # the runs page module as the app imported it
    held = HeldRefresh(page["runs_frame"])
    page["runs_frame"] = held
    server, url = serve(app)
    try:
        rows = lambda: grid_text(browser, GRID)  # noqa: E731
        finished = {lang: t("status_finished", lang) for lang in ("es", "en")}
        assert finished["es"] != finished["en"], "the grid reads the same in both languages: this test could not fail"
        browser.get(f"{url}/?run={RUN}&lang=en")
        WebDriverWait(browser, 60).until(lambda d: finished["en"] in rows())
        held.armed.set()
        assert held.stale_asked.wait(30), "the page's timer never refreshed the grid"
        shutil.copytree(results / RUN, results / f"{RUN}_2")  # the held reply has news: rows, not "unchanged"
        # no later tick asks again (Dash would drop the held reply for it): only the switch may
        browser.execute_script("window.dash_clientside.set_props('progress-refresh', {interval: 3600000});")
        choose_language(browser, "es")
        assert held.stale_answered.wait(60), "the grid was never drawn in Spanish"
        time.sleep(1.5)  # the held English reply has come back, and been dropped or drawn
        shown = rows()
        assert f"{RUN}_2" in shown and finished["es"] in shown and finished["en"] not in shown, \
            f"a Spanish runs page shows the rows of an English reply:\n{shown}"
    finally:
        held.done.set()
        server.shutdown()
