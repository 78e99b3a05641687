#!/usr/bin/env bash
# The layout benchmark: nested cards from DSL to frames at 1k, 10k and 100k views (Blueprint,
# release build), the same cards from a .layout file to frames (`blueprint solve`, whole
# process, file_bench.py, and inside one fresh process: layout-bench --file), constant updates on 1k and 10k views, the same linear system in
# kiwisolver (PyPI, in a venv) in the same run, then the table (layout_table.py).
#
# usage: Benchmarks/run-layout-bench.sh [--quick]
#   --quick   1k views only, fewer runs, no 100k, no ambiguity report: a smoke run (< 1 min)
# env: BP_VENV (venv path, default /tmp/bp-venv), BENCH_SCRATCH (swift build scratch path,
#      default .build-layout-bench at the repository's top), BENCH_OUT (where the JSON lines
#      go, default a temp dir), BENCH_MEM_KB (memory cap per process, default 12000000 KB),
#      KIWI_TIMEOUT (seconds for kiwi's 10k case, default 900), REPORT_TIMEOUT (seconds for our
#      report at 10k and 100k, default 120)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${BP_VENV:-/tmp/bp-venv}"
scratch="${BENCH_SCRATCH:-$here/../.build-layout-bench}"
out="${BENCH_OUT:-$(mktemp -d)}"
mem_kb="${BENCH_MEM_KB:-12000000}"
quick=0
for a in "$@"; do
    case "$a" in
        --quick) quick=1 ;;
        *) echo "unknown argument: $a" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -c "import kiwisolver" 2>/dev/null || "$venv/bin/pip" install -q kiwisolver

swift build -c release --package-path "$here" --scratch-path "$scratch" --product layout-bench >&2
bin="$(swift build -c release --package-path "$here" --scratch-path "$scratch" --show-bin-path)/layout-bench"
# The command-line tool, for file to frames (`blueprint solve FILE --format json`).
swift build -c release --package-path "$here/.." --scratch-path "$scratch-cli" --product blueprint >&2
cli="$(swift build -c release --package-path "$here/.." --scratch-path "$scratch-cli" --show-bin-path)/blueprint"
"$bin" --export-metrics "$out/metrics.json"

echo "ours:       $bin" >&2
echo "kiwisolver: $("$venv/bin/python" -c 'import kiwisolver; print(kiwisolver.__version__)')" >&2
echo "machine:    $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "results:    $out/ours.jsonl $out/kiwi.jsonl" >&2

# One process per case, under a memory cap (the machine is shared) and a time limit: a case
# that outgrows either dies alone and shows in the table as such.
# run IMPL CASE TARGET SECONDS COMMAND...
run() {
    local impl="$1" case="$2" target="$3" limit="$4" status=0 why
    shift 4
    ( ulimit -v "$mem_kb"; timeout "$limit" "$@" ) > "$out/last.jsonl" 2> "$out/last.err" || status=$?
    tee -a "$out/$impl.jsonl" < "$out/last.jsonl" >&2
    if [ "$status" -ne 0 ]; then
        if [ "$status" -eq 124 ]; then
            why="timed out after $limit s"
        else
            why="died (exit $status) under the $((mem_kb / 1000000)) GB memory cap"
        fi
        echo "{\"impl\": \"$impl\", \"case\": \"$case\", \"target\": $target, \"skipped\": \"$why\"}" \
            | tee -a "$out/$impl.jsonl" >&2
    fi
}
ours() { run ours "$@"; }
kiwi() {
    local case="$1" target="$2" limit="$3"
    shift 3
    run kiwi "$case" "$target" "$limit" env BP_VENV="$venv" BP_IN_VENV=1 \
        "$venv/bin/python" "$here/layout_peer.py" "$out/metrics.json" "$@"
}
: > "$out/ours.jsonl"
: > "$out/kiwi.jsonl"

mkdir -p "$out/files"
if [ "$quick" = 1 ]; then
    ours cards 1000 300 "$bin" --size 1000 --runs 5
    ours updates 1000 300 "$bin" --updates --quick
    "$venv/bin/python" "$here/file_bench.py" "$cli" "$out/files" 3 1000 --dsl "$out/ours.jsonl" --inprocess "$bin" | tee -a "$out/ours.jsonl" >&2
    kiwi cards 1000 120 --size 1000 --runs 3 --budget 5
else
    ours cards 1000 600 "$bin" --size 1000 --runs 7
    ours cards 10000 900 "$bin" --size 10000 --runs 5
    ours cards 100000 1800 "$bin" --size 100000 --runs 3
    "$venv/bin/python" "$here/file_bench.py" "$cli" "$out/files" 5 1000 10000 --dsl "$out/ours.jsonl" --inprocess "$bin" | tee -a "$out/ours.jsonl" >&2
    "$venv/bin/python" "$here/file_bench.py" "$cli" "$out/files" 3 100000 --dsl "$out/ours.jsonl" --inprocess "$bin" | tee -a "$out/ours.jsonl" >&2
    ours updates 1000 600 "$bin" --updates
    ours updates 10000 900 "$bin" --updates --views 10000
    # The report (conflicts + ambiguity) on its own phase: at 1k, 10k and 100k under a time limit.
    ours report 1000 600 "$bin" --size 1000 --runs 1 --report
    ours report 10000 "${REPORT_TIMEOUT:-120}" "$bin" --size 10000 --runs 1 --report
    ours report 100000 "${REPORT_TIMEOUT:-120}" "$bin" --size 100000 --runs 1 --report
    kiwi cards 1000 300 --size 1000 --runs 5 --budget 20
    kiwi cards 10000 "${KIWI_TIMEOUT:-900}" --size 10000 --runs 3 --budget 60
    echo '{"impl": "kiwisolver", "case": "cards", "target": 100000, "skipped": "not run: 10k takes minutes and the tableau fill grows as N^2"}' \
        | tee -a "$out/kiwi.jsonl" >&2
fi
"$venv/bin/python" "$here/layout_table.py" "$out/ours.jsonl" "$out/kiwi.jsonl"
