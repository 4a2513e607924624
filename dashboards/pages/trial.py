"""Try a change (docs/trying.md): on the shell's run, pick cards (or rule parameters), change their
numbers and keywords in a form built from the game's card model, choose how sure the answer must
be, and press Play. The trial plays the run's own seeds (sim.balance.trial) in this dashboard's
process (dashboards.trials); its progress shows four times a second, and then what changed, before →
after on the same games with each paired difference's 95% interval (the tables `sim try` prints,
sim.balance.trial_console). A value the rules refuse is said at its field, in the page's language,
and Play stays off. Keep leaves the trial in the runs list (it is an ordinary run), Discard removes
it; another change on top is the same form, changed again.

The address holds the edits (in `sim try`'s words), the precision and the trial played, so a link
opens the same form and, once played, the same answer, read from the trial's answer.json."""

from __future__ import annotations

import json
import time
from typing import Any

import dash
from dash import ALL, Input, Output, State, callback, ctx, dcc, html, no_update
from flask import current_app

from dashboards import data, trials
from dashboards.url_state import url_filters
from sim.balance.trial import (MOST_GAMES, TRIAL_SUFFIX, BaseRun, base_run, discard_trial, expected_time,
                               keep_trial, plan_trial)
from sim.balance.trial_answer import ANSWER_FILE, warm_base_findings
from sim.balance.trial_console import (answer_tables, edits_from_address, expected_text, findings_lines, headline,
                                       stopping_lines)
from sim.balance.trial_form import FLAG, INT, WORD, WORDS, FormField, TrialSpace, checked_edits, said_field, typed_value
from sim.balance.patch import PARAMS, toml_value
from sim.core.errors import InputError, SaidError
from sim.results.folder import RUN_NAME
from sim.report.formatting import count, seconds_text
from sim.report.language import t
from sim.run.executors import choose_executor

dash.register_page(__name__, path="/try", name="try")

HIDDEN, SHOWN = {"display": "none"}, {"display": "flex", "gap": ".6em"}
ROW = {"display": "flex", "gap": ".6em", "alignItems": "center", "flexWrap": "wrap"}

layout = url_filters(html.Div([
    html.H2(id="try-heading"),
    html.P(id="try-intro"),
    html.Label(id="try-cards-label", htmlFor="try-cards"),
    dcc.Dropdown(id="try-cards", multi=True, style={"maxWidth": "48em"}),
    html.Div(id="try-form"),
    html.Div([html.Label(id="try-precision-label"),
              dcc.RadioItems(id="try-by", value="half_width", inline=True),
              dcc.Input(id="try-amount", type="text", value="1", debounce=False, style={"width": "7em"})], style=ROW),
    html.Div(id="try-amount-msg", className="try-msg"),
    html.Div([html.Label(id="try-edits-label", htmlFor="try-edits"),
              dcc.Input(id="try-edits", type="text", readOnly=True, style={"width": "40em"})], style=ROW),
    html.P(id="try-expected"),
    html.Button(id="try-play", disabled=True),
    dcc.Input(id="try-trial", type="hidden"),
    dcc.Interval(id="try-tick", interval=250, disabled=True),
    html.Div(id="try-status"),
    html.Div(id="try-answer"),
    html.Div([html.Button(id="try-keep"), html.Label(id="try-keep-name-label", htmlFor="try-keep-name"),
              dcc.Input(id="try-keep-name", type="text", style={"width": "24em"}), html.Button(id="try-discard")],
             id="try-actions", style=HIDDEN),
    html.P(id="try-kept"),
]), edits="try-edits", by="try-by", amount="try-amount", trial="try-trial")


@callback(Output("try-intro", "children"), Output("try-cards-label", "children"),
          Output("try-precision-label", "children"), Output("try-by", "options"), Output("try-edits-label", "children"),
          Output("try-play", "children"), Output("try-keep", "children"), Output("try-keep-name-label", "children"),
          Output("try-discard", "children"),
          Input("lang", "data"))
def translate(lang: str):
    return (t("try_intro", lang), t("try_cards_label", lang), t("try_precision_label", lang),
            [{"label": t("try_by_half_width", lang), "value": "half_width"},
             {"label": t("try_by_games", lang), "value": "games"}],
            t("try_edits_label", lang), t("try_play", lang), t("try_keep", lang), t("try_keep_name", lang),
            t("try_discard", lang))


def _base(run: str | None) -> BaseRun:
    data.run_folder(run)  # a name leading out of the results folder is refused here, without a path
    return base_run(data.results_root(), str(run))


