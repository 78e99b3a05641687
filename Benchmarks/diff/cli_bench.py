"""Whole-process timing of `blueprint diff A B -o D` against Pillow + pybind11-pixelmatch
(pillow_diff.py) on the same pair, the two taking turns so that load on a shared machine hits
both; prints the median wall time of each and the median of the per-pair ratios.

Usage: python cli_bench.py BLUEPRINT_BINARY FOLDER [RUNS]   (FOLDER holds diff-bench's PNGs)
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

binary, folder = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 9
peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pillow_diff.py")


def timed(command):
    start = time.perf_counter()
    status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    elapsed = (time.perf_counter() - start) * 1000
    if status not in (0, 1):
        raise SystemExit(f"{command[0]} exited {status}")
    return elapsed


# The identical pair: a copy of the expected image (nothing is written for it).
shutil.copyfile(f"{folder}/expected.png", f"{folder}/identical.png")
for pair in ("identical", "sparse", "dense"):
    expected, actual = f"{folder}/expected.png", f"{folder}/{pair}.png"
    ours_cmd = [binary, "diff", expected, actual, "-o", f"{folder}/ours-{pair}-diff.png"]
    peer_cmd = [sys.executable, peer, expected, actual, f"{folder}/peer-{pair}-diff.png"]
    timed(ours_cmd), timed(peer_cmd)  # warm-up: page cache, Python's imports
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(timed(ours_cmd))
        theirs.append(timed(peer_cmd))
    ratios = [a / b for a, b in zip(ours, theirs)]
    print(f"{pair:>9}: blueprint diff -o {statistics.median(ours):7.1f} ms | Pillow + pybind11-pixelmatch "
          f"{statistics.median(theirs):7.1f} ms | ours / theirs {statistics.median(ratios):.2f}x")
