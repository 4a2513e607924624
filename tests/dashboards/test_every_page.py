"""Every registered game on every page, in both languages (issue 33): a small run of every shipped
experiment (experiments/*.toml: factions, round robins, decks, forced draws, ablations, budget
curves, sweeps, levels, best of three, story), every game's ladder and a small balance search of
every shipped [balance] spec go through `sim show` and `sim report`, and then every registered
dashboard page and tab is opened for each in headless Chromium, in Spanish and in English: opened
in one, then switched to the other with the page's language choice, as a reader does.

A cell (page × run × language) passes when the page settles with no problem line, no error logged
by the server, every plot drawn with data, no word of the other language and no percentage written
as the other language writes it: the rendered text (HTML and the plots' SVG text) is read against
the words the catalog has in one language only, names (runs, factions, decks, cards, spec labels
and descriptions, rule parameters) and what a page shows verbatim (a card file's patch, a command:
its <pre> and <code>) excepted.

A new game or experiment joins the matrix by registering its ruleset and shipping its spec: nothing
here names a game or a page."""

from __future__ import annotations

import json
import logging
import re
import statistics
import sys
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import dash
import polars as pl
import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from dashboards.app import create_app
from dashboards.kinds import KIND_PAGES, run_kinds
from sim.cli import main
from sim.core.limits import RULESET_IDS
from sim.core.ruleset import get_ruleset
from sim.report import language
from tests.dashboards.test_dashboard_browser import ARTIFACTS, browser, serve, text_of

pytestmark = pytest.mark.slow  # minutes of work: scripts/test.sh's workers take it first (tests/conftest.py)

__all__ = ["browser"]

ROOT = Path(__file__).resolve().parents[2]
EXPERIMENTS = ROOT / "experiments"
MATRIX_GAMES = 60  # per config: enough for every table and plot to have rows, a second or so a run
LADDER_GAMES = 4
# a [balance] search at its smallest: one rung of a few games per candidate, one proposal confirmed
TINY_BALANCE = {"max_edits": 1, "screen_games": 16, "rungs": 1, "beam": 1, "combine": 1, "proposals": 1,
                "confirm_games": 100, "effect_games": 40, "confirm_effect_games": 40}
OTHER = {"es": "en", "en": "es"}
SETTLE_SECONDS = 90
# words of both languages, each with its own meaning: "dice" is what a die roll is in English and
# "says" in Spanish, "once" is English and eleven in Spanish
BOTH_LANGUAGES = frozenset({"dice", "once"})
WORD = re.compile(r"[^\W\d_]{4,}", re.UNICODE)  # words of four letters or more: "the", "de", "pts" tell nothing


# ----- the runs


@dataclass
class MatrixRun:
    name: str  # the run's folder (a balance search: its .balance folder's stem)
    ruleset: str
    kinds: list[str]
    search: bool = False
    names: set[str] = field(default_factory=set)  # words of the run's names, which the language check excepts


def axis_kind(axis: dict[str, Any]) -> str:
    """What a sweep axis moves: a game parameter, a card's field or a side's field (agent, budget...)."""
    if "param" in axis:
        return "param"
    return f"card.{axis['field']}" if "card" in axis else f"side.{axis['field']}"


def what_it_exercises(spec: dict[str, Any]) -> tuple[Any, ...]:
    """What a spec makes the pages draw: its game, kind and matchups, its sections, what its sweep axes
    move, whether its ablation prices cards in budget points and what its search aims at. Two specs
    alike here draw the same pages with other numbers, so the matrix plays one of them."""
    sweep = spec.get("sweep", {})
    return (spec["ruleset"], spec.get("kind", "games"), spec.get("matchups"),
            tuple(sorted(k for k, v in spec.items() if isinstance(v, dict))),
            sweep.get("mode"), tuple(sorted({axis_kind(axis) for axis in sweep.get("axis", [])})),
            "budget_step" in spec.get("ablation", {}),
            tuple(sorted(o["figure"] for o in spec.get("balance", {}).get("objective", []))))


