"""The tables' words, Spanish and English: each column's header, what it measures (ANALYTICS.md's
words, shown when the pointer rests on the header), and the words inside a table that the analysis
writes in English. sim.report.language's `column`, `column_definition` and `value` read them."""

from __future__ import annotations

# table column headers: (Spanish, English); a column not listed shows its data name
COLUMNS: dict[str, tuple[str, str]] = {
    "run": ("ejecución", "run"), "ruleset": ("juego", "ruleset"), "status": ("estado", "status"),
    "problem": ("problema", "problem"),
    "chunks_done": ("bloques hechos", "chunks done"), "chunks_total": ("bloques", "chunks"),
    "games": ("partidas", "games"), "configs": ("configuraciones", "configs"), "created": ("creada", "created"),
    "games_total": ("partidas en total", "games in all"),
    "config": ("configuración", "config"), "side": ("lado", "side"), "faction": ("facción", "faction"),
    "group": ("grupo", "group"), "figure": ("cifra", "figure"), "level": ("nivel (A / B)", "level (A / B)"),
    "level_rate": ("valor", "value"), "flag": ("señal", "flag"),
    "conclusion": ("conclusión", "conclusion"), "agent_level": ("nivel de agente", "agent level"),
    "level_step_diff": ("cambio desde el nivel anterior", "change from the level before"),
    "turn_cap": ("límite de turnos", "turn cap"), "cap_factor": ("múltiplo del límite", "cap multiple"),
    "at_cap": ("en el límite", "at the cap"), "at_cap_share": ("proporción en el límite", "share at the cap"),
    "card_id": ("carta", "card"), "card_name": ("nombre", "name"), "cost": ("coste", "cost"),
    "gp_wr": ("GP WR (en el mazo)", "GP WR (in deck)"), "gih_n": ("GIH n", "GIH n"),
    "gih_wr": ("GIH WR (vista)", "GIH WR (seen)"), "gns_wr": ("GNS WR (no vista)", "GNS WR (not seen)"),
    "iwd": ("IWD", "IWD"), "iwd_ci_low": ("IWD mín. 95%", "IWD 95% low"), "iwd_ci_high": ("IWD máx. 95%", "IWD 95% high"),
    "iwd_shrunk": ("IWD contraído", "IWD shrunk"), "q_value": ("valor q (BH)", "q-value (BH)"),
    "position_effect": ("efecto de posición", "deck-position effect"), "played_n": ("jugada n", "played n"),
    "played_wr": ("WR jugada (sesgada)", "played WR (biased)"), "n": ("n", "n"),
    "win_rate": ("tasa de victoria", "win rate"), "ci_low": ("mín. 95%", "95% low"), "ci_high": ("máx. 95%", "95% high"),
    "design_effect": ("efecto de diseño", "design effect"), "n_effective": ("n efectivo", "effective n"),
    "diff": ("Δ contra la base", "Δ vs base"), "diff_low": ("Δ mín. 95%", "Δ 95% low"),
    "diff_high": ("Δ máx. 95%", "Δ 95% high"), "p_value": ("valor p", "p-value"), "label": ("nombre del lado", "side's name"),
    "rating": ("valoración", "rating"), "rating_se": ("error típico", "standard error"), "elo": ("Elo", "Elo"),
    "elo_se": ("Elo error típico", "Elo standard error"), "first_player": ("primer jugador", "first player"),
    "first_player_se": ("primer jugador e.t.", "first player s.e."), "first_player_elo": ("primer jugador Elo", "first player Elo"),
    "pairs": ("pares", "pairs"), "llr": ("LLR", "LLR"), "lower": ("cota inferior", "lower bound"),
    "upper": ("cota superior", "upper bound"), "decision": ("decisión", "decision"), "score": ("puntuación", "score"),
    "elo_per_point": ("Elo por punto", "Elo per point"), "points_at_max": ("WR por punto arriba", "WR per point at top"),
    "fitted_at_max": ("WR ajustada arriba", "fitted WR at top"), "budgets": ("presupuestos", "budgets"),
    "faction_a": ("facción A", "faction A"), "faction_b": ("facción B", "faction B"),
    "budget_b": ("presupuesto B", "budget B"), "runs": ("recorridos", "runs"), "cleared": ("superados", "cleared"),
    "rate": ("tasa", "rate"),
    "gp_n": ("GP n (en el mazo)", "GP n (in deck)"), "iwd_null": ("IWD nulo", "IWD null"),
    "never_played": ("nunca jugada", "never played"),
    "after_redraft_n": ("robada tras re-draft n", "drawn after re-draft n"),
    "drawn_wr": ("WR robada arriba", "WR drawn on top"), "undrawn_wr": ("WR abajo del mazo", "WR at the bottom"),
    "effect": ("efecto: robada ya o tarde o nunca", "effect: drawn at once or late or never"),
    "effect_low": ("efecto mín. 95%", "effect 95% low"), "effect_high": ("efecto máx. 95%", "effect 95% high"),
    "changed_share": ("robo cambiado", "draw changed"),
    "effect_per_changed": ("efecto por partida cambiada: robada ya o nunca",
                           "effect per changed game: drawn at once or never"),
    "effect_per_changed_low": ("por partida cambiada mín. 95%", "per changed game 95% low"),
    "effect_per_changed_high": ("por partida cambiada máx. 95%", "per changed game 95% high"),
    "effect_per_changed_se": ("por partida cambiada error típico", "per changed game standard error"),
    "played_when_drawn": ("jugada al robarla", "played when drawn"),
    "seen_when_undrawn": ("vista desde abajo", "seen from the bottom"),
    "q_value_by": ("valor q (BY)", "q-value (BY)"), "wins": ("victorias", "wins"), "losses": ("derrotas", "losses"),
    "draws": ("empates", "draws"), "method": ("método", "method"), "share": ("proporción", "share"),
    # the draws beside every win rate (sim.analysis.draws)
    "cap_draws": ("empates en el límite", "cap draws"),
    "cap_draw_share": ("empates en el límite de turnos", "turn-cap draws"),
    "decided": ("partidas decididas", "decided games"),
    "decided_win_rate": ("tasa de victoria entre las decididas", "win rate among decided games"),
    "first_player_wins": ("partidas ganadas por el primer jugador", "games won by the first player"),
    "decided_first_player_win_rate": ("victorias del primer jugador entre las decididas",
                                      "first player's win rate among decided games"),
    "first_player_win_rate": ("victorias del primer jugador", "first player's win rate"),
    "advantage": ("primero menos segundo", "first minus second"),
    "win_rate_first": ("lado A empezando", "side A going first"),
    "win_rate_second": ("lado A segundo", "side A going second"),
    "games_first": ("partidas con A primero", "games A first"),
    "games_second": ("partidas con A segundo", "games A second"),
    "band": ("turnos", "turns"), "turns_low": ("desde el turno", "from turn"),
    "turns_high": ("hasta el turno", "to turn"),
    "row": ("fila", "row"), "column": ("columna", "column"),
    "first_player_advantage": ("ventaja del primer jugador", "first-player advantage"),
    "verdict": ("veredicto", "verdict"), "note": ("nota", "note"), "hypothesis": ("hipótesis", "hypothesis"),
    "model": ("modelo", "model"), "rating_se_model": ("error típico del modelo", "model standard error"),
    "elo_se_model": ("Elo error típico del modelo", "Elo model standard error"),
    "first_player_se_model": ("primer jugador e.t. del modelo", "first player model s.e."),
    "pearson_chi2": ("χ² de Pearson", "Pearson χ²"), "deviance": ("devianza", "deviance"), "df": ("g.l.", "df"),
    "clusters": ("grupos", "clusters"),
    # the cards page's one table of every measure (dash-charts)
    "oh_n": ("OH n (mano inicial)", "OH n (opening hand)"), "oh_wr": ("OH WR (mano inicial)", "OH WR (opening hand)"),
    "gd_n": ("GD n (robada después)", "GD n (drawn later)"), "gd_wr": ("GD WR (robada después)", "GD WR (drawn later)"),
    "gns_n": ("GNS n (no vista)", "GNS n (not seen)"), "iwd_excess": ("IWD sobre el nulo", "IWD above null"),
    "forced_effect": ("efecto de robarla (causal)", "forced-draw effect (causal)"),
    "forced_pairs": ("robo forzado: pares arriba/abajo", "forced draw: top/bottom pairs"),
    "top_bottom_pairs": ("pares arriba/abajo", "top/bottom game pairs"),
    "seat_pairs": ("pares de asientos espejados", "seat-mirrored pairs"),
    "ablation_worth": ("valor por ablación (causal)", "ablation worth (causal)"),
    "ablation_n": ("ablación n", "ablation n"),
    "points": ("puntos de presupuesto", "budget points"), "points_note": ("nota de puntos", "points note"),
    "filler": ("relleno", "filler"), "measured": ("medida", "measured"),
    "worth": ("valor (base − sin la carta)", "worth (base − without the card)"),
    "deck_changed_share": ("mazo draftado cambiado", "drafted deck changed"),
    "deck_note": ("nota del mazo", "deck note"),
    "in_deck_share": ("en el mazo (proporción de partidas)", "in the deck (share of games)"),
    "single_deck": ("mismo mazo siempre", "same deck every game"),
    # views per game kind and compare two runs (dash-views)
    "rank": ("puesto", "rank"),     "points_ci": ("puntos de presupuesto [IC 95%]", "budget points [95% CI]"),
    "matches": ("partidos", "matches"), "won": ("ganados", "won"), "lost": ("perdidos", "lost"),
    "undecided": ("sin decidir", "undecided"), "games_per_match": ("partidas por partido", "games per match"),
    "of": ("de", "of"), "first_game_a": ("1.ª partida ganada por A", "game 1 won by A"),
    "stage": ("etapa", "stage"), "reached": ("llegan invictos", "reach it unbeaten"),
    "through": ("ganadas todas hasta aquí", "won every stage so far"),
    "bot_budget_min": ("presupuesto mín. del bot", "bot budget min"),
    "bot_budget_max": ("presupuesto máx. del bot", "bot budget max"),
    "a_n": ("A: n", "A: n"), "b_n": ("B: n", "B: n"), "a_pairs": ("A: pares", "A: pairs"), "b_pairs": ("B: pares", "B: pairs"),
    "a_win_rate": ("A: tasa de victoria", "A: win rate"), "b_win_rate": ("B: tasa de victoria", "B: win rate"),
    "a_first_player_win_rate": ("A: victorias del primer jugador", "A: first player's win rate"),
    "b_first_player_win_rate": ("B: victorias del primer jugador", "B: first player's win rate"),
    "a_gih_n": ("A: GIH n", "A: GIH n"), "b_gih_n": ("B: GIH n", "B: GIH n"),
    "a_gih_wr": ("A: GIH WR", "A: GIH WR"), "b_gih_wr": ("B: GIH WR", "B: GIH WR"),
    "gih_diff": ("GIH WR: B − A", "GIH WR: B − A"), "a_iwd_diff": ("A: IWD", "A: IWD"), "b_iwd_diff": ("B: IWD", "B: IWD"),
    "iwd_diff": ("IWD: B − A", "IWD: B − A"), "compare_diff": ("B − A", "B − A"),
    "a_effect": ("A: efecto de robarla", "A: forced-draw effect"),
    "b_effect": ("B: efecto de robarla", "B: forced-draw effect"), "effect_diff": ("efecto: B − A", "effect: B − A"),
    "side_a": ("lado A", "side A"), "paired_games": ("emparejadas", "paired"),
    "advantage_diff": ("ventaja: B − A", "advantage: B − A"), "run_a": ("A", "A"), "run_b": ("B", "B"),
    "win_rate_reached": ("victorias al llegar invicto", "win rate once reached unbeaten"),
    # the report's tables (sim report): every column a report table shows
    "mean": ("media", "mean"), "median": ("mediana", "median"), "p90": ("percentil 90", "90th percentile"),
    "max": ("máx.", "max"), "min": ("mín.", "min"), "end_reason": ("cómo terminó", "how it ended"),
    "count": ("recuento", "count"),

    "top_n": ("arriba n", "on top n"),
    "top_wr": ("WR arriba", "WR on top"), "rest_n": ("resto n", "rest n"), "rest_wr": ("WR resto", "WR rest"),
    "after_redraft_wr": ("WR robada tras re-draft", "WR drawn after re-draft"),
    "iwd_se": ("IWD error típico", "IWD standard error"),
    "iwd_p_value": ("IWD valor p", "IWD p-value"),
    "forced_q": ("robo forzado valor q (BY)", "forced-draw q-value (BY)"),
    "ablation_q": ("ablación valor q", "ablation q-value"),
    "rank_by": ("ordenada por", "ranked by"),
    "rank_value": ("valor con que se ordena", "ranking value"), "fit_games": ("partidas del ajuste", "games fitted"),
    "label_1": ("lado 1", "side 1"), "label_2": ("lado 2", "side 2"), "budget_a": ("presupuesto A", "budget A"),
    "elo_per_point_se": ("Elo por punto e.t.", "Elo per point s.e."),
    "elo_per_point_se_quasi": ("Elo por punto e.t. con desajuste", "Elo per point s.e. with misfit"),
    "dispersion": ("dispersión (χ²/g.l.)", "dispersion (χ²/df)"), "working_budget": ("presupuesto de trabajo", "working budget"),
    "local_fit": ("ajuste local", "local fit"), "local_slope": ("pendiente local por punto", "local slope per point"),
    "local_pairs": ("pares del ajuste local", "local fit pairs"), "budget_from": ("desde el presupuesto", "from budget"),
    "budget_to": ("hasta el presupuesto", "to budget"), "per_point": ("por punto", "per point"), "falls": ("baja", "falls"),

    "worth_per_budget_point": ("valor por punto de presupuesto", "worth per budget point"),
    "budgets_used": ("presupuestos usados", "budgets used"), "effect_se": ("efecto error típico", "effect standard error"),

    "points_low": ("puntos mín. 95%", "points 95% low"), "points_high": ("puntos máx. 95%", "points 95% high"),

    "first_player_elo_se": ("primer jugador Elo e.t.", "first player Elo s.e."),
    # the metagame (sim.analysis.metagame)
    "nash_share": ("mezcla de Nash", "Nash mix"), "in_support": ("en el soporte", "in support"),
    "support_share": ("en el soporte (remuestreos)", "in support (resamples)"),
    "win_rate_vs_nash": ("victorias contra la mezcla", "win rate against the mix"),
    "exploitability": ("explotabilidad", "exploitability"), "best_response": ("mejor respuesta", "best response"),
    "best_response_n": ("mejor respuesta n", "best response n"), "game_value": ("valor del juego", "value of the game"),
    "resamples": ("remuestreos", "resamples"),
    "copies": ("copias", "copies"), "card_class": ("clase", "class"), "card_level": ("nivel de la carta", "card level"),
    "atq": ("ATQ", "ATQ"), "def": ("DEF", "DEF"),
    "first_player_elo_se_model": ("primer jugador Elo e.t. del modelo", "first player Elo model s.e."),
}

