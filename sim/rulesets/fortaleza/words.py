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

# the card rules its card model (cards.FortalezaCard and its Effect) refuses a card by -> (Spanish,
# English), each about the field the model names: the reason a card file's error and a trial's
# refusal give (sim.core.errors.CardRule)
CARD_RULE_WORDS = {
    "effect_target": ('do = "{do}" admite target {allowed}, no "{target}"',
                      'do = "{do}" takes target {allowed}, not "{target}"'),
    "unit_res": ("una unidad necesita res de 1 o más (regla F-22)", "a unit needs res of at least 1 (rule F-22)"),
    "units_only": ("solo los personajes y las criaturas tienen atq, res y keywords",
                   "only personajes and criaturas have atq, res and keywords"),
    "tecnica_speed": ('una tecnica necesita speed = "normal" o "rapida" (reglas F-13, F-14)',
                      'a tecnica needs speed = "normal" or "rapida" (rules F-13, F-14)'),
    "speed_kinds": ('speed es de las tecnicas y de las habilidades (on = "activar")',
                    'speed is for tecnicas and for abilities (on = "activar")'),
    "tierra_plain": ("una tierra no cuesta nada ni tiene efectos (reglas F-07, F-08)",
                     "a tierra costs nothing and has no effects (rules F-07, F-08)"),
    "needs_effect": ('una {kind} necesita al menos un [[card.effect]] con on = "lanzar"',
                     'a {kind} needs at least one [[card.effect]] with on = "lanzar"'),
    "artefacto_only": ("equip, equip_cost y bonus_* son de los artefactos (reglas F-16, F-17)",
                       "equip, equip_cost and bonus_* belong to artefactos (rules F-16, F-17)"),
    "equip_needed": ('equip_cost y bonus_* necesitan equip = "arma" o "armadura"',
                     'equip_cost and bonus_* need equip = "arma" or "armadura"'),
    "effect_trigger": ('una carta {kind} admite on = {triggers}, no "{on}"',
                       'a {kind} takes on = {triggers}, not "{on}"'),
    "esta_units": ('target "esta" es para unidades', 'target "esta" is for units'),
    "one_chosen": ("como mucho un efecto por carta que caiga sobre una unidad o un artefacto elegidos",
                   "at most one effect that lands on a chosen unit or artifact per card"),
    "activate_cost": ('necesita un efecto con on = "activar"', 'needs an effect with on = "activar"'),
    "unit_speed": ('en una unidad es la velocidad de su habilidad: añade un efecto con on = "activar"',
                   'on a unit it is the speed of its ability: add an effect with on = "activar"'),
}
