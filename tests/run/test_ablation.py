"""Causal card impact: an [ablation] spec replaces each card by a plain one of its cost, same games."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from sim.analysis.ablation import ablation_impact
from sim.cli import main
from sim.core.errors import InputError
from sim.rulesets.dicedraft.cards import load_pool, vanilla_filler
from sim.rulesets.fortaleza import RULESET as fortaleza
from sim.rulesets.dicedraft.constants import Field
from sim.rulesets.fortaleza.cards import load_collection, vanilla_filler as fortaleza_filler
from sim.run.plan import make_plan
from sim.run.spec import load_spec, load_spec_dict
from sim.results.manifest import read_manifest
from sim.run.store import new_manifest

from small_runs import write_spec


def ablation_spec(folder: Path, cards: str = '["AR-11", "DA-4"]', budget_step: int = 5, games: int = 300,
                  extra: str = "") -> Path:
    path = write_spec(folder, games=games)
    path.write_text(path.read_text() + f"\n[ablation]\nside = 1\ncards = {cards}\nbudget_step = {budget_step}\n{extra}")
    return path


def test_an_ablation_plays_the_baseline_each_card_replaced_and_poorer_budgets(tmp_path: Path) -> None:
    plan = make_plan(load_spec(ablation_spec(tmp_path)))
    assert list(plan.configs) == ["base", "without=AR-11", "without=DA-4", "side1.budget=130", "side1.budget=125",
                                  "side1.budget=120"]
    assert list(make_plan(load_spec(ablation_spec(tmp_path, extra="budget_points = 1\n"))).configs)[-1:] == [
        "side1.budget=130"]
    pool = plan.configs["without=AR-11"].pools[0]
    filler = vanilla_filler(load_pool("aranas"), "AR-11")
    row = plan.configs["without=AR-11"].tab[0, pool.index_of("AR-11")]
    assert (row[Field.ATQ], row[Field.DEF], row[Field.DOUBLE_BLOCK]) == (filler["atq"], filler["def"], 0)
    assert row[Field.COST] == plan.configs["base"].tab[0, pool.index_of("AR-11"), Field.COST]
    with pytest.raises(InputError, match=r"ablation.cards: XX-1 not among side 1's cards"):
        make_plan(load_spec(ablation_spec(tmp_path, cards='["XX-1"]')))
    with pytest.raises(InputError, match=r"ablation.budget_points: .*needs budget_step"):
        load_spec(ablation_spec(tmp_path, budget_step=0, extra="budget_points = 2\n"))
    # a run's manifest keeps its spec with every default written out (budget_points = 3 with no
    # step); the replay validates that copy, which must load as the spec did
    plain = load_spec(ablation_spec(tmp_path, budget_step=0))
    assert load_spec_dict(plain.spec.model_dump(mode="json"), plain.path).spec == plain.spec
    with pytest.raises(InputError, match=r"ablation.budget_step: 10 steps of 20 go below 0"):
        make_plan(load_spec(ablation_spec(tmp_path, budget_step=20, extra="budget_points = 10\n")))


def test_the_manifest_names_each_filler_and_marks_the_one_that_plays_like_its_card(tmp_path: Path) -> None:
    plan = make_plan(load_spec(ablation_spec(tmp_path)))
    manifest = new_manifest(plan, "small", "serial")
    assert manifest["configs"]["without=AR-11"]["ablation"] == {
        "side": 1, "card_id": "AR-11", "filler": "Relleno (10): 5/5, no double block or attack", "measured": True}
    # the smallest attack die is its own filler: the compiled numbers are the card's, only the name differs
    assert manifest["configs"]["without=DA-4"]["ablation"]["filler"] == "Relleno (3): d4 attack die"
    assert manifest["configs"]["without=DA-4"]["ablation"]["measured"] is False
    assert "ablation" not in manifest["configs"]["base"] and "ablation" not in manifest["configs"]["side1.budget=130"]


def test_a_custom_card_equal_to_its_filler_is_a_no_op_and_a_keyword_is_not(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    text = (fortaleza.cards_dir / "japon.toml").read_text(encoding="utf-8")
    plain = 'id = "JP-022"\nname = "Tanuki Burlón"\nkind = "criatura"\ncost = 1\natq = 1\nres = 2\n'
    assert 'id = "JP-022"\nname = "Tanuki Burlón"\nkind = "criatura"\ncost = 1\natq = 2\nres = 1\n' in text
    (cards / "japon.toml").write_text(text.replace(plain.replace("atq = 1\nres = 2", "atq = 2\nres = 1"), plain),
                                      encoding="utf-8")
    fillers = fortaleza.ablation_fillers("japon", cards, ["JP-021", "JP-022", "JP-037"])
    assert fillers["JP-022"] == ("Relleno (1): 1/2 unit, no keywords or effects", True)  # a 1/2 for 1, plain
    assert fillers["JP-021"] == ("Relleno (2): 2/3 unit, no keywords or effects", False)  # Kitsune is veloz
    assert fillers["JP-037"] == ("Relleno (1): a trampa that does nothing", False)


def test_fortaleza_fillers_keep_kind_and_cost_and_lose_every_ability() -> None:
    china = load_collection("china")
    unit = fortaleza_filler(china, "CH-019")  # Long Wang: vuelo, único, a dragon's Protección
    assert unit["keywords"] == [] and unit["effect"] == [] and unit["tags"] == []
    assert (unit["atq"], unit["res"]) == (6, 7)
    trap = fortaleza_filler(china, "CH-038")
    assert trap["effect"][0]["n"] == 0  # Emboscada now does nothing


def test_card_worth_is_the_paired_difference_and_a_card_replaced_by_itself_is_worth_exactly_zero(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results"
    assert main(["run", str(ablation_spec(tmp_path)), "--results", str(results), "--executor", "serial"]) == 0
    assert "Card worth to side A" in capsys.readouterr().out
    run_dir = results / "small"
    manifest = read_manifest(run_dir)
    table = ablation_impact(run_dir, manifest)
    by = {r["card_id"]: r for r in table.iter_rows(named=True)}
    # DA-4 is already the smallest attack die: its filler is itself, so nothing changes in any game
    games = pl.read_parquet(run_dir / "games" / "**" / "*.parquet")
    base, same = (games.filter(pl.col("config") == c).sort("game") for c in ("base", "without=DA-4"))
    assert base.drop("config").equals(same.drop("config"))
    assert by["DA-4"]["measured"] is False and by["DA-4"]["worth"] is None and by["DA-4"]["q_value"] is None
    assert by["DA-4"]["points_note"] == "not measured: the filler plays exactly like the card"
    assert by["AR-11"]["filler"] == "Relleno (10): 5/5, no double block or attack" and by["AR-11"]["measured"]
    assert by["AR-11"]["q_value"] == pytest.approx(by["AR-11"]["p_value"])  # one measured card: q = p
    per_point = by["AR-11"]["worth_per_budget_point"]
    assert per_point > 0 and by["AR-11"]["worth_per_budget_point_low"] > 0  # fewer points lose games
    assert by["AR-11"]["budgets_used"] == "135, 130, 125, 120"
    assert by["AR-11"]["points"] == pytest.approx(by["AR-11"]["worth"] / per_point)  # the same pairs throughout
    assert by["AR-11"]["points_low"] < by["AR-11"]["points"] < by["AR-11"]["points_high"]
    assert by["AR-11"]["worth_low"] <= by["AR-11"]["worth"] <= by["AR-11"]["worth_high"]
    # the greedy drafter picks the same deck in every game, so the share is all or nothing
    deck = games.filter(pl.col("config") == "without=AR-11")["deck_a"].unique().to_list()
    assert by["AR-11"]["deck_changed_share"] == (0.0 if deck == base["deck_a"].unique().to_list() else 1.0)


def test_sim_report_exports_the_ablation_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results"
    assert main(["run", str(ablation_spec(tmp_path, games=100)), "--results", str(results), "--executor", "serial"]) == 0
    out = capsys.readouterr().out
    assert "not measured" in out and "1 budget point = " in out
    assert "Not measured (DA-4): the filler plays exactly like the card" in out
    reports = tmp_path / "reports"
    for fmt in ("csv", "parquet", "html"):
        assert main(["report", str(results / "small"), "--format", fmt, "--out", str(reports)]) == 0
    csv = pl.read_csv(reports / "small.ablation.csv")
    assert csv["card_id"].sort().to_list() == ["AR-11", "DA-4"] and "points_low" in csv.columns
    parquet = pl.read_parquet(reports / "small.ablation.parquet")
    assert parquet.filter(pl.col("card_id") == "DA-4")["measured"].to_list() == [False]
    page = (reports / "small.html").read_text(encoding="utf-8")
    assert "Valor de cada carta (ablación)" in page and "Relleno (10): 5/5, sin bloqueo ni ataque dobles" in page
    assert "no double block or attack" not in page  # the filler said in the report's language, not as stored
