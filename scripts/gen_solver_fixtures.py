#!/usr/bin/env python3
"""Generate the solver's differential fixtures (fixtures/solver/) with kiwisolver.

Each fixture is a small random linear system (2-12 variables, required/strong/medium/weak
equalities and inequalities, some edit variables with suggested values, some removals, some
required adds that must fail) replayed as a list of steps, with kiwisolver's solution recorded
at each checkpoint. The Swift tests (Tests/CassowaryTests/DifferentialTests.swift) replay the
same steps on our Solver and must agree to 1e-6.

Only systems whose optimum is UNIQUE are kept, because a system whose answer depends on the
exact weights or on tie-breaking would test kiwi's pivot order, not correctness. At every
checkpoint the generator solves the active system again, from scratch:
  * with the constraints (and the terms inside each constraint) in shuffled order, and the
    soft weights perturbed by x0.9..x1.1 within each strength class;
  * with a tiny extra pull (weight 1e-4, far below weak = 1) on every variable, in several
    sign patterns (all up, all down, random);
and keeps the system only if every solution agrees with the reference within 1e-7. A variable
the constraints leave free moves under the pulls, so every recorded variable is determined.

Whether a required add fails is decided on a fresh solver holding exactly the active
constraints, and every answer comes from fresh solves: kiwi's own incremental state after a
failed add is wrong (it keeps part of the failed row, and sometimes aborts later with "Dual
optimize failed"). kiwi's incremental replay is checked against the answers too: a system
without failing adds where it disagrees is discarded; one with a failing add is kept and
flagged "kiwiIncrementalDiffers" (our solver must leave the state as it was).

Usage: scripts/gen_solver_fixtures.py [--count 300] [--per-file 50] [--seed 2024] [--out DIR]
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

WEIGHTS = {
    "required": kiwi.strength.required,
    "strong": kiwi.strength.strong,
    "medium": kiwi.strength.medium,
    "weak": kiwi.strength.weak,
}
AGREE = 1e-7        # every re-solve must agree with the reference this closely
PULL_WEIGHT = 1e-4  # the tie-detecting pulls: far below weak (1)
PULL_TARGET = 1000.0
COEFS = [1, 1, 1, -1, -1, 2, -2, 0.5, 3, -3]


# ---------------------------------------------------------------------------------------------
# Solving a state from scratch


def kiwi_constraint(con, kvars, weight, rng=None):
    terms = [kiwi.Term(kvars[v], float(c)) for v, c in con["terms"]]
    if rng is not None:
        rng.shuffle(terms)
    return kiwi.Constraint(kiwi.Expression(terms, float(con["constant"])), con["op"], weight)


def solve_fresh(n, cons, active, edits, rng=None, pulls=None):
    """Solve the active constraints and edits {var: (strength, value)} on a new kiwi solver.

    With `rng`, constraint order, term order and soft weights are shuffled/perturbed.
    `pulls` is a list of +1/-1 per variable for the tie-detecting pulls, or None.
    Returns the values, or None if an add unexpectedly fails.
    """
    kvars = [kiwi.Variable("x%d" % i) for i in range(n)]
    s = kiwi.Solver()
    order = list(active)
    if rng is not None:
        rng.shuffle(order)

    def weight(name):
        w = WEIGHTS[name]
        if rng is not None and name != "required":
            w *= rng.uniform(0.9, 1.1)
        return w

    items = [("c", i) for i in order] + [("e", v) for v in sorted(edits)]
    if rng is not None and edits and rng.random() < 0.5:
        items = [("e", v) for v in sorted(edits)] + [("c", i) for i in order]
    try:
        for kind, x in items:
            if kind == "c":
                s.addConstraint(kiwi_constraint(cons[x], kvars, weight(cons[x]["strength"]), rng))
            else:
                strength, value = edits[x]
                s.addEditVariable(kvars[x], weight(strength))
                s.suggestValue(kvars[x], value)
        if pulls is not None:
            for v, sign in enumerate(pulls):
                s.addConstraint((kvars[v] == sign * PULL_TARGET) | PULL_WEIGHT)
    except kiwi.UnsatisfiableConstraint:
        return None
    s.updateVariables()
    return [kv.value() for kv in kvars]


def add_fails(n, cons, active, edits, i):
    """Whether adding required constraint i to the active set is infeasible (fresh solver)."""
    kvars = [kiwi.Variable("x%d" % k) for k in range(n)]
    s = kiwi.Solver()
    for k in active:
        s.addConstraint(kiwi_constraint(cons[k], kvars, WEIGHTS[cons[k]["strength"]]))
    try:
        s.addConstraint(kiwi_constraint(cons[i], kvars, WEIGHTS[cons[i]["strength"]]))
    except kiwi.UnsatisfiableConstraint:
        return True
    return False


def unique_solution(n, cons, active, edits, rng):
    """The reference solution if the optimum is unique and fully determined, else None."""
    ref = solve_fresh(n, cons, active, edits)
    if ref is None:
        return None
    variants = [solve_fresh(n, cons, active, edits, rng=rng) for _ in range(3)]
    sign_sets = [[1] * n, [-1] * n] + [[rng.choice([1, -1]) for _ in range(n)] for _ in range(3)]
    variants += [solve_fresh(n, cons, active, edits, pulls=p) for p in sign_sets]
    variants.append(solve_fresh(n, cons, active, edits, rng=rng, pulls=sign_sets[-1]))
    for sol in variants:
        if sol is None or any(abs(a - b) > AGREE for a, b in zip(sol, ref)):
            return None
    return [round(x, 9) if abs(x - round(x, 9)) < 1e-12 else x for x in ref]


# ---------------------------------------------------------------------------------------------
# Random systems


def proportional(a, b):
    """Whether two constraints' (terms, constant) vectors are proportional (any sign)."""
    va = dict(a["terms"]); vb = dict(b["terms"])
    if set(va) != set(vb):
        return False
    keys = sorted(va)
    k = vb[keys[0]] / va[keys[0]]
    if any(abs(vb[x] - k * va[x]) > 1e-12 for x in keys):
        return False
    return abs(b["constant"] - k * a["constant"]) < 1e-12


