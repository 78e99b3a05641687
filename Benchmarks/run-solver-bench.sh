#!/usr/bin/env bash
# The solver benchmark: our Cassowary (release build) and kiwisolver (PyPI, in a venv made
# here) on the systems of shared/bench/SYSTEMS.md, in the same run, then a comparison table.
#
# usage: Benchmarks/run-solver-bench.sh [--quick] [--only siblings,chain,grid,enaml]
#   --quick   small sizes, one run each: a smoke test in well under a minute
# env: BP_VENV (venv path, default Benchmarks/.venv), BENCH_SCRATCH (swift build scratch path),
#      BENCH_OUT (where the JSON lines go, default a temp dir)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${BP_VENV:-$here/.venv}"
out="${BENCH_OUT:-$(mktemp -d)}"
mkdir -p "$out"

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -c "import kiwisolver" 2>/dev/null || "$venv/bin/pip" install -q kiwisolver

scratch=()
if [ -n "${BENCH_SCRATCH:-}" ]; then scratch=(--scratch-path "$BENCH_SCRATCH"); fi
swift build -c release --package-path "$here" "${scratch[@]}" >&2
bin="$(swift build -c release --package-path "$here" "${scratch[@]}" --show-bin-path)/solver-bench"

echo "ours:       $bin" >&2
echo "kiwisolver: $("$venv/bin/python" -c 'import kiwisolver; print(kiwisolver.__version__)')" >&2
echo "results:    $out/ours.jsonl $out/kiwi.jsonl" >&2

"$bin" "$@" | tee "$out/ours.jsonl" >&2
BP_VENV="$venv" BP_IN_VENV=1 "$venv/bin/python" "$here/kiwi_peer.py" "$@" | tee "$out/kiwi.jsonl" >&2
"$venv/bin/python" "$here/solver_table.py" "$out/ours.jsonl" "$out/kiwi.jsonl"
