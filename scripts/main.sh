#!/usr/bin/env bash
# Install the project, run the default experiment (arañas against ciempiés, 1,000,000 games) on
# every core of this machine (or the Ray cluster RAY_ADDRESS names) and print its summary, then open
# the dashboard on http://127.0.0.1:8050/ (or the next free port when 8050 is taken).
#
#   bash scripts/main.sh [RUN OPTIONS] [-- DASHBOARD OPTIONS]
#   bash scripts/main.sh --games 20000 -- --port 8060
#
# Options before `--` go to `sim run` (--games, --seed, --run, --executor, ...), options after it to
# `sim dash` (--port, --host, --token, ...). Rerunning resumes or reuses the stored run.
set -euo pipefail
cd "$(dirname "$0")/.."
run_args=()
dash_args=()
results=results  # the run's --results, which the dashboard then shows
while [ $# -gt 0 ]; do
    case "$1" in
        --) shift; dash_args=("$@"); break ;;
        --results) results="${2:-}"; run_args+=("$1" "${2:-}"); shift; [ $# -gt 0 ] && shift; continue ;;
        --results=*) results="${1#--results=}" ;;
    esac
    run_args+=("$1")
    shift
done
python -m pip install --quiet --disable-pip-version-check -e .
sim run experiments/dicedraft_factions.toml ${run_args[@]+"${run_args[@]}"}
exec sim dash --results "$results" ${dash_args[@]+"${dash_args[@]}"}
