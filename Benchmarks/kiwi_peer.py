#!/usr/bin/env python3
"""The kiwisolver side of the solver benchmark: the systems of Benchmarks/SYSTEMS.md and the
enaml-like form, built exactly as Benchmarks/Sources/solver-bench builds them, with the same
JSON lines on stdout ("impl": "kiwisolver").

Sizes that would take kiwi over ~60 s (measured on kiwi C++: chain >= 2000, grid >= 64x64,
siblings 100k) are printed as skipped. Constraint objects are made before the clock starts,
so the figures are add + updateVariables (plus Python's per-call overhead).

usage: kiwi_peer.py [--quick] [--only SYSTEM[,SYSTEM...]]
Runs itself in a venv with kiwisolver (Benchmarks/.venv, or $BP_VENV), creating it if needed.
"""

import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VENV = os.environ.get("BP_VENV", os.path.join(HERE, ".venv"))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
from kiwi_venv import ensure_kiwisolver  # noqa: E402


ensure_kiwisolver(VENV, __file__)
import kiwisolver as kiwi  # noqa: E402
from kiwisolver import Variable  # noqa: E402

STRONG, MEDIUM, WEAK = kiwi.strength.strong, kiwi.strength.medium, kiwi.strength.weak
QUICK = "--quick" in sys.argv
ONLY = None
if "--only" in sys.argv and sys.argv.index("--only") + 1 < len(sys.argv):
    ONLY = set(sys.argv[sys.argv.index("--only") + 1].split(","))
RUN_BUDGET = 2.0 if QUICK else 10.0
MAX_RUNS = 1 if QUICK else 5
EDIT_STEPS = 100 if QUICK else 1000
EDIT_BUDGET = 2.0 if QUICK else 10.0


def near(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(b))


def edit_offset(k, scale):
    """d_k of SYSTEMS.md."""
    return ((k * 37) % 200 - 100) * scale / 100 * 0.2


class View:
    def __init__(self, name):
        self.l = Variable(name + ".L")
        self.t = Variable(name + ".T")
        self.w = Variable(name + ".W")
        self.h = Variable(name + ".H")


class System:
    def __init__(self, constraints):
        self.constraints = constraints
        self.pre_edits = []
        self.edits = []        # (variable, base, scale)
        self.edit_pairs = []
        self.check_build = lambda: None
        self.check_edit = lambda: None


def siblings(n):
    cw = Variable("CW")
    cs, views = [], []
    for i in range(n):
        v = View("v%d" % i)
        views.append(v)
        cs += [v.l == 8, v.t == 28 * i + 8, v.w == cw - 16, v.h >= 10, (v.h == 20) | MEDIUM]
    cs.append((cw == 800) | MEDIUM)
    s = System(cs)
    s.edits = [(cw, 800.0, float(n))]
    last = views[-1]
    s.check_build = lambda: None if (near(views[0].w.value(), 784) and near(last.w.value(), 784)
                                     and near(last.t.value(), 28 * (n - 1) + 8) and near(last.h.value(), 20)) \
        else "siblings: W=%r H=%r" % (views[0].w.value(), last.h.value())
    s.check_edit = lambda: None if near(last.w.value(), cw.value() - 16) else "siblings after edits"
    return s


def chain(n):
    cw = Variable("CW")
    cs, views = [], []
    for i in range(n):
        v = View("v%d" % i)
        views.append(v)
        cs += [v.w >= 10, v.h >= 10, v.t == 0]
        if i == 0:
            cs.append(v.l == 8)
        else:
            p = views[i - 1]
            cs += [v.l == p.l + p.w + 8, (v.w == p.w) | STRONG]
    last = views[-1]
    cs += [last.l + last.w + 8 == cw, (cw == 28 * n + 8) | MEDIUM]
    s = System(cs)
    s.edits = [(cw, float(28 * n + 8), float(n))]
    s.check_build = lambda: None if (near(views[0].w.value(), 20) and near(last.w.value(), 20)
                                     and near(last.l.value(), 28 * (n - 1) + 8)) \
        else "chain: W0=%r Wlast=%r" % (views[0].w.value(), last.w.value())
    s.check_edit = lambda: None if near(last.l.value() + last.w.value() + 8, cw.value()) else "chain after edits"
    return s


def rounded_sqrt(n):
    s = 0
    while (s + 1) * (s + 1) <= n:
        s += 1
    return s + 1 if n - s * s > (s + 1) * (s + 1) - n else s


