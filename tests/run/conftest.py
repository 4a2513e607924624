"""Fixtures of the runner tests (the pieces themselves are in small_runs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from small_runs import write_spec


@pytest.fixture
def spec_path(tmp_path: Path) -> Path:
    return write_spec(tmp_path)


@pytest.fixture
def results(tmp_path: Path) -> Path:
    return tmp_path / "results"
