#!/usr/bin/env bash
# Install the project with its test extra and Debian's Chromium (for the browser tests), then run
# the whole test suite (CI runs exactly this).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_browser.sh
python -m pip install --quiet --disable-pip-version-check -e '.[test]'
python -m pytest -q --durations=25 "$@"  # the slowest tests named, to keep the run under its 30 minutes
