#!/usr/bin/env bash
# The golden-check benchmark: `check-bench` (render alone, a check whose golden has the same
# bytes, a check whose golden differs, and the pixel comparison alone) for the 1,000-view
# dashboard and for the fixtures, then pixelmatch (pybind11-pixelmatch from PyPI, in a venv
# this script makes) on the same pairs in the same run, which must count the same pixels.
#
#   Benchmarks/run-check-bench.sh [--views N] [--rounds R]
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
work="$(mktemp -d /tmp/blueprint-check-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
venv="${VENV:-/tmp/blueprint-check-bench-venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "pybind11-pixelmatch==0.1.6" numpy

swift build -c release --product check-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/check-bench"
ours="$("$bench" "$work" --views "$views" --rounds "$rounds")"
echo "$ours"
theirs="$("$venv/bin/python" check_peer.py "$work" "$rounds" dashboard fixtures)"
echo "$theirs"
python3 - "$ours" "$theirs" <<'PY'
import re, sys
ours, theirs = sys.argv[1], sys.argv[2]
t = {(m[0], m[1]): float(m[2]) for m in re.findall(r"^(\w+) (\w+) ([\d.]+) ms", ours + "\n" + theirs, re.M)}
for w in ("dashboard", "fixtures"):
    r, fast, bytewise, slow, cmp, peer = (t[(w, k)] for k in ("render", "check_identical", "check_identical_bytes", "check_different", "compare", "peer_compare"))
    print(f"{w}: passing check / render alone = {fast / r:.2f}x (pixels hashed, no PNG encoded); "
          f"passing check / the same check by PNG bytes (golden without frames) = {fast / bytewise:.2f}x; "
          f"failing check (decode, diff, 3 artifacts) = {slow / r:.2f}x the render; "
          f"compare {cmp:.1f} ms vs pixelmatch {peer:.1f} ms = {peer / cmp:.1f}x faster")
PY
