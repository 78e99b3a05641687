#!/usr/bin/env bash
# Builds the `.layout` fuzzers (libFuzzer, release, -sanitize=fuzzer) and runs one.
#
#   Fuzz/run.sh [SECONDS] [extra libFuzzer flags…]      default: 600 seconds
#   FUZZ_TARGET=fuzz-engine Fuzz/run.sh …                 the engine fuzzer instead
#
# fuzz-layout (the default) feeds raw bytes to LayoutDocument(bytes:file:) and lays out what
# parses. fuzz-engine turns the bytes into a valid file and then edits constants, priorities,
# multipliers and activation between layouts; FUZZ_ENGINE_PRINT=1 with one input prints the
# file and the edits it made.
#
# Corpus, crashes and logs live under $FUZZ_DIR (default /tmp/blueprint-fuzz): the corpus grows
# from run to run. It is seeded from every fixtures/**/*.layout, fixtures/fuzz/* (the inputs the
# fuzzer found before) and Fuzz/seeds/. A crash or a timeout (an input slower than 10 s) stops
# the run and is left in $FUZZ_DIR/artifacts/ as crash-… or timeout-…; reproduce one with
#   .build-fuzz/release/fuzz-layout FILE
# then keep it in fixtures/fuzz/ under a name that says what it exercises
# (Tests/BlueprintTests/FuzzRegressionTests.swift runs every file there).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
seconds="${1:-600}"
shift || true
dir="${FUZZ_DIR:-/tmp/blueprint-fuzz}"
scratch="${FUZZ_SCRATCH:-$repo/.build-fuzz}"
target="${FUZZ_TARGET:-fuzz-layout}"

swift build -c release --package-path "$here" --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer
bin="$scratch/release/$target"

if [ "$target" = fuzz-engine ]; then
    # Its inputs are choices, not text: no seeds, no dictionary, a corpus of its own.
    mkdir -p "$dir/engine-corpus" "$dir/artifacts"
    cd "$dir"
    echo "fuzzing $target for $seconds s: corpus $dir/engine-corpus, artifacts $dir/artifacts, log $dir/fuzz-0.log"
    status=0
    "$bin" "$dir/engine-corpus" -max_len=1024 -timeout=10 -rss_limit_mb=4096 \
        -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$dir/artifacts/engine-" \
        -jobs=1 -workers=1 "$@" || status=$?
    tail -n 40 "$dir/fuzz-0.log" 2>/dev/null || true
    ls -l "$dir/artifacts"
    exit $status
fi

mkdir -p "$dir/corpus" "$dir/seeds" "$dir/artifacts"
shopt -s nullglob globstar
for f in "$repo"/fixtures/**/*.layout "$repo"/fixtures/fuzz/* "$here"/seeds/*; do
    case "$f" in *.md) continue ;; esac
    [ -f "$f" ] && cp "$f" "$dir/seeds/$(echo "${f#"$repo"/}" | tr / _)"
done

cd "$dir"
echo "fuzzing for $seconds s: corpus $dir/corpus, artifacts $dir/artifacts, log $dir/fuzz-0.log"
status=0
# -jobs=1: one fuzzing process (the machine is shared); its output goes to fuzz-0.log.
"$bin" "$dir/corpus" "$dir/seeds" \
    -dict="$here/layout.dict" \
    -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$dir/artifacts/" \
    -jobs=1 -workers=1 "$@" || status=$?
tail -n 40 "$dir/fuzz-0.log" 2>/dev/null || true
ls -l "$dir/artifacts"
exit $status
