"""`sim report --lang es|en` on the shipped fortaleza round robin (few games): every word in the
chosen language (no catalog text of the other one, headers from the catalog's `column`), tables
formatted (percentages with intervals, never a raw fraction), every card of every faction, the
PDF's print stylesheet and its first pages as PNG, and a PNG of the whole report (taller than
4000 px). Pictures go to test-artifacts/report/."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.analysis import card_impact
from sim.cli import main
from sim.report.export import find_chromium, report_figures, report_tables
from sim.report.formatting import _is_rate
from sim.core.limits import RULESET_IDS
from sim.core.ruleset import get_ruleset
from sim.report.language import COLUMNS, LANGUAGES, TEXT, VALUES
from sim.results.manifest import read_manifest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("SIM_TEST_ARTIFACTS", ROOT / "test-artifacts")) / "report"
SPEC = ROOT / "experiments" / "fortaleza_factions.toml"
GAMES = 10  # per matchup: 6 matchups
# each game's own words (its words.py: how its games end), beside the shared catalog's
GAME_WORDS = [dict(zip(LANGUAGES, pair)) for name in RULESET_IDS for pair in get_ruleset(name).end_words.values()]


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    results = tmp_path_factory.mktemp("report-lang") / "results"
    assert main(["run", str(SPEC), "--games", str(GAMES), "--results", str(results), "--executor", "serial"]) == 0
    return results / "fortaleza_factions"


@pytest.fixture(scope="module")
def reports(run_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """`sim report --lang L --format html` for both languages."""
    out = {}
    for lang in LANGUAGES:
        folder = tmp_path_factory.mktemp(f"report-{lang}")
        assert main(["report", str(run_dir), "--lang", lang, "--format", "html", "--out", str(folder)]) == 0
        out[lang] = folder / "fortaleza_factions.html"
    return out


def visible_text(page: str) -> str:
    """What a reader sees of the page, less the plots (scripts) and markup."""
    without_scripts = re.sub(r"<(script|style).*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", without_scripts))


def fragments_only_in(lang: str) -> list[str]:
    """The pieces of catalog texts (between their {fields}) that `lang` says and the other language
    does not, long enough to stand for their text (12 characters)."""
    other = next(x for x in LANGUAGES if x != lang)
    entries = [*TEXT.values(), *GAME_WORDS]
    theirs = " ".join(entry[other] for entry in entries)
    pieces = {piece.strip() for entry in entries for piece in re.split(r"\{[^}]*\}", entry[lang])}
    return sorted(p for p in pieces if len(p) >= 12 and p not in theirs)


def data_words(run_dir: Path) -> list[str]:
    """Texts the data spells one way in either language: card names, the spec's own description."""
    manifest = read_manifest(run_dir)
    names = card_impact(run_dir)["card_name"].unique().to_list()
    return sorted([*names, manifest["spec"].get("description", "")], key=len, reverse=True)


