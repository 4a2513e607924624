#!/usr/bin/env bash
# Install the project and run the default experiment (spiders against centipedes, 1,000,000 games)
# on an embedded Ray instance, then print its summary. Rerunning resumes or reuses the stored run.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet --disable-pip-version-check -e .
sim run experiments/dicedraft_factions.toml "$@"
