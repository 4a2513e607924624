"""Settings every test shares.

The console's width: the CLI prints 140 columns when its output is not a terminal (sim/cli.py), and
the tests read that output as a log or a pipe would. A shell, or a pytest-xdist worker (which exports
COLUMNS=80), must not narrow it under them; the tests that are about the width set COLUMNS
themselves (tests/report/test_console_width.py)."""

from __future__ import annotations

import os

for name in ("COLUMNS", "LINES"):
    os.environ.pop(name, None)
