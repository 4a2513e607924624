"""The report's pictures: Plotly figures built from sim.analysis tables, one function per view.

The same figures serve the standalone HTML report and the dashboard, so a designer sees the
same picture wherever they look. Every rate is drawn with its 95% interval and its n on hover.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
import polars as pl

from sim.report.formatting import (count, first_player_words, percent, percent_interval, percent_with_interval, q_text,
                                 signed_points, signed_points_with_interval)
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


# views per game kind: best of three, story, compare two runs (the ablation view draws ablation_figure)

def _rate_text(rate: float | None, low: float | None, high: float | None, n: int | None, unit: str) -> str:
    """"61.0% [54.1, 67.5], n = 200 matches": what a bar says beside it."""
    if rate is None:
        return "-"
    return f"{percent_with_interval(rate, low, high)}, n = {count(n)} {unit}"


def match_win_rate_figure(results: pl.DataFrame, lang: str = "en", versus: str = "") -> go.Figure:
    """match_results: side A's match win rate per config (undecided = ½) with its 95% interval,
    the value, interval and n matches printed on the bar, against 50%; `versus` names the sides."""
    unit = t("chart_matches_unit", lang)
    fig = go.Figure(go.Bar(
        x=results["config"].to_list(), y=results["rate"].to_list(),
        error_y=_error(results["ci_low"], results["rate"], results["ci_high"]),
        text=[_rate_text(r["rate"], r["ci_low"], r["ci_high"], r["matches"], unit) for r in results.iter_rows(named=True)],
        textposition="inside", insidetextanchor="middle", width=0.5,
        customdata=list(zip(results["won"].to_list(), results["lost"].to_list(), results["undecided"].to_list())),
        hovertemplate="%{x}: %{text}<br>" + t("chart_match_record", lang, won="%{customdata[0]:,}", lost="%{customdata[1]:,}",
                                                               undecided="%{customdata[2]:,}") + "<extra></extra>"))
    fig.add_hline(y=0.5, line_dash="dot", line_color="#888")
    fig.update_layout(title=t("chart_match_win_rate", lang) + (f": {versus}" if versus else ""),
                      xaxis_title=t("chart_config", lang),
                      yaxis=dict(title=t("chart_match_win_rate_axis", lang), range=[0, 1], **PCT))
    return fig


def games_per_match_figure(lengths: pl.DataFrame, lang: str = "en") -> go.Figure:
    """match_lengths: the share of matches that took 2, 3 (or, with draws, more) games, per config,
    with 95% intervals and the counts printed on the bars."""
    fig = go.Figure()
    for (config,), part in lengths.group_by("config", maintain_order=True):
        fig.add_bar(
            x=[f"{g} {t('chart_games_unit', lang)}" for g in part["games"].to_list()], y=part["share"].to_list(),
            name=str(config), error_y=_error(part["share_low"], part["share"], part["share_high"]),
            text=[f"{percent(s)} ({count(m)} / {count(o)})" for s, m, o in
                  zip(part["share"].to_list(), part["matches"].to_list(), part["of"].to_list())],
            textposition="outside",
            hovertemplate="%{x}: %{text}, " + t("interval_95", lang) + " %{customdata}<extra>" + str(config) + "</extra>",
            customdata=[percent_interval(lo, hi) for lo, hi in
                        zip(part["share_low"].to_list(), part["share_high"].to_list())])
    fig.update_layout(title=t("chart_games_per_match", lang), barmode="group",
                      xaxis_title=t("chart_games_per_match_axis", lang),
                      yaxis=dict(title=t("chart_share_of_matches", lang), range=[0, 1.1], **PCT))
    return fig


def game_one_figure(first: pl.DataFrame, lang: str = "en") -> go.Figure:
    """game_one_winner: how often the winner of game 1 wins the match, per config, with its 95%
    interval and n (matches whose game 1 had a winner), against 50%."""
    unit = t("chart_matches_unit", lang)
    fig = go.Figure(go.Bar(
        x=first["config"].to_list(), y=first["rate"].to_list(),
        error_y=_error(first["ci_low"], first["rate"], first["ci_high"]),
        text=[_rate_text(r["rate"], r["ci_low"], r["ci_high"], r["matches"], unit) for r in first.iter_rows(named=True)],
        textposition="inside", insidetextanchor="middle", width=0.5,
        hovertemplate="%{x}: %{text}<extra></extra>"))
    fig.add_hline(y=0.5, line_dash="dot", line_color="#888")
    fig.update_layout(title=t("chart_game_one", lang), xaxis_title=t("chart_config", lang),
                      yaxis=dict(title=t("chart_game_one_axis", lang), range=[0, 1], **PCT))
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
                    text=[f"{percent(r)}<br>n = {count(n)}" for r, n in zip(part["rate"].to_list(), part["n"].to_list())],
                    textposition="inside", marker_color="#9ecae1",
                    customdata=list(zip([percent_interval(lo, hi) for lo, hi in
                                         zip(part["ci_low"].to_list(), part["ci_high"].to_list())],
                                        part["bot_budget_min"].to_list(), part["bot_budget_max"].to_list())),
                    hovertemplate="%{x}: %{y:.1%} %{customdata[0]}, n = %{text}; " + t("chart_bot_budgets", lang)
                                  + " %{customdata[1]}-%{customdata[2]}<extra></extra>")
    for (config,), part in path.group_by("config", maintain_order=True):
        part = part.sort("stage")
        labels = [f"{stage_word} {s + 1}" for s in part["stage"].to_list()]
        hover = [t("chart_story_hover", lang, through=percent_with_interval(r["through"], r["through_low"], r["through_high"]),
                   won=count(r["won"]), runs=count(r["runs"]), reached=count(r["reached"]),
                   rate=percent_with_interval(r["rate"], r["ci_low"], r["ci_high"]))
                 for r in part.iter_rows(named=True)]
        fig.add_scatter(x=labels, y=part["through"].to_list(), mode="lines+markers+text",
                        name=f"{t('chart_story_through', lang)} ({config})",
                        error_y=_error(part["through_low"], part["through"], part["through_high"]),
                        text=[f"{percent(v)} ({count(w)} / {count(n)} {runs_word})" for v, w, n in
                              zip(part["through"].to_list(), part["won"].to_list(), part["runs"].to_list())],
                        textposition="top right", customdata=hover, hovertemplate="%{x}: %{customdata}<extra></extra>",
                        line=dict(color="crimson", width=3))
    fig.update_layout(title=t("chart_story_path", lang), xaxis_title=t("chart_stage", lang),
                      yaxis=dict(title=t("chart_story_path_axis", lang), range=[0, 1.05], **PCT),
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
        n = f"{count(r['pairs'])} {t('chart_pairs_unit', lang)}" if r["method"] == "paired" else \
            f"n = {count(r.get('a_n', r.get('a_pairs')))} / {count(r.get('b_n', r.get('b_pairs')))}"
        texts.append(f"{signed_points_with_interval(r['diff'], r['diff_low'], r['diff_high'])}, "
                     f"{method_words[r['method']]}, {n}")
    fig = go.Figure(go.Scatter(
        x=shown["diff"].to_list(), y=shown["config"].to_list(), mode="markers+text", text=texts,
        textposition="top center", marker=dict(size=11, color="#3366aa"),
        error_x=_error(shown["diff_low"], shown["diff"], shown["diff_high"]),
        hovertemplate="%{y}: %{text}<extra></extra>"))
    fig.add_vline(x=0, line_color="#888")
    span = max([abs(v) for v in shown["diff_low"].to_list() + shown["diff_high"].to_list() if v is not None] + [0.01])
    fig.update_layout(title=t(what, lang, b=names[1], a=names[0]),
                      xaxis=dict(title=t("chart_compare_axis", lang, b=names[1], a=names[0]), tickformat="+.1%",
                                 range=[-1.3 * span, 1.3 * span]),
                      yaxis=dict(title=t("chart_config", lang), type="category", automargin=True),
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
    texts = [f"{signed_points_with_interval(r['gih_diff'], r['gih_diff_low'], r['gih_diff_high'])} "
             f"(GIH {percent(r['a_gih_wr'])} n = {count(r['a_gih_n'])} → {percent(r['b_gih_wr'])} "
             f"n = {count(r['b_gih_n'])})" for r in frame.iter_rows(named=True)]
    fig = go.Figure(go.Scatter(x=frame["gih_diff"].to_list(), y=labels, mode="markers",
                               error_x=_error(frame["gih_diff_low"], frame["gih_diff"], frame["gih_diff_high"]),
                               customdata=texts, hovertemplate="%{y}: %{customdata}<extra></extra>"))
    fig.add_vline(x=0, line_color="#888")
    fig.update_layout(title=t("chart_compare_cards", lang, b=names[1], a=names[0]),
                      xaxis=dict(title=t("chart_compare_cards_axis", lang, b=names[1], a=names[0]), tickformat="+.0%"),
                      yaxis=dict(type="category", automargin=True), height=max(420, 140 + 22 * frame.height))
    return fig
