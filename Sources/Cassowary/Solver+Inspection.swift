extension Solver {
    /// Whether `variable` can take another value without making any constraint less satisfied
    /// on any strength level: whether the optimal solutions do not all agree on it. The test
    /// layout engines use for ambiguity.
    ///
    /// Exact: the span of the optimal solutions around the current one is worked out (see
    /// the batch `mayVary(_:)`), so a variable that only several parameters
    /// moved together can shift answers true, and one that the optimum merely touches from
    /// several sides (a degenerate optimum) answers false. A variable in no constraint answers
    /// true. For many variables, ask in one batch: the span is found once.
    /// - Complexity: O(tableau cells) (the analysis of the optimum), plus the row's length.
    public func mayVary(_ variable: Variable) -> Bool {
        mayVary([(variable, nil)])[0]
    }

    /// ``mayVary(_:)`` for the difference `variable − origin` (a position relative to its
    /// superview's), without adding anything to the solver.
    /// - Complexity: O(tableau cells), plus both rows' lengths.
    public func mayVary(_ variable: Variable, relativeTo origin: Variable) -> Bool {
        mayVary([(variable, origin)])[0]
    }

    /// ``mayVary(_:)`` for many offsets at once: for each pair, whether `variable − origin`
    /// (or `variable` alone when `origin` is nil) takes more than one value over the optimal
    /// solutions.
    ///
    /// The optimal solutions are the points where every parameter with a cost on some level
    /// stays at 0 and the cost-free ones move within the cone that keeps the degenerate rows
    /// (restricted basic symbols at 0) and the restricted parameters non-negative. A quantity
    /// varies exactly when it is not constant on that cone's span; the span is found once per
    /// batch, by sparse propagation and, for the few rows that only a combination of
    /// parameters can keep at 0, a small dense linear program per component. The tableau is not
    /// changed. Coefficients that cancel to within ``epsilon`` count as zero.
    /// - Complexity: O(tableau cells + symbols × levels) once, plus the rows' lengths per query.
    public func mayVary(_ queries: [(variable: Variable, origin: Variable?)]) -> [Bool] {
        let face = core.optimalFace()
        return queries.map { q in
            guard let a = core.knownSymbol(for: q.variable) else { return true }   // in no constraint
            guard let origin = q.origin else { return core.mayVary(a, minus: nil, face: face) }
            guard let o = core.knownSymbol(for: origin) else { return true }
            return core.mayVary(a, minus: o, face: face)
        }
    }

    /// ``mayVary(_:)`` for quantities the solver does not hold itself (a value defined outside
    /// it as a linear combination of its variables): each variable's motion along one fixed
    /// direction of the optimal solutions' span (each free coordinate of the span, as
    /// the batch `mayVary(_:)` finds it, weighted by a deterministic
    /// pseudo-random number in [1, 2)), with `scale` the same sum over the coefficients'
    /// magnitudes.
    ///
    /// A linear combination `Σ cᵢ·xᵢ` can move exactly when its motion has a nonzero
    /// coefficient on some free coordinate; then `Σ cᵢ·valueᵢ` is nonzero except on a set of
    /// weights of measure zero, so `|Σ cᵢ·valueᵢ| > 1e-9 · Σ |cᵢ|·scaleᵢ` answers it
    /// (cancellation leaves rounding noise far below that). A variable in no constraint is
    /// free: value and scale 1.
    /// - Complexity: O(tableau cells) once, plus O(row length) per variable.
    public func freeMotion(of variables: [Variable]) -> [(value: Double, scale: Double)] {
        let face = core.optimalFace()
        return variables.map { v in core.knownSymbol(for: v).map { core.freeMotion(of: $0, face: face) } ?? (1, 1) }
    }
}

extension Tableau {
    /// A fixed pseudo-random weight in [1, 2) for a symbol (SplitMix64 of its id).
    static func weight(_ p: Symbol) -> Double {
        var z = UInt64(UInt32(bitPattern: p)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return 1 + Double(z >> 11) / Double(1 << 53)
    }
}
