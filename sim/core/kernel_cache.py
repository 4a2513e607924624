"""Where numba keeps a compiled kernel of this package: under the cache folder, by the kernel file's
path inside the package (sim/rulesets/dicedraft/...), not by its absolute path.

Numba's own locator names a file's cache folder by a hash of the folder's absolute path, so a second
checkout of the same version (a fresh clone, CI's clone, a `pip install .` beside a `pip install -e`)
compiled every kernel again although the cache folder (sim/__init__.py: keyed by a hash of all the
kernel source) was the same. Numba checks each cached kernel against its file's content
(`get_source_stamp`, a hash of the source since numba 0.68), so a copy of the same file at another
path may use it. Files outside the package (the test game under tests/) keep numba's own locator.

numba reads the locator list from NUMBA_CACHE_LOCATOR_CLASSES (sim/__init__.py sets it); this module
is imported by numba when the first kernel marked cache=True is defined, before anything compiles, so
it also installs the repairs to numba's inliner (sim/core/faster_inlining.py), the compiler's
bookkeeping that makes no code left out (sim/core/compile_overheads.py), the lighter load of a
cached kernel (sim/core/cached_kernel_load.py) and indexing without the wraparound of a negative
index (sim/core/nonnegative_indices.py), in every process that compiles or loads this
package's kernels. It imports nothing else of sim."""

from __future__ import annotations

import os
from pathlib import Path

from numba.core import config
from numba.core.caching import UserProvidedCacheLocator

from sim.core import cached_kernel_load, compile_overheads, faster_inlining, nonnegative_indices

faster_inlining.install()
compile_overheads.install()
cached_kernel_load.install()
nonnegative_indices.install()

PACKAGE_PARENT = Path(__file__).resolve().parents[2]  # the folder holding sim/
PACKAGE = PACKAGE_PARENT / "sim"


class PackagePathLocator(UserProvidedCacheLocator):
    """A kernel of sim/ cached at CACHE_DIR/<its folder inside the package>: the same place from every
    checkout of the same source."""

    def __init__(self, py_func, py_file: str) -> None:
        super().__init__(py_func, py_file)
        inside = Path(py_file).resolve().parent.relative_to(PACKAGE_PARENT)
        self._cache_path = os.path.join(config.CACHE_DIR, *inside.parts)

    @classmethod
    def from_function(cls, py_func, py_file: str):
        if not config.CACHE_DIR or not Path(py_file).resolve().is_relative_to(PACKAGE):
            return None
        return super().from_function(py_func, py_file)

