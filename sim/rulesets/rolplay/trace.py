"""A traced rolplay game told in Spanish or English: powers, summons, amulets and spells, abilities
and their effects, modes, attacks, defenses and damage, one line per event (constants.Event). The
only place the integer events become words; `sim replay`, the dashboard's replay page and the
golden traces read it. The trace is the designer's view: it names a face-down spell, which the
opponent's agent never reads (agents.py)."""

from __future__ import annotations

from sim.core.trace import TracedEvent, TraceWords
from sim.rulesets.rolplay.constants import END_NAMES, Do, Event

TEMPLATES: dict[str, dict[int, str]] = {
    "es": {
        Event.START: "== {label0} contra {label1}; empieza {who} ==",
        Event.TURN: "-- T{turn} {who}: vida {a}, mazo {b}, vida rival {c} --",
        Event.DRAW: "T{turn} {who}: roba {card_a}",
        Event.BURN_DRAW: "T{turn} {who}: roba {card_a} con la mano llena y se quema",
        Event.POWER: "T{turn} {who}: conjura {card_a}",
        Event.POWER_REPLACED: "T{turn} {who}: quema el poder {card_a} para hacer sitio",
        Event.SUMMON: "T{turn} {who}: invoca {card_a} en el lugar {b} (coste {c})",
        Event.REPLACE: "T{turn} {who}: invoca {card_a} en lugar de {card_b} (coste {c})",
        Event.AMULET: "T{turn} {who}: pone el amuleto {card_a} bajo {card_b} (coste {c})",
        Event.SPELL_SET: "T{turn} {who}: pone un hechizo boca abajo ({card_a}, coste {c})",
        Event.ACTIVATE: "T{turn} {who}: activa {card_a} (habilidad {ability}, paga {c})",
        Event.EFFECT: "T{turn} {who}: efecto {verb}{amount}",
        Event.TAPPED: "T{turn} {who}: {card_a} queda girada",
        Event.DESTROYED: "T{turn} {who}: {card_a} es destruida",
        Event.BURNED: "T{turn} {who}: {card_a} se quema",
        Event.MODES: "T{turn} {who}: {a} criaturas en modo ataque, {b} en modo defensa",
        Event.ATTACK: "T{turn} {who}: ataca con {card_a}{target}",
        Event.DEFEND: "T{turn} {who}: {card_a} defiende contra {opp_card_b}",
        Event.DAMAGE: "T{turn} {who}: {card_a} recibe {b} de daño (le queda {c} de defensa)",
        Event.DIES: "T{turn} {who}: {card_a} muere",
        Event.LIFE: "T{turn} {who}: pierde {a} de vida y queda en {b}",
        Event.HEAL: "T{turn} {who}: gana {a} de vida y queda en {b}",
        Event.SCORE: "== Límite de turnos: puntuación {label0} {a}, {label1} {b} ==",
        Event.END: "== Fin: {result} tras {turn} turnos ==",
        Event.DECLINE: "T{turn} {who}: {card_a} no defiende",
    },
    "en": {
        Event.START: "== {label0} against {label1}; {who} starts ==",
        Event.TURN: "-- T{turn} {who}: life {a}, deck {b}, opponent's life {c} --",
        Event.DRAW: "T{turn} {who}: draws {card_a}",
        Event.BURN_DRAW: "T{turn} {who}: draws {card_a} into a full hand and burns it",
        Event.POWER: "T{turn} {who}: conjures {card_a}",
        Event.POWER_REPLACED: "T{turn} {who}: burns the power {card_a} to make room",
        Event.SUMMON: "T{turn} {who}: summons {card_a} in place {b} (cost {c})",
        Event.REPLACE: "T{turn} {who}: summons {card_a} replacing {card_b} (cost {c})",
        Event.AMULET: "T{turn} {who}: puts the amulet {card_a} beneath {card_b} (cost {c})",
        Event.SPELL_SET: "T{turn} {who}: sets a spell face down ({card_a}, cost {c})",
        Event.ACTIVATE: "T{turn} {who}: activates {card_a} (ability {ability}, pays {c})",
        Event.EFFECT: "T{turn} {who}: effect {verb}{amount}",
        Event.TAPPED: "T{turn} {who}: {card_a} is tapped",
        Event.DESTROYED: "T{turn} {who}: {card_a} is destroyed",
        Event.BURNED: "T{turn} {who}: {card_a} burns",
        Event.MODES: "T{turn} {who}: {a} creatures in attack mode, {b} in defense mode",
        Event.ATTACK: "T{turn} {who}: attacks with {card_a}{target}",
        Event.DEFEND: "T{turn} {who}: {card_a} defends against {opp_card_b}",
        Event.DAMAGE: "T{turn} {who}: {card_a} takes {b} damage ({c} defense left)",
        Event.DIES: "T{turn} {who}: {card_a} dies",
        Event.LIFE: "T{turn} {who}: loses {a} life, {b} left",
        Event.HEAL: "T{turn} {who}: gains {a} life, now {b}",
        Event.SCORE: "== Turn cap: score {label0} {a}, {label1} {b} ==",
        Event.END: "== End: {result} after {turn} turns ==",
        Event.DECLINE: "T{turn} {who}: {card_a} does not defend",
    },
}
WORDS = {
    "es": {"at": " a {name}", "power_now": "T{turn} {who}: tiene {b} de poder este turno",
           "win": "gana {who}", "draw": "empate", "amount": " {n}", "reached": " (alcanza {n})"},
    "en": {"at": " at {name}", "power_now": "T{turn} {who}: has {b} power this turn",
           "win": "{who} wins", "draw": "a draw", "amount": " {n}", "reached": " (reaches {n})"},
}
VERBS = {
    "es": {Do.SELF_ATQ: "+ATQ a sí misma", Do.SELF_DEF: "+DEF a sí misma", Do.HOLDER_DEF: "+DEF a su portadora",
           Do.HEAL: "curar", Do.DAMAGE: "daño al rival", Do.LOSE_LIFE: "pierde vida", Do.DRAW: "robar",
           Do.ADD_POWER: "+poder", Do.TAP_CREATURES: "girar criaturas", Do.TAP_POWERS: "girar poderes",
           Do.DESTROY_CREATURES: "destruir criaturas", Do.DESTROY_POWERS: "destruir poderes",
           Do.DESTROY_AMULETS: "destruir amuletos", Do.ALL_ATQ: "+ATQ a todas", Do.ALL_DEF: "+DEF a todas",
           Do.ALL_DEFENDERS: "todas defensoras", Do.UNMYSTIC: "quitar místico"},
    "en": {Do.SELF_ATQ: "+ATQ to itself", Do.SELF_DEF: "+DEF to itself", Do.HOLDER_DEF: "+DEF to its holder",
           Do.HEAL: "heal", Do.DAMAGE: "damage to the opponent", Do.LOSE_LIFE: "loses life", Do.DRAW: "draw",
           Do.ADD_POWER: "+power", Do.TAP_CREATURES: "tap creatures", Do.TAP_POWERS: "tap powers",
           Do.DESTROY_CREATURES: "destroy creatures", Do.DESTROY_POWERS: "destroy powers",
           Do.DESTROY_AMULETS: "destroy amulets", Do.ALL_ATQ: "+ATQ to all", Do.ALL_DEF: "+DEF to all",
           Do.ALL_DEFENDERS: "all defenders", Do.UNMYSTIC: "remove mystic"},
}
REASONS = {
    "es": {"life": "vida a 0", "deck_out": "mazo agotado", "score": "límite de turnos, por puntuación",
           "tie": "límite de turnos, puntuación igual"},
    "en": {"life": "life at 0", "deck_out": "deck ran out", "score": "turn cap, on score",
           "tie": "turn cap, equal score"},
}
CARD_EVENTS = (Event.DRAW, Event.BURN_DRAW, Event.POWER, Event.POWER_REPLACED, Event.SUMMON, Event.REPLACE,
               Event.AMULET, Event.SPELL_SET, Event.ACTIVATE, Event.TAPPED, Event.DESTROYED, Event.BURNED,
               Event.ATTACK, Event.DEFEND, Event.DAMAGE, Event.DIES, Event.DECLINE)
