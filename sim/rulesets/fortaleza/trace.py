"""A traced fortaleza game told in Spanish or English: lands, casts, the chain and its answers,
attacks, blocks and damage, one line per event (constants.Event). The only place the integer events
become words; `sim replay`, the dashboard's replay page and the golden traces read it.
"""

from __future__ import annotations

from sim.core.trace import TracedEvent, TraceWords
from sim.rulesets.fortaleza.constants import END_NAMES, Event, Field, Kind, What

TEMPLATES: dict[str, dict[int, str]] = {
    "es": {
        Event.START: "== {label0} contra {label1}; empieza {who} ==",
        Event.TURN: "-- T{turn} {who}: Fortaleza {a}, mazo {b}, Fortaleza rival {c} --",
        Event.DRAW: "T{turn} {who}: roba {card_a}",
        Event.MULLIGAN: "{who}: cambia su mano inicial",
        Event.LAND: "T{turn} {who}: coloca la tierra {card_a} ({b} tierras)",
        Event.CAST: "T{turn} {who}: juega {card_a}{target}",
        Event.SET_TRAP: "T{turn} {who}: coloca una trampa boca abajo",
        Event.TRAP: "T{turn} {who}: revela la trampa {card_a}{target}",
        Event.EQUIP: "T{turn} {who}: equipa {card_a} a {card_b}",
        Event.ACTIVATE: "T{turn} {who}: activa {card_a}{target}",
        Event.RESOLVE: "T{turn} {who}: se resuelve {card_a}",
        Event.FIZZLE: "T{turn} {who}: {card_a} pierde su objetivo y no hace nada",
        Event.ENTERS: "T{turn} {who}: {card_a} entra en juego",
        Event.TO_DISCARD: "T{turn} {who}: {card_a} va al descarte (zona llena o Único)",
        Event.ATTACK: "T{turn} {who}: ataca con {card_a}",
        Event.BLOCK: "T{turn} {who}: {card_a} bloquea a {opp_card_b}",
        Event.DAMAGE_UNIT: "T{turn} {who}: {card_a} recibe {b} de daño{prevented}",
        Event.DAMAGE_FORT: "T{turn} {who}: la Fortaleza recibe {a} de daño{prevented_b} y queda en {c}",
        Event.DIES: "T{turn} {who}: {card_a} muere",
        Event.PROTECT: "T{turn} {who}: {protected} gana Protección {b}",
        Event.BOOST: "T{turn} {who}: {card_a} gana +{b} ATQ / +{c} RES hasta el final del turno",
        Event.HEAL: "T{turn} {who}: la Fortaleza se cura {a} y queda en {b}",
        Event.DESTROYED: "T{turn} {who}: {card_a} es destruido",
        Event.RECOVER: "T{turn} {who}: recupera {card_a} del descarte a la mano",
        Event.DISCARD: "T{turn} {who}: descarta {card_a}",
        Event.END: "== Fin: {result} tras {turn} turnos ==",
    },
    "en": {
        Event.START: "== {label0} against {label1}; {who} starts ==",
        Event.TURN: "-- T{turn} {who}: Fortaleza {a}, deck {b}, opponent's Fortaleza {c} --",
        Event.DRAW: "T{turn} {who}: draws {card_a}",
        Event.MULLIGAN: "{who}: replaces the opening hand",
        Event.LAND: "T{turn} {who}: places the land {card_a} ({b} lands)",
        Event.CAST: "T{turn} {who}: plays {card_a}{target}",
        Event.SET_TRAP: "T{turn} {who}: sets a trap face down",
        Event.TRAP: "T{turn} {who}: reveals the trap {card_a}{target}",
        Event.EQUIP: "T{turn} {who}: equips {card_a} to {card_b}",
        Event.ACTIVATE: "T{turn} {who}: activates {card_a}{target}",
        Event.RESOLVE: "T{turn} {who}: {card_a} resolves",
        Event.FIZZLE: "T{turn} {who}: {card_a} loses its target and does nothing",
        Event.ENTERS: "T{turn} {who}: {card_a} enters the field",
        Event.TO_DISCARD: "T{turn} {who}: {card_a} goes to the discard pile (zone full or Único)",
        Event.ATTACK: "T{turn} {who}: attacks with {card_a}",
        Event.BLOCK: "T{turn} {who}: {card_a} blocks {opp_card_b}",
        Event.DAMAGE_UNIT: "T{turn} {who}: {card_a} takes {b} damage{prevented}",
        Event.DAMAGE_FORT: "T{turn} {who}: the Fortaleza takes {a} damage{prevented_b}, {c} left",
        Event.DIES: "T{turn} {who}: {card_a} dies",
        Event.PROTECT: "T{turn} {who}: {protected} gains Protection {b}",
        Event.BOOST: "T{turn} {who}: {card_a} gets +{b} ATQ / +{c} RES until end of turn",
        Event.HEAL: "T{turn} {who}: the Fortaleza heals {a}, now {b}",
        Event.DESTROYED: "T{turn} {who}: {card_a} is destroyed",
        Event.RECOVER: "T{turn} {who}: returns {card_a} from the discard pile to the hand",
        Event.DISCARD: "T{turn} {who}: discards {card_a}",
        Event.END: "== End: {result} after {turn} turns ==",
    },
}
WORDS = {
    "es": {"on": " sobre {name}", "fortress": "la Fortaleza", "prevented": " ({n} prevenido por Protección)",
           "win": "gana {who}", "draw": "empate"},
    "en": {"on": " on {name}", "fortress": "the Fortaleza", "prevented": " ({n} prevented by Protection)",
           "win": "{who} wins", "draw": "a draw"},
}
REASONS = {
    "es": {"fortaleza": "Fortaleza a 0", "decked": "mazo agotado", "both_zero": "ambas Fortalezas a 0",
           "turn_cap": "límite de turnos"},
    "en": {"fortaleza": "Fortaleza at 0", "decked": "deck ran out", "both_zero": "both Fortalezas at 0",
           "turn_cap": "turn cap"},
}
CARD_EVENTS = (Event.DRAW, Event.LAND, Event.CAST, Event.TRAP, Event.EQUIP, Event.ACTIVATE, Event.RESOLVE,
               Event.FIZZLE, Event.ENTERS, Event.TO_DISCARD, Event.ATTACK, Event.BLOCK, Event.DAMAGE_UNIT, Event.DIES,
               Event.BOOST, Event.DESTROYED, Event.RECOVER, Event.DISCARD)


