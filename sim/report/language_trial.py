"""The words of a trial (`sim try`, the dashboard's "Try a change"), in Spanish and English: a part
of the one catalog (sim.report.language), like the other language_*.py parts."""

from __future__ import annotations

TRIAL_TEXT: dict[str, dict[str, str]] = {
    # refusals: nothing is written or played
    "trial_refuse_syntax": {"es": "{text}: escribe CARTA.campo=valor (CI-04.cost=6) o params.parámetro=valor",
                            "en": "{text}: write CARD.field=value (CI-04.cost=6) or params.parameter=value"},
    "trial_refuse_card": {"es": "{field}: no hay ninguna carta {card} entre las cartas de {factions}",
                          "en": "{field}: no card {card} among the cards of {factions}"},
    "trial_refuse_field": {"es": "{field}: {card} no tiene ese campo que se pueda cambiar; sus campos son {names}",
                           "en": "{field}: {card} has no such field to change; its fields are {names}"},
    "trial_refuse_param": {"es": "{field}: no es un parámetro de reglas que se pueda cambiar; los parámetros son {names}",
                           "en": "{field}: not a rule parameter that can be changed; the parameters are {names}"},
    "trial_refuse_int": {"es": "{field}: «{value}» no es un número entero",
                         "en": "{field}: \"{value}\" is not a whole number"},
    "trial_refuse_range": {"es": "{field}: {value} queda fuera de lo que admiten las reglas ({low} a {high})",
                           "en": "{field}: {value} is outside what the rules take ({low} to {high})"},
    "trial_refuse_flag": {"es": "{field}: «{value}» no es true ni false",
                          "en": "{field}: \"{value}\" is neither true nor false"},
    "trial_refuse_word": {"es": "{field}: «{value}» no es una de las palabras que admite: {words}",
                          "en": "{field}: \"{value}\" is not one of the words it takes: {words}"},
    "trial_refuse_rule": {"es": "{field}: las reglas de la carta {card} rechazan {edits}: {reason}",
                          "en": "{field}: the card rules of {card} refuse {edits}: {reason}"},
    "trial_refuse_twice": {"es": "{field}: cambiado dos veces; deja un solo valor",
                           "en": "{field}: changed twice; keep one value"},
    "trial_refuse_nothing": {"es": "ningún cambio: cada valor es el que ya tiene la carta; cambia al menos uno",
                             "en": "no change: every value is the card's own; change at least one"},
    "trial_refuse_no_run": {"es": "no hay ninguna ejecución {run} en la carpeta de resultados; juégala primero con "
                                  "`sim run`",
                            "en": "no run {run} in the results folder; play it first with `sim run`"},
    "trial_refuse_running": {"es": "la ejecución {run} se está escribiendo todavía; prueba el cambio cuando termine",
                             "en": "the run {run} is still being written; try the change once it has finished"},
    "trial_refuse_unfinished": {"es": "la ejecución {run} no terminó ({status}); reanúdala con su orden y prueba después",
                                "en": "the run {run} did not finish ({status}); resume it with its command and try "
                                      "afterwards"},
    "trial_refuse_stopped_run": {"es": "{run} paró pronto ([stop]) o es una prueba: prueba el cambio sobre la ejecución "
                                       "completa de la que sale",
                                 "en": "{run} stopped early ([stop]) or is a trial: try the change on the full run it "
                                       "comes from"},
    "trial_refuse_both": {"es": "--half-width y --games van por separado: pide una precisión o un número de partidas",
                          "en": "--half-width and --games do not go together: ask for a precision or a number of games"},
    "trial_refuse_half_width": {"es": "--half-width: {value} no está entre 0 y 0,5 (0,01 = ±1 punto)",
                                "en": "--half-width: {value} is not between 0 and 0.5 (0.01 = ±1 point)"},
    "trial_refuse_games": {"es": "--games: {value} no está entre 2 y {games} partidas por configuración",
                           "en": "--games: {value} is not between 2 and {games} games per config"},
    "trial_refuse_name": {"es": "--name: {name} es el nombre de la ejecución; elige otro",
                          "en": "--name: {name} is the run's own name; choose another"},
    "trial_refuse_name_taken": {"es": "--name: {name} ya es una ejecución que no es una prueba; elige otro nombre",
                                "en": "--name: {name} is already a run that is no trial; choose another name"},
    "trial_refuse_no_card_model": {"es": "{game} no tiene un modelo de carta (*Card en su módulo cards): no se puede "
                                         "probar un cambio de sus cartas",
                                   "en": "{game} has no card model (*Card in its cards module): its cards cannot be "
                                         "tried"},
    "trial_refuse_other_trial": {"es": "--name: {name} ya es una prueba de otros cambios; elige otro nombre o descártala",
                                 "en": "--name: {name} is already a trial of other edits; choose another name or "
                                       "discard it"},
    "trial_refuse_not_trial": {"es": "{name} no es una prueba de `sim try`; no se borra nada",
                               "en": "{name} is not a trial of `sim try`; nothing is removed"},
    "trial_refuse_keep_name": {"es": "«{name}» no sirve como nombre: letras, cifras, «_», «.» y «-», hasta 80, sin "
                                     "empezar por «.» ni «-»",
                               "en": "\"{name}\" is not a usable name: letters, digits, '_', '.' and '-', at most 80, "
                                     "not starting with '.' or '-'"},
    "trial_refuse_keep_taken": {"es": "{name} ya es el nombre de una ejecución o una prueba; elige otro para conservarla",
                                "en": "{name} is already the name of a run or a trial; choose another to keep it as"},
    # what `sim try` and the page say
    "trial_plan": {"es": "Prueba {trial} sobre {run}: {edits}. Las semillas de la ejecución, hasta {games} partidas por "
                         "configuración ({configs} configuraciones), {precision}. {expected}",
                   "en": "Trial {trial} on {run}: {edits}. The run's own seeds, up to {games} games per config "
                         "({configs} configs), {precision}. {expected}"},
    "trial_precision": {"es": "hasta que cada diferencia emparejada se conozca a ±{points} pts",
                        "en": "until each paired difference is known to ±{points} pts"},
    "trial_fixed": {"es": "sin parada: todas esas partidas", "en": "no stopping: every one of those games"},
    "trial_headline": {"es": "{edits}: {what} {before} → {after}, {diff}, emparejado en {games} partidas de {run}.",
                       "en": "{edits}: {what} {before} → {after}, {diff}, paired on {games} games of {run}."},
    "trial_vs_field": {"es": "{label} contra el campo", "en": "{label} against the field"},
    "trial_done": {"es": "Respuesta en {seconds} ({games} partidas jugadas). Guardada como ejecución {trial}; cartas, "
                         "parche y spec en {folder}. `sim compare {run} {trial}` la compara de nuevo; borra las dos "
                         "carpetas para descartarla.",
                   "en": "Answered in {seconds} ({games} games played). Kept as the run {trial}; cards, patch and "
                         "spec in {folder}. `sim compare {run} {trial}` compares it again; remove both folders to "
                         "discard it."},
    "trial_stopped_at": {"es": "{config}: {games} partidas, ±{points} pts", "en": "{config}: {games} games, ±{points} pts"},
    "trial_short": {"es": "{config}: {games} partidas (las que pide la prueba), ±{points} pts: no llega a ±{wanted} pts",
                    "en": "{config}: {games} games (all the trial asks), ±{points} pts: short of ±{wanted} pts"},
    # `sim show` on a trial: its stop
    "trial_stop_title": {"es": "Parada emparejada: cada configuración hasta conocer a ±{points} su diferencia "
                               "emparejada de la tasa de victoria del lado A con las mismas partidas de {run}",
                         "en": "Paired stop: each config until its paired difference of side A's win rate from the "
                               "same games of {run} was known to ±{points}"},
    "trial_stop_fixed": {"es": "Sin parada: {games} partidas por configuración, emparejadas con las mismas de {run}",
                         "en": "No stopping: {games} games per config, paired with the same games of {run}"},
    "trial_stop_no_answer": {"es": "(la prueba aún no tiene respuesta: `sim try` con la misma orden la termina)",
                             "en": "(the trial has no answer yet: `sim try` with the same command finishes it)"},
    "trial_stop_short": {"es": "no llega", "en": "short"},
    "trial_col_reached": {"es": "± alcanzado", "en": "± reached"},
    "trial_win_rates": {"es": "Tasa de victoria del lado A: antes → después", "en": "Side A's win rate: before → after"},
    "trial_field": {"es": "Cada facción contra el campo: antes → después", "en": "Each faction against the field: "
                                                                                  "before → after"},
    "trial_first_player": {"es": "Ventaja del primer jugador (primero − segundo)",
                           "en": "First-player advantage (first − second)"},
    "trial_length": {"es": "Duración (turnos de media)", "en": "Game length (mean turns)"},
    "trial_endings": {"es": "Finales (porcentaje de partidas)", "en": "Endings (share of games)"},
    "trial_forced_draw": {"es": "Efecto de robo forzado de las cartas editadas", "en": "Forced-draw effect of the "
                                                                                      "edited cards"},
    "trial_findings_appeared": {"es": "Hallazgos que aparecen", "en": "Findings that appeared"},
    "trial_findings_gone": {"es": "Hallazgos que desaparecen", "en": "Findings that went away"},
    "trial_findings_none": {"es": "Ningún hallazgo aparece ni desaparece.", "en": "No finding appeared or went away."},
    "trial_col_config": {"es": "configuración", "en": "config"},
    "trial_col_what": {"es": "qué", "en": "what"},
    "trial_col_before": {"es": "antes", "en": "before"},
    "trial_col_after": {"es": "después", "en": "after"},
    "trial_col_diff": {"es": "diferencia emparejada (IC 95 %)", "en": "paired difference (95% CI)"},
    "trial_col_games": {"es": "partidas", "en": "games"},
    # the dashboard's page
    "balance_try_it": {"es": "Probar variaciones en el editor", "en": "Try variations in the editor"},
    "nav_try": {"es": "Probar un cambio", "en": "Try a change"},
    "try_heading": {"es": "Probar un cambio sobre {run}", "en": "Try a change on {run}"},
    "try_no_run": {"es": "Elige arriba una ejecución terminada para probar un cambio sobre sus partidas.",
                   "en": "Pick a finished run above to try a change on its games."},
    "try_intro": {"es": "Elige cartas (o parámetros de reglas), cambia sus números y palabras clave y pulsa Jugar: la "
                        "prueba juega las semillas de la ejecución, así que cada diferencia se mide sobre los mismos "
                        "barajados y dados.",
                  "en": "Pick cards (or rule parameters), change their numbers and keywords and press Play: the "
                        "trial plays the run's own seeds, so each difference is measured on the same shuffles and "
                        "dice."},
    "try_cards_label": {"es": "Cartas y parámetros", "en": "Cards and parameters"},
    "try_params_option": {"es": "Parámetros de reglas", "en": "Rule parameters"},
    "try_precision_label": {"es": "Precisión", "en": "How sure"},
    "try_by_half_width": {"es": "± puntos (para cuando cada diferencia se conoce así)",
                          "en": "± points (stops once each difference is known this well)"},
    "try_by_games": {"es": "partidas por configuración (sin parada)", "en": "games per config (no stopping)"},
    "try_edits_label": {"es": "Los cambios, como los escribe `sim try`", "en": "The edits, as `sim try` writes them"},
    "try_play": {"es": "Jugar", "en": "Play"},
    "try_expected": {"es": "Tiempo esperado: unos {likely} ({likely_games} partidas por configuración), como mucho "
                           "{seconds} ({games} × {configs} configuraciones) a {speed} partidas/s, la velocidad medida de "
                           "la ejecución.",
                     "en": "Expected time: about {likely} ({likely_games} games per config), at most {seconds} "
                           "({games} × {configs} configs) at {speed} games/s, the run's measured speed."},
    "try_expected_measured": {"es": "Tiempo esperado: unos {likely} hasta la respuesta ({likely_games} partidas por "
                                    "configuración), como mucho {seconds} ({games} × {configs} configuraciones), a la "
                                    "velocidad de la última prueba de esta ejecución: {speed} partidas/s con su "
                                    "análisis, más {fixed} para empezar.",
                              "en": "Expected time: about {likely} to the answer ({likely_games} games per config), "
                                    "at most {seconds} ({games} × {configs} configs), at the speed of this run's last "
                                    "trial: {speed} games/s with its analysis, plus {fixed} to start."},
    "try_refused": {"es": "Corrige lo marcado: no se juega nada.", "en": "Fix what is marked: nothing is played."},
    "try_playing": {"es": "Jugando {trial}: {games} partidas, {seconds}.", "en": "Playing {trial}: {games} games, "
                                                                                  "{seconds}."},
    "try_queued": {"es": "{trial} se está jugando en otra pestaña: aquí se muestra su progreso.",
                   "en": "{trial} is being played from another tab: its progress shows here."},
    "try_failed": {"es": "La prueba {trial} no terminó: {reason}", "en": "The trial {trial} did not finish: {reason}"},
    "try_answered": {"es": "Respuesta en {seconds} desde que se pulsó Jugar ({games} partidas jugadas).",
                     "en": "Answered in {seconds} from the click on Play ({games} games played)."},
    "try_keep": {"es": "Conservar", "en": "Keep"},
    "try_keep_name": {"es": "como", "en": "as"},
    "try_discard": {"es": "Descartar", "en": "Discard"},
    "try_kept": {"es": "Conservada: la ejecución {trial} está en la lista de ejecuciones; cartas, parche y spec en "
                       "{folder}.",
                 "en": "Kept: the run {trial} is in the runs list; cards, patch and spec in {folder}."},
    "try_discarded": {"es": "Descartada: {trial} y sus cartas se han borrado.",
                      "en": "Discarded: {trial} and its cards were removed."},
    "try_findings_note": {"es": "Los hallazgos de la ejecución se leen en todas sus partidas; los de la prueba, en las "
                                "suyas.",
                          "en": "The run's findings are read on all its games; the trial's on its own."},
}
