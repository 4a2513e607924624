"""The figure builders say who and how much: every card or config on its own line with its name, the
value, its interval and n printed beside it, ticks that never repeat, and every text in the chosen
language."""

from __future__ import annotations

import math

import polars as pl
import pytest

from sim.report import figures
from sim.report.language import TEXT, end_reason_name


def printed_column(fig) -> list[str]:
    """The figures printed beside the rows of a ranked figure (its last trace: text in a column at the
    right, or, on a bar chart, at each bar's whisker)."""
    trace = fig.data[-1]
    assert trace.mode == "text" and (trace.xaxis == "x2" or list(trace.x) == [
        max(v for v in (bar_end, whisker) if v is not None) for bar_end, whisker in zip(bar_ends(fig), whiskers(fig))])
    return [text.strip() for text in trace.text]  # a bar's figures start two spaces clear of its whisker


def bar_ends(fig) -> list[float | None]:
    """Per row of a ranked figure (top to bottom as listed), where its bar or dot ends."""
    ends = {}
    for trace in fig.data[:-1]:
        if trace.type == "bar":
            for y, x in zip(trace.y, trace.x):
                ends[y] = max(x + (trace.base or 0), trace.base or 0)  # a bar spans its base to its value
        elif trace.mode == "markers" and trace.error_x is not None and trace.error_x.array is not None:
            ends.update(zip(trace.y, trace.x))
    return [ends.get(y) for y in fig.data[-1].y]


def whiskers(fig) -> list[float | None]:
    """Per row, where its 95% interval's upper whisker ends."""
    ends = {}
    for trace in fig.data[:-1]:
        if trace.error_x is not None and trace.error_x.array is not None:
            for y, x, up in zip(trace.y, trace.x, trace.error_x.array):
                ends[y] = x + (trace.base or 0) + up if trace.type == "bar" else x + up
    return [ends.get(y) for y in fig.data[-1].y]


def tick_labels(axis: dict, low: float = 0.0, high: float = 0.0) -> list[str]:
    """The labels Plotly prints on an axis of `tick_axis`: its tick texts, inside its range."""
    left, right = axis["range"]
    return [text for value, text in zip(axis["tickvals"], axis["ticktext"]) if left <= value <= right]


@pytest.mark.parametrize("low, high", [(-0.011, 0.024), (0.0, 0.0031), (-0.4, 0.6), (0.49, 0.53), (-0.002, 0.0015)])
def test_tick_labels_never_repeat_whatever_the_range(low: float, high: float) -> None:
    axis = figures.tick_axis(low, high, signed=True)
    labels = tick_labels(axis, low, high)
    assert len(labels) >= 3 and len(labels) == len(set(labels)), labels
    assert axis["range"][0] <= low and axis["range"][1] >= high


def ablation_frame(cards: int) -> pl.DataFrame:
    worth = [0.004 * (k - cards / 2) for k in range(cards)]
    return pl.DataFrame({
        "card_id": [f"JP-{k + 1:03d}" for k in range(cards)], "card_name": [f"Carta {k}" for k in range(cards)],
        "cost": [k % 7 for k in range(cards)], "filler": ["Relleno"] * cards,
        "measured": [k != 0 for k in range(cards)], "n": [2000] * cards, "pairs": [1000] * cards,
        "worth": worth, "worth_low": [w - 0.01 for w in worth], "worth_high": [w + 0.01 for w in worth],
        "p_value": [0.5] * cards, "q_value": [0.0] + [0.5] * (cards - 1), "q_value_by": [0.9] * cards,
        "deck_changed_share": [None] * cards, "deck_note": [None] * cards,
        "points": [None] * cards, "points_low": [None] * cards, "points_high": [None] * cards,
        "points_note": ["no budget_step"] * cards, "worth_per_budget_point": [None] * cards,
        "worth_per_budget_point_low": [None] * cards, "worth_per_budget_point_high": [None] * cards,
    }, schema_overrides={"deck_changed_share": pl.Float64, "points": pl.Float64, "points_low": pl.Float64,
                         "points_high": pl.Float64, "worth_per_budget_point": pl.Float64,
                         "worth_per_budget_point_low": pl.Float64, "worth_per_budget_point_high": pl.Float64,
                         "deck_note": pl.String})


