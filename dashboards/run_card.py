"""The card of the run chosen in the shell, on the runs page: what a designer reads of a stored run
in place of its raw manifest. The game and its sides and agents by their display names, n (every
config together, the figure of the run's progress line, and per config when there are several),
the seed, the wall time, the state as the dashboard knows it (finished, running, interrupted,
cancelled, or damaged when a chunk no longer matches what was written), the ruleset's version, the
commit, the creation and session times in the reader's time zone, and the `sim run` command that
resumes an unfinished run (the one `sim show` prints). Every word from the catalog, in Spanish and
English; numbers and dates as the language writes them.

The card is drawn again on the page's refresh, so a run cancelled or killed reads so without a reload."""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from dash import html

from dashboards import data, launches
from sim.analysis.levels import side_level
from sim.core.errors import InputError
from sim.report.formatting import config_in_words, count, known_zone, local_date_text, wall_time_text
from sim.report.language import TEXT, game_name, t, unit_word
from sim.run.progress import recorded_units, stored_progress

DAMAGE_SHOWN = 5  # damaged chunks named on the card; the pages of the run name them all
SIDES = "AB"
WHOLE_WIDTH = ("n-configs", "resume")  # lines drawn across the card: a list of configs, a long command
CARD_GRID = {"display": "grid", "gridTemplateColumns": "repeat(auto-fill, minmax(22em, 1fr))", "gap": "0 1.5em",
             "margin": 0}
CARD_STYLE = {"border": "1px solid #ddd", "borderRadius": "6px", "padding": ".6em 1em", "background": "#fafafa"}
COMMAND_STYLE = {"whiteSpace": "pre-wrap", "wordBreak": "break-all"}


@dataclass(frozen=True)
class CardLine:
    """One line of the card: what it says (`key`, also its CSS class card-<key>), its label and its
    values, one a line; `code` for a command to copy."""

    key: str
    label: str
    values: tuple[str, ...]
    code: bool = False


def unique(values: list[str]) -> list[str]:
    return list(dict.fromkeys(values))


def side_lines(manifest: dict[str, Any], names: dict[str, str], lang: str | None) -> tuple[str, ...]:
    """Each side with its faction or deck and the agents it plays, over every config (a sweep over
    agents plays several levels: all are said). A round robin lists each faction."""
    configs = list((manifest.get("configs") or {}).values())
    if (manifest.get("spec") or {}).get("matchups") == "round_robin":
        levels: dict[str, list[str]] = {}
        for config in configs:
            for side in config.get("sides", []):
                levels.setdefault(side["faction"], []).append(side_level(side))
        return tuple(t("card_faction_levels" if len(unique(found)) > 1 else "card_faction", lang,
                       faction=names.get(faction, faction), agents=", ".join(unique(found)))
                     for faction, found in levels.items())
    lines = []
    for index in range(max((len(config.get("sides", [])) for config in configs), default=0)):
        sides = [config["sides"][index] for config in configs if len(config.get("sides", [])) > index]
        factions = unique([names.get(side["faction"], side["faction"]) for side in sides])
        agents = unique([side_level(side) for side in sides])
        lines.append(t("card_side_levels" if len(agents) > 1 else "card_side", lang, side=SIDES[index] if index < 2
                       else str(index + 1), faction=" / ".join(factions), agents=", ".join(agents)))
    return tuple(lines)


def wall_seconds(manifest: dict[str, Any], status: str, now: float | None = None) -> float:
    """The run's wall time playing (the manifest's, over its finished sessions; a running session's
    time since it started is added, the compile included, as it has no figure of its own yet)."""
    seconds = float(manifest.get("wall_seconds") or 0.0)
    if status == "running":
        try:
            started = datetime.fromisoformat(str(manifest.get("started"))).timestamp()
        except ValueError:
            return seconds
        seconds += max(0.0, (time.time() if now is None else now) - started)
    return seconds


def damage(run: str, status: str) -> tuple[str, ...]:
    """The run's damaged chunks (none for a running run: its chunk being written is no damage)."""
    return () if status == "running" else data.damage_of(run)


def state_line(status: str, damaged: tuple[str, ...], lang: str | None) -> tuple[str, ...]:
    """The state in words: finished, running, interrupted or cancelled (with what to do), or damaged
    with the chunks that are."""
    if damaged:
        shown = list(damaged[:DAMAGE_SHOWN]) + (["…"] if len(damaged) > DAMAGE_SHOWN else [])
        return (t("card_damaged", lang, n=len(damaged)), *shown)
    if status in ("interrupted", "cancelled"):
        return (t(f"state_{status}", lang),)
    return (t(f"status_{status}", lang) if f"status_{status}" in TEXT else status,)