def shipped_specs() -> list[tuple[Path, dict[str, Any]]]:
    """One shipped experiment of a registered game for each thing the shipped ones exercise."""
    specs, seen = [], set()
    for path in sorted(EXPERIMENTS.glob("*.toml")):
        spec = tomllib.loads(path.read_text(encoding="utf-8"))
        if spec.get("ruleset") in RULESET_IDS and what_it_exercises(spec) not in seen:
            seen.add(what_it_exercises(spec))
            specs.append((path, spec))
    return specs


def shrunk_balance(text: str) -> str:
    """A [balance] spec's text with the search at its smallest (TINY_BALANCE; each edit moves one field
    of its kinds by one step), everything else kept."""
    for key, value in TINY_BALANCE.items():
        text = re.sub(rf"^{key}\s*=\s*[0-9_]+", f"{key} = {value}", text, flags=re.MULTILINE)
    text = re.sub(r"^max_change\s*=\s*[0-9]+", "max_change = 1", text, flags=re.MULTILINE)
    text = re.sub(r'^fields\s*=\s*\[\s*("[^"]*")[^\]]*\]', r"fields = [\1]", text, flags=re.MULTILINE)
    return re.sub(r"^games\s*=\s*[0-9_]+", f"games = {MATRIX_GAMES}", text, count=1, flags=re.MULTILINE)


