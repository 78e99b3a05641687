"""Prints the benchmark's figures as ratios.

Usage: summary.py SIZE ROUNDS ours-1.json ... -- peers-1.json ...
Each figure is the median over the rounds.
"""
import json
import statistics
import sys

size, rounds = sys.argv[1], sys.argv[2]
split = sys.argv.index("--")


def merged(paths):
    runs = [json.load(open(path)) for path in paths]
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


ours = merged(sys.argv[3:split])
peers = merged(sys.argv[split + 1:])


def ms(value):
    return f"{value:8.2f} ms"


print(f"\n== pixel diff, {size}x{size} UI-like pair (median wall time over {rounds} alternating rounds) ==")
print(f"memcmp floor (full read of both buffers): {ms(ours['memcmp_ms'])}")
for pair in ["identical", "sparse", "dense"]:
    mine = ours[f"diff_{pair}_ms"]
    counts = {ours[f"diff_{pair}_count"], peers[f"pybind11_diff_{pair}_count"], peers[f"pixelhog_diff_{pair}_count"]}
    agree = "counts agree" if len(counts) == 1 else f"COUNTS DIFFER: {sorted(counts)}"
    print(f"{pair:>9}: ours {ms(mine)} = {mine / ours['memcmp_ms']:5.2f}x memcmp | "
          f"pybind11-pixelmatch {ms(peers[f'pybind11_diff_{pair}_ms'])} ({peers[f'pybind11_diff_{pair}_ms'] / mine:5.2f}x ours) | "
          f"pixelhog {ms(peers[f'pixelhog_diff_{pair}_ms'])} ({peers[f'pixelhog_diff_{pair}_ms'] / mine:5.2f}x ours) | "
          f"{int(ours[f'diff_{pair}_count'])} px, {int(ours[f'diff_{pair}_aa'])} AA, {agree}")

mine, theirs = ours["diff_dense_crop_cpu_ms"], peers["pybind11_diff_dense_crop_cpu_ms"]
crop_counts = {ours["diff_dense_crop_count"], peers["pybind11_diff_dense_crop_count"]}
print(f"dense, 1400x1400 crop, one thread's CPU time (best of 15): ours {ms(mine)} | pybind11-pixelmatch {ms(theirs)} "
      f"({theirs / mine:5.2f}x ours) | {'counts agree' if len(crop_counts) == 1 else f'COUNTS DIFFER: {sorted(crop_counts)}'}")

print("\n== diff image (count + draw; ours allocates the output, pybind11's is preallocated) ==")
for pair in ["sparse", "dense"]:
    mine = ours[f"diffimage_{pair}_ms"]
    theirs = peers[f"pybind11_diffimage_{pair}_ms"]
    print(f"{pair:>9}: ours {ms(mine)} | pybind11-pixelmatch {ms(theirs)} ({theirs / mine:5.2f}x ours)")

print("\n== diff image as PNG (count + draw + encode; ours: diffImagePNG, zlib 3 + up in parts on all cores) ==")
for pair in ["sparse", "dense"]:
    line = f"{pair:>9}: ours {ms(ours[f'diffimage_png_{pair}_ms'])} {int(ours[f'diffimage_png_{pair}_bytes']):>9} bytes"
    if pair == "sparse":
        theirs = peers["pixelhog_diffimage_png_sparse_ms"]
        line += f" | pixelhog {ms(theirs)} ({theirs / ours['diffimage_png_sparse_ms']:5.2f}x ours)"
    print(line)

print("\n== PNG decode (one image) ==")
print(f"ours (Raster reader, 8-bit RGB) {ms(ours['decode_ms'])} | pixelhog {ms(peers['pixelhog_decode_ms'])} "
      f"({peers['pixelhog_decode_ms'] / ours['decode_ms']:5.2f}x ours; half of building a Comparison from two PNGs)")

print("\n== PNG encode (one opaque image) ==")
cairo_ms, cairo_bytes = ours.get("encode_cairo_ms"), ours.get("encode_cairo_bytes")
rows = [("fast (zlib 3, up)", "fast"), ("compact (zlib 9, all filters)", "compact"),
        ("zlib 1, no filter", "level1_nofilter"), ("ours at cairo's settings", "cairolike")]
for label, key in rows:
    t, b = ours[f"encode_{key}_ms"], ours[f"encode_{key}_bytes"]
    versus = f" | vs cairo: {cairo_ms / t:5.2f}x faster, {b / cairo_bytes:5.2f}x the size" if cairo_ms else ""
    print(f"{label:>30}: {ms(t)} {int(b):>9} bytes{versus}")
if cairo_ms:
    print(f"{'cairo_surface_write_to_png':>30}: {ms(cairo_ms)} {int(cairo_bytes):>9} bytes")
else:
    print("cairo: libcairo.so.2 not installed, not measured")
