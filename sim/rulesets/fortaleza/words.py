"""Fortaleza's own words in Spanish and English, the ruleset's (engine.py): its name, how a game
of it ends, what a filler is. The words of its trace are in trace.py."""

NAME_WORDS = ("Fortaleza", "Fortaleza")  # as its designers say it (Ruleset.name_words)

# its end names (constants.END_NAMES) -> (Spanish, English); turn_cap's words are the shared catalog's
END_WORDS = {
    "fortaleza": ("Fortaleza a 0", "Fortaleza at 0"),
    "decked": ("mazo agotado", "deck-out"),
    "both_zero": ("ambas Fortalezas a 0", "both Fortalezas at 0"),
}

# describe_filler's words (stored in English) -> (Spanish, English) (Ruleset.filler_words)
FILLER_WORDS = {
    r": (?P<atq>\d+)/(?P<res>\d+) unit, no keywords or effects$": (r": unidad \g<atq>/\g<res>, sin palabras clave ni efectos",
                                                                 r": \g<atq>/\g<res> unit, no keywords or effects"),
    r": a (?P<kind>técnica|trampa) that does nothing$": (r": una \g<kind> que no hace nada", r": a \g<kind> that does nothing"),
    r": an artefacto with no ability or equipment$": (": un artefacto sin habilidad ni equipo",
                                                      ": an artefacto with no ability or equipment"),
}