def words_of(value: Any) -> set[str]:
    """Every word in a name, or in every string of a nested manifest value."""
    if isinstance(value, str):
        return {w.lower() for w in WORD.findall(value.replace("_", " "))}
    if isinstance(value, dict):
        return set().union(*(words_of(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(words_of(v) for v in value)) if value else set()
    return set()


NAME_KEYS = ("name", "description", "label", "faction", "deck", "run", "card_name", "param")  # param: a rule's id


def names_in(value: Any) -> set[str]:
    """The words of the names a manifest holds: its run, spec and sides' names, labels, descriptions,
    factions and decks (what a designer wrote or a card file spells, in whatever language)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= words_of(item) if key in NAME_KEYS else names_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= names_in(item)
    return found


def run_names(run_dir: Path) -> set[str]:
    """Names a run's pages may show: its manifest's, and every card and faction name in its tables."""
    found = words_of(run_dir.name)
    manifest = run_dir / "manifest.json"
    if manifest.exists():
        found |= names_in(json.loads(manifest.read_text(encoding="utf-8")))
    for parquet in run_dir.rglob("*.parquet"):
        frame = pl.read_parquet(parquet)
        for column in ("card_name", "faction", "label", "deck", "name"):
            if column in frame.columns and frame.schema[column] == pl.String:
                for value in frame[column].unique().drop_nulls().to_list():
                    found |= words_of(value)
    return found


@pytest.fixture(scope="module")
def matrix(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[MatrixRun]]:
    """A results folder with a small run of every shipped experiment, a ladder of every game and a
    small search of every shipped [balance] spec; each shown and reported as a designer would."""
    folder = tmp_path_factory.mktemp("matrix")
    results = folder / "results"
    runs: list[MatrixRun] = []
    started = time.perf_counter()
    took: dict[str, float] = {}
    for path, spec in shipped_specs():
        ruleset = spec["ruleset"]
        began = time.perf_counter()
        if "balance" in spec:
            small = folder / path.name
            small.write_text(shrunk_balance(path.read_text(encoding="utf-8")), encoding="utf-8")
            assert main(["balance", str(small), "--results", str(results), "--executor", "threads"]) == 0, path.name
            runs.append(MatrixRun(spec["name"], ruleset, ["balance"], search=True, names=names_in(spec)))
            took[path.name] = time.perf_counter() - began
            continue
        assert main(["run", str(path), "--games", str(MATRIX_GAMES), "--results", str(results),
                     "--executor", "threads"]) == 0, path.name
        runs.append(MatrixRun(spec["name"], ruleset, []))
        took[path.name] = time.perf_counter() - began
    for ruleset in RULESET_IDS:
        name = f"{ruleset}_ladder"
        began = time.perf_counter()
        assert main(["ladder", ruleset, "--games", str(LADDER_GAMES), "--speed-games", "2", "--run", name,
                     "--results", str(results), "--executor", "threads"]) == 0, name
        runs.append(MatrixRun(name, ruleset, []))
        took[name] = time.perf_counter() - began
    for run in runs:
        if run.search:
            continue
        run_dir = results / run.name
        run.kinds = run_kinds(json.loads((run_dir / "manifest.json").read_text(encoding="utf-8")))
        run.names |= run_names(run_dir)
    slowest = ", ".join(f"{name} {seconds:.0f} s" for name, seconds in sorted(took.items(), key=lambda i: -i[1])[:8])
    print(f"matrix: {len(runs)} runs played in {time.perf_counter() - started:.0f} s (slowest: {slowest})")
    return results, runs


# ----- sim show and sim report of each run


def first_run_of_each_game(runs: list[MatrixRun]) -> dict[str, MatrixRun]:
    """Each game's first plain run (its factions or decks against each other, or else its first run;
    never a search): the one reported in every format and language, and opened on every page."""
    first: dict[str, MatrixRun] = {}
    for plain in (True, False):
        for run in runs:
            if not run.search and (not plain or set(run.kinds) <= {"round_robin", "games"}):
                first.setdefault(run.ruleset, run)
    return first


def assert_deck_classes_in(out: Path, page: str, run: MatrixRun, lang: str) -> None:
    """A game of deck lists (its card classes named in its words): the report's CSV lists the run's
    decks with their classes, and its HTML names at least one class in the report's language."""
    words = get_ruleset(run.ruleset).card_class_words
    if not words:
        return
    decks = pl.read_csv(next(out.glob("*.deck_lists.csv")))
    assert decks.height > 0 and set(decks["card_class"]) <= set(words), run.name
    shown = {pair[language.LANGUAGES.index(lang)] for pair in words.values()}
    assert any(f">{word}<" in page for word in shown), f"{run.name}: no card class of {run.ruleset} in {lang} words"


def test_every_run_shows_and_reports_in_both_languages(matrix: tuple[Path, list[MatrixRun]], tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """`sim show` and `sim report` (HTML) of every run, in one language or the other by turns; each
    game's first run in both languages and every format (the PDF in Spanish), a game of deck lists
    with its decks and their card classes in the report's language."""
    results, runs = matrix
    first = first_run_of_each_game(runs)
    reported = 0
    for k, run in enumerate(r for r in runs if not r.search):
        run_dir = results / run.name
        every = first[run.ruleset] is run
        for lang in ("es", "en"):
            if not every and lang != ("es", "en")[k % 2]:
                continue
            assert main(["show", str(run_dir), "--lang", lang]) == 0, run.name
            out = tmp_path / f"{run.name}-{lang}"
            formats = "html,csv,parquet,md" + (",pdf" if every and lang == "es" else "")
            assert main(["report", str(run_dir), "--format", formats if every else "html", "--lang", lang,
                         "--out", str(out)]) == 0, run.name
            page = (out / f"{run.name}.html").read_text(encoding="utf-8")
            shown = re.sub(r"<script.*?</script>", " ", page, flags=re.DOTALL)  # plotly.js names its own errors
            for failed in ("Traceback", "KeyError", language.t("page_error", lang, problem="")):
                assert failed not in shown, f"{run.name} [{lang}]: {failed}"
            if every:
                assert list(out.glob("*.csv")) and list(out.glob("*.parquet")) and list(out.glob("*.md")), run.name
                if lang == "es":
                    assert (out / f"{run.name}.pdf").read_bytes()[:5] == b"%PDF-", run.name
                assert_deck_classes_in(out, page, run, lang)
            reported += 1
    printed = capsys.readouterr().out
    assert "Traceback" not in printed
    assert set(first) == set(RULESET_IDS), f"games without a shipped experiment: {set(RULESET_IDS) - set(first)}"
    print(f"{reported} run × language reports")


# ----- the words of each language


def catalog_texts(lang: str) -> list[str]:
    """Every text the catalog has in `lang`: shared words and each game's own (its words.py: its
    name, end reasons, filler descriptions, card classes), placeholders left out."""
    index = language.LANGUAGES.index(lang)
    texts = [entry[lang] for entry in (*language.TEXT.values(), *language.FINDINGS_TEXT.values())]
    texts += [pair[index] for pair in language.COLUMNS.values()]
    for values in language.VALUES.values():
        texts += list(values.values()) if lang == "es" else list(values)
    for ruleset in RULESET_IDS:
        game = get_ruleset(ruleset)
        texts += [pair[index] for pair in game.card_class_words.values()]
        texts += [pair[index] for pair in getattr(game, "filler_words", {}).values()]
        texts += [pair[index] for pair in (*game.end_words.values(), *filter(None, [game.name_words]))]
    return [re.sub(r"\{[^}]*\}|\\g<\w+>", " ", text) for text in texts]


def catalog_words(lang: str) -> set[str]:
    return set().union(*(words_of(text) for text in catalog_texts(lang)))


@pytest.fixture(scope="module")
def foreign_words() -> dict[str, set[str]]:
    """For each language, the words only the other language's catalog has: one of them in a page
    of that language is a text left untranslated."""
    words = {lang: catalog_words(lang) for lang in language.LANGUAGES}
    return {lang: words[OTHER[lang]] - words[lang] - BOTH_LANGUAGES for lang in language.LANGUAGES}


def test_the_language_check_can_fail(foreign_words: dict[str, set[str]]) -> None:
    """The check reads real words: an English table header in a Spanish page is caught, a Spanish
    one is not, and neither language's list is empty."""
    assert {"games", "player"} & foreign_words["es"] and {"partidas", "jugador"} & foreign_words["en"]
    assert not words_of(language.t("nav_factions", "es")) & foreign_words["es"]
    assert words_of(language.t("nav_factions", "en")) & foreign_words["es"]


# ----- the cells


@dataclass(frozen=True)
class Page:
    path: str
    tabs: tuple[str, ...]  # the page module's TABS; none: the page alone
    run_kind: str | None  # the kind of run it draws (its module's RUN_KIND); None: every run


def registered_pages() -> list[Page]:
    """Every page the app registered."""
    pages = []
    for entry in dash.page_registry.values():
        module = sys.modules[entry["module"]]
        pages.append(Page(entry["path"], tuple(getattr(module, "TABS", ())), getattr(module, "RUN_KIND", None)))
    return sorted(pages, key=lambda page: page.path)


def cells_of(run: MatrixRun, index: int, pages: list[Page], first: bool) -> list[tuple[str, tuple[str, ...]]]:
    """The addresses that open `run`, each with its two languages in the order it is read: opened in
    the first, then switched to the second with the page's language choice, as a reader does (a
    redraw, not a new page load: what lets CI's half hour hold both languages of every cell). The
    first language alternates from run to run, so both switches are made. Its game's first run: every
    page and tab (a page of another kind says what the run is, with links: the same sentence for every
    run of a game). A search: the balance page. Any other run: the pages of its own kinds
    (dashboards.kinds.KIND_PAGES, a plain run of games left to the first run), every tab."""
    languages = tuple(language.LANGUAGES[(index + k) % len(language.LANGUAGES)] for k in range(len(language.LANGUAGES)))
    if run.search:
        return [(f"/balance?search={run.name}", languages)]
    own = {KIND_PAGES[kind][0] for kind in run.kinds if kind != "games"}
    cells = []
    for page in pages:
        if page.path == "/balance" or not (first or page.path in own):
            continue
        addresses = [f"{page.path}?tab={tab}" for tab in page.tabs] if page.tabs else [page.path]
        cells += [(address, languages) for address in addresses]
    return cells


SNAPSHOT = """
    // before the layout has come, Dash's placeholder is all the page holds: not settled; nor while
    // Dash has a callback to answer (its store's queues: requested, prioritized, blocked, executing,
    // watched, executed; what dash.testing waits on)
    const state = window.store ? window.store.getState() : null;
    const queued = state === null ? 1 : Object.entries(state.callbacks).filter(
        ([queue, calls]) => queue !== 'stored' && Array.isArray(calls) && calls.length > 0).length;
    const loading = queued > 0 || state.isLoading
        || document.querySelector('[data-dash-is-loading="true"]') !== null
        || document.getElementById('lang-choice') === null;
    const plots = Array.from(document.querySelectorAll('.js-plotly-plot')).map(
        p => p.querySelectorAll('g.trace, g.hm, .heatmaplayer image, g.cartesianlayer .point').length);
    const svg = Array.from(document.querySelectorAll('.js-plotly-plot svg text')).map(e => e.textContent);
    const problem = document.getElementById('run-problem');
    const verbatim = Array.from(document.querySelectorAll('pre, code')).map(e => e.innerText);
    return {loading: loading, plots: plots, text: document.body.innerText, svg: svg.join(' | '), verbatim: verbatim,
            problem: problem && !problem.hidden ? problem.innerText : ''};"""


def settled(driver, timeout: float = SETTLE_SECONDS, steady: float = 0.15) -> dict[str, Any]:
    """The page once it stops changing: no callback left to answer, nothing loading, and the same
    text and plots for `steady` seconds (three reads running at the least). Waiting on Dash's own
    queue is what lets the window be short: on the matrix's addresses (90 of its 127 compared, on a
    busy machine), the page read this way was the one a 0.3 s window without it read, 0.35 s sooner
    on average."""
    deadline = time.monotonic() + timeout
    last, same, since = None, 0, time.monotonic()
    while time.monotonic() < deadline:
        shot = driver.execute_script(SNAPSHOT)
        key = (shot["loading"], tuple(shot["plots"]), shot["text"], shot["svg"])
        if key == last and not shot["loading"]:
            same += 1
        else:
            same, since = 0, time.monotonic()
        if same >= 2 and time.monotonic() - since >= steady:
            return shot
        last = key
        time.sleep(0.05)
    raise AssertionError(f"the page did not settle in {timeout:.0f} s: {driver.current_url}")


class ServerErrors(logging.Handler):
    """What the app logs at ERROR while the matrix runs (a callback that failed, with its traceback)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))


@pytest.fixture(scope="module")
def matrix_site(matrix: tuple[Path, list[MatrixRun]]) -> Iterator[tuple[str, ServerErrors]]:
    results, _ = matrix
    errors = ServerErrors()
    logging.getLogger().addHandler(errors)
    server, url = serve(create_app(results, executor="serial", warm=False))
    yield url, errors
    server.shutdown()
    logging.getLogger().removeHandler(errors)


def untranslated(text: str, lang: str, foreign: set[str], names: set[str]) -> set[str]:
    return {w for w in words_of(text) if w in foreign} - names


# a percentage as the other language writes it: 59.8% in a Spanish page, 59,8 % in an English one
FOREIGN_PERCENT = {"es": re.compile(r"\d\.\d+\s?%"), "en": re.compile(r"\d,\d+\s?%")}


def switch_language(driver, lang: str, timeout: float = SETTLE_SECONDS) -> None:
    """Choose `lang` in the page's language control, and wait for the shell to speak it."""
    choice = WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f"#lang-choice input[value='{lang}']"),
        f"no choice of language {lang} in {driver.current_url}")
    choice.click()
    WebDriverWait(driver, timeout).until(lambda d: text_of(d, "nav-factions") == language.t("nav_factions", lang),
                                         f"the shell did not switch to {lang} in {driver.current_url}")


