"""A trial's answer as text tables in either language: printed by `sim try` and shown by the
dashboard's "Try a change" page from the same rows (answer_tables), so the terminal and the page
say the same figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from sim.balance.patch import toml_value
from sim.balance.trial import Expected, TrialPlan
from sim.report.formatting import (config_in_words, count, percent, percent_with_interval, signed_points,
                                   signed_points_with_interval, wall_time_text)
from sim.report.language import TEXT, t


@dataclass(frozen=True)
class AnswerTable:
    """One table of the answer: a title, its columns' headers and its rows, every cell text."""

    key: str
    title: str
    columns: list[str]
    rows: list[list[str]]


def edits_text(edits: list[dict[str, Any]]) -> str:
    """"CI-04.cost 5 → 6, AR-18.atq 7 → 8"."""
    return ", ".join(f"{e['target']}.{e['field']} {toml_value(e['old'])} → {toml_value(e['new'])}" for e in edits)


def edits_for_address(edits: list[dict[str, Any]]) -> str:
    """A proposal's edits as the Try a change page's address holds them: "CI-04.cost=6; AR-18.atq=8"."""
    return "; ".join(f"{e['target']}.{e['field']}={toml_value(e['new']).strip(chr(34))}" for e in edits)


def edits_from_address(text: str | None) -> dict[str, str]:
    """"CI-04.cost=6; AR-18.atq=8" -> {"CI-04.cost": "6", "AR-18.atq": "8"} (the values as typed)."""
    out = {}
    for part in (text or "").split(";"):
        key, equals, value = part.partition("=")
        if equals and key.strip():
            out[key.strip()] = value.strip()
    return out


def _diff(row: dict[str, Any], lang: str, scale: float = 1.0) -> str:
    return signed_points_with_interval(*(None if row[k] is None else scale * row[k] for k in ("diff", "diff_low", "diff_high")),
                                       lang=lang)


def _number(value: float | None, lang: str, sign: bool = False) -> str:
    if value is None:
        return "-"
    text = f"{value:+.2f}" if sign else f"{value:.2f}"
    return text.replace(".", ",") if lang == "es" else text


def _turns_difference(row: dict[str, Any], lang: str) -> str:
    """"-1.30 [-1.60, -0.99]" ("-1,30 [-1,60; -0,99]" in Spanish), turns as the table's other cells."""
    between = "; " if lang == "es" else ", "
    return (f"{_number(row['diff'], lang, True)} [{_number(row['diff_low'], lang, True)}{between}"
            f"{_number(row['diff_high'], lang, True)}]")


def _ending(reason: str, lang: str) -> str:
    key = f"end_{reason}"
    return t(key, lang) if key in TEXT else reason


def _config(answer: dict[str, Any], config: str, lang: str) -> str:
    return config_in_words(config, lang) if len(answer["configs"]) > 1 else answer["labels"][config][0]


def expected_text(expected: Expected | None, lang: str) -> str:
    """"Expected time: about 1.2 s (at most 60.1 s: ...)", at the speed of the run's last trial
    (its play and its answer) when there was one, else at the run's own speed."""
    if expected is None:
        return ""
    return t("try_expected_measured" if expected.measured else "try_expected", lang,
             likely=wall_time_text(expected.likely_seconds, lang), likely_games=count(expected.likely_games, lang),
             seconds=wall_time_text(expected.most_seconds, lang), games=count(expected.cap, lang), configs=expected.configs,
             speed=count(round(expected.speed), lang), fixed=wall_time_text(expected.fixed, lang))


def _points(value: float, lang: str) -> str:
    """0.01 -> "1.00" ("1,00"): a half-width in points, without its sign and unit."""
    return signed_points(value, 2, lang).lstrip("+").removesuffix(" pts")


def trial_plan_text(plan: TrialPlan, lang: str) -> str:
    """What `sim try` says before it plays: the trial, the edits, the seeds, the precision, the time."""
    precision = (t("trial_precision", lang, points=_points(plan.half_width, lang)) if plan.half_width is not None
                 else t("trial_fixed", lang))
    return t("trial_plan", lang, trial=plan.name, run=plan.base.name, edits=edits_text([e.as_dict() for e in plan.edits]),
             games=count(plan.games, lang), configs=plan.configs, precision=precision,
             expected=expected_text(plan.expected(), lang))


def headline(answer: dict[str, Any], lang: str) -> str:
    """The biggest change in one sentence: a round robin's faction against the field that moved
    most, else the config whose side A moved most."""
    if answer.get("field"):
        row = max(answer["field"], key=lambda r: abs(r["diff"] or 0.0))
        what = t("trial_vs_field", lang, label=row["label"])
        games = sum(answer["games"].values())
    else:
        row = max(answer["win_rates"], key=lambda r: abs(r["diff"] or 0.0))
        what = row["side_a"] if len(answer["configs"]) == 1 else f"{row['side_a']} ({config_in_words(row['config'], lang)})"
        games = row["pairs"]
    return t("trial_headline", lang, edits=edits_text(answer["edits"]), what=what,
             before=percent(row["a_win_rate"], lang=lang), after=percent(row["b_win_rate"], lang=lang),
             diff=_diff(row, lang), games=count(games, lang), run=answer["run"])


