"""Times pixelmatch (pybind11-pixelmatch from PyPI) on the pairs check-bench wrote, in the same run.

Usage: python check_peer.py FOLDER ROUNDS WORKLOAD...   (prints `WORKLOAD peer_compare MS ms`
and fails when a count differs from ours: the same pixels must be counted as different)
"""
import statistics
import sys
import time

import numpy as np
import pybind11_pixelmatch as pbpm

folder, rounds, workloads = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
options = pbpm.Options()
options.threshold = 0.0  # the checks' default tolerance is exact
for workload in workloads:
    pairs = []
    for line in open(f"{folder}/{workload}.pairs"):
        name, width, height, ours = line.split()
        width, height = int(width), int(height)
        load = lambda suffix: np.fromfile(f"{folder}/{name}-{suffix}.rgba", dtype=np.uint8).reshape(height, width, 4)
        pairs.append((name, load("expected"), load("actual"), int(ours)))
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        counts = [pbpm.pixelmatch(e, a, options=options) for _, e, a, _ in pairs]
        samples.append((time.perf_counter() - start) * 1000)
        for (name, _, _, ours), theirs in zip(pairs, counts):
            if ours != theirs:
                sys.exit(f"{name}: pixelmatch counts {theirs} differing pixels, ours {ours}")
    print(f"{workload} peer_compare {statistics.median(samples):.2f} ms (counts equal: {sum(counts)})")