def grid(n):
    side = rounded_sqrt(n)
    rows = cols = side
    cw, ch = Variable("CW"), Variable("CH")
    cs, cells = [], []
    for r in range(rows):
        for c in range(cols):
            v = View("c%d_%d" % (r, c))
            cells.append(v)
            cs += [v.w >= 10, v.h >= 10]
            if c == 0:
                cs.append(v.l == 8)
            else:
                left = cells[r * cols + c - 1]
                cs.append(v.l == left.l + left.w + 8)
            if r == 0:
                cs.append(v.t == 8)
            else:
                up = cells[(r - 1) * cols + c]
                cs.append(v.t == up.t + up.h + 8)
            if c > 0:
                cs.append((v.w == cells[r * cols + c - 1].w) | STRONG)
            if r > 0:
                cs.append((v.h == cells[(r - 1) * cols + c].h) | STRONG)
    for r in range(rows):
        v = cells[r * cols + cols - 1]
        cs.append(v.l + v.w + 8 == cw)
    for c in range(cols):
        v = cells[(rows - 1) * cols + c]
        cs.append(v.t + v.h + 8 == ch)
    cs += [(cw == 28 * cols + 8) | MEDIUM, (ch == 28 * rows + 8) | MEDIUM]
    s = System(cs)
    s.edits = [(cw, float(28 * cols + 8), float(cols)), (ch, float(28 * rows + 8), float(rows))]
    corner = cells[-1]
    s.check_build = lambda: None if (near(cells[0].w.value(), 20) and near(corner.w.value(), 20)
                                     and near(corner.h.value(), 20) and near(corner.l.value(), 28 * (cols - 1) + 8)) \
        else "grid: W=%r H=%r" % (corner.w.value(), corner.h.value())
    s.check_edit = lambda: None if (near(corner.l.value() + corner.w.value() + 8, cw.value())
                                    and near(corner.t.value() + corner.h.value() + 8, ch.value())) \
        else "grid after edits"
    return s


def enaml_like():
    """The same form as solver-bench's enamlLike() (see there for the layout it describes)."""
    width, height = Variable("width"), Variable("height")
    left, top = Variable("left"), Variable("top")
    c_top, c_bottom = Variable("contents_top"), Variable("contents_bottom")
    c_left, c_right = Variable("contents_left"), Variable("contents_right")
    midline = Variable("midline")
    lb1, lb2, lb3 = View("lb1"), View("lb2"), View("lb3")
    fl1, fl2, ct, fl3 = View("fl1"), View("fl2"), View("ct"), View("fl3")
    mmedium = kiwi.strength.create(0, 1, 0, 1.25)
    smedium = kiwi.strength.create(0, 100, 0)
    cs = []

    def snug(a, b):
        cs.append(a >= b)
        cs.append((a == b) | mmedium)

    for v in (left, top, width, height):
        cs.append(v >= 0)
    for w in (lb1, lb2, lb3, fl1, fl2, ct, fl3):
        for v in (w.l, w.t, w.w, w.h):
            cs.append(v >= 0)
    cs += [c_left == left + 10, c_top == top + 10, c_right == left + width - 10, c_bottom == top + height - 10]
    cs += [(width == 0) | MEDIUM, (height == 0) | MEDIUM]
    for label, text_width in ((lb1, 67), (lb2, 66), (lb3, 24)):
        cs += [(label.w == text_width) | WEAK, (label.w >= text_width) | STRONG,
               (label.h == 16) | STRONG, (label.h >= 16) | STRONG]
    for field in (fl1, fl2, fl3):
        cs += [(field.w >= 125) | STRONG, (field.h == 21) | STRONG, (field.h >= 21) | STRONG]
    cs += [(ct.w >= 119) | smedium, (ct.w <= 16777215) | smedium, (ct.h >= 24) | smedium, (ct.h <= 24) | smedium]
    for w in (lb1, lb2, lb3, fl3):
        snug(w.l + 0, c_left + 0)
    for label, field in ((lb1, fl1), (lb2, fl2), (lb3, ct)):
        snug(field.l + 0, label.l + label.w + 10)
    for w in (fl1, fl2, ct, fl3):
        snug(c_right + 0, w.l + w.w)
    for w in (fl1, fl2, ct):
        cs.append((w.l == midline) | STRONG)
    snug(lb1.t + 0, c_top + 0)
    snug(fl1.t + 0, c_top + 0)
    snug(lb2.t + 0, lb1.t + lb1.h + 10)
    snug(fl2.t + 0, fl1.t + fl1.h + 10)
    snug(lb3.t + 0, lb2.t + lb2.h + 10)
    snug(ct.t + 0, fl2.t + fl2.h + 10)
    snug(fl3.t + 0, lb3.t + lb3.h + 10)
    snug(fl3.t + 0, ct.t + ct.h + 10)
    snug(c_bottom + 0, fl3.t + fl3.h)
    for label, field in ((lb1, fl1), (lb2, fl2), (lb3, ct)):
        cs.append((label.t + 0.5 * label.h == field.t + 0.5 * field.h) | STRONG)

    s = System(cs)
    s.pre_edits = [width, height]
    s.edit_pairs = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
    s.check_build = lambda: None if (near(fl1.w.value(), 125) and near(fl2.l.value(), midline.value())
                                     and near(fl1.l.value(), midline.value())) \
        else "enaml-like: fl1.w=%r lb1.w=%r" % (fl1.w.value(), lb1.w.value())
    s.check_edit = lambda: None if near(fl3.l.value() + fl3.w.value(), c_right.value()) \
        else "enaml-like after edits: fl3 does not reach the right edge"
    return s