@data.computed_once(maxsize=8)
def _space(folder: str, version: float) -> TrialSpace:
    base = base_run(data.results_root(), folder)
    return base.space()


def space_of(run: str) -> TrialSpace:
    return _space(run, (data.run_folder(run) / "manifest.json").stat().st_mtime)


@callback(Output("try-heading", "children"), Output("try-cards", "options"), Output("try-cards", "value"),
          Output("try-status", "children", allow_duplicate=True),
          Input("run", "value"), Input("lang", "data"), State("try-edits", "value"), State("try-cards", "value"),
          prevent_initial_call="initial_duplicate")
def cards(run: str | None, lang: str, edits: str | None, chosen: list | None):
    """The cards (and the rule parameters) a trial of the run may change; those the address's edits
    name are picked."""
    if not run:
        return t("nav_try", lang), [], [], html.P(t("try_no_run", lang))
    try:
        warm_base_findings(_base(run))
        space = space_of(run)
    except InputError as exc:  # a run a trial cannot take (unfinished, being written, a trial): why, in words
        heading = t("try_heading", lang, run=run) if RUN_NAME.match(str(run)) else t("nav_try", lang)  # never a path
        return heading, [], [], html.P(data.said(exc, lang), className="try-refused")
    options = [{"label": f"{c.card_id} {c.name} ({c.faction})", "value": c.card_id} for c in space.cards.values()]
    options.append({"label": t("try_params_option", lang), "value": PARAMS})
    named = {key.split(".", 1)[0] for key in edits_from_address(edits)}
    offered = {o["value"] for o in options}
    value = [v for v in (chosen or sorted(named)) if v in offered]
    return t("try_heading", lang, run=run), options, value, no_update  # the trial's own status stays


def _field_input(key: str, form: FormField, value: Any) -> Any:
    ident = {"type": "try-field", "key": key}
    if form.kind == FLAG:
        return dcc.Dropdown(id=ident, options=["true", "false"], value=toml_value(value) if isinstance(value, bool)
                            else str(value), clearable=False, style={"width": "7em"})
    if form.kind == WORD:
        return dcc.Dropdown(id=ident, options=list(form.words), value=str(value).strip('"'), clearable=False,
                            style={"width": "10em"})
    if form.kind == WORDS:
        words = [w.strip().strip('"') for w in str(value).strip("[]").split(",") if w.strip()] \
            if isinstance(value, str) else list(value or [])
        return dcc.Dropdown(id=ident, options=list(form.words), value=words, multi=True, style={"minWidth": "14em"})
    return dcc.Input(id=ident, type="text", inputMode="numeric", value=str(value), style={"width": "5em"})


@callback(Output("try-form", "children"), Input("try-cards", "value"), Input("run", "value"), Input("lang", "data"),
          State("try-edits", "value"))
def form(chosen: list | None, run: str | None, lang: str, edits: str | None):
    """A fieldset per picked card: each field the card model lets a trial change on a card of its
    kind, at the edited value when the address names one, else the card's own; its refusal shows
    under it."""
    if not run or not chosen:
        return None
    try:
        space = space_of(run)
    except InputError:
        return None
    asked = edits_from_address(edits)
    sets = []
    for target in chosen:
        if target == PARAMS:
            forms, values, title = space.param_fields, space.params, t("try_params_option", lang)
        elif target in space.cards:
            card = space.cards[target]
            # the fields its kind uses (a dicedraft personaje shows no die or boost), and any other the
            # address asks to change, so that its refusal shows under it
            forms = [f for f in space.card_fields if f.name in card.used or f"{target}.{f.name}" in asked]
            values, title = card.values, f"{card.card_id} {card.name}"
        else:
            continue
        rows = []
        for f in forms:
            key = f"{target}.{f.name}"
            value = asked.get(key, values.get(f.name))
            bounds = f" ({f.low}–{f.high})" if f.kind == INT and f.low is not None and f.high is not None else ""
            rows.append(html.Div([html.Label(f"{f.name}{bounds}", htmlFor=json.dumps({"key": key, "type": "try-field"})),
                                  _field_input(key, f, value),
                                  html.Span(id={"type": "try-msg", "key": key}, className="try-msg",
                                            style={"color": "#b00020"})], style=ROW, className="try-row"))
        sets.append(html.Fieldset([html.Legend(title), *rows], id=f"try-card-{target}"))
    return sets


