"""A traced epikha game told in Spanish or English, one line per event (constants.Event): draws,
deployments, gear, moves into the Magic Zone, spells cast with their payer and level, raises, the
chain of a window resolving in order with its levels (rule E-03), negations, attacks, blocks, damage
and destruction. `sim replay`, the dashboard's replay page and the golden traces read it."""

from __future__ import annotations

from sim.core.trace import TracedEvent, TraceWords
from sim.rulesets.epikha.constants import END_NAMES, Do, Event, Window

TEMPLATES: dict[str, dict[int, str]] = {
    "es": {
        Event.START: "== {label0} contra {label1}; empieza {who} ==",
        Event.TURN: "-- T{turn} {who}: Vital {a}, mazo {b}, Vital rival {c} --",
        Event.MULLIGAN: "{who}: devuelve su mano y roba 7 de nuevo",
        Event.DRAW: "T{turn} {who}: roba {card_a}",
        Event.DEPLOY: "T{turn} {who}: despliega {card_a} (paga {b} de Vital, le quedan {c})",
        Event.MACHINE: "T{turn} {who}: pone la máquina {card_a} (paga {b} de Vital, le quedan {c})",
        Event.ATTACH: "T{turn} {who}: equipa {card_a} a {card_b} (coste {c})",
        Event.TO_MAGIC: "T{turn} {who}: {card_a} pasa a la Zona de Magia",
        Event.CAST: "T{turn} {who}: {card_b} lanza {card_a} (paga {cost}, nivel {level})",
        Event.RAISE: "T{turn} {who}: sube {card_a} a nivel {b} (paga {c})",
        Event.PENDING_START: "T{turn} {who}: el efecto de inicio de {card_a} queda pendiente (nivel {b})",
        Event.RESOLVE: "T{turn} {who}: {c}º en resolverse: {card_a} (nivel {b})",
        Event.NEGATED: "T{turn} {who}: {card_a} queda anulado",
        Event.FIZZLE: "T{turn} {who}: {c}º: {card_a} (nivel {b}) no tiene objetivo y va al descarte",
        Event.DAMAGE: "T{turn} {who}: {card_a} pierde {b} de Vital (le quedan {c})",
        Event.DESTROYED: "T{turn} {who}: {card_a} es destruido",
        Event.HEAL: "T{turn} {who}: recupera {a} de Vital (tiene {b})",
        Event.EFFECT: "T{turn} {who}: efecto {verb}{amount}",
        Event.ATTACK: "T{turn} {who}: ataca con {card_a}",
        Event.BLOCK: "T{turn} {who}: {card_a} bloquea a {opp_card_b}",
        Event.PAY_DESTROYED: "T{turn} {who}: {card_a} pagó todo su Vital y es destruido",
        Event.TO_DISCARD: "T{turn} {who}: {card_a} va al descarte",
        Event.END: "== Fin: {result} tras {turn} turnos ==",
        Event.PASS_WINDOW: "T{turn} ventana de {window} cerrada ({b} resueltos)",
    },
    "en": {
        Event.START: "== {label0} against {label1}; {who} starts ==",
        Event.TURN: "-- T{turn} {who}: Vital {a}, deck {b}, opponent's Vital {c} --",
        Event.MULLIGAN: "{who}: returns its hand and draws 7 again",
        Event.DRAW: "T{turn} {who}: draws {card_a}",
        Event.DEPLOY: "T{turn} {who}: deploys {card_a} (pays {b} Vital, {c} left)",
        Event.MACHINE: "T{turn} {who}: puts the machine {card_a} into play (pays {b} Vital, {c} left)",
        Event.ATTACH: "T{turn} {who}: attaches {card_a} to {card_b} (cost {c})",
        Event.TO_MAGIC: "T{turn} {who}: {card_a} moves into the Magic Zone",
        Event.CAST: "T{turn} {who}: {card_b} casts {card_a} (pays {cost}, level {level})",
        Event.RAISE: "T{turn} {who}: raises {card_a} to level {b} (pays {c})",
        Event.PENDING_START: "T{turn} {who}: the start effect of {card_a} is pending (level {b})",
        Event.RESOLVE: "T{turn} {who}: resolving #{c}: {card_a} (level {b})",
        Event.NEGATED: "T{turn} {who}: {card_a} is negated",
        Event.FIZZLE: "T{turn} {who}: #{c}: {card_a} (level {b}) has no target and is discarded",
        Event.DAMAGE: "T{turn} {who}: {card_a} loses {b} Vital ({c} left)",
        Event.DESTROYED: "T{turn} {who}: {card_a} is destroyed",
        Event.HEAL: "T{turn} {who}: gets back {a} Vital (now {b})",
        Event.EFFECT: "T{turn} {who}: effect {verb}{amount}",
        Event.ATTACK: "T{turn} {who}: attacks with {card_a}",
        Event.BLOCK: "T{turn} {who}: {card_a} blocks {opp_card_b}",
        Event.PAY_DESTROYED: "T{turn} {who}: {card_a} paid all its Vital and is destroyed",
        Event.TO_DISCARD: "T{turn} {who}: {card_a} goes to the discard zone",
        Event.END: "== End: {result} after {turn} turns ==",
        Event.PASS_WINDOW: "T{turn} {window} window closed ({b} resolved)",
    },
}
WINDOWS = {
    "es": {Window.START: "inicio", Window.DEPLOYMENT: "despliegue", Window.ATTACK: "ataque",
           Window.BLOCK: "bloqueo", Window.REGROUP: "reagrupamiento"},
    "en": {Window.START: "start", Window.DEPLOYMENT: "deployment", Window.ATTACK: "attack",
           Window.BLOCK: "block", Window.REGROUP: "regroup"},
}
VERBS = {
    "es": {Do.DAMAGE: "daño", Do.SHIELD: "escudo", Do.BOOST: "+Fuerza", Do.WEAKEN: "-Fuerza", Do.RESTORE: "restaurar",
           Do.HEAL: "curar", Do.DRAW: "robar", Do.NEGATE: "anular", Do.DESTROY_GEAR: "destruir equipo",
           Do.ALL_FUERZA: "+Fuerza a todos", Do.ALL_RESISTENCIA: "+Resistencia a todos",
           Do.ENEMY_FUERZA: "-Fuerza rival", Do.SPELL_LEVEL: "+nivel"},
    "en": {Do.DAMAGE: "damage", Do.SHIELD: "shield", Do.BOOST: "+Fuerza", Do.WEAKEN: "-Fuerza", Do.RESTORE: "restore",
           Do.HEAL: "heal", Do.DRAW: "draw", Do.NEGATE: "negate", Do.DESTROY_GEAR: "destroy gear",
           Do.ALL_FUERZA: "+Fuerza to all", Do.ALL_RESISTENCIA: "+Resistencia to all",
           Do.ENEMY_FUERZA: "-enemy Fuerza", Do.SPELL_LEVEL: "+level"},
}
WORDS = {
    "es": {"win": "gana {who}", "draw": "empate"},
    "en": {"win": "{who} wins", "draw": "a draw"},
}
REASONS = {
    "es": {"vital": "Vital a 0", "deck_out": "mazo agotado", "turn_cap": "límite de turnos",
           "both": "los dos Jugadores a 0"},
    "en": {"vital": "Vital at 0", "deck_out": "deck ran out", "turn_cap": "turn cap", "both": "both Players at 0"},
}
CARD_A = (Event.DRAW, Event.DEPLOY, Event.MACHINE, Event.ATTACH, Event.TO_MAGIC, Event.CAST, Event.RAISE,
          Event.PENDING_START, Event.RESOLVE, Event.NEGATED, Event.FIZZLE, Event.DAMAGE, Event.DESTROYED,
          Event.ATTACK, Event.BLOCK, Event.PAY_DESTROYED, Event.TO_DISCARD)


class EpikhaTrace(TraceWords):
    """Epikha's events in words (the loop and the shared fields: sim.core.trace)."""

    templates = TEMPLATES
    card_events = CARD_A

    def fields(self, event: TracedEvent, lang: str) -> dict[str, object]:
        player, a, b, c = event.player, event.a, event.b, event.c
        fields: dict[str, object] = {}
        if event.code in (Event.ATTACH, Event.CAST):
            fields["card_b"] = self.card(player, b)
        if event.code == Event.BLOCK:
            fields["opp_card_b"] = self.card(event.opponent, b)
        if event.code == Event.CAST:
            fields["cost"], fields["level"] = divmod(c, 16)
        if event.code == Event.EFFECT:
            fields["verb"] = VERBS[lang][Do(a)]
            fields["amount"] = f" {b}" if b else ""
        if event.code == Event.PASS_WINDOW:
            fields["window"] = WINDOWS[lang][Window(a)]
        if event.code == Event.END:
            result = WORDS[lang]["win"].format(who=self.labels[a]) if a >= 0 else WORDS[lang]["draw"]
            fields["result"] = f"{result} ({REASONS[lang][END_NAMES[b]]})"
        return fields
