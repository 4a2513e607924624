"""Early stopping ([stop]): SPRT and precision targets per config, decided at fixed unit counts so
the results never depend on the executor; the baseline of a sweep always plays in full."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType

import dash
import numba
import numpy as np
import polars as pl
import pytest
from rich.console import Console

from sim.analysis.sprt import sprt_by_config
from sim.cli import main
from sim.core.errors import InputError
from sim.run.executors import SerialExecutor
from sim.run.plan import BASE_CONFIG, Chunk, make_plan
from sim.run.runner import run_experiment
from sim.run.spec import StopSpec, load_spec
from sim.analysis.stopping import StopRule

from small_runs import write_spec

STOP = """
[sweep]
[[sweep.axis]]
side = 1
field = "budget"
values = [100, 134]

[stop]
method = "{method}"
every = 200
half_width = 0.04
"""


def stop_spec(folder: Path, method: str = "sprt", games: int = 2000) -> Path:
    path = write_spec(folder, games=games)
    path.write_text(path.read_text() + STOP.format(method=method))
    return path


def games_per_config(run_dir: Path) -> dict[str, int]:
    games = pl.read_parquet(run_dir / "games" / "**" / "*.parquet")
    return dict(games.group_by("config").len().iter_rows())


@pytest.mark.parametrize("method", ["sprt", "precision"])
def test_a_clear_config_stops_early_and_the_baseline_plays_in_full(tmp_path: Path, method: str) -> None:
    results = tmp_path / "results"
    outcome = run_experiment(load_spec(stop_spec(tmp_path, method)), results, executor=SerialExecutor(), stop_rules=StopRule)
    assert outcome.finished
    counts = games_per_config(results / "small")
    assert counts["base"] == 2000
    assert counts["side1.budget=100"] < 2000 and counts["side1.budget=100"] % 200 == 0  # a 100-point deck loses fast
    manifest = json.loads((results / "small" / "manifest.json").read_text())
    stopped = manifest["stopped"]["side1.budget=100"]
    assert stopped["stopped_at_unit"] == counts["side1.budget=100"]
    # tested against the baseline, a deck 35 points short is worse than it: H1, not "H0: side A at 50%"
    assert ("SPRT H1 (worse)" in stopped["decision"]) if method == "sprt" else ("points" in stopped["decision"])
    assert "base" not in manifest["stopped"]
    if method == "sprt":
        assert stopped["hypothesis"] == "H0: same as the baseline; H1: ±1.4 pts from it"
    assert manifest["status"] == "finished" and manifest["chunks_done"] == manifest["chunks_total"]


def test_a_config_equal_to_the_baseline_stops_for_h0_and_never_h1(tmp_path: Path) -> None:
    """turn_cap = 80 is the default: the config plays the baseline's games exactly, d = 0 in every pair."""
    path = write_spec(tmp_path, games=2000)
    path.write_text(path.read_text() + '[sweep]\n[[sweep.axis]]\nparam = "turn_cap"\nvalues = [80]\n'
                    '[stop]\nmethod = "sprt"\nevery = 200\n')
    results = tmp_path / "results"
    run_experiment(load_spec(path), results, executor=SerialExecutor(), stop_rules=StopRule)
    counts = games_per_config(results / "small")
    assert counts == {"base": 2000, "params.turn_cap=80": 200}  # decided at the first check: 100 pairs ≥ 50
    stopped = json.loads((results / "small" / "manifest.json").read_text())["stopped"]
    assert list(stopped) == ["params.turn_cap=80"] and stopped["params.turn_cap=80"]["decision"].startswith("SPRT H0")
    readings = {r["config"]: r for r in sprt_by_config(results / "small").iter_rows(named=True)}
    assert readings["base"]["decision"] == "baseline" and readings["base"]["llr"] is None
    same = readings["params.turn_cap=80"]
    assert same["decision"] == "H0" and same["diff"] == 0.0 and same["pairs"] == 100 and same["llr"] < -100
    assert same["note"] == "stopped early (200 / 2,000): its estimate is biased towards 0"


