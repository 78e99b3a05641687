#!/usr/bin/env python3
"""Generate the ambiguity fixtures (fixtures/ambiguity/systems.json) with kiwisolver.

A variable is ambiguous when the optimal solutions do not all agree on it. kiwisolver decides
that here by perturbation, independently of our solver's analysis: for each variable, a fresh
kiwi solver holds the system plus an edit on that variable at a strength far below weak
(1e-3, against weak = 1), and the variable is pulled up, then down, by DELTA from its value.
Moving it costs that tiny strength only if no constraint becomes less satisfied, so the
variable moves (by more than MOVED) exactly when another optimal solution gives it another
value. Our Solver.mayVary must give the same answer for every variable
(Tests/CassowaryTests/AmbiguityDifferentialTests.swift); for the variables kiwi finds fixed,
our value must equal kiwi's too.

The random systems are built to be degenerate: a planned point with small integer coordinates,
and inequalities (and equalities) drawn through that point, several at once, so the optimum
sits on many tight rows and a naive one-parameter-at-a-time test goes wrong both ways. A few
hand-written systems come first (the issue's card, a pair of inequalities that only two
parameters moved together can satisfy, ...).

Usage: scripts/gen_ambiguity_fixtures.py [--count 400] [--seed 15] [--out FILE]
Runs itself in a venv with kiwisolver (default /tmp/bp-venv, or $BP_VENV), creating it if needed.
"""

import argparse
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.environ.get("BP_VENV", "/tmp/bp-venv")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kiwi_venv import ensure_kiwisolver  # noqa: E402

ensure_kiwisolver(VENV, __file__)
import kiwisolver as kiwi  # noqa: E402

STRENGTHS = {
    "required": kiwi.strength.required,
    "strong": kiwi.strength.strong,
    "medium": kiwi.strength.medium,
    "weak": kiwi.strength.weak,
}
PROBE = kiwi.strength.create(0, 0, 0.001)  # far below weak
DELTA = 1e-3
MOVED = 1e-7
OPS = ["==", "<=", ">="]


def constraint(vs, c):
    expr = sum(coef * vs[i] for i, coef in c["terms"]) + c["constant"]
    rel = {"==": expr == 0, "<=": expr <= 0, ">=": expr >= 0}[c["op"]]
    return rel | STRENGTHS[c["strength"]]


def solve(n, constraints, probe=None):
    """kiwi's values, or None if a required constraint cannot hold. probe = (var, delta)."""
    s = kiwi.Solver()
    vs = [kiwi.Variable("x%d" % i) for i in range(n)]
    try:
        for c in constraints:
            s.addConstraint(constraint(vs, c))
    except kiwi.UnsatisfiableConstraint:
        return None
    s.updateVariables()
    if probe is not None:
        i, target = probe
        s.addEditVariable(vs[i], PROBE)
        s.suggestValue(vs[i], target)
        s.updateVariables()
    return [v.value() for v in vs]


def analyse(n, constraints):
    values = solve(n, constraints)
    if values is None:
        return None
    ambiguous = []
    for i in range(n):
        up = solve(n, constraints, (i, values[i] + DELTA))
        down = solve(n, constraints, (i, values[i] - DELTA))
        moved = abs(up[i] - values[i]) > MOVED or abs(down[i] - values[i]) > MOVED
        ambiguous.append(moved)
    return values, ambiguous


def c(terms, op, constant, strength="required"):
    return {"terms": terms, "constant": constant, "op": op, "strength": strength}


