#!/usr/bin/env python3
"""The kiwisolver side of the layout benchmark: the nested-cards layout of
Benchmarks/Sources/layout-bench/Cards.swift written as plain linear constraints, the way the
Blueprint engine turns the DSL into solver constraints, so both solvers get the same system:

- the same variables: x, y, w, h per view (absolute coordinates, as the engine's);
- the same constraints in the same order: first the engine's own, per view in tree order
  (the root's x == 0 and y == 0; then per axis with an intrinsic size `size >= value` at the
  compression-resistance priority and `size <= value` at the hugging priority), then every DSL
  constraint in activation order, with margins, baselines and centres expanded as the engine
  expands them (`a.firstBaseline` = y + h/2 + the text's offset from its centre);
- the label sizes and baseline offsets measured by Blueprint's text metrics, read from the JSON
  that `layout-bench --export-metrics` writes (the texts and their indexing are the same).

Priorities map to kiwi strengths as follows (only these four occur):
    1000 (required)          -> kiwi required
     751 (hugging of labels) -> strong  (1e6)
     750 (.defaultHigh)      -> medium  (1e3)
     250 (.defaultLow)       -> weak    (1)
Blueprint gives every priority its own level of a lexicographic objective; kiwi sums weighted
errors, so a lower level could in principle outweigh a higher one 1000:1. In this layout every
trade is 1:1 or 2:1 and the optimum is unique, so both give the same frames: the runner checks
this on the root's height and twelve frames (layout_table.py, column "frames").

Phases, as on our side: "dsl" makes the variables and constraint objects, "solve" makes the
solver, adds every constraint and calls updateVariables, "frames" reads all four values of
every view. One JSON line per size on stdout.

usage: layout_peer.py METRICS.json --size N [--runs R] [--budget SECONDS]
Runs itself in a venv with kiwisolver ($BP_VENV, default /tmp/bp-venv), creating it if needed.
"""

import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VENV = os.environ.get("BP_VENV", "/tmp/bp-venv")
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
from kiwi_venv import ensure_kiwisolver  # noqa: E402

ensure_kiwisolver(VENV, __file__)
import kiwisolver as kiwi  # noqa: E402
from kiwisolver import Variable  # noqa: E402

REQUIRED, STRONG, MEDIUM, WEAK = (kiwi.strength.required, kiwi.strength.strong,
                                  kiwi.strength.medium, kiwi.strength.weak)
STRENGTH = {1000: REQUIRED, 751: STRONG, 750: MEDIUM, 250: WEAK}


def arg(flag, default=None):
    if flag in sys.argv and sys.argv.index(flag) + 1 < len(sys.argv):
        return sys.argv[sys.argv.index(flag) + 1]
    return default


class View:
    __slots__ = ("x", "y", "w", "h")

    def __init__(self, name):
        self.x = Variable(name + ".minX")
        self.y = Variable(name + ".minY")
        self.w = Variable(name + ".width")
        self.h = Variable(name + ".height")


