import Blueprint

/// The words of the diagram's labels: relation symbols, exact fractions and ratios, and the
/// one sign rule for inequalities.
///
/// **The sign rule.** A spacing label states the gap as it is drawn, measured from the nearer
/// coordinate to the farther one (left to right, top to bottom), so a gap is never negative on
/// paper: `a.trailing <= b.leading - 8` with `a` left of `b` reads `≥ 8` (the gap is at least
/// 8), and so does `b.leading >= a.trailing + 8`; `a.trailing <= b.trailingMargin` with `a`
/// inside `b` reads `≥ 0`, and `a.trailing <= b.trailing - 8` reads `≥ 8`. When both
/// coordinates coincide, the gap is measured inwards, from the outer item's edge towards the
/// inner one's, whichever item the constraint names first (`a.bottom <= box.bottom` and
/// `box.bottom >= a.bottom` both read `≥ 0`); between items neither of which contains the
/// other, from a trailing, right or bottom edge of the first item towards the second item's,
/// from any other attribute the other way.
///
/// In a right-to-left layout a constraint on leading or trailing is read in mirrored
/// coordinates (x grows leftwards, docs/Semantics.md), so `b.leading == a.trailing + 8` puts `b`
/// 8 to the *left* of `a`. The rule still states the gap as drawn: that line reads `8`, and
/// `b.leading >= a.trailing + 8` reads `≥ 8`, never `−8` or `≤ −8`.
///
/// An optional inequality the layout leaves unmet (its items overlap where it asks for a
/// gap) is read as if the coordinates coincided, so its label says what it asks for
/// (`≥ 8 @500`), not what was drawn.
enum ConstraintText {
    static func symbol(_ r: LayoutRelation) -> String {
        switch r {
        case .equal: "="
        case .lessThanOrEqual: "≤"
        case .greaterThanOrEqual: "≥"
        }
    }

    static func flip(_ r: LayoutRelation) -> LayoutRelation {
        switch r {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }

    /// `p/q` for a multiplier that is exactly a fraction with a denominator up to 16 (`1/3`,
    /// `4/3`, `2`), else the number as ``formatNumber(_:)`` prints it.
    static func fraction(_ m: Double) -> String {
        if let (p, q) = exactFraction(m) { return q == 1 ? String(p) : "\(p)/\(q)" }
        return formatNumber(m)
    }

    /// The smallest `q` in 1...16 with `m × q` a whole number (to 1e-9), and that number.
    static func exactFraction(_ m: Double) -> (Int, Int)? {
        guard m.isFinite, m > 0 else { return nil }
        for q in 1...16 {
            let p = m * Double(q)
            if abs(p - p.rounded()) < 1e-9 * max(1, p), p.rounded() >= 1, p < 1e6 { return (Int(p.rounded()), q) }
        }
        return nil
    }

    /// Whether an attribute is the far side of its item along its axis in the picture
    /// (right, bottom; trailing in a left-to-right layout, leading in a right-to-left one).
    static func isFarSide(_ a: LayoutAttribute, rightToLeft: Bool) -> Bool {
        switch a {
        case .right, .rightMargin, .bottom, .bottomMargin, .lastBaseline: true
        case .trailing, .trailingMargin: !rightToLeft
        case .leading, .leadingMargin: rightToLeft
        default: false
        }
    }

    /// The label of a spacing between `v1` (the first item's coordinate) and `v2`, for
    /// `first REL multiplier × second + constant`, following the sign rule. `constantName`, the
    /// metric the constant was written as, comes before the number (`pad 24`, `≥ gap 8`).
    /// `mirrored`: the constraint is read in mirrored coordinates (right to left, on leading or
    /// trailing); `v1` and `v2` are always the picture's coordinates. `secondInsideFirst`: the
    /// second item lies inside the first (the first is its superview, or an ancestor's).
    static func spacing(relation: LayoutRelation, multiplier: Double, constant: Double, v1: Double, v2: Double,
                        firstAttribute: LayoutAttribute, rightToLeft: Bool, mirrored: Bool = false,
                        secondInsideFirst: Bool = false, constantName: String? = nil) -> String {
        let named = { (n: String) in constantName.map { $0 + " " + n } ?? n }
        // The gap g runs from the nearer coordinate to the farther one; when they coincide, from
        // the outer item's edge inwards (the inner item's far edge is the nearer one).
        let far = isFarSide(firstAttribute, rightToLeft: rightToLeft)
        if multiplier != 1 {
            // No gap to speak of: the position as a fraction of the other, plus the constant.
            var s = symbol(relation) + " ×" + fraction(multiplier)
            if constant != 0 { s += (constant > 0 ? " + " : " − ") + named(formatNumber(abs(constant))) }
            return s
        }
        // Mirrored, −first REL −second + c is first REL' second − c in the picture's x (REL'
        // the flipped relation).
        let (relation, constant) = mirrored ? (flip(relation), -constant) : (relation, constant)
        // An optional inequality the layout leaves unmet has its items the wrong way round:
        // its gap is measured the way the constraint asks for it, as when the coordinates
        // coincide (`b.bottom <= box.bottom - 8 @500` with `b` past the bottom reads
        // `≥ 8 @500`, not `≤ −8 @500`).
        let unmet = switch relation {
        case .lessThanOrEqual: v1 > v2 + constant + 0.01
        case .greaterThanOrEqual: v1 < v2 + constant - 0.01
        case .equal: false
        }
        let firstIsNear = abs(v1 - v2) < 0.5 || unmet ? (secondInsideFirst ? !far : far) : v1 < v2
        // first = second + c  ⇔  second − first = −c (first nearer) or first − second = c.
        let r = firstIsNear ? flip(relation) : relation
        let value = firstIsNear ? -constant : constant
        return (r == .equal ? "" : symbol(r) + " ") + named(formatNumber(value))
    }

    /// The short name of a dimension: `w` or `h`.
    static func short(_ a: LayoutAttribute) -> String { a == .width ? "w" : "h" }
}
