#!/usr/bin/env bash
# PNG codecs side by side (libpng, libspng, libdeflate) on diff-bench's UI scene, and the whole
# `blueprint diff A B -o D` against Pillow + pybind11-pixelmatch (cli_bench.py), in one run.
#
#   Benchmarks/diff/run-codecs.sh [RUNS]      (default 5; needs libspng-dev libdeflate-dev)
#
# Environment: VENV as in run.sh (Pillow is added to it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
runs="${1:-5}"
work="$(mktemp -d /tmp/blueprint-codecs.XXXXXX)"
trap 'rm -rf "$work"' EXIT
venv="${VENV:-/tmp/blueprint-diff-bench-venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "pybind11-pixelmatch==0.1.6" numpy pillow

echo "building (release)..." >&2
cc -O2 -o "$work/codecs" "$here/codecs.c" -lpng16 -lspng -ldeflate -lz -lpthread
(cd "$here" && swift build -c release --scratch-path .build-bench 2>&1 | tail -1 >&2)
(cd "$root" && swift build -c release --product blueprint --scratch-path .build-bench-cli 2>&1 | tail -1 >&2)
"$here/.build-bench/release/diff-bench" "$work" 4096 1 > /dev/null   # writes the scene's PNGs

echo "== PNG codecs, 4096x4096 UI scene (best of $runs) =="
"$work/codecs" "$work/expected.png" "$runs"
echo "== whole process, 4096x4096 pair (median of $runs, taking turns) =="
"$venv/bin/python" "$here/cli_bench.py" "$root/.build-bench-cli/release/blueprint" "$work" "$runs"
