"""Three costs of numba's compiler that make no code, taken out of a cold compile (docs/engine.md,
"Epikha's cold compile"). The compiled kernels are the same; only the compiler's own bookkeeping
changes.

- **The markup of discarded typing errors.** To type a call numba tries its candidate templates in
  turn and keeps an error message for each one that fails; almost all are thrown away when a later
  candidate fits. Each message is marked up (`HighlightColorScheme._markup`, bold escape codes)
  inside `colorama.init()` and `deinit()`, which wrap and unwrap sys.stdout and sys.stderr every
  time: 34,000 of them in epikha's greedy compile, about 3% of it under a profiler. The same text
  is built here without the stream wrapping, which changes the streams, not the text returned.
- **The LLVM lock's events.** numba registers callbacks on llvmlite's lock that fire a
  `numba:llvm_lock` event before and after every call into LLVM (125,000 calls in that compile),
  and every compile on the stack listens to them with a timer: their only use is the
  `llvm_lock` time in a dispatcher's `get_metadata()['timers']`, which nothing here reads.
  Dropping the callbacks leaves the lock itself.
- **Comparing compile flags.** A call typed through an `@overload` template looks its implementation
  up by (argument types, flags), and `TargetConfig.__eq__` and `__hash__` build the dict of all 22
  options through their properties each time (105,000 times in that compile, about 45 us each on
  this machine). The same dict is built here from the options' defaults, kept per class, and the
  values set (about 4 us).

Installed with the inliner's repair (sim/core/kernel_cache.py), before any kernel compiles. numba
0.68 and 0.69 have what is patched here; `install` checks for it and leaves numba as it is
otherwise."""

from __future__ import annotations

from typing import Any

from llvmlite.binding import ffi
from numba.core import errors, targetconfig

_defaults: dict[type, dict[str, Any]] = {}  # each TargetConfig class's options and their defaults


def _values(self: Any) -> dict[str, Any]:
    """TargetConfig.values: every option's value, in the options' order (the same dict as numba's)."""
    cls = type(self)
    defaults = _defaults.get(cls)
    if defaults is None:
        defaults = _defaults[cls] = {name: option.default for name, option in cls.options.items()}
    values = dict(defaults)
    for name, value in self._values.items():
        if name in defaults:
            values[name] = value
    return values


def install() -> None:
    highlight = getattr(errors, "HighlightColorScheme", None)  # absent where colorama is not installed
    if highlight is not None and hasattr(errors, "Style") and not getattr(highlight, "_sim_plain_markup", False):
        reset_all = errors.Style.RESET_ALL
        bright = errors.Style.BRIGHT

        def _markup(self: Any, msg: str, color: str | None = None, style: str | None = bright) -> str:
            """numba's markup (the features, the text, RESET_ALL), without colorama's stream wrapping."""
            return (color or "") + (style or "") + msg + reset_all

        highlight._markup = _markup
        highlight._sim_plain_markup = True
    config = targetconfig.TargetConfig
    if not getattr(config, "_sim_values", False) and "_values" in getattr(config, "__slots__", ()):
        config.values = _values
        config._sim_values = True
    callbacks = getattr(getattr(ffi.lib, "_lock", None), "_cblist", None)
    if callbacks is not None:
        for acquire, release in list(callbacks):
            if getattr(acquire, "__qualname__", "").startswith("_initialize_llvm_lock_event."):
                ffi.unregister_lock_callback(acquire, release)
