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
    # the shell: a run the address names that cannot be read, a page that failed
    "run_unreadable": {"es": "No se puede abrir la ejecución {run}: {problem}. Elige otra arriba.",
                       "en": "The run {run} cannot be opened: {problem}. Choose another above."},
    # the words a dropdown shows itself (its search box...): every dropdown of the shell and the pages' filters
    "dropdown_select_all": {"es": "Elegir todas", "en": "Select all"},
    "dropdown_deselect_all": {"es": "Quitar todas", "en": "Deselect all"},
    "dropdown_selected_count": {"es": "{num_selected} elegidas", "en": "{num_selected} selected"},
    "dropdown_search": {"es": "Buscar", "en": "Search"},
    "dropdown_clear_search": {"es": "Borrar la búsqueda", "en": "Clear search"},
    "dropdown_clear_selection": {"es": "Quitar la elección", "en": "Clear selection"},
    "dropdown_no_options_found": {"es": "Ninguna opción", "en": "No options found"},
    "manifest_damaged": {"es": "{run}/manifest.json no se puede leer ({error})",
                         "en": "{run}/manifest.json does not read ({error})"},
    "run_missing": {"es": "no hay ninguna ejecución {run} en {folder}", "en": "there is no run {run} in {folder}"},
    "run_not_readable": {"es": "{run} no se puede leer", "en": "{run} cannot be read"},
    "page_error": {"es": "Esta vista no se ha podido dibujar: {problem}",
                   "en": "This view could not be drawn: {problem}"},
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
    # budget page
    "budget_heading": {"es": "Presupuesto de draft", "en": "Draft budget"},
    "no_budget": {"es": "Esta ejecución no varía el presupuesto (lanza dicedraft_budget_curve).",
                  "en": "This run does not vary the budget (launch dicedraft_budget_curve)."},
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
    "replay_draw": {"es": "nadie (empate)", "en": "nobody (a draw)"},
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
    "chart_first_player": {"en": "First player's win rate over both seats, 95% interval; label: points above the second",
                     "es": "Victorias del primer jugador en ambos asientos, IC 95%; etiqueta: puntos sobre el segundo"},
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
    # the report (sim report, sim/report/export.py): title, manifest, headings, notes
    "report_title": {"es": "{run}: informe de balance", "en": "{run}: balance report"},
    "report_made": {"es": "Hecho por sim report el {when} UTC. Las tasas de victoria cuentan un empate como media "
                          "victoria; todo intervalo es del 95% (Wilson para tasas, normal emparejada para diferencias).",
                    "en": "Made by sim report on {when} UTC. Win rates count a draw as half a win; every interval is "
                          "95% (Wilson for rates, paired normal for differences)."},
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
    "report_table_budget_slopes": {"es": "Tabla: pendiente del presupuesto (ajuste logístico y pendiente local)",
                                   "en": "Table: budget slope (logistic fit and local slope)"},
    "report_table_budget_steps": {"es": "Tabla: cada paso de presupuesto (emparejado)",
                                  "en": "Table: each budget step (paired)"},
    "report_table_matchup_marginals": {"es": "Tabla: tasa de victoria contra un campo uniforme de rivales",
                                       "en": "Table: win rate against a uniform field of the others"},
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
              "siendo segundo, en pares con asientos cambiados (método emparejado).",
        "en": "The first player's win rate is its win rate over both seats, (side A going first + 1 − side A going "
              "second) / 2 = 50% + advantage / 2; the advantage is side A's win rate going first minus going second, "
              "on seat-mirrored pairs (method paired)."},
    "report_note_first_player_by_length": {
        "es": "Observacional: cada franja reúne las partidas que terminaron con esa duración, cada una por separado "
              "(sin emparejar); la duración es un resultado de la partida, así que una franja describe, no explica. "
              "Las franjas cortan la ejecución por cuantiles de la duración.",
        "en": "Observational: each band holds the games that ended at that length, each game on its own (not "
              "paired); length is an outcome of the game, so a band describes, it does not explain. Bands cut the "
              "run at quantiles of its game lengths."},
    "yes": {"es": "sí", "en": "yes"},
    "no": {"es": "no", "en": "no"},
    # sentences of sim/report/formatting.py
    "first_player_words": {"en": "the first player wins {rate} ({points})",
                     "es": "el primer jugador gana el {rate} ({points})"},
    "no_first_player": {"en": "first player: not measured (no games with side A in both seats)",
                        "es": "primer jugador: sin medir (no hay partidas del lado A en los dos asientos)"},
}


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
    # the report's tables (sim report): every column a report table shows
    "mean": ("media", "mean"), "median": ("mediana", "median"), "p90": ("percentil 90", "90th percentile"),
    "max": ("máx.", "max"), "min": ("mín.", "min"), "end_reason": ("cómo terminó", "how it ended"),
    "count": ("recuento", "count"),
    "oh_n": ("OH n (mano inicial)", "OH n (opening hand)"), "oh_wr": ("OH WR (mano inicial)", "OH WR (opening hand)"),
    "gd_n": ("GD n (robada)", "GD n (drawn)"), "gd_wr": ("GD WR (robada)", "GD WR (drawn)"),
    "gns_n": ("GNS n (no vista)", "GNS n (not seen)"), "top_n": ("arriba n", "on top n"),
    "top_wr": ("WR arriba", "WR on top"), "rest_n": ("resto n", "rest n"), "rest_wr": ("WR resto", "WR rest"),
    "after_redraft_wr": ("WR robada tras re-draft", "WR drawn after re-draft"),
    "single_deck": ("un solo mazo", "single deck"), "iwd_se": ("IWD error típico", "IWD standard error"),
    "iwd_excess": ("IWD sobre su nulo", "IWD above its null"), "iwd_p_value": ("IWD valor p", "IWD p-value"),
    "forced_effect": ("efecto del robo forzado", "forced-draw effect"),
    "forced_q": ("robo forzado valor q (BY)", "forced-draw q-value (BY)"),
    "ablation_worth": ("valor por ablación", "ablation worth"), "ablation_q": ("ablación valor q", "ablation q-value"),
    "forced_pairs": ("pares del robo forzado", "forced-draw pairs"), "rank_by": ("ordenada por", "ranked by"),
    "rank_value": ("valor con que se ordena", "ranking value"), "fit_games": ("partidas del ajuste", "games fitted"),
    "label_1": ("lado 1", "side 1"), "label_2": ("lado 2", "side 2"), "budget_a": ("presupuesto A", "budget A"),
    "elo_per_point_se": ("Elo por punto e.t.", "Elo per point s.e."),
    "elo_per_point_se_quasi": ("Elo por punto e.t. con desajuste", "Elo per point s.e. with misfit"),
    "dispersion": ("dispersión (χ²/g.l.)", "dispersion (χ²/df)"), "working_budget": ("presupuesto de trabajo", "working budget"),
    "local_fit": ("ajuste local", "local fit"), "local_slope": ("pendiente local por punto", "local slope per point"),
    "local_pairs": ("pares del ajuste local", "local fit pairs"), "budget_from": ("desde el presupuesto", "from budget"),
    "budget_to": ("hasta el presupuesto", "to budget"), "per_point": ("por punto", "per point"), "falls": ("baja", "falls"),
    "filler": ("relleno", "filler"), "measured": ("medida", "measured"),
    "worth": ("valor (base − sin la carta)", "worth (base − without the card)"),
    "deck_changed_share": ("mazos cambiados", "decks changed"), "deck_note": ("nota del mazo", "deck note"),
    "points": ("puntos de presupuesto", "budget points"), "points_note": ("nota de los puntos", "points note"),
    "worth_per_budget_point": ("valor por punto de presupuesto", "worth per budget point"),
    "budgets_used": ("presupuestos usados", "budgets used"), "effect_se": ("efecto error típico", "effect standard error"),
    "stage": ("etapa", "stage"), "bot_budget_min": ("presupuesto mín. del bot", "bot budget min"),
    "bot_budget_max": ("presupuesto máx. del bot", "bot budget max"),
    "points_low": ("puntos mín. 95%", "points 95% low"), "points_high": ("puntos máx. 95%", "points 95% high"),
    "matches": ("enfrentamientos", "matches"), "won": ("ganados", "won"), "lost": ("perdidos", "lost"),
    "undecided": ("sin decidir", "undecided"), "games_per_match": ("partidas por enfrentamiento", "games per match"),
    "first_player_elo_se": ("primer jugador Elo e.t.", "first player Elo s.e."),
    "first_player_elo_se_model": ("primer jugador Elo e.t. del modelo", "first player Elo model s.e."),
}


# words inside report tables (the analysis writes them in English): column -> {English: Spanish};
# a key ending in " (" also reads a text that starts with it and goes on with figures
VALUES: dict[str, dict[str, str]] = {
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


def value(name: str, text: str | None, lang: str | None) -> str | None:
    """A word of column `name` in a table, in `lang` (VALUES); any other text as it is."""
    if text is None:
        return None
    if (lang or "es") != "es":
        return VALUE_EN.get(name, {}).get(text, text)
    for english, spanish in VALUES.get(name, {}).items():
        if text == english:
            return spanish
        if english.endswith(" (") and text.startswith(english):
            return spanish + text[len(english):].replace(" pts per budget point", " pts por punto de presupuesto")
    return text


def column(name: str, lang: str | None) -> str:
    """A table column's header in `lang`."""
    pair = COLUMNS.get(name)
    return name if pair is None else pair[0 if (lang or "es") == "es" else 1]


def t(key: str, lang: str | None, **fields: object) -> str:
    """The text `key` in `lang` (Spanish when unknown), with its {fields} filled."""
    entry = TEXT[key]
    return entry.get(lang or "es", entry["es"]).format(**fields)
