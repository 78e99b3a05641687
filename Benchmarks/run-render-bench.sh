#!/usr/bin/env bash
# The render benchmark: `render-bench` (a 1,000-view dashboard with all its 3,400 constraints:
# solve → diagram layout → cairo paint → PNG) against the raw-cairo floor measured in the same
# run (render/peer.c: the same canvas, as many rectangles, I-bars and texts, drawn by hand in C,
# then written by cairo's PNG writer and by libpng tuned like Raster's `fast` preset).
#
#   Benchmarks/run-render-bench.sh [--views N] [--rounds R]
#   Benchmarks/run-render-bench.sh --placement [--rounds R]
#
# `--placement` times only the diagram's layout (the `diagram` phase: report, lines, badges,
# folds, label placement) at 1k, 2k and 4k views and prints the ratio per doubling and the
# slope of log(time) against log(views) (1.0 is linear; n log n gives about 1.1 here).
set -euo pipefail
cd "$(dirname "$0")"
views=1000 rounds=7 placement=0
while [ $# -gt 0 ]; do
    case "$1" in
        --views) views="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --placement) placement=1; shift ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
swift build -c release --product render-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/render-bench"
if [ "$placement" = 1 ]; then
    out=""
    for n in 1000 2000 4000; do
        line="$("$bench" --views "$n" --rounds "$rounds" --scale 1)"
        ms="$(grep '^phase diagram' <<<"$line" | awk '{print $3}')"
        counts="$(grep '^views' <<<"$line")"
        echo "$n views: diagram $ms ms ($counts)"
        out="$out $n $ms"
    done
    python3 - $out <<'PY'
import math, sys
v = sys.argv[1:]
sizes, times = [int(x) for x in v[0::2]], [float(x) for x in v[1::2]]
for i in range(1, len(sizes)):
    print(f"{sizes[i-1]} -> {sizes[i]}: x{times[i] / times[i-1]:.2f}")
n = len(sizes); lx = [math.log(s) for s in sizes]; ly = [math.log(t) for t in times]
mx, my = sum(lx) / n, sum(ly) / n
slope = sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sum((a - mx) ** 2 for a in lx)
print(f"slope {slope:.2f} (1.0 linear, 2.0 quadratic)")
PY
    exit 0
fi
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
