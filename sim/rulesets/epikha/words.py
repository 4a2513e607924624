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