def random_constraint(rng, n, strengths=(3, 2, 2, 2)):
    k = min(n, rng.choice([1, 1, 2, 2, 2, 3]))
    vs = rng.sample(range(n), k)
    return {
        "terms": [[v, rng.choice(COEFS)] for v in vs],
        "constant": rng.randint(-40, 40),
        "op": rng.choice(["==", "<=", ">=", "<=", ">="]),
        "strength": rng.choices(["required", "strong", "medium", "weak"], strengths)[0],
    }


def conflicting(rng, con):
    """A required constraint that cannot hold together with required constraint `con`."""
    gap = rng.randint(1, 9)
    flip = {"==": "==", ">=": "<=", "<=": ">="}[con["op"]]
    # e >= 0 with e <= -gap; e <= 0 with e >= gap; e == 0 with e == ±gap.
    shift = {">=": gap, "<=": -gap, "==": rng.choice([gap, -gap])}[con["op"]]
    return {"terms": [list(t) for t in con["terms"]], "constant": con["constant"] + shift,
            "op": flip, "strength": "required"}


def make_system(rng, kind):
    n = rng.randint(2, 12)
    cons = []

    def push(c):
        if any(proportional(c, d) and c["strength"] == d["strength"] for d in cons):
            return None
        cons.append(c)
        return len(cons) - 1

    # Soft anchors make most variables determined; random constraints make it interesting.
    plan = []
    for v in range(n):
        if rng.random() < 0.75:
            plan.append({"terms": [[v, 1]], "constant": -rng.randint(-50, 50), "op": "==",
                         "strength": rng.choice(["weak", "weak", "medium", "strong"])})
    plan += [random_constraint(rng, n) for _ in range(rng.randint(n, 2 * n + 2))]
    rng.shuffle(plan)
    order = [i for i in (push(c) for c in plan) if i is not None]

    steps = []
    active = []      # constraint indices in the solver, in order
    edits = {}       # var -> (strength, value)
    state = {"fails": 0}

    def add(i):
        c = cons[i]
        if c["strength"] == "required" and add_fails(n, cons, active, edits, i):
            steps.append({"add": i, "fails": True})
            state["fails"] += 1
        else:
            steps.append({"add": i})
            active.append(i)

    def expect():
        sol = unique_solution(n, cons, active, edits, rng)
        if sol is None:
            raise Reject("not unique")
        steps.append({"expect": sol})
        return sol

    def edit(v, strength, value):
        steps.append({"edit": v, "strength": strength})
        steps.append({"suggest": v, "value": value})
        edits[v] = (strength, value)

    if kind == "edit":
        half = len(order) // 2
        for i in order[:half]:
            add(i)
        v = rng.randrange(n)
        edit(v, rng.choice(["strong", "medium", "weak"]), float(rng.randint(-60, 60)))
        for i in order[half:]:
            add(i)
        sol = expect()
        for _ in range(rng.randint(1, 3)):
            value = float(round(sol[v] + rng.randint(-30, 30)))
            steps.append({"suggest": v, "value": value})
            edits[v] = (edits[v][0], value)
            sol = expect()
        if n > 2 and rng.random() < 0.5:
            w = rng.choice([x for x in range(n) if x != v])
            edit(w, rng.choice(["strong", "medium", "weak"]), float(round(sol[w] + rng.randint(-20, 20))))
            expect()
        if rng.random() < 0.5:
            steps.append({"unedit": v})
            del edits[v]
            expect()
    elif kind == "conflict":
        for i in order:
            add(i)
            req = [k for k in active if cons[k]["strength"] == "required"]
            if req and rng.random() < 0.25:
                j = push(conflicting(rng, cons[rng.choice(req)]))
                if j is not None:
                    add(j)
        if state["fails"] == 0:
            raise Reject("no failing add")
        expect()
    else:
        for i in order:
            add(i)
        expect()
        if kind == "remove":
            removed = []
            for _ in range(rng.randint(1, 3)):
                if not active:
                    break
                i = rng.choice(active)
                steps.append({"remove": i})
                active.remove(i)
                removed.append(i)
                expect()
            if removed and rng.random() < 0.5:
                add(rng.choice(removed))
                expect()

    return {"variables": n, "kind": kind, "constraints": cons, "steps": steps}


