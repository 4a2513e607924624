"""Settings every test shares.

The console's width: the CLI prints 140 columns when its output is not a terminal (sim/cli.py), and
the tests read that output as a log or a pipe would. A shell, or a pytest-xdist worker (which exports
COLUMNS=80), must not narrow it under them; the tests that are about the width set COLUMNS
themselves (tests/report/test_console_width.py).

The order: scripts/test.sh runs the suite in two workers, a file to each at a time, in the order
collected. A file of minutes (marked `slow`: the browser walk of every page, the contract over every
game) collected last would run alone at the end while the other worker idles, so the files that hold
a slow test go first, in the order collected, each file's own order kept."""

from __future__ import annotations

import os

import pytest

for name in ("COLUMNS", "LINES"):
    os.environ.pop(name, None)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_files)  # a stable sort: files stay whole
