"""How a figure reads when a person reads it: the one place the console, the HTML report and the
dashboard turn numbers into text, so the three never disagree.

- a rate is a percentage, with its 95% interval where it has one: "52.1% [52.0, 52.2]";
- a difference of rates is signed points: "+54.8 pts [+54.6, +55.0]";
- a count has thousands separators: "1,000,000";
- a p- or q-value below 1e-300 is "< 1e-300", never 0 (ANALYTICS.md): a float64 p-value of
  a large z underflows to 0.0, and a 0 would read as certainty;
- the first-player advantage is said in words: "the first player wins 77.4% (+54.8 pts)".

`readable_columns` applies these to any analysis table by its column names, folding each value's
interval columns into its text, and keeps the raw values beside the text for sorting. Exports to
CSV and Parquet never come through here: they are data and keep the raw numbers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
from typing import Any

import polars as pl

from sim.report.language import VALUE_COLUMNS, t, value

MISSING = "-"
Q_FLOOR = 1e-300  # below this a p- or q-value prints as "< 1e-300" (ANALYTICS.md)
SIDES = "AB"

RATE_NAMES = frozenset({"rate", "share", "fitted_at_max", "seen_when_undrawn", "played_when_drawn",
                        "through"})  # through: a story stage's share of runs that won every stage so far
DIFFERENCE_NAMES = frozenset({"iwd", "iwd_shrunk", "worth", "position_effect", "worth_per_budget_point",
                              "points_at_max", "local_slope", "per_point", "effect", "forced_effect", "ablation_worth",
                              "iwd_null", "iwd_excess", "rank_value", "exploitability", "effect_per_changed"})
LOCAL_FIT = re.compile(r"(?P<low>\d+)-(?P<high>\d+), (?P<budgets>\d+) budgets")
PLAIN_INTEGERS = frozenset({"seed", "game", "unit"})  # identifiers, not counts: no thousands separators

def is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _unsigned_zero(value: float, digits: int) -> float:
    """-0.0 and a tiny negative that rounds to zero read as 0, not as a negative."""
    return 0.0 if round(value, digits) == 0 else value


def localised(text: str, lang: str = "en") -> str:
    """A number written the English way ("1,234.5") as `lang` writes it: Spanish swaps the marks
    ("1.234,5", RAE), English keeps them."""
    return text.translate(SPANISH_MARKS) if lang == "es" else text


SPANISH_MARKS = str.maketrans({",": ".", ".": ","})


def _fixed(value: float, digits: int, lang: str, sign: bool = False) -> str:
    return localised(f"{value:{'+' if sign else ''},.{digits}f}", lang)


def percent_sign(lang: str = "en") -> str:
    """The percent sign as `lang` writes it after a number: "59.8%", and "59,8 %" in Spanish (RAE)."""
    return "\u00a0%" if lang == "es" else "%"


def percent(value: float | None, digits: int = 1, lang: str = "en") -> str:
    """0.5367 -> "53.7%" ("53,7 %" in Spanish)."""
    return MISSING if is_missing(value) else _fixed(_unsigned_zero(100 * value, digits), digits, lang) + percent_sign(lang)


def _interval(low: float | None, high: float | None, bound: Callable[[float], str], lang: str = "en") -> str:
    # Spanish writes decimals with a comma, so its interval's bounds are parted by a semicolon
    between = "; " if lang == "es" else ", "
    return MISSING if is_missing(low) or is_missing(high) else f"[{bound(low)}{between}{bound(high)}]"


def _and_interval(text: str, interval: str) -> str:
    return text if interval == MISSING else f"{text} {interval}"


def percent_interval(low: float | None, high: float | None, digits: int = 1, lang: str = "en") -> str:
    """(0.520, 0.522) -> "[52.0, 52.2]" ("[52,0; 52,2]" in Spanish): a rate's interval, in percent like its rate."""
    return _interval(low, high, lambda v: _fixed(_unsigned_zero(100 * v, digits), digits, lang), lang)