def test_every_page_of_every_run_in_both_languages(browser, matrix: tuple[Path, list[MatrixRun]],
                                                   matrix_site: tuple[str, ServerErrors],
                                                   foreign_words: dict[str, set[str]]) -> None:
    _, runs = matrix
    url, errors = matrix_site
    pages = registered_pages()
    every_name = set().union(*(run.names for run in runs))
    failures: list[str] = []
    cells: dict[tuple[str, str], int] = {}
    timings: dict[str, list[float]] = {"opened": [], "switched": []}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    first = first_run_of_each_game(runs)

    def read(shot: dict[str, Any], cell: str, lang: str) -> bool:
        """The cell's failures, if any, added to `failures`; whether it failed."""
        found = []
        if shot["problem"].strip():
            found.append(f"{cell}: problem line: {shot['problem'].strip()[:300]}")
        empty = [k for k, n in enumerate(shot["plots"]) if n == 0]
        if empty:
            found.append(f"{cell}: plots {empty} of {len(shot['plots'])} drawn without data")
        text = shot["text"]
        for verbatim in sorted(shot["verbatim"], key=len, reverse=True):  # a file's or a command's own text
            text = text.replace(verbatim, " ")
        words = untranslated(text + " " + shot["svg"], lang, foreign_words[lang], every_name)
        if words:
            found.append(f"{cell}: words of the other language: {sorted(words)[:12]}")
        numbers = FOREIGN_PERCENT[lang].findall(text + " " + shot["svg"])
        if numbers:
            found.append(f"{cell}: numbers written as the other language does: {sorted(set(numbers))[:6]}")
        failures.extend(found)
        return bool(found)

    for index, run in enumerate(runs):
        for address, languages in cells_of(run, index, pages, first.get(run.ruleset) is run):
            joiner = "&" if "?" in address else "?"
            target = f"{url}{address}{joiner}lang={languages[0]}" + ("" if run.search else f"&run={run.name}")
            if address.startswith("/compare"):
                other = next((r.name for r in runs if r.ruleset == run.ruleset and r is not run and not r.search), None)
                target += f"&run_b={other}" if other else ""
            for k, lang in enumerate(languages):
                cell = f"{run.name} {address} [{lang}{', switched' if k else ''}]"
                logged = len(errors.records)
                started = time.perf_counter()
                try:
                    if k == 0:
                        browser.get(target)
                        shot = settled(browser)
                    else:
                        switch_language(browser, lang)
                        shot = settled(browser)
                except (AssertionError, TimeoutException) as slow:
                    failures.append(f"{cell}: {slow}")
                    break
                timings["switched" if k else "opened"].append(time.perf_counter() - started)
                cells[(run.ruleset, lang)] = cells.get((run.ruleset, lang), 0) + 1
                failed = read(shot, cell, lang)
                if len(errors.records) > logged:
                    failures.append(f"{cell}: server error: {errors.records[logged][:600]}")
                    failed = True
                if failed or (first.get(run.ruleset) is run and lang == "es"):
                    safe = re.sub(r"[^\w.-]+", "-", f"{run.name}{address}-{lang}").strip("-")
                    browser.save_screenshot(str(ARTIFACTS / f"matrix-{safe}.png"))  # a failure's, and each game's pages
    total = sum(cells.values())
    per_game = ", ".join(f"{game} {lang}: {n}" for (game, lang), n in sorted(cells.items()))
    medians = ", ".join(f"{how} {statistics.median(times):.2f} s (slowest {max(times):.2f} s)"
                        for how, times in timings.items() if times)
    print(f"{total} page × run × language cells ({per_game}); a page {medians}")
    assert {(game, lang) for game, lang in cells} == {(g, lang) for g in RULESET_IDS for lang in language.LANGUAGES}
    assert not failures, f"{len(failures)} of {total} cells fail:\n" + "\n".join(failures[:60])


PLACEHOLDER = """
    const e = document.querySelector('#react-entry-point ._dash-loading');
    return e ? {text: e.innerText, said: getComputedStyle(e, '::after').content} : null;"""


def test_the_page_says_loading_in_its_language_before_dash_has_drawn(browser, matrix_site: tuple[str, ServerErrors]) -> None:
    """Until the layout comes (seconds on a busy machine), the page holds Dash's placeholder: it speaks
    the address's language, not Dash's English."""
    url, _ = matrix_site
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*_dash-layout*"]})
    try:
        for lang in language.LANGUAGES:
            browser.get(f"{url}/factions?lang={lang}")
            shown = WebDriverWait(browser, SETTLE_SECONDS).until(lambda d: d.execute_script(PLACEHOLDER))
            assert shown["text"].strip() == "", shown  # Dash's own "Loading...", hidden
            assert json.loads(shown["said"]) == language.t("grid_loadingOoo", lang), shown
    finally:
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
