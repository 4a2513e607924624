"""The README and docs/ as a reader of a clone meets them: every relative link leads to a file of the
repository (and to a heading of it, when it names one), none leads to the design inputs that are not
in the repository, and every column header `sim show` prints is defined in docs/glossary.md in both
languages.

The headers are not listed here: they are read off the rich tables `print_summary` prints for small
runs of every kind of spec (games, story, best of three, a budget sweep with the SPRT, an agent sweep,
an ablation with budget points, a forced draw, side A's SPRT, a round robin), so a new column, or a
new table, fails this test until the glossary defines it."""

from __future__ import annotations

import inspect
import io
import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest.mock import patch

import pytest
from rich.console import Console
from rich.table import Table

from sim.cli import main
from sim.report.console import print_summary
from sim.report.language import COLUMN_DEFINITIONS, COLUMNS, LANGUAGES, column
from sim.results.manifest import read_manifest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
GLOSSARY = ROOT / "docs" / "glossary.md"
README_MAX_LINES = 200
# what the design inputs outside the repository are called: a clone has none of them
OUTSIDE_REFERENCES = ("../shared", "shared/design", "ANALYTICS.md", "ARCHITECTURE.md", "STYLE.md")

FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.M)


def prose(text: str) -> str:
    """The text without its code blocks and inline code, where a bracket is not a link."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def heading_anchor(title: str) -> str:
    """GitHub's anchor of a heading: its text without markup, lower case, punctuation dropped
    (letters of any alphabet, digits, `-` and `_` stay), spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", title)
    text = text.replace("`", "").replace("*", "")
    text = unicodedata.normalize("NFC", text).strip().lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def anchors_of(path: Path) -> set[str]:
    """Every heading's anchor in a markdown file, repeated titles numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    anchors = set()
    for match in HEADING.finditer(FENCE.sub("", path.read_text(encoding="utf-8"))):
        anchor = heading_anchor(match.group(2))
        count = seen.get(anchor, 0)
        anchors.add(anchor if count == 0 else f"{anchor}-{count}")
        seen[anchor] = count + 1
    return anchors


def relative_links(path: Path) -> list[str]:
    targets = [m.group(1) for m in LINK.finditer(prose(path.read_text(encoding="utf-8")))]
    return [t for t in targets if not re.match(r"^[a-z][a-z0-9+.-]*:", t, re.I)]  # http:, https:, mailto:


def broken_link(source: Path, target: str) -> str | None:
    """Why `target`, a relative link in `source`, leads nowhere in the repository (None: it leads
    somewhere)."""
    file_part, _, anchor = target.partition("#")
    destination = (source.parent / file_part).resolve() if file_part else source
    if not destination.is_relative_to(ROOT):
        return "outside the repository"
    if not destination.exists():
        return "no such file"
    if anchor:
        if destination.suffix != ".md" or destination.is_dir():
            return "an anchor into a file that is not markdown"
        if anchor not in anchors_of(destination):
            return f"no heading #{anchor} in {destination.relative_to(ROOT)}"
    return None


def test_the_anchors_are_githubs() -> None:
    """The anchors the link check expects are the ones GitHub gives the headings."""
    assert heading_anchor("Balance proposals (`sim balance`)") == "balance-proposals-sim-balance"
    assert heading_anchor("What drawing a card does: the forced-draw effect") == \
        "what-drawing-a-card-does-the-forced-draw-effect"
    assert heading_anchor("IWD · mejora al robarla") == "iwd--mejora-al-robarla"
    assert heading_anchor("Año, Japón") == "año-japón"


def test_the_link_check_finds_a_broken_link(tmp_path: Path) -> None:
    page = ROOT / "docs" / "glossary.md"
    assert broken_link(page, "statistics.md") is None
    assert broken_link(page, "no-such-page.md") == "no such file"
    assert broken_link(page, "statistics.md#no-such-heading") == "no heading #no-such-heading in docs/statistics.md"
    assert broken_link(page, "../../shared/design/ANALYTICS.md") == "outside the repository"
    assert relative_links(page)  # the glossary does link to its sources


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(page: Path) -> None:
    broken = {target: why for target in relative_links(page) if (why := broken_link(page, target))}
    assert not broken, f"{page.relative_to(ROOT)}: {broken}"


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_sends_the_reader_to_the_design_inputs(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    found = [name for name in OUTSIDE_REFERENCES if name in text]
    assert not found, f"{page.relative_to(ROOT)} names {found}: a clone has no such file; link the project's own docs"


def test_the_readme_reads_in_five_minutes() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < README_MAX_LINES, f"README.md has {len(lines)} lines; move detail into docs/"
    assert "docs/img/dashboard.png" in "\n".join(lines) and (ROOT / "docs" / "img" / "dashboard.png").is_file()


# --- the glossary covers every column `sim show` prints --------------------------------------------

def glossary_headers() -> tuple[set[str], list[re.Pattern[str]], list[str]]:
    """The headers the glossary's column tables define: each row's first two cells (English,
    Spanish) in backticks. A `<...>` inside one stands for text the run fills in (the SPRT's
    hypothesis). Returns (exact headers, patterns, rows missing a definition in either language)."""
    exact: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    undefined = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        names = [name for cell in cells[:2] for name in re.findall(r"`([^`]+)`", cell)]
        if not names:
            continue  # a heading row, or a table of terms
        if len(cells) < 4 or not cells[2] or not cells[3]:
            undefined.append(line)
        for name in names:
            if "<" in name:
                patterns.append(re.compile(re.sub(r"<[^>]+>", ".+", re.escape(name).replace(r"\<", "<")
                                                  .replace(r"\>", ">")) + r"\Z"))
            else:
                exact.add(name)
    return exact, patterns, undefined


def defined(header: str, exact: set[str], patterns: list[re.Pattern[str]]) -> bool:
    return header in exact or any(p.match(header) for p in patterns)


@contextmanager
def recorded_headers() -> Iterator[list[str]]:
    """The header of every rich table rendered meanwhile, as it is rendered (a table that builds
    its parts only when printed, to fit the terminal, is read the same way)."""
    headers: list[str] = []
    render = Table.__rich_console__

    def recording(table: Table, console: Console, options):  # type: ignore[no-untyped-def]
        if table.show_header:  # a grid (the findings' list) has columns but no header to define
            headers.extend(str(c.header) for c in table.columns)
        return render(table, console, options)

    with patch.object(Table, "__rich_console__", recording):
        yield headers


SIDES = '[[side]]\nfaction = "aranas"\nlabel = "Arañas"\n[[side]]\nfaction = "ciempies"\nlabel = "Ciempiés"\n'
# every kind of run `print_summary` has a table for (games = units: story runs, matches)
RUNS = {
    "games": 'games = 400\n' + SIDES,
    "story": 'kind = "story"\ngames = 60\n' + SIDES,
    "best_of_three": 'kind = "best_of_three"\ngames = 100\n' + SIDES,
    "budget_sprt": 'games = 400\n' + SIDES + '[sweep]\n[[sweep.axis]]\nside = 1\nfield = "budget"\n'
                   'values = [120, 128]\n[stop]\nmethod = "sprt"\nevery = 200\nelo0 = 0\nelo1 = 10\n',
    "agents": 'games = 200\n' + SIDES + '[sweep]\n[[sweep.axis]]\nside = 1\nfield = "agent"\n'
              'values = ["random", "greedy"]\n',
    "ablation": 'games = 200\n' + SIDES + '[ablation]\nside = 1\ncards = ["AR-11", "AR-18"]\nbudget_step = 5\n',
    "forced_draw": 'games = 200\n' + SIDES + '[impact]\nside = 1\ncards = ["AR-11", "AR-18"]\n',
    "side_a_sprt": 'games = 400\n' + SIDES + '[stop]\nmethod = "sprt"\nevery = 200\nelo0 = 0\nelo1 = 10\n',
    "round_robin": 'matchups = "round_robin"\ngames = 200\n' + SIDES,
    "levels": 'games = 40\n' + SIDES + '[levels]\nlevels = ["random", "greedy"]\ncaps = [1, 2]\n',
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("docs-runs")
    for name, body in RUNS.items():
        spec = folder / f"{name}.toml"
        spec.write_text(f'name = "{name}"\nruleset = "dicedraft"\nseed = 11\n{body}', encoding="utf-8")
        assert main(["run", str(spec), "--results", str(folder / "results"), "--executor", "serial"]) == 0, name
    return {name: folder / "results" / name for name in RUNS}


def shown_headers(run_dir: Path) -> dict[str | None, set[str]]:
    """Per language `print_summary` can print in (None: it has one), the headers of the run's
    tables, without the columns a round robin names after its sides."""
    manifest = read_manifest(run_dir)
    labels = {side["label"] for config in manifest["configs"].values() for side in config["sides"]}
    languages = LANGUAGES if "lang" in inspect.signature(print_summary).parameters else (None,)
    out = {}
    for lang in languages:
        with recorded_headers() as headers:
            print_summary(Console(width=200, file=io.StringIO()), run_dir, manifest,
                          **({} if lang is None else {"lang": lang}))
        out[lang] = {h for h in headers if h not in labels}
    return out


def test_every_column_sim_show_prints_is_in_the_glossary(runs: dict[str, Path]) -> None:
    exact, patterns, undefined = glossary_headers()
    assert not undefined, f"glossary rows without a definition in both languages: {undefined}"
    english_to_spanish: dict[str, set[str]] = {}
    for spanish, english in COLUMNS.values():
        english_to_spanish.setdefault(english, set()).add(spanish)
    missing: dict[str, set[str]] = {}
    every_header: set[str] = set()
    for kind, run_dir in runs.items():
        for lang, headers in shown_headers(run_dir).items():
            assert headers, f"{kind}: no table printed"
            every_header |= headers
            # a header the console prints in English: the words the dashboard and the report use
            # for the same column (the catalog's Spanish) must be defined too
            wanted = headers | {s for h in headers for s in english_to_spanish.get(h, ())} if lang in (None, "en") \
                else headers
            for header in wanted:
                if not defined(header, exact, patterns):
                    missing.setdefault(header, set()).add(kind)
    assert not missing, f"column headers of `sim show` that docs/glossary.md does not define: {missing}"
    # the runs reach the tables that matter: a change that dropped one would make this test weaker
    for header in ("W / L / D", "first player wins", "q (BY)", "forced draw [95% CI]", "budget points [95% CI]",
                   "Elo per point", "Nash mix", "exploitability", "games per match", "IWD null", "vs uniform field",
                   "IWD - null", "side A's score", "change from the level before", "share at the cap"):
        assert header in every_header, header
    assert any(h.startswith("SPRT, ") for h in every_header)


def test_every_column_with_a_definition_on_hover_is_in_the_glossary() -> None:
    """The columns the dashboard explains on hover (the measured figures) are in the glossary
    under the header the dashboard and the report print, in both languages."""
    exact, patterns, _ = glossary_headers()
    missing = {(name, lang): column(name, lang) for name in COLUMN_DEFINITIONS for lang in LANGUAGES
               if not defined(column(name, lang), exact, patterns)}
    assert not missing, f"dashboard columns the glossary does not define: {missing}"


def test_the_glossary_check_fails_on_an_undefined_header() -> None:
    exact, patterns, _ = glossary_headers()
    assert defined("win rate", exact, patterns) and defined("tasa de victoria", exact, patterns)
    assert defined("SPRT, H0: same as the baseline; H1: ±1.4 pts from it", exact, patterns)
    assert not defined("a column nobody defined", exact, patterns)


# the words of the summary a designer could not look up in a clone (issue 32), each a glossary entry
SUMMARY_WORDS = ("IWD", "GIH", "GP", "OH", "GD", "GNS", "Played WR", "q-value", "Design effect", "Effective games",
                 "Wilson interval", "Elo per point", "Forced-draw effect", "Ablation worth", "Budget points",
                 "First-player advantage", "Nash mix", "Exploitability", "SPRT", "LLR", "Paired",
                 "Seat-mirrored pairs")


def glossary_entries() -> dict[str, str]:
    """Each entry of the glossary, `**English (...) · Español.** EN: ... ES: ...`, by its English
    name (what precedes a parenthesis, a comma or the ` · `), with its text."""
    entries = {}
    for paragraph in re.split(r"\n\s*\n", GLOSSARY.read_text(encoding="utf-8")):
        match = re.match(r"\*\*(.+?)\.\*\*\s*(.*)", paragraph.strip(), re.S)
        if match:
            english = match.group(1).split(" · ")[0]
            for name in re.split(r",\s*", re.sub(r"\s*\([^)]*\)", "", english)):
                entries[name.strip()] = match.group(2)
    return entries


def test_the_summary_words_are_glossary_entries_in_both_languages() -> None:
    entries = glossary_entries()
    missing = [word for word in SUMMARY_WORDS if word not in entries]
    assert not missing, f"docs/glossary.md has no entry for {missing}"
    one_language = [word for word in SUMMARY_WORDS if not ("EN:" in entries[word] and "ES:" in entries[word])]
    assert not one_language, f"entries without both an English and a Spanish definition: {one_language}"
