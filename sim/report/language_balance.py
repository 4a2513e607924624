"""`sim balance`'s words, Spanish and English: the balance page and the report's balance section,
the console's, a patch that cannot be applied, `--apply N --to DIR`. Part of the one catalog:
sim.report.language looks a key up in every part."""

from __future__ import annotations

BALANCE_TEXT: dict[str, dict[str, str]] = {
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
}
