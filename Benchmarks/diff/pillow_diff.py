"""The whole-process peer of `blueprint diff A B -o D`: Pillow decodes both PNGs,
pybind11-pixelmatch counts and draws the diff image, Pillow writes it (its default zlib level 6).

Usage: python pillow_diff.py expected.png actual.png diff.png   (exit 0 same, 1 different)
"""
import sys

import numpy as np
import pybind11_pixelmatch as pbpm
from PIL import Image

expected_path, actual_path, diff_path = sys.argv[1:4]
expected = np.asarray(Image.open(expected_path).convert("RGBA"))
actual = np.asarray(Image.open(actual_path).convert("RGBA"))
output = np.zeros_like(expected)
options = pbpm.Options()
options.threshold = 0.1
different = pbpm.pixelmatch(expected, actual, output=output, options=options)
print(f"{different} pixels differ")
if different:
    Image.fromarray(output).save(diff_path)
sys.exit(1 if different else 0)