@pytest.mark.parametrize("cards", [22, 44])
def test_the_ablation_chart_lists_every_card_with_its_worth_interval_and_n(cards: int) -> None:
    frame = ablation_frame(cards)
    fig = figures.ablation_figure(frame, "en")
    names = [f"{c} {n}" for c, n in zip(frame["card_id"], frame["card_name"])]
    assert sorted(fig.layout.yaxis.tickvals) == sorted(names) and len(set(fig.layout.yaxis.ticktext)) == cards
    assert fig.layout.height >= figures.ROW_HEIGHT * cards  # every name gets its line
    printed = dict(zip(fig.data[-1].y, printed_column(fig)))
    assert printed["JP-001 Carta 0"].startswith("not measured")
    top = frame.sort("worth", descending=True).row(0, named=True)
    assert printed[f"{top['card_id']} {top['card_name']}"] == (
        f"{100 * top['worth']:+.1f} pts [{100 * top['worth_low']:+.1f}, {100 * top['worth_high']:+.1f}], n = 2,000")
    assert list(fig.layout.yaxis.categoryarray)[-1] == f"{top['card_id']} {top['card_name']}"  # best on top
    labels = tick_labels(fig.layout.xaxis.to_plotly_json(), 0, 0)
    assert len(labels) == len(set(labels))
    es = figures.ablation_figure(frame, "es")
    assert printed_column(es)[-1].startswith("no medido") and "Valor causal" in es.layout.title.text


def test_the_win_rate_chart_names_the_factions_and_prints_rate_interval_and_n() -> None:
    rates = pl.DataFrame({"config": ["base", "base"], "side": [0, 1], "label": ["Arañas", "Ciempiés"],
                          "faction": ["aranas", "ciempies"], "n": [1000, 1000], "wins": [521, 470],
                          "losses": [470, 521], "draws": [9, 9], "win_rate": [0.5254, 0.4746],
                          "ci_low": [0.4945, 0.4435], "ci_high": [0.5565, 0.5055]}, schema_overrides={"side": pl.Int8})
    fig = figures.win_rate_figure(rates, "en")
    assert [trace.name for trace in fig.data[:2]] == ["A: Arañas", "B: Ciempiés"]  # the legend names the sides
    assert list(fig.data[-1].y) == ["A: Arañas", "B: Ciempiés"]
    assert printed_column(fig) == ["52.5% [49.5, 55.6], n = 1,000", "47.5% [44.4, 50.5], n = 1,000"]
    assert "side A" not in str(fig.to_plotly_json())
    es = figures.win_rate_figure(rates, "es")
    assert "victorias" in es.data[0].hovertext[0] and "wins" not in str(es.to_plotly_json()["data"])


def test_a_round_robin_colours_by_faction_so_the_legend_names_them() -> None:
    rates = pl.DataFrame({"config": ["china~japon", "china~japon", "japon~corea", "japon~corea"], "side": [0, 1, 0, 1],
                          "label": ["china", "japon", "japon", "corea"], "faction": ["china", "japon", "japon", "corea"],
                          "n": [20] * 4, "wins": [5, 15, 17, 3], "losses": [15, 5, 3, 17], "draws": [0] * 4,
                          "win_rate": [0.25, 0.75, 0.85, 0.15], "ci_low": [0.1, 0.5, 0.6, 0.05],
                          "ci_high": [0.5, 0.9, 0.95, 0.4]}, schema_overrides={"side": pl.Int8})
    fig = figures.win_rate_figure(rates, "en")
    assert {trace.name for trace in fig.data[:-1]} == {"china", "japon", "corea"}
    assert list(fig.data[-1].y) == ["china~japon · A: china", "china~japon · B: japon", "japon~corea · A: japon",
                                    "japon~corea · B: corea"]


def test_first_player_is_said_in_words_with_interval_and_pairs() -> None:
    fpa = pl.DataFrame({"config": ["base"], "method": ["paired"], "pairs": [5000], "games_first": [5000],
                        "games_second": [5000], "win_rate_first": [1.0], "win_rate_second": [0.452],
                        "advantage": [0.548], "ci_low": [0.546], "ci_high": [0.55], "first_player_win_rate": [0.774],
                        "first_player_win_rate_low": [0.773], "first_player_win_rate_high": [0.775]})
    assert printed_column(figures.first_player_figure(fpa, "en")) == [
        "the first player wins 77.4% (+54.8 pts) [77.3, 77.5], seat pairs = 5,000"]
    assert printed_column(figures.first_player_figure(fpa, "es")) == [
        "el primer jugador gana el 77,4\u00a0% (+54,8 pts) [77,3; 77,5], pares de asientos = 5.000"]


