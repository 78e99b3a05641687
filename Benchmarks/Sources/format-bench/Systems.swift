/// The siblings and grid systems of Benchmarks/SYSTEMS.md, written as `.layout` files.
///
/// Strengths: kiwi's `medium` (1,000) and `strong` (1,000,000) become the Auto Layout
/// priorities 250 (`defaultLow`) and 750 (`defaultHigh`); `required` stays required. Blueprint's
/// priorities are hierarchical (no number of 250s outweighs one 750), kiwi's weights are not
/// quite (a thousand mediums equal one strong), but neither system relies on the difference:
/// they solve to the same frames.
///
/// The container (CW, CH) is the root view, which the engine pins at (0, 0); a position
/// against a bare number is relative to the superview, so `v.left == 8` is `L == 8`.
enum Systems {
    static let medium = 250
    static let strong = 750

    /// siblings: for each view `L == 8; T == 28i + 8; W == CW - 16; H >= 10` (required),
    /// `H == 20` (medium); then `CW == 800` (medium). 5N + 1 constraints.
    static func siblings(_ n: Int) -> String {
        var s = "# siblings, N = \(n) (Benchmarks/SYSTEMS.md)\n"
        s.reserveCapacity(n * 150)
        for i in 0..<n { s += "view v\(i)\n" }
        for i in 0..<n {
            s += "v\(i).left == superview.left + 8\n"
            s += "v\(i).top == superview.top + \(28 * i + 8)\n"
            s += "v\(i).width == superview.width - 16\n"
            s += "v\(i).height >= 10\n"
            s += "v\(i).height == 20 ~ \(medium)\n"
        }
        s += "root.width == 800 ~ \(medium)\n"
        return s
    }

    /// grid R × C, row-major: `W >= 10; H >= 10`; `L == 8` in the first column, else
    /// `L == right of the left neighbour + 8`; `T == 8` in the first row, else
    /// `T == bottom of the one above + 8` (required); `W == W of the left neighbour`,
    /// `H == H of the one above` (strong); per row `right + 8 == CW`, per column
    /// `bottom + 8 == CH` (required); `CW == 28C + 8; CH == 28R + 8` (medium).
    static func grid(rows: Int, columns: Int) -> String {
        var s = "# grid, \(rows) x \(columns) (Benchmarks/SYSTEMS.md)\n"
        s.reserveCapacity(rows * columns * 200)
        func name(_ r: Int, _ c: Int) -> String { "g\(r)_\(c)" }
        for r in 0..<rows { for c in 0..<columns { s += "view \(name(r, c))\n" } }
        for r in 0..<rows {
            for c in 0..<columns {
                let v = name(r, c)
                s += "\(v).width >= 10\n"
                s += "\(v).height >= 10\n"
                s += c == 0 ? "\(v).left == superview.left + 8\n" : "\(v).left == \(name(r, c - 1)).right + 8\n"
                s += r == 0 ? "\(v).top == superview.top + 8\n" : "\(v).top == \(name(r - 1, c)).bottom + 8\n"
                if c > 0 { s += "\(v).width == \(name(r, c - 1)).width ~ \(strong)\n" }
                if r > 0 { s += "\(v).height == \(name(r - 1, c)).height ~ \(strong)\n" }
            }
        }
        for r in 0..<rows { s += "\(name(r, columns - 1)).right == superview.right - 8\n" }
        for c in 0..<columns { s += "\(name(rows - 1, c)).bottom == superview.bottom - 8\n" }
        s += "root.width == \(28 * columns + 8) ~ \(medium)\n"
        s += "root.height == \(28 * rows + 8) ~ \(medium)\n"
        return s
    }
}
