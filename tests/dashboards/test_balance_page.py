"""The balance page (`sim balance`'s proposals) in a real headless Chromium, over a results folder
holding the tiny game's known-optimum searches (tests/balance): the proposals with their confirmed
figures and patches, the path of the search drawn, each card's forced-draw effect drawn for a
card_effect objective, the language switch changing the words; each proposal's patch downloaded
and applied to a copy of the cards that `sim run` then plays; a rerun of the finished search still
counting every game it played; the console's paired change the page's."""

from __future__ import annotations

import difflib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import tests.rulesets.tiny  # noqa: F401 (registers the tiny game)
from dashboards.app import create_app
from sim.balance.search import PROPOSALS_FILE, search
from sim.cli import main
from sim.run.spec import load_spec
from tests.balance.test_balance_search import write_tiny
from tests.balance.test_card_effect_objective import write_spec
from tests.dashboards.test_dashboard_browser import ARTIFACTS, browser, choose_language, serve, text_of, wait_for_plots

__all__ = ["browser"]


@pytest.fixture(scope="module")
def balance_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the tiny game's spec and cards (tiny_balance.toml, cards/), a card_effect
    search's (effect/) and the results of both searches (results/)."""
    folder = tmp_path_factory.mktemp("balance_dash")
    results = folder / "results"
    search(load_spec(write_tiny(folder)), results)
    effect = folder / "effect"
    effect.mkdir()
    search(load_spec(write_spec(effect)), results)
    return folder


@pytest.fixture(scope="module")
def balance_site(balance_folder: Path):
    server, url = serve(create_app(balance_folder / "results", executor="serial", warm=False))
    yield url
    server.shutdown()


def stored_record(folder: Path, search_name: str = "tiny_balance") -> dict:
    return json.loads((folder / "results" / f"{search_name}.balance" / PROPOSALS_FILE).read_text(encoding="utf-8"))


def open_search(browser, url: str, lang: str, search_name: str = "tiny_balance") -> None:
    browser.get(f"{url}/balance?search={search_name}&lang={lang}")
    heading = {"en": "Proposal 1", "es": "Propuesta 1"}[lang]
    WebDriverWait(browser, 30).until(lambda d: heading in text_of(d, "balance-body"))


def proposal_button(browser, rank: int, which: int):
    """Proposal `rank`'s first (download the patch) or second (apply to a copy) button."""
    return browser.find_element(By.CSS_SELECTOR, f"#balance-proposal-{rank} .balance-actions button:nth-child({which})")


def test_the_balance_page_shows_the_proposals_and_the_search_path(browser, balance_site: str,
                                                                    balance_folder: Path) -> None:
    """Proposal 1's row is its confirmation: the figure and the baseline's on the confirmation
    seed's games, its held-out reading under it as the selection's, in the page's language."""
    from sim.balance.console import figure_text

    record = stored_record(balance_folder)
    first = record["proposals"][0]
    browser.get(f"{balance_site}/balance?search=tiny_balance&lang=en")
    WebDriverWait(browser, 30).until(lambda d: "Proposal 1" in text_of(d, "balance-body"))
    body = text_of(browser, "balance-body")
    assert "AZ-06.value 3 → 6" in body and "meets every objective" in body
    assert "+value = 6  # weak" in body  # the patch
    summary = text_of(browser, "balance-summary")
    assert "held-out seed 99" in summary and f"confirmation seed {record['confirmation']['seed']}" in summary
    cells = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#balance-proposal-1 .balance-figures td")]
    assert cells[2:4] == [figure_text(record["confirmation"]["baseline"][0]), figure_text(first["figures"][0])], cells
    selection = text_of(browser, "balance-proposal-1")
    assert f"proposal 1 read Azul vs Rojo: win rate {figure_text(first['selection']['figures'][0])}" in selection
    assert not browser.find_elements(By.CSS_SELECTOR, ".balance-warning")  # the first search on seed 99
    counts = wait_for_plots(browser, 1)
    assert counts and counts[0] >= 2  # kept and dropped candidates, and the baseline's line
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "balance.png"))
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "Propuesta 1" in text_of(d, "balance-body"))
    assert "semilla reservada 99" in text_of(browser, "balance-summary")
    selection = browser.find_element(By.CSS_SELECTOR, "#balance-proposal-1 .balance-selection").text
    assert selection.startswith("Selección: con la semilla reservada 99, donde se eligió como la mejor de 2"), selection
    spanish = figure_text(first["selection"]["figures"][0], "es").replace("\xa0", " ")  # WebDriver reads a space
    assert spanish in selection and "held-out" not in selection


