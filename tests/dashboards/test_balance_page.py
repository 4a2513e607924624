"""The balance page (`sim balance`'s proposals) in a real headless Chromium, over a results folder
holding the tiny game's known-optimum searches (tests/balance): the proposals with their confirmed
figures and patches, the path of the search drawn, each card's forced-draw effect drawn for a
card_effect objective, the language switch changing the words."""

from __future__ import annotations


import pytest
from selenium.webdriver.support.ui import WebDriverWait

import tests.rulesets.tiny  # noqa: F401 (registers the tiny game)
from dashboards.app import create_app
from sim.balance.search import search
from sim.run.spec import load_spec
from tests.balance.test_balance_search import write_tiny
from tests.balance.test_card_effect_objective import write_spec
from tests.dashboards.test_dashboard_browser import ARTIFACTS, browser, choose_language, serve, text_of, wait_for_plots

__all__ = ["browser"]


@pytest.fixture(scope="module")
def balance_site(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("balance_dash")
    results = folder / "results"
    search(load_spec(write_tiny(folder)), results)
    effect = folder / "effect"
    effect.mkdir()
    search(load_spec(write_spec(effect)), results)
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


def test_a_card_effect_search_draws_every_card_in_both_languages(browser, balance_site: str) -> None:
    browser.get(f"{balance_site}/balance?search=tiny_effect&lang=en")
    WebDriverWait(browser, 30).until(lambda d: "Proposal 1" in text_of(d, "balance-body"))
    body = text_of(browser, "balance-body")
    assert "AZ-12.value 11 → 5" in body and "forced-draw effect of AZ-12" in body
    assert "Cards outside 0 pts ± 1.5 pts: baseline AZ-12 Tsunami" in body and "proposal none" in body
    counts = wait_for_plots(browser, 2)
    assert len(counts) == 2 and all(n > 0 for n in counts)  # the path, and the cards' effects
    points = browser.execute_script(
        "return document.getElementById('balance-card-effects-1').querySelectorAll('.point').length;")
    assert points >= 3  # the baseline's AZ-12 and each proposal's, each a drawn point
    title = text_of(browser, "balance-card-effects-1")
    assert "held-out games" in title and "20,000 pairs per card" in title
    browser.save_screenshot(str(ARTIFACTS / "balance-card-effects.png"))
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "efecto de robar AZ-12" in text_of(d, "balance-body"))
    body = text_of(browser, "balance-body")
    assert "Cartas fuera de 0 pts ± 1.5 pts: base AZ-12 Tsunami" in body and "propuesta ninguna" in body
    assert "forced-draw" not in body and "Cards outside" not in body
    WebDriverWait(browser, 30).until(lambda d: "partidas reservadas" in text_of(d, "balance-card-effects-1"))
