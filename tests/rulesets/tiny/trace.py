"""Readable lines from a traced tiny game, in Spanish or English: the only place that turns the
kernel's integer events (constants.Event) into words, for `sim replay` and the golden trace."""

from __future__ import annotations

import numpy as np

from tests.rulesets.tiny.constants import END_NAMES, Event, Field

TEMPLATES: dict[str, dict[int, str]] = {
    "es": {
        Event.START: "== {label0} contra {label1}; abre {who} ==",
        Event.DRAW: "R{turn} {who}: roba {card_a}",
        Event.LEAD: "R{turn} {who}: abre con {card_a}",
        Event.ANSWER: "R{turn} {who}: responde con {card_a}",
        Event.ROUND: "R{turn}: {result} ({a}-{b})",
        Event.END: "== Fin: {result} ({a}-{b}) tras {turn} rondas ==",
    },
    "en": {
        Event.START: "== {label0} against {label1}; {who} leads ==",
        Event.DRAW: "R{turn} {who}: draws {card_a}",
        Event.LEAD: "R{turn} {who}: leads {card_a}",
        Event.ANSWER: "R{turn} {who}: answers with {card_a}",
        Event.ROUND: "R{turn}: {result} ({a}-{b})",
        Event.END: "== End: {result} ({a}-{b}) after {turn} rounds ==",
    },
}
ROUND_RESULTS = {
    "es": {"win": "ronda para {who}", "tie": "empate, nadie puntúa"},
    "en": {"win": "{who} takes the round", "tie": "a tie, nobody scores"},
}
GAME_RESULTS = {
    "es": {"points": "gana {who} por puntos", "cards_out": "gana {who}, sin cartas que jugar",
           "draw": "empate, sin cartas que jugar"},
    "en": {"points": "{who} wins on points", "cards_out": "{who} wins, no cards left to play",
           "draw": "a draw, no cards left to play"},
}
LANGUAGES = tuple(TEMPLATES)


def describe_event_array(tab: np.ndarray, names: tuple[list[str], list[str]], labels: tuple[str, str],
                         events: np.ndarray, lang: str = "es") -> list[str]:
    """One line per event. `names[side]` are the card names of each side's deck, in file order."""
    if lang not in TEMPLATES:
        raise ValueError(f"language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    lines = []
    for turn, player, code, a, b, c in events.tolist():
        code = Event(code)
        who = labels[player] if player in (0, 1) else ""
        fields = {"turn": turn + 1, "who": who, "a": a, "b": b, "label0": labels[0], "label1": labels[1]}
        if code in (Event.DRAW, Event.LEAD, Event.ANSWER):
            fields["card_a"] = f"{names[player][a]} ({tab[player, a, Field.VALUE]})"
        if code == Event.ROUND:
            fields["result"] = ROUND_RESULTS[lang]["win" if player >= 0 else "tie"].format(who=who)
        if code == Event.END:
            fields["turn"] = turn
            fields["result"] = GAME_RESULTS[lang][END_NAMES[c] if player >= 0 else "draw"].format(who=who)
        lines.append(TEMPLATES[lang][code].format(**fields))
    return lines
