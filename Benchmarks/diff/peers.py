"""Times the PyPI peers on the pairs diff-bench wrote, in the same run as ours.

Usage: python peers.py FOLDER SIZE RUNS   (prints one JSON object, milliseconds are medians)
"""
import json
import statistics
import sys
import time

import numpy as np
import pixelhog
import pybind11_pixelmatch as pbpm

folder, size, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])


def median_ms(body, runs):
    body()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def raw(name):
    return np.fromfile(f"{folder}/{name}.rgba", dtype=np.uint8).reshape(size, size, 4)


def png(name):
    with open(f"{folder}/{name}.png", "rb") as f:
        return f.read()


out = {}
expected = raw("expected")
identical = expected.copy()
options = pbpm.Options()
options.threshold = 0.1
for name, actual in [("identical", identical), ("sparse", raw("sparse")), ("dense", raw("dense"))]:
    result = {}
    out[f"pybind11_diff_{name}_ms"] = median_ms(lambda: result.update(n=pbpm.pixelmatch(expected, actual, options=options)), runs)
    out[f"pybind11_diff_{name}_count"] = result["n"]
    comparison = pixelhog.Comparison.from_rgba(expected.tobytes(), size, size, actual.tobytes(), size, size)
    out[f"pixelhog_diff_{name}_ms"] = median_ms(lambda: result.update(n=comparison.diff_count(threshold=0.1)), runs)
    out[f"pixelhog_diff_{name}_count"] = result["n"]
    if name != "identical":
        output = np.zeros_like(expected)
        out[f"pybind11_diffimage_{name}_ms"] = median_ms(
            lambda: pbpm.pixelmatch(expected, actual, output=output, options=options), max(runs // 3, 1))

# One thread, CPU time, on diff-bench's 1400 x 1400 crop of the dense pair (best of 15).
crop = min(size, 1400)
expected_crop, dense_crop = expected[:crop, :crop].copy(), raw("dense")[:crop, :crop].copy()
best, count = float("inf"), 0
for _ in range(16):
    start = time.thread_time()
    count = pbpm.pixelmatch(expected_crop, dense_crop, options=options)
    best = min(best, (time.thread_time() - start) * 1000)
out["pybind11_diff_dense_crop_cpu_ms"] = best
out["pybind11_diff_dense_crop_count"] = count

# Decode: pixelhog decodes both PNGs when it builds a Comparison; half of that is one decode.
expected_png = png("expected")
out["pixelhog_decode_ms"] = median_ms(lambda: pixelhog.Comparison(expected_png, expected_png).width, max(runs // 3, 1)) / 2
# Encode: pixelhog's diff_image returns PNG bytes (diff + encode); minus its diff time.
sparse_comparison = pixelhog.Comparison(expected_png, png("sparse"))
image_ms = median_ms(lambda: sparse_comparison.diff_image(threshold=0.1), max(runs // 3, 1))
out["pixelhog_diffimage_png_sparse_ms"] = image_ms
print(json.dumps(out))
