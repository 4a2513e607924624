"""dashboards.url_state without a browser: what a page's filters take from the address, and which
value a filter keeps when its options come from the run."""

from __future__ import annotations

import pytest
from dash import dcc, html

from dashboards.url_state import kept, url_filters, value_from_address, with_shell_query


def test_each_component_reads_its_value_as_it_takes_it() -> None:
    assert value_from_address(dcc.Input(id="n", type="number"), "15") == 15
    assert value_from_address(dcc.Input(id="n", type="number"), "2.5") == 2.5
    assert value_from_address(dcc.Input(id="n", type="number"), "quince") is None
    assert value_from_address(dcc.Input(id="n", type="text"), "15") == "15"
    assert value_from_address(dcc.Dropdown(id="d", multi=True), "china") == ["china"]
    assert value_from_address(dcc.Dropdown(id="d", multi=True), ["china", "corea"]) == ["china", "corea"]
    assert value_from_address(dcc.Dropdown(id="d"), "china~japon") == "china~japon"


def test_a_filter_keeps_the_value_its_options_offer() -> None:
    assert kept("b", ["a", "b"]) == "b"
    assert kept("z", ["a", "b"]) == "a"  # not offered by this run: its first option
    assert kept(None, ["a", "b"]) == "a"
    assert kept("z", ["a", "b"], None) is None
    assert kept("b", [{"label": "B", "value": "b"}]) == "b"
    assert kept("x", []) is None


def test_a_page_layout_starts_on_the_address_values() -> None:
    template = html.Div([dcc.Dropdown(id="t-config", options=["base"], value="base"),
                         dcc.Input(id="t-min", type="number", value=0)])
    layout = url_filters(template, config="t-config", min_games="t-min")
    page = layout(config="side1.budget=120", min_games="40", run="rr")
    assert page["t-config"].value == "side1.budget=120" and page["t-min"].value == 40
    assert "side1.budget=120" in page["t-config"].options  # offered until the run's options come
    assert layout()["t-config"].value == "base" and template["t-min"].value == 0  # the template is untouched


def test_a_page_cannot_take_the_shells_keys_or_an_id_it_lacks() -> None:
    with pytest.raises(ValueError, match="run"):
        url_filters(html.Div([dcc.Input(id="t2")]), run="t2")
    with pytest.raises(KeyError):
        url_filters(html.Div([dcc.Input(id="t3")]), config="not-there")


def test_navigation_links_carry_the_run_and_the_language_only() -> None:
    assert with_shell_query("/cards", "rr", "en") == "/cards?run=rr&lang=en"
    assert with_shell_query("/", None, "es") == "/?lang=es"
    assert with_shell_query("/replay", "a b&c", None) == "/replay?run=a+b%26c"


def test_dropdowns_say_their_own_words_in_the_page_language() -> None:
    from dashboards.url_state import dropdown_labels

    assert dropdown_labels("es")["search"] == "Buscar" and dropdown_labels("en")["search"] == "Search"
    assert dropdown_labels("es")["selected_count"] == "{num_selected} elegidas"  # Dash fills the number in
    assert set(dropdown_labels("es")) == set(dropdown_labels("en")) >= {"no_options_found", "clear_selection"}