def percent_with_interval(value: float | None, low: float | None, high: float | None, digits: int = 1,
                          lang: str = "en") -> str:
    """(0.521, 0.520, 0.522) -> "52.1% [52.0, 52.2]"."""
    return MISSING if is_missing(value) else _and_interval(percent(value, digits, lang),
                                                           percent_interval(low, high, digits, lang))


def _signed(value: float, digits: int, lang: str = "en") -> str:
    return _fixed(_unsigned_zero(100 * value, digits), digits, lang, sign=True)


def signed_points(value: float | None, digits: int = 1, lang: str = "en") -> str:
    """A difference of rates in percentage points: 0.548 -> "+54.8 pts" ("+54,8 pts" in Spanish)."""
    return MISSING if is_missing(value) else f"{_signed(value, digits, lang)} pts"


def points_interval(low: float | None, high: float | None, digits: int = 1, lang: str = "en") -> str:
    """(0.546, 0.550) -> "[+54.6, +55.0]"."""
    return _interval(low, high, lambda v: _signed(v, digits, lang), lang)


def signed_points_with_interval(value: float | None, low: float | None, high: float | None, digits: int = 1,
                                lang: str = "en") -> str:
    """(0.548, 0.546, 0.550) -> "+54.8 pts [+54.6, +55.0]"."""
    return MISSING if is_missing(value) else _and_interval(signed_points(value, digits, lang),
                                                           points_interval(low, high, digits, lang))


def count(value: float | None, lang: str = "en") -> str:
    """1000000 -> "1,000,000" ("1.000.000" in Spanish; a fractional count, such as wins with draws
    as halves, keeps its .5)."""
    if is_missing(value):
        return MISSING
    return _fixed(value, 0 if float(value).is_integer() else 1, lang)


def _moment(moment: str | datetime) -> datetime | None:
    """A manifest's ISO moment as a datetime (UTC when it names no zone: the manifests write UTC),
    or None for text that is no date."""
    try:
        when = moment if isinstance(moment, datetime) else datetime.fromisoformat(str(moment))
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def date_text(moment: str | datetime | None, lang: str = "en") -> str:
    """A moment (a manifest's ISO `created`) as `lang` writes a date, in UTC and saying so: Spanish
    "04/12/2026 03:11 UTC", English "2026-12-04 03:11 UTC"; text that is no date is kept."""
    if moment is None or moment == "":
        return MISSING
    when = _moment(moment)
    if when is None:
        return str(moment)
    return when.astimezone(timezone.utc).strftime("%d/%m/%Y %H:%M UTC" if lang == "es" else "%Y-%m-%d %H:%M UTC")


def local_date_text(moment: str | datetime | None, lang: str = "en", zone: str | None = None) -> str:
    """A moment (a manifest's ISO `created`) as `lang` writes a date, in the time zone `zone` names
    (the reader's browser's, "Europe/Madrid"): Spanish "04/12/2026 22:11", English "2026-12-04 22:11".
    The zone is not written: say it once beside the dates (`known_zone`). Text that is no date is kept."""
    if moment is None or moment == "":
        return MISSING
    when = _moment(moment)
    if when is None:
        return str(moment)
    return when.astimezone(ZoneInfo(known_zone(zone))).strftime("%d/%m/%Y %H:%M" if lang == "es" else "%Y-%m-%d %H:%M")


def known_zone(zone: object) -> str:
    """`zone` when it names a time zone this machine knows ("America/Mexico_City"), else "UTC"."""
    if isinstance(zone, str) and zone and len(zone) < 64:
        try:
            ZoneInfo(zone)
            return zone
        except (ValueError, OSError, ZoneInfoNotFoundError):  # a path, a folder of zones, no such zone
            pass
    return "UTC"


def wall_time_text(seconds: float | None, lang: str = "en") -> str:
    """A run's wall time as a person reads it: "0,2 s" / "0.2 s" under a minute, "4 min 05 s"
    under an hour, then "2 h 05 min"."""
    if is_missing(seconds):
        return MISSING
    seconds = max(0.0, float(seconds))
    if seconds < 60:
        return seconds_text(seconds, lang)
    whole = round(seconds)
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min"


