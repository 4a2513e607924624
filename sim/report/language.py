"""The one language catalog: every text the dashboard, the HTML report and the charts show, in
Spanish and English. Card names stay as the data spells them.

`t(key, lang)` gives a text, `column(name, lang)` a table column's header. Keys are grouped by where
they are shown (the shell, each dashboard page, the charts, the report's sentences); a key is used
wherever its text fits, so a word is translated once."""

from __future__ import annotations

LANGUAGES = ("es", "en")

TEXT: dict[str, dict[str, str]] = {
    # the shell: header, navigation, run picker
    "title": {"es": "Balance de juegos de cartas", "en": "Card game balance"},
    "language": {"es": "Idioma", "en": "Language"},
    "run": {"es": "Ejecución", "en": "Run"},
    "no_runs": {"es": "Todavía no hay ejecuciones en {folder}: lanza un experimento abajo o con `sim run`.",
                "en": "No runs in {folder} yet: launch an experiment below or with `sim run`."},
    "nav_runs": {"es": "Ejecuciones", "en": "Runs"},
    "nav_factions": {"es": "Facciones", "en": "Factions"},
    "nav_cards": {"es": "Cartas", "en": "Cards"},
    "nav_budget": {"es": "Presupuesto", "en": "Draft budget"},
    "nav_sweeps": {"es": "Barridos", "en": "Sweeps"},
    "nav_replay": {"es": "Repetición", "en": "Replay"},
    # runs page
    "runs_heading": {"es": "Ejecuciones guardadas", "en": "Stored runs"},
    "manifest": {"es": "Manifiesto de la ejecución", "en": "Run manifest"},
    "launch_heading": {"es": "Lanzar un experimento", "en": "Launch an experiment"},
    "shipped": {"es": "Experimento incluido", "en": "Shipped experiment"},
    "upload": {"es": "…o arrastra aquí un experimento (.toml)", "en": "…or drop an experiment spec here (.toml)"},
    "games_override": {"es": "Partidas (vacío: las del experimento)", "en": "Games (empty: the spec's)"},
    "launch": {"es": "Lanzar", "en": "Launch"},
    "launched": {"es": "Lanzado: {run} ({games} partidas por configuración)", "en": "Launched: {run} ({games} games per config)"},
    "spec_error": {"es": "El experimento no es válido; no se ha lanzado nada:", "en": "The spec is not valid; nothing was started:"},
    "progress": {"es": "En curso", "en": "Running"},
    "nothing_running": {"es": "Nada en curso.", "en": "Nothing running."},
    "chunks": {"es": "bloques", "en": "chunks"},
    # factions page
    "factions_heading": {"es": "Facciones: tasas de victoria", "en": "Factions: win rates"},
    "ratings": {"es": "Valoraciones Bradley-Terry (Elo; errores típicos agrupados por pares de asientos)",
                "en": "Bradley-Terry ratings (Elo; standard errors clustered on seat pairs)"},
    # cards page
    "cards_heading": {"es": "Cartas: impacto", "en": "Cards: impact"},
    "config": {"es": "Configuración", "en": "Config"},
    "min_games": {"es": "Partidas mínimas (GIH)", "en": "Minimum games (GIH)"},
    "faction_filter": {"es": "Facción", "en": "Faction"},
    "forced_heading": {"es": "Robo forzado (causal)", "en": "Forced draw (causal)"},
    "ablation_heading": {"es": "Ablación: valor de cada carta (causal)", "en": "Ablation: each card's worth (causal)"},
    "measures_heading": {"es": "Todas las medidas de cada carta", "en": "Every measure of each card"},
    "decks_heading": {"es": "Mazo de cada lado", "en": "Each side's deck"},
    "deck_heading": {"es": "{side}: {cards} cartas", "en": "{side}: {cards} cards"},
    "deck_same": {"es": "El mismo mazo en todas las partidas; una copia de cada carta.",
                  "en": "The same deck in every game; one copy of each card."},
    "deck_varies": {"es": "Los mazos draftados varían: las cartas más frecuentes primero, con la proporción de las "
                          "{games} partidas del lado que las tenían en el mazo inicial; una copia de cada carta.",
                    "en": "The drafted decks vary: the most common cards first, with the share of the side's {games} "
                          "games whose starting deck held them; one copy of each card."},
    # budget page
    "budget_heading": {"es": "Presupuesto de draft", "en": "Draft budget"},
    "no_budget": {"es": "Esta ejecución no varía el presupuesto (lanza dicedraft_budget_curve).",
                  "en": "This run does not vary the budget (launch dicedraft_budget_curve)."},
    "budget_heatmap_title": {"es": "Presupuesto propio × del rival: victorias propias",
                             "en": "Player budget × opponent budget: player's win rate"},
    "budget_heatmap_opponent": {"es": "presupuesto del rival", "en": "opponent's budget"},
    "budget_heatmap_player": {"es": "presupuesto propio", "en": "player's budget"},
    "budget_heatmap_hover": {"es": "propio {player} contra rival {opponent}: {rate} (n = {n})",
                             "en": "player {player} vs opponent {opponent}: {rate} (n = {n})"},
    "slope_fit": {"es": "{a} contra {b} ({budget}): {elo} Elo por punto ± {se} (modelo)",
                  "en": "{a} vs {b} ({budget}): {elo} Elo per point ± {se} (model)"},
    "slope_quasi": {"es": "± {se} con desajuste", "en": "± {se} allowing for misfit"},
    "slope_no_quasi": {"es": "sin SE de desajuste (df = 0)", "en": "no misfit SE (df = 0)"},
    "slope_local": {"es": "pendiente local en {budget}: {slope} por punto ({fit}, {pairs} pares de asientos espejados)",
                    "en": "local slope at {budget}: {slope} per point ({fit}, {pairs} seat-mirrored pairs)"},
    "falls_none_words": {"es": "Ninguno de los {steps} pasos baja con más presupuesto (emparejado, intervalo del 95%).",
                         "en": "None of the {steps} steps falls with more budget (paired, 95% interval)."},
    "falls_some_words": {"es": "No monótona: {falls} de {steps} pasos bajan con más presupuesto (mismas partidas, "
                               "intervalo del 95% bajo 0): {listed}.",
                         "en": "Not monotone: {falls} of {steps} steps fall with more budget (same games, 95% interval "
                               "below 0): {listed}."},
    # sweeps page
    "sweeps_heading": {"es": "Barridos: cada configuración contra la base", "en": "Sweeps: each config against the baseline"},
    "no_sweep": {"es": "Esta ejecución no es un barrido.", "en": "This run is not a sweep."},
    "sprt": {"es": "SPRT de cada configuración contra la base, en los mismos pares de partidas",
             "en": "SPRT of each config against the baseline, on the same game pairs"},
    # replay page
    "replay_heading": {"es": "Repetir una partida", "en": "Replay a game"},
    "game": {"es": "Partida", "en": "Game"},
    "show": {"es": "Mostrar", "en": "Show"},
    "replay_summary": {"es": "Partida {game}: empieza {first}; {turns} turnos; gana {winner} ({end}).",
                       "en": "Game {game}: {first} starts; {turns} turns; winner {winner} ({end})."},
    "matches_stored": {"es": "La repetición coincide con el registro guardado.", "en": "The replay matches the stored record."},
    # every page: export bar, empty states, notes
    "export": {"es": "Exportar", "en": "Export"},
    "download_report": {"es": "Informe HTML", "en": "HTML report"},
    "download_csv": {"es": "CSV de la tabla", "en": "Table as CSV"},
    "download_parquet": {"es": "Parquet de la tabla", "en": "Table as Parquet"},
    "png_hint": {"es": "PNG: el icono de cámara de cada gráfico.", "en": "PNG: each plot's camera icon."},
    "no_data": {"es": "Sin datos todavía.", "en": "No data yet."},
    "game_number": {"es": "Partida: un número entero desde 0, no {value}.",
                    "en": "Game: a whole number from 0, not {value}."},
    "no_games_yet": {"es": "Sin partidas todavía: no ha terminado ningún bloque de {run}. Vuelve a abrir la página "
                           "cuando termine el primero.",
                     "en": "No games yet: no chunk of {run} has finished. Open the page again once the first one has."},
    "single_deck_note": {
        "es": "Lado {sides}: jugó el mismo mazo en todas las partidas, así que su GP WR sería su propia tasa de "
              "victoria; no se muestra.",
        "en": "Side {sides}: played the same deck in every game, so its GP WR would be its own win rate; not shown."},
    "observational_note": {
        "es": "Cifras observacionales (estilo 17lands): IWD = GIH WR − GNS WR, junto a su nulo, lo que mostraría una "
              "carta sin efecto en las mismas partidas (las partidas largas roban más cartas). El efecto causal de una "
              "carta es el de robo forzado o el de ablación.",
        "en": "Observational figures (17lands-style): IWD = GIH WR − GNS WR, beside its null, what a card with no "
              "effect would show in the same games (long games draw more cards). A card's causal effect is the "
              "forced-draw or the ablation one."},
    "interval_95": {"es": "IC 95%", "en": "95% CI"},
    "first_player_heading": {"es": "Primer jugador: sus victorias en los dos asientos (pares con asientos cambiados)",
                             "en": "First player: its win rate over both seats (seat-mirrored pairs)"},
    "by_length_heading": {"es": "Primer jugador según la duración de la partida (observacional)",
                          "en": "First player by game length (observational)"},
    "by_length_note": {"es": "Cada franja reúne las partidas que terminaron con esa duración, cada una por separado "
                             "(sin emparejar): describe, no explica; la duración es un resultado de la partida.",
                       "en": "Each band holds the games that ended at that length, each game on its own (not paired): "
                             "it describes, it does not explain; length is an outcome of the game."},

    # charts (sim/report/figures.py): titles, axes and legends, shared by the dashboard and the report
    "chart_win_rates": {"en": "Win rate by side (draw = ½ win), 95% interval",
                  "es": "Tasa de victoria por lado (empate = ½), intervalo del 95%"},
    "chart_matchups": {"en": "Matchups: row's win rate against column", "es": "Enfrentamientos: victorias de la fila contra la columna"},
    "chart_opponent": {"en": "opponent", "es": "rival"},
    "chart_marginals": {"en": "Win rate against a uniform field of the others, 95% interval",
                  "es": "Tasa de victoria contra un campo uniforme de rivales, intervalo del 95%"},
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
    "chart_pairs": {"en": "pairs", "es": "pares"},
    "chart_games": {"en": "games", "es": "partidas"},
    "chart_advantage_words": {"en": "first minus second: {points}", "es": "primero menos segundo: {points}"},
    "chart_end_reason": {"en": "end", "es": "final"},
    "chart_sweep_group": {"en": "difference from the baseline", "es": "diferencia con la base"},
    "chart_difference_axis": {"en": "win-rate difference (points)", "es": "diferencia de tasa de victoria (puntos)"},
    "chart_budget_word": {"en": "budget", "es": "presupuesto"},
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
    # end reasons of the rulesets (their `end_names`)
    "end_lives": {"en": "out of lives", "es": "sin vidas"},
    "end_turn_cap": {"en": "turn cap", "es": "límite de turnos"},
    "end_fortaleza": {"en": "Fortaleza at 0", "es": "Fortaleza a 0"},
    "end_decked": {"en": "deck-out", "es": "mazo agotado"},
    "end_both_zero": {"en": "both Fortalezas at 0", "es": "ambas Fortalezas a 0"},
    "end_concession": {"en": "concession", "es": "rendición"},
    # tables (dashboards/widgets.py): AG Grid's own texts, its localeText keys after "grid_"
    "grid_noRowsToShow": {"en": "No rows to show", "es": "No hay filas que mostrar"},
    "grid_loadingOoo": {"en": "Loading…", "es": "Cargando…"},
    "grid_filterOoo": {"en": "Filter…", "es": "Filtrar…"},
    "grid_searchOoo": {"en": "Search…", "es": "Buscar…"},
    "grid_contains": {"en": "Contains", "es": "Contiene"},
    "grid_notContains": {"en": "Does not contain", "es": "No contiene"},
    "grid_equals": {"en": "Equals", "es": "Igual a"},
    "grid_notEqual": {"en": "Does not equal", "es": "Distinto de"},
    "grid_startsWith": {"en": "Begins with", "es": "Empieza por"},
    "grid_endsWith": {"en": "Ends with", "es": "Termina en"},
    "grid_blank": {"en": "Blank", "es": "Vacío"},
    "grid_notBlank": {"en": "Not blank", "es": "No vacío"},
    "grid_andCondition": {"en": "AND", "es": "Y"},
    "grid_orCondition": {"en": "OR", "es": "O"},
    "grid_applyFilter": {"en": "Apply", "es": "Aplicar"},
    "grid_resetFilter": {"en": "Reset", "es": "Restablecer"},
    "grid_clearFilter": {"en": "Clear", "es": "Borrar"},
    "grid_cancelFilter": {"en": "Cancel", "es": "Cancelar"},
    "grid_selectAll": {"en": "(Select all)", "es": "(Seleccionar todo)"},
    "grid_page": {"en": "Page", "es": "Página"},
    "grid_of": {"en": "of", "es": "de"},
    "grid_to": {"en": "to", "es": "a"},
    "grid_more": {"en": "more", "es": "más"},
    "grid_firstPage": {"en": "First page", "es": "Primera página"},
    "grid_previousPage": {"en": "Previous page", "es": "Página anterior"},
    "grid_nextPage": {"en": "Next page", "es": "Página siguiente"},
    "grid_lastPage": {"en": "Last page", "es": "Última página"},
    "grid_pageSizeSelectorLabel": {"en": "Page size:", "es": "Filas por página:"},
    "grid_sortAscending": {"en": "Sort ascending", "es": "Orden ascendente"},
    "grid_sortDescending": {"en": "Sort descending", "es": "Orden descendente"},
    "grid_sortUnSort": {"en": "Clear sort", "es": "Quitar orden"},
    "grid_ariaFilterInput": {"en": "Filter input", "es": "Campo de filtro"},
    "grid_ariaFilteringOperator": {"en": "Filtering operator", "es": "Operador de filtro"},
    "grid_ariaFilterValue": {"en": "Filter value", "es": "Valor del filtro"},
    "grid_ariaColumnFiltered": {"en": "Column filtered", "es": "Columna filtrada"},
    "grid_columnFilter": {"en": "Column filter", "es": "Filtro de columna"},
    "grid_pinColumn": {"en": "Pin column", "es": "Fijar columna"},
    "grid_autosizeThisColumn": {"en": "Autosize this column", "es": "Ajustar esta columna"},
    "grid_resetColumns": {"en": "Reset columns", "es": "Restablecer columnas"},
    # sentences of sim/report/formatting.py
    "first_player_words": {"en": "the first player wins {rate} ({points})",
                     "es": "el primer jugador gana el {rate} ({points})"},
    "no_first_player": {"en": "first player: not measured (no games with side A in both seats)",
                        "es": "primer jugador: sin medir (no hay partidas del lado A en los dos asientos)"},
}


