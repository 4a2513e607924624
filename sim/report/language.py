"""The one language catalog: every text the dashboard, the terminal, the HTML report and the charts
show, in Spanish and English, and the lookups that read it. Card names stay as the data spells them;
a game's own words (its name, how its games end, its fillers and card classes) are the game's, in
its words.py, found here through the registry.

The texts are kept by the layer that shows them: the dashboard (language_dashboard.py), the terminal
(language_terminal.py), `sim balance` (language_balance.py), the charts (language_charts.py), the
report (language_report.py), the findings (language_findings.py) and the tables' headers and words
(language_tables.py). `t(key, lang)` gives a text of any of them, `column(name, lang)` a table
column's header; a key is used wherever its text fits, so a word is translated once."""

from __future__ import annotations

from sim.core import errors
from sim.core.errors import InputError
from sim.core.ruleset import Ruleset, get_ruleset
from sim.report.language_balance import BALANCE_TEXT
from sim.report.language_charts import CHART_TEXT
from sim.report.language_dashboard import DASHBOARD_TEXT, GRID_TEXT_KEYS
from sim.report.language_findings import FINDINGS_TEXT
from sim.report.language_report import REPORT_TEXT
from sim.report.language_tables import COLUMN_DEFINITIONS, COLUMNS, VALUE_COLUMNS, VALUE_EN, VALUES
from sim.report.language_terminal import TERMINAL_TEXT
from sim.report.language_trial import TRIAL_TEXT

LANGUAGES = ("es", "en")


def merged(*parts: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The parts as one catalog; a key two parts define is refused, so no text hides another."""
    out: dict[str, dict[str, str]] = {}
    for part in parts:
        twice = sorted(out.keys() & part.keys())
        if twice:
            raise ValueError(f"catalog keys defined twice: {', '.join(twice)}")
        out.update(part)
    return out


TEXT = merged(DASHBOARD_TEXT, TERMINAL_TEXT, BALANCE_TEXT, CHART_TEXT, REPORT_TEXT, FINDINGS_TEXT, TRIAL_TEXT)


def value(name: str, text: str | None, lang: str | None) -> str | None:
    """A word of column `name` in a table, in `lang` (VALUES); any other text as it is."""
    if text is None:
        return None
    if (lang or "es") != "es":
        return VALUE_EN.get(name, {}).get(text, text)
    for english, spanish in VALUES.get(name, {}).items():
        if text == english:
            return spanish
        if english.endswith(" (") and text.startswith(english):
            return spanish + text[len(english):].replace(" pts per budget point", " pts por punto de presupuesto")
    return text


def column(name: str, lang: str | None) -> str:
    """A table column's header in `lang`."""
    pair = COLUMNS.get(name)
    return name if pair is None else pair[0 if (lang or "es") == "es" else 1]


def column_definition(name: str, lang: str | None) -> str | None:
    """What a table column measures, in `lang` (ANALYTICS.md's words), or None for a column that
    says itself (names, configs)."""
    pair = COLUMN_DEFINITIONS.get(name)
    return None if pair is None else pair[0 if (lang or "es") == "es" else 1]


def t(key: str, lang: str | None, **fields: object) -> str:
    """The text `key` in `lang` (Spanish when unknown), with its {fields} filled."""
    entry = TEXT[key]
    return entry.get(lang or "es", entry["es"]).format(**fields)


UNIT_WORDS = {"games": "unit_games", "story": "unit_runs", "best_of_three": "unit_matches"}  # a run's kind -> its units


def unit_word(kind: str | None, lang: str | None) -> str:
    """What a unit of a run of `kind` is called in `lang`: games, matches (best of three) or story
    runs; games for a kind the catalog does not name."""
    return t(UNIT_WORDS.get(str(kind), "unit_games"), lang)


def registered_game(ruleset: str | None) -> Ruleset | None:
    """The game called `ruleset`, whose own words (its words.py) the lookups below read; None for a
    name no game answers to (a run of a game since removed)."""
    try:
        return get_ruleset(str(ruleset))
    except InputError:
        return None


def game_name(ruleset: str | None, lang: str | None) -> str:
    """The game's name as its designers call it ("Paladines de Epikha", its name_words); a game that
    gives none (a test's own) by its id."""
    words = getattr(registered_game(ruleset), "name_words", None)
    return str(ruleset) if words is None else words[0 if (lang or "es") == "es" else 1]


def stall_cause(ruleset: str | None, lang: str | None) -> str:
    """Why the searching players of `ruleset` stall, in `lang` (its stall_words); "" for a game that
    does not say."""
    words = getattr(registered_game(ruleset), "stall_words", None)
    return "" if words is None else words[0 if (lang or "es") == "es" else 1]


def end_reason_name(reason: str, ruleset: str | None, lang: str | None) -> str:
    """How a game of `ruleset` ended (an end name of its `end_names`: lives, turn_cap, decked...) in
    `lang`: the game's own words (its end_words), else the shared catalog's (turn_cap), else the bare
    name."""
    pair = getattr(registered_game(ruleset), "end_words", {}).get(reason)
    if pair is not None:
        return pair[0 if (lang or "es") == "es" else 1]
    key = f"end_{reason}"
    return t(key, lang) if key in TEXT else reason


errors.use_catalog(t)  # messages raised in the layers below are worded by this catalog (sim.core.errors)
