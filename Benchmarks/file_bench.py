#!/usr/bin/env python3
"""File to frames: `blueprint solve FILE --format json` as a whole process on the nested cards
written as `.layout` files (cards_layout.py), at each size: the median wall-clock time of R
runs, the peak memory, and a check that the root's height is the DSL benchmark's (its "spot"
value, when the DSL results are given). One JSON line per size on stdout.

With --inprocess LAYOUT_BENCH, also the same file to frames inside a fresh process
(`layout-bench --file FILE`: read, parse, first layout, every frame read; the process's start,
the report and the JSON output are not in it), RUNS fresh processes, medians per phase.

usage: file_bench.py BLUEPRINT_BINARY OUT_DIR RUNS SIZE [SIZE...] [--dsl OURS.jsonl]
                     [--inprocess LAYOUT_BENCH]"""

import json
import os
import resource
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cards_layout  # noqa: E402


def main():
    args = sys.argv[1:]
    dsl = {}
    if "--dsl" in args:
        i = args.index("--dsl")
        with open(args[i + 1]) as f:
            for line in f:
                r = json.loads(line) if line.startswith("{") else {}
                if r.get("case") == "cards" and r.get("spot"):
                    dsl[r["target"]] = r["spot"][0]
        del args[i:i + 2]
    inprocess = None
    if "--inprocess" in args:
        i = args.index("--inprocess")
        inprocess = args[i + 1]
        del args[i:i + 2]
    binary, out, runs = args[0], args[1], int(args[2])
    for size in map(int, args[3:]):
        path = os.path.join(out, "cards%d.layout" % size)
        with open(path, "w") as f:
            f.write(cards_layout.layout(size))
        times, result = [], None
        for _ in range(runs):
            start = time.perf_counter()
            p = subprocess.run([binary, "solve", path, "--format", "json"], stdout=subprocess.PIPE)
            times.append(time.perf_counter() - start)
            result = (p.returncode, p.stdout)
        # The largest child so far: the sizes grow, so this is this size's peak.
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        code, data = result
        line = {"impl": "blueprint solve", "case": "file", "target": size, "runs": runs,
                "lines": cards_layout.layout(size).count("\n"), "total_ms": statistics.median(times) * 1e3,
                "min_ms": min(times) * 1e3}
        if rss:
            line["max_rss_mb"] = rss / 1024
        try:
            doc = json.loads(data)
            line["views"] = len(doc["views"])
            root = doc["views"]["root"]["height"]
            problems = sum(len(doc[k]) for k in doc if k != "views")
            want = dsl.get(size)
            if code != 0 or problems:
                line["check"] = "exit %d, %d problems reported" % (code, problems)
            elif want is not None and abs(root - want) > 1e-6 * max(1, abs(want)):
                line["check"] = "root height %r, the DSL's %r" % (root, want)
            else:
                line["check"] = "ok" + (": root height = the DSL's" if want is not None else "")
        except (ValueError, KeyError) as e:
            line["check"] = "unreadable output: %s" % e
            line["views"] = 0
        print(json.dumps(line), flush=True)
        if inprocess:
            phases = []
            for _ in range(runs):
                p = subprocess.run([inprocess, "--file", path], stdout=subprocess.PIPE)
                phases.append(json.loads(p.stdout))
            inline = {"impl": "blueprint", "case": "file-inprocess", "target": size, "runs": runs,
                      "views": phases[0]["views"]}
            for k in ("read_ms", "parse_ms", "layout_ms", "frames_ms", "total_ms"):
                inline[k] = statistics.median(r[k] for r in phases)
            inline["min_ms"] = min(r["total_ms"] for r in phases)
            want = dsl.get(size)
            root = phases[0]["root_height"]
            if want is not None and abs(root - want) > 1e-6 * max(1, abs(want)):
                inline["check"] = "root height %r, the DSL's %r" % (root, want)
            else:
                inline["check"] = "ok" + (": root height = the DSL's" if want is not None else "")
            print(json.dumps(inline), flush=True)


if __name__ == "__main__":
    main()