def test_a_card_effect_search_draws_every_card_in_both_languages(browser, balance_site: str) -> None:
    """Its held-out seed, 99, is the one tiny_balance used before on other cards (its azul.toml
    differs): the page warns of it, in both languages, above the summary."""
    browser.get(f"{balance_site}/balance?search=tiny_effect&lang=en")
    WebDriverWait(browser, 30).until(lambda d: "Proposal 1" in text_of(d, "balance-body"))
    warning = browser.find_element(By.CSS_SELECTOR, ".balance-warning").text
    assert warning.startswith("Warning: the held-out seed 99 was already used by an earlier search, tiny_balance "
                              "(finished "), warning
    assert "on other cards (azul.toml changed since)" in warning and "set another held_out_seed" in warning
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
    assert "Cartas fuera de 0 pts ± 1,5 pts: base AZ-12 Tsunami" in body and "propuesta ninguna" in body
    assert "forced-draw" not in body and "Cards outside" not in body
    warning = browser.find_element(By.CSS_SELECTOR, ".balance-warning").text
    assert warning.startswith("Aviso: la semilla reservada 99 ya la usó una búsqueda anterior, tiny_balance "
                              "(terminada el "), warning
    assert "con otras cartas (desde entonces cambió azul.toml)" in warning and "Warning" not in body + warning
    WebDriverWait(browser, 30).until(lambda d: "partidas reservadas" in text_of(d, "balance-card-effects-1"))


