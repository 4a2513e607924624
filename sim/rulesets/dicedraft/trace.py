"""Readable lines from a traced dicedraft game, in Spanish or English.

The kernel's trace mode records integer events (constants.Event); this module is the only place
that turns them into words, for `sim replay`, the dashboard's replay page and the golden-trace test.
"""

from __future__ import annotations

from sim.core.trace import TracedEvent, TraceWords
from sim.rulesets.dicedraft.constants import END_NAMES, Event, Field, Kind

TEMPLATES: dict[str, dict[int, str]] = {
    "es": {
        Event.DRAFT: "== Partida {stage}: {label0} ({b} puntos) contra {label1} ({c} puntos); empieza {who} ==",
        Event.TURN: "-- T{turn} {who}: vidas {a}, mazo {b}, vidas del rival {c} --",
        Event.DRAW: "T{turn} {who}: roba {card_a}",
        Event.PUT_DOWN: "T{turn} {who}: pone boca abajo {card_a}",
        Event.PASS: "T{turn} {who}: no pone carta",
        Event.ATTACK: "T{turn} {who}: ataca con {card_a}",
        Event.BLOCK: "T{turn} {who}: {card_a} bloquea a {opp_card_b}{second}",
        Event.UNBLOCKED: "T{turn} {who}: {card_a} no es bloqueado: {b} de daño, al rival le quedan {c} vidas",
        Event.DICE: "T{turn} {who}: usa {card_a} y saca {b}, en la pelea de {attacker_c}",
        Event.DICE_PASS: "T{turn} {who}: pasa en la cadena de dados",
        Event.DIES: "T{turn} {who}: {card_a} muere",
        Event.SURVIVES: "T{turn} {who}: {card_a} sobrevive",
        Event.REDRAFT: "T{turn} {who}: mazo agotado; elige un mazo nuevo de {a} cartas ({b} de {c} puntos)",
        Event.DISCARD: "T{turn} {who}: descarta {card_a}",
        Event.END: "== Fin: {result} tras {turn} turnos ==",
    },
    "en": {
        Event.DRAFT: "== Game {stage}: {label0} ({b} points) against {label1} ({c} points); {who} starts ==",
        Event.TURN: "-- T{turn} {who}: lives {a}, deck {b}, opponent's lives {c} --",
        Event.DRAW: "T{turn} {who}: draws {card_a}",
        Event.PUT_DOWN: "T{turn} {who}: puts {card_a} face down",
        Event.PASS: "T{turn} {who}: puts no card down",
        Event.ATTACK: "T{turn} {who}: attacks with {card_a}",
        Event.BLOCK: "T{turn} {who}: {card_a} blocks {opp_card_b}{second}",
        Event.UNBLOCKED: "T{turn} {who}: {card_a} is not blocked: {b} damage, the opponent has {c} lives left",
        Event.DICE: "T{turn} {who}: uses {card_a} and rolls {b}, in the fight of {attacker_c}",
        Event.DICE_PASS: "T{turn} {who}: passes in the dice chain",
        Event.DIES: "T{turn} {who}: {card_a} dies",
        Event.SURVIVES: "T{turn} {who}: {card_a} survives",
        Event.REDRAFT: "T{turn} {who}: deck exhausted; drafts a new deck of {a} cards ({b} of {c} points)",
        Event.DISCARD: "T{turn} {who}: discards {card_a}",
        Event.END: "== End: {result} after {turn} turns ==",
    },
}
SECOND = {"es": " (segundo atacante: no recibe contraataque)", "en": " (second attacker: no counterattack)"}
RESULTS = {
    "es": {"win": "gana {who} (vidas del rival a 0)", "turn_cap": "empate por límite de turnos"},
    "en": {"win": "{who} wins (the opponent's lives reached 0)", "turn_cap": "a draw at the turn cap"},
}


class DicedraftTrace(TraceWords):
    """Dicedraft's events in words (the loop and the shared fields: sim.core.trace)."""

    templates = TEMPLATES
    card_events = (Event.DRAW, Event.PUT_DOWN, Event.ATTACK, Event.BLOCK, Event.UNBLOCKED, Event.DICE, Event.DIES,
                   Event.SURVIVES, Event.DISCARD)

    def __init__(self, compiled) -> None:
        super().__init__(compiled)
        self.active = 0  # the attacker of the current turn: whose fight a die's result joins

    def card(self, side: int, card: int) -> str:
        """'Tarántula (6/4)' for a character, the plain name for a dice card."""
        name, tab = self.names[side][card], self.tab
        if tab[side, card, Field.KIND] == Kind.DICE:
            return name
        return f"{name} ({tab[side, card, Field.ATQ]}/{tab[side, card, Field.DEF]})"

    def fields(self, event: TracedEvent, lang: str) -> dict[str, object]:
        a, b, c = event.a, event.b, event.c
        if event.code == Event.TURN:
            self.active = event.player
        fields: dict[str, object] = {"stage": a + 1, "second": SECOND[lang] if c == 1 else ""}
        if event.code == Event.BLOCK:
            fields["opp_card_b"] = self.card(event.opponent, b)
        if event.code == Event.DICE:
            fields["attacker_c"] = self.card(self.active, c)
        if event.code == Event.END:
            fields["turn"] = event.turn
            reason = "win" if a >= 0 else END_NAMES[b]
            fields["result"] = RESULTS[lang][reason].format(who=self.labels[a] if a >= 0 else "")
        return fields
