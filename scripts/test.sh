#!/usr/bin/env bash
# Install the project with its test extra and run the whole test suite (CI runs exactly this).
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet --disable-pip-version-check -e '.[test]'
python -m pytest -q "$@"