# what each column measures, shown when the pointer rests on its header: ANALYTICS.md's words
COLUMN_DEFINITIONS: dict[str, tuple[str, str]] = {
    "games_total": ("Partidas de la ejecución, todas sus configuraciones juntas: las que dice su línea de progreso "
                    "(partidas por configuración × configuraciones).",
                    "The run's games, all its configs together: the figure its progress line says (games per "
                    "config × configs)."),
    "created": ("Cuándo se creó la ejecución, en la zona horaria de tu navegador.",
                "When the run was created, in your browser's time zone."),
    "win_rate": ("Victorias con el empate como media victoria; intervalo de Wilson del 95% sobre el n efectivo.",
                 "Wins with a draw as half a win; 95% Wilson interval on the effective n."),
    "cap_draws": ("Partidas empatadas en el límite de turnos: cuentan ½ en toda tasa de victoria.",
                  "Games drawn at the turn cap: they count ½ in every win rate."),
    "cap_draw_share": ("Proporción de las partidas de la configuración empatadas en el límite de turnos, con su "
                       "intervalo del 95% (la regla del efecto de diseño): cuanto mayor, más acerca al 50% toda tasa "
                       "que cuenta el empate como ½.",
                       "Share of the config's games drawn at the turn cap, with its 95% interval (the design-effect "
                       "rule): the larger it is, the more it pulls every rate that scores a draw ½ towards 50%."),
    "decided": ("Partidas que alguien ganó (sin los empates): el n de las tasas entre las decididas.",
                "Games somebody won (draws left out): the n of the rates among decided games."),
    "decided_win_rate": ("Victorias del lado entre las partidas decididas (victorias / (victorias + derrotas)), al "
                         "lado de la tasa que cuenta el empate como ½; intervalo de Wilson del 95% sobre las decididas "
                         "efectivas.",
                         "The side's wins among the decided games (wins / (wins + losses)), beside the rate that "
                         "scores a draw ½; 95% Wilson interval on the effective decided games."),
    "decided_first_player_win_rate": ("Victorias de quien empezó entre las partidas decididas, en los dos asientos; "
                                      "intervalo de Wilson del 95% sobre las decididas efectivas.",
                                      "Wins of whoever went first among the decided games, over both seats; 95% "
                                      "Wilson interval on the effective decided games."),
    "design_effect": ("Cuánta menos información llevan las partidas por ir en parejas de asientos espejados que "
                      "terminan parecido: 2 × varianza de la media de cada pareja / varianza de una partida, nunca "
                      "menos de 1.",
                      "How much less the games say for coming in seat-mirrored pairs that end alike: 2 × variance "
                      "of a pair's mean / variance of one game, never below 1."),
    "n_effective": ("Partidas independientes que darían la misma precisión: n / efecto de diseño; el intervalo "
                    "usa este n.",
                    "Independent games that would give the same precision: n / design effect; the interval uses "
                    "this n."),
    "n": ("Partidas detrás de la cifra.", "Games behind the figure."),
    "gp_wr": ("GP WR: tasa de victoria de las partidas con la carta en el mazo con que empezó la partida.",
              "GP WR: win rate of the games with the card in the deck the game started with."),
    "gp_n": ("Partidas con la carta en el mazo.", "Games with the card in the deck."),
    "oh_wr": ("OH WR: la carta estaba en la mano inicial de ese mazo (tras cualquier mulligan).",
              "OH WR: the card was in that deck's opening hand (after any mulligan)."),
    "oh_n": ("Partidas con la carta en la mano inicial.", "Games with the card in the opening hand."),
    "gd_wr": ("GD WR: la carta se robó después de ese mazo y no estaba en la mano inicial (OH + GD = GIH).",
              "GD WR: the card was drawn later from that deck, and was not in its opening hand (OH + GD = GIH)."),
    "gd_n": ("Partidas con la carta robada después.", "Games with the card drawn later."),
    "gih_wr": ("GIH WR: OH o GD, la carta se vio. Favorece a las cartas lentas: las partidas largas roban más.",
               "GIH WR: OH or GD, the card was seen. Favours slow cards: longer games draw more."),
    "gih_n": ("Partidas en que se vio la carta.", "Games in which the card was seen."),
    "gns_wr": ("GNS WR: en el mazo y nunca vista.", "GNS WR: in the deck, never seen."),
    "gns_n": ("Partidas con la carta en el mazo sin verla.", "Games with the card in the deck, never seen."),
    "iwd": ("IWD (mejora al robarla) = GIH WR − GNS WR (no GIH − GP); observacional, compárala con su nulo.",
            "IWD (improvement when drawn) = GIH WR − GNS WR (not GIH − GP); observational, compare it with its null."),
    "iwd_null": ("El IWD que mostraría una carta sin efecto en las mismas partidas (no es 0: las partidas largas "
                 "roban más cartas).",
                 "The IWD a card with no effect would show in the same games (not 0: longer games draw more cards)."),
    "iwd_excess": ("IWD menos su nulo.", "IWD minus its null."),
    "iwd_shrunk": ("IWD contraído (Bayes empírico): la clave de orden, para evitar la maldición del ganador.",
                   "Shrunk IWD (empirical Bayes): the sort key, to avoid the winner's curse."),
    "q_value": ("Valor q de Benjamini-Hochberg sobre todas las cartas; por debajo de 1e-300 se escribe \"< 1e-300\".",
                "Benjamini-Hochberg q-value across the cards; below 1e-300 it prints \"< 1e-300\"."),
    "q_value_by": ("Valor q de Benjamini-Yekutieli (las pruebas comparten partidas).",
                   "Benjamini-Yekutieli q-value (the tests share games)."),
    "played_wr": ("WR cuando la carta se jugó: sesgada por selección (las cartas que rematan parecen buenas).",
                  "Win rate when the card was played: selection-biased (win-more cards look good)."),
    "position_effect": ("Partidas en que el barajado puso la carta entre las k primeras contra el resto: libre del "
                        "sesgo del número de robos.",
                        "Games where the shuffle put the card in the top k against the rest: free of the draw-count bias."),
    "effect": ("Efecto de robo forzado: partidas emparejadas en las mismas semillas, la carta arriba del mazo menos "
               "abajo; diferencia de victorias del lado.",
               "Forced-draw effect: paired games on the same seeds, the card on top of the deck minus at its bottom; "
               "the side's win-rate difference."),
    "seen_when_undrawn": ("Proporción de las partidas con la carta abajo del mazo en que aun así se vio (las partidas "
                          "largas llegan a ella): el efecto compara robarla ya con robarla tarde o nunca.",
                          "Share of the games with the card at the bottom of the deck in which it was still seen (long "
                          "games reach it): the effect compares drawing it at once with drawing it late or never."),
    "changed_share": ("Proporción de las partidas jugadas de las dos maneras en que ponerla arriba cambió si se vio: "
                      "vista con la carta arriba menos vista con la carta abajo.",
                      "Share of the games played both ways in which putting it on top changed whether it was seen: "
                      "seen with the card on top minus seen with it at the bottom."),
    "effect_per_changed": ("Efecto por partida en que ponerla arriba cambió si se vio (estimador de Wald): el efecto "
                           "dividido por el robo cambiado; compara robarla de inmediato con no verla nunca. Intervalo "
                           "del 95% por el método delta, agrupado por pares de asientos espejados.",
                           "Effect per game in which putting it on top changed whether it was seen (the Wald "
                           "estimator): the effect divided by the draw changed; it compares drawing it at once with "
                           "never seeing it. 95% interval by the delta method, clustered on seat-mirrored pairs."),
    "forced_effect": ("Efecto de robo forzado (causal): la carta arriba del mazo menos abajo, mismas partidas.",
                      "Forced-draw effect (causal): the card on top of the deck minus at its bottom, same games."),
    "pairs": ("Pares de partidas emparejadas.", "Pairs of paired games."),
    "forced_pairs": ("Pares arriba/abajo del robo forzado: la misma partida jugada con la carta arriba del mazo y "
                     "abajo, con la carta en el mazo (no son pares de asientos espejados).",
                     "The forced draw's top/bottom game pairs: the same game played with the card on top of the deck "
                     "and at its bottom, with the card in the deck (not seat-mirrored pairs)."),
    "top_bottom_pairs": ("La misma partida jugada con la carta arriba del mazo y abajo, con la carta en el mazo (no "
                         "son pares de asientos espejados).",
                         "The same game played with the card on top of the deck and at its bottom, with the card in "
                         "the deck (not seat-mirrored pairs)."),
    "seat_pairs": ("Pares de asientos espejados: dos partidas con las mismas barajadas y dados que solo cambian quién "
                   "empieza.",
                   "Seat-mirrored pairs: two games on the same shuffles and dice that only swap who starts."),
    "worth": ("Ablación ΔWR: la base menos la carta sustituida por un relleno del mismo coste, mismas semillas y "
              "asientos espejados.",
              "Ablation ΔWR: the baseline minus the card replaced by a vanilla filler of the same cost, same seeds "
              "and mirrored seats."),
    "ablation_worth": ("Ablación ΔWR (causal): la base menos la carta sustituida por su relleno.",
                       "Ablation ΔWR (causal): the baseline minus the card replaced by its filler."),
    "points": ("Equivalente en puntos: ΔWR dividido por la pendiente de victorias por punto de presupuesto, con un "
               "intervalo que lleva ambas incertidumbres.",
               "Points-equivalent: ΔWR divided by the win-rate slope per budget point, with an interval that "
               "carries both uncertainties."),
    "filler": ("El relleno que sustituye a la carta; un relleno igual a la carta es \"no medido\".",
               "The filler that replaces the card; a filler equal to the card is \"not measured\"."),
    "deck_changed_share": ("Proporción de partidas en que el mazo draftado cambió al sustituir la carta.",
                           "Share of games whose drafted deck changed when the card was replaced."),
    "first_player_win_rate": ("Victorias del primer jugador en los dos asientos, de pares con asientos cambiados.",
                              "The first player's win rate over both seats, from seat-mirrored pairs."),
    "advantage": ("Ventaja del primer jugador: victorias empezando menos victorias siendo segundo.",
                  "First-player advantage: win rate going first minus going second."),
    "diff": ("Diferencia emparejada con la base, en las mismas partidas.", "Paired difference from the baseline, same games."),
    "in_deck_share": ("Proporción de las partidas del lado con la carta en el mazo inicial.",
                      "Share of the side's games with the card in the starting deck."),
    "nash_share": ("Probabilidad de la facción en la mezcla de equilibrio de Nash (el campo que ninguna facción "
                   "puede explotar), con el intervalo 2,5-97,5% de los remuestreos.",
                   "The faction's probability in the Nash equilibrium mix (the field no faction can exploit), with "
                   "the 2.5-97.5% interval of the resamples."),
    "support_share": ("Proporción de remuestreos en que la facción está en el soporte (probabilidad > 0).",
                      "Share of resamples in which the faction is in the support (probability > 0)."),
    "exploitability": ("Lo que gana la mejor respuesta, sobre el valor del juego, contra un campo de solo esta facción.",
                       "What the best response gains over the game's value against a field of this faction alone."),
    "win_rate_vs_nash": ("Victorias de la facción contra un campo que juega la mezcla de Nash.",
                         "The faction's win rate against a field playing the Nash mix."),
    "elo": ("Valoración Bradley-Terry en Elo, con un término de primer jugador; no sustituye a la matriz.",
            "Bradley-Terry rating in Elo, with a first-player term; never replaces the matrix."),
}


