"""Dicedraft's own words in Spanish and English, the ruleset's (engine.py): its name, how a game
of it ends, what a filler is. The words of its trace are in trace.py."""

NAME_WORDS = ("Dicedraft", "Dicedraft")  # as its designers say it (Ruleset.name_words)

# its end names (constants.END_NAMES) -> (Spanish, English); turn_cap's words are the shared catalog's
END_WORDS = {
    "lives": ("sin vidas", "out of lives"),
}

# describe_filler's words (stored in English) -> (Spanish, English) (Ruleset.filler_words)
FILLER_WORDS = {
    r", no double block or attack$": (", sin bloqueo ni ataque dobles", ", no double block or attack"),
    r": d(?P<die>\d+) attack die$": (r": dado de ataque d\g<die>", r": d\g<die> attack die"),
    r": d(?P<die>\d+) defence die$": (r": dado de defensa d\g<die>", r": d\g<die> defence die"),
}