def test_end_reasons_come_from_the_game_and_the_catalog_with_share_and_count() -> None:
    reasons = pl.DataFrame({"config": ["base", "base"], "end_reason": ["lives", "turn_cap"], "count": [990, 10],
                            "share": [0.99, 0.01]})
    for lang in ("en", "es"):
        fig = figures.end_reason_figure(reasons, "dicedraft", lang)
        # lives is dicedraft's own word (its words.py), turn_cap the shared catalog's
        assert [trace.name for trace in fig.data] == [{"en": "out of lives", "es": "sin vidas"}[lang],
                                                      TEXT["end_turn_cap"][lang]]
        assert list(fig.data[0].text) == [{"en": "99.0% (990)", "es": "99,0\u00a0% (990)"}[lang]]
        assert list(fig.layout.xaxis.ticktext) == [{"en": "base<br>n = 1,000", "es": "base<br>n = 1.000"}[lang]]
    assert end_reason_name("something_new", "dicedraft", "es") == "something_new"  # an unknown reason keeps its name
    assert end_reason_name("lives", "fortaleza", "en") == "lives"  # another game's word is not this game's


def test_the_forced_draw_chart_names_whose_card_when_both_sides_share_it() -> None:
    forced = pl.DataFrame({"side": [0, 1, 0], "label": ["Arañas", "Ciempiés", "Arañas"],
                           "faction": ["aranas", "ciempies", "aranas"], "card_id": ["DA-4", "DA-4", "AR-01"],
                           "card_name": ["Dado", "Dado", "Saltarina"], "cost": [3, 3, 3], "pairs": [100, 100, 100],
                           "drawn_wr": [0.6, 0.5, 0.55], "undrawn_wr": [0.5, 0.5, 0.5], "effect": [0.1, 0.0, 0.05],
                           "effect_se": [0.01] * 3, "effect_low": [0.08, -0.02, 0.03], "effect_high": [0.12, 0.02, 0.07],
                           "p_value": [0.01] * 3, "q_value": [0.01] * 3, "q_value_by": [0.0, 1.0, 0.02],
                           "seen_when_undrawn": [0.1] * 3, "played_when_drawn": [0.9] * 3},
                          schema_overrides={"side": pl.Int8})
    fig = figures.forced_draw_figure(forced, "en")
    assert list(fig.data[-1].y) == ["A: DA-4 Dado", "A: AR-01 Saltarina", "B: DA-4 Dado"]
    # a forced draw's pairs are one game played twice, the card on top and at the bottom: not seat pairs
    assert printed_column(fig)[0] == "+10.0 pts [+8.0, +12.0], top/bottom pairs = 100, q = < 1e-300"  # never q = 0
    assert printed_column(figures.forced_draw_figure(forced, "es"))[0].startswith(
        "+10,0 pts [+8,0; +12,0], pares arriba/abajo = 100")
    assert {trace.name for trace in fig.data[:-1]} == {"A: Arañas", "B: Ciempiés"}


def test_the_iwd_chart_is_observational_ranked_by_the_shrunk_estimate_with_its_null() -> None:
    impact = pl.DataFrame({"side": [0, 0], "faction": ["aranas"] * 2, "card_id": ["AR-01", "AR-02"],
                           "card_name": ["Uno", "Dos"], "iwd": [0.05, 0.04], "iwd_ci_low": [0.0, 0.03],
                           "iwd_ci_high": [0.1, 0.05], "iwd_null": [0.01, 0.01], "iwd_shrunk": [0.02, 0.035],
                           "gih_n": [50, 5000], "gih_wr": [0.6, 0.6], "gih_ci_low": [0.5, 0.59], "gih_ci_high": [0.7, 0.61],
                           "gns_wr": [0.55, 0.56], "gns_ci_low": [0.5, 0.55], "gns_ci_high": [0.6, 0.57],
                           "q_value": [0.3, 0.001]}, schema_overrides={"side": pl.Int8})
    fig = figures.iwd_figure(impact, "en")
    assert list(fig.data[-1].y) == ["AR-02 Dos", "AR-01 Uno"]  # the shrunk estimate ranks, not the raw one
    assert printed_column(fig)[0] == "+4.0 pts [+3.0, +5.0]; null +1.0 pts; GIH n = 5,000"
    assert "observational" in fig.layout.title.text and "observacional" in figures.iwd_figure(impact, "es").layout.title.text


