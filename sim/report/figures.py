"""The report's pictures: Plotly figures built from sim.analysis tables, one function per view.

The same figures serve the standalone HTML report and the dashboard, so a designer sees the
same picture wherever they look. Every rate is drawn with its 95% interval and its n on hover.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
import polars as pl

from sim.report.formatting import first_player_words, q_text, signed_points
from sim.report.language import t

PCT = dict(tickformat=".0%")


def _error(low: pl.Series, mid: pl.Series, high: pl.Series) -> dict[str, Any]:
    return dict(type="data", symmetric=False, array=(high - mid).to_list(), arrayminus=(mid - low).to_list())


def win_rate_figure(rates: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Each config's side win rates as bars with their Wilson intervals."""
    fig = go.Figure()
    for side, part in rates.group_by("side", maintain_order=True):
        fig.add_bar(x=part["config"].to_list(), y=part["win_rate"].to_list(), name=f"{t('chart_side', lang)} {'AB'[side[0]]}",
                    error_y=_error(part["ci_low"], part["win_rate"], part["ci_high"]),
                    customdata=list(zip(part["label"].to_list(), part["n"].to_list())),
                    hovertemplate="%{x}<br>%{customdata[0]}: %{y:.1%} (n=%{customdata[1]:,})<extra></extra>")
    fig.update_layout(title=t("chart_win_rates", lang), barmode="group", yaxis=PCT)
    return fig


def matchup_figure(cells: pl.DataFrame, lang: str = "en") -> go.Figure:
    """The matchup matrix as a heatmap: row's win rate against column, n and interval on hover; labels
    in the order the cells list them (report_tables: the spec's)."""
    labels = cells["row"].unique(maintain_order=True).to_list()
    by = {(r["row"], r["column"]): r for r in cells.iter_rows(named=True)}
    z, text, hover = [], [], []
    for row in labels:
        z.append([by[(row, c)]["win_rate"] if (row, c) in by else None for c in labels])
        text.append([f"{by[(row, c)]['win_rate']:.1%}" if (row, c) in by else "" for c in labels])
        hover.append([f"{row} vs {c}: {by[(row, c)]['win_rate']:.1%} [{by[(row, c)]['ci_low']:.1%}, "
                      f"{by[(row, c)]['ci_high']:.1%}], n={by[(row, c)]['n']:,}" if (row, c) in by else ""
                      for c in labels])
    fig = go.Figure(go.Heatmap(z=z, x=labels, y=labels, text=text, texttemplate="%{text}", hovertext=hover,
                               hoverinfo="text", zmin=0.2, zmax=0.8, colorscale="RdBu", reversescale=True))
    fig.update_layout(title=t("chart_matchups", lang), xaxis_title=t("chart_opponent", lang),
                      yaxis=dict(autorange="reversed"))
    return fig


