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
        core.mayVary(variable, relativeTo: nil, blocked: core.blockedByColumnWalk)
    }

    /// ``mayVary(_:)`` for the difference `variable − origin` (a position relative to its
    /// superview's), without adding anything to the solver.
    /// - Complexity: O(both rows' lengths × (objective levels + rows holding each symbol)).
    public func mayVary(_ variable: Variable, relativeTo origin: Variable) -> Bool {
        core.mayVary(variable, relativeTo: origin, blocked: core.blockedByColumnWalk)
    }

    /// ``mayVary(_:)`` for many offsets at once: for each pair, whether `variable − origin`
    /// (or `variable` alone when `origin` is nil) can move. Which parameters degenerate rows
    /// block is worked out once for the whole batch, in one pass over the rows.
    /// - Complexity: O(tableau cells) plus O(row × objective levels) per query; the tableau is
    ///   not changed.
    public func mayVary(_ queries: [(variable: Variable, origin: Variable?)]) -> [Bool] {
        let blocked = core.blockedByRowPass()
        return queries.map { core.mayVary($0.variable, relativeTo: $0.origin, blocked: blocked) }
    }

    /// ``mayVary(_:)`` for quantities the solver does not hold itself (a value defined outside
    /// it as a linear combination of its variables): each variable's motion along one fixed
    /// combination of every movable parameter (cost-free on every level and unblocked, as
    /// ``mayVary(_:)`` decides), each weighted by a deterministic pseudo-random number in
    /// [1, 2), with `scale` the same sum over the coefficients' magnitudes.
    ///
    /// A linear combination `Σ cᵢ·xᵢ` can move exactly when some movable parameter has a
    /// nonzero coefficient in it; then `Σ cᵢ·valueᵢ` is nonzero except on a set of weights of
    /// measure zero, so `|Σ cᵢ·valueᵢ| > 1e-9 · Σ |cᵢ|·scaleᵢ` answers it (cancellation leaves
    /// rounding noise far below that). A variable in no constraint is free: value and scale 1.
    /// - Complexity: O(tableau cells) once, plus O(row length) per variable.
    public func freeMotion(of variables: [Variable]) -> [(value: Double, scale: Double)] {
        let blocked = core.blockedByRowPass()
        return variables.map { core.freeMotion(of: $0, blocked: blocked) }
    }
}

extension Tableau {
    /// One variable's motion along the weighted free parameters (see ``Solver/freeMotion(of:)``).
    func freeMotion(of variable: Variable, blocked: Blocked) -> (value: Double, scale: Double) {
        guard let s = knownSymbol(for: variable) else { return (1, 1) }
        let r = rowOf[Int(s)]
        if r < 0 {
            let w = movable(s, blocked: blocked) ? Tableau.weight(s) : 0
            return (w, w)
        }
        let row = rows[Int(r)]
        var value = 0.0, scale = 0.0
        for (k, p) in row.ids.enumerated() where movable(p, blocked: blocked) {
            let w = Tableau.weight(p)
            value += row.coeffs[k] * w
            scale += Swift.abs(row.coeffs[k]) * w
        }
        return (value, scale)
    }

    /// A parameter that costs nothing on any level and can move (one way, or for an external
    /// one either way) without a degenerate row blocking it.
    func movable(_ p: Symbol, blocked: Blocked) -> Bool {
        guard kinds[Int(p)] != .dummy,
            levels.allSatisfy({ Swift.abs($0.coefficient(p)) <= $0.tolerance })
        else { return false }
        return !blocked(p, 1) || (kinds[Int(p)] == .external && !blocked(p, -1))
    }

    /// A fixed pseudo-random weight in [1, 2) for a symbol (SplitMix64 of its id).
    static func weight(_ p: Symbol) -> Double {
        var z = UInt64(UInt32(bitPattern: p)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return 1 + Double(z >> 11) / Double(1 << 53)
    }
}

extension Tableau {
    /// Whether parametric `s` cannot move in `direction` (+1 or −1).
    typealias Blocked = (_ s: Symbol, _ direction: Double) -> Bool

    /// Whether some cost-free, unblocked parameter moves `variable − origin`.
    func mayVary(_ variable: Variable, relativeTo origin: Variable?, blocked: Blocked) -> Bool {
        guard let a = rowOrSelf(variable) else { return true }   // in no constraint
        var b = Row()
        if let origin {
            guard let o = rowOrSelf(origin) else { return true }
            b = o
        }
        func movable(_ p: Symbol) -> Bool { self.movable(p, blocked: blocked) }
        // The symbols of a − b whose coefficients do not cancel (both rows are sorted by id).
        var i = 0, j = 0
        while i < a.ids.count || j < b.ids.count {
            let x = i < a.ids.count ? a.ids[i] : .max, y = j < b.ids.count ? b.ids[j] : .max
            if x < y {
                if movable(x) { return true }
                i += 1
            } else if y < x {
                if movable(y) { return true }
                j += 1
            } else {
                if !nearZero(a.coeffs[i] - b.coeffs[j]) && movable(x) { return true }
                i += 1
                j += 1
            }
        }
        return false
    }

    /// The variable as a row of parametric symbols (itself, if it is parametric); nil if no
    /// constraint mentions it.
    private func rowOrSelf(_ v: Variable) -> Row? {
        guard let s = knownSymbol(for: v) else { return nil }
        let r = rowOf[Int(s)]
        if r >= 0 { return rows[Int(r)] }
        var one = Row()
        one.insert(s, 1)
        return one
    }

    /// A parameter is blocked in a direction by a restricted row at zero that it would push
    /// negative, or by a redundant equality (basic dummy) that it would move at all. For one
    /// query: walk the parameter's column.
    var blockedByColumnWalk: Blocked {
        { s, direction in
            let holders = self.rowsContaining(s)
            defer { self.recycle(holders) }
            for r in holders {
                let kind = self.kinds[Int(self.basicOf[Int(r)])]
                if kind == .external { continue }
                let a = self.rows[Int(r)].coefficient(s) * direction
                if a == 0 { continue }
                if kind == .dummy || (a < 0 && nearZero(self.rows[Int(r)].constant)) { return true }
            }
            return false
        }
    }

    /// The same blocking, for every parameter at once: one pass over the rows.
    func blockedByRowPass() -> Blocked {
        var up = [Bool](repeating: false, count: kinds.count), down = up
        for (ri, b) in basicOf.enumerated() where b >= 0 && kinds[Int(b)] != .external {
            let row = rows[ri]
            if kinds[Int(b)] == .dummy {
                for q in row.ids {
                    up[Int(q)] = true
                    down[Int(q)] = true
                }
            } else if nearZero(row.constant) {
                for (k, q) in row.ids.enumerated() {
                    if row.coeffs[k] < 0 { up[Int(q)] = true } else if row.coeffs[k] > 0 { down[Int(q)] = true }
                }
            }
        }
        return { s, direction in direction > 0 ? up[Int(s)] : down[Int(s)] }
    }
}
