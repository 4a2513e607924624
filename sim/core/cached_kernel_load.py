"""Loading a cached kernel without first preparing numba to compile (docs/engine.md, "Where a cold
compile goes": a cached start).

Before it reads a compiled function from its cache, numba "refreshes" its target context: it imports
and installs every typing and lowering registry it has (numpy's array functions, linear algebra,
which imports SciPy's BLAS, typed containers, random generators...), about 0.27 CPU seconds of a
cached `sim run` that compiles nothing, a fifth of it. Running cached machine code needs none of
them, only numba's runtime (NRT) for the kernels that keep reference counts; a compile refreshes
the context itself (numba's CompilerBase), so a kernel missing from the cache still compiles as
before. What is loaded is the same code: only the work before it changes.

Installed when numba first loads this package's cache locator (sim/core/kernel_cache.py), before any
kernel is loaded. numba 0.68 and 0.69 (pyproject.toml) have the method replaced here; `install`
checks for it and leaves numba as it is otherwise."""

from __future__ import annotations

from typing import Any

from numba.core import caching
from numba.core.runtime import rtsys


def install() -> None:
    cache = caching.Cache
    if getattr(cache, "_sim_cached_kernel_load", False):
        return
    if not all(hasattr(cache, name) for name in ("load_overload", "_load_overload",
                                                 "_guard_against_spurious_io_errors")):
        return  # another numba than the one this was written for: leave it alone

    def load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        """numba's load_overload with the runtime initialised instead of the whole context refreshed."""
        rtsys.initialize(target_context)
        with self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)

    cache.load_overload = load_overload
    cache._sim_cached_kernel_load = True
