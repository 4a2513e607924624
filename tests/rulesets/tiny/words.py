"""The tiny game's own words in Spanish and English, the ruleset's (engine.py): how a game of it
ends. It gives no name_words, so it is shown by its id. The words of its trace are in trace.py."""

# its end names (constants.END_NAMES) -> (Spanish, English)
END_WORDS = {
    "points": ("cinco puntos", "five points"),
    "cards_out": ("sin cartas", "out of cards"),
}
