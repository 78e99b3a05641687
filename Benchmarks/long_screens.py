#!/usr/bin/env python3
"""Long screens that are not cards, as .layout files (issue 18's eighth pass).

usage: python3 Benchmarks/long_screens.py SHAPE N > file.layout

  wrapcolumn  N wrapping labels (lines 0) in a column 390 wide, each 8 below the one above
              at priority 500, the root as tall as the column
  keyvalue    N/2 rows of a key (one line) and a value that wraps, on the key's first
              baseline; each row at least 10 below the value above (>=) and preferring 10
              (~ 500); the root as short as it can be (~ 100)
  tightrow    N views 20 wide and 10 tall, each at least 8 after the one before, the last
              ending at the trailing edge of a canvas 320 wide: a conflict
  softrow     N views 20 tall, widths >= 20 and == 30 ~ 500, 8 apart, pinned at both ends of
              a canvas 320 wide: a conflict

Time a file with `/usr/bin/time -v blueprint solve file.layout --format json > /dev/null`.
"""
import sys

WORDS = ("the quick brown fox jumps over the lazy dog while seven jovial wizards weave a "
         "jacquard of numbers notes and flowers").split()


def text(i, count):
    return " ".join(WORDS[(i * 7 + k) % len(WORDS)] for k in range(count)) + " %d" % i


def wrapcolumn(n):
    views = ['view v%d label "%s" font 15 lines 0' % (i, text(i, 4 + i % 9)) for i in range(n)]
    lines = ["root.width == 390", "v0.top == root.top + 8"]
    for i in range(n):
        lines += ["v%d.leading == root.leading + 16" % i, "v%d.trailing == root.trailing - 16" % i]
        if i:
            lines.append("v%d.top == v%d.bottom + 8 ~ 500" % (i, i - 1))
    lines.append("root.bottom == v%d.bottom + 8" % (n - 1))
    return views + lines


def keyvalue(n):
    rows = max(1, n // 2)
    views, lines = [], ["root.width == 390", "k0.top == root.top + 16"]
    for i in range(rows):
        views += ['view k%d label "%s" font 15 hugging 251' % (i, text(i, 1)),
                  'view v%d label "%s" font 15 lines 0' % (i, text(i, 4 + i % 9))]
        lines += ["k%d.leading == root.leading + 16" % i, "k%d.width == 110" % i,
                  "v%d.leading == k%d.trailing + 12" % (i, i), "v%d.trailing == root.trailing - 16" % i,
                  "v%d.firstBaseline == k%d.firstBaseline" % (i, i)]
        if i:
            lines += ["k%d.top >= v%d.bottom + 10" % (i, i - 1), "k%d.top == v%d.bottom + 10 ~ 500" % (i, i - 1)]
    last = rows - 1
    lines += ["root.bottom >= v%d.bottom + 16" % last, "root.bottom >= k%d.bottom + 16" % last, "root.height == 0 ~ 100"]
    return views + lines


def tightrow(n):
    lines = ["canvas 320 x 100"] + ["view v%d" % i for i in range(n)]
    for i in range(n):
        lines += ["v%d.top == superview.top" % i, "v%d.height == 10" % i, "v%d.width == 20" % i]
        lines.append("v0.leading == superview.leading" if i == 0 else "v%d.leading >= v%d.trailing + 8" % (i, i - 1))
    lines.append("v%d.trailing <= superview.trailing" % (n - 1))
    return lines


def softrow(n):
    lines = ["canvas 320 x 100"] + ["view v%d" % i for i in range(n)]
    for i in range(n):
        lines += ["v%d.top == superview.top" % i, "v%d.height == 20" % i,
                  "v%d.width >= 20" % i, "v%d.width == 30 ~ 500" % i]
        lines.append("v0.leading == superview.leading + 8" if i == 0 else "v%d.leading == v%d.trailing + 8" % (i, i - 1))
    lines.append("v%d.trailing == superview.trailing - 8" % (n - 1))
    return lines


SHAPES = {"wrapcolumn": wrapcolumn, "keyvalue": keyvalue, "tightrow": tightrow, "softrow": softrow}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in SHAPES or not sys.argv[2].isdigit() or int(sys.argv[2]) < 1:
        sys.stderr.write(__doc__)
        sys.exit(2)
    shape, n = sys.argv[1], int(sys.argv[2])
    sys.stdout.write("# %s, %d views (Benchmarks/long_screens.py %s %d)\n" % (shape, n, shape, n))
    sys.stdout.write("\n".join(SHAPES[shape](n)) + "\n")