def report_sections(page: str) -> dict[str, tuple[list[str], list[list[str]]]]:
    """Each table section of the report by id: (headers, rows of cell texts)."""
    out = {}
    for match in re.finditer(r"<section class='block(?: long)?' id='(table-[^']+)'><h2>[^<]*</h2><table><thead><tr>(.*?)"
                             r"</tr></thead><tbody>(.*?)</tbody>", page):
        headers = [html.unescape(h) for h in re.findall(r"<th>(.*?)</th>", match.group(2))]
        rows = [[html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", row)]
                for row in re.findall(r"<tr>(.*?)</tr>", match.group(3))]
        out[match.group(1)] = (headers, rows)
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_report_speaks_one_language(reports: dict[str, Path], run_dir: Path, lang: str) -> None:
    page = reports[lang].read_text(encoding="utf-8")
    other = next(x for x in LANGUAGES if x != lang)
    text = visible_text(page)
    for word in data_words(run_dir):
        text = text.replace(word, " ")
    wrong = [piece for piece in fragments_only_in(other) if piece in text]
    assert not wrong, wrong
    right = [piece for piece in fragments_only_in(lang) if piece in text]
    assert len(right) >= 20, right  # and it does speak `lang`: headings, manifest, notes
    # the charts' own words too (titles, axes, legends, hover texts), as Plotly gets them
    tables = report_tables(run_dir, read_manifest(run_dir))
    charts = " ".join(json.dumps(fig.to_plotly_json(), ensure_ascii=False) for _, fig in
                      report_figures(run_dir, tables, lang))
    for word in data_words(run_dir):
        charts = charts.replace(word, " ")
    assert not [piece for piece in fragments_only_in(other) if piece in charts]
    # words of the other language the catalog does not hold (a sentence written in the code)
    stop_words = {"es": r"\b(the|and|of|with|games|more rows|Table)\b", "en": r"\b(las|los|con|partidas|victorias|Tabla)\b"}
    found = re.search(stop_words[lang], text)
    assert not found, text[max(0, found.start() - 80):found.end() + 80]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_column_header_comes_from_the_catalog(reports: dict[str, Path], lang: str) -> None:
    page = reports[lang].read_text(encoding="utf-8")
    index = 0 if lang == "es" else 1
    mine = {pair[index] for pair in COLUMNS.values()}
    theirs = {pair[1 - index] for pair in COLUMNS.values()} - mine
    suffix = {"es": " [IC 95%]", "en": " [95% CI]"}[lang]
    sections = report_sections(page)
    assert {"table-win_rates", "table-ratings", "table-card_ranking"} <= set(sections)
    for name, (headers, _) in sections.items():
        for header in headers:
            bare = header.removesuffix(suffix)
            assert bare in mine and bare not in theirs, (name, header)
            assert "_" not in header, (name, header)  # never a data name such as win_rate


def test_tables_read_as_percentages_never_as_raw_fractions(reports: dict[str, Path], run_dir: Path) -> None:
    page = reports["en"].read_text(encoding="utf-8")
    sections = report_sections(page)
    rate_headers = {pair[1] for name, pair in COLUMNS.items() if _is_rate(name)}
    checked = 0
    for name, (headers, rows) in sections.items():
        for row in rows:
            for header, cell in zip(headers, row):
                # no fraction with 4 significant digits (0.5367): figures are percentages, points or 3 digits
                assert not re.fullmatch(r"-?0\.0*[1-9]\d{3,}", cell), (name, header, cell)
                assert cell not in ("nan", "None", "True", "False"), (name, header, cell)
                if re.search(r"[pq]-value", header):
                    assert cell not in ("0", "0.0"), (name, header, cell)  # "< 1e-300", never a certainty
                if header.removesuffix(" [95% CI]") in rate_headers and cell != "-":
                    assert re.fullmatch(r"\d{1,3}\.\d% \[\d{1,3}\.\d, \d{1,3}\.\d\]|\d{1,3}\.\d%", cell), (name, header, cell)
                    checked += 1
    assert checked > 100
    headers, rows = sections["table-win_rates"]
    assert "win rate [95% CI]" in headers and all("%" in row[headers.index("win rate [95% CI]")] for row in rows)


def test_every_card_of_every_faction_is_in_the_report(reports: dict[str, Path], run_dir: Path) -> None:
    """The round robin's report lists every card each faction's deck holds (China's, Japón's and
    Corea's), with no row cut."""
    decks = (card_impact(run_dir).filter(pl.col("gp_n") > 0).group_by("faction")
             .agg(pl.col("card_id").unique()).sort("faction"))
    assert decks["faction"].to_list() == ["china", "corea", "japon"]
    for lang in LANGUAGES:
        page = reports[lang].read_text(encoding="utf-8")
        listed = {cell for _, rows in report_sections(page).values() for row in rows for cell in row}
        for faction, cards in decks.iter_rows():
            assert len(cards) >= 20 and set(cards) <= listed, (lang, faction, sorted(set(cards) - listed))
    assert "more rows" not in reports["en"].read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def chromium() -> str:
    path = find_chromium()
    assert path, "Chromium is needed: run scripts/install_browser.sh (scripts/test.sh does)"
    return path


def test_the_pdf_is_printed_with_its_own_stylesheet(run_dir: Path, tmp_path: Path, chromium: str) -> None:
    import pypdfium2

    assert main(["report", str(run_dir), "--lang", "es", "--format", "pdf", "--out", str(tmp_path)]) == 0
    page = (tmp_path / "fortaleza_factions.html").read_text(encoding="utf-8")
    css = re.search(r"<style>(.*?)</style>", page, re.S).group(1)
    assert "@media print" in css and "break-inside:avoid" in css and ".modebar" in css and "@page" in css
    configs = re.findall(r'"displayModeBar":\s*(true|false)', page)
    assert configs and set(configs) == {"false"}  # no Plotly toolbar on screen or paper
    widths = {int(w) for w in re.findall(r'"width":\s*(\d+)', page)}
    assert widths and max(widths) <= 1047  # A4 landscape's printable width at 96 px an inch
    pdf = pypdfium2.PdfDocument(tmp_path / "fortaleza_factions.pdf")
    assert len(pdf) >= 3
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for number in range(3):
        image = pdf[number].render(scale=1.5).to_pil()
        image.save(ARTIFACTS / f"pdf-page-{number + 1}.png")
        assert image.width > image.height  # landscape, as @page says
        assert len(np.unique(np.asarray(image.convert("L").resize((64, 48))))) > 4  # something printed
    # every table's heading is printed on the page of its first row (issue 33: headings were parted
    # from their tables), and a long card table breaks between rows with its header repeated
    texts = [" ".join(pdf[number].get_textpage().get_text_range().split()) for number in range(len(pdf))]
    sections = report_sections(page)
    for block, (headers, rows) in sections.items():
        heading = " ".join(html.unescape(re.search(rf"id='{block}'><h2>([^<]*)</h2>", page).group(1)).split())
        on = [number for number, text in enumerate(texts) if heading[:40] in text]
        first_cell = next(cell for cell in rows[0] if len(cell) > 4)
        assert on and first_cell in texts[on[0]].split(heading[:40], 1)[1], (block, heading, on)
    long_headers = sections[re.search(r"class='block long' id='([^']+)'", page).group(1)][0]
    holding = sum(1 for headers, _ in sections.values() if long_headers[-1] in headers)
    assert sum(1 for text in texts if long_headers[-1] in text) > holding  # repeated on a next page
    first = pdf[0].get_textpage().get_text_range()
    # page 1 is the summary a manager reads (the findings, issue 34); the manifest opens page 2
    assert "informe de balance" in first and "Conclusiones" in first and "Japón gana el" in first
    assert "ejecución" not in first and "ejecución" in pdf[1].get_textpage().get_text_range()
    print(f"the PDF's first pages as PNG: {ARTIFACTS}/pdf-page-1.png ... (of {len(pdf)} pages)")


def test_the_png_holds_the_whole_report(run_dir: Path, tmp_path: Path, chromium: str) -> None:
    from PIL import Image

    assert main(["report", str(run_dir), "--lang", "en", "--format", "png", "--out", str(tmp_path)]) == 0
    image = Image.open(tmp_path / "fortaleza_factions.png")
    assert image.height > 4000  # the old cut
    page = (tmp_path / "fortaleza_factions.html").read_text(encoding="utf-8")
    assert page.count("<tr>") > 150  # every card of three factions: a long page
    # the last table ends near the bottom: the bottom 3% still has text on it, then a margin
    bottom = image.convert("L").crop((0, int(image.height * 0.97), image.width, image.height - 40))
    assert np.asarray(bottom).min() < 128, "the bottom of the PNG is blank: the report was cut"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(tmp_path / "fortaleza_factions.png", ARTIFACTS / "report-full.png")
    print(f"full-page PNG: {image.width} x {image.height} px, copied to {ARTIFACTS}/report-full.png")


def test_words_inside_tables_come_from_the_catalog() -> None:
    """A card ranked by shrunk IWD, a paired method, a flag: said in the report's language."""
    from sim.report.formatting import readable_values

    frame = pl.DataFrame({"rank_by": ["iwd", "forced_draw"], "method": ["paired", "paired"], "never_played": [True, False]})
    assert readable_values(frame, "es").to_dicts() == [
        {"rank_by": VALUES["rank_by"]["iwd"], "method": "emparejado", "never_played": "sí"},
        {"rank_by": "robo forzado", "method": "emparejado", "never_played": "no"}]
    assert readable_values(frame, "en")["rank_by"].to_list() == ["shrunk IWD", "forced draw"]


SPANISH_RATE = r"\d{1,3},\d\u00a0%( \[\d{1,3},\d; \d{1,3},\d\])?"
ENGLISH_RATE = r"\d{1,3}\.\d%( \[\d{1,3}\.\d, \d{1,3}\.\d\])?"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_and_names_are_written_as_the_language_writes_them(reports: dict[str, Path], run_dir: Path,
                                                                   lang: str) -> None:
    """Spanish "59,8 %" and "1.000", English "59.8%" and "1,000", in the tables and on the charts'
    ticks; configs in words ("China contra Japón"), factions by their names (Japón, not japon)."""
    sections = report_sections(reports[lang].read_text(encoding="utf-8"))
    rate_headers = {pair[0 if lang == "es" else 1] for name, pair in COLUMNS.items() if _is_rate(name)}
    suffix = {"es": " [IC 95%]", "en": " [95% CI]"}[lang]
    rate, other_rate = (SPANISH_RATE, ENGLISH_RATE) if lang == "es" else (ENGLISH_RATE, SPANISH_RATE)
    checked = 0
    for name, (headers, rows) in sections.items():
        for row in rows:
            for header, cell in zip(headers, row):
                assert not re.fullmatch(other_rate, cell), (name, header, cell)
                if header.removesuffix(suffix) in rate_headers and cell != "-":
                    assert re.fullmatch(rate, cell), (name, header, cell)
                    checked += 1
    assert checked > 100
    headers, rows = sections["table-win_rates"]
    configs = {row[headers.index(column("config", lang))] for row in rows}
    versus = {"es": "China contra Japón", "en": "China vs Japón"}[lang]
    assert versus in configs and not any("~" in c for c in configs), configs
    factions = {row[headers.index(column("faction", lang))] for row in rows}
    assert "Japón" in factions and "japon" not in factions
    assert len(set(headers)) == len(headers), headers  # no two columns headed alike ("lado", "lado")
    tables = report_tables(run_dir, read_manifest(run_dir))
    figures_by_name = dict(report_figures(run_dir, tables, lang, read_manifest(run_dir)))
    ticks = list(figures_by_name["win_rates"].layout.xaxis.ticktext)
    assert all(re.fullmatch(r"\d{1,3}" + ("\u00a0%" if lang == "es" else "%"), tick) for tick in ticks), ticks
    legend = {trace.name for trace in figures_by_name["marginals"].data} | {
        trace.name for trace in figures_by_name["win_rates"].data if trace.name}
    assert "Japón" in legend and "japon" not in legend


def column(name: str, lang: str) -> str:
    return COLUMNS[name][0 if lang == "es" else 1]


@pytest.mark.parametrize("game", RULESET_IDS)
def test_every_games_fillers_are_said_in_either_language(game: str) -> None:
    """An ablation's filler ("Relleno (10): 5/5, no double block or attack") in Spanish carries no
    English word, and in English stays as the game wrote it."""
    from sim.core.ruleset import get_ruleset
    from sim.report.export import fillers_in_words

    ruleset = get_ruleset(game)
    texts = set()
    for faction in ruleset.list_factions(ruleset.cards_dir)[:2]:
        pool = ruleset.load_cards(faction, ruleset.cards_dir)
        texts |= {ruleset.describe_filler(pool, card) for card in ruleset.ablatable_cards(faction, ruleset.cards_dir)}
    frame = pl.DataFrame({"filler": sorted(texts)})
    spanish = fillers_in_words(frame, game, "es")["filler"].to_list()
    english_words = r"\b(or|with|that|does|nothing|unit|die|attack|defence|creature|power|of|level|draws|heals|" \
                    r"once|special|rule|weapon|item|spell|amulet|keywords|effects)\b"
    assert not [text for text in spanish if re.search(english_words, text)], spanish
    english = fillers_in_words(frame, game, "en")["filler"].to_list()
    assert not [text for text in english if re.search(r"\b(sin|que|una|unidad|dado|criatura|poder|hechizo)\b|_", text)]
    assert [text.split(":")[0] for text in english] == frame["filler"].str.split(":").list.first().to_list()
