extension Solver {
    /// Whether `variable` might take another value without making any constraint less
    /// satisfied: a quick, necessary test for an under-determined (ambiguous) variable.
    ///
    /// False means the variable is pinned: it is basic and every parametric symbol of its row
    /// either costs something on some objective level (moving it would worsen the solution) or
    /// is a required equality's marker (it cannot move). True means it is free or its row holds
    /// a cost-free symbol; whether that symbol can really move (it may be blocked by a
    /// degenerate row) takes an exact probe, e.g. an edit at the lowest strength.
    /// - Complexity: O(length of the variable's row × objective levels).
    public func mayVary(_ variable: Variable) -> Bool {
        core.mayVary(variable)
    }
}

extension Tableau {
    func mayVary(_ variable: Variable) -> Bool {
        guard let s = knownSymbol(for: variable) else { return true }
        let r = rowOf[Int(s)]
        guard r >= 0 else { return true }   // parametric: at an optimum it has no cost
        for p in rows[Int(r)].ids where kinds[Int(p)] != .dummy {
            if levels.allSatisfy({ Swift.abs($0.coefficient(p)) <= $0.tolerance }) { return true }
        }
        return false
    }
}
