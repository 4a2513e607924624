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

import functools
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


@functools.cache
def _package_folder(py_file: str) -> tuple[str, ...] | None:
    """The folder of a kernel's file inside the package (("sim", "rulesets", "dicedraft")), None outside
    it: asked for every kernel defined, and a path's resolve() is a system call per part."""
    path = Path(py_file).resolve()
    return path.parent.relative_to(PACKAGE_PARENT).parts if path.is_relative_to(PACKAGE) else None


class PackagePathLocator(UserProvidedCacheLocator):
    """A kernel of sim/ cached at CACHE_DIR/<its folder inside the package>: the same place from every
    checkout of the same source."""

    # cache folders this process found writable. For every kernel defined (165 for a dicedraft run,
    # a cached start's imports) numba makes the folder and writes and removes a file in it to see
    # that it may; once a folder is enough. Saving a compiled kernel checks again (numba's own).
    _writable: set[str] = set()

    def __init__(self, py_func, py_file: str) -> None:
        super().__init__(py_func, py_file)
        self._cache_path = os.path.join(config.CACHE_DIR, *_package_folder(py_file))

    @classmethod
    def from_function(cls, py_func, py_file: str):
        if not config.CACHE_DIR or _package_folder(py_file) is None:
            return None
        locator = cls(py_func, py_file)
        if locator._cache_path not in cls._writable:
            try:
                locator.ensure_cache_path()
            except OSError:  # as numba's: no folder, or not writable, and this locator is not used
                return None
            cls._writable.add(locator._cache_path)
        return locator
