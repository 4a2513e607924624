"""Readable lines from a traced dicedraft game, in Spanish or English.

The kernel's trace mode records integer events (constants.Event); this module is the only place
that turns them into words, for `sim replay`, the dashboard's replay page and the golden-trace test.
"""

from __future__ import annotations

import numpy as np

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
LANGUAGES = tuple(TEMPLATES)


def card_text(tab: np.ndarray, names: list[str], side: int, card: int) -> str:
    """'Tarántula (6/4)' for a character, the plain name for a dice card."""
    name = names[card]
    if tab[side, card, Field.KIND] == Kind.DICE:
        return name
    return f"{name} ({tab[side, card, Field.ATQ]}/{tab[side, card, Field.DEF]})"


def describe_event_array(tab: np.ndarray, names: tuple[list[str], list[str]], labels: tuple[str, str],
                    events: np.ndarray, lang: str = "es") -> list[str]:
    """One line per event. `names[side]` are the card names of each side's pool, in pool order."""
    if lang not in TEMPLATES:
        raise ValueError(f"language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    templates = TEMPLATES[lang]
    lines = []
    active = 0  # the attacker of the current turn: whose fight a die's result joins
    for turn, player, code, a, b, c in events.tolist():
        code = Event(code)
        if code == Event.TURN:
            active = player
        who = labels[player] if player in (0, 1) else ""
        opp = 1 - player if player in (0, 1) else 0
        fields = {"turn": turn + 1, "who": who, "a": a, "b": b, "c": c, "stage": a + 1,
                  "label0": labels[0], "label1": labels[1], "second": SECOND[lang] if c == 1 else ""}
        if code in (Event.DRAW, Event.PUT_DOWN, Event.ATTACK, Event.BLOCK, Event.UNBLOCKED, Event.DICE,
                    Event.DIES, Event.SURVIVES, Event.DISCARD):
            fields["card_a"] = card_text(tab, names[player], player, a)
        if code == Event.BLOCK:
            fields["opp_card_b"] = card_text(tab, names[opp], opp, b)
        if code == Event.DICE:
            fields["attacker_c"] = card_text(tab, names[active], active, c)
        if code == Event.END:
            fields["turn"] = turn
            reason = "win" if a >= 0 else END_NAMES[b]
            fields["result"] = RESULTS[lang][reason].format(who=labels[a] if a >= 0 else "")
        lines.append(templates[code].format(**fields))
    return lines