# words inside report tables (the analysis writes them in English): column -> {English: Spanish};
# a key ending in " (" also reads a text that starts with it and goes on with figures
VALUES: dict[str, dict[str, str]] = {
    "status": {"finished": "terminada", "running": "en curso", "interrupted": "interrumpida",
               "cancelled": "cancelada", "unreadable": "ilegible"},
    "rank_by": {"forced_draw": "robo forzado", "ablation": "ablación", "iwd": "IWD contraído"},
    "method": {"paired": "emparejado", "unpaired": "sin emparejar"},
    "label_1": {"all": "todos"}, "label_2": {"all": "todos"},
    "points_note": {
        "not measured: the filler plays exactly like the card": "sin medir: el relleno juega igual que la carta",
        "the card's slot only (the side plays a fixed collection)":
            "solo el hueco de la carta (el lado juega una colección fija)",
        "no budget_step in the spec: the run played no lower budget":
            "sin budget_step en el experimento: no se jugó ningún presupuesto menor",
        "no points: the budget slope's 95% interval includes 0":
            "sin puntos: el intervalo del 95% de la pendiente del presupuesto incluye el 0",
        "no points: too few paired games at the lower budgets":
            "sin puntos: muy pocas partidas emparejadas en los presupuestos menores",
        "no points: the side's win rate does not rise with its budget here (":
            "sin puntos: la tasa de victoria del lado no sube aquí con su presupuesto (",
    },
}
VALUE_COLUMNS = tuple(VALUES)
VALUE_EN = {"rank_by": {"iwd": "shrunk IWD", "forced_draw": "forced draw"}}
