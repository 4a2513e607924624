"""Sweeps: axes over card fields, rule parameters and side settings expand into paired configs."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.analysis.budget_curve import budget_slopes
from sim.analysis.sweeps import sweep_comparison
from sim.cli import main
from sim.core.errors import InputError
from sim.rulesets.dicedraft.constants import Field
from sim.run.plan import make_plan
from sim.run.spec import load_spec

from small_runs import write_spec

SWEEP = """
[sweep]
mode = "{mode}"

[[sweep.axis]]
card = "AR-11"
field = "{field}"
values = {values}

[[sweep.axis]]
side = 2
field = "budget"
values = {budgets}
"""


def sweep_spec(folder: Path, mode: str = "grid", field: str = "atq", values: str = "[5, 7]",
               budgets: str = "[130, 135]", games: int = 200) -> Path:
    path = write_spec(folder, games=games)
    path.write_text(path.read_text() + SWEEP.format(mode=mode, field=field, values=values, budgets=budgets))
    return path


def test_a_grid_expands_every_combination_and_a_list_pairs_the_values(tmp_path: Path) -> None:
    grid = make_plan(load_spec(sweep_spec(tmp_path)))
    assert list(grid.configs) == ["base", "AR-11.atq=5,side2.budget=130", "AR-11.atq=5,side2.budget=135",
                                  "AR-11.atq=7,side2.budget=130", "AR-11.atq=7,side2.budget=135"]
    listed = make_plan(load_spec(sweep_spec(tmp_path, mode="list")))
    assert list(listed.configs) == ["base", "AR-11.atq=5,side2.budget=130", "AR-11.atq=7,side2.budget=135"]
    config = grid.configs["AR-11.atq=7,side2.budget=130"]
    pool = config.pools[0]
    assert config.tab[0, pool.index_of("AR-11"), Field.ATQ] == 7  # the card file says otherwise
    assert config.setup[1, 2] == 130  # side B's budget
    base = grid.configs["base"]
    assert base.tab[0, pool.index_of("AR-11"), Field.ATQ] != 7


@pytest.mark.parametrize("field, values, budgets, message", [
    ("atq", "[-1]", "[135]", r"aranas.toml: card AR-11: field 'atq'"),  # checked like the card file
    ("colour", "[1]", "[135]", r"card AR-11: field 'colour'"),
    ("atq", "[5, 6]", "[135]", r"same number of values"),
])
def test_a_bad_sweep_value_names_the_card_and_field_and_nothing_runs(tmp_path: Path, field: str, values: str,
                                                                     budgets: str, message: str) -> None:
    mode = "list" if "same number" in message else "grid"
    with pytest.raises(InputError, match=message):
        make_plan(load_spec(sweep_spec(tmp_path, mode=mode, field=field, values=values, budgets=budgets)))


def test_an_unknown_card_or_side_field_is_refused(tmp_path: Path) -> None:
    path = write_spec(tmp_path)
    path.write_text(path.read_text() + '[sweep]\n[[sweep.axis]]\ncard = "XX-99"\nfield = "atq"\nvalues = [1]\n')
    with pytest.raises(InputError, match=r"sweep axis XX-99.atq: no card 'XX-99'"):
        make_plan(load_spec(path))
    path.write_text(write_spec(tmp_path).read_text() + '[sweep]\n[[sweep.axis]]\nside = 1\nfield = "mood"\nvalues = [1]\n')
    with pytest.raises(InputError, match=r"a dicedraft side has no field 'mood'; choose agent, faction, label, draft, budget"):
        load_spec(path)


def test_an_axis_that_does_not_change_the_game_gives_a_paired_difference_of_exactly_zero(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = sweep_spec(tmp_path, field="text", values='["otra descripción", "y otra"]', budgets="[120, 135]",
                      games=300)
    results = tmp_path / "results"
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    out = capsys.readouterr().out
    assert "Sweep" in out and "baseline" in out
    table = sweep_comparison(results / "small")
    by = {r["config"]: r for r in table.iter_rows(named=True)}
    for text in ("otra_descripci_n", "y_otra"):
        same = by[f"AR-11.text={text},side2.budget=135"]
        assert same["diff"] == 0.0 and same["diff_low"] == 0.0 and same["diff_high"] == 0.0
        assert same["q_value"] == 1.0
        weaker = by[f"AR-11.text={text},side2.budget=120"]
        assert weaker["diff"] > 0  # a poorer opponent: side A wins more, on the same games
    games = pl.read_parquet(results / "small" / "games" / "**" / "*.parquet")
    assert games.group_by("config").len()["len"].to_list() == [300] * 5


def test_the_budget_slope_recovers_a_known_logistic_curve() -> None:
    budgets = np.arange(90, 136, 5)
    b = 0.06
    p = 1 / (1 + np.exp(-(b * (budgets - 120))))
    n = 200_000
    cells = pl.DataFrame({"faction_a": "aranas", "faction_b": "ciempies", "budget_a": budgets,
                          "budget_b": np.full(len(budgets), 135, np.int16), "n": np.full(len(budgets), n),
                          "win_rate": p})
    row = budget_slopes(cells).row(0, named=True)
    elo = 400 / math.log(10)
    assert row["elo_per_point"] == pytest.approx(elo * b, rel=1e-6)
    assert row["points_at_max"] == pytest.approx(b * p[-1] * (1 - p[-1]), rel=1e-6)
