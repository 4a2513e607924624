"""The terminal's words, Spanish and English: a folder that cannot take a run, the progress line of
`sim run` (and `sim balance`, `sim ladder`), `sim compare`, `sim cards` and `sim replay`. Part of the
one catalog: sim.report.language looks a key up in every part."""

from __future__ import annotations

TERMINAL_TEXT: dict[str, dict[str, str]] = {
    # a folder that cannot take a run, a copy or a search (sim.run.store.check_results_place)
    "place_is_file": {"es": "{flag}: {place} es un archivo, no una carpeta", "en": "{flag}: {place} is a file, not a folder"},
    "place_under_file": {"es": "{flag}: no se puede crear {place}: {file} es un archivo, no una carpeta",
                         "en": "{flag}: {place} cannot be made: {file} is a file, not a folder"},
    "place_missing_parent": {"es": "{flag}: {place}: la carpeta {missing} no existe; créala antes, o da una carpeta cuya "
                                   "carpeta madre exista",
                             "en": "{flag}: {place}: the folder {missing} does not exist; create it first, or give a "
                                   "folder whose parent exists"},
    "place_read_only": {"es": "{flag}: {place} está en un disco de solo lectura; da una carpeta donde se puedan escribir "
                              "archivos",
                        "en": "{flag}: {place} is on a read-only disk; give a folder where files can be written"},
    "place_not_writable": {"es": "{flag}: este usuario no puede escribir en {place}; da una carpeta donde se puedan "
                                 "escribir archivos",
                           "en": "{flag}: {place} is not writable by this user; give a folder where files can be "
                                 "written"},
    "fault_full": {"es": "no queda espacio en el disco", "en": "No space left on device"},
    "fault_quota": {"es": "se ha superado la cuota de disco", "en": "Disk quota exceeded"},
    "fault_read_only": {"es": "el sistema de archivos es de solo lectura", "en": "Read-only file system"},
    "fault_denied": {"es": "permiso denegado", "en": "Permission denied"},
    "fault_not_permitted": {"es": "operación no permitida", "en": "Operation not permitted"},
    "fault_missing": {"es": "no existe el archivo o la carpeta", "en": "No such file or directory"},
    "balance_yes": {"es": "sí", "en": "yes"},
    "balance_no": {"es": "no", "en": "no"},
    "balance_kept": {"es": "sigue", "en": "went on"},
    "balance_dropped_halving": {"es": "descartado (mitad peor)", "en": "dropped (worse half)"},
    "balance_dropped_race": {"es": "descartado (claramente peor que el mejor)", "en": "dropped (clearly worse than the best)"},
    "balance_step": {"es": "{round}·{rung}<br>{games}", "en": "{round}·{rung}<br>{games}"},
    "balance_step_axis": {"es": "paso de la búsqueda: ronda·escalón, y debajo las partidas de cada candidato",
                          "en": "step of the search: round·rung, and below it the games each candidate played"},
    "balance_path_title": {"es": "Camino de la búsqueda: distancia al objetivo de cada candidato en cada escalón",
                           "en": "Path of the search: each candidate's distance to the target at each rung"},
    "balance_distance_axis": {"es": "distancia (1 = en la tolerancia)", "en": "distance (1 = within tolerance)"},
    "balance_metagame_title": {"es": "Mezcla de Nash del todos contra todos, antes y después (partidas reservadas)",
                               "en": "Nash mix of the round robin, before and after (held-out games)"},
    "balance_mix_axis": {"es": "probabilidad en la mezcla (%)", "en": "share of the mix (%)"},
    "balance_label_win_rate": {"es": "{a} contra {b}: tasa de victoria", "en": "{a} vs {b}: win rate"},
    "balance_label_field_win_rate": {"es": "{a} contra el campo", "en": "{a} vs the field"},
    "balance_label_first_player_advantage": {"es": "{a} contra {b}: ventaja del primer jugador",
                                             "en": "{a} vs {b}: first-player advantage"},
    "balance_label_cap_draw_share": {"es": "{a} contra {b}: partidas empatadas en el límite de turnos",
                                     "en": "{a} vs {b}: games drawn at the turn cap"},
    "balance_label_card_effect": {"es": "efecto de robar cada carta", "en": "forced-draw effect of each card"},
    "balance_label_card_effect_of": {"es": "efecto de robar cada carta de {a}", "en": "forced-draw effect of each {a} card"},
    "balance_label_card_effect_cards": {"es": "efecto de robar {cards}", "en": "forced-draw effect of {cards}"},
    "balance_cards_outside": {"es": "Cartas fuera de {target}: base {baseline}; propuesta {proposal}.",
                              "en": "Cards outside {target}: baseline {baseline}; proposal {proposal}."},
    "balance_cards_absent": {"es": "Fuera de todo mazo con la propuesta: {cards}.",
                             "en": "Out of every deck with the proposal: {cards}."},
    "balance_none_outside": {"es": "ninguna", "en": "none"},
    "balance_effects_title": {"es": "Efecto de robar cada carta (causal: las mismas partidas reservadas con la carta arriba "
                                    "o al fondo del mazo), base y propuestas; intervalos del 95 %, {pairs} parejas por carta",
                              "en": "Forced-draw effect of each card (causal: the same held-out games with the card on top "
                                    "or at the bottom of the deck), baseline and proposals; 95% intervals, {pairs} pairs "
                                    "per card"},
    "balance_effects_axis": {"es": "efecto al robarla (puntos de tasa de victoria)",
                             "en": "effect of drawing it (win-rate points)"},
    "balance_tolerance": {"es": "tolerancia", "en": "tolerance"},
    # the console while `sim run` (and `sim balance`, `sim ladder`) plays: sim.report.progress_bar.RichProgress
    "console_compiling": {"es": "compilando los núcleos de {game} (solo la primera vez: las siguientes ejecuciones los "
                                "cargan en un segundo), unos {expected} s en dos procesadores",
                          "en": "compiling {game}'s kernels (first run only: later runs load them in about a second), "
                                "about {expected} s on two cores"},
    "console_compiled": {"es": "núcleos de {game} compilados en {seconds} s (guardados para las próximas ejecuciones)",
                         "en": "compiled {game}'s kernels in {seconds} s (kept for the next runs)"},
    "console_compile_elapsed": {"es": "{elapsed} transcurridos", "en": "{elapsed} elapsed"},
    "console_playing": {"es": "simulando", "en": "simulating"},
    "console_units": {"es": "{done}/{total} {unit}", "en": "{done}/{total} {unit}"},
    "console_rate": {"es": "{rate} partidas/s", "en": "{rate} games/s"},
    "console_times": {"es": "{elapsed} transcurridos, faltan {left}", "en": "{elapsed} elapsed, {left} left"},
    "console_finished": {"es": "terminada", "en": "finished"},
    "console_incomplete": {"es": "incompleta", "en": "incomplete"},
    "console_summary": {"es": "{state}: {games} partidas en {seconds} ({rate} partidas/s, {executor}, {played} bloque(s) "
                              "jugados{skipped}) -> {folder}",
                        "en": "{state}: {games} games in {seconds} ({rate} games/s, {executor}, {played} chunk(s) "
                              "played{skipped}) -> {folder}"},
    "console_skipped": {"es": ", {n} bloque(s) ya hechos", "en": ", {n} chunk(s) already done"},
    "console_run_interrupted": {"es": "sim run: interrumpida; los bloques terminados se conservan; para reanudarla: "
                                      "{command}",
                                "en": "sim run: interrupted; finished chunks are kept; to resume: {command}"},
    "console_interrupted": {"es": "sim {command}: interrumpido; los bloques terminados se conservan: vuelve a ejecutar "
                                  "la misma orden para reanudarlo",
                            "en": "sim {command}: interrupted; finished chunks are kept, rerun the same command to "
                                  "resume"},
    "seconds_left": {"es": "{n} s", "en": "{n} s"},
    "minutes_left": {"es": "{n} min", "en": "{n} min"},
    "hours_left": {"es": "{h} h {m} min", "en": "{h} h {m} min"},
    # sim compare: the two runs compared on the terminal (sim.report.comparison)
    "compare_cli_headline": {"es": "{what}: {a} → {b}, {diff}, {basis}", "en": "{what}: {a} → {b}, {diff}, {basis}"},
    "compare_cli_vs_field": {"es": "{label} contra el campo", "en": "{label} vs the field"},
    "compare_cli_in_config": {"es": "{label} ({config})", "en": "{label} ({config})"},
    "compare_cli_paired_on": {"es": "emparejada en {games} partidas", "en": "paired on {games} games"},
    "compare_cli_two_sample_on": {"es": "dos muestras, porque {why}: {a} y {b} partidas",
                                  "en": "two-sample, as {why}: {a} and {b} games"},
    "compare_cli_runs": {"es": "A = {a} ({a_games} partidas, {a_cards}); B = {b} ({b_games} partidas, {b_cards}); juego {ruleset}",
                         "en": "A = {a} ({a_games} games, {a_cards}); B = {b} ({b_games} games, {b_cards}); game {ruleset}"},
    "compare_cli_shipped_cards": {"es": "las cartas de serie del juego", "en": "the game's shipped cards"},
    "compare_cli_cards_from": {"es": "cartas de {folder}", "en": "cards from {folder}"},
    "compare_cli_paired": {"es": "Comparación emparejada: las dos ejecuciones tienen la semilla {seed}, el mismo tipo y los "
                                 "mismos asientos, así que la partida i de cada configuración es el mismo reparto en las "
                                 "dos. Cada diferencia B − A es la media de las diferencias partida a partida en las "
                                 "{games} partidas que jugaron las dos, con su intervalo del 95%, como en un barrido.",
                           "en": "Paired comparison: both runs have seed {seed}, the same kind and the same seats, so "
                                 "game i of each config is the same deal in both. Each difference B − A is the mean of "
                                 "the game-by-game differences over the {games} games both runs played, with its 95% "
                                 "interval, as in a sweep."},
    "compare_cli_sides_differ": {"es": "Atención: en la configuración {config} el lado A es {a} en A y {b} en B; sus "
                                       "tasas de victoria son de lados distintos.",
                                 "en": "Note: in config {config} side A is {a} in A and {b} in B; its win rates are of "
                                       "different sides."},
    "compare_cli_field": {"es": "Cada facción contra el campo (media de sus enfrentamientos, espejo incluido)",
                          "en": "Each faction against the field (the mean of its matchups, mirror included)"},
    "compare_cli_gih": {"es": "GIH WR de las cartas medidas en las dos ejecuciones (dos muestras: los contadores de cartas "
                              "no se guardan partida a partida)",
                        "en": "GIH WR of the cards measured in both runs (two-sample: card counters are not stored game "
                              "by game)"},
    "compare_cli_iwd": {"es": "IWD (GIH WR − GNS WR, observacional) de las cartas medidas en las dos ejecuciones (dos muestras)",
                        "en": "IWD (GIH WR − GNS WR, observational) of the cards measured in both runs (two-sample)"},
    "compare_cli_forced_draw": {"es": "Efecto de robar cada carta (causal), medido en las dos ejecuciones (diferencia de dos "
                                      "muestras de los dos efectos)",
                                "en": "Forced-draw effect of each card (causal), measured in both runs (two-sample "
                                      "difference of the two effects)"},
    "compare_cli_forced_draw_one": {"es": "Solo {run} midió el efecto de robar cada carta ([impact]): no se compara.",
                                    "en": "Only {run} measured forced-draw effects ([impact]): not compared."},
    "compare_cli_cards_unseen": {"es": "{count} cartas no se vieron en ningún mazo de las dos ejecuciones (sin cifras): {cards}.",
                                 "en": "{count} cards were in no deck of either run (no figures): {cards}."},
    "compare_cli_cards_only": {"es": "Cartas solo en {run}: {cards}.", "en": "Cards only in {run}: {cards}."},
    "compare_cli_first_player": {"es": "Primer jugador: sus victorias en los dos asientos en A y en B, y B − A; su ventaja "
                                       "(primero menos segundo) cambia el doble",
                                 "en": "First player: its win rate over both seats in A and in B, and B − A; its "
                                       "advantage (first minus second) changes twice as much"},
    "compare_cli_no_first_player": {"es": "Primer jugador: sin pares de asientos espejados en las dos ejecuciones.",
                                    "en": "First player: no seat-mirrored pairs in both runs."},
    "compare_refuse": {"es": "no se puede comparar {a} con {b}: {why}", "en": "cannot compare {a} with {b}: {why}"},
    "compare_refuse_same": {"es": "son la misma ejecución; da dos ejecuciones distintas",
                            "en": "they are the same run; give two different runs"},
    "compare_refuse_missing": {"es": "no hay ninguna ejecución {run!r}: ni {path} ni {under} es una carpeta de resultados "
                                     "de `sim run`",
                               "en": "there is no run {run!r}: neither {path} nor {under} is a results folder of `sim run`"},
    "compare_refuse_unfinished": {"es": "{run} no ha terminado ({status}, {done} de {total} bloques); termínala primero "
                                        "(vuelve a lanzar su `sim run`, o espera a que acabe)",
                                  "en": "{run} is not finished ({status}, {done} of {total} chunks); finish it first "
                                        "(rerun its `sim run`, or wait for it to end)"},
    "compare_refuse_ruleset": {"es": "son juegos distintos ({ruleset_a} y {ruleset_b}); compara dos ejecuciones del mismo juego",
                               "en": "they are different games ({ruleset_a} and {ruleset_b}); compare two runs of the same game"},
    "compare_refuse_no_config": {"es": "no comparten ninguna configuración ({a}: {configs_a}; {b}: {configs_b})",
                                 "en": "they share no config ({a}: {configs_a}; {b}: {configs_b})"},
    # sim cards: a copy of a game's card folder to edit (sim.run.card_folders)
    "cards_copied": {"es": "Copiados {count} ficheros de cartas de {ruleset} a {folder}: {files}.",
                     "en": "Copied {count} card files of {ruleset} to {folder}: {files}."},
    "cards_copied_beside": {"es": "Con {folders} al lado, que {ruleset} lee junto a su carpeta de cartas.",
                            "en": "With {folders} beside them, which {ruleset} reads next to its card folder."},
    "cards_use": {"es": "Edítalos y juégalos con: sim run SPEC --cards {flag}   (o en un spec: cards_dir = \"{absolute}\")",
                  "en": "Edit them and play them with: sim run SPEC --cards {flag}   (or in a spec: cards_dir = \"{absolute}\")"},
    "cards_refuse_not_empty": {"es": "--to: {folder} existe y no es una carpeta vacía; da una carpeta nueva (no se copió nada)",
                               "en": "--to: {folder} exists and is not an empty folder; give a new folder (nothing was copied)"},
    "cards_refuse_no_parent": {"es": "--to: la carpeta {parent} no existe; créala antes, o da una carpeta cuyo padre exista",
                               "en": "--to: the folder {parent} does not exist; create it first, or give a folder whose "
                                     "parent exists"},
    "cards_refuse_inside": {"es": "--to: {folder} está dentro de la carpeta de cartas de serie {shipped}; da una carpeta fuera "
                                  "de ella (las cartas de serie nunca se cambian)",
                            "en": "--to: {folder} is inside the game's shipped card folder {shipped}; give a folder "
                                  "outside it (the shipped cards are never changed)"},
    # `sim replay` in the terminal: the lines around the game's events
    "replay_header": {"es": "Partida {game} (unidad {unit}, etapa {stage}) de {run}: empieza {first}; {turns} turnos, "
                            "{result}, por {end}",
                      "en": "Game {game} (unit {unit}, stage {stage}) of {run}: {first} starts; {turns} turns, {result}, "
                            "by {end}"},
    "replay_win": {"es": "gana {who}", "en": "{who} wins"},
    "replay_draw_result": {"es": "empate", "en": "a draw"},
    "replay_warning": {"es": "aviso", "en": "warning"},
    "replay_matches": {"es": "La repetición coincide con el registro guardado ({result}, {turns} turnos).",
                       "en": "The replay matches the stored record ({result}, {turns} turns)."},
    "replay_differs": {"es": "La repetición no coincide con el registro guardado: guardado {stored}, {stored_turns} "
                             "turnos; repetida {replayed}, {turns} turnos",
                       "en": "The replay differs from the stored record: stored {stored}, {stored_turns} turns; "
                             "replayed {replayed}, {turns} turns"},
    "replay_not_stored": {"es": "Registro guardado: la partida {game} todavía no está en {folder} (su bloque no ha "
                                "terminado).",
                          "en": "Stored record: game {game} is not in {folder} yet (its chunk has not finished)."},
    # a card or deck file's problems (sim.core.errors.FileProblem): in English each line keeps pydantic's
    # own words, as `sim run` always printed them; these entries word it in Spanish (and alike in English)
    "file_problem": {"es": "{path}: {where}: campo '{field}': {reason}{got}{after}",
                     "en": "{path}: {where}: field '{field}': {reason}{got}{after}"},
    "file_problem_card": {"es": "carta {card}", "en": "card {card}"},
    "file_problem_header": {"es": "cabecera", "en": "header"},
    "file_problem_deck": {"es": "mazo", "en": "deck"},
    "file_problem_got": {"es": " (se leyó {value})", "en": " (got {value})"},
    "file_problem_after": {"es": " (tras el cambio de la configuración {change})", "en": " (after the config's change {change})"},
    "file_problem_greater_than_equal": {"es": "debe ser {ge} o más", "en": "Input should be greater than or equal to {ge}"},
    "file_problem_less_than_equal": {"es": "debe ser {le} o menos", "en": "Input should be less than or equal to {le}"},
    "file_problem_greater_than": {"es": "debe ser mayor que {gt}", "en": "Input should be greater than {gt}"},
    "file_problem_less_than": {"es": "debe ser menor que {lt}", "en": "Input should be less than {lt}"},
    "file_problem_int_type": {"es": "debe ser un número entero, sin comillas", "en": "Input should be a valid integer"},
    "file_problem_int_from_float": {"es": "debe ser un número entero, sin decimales",
                                    "en": "Input should be a valid integer, got a number with a fractional part"},
    "file_problem_int_parsing": {"es": "debe ser un número entero", "en": "Input should be a valid integer"},
    "file_problem_bool_type": {"es": "debe ser true o false, sin comillas", "en": "Input should be a valid boolean"},
    "file_problem_bool_parsing": {"es": "debe ser true o false", "en": "Input should be a valid boolean"},
    "file_problem_string_type": {"es": "debe ser un texto entre comillas", "en": "Input should be a valid string"},
    "file_problem_float_type": {"es": "debe ser un número", "en": "Input should be a valid number"},
    "file_problem_finite_number": {"es": "debe ser un número finito", "en": "Input should be a finite number"},
    "file_problem_literal_error": {"es": "debe ser {expected}", "en": "Input should be {expected}"},
    "file_problem_enum": {"es": "debe ser {expected}", "en": "Input should be {expected}"},
    "file_problem_missing": {"es": "falta este campo", "en": "Field required"},
    "file_problem_extra_forbidden": {"es": "no es un campo de estas cartas: quítalo o corrige su nombre",
                                     "en": "Extra inputs are not permitted"},
    "file_problem_string_too_short": {"es": "debe tener al menos {min_length} carácter(es)",
                                      "en": "String should have at least {min_length} characters"},
    "file_problem_string_too_long": {"es": "debe tener como mucho {max_length} caracteres",
                                     "en": "String should have at most {max_length} characters"},
    "file_problem_list_type": {"es": "debe ser una lista entre corchetes", "en": "Input should be a valid list"},
    "file_problem_too_short": {"es": "debe tener al menos {min_length} elemento(s), tiene {actual_length}",
                               "en": "List should have at least {min_length} items after validation, not {actual_length}"},
    "file_problem_too_long": {"es": "debe tener como mucho {max_length} elementos, tiene {actual_length}",
                              "en": "List should have at most {max_length} items after validation, not {actual_length}"},
    "file_problem_dict_type": {"es": "debe ser una tabla", "en": "Input should be a valid dictionary"},
    "file_problem_model_type": {"es": "debe ser una tabla", "en": "Input should be a valid dictionary or instance"},
    "file_problem_model_attributes_type": {"es": "debe ser una tabla", "en": "Input should be a valid dictionary"},
    "file_problem_duplicate": {"es": "repite la de card[{position}]", "en": "duplicate of card[{position}]"},
    "file_problem_id_elsewhere": {"es": "{file} ya la tiene", "en": "{file} has it already"},
}
