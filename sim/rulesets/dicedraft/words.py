"""Dicedraft's own words in Spanish and English, the ruleset's (engine.py): its name, how a game
of it ends, what a filler is. The words of its trace are in trace.py."""

NAME_WORDS = ("Dicedraft", "Dicedraft")  # as its designers say it (Ruleset.name_words)

# its end names (constants.END_NAMES) -> (Spanish, English); turn_cap's words are the shared catalog's
END_WORDS = {
    "lives": ("sin vidas", "out of lives"),
}

# why searching players stall (Ruleset.stall_words; docs/agents.md, "Why the stall does not break")
STALL_WORDS = (
    "Con los personajes de los dos mazos sobre la mesa, el defensor tiene dónde bloquear a cada atacante "
    "(un bloqueador doble cubre a dos, regla D-10) y elige cada combate (D-08): ningún ataque obliga a perder "
    "una vida y atacar primero solo cede el contraataque.",
    "With both decks' characters on the table, the defender has a blocker for every attacker (a double "
    "blocker covers two, rule D-10) and picks each fight (D-08): no attack forces a life lost, and attacking "
    "first only hands the counter-attack to the other side.",
)

# describe_filler's words (stored in English) -> (Spanish, English) (Ruleset.filler_words)
FILLER_WORDS = {
    r", no double block or attack$": (", sin bloqueo ni ataque dobles", ", no double block or attack"),
    r": d(?P<die>\d+) attack die$": (r": dado de ataque d\g<die>", r": d\g<die> attack die"),
    r": d(?P<die>\d+) defence die$": (r": dado de defensa d\g<die>", r": d\g<die> defence die"),
}

# the card rules its card model (cards.DicedraftCard) refuses a card by -> (Spanish, English): the
# reason a card file's error and a trial's refusal give (sim.core.errors.CardRule)
CARD_RULE_WORDS = {
    "personaje_def": ("un personaje necesita def de 1 o más", "a personaje needs def of at least 1"),
    "personaje_no_die": ('die y boost son de las cartas de dado (kind = "dado")',
                         'die and boost belong to dice cards (kind = "dado")'),
    "dado_die": ("un dado necesita die = 2..20 (el número de caras)",
                 "a dado needs die = 2..20 (the number of faces)"),
    "dado_boost": ('un dado necesita boost = "atq" o "def"', 'a dado needs boost = "atq" or "def"'),
    "dado_no_fight": ("las cartas de dado no atacan ni bloquean (regla D-07): quita atq/def/double_*",
                      "dice cards neither attack nor block (rule D-07): remove atq/def/double_*"),
}
