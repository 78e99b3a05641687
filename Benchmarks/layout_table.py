#!/usr/bin/env python3
"""Print the tables of the layout benchmark from the JSON lines of layout-bench (ours) and
layout_peer.py (kiwisolver). usage: layout_table.py OURS.jsonl KIWI.jsonl"""

import json
import math
import sys


def load(path):
    """(case, target) -> the result line; a case with only its "running" line is kept as such."""
    rows = {}
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line.startswith("{"):
                    continue
                r = json.loads(line)
                key = (r.get("case"), r.get("target"))
                if r.get("running") and key in rows:
                    continue
                rows[key] = r
    except FileNotFoundError:
        pass
    return rows


def ms(x):
    return "%.2f" % x if x < 10 else "%.1f" % x if x < 1000 else "{:,.0f}".format(x)


def status(r):
    if r is None:
        return "not run"
    if "skipped" in r:
        return r["skipped"]
    if "error" in r:
        return "error: " + r["error"]
    if r.get("running"):
        return "crashed or timed out (memory cap / time limit)"
    return None


def exponent(a, b, key):
    if not a or not b or status(a) or status(b) or a.get(key, 0) <= 0 or b.get(key, 0) <= 0:
        return None
    return math.log(b[key] / a[key]) / math.log(b["views"] / a["views"])


def sized_table(ours, case, title, header, row):
    """The results of one case by size, a row each, then the slopes of their total times."""
    sized = sorted((t, r) for (c, t), r in ours.items() if c == case)
    if not sized:
        return
    print()
    print(title)
    table([header] + [row(t, r) for t, r in sized])
    total_slopes(sized)


