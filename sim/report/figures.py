"""The report's pictures: Plotly figures built from sim.analysis tables, one function per view.

The same figures serve the standalone HTML report and the dashboard, so a designer sees the
same picture wherever they look. Every figure says who is compared with whom (faction or side
labels in its legend and axes, never a bare "side A") and how much: each bar or point carries its
value, its 95% interval and its n in print, not only on hover. Rows of figures that rank things
(cards, configs) are listed one per line, every name shown, the figure growing with the rows
(`ROW_HEIGHT`), with the printed figures in a column beside the plot. Every text comes from the
language catalog (sim.report.language) in the chosen language.
"""

from __future__ import annotations

import functools
import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
import polars as pl

from sim.analysis.budget_curve import fitted_curve
from sim.report.formatting import (config_in_words, count, first_player_words, is_missing, localised, percent, percent_interval,
                                   percent_with_interval, points_interval, q_text, signed_points,
                                   signed_points_with_interval, text_width)
from sim.report.language import column, t


@functools.cache
def white_template() -> dict[str, Any]:
    """plotly_white as plain data, made once: setting it by name on a figure validates and copies the
    whole template each time, which took 40% of the factions page's server time."""
    return pio.templates["plotly_white"].to_plotly_json()


def white_figure(fig: go.Figure) -> dict[str, Any]:
    """`fig` as plain data on plotly_white (white_template), for Dash or plotly.io.to_html with
    validate=False: nothing validated or copied again."""
    figure = fig.to_plotly_json()
    figure["layout"]["template"] = white_template()
    return figure

ROW_HEIGHT = 22  # pixels per listed row (card, config): every name gets its line
FRAME_HEIGHT = 200  # title, axis and legend around the rows
PLOT_DOMAIN = (0.0, 0.62)  # the plot's share of the width; the printed figures take the rest
TEXT_DOMAIN = (0.64, 1.0)
SIDES = "AB"
SIDE_COLOURS = ("#1f77b4", "#d62728")
# One colour per faction, deck or config of a run, given out in the spec's order (run_colours): the
# first two are the sides' colours, so a fixed matchup reads blue against red on every chart.
PALETTE = SIDE_COLOURS + ("#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f")
NUMBER_SEPARATORS = {"es": ",.", "en": ".,"}  # Plotly's decimal and thousands marks, for the ticks it writes itself
PLOT_WIDTH = 900  # px: about the plot's width in the report and the dashboard, to leave room for labels
LABEL_FONT = 11


def run_colours(manifest: dict[str, Any], names: dict[str, str] | None = None) -> dict[str, str]:
    """Every name a chart of this run colours by (each side's label and faction, and each config)
    mapped to one colour, given out in the spec's order: a faction or a deck keeps its colour from
    chart to chart, whatever the rank or the order of a chart's traces. The label and the faction
    of one side share their colour, so a chart that names the side either way agrees."""
    colours: dict[str, str] = {}
    given = 0

    def give(names: Sequence[str]) -> None:
        nonlocal given
        known = next((colours[n] for n in names if n in colours), None)
        if known is None:
            known = PALETTE[given % len(PALETTE)]
            given += 1
        for name in names:
            colours.setdefault(name, known)

    configs = manifest.get("configs", {})
    for config in configs.values():
        for side in config.get("sides", []):
            label = side.get("label") or side.get("faction") or ""
            bare = label[2:] if len(label) > 2 and label[1] == ":" else label
            faction = side.get("faction")
            shown = [(names or {}).get(n) for n in (label, bare, faction)]  # the display names too
            shown += [s[2:] for s in shown if s and s[1:2] == ":"]
            give([n for n in (label, bare, faction, *shown) if n])
    for config_id in configs:  # and the config as a chart's label says it, in either language
        give([config_id] + [config_in_words(config_id, lang, names) for lang in ("es", "en")])
    return colours


NAME_COLUMNS = ("label", "faction", "faction_a", "faction_b", "row", "column", "best_response")


def with_display_names(frame: pl.DataFrame, names: dict[str, str], lang: str | None = None) -> pl.DataFrame:
    """A table with its faction and deck ids (and default labels) said as the game names them
    (export.faction_display_names: aranas -> Arañas), in the columns a chart names sides by; with
    `lang`, its configs said in words too (formatting.config_in_words: side1.budget=130 -> "side
    A's budget = 130"), for a chart's labels only: the tables keep the ids that select games."""
    columns = [pl.col(c).replace(names) for c in NAME_COLUMNS
               if names and c in frame.columns and frame.schema[c] == pl.String]
    if lang is not None and "config" in frame.columns and frame.schema["config"] == pl.String:
        words = {c: config_in_words(c, lang, names) for c in frame["config"].unique().to_list() if c is not None}
        columns.append(pl.col("config").replace(words))
    return frame.with_columns(columns) if columns else frame


def colour_of(name: str, colours: dict[str, str] | None) -> str:
    """A name's colour in the run (run_colours), looked up as given or without its side's letter
    ("A: Arañas" -> "Arañas"); a name the run does not list gets one from its letters, the same on
    every chart."""
    colours = colours or {}
    for key in (name, name[3:] if name[1:3] == ": " else name, name[2:] if name[1:2] == ":" else name):
        if key in colours:
            return colours[key]
    return PALETTE[zlib.crc32(name.encode("utf-8")) % len(PALETTE)]


def _error(low: pl.Series, mid: pl.Series, high: pl.Series) -> dict[str, Any]:
    return dict(type="data", symmetric=False, array=(high - mid).to_list(), arrayminus=(mid - low).to_list())


def tick_axis(low: float, high: float, signed: bool, target_ticks: int = 6, lang: str = "en") -> dict[str, Any]:
    """An axis of rates (fractions) from `low` to `high` whose ticks all read differently: a step of
    1, 2, 2.5 or 5 times a power of ten near (high - low) / target_ticks, and as many decimals as
    that step needs. A difference (`signed`) ticks in points, as its axis title says ("+1.5 pts"),
    a rate in percent ("52%"); both written as `lang` writes numbers (formatting), so the ticks are
    given as text rather than left to Plotly's English d3 formats."""
    span = max(high - low, 1e-4)
    raw = span / target_ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw * (1 - 1e-9))
    in_points = step * 100
    digits = next(d for d in range(8) if abs(round(in_points, d) - in_points) < 1e-9 * max(1.0, in_points))
    pad = step / 2
    first, last = math.ceil((low - pad) / step - 1e-9), math.floor((high + pad) / step + 1e-9)
    values = [k * step for k in range(first, last + 1)]
    texts = [(signed_points(v, digits, lang) if abs(v) > step / 1e6 else "0 pts") if signed else percent(v, digits, lang)
             for v in values]
    return dict(tickmode="array", tickvals=values, ticktext=texts, range=[low - pad, high + pad], zeroline=signed)


def percent_axis(high: float, lang: str = "en", top: float | None = None) -> dict[str, Any]:
    """A share's axis from 0 to `high` (or to `top`, where it must reach: 100% of a stack), ticked
    in percent as `lang` writes it ("20 %" in Spanish), never below 0."""
    axis = tick_axis(0.0, max(high, 0.01), signed=False, lang=lang)
    axis["range"] = [0.0, top if top is not None else axis["range"][1]]
    axis["zeroline"] = False
    return axis


def difference_axis(low: float, high: float, lang: str = "en") -> dict[str, Any]:
    """A difference's axis, ticked in points as its title says, symmetric about 0."""
    span = max(abs(low), abs(high), 0.01)
    return tick_axis(-span, span, signed=True, lang=lang)


