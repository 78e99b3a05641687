#!/usr/bin/env bash
# The diff and PNG benchmark, in one run: our release build, the PyPI peers
# (pybind11-pixelmatch, pixelhog) in a venv this script makes, and memcmp as the floor.
#
#   Benchmarks/diff/run.sh [SIZE] [RUNS] [ROUNDS]     (default 4096, 9 and 3)
#
# Ours and the peers take turns ROUNDS times and every figure is the median over the rounds
# (each itself a median of RUNS), so load that comes and goes on a shared machine hits both.
#
# Environment: VENV (default /tmp/blueprint-diff-bench-venv), PYTHON (an interpreter >= 3.12,
# which pixelhog needs; found on PATH or under pyenv otherwise).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
size="${1:-4096}"
runs="${2:-9}"
rounds="${3:-3}"
work="$(mktemp -d /tmp/blueprint-diff-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

pick_python() {
    if [ -n "${PYTHON:-}" ]; then echo "$PYTHON"; return; fi
    for candidate in python3.13 python3.12 python3 $(ls -d "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3 2>/dev/null); do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
            echo "$candidate"; return
        fi
    done
    echo "no Python 3.12 or newer found (pixelhog needs it); set PYTHON" >&2
    exit 2
}

venv="${VENV:-/tmp/blueprint-diff-bench-venv}"
if [ ! -x "$venv/bin/python" ]; then
    "$(pick_python)" -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check "pybind11-pixelmatch==0.1.6" "pixelhog==1.3.1" numpy

echo "building diff-bench (release)..." >&2
(cd "$here" && swift build -c release --scratch-path .build-bench 2>&1 | tail -1 >&2)

for round in $(seq 1 "$rounds"); do
    echo "round $round of $rounds: ours and memcmp ($size x $size, median of $runs)..." >&2
    "$here/.build-bench/release/diff-bench" "$work" "$size" "$runs" > "$work/ours-$round.json"
    echo "round $round of $rounds: the peers..." >&2
    "$venv/bin/python" "$here/peers.py" "$work" "$size" "$runs" > "$work/peers-$round.json"
done
"$venv/bin/python" "$here/summary.py" "$size" "$rounds" "$work"/ours-*.json -- "$work"/peers-*.json
