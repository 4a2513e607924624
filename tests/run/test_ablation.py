"""Causal card impact: an [ablation] spec replaces each card by a plain one of its cost, same games."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.analysis.ablation import ablation_impact
from sim.cli import main
from sim.core.errors import InputError
from sim.rulesets.dicedraft.cards import load_pool, vanilla_filler
from sim.rulesets.dicedraft.constants import Field
from sim.rulesets.fortaleza.cards import load_collection, vanilla_filler as fortaleza_filler
from sim.run.plan import make_plan
from sim.run.spec import load_spec
from sim.run.store import read_manifest

from small_runs import write_spec


def ablation_spec(folder: Path, cards: str = '["AR-11", "DA-4"]', budget_step: int = 5, games: int = 300) -> Path:
    path = write_spec(folder, games=games)
    path.write_text(path.read_text() + f"\n[ablation]\nside = 1\ncards = {cards}\nbudget_step = {budget_step}\n")
    return path


def test_an_ablation_plays_the_baseline_each_card_replaced_and_a_poorer_budget(tmp_path: Path) -> None:
    plan = make_plan(load_spec(ablation_spec(tmp_path)))
    assert list(plan.configs) == ["base", "without=AR-11", "without=DA-4", "side1.budget=130"]
    pool = plan.configs["without=AR-11"].pools[0]
    filler = vanilla_filler(load_pool("aranas"), "AR-11")
    row = plan.configs["without=AR-11"].tab[0, pool.index_of("AR-11")]
    assert (row[Field.ATQ], row[Field.DEF], row[Field.DOUBLE_BLOCK]) == (filler["atq"], filler["def"], 0)
    assert row[Field.COST] == plan.configs["base"].tab[0, pool.index_of("AR-11"), Field.COST]
    with pytest.raises(InputError, match=r"ablation.cards: XX-1 not among side 1's cards"):
        make_plan(load_spec(ablation_spec(tmp_path, cards='["XX-1"]')))


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
    table = ablation_impact(run_dir, read_manifest(run_dir))
    by = {r["card_id"]: r for r in table.iter_rows(named=True)}
    # DA-4 is already the smallest attack die: its filler is itself, so nothing changes in any game
    assert by["DA-4"]["worth"] == 0.0 and by["DA-4"]["worth_low"] == 0.0 and by["DA-4"]["worth_high"] == 0.0
    per_point = by["AR-11"]["worth_per_budget_point"]
    assert per_point > 0  # five points fewer lose games
    assert by["AR-11"]["points"] == pytest.approx(by["AR-11"]["worth"] / per_point)
    assert by["AR-11"]["worth_low"] <= by["AR-11"]["worth"] <= by["AR-11"]["worth_high"]