def rate_axis(values: Sequence[float | None], lang: str = "en", reference: float | None = 0.5) -> dict[str, Any]:
    """A win-rate axis around the data (and its reference, 50%), not always 0-100%: 52% against 48%
    must look apart. Never past 0 or 100%."""
    shown = [v for v in values if v is not None and not math.isnan(v)] + ([reference] if reference is not None else [])
    low, high = (min(shown), max(shown)) if shown else (0.0, 1.0)
    axis = tick_axis(max(0.0, low), min(1.0, high), signed=False, lang=lang)
    axis["range"] = [max(axis["range"][0], -0.005), min(axis["range"][1], 1.005)]
    return axis


@dataclass(frozen=True)
class RankedRow:
    """One line of a ranked figure: its name, the value and its interval (None: not measured), the
    figures printed beside it, what hover adds, and its legend group."""

    label: str
    value: float | None
    low: float | None
    high: float | None
    printed: str
    hover: str
    group: str


def ranked_figure(rows: Sequence[RankedRow], title: str, axis_title: str, signed: bool, bars: bool = False,
                  reference: float | None = None, group_colours: dict[str, str] | None = None,
                  extra: Sequence[go.Scatter] = (), extra_values: Sequence[float] = (), lang: str = "en",
                  rate: bool = False) -> go.Figure:
    """Rows listed top to bottom in the order given, every label on the axis (the figure is
    ROW_HEIGHT pixels a row), a dot with its 95% interval as whiskers, and the printed figures of
    each row in a column at the right, so a screenshot keeps them. With `bars`, each row is a bar
    from the reference (50% for a win rate) to its value, and its printed figures sit at the end of
    its whisker, beside the bar they describe. A `rate` axis spans the data and the reference, not
    0-100%: 52% against 48% must look apart; a `signed` one ticks in points, as its title says."""
    labels = [r.label for r in rows]
    fig = go.Figure()
    groups = list(dict.fromkeys(r.group for r in rows))
    colours = group_colours or {}
    base = reference if reference is not None else 0.0
    for k, group in enumerate(groups):
        part = [r for r in rows if r.group == group and r.value is not None]
        if not part:
            continue
        colour = colours.get(group, SIDE_COLOURS[k % 2] if len(groups) <= 2 else PALETTE[k % len(PALETTE)])
        error = dict(type="data", symmetric=False, array=[max(0.0, (r.high if r.high is not None else r.value) - r.value) for r in part],
                     arrayminus=[max(0.0, r.value - (r.low if r.low is not None else r.value)) for r in part],
                     thickness=1.5, width=4, color="#333" if bars else colour)
        common = dict(y=[r.label for r in part], name=group, error_x=error,
                      hovertext=[r.hover for r in part], hoverinfo="text", legendgroup=group)
        if bars:  # from the reference, so a bar's length is its distance from it
            fig.add_bar(orientation="h", marker_color=colour, opacity=0.85, base=base,
                        x=[r.value - base for r in part], **common)
        else:
            fig.add_scatter(mode="markers", marker=dict(size=8, color=colour), x=[r.value for r in part], **common)
    for trace in extra:
        fig.add_trace(trace)
    values = [v for r in rows for v in (r.low, r.value, r.high) if v is not None] + list(extra_values)
    if rate:
        axis = rate_axis(values, lang, reference)
    else:
        if reference is not None:
            values.append(reference)
        low, high = (min(values), max(values)) if values else (0.0, 1.0)
        axis = tick_axis(low, high, signed, lang=lang)
    if bars:
        # the printed figures at each whisker's end, the axis widened on the right to hold the longest
        ends = [max(v for v in (r.value, r.high, base) if v is not None) for r in rows]
        room = min(0.6, (max((text_width(r.printed, LABEL_FONT) for r in rows), default=0.0) + 12) / PLOT_WIDTH)
        left, right = axis["range"]
        axis["range"] = [left, right + (right - left) * room / (1 - room)]
        fig.add_scatter(x=ends, y=labels, text=["  " + r.printed for r in rows], mode="text", textposition="middle right",
                        textfont=dict(size=LABEL_FONT), showlegend=False, hoverinfo="skip", cliponaxis=False)
    else:
        fig.add_scatter(x=[0] * len(rows), y=labels, text=[r.printed for r in rows], mode="text", xaxis="x2",
                        textposition="middle right", textfont=dict(size=LABEL_FONT), showlegend=False,
                        hoverinfo="skip", cliponaxis=False)
    if reference is not None:
        fig.add_vline(x=reference, line_dash="dot" if not rate else "dash", line_color="#555" if rate else "#888",
                      line_width=1.5 if rate else 1)
    fig.update_layout(
        title=dict(text=wrapped(title), font=dict(size=14)), barmode="overlay",  # one bar a row showlegend=len(groups) > 1,
        xaxis=dict(title=axis_title, domain=[0.0, 1.0] if bars else list(PLOT_DOMAIN), **axis),
        yaxis=dict(type="category", categoryorder="array", categoryarray=labels[::-1], tickmode="array",
                   tickvals=labels, ticktext=labels, automargin=False),
        height=max(420, FRAME_HEIGHT + ROW_HEIGHT * len(rows)),
        legend=dict(orientation="h", x=0, y=1.0, yanchor="bottom"),
        margin=dict(t=95, l=label_margin(labels), r=10, b=60))
    if not bars:
        fig.update_layout(xaxis2=dict(domain=list(TEXT_DOMAIN), range=[0, 1], visible=False, fixedrange=True))
    return fig


TICK_FONT = 12  # px, Plotly's tick labels


def label_margin(labels: Sequence[str], title: bool = False) -> int:
    """The left margin that fits the widest of `labels` (and an axis title beside them): worked out
    here, as Plotly's automargin would measure them in the page, drawing the chart twice to do it."""
    widest = max((text_width(label, TICK_FONT) for label in labels), default=0.0)
    return int(widest + 16 + (28 if title else 0))


def wrapped(title: str, width: int = 120) -> str:
    """A long title broken into lines at spaces (Plotly does not wrap), so it is never cut off."""
    lines, line = [], ""
    for word in title.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "<br>".join(lines + [line])


def _group_colours(rows: Sequence[RankedRow], colours: dict[str, str] | None) -> dict[str, str] | None:
    """Each legend group's colour of the run (its faction, deck or config), or None without
    `colours`: the figure then colours side A blue and side B red."""
    return None if colours is None else {r.group: colour_of(r.group, colours) for r in rows}


