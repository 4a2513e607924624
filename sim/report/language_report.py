"""The report's words, Spanish and English (`sim report`, sim/report/export.py): title, manifest,
headings, notes; a config's id in words and the sentences of sim/report/formatting.py. Part of the
one catalog: sim.report.language looks a key up in every part."""

from __future__ import annotations

REPORT_TEXT: dict[str, dict[str, str]] = {
    # the report (sim report, sim/report/export.py): title, manifest, headings, notes
    "report_title": {"es": "{run}: informe de balance", "en": "{run}: balance report"},
    "report_made": {"es": "Hecho por sim report el {when} UTC. Las tasas de victoria cuentan un empate como media "
                          "victoria; todo intervalo es del 95% (Wilson para tasas, sobre el n efectivo cuando las dos partidas de "
                          "una pareja de asientos espejados terminan parecido; normal emparejada para diferencias).",
                    "en": "Made by sim report on {when} UTC. Win rates count a draw as half a win; every interval is "
                          "95% (Wilson for rates, on the effective n where the two games of a seat-mirrored pair end alike; "
                          "paired normal for differences)."},
    "report_run": {"es": "ejecución", "en": "run"},
    "report_experiment": {"es": "experimento", "en": "experiment"},
    "report_description": {"es": "descripción", "en": "description"},
    "report_ruleset": {"es": "juego", "en": "ruleset"},
    "report_engine": {"es": "motor", "en": "engine"},
    "report_engine_value": {"es": "{version}, commit {commit}", "en": "{version}, commit {commit}"},
    "report_uncommitted": {"es": "con cambios sin confirmar", "en": "uncommitted changes"},
    "report_seed": {"es": "semilla", "en": "seed"},
    "report_games_per_config": {"es": "partidas por configuración", "en": "games per config"},
    "report_configs": {"es": "configuraciones", "en": "configs"},
    "report_status": {"es": "estado", "en": "status"},
    "status_finished": {"es": "terminada", "en": "finished"},
    "status_running": {"es": "en curso", "en": "running"},
    "status_interrupted": {"es": "interrumpida", "en": "interrupted"},
    "status_cancelled": {"es": "cancelada", "en": "cancelled"},
    "report_created": {"es": "creada", "en": "created"},
    "report_finished": {"es": "terminada el", "en": "finished"},
    "report_wall_time": {"es": "tiempo de reloj", "en": "wall time"},
    "report_config": {"es": "configuración {config}", "en": "config {config}"},
    "report_side": {"es": "{label} ({faction}, agente {agent})", "en": "{label} ({faction}, agent {agent})"},
    "report_config_value": {"es": "{sides}; cartas {cards}, parámetros {params}",
                            "en": "{sides}; cards {cards}, params {params}"},
    "report_more_configs": {"es": "más configuraciones", "en": "more configs"},
    "report_more_configs_value": {"es": "{n} más (ver manifest.json)", "en": "{n} more (see manifest.json)"},
    "report_more_rows": {"es": "{n} filas más en la exportación CSV/Parquet.", "en": "{n} more rows in the CSV/Parquet export."},
    "report_table_ablation": {"es": "Valor de cada carta (ablación): la base menos la carta cambiada por su relleno, mismas "
                                    "partidas",
                              "en": "Card worth (ablation): baseline minus the card replaced by its filler, same games"},
    "report_table_sweep": {"es": "Tabla: barrido, cada configuración contra la base (emparejado)",
                           "en": "Table: sweep, each config against the baseline (paired)"},
    "report_table_convergence": {"es": "Tabla: ¿se sostiene cada conclusión con juego más fuerte? (convergencia por nivel)",
                                 "en": "Table: does each conclusion hold with stronger play? (convergence across levels)"},
    "report_note_convergence": {"es": "Cada nivel de agente juega las mismas partidas (mismas semillas y asientos), los dos "
                                      "lados al mismo nivel y con el límite de turnos del juego. El cambio es la diferencia "
                                      "emparejada partida a partida con el nivel anterior (por pares de asientos para el "
                                      "primer jugador), intervalo del 95%. Se sostiene si el cambio queda dentro de ±1 "
                                      "punto o su intervalo cubre 0; se invierte si además el favorito cambia.",
                                "en": "Every agent level plays the same games (the same seeds and seats), both sides at "
                                      "that level, at the game's own turn cap. The change is the paired difference from "
                                      "the level before, game by game (by seat pairs for the first player), 95% "
                                      "interval. A conclusion holds when the change is within ±1 point or its interval "
                                      "covers 0; it flips when, beyond that, the favourite changes."},
    "report_table_stalls": {"es": "Tabla: partidas que llegan al límite de turnos, por nivel y límite",
                            "en": "Table: games that reach the turn cap, by level and cap"},
    "report_note_stalls": {"es": "Partidas que llegaron al límite (empatadas allí o decididas allí por puntos) con cada "
                                 "nivel de agente, con el límite del juego y con sus múltiplos; intervalo de Wilson del "
                                 "95% sobre las partidas del nivel. Si con más turnos la proporción no baja, las partidas "
                                 "no terminan: los jugadores se estancan.",
                           "en": "Games that reached the turn cap (drawn there or decided there by score) at each agent "
                                 "level, at the game's cap and its multiples; 95% Wilson interval over the level's "
                                 "games. Where more turns leave the share where it was, the games do not end: the "
                                 "players stall."},
    "report_table_levels": {"es": "Tabla: cada cifra en cada nivel de agente, ¿se sostiene?",
                            "en": "Table: each headline figure at each agent level: does it hold?"},
    "report_note_levels": {"es": "Niveles: lo que juega cada lado (A / B; hard NxH: N mundos, H turnos de horizonte). "
                                 "Cada configuración con su propio intervalo del 95%; la señal compara con el primer "
                                 "nivel del grupo: «cambia de signo» si el favorito cambia (ambos intervalos fuera del "
                                 "50%), «se mueve más que su intervalo» si los intervalos no se solapan. Al lado, las "
                                 "victorias, derrotas y empates de la cifra (del lado A, o de quien empieza), la "
                                 "proporción de partidas empatadas en el límite de turnos y la cifra solo entre las "
                                 "partidas decididas: un agente más fuerte que empata más en el límite acerca la cifra "
                                 "al 50% sin cambiar quién gana las decididas.",
                           "en": "Levels: what each side plays (A / B; hard NxH: N worlds, H turns of horizon). Each "
                                 "config's own 95% interval; the flag compares with the group's first level: \"sign "
                                 "changes\" when the favourite changes (both intervals clear of 50%), \"moves beyond "
                                 "its interval\" when the intervals do not overlap. Beside it, the figure's wins, "
                                 "losses and draws (side A's, or the first player's), the share of games drawn at "
                                 "the turn cap, and the figure among the decided games alone: a stronger agent that "
                                 "draws more games at the cap brings the figure nearer 50% without changing who wins "
                                 "the decided games."},
    "chart_levels": {"es": "¿Se sostiene cada cifra con juego más fuerte? Cada nivel de agente (A / B), intervalo del 95%",
                     "en": "Does each figure hold with stronger play? Each agent level (A / B), 95% interval"},
    "report_table_card_levels": {"es": "Tabla: las cartas que más y menos ayudan, en cada nivel de agente",
                                 "en": "Table: the cards that help most and least, at each agent level"},
    "report_note_card_levels": {"es": "Observacional: IWD menos su nulo (lo que muestra una carta sin efecto en las "
                                      "mismas partidas), con su intervalo del 95%; las cartas son las tres que más y "
                                      "las tres que menos ayudan en el primer nivel de cada grupo. La señal compara "
                                      "con ese nivel (signo alrededor de 0). Que una carta cambie con el nivel dice "
                                      "que los agentes la leen distinto; un experimento [impact] en cada nivel mide "
                                      "lo que causa.",
                                "en": "Observational: IWD minus its null (what a card with no effect shows in the same "
                                      "games), with its 95% interval; the cards are the three that help most and the "
                                      "three that help least at each group's first level. The flag compares with that "
                                      "level (sign around 0). A card that changes with the level is read differently "
                                      "by the agents; an [impact] experiment at each level measures what it causes."},
    "chart_card_levels": {"es": "Las cartas clave con juego más fuerte: IWD sobre su nulo en cada nivel (observacional), "
                                "intervalo del 95%",
                          "en": "The key cards with stronger play: IWD above its null at each level (observational), "
                                "95% interval"},
    "chart_card_levels_axis": {"es": "IWD menos su nulo (puntos)", "en": "IWD minus its null (points)"},
    "chart_level_speed": {"es": "Velocidad de cada nivel: partidas por segundo contra sí mismo, un hilo ({games} partidas)",
                          "en": "Speed of each level: games per second against itself, one thread ({games} games)"},
    "chart_speed_axis": {"es": "partidas por segundo (escala logarítmica)", "en": "games per second (log scale)"},
    "chart_speed_unit": {"es": "partidas/s", "en": "games/s"},
    "level_figure_side A win rate": {"es": "victorias del lado A", "en": "side A win rate"},
    "level_figure_first player win rate": {"es": "victorias del primer jugador", "en": "first player win rate"},
    "level_flag_sign changes": {"es": "cambia de signo", "en": "sign changes"},
    "level_flag_moves beyond its interval": {"es": "se mueve más que su intervalo", "en": "moves beyond its interval"},
    "report_table_budget_slopes": {"es": "Tabla: pendiente del presupuesto (ajuste logístico y pendiente local)",
                                   "en": "Table: budget slope (logistic fit and local slope)"},
    "report_table_budget_steps": {"es": "Tabla: cada paso de presupuesto (emparejado)",
                                  "en": "Table: each budget step (paired)"},
    "report_table_matchup_marginals": {"es": "Tabla: tasa de victoria contra un campo uniforme de rivales",
                                       "en": "Table: win rate against a uniform field of the others"},
    "report_table_nash": {"es": "Tabla: metajuego, la mezcla de equilibrio de Nash (el campo que ninguna facción puede explotar)",
                          "en": "Table: metagame, the Nash equilibrium mix (the field no faction can exploit)"},
    "nash_note": {"es": "Observacional: el juego de suma cero cuyo pago es la tasa de victoria de la fila contra la "
                        "columna menos el 50% (empate = ½; los espejos cuentan como 50%). Valor del juego: {value} (0 "
                        "en un juego simétrico: ninguna facción gana más del 50% contra la mezcla); soporte: {support}. "
                        "Intervalo de la mezcla y «en el soporte»: {resamples} remuestreos de las partidas de cada "
                        "enfrentamiento (semilla {seed}), percentiles 2,5 y 97,5; dice lo firme que es la mezcla con "
                        "estas partidas, no es una garantía de cobertura. Explotabilidad: lo que gana la mejor "
                        "respuesta, sobre el valor, contra un campo de solo esa facción, con el intervalo de Wilson "
                        "del 95% de su casilla y sus partidas.",
                  "en": "Observational: the zero-sum game whose payoff is the row's win rate against the column minus "
                        "50% (draw = ½; mirrors count as 50%). Value of the game: {value} (0 in a symmetric game: no "
                        "faction wins more than 50% against the mix); support: {support}. The mix's interval and \"in "
                        "support\": {resamples} resamples of each matchup's games (seed {seed}), 2.5 and 97.5 "
                        "percentiles; they say how firm the mix is at these games, not a coverage guarantee. "
                        "Exploitability: what the best response gains over the value against a field of that faction "
                        "alone, with its cell's 95% Wilson interval and games."},
    "report_table_ratings": {"es": "Tabla: valoraciones Bradley-Terry (Elo)", "en": "Table: Bradley-Terry ratings (Elo)"},
    "report_table_ratings_first_player": {"es": "Tabla: término del primer jugador de las valoraciones",
                                          "en": "Table: the ratings' first-player term"},
    "report_table_win_rates": {"es": "Tabla: tasas de victoria", "en": "Table: win rates"},
    "report_table_first_player": {"es": "Tabla: primer jugador", "en": "Table: first player"},
    "report_table_first_player_by_length": {"es": "Tabla: primer jugador según la duración",
                                            "en": "Table: first player by game length"},
    "report_table_story_stages": {"es": "Tabla: modo historia, cada etapa", "en": "Table: story mode, each stage"},
    "report_table_story_clear_chance": {"es": "Tabla: modo historia, probabilidad de superarlo",
                                        "en": "Table: story mode, chance to clear it"},
    "report_table_match_results": {"es": "Tabla: resultados de los enfrentamientos al mejor de tres",
                                   "en": "Table: best-of-three match results"},
    "report_table_forced_draw": {"es": "Robo forzado: cada carta arriba del mazo contra abajo del todo, mismas partidas "
                                       "(causal, emparejado; q por Benjamini-Yekutieli)",
                                 "en": "Forced draw: each card on top of the deck against at its bottom, same games "
                                       "(causal, paired; q by Benjamini-Yekutieli)"},
    "report_table_card_ranking": {"es": "Cartas, de la que más ayuda a la que menos, ordenadas por la medida más fuerte de "
                                        "la ejecución (robo forzado, si no ablación, si no IWD contraído: observacional, "
                                        "junto a su nulo; la WR jugada está sesgada por selección)",
                                  "en": "Cards, most to least help, ranked by the strongest measure the run has (forced "
                                        "draw, else ablation, else shrunk IWD: observational, beside its null; Played WR "
                                        "is selection-biased)"},
    "report_table_faction_cards": {"es": "Cartas de {faction} ({config}): de la que más ayuda a la que menos según el IWD "
                                         "contraído (observacional)",
                                   "en": "Cards of {faction} ({config}): most to least help by shrunk IWD (observational)"},
    "report_note_first_player": {
        "es": "Las victorias del primer jugador son las suyas en los dos asientos, (lado A empezando + 1 − lado A "
              "segundo) / 2 = 50% + ventaja / 2; la ventaja es la tasa de victoria del lado A empezando menos "
              "siendo segundo, en pares con asientos cambiados (método emparejado). Al lado, la proporción de "
              "partidas empatadas en el límite de turnos y las victorias del primer jugador solo entre las partidas "
              "decididas: cuando muchas partidas empatan en el límite, el ½ que cuentan acerca al 50% las victorias "
              "del primer jugador.",
        "en": "The first player's win rate is its win rate over both seats, (side A going first + 1 − side A going "
              "second) / 2 = 50% + advantage / 2; the advantage is side A's win rate going first minus going second, "
              "on seat-mirrored pairs (method paired). Beside it, the share of games drawn at the turn cap and "
              "the first player's win rate among the decided games alone: where many games end drawn at the cap, "
              "the ½ they score pulls the first player's win rate towards 50%."},
    "report_note_win_rates": {
        "es": "Un empate cuenta ½ en la tasa de victoria. Al lado: victorias, derrotas y empates; la proporción de "
              "partidas empatadas en el límite de turnos; y la tasa del lado entre las partidas decididas, sin "
              "empates, cada una con su intervalo del 95% y su n. Cuando muchas partidas empatan en el límite, la "
              "tasa con empates se acerca al 50% aunque el juego no cambie quién gana las partidas decididas.",
        "en": "A draw counts ½ in the win rate. Beside it: wins, losses and draws; the share of games drawn at the "
              "turn cap; and the side's win rate among the decided games, draws left out, each with its 95% "
              "interval and n. Where many games end drawn at the cap, the ½-scored rate nears 50% even though the "
              "game does not change who wins the decided games."},
    "report_note_first_player_by_length": {
        "es": "Observacional: cada franja reúne las partidas que terminaron con esa duración, cada una por separado "
              "(sin emparejar); la duración es un resultado de la partida, así que una franja describe, no explica. "
              "Las franjas cortan la ejecución por cuantiles de la duración.",
        "en": "Observational: each band holds the games that ended at that length, each game on its own (not "
              "paired); length is an outcome of the game, so a band describes, it does not explain. Bands cut the "
              "run at quantiles of its game lengths."},
    # a config's id said in words (formatting.config_in_words): side1.budget=130, without=AR-01...
    "config_base": {"es": "base", "en": "base"},
    "config_all": {"es": "todas las configuraciones", "en": "all configs"},
    "side_field_faction": {"es": "facción", "en": "faction"},
    "side_field_agent": {"es": "agente", "en": "agent"},
    "side_field_label": {"es": "etiqueta", "en": "label"},
    "config_without": {"es": "sin {card}", "en": "without {card}"},
    "config_budget": {"es": "presupuesto del lado {side} = {value}", "en": "side {side}'s budget = {value}"},
    "config_drawn": {"es": "el lado {side} roba {card}", "en": "side {side} draws {card}"},
    "config_undrawn": {"es": "el lado {side} nunca roba {card}", "en": "side {side} never draws {card}"},
    "config_side_field": {"es": "lado {side}: {field} = {value}", "en": "side {side}: {field} = {value}"},
    "config_rule": {"es": "regla {param} = {value}", "en": "rule {param} = {value}"},
    "config_turn_cap": {"es": "límite de {value} turnos", "en": "turn cap {value}"},
    "config_card_field": {"es": "{card}: {field} = {value}", "en": "{card}: {field} = {value}"},
    "config_versus": {"es": "{a} contra {b}", "en": "{a} vs {b}"},
    "config_level": {"es": "agentes {level}", "en": "{level} agents"},
    "local_fit_words": {"es": "{low}-{high}, {budgets} presupuestos", "en": "{low}-{high}, {budgets} budgets"},
    "yes": {"es": "sí", "en": "yes"},
    "no": {"es": "no", "en": "no"},
    # sentences of sim/report/formatting.py
    "first_player_words": {"en": "the first player wins {rate} ({points})",
                     "es": "el primer jugador gana el {rate} ({points})"},
    "no_first_player": {"en": "first player: not measured (no games with side A in both seats)",
                        "es": "primer jugador: sin medir (no hay partidas del lado A en los dos asientos)"},
}
