"""The charts' words, Spanish and English (sim/report/figures.py, shared by the dashboard and the
report): titles, axes, legends, what every bar or point says beside it, the shared end reason.
Part of the one catalog: sim.report.language looks a key up in every part."""

from __future__ import annotations

CHART_TEXT: dict[str, dict[str, str]] = {
    # charts of the views per game kind (sim/report/figures.py, "views per game kind")
    "chart_config": {"es": "configuración", "en": "config"},
    "chart_matches_unit": {"es": "partidos", "en": "matches"},
    "chart_games_unit": {"es": "partidas", "en": "games"},
    "chart_runs_unit": {"es": "recorridos", "en": "runs"},
    "chart_pairs_unit": {"es": "partidas emparejadas", "en": "paired games"},
    "chart_match_record": {"es": "ganados {won}, perdidos {lost}, sin decidir {undecided}",
                           "en": "won {won}, lost {lost}, undecided {undecided}"},
    "chart_match_win_rate": {"es": "Al mejor de tres: partidos ganados por el lado A (sin decidir = ½), intervalo del 95%",
                             "en": "Best of three: side A's match win rate (undecided = ½), 95% interval"},
    "chart_match_win_rate_axis": {"es": "partidos ganados por el lado A", "en": "side A's match win rate"},
    "chart_games_per_match": {"es": "Partidas por partido: proporción de partidos, intervalo del 95%",
                              "en": "Games per match: share of matches, 95% interval"},
    "chart_games_per_match_axis": {"es": "partidas que duró el partido", "en": "games the match took"},
    "chart_share_of_matches": {"es": "proporción de partidos", "en": "share of matches"},
    "chart_game_one": {"es": "Quien gana la primera partida: partidos que acaba ganando, intervalo del 95%",
                       "en": "The winner of game 1: the matches it goes on to win, 95% interval"},
    "chart_game_one_axis": {"es": "partidos ganados por quien ganó la 1.ª", "en": "matches won by game 1's winner"},
    "chart_story_path": {"es": "Modo historia, lado A: victorias en cada etapa y probabilidad de llegar invicto hasta "
                               "ella y ganarla, intervalos del 95%",
                         "en": "Story mode, side A: win rate at each stage and the chance to reach it unbeaten and "
                               "win it, 95% intervals"},
    "chart_story_path_axis": {"es": "tasa / probabilidad", "en": "rate / chance"},
    "chart_story_stage_rate": {"es": "victorias en la etapa, todos los recorridos", "en": "win rate at the stage, all runs"},
    "chart_story_through": {"es": "ganadas todas hasta esta etapa", "en": "won every stage up to this one"},
    "chart_story_hover": {"es": "ganadas todas hasta aquí {through} ({won} de {runs} recorridos); llegan invictos {reached}, "
                                "de ellos ganan la etapa {rate}",
                          "en": "won every stage so far {through} ({won} of {runs} runs); {reached} reach it unbeaten, "
                                "of whom {rate} win it"},
    "chart_bot_budgets": {"es": "presupuestos de los bots", "en": "bot budgets"},
    "chart_compare_win_rate": {"es": "Victorias del lado A: {b} menos {a}, por configuración, intervalo del 95%",
                               "en": "Side A's win rate: {b} minus {a}, per config, 95% interval"},
    "chart_compare_first_player": {"es": "Victorias del primer jugador: {b} menos {a}, por configuración, intervalo del 95%",
                                   "en": "First player's win rate: {b} minus {a}, per config, 95% interval"},
    "chart_compare_axis": {"es": "diferencia {b} − {a} (puntos)", "en": "difference {b} − {a} (points)"},
    "chart_compare_cards": {"es": "GIH WR de cada carta: {b} menos {a}, intervalo del 95% (dos muestras)",
                            "en": "Each card's GIH WR: {b} minus {a}, 95% interval (two-sample)"},
    "chart_compare_cards_axis": {"es": "diferencia de GIH WR {b} − {a} (puntos)", "en": "GIH WR difference {b} − {a} (points)"},
    # charts (sim/report/figures.py): titles, axes and legends, shared by the dashboard and the report
    "chart_win_rates": {"en": "Win rate by side (draw = ½ win), 95% interval",
                  "es": "Tasa de victoria por lado (empate = ½), intervalo del 95%"},
    "chart_matchups": {"en": "Matchups: row's win rate against column", "es": "Enfrentamientos: victorias de la fila contra la columna"},
    "chart_opponent": {"en": "opponent", "es": "rival"},
    "chart_marginals": {"en": "Win rate against a uniform field of the others, 95% interval",
                  "es": "Tasa de victoria contra un campo uniforme de rivales, intervalo del 95%"},
    "chart_nash": {"en": "The field no faction can exploit: Nash equilibrium mix of the matchup matrix, {games} games "
                         "(observational); whisker: 2.5-97.5% of {resamples} resamples; dotted: a uniform field; beside "
                         "it: in the support in what share of resamples, and the best response to that faction alone, "
                         "its gain and n",
                   "es": "El campo que ninguna facción puede explotar: mezcla de equilibrio de Nash de la matriz de "
                         "enfrentamientos, {games} partidas (observacional); bigote: 2,5-97,5% de {resamples} "
                         "remuestreos; puntos: un campo uniforme; al lado: en el soporte en qué parte de los "
                         "remuestreos, y la mejor respuesta a solo esa facción, lo que gana y n"},
    "chart_nash_axis": {"en": "share of the Nash mix", "es": "parte de la mezcla de Nash"},
    "chart_nash_printed": {"en": "{share}, in support {support}; {responder} {gain}, n = {n}",
                           "es": "{share}, en el soporte {support}; {responder} {gain}, n = {n}"},
    "chart_nash_vs_mix": {"en": "win rate against the mix: {rate}", "es": "victorias contra la mezcla: {rate}"},
    "chart_first_player": {"en": "First player's win rate over both seats (seat-mirrored pairs), 95% interval; beside it in words, with the points above the second player",
                     "es": "Victorias del primer jugador en ambos asientos (pares con asientos cambiados), IC 95%; al lado, en palabras, con los puntos sobre el segundo"},
    "chart_first_player_axis": {"en": "first player's win rate", "es": "victorias del primer jugador"},
    "chart_first_player_by_length": {"en": "First player's win rate by game length, 95% interval (observational)",
                               "es": "Victorias del primer jugador según la duración, IC 95% (observacional)"},
    "chart_game_length": {"en": "Game length", "es": "Duración de las partidas"},
    "chart_turns": {"en": "turns", "es": "turnos"},
    "chart_share": {"en": "share of games", "es": "proporción de partidas"},
    "chart_end_reasons": {"en": "How games ended", "es": "Cómo terminaron las partidas"},
    "chart_sweep": {"en": "Sweep: side A's win rate against the baseline, same games (paired), 95% interval",
              "es": "Barrido: lado A contra la base, mismas partidas (emparejadas), intervalo del 95%"},
    "chart_budget": {"en": "Draft budget: side A's win rate against its budget, 95% interval",
               "es": "Presupuesto: victorias del lado A según su presupuesto, intervalo del 95%"},
    "chart_budget_axis": {"en": "side A's budget (points)", "es": "presupuesto del lado A (puntos)"},
    "chart_falls": {"en": "falls with more budget", "es": "baja con más presupuesto"},
    "chart_falls_none": {"en": "no step falls with more budget (paired, 95%)",
                   "es": "ningún paso baja con más presupuesto (emparejado, 95%)"},
    "chart_falls_some": {"en": "step(s) fall with more budget, in red (paired, 95% interval below 0)",
                   "es": "paso(s) bajan con más presupuesto, en rojo (emparejado, intervalo del 95% bajo 0)"},
    "chart_cards": {"en": "Cards: win rate when seen (GIH) against cost", "es": "Cartas: victorias cuando se ve (GIH) según coste"},
    "chart_cost": {"en": "cost", "es": "coste"},
    "chart_story": {"en": "Story mode: side A's win rate at each stage, 95% interval",
              "es": "Modo historia: victorias del lado A en cada etapa, intervalo del 95%"},
    "chart_stage": {"en": "stage", "es": "etapa"},
    "chart_side": {"en": "side", "es": "lado"},
    # charts: what every bar or point says beside it, and the card charts (dash-charts)
    "chart_win_rate_axis": {"en": "win rate (draw = ½)", "es": "tasa de victoria (empate = ½)"},
    "chart_wins_losses_draws": {"en": "{wins} wins, {losses} losses, {draws} draws",
                                "es": "{wins} victorias, {losses} derrotas, {draws} empates"},
    "chart_against": {"en": "against", "es": "contra"},
    "chart_row_faction": {"en": "faction (row)", "es": "facción (fila)"},
    "chart_pairs": {"en": "seat pairs", "es": "pares de asientos"},
    "chart_top_bottom_pairs": {"en": "top/bottom pairs", "es": "pares arriba/abajo"},
    "chart_games": {"en": "games", "es": "partidas"},
    "chart_advantage_words": {"en": "first minus second: {points}", "es": "primero menos segundo: {points}"},
    "chart_end_reason": {"en": "end", "es": "final"},
    "chart_sweep_group": {"en": "difference from the baseline", "es": "diferencia con la base"},
    "chart_difference_axis": {"en": "win-rate difference (points)", "es": "diferencia de tasa de victoria (puntos)"},
    "chart_budget_word": {"en": "budget", "es": "presupuesto"},
    "chart_identical": {"en": "identical to the base (the same games)", "es": "idéntica a la base (las mismas partidas)"},
    "chart_budget_fit": {"en": "logistic fit", "es": "ajuste logístico"},
    "chart_budget_band": {"en": "95% band of the fit (widened by its misfit)",
                          "es": "banda del 95 % del ajuste (ensanchada por su desajuste)"},
    "chart_budget_line": {"en": "{a} vs {b} at {budget}", "es": "{a} contra {b} con {budget}"},
    "chart_budget_points": {"en": "budget points", "es": "puntos de presupuesto"},
    "chart_budget_point_rate": {"en": "; 1 budget point = {rate} {interval}",
                                "es": "; 1 punto de presupuesto = {rate} {interval}"},
    "chart_not_measured": {"en": "not measured (the filler plays like the card)",
                           "es": "no medido (el relleno juega como la carta)"},
    "chart_ablation_group": {"en": "causal worth", "es": "valor causal"},
    "chart_ablation": {"en": "Causal worth of each of the {cards} cards: baseline minus the card replaced by its filler, "
                             "same games (paired, n = {n} per card), 95% interval",
                       "es": "Valor causal de cada una de las {cards} cartas: la base menos la carta sustituida por su "
                             "relleno, mismas partidas (emparejadas, n = {n} por carta), intervalo del 95%"},
    "chart_filler": {"en": "filler", "es": "relleno"},
    "chart_deck_changed": {"en": "drafted deck changed in", "es": "mazo draftado cambiado en"},
    "chart_gih_axis": {"en": "GIH win rate (seen)", "es": "tasa de victoria GIH (vista)"},
    "chart_null": {"en": "null", "es": "nulo"},
    "chart_null_legend": {"en": "IWD null: a card with no effect, same games",
                          "es": "IWD nulo: una carta sin efecto, mismas partidas"},
    "chart_iwd": {"en": "IWD of every card (observational): GIH WR − GNS WR, 95% interval, beside its null; "
                        "ranked by the shrunk estimate",
                  "es": "IWD de cada carta (observacional): GIH WR − GNS WR, intervalo del 95%, junto a su nulo; "
                        "ordenadas por la estimación contraída"},
    "chart_forced": {"en": "What drawing each card does (causal): on top of the deck minus at its bottom, same games, "
                           "95% interval",
                     "es": "Efecto de robar cada carta (causal): arriba del mazo menos abajo, mismas partidas, "
                           "intervalo del 95%"},
    "chart_forced_hover": {"en": "played when drawn in {played}, seen from the bottom in {seen}",
                           "es": "jugada al robarla en el {played}, vista desde abajo en el {seen}"},
    "chart_forced_per_changed": {"en": "per game in which it changed whether the card was seen ({changed} of them): "
                                       "drawn at once against never, {effect}",
                                 "es": "por partida en que cambió si la carta se veía ({changed} de ellas): robada de "
                                       "inmediato contra nunca, {effect}"},
    # the turn cap's end reason, which every game names turn_cap (docs/adding-a-game.md); a game's
    # other end reasons are its own words (its words.py, Ruleset.end_words)
    "end_turn_cap": {"en": "turn cap", "es": "límite de turnos"},
}