class Reject(Exception):
    pass


def replay_kiwi(system):
    """Replay the steps on one incremental kiwi solver; True if it matches every record."""
    n = system["variables"]
    kvars = [kiwi.Variable("x%d" % i) for i in range(n)]
    kcons = [kiwi_constraint(c, kvars, WEIGHTS[c["strength"]]) for c in system["constraints"]]
    s = kiwi.Solver()
    for st in system["steps"]:
        if "add" in st:
            try:
                s.addConstraint(kcons[st["add"]])
                if st.get("fails"):
                    return False
            except kiwi.UnsatisfiableConstraint:
                if not st.get("fails"):
                    return False
        elif "remove" in st:
            s.removeConstraint(kcons[st["remove"]])
        elif "edit" in st:
            s.addEditVariable(kvars[st["edit"]], WEIGHTS[st["strength"]])
        elif "suggest" in st:
            s.suggestValue(kvars[st["suggest"]], st["value"])
        elif "unedit" in st:
            s.removeEditVariable(kvars[st["unedit"]])
        elif "expect" in st:
            s.updateVariables()
            if any(abs(kv.value() - x) > AGREE for kv, x in zip(kvars, st["expect"])):
                return False
    return True


def replay_in_child(system):
    """replay_kiwi in a forked child: kiwi aborts the process on some internal errors
    ("Dual optimize failed" after a failed add), which Python cannot catch."""
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        os._exit(0 if replay_kiwi(system) else 1)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return "incremental kiwi crashed"
    return "ok" if os.WEXITSTATUS(status) == 0 else "incremental kiwi disagrees"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--per-file", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", default=os.path.join(ROOT, "fixtures", "solver"))
    args = ap.parse_args()

    rng = random.Random(args.seed)
    kinds = ["plain"] * 8 + ["remove"] * 4 + ["edit"] * 5 + ["conflict"] * 3
    systems, rejected = [], {}
    while len(systems) < args.count:
        kind = rng.choice(kinds)
        try:
            system = make_system(rng, kind)
        except Reject as r:
            rejected[str(r)] = rejected.get(str(r), 0) + 1
            continue
        verdict = replay_in_child(system)
        if verdict != "ok":
            if not any(st.get("fails") for st in system["steps"]):
                rejected[verdict] = rejected.get(verdict, 0) + 1
                continue
            # kiwi leaves part of a failed required add in its tableau (or aborts later), so
            # its incremental answers after one are wrong; the recorded answers come from
            # fresh solves of the active constraints, which is what a failed add must leave.
            system["kiwiIncrementalDiffers"] = True
        system["id"] = len(systems)
        systems.append(system)

    os.makedirs(args.out, exist_ok=True)
    for old in os.listdir(args.out):
        if old.startswith("systems-") and old.endswith(".json"):
            os.remove(os.path.join(args.out, old))
    for f in range(0, len(systems), args.per_file):
        chunk = systems[f:f + args.per_file]
        path = os.path.join(args.out, "systems-%02d.json" % (f // args.per_file))
        with open(path, "w") as out:
            out.write('{"format": 1, "generator": "scripts/gen_solver_fixtures.py --seed %d", '
                      '"kiwisolver": "%s", "systems": [\n' % (args.seed, kiwi.__version__))
            out.write(",\n".join(json.dumps(s, separators=(",", ":")) for s in chunk))
            out.write("\n]}\n")
    counts = {}
    for s in systems:
        counts[s["kind"]] = counts.get(s["kind"], 0) + 1
    fails = sum(1 for s in systems for st in s["steps"] if st.get("fails"))
    stale = sum(1 for s in systems if s.get("kiwiIncrementalDiffers"))
    print("wrote %d systems %s, %d failing adds, %d where kiwi's own incremental replay goes wrong "
          "after a failed add; rejected %s" % (len(systems), counts, fails, stale, rejected))


if __name__ == "__main__":
    main()
