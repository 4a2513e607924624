"""What a person reads: percentages with their interval, signed points, counts, q-values that are never
printed 0, and the same text in the HTML report's and the dashboard's tables."""

from __future__ import annotations

import math

import polars as pl
import pytest

from sim.report.formatting import (
    count, in_spec_order, percent, percent_interval, percent_with_interval, q_text, readable_columns, signed_points,
    signed_points_with_interval,
)


def test_rates_read_as_percentages_with_their_interval() -> None:
    assert percent(0.5367) == "53.7%"
    assert percent_interval(0.5204, 0.5216) == "[52.0, 52.2]"
    assert percent_with_interval(0.521, 0.5204, 0.5216) == "52.1% [52.0, 52.2]"
    assert percent_with_interval(0.5, None, None) == "50.0%"  # no interval: none printed
    assert percent(None) == percent(math.nan) == "-"


def test_differences_read_as_signed_points() -> None:
    assert signed_points(0.548) == "+54.8 pts"
    assert signed_points(-0.0312) == "-3.1 pts"
    assert signed_points(-0.00001) == signed_points(0.0) == "+0.0 pts"  # no "-0.0"
    assert signed_points_with_interval(0.548, 0.546, 0.550) == "+54.8 pts [+54.6, +55.0]"


def test_counts_have_thousands_separators() -> None:
    assert count(1_000_000) == "1,000,000"
    assert count(2500.5) == "2,500.5"  # a score with a draw counted half
    assert count(None) == "-"


@pytest.mark.parametrize("q, text", [
    (1e-400, "< 1e-300"),  # the literal is already 0.0 in Python: an underflow
    (0.0, "< 1e-300"),
    (5e-324, "< 1e-300"),
    (9.9e-301, "< 1e-300"),
    (1e-300, "1e-300"),
    (3.26e-21, "3.26e-21"),
    (0.012345, "0.0123"),
    (1.0, "1"),
    (None, "-"),
    (math.nan, "-"),
])
def test_q_text_never_prints_zero(q: float | None, text: str) -> None:
    assert q_text(q) == text


def test_in_spec_order_follows_the_manifest_not_the_alphabet() -> None:
    frame = pl.DataFrame({"config": ["a", "a", "b", "z"], "side": [0, 1, 0, 0]})
    ordered = in_spec_order(frame, ["z", "b", "a"])
    assert ordered["config"].to_list() == ["z", "b", "a", "a"] and ordered["side"].to_list() == [0, 0, 0, 1]
    assert in_spec_order(frame, ["b"])["config"].to_list() == ["b", "a", "a", "z"]  # unlisted configs last, in order


def test_readable_columns_fold_intervals_by_name_and_by_place() -> None:
    frame = pl.DataFrame({
        "config": ["base", "x"], "side": [0, 1], "n": [1_000_000, 12], "win_rate": [0.5367, 0.09],
        "ci_low": [0.5357, 0.01], "ci_high": [0.5377, 0.35], "diff": [0.0, -0.031], "diff_low": [0.0, -0.05],
        "diff_high": [0.0, -0.012], "gih_wr": [0.55, None], "gih_ci_low": [0.54, None], "gih_ci_high": [0.56, None],
        "first_player_advantage": [0.548, 0.1], "fpa_low": [0.546, 0.0], "fpa_high": [0.55, 0.2],
        "q_value": [0.0, 0.5], "q_value_by": [0.0, 1.0], "p_value": [None, 0.25], "mean": [14.2345, 1234.5],
    })
    shown = {c.name: c for c in readable_columns(frame)}
    assert list(shown) == ["config", "side", "n", "win_rate", "diff", "gih_wr", "first_player_advantage", "q_value",
                           "q_value_by", "p_value", "mean"]  # the interval columns fold into their value's
    assert shown["side"].texts == ["A", "B"] and shown["n"].texts == ["1,000,000", "12"]
    assert shown["win_rate"].texts == ["53.7% [53.6, 53.8]", "9.0% [1.0, 35.0]"] and shown["win_rate"].with_interval
    assert shown["diff"].texts == ["+0.0 pts [+0.0, +0.0]", "-3.1 pts [-5.0, -1.2]"]
    assert shown["gih_wr"].texts == ["55.0% [54.0, 56.0]", "-"]
    assert shown["first_player_advantage"].texts[0] == "+54.8 pts [+54.6, +55.0]"
    assert shown["q_value"].texts == ["< 1e-300", "0.5"] and shown["q_value_by"].texts == ["< 1e-300", "1"]
    assert shown["p_value"].texts == ["-", "0.25"] and shown["mean"].texts == ["14.2", "1,234"]
    assert shown["win_rate"].sort_keys == [0.5367, 0.09] and shown["gih_wr"].sort_keys == [0.55, None]
    assert not shown["n"].with_interval


