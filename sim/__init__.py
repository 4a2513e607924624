"""Simulation and balance analytics for small Spanish card games."""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

__version__ = "0.1.0"
KERNEL_FOLDERS = ("core", "draft", "rulesets")  # where numba code lives


def _engine_digest() -> str:
    """A hash of the kernels' source. Numba's own cache notices when a function's file changes but
    not when a function it calls (in another file) does; keying the cache folder by all the
    kernel source means a stale kernel is never loaded after an edit."""
    digest = hashlib.sha256(__version__.encode())
    here = Path(__file__).parent
    for folder in KERNEL_FOLDERS:
        for path in sorted((here / folder).rglob("*.py")):
            digest.update(str(path.relative_to(here)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


# LLVM optimisation level for the kernels. Measured with `sim bench`: level 1 plays as fast as the
# default 3 and compiles about a quarter sooner (cold start under 30 s). NUMBA_OPT overrides it.
ENGINE_OPT = os.environ.get("NUMBA_OPT", "1")

# numba's cache locators, ours first (sim/core/kernel_cache.py: a kernel cached by its place in the
# package, so every checkout of the same source shares it), then numba's own, by their names in
# numba.core.caching
KERNEL_LOCATORS = ("sim.core.kernel_cache.PackagePathLocator,UserProvidedCacheLocator,InTreeCacheLocator,"
                   "UserWideCacheLocator,IPythonCacheLocator,ZipCacheLocator")


def _use_engine_cache() -> None:
    """Point numba's on-disk cache at ~/.cache/sim/numba/<source hash>-O<level> (or under
    $SIM_CACHE_DIR), shared by every process and every checkout of the same source on the machine,
    Ray workers included, unless NUMBA_CACHE_DIR is set; and compile at ENGINE_OPT."""
    os.environ["NUMBA_OPT"] = ENGINE_OPT
    os.environ.setdefault("NUMBA_CACHE_LOCATOR_CLASSES", KERNEL_LOCATORS)
    folder = os.environ.get("NUMBA_CACHE_DIR")
    if folder is None:
        root = Path(os.environ.get("SIM_CACHE_DIR", Path.home() / ".cache" / "sim"))
        folder = str(root / "numba" / f"{_engine_digest()}-O{ENGINE_OPT}")
        os.environ["NUMBA_CACHE_DIR"] = folder
    if "numba" in sys.modules:  # numba read its settings already: make it read them again
        from numba.core import config

        config.reload_config()


_use_engine_cache()
