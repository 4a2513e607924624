"""The tiny game's events in words, Spanish and English: a template per event and the fields its
own events fill in. The loop and the shared fields are the shell's (sim.core.trace); `sim replay`
and the golden trace read the lines through the ruleset's `describe_events`."""

from __future__ import annotations

from sim.core.hand_and_deck_game import NumberedTrace
from sim.core.trace import TracedEvent
from tests.rulesets.tiny.constants import END_NAMES, Event

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


class TinyTrace(NumberedTrace):
    """The tiny game's events in words; a card is its name and value, 'Sol (9)' (the kit's)."""

    templates = TEMPLATES
    card_events = (Event.DRAW, Event.LEAD, Event.ANSWER)

    def fields(self, event: TracedEvent, lang: str) -> dict[str, object]:
        if event.code == Event.ROUND:
            return {"result": ROUND_RESULTS[lang]["win" if event.player >= 0 else "tie"].format(who=self.who(event))}
        if event.code == Event.END:
            result = END_NAMES[event.c] if event.player >= 0 else "draw"
            return {"turn": event.turn, "result": GAME_RESULTS[lang][result].format(who=self.who(event))}
        return {}