def round_robin_rates(rates: list[float]) -> pl.DataFrame:
    """Win rates of a round robin of four decks, one config per pair, the side A rate given."""
    decks = ["carga", "misticos", "defensores", "amuletos"]
    pairs = [(a, b) for i, a in enumerate(decks) for b in decks[i + 1:]]
    rows = []
    for (a, b), rate in zip(pairs, rates):
        for side, label, r in ((0, a, rate), (1, b, 1 - rate)):
            rows.append({"config": f"{a}~{b}", "side": side, "label": label, "faction": label, "n": 400,
                         "wins": int(400 * r), "losses": int(400 * (1 - r)), "draws": 0, "win_rate": r,
                         "ci_low": r - 0.05, "ci_high": r + 0.05})
    return pl.DataFrame(rows, schema_overrides={"side": pl.Int8})


ROUND_ROBIN_MANIFEST = {"configs": {f"{a}~{b}": {"sides": [{"label": a, "faction": a}, {"label": b, "faction": b}]}
                                    for a, b in [("carga", "misticos"), ("carga", "defensores"), ("carga", "amuletos"),
                                                 ("misticos", "defensores"), ("misticos", "amuletos"),
                                                 ("defensores", "amuletos")]}}


def colour_by_trace(fig) -> dict[str, str]:
    return {trace.name: trace.marker.color for trace in fig.data if trace.type == "bar"}


def test_a_deck_keeps_its_colour_from_chart_to_chart_whatever_its_rank() -> None:
    colours = figures.run_colours(ROUND_ROBIN_MANIFEST)
    rates = round_robin_rates([0.52, 0.55, 0.40, 0.61, 0.47, 0.30])
    marginals = pl.DataFrame({"label": ["amuletos", "carga", "misticos", "defensores"], "n": [1200] * 4,
                              "win_rate": [0.60, 0.52, 0.47, 0.41], "ci_low": [0.57, 0.49, 0.44, 0.38],
                              "ci_high": [0.63, 0.55, 0.50, 0.44]})
    by_rates = colour_by_trace(figures.win_rate_figure(rates, "es", colours=colours))
    by_marginals = colour_by_trace(figures.marginal_figure(marginals, "es", colours=colours))
    reordered = colour_by_trace(figures.marginal_figure(marginals.reverse(), "es", colours=colours))
    assert set(by_rates) == set(by_marginals) == {"carga", "misticos", "defensores", "amuletos"}
    assert by_rates == by_marginals == reordered  # the same deck, the same colour, on every chart of the run
    assert len(set(by_rates.values())) == 4  # and four decks, four colours
    assert by_rates["carga"] == figures.PALETTE[0]  # given out in the spec's order, not by rank


def test_win_rate_bars_sit_on_an_axis_around_the_data_with_a_50_percent_line_and_labels_at_the_bars() -> None:
    rates = pl.DataFrame({"config": ["base", "base"], "side": [0, 1], "label": ["A:aranas", "B:ciempies"],
                          "faction": ["aranas", "ciempies"], "n": [10000] * 2, "wins": [5200, 4800],
                          "losses": [4800, 5200], "draws": [0, 0], "win_rate": [0.52, 0.48],
                          "ci_low": [0.51, 0.47], "ci_high": [0.53, 0.49]}, schema_overrides={"side": pl.Int8})
    fig = figures.win_rate_figure(rates, "en")
    left, right = fig.layout.xaxis.range
    assert 0.40 < left < 0.47 and 0.53 < right < 0.8  # 52 against 48 spans the plot, not 4% of 0-100%
    ticks = tick_labels(fig.layout.xaxis.to_plotly_json())
    assert "50%" in ticks and all(t.endswith("%") for t in ticks)
    assert [shape.x0 for shape in fig.layout.shapes] == [0.5]  # the 50% line
    bars = [trace for trace in fig.data if trace.type == "bar"]
    assert all(trace.base == 0.5 for trace in bars)  # each bar grows from 50%
    labels = fig.data[-1]
    assert list(labels.x) == [0.53, 0.5]  # printed at each bar's whisker, not in a column far right
    assert labels.xaxis is None
    es = figures.win_rate_figure(rates, "es")
    assert "50\u00a0%" in tick_labels(es.layout.xaxis.to_plotly_json())
    assert printed_column(es)[0] == "52,0\u00a0% [51,0; 53,0], n = 10.000"


def test_a_difference_axis_ticks_in_points_as_its_title_says() -> None:
    fig = figures.ablation_figure(ablation_frame(22), "en")
    ticks = tick_labels(fig.layout.xaxis.to_plotly_json())
    assert "(points)" in fig.layout.xaxis.title.text
    assert "0 pts" in ticks and all(t.endswith(" pts") for t in ticks) and not any("%" in t for t in ticks)
    assert any(t.startswith("+") for t in ticks) and any(t.startswith("-") for t in ticks)
    es = figures.ablation_figure(ablation_frame(22), "es")
    assert all(t.endswith(" pts") and "." not in t for t in tick_labels(es.layout.xaxis.to_plotly_json()))


