"""The one language catalog: every text the dashboard, the HTML report and the charts show, in
Spanish and English. Card names stay as the data spells them.

`t(key, lang)` gives a text, `column(name, lang)` a table column's header. Keys are grouped by where
they are shown (the shell, each dashboard page, the charts, the report's sentences); a key is used
wherever its text fits, so a word is translated once."""

from __future__ import annotations

from sim.core import errors

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
    # the balance page and the report's balance section (`sim balance`)
    "nav_balance": {"es": "Balance", "en": "Balance"},
    "balance_heading": {"es": "Propuestas de balance", "en": "Balance proposals"},
    "balance_none": {"es": "Todavía no hay búsquedas en {folder}: ejecuta `sim balance` con un spec que tenga [balance].",
                     "en": "No searches in {folder} yet: run `sim balance` on a spec with a [balance] table."},
    "balance_summary": {"es": "{candidates} candidatos medidos ({moves} ediciones sueltas), {games} partidas jugadas por la "
                              "búsqueda en {seconds} de juego, contando cada sesión.",
                        "en": "{candidates} candidates measured ({moves} single edits), {games} games played by the "
                              "search in {seconds} of play over every session."},
    "balance_held_out": {"es": "Las cifras se confirman con la semilla reservada {seed}, que la búsqueda nunca jugó, con "
                               "{confirm} partidas por enfrentamiento; intervalos del 95 %, y la base en las mismas "
                               "partidas.",
                         "en": "Figures confirmed on the held-out seed {seed}, never played by the search, {confirm} "
                               "games per matchup; 95% intervals, and the baseline on the same games."},
    "balance_confirmed": {"es": "Las cifras de la propuesta 1 son las de la semilla de confirmación {fresh}, que ninguna "
                                "etapa anterior jugó, con {games} partidas por enfrentamiento y la base en las mismas "
                                "partidas: se eligió como la mejor de {among} con la semilla reservada {seed}, que la "
                                "búsqueda nunca jugó ({confirm} partidas por enfrentamiento), y la mejor de {among} con "
                                "una semilla parece mejor de lo que es. Las demás propuestas, con la semilla reservada; "
                                "intervalos del 95 %.",
                          "en": "Proposal 1's figures are those of the confirmation seed {fresh}, which no stage before "
                                "played, {games} games per matchup with the baseline on the same games: it was chosen as "
                                "the best of {among} on the held-out seed {seed}, never played by the search ({confirm} "
                                "games per matchup), and the best of {among} on one seed looks better than it is. The "
                                "other proposals on the held-out seed; 95% intervals."},
    "balance_selection": {"es": "Selección: con la semilla reservada {seed}, donde se eligió como la mejor de {among}, "
                                "la propuesta 1 daba {figures}. Esa lectura es la de la elección, optimista (la mejor "
                                "de {among} es también la de más suerte); sus cifras son las de arriba, de la semilla "
                                "de confirmación {fresh}.",
                          "en": "Selection: on the held-out seed {seed}, where it was chosen as the best of {among}, "
                                "proposal 1 read {figures}. That reading is the choice's, optimistic (the best of "
                                "{among} is also the luckiest); its figures are the ones above, from the confirmation "
                                "seed {fresh}."},
    "balance_selection_figure": {"es": "{label} {value} (n = {n})", "en": "{label} {value} (n = {n})"},
    "balance_reused_seed": {"es": "Aviso: la semilla reservada {seed} ya la usó una búsqueda anterior, {search} "
                                  "(terminada el {finished}), con otras cartas (desde entonces cambió {files}). Elegir "
                                  "propuestas una y otra vez con las mismas partidas reservadas las ajusta a la suerte "
                                  "de esas partidas: pon otro held_out_seed en la tabla [balance] de {spec} y vuelve a "
                                  "ejecutar sim balance con --overwrite.",
                            "en": "Warning: the held-out seed {seed} was already used by an earlier search, {search} "
                                  "(finished {finished}), on other cards ({files} changed since). Proposals chosen again "
                                  "and again on the same held-out games fit those games' luck: set another "
                                  "held_out_seed in the [balance] table of {spec} and run sim balance again with "
                                  "--overwrite."},
    "balance_console_heading": {"es": "{name}: {proposals} propuesta(s) de {candidates} candidatos ({moves} ediciones "
                                      "sueltas), {games} partidas jugadas por la búsqueda, {seconds} de juego",
                                "en": "{name}: {proposals} proposal(s) from {candidates} candidates ({moves} single "
                                      "edits), {games} games played by the search, {seconds} of play"},
    "balance_console_session": {"es": "; esta ejecución jugó {games} de ellas en {seconds} de tiempo real",
                                "en": "; this invocation played {games} of them in {seconds} of wall time"},
    "balance_none_met": {"es": "Ninguna propuesta cumple todos los objetivos en las partidas que la confirman. Son las "
                               "más cercanas que encontró la búsqueda: amplía el espacio de búsqueda (max_change, más "
                               "cartas o campos, max_edits) o las tolerancias, y vuelve a ejecutar con --overwrite.",
                         "en": "No proposal meets every objective on the games that confirm it. They are the closest "
                               "the search found: widen the search space (max_change, more cards or fields, max_edits) "
                               "or the tolerances, and run again with --overwrite."},
    "balance_apply_one": {"es": "Aplica una: sim balance {spec} --apply N --to CARPETA (una copia de la carpeta de cartas)",
                          "en": "Apply one: sim balance {spec} --apply N --to DIR (a copy of the card folder)"},
    "balance_written_to": {"es": "camino de la búsqueda y propuestas -> {folder}",
                           "en": "search path and proposals -> {folder}"},
    "balance_before": {"es": "antes", "en": "before"},
    "balance_after": {"es": "después", "en": "after"},
    "balance_nash_line": {"es": "mezcla de Nash {mix}; soporte {support}; explotabilidad (un campo de una sola facción) "
                                "{gains}",
                          "en": "Nash mix {mix}; support {support}; exploitability (a field of one faction) {gains}"},
    "balance_effects_summary": {"es": "Efectos de las cartas: {base} partidas por configuración forzada de la base antes de la "
                                      "búsqueda (semilla {seed}) y {confirm} por carta y posición, de la base y de cada "
                                      "propuesta, con la semilla reservada.",
                                "en": "Card effects: {base} games per forced config of the baseline before the search "
                                      "(seed {seed}), and {confirm} per card and position, the baseline's and each "
                                      "proposal's, on the held-out seed."},
    "balance_effects_summary_confirmed": {"es": "Efectos de las cartas: {base} partidas por configuración forzada de la "
                                                "base antes de la búsqueda (semilla {seed}) y {confirm} por carta y "
                                                "posición, de la base y de cada propuesta, con la semilla reservada, y "
                                                "de la propuesta 1 y la base otra vez con la de confirmación.",
                                          "en": "Card effects: {base} games per forced config of the baseline before the "
                                                "search (seed {seed}), and {confirm} per card and position, the "
                                                "baseline's and each proposal's, on the held-out seed, and proposal 1's "
                                                "and the baseline's again on the confirmation seed."},
    "balance_proposal_heading": {"es": "Propuesta {rank}: {edits} ({verdict})", "en": "Proposal {rank}: {edits} ({verdict})"},
    "balance_proposal": {"es": "Propuesta {rank}", "en": "Proposal {rank}"},
    "balance_proposal_confirmed": {"es": "Propuesta {rank} (semilla de confirmación {seed})",
                                   "en": "Proposal {rank} (confirmation seed {seed})"},
    "balance_met": {"es": "cumple todos los objetivos", "en": "meets every objective"},
    "balance_missed": {"es": "no cumple algún objetivo", "en": "misses an objective"},
    "balance_baseline": {"es": "Base", "en": "Baseline"},
    "balance_col_figure": {"es": "Cifra", "en": "Figure"},
    "balance_col_target": {"es": "Objetivo", "en": "Target"},
    "balance_col_proposal": {"es": "Propuesta", "en": "Proposal"},
    "balance_col_n": {"es": "n", "en": "n"},
    "balance_col_met": {"es": "Cumple", "en": "Met"},
    "balance_col_change": {"es": "Cambio (emparejado)", "en": "Change (paired)"},
    "balance_download_patch": {"es": "Descargar el parche", "en": "Download the patch"},
    "balance_apply_copy": {"es": "Aplicar a una copia", "en": "Apply to a copy"},
    "balance_applied": {"es": "Copia de las cartas con la propuesta {rank} escrita en {folder}.",
                        "en": "Copy of the cards with proposal {rank} written to {folder}."},
    "balance_apply_failed": {"es": "No se pudo escribir la copia: {problem}", "en": "The copy could not be written: {problem}"},
    # why a proposal could not be applied to a copy of the cards (sim.balance.patch, the console's and the page's)
    "patch_no_card_file": {"es": "{folder}: ningún archivo de cartas tiene la carta {card}",
                           "en": "{folder}: no card file holds card {card}"},
    "patch_no_card": {"es": "{source}: no está la carta {card}", "en": "{source}: no card {card}"},
    "patch_card_changed": {"es": "{source}: carta {card}: {field} vale {found} en el archivo y la búsqueda leyó {old}; "
                                 "el archivo de cartas ha cambiado desde la búsqueda: vuelve a ejecutar `sim balance`",
                           "en": "{source}: card {card}: {field} is {found} in the file, the search read {old}; the card "
                                 "file changed since the search: run `sim balance` again"},
    "patch_into_source": {"es": "--to: {dest} es la carpeta de cartas que leyó la búsqueda (o está dentro de ella); da "
                                "una carpeta nueva: las cartas incluidas nunca se cambian",
                          "en": "--to: {dest} is the card folder the search read (or inside it); give a new folder, the "
                                "shipped cards are never changed"},
    "patch_not_empty": {"es": "--to: {dest} ya existe y no es una carpeta vacía; da una carpeta nueva",
                        "en": "--to: {dest} exists and is not an empty folder; give a new folder"},
    "patch_not_written": {"es": "--to: {dest}: no se ha podido escribir: {reason}; no se ha dejado nada ahí",
                          "en": "--to: {dest}: could not be written: {reason}; nothing was left there"},
    "patch_no_proposal": {"es": "--apply: {number}: la búsqueda hizo las propuestas 1 a {count}",
                          "en": "--apply: {number}: the search made proposals 1 to {count}"},
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
    # `sim balance --apply N --to DIR` in the terminal: what it wrote and how to play it
    "balance_apply_wrote": {"es": "escrito {path}", "en": "wrote {path}"},
    "balance_apply_param": {"es": "pon {field} = {value} en el [params] del experimento (un parámetro de regla)",
                            "en": "set {field} = {value} in the spec's [params] (a rule parameter)"},
    "balance_apply_spec_line": {"es": "Para jugar la propuesta {rank}, pon esta línea en {spec} (o en una copia en la "
                                      "misma carpeta), entre las claves de arriba, antes del primer [[side]]{replacing}:",
                                "en": "To play proposal {rank}, put this line in {spec} (or in a copy in the same "
                                      "folder), among the keys at the top, before the first [[side]]{replacing}:"},
    "balance_apply_replacing": {"es": ", en lugar de su cards_dir = {old}", "en": ", in place of its cards_dir = {old}"},
    "balance_apply_run": {"es": "y juégala en una carpeta propia, junto a la ejecución de la base, con:",
                          "en": "then play it into a folder of its own, beside the baseline's run, with:"},
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
    "game_dicedraft": {"es": "Dicedraft", "en": "Dicedraft"},
    "game_fortaleza": {"es": "Fortaleza", "en": "Fortaleza"},
    "game_rolplay": {"es": "Rolplay", "en": "Rolplay"},
    "game_epikha": {"es": "Paladines de Epikha", "en": "Paladines de Epikha"},
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
    "replay_draw": {"es": "nadie (empate)", "en": "nobody (a draw)"},
    "matches_stored": {"es": "La repetición coincide con el registro guardado.", "en": "The replay matches the stored record."},
    "replay_changed": {"es": "las cartas, los parámetros o la versión del juego han cambiado desde que se escribió la "
                             "ejecución; puede que la repetición no sea la partida guardada",
                       "en": "the cards, parameters or ruleset version changed since the run was written; the replay "
                             "may not be the stored game"},
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
    # end reasons of the rulesets (their `end_names`)
    "end_lives": {"en": "out of lives", "es": "sin vidas"},
    "end_turn_cap": {"en": "turn cap", "es": "límite de turnos"},
    "end_fortaleza": {"en": "Fortaleza at 0", "es": "Fortaleza a 0"},
    "end_decked": {"en": "deck-out", "es": "mazo agotado"},
    "end_both_zero": {"en": "both Fortalezas at 0", "es": "ambas Fortalezas a 0"},
    "end_concession": {"en": "concession", "es": "rendición"},
    "end_life": {"en": "life at 0", "es": "vida a 0"},
    "end_deck_out": {"en": "deck ran out", "es": "mazo agotado"},
    "end_score": {"en": "turn cap, on score", "es": "límite de turnos, por puntuación"},
    "end_tie": {"en": "turn cap, equal score", "es": "límite de turnos, puntuación igual"},
    "end_vital": {"en": "Vital at 0", "es": "Vital a 0"},
    "end_both": {"en": "both Players at 0", "es": "los dos Jugadores a 0"},
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
    "config_card_field": {"es": "{card}: {field} = {value}", "en": "{card}: {field} = {value}"},
    "config_versus": {"es": "{a} contra {b}", "en": "{a} vs {b}"},
    "local_fit_words": {"es": "{low}-{high}, {budgets} presupuestos", "en": "{low}-{high}, {budgets} budgets"},
    "yes": {"es": "sí", "en": "yes"},
    "no": {"es": "no", "en": "no"},
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
    "games_total": ("partidas en total", "games in all"),
    "config": ("configuración", "config"), "side": ("lado", "side"), "faction": ("facción", "faction"),
    "group": ("grupo", "group"), "figure": ("cifra", "figure"), "level": ("nivel (A / B)", "level (A / B)"),
    "level_rate": ("valor", "value"), "flag": ("señal", "flag"),
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

