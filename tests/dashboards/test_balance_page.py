"""The balance page (`sim balance`'s proposals) in a real headless Chromium, over a results folder
holding the tiny game's known-optimum search (tests/balance): the proposals with their confirmed
figures and patches, the path of the search drawn, the language switch changing the words."""

from __future__ import annotations


import pytest
from selenium.webdriver.support.ui import WebDriverWait

import tests.rulesets.tiny  # noqa: F401 (registers the tiny game)
from dashboards.app import create_app
from sim.balance.search import search
from sim.run.spec import load_spec
from tests.balance.test_balance_search import write_tiny
from tests.dashboards.test_dashboard_browser import ARTIFACTS, browser, choose_language, serve, text_of, wait_for_plots

__all__ = ["browser"]


@pytest.fixture(scope="module")
def balance_site(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("balance_dash")
    results = folder / "results"
    search(load_spec(write_tiny(folder)), results)
    server, url = serve(create_app(results, executor="serial", warm=False))
    yield url
    server.shutdown()


def test_the_balance_page_shows_the_proposals_and_the_search_path(browser, balance_site: str) -> None:
    browser.get(f"{balance_site}/balance?search=tiny_balance&lang=en")
    WebDriverWait(browser, 30).until(lambda d: "Proposal 1" in text_of(d, "balance-body"))
    body = text_of(browser, "balance-body")
    assert "AZ-06.value 3 → 6" in body and "meets every objective" in body
    assert "+value = 6  # weak" in body  # the patch
    assert "held-out seed 99" in text_of(browser, "balance-summary")
    counts = wait_for_plots(browser, 1)
    assert counts and counts[0] >= 2  # kept and dropped candidates, and the baseline's line
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "balance.png"))
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "Propuesta 1" in text_of(d, "balance-body"))
    assert "semilla reservada 99" in text_of(browser, "balance-summary")