def marginal_figure(marginals: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Each side's win rate against a uniform field of the round robin, with its 95% interval."""
    part = marginals.sort("win_rate", descending=True)
    fig = go.Figure(go.Bar(x=part["label"].to_list(), y=part["win_rate"].to_list(),
                           error_y=_error(part["ci_low"], part["win_rate"], part["ci_high"]),
                           customdata=part["n"].to_list(),
                           hovertemplate="%{x}: %{y:.1%} (n=%{customdata:,})<extra></extra>"))
    fig.add_hline(y=0.5, line_dash="dot", line_color="#888")
    fig.update_layout(title=t("chart_marginals", lang), yaxis=PCT)
    return fig


def first_player_figure(fpa: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Each config's first player's win rate over both seats with its 95% interval, against 50%,
    labelled with its edge in points over the second player; the words of ANALYTICS.md on hover."""
    shown = fpa.filter(pl.col("first_player_win_rate").is_not_null())
    words = [first_player_words(row, lang) for row in shown.iter_rows(named=True)]
    fig = go.Figure(go.Bar(
        x=shown["config"].to_list(), y=shown["first_player_win_rate"].to_list(),
        error_y=_error(shown["first_player_win_rate_low"], shown["first_player_win_rate"],
                       shown["first_player_win_rate_high"]),
        text=[signed_points(v) for v in shown["advantage"].to_list()], textposition="inside",
        customdata=list(zip(words, shown["pairs"].to_list())),
        hovertemplate="%{x}: %{customdata[0]}, pairs=%{customdata[1]:,}<extra></extra>"))
    fig.add_hline(y=0.5, line_dash="dot", line_color="#888")
    fig.update_layout(title=t("chart_first_player", lang), yaxis=dict(title=t("chart_first_player_axis", lang), range=[0, 1],
                                                                   **PCT))
    return fig


def first_player_length_figure(by_length: pl.DataFrame, lang: str = "en") -> go.Figure:
    """first_player_by_length: per config, the first player's win rate in each band of game length
    with its Wilson interval and n on hover, against 50%."""
    fig = go.Figure()
    for (config,), part in by_length.group_by("config", maintain_order=True):
        fig.add_scatter(
            x=part["band"].to_list(), y=part["first_player_win_rate"].to_list(), mode="lines+markers", name=str(config),
            error_y=_error(part["first_player_win_rate_low"], part["first_player_win_rate"],
                           part["first_player_win_rate_high"]),
            customdata=list(zip(part["n"].to_list(), [signed_points(v) for v in part["advantage"].to_list()])),
            hovertemplate="%{x} " + t("chart_turns", lang) + ": %{y:.1%} (%{customdata[1]}), n=%{customdata[0]:,}<extra>"
                          + str(config) + "</extra>")
    fig.add_hline(y=0.5, line_dash="dot", line_color="#888")
    fig.update_layout(title=t("chart_first_player_by_length", lang),
                      xaxis=dict(title=t("chart_turns", lang), type="category"),
                      yaxis=dict(title=t("chart_first_player_axis", lang), range=[0, 1], **PCT))
    return fig


def game_length_figure(turns: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Distribution of game length per config (turns → share of games)."""
    fig = go.Figure()
    for config, part in turns.group_by("config", maintain_order=True):
        part = part.sort("turns")
        fig.add_scatter(x=part["turns"].to_list(), y=part["share"].to_list(), mode="lines", name=str(config[0]),
                        hovertemplate="%{x} turns: %{y:.1%}<extra>" + str(config[0]) + "</extra>")
    fig.update_layout(title=t("chart_game_length", lang), xaxis_title=t("chart_turns", lang),
                      yaxis=dict(title=t("chart_share", lang), **PCT))
    return fig


def end_reason_figure(reasons: pl.DataFrame, lang: str = "en") -> go.Figure:
    fig = go.Figure()
    for reason, part in reasons.group_by("end_reason", maintain_order=True):
        fig.add_bar(x=part["config"].to_list(), y=part["share"].to_list(), name=str(reason[0]),
                    customdata=part["count"].to_list(),
                    hovertemplate="%{x}: %{y:.1%} (%{customdata:,} games)<extra>" + str(reason[0]) + "</extra>")
    fig.update_layout(title=t("chart_end_reasons", lang), barmode="stack", yaxis=PCT)
    return fig


def sweep_figure(sweep: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Each config's paired difference from the baseline, with its 95% interval."""
    others = sweep.filter(pl.col("config") != "base")
    fig = go.Figure(go.Bar(
        x=others["config"].to_list(), y=others["diff"].to_list(),
        error_y=_error(others["diff_low"], others["diff"], others["diff_high"]),
        customdata=list(zip(others["win_rate"].to_list(), [q_text(q) for q in others["q_value"].to_list()],
                            others["n"].to_list())),
        hovertemplate="%{x}<br>Δ %{y:+.2%} vs base (win rate %{customdata[0]:.1%}, q=%{customdata[1]}, "
                      "n=%{customdata[2]:,})<extra></extra>"))
    fig.update_layout(title=t("chart_sweep", lang),
                      yaxis=dict(tickformat="+.0%"))
    return fig


def budget_curve_figure(cells: pl.DataFrame, lang: str = "en", steps: pl.DataFrame | None = None) -> go.Figure:
    """Side A's win rate against its draft budget, one line (with its interval band) per opponent;
    with `steps` (budget_steps), each step where the curve falls with more budget (paired, 95%
    interval below 0) is drawn in red with its difference and interval on hover."""
    fig = go.Figure()
    falling = 0
    for key, part in cells.group_by("faction_a", "faction_b", "budget_b", maintain_order=True):
        part = part.sort("budget_a")
        name = f"{key[0]} vs {key[1]} at {key[2]}"
        x = part["budget_a"].to_list()
        fig.add_scatter(x=x + x[::-1], y=part["ci_high"].to_list() + part["ci_low"].to_list()[::-1], fill="toself",
                        line=dict(width=0), opacity=0.25, showlegend=False, hoverinfo="skip")
        fig.add_scatter(x=x, y=part["win_rate"].to_list(), mode="lines+markers", name=name,
                        customdata=part["n"].to_list(),
                        hovertemplate="budget %{x}: %{y:.1%} (n=%{customdata:,})<extra>" + name + "</extra>")
        if steps is None:
            continue
        rate = dict(zip(x, part["win_rate"].to_list()))
        falls = steps.filter((pl.col("faction_a") == key[0]) & (pl.col("faction_b") == key[1])
                             & (pl.col("budget_b") == key[2]) & pl.col("falls"))
        for step in falls.iter_rows(named=True):
            falling += 1
            text = (f"{step['budget_from']} → {step['budget_to']}: {100 * step['diff']:+.2f} pts "
                    f"[{100 * step['diff_low']:+.2f}, {100 * step['diff_high']:+.2f}], {step['pairs']:,} pairs")
            fig.add_scatter(x=[step["budget_from"], step["budget_to"]],
                            y=[rate.get(step["budget_from"]), rate.get(step["budget_to"])], mode="lines+markers",
                            line=dict(color="crimson", width=4), marker=dict(color="crimson"),
                            name=t("chart_falls", lang), legendgroup="falls", showlegend=falling == 1,
                            hovertemplate=text + "<extra>" + t("chart_falls", lang) + "</extra>")
    title = t("chart_budget", lang)
    if steps is not None:
        title += "; " + (t("chart_falls_none", lang) if not falling else f"{falling} " + t("chart_falls_some", lang))
    fig.update_layout(title=title, xaxis_title=t("chart_budget_axis", lang), yaxis=PCT)
    return fig


def ablation_figure(frame: pl.DataFrame, lang: str = "en") -> go.Figure:
    """Each card's causal worth (ablation_impact) as a bar with its 95% interval, the filler, n,
    whether the deck changed and the budget points on hover; a card whose filler plays exactly
    like it is labelled "not measured" instead of a bar at 0."""
    es = lang == "es"
    frame = frame.sort(pl.col("worth").fill_null(0.0))
    labels = [f"{c} {n or ''}" for c, n in zip(frame["card_id"], frame["card_name"])]
    measured = frame["measured"].to_list()
    worth = [w if m else None for w, m in zip(frame["worth"].to_list(), measured)]
    pts = []
    for r in frame.iter_rows(named=True):
        if r["points"] is None:
            pts.append(r["points_note"] or "-")
        else:
            pts.append(f"{r['points']:+.1f} [{r['points_low']:+.1f}, {r['points_high']:+.1f}] "
                       + ("puntos de presupuesto" if es else "budget points"))
    decks = ["—" if d is None else f"{d:.0%}" for d in frame["deck_changed_share"].to_list()]
    fig = go.Figure(go.Bar(
        y=labels, x=worth, orientation="h",
        error_x=dict(type="data", symmetric=False,
                     array=[None if w is None else h - w for w, h in zip(worth, frame["worth_high"].to_list())],
                     arrayminus=[None if w is None else w - lo for w, lo in zip(worth, frame["worth_low"].to_list())]),
        customdata=list(zip(frame["filler"].fill_null("?").to_list(), frame["n"].to_list(), decks, pts)),
        hovertemplate=("%{y}: %{x:+.1%} " + ("frente a" if es else "vs") + " %{customdata[0]} (n=%{customdata[1]:,}; "
                       + ("mazo cambiado en" if es else "deck changed in") + " %{customdata[2]}; %{customdata[3]})"
                       "<extra></extra>")))
    for label, m in zip(labels, measured):
        if not m:
            fig.add_annotation(y=label, x=0, text="no medido" if es else "not measured", showarrow=False,
                               xanchor="left", font=dict(color="gray"))
    n = frame["n"].max() if frame.height else 0
    rate = frame["worth_per_budget_point"][0] if frame.height else None
    rate_text = "" if rate is None else (
        f"; 1 {'punto de presupuesto' if es else 'budget point'} = {100 * rate:+.2f} pts "
        f"[{100 * frame['worth_per_budget_point_low'][0]:+.2f}, {100 * frame['worth_per_budget_point_high'][0]:+.2f}]")
    fig.update_layout(title=(f"Valor causal: base menos la carta sustituida por su relleno, mismas partidas "
                             f"(emparejadas, n = {n or 0:,} por carta), intervalo del 95%{rate_text}" if es else
                             f"Causal worth: baseline minus the card replaced by its filler, same games "
                             f"(paired, n = {n or 0:,} per card), 95% interval{rate_text}"),
                      xaxis=dict(tickformat="+.0%"), height=max(420, 160 + 26 * frame.height))
    return fig


def card_scatter_figure(impact: pl.DataFrame, min_games: int = 0, config: str = "", lang: str = "en") -> go.Figure:
    """GIH win rate against cost, one marker per card of one config, n and IWD on hover."""
    shown = impact.filter(pl.col("gih_n") >= max(min_games, 1))
    fig = go.Figure()
    for (faction, side), part in shown.group_by("faction", "side", maintain_order=True):
        fig.add_scatter(
            x=part["cost"].to_list(), y=part["gih_wr"].to_list(), mode="markers", name=f"{faction} ({'AB'[side]})",
            customdata=list(zip(part["card_name"].to_list(), part["gih_n"].to_list(), part["iwd"].to_list())),
            hovertemplate="%{customdata[0]} (cost %{x}): GIH %{y:.1%}, n=%{customdata[1]:,}, "
                          "IWD %{customdata[2]:+.1%}<extra></extra>")
    where = f" ({config})" if config else ""
    fig.update_layout(title=t("chart_cards", lang) + where, xaxis_title=t("chart_cost", lang), yaxis=PCT)
    return fig


def story_figure(stages: pl.DataFrame, lang: str = "en") -> go.Figure:
    fig = go.Figure()
    for config, part in stages.group_by("config", maintain_order=True):
        part = part.sort("stage")
        fig.add_bar(x=[f"{t('chart_stage', lang)} {s + 1}" for s in part["stage"].to_list()], y=part["rate"].to_list(),
                    name=str(config[0]), error_y=_error(part["ci_low"], part["rate"], part["ci_high"]))
    fig.update_layout(title=t("chart_story", lang), yaxis=PCT)
    return fig


def forced_draw_figure(forced: pl.DataFrame, lang: str = "en") -> go.Figure:
    """The forced-draw effect of every card, one row each and every name shown (the figure grows with
    the cards): a dot at the paired difference, a bar for its 95% interval, n pairs on hover; one
    colour per side, best card on top."""
    es = lang == "es"
    fig = go.Figure()
    frame = forced.filter(pl.col("effect").is_not_null()).sort(["side", "effect"], descending=[True, False])
    mirror = frame["card_id"].n_unique() < frame.height  # the same cards on both sides: say whose
    for (side, label), part in frame.group_by("side", "label", maintain_order=True):
        names = [(f"{'AB'[side]}: " if mirror else "") + f"{c} {n or ''}".strip()
                 for c, n in zip(part["card_id"], part["card_name"])]
        fig.add_scatter(
            x=part["effect"].to_list(), y=names, mode="markers", name=f"{label} ({'AB'[side]})",
            error_x=_error(part["effect_low"], part["effect"], part["effect_high"]),
            customdata=list(zip(part["pairs"].to_list(), part["played_when_drawn"].fill_null(0).to_list(),
                                part["seen_when_undrawn"].fill_null(0).to_list())),
            hovertemplate=("%{y}: %{x:+.1%} (%{customdata[0]:,} " + ("pares" if es else "pairs") + "; "
                           + ("jugada al robarla en el %{customdata[1]:.0%}, vista desde abajo en el %{customdata[2]:.0%}"
                              if es else "played when drawn in %{customdata[1]:.0%}, seen from the bottom in "
                                         "%{customdata[2]:.0%}") + ")<extra></extra>"))
    fig.add_vline(x=0, line_color="#888")
    fig.update_layout(
        title=("Efecto de robar cada carta (causal): arriba del mazo menos abajo, mismas partidas, intervalo del 95%"
               if es else "What drawing each card does (causal): on top of the deck minus at its bottom, same games, "
                          "95% interval"),
        xaxis=dict(title="diferencia de victorias del lado (puntos)" if es else "side's win-rate difference (points)",
                   tickformat="+.0%"),
        yaxis=dict(automargin=True, type="category"), height=max(420, 22 * frame.height + 140),
        legend=dict(orientation="h", y=-0.15))
    return fig
