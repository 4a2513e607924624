"""The findings' words, Spanish and English: what a run's figures conclude (sim.analysis.findings,
worded by sim.report.findings_text). Part of the one catalog: sim.report.language looks a key up in
every part."""

from __future__ import annotations

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
    # a [levels] run (sim.analysis.convergence): a conclusion that does not hold, how many do, and stalls
    "finding_convergence": {"es": "{conclusion} {verdict} de {previous_level} a {level}: {before} con {previous_level}, "
                                  "{after} con {level}; cambio {change} (emparejado en las mismas semillas, n = {n} {unit}).",
                            "en": "{conclusion} {verdict} from {previous_level} to {level}: {before} at {previous_level}, "
                                  "{after} at {level}; change {change} (paired on the same seeds, n = {n} {unit})."},
    "finding_convergence_summary": {"es": "De {previous_level} a {level}, {stable} de las {total} conclusiones principales "
                                          "se sostienen (cambio dentro de ±1 punto o su intervalo cubre 0).",
                                    "en": "From {previous_level} to {level}, {stable} of the {total} headline conclusions "
                                          "hold (a change within ±1 point, or an interval that covers 0)."},
    "finding_convergence_capped": {"es": " Pero con {level}, el {share} de las partidas llega al límite de turnos, y "
                                         "un empate allí cuenta ½ para los dos: una cifra puede sostenerse porque las "
                                         "partidas dejan de terminar.",
                                   "en": " But at {level}, {share} of the games reach the turn cap, and a draw there "
                                         "scores ½ for both: a figure may hold because the games stop ending."},
    "finding_level_stall": {"es": "Con agentes {level}, el {share} de las partidas llega al límite de turnos ({turns} "
                                  "turnos, n = {n} partidas){longer}",
                            "en": "With {level} agents, {share} of the games reach the turn cap ({turns} turns, n = {n} "
                                  "games){longer}"},
    "finding_level_stall_longer": {"es": "; con {turns} turnos, el {share}", "en": "; at {turns} turns, {share}"},
    "finding_level_stall_stuck": {"es": ": más turnos deciden pocas de ellas, los jugadores se estancan.",
                                  "en": ": more turns decide few of them, the players stall."},
    "finding_level_stall_cut": {"es": ": más turnos las deciden, el límite las cortaba.",
                                "en": ": more turns decide them, the cap was cutting them short."},
    "finding_level_stall_alone": {"es": ": su resultado lo da el límite, no el juego.",
                                  "en": ": their result comes from the cap, not from play."},
    "convergence_side": {"es": "La tasa de victorias de {a} contra {b}", "en": "{a}'s win rate against {b}"},
    "convergence_field": {"es": "La tasa de victorias de {a} contra el campo", "en": "{a}'s win rate against the field"},
    "convergence_matchup": {"es": "La tasa de victorias de {a} en el enfrentamiento con {b}",
                            "en": "{a}'s win rate in its matchup with {b}"},
    "convergence_first_player": {"es": "La tasa de victorias del primer jugador", "en": "The first player's win rate"},
    "verdict_stable": {"es": "se sostiene", "en": "holds"},
    "verdict_moves": {"es": "se mueve", "en": "moves"},
    "verdict_flips": {"es": "se invierte", "en": "flips"},
    "unit_conclusions": {"es": "conclusiones", "en": "conclusions"},
    "measure_level_change_paired": {"es": "cambio entre niveles de agente (emparejado): la cifra con el nivel más fuerte "
                                          "contra el anterior, en las mismas semillas y asientos",
                                    "en": "change across agent levels (paired): the figure at the stronger level against "
                                          "the level before, on the same seeds and seats"},
    "measure_convergence_share": {"es": "conclusiones que se sostienen entre los dos niveles más fuertes, de todas",
                                  "en": "conclusions that hold between the two strongest levels, out of all"},
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