def stopping_lines(answer: dict[str, Any], lang: str) -> list[str]:
    """Where each config stopped and the half-width it reached."""
    lines = []
    wanted = answer.get("half_width")
    for row in answer["win_rates"]:
        half = None if row["diff_high"] is None else (row["diff_high"] - row["diff_low"]) / 2
        points = "-" if half is None else _points(half, lang)
        config = _config(answer, row["config"], lang)
        short = wanted is not None and half is not None and half > wanted + 1e-12
        key = "trial_short" if short else "trial_stopped_at"
        lines.append(t(key, lang, config=config, games=count(row["pairs"], lang), points=points,
                       wanted=_points(wanted or 0.0, lang)))
    return lines


def answer_tables(answer: dict[str, Any], lang: str) -> list[AnswerTable]:
    """Every table of the answer, in the order the designer reads them."""
    before, after, diff, games = (t(f"trial_col_{k}", lang) for k in ("before", "after", "diff", "games"))
    config_col = t("trial_col_config", lang)
    tables = []
    tables.append(AnswerTable("win_rates", t("trial_win_rates", lang), [config_col, before, after, diff, games], [
        [_config(answer, r["config"], lang),
         percent_with_interval(r["a_win_rate"], r["a_win_rate_low"], r["a_win_rate_high"], lang=lang),
         percent_with_interval(r["b_win_rate"], r["b_win_rate_low"], r["b_win_rate_high"], lang=lang),
         _diff(r, lang), count(r["pairs"], lang)] for r in answer["win_rates"]]))
    if answer.get("field"):
        tables.append(AnswerTable("field", t("trial_field", lang), [t("trial_col_what", lang), before, after, diff, games], [
            [r["label"], percent_with_interval(r["a_win_rate"], r["a_win_rate_low"], r["a_win_rate_high"], lang=lang),
             percent_with_interval(r["b_win_rate"], r["b_win_rate_low"], r["b_win_rate_high"], lang=lang),
             _diff(r, lang), count(r["pairs"], lang)] for r in answer["field"]]))
    if answer.get("first_player"):
        # the first player's rate over both seats is 0.5 + advantage / 2: the advantage is twice its change
        tables.append(AnswerTable("first_player", t("trial_first_player", lang), [config_col, before, after, diff, games], [
            [_config(answer, r["config"], lang), signed_points(2 * r["a_first_player_win_rate"] - 1, lang=lang),
             signed_points(2 * r["b_first_player_win_rate"] - 1, lang=lang), _diff(r, lang, 2.0), count(r["pairs"], lang)]
            for r in answer["first_player"]]))
    tables.append(AnswerTable("length", t("trial_length", lang), [config_col, before, after, diff, games], [
        [_config(answer, r["config"], lang), _number(r["before"], lang), _number(r["after"], lang),
         _turns_difference(r, lang), count(r["n"], lang)]
        for r in answer["length"]]))
    tables.append(AnswerTable("endings", t("trial_endings", lang), [config_col, t("trial_col_what", lang), before, after,
                                                                    diff], [
        [_config(answer, r["config"], lang), _ending(r["end_reason"], lang), percent(r["before"], lang=lang),
         percent(r["after"], lang=lang), _diff(r, lang)] for r in answer["endings"]]))
    if answer.get("forced_draw"):
        tables.append(AnswerTable("forced_draw", t("trial_forced_draw", lang), [t("trial_col_what", lang), before, after,
                                                                                diff], [
            [f"{r['card_id']} {r['card_name'] or ''} ({r['label']})".strip(),
             signed_points_with_interval(r["a_effect"], r["a_effect_low"], r["a_effect_high"], lang=lang),
             signed_points_with_interval(r["b_effect"], r["b_effect_low"], r["b_effect_high"], lang=lang),
             _diff(r, lang)] for r in answer["forced_draw"]]))
    return tables


def findings_lines(answer: dict[str, Any], lang: str) -> list[str]:
    lines = []
    for key in ("appeared", "gone"):
        found = answer.get(f"findings_{key}") or []
        if found:
            lines.append(t(f"trial_findings_{key}", lang) + ":")
            lines += [f"  • {f[lang]}" for f in found]
    return lines or [t("trial_findings_none", lang)]


def print_answer(console: Console, answer: dict[str, Any], lang: str) -> None:
    """The headline, where each config stopped, the tables, the findings."""
    say = lambda text: console.print(text, highlight=False, markup=False, soft_wrap=True)  # noqa: E731
    say(headline(answer, lang))
    for line in stopping_lines(answer, lang):
        say(line)
    for part in answer_tables(answer, lang):
        table = Table(title=part.title, title_justify="left", title_style="bold")
        for k, name in enumerate(part.columns):
            table.add_column(name, justify="left" if k == 0 else "right")
        for row in part.rows:
            table.add_row(*(Text(cell) for cell in row))
        console.print(table)
    for line in findings_lines(answer, lang):
        say(line)
