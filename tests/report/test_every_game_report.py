"""A game's deck lists as the report exports them. That every registered game shows and exports in
both languages (issue 33: `sim show`, `sim report` in HTML, CSV, Parquet, Markdown and PDF, a game
of deck lists with its decks' card classes in the report's language) is
tests/dashboards/test_every_page.py's test_every_run_shows_and_reports_in_both_languages, on the
runs its page matrix plays: a new game joins by registering and shipping its spec."""

from __future__ import annotations

from sim.report.export import deck_lists_table


def test_a_deck_list_table_keeps_only_the_fields_the_game_has() -> None:
    """Epikha's deck lists hold id, name, copies, class and cost; rolplay's also level, atq and def."""
    epikha = {"configs": {"base": {"sides": [{"faction": "empiria", "deck_list": [
        {"id": "EM-01", "name": "Soldado", "copies": 3, "class": "character", "cost": 4}]}]}}}
    table = deck_lists_table(epikha)
    assert table.columns == ["faction", "card_id", "card_name", "copies", "card_class", "cost"]
    assert table.row(0) == ("empiria", "EM-01", "Soldado", 3, "character", 4)
    rolplay = {"configs": {"base": {"sides": [{"faction": "carga_25", "deck_list": [
        {"id": "C001", "name": "Orco", "copies": 2, "class": "creature", "level": 3, "cost": 2, "atq": 3, "def": 2}]}]}}}
    assert deck_lists_table(rolplay).columns == ["faction", "card_id", "card_name", "copies", "card_class", "card_level",
                                                 "cost", "atq", "def"]