def test_a_rerun_of_the_finished_search_reports_every_game_it_played(browser, balance_site: str, balance_folder: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """`sim balance` again on the finished search plays nothing, yet the console and the page say the
    games and play time of the whole search, as after the first run (they said 0 games before)."""
    first = stored_record(balance_folder)
    # the rungs, the held-out confirmation and proposal 1's with the baseline on the confirmation seed
    assert first["games_played"] == first["session_games"] == 33_000
    spec = balance_folder / "tiny_balance.toml"
    assert main(["balance", str(spec), "--results", str(balance_folder / "results"), "--executor", "threads",
                 "--lang", "en"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the terminal's line breaks read as spaces
    again = stored_record(balance_folder)
    assert again["session_games"] == 0 and again["games_played"] == first["games_played"]
    assert "33,000 games played by the search" in out and "this invocation played 0 of them" in out, out
    open_search(browser, balance_site, "en")
    summary = text_of(browser, "balance-summary")
    assert "33,000 games played by the search" in summary, summary
    seconds = re.search(r"in ([\d.,]+) s of play over every session", summary)
    assert seconds and float(seconds[1].replace(",", "")) == pytest.approx(again["play_seconds"], abs=0.051), summary
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "33.000 partidas jugadas por la búsqueda" in text_of(d, "balance-summary"))


def test_the_console_shows_the_page_s_paired_change(browser, balance_site: str, balance_folder: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """`sim show` of the search has the page's "change (paired)" column, with the page's numbers."""
    open_search(browser, balance_site, "en")
    cells = browser.execute_script("return Array.from(document.querySelectorAll('.balance-paired-change'))"
                                   ".map(e => e.innerText);")
    record = stored_record(balance_folder)
    assert len(cells) == len(record["proposals"]) and all(cells), cells  # one win-rate figure per proposal
    change = record["proposals"][0]["figures"][0]["paired_change"]
    assert cells[0] == f"{change['diff'] * 100:+.1f} pts [{change['low'] * 100:+.1f}, {change['high'] * 100:+.1f}]"
    assert "Change (paired)" in text_of(browser, "balance-body")
    assert main(["show", "tiny_balance", "--results", str(balance_folder / "results")]) == 0
    out = capsys.readouterr().out
    assert "Change (paired)" in out
    for cell in cells:
        assert cell in out, (cell, out)
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "Cambio (emparejado)" in text_of(d, "balance-body"))
    spanish = browser.execute_script("return document.querySelector('.balance-paired-change').innerText;")
    assert spanish == cells[0].replace(".", ",").replace(", ", "; "), spanish  # 59,8 and [a; b] in Spanish


def test_a_proposal_downloads_as_its_patch_and_applies_to_a_copy_that_sim_run_plays(
        browser, balance_site: str, balance_folder: Path, tmp_path: Path) -> None:
    """The download is the stored patch, which applied to the cards by hand gives the copy; "apply to
    a copy" writes the card folder inside the search's folder, differing from the cards the search
    read by proposal 1's one edit and nothing else, shows the spec line that reads it, and that
    line in a copy of the spec is played by `sim run`. Pressed again, it writes a new folder."""
    record = stored_record(balance_folder)
    proposal = record["proposals"][0]
    assert proposal["edits"] == [{"target": "AZ-06", "field": "value", "old": 3, "new": 6}]
    open_search(browser, balance_site, "en")
    assert text_of(browser, "balance-proposal-1").count("Download the patch") == 1
    proposal_button(browser, 1, 1).click()
    patch = browser.downloads / "tiny_balance-proposal1.patch"
    WebDriverWait(browser, 30).until(lambda d: patch.exists() and patch.stat().st_size > 0)
    assert patch.read_text(encoding="utf-8") == proposal["patch"]

    proposal_button(browser, 1, 2).click()
    WebDriverWait(browser, 30).until(lambda d: "cards_dir =" in text_of(d, "balance-proposal-1"))
    copy = balance_folder / "results" / "tiny_balance.balance" / "applied" / "proposal-1"
    shown = text_of(browser, "balance-proposal-1")
    assert f"Copy of the cards with proposal 1 written to {copy}." in shown, shown
    assert f"put this line in {record['spec_path']}" in shown and 'in place of its cards_dir = "cards"' in shown
    line = browser.find_element(By.CSS_SELECTOR, "#balance-proposal-1 .balance-spec-line").text
    assert line == 'cards_dir = "results/tiny_balance.balance/applied/proposal-1"', line
    assert browser.find_element(By.CSS_SELECTOR, "#balance-proposal-1 .balance-run-command").text == \
        f"sim run {record['spec_path']} --run tiny_balance_proposal1"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "balance-proposals.png"))

    cards = balance_folder / "cards"
    assert sorted(p.name for p in copy.iterdir()) == sorted(p.name for p in cards.iterdir())
    changed = {}
    for original in sorted(cards.glob("*.toml")):
        lines = [d for d in difflib.unified_diff(original.read_text(encoding="utf-8").splitlines(),
                                                 (copy / original.name).read_text(encoding="utf-8").splitlines(),
                                                 lineterm="", n=0) if d[:1] in "+-" and d[:3] not in ("---", "+++")]
        if lines:
            changed[original.name] = lines
    assert changed == {"azul.toml": ["-value = 3  # weak", "+value = 6  # weak"]}, changed
    by_hand = tmp_path / "by_hand"
    shutil.copytree(cards, by_hand)
    subprocess.run(["git", "apply", "--unsafe-paths", "--directory", ".", str(patch)], cwd=by_hand, check=True,
                   capture_output=True)
    for path in copy.glob("*.toml"):
        assert (by_hand / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8")

    spec = Path(record["spec_path"])
    played = spec.with_name("tiny_balance_proposal1.toml")  # "or in a copy in the same folder"
    text = spec.read_text(encoding="utf-8")
    assert 'cards_dir = "cards"\n' in text
    played.write_text(text.replace('cards_dir = "cards"\n', line + "\n"), encoding="utf-8")
    assert load_spec(played).cards_dir == copy.resolve()
    assert main(["run", str(played), "--games", "20", "--results", str(tmp_path / "results"),
                 "--executor", "threads"]) == 0
    manifest = json.loads((tmp_path / "results" / "tiny_balance" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["status"] == "finished"

    proposal_button(browser, 1, 2).click()  # again: a fresh folder, the first copy left as it was
    WebDriverWait(browser, 30).until(lambda d: "applied/proposal-1-2" in text_of(d, "balance-proposal-1"))
    assert (copy.parent / "proposal-1-2" / "azul.toml").read_text() == (copy / "azul.toml").read_text()
    choose_language(browser, "es")
    WebDriverWait(browser, 30).until(lambda d: "Aplicar a una copia" in text_of(d, "balance-proposal-1"))
    assert "Descargar el parche" in text_of(browser, "balance-proposal-1")


@pytest.fixture(scope="module")
def long_path(balance_folder: Path) -> str:
    """A search whose path has 12 steps (3 rounds of 4 rungs, the games doubling at each rung), as a
    designer's wide search has: the tiny search's candidates at every step, in a search folder of
    their own beside it."""
    import polars as pl

    real = balance_folder / "results" / "tiny_balance.balance"
    folder = balance_folder / "results" / "long_path.balance"
    shutil.copytree(real, folder, ignore=shutil.ignore_patterns("search", "confirm", "applied"))
    rows = pl.read_parquet(real / "path.parquet")
    steps = [rows.with_columns(pl.lit(r).alias("round"), pl.lit(g).alias("rung"), pl.lit(1000 * 2 ** (g - 1)).alias("games"))
             for r in (1, 2, 3) for g in (1, 2, 3, 4)]
    pl.concat(steps).write_parquet(folder / "path.parquet")
    return "long_path"


@pytest.mark.parametrize("search_name", ["tiny_balance", "long_path"])
def test_the_search_path_axes_are_titled_in_the_page_s_language_and_their_ticks_do_not_overlap(
        browser, balance_site: str, long_path: str, search_name: str) -> None:
    svg_texts = "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.textContent);"
    boxes = """return Array.from(document.querySelectorAll(arguments[0])).map(e => {
        const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });"""
    steps = 1 if search_name == "tiny_balance" else 12
    for lang, x_title, y_title in (("en", "step of the search: round·rung", "distance (1 = within tolerance)"),
                                   ("es", "paso de la búsqueda: ronda·escalón", "distancia (1 = en la tolerancia)")):
        browser.get(f"{balance_site}/balance?search={search_name}&lang={lang}")
        WebDriverWait(browser, 30).until(lambda d: len(d.execute_script(svg_texts, "#balance-path g.xtick text")) == steps)
        assert x_title in " ".join(browser.execute_script(svg_texts, "#balance-path .g-xtitle text"))
        assert y_title in " ".join(browser.execute_script(svg_texts, "#balance-path .g-ytitle text"))
        xticks = browser.execute_script(svg_texts, "#balance-path g.xtick text")
        games = {"en": "1,000", "es": "1.000"}[lang]  # each candidate's games at rung 1
        assert xticks[0] == f"1·1{games}", xticks  # the tick's two lines, "1·1" over "1,000"
        if steps == 12:
            assert xticks[-1] == "3·4" + {"en": "8,000", "es": "8.000"}[lang], xticks
        assert {"en": "tolerance", "es": "tolerancia"}[lang] in browser.execute_script(
            svg_texts, "#balance-path .annotation-text")
        yticks = browser.execute_script(svg_texts, "#balance-path g.ytick text")
        assert "1" in yticks and len(yticks) >= 3, yticks  # 1 (the tolerance) and whole numbers on the log axis
        for selector in ("#balance-path g.xtick text", "#balance-path g.ytick text", "#balance-path .legendtext"):
            drawn = browser.execute_script(boxes, selector)
            for k, a in enumerate(drawn):
                for b in drawn[k + 1:]:
                    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (selector, a, b)
        # the tick labels stay clear of the axis title below them, and of the legend above the plot
        labels = browser.execute_script(boxes, "#balance-path g.xtick text")
        title = browser.execute_script(boxes, "#balance-path .g-xtitle text")
        legend = browser.execute_script(boxes, "#balance-path .legendtext")
        plot = browser.execute_script(boxes, "#balance-path .nsewdrag")[0]
        assert max(a[3] for a in labels) <= min(b[1] for b in title), (labels, title)
        assert max(b[3] for b in legend) <= plot[1], (legend, plot)
        browser.find_element(By.ID, "balance-path").screenshot(str(ARTIFACTS / f"balance-path-{search_name}-{lang}.png"))
