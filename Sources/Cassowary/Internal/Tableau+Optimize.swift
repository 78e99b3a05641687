extension Tableau {
    /// Primal simplex on the hierarchical objective: pivots until no parametric symbol can
    /// improve it lexicographically (highest level first).
    func optimize() throws(CassowaryError) {
        while let (entering, direction) = selectEntering() {
            guard let leaving = leavingRow(for: entering, direction: direction) else {
                let costs = levels.map { "\($0.level): \($0.coefficient(entering))" }.joined(separator: ", ")
                let holders = rowsContaining(entering).map { symbolName(basicOf[Int($0)]) + " " + String(rows[Int($0)].coefficient(entering)) }
                throw .internalError("the objective is unbounded (entering \(symbolName(entering)), costs \(costs), in rows \(holders))")
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// The lowest-id symbol whose lexicographic reduced cost is negative, and the direction
    /// it moves (+1, or -1 for an unrestricted symbol with a positive cost).
    func selectEntering() -> (Symbol, Double)? {
        for li in levels.indices {
            while let s = levels[li].heap.min {
                let i = Int(s)
                let c = levels[li].coeffs[i]
                let isExternal = kinds[i] == .external
                var eligible = rowOf[i] < 0 && kinds[i] != .dummy && !dead[i]
                    && (c < 0 || (isExternal && c > 0))
                if eligible {
                    for hi in 0..<li where levels[hi].coefficient(s) != 0 {
                        eligible = false
                        break
                    }
                }
                if eligible { return (s, c < 0 ? 1 : -1) }
                levels[li].heap.popMin()
                levels[li].inHeap[i] = false
            }
        }
        return nil
    }

    /// Ratio test: the restricted basic symbol that first reaches zero as `entering` moves in
    /// `direction`; ties go to the lowest id.
    func leavingRow(for entering: Symbol, direction: Double) -> Symbol? {
        var best: Symbol = -1
        var bestRatio = Double.infinity
        let holders = rowsContaining(entering)
        defer { recycle(holders) }
        for r in holders {
            let b = basicOf[Int(r)]
            if kinds[Int(b)] == .external { continue }
            let a = rows[Int(r)].coefficient(entering) * direction
            guard a < 0 else { continue }
            let ratio = rows[Int(r)].constant / -a
            if ratio < bestRatio || (ratio == bestRatio && b < best) {
                bestRatio = ratio
                best = b
            }
        }
        return best >= 0 ? best : nil
    }

    /// Primal simplex on the phase-one objective (`artificial`), a single sparse row.
    func optimizeArtificial() throws(CassowaryError) {
        while true {
            guard let art = artificial else { return }
            var entering: Symbol = -1
            var direction = 1.0
            for k in art.ids.indices {
                let s = art.ids[k], c = art.coeffs[k]
                let kd = kinds[Int(s)]
                if kd == .dummy || isBasic(s) { continue }
                if c < 0 { entering = s; direction = 1; break }
                if c > 0 && kd == .external { entering = s; direction = -1; break }
            }
            if entering < 0 { return }
            guard let leaving = leavingRow(for: entering, direction: direction) else {
                throw .internalError("the phase-one objective is unbounded")
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Dual simplex: restores feasibility after constants changed (edits), keeping optimality.
    func dualOptimize() throws(CassowaryError) {
        while let leaving = infeasible.popLast() {
            let r = rowOf[Int(leaving)]
            guard r >= 0, !(rows[Int(r)].constant >= 0) else { continue }
            if nearZero(rows[Int(r)].constant) { continue }
            guard let entering = dualEntering(row: rows[Int(r)]) else {
                throw .internalError("dual optimize found no entering symbol for \(symbolName(leaving))")
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// The symbol of `row` with the smallest lexicographic ratio objective/coefficient among
    /// those that raise the row when increased; ties go to the lowest id.
    func dualEntering(row: Row) -> Symbol? {
        var best: Symbol = -1
        var bestRatios: [Double] = []
        var ratios = [Double](repeating: 0, count: levels.count)
        for k in row.ids.indices {
            let s = row.ids[k], a = row.coeffs[k]
            let kd = kinds[Int(s)]
            if kd == .dummy { continue }
            if kd != .external && !(a > 0) { continue }
            let mag = kd == .external ? Swift.abs(a) : a
            for li in levels.indices {
                let o = levels[li].coefficient(s)
                ratios[li] = (kd == .external ? Swift.abs(o) : o) / mag
            }
            if best < 0 || lexicographicallyLess(ratios, bestRatios) {
                best = s
                bestRatios = ratios
            }
        }
        return best >= 0 ? best : nil
    }

    /// Compares ratio vectors level by level; values within rounding noise of each other are
    /// equal, so the decision falls to the next level instead of to noise (two candidates
    /// whose level-100 ratios are 1/3 and 1/3 − 1e-16 tie there).
    private func lexicographicallyLess(_ a: [Double], _ b: [Double]) -> Bool {
        for i in a.indices {
            let x = a[i], y = b[i]
            let tol = 1e-9 * Swift.max(1, Swift.abs(x), Swift.abs(y))
            if x < y - tol { return true }
            if x > y + tol { return false }
        }
        return false
    }
}
