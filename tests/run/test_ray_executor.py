"""The embedded Ray executor gives exactly the serial executor's chunk files (invariant 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

from sim.run.executors import RayExecutor
from sim.run.runner import run_experiment
from sim.run.spec import load_spec

from small_runs import chunk_frames


@pytest.mark.slow
def test_embedded_ray_equals_serial(spec_path: Path, results: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ray = pytest.importorskip("ray")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)  # never join a cluster from a test
    experiment = load_spec(spec_path)
    run_experiment(experiment, results, run_name="serial", chunk_size=500)
    outcome = run_experiment(experiment, results, run_name="ray", executor=RayExecutor(), chunk_size=500)
    assert outcome.executor == "ray" and outcome.chunks_played == 4 and outcome.finished
    assert not ray.is_initialized()  # it started Ray, so it shut it down
    for table in ("games", "cards"):
        serial, by_ray = chunk_frames(results / "serial", table), chunk_frames(results / "ray", table)
        assert list(serial) == list(by_ray)
        for name in serial:
            assert_frame_equal(serial[name], by_ray[name])