def card_lines(run: str, lang: str | None, zone: str | None) -> list[CardLine]:
    """The card's lines for `run` (InputError when it cannot be read: its reason is the card)."""
    folder, manifest = data.run_folder(run), data.manifest_of(run)
    names = data.chart_names_of(run)[0]
    status = data.run_status(folder, manifest)
    damaged = damage(run, status)
    progress = stored_progress(folder, manifest)
    unit = unit_word(manifest.get("kind"), lang)
    n = [t("card_n_value", lang, done=count(progress.units_done, lang), total=count(progress.units_total, lang),
           unit=unit)]
    configs = manifest.get("configs") or {}
    per_config: list[str] = []
    if len(configs) > 1:
        chunks = recorded_units(folder, manifest)
        per_config = [t("card_n_config", lang, config=config_in_words(config_id, lang, names),
                done=count(sum(chunks.get(config_id, {}).values()), lang), games=count(manifest.get("games"), lang),
                unit=unit) for config_id in configs]
    commit = manifest.get("git_commit")
    commit_text = "-" if not commit else str(commit)[:12] + (f" ({t('report_uncommitted', lang)})"
                                                              if manifest.get("git_dirty") else "")
    played = int(manifest.get("sessions") or 1)
    sessions = t("card_sessions_one", lang) if played == 1 else t("card_sessions_many", lang, n=count(played, lang))
    duration = t("card_duration_running" if status == "running" else "card_duration_value", lang,
                 time=wall_time_text(wall_seconds(manifest, status), lang), sessions=sessions)
    finished = manifest.get("finished") if status == "finished" else None
    lines = [
        CardLine("game", t("card_game", lang), (game_name(manifest.get("ruleset"), lang),)),
        CardLine("sides", t("card_sides", lang), side_lines(manifest, names, lang)),
        CardLine("n", t("card_n", lang), tuple(n)),
        CardLine("seed", t("card_seed", lang), (str(manifest.get("seed")),)),
        CardLine("duration", t("card_duration", lang), (duration,)),
        CardLine("state", t("card_state", lang), state_line(status, damaged, lang)),
        CardLine("ruleset-version", t("card_ruleset_version", lang),
                 (f"{manifest.get('ruleset')} {manifest.get('ruleset_version')}",)),
        CardLine("commit", t("card_commit", lang), (commit_text,)),
        CardLine("created", t("card_created", lang), (local_date_text(manifest.get("created"), lang, zone),)),
        CardLine("started", t("card_started", lang), (local_date_text(manifest.get("started"), lang, zone),)),
        CardLine("finished", t("card_finished", lang),
                 (local_date_text(finished, lang, zone) if finished else t("card_not_finished", lang),)),
    ]
    if per_config:  # last, across the card: a sweep may have dozens
        lines.append(CardLine("n-configs", t("card_n_configs", lang, configs=count(len(configs), lang)), tuple(per_config)))
    if status != "finished" or damaged:  # a damaged run's own command plays its damaged chunks again
        lines.append(CardLine("resume", t("card_resume", lang), (launches.resume_command(run, manifest),), code=True))
    return lines


def card_content(run: str | None, lang: str | None, zone: str | None) -> dict[str, Any]:
    """What the card says, as plain data (the page draws it again only when this changes): its
    heading, its lines, or why the run cannot be read."""
    if not run:
        return {"run": None, "note": t("card_none", lang)}
    try:
        lines = card_lines(run, lang, zone)
    except InputError as exc:
        return {"run": data.said_name(run, lang), "problem": t("card_unreadable", lang, run=data.said_name(run, lang),
                                                              problem=data.said(exc, lang))}
    except (OSError, ValueError) as exc:  # a manifest half-written or damaged
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return {"run": run, "problem": t("card_unreadable", lang, run=run, problem=reason)}
    # as the page's store gives it back (lists, not tuples), so an unchanged card compares equal
    return json.loads(json.dumps({"run": run, "heading": t("card_heading", lang, run=run),
                                  "lines": [asdict(line) for line in lines],
                                  "zone": t("times_zone_note", lang, zone=known_zone(zone))}))


def run_card(content: dict[str, Any]) -> html.Div:
    """The card `card_content` describes: a heading and a list of what and its value."""
    if "lines" not in content:
        return html.Div(content.get("problem") or content.get("note"), className="run-card run-card-empty",
                        style={"color": "#a00"} if content.get("problem") else {"color": "#666"})
    rows = []
    for line in content["lines"]:
        # a value a block, never cut between two columns of the configs' list
        shown = [html.Div(html.Code(value, style=COMMAND_STYLE) if line["code"] else value, style={"breakInside": "avoid"})
                 for value in line["values"]]
        value_style = {"margin": "0 0 .4em 0", **({"columnWidth": "24em"} if line["key"] == "n-configs" else {})}
        rows.append(html.Div([html.Dt(line["label"], style={"fontWeight": "bold"}), html.Dd(shown, style=value_style)],
                             className=f"card-line card-{line['key']}",
                             style={"gridColumn": "1 / -1"} if line["key"] in WHOLE_WIDTH else {}))
    return html.Div([html.H3(content["heading"]), html.Dl(rows, style=CARD_GRID),
                     html.P(content["zone"], className="card-zone", style={"color": "#666", "fontSize": ".85em"})],
                    className="run-card", style=CARD_STYLE, **{"data-run": content["run"]})