def test_dashboard_tables_show_the_text_and_sort_by_the_numbers() -> None:
    from dashboards.widgets import TEXT_SUFFIX, table, table_texts

    frame = pl.DataFrame({"config": ["a", "b", "c"], "win_rate": [0.52, 0.095, None], "ci_low": [0.5, 0.08, None],
                          "ci_high": [0.54, 0.11, None], "diff": [0.02, -0.125, 0.003]})
    wrapper = table("demo-table", frame, "en")
    grid = wrapper.children
    assert wrapper.id == "demo-table" and grid.id == "demo-table-grid"
    assert [c["headerName"] for c in grid.columnDefs] == ["config", "win rate [95% CI]", "Δ vs base"]
    assert [row["win_rate"] for row in table_texts(wrapper)] == ["52.0% [50.0, 54.0]", "9.5% [8.0, 11.0]", "-"]
    # the grid sorts by the raw value under the column's own key, and shows and filters the text beside it
    assert [row["win_rate"] for row in grid.rowData] == [0.52, 0.095, None]
    rate = grid.columnDefs[1]
    assert rate["colId"] == "win_rate" and rate["field"] == f"win_rate{TEXT_SUFFIX}"  # shown as text
    assert rate["comparator"] == {"function": "simRawOrder('win_rate')"} and "headerTooltip" in rate  # ordered by value
    # nothing is a function string the grid would evaluate for each cell it draws: dash-ag-grid
    # interprets those. The number filter's getter runs only while the column is filtered
    assert not {"valueFormatter", "valueGetter"} & set(rate)
    assert rate["filterValueGetter"] == {"function": "simShownNumber(params, 'win_rate', 100)"}
    assert grid.columnDefs[0]["filter"] == "agTextColumnFilter"  # config: words, filtered as text
    assert sorted(grid.rowData, key=lambda r: r["win_rate"] if r["win_rate"] is not None else -1)[-1]["config"] == "a"
    assert [row["_row_id"] for row in grid.rowData] == ["a", "b", "c"]  # stable ids: redraws update rows in place
    assert grid.getRowId == "params.data._row_id" and set(grid.persisted_props) == {"filterModel", "columnState"}
    assert table("demo-table", frame, "es").children.columnDefs[1]["headerName"] == "tasa de victoria [IC 95%]"
    assert grid.dashGridOptions["localeText"]["noRowsToShow"] == "No rows to show"
    assert table("demo-table", frame, "es").children.dashGridOptions["localeText"]["contains"] == "Contiene"


def test_win_rate_columns_are_coloured_around_half_and_differences_around_zero() -> None:
    from dashboards.widgets import GREENS, REDS, table

    frame = pl.DataFrame({"config": ["a", "b", "c", "d"], "gih_wr": [0.6, 0.4, 0.51, None], "gih_n": [10, 10, 10, 0],
                          "iwd": [0.03, -0.1, 0.0, None], "cost": [3, 3, 3, 3]})
    grid = table("t", frame, "en").children
    defs = {c["colId"]: c for c in grid.columnDefs}
    assert defs["gih_wr"]["cellStyle"] == {"function": "params.data['gih_wr__style']"}  # the shade travels in the row
    shades = [(row["gih_wr__style"] or {}).get("backgroundColor") for row in grid.rowData]
    # dark green 10 points above 50%, dark red as far below, the lightest green just above, none when missing
    assert shades == [GREENS[0], REDS[0], GREENS[3], None]
    assert [(row["iwd__style"] or {}).get("backgroundColor") for row in grid.rowData] == [GREENS[2], REDS[0], None, None]
    assert "cellStyle" not in defs["gih_n"] and "cellStyle" not in defs["cost"]  # counts are not coloured
    assert "gih_n__style" not in grid.rowData[0]


def test_columns_are_as_wide_as_their_widest_text_and_the_header_fits_its_wrapped_name() -> None:
    from dashboards.widgets import MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, column_width, header_height, header_lines

    assert column_width("n", ["1"]) == MIN_COLUMN_WIDTH  # never narrower than the floor
    wide = column_width("GIH WR", ["52.1% [52.0, 52.2]"])
    assert wide > column_width("GIH WR", ["52.1%"]) > MIN_COLUMN_WIDTH - 1
    assert column_width("x", ["Araña de Seda Dorada " * 10]) == MAX_COLUMN_WIDTH  # a long text wraps, not the table
    assert column_width("Extraordinariamente", ["1"]) > MIN_COLUMN_WIDTH  # its header's longest word fits
    assert header_lines("win rate", 400) == 1 and header_lines("win rate when drawn [95% CI]", 120) >= 3
    assert header_height([("a", 100), ("win rate when drawn [95% CI]", 120)]) > header_height([("a", 100)])


