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


class TinyTrace(NumberedTrace):
    """The tiny game's events in words; a card is its name and value, 'Sol (9)', and how a game ends
    is the kit's words of a race to points."""

    templates = TEMPLATES
    card_events = (Event.DRAW, Event.LEAD, Event.ANSWER)
    end_event = Event.END
    end_names = END_NAMES

    def fields(self, event: TracedEvent, lang: str) -> dict[str, object]:
        if event.code == Event.ROUND:
            return {"result": ROUND_RESULTS[lang]["win" if event.player >= 0 else "tie"].format(who=self.who(event))}
        if event.code == Event.END:  # the rounds played, where another line shows the round from 1
            return {**super().fields(event, lang), "turn": event.turn}
        return super().fields(event, lang)
