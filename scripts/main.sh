#!/usr/bin/env bash
# Install the project, run the default experiment (spiders against centipedes, 1,000,000 games) on
# every core of this machine (or the Ray cluster RAY_ADDRESS names) and print its summary, then open
# the dashboard on http://127.0.0.1:8050/.
# Rerunning resumes or reuses the stored run.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet --disable-pip-version-check -e .
sim run experiments/dicedraft_factions.toml "$@"
exec sim dash --results results