GRID_TEXT_KEYS = tuple(key[5:] for key in TEXT if key.startswith("grid_"))  # AG Grid's localeText keys

# table column headers: (Spanish, English); a column not listed shows its data name
COLUMNS: dict[str, tuple[str, str]] = {
    "run": ("ejecución", "run"), "ruleset": ("juego", "ruleset"), "status": ("estado", "status"),
    "problem": ("problema", "problem"),
    "chunks_done": ("bloques hechos", "chunks done"), "chunks_total": ("bloques", "chunks"),
    "games": ("partidas", "games"), "configs": ("configuraciones", "configs"), "created": ("creada", "created"),
    "config": ("configuración", "config"), "side": ("lado", "side"), "faction": ("facción", "faction"),
    "card_id": ("carta", "card"), "card_name": ("nombre", "name"), "cost": ("coste", "cost"),
    "gp_wr": ("GP WR (en el mazo)", "GP WR (in deck)"), "gih_n": ("GIH n", "GIH n"),
    "gih_wr": ("GIH WR (vista)", "GIH WR (seen)"), "gns_wr": ("GNS WR (no vista)", "GNS WR (not seen)"),
    "iwd": ("IWD", "IWD"), "iwd_ci_low": ("IWD mín. 95%", "IWD 95% low"), "iwd_ci_high": ("IWD máx. 95%", "IWD 95% high"),
    "iwd_shrunk": ("IWD contraído", "IWD shrunk"), "q_value": ("valor q (BH)", "q-value (BH)"),
    "position_effect": ("efecto de posición", "deck-position effect"), "played_n": ("jugada n", "played n"),
    "played_wr": ("WR jugada (sesgada)", "played WR (biased)"), "n": ("n", "n"),
    "win_rate": ("tasa de victoria", "win rate"), "ci_low": ("mín. 95%", "95% low"), "ci_high": ("máx. 95%", "95% high"),
    "diff": ("Δ contra la base", "Δ vs base"), "diff_low": ("Δ mín. 95%", "Δ 95% low"),
    "diff_high": ("Δ máx. 95%", "Δ 95% high"), "p_value": ("valor p", "p-value"), "label": ("lado", "label"),
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
    "effect": ("efecto de robarla", "forced-draw effect"), "effect_low": ("efecto mín. 95%", "effect 95% low"),
    "effect_high": ("efecto máx. 95%", "effect 95% high"),
    "played_when_drawn": ("jugada al robarla", "played when drawn"),
    "seen_when_undrawn": ("vista desde abajo", "seen from the bottom"),
    "q_value_by": ("valor q (BY)", "q-value (BY)"), "wins": ("victorias", "wins"), "losses": ("derrotas", "losses"),
    "draws": ("empates", "draws"), "method": ("método", "method"), "share": ("proporción", "share"),
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
    "forced_pairs": ("robo forzado: pares", "forced draw: pairs"),
    "ablation_worth": ("valor por ablación (causal)", "ablation worth (causal)"),
    "ablation_n": ("ablación n", "ablation n"),
    "points": ("puntos de presupuesto", "budget points"), "points_note": ("nota de puntos", "points note"),
    "filler": ("relleno", "filler"), "measured": ("medida", "measured"),
    "worth": ("valor (base − sin la carta)", "worth (base − without the card)"),
    "deck_changed_share": ("mazo draftado cambiado", "drafted deck changed"),
    "deck_note": ("nota del mazo", "deck note"),
    "in_deck_share": ("en el mazo (proporción de partidas)", "in the deck (share of games)"),
    "single_deck": ("mismo mazo siempre", "same deck every game"),
}

