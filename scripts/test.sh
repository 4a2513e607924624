#!/usr/bin/env bash
# Install the project with its test extra and Debian's Chromium (for the browser tests), then run
# the whole test suite (CI runs exactly this).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_browser.sh
python -m pip install --quiet --disable-pip-version-check -e '.[test]'
# Two workers, a test file to each at a time (a module's fixtures are built once), one a core: the
# suite alone took 26 to 34 minutes in one process. The files go in the order collected (the files
# of minutes first, tests/conftest.py), not reordered by their number of tests, which would leave
# the browser walk of every page (a few tests, seven minutes) for the end. The slowest tests are
# named, to keep the run under its 30 minutes.
python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder --durations=25 "$@"