def test_a_config_identical_to_the_base_is_said_not_drawn_and_the_paths_stay_within_their_bounds() -> None:
    paths = pl.DataFrame({"config": ["fortaleza=20"] * 3 + ["fortaleza=25"] * 3, "pairs": [10, 20, 30] * 2,
                          "llr": [0.5, 1.2, 2.0, -1000.0, -90000.0, -172494.0],
                          "identical": [False] * 3 + [True] * 3})
    fig = figures.sprt_path_figure(paths, -2.94, 2.94, "SPRT", "en")
    drawn = [trace for trace in fig.data if trace.x and trace.x[0] is not None]
    assert [trace.name for trace in drawn] == ["fortaleza=20"]
    said = [trace.name for trace in fig.data if trace not in drawn]
    assert said == ["fortaleza=25: identical to the base (the same games, pair for pair): nothing to test"]
    low, high = fig.layout.yaxis.range
    assert -5 < low < -2.94 and 2.94 < high < 5  # within its bounds: no axis to -172,494
    assert "idéntica a la base" in " ".join(trace.name for trace in figures.sprt_path_figure(paths, -2.94, 2.94, "SPRT", "es").data)


def test_the_budget_chart_draws_its_fitted_curve_and_band() -> None:
    budgets = list(range(90, 136, 5))
    rates = [0.02, 0.03, 0.06, 0.10, 0.16, 0.24, 0.33, 0.42, 0.50, 0.56]
    cells = pl.DataFrame({"faction_a": ["Arañas"] * 10, "faction_b": ["Ciempiés"] * 10, "budget_b": [135] * 10,
                          "budget_a": budgets, "n": [400] * 10, "win_rate": rates,
                          "ci_low": [r - 0.04 for r in rates], "ci_high": [r + 0.04 for r in rates]},
                         schema_overrides={"budget_b": pl.Int16, "budget_a": pl.Int16})
    fig = figures.budget_curve_figure(cells, "es")
    fit = next(trace for trace in fig.data if trace.mode == "lines" and "ajuste logístico" in trace.name)
    band = next(trace for trace in fig.data if trace.fill == "toself")
    assert len(fit.x) > len(budgets) and min(fit.x) == 90 and max(fit.x) == 135  # a curve, not the points joined
    assert abs(fit.y[0] - 0.02) < 0.03 and abs(fit.y[-1] - 0.56) < 0.08
    upper, lower = band.y[:len(fit.x)], band.y[len(fit.x):][::-1]
    assert all(lo < f < hi for lo, f, hi in zip(lower, fit.y, upper))
    points = next(trace for trace in fig.data if trace.mode == "markers+text")
    positions = list(points.textposition)
    assert all(a != b for a, b in zip(positions, positions[1:]))  # neighbours' labels above and below in turn
    assert fig.layout.title.x < 0.1 and fig.layout.title.xanchor == "left"  # clear of the mode bar at the right
    assert all(t.endswith("\u00a0%") for t in fig.layout.yaxis.ticktext)


def test_the_cost_scatter_names_the_extremes_only_and_clips_nothing() -> None:
    cards = 14
    impact = pl.DataFrame({"faction": ["Arañas"] * cards, "side": [0] * cards, "card_id": [f"AR-{k}" for k in range(cards)],
                           "card_name": [f"Carta {k}" for k in range(cards)], "cost": [k % 7 + 1 for k in range(cards)],
                           "gih_n": [500] * cards, "gih_wr": [0.40 + 0.01 * k for k in range(cards)],
                           "gih_ci_low": [0.38 + 0.01 * k for k in range(cards)],
                           "gih_ci_high": [0.42 + 0.01 * k for k in range(cards)], "iwd": [0.01] * cards},
                          schema_overrides={"side": pl.Int8})
    fig = figures.card_scatter_figure(impact, lang="en")
    trace = fig.data[0]
    named = [text for text in trace.text if text]
    assert named == ["Carta 0", "Carta 1", "Carta 2", "Carta 11", "Carta 12", "Carta 13"]
    assert len(trace.hovertext) == cards and "Carta 5" in trace.hovertext[5]  # the rest on hover
    assert trace.cliponaxis is False and fig.layout.xaxis.range[1] >= 7 + 1
    low, high = fig.layout.yaxis.range
    assert low < 0.40 and high > 0.53
