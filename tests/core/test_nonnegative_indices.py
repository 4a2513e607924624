"""The kernels index from 0 up, and numba compiles their indexing without Python's wraparound of a
negative index (sim/core/nonnegative_indices.py); with numba's bounds checks on, an index below 0
is an error, which is how scripts/index_check.py proves the games never use one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
from numba import njit
from numba.np import arrayobj

import sim.core.kernel_cache  # noqa: F401 -- installs the indexing, as every kernel's cache does
from sim.core import nonnegative_indices

ROOT = Path(__file__).resolve().parents[2]


def test_a_compile_indexes_without_the_wraparound() -> None:
    @njit
    def read(a: np.ndarray, i: int) -> int:
        return a[i]

    assert read(np.arange(5), 3) == 3
    # numba prepared its compiler for `read`, and found the index fix replaced then
    assert arrayobj.fix_integer_index is nonnegative_indices.index_from_zero


READ_FROM_THE_END = """
import numpy as np
from numba import njit
import sim.core.kernel_cache

@njit
def read(a, i):
    return a[i]

print(read(np.arange(5), 4))
try:
    read(np.arange(5), -1)
except IndexError:
    print("IndexError")
"""


def test_with_bounds_checks_an_index_below_zero_is_an_error() -> None:
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", READ_FROM_THE_END], env=env, capture_output=True, text=True,
                          timeout=300, check=True)
    assert done.stdout.split() == ["4", "IndexError"]


def test_dicedraft_s_kernels_index_within_bounds() -> None:
    # the other games: `python scripts/index_check.py` (a minute of compiling each), docs/engine.md
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "index_check.py"),
                           str(ROOT / "experiments" / "dicedraft_factions.toml"), "--units", "20"],
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "dicedraft_factions.toml: every index within bounds" in done.stdout