# what each column measures, shown when the pointer rests on its header: ANALYTICS.md's words
COLUMN_DEFINITIONS: dict[str, tuple[str, str]] = {
    "win_rate": ("Victorias con el empate como media victoria; intervalo de Wilson del 95%.",
                 "Wins with a draw as half a win; 95% Wilson interval."),
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
    "forced_effect": ("Efecto de robo forzado (causal): la carta arriba del mazo menos abajo, mismas partidas.",
                      "Forced-draw effect (causal): the card on top of the deck minus at its bottom, same games."),
    "pairs": ("Pares de partidas emparejadas.", "Pairs of paired games."),
    "forced_pairs": ("Pares de partidas del robo forzado.", "Pairs of games of the forced draw."),
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
    "elo": ("Valoración Bradley-Terry en Elo, con un término de primer jugador; no sustituye a la matriz.",
            "Bradley-Terry rating in Elo, with a first-player term; never replaces the matrix."),
}


def column(name: str, lang: str | None) -> str:
    """A table column's header in `lang`."""
    pair = COLUMNS.get(name)
    return name if pair is None else pair[0 if (lang or "es") == "es" else 1]


def column_definition(name: str, lang: str | None) -> str | None:
    """What a table column measures, in `lang` (ANALYTICS.md's words), or None for a column that
    says itself (names, configs)."""
    pair = COLUMN_DEFINITIONS.get(name)
    return None if pair is None else pair[0 if (lang or "es") == "es" else 1]


def t(key: str, lang: str | None, **fields: object) -> str:
    """The text `key` in `lang` (Spanish when unknown), with its {fields} filled."""
    entry = TEXT[key]
    return entry.get(lang or "es", entry["es"]).format(**fields)