# findings (sim.analysis.findings, worded by sim.report.findings_text): what a run's figures conclude,
# first in `sim show`, the report's page 1, `sim report --format md` and the dashboard's first panel
FINDINGS_TEXT: dict[str, dict[str, str]] = {
    "findings_heading": {"es": "Conclusiones", "en": "Findings"},
    "findings_summary_heading": {"es": "{run}: resumen", "en": "{run}: summary"},
    "findings_none": {"es": "Ninguna conclusión: la ejecución no tiene partidas todavía.",
                      "en": "No findings: the run has no games yet."},
    "findings_note": {"es": "Gravedad: «alta» o «media» solo cuando todo el intervalo del 95% queda más allá de su "
                            "umbral (la tabla [findings] del experimento, o sus valores por defecto); por debajo, o con el "
                            "intervalo alcanzando el valor que no favorece a nadie, es información, nunca un problema. "
                            "Ordenadas de la más grave a la más leve.",
                      "en": "Severity: high or medium only when the whole 95% interval lies beyond its threshold (the "
                            "spec's [findings] table, or its defaults); below it, or with the interval reaching the value "
                            "that favours nobody, it is information, never a problem. Most severe first."},
    "findings_more": {"es": "… y {n} más (todas: sim report).", "en": "… and {n} more (all of them: sim report)."},
    "findings_show_all": {"es": "Mostrar las {n} conclusiones", "en": "Show all {n} findings"},
    "findings_show_more": {"es": "Cartas conciliadas y qué significa cada gravedad",
                           "en": "Reconciled cards, and what each severity means"},
    "findings_show_note": {"es": "Qué significa cada gravedad", "en": "What each severity means"},
    "severity_high": {"es": "alta", "en": "high"},
    "severity_medium": {"es": "media", "en": "medium"},
    "severity_info": {"es": "información", "en": "info"},
    "findings_col_severity": {"es": "Gravedad", "en": "Severity"},
    "findings_col_finding": {"es": "Conclusión", "en": "Finding"},
    "findings_col_measure": {"es": "Medida y qué compara", "en": "Measure and what it compares"},
    "findings_col_figure": {"es": "Estimación [IC 95%], n", "en": "Estimate [95% CI], n"},
    "findings_in_config": {"es": "En {config}, ", "en": "In {config}, "},
    "findings_at_level": {"es": "Con agentes {level}, ", "en": "With {level} agents, "},
    "findings_figure": {"es": "{value}, n = {n} {unit}", "en": "{value}, n = {n} {unit}"},
    "unit_games": {"es": "partidas", "en": "games"},
    "unit_pairs": {"es": "pares de asientos espejados", "en": "seat-mirrored pairs"},
    # a forced draw's pairs are not seat pairs: the same game with the card on top and at the bottom
    "unit_top_bottom_pairs": {"es": "pares de partidas arriba/abajo", "en": "top/bottom game pairs"},
    "unit_matches": {"es": "partidos", "en": "matches"},
    "unit_runs": {"es": "recorridos", "en": "runs"},
    # one sentence per kind
    "finding_first_player": {"es": "{where}el primer jugador gana el {rate}: {points} frente al segundo ({n} {unit}).",
                             "en": "{where}the first player wins {rate}: {points} against the second player ({n} {unit})."},
    "finding_first_player_pooled": {"es": "En los {pooled} enfrentamientos, el primer jugador gana el {rate}: {points} "
                                          "frente al segundo ({n} {unit}); donde más, en {largest}: {largest_points}.",
                                    "en": "Across the {pooled} matchups, the first player wins {rate}: {points} against "
                                          "the second player ({n} {unit}); most in {largest}: {largest_points}."},
    "finding_side": {"es": "{where}{a} gana el {rate} contra {b} (n = {n} partidas: {wins} ganadas, {losses} perdidas, "
                           "{draws} empatadas).",
                     "en": "{where}{a} wins {rate} against {b} (n = {n} games: {wins} won, {losses} lost, {draws} drawn)."},
    "finding_field": {"es": "{a} gana el {rate} contra el campo (una mezcla uniforme de los {sides} lados, su espejo "
                            "incluido; n = {n} partidas).",
                      "en": "{a} wins {rate} against the field (a uniform mix of the {sides} sides, its mirror "
                            "included; n = {n} games)."},
    "finding_matchup": {"es": "{a} gana a {b} el {rate} de las veces (n = {n} partidas).",
                        "en": "{a} beats {b} {rate} of the time (n = {n} games)."},
    "finding_cycle": {"es": "Un ciclo sin lado dominante: {a} gana a {b} ({ab}), {b} a {c} ({bc}) y {c} a {a} ({ca}), "
                            "cada enfrentamiento con su intervalo del 95% por encima del 50%.",
                      "en": "A cycle with no dominant side: {a} beats {b} ({ab}), {b} beats {c} ({bc}) and {c} beats "
                            "{a} ({ca}), each matchup with its 95% interval above 50%."},
    "finding_card_effect": {"es": "Robar {card} ({label}) de inmediato, en vez de tarde o nunca, cambia las victorias de "
                                  "su lado en {effect} ({n} partidas jugadas de las dos maneras{seen}).",
                            "en": "Drawing {card} ({label}) at once, rather than late or never, changes its side's win "
                                  "rate by {effect} ({n} games played both ways{seen})."},
    "finding_card_seen": {"es": "; desde el fondo del mazo aún se vio en el {seen} de ellas",
                          "en": "; put at the bottom of the deck it was still seen in {seen} of them"},
    "finding_card_per_changed": {"es": " En las partidas en que ponerla arriba cambió si se veía ({changed} de ellas), "
                                       "robarla de inmediato en vez de nunca cambia las victorias en {effect}.",
                                 "en": " In the games where putting it on top changed whether it was seen ({changed} "
                                       "of them), drawing it at once rather than never changes the win rate by {effect}."},
    "finding_cost_strong": {"es": "{card} ({label}) supera en {worth} a una {filler} de su coste: fuerte para su coste "
                                  "(n = {n} partidas, las mismas semillas).",
                            "en": "{card} ({label}) beats a {filler} of its cost by {worth}: strong for its cost "
                                  "(n = {n} games, the same seeds)."},
    "finding_cost_weak": {"es": "Una {filler} de su coste rendiría más que {card} ({label}): {worth}; débil para su coste "
                                "(n = {n} partidas, las mismas semillas).",
                          "en": "A {filler} of its cost would do better than {card} ({label}): {worth}; weak for its "
                                "cost (n = {n} games, the same seeds)."},
    "filler_with_stats": {"es": "carta sin habilidades {stats}", "en": "vanilla {stats}"},
    "filler_plain": {"es": "carta sin habilidades", "en": "vanilla card"},
    "finding_stall": {"es": "{where}el {share} de las partidas llega al límite de turnos ({count} de {n}: {reasons}): su "
                            "resultado lo da el límite, no el juego.",
                      "en": "{where}{share} of the games reach the turn cap ({count} of {n}: {reasons}): their result "
                            "comes from the cap, not from play."},
    "finding_stall_decided": {"es": " Entre las {decided} partidas decididas, el primer jugador gana el {first} ({points} "
                                    "frente al segundo), y el {first_half} contando los empates como ½",
                              "en": " Among the {decided} decided games, the first player wins {first} ({points} over "
                                    "the second player), against {first_half} with draws scored ½"},
    "finding_stall_sides": {"es": "; {a} gana el {a_rate} de ellas y {b} el {b_rate} ({a_half} y {b_half} contando los "
                                  "empates como ½)",
                            "en": "; {a} wins {a_rate} of them and {b} {b_rate} ({a_half} and {b_half} with draws "
                                  "scored ½)"},
    "finding_level_decided": {"es": " Solo entre las partidas decididas: {first} con {first_level} ({first_n} partidas), "
                                    "{value} con {level} ({n} partidas); empatadas en el límite de turnos: el {first_cap} "
                                    "y el {cap}.",
                              "en": " Among decided games only: {first} at {first_level} ({first_n} games), {value} "
                                    "at {level} ({n} games); drawn at the turn cap: {first_cap} and {cap}."},
    "stall_turn_cap": {"es": "{k} empatadas en el límite, que cuentan ½", "en": "{k} drawn at the cap, scored ½"},
    "stall_score": {"es": "{k} decididas allí por puntos", "en": "{k} decided there by score"},
    "stall_tie": {"es": "{k} empatadas a puntos", "en": "{k} tied on score"},
    "finding_budget_fall": {"es": "Las victorias de {a} contra {b} bajan {diff} del presupuesto {low} al {high}: más "
                                  "presupuesto, menos victorias ({n} pares de asientos espejados en las mismas partidas).",
                            "en": "{a}'s win rate against {b} falls by {diff} from budget {low} to {high}: more budget, "
                                  "fewer wins ({n} seat-mirrored pairs on the same games)."},
    "finding_level_change": {"es": "{figure}: {first} con {first_level}, {value} con {level} ({flag}).",
                             "en": "{figure}: {first} at {first_level}, {value} at {level} ({flag})."},
    "finding_sweep_change": {"es": "La configuración {config} mueve las victorias del lado A en {diff} respecto a la base (n = {n} "
                                   "partidas, emparejadas en las mismas semillas).",
                             "en": "Config {config} moves side A's win rate by {diff} from the baseline (n = {n} games, "
                                   "paired on the same seeds)."},
    "finding_match": {"es": "{where}{a} gana el {rate} de sus partidos al mejor de tres contra {b} (n = {n} partidos; "
                            "los que quedan sin decidir cuentan ½).",
                      "en": "{where}{a} wins {rate} of its best-of-three matches against {b} (n = {n} matches; "
                            "undecided ones count ½)."},
    "finding_story": {"es": "{where}{a} supera las {stages} etapas del modo historia en el {rate} de sus recorridos "
                            "(n = {n} recorridos).",
                      "en": "{where}{a} clears all {stages} story stages in {rate} of its runs (n = {n} runs)."},
    "finding_level_strength": {"es": "{a} gana el {rate} contra los demás niveles de agente (un campo uniforme de los "
                                     "{sides} niveles, su espejo incluido; n = {n} partidas): la fuerza del agente, no "
                                     "una cifra de balance.",
                               "en": "{a} wins {rate} against the other agent levels (a uniform field of the {sides} "
                                     "levels, its mirror included; n = {n} games): how strong the agent is, not a "
                                     "balance figure."},
    "finding_balance_met": {"es": "La propuesta de balance {rank} ({edits}) cumple todos los objetivos con la semilla "
                                  "reservada {seed} ({games} partidas por enfrentamiento): {figures}.",
                            "en": "Balance proposal {rank} ({edits}) meets every objective on the held-out seed {seed} "
                                  "({games} games per matchup): {figures}."},
    "finding_balance_confirmed_met": {"es": "La propuesta de balance {rank} ({edits}), la mejor de {among} con la semilla "
                                            "reservada {seed}, cumple todos los objetivos con la semilla de "
                                            "confirmación {fresh} ({games} partidas por enfrentamiento): {figures}.",
                                      "en": "Balance proposal {rank} ({edits}), the best of {among} on the held-out seed "
                                            "{seed}, meets every objective on the confirmation seed {fresh} ({games} "
                                            "games per matchup): {figures}."},
    "finding_balance_confirmed_missed": {"es": "La propuesta de balance {rank} ({edits}), la mejor de {among} con la "
                                               "semilla reservada {seed}, no cumple todos los objetivos con la semilla "
                                               "de confirmación {fresh} ({games} partidas por enfrentamiento): "
                                               "{figures}.",
                                         "en": "Balance proposal {rank} ({edits}), the best of {among} on the held-out "
                                               "seed {seed}, misses an objective on the confirmation seed {fresh} "
                                               "({games} games per matchup): {figures}."},
    "finding_balance_missed": {"es": "Ninguna propuesta de balance cumple todos los objetivos con la semilla reservada "
                                     "{seed} ({games} partidas por enfrentamiento); la más cercana, la propuesta {rank} "
                                     "({edits}): {figures}.",
                               "en": "No balance proposal meets every objective on the held-out seed {seed} ({games} "
                                     "games per matchup); the closest, proposal {rank} ({edits}): {figures}."},
    "finding_balance_figure": {"es": "{label} {value} (objetivo {target})", "en": "{label} {value} (target {target})"},
    # each measure: its name, and what it compares with what
    "measure_first_player_advantage": {"es": "ventaja del primer jugador: sus victorias menos las del segundo, en pares "
                                             "de asientos espejados (dos partidas que cambian quién empieza)",
                                       "en": "first-player advantage: the first player's win rate minus the second "
                                             "player's, on seat-mirrored pairs (two games that swap who starts)"},
    "measure_side_win_rate": {"es": "tasa de victoria (un empate cuenta ½): el lado A contra el lado B",
                              "en": "win rate (a draw counts ½): side A against side B"},
    "measure_field_win_rate": {"es": "tasa de victoria contra el campo: el lado contra una mezcla uniforme de todos los lados",
                               "en": "win rate against the field: the side against a uniform mix of every side"},
    "measure_matchup_win_rate": {"es": "tasa de victoria del enfrentamiento: un lado contra otro",
                                 "en": "matchup win rate: one side against one other"},
    "measure_cycle_weakest_edge": {"es": "el enfrentamiento más ajustado del ciclo", "en": "the closest matchup of the cycle"},
    "measure_forced_draw_effect": {"es": "efecto de robo forzado (causal): la carta arriba del mazo (robada de inmediato) "
                                         "contra al fondo (robada tarde o nunca), las mismas partidas en lo demás",
                                   "en": "forced-draw effect (causal): the card on top of the deck (drawn at once) "
                                         "against at its bottom (drawn late or never), the same games otherwise"},
    "measure_ablation_worth": {"es": "valor frente a una carta sin habilidades de su coste (ablación, causal): la base "
                                     "contra las mismas partidas con la carta sustituida por una carta sin habilidades "
                                     "del mismo coste",
                               "en": "worth against a vanilla card of its cost (ablation, causal): the baseline against "
                                     "the same games with the card replaced by a vanilla card of the same cost"},
    "measure_turn_cap_share": {"es": "proporción en el límite de turnos: partidas que llegaron al límite, de todas las "
                                     "de la configuración",
                               "en": "turn-cap share: games that reached the turn cap, out of all the config's games"},
    "measure_budget_step": {"es": "paso de presupuesto (emparejado): las victorias del lado A con el presupuesto mayor "
                                  "contra el menor, en las mismas partidas",
                            "en": "budget step (paired): side A's win rate at the higher budget against the lower one, "
                                  "on the same games"},
    "measure_level_figure": {"es": "una cifra principal entre niveles de agente: el intervalo propio de este nivel contra "
                                   "el del primero (sin emparejar)",
                             "en": "a headline figure across agent levels: this level's own interval against the first "
                                   "level's (not paired)"},
    "measure_sweep_difference": {"es": "diferencia del barrido (emparejada): las victorias del lado A en la configuración "
                                       "contra la base, en las mismas partidas",
                                 "en": "sweep difference (paired): side A's win rate in the config against the "
                                       "baseline, on the same games"},
    "measure_match_win_rate": {"es": "victorias en partidos (sin decidir, ½): los partidos al mejor de tres del lado A "
                                     "contra el lado B",
                               "en": "match win rate (undecided, ½): side A's best-of-three matches against side B"},
    "measure_story_clear_chance": {"es": "probabilidad de superar la historia: recorridos que ganan todas las etapas, "
                                         "de todos",
                                   "en": "chance to clear the story: runs that win every stage, out of all runs"},
    "measure_balance_objectives": {"es": "objetivos de balance con la semilla reservada: las cifras de la propuesta "
                                         "contra sus objetivos",
                                   "en": "balance objectives on the held-out seed: the proposal's figures against "
                                         "their targets"},
    "measure_balance_confirmed": {"es": "objetivos de balance con la semilla de confirmación, nueva tras elegir la "
                                        "propuesta con la reservada: sus cifras contra sus objetivos",
                                  "en": "balance objectives on the confirmation seed, fresh after the held-out one "
                                        "chose the proposal: its figures against their targets"},
    # forced draw and ablation of the same card, reconciled
    "reconcile_heading": {"es": "Robo forzado y ablación, conciliados", "en": "Forced draw and ablation, reconciled"},
    "reconcile_note": {"es": "Robo forzado de la ejecución {forced_run}; ablación de {ablation_run}. El robo forzado mide "
                             "robar la carta de inmediato contra tarde o nunca; la ablación, la carta contra una carta "
                             "sin habilidades de su coste. Las dos son ciertas.",
                       "en": "Forced draw from the run {forced_run}; ablation from {ablation_run}. The forced draw "
                             "measures drawing the card at once against late or never; the ablation, the card against "
                             "a vanilla card of its cost. Both are right."},
    "reconcile_strong_drawn": {"es": "{card} ({label}): fuerte al robarla, {effect}; una {filler} de su coste sería más "
                                     "fuerte, {worth}: su coste es justo o alto.",
                               "en": "{card} ({label}): strong when drawn, {effect}; a {filler} at its cost would be "
                                     "stronger, {worth}: its cost is fair or high."},
    "reconcile_weak_drawn": {"es": "{card} ({label}): robarla de inmediato perjudica, {effect}; aun así supera a una "
                                   "{filler} de su coste, {worth}: su valor llega más tarde, y su coste es justo o bajo.",
                             "en": "{card} ({label}): drawing it at once hurts, {effect}; yet it beats a {filler} at "
                                   "its cost, {worth}: its worth comes later, and its cost is fair or low."},
    "reconcile_rank": {"es": "{card} ({label}): puesto {forced_rank} de {cards} por robo forzado ({effect}) y {ablation_rank} "
                             "de {cards} frente a una {filler} de su coste ({worth}): el robo forzado mide robarla; la "
                             "ablación, lo que aporta sobre una carta simple de su coste.",
                       "en": "{card} ({label}): rank {forced_rank} of {cards} by the forced draw ({effect}) and "
                             "{ablation_rank} of {cards} against a {filler} of its cost ({worth}): the forced draw "
                             "measures drawing it; the ablation, what it adds over a plain card of its cost."},
}
TEXT.update(FINDINGS_TEXT)


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


