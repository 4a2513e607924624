"""Epikha's own words in Spanish and English, the ruleset's (engine.py): its name, how a game
of it ends, what a filler is and its card classes. The words of its trace are in trace.py."""

NAME_WORDS = ("Paladines de Epikha", "Paladines de Epikha")  # as its designers say it (Ruleset.name_words)

# its end names (constants.END_NAMES) -> (Spanish, English); turn_cap's words are the shared catalog's
END_WORDS = {
    "vital": ("Vital a 0", "Vital at 0"),
    "deck_out": ("mazo agotado", "deck ran out"),
    "both": ("los dos Jugadores a 0", "both Players at 0"),
}

# describe_filler's words (stored in English) -> (Spanish, English) (Ruleset.filler_words)
FILLER_WORDS = {
    r": Fuerza (?P<f>\d+) / Vital (?P<v>\d+), no special rule$": (r": Fuerza \g<f> / Vital \g<v>, sin regla especial",
                                                                r": Fuerza \g<f> / Vital \g<v>, no special rule"),
    r": a (?P<kind>weapon|item) of \+1 Fuerza$": (r": un \g<kind> de +1 Fuerza", r": a \g<kind> of +1 Fuerza"),
    r": a (?P<kind>\w+) of level (?P<level>\d+) that draws one card$": (
        r": un \g<kind> de nivel \g<level> que roba una carta", r": a \g<kind> of level \g<level> that draws one card"),
}

# the card classes as its card files spell them -> (Spanish, English), for deck tables (Ruleset.card_class_words)
CARD_CLASS_WORDS = {
    "player": ("jugador", "Player card"),
    "player_ability": ("habilidad de jugador", "Player ability"),
    "character": ("personaje", "character"),
    "weapon": ("arma", "weapon"),
    "item": ("objeto", "item"),
    "spell": ("hechizo", "spell"),
    "continuous_spell": ("hechizo continuo", "continuous spell"),
    "machine": ("máquina", "machine"),
}

# the card rules its card model (cards.EpikhaCard, its Effect and SpecialRule) refuses a card by ->
# (Spanish, English), a card's class ({word}), a verb ({do}) and a field as the file spells them: the
# reason a card file's error and a trial's refusal give (sim.core.errors.CardRule)
CARD_RULE_WORDS = {
    "unknown_rule": ("regla especial desconocida {value}; las reglas son {known} (regla E-30)",
                     "unknown special rule {value}; the known rules are {known} (rule E-30)"),
    "rule_needs_n": ("{rule} necesita n, el número que aplica", "{rule} needs n, the number it applies"),
    "rule_no_n": ("{rule} no lleva n", "{rule} takes no n"),
    "unknown_verb": ("verbo de efecto desconocido {value}; los verbos son {known} (regla E-31)",
                     "unknown effect verb {value}; the known verbs are {known} (rule E-31)"),
    "verb_no_n": ("{do} no lleva n", "{do} takes no n"),
    "verb_no_n_uses": ("{do} no lleva n; su cantidad es la {uses} de la carta",
                       "{do} takes no n; its amount is the card's {Uses}"),
    "verb_needs_n": ("{do} necesita n, el número que aplica", "{do} needs n, the number it applies"),
    "verb_no_target": ("{do} no lleva target", "{do} takes no target"),
    "verb_target": ("{do} admite target {targets}, no {got_es}", "{do} takes target {targets}, not {got}"),
    "name_spaces": ("un nombre no empieza ni acaba con espacios", "a name has no leading or trailing spaces"),
    "class_field": ("una carta {word} no tiene {name} (sus campos: {fields})",
                    "a {word} has no {name} (its fields: {fields})"),
    "class_needs": ("una carta {word} necesita {name} ({why_es})", "a {word} needs {name} ({why})"),
    "effect_context": ("una carta {word} lleva efectos solo en {allowed_es} (regla E-31)",
                       "a {word} carries effects only in {allowed} (rule E-31)"),
    "verb_context": ("{do} no es para {context} de una carta {word}; va en {contexts} de las cartas {classes} "
                     "(regla E-31)",
                     "{do} ({meaning}) is not for a {word}'s {context}; it goes in {contexts} of {classes} cards "
                     "(rule E-31)"),
    "verb_uses": ("{do} inflige la {uses} de la carta; dale a la carta su {uses} (reglas E-04, E-31)",
                  "{do} deals the card's {Uses}; give the card its {uses} (rules E-04, E-31)"),
    "stat_unused": ("ningún efecto de esta carta {word} usa su {stat} (regla E-04)",
                    "no effect of this {word} uses its {Stat} (rule E-04)"),
    "spell_on_cast": ("un hechizo hace lo que hacen sus efectos on_cast: añade al menos uno (regla E-01)",
                      "a spell does what its on_cast effects do: add at least one (rule E-01)"),
    "continuous_effect": ("un hechizo continuo necesita un efecto en on_cast, on_start o passive (regla E-01)",
                          "a continuous spell needs an effect in on_cast, on_start or passive (rule E-01)"),
    "ability_passive": ("una Habilidad de Jugador actúa por sus efectos passive: añade uno (regla E-14)",
                        "a Player Ability works through its passive effects: add one (rule E-14)"),
    "grants": ("una carta {word} da reglas especiales o Fuerza/Resistencia a quien la lleva: dale grants, "
               "bonus_fuerza o bonus_resistencia (regla E-18)",
               "a {word} passes special rules or Fuerza/Resistencia to its bearer: give it grants, bonus_fuerza "
               "or bonus_resistencia (rule E-18)"),
    "machine_vital": ("una máquina que es personaje tiene fuerza y vital; una que no lo es no tiene ninguno de los "
                      "dos (regla E-11)",
                      "a machine that is a character has both fuerza and vital; one that is not has neither "
                      "(rule E-11)"),
}
