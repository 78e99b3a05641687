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
