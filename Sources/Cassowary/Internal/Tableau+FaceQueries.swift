/// Questions about one variable (or a difference of two) against an ``OptimalFace``: whether
/// it moves, and its motion along a fixed direction of the face.
extension Tableau {
    /// Adds `c ×` the symbol `s`'s motion (as a combination of free symbols) to `out`.
    func accumulateMotion(of s: Symbol, times c: Double, into out: inout Row, face: OptimalFace) {
        forEachCell(of: s) { p, a in
            let role = face.role[Int(p)]
            if role == OptimalFace.free {
                out.insert(p, c * a)
            } else if role >= 0 {
                let e = face.expressions[Int(role)]
                for (k, f) in e.ids.enumerated() { out.insert(f, c * a * e.coeffs[k]) }
            }
        }
    }

    /// Calls `body` with each parametric symbol of `s`'s value and its coefficient (`s` itself
    /// with 1 when it is parametric), without copying the row.
    @inline(__always)
    func forEachCell(of s: Symbol, _ body: (Symbol, Double) -> Void) {
        let r = rowOf[Int(s)]
        if r < 0 {
            body(s, 1)
            return
        }
        rows[Int(r)].ids.withUnsafeBufferPointer { ids in
            rows[Int(r)].coeffs.withUnsafeBufferPointer { coeffs in
                for k in 0..<ids.count { body(ids[k], coeffs[k]) }
            }
        }
    }

    /// Whether `a − b` (or `a` alone) takes more than one value over the optimal solutions.
    /// - Complexity: O(both rows' lengths) when no eliminated symbol is involved (the usual
    ///   case: no allocation), else O(rows × expression lengths).
    func mayVary(_ a: Symbol, minus b: Symbol?, face: OptimalFace) -> Bool {
        var eliminated = false
        forEachCell(of: a) { p, _ in if face.role[Int(p)] >= 0 { eliminated = true } }
        if let b { forEachCell(of: b) { p, _ in if face.role[Int(p)] >= 0 { eliminated = true } } }
        if eliminated {
            var motion = Row()
            accumulateMotion(of: a, times: 1, into: &motion, face: face)
            if let b { accumulateMotion(of: b, times: -1, into: &motion, face: face) }
            return !motion.isEmpty
        }
        // Free symbols of a − b whose coefficients do not cancel (rows are sorted by id).
        guard let b else {
            var moves = false
            forEachCell(of: a) { p, _ in if face.role[Int(p)] == OptimalFace.free { moves = true } }
            return moves
        }
        let ra = rowOf[Int(a)], rb = rowOf[Int(b)]
        if ra < 0 || rb < 0 {
            // One side is a single parameter: compare through a small accumulation.
            var motion = Row()
            accumulateMotion(of: a, times: 1, into: &motion, face: face)
            accumulateMotion(of: b, times: -1, into: &motion, face: face)
            return !motion.isEmpty
        }
        let x = rows[Int(ra)], y = rows[Int(rb)]
        var i = 0, j = 0
        while i < x.ids.count || j < y.ids.count {
            let p = i < x.ids.count ? x.ids[i] : .max, q = j < y.ids.count ? y.ids[j] : .max
            if p < q {
                if face.role[Int(p)] == OptimalFace.free { return true }
                i += 1
            } else if q < p {
                if face.role[Int(q)] == OptimalFace.free { return true }
                j += 1
            } else {
                if face.role[Int(p)] == OptimalFace.free && !nearZero(x.coeffs[i] - y.coeffs[j]) { return true }
                i += 1
                j += 1
            }
        }
        return false
    }

    /// `s`'s motion along the weighted free symbols (see ``Solver/freeMotion(of:)``).
    func freeMotion(of s: Symbol, face: OptimalFace) -> (value: Double, scale: Double) {
        var value = 0.0, scale = 0.0
        forEachCell(of: s) { p, a in
            let role = face.role[Int(p)]
            if role == OptimalFace.free {
                let w = Tableau.weight(p)
                value += a * w
                scale += Swift.abs(a) * w
            } else if role >= 0 {
                let e = face.expressions[Int(role)]
                for (k, f) in e.ids.enumerated() {
                    let w = Tableau.weight(f)
                    value += a * e.coeffs[k] * w
                    scale += Swift.abs(a * e.coeffs[k]) * w
                }
            }
        }
        return (value, scale)
    }
}