class FortalezaTrace(TraceWords):
    """Fortaleza's events in words (the loop and the shared fields: sim.core.trace)."""

    templates = TEMPLATES
    card_events = CARD_EVENTS
    defaults = {"target": "", "prevented": "", "prevented_b": ""}

    def card(self, side: int, card: int) -> str:
        """'Guardián de Jade (2/4)' for a unit, the plain name for anything else."""
        name, tab = self.names[side][card], self.tab
        if tab[side, card, Field.KIND] in (Kind.CHARACTER, Kind.CREATURE):
            return f"{name} ({tab[side, card, Field.ATQ]}/{tab[side, card, Field.RES]})"
        return name

    def template(self, event: TracedEvent, lang: str) -> str | None:
        if event.code == Event.RESOLVE and event.b == What.EQUIP:
            return None  # the EQUIP line already says it
        return self.templates[lang][event.code]

    def fields(self, event: TracedEvent, lang: str) -> dict[str, object]:
        words, (player, a, b, c) = WORDS[lang], (event.player, event.a, event.b, event.c)
        fields: dict[str, object] = {}
        if event.code in (Event.CAST, Event.TRAP, Event.ACTIVATE) and c > 0:
            fields["target"] = words["on"].format(name=self.card(b, c - 1))
        if event.code == Event.EQUIP:
            fields["card_b"] = self.card(player, b)
        if event.code == Event.BLOCK:
            fields["opp_card_b"] = self.card(event.opponent, b)
        if event.code == Event.DAMAGE_UNIT and c > 0:
            fields["prevented"] = words["prevented"].format(n=c)
        if event.code == Event.DAMAGE_FORT and b > 0:
            fields["prevented_b"] = words["prevented"].format(n=b)
        if event.code == Event.PROTECT:
            fields["protected"] = words["fortress"] if a == 0 else self.card(player, a - 1)
        if event.code == Event.START:
            fields["who"] = self.labels[a]
        if event.code == Event.END:
            result = words["win"].format(who=self.labels[a]) if a >= 0 else words["draw"]
            fields["result"] = f"{result} ({REASONS[lang][END_NAMES[b]]})"
        return fields
