#!/usr/bin/env bash
# The render benchmark: `render-bench` (a 1,000-view dashboard with all its 3,400 constraints:
# solve → diagram layout → cairo paint → PNG) against the raw-cairo floor measured in the same
# run (render/peer.c: the same canvas, as many rectangles, I-bars and texts, drawn by hand in C,
# then written by cairo's PNG writer and by libpng tuned like Raster's `fast` preset).
#
#   Benchmarks/run-render-bench.sh [--views N] [--rounds R]
set -euo pipefail
cd "$(dirname "$0")"
views=1000 rounds=7
while [ $# -gt 0 ]; do
    case "$1" in
        --views) views="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
swift build -c release --product render-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/render-bench"
peer="$(swift build -c release --show-bin-path)/render-peer"
cc -O2 -o "$peer" render/peer.c $(pkg-config --cflags --libs cairo-ft freetype2 libpng)

ours="$("$bench" --views "$views" --rounds "$rounds")"
echo "$ours"
read -r _ width height _ <<<"$(grep '^image' <<<"$ours")"
read -r _ nviews _ nconstraints _ nlabels _ nmarkers _ <<<"$(grep '^views' <<<"$ours")"
texts=$((nlabels + nmarkers))
theirs="$("$peer" "$width" "$height" "$nviews" "$nconstraints" "$texts" 2 ../Sources/CBlueprintFont/DejaVuSans.ttf "$rounds")"
echo "$theirs"
python3 - "$ours" "$theirs" <<'PY'
import re, sys
ours, theirs = sys.argv[1], sys.argv[2]
phase = {m[0]: float(m[1]) for m in re.findall(r"phase (\w+) ([\d.]+) ms", ours)}
peer = {m[0]: float(m[1]) for m in re.findall(r"peer (\w+) ([\d.]+) ms", theirs)}
floor = peer["draw"] + peer["tuned_png"]
cairo = peer["draw"] + peer["cairo_png"]
render = phase["solve"] + phase["diagram"] + phase["paint"] + phase["png"]
print(f"ours: solve {phase['solve']:.1f} + diagram {phase['diagram']:.1f} + paint {phase['paint']:.1f} + png {phase['png']:.1f} = {render:.1f} ms")
print(f"raw-cairo floor (draw + tuned libpng): {floor:.1f} ms  -> ours / floor = {render / floor:.2f}x (goal <= 1.5x)")
print(f"raw cairo with cairo's PNG writer: {cairo:.1f} ms  -> ours / that = {render / cairo:.2f}x")
print(f"paint alone vs raw draw: {phase['paint'] / peer['draw']:.2f}x; png vs tuned libpng on the peer's image: {phase['png'] / peer['tuned_png']:.2f}x")
PY