def column_definition(name: str, lang: str | None) -> str | None:
    """What a table column measures, in `lang` (ANALYTICS.md's words), or None for a column that
    says itself (names, configs)."""
    pair = COLUMN_DEFINITIONS.get(name)
    return None if pair is None else pair[0 if (lang or "es") == "es" else 1]


def t(key: str, lang: str | None, **fields: object) -> str:
    """The text `key` in `lang` (Spanish when unknown), with its {fields} filled."""
    entry = TEXT[key]
    return entry.get(lang or "es", entry["es"]).format(**fields)


UNIT_WORDS = {"games": "unit_games", "story": "unit_runs", "best_of_three": "unit_matches"}  # a run's kind -> its units


def unit_word(kind: str | None, lang: str | None) -> str:
    """What a unit of a run of `kind` is called in `lang`: games, matches (best of three) or story
    runs; games for a kind the catalog does not name."""
    return t(UNIT_WORDS.get(str(kind), "unit_games"), lang)


def game_name(ruleset: str | None, lang: str | None) -> str:
    """The game's name as its designers call it ("Paladines de Epikha"); a game the catalog does not
    name (a test's own) by its id."""
    key = f"game_{ruleset}"
    return t(key, lang) if key in TEXT else str(ruleset)


errors.use_catalog(t)  # messages raised in the layers below are worded by this catalog (sim.core.errors)
