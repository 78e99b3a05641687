#!/usr/bin/env python3
"""Print the comparison table of the solver benchmark from the JSON lines of solver-bench
(ours) and kiwi_peer.py (kiwisolver). usage: solver_table.py OURS.jsonl KIWI.jsonl"""

import json
import math
import sys


def load(path):
    rows = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                r = json.loads(line)
                rows[(r["system"], r["size"])] = r
    return rows


def fmt_ms(x):
    return "%.3f" % x if x < 1 else "%.1f" % x if x < 100 else "%.0f" % x


def fmt_us(x):
    return "%.3f" % x if x < 1 else "%.2f" % x if x < 10 else "%.1f" % x if x < 1000 else "%.0f" % x


def slope(prev, cur, key, per, offset):
    """Growth of the per-unit time from the previous size, as ×factor and the exponent e of
    time ∝ N^e: for builds (per constraint, offset 1) e = 1 means flat per constraint; for
    edits (per step, offset 0) e is the growth of one edit with N."""
    if not prev or "skipped" in prev or "skipped" in cur or key not in prev or key not in cur:
        return ""
    a, b = prev[key] / per(prev), cur[key] / per(cur)
    n0, n1 = prev["constraints"], cur["constraints"]
    if a <= 0 or b <= 0 or n1 == n0:
        return ""
    e = offset + math.log(b / a) / math.log(n1 / n0)
    return "x%.2f (N^%.2f)" % (b / a, e)


def print_fill(ours, keys):
    """Our tableau after the build, as held (lazy definitions not materialized): rows, cells
    and the exponent of the cells' growth from the previous size of the same system."""
    head = ("system", "size", "constraints", "rows", "cells", "cells/row", "definitions", "cells slope")
    rows = [head]
    prev = None
    for k in keys:
        o = ours.get(k)
        if not o or "cells" not in o:
            continue
        if prev and prev["system"] != o["system"]:
            prev = None
        grow = ""
        if prev and prev["cells"] > 0 and o["cells"] > 0 and o["constraints"] != prev["constraints"]:
            grow = "N^%.2f" % (math.log(o["cells"] / prev["cells"]) / math.log(o["constraints"] / prev["constraints"]))
        rows.append((o["system"], o.get("label", str(k[1])), str(o["constraints"]), str(o["rows"]), str(o["cells"]),
                     "%.1f" % (o["cells"] / max(1, o["rows"])), str(o["definitions"]), grow))
        prev = o
    if len(rows) == 1:
        return
    print()
    print("== fill: our tableau after the build (rows, their nonzero cells; lazy definitions kept aside) ==")
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    for r in rows:
        print("  ".join(c.rjust(widths[i]) if i >= 2 else c.ljust(widths[i]) for i, c in enumerate(r)))


def main():
    ours, kiwi = load(sys.argv[1]), load(sys.argv[2])
    keys = sorted(set(ours) | set(kiwi), key=lambda k: (["siblings", "chain", "grid", "enaml"].index(k[0])
                                                      if k[0] in ["siblings", "chain", "grid", "enaml"] else 9, k[1]))
    for phase, key, unit in (("build (add all constraints + updateVariables)", "build_ms", "ms"),
                             ("edit (one suggestValue per edit variable + updateVariables)", "edit_us", "us")):
        print()
        print("== %s ==" % phase)
        if key == "build_ms":
            head = ("system", "size", "constraints", "ours ms", "kiwi ms", "kiwi/ours", "ours us/c", "kiwi us/c",
                    "ours slope", "kiwi slope")
        else:
            head = ("system", "size", "constraints", "ours us", "kiwi us", "kiwi/ours", "ours steps", "kiwi steps",
                    "ours slope", "kiwi slope")
        rows = [head]
        prev = {"ours": None, "kiwi": None}
        last_system = None
        for k in keys:
            o, w = ours.get(k), kiwi.get(k)
            if k[0] != last_system:
                prev = {"ours": None, "kiwi": None}
                last_system = k[0]
            ref = o if o and "constraints" in o else w if w and "constraints" in w else None
            label = (o or w).get("label", str(k[1]))
            cons = str(ref["constraints"]) if ref else "-"

            def val(r):
                if r is None:
                    return "-"
                if "skipped" in r:
                    return "skipped (kiwi > 60 s)" if "kiwi" in r["skipped"] else "skipped (see notes)"
                if key == "edit_us" and "edit_skipped" in r:
                    return r["edit_skipped"]
                if "running" in r:
                    return "crashed (out of memory?)"
                if "error" in r:
                    return "error: " + r["error"]
                v = r[key]
                return fmt_ms(v) if key == "build_ms" else fmt_us(v)

            ratio = ""
            if o and w and key in o and key in w and o[key] > 0 and not (key == "edit_us" and "edit_skipped" in w):
                ratio = "%.2f" % (w[key] / o[key])
            if key == "build_ms":
                per_c = lambda r: (fmt_us(r[key] * 1e3 / r["constraints"]) if r and key in r else "-")
                extra = (per_c(o), per_c(w))
                per = lambda r: r["constraints"]
            else:
                extra = (str(o.get("edit_steps", "-")) if o else "-", str(w.get("edit_steps", "-")) if w else "-")
                per = lambda r: 1
            offset = 1 if key == "build_ms" else 0
            so = slope(prev["ours"], o, key, per, offset) if o else ""
            sk = slope(prev["kiwi"], w, key, per, offset) if w else ""
            rows.append((k[0], label, cons, val(o), val(w), ratio) + extra + (so, sk))
            if o and key in o:
                prev["ours"] = o
            if w and key in w and "edit_skipped" not in w:
                prev["kiwi"] = w
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        for r in rows:
            print("  ".join(c.rjust(widths[i]) if i >= 2 else c.ljust(widths[i]) for i, c in enumerate(r)))
    print_fill(ours, keys)
    bad = [(impl, r) for impl, rs in (("ours", ours), ("kiwi", kiwi)) for r in rs.values()
           if "check" in r and r["check"] != "ok"]
    print()
    print("Notes:")
    print("- kiwisolver's figures include Python's call overhead (one call per constraint, per suggestValue")
    print("  and per updateVariables); its per-constraint slope is what that overhead does not hide.")
    print("- slope: how time per constraint (build) or per edit changes from the previous size of the same")
    print("  system, as a factor and as the exponent e of time ~ N^e (e = 1: linear, flat per constraint).")
    print("- edit: grid moves CW and CH (d_k with C resp. R for N); kiwi starts an edit at 0, so its first")
    print("  suggestion re-solves from there; both include that first step. Edit runs stop after 10 s.")
    print("- chain is O(N^2) in tableau fill for Cassowary (the fill table: 3 N^2 cells): ours is not run")
    print("  above 3000; kiwi's build not above 1000, and kiwi's chain edit not from 1000 on (its first")
    print("  suggestion, from 0, took 180 s here).")
    print("- ours runs one process per system under a memory cap (ulimit -v, BENCH_MEM_KB); a size that")
    print("  dies there is shown as crashed, and the larger sizes of that system are not run.")
    for impl, r in bad:
        print("- CHECK FAILED (%s %s %s): %s" % (impl, r["system"], r.get("label"), r["check"]))


if __name__ == "__main__":
    main()
