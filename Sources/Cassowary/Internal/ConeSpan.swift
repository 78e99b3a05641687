/// The linear span of a small polyhedral cone `K = {y ∈ ℝⁿ : B·y ≥ 0}`, dense: which of its
/// inequalities are *implicit equalities* (zero at every point of K), and the span itself as
/// the solution space of those equalities.
///
/// The span of a cone is its affine hull, `{y : B₌·y = 0}` with `B₌` the implicit equalities
/// (a standard fact of polyhedral theory). Row i is not implicit exactly when some y ∈ K has
/// `Bᵢ·y > 0`; since K is a cone, the sum of such witnesses is one witness for all of them, so
/// a single linear program finds every non-implicit row at once:
///
///     maximize Σ tᵢ  subject to  B·y − t ≥ 0,  0 ≤ t ≤ 1,  y free,
///
/// whose optimum has tᵢ = 1 for every non-implicit row and tᵢ = 0 for the others. y = u − v
/// with u, v ≥ 0 puts it in the form `max c·x, M·x ≤ b, x ≥ 0` with b ≥ 0, so the origin is a
/// feasible start and no phase one is needed. Bland's rule keeps the (very degenerate)
/// pivots from cycling.
///
/// Used by ``Tableau/optimalFace()`` for the small components its sparse propagation leaves
/// (cones of a few rows; larger ones go to sparse tableaus).
struct ConeSpan {
    /// For each row of B, whether it is zero on the whole cone.
    let implicit: [Bool]

    /// - Parameters:
    ///   - b: B, `m × n`, row-major.
    init(_ b: [Double], rows m: Int, columns n: Int) {
        // Scaling a row of B does not change the cone: each row to a largest magnitude of 1.
        var b = b
        for i in 0..<m {
            var big = 0.0
            for j in 0..<n { big = Swift.max(big, Swift.abs(b[i * n + j])) }
            if big > 0 { for j in 0..<n { b[i * n + j] /= big } }
        }
        // Columns: u (n), v (n), t (m), slacks (2m), then the right-hand side.
        let vars = 2 * n + m, width = vars + 2 * m + 1, height = 2 * m
        var tab = [Double](repeating: 0, count: height * width)
        var basic = [Int](repeating: 0, count: height)
        for i in 0..<m {
            // −Bᵢ·u + Bᵢ·v + tᵢ ≤ 0
            for j in 0..<n {
                tab[i * width + j] = -b[i * n + j]
                tab[i * width + n + j] = b[i * n + j]
            }
            tab[i * width + 2 * n + i] = 1
            tab[i * width + vars + i] = 1
            basic[i] = vars + i
            // tᵢ ≤ 1
            let r = m + i
            tab[r * width + 2 * n + i] = 1
            tab[r * width + vars + r] = 1
            tab[r * width + width - 1] = 1
            basic[r] = vars + r
        }
        // Reduced costs of the maximization (positive: improves).
        var cost = [Double](repeating: 0, count: width - 1)
        for i in 0..<m { cost[2 * n + i] = 1 }
        let tol = 1e-9
        while true {
            guard let entering = cost.firstIndex(where: { $0 > tol }) else { break }
            var leaving = -1
            var best = Double.infinity
            for r in 0..<height {
                let a = tab[r * width + entering]
                guard a > tol else { continue }
                let ratio = tab[r * width + width - 1] / a
                if ratio < best - tol || (ratio <= best + tol && leaving >= 0 && basic[r] < basic[leaving]) {
                    best = Swift.min(best, ratio)
                    leaving = r
                }
            }
            // An unbounded ray cannot raise Σ t ≤ m; a column without a positive entry only
            // appears through rounding. Stop there: rows not shown slack stay implicit.
            guard leaving >= 0 else { break }
            let p = tab[leaving * width + entering]
            for j in 0..<width { tab[leaving * width + j] /= p }
            for r in 0..<height where r != leaving {
                let f = tab[r * width + entering]
                if f == 0 { continue }
                for j in 0..<width { tab[r * width + j] -= f * tab[leaving * width + j] }
                tab[r * width + entering] = 0
            }
            let f = cost[entering]
            for j in 0..<(width - 1) { cost[j] -= f * tab[leaving * width + j] }
            cost[entering] = 0
            basic[leaving] = entering
        }
        var t = [Double](repeating: 0, count: m)
        for r in 0..<height where basic[r] >= 2 * n && basic[r] < vars {
            t[basic[r] - 2 * n] = tab[r * width + width - 1]
        }
        implicit = t.map { $0 < 0.5 }
    }

    /// The solution space of `E·y = 0` (`k × n`, row-major) in reduced row echelon form: for
    /// each column, nil if it is a free coordinate of the space, else its value as a
    /// combination `Σ coefficient · y_f` of free columns f.
    static func solutions(_ e: [Double], rows k: Int, columns n: Int) -> [[(column: Int, coefficient: Double)]?] {
        var a = e
        var pivotColumn: [Int] = []
        var row = 0
        for col in 0..<n where row < k {
            // Partial pivoting: the largest entry of the column at or below `row`.
            var best = row
            for r in row..<k where Swift.abs(a[r * n + col]) > Swift.abs(a[best * n + col]) { best = r }
            guard Swift.abs(a[best * n + col]) > 1e-9 else { continue }
            if best != row { for j in 0..<n { a.swapAt(row * n + j, best * n + j) } }
            let p = a[row * n + col]
            for j in 0..<n { a[row * n + j] /= p }
            for r in 0..<k where r != row {
                let f = a[r * n + col]
                if f == 0 { continue }
                for j in 0..<n { a[r * n + j] -= f * a[row * n + j] }
                a[r * n + col] = 0
            }
            pivotColumn.append(col)
            row += 1
        }
        var out = [[(column: Int, coefficient: Double)]?](repeating: nil, count: n)
        let pivots = Set(pivotColumn)
        for (r, col) in pivotColumn.enumerated() {
            var expr: [(column: Int, coefficient: Double)] = []
            for j in 0..<n where !pivots.contains(j) && Swift.abs(a[r * n + j]) > 1e-12 {
                expr.append((j, -a[r * n + j]))
            }
            out[col] = expr
        }
        return out
    }
}
