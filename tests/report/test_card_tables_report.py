"""`sim report` of a forced-draw run: the forced-draw table and the ranked card table are exported
(HTML, CSV, Parquet) with every card of both sides."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pyarrow.parquet as pq

from sim.cli import main

SPEC = """\
name = "forced"
ruleset = "dicedraft"
games = 200
seed = 3
[[side]]
faction = "aranas"
[[side]]
faction = "ciempies"
[impact]
side = "both"
cards = ["AR-18", "AR-01", "CI-18"]
"""


def test_a_forced_draw_run_exports_its_effects_and_the_ranked_cards(tmp_path: Path) -> None:
    spec = tmp_path / "forced.toml"
    spec.write_text(SPEC, encoding="utf-8")
    results, out = tmp_path / "results", tmp_path / "out"
    assert main(["run", str(spec), "--results", str(results), "--executor", "serial"]) == 0
    assert main(["report", "forced", "--results", str(results), "--out", str(out), "--format", "html,csv,parquet"]) == 0
    forced = pl.read_csv(out / "forced.forced_draw.csv")
    assert sorted(forced["card_id"].to_list()) == ["AR-01", "AR-18", "CI-18"]
    assert (forced["pairs"] == 200).all() and forced["effect"].is_not_null().all()
    assert b"sim_manifest" in pq.read_schema(out / "forced.forced_draw.parquet").metadata
    ranking = pl.read_csv(out / "forced.card_ranking.csv")
    assert set(ranking["side"].to_list()) == {0, 1}
    assert (ranking["rank_by"] == "forced_draw").all()  # one measure per side: both sides forced some cards
    ranked = ranking.filter(pl.col("rank_value").is_not_null())
    assert sorted(ranked["card_id"].to_list()) == ["AR-01", "AR-18", "CI-18"]
    assert ranking.height == 30  # every card of both greedy decks, the unmeasured ones after the measured
    assert ranked.filter(pl.col("side") == 0)["card_id"].to_list() == ["AR-18", "AR-01"]  # best first
    page = (out / "forced.html").read_text(encoding="utf-8")
    assert "Robo forzado" in page and "CI-18" in page  # sim report speaks Spanish unless told --lang en
