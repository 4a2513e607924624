"""Findings (sim.analysis.findings, worded by sim.report.findings_text) on hand-made runs whose
answers are known by hand: the first player's edge and a side's win rate from chosen pair scores,
Japón against the field of a crafted round robin, a cycle, a turn-cap share; cards and budget steps
on frames with the analyses' own columns; thresholds from a spec's [findings] table (refused with
the field named when wrong); and every sentence in one language, with no word of the other."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import polars as pl
import pytest

from crafted_runs import Z, wilson, write_games, write_manifest, write_round_robin
from sim.analysis.findings import (
    Finding, budget_fall_findings, card_effect_findings, cost_findings, grade, level_findings, balance_findings,
    rank_findings, reconcile_cards, run_findings, thresholds_of,
)
from sim.analysis.forced_draw import SCHEMA as FORCED_SCHEMA
from sim.analysis.matchups import marginal_win_rates, matchup_cells
from sim.cli import main
from sim.report.findings_text import Names, finding_figure, finding_sentence, reconcile_sentence, side_names
from sim.report.language import FINDINGS_TEXT, LANGUAGES, TEXT



def two_sided_run(folder: Path, findings: dict | None = None) -> dict:
    """100 seat-mirrored pairs: 60 where whoever starts wins (side A wins going first, loses going
    second), 40 where side A wins both; the last 20 games end at the turn cap."""
    scores = [0.5] * 60 + [1.0] * 40
    reasons = ["lives"] * 180 + ["turn_cap"] * 20
    write_games(folder, "base", scores, budget_a=135, end_reasons=reasons)
    spec = {"name": "crafted", "ruleset": "dicedraft",
            "side": [{"faction": "aranas", "label": "Arañas"}, {"faction": "ciempies", "label": "Ciempiés"}]}
    if findings is not None:
        spec["findings"] = findings
    configs = {"base": {"sides": [{"label": "Arañas", "faction": "aranas"}, {"label": "Ciempiés", "faction": "ciempies"}]}}
    manifest = write_manifest(folder, configs, spec)
    manifest.update(ruleset="dicedraft", run="crafted", kind="games")
    return manifest


def by_kind(found: list[Finding], kind: str) -> list[Finding]:
    return [f for f in found if f.kind == kind]


def test_the_first_player_and_the_side_gap_of_chosen_pairs(tmp_path: Path) -> None:
    manifest = two_sided_run(tmp_path)
    found = run_findings(tmp_path, manifest)
    first = by_kind(found, "first_player")[0]
    # by hand: side A wins all 100 going first and 40 going second (d = 1 in 60 pairs, 0 in 40): mean
    # 0.6, and Newcombe's paired interval from the two Wilson intervals (phi = 0: going first never varies)
    (first_low, _), (second_low, second_high) = wilson(100, 100), wilson(40, 100)
    assert first.estimate == pytest.approx(0.6)
    assert (first.low, first.high) == (pytest.approx(0.6 - math.hypot(1 - first_low, second_high - 0.4)),
                                       pytest.approx(0.6 + (0.4 - second_low)))
    assert (first.n, first.unit, first.severity) == (100, "pairs", "high")
    side = by_kind(found, "side")[0]
    low, high = wilson(140, 200)  # 140 wins of 200 games; pairs that end alike less than independent games: deff 1
    assert (side.estimate, side.low, side.high) == (pytest.approx(0.7), pytest.approx(low), pytest.approx(high))
    assert side.severity == "high"
    # ranked: 0.4953 / 0.10 beyond the first player's high threshold, (low - 0.5) / 0.05 for the side
    assert found[0].kind == "first_player" and found[1].kind == "side"
    stall = by_kind(found, "stall")[0]
    # by hand: 10 pairs reach the cap with both games, 90 with neither, so the pairs carry less than 200
    # independent games: deff = (100/99 · (10·1.8² + 90·0.2²) / 200²) / (0.1·0.9 / 199) = 2.0101
    deff = (100 / 99 * (10 * 1.8 ** 2 + 90 * 0.2 ** 2) / 200 ** 2) / (0.1 * 0.9 / 199)
    assert deff == pytest.approx(2.0101, abs=1e-4)
    assert (stall.estimate, stall.low, stall.high) == (pytest.approx(0.1),
                                                       *map(pytest.approx, wilson(20 / deff, 200 / deff)))
    assert stall.severity == "medium"  # its interval's low end, 5.5%, passes 5% and not 20%
    en = [finding_sentence(f, "en") for f in found]
    assert en[0] == ("The first player wins 80.0% [74.8, 84.5]: +60.0 pts [+49.5, +69.1] against the second player "
                     "(100 seat-mirrored pairs).")
    assert en[1] == "Arañas wins 70.0% [63.3, 75.9] against Ciempiés (n = 200 games: 140 won, 60 lost, 0 drawn)."
    assert "10.0% [5.5, 17.5] of the games reach the turn cap (20 of 200: 20 drawn at the cap, scored ½)" in en[2]
    es = finding_sentence(first, "es")
    assert es.startswith("El primer jugador gana el 80,0\u00a0% [74,8; 84,5]: +60,0 pts [+49,5; +69,1] frente al segundo")


def test_thresholds_come_from_the_specs_findings_table(tmp_path: Path) -> None:
    manifest = two_sided_run(tmp_path, findings={"first_player_high": 0.6, "stall_medium": 0.07, "side_medium": 0.2,
                                                 "side_high": 0.3})
    found = {f.kind: f for f in run_findings(tmp_path, manifest)}
    assert found["first_player"].severity == "medium"  # 0.5035 is past 0.04, not past 0.6
    assert found["stall"].severity == "info"  # 5.5% at the low end does not pass 7%
    assert found["side"].severity == "info"  # 63.3% at the low end: 13.3 pts, under 20
    assert found["first_player"].band == (0.04, 0.6)


def test_nothing_inside_its_interval_or_under_its_threshold_is_a_problem(tmp_path: Path) -> None:
    assert grade(0.06, -0.01, 0.13, 0.0, (0.04, 0.10)) == "info"  # estimate past both, interval reaches 0
    assert grade(0.06, 0.03, 0.09, 0.0, (0.04, 0.10)) == "info"  # interval reaches back under 4 pts
    assert grade(0.06, 0.045, 0.075, 0.0, (0.04, 0.10)) == "medium"
    assert grade(-0.2, -0.25, -0.15, 0.0, (0.04, 0.10)) == "high"
    assert grade(0.6, None, None, 0.5, (0.02, 0.05)) == "info"  # no interval, no problem
    # a balanced run: side A wins one pair of games, loses the next; nobody gains by starting
    write_games(tmp_path, "base", [1.0, 0.0] * 50, budget_a=135)
    manifest = write_manifest(tmp_path, {"base": {"sides": [{"label": "Arañas"}, {"label": "Ciempiés"}]}},
                              {"ruleset": "dicedraft"})
    found = run_findings(tmp_path, manifest)
    assert [f.severity for f in found] == ["info", "info"]
    assert {f.kind for f in found} == {"first_player", "side"}


def test_japon_against_the_field_leads_a_crafted_round_robin(tmp_path: Path) -> None:
    even = [1.0, 0.0] * 25  # a pair won by side A, then one lost: 50%, and no seat edge
    manifest = write_round_robin(tmp_path, {
        ("china", "china"): even, ("china", "japon"): [1.0] * 15 + [0.0] * 35, ("china", "corea"): [1.0] * 30 + [0.0] * 20,
        ("japon", "japon"): even, ("japon", "corea"): [1.0] * 40 + [0.0] * 10, ("corea", "corea"): even})
    manifest.update(ruleset="fortaleza", run="crafted_rr", kind="games")
    manifest["spec"]["ruleset"] = "fortaleza"
    found = run_findings(tmp_path, manifest)
    top = found[0]
    assert (top.kind, top.subject) == ("field", "japon")
    assert top.estimate == pytest.approx((0.7 + 0.5 + 0.8) / 3)  # against china, itself and corea
    marginal = marginal_win_rates(matchup_cells(tmp_path)).filter(pl.col("label") == "japon").row(0, named=True)
    assert (top.low, top.high) == (pytest.approx(marginal["ci_low"]), pytest.approx(marginal["ci_high"]))
    names = Names(side_names(manifest))
    assert finding_sentence(top, "en", names).startswith("Japón wins 66.7% [")
    assert finding_sentence(top, "es", names).startswith("Japón gana el 66,7\u00a0% [")
    outliers = by_kind(found, "matchup")
    # 80% is one; japon's 70% against china is not, its interval reaching back under 60%
    assert [(f.details["a"], f.details["b"]) for f in outliers] == [("japon", "corea")]
    assert finding_sentence(outliers[0], "en", names).startswith("Japón beats Corea 80.0% [")
    assert not by_kind(found, "cycle")  # japon beats both: no ring


def test_a_ring_of_three_sides_is_a_cycle_and_no_problem(tmp_path: Path) -> None:
    even = [1.0, 0.0] * 25
    manifest = write_round_robin(tmp_path, {
        ("china", "china"): even, ("china", "japon"): [1.0] * 40 + [0.0] * 10, ("china", "corea"): [1.0] * 10 + [0.0] * 40,
        ("japon", "japon"): even, ("japon", "corea"): [1.0] * 40 + [0.0] * 10, ("corea", "corea"): even})
    manifest.update(ruleset="fortaleza")
    cycles = by_kind(run_findings(tmp_path, manifest), "cycle")
    assert len(cycles) == 1 and cycles[0].severity == "info"
    assert set(cycles[0].details["labels"]) == {"china", "japon", "corea"}
    text = finding_sentence(cycles[0], "en", Names(side_names(manifest)))
    assert text.startswith("A cycle with no dominant side: ") and "80.0%" in text


def forced_frame(rows: list[dict]) -> pl.DataFrame:
    full = [{**dict.fromkeys(FORCED_SCHEMA), "side": 0, "label": "Arañas", "faction": "aranas", **r} for r in rows]
    return pl.DataFrame(full, schema=FORCED_SCHEMA)


GOLIAT = {"card_id": "AR-18", "card_name": "Araña Goliat", "cost": 18, "pairs": 20000, "effect": 0.184,
          "effect_low": 0.160, "effect_high": 0.208, "seen_when_undrawn": 0.448, "q_value_by": 1e-40,
          "changed_share": 0.552, "effect_per_changed": 0.3333, "effect_per_changed_low": 0.2899,
          "effect_per_changed_high": 0.3768}


def ablation_frame(rows: list[dict]) -> pl.DataFrame:
    columns = {"card_id": pl.String, "card_name": pl.String, "cost": pl.Int64, "filler": pl.String, "measured": pl.Boolean,
               "n": pl.Int64, "worth": pl.Float64, "worth_low": pl.Float64, "worth_high": pl.Float64,
               "q_value": pl.Float64, "points": pl.Float64, "points_low": pl.Float64, "points_high": pl.Float64}
    return pl.DataFrame([{**dict.fromkeys(columns), "measured": True, "n": 100000, **r} for r in rows], schema=columns)


def test_a_card_is_a_finding_by_its_causal_effect_and_the_largest_is_said_when_none_passes() -> None:
    cards = forced_frame([GOLIAT, {"card_id": "AR-01", "card_name": "Araña Saltarina", "cost": 3, "pairs": 20000,
                                   "effect": 0.06, "effect_low": -0.01, "effect_high": 0.13}])
    found = card_effect_findings(cards, (0.05, 0.10))
    assert [(f.subject, f.severity) for f in found] == [("AR-18", "high")]  # AR-01's interval reaches 0
    assert finding_sentence(found[0], "en") == (
        "Drawing AR-18 Araña Goliat (Arañas) at once, rather than late or never, changes its side's win rate by "
        "+18.4 pts [+16.0, +20.8] (20,000 games played both ways; put at the bottom of the deck it was still seen in "
        "44.8% of them). In the games where putting it on top changed whether it was seen (55.2% of them), drawing it "
        "at once rather than never changes the win rate by +33.3 pts [+29.0, +37.7].")
    # its n counts the same game played twice (top and bottom), not seat-mirrored pairs
    assert finding_figure(found[0], "en").endswith("n = 20,000 top/bottom game pairs")
    assert finding_figure(found[0], "es").endswith("pares de partidas arriba/abajo")
    spanish = finding_sentence(found[0], "es")  # its numbers as the other findings' sentences print them
    assert " En las partidas en que ponerla arriba cambió si se veía (55" in spanish
    assert "de ellas), robarla de inmediato en vez de nunca cambia las victorias en +33" in spanish
    quiet = card_effect_findings(cards.filter(pl.col("card_id") == "AR-01"), (0.05, 0.10))
    assert [(f.subject, f.severity) for f in quiet] == [("AR-01", "info")]


def test_the_ablation_is_named_a_comparison_with_a_vanilla_card_of_its_cost() -> None:
    frame = ablation_frame([{"card_id": "AR-18", "card_name": "Araña Goliat", "cost": 18, "worth": -0.314,
                             "worth_low": -0.327, "worth_high": -0.301,
                             "filler": "Relleno (18): 9/9, no double block or attack"},
                            {"card_id": "AR-15", "card_name": "Migala", "cost": 13, "worth": 0.12, "worth_low": 0.11,
                             "worth_high": 0.13, "filler": "Relleno (13): 7/6, no double block or attack"}])
    found = rank_findings(cost_findings(frame, (0.05, 0.10), 0, "Arañas"))
    assert [(f.kind, f.subject, f.severity) for f in found] == [("cost_mismatch", "AR-18", "high"),
                                                                ("cost_mismatch", "AR-15", "high")]
    assert finding_sentence(found[0], "en") == ("A vanilla 9/9 of its cost would do better than AR-18 Araña Goliat "
                                                "(Arañas): -31.4 pts [-32.7, -30.1]; weak for its cost (n = 100,000 "
                                                "games, the same seeds).")
    assert finding_sentence(found[1], "es").startswith("AR-15 Migala (Arañas) supera en +12,0 pts [+11,0; +13,0] a una "
                                                        "carta sin habilidades 7/6 de su coste: fuerte para su coste")


def test_a_card_strong_when_drawn_and_weak_for_its_cost_is_reconciled() -> None:
    others = [{"card_id": f"AR-0{k}", "card_name": f"Carta {k}", "cost": k, "pairs": 20000, "effect": 0.01 * k,
               "effect_low": 0.01 * k - 0.005, "effect_high": 0.01 * k + 0.005} for k in range(1, 8)]
    forced = forced_frame([GOLIAT, *others])
    ablation = ablation_frame([{"card_id": "AR-18", "card_name": "Araña Goliat", "cost": 18, "worth": -0.314,
                                "worth_low": -0.327, "worth_high": -0.301,
                                "filler": "Relleno (18): 9/9, no double block or attack"},
                               *[{"card_id": c["card_id"], "card_name": c["card_name"], "cost": c["cost"],
                                  "worth": c["effect"], "worth_low": c["effect_low"], "worth_high": c["effect_high"],
                                  "filler": "Relleno: 1/2"} for c in others]])
    rows = reconcile_cards(forced, ablation, side=0)
    assert rows["card_id"].to_list() == ["AR-18"]  # the others agree: same sign, same order
    row = rows.row(0, named=True)
    assert (row["disagreement"], row["forced_rank"], row["ablation_rank"], row["cards"]) == ("sign", 1, 8, 8)
    assert reconcile_sentence(row, "en", "Arañas") == (
        "AR-18 Araña Goliat (Arañas): strong when drawn, +18.4 pts [+16.0, +20.8]; a vanilla 9/9 at its cost would be "
        "stronger, -31.4 pts [-32.7, -30.1]: its cost is fair or high.")
    assert reconcile_sentence(row, "es", "Arañas").startswith("AR-18 Araña Goliat (Arañas): fuerte al robarla, +18,4 pts")
    # same signs, far apart in rank: the best card when drawn is the least worth against its vanilla
    goliat = pl.col("card_id") == "AR-18"
    flipped = ablation.with_columns(pl.when(goliat).then(value).otherwise(pl.col(column)).alias(column)
                                    for column, value in (("worth", 0.001), ("worth_low", 0.0005), ("worth_high", 0.0015)))
    ranked = reconcile_cards(forced, flipped, side=0).row(0, named=True)
    assert (ranked["card_id"], ranked["disagreement"]) == ("AR-18", "rank")
    assert "rank 1 of 8 by the forced draw" in reconcile_sentence(ranked, "en", "Arañas")


def test_a_budget_step_that_falls_and_a_figure_that_flips_between_levels() -> None:
    steps = pl.DataFrame({"faction_a": ["aranas", "aranas"], "faction_b": ["ciempies", "ciempies"], "budget_b": [135, 135],
                          "budget_from": [100, 102], "budget_to": [102, 104], "pairs": [5000, 5000],
                          "diff": [-0.03, 0.01], "diff_low": [-0.04, 0.0], "diff_high": [-0.025, 0.02],
                          "per_point": [-0.015, 0.005], "falls": [True, False]})
    falls = budget_fall_findings(steps, (0.005, 0.02))
    assert [(f.details["budget_from"], f.severity) for f in falls] == [(100, "high")]
    names = Names(side_names({"ruleset": "dicedraft", "spec": {"side": [{"faction": "aranas", "label": "Arañas"},
                                                                       {"faction": "ciempies"}]}}))
    assert finding_sentence(falls[0], "en", names).startswith("Arañas's win rate against Ciempiés falls by -3.0 pts "
                                                              "[-4.0, -2.5] from budget 100 to 102")
    levels = pl.DataFrame({"group": [""] * 2, "figure": ["side A win rate"] * 2,
                           "level": ["greedy / greedy", "hard 8x2 / hard 8x2"], "config": ["base", "hard"],
                           "n": [20000, 20000], "value": [0.55, 0.46], "low": [0.54, 0.45], "high": [0.56, 0.47],
                           "flag": ["", "sign changes"]})
    change = level_findings(levels, (0.02, 0.05))[0]
    assert (change.severity, change.details["gap"]) == ("high", pytest.approx(0.07))
    assert finding_sentence(change, "en") == ("Side A win rate: 55.0% [54.0, 56.0] at greedy / greedy, 46.0% [45.0, 47.0] "
                                              "at hard 8x2 / hard 8x2 (sign changes).")


def test_a_balance_proposal_that_meets_its_targets() -> None:
    record = {"held_out_seed": 424242, "confirm_games": 200000, "proposals": [{
        "rank": 1, "edits_text": "CI-04 cost 5 → 6", "met": True, "figures": [{
            "figure": "win_rate", "name": "win rate", "a": "Arañas", "b": "Ciempiés", "bounds": [], "value": 0.498,
            "low": 0.496, "high": 0.500, "n": 200000, "target": 0.5, "tolerance": 0.01, "met": True}]}]}
    found = balance_findings(record)[0]
    assert found.severity == "info"
    assert finding_sentence(found, "en") == ("Balance proposal 1 (CI-04 cost 5 → 6) meets every objective on the "
                                             "held-out seed 424242 (200,000 games per matchup): Arañas vs Ciempiés: "
                                             "win rate 49.8% [49.6, 50.0] (target 50% ± 1 pts).")
    # chosen among 3 on the held-out seed, its figures are the confirmation seed's, and the sentence says so
    confirmed = record | {"confirmation": {"seed": 777, "games": 200000, "among": 3, "candidate": "p1"}}
    missed = record["proposals"][0]["figures"][0] | {"value": 0.485, "low": 0.483, "high": 0.487, "met": False}
    confirmed["proposals"] = [record["proposals"][0] | {"candidate": "p1", "met": False, "figures": [missed]}]
    found = balance_findings(confirmed)[0]
    assert found.measure == "balance_confirmed"
    assert finding_sentence(found, "en") == ("Balance proposal 1 (CI-04 cost 5 → 6), the best of 3 on the held-out seed "
                                             "424242, misses an objective on the confirmation seed 777 (200,000 games "
                                             "per matchup): Arañas vs Ciempiés: win rate 48.5% [48.3, 48.7] (target "
                                             "50% ± 1 pts).")
    assert finding_sentence(found, "es").startswith("La propuesta de balance 1 (CI-04 cost 5 → 6), la mejor de 3 con la "
                                                    "semilla reservada 424242, no cumple todos los objetivos con la "
                                                    "semilla de confirmación 777 (200.000 partidas por enfrentamiento)")


def every_kind(tmp_path: Path) -> list[Finding]:
    """One finding of each kind the tests above make."""
    manifest = two_sided_run(tmp_path / "two")
    found = run_findings(tmp_path / "two", manifest)
    (tmp_path / "rr").mkdir()
    rr = write_round_robin(tmp_path / "rr", {
        ("china", "china"): [1.0, 0.0] * 25, ("china", "japon"): [1.0] * 40 + [0.0] * 10,
        ("china", "corea"): [1.0] * 10 + [0.0] * 40, ("japon", "japon"): [1.0, 0.0] * 25,
        ("japon", "corea"): [1.0] * 40 + [0.0] * 10, ("corea", "corea"): [1.0, 0.0] * 25})
    found += run_findings(tmp_path / "rr", rr)
    found += card_effect_findings(forced_frame([GOLIAT]), (0.05, 0.10))
    found += cost_findings(ablation_frame([{"card_id": "AR-18", "card_name": "Araña Goliat", "cost": 18, "worth": -0.314,
                                            "worth_low": -0.327, "worth_high": -0.301, "filler": "Relleno (18): 9/9"}]),
                           (0.05, 0.10), 0, "Arañas")
    return found


def fragments(lang: str) -> set[str]:
    """The pieces of the findings' catalog texts between their {fields}, in `lang`."""
    return {piece.strip() for entry in FINDINGS_TEXT.values() for piece in re.split(r"\{[^}]*\}", entry[lang])
            if len(piece.strip()) >= 6}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_speaks_one_language(tmp_path: Path, lang: str) -> None:
    other = next(x for x in LANGUAGES if x != lang)
    theirs = " ".join(entry[lang] for entry in TEXT.values())
    foreign = sorted(p for p in fragments(other) if p not in theirs)
    found = every_kind(tmp_path)
    assert {f.kind for f in found} >= {"first_player", "side", "stall", "field", "matchup", "cycle", "card_effect",
                                       "cost_mismatch"}
    for f in found:
        text = finding_sentence(f, lang)
        assert not [p for p in foreign if p in text], (f.kind, text)
        stop = {"es": r"\b(the|and|of|with|games|wins|beats)\b", "en": r"\b(las|los|con|partidas|gana|contra)\b"}[lang]
        assert not re.search(stop, text), (f.kind, text)


