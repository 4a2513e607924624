"""Two repairs to numba's `inline="always"`, which took 40% of a cold compile (docs/engine.md,
"Where a cold compile goes"). The inlined code is the same; only the work of producing it changes.

numba inlines a call to an `inline="always"` function by running the whole untyped pipeline on the
callee (`InlineWorker.inline_function`), which inlines the callee's own inlinable calls, and so
on down: a tree of nested inlined functions was translated again at every transitive call site
(dicedraft's turn, inlined into each of its callers, re-derived the combat, the dice chain and the
fights each time). The callee's IR depends only on the function and the compile flags, so it is
kept here per (function, SSA, flags) and every call site gets a copy, as before.

The copy (`InlineWorker.inline_ir`'s `copy_ir`) deep-copies each block with a fresh memo, so each
block copied the function's whole scope (every variable) again, and numba then compared the
copies' scopes for equality: quadratic in the size of the inlined function. One memo per inline
copies the scope once, which is also the shape of the original (every block shares one scope).
numba's own issues: numba/numba#8989 and #9204; the same repairs were proposed for numba-cuda.

It then copies its copy once more, before changing it, as "an unmutated copy" to return, which both
its callers in numba (the untyped `InlineInlinables` and the typed `InlineOverloads`) drop unread: a
second deep copy of every inlined body, about 40% of the inlining pass in epikha's cold compile
(docs/engine.md, "Epikha's cold compile"). Only the callee's own blocks are copied now; the returned
"original" shares the inlined blocks.

Installed when numba first loads this package's cache locator (sim/core/kernel_cache.py), which is
before any of its kernels compile, in every process (Ray's workers too). numba 0.68 and 0.69
(pyproject.toml) have the methods patched here; `install` checks for them and leaves numba as it
is otherwise."""

from __future__ import annotations

import copy
import weakref
from typing import Any

from numba.core import inline_closurecall

_untyped_ir: weakref.WeakKeyDictionary[Any, dict[tuple, Any]] = weakref.WeakKeyDictionary()


class _OneMemoCopy:
    """Stands for the `copy` module inside numba's inliner: deepcopy with one memo per inline, of the
    callee's blocks only (`originals`, while an inline runs)."""

    memo: dict[int, Any] = {}
    originals: set[int] | None = None  # ids of the blocks of the IR being inlined

    def deepcopy(self, value: Any, memo: dict[int, Any] | None = None) -> Any:
        if self.originals is not None and id(value) not in self.originals:
            return value  # inline_ir's copy of its own copy, returned and dropped unread
        return copy.deepcopy(value, self.memo if memo is None else memo)


def install() -> None:
    worker = inline_closurecall.InlineWorker
    if getattr(worker, "_sim_faster_inlining", False):
        return
    if not all(hasattr(worker, name) for name in ("run_untyped_passes", "inline_function", "inline_ir")) \
            or getattr(inline_closurecall, "copy", None) is not copy:
        return  # another numba than the one this was written for: leave it alone
    one_memo = _OneMemoCopy()
    plain_inline_ir = worker.inline_ir

    def inline_function(self: Any, caller_ir: Any, block: Any, i: int, function: Any, arg_typs: Any = None) -> Any:
        """numba's inline_function, with the callee's untyped IR kept: it runs the untyped pipeline
        without SSA, and leaves the caller's flags so (`run_untyped_passes`)."""
        self.flags.enable_ssa = False
        key = str(self.flags.values())
        kept = _untyped_ir.setdefault(function, {})
        if key not in kept:
            kept[key] = self.run_untyped_passes(function)
        # inline_ir copies the callee's IR before changing it, so the kept IR is never changed
        return self.inline_ir(caller_ir, block, i, kept[key], function.__code__.co_freevars, arg_typs=arg_typs)

    def inline_ir(self: Any, caller_ir: Any, block: Any, i: int, callee_ir: Any, *args: Any, **kwargs: Any) -> Any:
        one_memo.memo = {}
        one_memo.originals = {id(callee_block) for callee_block in callee_ir.blocks.values()}
        try:
            return plain_inline_ir(self, caller_ir, block, i, callee_ir, *args, **kwargs)
        finally:
            one_memo.memo = {}
            one_memo.originals = None

    worker.inline_function = inline_function
    worker.inline_ir = inline_ir
    inline_closurecall.copy = one_memo
    worker._sim_faster_inlining = True
