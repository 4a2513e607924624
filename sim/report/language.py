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
    # budget page
    "budget_heading": {"es": "Presupuesto de draft", "en": "Draft budget"},
    "no_budget": {"es": "Esta ejecución no varía el presupuesto (lanza dicedraft_budget_curve).",
                  "en": "This run does not vary the budget (launch dicedraft_budget_curve)."},
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
    # views per game kind and compare two runs (dash-views)
    "rank": ("puesto", "rank"), "filler": ("relleno", "filler"), "worth": ("valor (base − sin ella)", "worth (base − without)"),
    "deck_changed_share": ("mazo cambiado", "deck changed"), "points": ("puntos de presupuesto", "budget points"),
    "points_ci": ("puntos de presupuesto [IC 95%]", "budget points [95% CI]"),
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
    "win_rate_reached": ("victorias al llegar invicto", "win rate once reached unbeaten"),
}


def column(name: str, lang: str | None) -> str:
    """A table column's header in `lang`."""
    pair = COLUMNS.get(name)
    return name if pair is None else pair[0 if (lang or "es") == "es" else 1]


def t(key: str, lang: str | None, **fields: object) -> str:
    """The text `key` in `lang` (Spanish when unknown), with its {fields} filled."""
    entry = TEXT[key]
    return entry.get(lang or "es", entry["es"]).format(**fields)
