"""How a balance search's figures read (its proposals.json's items): their names, targets and
values with their intervals, in both languages. The report's findings, `sim balance`'s console and
page and the dashboard's balance page all say them through here.
"""

from __future__ import annotations

from typing import Any

from sim.report.formatting import localised, percent_with_interval, signed_points_with_interval
from sim.report.language import t
from sim.run.display_names import DisplayNames

POINTS = ("first_player_advantage", "card_effect")  # figures that are differences of win rates


def figure_text(item: dict[str, Any], lang: str = "en") -> str:
    """"50.3% [50.1, 50.5]" (a win rate), "+8.1 pts [+6.7, +9.6]" (an advantage), "+18.8 pts
    [+18.1, +19.6] AR-18" (a card_effect: its card farthest from the target), as `lang` writes
    numbers ("50,3 % [50,1; 50,5]")."""
    if item["value"] is None:
        return "—"
    said = signed_points_with_interval if item["figure"] in POINTS else percent_with_interval
    text = said(item["value"], item["low"], item["high"], lang=lang)
    return f"{text} {item['card']}" if item.get("card") else text


def target_text(item: dict[str, Any], lang: str = "en") -> str:
    """"50% ± 3 pts" ("50 % ± 3 pts" in Spanish), "0 pts ± 8 pts" for a card effect."""
    unit = " pts" if item["figure"] in POINTS else ("\u00a0%" if lang == "es" else "%")
    target, tolerance = (localised(f"{item[key] * 100:g}", lang) for key in ("target", "tolerance"))
    return f"{target}{unit} ± {tolerance} pts"


def figure_label(item: dict[str, Any], lang: str, names: DisplayNames | None = None) -> str:
    """A figure's name in `lang` ("Arañas vs Ciempiés: win rate", "forced-draw effect of each card"),
    its sides by `names` (display names) when given; the stored English name for a record written
    before the labels had their parts."""
    if "a" not in item or (not item["a"] and item["figure"] != "card_effect"):
        return item["name"]
    shown = names or DisplayNames()
    if item["figure"] != "card_effect":
        return t(f"balance_label_{item['figure']}", lang, a=shown(item["a"]), b=shown(item["b"]))
    if item["bounds"]:
        return t("balance_label_card_effect_cards", lang, cards=", ".join(item["bounds"]))
    return t("balance_label_card_effect_of", lang, a=shown(item["a"])) if item["a"] else t("balance_label_card_effect", lang)