def seconds_text(seconds: float | None, lang: str = "en") -> str:
    """A duration in seconds, one decimal, as `lang` writes it: "1.234,5 s" in Spanish."""
    return MISSING if is_missing(seconds) else f"{_fixed(float(seconds), 1, lang)} s"


def q_text(value: float | None, lang: str = "en") -> str:
    """A p- or q-value: three significant digits ("0,0123" in Spanish), and "< 1e-300" for anything
    smaller, 0.0 included (an underflow, or an exact difference with no spread: never a reason to
    print 0)."""
    if is_missing(value):
        return MISSING
    return f"< {Q_FLOOR:.0e}" if value < Q_FLOOR else localised(f"{value:.3g}", lang)


def number(value: float | None, lang: str = "en") -> str:
    """Any other figure: three significant digits, whole numbers from 1,000 on."""
    if is_missing(value):
        return MISSING
    return localised(f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.3g}", lang)


def config_in_words(config_id: str, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """A config's id as a designer says it, from the catalog: "side1.budget=130" -> "side A's budget =
    130", "without=AR-01" -> "without AR-01", "params.fortaleza=20,JP-018.atq=8" -> "rule fortaleza
    = 20, JP-018: atq = 8", "carga_25~misticos_25" -> "Carga de criaturas vs Místicos" (`names`: the
    factions' display names). An id of another shape is kept as written."""
    names = names or {}
    if config_id == "":  # a levels table's group of a sweep that changes nothing but the agents
        return t("config_all", lang)
    if config_id == "base":
        return t("config_base", lang)
    if "~" in config_id and "=" not in config_id:
        a, _, b = config_id.partition("~")
        return t("config_versus", lang, a=names.get(a, a), b=names.get(b, b))
    return ", ".join(_change_in_words(part, lang, names) for part in config_id.split(","))


SIDE_FIELDS = ("faction", "agent", "label")  # a sweep axis's side fields every game has (catalog side_field_*)


def _change_in_words(change: str, lang: str, names: Mapping[str, str]) -> str:
    what, equals, value = change.partition("=")
    if not equals or what == "matchup":  # a [levels] round robin's matchup leads its config ids
        a, tilde, b = (value if equals else change).partition("~")
        return t("config_versus", lang, a=names.get(a, a), b=names.get(b, b)) if tilde else change
    if what == "level":  # a [levels] config: both sides at this agent level
        return t("config_level", lang, level=value)
    shown_value = localised(value, lang) if value.replace(".", "", 1).lstrip("-").isdigit() else value
    if what == "without":
        return t("config_without", lang, card=value)
    if what == "params.turn_cap":  # every game's cap (a [levels] run doubles it): said in words, not its id
        return t("config_turn_cap", lang, value=shown_value)
    if what.startswith("params."):
        return t("config_rule", lang, param=what[len("params."):], value=shown_value)
    head, dot, field = what.partition(".")
    if dot and head.startswith("side") and head[4:].isdigit() and int(head[4:]) in (1, 2):
        side = SIDES[int(head[4:]) - 1]
        key = {"budget": "config_budget", "drawn": "config_drawn", "undrawn": "config_undrawn"}.get(field)
        if key is not None:
            return t(key, lang, side=side, value=shown_value, card=value)
        if field in SIDE_FIELDS:  # the generic side fields in words, a faction by its display name
            return t("config_side_field", lang, side=side, field=t(f"side_field_{field}", lang),
                     value=names.get(value, value) if field == "faction" else shown_value)
        return t("config_side_field", lang, side=side, field=field, value=shown_value)
    if dot:
        return t("config_card_field", lang, card=head, field=field, value=shown_value)
    return change


def first_player_words(row: Mapping[str, Any], lang: str = "en") -> str:
    """A first_player_advantage row said as ANALYTICS.md says it: "the first player wins 77.4%
    (+54.8 pts)": the first player's win rate over both seats, and how many points it is above the
    second player's (side A's win rate going first minus going second)."""
    if is_missing(row.get("advantage")) or is_missing(row.get("first_player_win_rate")):
        return t("no_first_player", lang)
    return t("first_player_words", lang, rate=percent(row["first_player_win_rate"], lang=lang),
             points=signed_points(row["advantage"], lang=lang))


NARROW_CHARACTERS = frozenset(" .,:;[]()-+%'|/·")


def text_width(text: str, size: float = 14.0) -> float:
    """About how many px `text` takes at `size` px in a sans-serif font, rounded up (a designer's font
    may be wider than the one it was measured in): a table's column or a chart's margin is sized
    from it, rather than measured in the page, which lays the page out again for every measure."""
    em = sum(0.40 if c in NARROW_CHARACTERS else 0.59 if c.isdigit() else 0.72 if c.isupper() else
             0.55 if c.islower() else 0.62 for c in text)
    return em * size


def in_spec_order(frame: pl.DataFrame, configs: Iterable[str], only: bool = False) -> pl.DataFrame:
    """Rows in the order the spec lists its configs (manifest["configs"]), not the alphabet's; rows of
    one config keep their order, and a config the list does not name goes last (or, with `only`, is
    left out: a summary may show some configs only)."""
    if "config" not in frame.columns:
        return frame
    order = {config_id: k for k, config_id in enumerate(configs)}
    if only:
        frame = frame.filter(pl.col("config").is_in(list(order)))
    return (frame.with_row_index("_row")
            .sort(pl.col("config").replace_strict(order, default=len(order), return_dtype=pl.Int64), "_row")
            .drop("_row"))


@dataclass(frozen=True)
class ReadableColumn:
    """One column as a person reads it: the frame column it shows, whether its interval is folded
    into its text, the texts, and the raw values to sort them by."""

    name: str
    with_interval: bool
    texts: list[str]
    sort_keys: list[Any]


def _is_rate(name: str) -> bool:
    return (name.endswith(("_wr", "win_rate", "_rate", "share")) or name.startswith("win_rate")
            or name in RATE_NAMES)


def _is_difference(name: str) -> bool:
    return name.endswith(("diff", "advantage")) or name in DIFFERENCE_NAMES


def _is_probability(name: str) -> bool:
    return name.startswith("q_value") or name.endswith(("p_value", "_q"))  # forced_q, ablation_q: q-values too


def shown_scale(name: str, dtype: pl.DataType) -> int:
    """What a numeric column's raw value is multiplied by to read as its text: 100 for a rate (a
    fraction shown as %) and a difference of rates (shown in points), 1 for anything else (counts,
    costs, q-values, budget points). A filter typed in the unit the designer reads divides by it."""
    if not dtype.is_numeric() or _is_probability(name):
        return 1
    return 100 if _is_rate(name) or _is_difference(name) else 1


def _interval_of(name: str, columns: Sequence[str], claimed: set[str]) -> tuple[str, str] | None:
    """The (low, high) columns of `name`: by name (x_low, x_ci_low, or gih_ci_low for gih_wr), else
    the two columns right after it when they end in low and high (win_rate, ci_low, ci_high)."""
    stem = name[:-3] if name.endswith("_wr") else name
    for low, high in ((f"{name}_low", f"{name}_high"), (f"{name}_ci_low", f"{name}_ci_high"),
                      (f"{stem}_ci_low", f"{stem}_ci_high")):
        if low in columns and high in columns and not {low, high} & claimed:
            return low, high
    at = columns.index(name)
    after = columns[at + 1:at + 3]
    if len(after) == 2 and after[0].endswith("low") and after[1].endswith("high") and not set(after) & claimed:
        return after[0], after[1]
    return None


def local_fit_words(fit: str | None, lang: str = "en") -> str:
    """budget_slopes' `local_fit` ("130-135, 4 budgets", as the analysis writes it) in `lang`."""
    found = LOCAL_FIT.fullmatch(fit) if isinstance(fit, str) else None
    if found is None:
        return MISSING if fit is None else fit
    return t("local_fit_words", lang, low=found["low"], high=found["high"], budgets=found["budgets"])


def _plain_text(name: str, dtype: pl.DataType, value: Any, lang: str = "en") -> str:
    if value is None:
        return MISSING if dtype.is_numeric() else ""
    if name in ("config", "group") and dtype == pl.String:  # side1.budget=130 -> side A's budget = 130
        return config_in_words(value, lang)
    if name == "local_fit" and isinstance(value, str):
        return local_fit_words(value, lang)
    if dtype == pl.Boolean:  # a flag (the budget steps' "falls") in words, never True/False
        return t("yes", lang) if value else t("no", lang)
    if name == "side" and dtype.is_integer() and value in (0, 1):
        return SIDES[value]
    if dtype.is_integer():
        return str(value) if name in PLAIN_INTEGERS else count(value, lang)
    if dtype.is_float():
        return number(value, lang)
    return str(value)


def _sort_key(value: Any) -> Any:
    if is_missing(value):
        return None
    return value if isinstance(value, (bool, int, float, str)) else str(value)


def readable_columns(frame: pl.DataFrame, lang: str = "en") -> list[ReadableColumn]:
    """Every column of an analysis table as text, by its name: rates (`*_wr`, `*win_rate`, `*_rate`,
    `rate`, `*share`) as percentages, differences (`*diff`, `*advantage`, `iwd`, `worth`...) as signed
    points, `q_value*` and `*p_value` by q_text, `side` as A/B, integers as counts, other floats to
    three digits, each number as `lang` writes it. A rate's or a difference's interval columns (`x_low`/`x_high`, `x_ci_low`/
    `x_ci_high`, or `ci_low`/`ci_high` right after it) fold into its text and are not shown apart."""
    columns = frame.columns
    claimed: set[str] = set()
    intervals: dict[str, tuple[str, str]] = {}
    for name in columns:
        if name in claimed or not frame.schema[name].is_numeric() or not (_is_rate(name) or _is_difference(name)):
            continue
        found = _interval_of(name, columns, claimed | {name})
        if found is not None:
            intervals[name] = found
            claimed.update(found)
    out = []
    for name in columns:
        if name in claimed:
            continue
        values = frame[name].to_list()
        dtype = frame.schema[name]
        low, high = (frame[c].to_list() for c in intervals[name]) if name in intervals else ([None] * len(values),) * 2
        if not dtype.is_numeric():
            texts = [_plain_text(name, dtype, v, lang) for v in values]
        elif _is_probability(name):
            texts = [q_text(v, lang) for v in values]
        elif _is_rate(name):
            texts = [percent_with_interval(v, lo, hi, lang=lang) for v, lo, hi in zip(values, low, high)]
        elif _is_difference(name):
            texts = [signed_points_with_interval(v, lo, hi, lang=lang) for v, lo, hi in zip(values, low, high)]
        else:
            texts = [_plain_text(name, dtype, v, lang) for v in values]
        out.append(ReadableColumn(name, name in intervals, texts, [_sort_key(v) for v in values]))
    return out


def readable_values(frame: pl.DataFrame, lang: str) -> pl.DataFrame:
    """The words inside a table said in `lang`: the measure a card list is ranked by, the ratings'
    model, a method, why a figure is missing (catalog `value`), yes and no; names (factions, cards,
    configs) stay as the data spells them. The report's and the dashboard's tables both say them so."""
    words = [name for name in VALUE_COLUMNS if name in frame.columns and frame.schema[name] == pl.String]
    flags = [name for name in frame.columns if frame.schema[name] == pl.Boolean]
    return frame.with_columns(
        *(pl.col(name).map_elements(lambda v, name=name: value(name, v, lang), return_dtype=pl.String) for name in words),
        *(pl.when(pl.col(name)).then(pl.lit(t("yes", lang))).when(pl.col(name).not_()).then(pl.lit(t("no", lang)))
          .otherwise(None).alias(name) for name in flags))