# verbs whose reach (how many random picks found a card) is worth saying
REACHING = (Do.TAP_CREATURES, Do.TAP_POWERS, Do.DESTROY_CREATURES, Do.DESTROY_POWERS, Do.DESTROY_AMULETS,
            Do.ALL_ATQ, Do.ALL_DEF)


class RolplayTrace(TraceWords):
    """Rolplay's events in words (the loop and the shared fields: sim.core.trace)."""

    templates = TEMPLATES
    card_events = CARD_EVENTS
    defaults = {"target": ""}

    def template(self, event: TracedEvent, lang: str) -> str:
        if event.code == Event.POWER and event.a < 0:  # the turn's power, after phase 3
            return WORDS[lang]["power_now"]
        return self.templates[lang][event.code]

    def fields(self, event: TracedEvent, lang: str) -> dict[str, object]:
        words, (player, opp, a, b, c) = WORDS[lang], (event.player, event.opponent, event.a, event.b, event.c)
        fields: dict[str, object] = {}
        if event.code in (Event.REPLACE, Event.AMULET):
            fields["card_b"] = self.card(player, b)
        if event.code == Event.DEFEND:
            fields["opp_card_b"] = self.card(opp, b)
        if event.code == Event.ATTACK and b > 0:
            fields["target"] = words["at"].format(name=self.card(opp, b - 1))
        if event.code == Event.ACTIVATE:
            fields["ability"] = b + 1
        if event.code == Event.EFFECT:
            fields["verb"] = VERBS[lang][Do(a)]
            amount = words["amount"].format(n=b) if b else ""
            if Do(a) in REACHING:
                amount += words["reached"].format(n=c)
            fields["amount"] = amount
        if event.code == Event.END:
            result = words["win"].format(who=self.labels[a]) if a >= 0 else words["draw"]
            fields["result"] = f"{result} ({REASONS[lang][END_NAMES[b]]})"
        return fields
