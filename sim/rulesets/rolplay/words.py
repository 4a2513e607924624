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
