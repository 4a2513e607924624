"""sim/core/compile_overheads.py leaves out numba's bookkeeping, not what it computes: the flags'
values and the error messages' text are numba's own, and a typing error still reads the same."""

from __future__ import annotations

import numpy as np
import pytest
from colorama import Style
from llvmlite.binding import ffi
from numba import njit
from numba.core import errors, targetconfig
from numba.core.compiler import Flags

import sim.core.kernel_cache  # noqa: F401 (installs the changes, as numba's first cached kernel does)


def numba_values(flags: targetconfig.TargetConfig) -> dict:
    """numba's TargetConfig.values, as it is written there."""
    return {name: getattr(flags, name) for name in flags.options}


def test_flags_compare_and_hash_by_every_option_as_numba_does() -> None:
    assert getattr(targetconfig.TargetConfig, "_sim_values", False)
    plain, changed = Flags(), Flags()
    changed.nrt = True
    changed.inline = "always"
    for flags in (plain, changed, Flags(changed)):
        assert list(flags.values().items()) == list(numba_values(flags).items())
    assert plain != changed and changed == Flags(changed) and hash(plain) == hash(Flags())


def test_markup_is_numbas_text_and_the_llvm_lock_fires_no_event() -> None:
    scheme = errors.termcolor()
    assert scheme.errmsg("typing failed") == Style.BRIGHT + "typing failed" + Style.RESET_ALL
    assert not [acquire for acquire, _ in ffi.lib._lock._cblist
                if acquire.__qualname__.startswith("_initialize_llvm_lock_event.")]


def test_a_typing_error_still_names_what_failed() -> None:
    @njit
    def adds_a_string(x: int) -> int:
        return x + "one"

    with pytest.raises(errors.TypingError, match="add"):
        adds_a_string(np.int64(1))