def _unique(labels: list[str]) -> list[str]:
    """Row labels as the axis needs them, one per row: a repeated label gets its row's number."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return out


def side_name(side: int, label: str | None, lang: str) -> str:
    """A side said with its faction or label: "A: china" (labels like "A:japon" already say it)."""
    letter = SIDES[side]
    if label and label.startswith(f"{letter}:"):
        return f"{letter}: {label[2:]}"
    return f"{letter}: {label}" if label else f"{t('chart_side', lang)} {letter}"


def rate_printed(value: float | None, low: float | None, high: float | None, n: int | None, unit: str = "n",
                 lang: str = "en") -> str:
    return f"{percent_with_interval(value, low, high, lang=lang)}, {unit} = {count(n, lang=lang)}"


def points_printed(value: float | None, low: float | None, high: float | None, n: int | None, unit: str = "n",
                   lang: str = "en") -> str:
    return f"{signed_points_with_interval(value, low, high, lang=lang)}, {unit} = {count(n, lang=lang)}"


def draws_hover(row: dict[str, Any], decided: str, lang: str) -> str:
    """A hover line of a win rate's draws (sim.analysis.draws): the share of games drawn at the turn
    cap, and the rate `decided` among the decided games, each with its interval and n."""
    if row.get("cap_draw_share") is None:
        return ""
    cap = rate_printed(row["cap_draw_share"], row["cap_draw_share_low"], row["cap_draw_share_high"], row["n"], lang=lang)
    among = rate_printed(row[decided], row[f"{decided}_low"], row[f"{decided}_high"], row["decided"], lang=lang)
    return f"<br>{column('cap_draw_share', lang)}: {cap}<br>{column(decided, lang)}: {among}"


def win_rate_figure(rates: pl.DataFrame, lang: str = "en", colours: dict[str, str] | None = None) -> go.Figure:
    """Each config's side win rates as bars from 50% with their Wilson intervals, one line per config
    and side named by its faction or label, the rate, interval and n printed at each bar; each
    faction or deck in its colour of the run (`colours`, run_colours)."""
    rows = []
    labels_of_side = {side: rates.filter(pl.col("side") == side)["label"].unique().to_list() for side in (0, 1)}
    one_config = rates["config"].n_unique() == 1
    by_side = all(len(labels) == 1 for labels in labels_of_side.values())
    for r in rates.iter_rows(named=True):
        who = side_name(r["side"], r["label"], lang)
        label = who if one_config else f"{r['config']} · {who}"
        # one label a side (a fixed matchup): colour by side, named by its label; else (a round robin)
        # colour by faction, so the legend names the factions either way
        group = side_name(r["side"], labels_of_side[r["side"]][0], lang) if by_side else (r["label"] or r["faction"])
        rows.append(RankedRow(label, r["win_rate"], r["ci_low"], r["ci_high"],
                              rate_printed(r["win_rate"], r["ci_low"], r["ci_high"], r["n"], lang=lang),
                              f"{label}: {rate_printed(r['win_rate'], r['ci_low'], r['ci_high'], r['n'], lang=lang)}<br>"
                              f"{t('chart_wins_losses_draws', lang, wins=count(r['wins'], lang=lang), losses=count(r['losses'], lang=lang), draws=count(r['draws'], lang=lang))}"
                              f"{draws_hover(r, 'decided_win_rate', lang)}",
                              group))
    rows = [replace(r, label=label) for r, label in zip(rows, _unique([r.label for r in rows]))]
    return ranked_figure(rows, t("chart_win_rates", lang), t("chart_win_rate_axis", lang), signed=False, bars=True,
                         reference=0.5, group_colours=_group_colours(rows, colours), lang=lang, rate=True)


def matchup_figure(cells: pl.DataFrame, lang: str = "en") -> go.Figure:
    """The matchup matrix as a heatmap: row's win rate against column, printed with its n in each
    cell, the interval on hover with the cell's turn-cap draws and its rate among decided games;
    labels in the order the cells list them (report_tables: the spec's)."""
    labels = cells["row"].unique(maintain_order=True).to_list()
    by = {(r["row"], r["column"]): r for r in cells.iter_rows(named=True)}
    against = t("chart_against", lang)
    z, text, hover = [], [], []
    for row in labels:
        z.append([by[(row, c)]["win_rate"] if (row, c) in by else None for c in labels])
        text.append([f"{percent(by[(row, c)]['win_rate'], lang=lang)}<br>n = {count(by[(row, c)]['n'], lang=lang)}" if (row, c) in by else ""
                     for c in labels])
        hover.append([f"{row} {against} {c}: {rate_printed(by[(row, c)]['win_rate'], by[(row, c)]['ci_low'], by[(row, c)]['ci_high'], by[(row, c)]['n'], lang=lang)}"
                      f"{draws_hover(by[(row, c)], 'decided_win_rate', lang)}"
                      if (row, c) in by else "" for c in labels])
    fig = go.Figure(go.Heatmap(z=z, x=labels, y=labels, text=text, texttemplate="%{text}", hovertext=hover,
                               hoverinfo="text", zmin=0.2, zmax=0.8, colorscale="RdYlGn",
                               colorbar=dict(tickmode="array", tickvals=[0.2, 0.35, 0.5, 0.65, 0.8],
                                             ticktext=[percent(v, 0, lang) for v in (0.2, 0.35, 0.5, 0.65, 0.8)],
                                             title=dict(text=t("chart_win_rate_axis", lang)))))
    fig.update_layout(title=t("chart_matchups", lang), xaxis_title=t("chart_opponent", lang),
                      yaxis=dict(autorange="reversed", title=t("chart_row_faction", lang)))
    return fig


def marginal_figure(marginals: pl.DataFrame, lang: str = "en", colours: dict[str, str] | None = None) -> go.Figure:
    """Each side's win rate against a uniform field of the round robin, with its 95% interval and n
    printed, best first."""
    part = marginals.sort("win_rate", descending=True)
    rows = [RankedRow(r["label"], r["win_rate"], r["ci_low"], r["ci_high"],
                      rate_printed(r["win_rate"], r["ci_low"], r["ci_high"], r["n"], lang=lang),
                      f"{r['label']}: {rate_printed(r['win_rate'], r['ci_low'], r['ci_high'], r['n'], lang=lang)}", r["label"])
            for r in part.iter_rows(named=True)]
    fig = ranked_figure(rows, t("chart_marginals", lang), t("chart_win_rate_axis", lang), signed=False, bars=True,
                        reference=0.5, group_colours=_group_colours(rows, colours), lang=lang, rate=True)
    fig.update_layout(showlegend=False)
    return fig


def nash_figure(nash: pl.DataFrame, games: int, lang: str = "en", colours: dict[str, str] | None = None) -> go.Figure:
    """The metagame (sim.analysis.metagame): each faction's share of the Nash mix as a bar with the
    bootstrap's 95% percentile interval, most played first, beside it the share of resamples that
    keep it in the support and what exploits a field of it alone (best response, gain, n); a dotted
    line at a uniform field's share. `games` is the round robin's, said in the title."""
    rows = []
    for r in nash.iter_rows(named=True):
        printed = t("chart_nash_printed", lang, share=percent_with_interval(r["nash_share"], r["nash_share_low"], r["nash_share_high"], lang=lang),
                    support=percent(r["support_share"], 0, lang=lang), responder=r["best_response"],
                    gain=signed_points(r["exploitability"], lang=lang), n=count(r["best_response_n"], lang=lang))
        rows.append(RankedRow(r["label"], r["nash_share"], r["nash_share_low"], r["nash_share_high"], printed,
                              f"{r['label']}: {printed}<br>{t('chart_nash_vs_mix', lang, rate=percent(r['win_rate_vs_nash'], lang=lang))}",
                              r["label"]))
    first = nash.row(0, named=True) if nash.height else {"resamples": 0}
    fig = ranked_figure(rows, t("chart_nash", lang, games=count(games, lang=lang), resamples=count(first["resamples"], lang=lang)),
                        t("chart_nash_axis", lang), signed=False, bars=True,
                        reference=1.0 / nash.height if nash.height else None, group_colours=_group_colours(rows, colours),
                        lang=lang, rate=True)
    fig.update_layout(showlegend=False, margin=dict(t=120))  # room for the title's three lines
    return fig


def first_player_figure(fpa: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Each config's first player's win rate over both seats with its 95% interval, against 50%, one
    line per config in the table's order, said in ANALYTICS.md's words beside it: "the first player
    wins 77.4% (+54.8 pts)", the interval and the number of seat-mirrored pairs."""
    shown = fpa.filter(pl.col("first_player_win_rate").is_not_null())
    rows = []
    for r in shown.iter_rows(named=True):
        words = first_player_words(r, lang)
        interval = percent_interval(r["first_player_win_rate_low"], r["first_player_win_rate_high"], lang=lang)
        printed = f"{words} {interval}, {t('chart_pairs', lang)} = {count(r['pairs'], lang=lang)}"
        rows.append(RankedRow(str(r["config"]), r["first_player_win_rate"], r["first_player_win_rate_low"],
                              r["first_player_win_rate_high"], printed,
                              f"{r['config']}: {printed}<br>{t('chart_advantage_words', lang, points=signed_points_with_interval(r['advantage'], r.get('ci_low'), r.get('ci_high'), lang=lang))}",
                              t("chart_first_player_axis", lang)))
    fig = ranked_figure(rows, t("chart_first_player", lang), t("chart_first_player_axis", lang), signed=False,
                        bars=True, reference=0.5, lang=lang, rate=True)
    fig.update_layout(showlegend=False)
    return fig


def first_player_length_figure(by_length: pl.DataFrame, lang: str = "en", colours: dict[str, str] | None = None) -> go.Figure:
    """first_player_by_length: per config, the first player's win rate in each band of game length
    with its Wilson interval, one line per config and band (coloured by config), the rate, interval,
    edge in points and n printed beside each, against 50%; observational, and titled so."""
    turns = t("chart_turns", lang)
    rows = []
    for r in by_length.iter_rows(named=True):
        label = f"{r['config']} · {r['band']} {turns}"
        printed = (f"{rate_printed(r['first_player_win_rate'], r['first_player_win_rate_low'], r['first_player_win_rate_high'], r['n'], lang=lang)}"
                   f" ({signed_points(r['advantage'], lang=lang)})")
        rows.append(RankedRow(label, r["first_player_win_rate"], r["first_player_win_rate_low"],
                              r["first_player_win_rate_high"], printed, f"{label}: {printed}", str(r["config"])))
    return ranked_figure(rows, t("chart_first_player_by_length", lang), t("chart_first_player_axis", lang),
                         signed=False, bars=True, reference=0.5, group_colours=_group_colours(rows, colours), lang=lang,
                         rate=True)


def game_length_figure(turns: pl.DataFrame, lang: str = "en", colours: dict[str, str] | None = None) -> go.Figure:
    """Distribution of game length per config (turns → share of games), n in each legend entry."""
    fig = go.Figure()
    word = t("chart_turns", lang)
    for config, part in turns.group_by("config", maintain_order=True):
        part = part.sort("turns")
        games = int(part["games"].sum()) if "games" in part.columns else None
        name = f"{config[0]} (n = {count(games, lang=lang)})" if games is not None else str(config[0])
        hover = [f"{config[0]}: {x} {word}, {percent(s, lang=lang)}" + (f" ({count(g, lang=lang)})" if games is not None else "")
                 for x, s, g in zip(part["turns"], part["share"], part["games"] if games is not None else part["share"])]
        fig.add_scatter(x=part["turns"].to_list(), y=part["share"].to_list(), mode="lines", name=name,
                        line=dict(color=colour_of(str(config[0]), colours)) if colours else None,
                        hovertext=hover, hoverinfo="text")
    fig.update_layout(title=t("chart_game_length", lang), xaxis_title=word,
                      yaxis=dict(title=t("chart_share", lang),
                                 **percent_axis(float(turns["share"].max() or 0) if turns.height else 0.1, lang)),
                      separators=NUMBER_SEPARATORS[lang if lang in NUMBER_SEPARATORS else "en"])
    return fig


def end_reason_name(reason: str, lang: str) -> str:
    """A ruleset's end reason (its `end_names`: lives, turn_cap, fortaleza, decked...) in `lang`."""
    key = f"end_{reason}"
    try:
        return t(key, lang)
    except KeyError:
        return reason


def end_reason_figure(reasons: pl.DataFrame, lang: str = "en") -> go.Figure:
    """How each config's games ended, as stacked shares, each share and its count printed."""
    fig = go.Figure()
    games = t("chart_games", lang)
    for (reason,), part in reasons.group_by("end_reason", maintain_order=True):
        name = end_reason_name(str(reason), lang)
        printed = [f"{percent(s, lang=lang)} ({count(c, lang=lang)})" for s, c in zip(part["share"], part["count"])]
        fig.add_bar(x=part["config"].to_list(), y=part["share"].to_list(), name=name, text=printed,
                    textposition="inside", insidetextanchor="middle",
                    hovertext=[f"{cfg}, {name}: {p} {games}" for cfg, p in zip(part["config"], printed)],
                    hoverinfo="text")
    totals = reasons.group_by("config", maintain_order=True).agg(pl.col("count").sum())
    ticks = [f"{c}<br>n = {count(n, lang=lang)}" for c, n in zip(totals["config"], totals["count"])]
    fig.update_layout(title=t("chart_end_reasons", lang), barmode="stack", yaxis=dict(title=t("chart_share", lang), **percent_axis(1.0, lang, top=1.0)),
                      xaxis=dict(tickmode="array", tickvals=totals["config"].to_list(), ticktext=ticks),
                      legend=dict(title=dict(text=t("chart_end_reason", lang))))
    return fig


def sweep_figure(sweep: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Each config's paired difference from the baseline, with its 95% interval, q and n printed;
    configs in the sweep's order."""
    others = sweep.filter(pl.col("config") != "base")
    rows = []
    for r in others.iter_rows(named=True):
        printed = f"{points_printed(r['diff'], r['diff_low'], r['diff_high'], r['n'], lang=lang)}, q = {q_text(r['q_value'], lang)}"
        if r["diff"] == 0 and r["diff_low"] == 0 and r["diff_high"] == 0:  # the baseline's own games, pair for pair
            printed = f"{t('chart_identical', lang)}, n = {count(r['n'], lang)}"
        config = config_in_words(str(r["config"]), lang)
        rows.append(RankedRow(config, r["diff"], r["diff_low"], r["diff_high"], printed,
                              f"{config}: {printed}<br>{t('chart_win_rate_axis', lang)} {percent(r['win_rate'], lang=lang)}",
                              t("chart_sweep_group", lang)))
    fig = ranked_figure(rows, t("chart_sweep", lang), t("chart_difference_axis", lang), signed=True, reference=0.0,
                        lang=lang)
    fig.update_layout(showlegend=False)
    return fig


def sprt_path_figure(paths: pl.DataFrame, lower: float, upper: float, title: str, lang: str = "en",
                     colours: dict[str, str] | None = None) -> go.Figure:
    """Each config's LLR as its pairs came in (sprt_trajectories), between the SPRT's bounds and
    plotted within them, as fishtest does: once a path leaves them the test has decided. A config
    identical to the base (`identical`: every pair scored the same) has no spread, so its LLR runs to
    minus hundreds of thousands and would flatten every other line: it is said in the legend
    instead of drawn."""
    fig = go.Figure()
    has_identical = "identical" in paths.columns
    for (config,), part in paths.group_by("config", maintain_order=True):
        colour = colour_of(str(config), colours)
        said = config_in_words(str(config), lang)
        if has_identical and part["identical"].any():
            fig.add_scatter(x=[None], y=[None], mode="lines", name=t("sprt_identical", lang, config=said),
                            line=dict(color=colour, dash="dot"), hoverinfo="skip")
            continue
        hover = [f"{said}: {count(p, lang)} {t('chart_pairs', lang)}, LLR {localised(f'{v:+.2f}', lang)}"
                 for p, v in zip(part["pairs"], part["llr"])]
        fig.add_scatter(x=part["pairs"].to_list(), y=part["llr"].to_list(), mode="lines", name=said,
                        line=dict(color=colour), hovertext=hover, hoverinfo="text")
    for bound, key in ((lower, "sprt_bound_lower"), (upper, "sprt_bound_upper")):
        fig.add_hline(y=bound, line_dash="dash", line_color="#888",
                      annotation_text=f"{t(key, lang)} ({localised(f'{bound:+.2f}', lang)})",
                      annotation_position="top left" if bound > 0 else "bottom left")
    pad = 0.25 * (upper - lower)
    fig.update_layout(title=wrapped(title, 100), xaxis_title=t("sprt_paths_axis", lang),
                      yaxis=dict(title=t("sprt_llr_axis", lang), range=[lower - pad, upper + pad]),
                      separators=NUMBER_SEPARATORS[lang if lang in NUMBER_SEPARATORS else "en"],
                      legend=dict(orientation="h", x=0, y=-0.2, yanchor="top"), margin=dict(t=90))
    return fig


def levels_figure(levels: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Each headline figure at each agent level (sim.analysis.levels, its report columns), with its
    95% interval, n and flag printed; one colour per figure, 50% marked."""
    rows = []
    for r in levels.iter_rows(named=True):
        figure = t(f"level_figure_{r['figure']}", lang)
        flag = f" · {t('level_flag_' + r['flag'], lang)}" if r["flag"] else ""
        printed = rate_printed(r["level_rate"], r["level_rate_low"], r["level_rate_high"], r["n"], lang=lang) + flag
        rows.append(RankedRow(f"{figure}: {r['level']}", r["level_rate"], r["level_rate_low"], r["level_rate_high"],
                              printed, f"{config_in_words(r['group'], lang)}<br>{figure}, {r['level']}: {printed}"
                                       f"{draws_hover(r, 'decided_win_rate', lang)}", figure))
    return ranked_figure(rows, t("chart_levels", lang), t("chart_win_rate_axis", lang), signed=False, reference=0.5,
                         lang=lang, rate=True)


def card_levels_figure(cards: pl.DataFrame, lang: str = "en") -> go.Figure:
    """The top cards' IWD above its null at each agent level (sim.analysis.levels, the report's
    card_levels columns), each with its 95% interval, GIH n and flag printed; one colour per level, 0
    marked. Observational, and its title says so."""
    rows = []
    for r in cards.iter_rows(named=True):
        flag = f" · {t('level_flag_' + r['flag'], lang)}" if r["flag"] else ""
        printed = points_printed(r["iwd_excess"], r["iwd_excess_low"], r["iwd_excess_high"], r["n"], "GIH n", lang=lang) + flag
        card = f"{'AB'[r['side']]}: {r['card_id']} {r['card_name']}"
        rows.append(RankedRow(f"{card} · {r['level']}", r["iwd_excess"], r["iwd_excess_low"], r["iwd_excess_high"],
                              printed, f"{r['group']}<br>{card}, {r['level']}: {printed}", r["level"]))
    return ranked_figure(rows, t("chart_card_levels", lang), t("chart_card_levels_axis", lang), signed=True, reference=0.0,
                         lang=lang)


def level_speed_figure(speeds: dict[str, float], games: int, lang: str = "en") -> go.Figure:
    """A ladder's speed per level (sim.run.ladder's ladder.json): games per second of each level
    against itself on one thread, the figure printed on each bar, fastest first, on a log axis (the
    levels span three orders of magnitude)."""
    levels = sorted(speeds, key=speeds.get, reverse=True)
    values = [speeds[level] for level in levels]
    fig = go.Figure(go.Bar(x=values, y=levels, orientation="h", text=[f"{count(v, lang=lang)} {t('chart_speed_unit', lang)}" for v in values],
                           textposition="auto", marker_color=SIDE_COLOURS[0],
                           hovertext=[f"{level}: {count(v, lang=lang)} {t('chart_speed_unit', lang)}" for level, v in zip(levels, values)],
                           hoverinfo="text"))
    fig.update_layout(title=wrapped(t("chart_level_speed", lang, games=count(games, lang=lang))), xaxis_type="log",
                      xaxis_title=t("chart_speed_axis", lang), yaxis=dict(autorange="reversed"),
                      height=140 + ROW_HEIGHT * 2 * len(levels), margin=dict(l=label_margin(levels)))
    return fig


def budget_curve_figure(cells: pl.DataFrame, lang: str = "en", steps: pl.DataFrame | None = None,
                        colours: dict[str, str] | None = None) -> go.Figure:
    """Side A's win rate against its draft budget, per opponent: each budget's measured rate as a
    dot with its 95% interval (its rate printed, alternately above and below so neighbours do not
    pile up; n on hover), and the logistic fit of budget_slopes as a line with its 95% band (widened
    by the fit's misfit, budget_curve.fitted_curve); with `steps` (budget_steps), each step where the
    curve falls with more budget (paired, 95% interval below 0) drawn in red with its difference and
    interval on hover. The title sits at the left, clear of the mode bar."""
    fig = go.Figure()
    falling = 0
    budget_word, pairs_word = t("chart_budget_word", lang), t("chart_pairs", lang)
    for k, (key, part) in enumerate(cells.group_by("faction_a", "faction_b", "budget_b", maintain_order=True)):
        part = part.sort("budget_a")
        name = t("chart_budget_line", lang, a=key[0], b=key[1], budget=key[2])
        colour = colour_of(str(key[0]), colours) if colours else PALETTE[k % len(PALETTE)]
        x = part["budget_a"].to_list()
        fit = fitted_curve(part["budget_a"].to_numpy(), part["win_rate"].to_numpy(), part["n"].to_numpy())
        if fit is not None:
            grid = fit["budget"].to_list()
            fig.add_scatter(x=grid + grid[::-1], y=fit["high"].to_list() + fit["low"].to_list()[::-1], fill="toself",
                            fillcolor=colour, line=dict(width=0), opacity=0.18, legendgroup=name,
                            name=t("chart_budget_band", lang), showlegend=k == 0, hoverinfo="skip")
            fig.add_scatter(x=grid, y=fit["fit"].to_list(), mode="lines", line=dict(color=colour, width=2),
                            legendgroup=name, name=f"{name}: {t('chart_budget_fit', lang)}",
                            hovertext=[f"{name}, {budget_word} {b:.0f}: {t('chart_budget_fit', lang)} "
                                       f"{percent_with_interval(v, lo, hi, lang=lang)}"
                                       for b, v, lo, hi in zip(grid, fit["fit"], fit["low"], fit["high"])],
                            hoverinfo="text")
        fig.add_scatter(x=x, y=part["win_rate"].to_list(), mode="markers+text", name=name, legendgroup=name,
                        marker=dict(color=colour, size=7),
                        error_y=_error(part["ci_low"], part["win_rate"], part["ci_high"]) | dict(color=colour, thickness=1),
                        text=[percent(v, lang=lang) for v in part["win_rate"]],
                        textposition=["top center" if (j + k) % 2 == 0 else "bottom center" for j in range(len(x))],
                        textfont=dict(size=9, color="#333"), cliponaxis=False,
                        hovertext=[f"{name}, {budget_word} {b}: {rate_printed(v, lo, hi, n, lang=lang)}" for b, v, lo, hi, n in
                                   zip(x, part["win_rate"], part["ci_low"], part["ci_high"], part["n"])],
                        hoverinfo="text")
        if steps is None:
            continue
        rate = dict(zip(x, part["win_rate"].to_list()))
        falls = steps.filter((pl.col("faction_a") == key[0]) & (pl.col("faction_b") == key[1])
                             & (pl.col("budget_b") == key[2]) & pl.col("falls"))
        for step in falls.iter_rows(named=True):
            falling += 1
            text = (f"{step['budget_from']} → {step['budget_to']}: "
                    f"{signed_points_with_interval(step['diff'], step['diff_low'], step['diff_high'], 2, lang=lang)}, "
                    f"{count(step['pairs'], lang=lang)} {pairs_word}")
            fig.add_scatter(x=[step["budget_from"], step["budget_to"]],
                            y=[rate.get(step["budget_from"]), rate.get(step["budget_to"])], mode="lines+markers",
                            line=dict(color="crimson", width=4), marker=dict(color="crimson"),
                            name=t("chart_falls", lang), legendgroup="falls", showlegend=falling == 1,
                            hovertext=text, hoverinfo="text")
    title = t("chart_budget", lang)
    if steps is not None:
        title += "<br>" + (t("chart_falls_none", lang) if not falling else f"{falling} " + t("chart_falls_some", lang))
    values = [v for c in ("ci_low", "ci_high") for v in cells[c].to_list() if v is not None]
    budgets = cells["budget_a"].to_list()
    axis = rate_axis(values, lang, reference=0.5)
    fig.add_hline(y=0.5, line_dash="dash", line_color="#555", line_width=1)
    fig.update_layout(title=dict(text=title, x=0.01, xanchor="left", y=0.97, yanchor="top", font=dict(size=14)),
                      xaxis=dict(title=t("chart_budget_axis", lang), range=[min(budgets) - 2, max(budgets) + 2] if budgets else None),
                      yaxis=dict(title=t("chart_win_rate_axis", lang), **{**axis, "zeroline": False}),
                      separators=NUMBER_SEPARATORS[lang if lang in NUMBER_SEPARATORS else "en"],
                      legend=dict(orientation="h", x=0, y=-0.18, yanchor="top"), margin=dict(t=110, b=120),
                      height=560)
    return fig


def card_label(card_id: str, card_name: str | None) -> str:
    return f"{card_id} {card_name or ''}".strip()


def ablation_figure(frame: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Each card's causal worth (ablation_impact), every card on its own line, best on top: a dot at
    the paired difference with its 95% interval, the worth, interval, n and budget points printed
    beside it, the filler and how often the deck changed on hover; a card whose filler plays exactly
    like it says "not measured" instead of a dot at 0."""
    frame = frame.sort(pl.col("worth").fill_null(-math.inf), "card_id", descending=[True, False])
    points_word = t("chart_budget_points", lang)
    rows = []
    for r in frame.iter_rows(named=True):
        label = card_label(r["card_id"], r["card_name"])
        if not r["measured"]:
            printed = t("chart_not_measured", lang)
            rows.append(RankedRow(label, None, None, None, printed, f"{label}: {printed}", t("chart_ablation_group", lang)))
            continue
        printed = points_printed(r["worth"], r["worth_low"], r["worth_high"], r["n"], lang=lang)
        if r["points"] is not None:
            printed += (f"; {r['points']:+.1f} [{r['points_low']:+.1f}, {r['points_high']:+.1f}] {points_word}")
        deck = "—" if r["deck_changed_share"] is None else percent(r["deck_changed_share"], 0, lang=lang)
        hover = (f"{label}: {printed}<br>{t('chart_filler', lang)}: {r['filler'] or '?'}<br>"
                 f"{t('chart_deck_changed', lang)}: {deck}; q = {q_text(r['q_value'], lang)}")
        if r["points"] is None and r["points_note"]:
            hover += f"<br>{r['points_note']}"
        rows.append(RankedRow(label, r["worth"], r["worth_low"], r["worth_high"], printed, hover,
                              t("chart_ablation_group", lang)))
    n = frame["n"].max() if frame.height else 0
    rate = frame["worth_per_budget_point"][0] if frame.height else None
    rate_text = "" if is_missing(rate) else t(
        "chart_budget_point_rate", lang, rate=signed_points(rate, 2, lang=lang),
        interval=points_interval(frame["worth_per_budget_point_low"][0], frame["worth_per_budget_point_high"][0], 2, lang=lang))
    fig = ranked_figure(rows, t("chart_ablation", lang, n=count(n or 0, lang=lang), cards=frame.height) + rate_text,
                        t("chart_difference_axis", lang), signed=True, reference=0.0, lang=lang)
    fig.update_layout(showlegend=False)
    return fig


SCATTER_LABELLED = 3  # per faction, the best and the worst cards by GIH WR are named on the chart


def card_scatter_figure(impact: pl.DataFrame, min_games: int = 0, config: str = "", lang: str = "en",
                        colours: dict[str, str] | None = None) -> go.Figure:
    """GIH win rate against cost, one marker per card of one config (observational). Only each
    faction's SCATTER_LABELLED best and worst cards are named on the chart, so the names stay
    legible; every card's name, GIH n, its interval and IWD are on hover. The axes leave room for
    the names, which are never clipped."""
    shown = impact.filter(pl.col("gih_n") >= max(min_games, 1))
    fig = go.Figure()
    cost = t("chart_cost", lang)
    top_cost = shown["cost"].max() if shown.height else 0
    for k, ((faction, side), part) in enumerate(shown.group_by("faction", "side", maintain_order=True)):
        hover = [f"{name} ({cost} {c}): GIH {rate_printed(v, lo, hi, n, lang=lang)}, IWD {signed_points(i, lang=lang)}"
                 for name, c, v, lo, hi, n, i in zip(part["card_name"], part["cost"], part["gih_wr"], part["gih_ci_low"],
                                                     part["gih_ci_high"], part["gih_n"], part["iwd"])]
        ranked = part.with_row_index("_row").filter(pl.col("gih_wr").is_not_null()).sort("gih_wr")["_row"].to_list()
        named = set(ranked[:SCATTER_LABELLED] + ranked[-SCATTER_LABELLED:])
        who = side_name(side, faction, lang)
        colour = colour_of(who, colours) if colours else SIDE_COLOURS[k % 2]
        fig.add_scatter(
            x=part["cost"].to_list(), y=part["gih_wr"].to_list(), mode="markers+text", name=who,
            marker=dict(color=colour, size=8, opacity=0.8),
            text=[name if j in named else "" for j, name in enumerate(part["card_name"])],
            textposition=["middle left" if c == top_cost else "middle right" for c in part["cost"]],
            textfont=dict(size=10, color=colour), cliponaxis=False, hovertext=hover, hoverinfo="text")
    where = f" ({config})" if config else ""
    rates = [v for v in shown["gih_wr"].to_list() if v is not None]
    axis = rate_axis(rates, lang, reference=None)
    costs = shown["cost"].to_list()
    fig.update_layout(title=dict(text=wrapped(t("chart_cards", lang) + where, 100), x=0.01, xanchor="left"),
                      xaxis=dict(title=cost, range=[min(costs) - 1.5, max(costs) + 1.5] if costs else None, dtick=1),
                      yaxis=dict(title=t("chart_gih_axis", lang), **{**axis, "zeroline": False}),
                      separators=NUMBER_SEPARATORS[lang if lang in NUMBER_SEPARATORS else "en"],
                      margin=dict(t=80, l=80, r=40), height=520)
    return fig


def iwd_figure(impact: pl.DataFrame, lang: str = "en", colours: dict[str, str] | None = None) -> go.Figure:
    """Every card's IWD (GIH WR − GNS WR) of one config, one line each, ranked by its shrunk estimate
    (not the raw one: the winner's curse), a dot with its 95% interval and an open diamond at its
    null (the IWD a card with no effect shows in the same games); IWD, interval, null and GIH n
    printed beside it. Observational, and labelled so."""
    key = "iwd_shrunk" if "iwd_shrunk" in impact.columns else "iwd"
    frame = impact.filter(pl.col("iwd").is_not_null()).sort(pl.col(key), "card_id", descending=[True, False])
    mirror = frame["card_id"].n_unique() < frame.height
    rows, nulls = [], []
    for r in frame.iter_rows(named=True):
        label = (f"{SIDES[r['side']]}: " if mirror else "") + card_label(r["card_id"], r["card_name"])
        printed = (f"{signed_points_with_interval(r['iwd'], r['iwd_ci_low'], r['iwd_ci_high'], lang=lang)}; "
                   f"{t('chart_null', lang)} {signed_points(r['iwd_null'], lang=lang)}; GIH n = {count(r['gih_n'], lang=lang)}")
        hover = (f"{label}: IWD {printed}<br>GIH {percent_with_interval(r['gih_wr'], r['gih_ci_low'], r['gih_ci_high'], lang=lang)}, "
                 f"GNS {percent_with_interval(r['gns_wr'], r['gns_ci_low'], r['gns_ci_high'], lang=lang)}; q = {q_text(r['q_value'], lang)}")
        rows.append(RankedRow(label, r["iwd"], r["iwd_ci_low"], r["iwd_ci_high"], printed, hover,
                              side_name(r["side"], r["faction"], lang)))
        nulls.append((label, r["iwd_null"]))
    null_trace = go.Scatter(x=[v for _, v in nulls], y=[label for label, _ in nulls], mode="markers",
                            name=t("chart_null_legend", lang), hoverinfo="skip",
                            marker=dict(symbol="diamond-open", size=9, color="#555"))
    values = [v for _, v in nulls if v is not None]
    fig = ranked_figure(rows, t("chart_iwd", lang), t("chart_difference_axis", lang), signed=True, reference=0.0,
                        extra=[null_trace] if values else [], extra_values=values,
                        group_colours=_group_colours(rows, colours), lang=lang)
    fig.update_layout(showlegend=True)
    return fig


def story_figure(stages: pl.DataFrame, lang: str = "en", colours: dict[str, str] | None = None) -> go.Figure:
    """Story mode: side A's win rate at each stage with its interval and n printed, stage by stage."""
    stage = t("chart_stage", lang)
    rows = []
    one_config = stages["config"].n_unique() == 1
    for (config,), part in stages.group_by("config", maintain_order=True):
        for r in part.sort("stage").iter_rows(named=True):
            label = f"{stage} {r['stage'] + 1}" if one_config else f"{config} · {stage} {r['stage'] + 1}"
            n = r.get("n", r.get("runs"))
            printed = rate_printed(r["rate"], r["ci_low"], r["ci_high"], n, lang=lang)
            rows.append(RankedRow(label, r["rate"], r["ci_low"], r["ci_high"], printed, f"{label}: {printed}", str(config)))
    return ranked_figure(rows, t("chart_story", lang), t("chart_win_rate_axis", lang), signed=False, bars=True,
                         reference=0.5, group_colours=_group_colours(rows, colours), lang=lang, rate=True)


def forced_draw_figure(forced: pl.DataFrame, lang: str = "en", colours: dict[str, str] | None = None) -> go.Figure:
    """The forced-draw effect of every card, one line each and every name shown (the figure grows with
    the cards), best on top: a dot at the paired difference with its 95% interval, the effect,
    interval, pairs and q printed beside it; one colour per side, named by its label."""
    frame = forced.filter(pl.col("effect").is_not_null()).sort(["effect", "side", "card_id"], descending=[True, False, False])
    mirror = frame["card_id"].n_unique() < frame.height  # the same cards on both sides: say whose
    pairs_word = t("chart_top_bottom_pairs", lang)  # the same game with the card on top and at the bottom
    rows = []
    for r in frame.iter_rows(named=True):
        who = side_name(r["side"], r["label"], lang)
        label = (f"{SIDES[r['side']]}: " if mirror else "") + card_label(r["card_id"], r["card_name"])
        printed = f"{points_printed(r['effect'], r['effect_low'], r['effect_high'], r['pairs'], pairs_word, lang=lang)}, q = {q_text(r['q_value_by'], lang)}"
        hover = (f"{label} ({who}): {printed}<br>"
                 + t("chart_forced_hover", lang, played=percent(r["played_when_drawn"], 0, lang=lang),
                     seen=percent(r["seen_when_undrawn"], 0, lang=lang))
                 + ("" if r.get("effect_per_changed") is None else "<br>" + t(
                     "chart_forced_per_changed", lang, changed=percent(r["changed_share"], 0, lang=lang),
                     effect=signed_points_with_interval(r["effect_per_changed"], r["effect_per_changed_low"],
                                                        r["effect_per_changed_high"], lang=lang))))
        rows.append(RankedRow(label, r["effect"], r["effect_low"], r["effect_high"], printed, hover, who))
    fig = ranked_figure(rows, t("chart_forced", lang), t("chart_difference_axis", lang), signed=True, reference=0.0,
                        group_colours=_group_colours(rows, colours), lang=lang)
    return fig


# views per game kind: best of three, story, compare two runs (the ablation view draws ablation_figure)

def _rate_text(rate: float | None, low: float | None, high: float | None, n: int | None, unit: str,
               lang: str = "en") -> str:
    """"61.0% [54.1, 67.5], n = 200 matches": what a bar says beside it."""
    if rate is None:
        return "-"
    return f"{percent_with_interval(rate, low, high, lang=lang)}, n = {count(n, lang=lang)} {unit}"


def match_win_rate_figure(results: pl.DataFrame, lang: str = "en", versus: str = "") -> go.Figure:
    """match_results: side A's match win rate per config (undecided = ½) with its 95% interval,
    the value, interval and n matches printed on the bar, against 50%; `versus` names the sides."""
    unit = t("chart_matches_unit", lang)
    fig = go.Figure(go.Bar(
        x=results["config"].to_list(), y=results["rate"].to_list(),
        error_y=_error(results["ci_low"], results["rate"], results["ci_high"]),
        text=[_rate_text(r["rate"], r["ci_low"], r["ci_high"], r["matches"], unit, lang=lang) for r in results.iter_rows(named=True)],
        textposition="inside", insidetextanchor="middle", width=0.5,
        customdata=list(zip(results["won"].to_list(), results["lost"].to_list(), results["undecided"].to_list())),
        hovertemplate="%{x}: %{text}<br>" + t("chart_match_record", lang, won="%{customdata[0]:,}", lost="%{customdata[1]:,}",
                                                               undecided="%{customdata[2]:,}") + "<extra></extra>"))
    fig.add_hline(y=0.5, line_dash="dot", line_color="#888")
    fig.update_layout(title=t("chart_match_win_rate", lang) + (f": {versus}" if versus else ""),
                      xaxis_title=t("chart_config", lang),
                      yaxis=dict(title=t("chart_match_win_rate_axis", lang), **percent_axis(1.0, lang, top=1.0)))
    return fig


def games_per_match_figure(lengths: pl.DataFrame, lang: str = "en") -> go.Figure:
    """match_lengths: the share of matches that took 2, 3 (or, with draws, more) games, per config,
    with 95% intervals and the counts printed on the bars."""
    fig = go.Figure()
    for (config,), part in lengths.group_by("config", maintain_order=True):
        fig.add_bar(
            x=[f"{g} {t('chart_games_unit', lang)}" for g in part["games"].to_list()], y=part["share"].to_list(),
            name=str(config), error_y=_error(part["share_low"], part["share"], part["share_high"]),
            text=[f"{percent(s, lang=lang)} ({count(m, lang=lang)} / {count(o, lang=lang)})" for s, m, o in
                  zip(part["share"].to_list(), part["matches"].to_list(), part["of"].to_list())],
            textposition="outside",
            hovertemplate="%{x}: %{text}, " + t("interval_95", lang) + " %{customdata}<extra>" + str(config) + "</extra>",
            customdata=[percent_interval(lo, hi, lang=lang) for lo, hi in
                        zip(part["share_low"].to_list(), part["share_high"].to_list())])
    fig.update_layout(title=t("chart_games_per_match", lang), barmode="group",
                      xaxis_title=t("chart_games_per_match_axis", lang),
                      yaxis=dict(title=t("chart_share_of_matches", lang), **percent_axis(1.0, lang, top=1.1)))
    return fig


def game_one_figure(first: pl.DataFrame, lang: str = "en") -> go.Figure:
    """game_one_winner: how often the winner of game 1 wins the match, per config, with its 95%
    interval and n (matches whose game 1 had a winner), against 50%."""
    unit = t("chart_matches_unit", lang)
    fig = go.Figure(go.Bar(
        x=first["config"].to_list(), y=first["rate"].to_list(),
        error_y=_error(first["ci_low"], first["rate"], first["ci_high"]),
        text=[_rate_text(r["rate"], r["ci_low"], r["ci_high"], r["matches"], unit, lang=lang) for r in first.iter_rows(named=True)],
        textposition="inside", insidetextanchor="middle", width=0.5,
        hovertemplate="%{x}: %{text}<extra></extra>"))
    fig.add_hline(y=0.5, line_dash="dot", line_color="#888")
    fig.update_layout(title=t("chart_game_one", lang), xaxis_title=t("chart_config", lang),
                      yaxis=dict(title=t("chart_game_one_axis", lang), **percent_axis(1.0, lang, top=1.0)))
    return fig


def story_path_figure(path: pl.DataFrame, stages: pl.DataFrame, lang: str = "en") -> go.Figure:
    """A story stage by stage, per config: each stage's own win rate over all runs (story_stages,
    bars, draw = ½) and the chance to have won every stage up to it (story_path's `through`, a line
    falling to the chance to clear), each with its 95% interval; n and the runs still unbeaten on
    the bars and in the hover."""
    fig = go.Figure()
    stage_word, runs_word = t("chart_stage", lang), t("chart_runs_unit", lang)
    for (config,), part in stages.group_by("config", maintain_order=True):
        part = part.sort("stage")
        labels = [f"{stage_word} {s + 1}" for s in part["stage"].to_list()]
        fig.add_bar(x=labels, y=part["rate"].to_list(), name=f"{t('chart_story_stage_rate', lang)} ({config})",
                    error_y=_error(part["ci_low"], part["rate"], part["ci_high"]),
                    text=[f"{percent(r, lang=lang)}<br>n = {count(n, lang=lang)}" for r, n in zip(part["rate"].to_list(), part["n"].to_list())],
                    textposition="inside", marker_color="#9ecae1",
                    customdata=list(zip([percent_interval(lo, hi, lang=lang) for lo, hi in
                                         zip(part["ci_low"].to_list(), part["ci_high"].to_list())],
                                        part["bot_budget_min"].to_list(), part["bot_budget_max"].to_list())),
                    hovertemplate="%{x}: %{y:.1%} %{customdata[0]}, n = %{text}; " + t("chart_bot_budgets", lang)
                                  + " %{customdata[1]}-%{customdata[2]}<extra></extra>")
    for (config,), part in path.group_by("config", maintain_order=True):
        part = part.sort("stage")
        labels = [f"{stage_word} {s + 1}" for s in part["stage"].to_list()]
        hover = [t("chart_story_hover", lang, through=percent_with_interval(r["through"], r["through_low"], r["through_high"], lang=lang),
                   won=count(r["won"], lang=lang), runs=count(r["runs"], lang=lang), reached=count(r["reached"], lang=lang),
                   rate=percent_with_interval(r["rate"], r["ci_low"], r["ci_high"], lang=lang))
                 for r in part.iter_rows(named=True)]
        fig.add_scatter(x=labels, y=part["through"].to_list(), mode="lines+markers+text",
                        name=f"{t('chart_story_through', lang)} ({config})",
                        error_y=_error(part["through_low"], part["through"], part["through_high"]),
                        text=[f"{percent(v, lang=lang)} ({count(w, lang=lang)} / {count(n, lang=lang)} {runs_word})" for v, w, n in
                              zip(part["through"].to_list(), part["won"].to_list(), part["runs"].to_list())],
                        textposition="top right", customdata=hover, hovertemplate="%{x}: %{customdata}<extra></extra>",
                        line=dict(color="crimson", width=3))
    fig.update_layout(title=t("chart_story_path", lang), xaxis_title=t("chart_stage", lang),
                      yaxis=dict(title=t("chart_story_path_axis", lang), **percent_axis(1.0, lang, top=1.05)),
                      legend=dict(orientation="h", y=-0.2))
    return fig


def compare_figure(rows: pl.DataFrame, lang: str = "en", names: tuple[str, str] = ("A", "B"),
                   what: str = "chart_compare_win_rate") -> go.Figure:
    """win_rate_comparison or first_player_comparison: each config's difference B − A with its 95%
    interval, the method (paired or unpaired) and n printed beside it, against 0; `names` are the
    two runs, `what` the catalog key of what is compared."""
    shown = rows.filter(pl.col("diff").is_not_null())
    method_words = {"paired": t("compare_paired_word", lang), "unpaired": t("compare_unpaired_word", lang)}
    texts = []
    for r in shown.iter_rows(named=True):
        n = f"{count(r['pairs'], lang=lang)} {t('chart_pairs_unit', lang)}" if r["method"] == "paired" else \
            f"n = {count(r.get('a_n', r.get('a_pairs')), lang=lang)} / {count(r.get('b_n', r.get('b_pairs')), lang=lang)}"
        texts.append(f"{signed_points_with_interval(r['diff'], r['diff_low'], r['diff_high'], lang=lang)}, "
                     f"{method_words[r['method']]}, {n}")
    fig = go.Figure(go.Scatter(
        x=shown["diff"].to_list(), y=shown["config"].to_list(), mode="markers+text", text=texts,
        textposition="top center", marker=dict(size=11, color="#3366aa"),
        error_x=_error(shown["diff_low"], shown["diff"], shown["diff_high"]),
        hovertemplate="%{y}: %{text}<extra></extra>"))
    fig.add_vline(x=0, line_color="#888")
    span = max([abs(v) for v in shown["diff_low"].to_list() + shown["diff_high"].to_list() if v is not None] + [0.01])
    fig.update_layout(title=t(what, lang, b=names[1], a=names[0]),
                      xaxis=dict(title=t("chart_compare_axis", lang, b=names[1], a=names[0]),
                                 **{**difference_axis(-span, span, lang), "range": [-1.3 * span, 1.3 * span]}),
                      yaxis=dict(title=t("chart_config", lang), type="category", automargin=False),
                      margin=dict(t=60, l=label_margin(shown["config"].to_list(), title=True), r=20, b=80),
                      height=max(320, 160 + 60 * shown.height))
    return fig


def compare_cards_figure(cards: pl.DataFrame, lang: str = "en", names: tuple[str, str] = ("A", "B")) -> go.Figure:
    """card_comparison: every card both runs measured, one row each (the figure grows with the
    cards), its GIH WR difference B − A with its 95% interval (two-sample) and both n on hover."""
    frame = cards.filter(pl.col("gih_diff").is_not_null()).sort("gih_diff")
    mirror = frame.select("side", "card_id").unique().height > frame["card_id"].n_unique()
    labels = [(f"{r['config']} · " if frame["config"].n_unique() > 1 else "")
              + (f"{'AB'[r['side']]}: " if mirror else "") + f"{r['card_id']} {r['card_name'] or ''}".strip()
              for r in frame.iter_rows(named=True)]
    texts = [f"{signed_points_with_interval(r['gih_diff'], r['gih_diff_low'], r['gih_diff_high'], lang=lang)} "
             f"(GIH {percent(r['a_gih_wr'], lang=lang)} n = {count(r['a_gih_n'], lang=lang)} → {percent(r['b_gih_wr'], lang=lang)} "
             f"n = {count(r['b_gih_n'], lang=lang)})" for r in frame.iter_rows(named=True)]
    fig = go.Figure(go.Scatter(x=frame["gih_diff"].to_list(), y=labels, mode="markers",
                               error_x=_error(frame["gih_diff_low"], frame["gih_diff"], frame["gih_diff_high"]),
                               customdata=texts, hovertemplate="%{y}: %{customdata}<extra></extra>"))
    fig.add_vline(x=0, line_color="#888")
    fig.update_layout(title=t("chart_compare_cards", lang, b=names[1], a=names[0]),
                      xaxis=dict(title=t("chart_compare_cards_axis", lang, b=names[1], a=names[0]), **difference_axis(min(frame["gih_diff_low"].min() or 0, 0), max(frame["gih_diff_high"].max() or 0, 0), lang)),
                      yaxis=dict(type="category", automargin=False), margin=dict(t=60, l=label_margin(labels), r=20, b=80),
                      height=max(420, 140 + 22 * frame.height))
    return fig
