"""The balance search's charts, for the dashboard's balance page and the search's HTML report: the
path of the search (each candidate's distance to the target at every rung) and the round robin's
Nash mix before and after each proposal (sim.analysis.metagame on the held-out games)."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
import polars as pl

from sim.report.language import t


def path_figure(path: pl.DataFrame, lang: str) -> go.Figure:
    """Each candidate's distance to the target (root mean square of |figure − target| / tolerance;
    1 or less meets every objective) at each rung of each round, the ones that went on apart."""
    steps = path.select("round", "rung").unique().sort("round", "rung")
    order = {(r, g): i for i, (r, g) in enumerate(steps.iter_rows())}
    x = [order[(r, g)] for r, g in zip(path["round"], path["rung"])]
    frame = path.with_columns(pl.Series("step", x))
    fig = go.Figure()
    for status, name, color in (("halving", t("balance_dropped_halving", lang), "#bbb"),
                                ("race", t("balance_dropped_race", lang), "#e7a"), ("", t("balance_kept", lang), "#27c")):
        part = frame.filter((pl.col("dropped") == status) & (pl.col("candidate") != "base"))
        fig.add_scatter(x=part["step"].to_list(), y=part["distance"].to_list(), mode="markers", name=name,
                        marker={"color": color, "size": 6}, text=part["edits"].to_list(),
                        hovertemplate="%{text}<br>%{y:.2f}<extra></extra>")
    base = frame.filter(pl.col("candidate") == "base")
    fig.add_scatter(x=base["step"].to_list(), y=base["distance"].to_list(), mode="lines+markers",
                    name=t("balance_baseline", lang), line={"color": "#000", "dash": "dot"})
    fig.add_hline(y=1.0, line_dash="dash", line_color="#2a2")
    labels = [t("balance_step", lang, round=r, rung=g) for r, g in steps.iter_rows()]
    fig.update_layout(title=t("balance_path_title", lang), yaxis_title=t("balance_distance_axis", lang),
                      yaxis_type="log", xaxis={"tickmode": "array", "tickvals": list(range(len(labels))), "ticktext": labels})
    return fig


def metagame_figure(record: dict[str, Any], lang: str) -> go.Figure | None:
    """The Nash mix of the round robin before (baseline) and after each proposal, held-out games."""
    if not record.get("baseline_metagame"):
        return None
    fig = go.Figure()
    rows = [(t("balance_baseline", lang), record["baseline_metagame"])]
    rows += [(t("balance_proposal", lang, rank=p["rank"]), p["metagame"]) for p in record["proposals"]]
    for name, meta in rows:
        fig.add_bar(x=meta["names"], y=[m * 100 for m in meta["mix"]], name=name)
    fig.update_layout(title=t("balance_metagame_title", lang), yaxis_title=t("balance_mix_axis", lang), barmode="group")
    return fig
