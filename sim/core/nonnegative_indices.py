"""The engine's kernels index their arrays with numbers from 0 up, never from the end (`a[-1]`), so
the machine code numba makes for them leaves out Python's wraparound of a negative index.

numba compiles `a[i]` for a signed `i` as `i + len if i < 0 else i` (a compare, an add and a
select for every index of every dimension: `numba.np.arrayobj.fix_integer_index`) before it reads
memory. In the engine, where a game is many short reads of `g.cs[side, card, column]`, that was a
tenth of the work: callgrind, greedy games, the same games played (docs/engine.md, "Indices from
0 up"): rolplay 113,287 -> 98,749 instructions a game, fortaleza 358,485 -> 326,238, epikha
128,314 -> 110,077.

What a negative index did before (silently read from the end) it now does as any index past the end
does with numba's bounds checks off: it reads the wrong memory. Neither is meant to happen, and
`NUMBA_BOUNDSCHECK=1` finds both: with it numba checks every index against 0 and the length after
this hook and raises IndexError. `scripts/index_check.py` plays every game's kernels that way, and a
test plays dicedraft's (tests/core/test_nonnegative_indices.py).

Installed when numba first loads this package's cache locator (sim/core/kernel_cache.py), before
any kernel compiles, in every process that compiles this package's kernels (Ray's workers too). It
touches numba's indexing of any code compiled in that process. numba 0.68 and 0.69
(pyproject.toml) have the functions this relies on; `install` leaves numba as it is otherwise.
"""

from __future__ import annotations

from typing import Any

from numba.core import cpu, types


def index_from_zero(context: Any, builder: Any, idxty: types.Integer, idx: Any, size: Any) -> Any:
    """numba's `fix_integer_index` without the wraparound: the index as the pointer-sized integer of
    its signedness, read as it is."""
    return context.cast(builder, idx, idxty, types.intp if idxty.signed else types.uintp)


def _replace_index_fix() -> None:
    from numba.np import arrayobj  # the compiler's registries are loaded: this import costs nothing

    if hasattr(arrayobj, "fix_integer_index"):
        arrayobj.fix_integer_index = index_from_zero


def install() -> None:
    """Replace numba's index fix with `index_from_zero` when numba prepares to compile (it loads its
    registries then), so that a start that only loads cached kernels does not import the compiler's
    array code for it (sim/core/cached_kernel_load.py)."""
    context = cpu.CPUContext
    if getattr(context, "_sim_nonnegative_indices", False):
        return
    if not hasattr(context, "load_additional_registries"):
        return  # another numba than the one this was written for: leave it alone
    load = context.load_additional_registries

    def load_additional_registries(self: Any) -> None:
        load(self)
        _replace_index_fix()

    context.load_additional_registries = load_additional_registries
    context._sim_nonnegative_indices = True