def section_plan(views, per_section):
    """Cards per section (Cards.swift's sectionPlan)."""
    remaining, plan = views - 1, []
    while remaining >= 7:
        cards = min(per_section, (remaining - 2) // 5)
        plan.append(cards)
        remaining -= 2 + 5 * cards
    return plan


def build(metrics, views):
    """The system: (constraints in the engine's order, views in tree order, cards, root)."""
    titles, subtitles = metrics["titles"], metrics["subtitles"]
    buttons, headers = metrics["buttons"], metrics["headers"]
    width, spacing, gap = metrics["canvas_width"], metrics["card_spacing"], metrics["title_gap"]
    plan = section_plan(views, metrics["cards_per_section"])

    structural = []   # the engine's own constraints, per view in tree order
    user = []         # the DSL's, in activation order
    tree = []
    cards = []

    def intrinsic(v, size, cr, hug):
        """Per axis: size >= value @compression resistance, size <= value @hugging."""
        for var, value, c, hg in ((v.w, size[0], cr[0], hug[0]), (v.h, size[1], cr[1], hug[1])):
            structural.append((var >= value) | STRENGTH[c])
            structural.append((var <= value) | STRENGTH[hg])

    root = View("root")
    tree.append(root)
    structural += [root.x == 0, root.y == 0]
    user.append(root.w == width)
    k = 0
    previous = None
    for s, count in enumerate(plan):
        section = View("s%d" % s)
        header = View("s%d.header" % s)
        tree += [section, header]
        hm = headers[s % len(headers)]
        intrinsic(header, (hm["width"], hm["height"]), (750, 750), (250, 250))
        # Section margins: top 8, left 16, bottom 8, right 16.
        user += [
            section.x == root.x,
            section.x + section.w == root.x + root.w,
            (section.y == previous.y + previous.h + 16) if previous else (section.y == root.y + 8),
            header.y == section.y + 8,
            header.x == section.x + 16,
            header.x + header.w <= section.x + section.w - 16,
        ]
        above = header
        for _ in range(count):
            card = View("c%d" % k)
            image, title, subtitle, button = (View("c%d.%s" % (k, n)) for n in ("image", "title", "subtitle", "button"))
            tree += [card, image, title, subtitle, button]
            tm = titles[k % len(titles)]
            sm = subtitles[(k * 7 + 3) % len(subtitles)]
            bm = buttons[(k * 5 + 1) % len(buttons)]
            intrinsic(image, (40, 40), (1000, 1000), (250, 250))
            intrinsic(title, (tm["width"], tm["height"]), (750, 750), (250, 751))
            intrinsic(subtitle, (sm["width"], sm["height"]), (750, 750), (250, 751))
            intrinsic(button, (bm["width"], bm["height"]), (1000, 750), (751, 250))
            # Card margins: 12 on every side.
            user += [
                card.x == section.x + 16,
                card.x + card.w == section.x + section.w - 16,
                card.y == above.y + above.h + spacing,

                image.x == card.x + 12,
                image.y == card.y + 12,
                image.y + image.h <= card.y + card.h - 12,

                title.x == image.x + image.w + gap,
                title.y == card.y + 12,
                title.x + title.w <= button.x - 8,

                subtitle.x == title.x,
                subtitle.y + 0.5 * subtitle.h + sm["first"] == title.y + 0.5 * title.h + tm["last"] + 18,
                subtitle.x + subtitle.w <= button.x - 8,
                subtitle.y + subtitle.h <= card.y + card.h - 12,
                (subtitle.y + subtitle.h == card.y + card.h - 12) | MEDIUM,

                button.x + button.w == card.x + card.w - 12,
                button.y + 0.5 * button.h == image.y + 0.5 * image.h,
            ]
            cards.append((card, title, subtitle, button))
            above = card
            k += 1
        user.append(above.y + above.h == section.y + section.h - 8)
        previous = section
    if previous:
        user.append(previous.y + previous.h == root.y + root.h - 8)
    return structural + user, len(user), tree, cards, root


def spot_values(cards, root):
    """Cards.swift's spotValues: the root's height, then card, title, subtitle and button of
    the first, middle and last cards."""
    out = [root.h.value()]
    n = len(cards)
    for k in (0, n // 2, n - 1):
        for v in cards[k]:
            out += [v.x.value(), v.y.value(), v.w.value(), v.h.value()]
    return out


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def emit(fields):
    print(json.dumps(fields), flush=True)


def main():
    metrics_path = sys.argv[1]
    with open(metrics_path) as f:
        metrics = json.load(f)
    n = int(arg("--size", "1000"))
    runs = int(arg("--runs", "5"))
    budget = float(arg("--budget", "60"))
    emit({"impl": "kiwisolver", "case": "cards", "target": n, "running": True})
    dsl, solve, frames, totals = [], [], [], []
    spent = 0.0
    spot = None
    info = None
    while len(totals) < runs and (not totals or spent < budget):
        t0 = time.perf_counter()
        constraints, user_count, tree, cards, root = build(metrics, n)
        t1 = time.perf_counter()
        solver = kiwi.Solver()
        add = solver.addConstraint
        for c in constraints:
            add(c)
        solver.updateVariables()
        t2 = time.perf_counter()
        s = 0.0
        for v in tree:
            s += v.x.value() + v.y.value() + v.w.value() + v.h.value()
        t3 = time.perf_counter()
        dsl.append(t1 - t0)
        solve.append(t2 - t1)
        frames.append(t3 - t2)
        totals.append(t3 - t0)
        spent += t3 - t0
        if spot is None:
            spot = spot_values(cards, root)
            info = (len(tree), len(cards), user_count, len(constraints))
        del solver, constraints, tree, cards, root
    views, ncards, user_count, all_count = info
    emit({
        "impl": "kiwisolver", "case": "cards", "target": n, "views": views, "cards": ncards,
        "constraints": user_count, "solver_constraints": all_count, "runs": len(totals),
        "dsl_ms": median(dsl) * 1e3, "solve_ms": median(solve) * 1e3, "frames_ms": median(frames) * 1e3,
        "total_ms": median(totals) * 1e3, "kiwisolver": kiwi.__version__, "spot": spot,
    })


if __name__ == "__main__":
    main()
