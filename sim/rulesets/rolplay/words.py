"""Rolplay's own words in Spanish and English, the ruleset's (engine.py): its name, how a game
of it ends, what a filler is and its card classes. The words of its trace are in trace.py."""

NAME_WORDS = ("Rolplay", "Rolplay")  # as its designers say it (Ruleset.name_words)

# its end names (constants.END_NAMES) -> (Spanish, English); turn_cap's words are the shared catalog's
END_WORDS = {
    "life": ("vida a 0", "life at 0"),
    "deck_out": ("mazo agotado", "deck ran out"),
    "score": ("límite de turnos, por puntuación", "turn cap, on score"),
    "tie": ("límite de turnos, puntuación igual", "turn cap, equal score"),
}

# describe_filler's words (stored in English) -> (Spanish, English) (Ruleset.filler_words)
FILLER_WORDS = {
    r": (?P<atq>\d+)/(?P<def>\d+) creature, no type or ability$": (r": criatura \g<atq>/\g<def>, sin tipo ni habilidad",
                                                                 r": \g<atq>/\g<def> creature, no type or ability"),
    r": a power of value (?P<value>\d+) with no on-cast effect$": (r": un poder de valor \g<value> sin efecto al lanzarlo",
                                                                r": a power of value \g<value> with no on-cast effect"),
    r": a (?P<kind>\w+) whose one ability heals 1 once$": (r": un \g<kind> cuya única habilidad cura 1 una vez",
                                                        r": a \g<kind> whose one ability heals 1 once"),
}

# the card classes as its card files spell them -> (Spanish, English), for deck tables (Ruleset.card_class_words)
CARD_CLASS_WORDS = {
    "creature": ("criatura", "creature"),
    "power": ("poder", "power"),
    "spell": ("hechizo", "spell"),
    "amulet": ("amuleto", "amulet"),
}

# the card rules its card model (cards.RolplayCard, its Effect and Ability) refuses a card by ->
# (Spanish, English), a card's class ({word}) and an effect's verb ({do}) as the file spells them:
# the reason a card file's error and a trial's refusal give (sim.core.errors.CardRule)
CARD_RULE_WORDS = {
    "unknown_verb": ("verbo de efecto desconocido {value}; los verbos son {known} (regla R-17)",
                     "unknown effect verb {value}; the known verbs are {known} (rule R-17)"),
    "verb_no_n": ("{do} no lleva n", "{do} takes no n"),
    "verb_needs_n": ("{do} necesita n, el número que aplica (al menos {n_min})",
                     "{do} needs n, the number it applies (at least {n_min})"),
    "verb_n_min": ("{do} necesita n de al menos {n_min}, no {n}", "{do} needs n of at least {n_min}, not {n}"),
    "verb_no_turns": ("{do} no dura un número de turnos; solo {timed} llevan turns",
                      "{do} lasts no number of turns; only {timed} take turns"),
    "ability_limit": ("una habilidad se usa -1 (sin límite) o al menos 1 vez; con 0 no se usaría nunca",
                      "an ability is usable -1 (unlimited) or at least 1 times; 0 would never be usable"),
    "name_spaces": ("un nombre no empieza ni acaba con espacios", "a name has no leading or trailing spaces"),
    "creature_stats": ("una carta creature necesita atq y def (reglas R-12, R-18)",
                       "a creature needs atq and def (rules R-12, R-18)"),
    "creature_only": ("solo las cartas creature tienen atq, def y los tipos mystic, defender y berserker "
                      "(regla R-14), no una carta {word}",
                      "only creatures have atq, def and the types mystic, defender and berserker (rule R-14), "
                      "not a {word}"),
    "power_value": ("una carta power necesita power_value y solo las power lo tienen (regla R-16)",
                    "a power needs a power_value and only powers have one (rule R-16)"),
    "power_cost": ("una carta power se conjura sin pagar (regla R-08)",
                   "a power is conjured without paying (rule R-08)"),
    "needs_ability": ("una carta {word} hace lo que hacen sus habilidades: añade al menos una (regla R-17)",
                      "a {word} does what its abilities do: add at least one (rule R-17)"),
    "effect_context": ("una carta {word} lleva efectos solo en {allowed}",
                       "a {word} carries effects only in {allowed}"),
    "verb_context": ("{do} no es para {context} de una carta {word}; va en {contexts} de las cartas {classes}",
                     "{do} ({meaning}) is not for a {word}'s {context}; it goes in {contexts} of {classes} cards"),
    "negative_def": ("una carta creature impresa con def = {def_} cuesta a su dueño {cost} vidas en cada ataque "
                     '(regla R-18): on_attack = [{{ do = "lose_life", n = {cost} }}]',
                     "a creature printed with def = {def_} costs its owner {cost} life each attack (rule R-18): "
                     'on_attack = [{{ do = "lose_life", n = {cost} }}]'),
    "on_attack": ("solo una carta creature impresa con def negativa pierde vidas al atacar (regla R-18)",
                  "only a creature printed with a negative def loses life when it attacks (rule R-18)"),
}