def test_row_ids_come_from_the_fewest_columns_that_tell_rows_apart() -> None:
    from dashboards.widgets import row_ids

    frame = pl.DataFrame({"config": ["x", "x", "y"], "side": [0, 1, 0], "n": [5, 5, 5]})
    assert row_ids(frame, ["config", "side", "n"]) == ["x\x1f0", "x\x1f1", "y\x1f0"]
    assert row_ids(pl.DataFrame({"run": ["r1", "r2"]}), ["run"]) == ["r1", "r2"]
    assert row_ids(pl.DataFrame({"a": [1, 1]}), ["a"]) == ["0", "1"]  # no prefix tells them apart: the place


def test_budget_points_print_as_a_signed_number_with_its_interval() -> None:
    from dashboards.widgets import table, table_texts

    frame = pl.DataFrame({"card_id": ["X", "Y"], "points": [6.0, None], "points_low": [1.2, None],
                          "points_high": [10.8, None]})
    wrapper = table("t", frame, "en")
    assert [r["points"] for r in table_texts(wrapper)] == ["+6.0 [+1.2, +10.8]", "-"]
    assert [c["colId"] for c in wrapper.children.columnDefs] == ["card_id", "points"]


def test_numbers_and_dates_are_written_as_the_language_writes_them() -> None:
    from sim.report.formatting import date_text, number, seconds_text

    assert percent(0.598, lang="es") == "59,8\u00a0%" and percent(0.598, lang="en") == "59.8%"
    assert count(200_000, lang="es") == "200.000" and count(200_000, lang="en") == "200,000"
    assert percent_with_interval(0.521, 0.5204, 0.5216, lang="es") == "52,1\u00a0% [52,0; 52,2]"
    assert signed_points_with_interval(0.548, 0.546, 0.550, lang="es") == "+54,8 pts [+54,6; +55,0]"
    assert q_text(0.012345, "es") == "0,0123" and q_text(0.0, "es") == "< 1e-300"
    assert number(1234.5, "es") == "1.234" and number(0.471, "es") == "0,471"
    assert date_text("2026-12-04T03:11:04+00:00", "es") == "04/12/2026 03:11 UTC"
    assert date_text("2026-12-04T03:11:04+00:00", "en") == "2026-12-04 03:11 UTC"
    assert seconds_text(1234.56, "es") == "1.234,6 s"


def test_a_moment_is_said_in_the_readers_time_zone_and_a_wall_time_in_its_units() -> None:
    """The runs page says a run's times in the browser's time zone (summer and winter time included)
    and its wall time as a person reads it; a zone the machine does not know, or a path, is UTC."""
    from sim.report.formatting import known_zone, local_date_text, wall_time_text

    winter, summer = "2026-12-04T21:20:53+00:00", "2026-07-04T21:20:53+00:00"
    assert local_date_text(winter, "es", "Europe/Madrid") == "04/12/2026 22:20"  # CET, UTC+1
    assert local_date_text(summer, "es", "Europe/Madrid") == "04/07/2026 23:20"  # CEST, UTC+2
    assert local_date_text(winter, "en", "America/Mexico_City") == "2026-12-04 15:20"
    assert local_date_text(winter, "en", "Asia/Tokyo") == "2026-12-05 06:20"  # the next day there
    assert local_date_text(winter, "es", None) == "04/12/2026 21:20"
    assert local_date_text(None, "es", "Europe/Madrid") == "-"
    for unknown in ("../../etc/passwd", "America", "Mars/Olympus", "", None):
        assert known_zone(unknown) == "UTC"
    assert known_zone("Europe/Madrid") == "Europe/Madrid"
    assert wall_time_text(0.154, "es") == "0,2 s" and wall_time_text(0.154, "en") == "0.2 s"
    assert wall_time_text(245, "es") == "4 min 05 s"
    assert wall_time_text(7530, "en") == "2 h 06 min"  # 125.5 minutes, rounded


def test_config_ids_are_said_in_words_and_flags_in_the_language() -> None:
    from sim.report.formatting import config_in_words

    assert config_in_words("side1.budget=130", "es") == "presupuesto del lado A = 130"
    assert config_in_words("side1.budget=130", "en") == "side A's budget = 130"
    assert config_in_words("without=AR-01", "es") == "sin AR-01"
    assert config_in_words("params.fortaleza=20,JP-018.atq=8", "en") == "rule fortaleza = 20, JP-018: atq = 8"
    assert config_in_words("japon~china", "es", {"japon": "Japón"}) == "Japón contra china"
    assert config_in_words("side2.drawn=CI-04", "es") == "el lado B roba CI-04"
    frame = pl.DataFrame({"config": ["side1.budget=130"], "falls": [True]})
    texts = {c.name: c.texts for c in readable_columns(frame, "es")}
    assert texts == {"config": ["presupuesto del lado A = 130"], "falls": ["sí"]}  # never True/False
    assert {c.name: c.texts for c in readable_columns(frame, "en")}["falls"] == ["yes"]
