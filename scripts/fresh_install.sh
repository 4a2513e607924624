#!/usr/bin/env bash
# CI's fresh-install stage: what a new machine does with the README. In a new virtualenv, `pip install .`
# (no extras, not editable), then from a folder outside the checkout: every module and every import
# of the installed package (scripts/check_imports.py), `sim --help`, a small `sim run` of the default
# spec, `sim show`, `sim report --format html`. Then the README's main command, `bash scripts/main.sh`,
# with a small --games while another program holds port 8050: its dashboard must answer on the next
# free port. Any failure fails the stage (and CI).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
pids=()
cleanup() {
    for pid in ${pids[@]+"${pids[@]}"}; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
say() { echo "fresh install: $*"; }

python3 -m venv "$scratch/venv"
"$scratch/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$repo"
export PATH="$scratch/venv/bin:$PATH"
cd "$scratch"
say "installed in $scratch/venv; running from $scratch"
python "$repo/scripts/check_imports.py"
sim --help > /dev/null
started=$SECONDS
sim run "$repo/experiments/dicedraft_factions.toml" --games 2000 --results results
say "sim run: $((SECONDS - started)) s, kernels compiled included"
sim show dicedraft_factions --results results > show.txt
grep -q "Arañas" show.txt
sim report dicedraft_factions --format html --results results
test -s results/dicedraft_factions/report/dicedraft_factions.html

# the README's main command, port 8050 held by another program
python3 - <<'PY' &
import socket, time
holder = socket.socket()
try:
    holder.bind(("127.0.0.1", 8050))
    holder.listen()
except OSError:  # something listens there already: the point holds as well
    pass
time.sleep(1800)
PY
pids+=($!)
bash "$repo/scripts/main.sh" --games 2000 --results "$scratch/main-results" > main.log 2>&1 &
main_pid=$!
pids+=($main_pid)
url=""
for _ in $(seq 1 900); do
    url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/' main.log | head -n 1 || true)"
    [ -n "$url" ] && break
    if ! kill -0 "$main_pid" 2>/dev/null; then
        cat main.log
        say "scripts/main.sh ended before its dashboard answered"
        exit 1
    fi
    sleep 1
done
if [ -z "$url" ]; then
    cat main.log
    say "scripts/main.sh printed no dashboard address within 15 minutes"
    exit 1
fi
grep -q "port 8050 is taken" main.log
python3 -c "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen(sys.argv[1], timeout=60).status == 200 else 1)" "$url"
say "scripts/main.sh: dashboard answers at $url with port 8050 held; stopping it"
kill "$main_pid"  # TERM: a background job of a script ignores SIGINT
wait "$main_pid" || true
