import BenchTiming
import Cassowary

// setconstant (ours only; not in SYSTEMS.md, kiwi has no such call): a chain of N + 1
// positions, x0 = 0 and x_{i+1} = x_i + w_i with required widths `w_i == 10`, plus optional
// constraints that the moves make active and inactive. Times N setConstant+update steps that
// move one width each against one full build, and against remove+add of the same changes.
//
// usage: solver-bench --only setconstant [--quick]

/// The system and the width constraints to move.
private func widthChain(_ n: Int) -> (constraints: [Constraint], widths: [Constraint], xs: [Variable]) {
    let xs = (0...n).map { Variable("x\($0)") }
    let ws = (0..<n).map { Variable("w\($0)") }
    var cs: [Constraint] = [xs[0] == 0]
    var widths: [Constraint] = []
    for i in 0..<n {
        let width = ws[i] == 10
        widths.append(width)
        cs.append(width)
        cs.append(xs[i + 1] == xs[i] + ws[i])
        if i % 10 == 0 {
            // A mark inside the segment that prefers x_i + 5 but must stay within it: a
            // width below 5 makes its upper bound active.
            let m = Variable("m\(i)")
            cs.append(m >= xs[i])
            cs.append(m <= xs[i + 1])
            cs.append((m == xs[i] + 5).strength(.weak))
        }
        if i % 50 == 0 {
            // A soft cap that the widths' drift violates or satisfies.
            cs.append((xs[i] <= Double(10 * i + 20)).strength(.strong))
        }
    }
    return (cs, widths, xs)
}

/// The k-th move: width `index` becomes `width` (5…15, sometimes 2 to hit the marks' bounds).
private func move(_ k: Int, _ n: Int) -> (index: Int, width: Double) {
    let index = (k &* 37) % n
    let width = k % 7 == 0 ? 2.0 : 10 + Double((k &* 13) % 11 - 5)
    return (index, width)
}

func runSetConstant() throws(CassowaryError) {
    for n in quick ? [300] : [1_000] {
        // One full build (median of several), constraint objects made outside the clock.
        var builds: [Double] = []
        for _ in 0..<(quick ? 3 : 7) {
            let (cs, _, _) = widthChain(n)
            let start = clock.now
            let s = Solver()
            for c in cs { try s.add(c) }
            s.updateVariables()
            builds.append(seconds(clock.now - start))
        }

        // n setConstant + updateVariables steps.
        let (cs, widths, xs) = widthChain(n)
        let solver = Solver()
        for c in cs { try solver.add(c) }
        solver.updateVariables()
        let pivotsBefore = solver.statistics.pivots
        var start = clock.now
        for k in 0..<n {
            let (i, w) = move(k, n)
            try solver.setConstant(of: widths[i], to: -w)
            solver.updateVariables()
        }
        let setTotal = seconds(clock.now - start)
        let pivots = solver.statistics.pivots - pivotsBefore

        // The same moves by remove + add of a new constraint.
        let (cs2, widths2, _) = widthChain(n)
        var current = widths2
        let other = Solver()
        for c in cs2 { try other.add(c) }
        other.updateVariables()
        start = clock.now
        for k in 0..<n {
            let (i, w) = move(k, n)
            var e = current[i].expression
            e.constant = -w
            let moved = Constraint(e, .equal)
            try other.remove(current[i])
            try other.add(moved)
            current[i] = moved
            other.updateVariables()
        }
        let removeAddTotal = seconds(clock.now - start)

        // Check: the fast path and a fresh build of the moved system agree.
        let fresh = Solver()
        for c in cs { try fresh.add(c) }   // the moved constraint objects carry their new constants
        var worst = 0.0
        for x in xs { worst = Swift.max(worst, Swift.abs(solver.value(of: x) - fresh.value(of: x))) }
        try solver._checkInvariants()

        emit([
            ("impl", "blueprint"), ("system", "setconstant"), ("size", n), ("label", "chain \(n)"),
            ("constraints", cs.count), ("build_ms", median(builds) * 1e3), ("build_runs", builds.count),
            ("setconstant_steps", n), ("setconstant_total_ms", setTotal * 1e3), ("setconstant_us", setTotal / Double(n) * 1e6),
            ("setconstant_pivots", pivots), ("remove_add_total_ms", removeAddTotal * 1e3),
            ("check", worst <= 1e-6 ? "ok" : "values differ from a fresh build by \(worst)"),
        ])
    }
}
