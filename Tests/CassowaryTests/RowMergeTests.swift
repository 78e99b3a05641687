import Testing
@testable @_spi(Benchmarks) import Cassowary

/// A chain of equal widths holds rows of 3N + 1 cells at the optimum (every width over every
/// error term and position marker), so its build and its edits merge short rows into long ones
/// (added cell by cell in place) as well as long rows into each other (through the merge
/// buffer, which grows past its initial 64 cells). Both must give the exact solution and keep
/// the column index in agreement with the rows.
@Suite("Row merges: long rows, short sources, a growing merge buffer")
struct RowMergeTests {
    let n = 40

    /// The chain of Benchmarks/SYSTEMS.md: `L_i == L_{i-1} + W_{i-1} + 8`, `W_i == W_{i-1}`
    /// (strong), the last view's right edge at `CW`, `CW == 28n + 8` (medium).
    func chain() throws -> (Solver, cw: Variable, ls: [Variable], ws: [Variable]) {
        let solver = Solver()
        let cw = Variable("CW")
        var ls: [Variable] = [], ws: [Variable] = []
        for i in 0..<n {
            let l = Variable("L\(i)"), w = Variable("W\(i)"), h = Variable("H\(i)"), t = Variable("T\(i)")
            try solver.add(w >= 10)
            try solver.add(h >= 10)
            try solver.add(t == 0)
            if i == 0 {
                try solver.add(l == 8)
            } else {
                try solver.add(l == ls[i - 1] + ws[i - 1] + 8)
                try solver.add((w == ws[i - 1]).strength(.strong))
            }
            ls.append(l)
            ws.append(w)
        }
        try solver.add(ls[n - 1] + ws[n - 1] + 8 == cw)
        try solver.add((cw == Double(28 * n + 8)).strength(.medium))
        return (solver, cw, ls, ws)
    }

    /// Every width `(CW − 8n − 8) / n`, every left edge after the widths and gaps before it.
    func expectEqualWidths(_ ws: [Variable], _ ls: [Variable], cw: Double) {
        let width = (cw - 8 * Double(n) - 8) / Double(n)
        for i in 0..<n {
            #expect(Swift.abs(ws[i].value - width) <= 1e-9 * cw, "W\(i) = \(ws[i].value), expected \(width)")
            let left = 8 + Double(i) * (width + 8)
            #expect(Swift.abs(ls[i].value - left) <= 1e-9 * cw, "L\(i) = \(ls[i].value), expected \(left)")
        }
    }

    @Test func buildHoldsTheKnownFillAndTheExactSolution() throws {
        let (solver, _, ls, ws) = try chain()
        solver.updateVariables()
        expectEqualWidths(ws, ls, cw: Double(28 * n + 8))
        // Each width and each height is defined by its bound (`>= 10`, a required inequality
        // over a new variable: its slack, not a row): n rows of 3n + 1 cells and CW's row of
        // two, 3n² + n + 2 (6n² + 3n + 2 in 3n + 1 rows while the bounds were rows).
        let fill = solver.heldFill
        #expect(fill.cells == 3 * n * n + n + 2)
        #expect(fill.rows == n + 1)
        try solver._checkInvariants()
    }

    @Test func editsAcrossTheLongRowsStayExact() throws {
        let (solver, cw, ls, ws) = try chain()
        try solver.addEditVariable(cw, strength: .strong)
        for k in 0..<40 {
            let value = Double(28 * n + 8) + Double((k * 37) % 200 - 100) * Double(n) / 100 * 0.2
            try solver.suggestValue(cw, value)
            solver.updateVariables()
            #expect(cw.value == value)
            expectEqualWidths(ws, ls, cw: value)
            try solver._checkInvariants()
        }
    }
}