def test_a_wrong_findings_table_is_refused_naming_the_field(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    spec = tmp_path / "spec.toml"
    base = ('name = "x"\nruleset = "dicedraft"\ngames = 10\nseed = 1\n[[side]]\nfaction = "aranas"\n'
            '[[side]]\nfaction = "ciempies"\n[findings]\n')
    results = tmp_path / "results"
    for table, field, says in (("side_high = nan\n", "findings.side_high", "finite number"),
                               ("stall_hi = 0.3\n", "findings.stall_hi", "Extra inputs"),
                               ("card_high = \"0.1\"\n", "findings.card_high", "valid number"),
                               ("cost_medium = 0.2\ncost_high = 0.1\n", "findings.cost_medium", "above cost_high")):
        spec.write_text(base + table, encoding="utf-8")
        assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 2
        err = capsys.readouterr().err
        assert f"{spec}: {field}: " in err and says in err, err
        assert not results.exists()  # nothing was played or written


def test_new_thresholds_grade_the_same_games_without_replaying_them(tmp_path: Path) -> None:
    """[findings] is not part of what identifies the experiment: rerunning with other thresholds
    plays nothing, keeps every chunk, and the run is graded by the new ones."""
    spec = tmp_path / "spec.toml"
    base = ('name = "x"\nruleset = "dicedraft"\ngames = 40\nseed = 1\n[[side]]\nfaction = "aranas"\n'
            '[[side]]\nfaction = "ciempies"\n[findings]\n')
    results = tmp_path / "results"
    spec.write_text(base, encoding="utf-8")
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    chunks = {p: p.read_bytes() for p in (results / "x").rglob("*.parquet")}
    spec.write_text(base + "side_medium = 0.02\n", encoding="utf-8")
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    assert {p: p.read_bytes() for p in (results / "x").rglob("*.parquet")} == chunks
    manifest = json.loads((results / "x" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["spec"]["findings"]["side_medium"] == 0.02 and manifest["sessions"] == 2
    assert main(["show", str(results / "x")]) == 0  # the edited manifest still reads as whole


def test_a_manifest_without_findings_reads_the_defaults() -> None:
    limits = thresholds_of({"spec": {}})
    assert limits.band("first_player") == (0.04, 0.10) and limits.band("stall") == (0.05, 0.20)
    assert json.loads(json.dumps(limits.model_dump()))["side_medium"] == 0.01


def test_a_round_robin_says_its_first_player_once_with_the_largest_matchup_beside_it() -> None:
    from sim.analysis.findings import pooled_first_player_finding

    rows = pl.DataFrame({"config": ["a~a", "a~b"], "method": ["paired", "paired"], "pairs": [100, 300],
                         "games_first": [100, 300], "games_second": [100, 300], "advantage": [0.4, 0.1],
                         "ci_low": [0.3, 0.05], "ci_high": [0.5, 0.15]})
    found = pooled_first_player_finding(rows, (0.04, 0.10))[0]
    se = math.sqrt((0.25 * 0.1 / Z) ** 2 + (0.75 * 0.05 / Z) ** 2)  # each matchup's own SE, weighted by its pairs
    assert found.estimate == pytest.approx((0.4 * 100 + 0.1 * 300) / 400)
    assert (found.low, found.high) == (pytest.approx(0.175 - Z * se), pytest.approx(0.175 + Z * se))
    assert (found.n, found.details["largest"]) == (400, "a~a")
    assert finding_sentence(found, "en").startswith("Across the 2 matchups, the first player wins 58.8% [")
    assert finding_sentence(found, "en").endswith("; most in a vs a: +40.0 pts [+30.0, +50.0].")


def test_the_sides_against_the_field_are_said_as_standings() -> None:
    from sim.analysis.findings import _made

    corea = _made("field", "corea", "field_win_rate", 0.328, 0.324, 0.332, 60000, "games", 0.5, (0.02, 0.05))
    japon = _made("field", "japon", "field_win_rate", 0.670, 0.667, 0.674, 60000, "games", 0.5, (0.02, 0.05))
    matchup = _made("matchup", "japon~corea", "matchup_win_rate", 0.824, 0.818, 0.83, 20000, "games", 0.5, (0.1, 0.2))
    assert corea.strength > japon.strength > matchup.strength  # Corea is 0.1 pts farther from 50% at its near end
    assert [f.subject for f in rank_findings([matchup, corea, japon])] == ["japon", "corea", "japon~corea"]