def total_slopes(sized):
    """The exponent of the total time between consecutive sizes of [(target, result)]."""
    slopes = [["from -> to", "total"]]
    for (a, ra), (b, rb) in zip(sized, sized[1:]):
        e = exponent(ra, rb, "total_ms")
        slopes.append(["%dk -> %dk" % (a // 1000, b // 1000), "%.2f" % e if e is not None else "n/a"])
    if len(slopes) > 1:
        table(slopes)


def table(rows):
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    for k, r in enumerate(rows):
        print("  ".join(str(c).rjust(w) if i else str(c).ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
        if k == 0:
            print("  ".join("-" * w for w in widths))


def main():
    ours, kiwi = load(sys.argv[1]), load(sys.argv[2])
    targets = sorted({t for (c, t) in list(ours) + list(kiwi) if c == "cards" and t})
    phases = (("dsl_ms", "DSL"), ("solve_ms", "solve"), ("frames_ms", "frames"), ("total_ms", "total"))

    print()
    print("== nested cards: (a) DSL = tree + constraints made and activated, (b) solve = first "
          "layoutIfNeeded(), (c) frames = every view's frame read; median of runs ==")
    head = ["impl", "views", "cards", "constraints (DSL/solver)", "runs"] + ["%s ms" % n for _, n in phases] + ["first run ms", "us/view", "check"]
    rows = [head]
    for impl, data in (("ours", ours), ("kiwisolver", kiwi)):
        for t in targets:
            r = data.get(("cards", t))
            s = status(r)
            if s:
                rows.append([impl, "~%d" % t, "", "", ""] + [""] * len(phases) + ["", "", s])
                continue
            check = r.get("check", "")
            if impl == "kiwisolver":
                mine = ours.get(("cards", t))
                if mine and not status(mine) and mine.get("spot"):
                    d = max(abs(a - b) for a, b in zip(mine["spot"], r["spot"]))
                    check = "frames = ours" if d <= 1e-4 and len(mine["spot"]) == len(r["spot"]) else "FRAMES DIFFER (max %.3g)" % d
                else:
                    check = "(no frames of ours to compare)"
            elif check == "ok":
                check = "ok: all frames as worked out by hand"
            rows.append([impl, r["views"], r["cards"], "%d/%d" % (r["constraints"], r.get("solver_constraints", 0)), r["runs"]]
                        + [ms(r[k]) for k, _ in phases]
                        + [ms(r["first_total_ms"]) if "first_total_ms" in r else "", "%.2f" % (r["total_ms"] * 1e3 / r["views"]), check])
    table(rows)

    print()
    print("== slope: exponent e of t ~ N^e between sizes (N = views; e = 1 is linear) ==")
    if len(targets) < 2:
        print("(one size only)")
    rows = [["impl", "from -> to"] + [n for _, n in phases]]
    for impl, data in (("ours", ours), ("kiwisolver", kiwi)):
        for a, b in zip(targets, targets[1:]):
            ra, rb = data.get(("cards", a)), data.get(("cards", b))
            es = [exponent(ra, rb, k) for k, _ in phases]
            if all(e is None for e in es):
                rows.append([impl, "%dk -> %dk" % (a // 1000, b // 1000)] + ["n/a"] * len(phases))
            else:
                rows.append([impl, "%dk -> %dk" % (a // 1000, b // 1000)] + ["%.2f" % e if e is not None else "n/a" for e in es])
    if len(rows) > 1:
        table(rows)

    print()
    print("== kiwisolver / ours, same layout and frames, same run (kiwi: absolute coordinates, every constraint in its tableau) ==")
    rows = [["views", "solve (add all + solve)", "total (DSL + solve + frames)"]]
    for t in targets:
        a, b = ours.get(("cards", t)), kiwi.get(("cards", t))
        if status(a) or status(b):
            rows.append(["~%d" % t, status(b) or status(a), ""])
        else:
            rows.append([a["views"], "%.1fx (%s / %s ms)" % (b["solve_ms"] / a["solve_ms"], ms(b["solve_ms"]), ms(a["solve_ms"])),
                         "%.1fx" % (b["total_ms"] / a["total_ms"])])
    table(rows)

    sized_table(ours, "file",
                "== file to frames: `blueprint solve cardsN.layout --format json`, whole process (read, parse, layout, "
                "report, JSON out); median of runs ==",
                ["views", ".layout lines", "runs", "total ms", "fastest ms", "peak MB", "us/view", "check"],
                lambda t, r: [r.get("views", t), r["lines"], r["runs"], ms(r["total_ms"]), ms(r["min_ms"]),
                              "%.0f" % r.get("max_rss_mb", 0), "%.2f" % (r["total_ms"] * 1e3 / max(r.get("views", t), 1)),
                              r["check"]])
    sized_table(ours, "file-inprocess",
                "== file to frames inside one fresh process (`layout-bench --file`: read, parse, first layout, "
                "every frame; no process start, report or output); medians of fresh processes ==",
                ["views", "runs", "read ms", "parse ms", "layout ms", "frames ms", "total ms", "fastest ms", "check"],
                lambda t, r: [r["views"], r["runs"], ms(r["read_ms"]), ms(r["parse_ms"]), ms(r["layout_ms"]),
                              ms(r["frames_ms"]), ms(r["total_ms"]), ms(r["min_ms"]), r["check"]])

    reports = sorted((t, r) for (c, t), r in ours.items() if c == "report")
    if reports:
        print()
        print("== root.layoutReport (conflicts + ambiguity), its own phase after the first layout ==")
        rows = [["views", "report ms", "runs", "conflicts", "ambiguous"]]
        for t, r in reports:
            s = status(r)
            if s:
                rows.append(["~%d" % t, s, "", "", ""])
            else:
                rows.append([r["views"], ms(r["report_ms"]), r["report_runs"], r["conflicts"], r["ambiguous"]])
        table(rows)

    for target in (1000, 10000):
        u = ours.get(("updates", target))
        if not u:
            continue
        print()
        print("== constant updates (LayoutConstraint.setConstant), ~%d views, %s updates ==" % (target, u.get("steps", "")))
        if status(u):
            print(status(u))
        else:
            print("%d views; %d rounds, each: the updates on a freshly laid-out tree, one full solve of another, the batched updates on a third"
                  % (u["views"], u["rounds"]))
            print("(medians; a ratio is the median of the rounds' own ratios, the worst round in brackets)")
            print("one full solve (fresh tree, first layoutIfNeeded):    %s ms" % ms(u["full_solve_ms"]))
            print("%d x (setConstant + layoutIfNeeded + one frame read): %s ms = %.2f us each = %.4f x one full solve (worst %.4f)"
                  % (u["steps"], ms(u["each_total_ms"]), u["each_us"], u["each_ratio"], u["each_ratio_max"]))
            print("%d x setConstant, then one layoutIfNeeded:             %s ms = %.4f x one full solve (worst %.4f)"
                  % (u["steps"], ms(u["batch_total_ms"]), u["batch_ratio"], u["batch_ratio_max"]))
            print("frames after the updates: " + ("ok (as worked out by hand from the new constants)" if u["check"] == "ok" else u["check"]))
    print()


if __name__ == "__main__":
    main()
