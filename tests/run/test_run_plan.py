"""The plan: chunks cover every unit exactly once, and the chunk size comes from the right place."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.core.errors import InputError
from sim.run.plan import BASE_CONFIG, chunk_ranges, make_plan
from sim.run.spec import load_spec

from small_runs import write_spec


@pytest.mark.parametrize(("n", "size"), [(1, 1), (10, 3), (2000, 2000), (2000, 7), (5, 100)])
def test_chunk_ranges_cover_every_unit_once_in_order(n: int, size: int) -> None:
    ranges = chunk_ranges(n, size)
    units = [u for start, count in ranges for u in range(start, start + count)]
    assert units == list(range(n))
    assert all(1 <= count <= size for _, count in ranges)


def test_chunk_size_from_argument_then_spec_then_ruleset(tmp_path: Path) -> None:
    plain = load_spec(write_spec(tmp_path, "plain.toml", games=1000))
    with_size = load_spec(write_spec(tmp_path, "sized.toml", games=1000, top="chunk_size = 300"))
    default = make_plan(plain)
    assert default.chunk_units == default.ruleset.default_chunk_units(default.configs[BASE_CONFIG])
    assert make_plan(with_size).chunk_units == 300
    assert make_plan(with_size, chunk_size=64).chunk_units == 64
    plan = make_plan(with_size)
    assert [c.unit_start for c in plan.chunks] == [0, 300, 600, 900]
    assert [c.n_units for c in plan.chunks] == [300, 300, 300, 100]
    assert plan.total_units == 1000 and {c.config_id for c in plan.chunks} == {BASE_CONFIG}


def test_bad_chunk_size_argument_is_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="--chunk-size"):
        make_plan(load_spec(write_spec(tmp_path)), chunk_size=0)
