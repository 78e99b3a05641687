extension Solver {
    /// Whether `variable` can take another value without making any constraint less satisfied,
    /// by moving one parameter of the solution: the test layout engines use for ambiguity.
    ///
    /// True is certain: some parametric symbol that costs nothing on every objective level can
    /// move (one way or, for an unrestricted one, either way) without a degenerate row blocking
    /// it, and the variable moves with it. False means no single parameter can move it; a
    /// variable that only two parameters moved together could shift (each alone blocked by a
    /// degenerate row) also answers false.
    /// - Complexity: O(length of the variable's row × (objective levels + rows holding each
    ///   cost-free symbol)).
    public func mayVary(_ variable: Variable) -> Bool {
        core.mayVary(variable)
    }

    /// ``mayVary(_:)`` for the difference `variable − origin` (a position relative to its
    /// superview's), without adding anything to the solver.
    /// - Complexity: O(both rows' lengths × (objective levels + rows holding each symbol)).
    public func mayVary(_ variable: Variable, relativeTo origin: Variable) -> Bool {
        core.mayVary(variable, relativeTo: origin)
    }
}

extension Tableau {
    func mayVary(_ variable: Variable) -> Bool {
        guard let s = knownSymbol(for: variable) else { return true }   // in no constraint
        let r = rowOf[Int(s)]
        guard r >= 0 else { return canMove(s, direction: 1) || canMove(s, direction: -1) }
        for p in rows[Int(r)].ids where kinds[Int(p)] != .dummy {
            guard levels.allSatisfy({ Swift.abs($0.coefficient(p)) <= $0.tolerance }) else { continue }
            if canMove(p, direction: 1) { return true }
            if kinds[Int(p)] == .external && canMove(p, direction: -1) { return true }
        }
        return false
    }

    func mayVary(_ variable: Variable, relativeTo origin: Variable) -> Bool {
        guard let v = knownSymbol(for: variable) else { return true }
        guard let o = knownSymbol(for: origin) else { return mayVary(variable) }
        // The difference as symbol → coefficient, each side its row or itself if parametric.
        var net: [Symbol: Double] = [:]
        for (symbol, sign) in [(v, 1.0), (o, -1.0)] {
            let r = rowOf[Int(symbol)]
            if r < 0 {
                net[symbol, default: 0] += sign
            } else {
                let row = rows[Int(r)]
                for k in row.ids.indices { net[row.ids[k], default: 0] += sign * row.coeffs[k] }
            }
        }
        for p in net.keys.sorted() where !nearZero(net[p]!) && kinds[Int(p)] != .dummy {
            guard levels.allSatisfy({ Swift.abs($0.coefficient(p)) <= $0.tolerance }) else { continue }
            if canMove(p, direction: 1) { return true }
            if kinds[Int(p)] == .external && canMove(p, direction: -1) { return true }
        }
        return false
    }

    /// Whether parametric `s` can move in `direction` at all: no restricted row at zero that
    /// it would push negative, and no redundant equality (basic dummy) that it would move.
    private func canMove(_ s: Symbol, direction: Double) -> Bool {
        let holders = rowsContaining(s)
        defer { recycle(holders) }
        for r in holders {
            let b = basicOf[Int(r)]
            let kind = kinds[Int(b)]
            if kind == .external { continue }
            let a = rows[Int(r)].coefficient(s) * direction
            if a == 0 { continue }
            if kind == .dummy { return false }
            if a < 0 && nearZero(rows[Int(r)].constant) { return false }
        }
        return true
    }
}

extension Solver {
    /// ``mayVary(_:)`` for many offsets at once: for each pair, whether `variable − origin`
    /// (or `variable` alone when `origin` is nil) can move, with the same single-parameter test.
    /// Which parameters degenerate rows block is worked out once for the whole batch, so the
    /// cost is O(tableau cells) plus O(row) per query, and the tableau is not changed.
    public func mayVary(_ queries: [(variable: Variable, origin: Variable?)]) -> [Bool] {
        core.mayVary(queries)
    }
}

extension Tableau {
    func mayVary(_ queries: [(variable: Variable, origin: Variable?)]) -> [Bool] {
        // What ``canMove(_:direction:)`` finds one column at a time, for every symbol at once.
        let n = kinds.count
        var blockedUp = [Bool](repeating: false, count: n), blockedDown = blockedUp
        for (ri, b) in basicOf.enumerated() where b >= 0 && kinds[Int(b)] != .external {
            let row = rows[ri]
            if kinds[Int(b)] == .dummy {
                for q in row.ids { blockedUp[Int(q)] = true; blockedDown[Int(q)] = true }
            } else if nearZero(row.constant) {
                for (k, q) in row.ids.enumerated() {
                    if row.coeffs[k] < 0 { blockedUp[Int(q)] = true } else if row.coeffs[k] > 0 { blockedDown[Int(q)] = true }
                }
            }
        }
        func movable(_ p: Symbol) -> Bool {
            guard kinds[Int(p)] != .dummy,
                  levels.allSatisfy({ Swift.abs($0.coefficient(p)) <= $0.tolerance }) else { return false }
            return !blockedUp[Int(p)] || (kinds[Int(p)] == .external && !blockedDown[Int(p)])
        }
        /// The variable as a row of parametric symbols (itself, if it is parametric).
        func row(_ v: Variable) -> Row? {
            guard let s = knownSymbol(for: v) else { return nil }
            let r = rowOf[Int(s)]
            if r >= 0 { return rows[Int(r)] }
            var one = Row()
            one.insert(s, 1)
            return one
        }
        return queries.map { q in
            guard let a = row(q.variable) else { return true }   // in no constraint
            guard let origin = q.origin else { return a.ids.contains(where: movable) }
            guard let b = row(origin) else { return true }
            // The symbols of a − b: those whose coefficients do not cancel.
            var i = 0, j = 0
            while i < a.ids.count || j < b.ids.count {
                let x = i < a.ids.count ? a.ids[i] : .max, y = j < b.ids.count ? b.ids[j] : .max
                if x < y { if movable(x) { return true }; i += 1 }
                else if y < x { if movable(y) { return true }; j += 1 }
                else {
                    if !nearZero(a.coeffs[i] - b.coeffs[j]) && movable(x) { return true }
                    i += 1; j += 1
                }
            }
            return false
        }
    }
}