class StopsAfter(SerialExecutor):
    """A serial executor whose driver dies after `n` chunks (as a Ctrl-C would)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def execute(self, plan, chunks, on_done, wanted=None, on_block=None) -> None:
        played = 0

        def counting(chunk, games, cards) -> None:
            nonlocal played
            on_done(chunk, games, cards)
            played += 1
            if played == self.n:
                raise KeyboardInterrupt

        super().execute(plan, chunks, counting, wanted, on_block)


def test_where_a_config_stops_does_not_depend_on_threads_or_a_resume(tmp_path: Path) -> None:
    spec = stop_spec(tmp_path)
    first = tmp_path / "one"
    run_experiment(load_spec(spec), first, executor=SerialExecutor(), stop_rules=StopRule)
    second = tmp_path / "two"
    saved = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        with pytest.raises(KeyboardInterrupt):
            run_experiment(load_spec(spec), second, executor=StopsAfter(14), stop_rules=StopRule)  # dies mid-run...
    finally:
        numba.set_num_threads(saved)
    run_experiment(load_spec(spec), second, executor=SerialExecutor(), stop_rules=StopRule)  # ...and the same command resumes
    a = pl.read_parquet(first / "small" / "games" / "**" / "*.parquet").sort("config", "game")
    b = pl.read_parquet(second / "small" / "games" / "**" / "*.parquet").sort("config", "game")
    assert a.equals(b)
    assert json.loads((first / "small" / "manifest.json").read_text())["stopped"] == \
        json.loads((second / "small" / "manifest.json").read_text())["stopped"]


def test_stop_fixes_the_chunk_size(tmp_path: Path) -> None:
    experiment = load_spec(stop_spec(tmp_path))
    assert make_plan(experiment).chunk_units == 200
    with pytest.raises(InputError, match="with \\[stop\\] the chunks are stop.every = 200"):
        make_plan(experiment, chunk_size=500)


def test_the_console_says_which_configs_stopped(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["run", str(stop_spec(tmp_path)), "--results", str(tmp_path / "r"), "--executor", "serial"]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sim.cli.Console", lambda **kwargs: Console(width=300, **{k: v for k, v in kwargs.items()
                                                                                   if k != "width"}))
    assert main(["show", str(tmp_path / "r" / "small")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "SPRT, H0: same as the baseline; H1: ±1.4 pts from it" in out
    assert "side1.budget=100 (stopped early)" in out and "accepted H1 (worse), LLR +" in out
    assert "side1.budget=100: SPRT H1 (worse), LLR +" in out
    assert "stopped early (" in out and "its estimate is biased away from 0" in out
    assert "│ base │" in out and out.count("baseline") >= 2  # the baseline's row: no verdict of its own


def crafted_chunk(config: str, start: int, every: int, a_wins: np.ndarray) -> pl.DataFrame:
    """Units start..start + every of a seat-mirrored config: a_wins[u] says whether side A won unit u."""
    units = np.arange(start, start + every)
    return pl.DataFrame({"config": config, "unit": units, "stage": np.zeros(every, np.int8),
                         "first_side": (units % 2).astype(np.int8),
                         "winner": np.where(a_wins[units], 0, 1).astype(np.int8)})


def crafted_rule(every: int = 200) -> tuple[StopRule, dict[str, np.ndarray]]:
    """A sweep of three configs over 2,000 units: the baseline (side A wins 50% of games), "same"
    (the baseline's games exactly) and "better" (the baseline's games, plus one more win in a tenth
    of the pairs the baseline did not sweep: about +3.7 points per game, against H1's 1.44)."""
    rng = np.random.default_rng(4)
    base = rng.uniform(size=2000) < 0.5
    better = base.copy()
    lift = (rng.uniform(size=1000) < 1 / 10) & ~(base[0::2] & base[1::2])
    for pair in np.flatnonzero(lift):
        better[2 * pair + (0 if not base[2 * pair] else 1)] = True
    wins = {"base": base, "same": base.copy(), "better": better}
    return StopRule(StopSpec(method="sprt", every=every), list(wins), "base"), wins


def feed_all(rule: StopRule, wins: dict[str, np.ndarray], order: list[tuple[str, int]], every: int = 200) -> list[str]:
    stopped = []
    for config, start in order:
        chunk = Chunk(config, start, every)
        if rule.needed(chunk):
            stopped += rule.feed(chunk, crafted_chunk(config, start, every, wins[config]))
    return stopped


def test_the_rule_tests_each_config_against_the_baseline_on_crafted_pairs() -> None:
    rule, wins = crafted_rule()
    in_order = [(config, start) for config in ("base", "same", "better") for start in range(0, 2000, 200)]
    assert sorted(feed_all(rule, wins, in_order)) == ["better", "same"]
    assert rule.state["same"].stopped_at == 200  # every d = 0: towards H0 at the first check
    assert rule.state["same"].decision.startswith("SPRT H0, LLR -")
    assert rule.state["better"].decision.startswith("SPRT H1 (better)")
    stop = rule.state["better"].stopped_at
    assert 200 < stop < 2000  # a real but small change takes several checks
    d = (wins["better"][:stop].reshape(-1, 2).sum(axis=1) - wins["base"][:stop].reshape(-1, 2).sum(axis=1)) / 2
    assert rule.state["better"].counts @ (np.arange(-4, 5) / 4) / (stop // 2) == pytest.approx(d.mean())
    assert rule.state["base"].stopped_at is None and "base" not in rule.summary()
    assert rule.summary()["better"]["hypothesis"] == "H0: same as the baseline; H1: ±1.4 pts from it"


def test_a_config_ahead_of_the_baseline_waits_for_it_and_the_baseline_can_stop_it() -> None:
    rule, wins = crafted_rule()
    early = [("same", start) for start in range(0, 2000, 200)] + [("better", start) for start in range(0, 2000, 200)]
    assert feed_all(rule, wins, early) == []  # no baseline yet: nothing decided, everything waits
    assert rule.state["same"].next_start == 0 and len(rule.state["same"].waiting) == 10
    stopped = feed_all(rule, wins, [("base", 0)])
    assert stopped == ["same"] and rule.state["same"].stopped_at == 200  # the baseline's first chunk decides it
    reference, _ = crafted_rule()
    feed_all(reference, wins, [(c, s) for c in ("base", "same", "better") for s in range(0, 2000, 200)])
    for start in range(200, 2000, 200):
        feed_all(rule, wins, [("base", start)])
    assert rule.summary() == reference.summary()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_where_a_config_stops_is_the_same_in_any_arrival_order(seed: int) -> None:
    reference, wins = crafted_rule()
    feed_all(reference, wins, [(c, s) for c in ("base", "same", "better") for s in range(0, 2000, 200)])
    order = [(c, s) for c in ("base", "same", "better") for s in range(0, 2000, 200)]
    np.random.default_rng(seed).shuffle(order)
    rule, _ = crafted_rule()
    feed_all(rule, wins, order)
    assert rule.summary() == reference.summary()
    assert rule.state["better"].stopped_at == reference.state["better"].stopped_at is not None


def test_stop_difference_is_checked() -> None:
    assert StopSpec(method="sprt", difference=0.02).difference == 0.02
    for bad in (0.0, -0.01, 0.6):
        with pytest.raises(ValueError):
            StopSpec(method="sprt", difference=bad)
    with pytest.raises(ValueError, match="needs method"):
        StopSpec(method="precision", difference=0.02)


def test_stop_difference_needs_a_sweep_or_an_ablation(tmp_path: Path) -> None:
    path = write_spec(tmp_path)
    path.write_text(path.read_text() + '[stop]\nmethod = "sprt"\nevery = 200\ndifference = 0.02\n')
    with pytest.raises(InputError, match="stop.difference is the change from a baseline"):
        load_spec(path)
    swept = stop_spec(tmp_path)
    swept.write_text(swept.read_text() + "difference = 0.03\n")
    rule = StopRule(load_spec(swept).spec.stop, list(make_plan(load_spec(swept)).configs), BASE_CONFIG)
    assert rule.hypothesis.size == 0.03 and rule.hypothesis.text() == "H0: same as the baseline; H1: ±3.0 pts from it"


def test_the_sweeps_page_writes_the_hypothesis_beside_the_verdicts(tmp_path: Path) -> None:
    from dashboards.app import create_app

    results = tmp_path / "results"
    run_experiment(load_spec(stop_spec(tmp_path)), results, executor=SerialExecutor(), stop_rules=StopRule)
    app = create_app(results, executor="serial", warm=False)
    sweeps = registered_page("/sweeps")

    with app.server.app_context():
        for lang, words in (("en", ("H0: same as the baseline; H1: ±1.4 pts from it", "bounds −2.944 / +2.944",
                                    "baseline: not tested against itself", "accepted H1 (worse)",
                                    "its estimate is biased away from 0")),
                            ("es", ("H0: igual que la base; H1: ±1,4 pts de ella", "aceptada H1 (peor)",
                                    "base: no se compara consigo misma", "sesgada lejos de 0"))):
            from dashboards.widgets import table_texts

            _, body, _ = sweeps.draw("small", lang)
            page = str(body)
            for expected in words:
                assert expected in page, (lang, expected)
            table = next(part for part in body if getattr(part, "id", None) == "sweeps-sprt")
            base = next(row for row in table_texts(table) if row["config"] == "base")  # a Div wraps the grid
            assert base["llr"] == "-" and base["diff"] == "-"  # the baseline is not tested against itself


def registered_page(path: str) -> ModuleType:
    """The page module the app loaded for `path` (importing it again under another name would
    register its page and callbacks twice)."""
    entry = next(page for page in dash.page_registry.values() if page["path"] == path)
    return sys.modules[entry["module"]]
