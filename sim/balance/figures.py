"""The balance search's charts, for the dashboard's balance page and the search's HTML report: the
path of the search (each candidate's distance to the target at every rung) and the round robin's
Nash mix before and after each proposal (sim.analysis.metagame on the held-out games)."""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go
import polars as pl

from sim.report.balance_figures import figure_label
from sim.report.figures import NUMBER_SEPARATORS
from sim.report.formatting import count, number
from sim.report.language import t


def log_ticks(values: list[float]) -> list[float]:
    """The 1-2-5 steps of every decade the values span (a log axis's own ticks read "2 5 10 2 5"
    without saying which decade), 1, the tolerance, always among them."""
    shown = [v for v in values if v > 0] + [1.0]
    low, high = math.floor(math.log10(min(shown))), math.ceil(math.log10(max(shown)))
    ticks = [m * 10.0 ** e for e in range(low, high + 1) for m in (1, 2, 5)]
    return [v for v in ticks if min(shown) / 2 <= v <= max(shown) * 2]


def path_figure(path: pl.DataFrame, lang: str) -> go.Figure:
    """Each candidate's distance to the target (root mean square of |figure − target| / tolerance;
    1 or less meets every objective) at each rung of each round, the ones that went on apart. Each
    step's tick is short, "round·rung" over the games each candidate played there (the axis title
    says so), so that neighbouring ticks do not run into each other."""
    steps = path.select("round", "rung", "games").unique(subset=["round", "rung"]).sort("round", "rung")
    order = {(r, g): i for i, (r, g, _) in enumerate(steps.iter_rows())}
    x = [order[(r, g)] for r, g in zip(path["round"], path["rung"])]
    frame = path.with_columns(pl.Series("step", x))
    fig = go.Figure()
    for status, name, color in (("halving", t("balance_dropped_halving", lang), "#bbb"),
                                ("race", t("balance_dropped_race", lang), "#e7a"), ("", t("balance_kept", lang), "#27c")):
        part = frame.filter((pl.col("dropped") == status) & (pl.col("candidate") != "base"))
        fig.add_scatter(x=part["step"].to_list(), y=part["distance"].to_list(), mode="markers", name=name,
                        marker={"color": color, "size": 7}, text=part["edits"].to_list(),
                        hovertemplate="%{text}<br>%{y:.2f}<extra></extra>")
    base = frame.filter(pl.col("candidate") == "base")
    fig.add_scatter(x=base["step"].to_list(), y=base["distance"].to_list(), mode="lines+markers",
                    name=t("balance_baseline", lang), line={"color": "#000", "dash": "dot"},
                    hovertemplate="%{y:.2f}<extra>" + t("balance_baseline", lang) + "</extra>")
    fig.add_hline(y=1.0, line_dash="dash", line_color="#2a2")
    # on a log axis an annotation's y is log10 of the value: 0 puts it on the line at 1 (add_hline's
    # own annotation lands elsewhere on a log axis)
    fig.add_annotation(x=1, xref="paper", y=0, yref="y", text=t("balance_tolerance", lang), showarrow=False,
                       xanchor="right", yanchor="bottom", font={"color": "#2a2"})
    labels = [t("balance_step", lang, round=r, rung=g, games=count(n, lang)) for r, g, n in steps.iter_rows()]
    yticks = log_ticks(frame["distance"].to_list())
    fig.update_layout(
        title=t("balance_path_title", lang), separators=NUMBER_SEPARATORS.get(lang, NUMBER_SEPARATORS["en"]),
        xaxis={"title": {"text": t("balance_step_axis", lang)}, "tickmode": "array", "tickvals": list(range(len(labels))),
               "ticktext": labels, "range": [-0.5, len(labels) - 0.5], "automargin": True,
               "tickangle": 0 if len(labels) <= 20 else -90},  # two short lines each: 20 fit side by side
        yaxis={"title": {"text": t("balance_distance_axis", lang)}, "type": "log", "tickmode": "array",
               "tickvals": yticks, "ticktext": [number(v, lang) for v in yticks], "automargin": True},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},  # above the plot, clear of the ticks
        margin={"t": 100, "l": 70, "r": 20, "b": 90})
    return fig


def metagame_figure(record: dict[str, Any], lang: str) -> go.Figure | None:
    """The Nash mix of the round robin before (baseline) and after each proposal, held-out games."""
    if not record.get("baseline_metagame"):
        return None
    from sim.balance.console import proposal_name

    fig = go.Figure()
    rows = [(t("balance_baseline", lang), record["baseline_metagame"])]
    rows += [(proposal_name(record, p, lang), p["metagame"]) for p in record["proposals"]]
    for name, meta in rows:
        fig.add_bar(x=meta["names"], y=[m * 100 for m in meta["mix"]], name=name)
    fig.update_layout(title=t("balance_metagame_title", lang), yaxis_title=t("balance_mix_axis", lang), barmode="group")
    return fig


def card_effects_figures(record: dict[str, Any], lang: str) -> list[go.Figure]:
    """For each card_effect objective, every bounded card's forced-draw effect on the held-out games,
    the baseline's and each proposal's with their 95% intervals, around the target's band: what
    each card causes when drawn, measured on the same games with the card on top or at the bottom."""
    from sim.balance.console import proposal_name

    out = []
    for k, base in enumerate(record["baseline"]):
        if base["figure"] != "card_effect":
            continue
        rows = [(t("balance_baseline", lang), base, "#555")]
        rows += [(proposal_name(record, p, lang), p["figures"][k], None) for p in record["proposals"]]
        labels = {c["card"]: " ".join(x for x in (c["card"], c["name"]) if x) for _, item, _ in rows for c in item["cards"]}
        order = sorted(labels, key=lambda card: next(
            (-c["value"] for c in base["cards"] if c["card"] == card), 0.0))
        fig = go.Figure()
        fig.add_hrect(y0=(base["target"] - base["tolerance"]) * 100, y1=(base["target"] + base["tolerance"]) * 100,
                      fillcolor="#2a2", opacity=0.12, line_width=0, annotation_text=t("balance_tolerance", lang),
                      annotation_position="top left")
        for name, item, color in rows:
            cards = {c["card"]: c for c in item["cards"]}
            shown = [card for card in order if card in cards]
            fig.add_scatter(x=[labels[c] for c in shown], y=[cards[c]["value"] * 100 for c in shown], mode="markers",
                            name=name, marker={"size": 7, **({"color": color} if color else {})},
                            error_y={"type": "data", "symmetric": False,
                                     "array": [(cards[c]["high"] - cards[c]["value"]) * 100 for c in shown],
                                     "arrayminus": [(cards[c]["value"] - cards[c]["low"]) * 100 for c in shown]},
                            customdata=[cards[c]["n"] for c in shown],
                            hovertemplate="%{x}: %{y:+.1f} pts, n = %{customdata:,}<extra>" + name + "</extra>")
        pairs = (record.get("card_effects") or {}).get("confirm_effect_games", 0)
        fig.update_layout(title=f"{figure_label(base, lang)}<br><sup>"
                          + t("balance_effects_title", lang, pairs=count(pairs, lang)) + "</sup>",
                          yaxis_title=t("balance_effects_axis", lang), xaxis_tickangle=-45, height=560,
                          scattermode="group",  # the baseline and each proposal side by side at each card
                          margin={"t": 90, "l": 60, "r": 20, "b": 190})
        out.append(fig)
    return out