def build(system):
    start = time.perf_counter()
    solver = kiwi.Solver()
    for v in system.pre_edits:
        solver.addEditVariable(v, STRONG)
    add = solver.addConstraint
    for c in system.constraints:
        add(c)
    solver.updateVariables()
    return solver, time.perf_counter() - start


def emit(**fields):
    parts = []
    for k, v in fields.items():
        if isinstance(v, str):
            parts.append('"%s": "%s"' % (k, v.replace("\\", "\\\\").replace('"', '\\"')))
        elif isinstance(v, float):
            parts.append('"%s": %r' % (k, v))
        else:
            parts.append('"%s": %s' % (k, v))
    print("{" + ", ".join(parts) + "}", flush=True)


def med_of(times):
    times = sorted(times)
    return times[len(times) // 2] if len(times) % 2 else (times[len(times) // 2 - 1] + times[len(times) // 2]) / 2


def run(system_name, size, label, make, skip_edit=False):
    runs = (20 if QUICK else 200) if system_name == "enaml" else MAX_RUNS
    times, spent, last = [], 0.0, None
    while len(times) < runs and (not times or spent < RUN_BUDGET):
        system = make()
        solver, t = build(system)
        times.append(t)
        spent += t
        last = (solver, system)
    solver, system = last
    build_check = system.check_build()

    if skip_edit:
        emit(impl="kiwisolver", system=system_name, size=size, label=label, constraints=len(system.constraints),
             build_ms=med_of(times) * 1e3, build_runs=len(times), edit_skipped=KIWI_SKIP, check=build_check or "ok")
        return
    t0 = time.perf_counter()
    for v, _, _ in system.edits:
        solver.addEditVariable(v, STRONG)
    add_edit = time.perf_counter() - t0
    steps, start, spent = 0, time.perf_counter(), 0.0
    suggest, update = solver.suggestValue, solver.updateVariables
    while steps < EDIT_STEPS and (steps == 0 or spent < EDIT_BUDGET):
        if not system.edit_pairs:
            for v, base, scale in system.edits:
                suggest(v, base + edit_offset(steps, scale))
        else:
            w, h = system.edit_pairs[steps % len(system.edit_pairs)]
            suggest(system.pre_edits[0], w)
            suggest(system.pre_edits[1], h)
        update()
        steps += 1
        if steps % 10 == 0 or steps < 10:
            spent = time.perf_counter() - start
    total = time.perf_counter() - start
    edit_check = system.check_edit()
    med = med_of(times)
    emit(impl="kiwisolver", system=system_name, size=size, label=label, constraints=len(system.constraints),
         build_ms=med * 1e3, build_runs=len(times), edit_add_ms=add_edit * 1e3,
         edit_us=total / steps * 1e6, edit_steps=steps, check=build_check or edit_check or "ok")


KIWI_SKIP = "skipped (kiwi > 60 s)"
# kiwi starts an edit at 0, so on chain its first suggestion re-pivots everything: 180 s at
# N = 1000 on this machine (91 s in kiwi C++, SYSTEMS.md). Its chain edit phase stops below that.
KIWI_EDIT_LIMIT = {"chain": 1000}


def main():
    def grid_case(n):
        side = rounded_sqrt(n)
        return ("grid", side * side, "%dx%d" % (side, side), lambda: grid(n), side >= 64)

    plan = {
        "siblings": [("siblings", n, str(n), (lambda n=n: siblings(n)), n >= 100000)
                     for n in ([1000] if QUICK else [1000, 10000, 100000])],
        "chain": [("chain", n, str(n), (lambda n=n: chain(n)), n >= 2000)
                  for n in ([100, 300] if QUICK else [100, 300, 1000, 3000])],
        "grid": [grid_case(n) for n in ([1024] if QUICK else [1024, 10000, 99856])],
        "enaml": [("enaml", 1, "form", enaml_like, False)],
    }
    for name, cases in plan.items():
        if ONLY is not None and name not in ONLY:
            continue
        for system_name, size, label, make, too_slow in cases:
            if too_slow:
                emit(impl="kiwisolver", system=system_name, size=size, label=label, skipped=KIWI_SKIP)
            else:
                run(system_name, size, label, make,
                    skip_edit=size >= KIWI_EDIT_LIMIT.get(system_name, float("inf")))
        if name == "chain" and not QUICK:
            emit(impl="kiwisolver", system="chain", size=10000, label="10000", skipped=KIWI_SKIP)


if __name__ == "__main__":
    main()
