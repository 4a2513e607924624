"""The dashboard's words, Spanish and English: the shell (header, navigation, run picker, the
errors a page or an address meets), each page, the colour legends and AG Grid's own texts. Part of
the one catalog: sim.report.language looks a key up in every part."""

from __future__ import annotations

DASHBOARD_TEXT: dict[str, dict[str, str]] = {
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
    "nav_levels": {"es": "Niveles", "en": "Levels"},
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
    # a name from a page, an address or a request that is not an entry of the results folder: said
    # without any path, so the answer tells nothing of what lies outside it
    "run_missing": {"es": "no hay ninguna ejecución {run} en la carpeta de resultados",
                    "en": "there is no run {run} in the results folder"},
    "not_a_name": {"es": "(lo pedido no es un nombre)", "en": "(what was asked is not a name)"},
    "run_name_refused": {"es": "eso no es el nombre de una ejecución: una ejecución se nombra por su carpeta en la "
                               "carpeta de resultados (letras, cifras, _ . -), nunca con una ruta; no se ha leído nada",
                         "en": "that is not a run's name: a run is named by its folder in the results folder "
                               "(letters, digits, _ . -), never by a path; nothing was read"},
    "search_missing": {"es": "no hay ninguna búsqueda {search} en la carpeta de resultados",
                       "en": "there is no search {search} in the results folder"},
    "search_name_refused": {"es": "eso no es el nombre de una búsqueda: una búsqueda se nombra por su carpeta "
                                  "NOMBRE.balance en la carpeta de resultados, nunca con una ruta; no se ha leído nada",
                            "en": "that is not a search's name: a search is named by its folder NAME.balance in the "
                                  "results folder, never by a path; nothing was read"},
    "shipped_missing": {"es": "no hay ningún experimento incluido con ese nombre: elige uno de la lista",
                        "en": "there is no shipped experiment of that name: choose one from the list"},
    "link_outside": {"es": "{entry} es un enlace que sale de la carpeta de resultados; no se lee nada de ello",
                     "en": "{entry} is a link leading outside the results folder; nothing of it is read"},
    "write_outside": {"es": "{entry} sale de la carpeta de resultados (un enlace simbólico); no se escribe nada ahí",
                      "en": "{entry} leads outside the results folder (a symbolic link); nothing is written there"},
    "write_failed": {"es": "{entry} no se ha podido escribir: {reason}; no se ha dejado nada en su lugar ni se ha "
                           "lanzado nada",
                     "en": "{entry} could not be written: {reason}; nothing was left in its place, nothing launched"},
    "cards_dir_outside": {"es": "{spec}: cards_dir: un experimento lanzado desde el panel lee sus cartas de las "
                                "carpetas del proyecto (sim/rulesets), de la de subidas o de la de resultados, y este "
                                "lleva a otra parte; no se ha leído nada",
                          "en": "{spec}: cards_dir: a spec launched from the dashboard reads its cards from the "
                                "project's rulesets (sim/rulesets), the uploads folder or the results folder, and this "
                                "one leads elsewhere; nothing was read"},
    "run_not_readable": {"es": "{run} no se puede leer", "en": "{run} cannot be read"},
    "page_error": {"es": "Esta vista no se ha podido dibujar: {problem}",
                   "en": "This view could not be drawn: {problem}"},
    # runs page
    "runs_heading": {"es": "Ejecuciones guardadas", "en": "Stored runs"},
    "launch_heading": {"es": "Lanzar un experimento", "en": "Launch an experiment"},
    # runs page: the card of the selected run (dashboards/run_card.py)
    "card_heading": {"es": "Ejecución {run}", "en": "Run {run}"},
    "card_none": {"es": "Elige una ejecución arriba para ver su ficha.", "en": "Choose a run above to see its card."},
    "card_game": {"es": "Juego", "en": "Game"},
    "card_sides": {"es": "Lados y agentes", "en": "Sides and agents"},
    "card_side": {"es": "{side}: {faction}, agente {agents}", "en": "{side}: {faction}, agent {agents}"},
    "card_side_levels": {"es": "{side}: {faction}, agentes {agents}", "en": "{side}: {faction}, agents {agents}"},
    "card_faction": {"es": "{faction}, agente {agents}", "en": "{faction}, agent {agents}"},
    "card_faction_levels": {"es": "{faction}, agentes {agents}", "en": "{faction}, agents {agents}"},
    "card_n": {"es": "n", "en": "n"},
    "card_n_value": {"es": "{done} de {total} {unit} en total", "en": "{done} of {total} {unit} in all"},
    "card_n_config": {"es": "{config}: {done} de {games} {unit}", "en": "{config}: {done} of {games} {unit}"},
    "card_n_configs": {"es": "n por configuración ({configs} configuraciones, bloques terminados)",
                       "en": "n per config ({configs} configs, finished chunks)"},
    "card_seed": {"es": "Semilla", "en": "Seed"},
    "card_duration": {"es": "Duración (tiempo de reloj jugando)", "en": "Duration (wall time playing)"},
    "card_duration_value": {"es": "{time} en {sessions}", "en": "{time} over {sessions}"},
    "card_duration_running": {"es": "{time} hasta ahora, en {sessions}", "en": "{time} so far, over {sessions}"},
    "card_sessions_one": {"es": "1 sesión", "en": "1 session"},
    "card_sessions_many": {"es": "{n} sesiones", "en": "{n} sessions"},
    "card_state": {"es": "Estado", "en": "State"},
    "card_damaged": {"es": "dañada: {n} bloque(s) no coinciden con lo que se escribió; su propia orden los vuelve a "
                           "jugar y la repara",
                     "en": "damaged: {n} chunk(s) no longer match what was written; its own command plays them "
                           "again and repairs it"},
    "card_ruleset_version": {"es": "Versión de las reglas", "en": "Ruleset version"},
    "card_commit": {"es": "Commit", "en": "Commit"},
    "card_created": {"es": "Creada", "en": "Created"},
    "card_started": {"es": "Última sesión empezada", "en": "Last session started"},
    "card_finished": {"es": "Terminada", "en": "Finished"},
    "card_not_finished": {"es": "sin terminar", "en": "not finished"},
    "card_resume": {"es": "Para reanudarla", "en": "To resume it"},
    "card_unreadable": {"es": "No se puede leer {run}: {problem}", "en": "{run} cannot be read: {problem}"},
    "times_zone_note": {"es": "Horas en la zona horaria de tu navegador: {zone}.",
                        "en": "Times in your browser's time zone: {zone}."},
    "status_damaged": {"es": "dañada", "en": "damaged"},
    "shipped": {"es": "Experimento incluido", "en": "Shipped experiment"},
    "upload": {"es": "…o arrastra aquí un experimento (.toml)", "en": "…or drop an experiment spec here (.toml)"},
    "games_override": {"es": "Partidas (vacío: las del experimento)", "en": "Games (empty: the spec's)"},
    "launch": {"es": "Lanzar", "en": "Launch"},
    "progress": {"es": "En curso y sin terminar", "en": "Running and unfinished"},
    "nothing_running": {"es": "Nada en curso.", "en": "Nothing running."},
    "chunks": {"es": "bloques", "en": "chunks"},
    # runs page: launch
    "launch_refused": {"es": "No se ha lanzado: `sim run` lo rechazaría (no se ha empezado ni escrito nada):",
                       "en": "Not launched: `sim run` would refuse it (nothing was started or written):"},
    "over_cap": {"es": "{name}: {configs} configuraciones × {games} partidas = {total} partidas, más que las {cap} que "
                       "puede jugar un lanzamiento desde este panel (sim dash --max-games {cap_plain}). Baja las partidas "
                       "(o la casilla de partidas), o lánzalo con `sim run`.",
                 "en": "{name}: {configs} configs × {games} games = {total} games, more than the {cap} a launch from "
                       "this dashboard may play (sim dash --max-games {cap_plain}). Lower the games (or the games box), "
                       "or run it with `sim run`."},
    "launch_starting": {"es": "Arrancando {run} (proceso {pid}): comprueba el experimento y la carpeta…",
                        "en": "Starting {run} (process {pid}): checking the spec and the run folder…"},
    "launch_running": {"es": "{run} en curso (proceso {pid}): {progress}.", "en": "{run} is running (process {pid}): {progress}."},
    "launch_finished": {"es": "{run} ha terminado: {progress}.", "en": "{run} finished: {progress}."},
    "launch_failed": {"es": "{run} no se ha completado: el proceso terminó con el código {code}. Su mensaje:",
                      "en": "{run} did not complete: its process ended with exit code {code}. Its message:"},
    "launch_cancelled": {"es": "{run} cancelada en {progress}; los bloques terminados se conservan: «Reanudar» la completa.",
                         "en": "{run} cancelled at {progress}; finished chunks are kept: Resume completes it."},
    "no_message": {"es": "(no escribió nada en stderr)", "en": "(it wrote nothing on stderr)"},
    "progress_line": {"es": "{done}/{total} bloques, {games} de {total_games} partidas",
                      "en": "{done}/{total} chunks, {games} of {total_games} games"},
    "progress_rate": {"es": "{rate} partidas/s, faltan unos {left}", "en": "{rate} games/s, about {left} left"},
    "progress_compiling": {"es": "compilando los núcleos de {game} (solo la primera vez): {elapsed} s de unos {expected} s",
                           "en": "compiling {game}'s kernels (first run only): {elapsed} s of about {expected} s"},
    "state_running": {"es": "en curso", "en": "running"},
    "state_interrupted": {"es": "interrumpida: vuelve a lanzarla para reanudarla",
                          "en": "interrupted: rerun to resume"},
    "state_cancelled": {"es": "cancelada: vuelve a lanzarla para reanudarla", "en": "cancelled: rerun to resume"},
    "cancel": {"es": "Cancelar", "en": "Cancel"},
    "resume": {"es": "Reanudar", "en": "Resume"},
    "cancel_sent": {"es": "Cancelación enviada a {run} (proceso {pid}): se detiene en unos segundos y conserva los "
                          "bloques terminados.",
                    "en": "Cancel sent to {run} (process {pid}): it stops within seconds and keeps its finished chunks."},
    "cancel_refused": {"es": "No se puede cancelar {run}:", "en": "Cannot cancel {run}:"},
    "resume_missing": {"es": "su experimento {path} ya no existe: reanúdala con `sim run` y el experimento",
                       "en": "its spec {path} is gone: resume it with `sim run` and the spec"},
    "banner_running": {"es": "La ejecución {run} sigue en curso: {progress}. Estas cifras cubren solo los bloques "
                             "terminados y cambiarán a medida que lleguen más.",
                       "en": "Run {run} is still running: {progress}. These figures cover the finished chunks only "
                             "and will change as more land."},
    "banner_stopped": {"es": "La ejecución {run} está {state_word} en {progress}: estas cifras cubren solo esas "
                             "partidas. Para completarla, pulsa «Reanudar» en la página de ejecuciones o vuelve a "
                             "ejecutar `{command}`.",
                       "en": "Run {run} is {state_word} at {progress}: these figures cover those games only. To "
                             "complete it, press Resume on the runs page or run `{command}` again."},
    "word_interrupted": {"es": "interrumpida", "en": "interrupted"},
    "word_cancelled": {"es": "cancelada", "en": "cancelled"},
    # factions page
    "factions_heading": {"es": "Facciones: tasas de victoria", "en": "Factions: win rates"},
    "tab_win_rates": {"es": "Tasas de victoria", "en": "Win rates"},
    "tab_matchups": {"es": "Enfrentamientos", "en": "Matchups"},
    "tab_first_player": {"es": "Primer jugador", "en": "First player"},
    "tab_length": {"es": "Duración y finales", "en": "Length and endings"},
    "ratings": {"es": "Valoraciones Bradley-Terry (Elo; errores típicos agrupados por pares de asientos)",
                "en": "Bradley-Terry ratings (Elo; standard errors clustered on seat pairs)"},
    # cards page
    "cards_heading": {"es": "Cartas: impacto", "en": "Cards: impact"},
    "tab_causal": {"es": "Lo que causa cada carta", "en": "What each card causes"},
    "tab_measures": {"es": "Todas las medidas", "en": "Every measure"},
    "tab_charts": {"es": "Gráficos (observacionales)", "en": "Charts (observational)"},
    "tab_decks": {"es": "Mazos", "en": "Decks"},
    "preset_label": {"es": "Columnas:", "en": "Columns:"},
    "preset_quick": {"es": "Vista rápida", "en": "Quick view"},
    "preset_causal": {"es": "Causales", "en": "Causal"},
    "preset_observational": {"es": "Observacionales", "en": "Observational"},
    "preset_all": {"es": "Todas", "en": "All"},
    # the colour legend beside a coloured table (dashboards/widgets.py colour_legend)
    "legend_card_rates": {"es": "Tasas de victoria de una carta, por su distancia al 50 %:",
                          "en": "A card's win rates, by their distance from 50%:"},
    "legend_card_differences": {"es": "Diferencias (IWD, efectos, valor causal), por su distancia a 0:",
                                "en": "Differences (IWD, effects, causal worth), by their distance from 0:"},
    "legend_card_meaning": {"es": "verde: por encima (la carta ayuda a su lado); rojo: por debajo; más intenso cuanto más lejos",
                            "en": "green: above (the card helps its side); red: below; stronger the farther"},
    "legend_balance": {"es": "Equilibrio de los lados, por su distancia al empate en cualquier sentido:",
                       "en": "The sides' balance, by its distance from even, either way:"},
    "legend_balance_meaning": {"es": "rojo: grave; ámbar: moderado; ámbar claro: leve; nunca verde, un desequilibrio no es buena noticia",
                               "en": "red: severe; amber: moderate; pale amber: mild; never green, an imbalance is not good news"},
    "legend_band_top": {"es": "{low} pts o más", "en": "{low} pts or more"},
    "legend_band": {"es": "de {low} a {high} pts", "en": "{low} to {high} pts"},
    "legend_none": {"es": "sin color: a menos de {low} pts", "en": "no colour: under {low} pts"},
    "config": {"es": "Configuración", "en": "Config"},
    "min_games": {"es": "Partidas mínimas (GIH)", "en": "Minimum games (GIH)"},
    "faction_filter": {"es": "Facción", "en": "Faction"},
    "forced_heading": {"es": "Robo forzado (causal)", "en": "Forced draw (causal)"},
    "ablation_heading": {"es": "Ablación: valor de cada carta (causal)", "en": "Ablation: each card's worth (causal)"},
    "measures_heading": {"es": "Todas las medidas de cada carta", "en": "Every measure of each card"},
    "decks_heading": {"es": "Mazo de cada lado", "en": "Each side's deck"},
    "report_table_deck_lists": {"es": "Los mazos jugados: cada carta con sus copias",
                                "en": "The decks played: each card with its copies"},
    "report_note_deck_lists": {"es": "Una fila por carta distinta del mazo, en el orden de su lista; la misma lista en "
                                     "todas las partidas del mazo (la carta de poder inicial, R-03, empieza en la mano).",
                               "en": "One row per distinct card of the deck, in its list's order; the same list in every "
                                     "game the deck played (the starting power, R-03, starts in the hand)."},
    "deck_list_same": {"es": "La misma lista en todas las partidas: {cards} cartas distintas, {copies} copias.",
                       "en": "The same list in every game: {cards} distinct cards, {copies} copies."},
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
    "sprt": {"es": "SPRT de cada configuración contra la base, en los mismos pares de partidas",
             "en": "SPRT of each config against the baseline, on the same game pairs"},
    # views per game kind (dash-views): the pages' sentence when a run is of another kind
    "nav_matches": {"es": "Mejor de 3", "en": "Best of 3"},
    "nav_story": {"es": "Historia", "en": "Story"},
    "nav_ablations": {"es": "Ablación", "en": "Ablation"},
    "nav_compare": {"es": "Comparar", "en": "Compare"},
    "kind_best_of_three": {"es": "un torneo al mejor de tres", "en": "a best-of-three run"},
    "kind_story": {"es": "un modo historia", "en": "a story run"},
    "kind_sweep": {"es": "un barrido", "en": "a sweep"},
    "kind_levels": {"es": "una comparación de niveles de agente", "en": "a comparison of agent levels"},
    # levels page
    "levels_heading": {"es": "Niveles: ¿se sostienen las conclusiones con juego más fuerte?",
                       "en": "Levels: do the conclusions hold with stronger play?"},
    "kind_ablation": {"es": "una ablación de cartas", "en": "a card ablation"},
    "kind_round_robin": {"es": "un todos contra todos", "en": "a round robin"},
    "kind_impact": {"es": "un experimento de robo forzado", "en": "a forced-draw experiment"},
    "kind_games": {"es": "una ejecución de partidas sueltas", "en": "a run of single games"},
    "wrong_kind": {"es": "«{run}» es {kind}, no {wanted}: esta página no tiene nada que mostrar de ella. Sus cifras "
                         "están en ",
                   "en": "“{run}” is {kind}, not {wanted}: this page has nothing to show for it. Its figures are on "},
    # sweeps page (dash-views)
    "sweeps_note": {"es": "Cada configuración juega las mismas partidas que la base (misma semilla, mismos asientos): "
                          "la diferencia es la media de las diferencias partida a partida, con su intervalo del 95%.",
                    "en": "Every config plays the baseline's games (same seed, same seats): the difference is the "
                          "mean of the game-by-game differences, with its 95% interval."},
    "sprt_bounds": {"es": "cotas", "en": "bounds"},
    "sprt_paths_title": {"es": "Trayectorias del SPRT contra la base ({pairs} pares de partidas como máximo): {hypothesis}",
                         "en": "SPRT trajectories against the baseline (up to {pairs} game pairs): {hypothesis}"},
    "sprt_paths_axis": {"es": "pares de partidas con asientos espejados", "en": "seat-mirrored game pairs"},
    "sprt_llr_axis": {"es": "LLR (log del cociente de verosimilitudes H1 / H0)",
                      "en": "LLR (log-likelihood ratio of H1 to H0)"},
    "sprt_identical": {"es": "{config}: idéntica a la base (las mismas partidas, par a par): no hay nada que probar",
                       "en": "{config}: identical to the base (the same games, pair for pair): nothing to test"},
    "sprt_bound_lower": {"es": "acepta H0", "en": "accepts H0"},
    "sprt_bound_upper": {"es": "acepta H1", "en": "accepts H1"},
    # ablations page
    "ablations_heading": {"es": "Ablación: lo que vale cada carta", "en": "Ablation: what each card is worth"},
    "ablations_note": {"es": "Cada carta del lado {side} ({faction}) se sustituye por un relleno del mismo coste, en las "
                             "mismas partidas que la base: su valor es la base menos la partida sin ella (emparejado, "
                             "intervalo del 95% sobre los pares con asientos espejados). {measured} de {cards} cartas "
                             "medidas; ordenadas de la que más vale a la que menos.",
                       "en": "Each card of side {side} ({faction}) is replaced by a filler of the same cost, on the "
                             "baseline's games: its worth is the baseline minus the game without it (paired, 95% "
                             "interval over seat-mirrored pairs). {measured} of {cards} cards measured; ranked from "
                             "most to least worth."},
    "ablations_not_measured": {"es": "Sin medir (el relleno juega igual que la carta): {cards}.",
                               "en": "Not measured (the filler plays exactly like the card): {cards}."},
    "ablation_not_measured_cell": {"es": "sin medir: el relleno juega igual que la carta",
                                   "en": "not measured: the filler plays exactly like the card"},
    "ablation_rate": {"es": "En puntos de presupuesto: 1 punto de presupuesto = {rate} de victorias del lado, pendiente "
                            "local en el presupuesto de trabajo {budget} (presupuestos jugados: {budgets}).",
                      "en": "In budget points: 1 budget point = {rate} of the side's win rate, the local slope at the "
                            "working budget {budget} (budgets played: {budgets})."},
    "ablation_no_step": {"es": "Sin puntos de presupuesto: el experimento no pide budget_step, así que no jugó "
                               "presupuestos más bajos.",
                         "en": "No budget points: the spec has no budget_step, so the run played no lower budget."},
    "ablation_no_rise": {"es": "Sin puntos de presupuesto: aquí la tasa de victoria del lado no sube con su presupuesto.",
                         "en": "No budget points: the side's win rate does not rise with its budget here."},
    "ablation_slope_zero": {"es": "Sin puntos de presupuesto: el intervalo del 95% de la pendiente incluye el 0.",
                            "en": "No budget points: the budget slope's 95% interval includes 0."},
    "ablation_too_few": {"es": "Sin puntos de presupuesto: muy pocas partidas emparejadas en los presupuestos bajos.",
                         "en": "No budget points: too few paired games at the lower budgets."},
    "ablation_no_points": {"es": "Sin puntos de presupuesto.", "en": "No budget points."},
    # best-of-three page
    "matches_heading": {"es": "Al mejor de tres: partidos", "en": "Best of three: matches"},
    "matches_summary": {"es": "{config}: el lado A ({a}) gana el {rate} de los partidos contra {b} (n = {n} partidos; "
                              "{won} ganados, {lost} perdidos, {undecided} sin decidir, que cuentan ½); {games} partidas "
                              "por partido de media.",
                        "en": "{config}: side A ({a}) wins {rate} of its matches against {b} (n = {n} matches; {won} "
                              "won, {lost} lost, {undecided} undecided, counted as ½); {games} games per match on "
                              "average."},
    "matches_game_one": {"es": "{config}: quien gana la primera partida gana el partido el {rate} de las veces "
                               "(n = {n} partidos con primera partida decidida).",
                         "en": "{config}: the winner of game 1 wins the match {rate} of the time (n = {n} matches "
                               "whose game 1 had a winner)."},
    # story page
    "story_heading": {"es": "Modo historia: etapa a etapa", "en": "Story mode: stage by stage"},
    "story_summary": {"es": "{config}: el lado A supera las {stages} etapas en el {rate} de los recorridos (n = {n} "
                            "recorridos).",
                      "en": "{config}: side A clears all {stages} stages in {rate} of its runs (n = {n} runs)."},
    "story_note": {"es": "Se juegan todas las etapas en cada recorrido. La barra es la tasa de victoria de la etapa en "
                         "todos los recorridos (empate = ½); la línea, la probabilidad de haber ganado todas las etapas "
                         "hasta esa (un empate no es victoria), que acaba en la de superar la historia. La tabla da, "
                         "por etapa, los recorridos que llegan invictos y cuántos la ganan.",
                   "en": "Every stage is played in every run. The bar is the stage's win rate over all runs (draw = "
                         "½); the line, the chance to have won every stage up to it (a draw is not a win), ending at "
                         "the chance to clear. The table gives, per stage, the runs that reach it unbeaten and how "
                         "many of them win it."},
    # compare page
    "compare_heading": {"es": "Comparar dos ejecuciones", "en": "Compare two runs"},
    "compare_run_b": {"es": "Ejecución B (la A es la elegida arriba)", "en": "Run B (A is the one chosen above)"},
    "compare_pick_b": {"es": "Elige la ejecución B para compararla con «{a}».", "en": "Pick run B to compare with “{a}”."},
    "compare_same_run": {"es": "A y B son la misma ejecución: elige otra como B.",
                         "en": "A and B are the same run: pick another one as B."},
    "compare_paired_word": {"es": "emparejada", "en": "paired"},
    "compare_unpaired_word": {"es": "no emparejada", "en": "unpaired"},
    "compare_paired": {"es": "Comparación emparejada: las dos ejecuciones tienen la semilla {seed} y las configuraciones "
                             "{configs}, así que la partida i de cada configuración es el mismo reparto en las dos. Cada "
                             "diferencia (B − A) es la media de las diferencias partida a partida, con su intervalo del "
                             "95%, como en un barrido.",
                       "en": "Paired comparison: both runs have seed {seed} and the configs {configs}, so game i of "
                             "each config is the same deal in both. Each difference (B − A) is the mean of the "
                             "game-by-game differences, with its 95% interval, as in a sweep."},
    "compare_unpaired": {"es": "Comparación no emparejada (dos muestras independientes): {why}, así que sus partidas no "
                               "son los mismos repartos. Cada diferencia (B − A) lleva el intervalo del 95% de dos "
                               "muestras.",
                         "en": "Unpaired comparison (two independent samples): {why}, so their games are not the same "
                               "deals. Each difference (B − A) has the two-sample 95% interval."},
    "compare_why_seed": {"es": "las semillas difieren ({a} y {b})", "en": "the seeds differ ({a} and {b})"},
    "compare_why_ruleset": {"es": "son juegos distintos ({a} y {b})", "en": "they are different games ({a} and {b})"},
    "compare_why_kind": {"es": "son tipos de ejecución distintos ({a} y {b})", "en": "they are different kinds of run ({a} and {b})"},
    "compare_why_seats": {"es": "los asientos se reparten distinto ({a} y {b})", "en": "their seats differ ({a} and {b})"},
    "compare_why_no_common_config": {"es": "no comparten ninguna configuración",
                                     "en": "they share no config"},
    "compare_configs_only": {"es": "Configuraciones solo en {run}: {configs}.", "en": "Configs only in {run}: {configs}."},
    "compare_win_rates": {"es": "Tasa de victoria del lado A por configuración", "en": "Side A's win rate per config"},
    "compare_first_player": {"es": "Primer jugador (sus victorias en los dos asientos)",
                             "en": "First player (its win rate over both seats)"},
    "compare_cards": {"es": "Cartas medidas en las dos ejecuciones (GIH WR e IWD; diferencias de dos muestras: los "
                            "contadores de cartas no se guardan partida a partida)",
                      "en": "Cards measured in both runs (GIH WR and IWD; two-sample differences: card counters are "
                            "not stored game by game)"},
    "compare_cards_only": {"es": "Cartas solo en una de las dos ejecuciones", "en": "Cards in one run only"},
    "compare_no_cards_only": {"es": "Todas las cartas están en las dos ejecuciones.",
                              "en": "Every card is in both runs."},
    # replay page
    "replay_heading": {"es": "Repetir una partida", "en": "Replay a game"},
    "game": {"es": "Partida", "en": "Game"},
    "show": {"es": "Mostrar", "en": "Show"},
    "replay_summary": {"es": "Partida {game}: empieza {first}; {turns} turnos; gana {winner} ({end}).",
                       "en": "Game {game}: {first} starts; {turns} turns; winner {winner} ({end})."},
    "replay_draw": {"es": "nadie (empate)", "en": "nobody (a draw)"},
    "matches_stored": {"es": "La repetición coincide con el registro guardado.", "en": "The replay matches the stored record."},
    "replay_changed": {"es": "las cartas, los parámetros o la versión del juego han cambiado desde que se escribió la "
                             "ejecución; puede que la repetición no sea la partida guardada",
                       "en": "the cards, parameters or ruleset version changed since the run was written; the replay "
                             "may not be the stored game"},
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
    "grid_greaterThan": {"en": "Greater than", "es": "Mayor que"},
    "grid_greaterThanOrEqual": {"en": "Greater than or equal to", "es": "Mayor o igual que"},
    "grid_lessThan": {"en": "Less than", "es": "Menor que"},
    "grid_lessThanOrEqual": {"en": "Less than or equal to", "es": "Menor o igual que"},
    "grid_inRange": {"en": "Between", "es": "Entre"},
    "grid_inRangeStart": {"en": "From", "es": "Desde"},
    "grid_inRangeEnd": {"en": "To", "es": "Hasta"},
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
}

GRID_TEXT_KEYS = tuple(key[5:] for key in DASHBOARD_TEXT if key.startswith("grid_"))  # AG Grid's localeText keys