def hand_written():
    """(name, n, constraints)"""
    # The card, in one axis: 0 card.top, 1 card.bottom, 2 image.top, 3 image.bottom,
    # 4 title.top, 5 title.bottom, 6 subtitle.top, 7 subtitle.bottom. The card's bottom is
    # >= the image's bottom and == the subtitle's bottom (strong); the title's height is only
    # >= 0 and hugged (weak). Every value is fixed, but the optimum is degenerate (the image's
    # bottom and the subtitle's bottom coincide).
    card = [
        c([[0, 1]], "==", 0),
        c([[2, 1], [0, -1]], "==", -10),
        c([[3, 1], [2, -1]], "==", -60),           # image height 60
        c([[4, 1], [0, -1]], "==", -10),
        c([[5, 1], [4, -1]], ">=", 0),             # title height >= 0
        c([[5, 1], [4, -1]], "==", 0, "weak"),     # ... hugged
        c([[6, 1], [5, -1]], "==", -4),
        c([[7, 1], [6, -1]], "==", -18),           # subtitle height 18
        c([[1, 1], [3, -1]], ">=", -10),           # card.bottom >= image.bottom + 10
        c([[1, 1], [7, -1]], "==", -10, "strong"), # card.bottom == subtitle.bottom + 10
        c([[5, 1], [4, -1]], "==", -38, "medium"), # title wants 38: exactly fills the gap
    ]
    # Two inequalities that pin x == y only together, and a lower bound: both free upwards, but
    # only when moved together.
    pair = [c([[0, 1], [1, -1]], "<=", 0), c([[1, 1], [0, -1]], "<=", 0), c([[0, 1]], ">=", 0)]
    # A weak pull against a required cap that the optimum reaches: fixed (no false positive).
    capped = [c([[0, 1]], "<=", -100), c([[0, 1]], "==", -200, "weak"), c([[1, 1], [0, -1]], ">=", 0),
              c([[1, 1], [0, -1]], "<=", 0)]
    # A sum fixed, each part only bounded below: the parts trade against each other.
    trade = [c([[0, 1], [1, 1]], "==", -10), c([[0, 1]], ">=", 0), c([[1, 1]], ">=", 0),
             c([[2, 1], [0, -1], [1, -1]], "==", 0)]
    # The same with both parts at their bound: nothing moves.
    tight = [c([[0, 1], [1, 1]], "==", 0), c([[0, 1]], ">=", 0), c([[1, 1]], ">=", 0)]
    # Three variables, x <= y <= z <= x (a cycle of inequalities), z >= 5 and a weak pull
    # up on x: pinned together at the pull... the pull is 5 below what z allows: free.
    cycle = [c([[0, 1], [1, -1]], "<=", 0), c([[1, 1], [2, -1]], "<=", 0), c([[2, 1], [0, -1]], "<=", 0),
             c([[2, 1]], ">=", -5)]
    cycle_pinned = cycle + [c([[0, 1]], "==", -5, "weak")]
    return [("card", 8, card), ("pair", 2, pair), ("capped", 2, capped), ("trade", 3, trade),
            ("tight", 2, tight), ("cycle", 3, cycle), ("cyclePinned", 3, cycle_pinned)]


def random_system(rng):
    n = rng.randint(2, 8)
    point = [rng.choice([0, 0, 5, 10, 20]) for _ in range(n)]
    constraints = []
    for _ in range(rng.randint(2, 2 * n + 2)):
        k = rng.choice([1, 1, 2, 2, 2, 3])
        chosen = rng.sample(range(n), min(k, n))
        terms = [[i, rng.choice([1, 1, -1, -1, 2])] for i in sorted(chosen)]
        through = -sum(coef * point[i] for i, coef in terms)
        r = rng.random()
        if r < 0.55:
            op, strength, constant = rng.choice(["<=", ">="]), "required", through
        elif r < 0.75:
            op, strength, constant = "==", "required", through
        else:
            op = rng.choice(["==", "==", "<=", ">="])
            strength = rng.choice(["strong", "medium", "weak"])
            constant = through + rng.choice([0, 0, 5, -5])
        constraints.append(c(terms, op, constant, strength))
    return n, constraints


def has_equivalents(constraints):
    """Whether two constraints of one strength are the same up to a factor (our Solver rejects
    the second as an equivalent duplicate; kiwi takes it)."""
    seen = set()
    for c in constraints:
        f = c["terms"][0][1]
        op = c["op"] if f > 0 or c["op"] == "==" else {"<=": ">=", ">=": "<="}[c["op"]]
        key = (tuple((i, a / f) for i, a in c["terms"]), c["constant"] / f, op, c["strength"])
        if key in seen:
            return True
        seen.add(key)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--out", default=os.path.join(ROOT, "fixtures", "ambiguity", "systems.json"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    systems = []
    for name, n, cs in hand_written():
        result = analyse(n, cs)
        assert result is not None, name
        systems.append((name, n, cs, result))
    while len(systems) < args.count:
        n, cs = random_system(rng)
        if has_equivalents(cs):
            continue
        result = analyse(n, cs)
        if result is None:
            continue
        systems.append(("random", n, cs, result))
    lines = []
    for i, (name, n, cs, (values, ambiguous)) in enumerate(systems):
        lines.append(json.dumps({"id": i, "name": name, "variables": n, "constraints": cs,
                                 "values": [round(v, 9) for v in values], "ambiguous": ambiguous},
                                separators=(",", ":")))
    head = {"format": 1, "generator": "scripts/gen_ambiguity_fixtures.py --count %d --seed %d" % (args.count, args.seed),
            "kiwisolver": kiwi.__version__}
    with open(args.out + ".tmp", "w") as f:
        f.write(json.dumps(head)[:-1] + ', "systems": [\n' + ",\n".join(lines) + "\n]}\n")
    os.replace(args.out + ".tmp", args.out)
    amb = sum(sum(a) for *_, (v, a) in systems)
    tot = sum(len(a) for *_, (v, a) in systems)
    print("%d systems, %d of %d variables ambiguous -> %s" % (len(systems), amb, tot, args.out))


if __name__ == "__main__":
    main()