def _text(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ",".join(str(v) for v in value) + "]"
    return "" if value is None else str(value)


def _precision(by: str | None, amount: str | None) -> tuple[float | None, int | None]:
    """(half-width, games) from the precision box: points (1 = ±1 pt) or games; a bad number is a
    SaidError at the box."""
    text = (amount or "").strip().replace(",", ".")
    try:
        number = float(text)
    except ValueError:
        key = "trial_refuse_half_width" if by != "games" else "trial_refuse_games"
        raise SaidError(key, value=amount, games=f"{MOST_GAMES:,}", run="", field="amount") from None
    if by == "games":
        return None, int(number) if number.is_integer() else -1
    return number / 100, None


@callback(Output("try-edits", "value"), Output({"type": "try-msg", "key": ALL}, "children"),
          Output("try-amount-msg", "children"), Output("try-play", "disabled"), Output("try-expected", "children"),
          Input({"type": "try-field", "key": ALL}, "value"), Input("try-by", "value"), Input("try-amount", "value"),
          Input("lang", "data"), State({"type": "try-field", "key": ALL}, "id"), State("run", "value"),
          State("try-cards", "value"))
def check(values: list, by: str | None, amount: str | None, lang: str, ids: list, run: str | None, chosen: list | None):
    """The edits the form holds, each value checked as `sim try` checks it: a refusal at its field,
    and Play off while any is there."""
    messages = [None] * len(ids)
    if not run or not ids:
        return (no_update if not chosen else ""), messages, None, True, None
    try:
        space = space_of(run)
    except InputError:
        return no_update, messages, None, True, None
    where = {i["key"]: k for k, i in enumerate(ids)}
    sets, refused = [], False
    for ident, value in zip(ids, values):
        target, _, name = ident["key"].partition(".")
        forms = space.param_fields if target == PARAMS else space.card_fields
        form = next(f for f in forms if f.name == name)
        current = space.params.get(name) if target == PARAMS else space.cards[target].values.get(name)
        try:
            typed = typed_value(form, target, value if not isinstance(value, list) else value)
        except SaidError as exc:
            messages[where[ident["key"]]] = exc.said(lang)
            refused = True
            sets.append((ident["key"], _text(value)))
            continue
        if typed != (tuple(current) if isinstance(current, list) else current):
            sets.append((ident["key"], _text(value)))
    edits_text = "; ".join(f"{k}={v}" for k, v in sets)
    if not refused and sets:
        try:
            checked_edits(space, [(*k.split(".", 1), v) for k, v in sets])
        except SaidError as exc:
            key = said_field(exc)
            if key in where:
                messages[where[key]] = exc.said(lang)
            refused = True
    amount_message, expected = None, None
    try:
        half_width, games = _precision(by, amount)
        base = _base(run)
        if half_width is not None and not 0 < half_width < 0.5:
            raise SaidError("trial_refuse_half_width", value=amount, field="amount")
        if games is not None and not 2 <= games <= MOST_GAMES:
            raise SaidError("trial_refuse_games", value=amount, games=f"{MOST_GAMES:,}", run=run, field="amount")
        expected = expected_text(expected_time(base, half_width, games), lang) or None
    except InputError as exc:
        amount_message, refused = data.said(exc, lang), True
    if refused:
        expected = t("try_refused", lang)
    return edits_text, messages, amount_message, refused or not sets, expected


def _executor() -> str:
    """Ray only where a cluster is named (RAY_ADDRESS): on this machine the threads play sooner."""
    asked = str(current_app.config.get("SIM_EXECUTOR", "auto"))
    return choose_executor()[0] if asked in ("auto", "ray") else asked


@callback(Output("try-trial", "value"), Output("try-tick", "disabled"), Output("try-status", "children"),
          Output("try-kept", "children", allow_duplicate=True),
          Input("try-play", "n_clicks"), State("try-edits", "value"), State("try-by", "value"),
          State("try-amount", "value"), State("run", "value"), State("lang", "data"), prevent_initial_call=True)
def play(_: int | None, edits: str | None, by: str | None, amount: str | None, run: str | None, lang: str):
    """Check the trial again as `sim try` does (nothing is played on a refusal) and start it."""
    clicked = time.perf_counter()
    try:
        half_width, games = _precision(by, amount)
        plan = plan_trial(data.results_root(), str(_base(run).name),
                          [(*k.split(".", 1), v) for k, v in edits_from_address(edits).items()], half_width, games)
    except InputError as exc:
        return no_update, True, html.P(data.said(exc, lang), className="try-refused"), None
    state, started = trials.start(plan, _executor(), clicked)
    words = "try_playing" if started else "try_queued"
    return plan.name, False, html.P(t(words, lang, trial=plan.name, games=0, seconds=seconds_text(0.0, lang)), id="try-progress"), None


def answer_view(answer: dict[str, Any], lang: str) -> list[Any]:
    """The answer as the page shows it: the headline, where each config stopped, the tables and the
    findings that appeared or went away."""
    parts: list[Any] = [html.P(headline(answer, lang), id="try-headline", style={"fontWeight": "bold"}),
                        html.Ul([html.Li(line) for line in stopping_lines(answer, lang)], id="try-stopping")]
    for table in answer_tables(answer, lang):
        parts.append(html.H3(table.title))
        parts.append(html.Table([html.Thead(html.Tr([html.Th(c) for c in table.columns])),
                                 html.Tbody([html.Tr([html.Td(cell) for cell in row]) for row in table.rows])],
                                id=f"try-table-{table.key}", className="try-table"))
    parts.append(html.Div([html.P(line) for line in findings_lines(answer, lang)], id="try-findings"))
    parts.append(html.P(t("try_findings_note", lang), className="note"))
    return parts


def trial_named(trial: object) -> str | None:
    """The trial the address or the page names, when it is a run's name at all (never a path: a
    name that climbs out or points elsewhere is no trial, and nothing is read or removed for it)."""
    return trial if isinstance(trial, str) and RUN_NAME.match(trial) else None


def _stored_answer(trial: str) -> dict[str, Any] | None:
    folder = data.confined(data.results_root() / f"{trial}{TRIAL_SUFFIX}")
    try:
        return json.loads((folder / ANSWER_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


@callback(Output("try-answer", "children"), Output("try-status", "children", allow_duplicate=True),
          Output("try-tick", "disabled", allow_duplicate=True), Output("try-actions", "style"),
          Input("try-tick", "n_intervals"), Input("try-trial", "value"), Input("lang", "data"), prevent_initial_call="initial_duplicate")
def progress(_: int | None, trial: str | None, lang: str):
    """The trial's progress while it plays; its answer once it is there (also for a link to it)."""
    trial = trial_named(trial)
    if not trial:
        return None, no_update, True, HIDDEN
    state = trials.playing(trial)
    if state is not None and not state.done.is_set():
        return no_update, html.P(t("try_playing", lang, trial=trial, games=count(state.games, lang),
                                   seconds=seconds_text(trials.seconds_since(state), lang)), id="try-progress"), False, HIDDEN
    if state is not None and state.failure is not None:
        reason = state.failure.said(lang) if isinstance(state.failure, SaidError) else str(state.failure)
        return None, html.P(t("try_failed", lang, trial=trial, reason=reason), className="try-refused"), True, HIDDEN
    answer = state.answer if state is not None and state.answer is not None else _stored_answer(trial)
    if answer is None:
        return None, None, True, HIDDEN
    status = html.P(t("try_answered", lang, seconds=seconds_text(answer["seconds"], lang),
                      games=count(answer["games_played"], lang)), id="try-answered")
    return answer_view(answer, lang), status, True, SHOWN


@callback(Output("try-keep-name", "value"), Input("try-trial", "value"))
def keep_name(trial: str | None):
    """Keep's name box starts at the trial's own name."""
    return trial_named(trial) or ""


@callback(Output("try-kept", "children"), Output("try-trial", "value", allow_duplicate=True),
          Input("try-keep", "n_clicks"), Input("try-discard", "n_clicks"), State("try-trial", "value"),
          State("try-keep-name", "value"), State("lang", "data"), prevent_initial_call=True)
def keep_or_discard(_keep: int | None, _discard: int | None, trial: str | None, name: str | None, lang: str):
    """Discard removes the trial; Keep marks it kept, under the name in the box (renamed when it
    differs: the address then names the kept trial)."""
    trial = trial_named(trial)
    if not trial:
        return no_update, no_update
    root = data.results_root()
    data.confined(root / f"{trial}{TRIAL_SUFFIX}")
    if ctx.triggered_id == "try-discard":
        discard_trial(root, trial)
        trials.forget(trial)
        return t("try_discarded", lang, trial=trial), None
    try:
        kept = keep_trial(root, trial, name)
    except InputError as exc:
        return html.Span(data.said(exc, lang), className="try-refused"), no_update
    if kept != trial:
        trials.forget(trial)
    return t("try_kept", lang, trial=kept, folder=f"{kept}{TRIAL_SUFFIX}"), (kept if kept != trial else no_update)
