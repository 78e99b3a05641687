#!/usr/bin/env bash
# The solver benchmark: our Cassowary (release build) and kiwisolver (PyPI, in a venv made
# here) on the systems of Benchmarks/SYSTEMS.md, in the same run, then a comparison table.
#
# usage: Benchmarks/run-solver-bench.sh [--quick] [--only siblings,chain,grid,enaml]
#   --quick   small sizes, one run each: a smoke test in well under a minute
# env: BP_VENV (venv path, default Benchmarks/.venv), BENCH_SCRATCH (swift build scratch path),
#      BENCH_MEM_KB (memory cap of our side, per system, default 12000000 KB),
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

# One process per system, under a memory cap (the machine is shared; a case that fills the
# tableau beyond it dies alone and shows as "crashed" in the table).
mem_kb="${BENCH_MEM_KB:-12000000}"
only="siblings,chain,grid,enaml"
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --only) only="$2"; shift 2 ;;
        *) args+=("$1"); shift ;;
    esac
done
: > "$out/ours.jsonl"
for system in ${only//,/ }; do
    ( ulimit -v "$mem_kb"; "$bin" "${args[@]}" --only "$system" ) 2>/dev/null | tee -a "$out/ours.jsonl" >&2 || true
done
set -- "${args[@]}" --only "$only"
BP_VENV="$venv" BP_IN_VENV=1 "$venv/bin/python" "$here/kiwi_peer.py" "$@" | tee "$out/kiwi.jsonl" >&2
"$venv/bin/python" "$here/solver_table.py" "$out/ours.jsonl" "$out/kiwi.jsonl"
