import BlueprintSupport

/// Turns a parsed constraint into constraints on real items.
///
/// Text-format semantics (docs/LayoutFormat.md): `superview` is the superview of the left-hand view
/// (for a guide, its own view: `LayoutItem.superviewForFormats`); a
/// position against a bare number is relative to the superview's same attribute
/// (`view1.left = 10` is `view1.left == superview.left + 10`); a size against a number is
/// absolute (`view1.width = 200`). Compound attributes (`edges`, `margins`, `size`, `center`…)
/// yield one constraint per part; `a.edges == b.edges - 10` insets, and `a.edges == 10` insets
/// from the superview's edges.
struct ExpressionResolver {
    let item: (String) -> LayoutItem?
    let location: LayoutSourceLocation?
    /// The names to suggest when a view is unknown (nil: no suggestion).
    var itemNames: (() -> [String])? = nil
    /// The file's metrics, to tell a metric used as a view (`m.width`) from an unknown name.
    var metric: ((String) -> Double?)? = nil

    enum Compound: String, CaseIterable {
        case edges, margins, directionalEdges, directionalMargins, horizontalEdges, verticalEdges
        case directionalHorizontalEdges, size, center, centerWithinMargins

        var family: Int {
            switch self {
            case .size: 1
            case .center, .centerWithinMargins: 2
            default: 0
            }
        }
    }

    func resolve(_ s: ConstraintSyntax) throws(SyntaxError) -> [LayoutConstraint] {
        let l = s.lhs.reference!
        let first: LayoutItem
        var rightItem: LayoutItem?
        if l.base == "superview" {
            // `superview` on the left is the superview of the view on the right.
            guard let r = s.rhs.reference, r.base != "superview" else {
                throw SyntaxError(
                    message: "`superview` on the left needs a view on the right: it means that view's superview", range: l.viewRange)
            }
            let right = try resolveItem(r, leftHandItem: nil)
            rightItem = right
            first = try resolveItem(l, leftHandItem: right)
        } else {
            first = try resolveItem(l, leftHandItem: nil)
        }
        let attribute = try attributeName(l)
        var out: [LayoutConstraint]
        if let r = s.rhs.reference {
            let second: LayoutItem
            if let rightItem { second = rightItem } else { second = try resolveItem(r, leftHandItem: first) }
            let rightAttribute = try attributeName(r)
            out = try relate(first, attribute, s.lhs.multiplier, s.relation, second, rightAttribute, s.rhs, s)
        } else {
            out = try relateToConstant(first, attribute, s.lhs, s.relation, s.rhs, s)
        }
        // A constant written as a metric keeps its name, on every constraint whose constant
        // is that metric's value (a compound's trailing and bottom parts hold it negated).
        if let name = s.rhs.constantName, s.lhs.constant == 0, s.rhs.constant != 0 {
            for c in out where abs(c.constant) == abs(s.rhs.constant) { c.constantName = name }
        }
        if let p = s.priority { for c in out { c ~ p } }
        if let id = s.identifier { for c in out { c.identifier = id } }
        // Compound attributes are made by the DSL's functions, which would record this file.
        if let location { for c in out { c.location = location } }
        for c in out {
            if let problem = c.problem {
                // A guide's missing attribute is on the side that names it.
                if case .attributeNotAvailable(_, let a) = problem.kind {
                    // Named as the line writes it (`safeArea`, not `root.safeAreaLayoutGuide`),
                    // with the edge a margin stands for.
                    let onLeft = a == c.firstAttribute && c.firstItem is LayoutGuide
                    if let r = onLeft ? l : s.rhs.reference {
                        var message = "`\(r.view)` is a layout guide and has no \(r.attribute)"
                        if a.isMargin, r.attribute.hasSuffix("Margin") {
                            message += " (a guide has no margins): write `\(r.view).\(r.attribute.dropLast(6))`"
                        } else if a.isBaseline {
                            message += ": only a view has baselines"
                        }
                        throw SyntaxError(message: message, range: r.attributeRange)
                    }
                }
                throw SyntaxError(message: problem.reason, range: s.rhs.reference?.attributeRange ?? l.attributeRange)
            }
        }
        return out
    }

    /// The item a reference names: a view or guide of the file, `superview` (of the other
    /// side's view), or `view.margins` / `view.safeArea`.
    private func resolveItem(_ r: AttributeReference, leftHandItem: LayoutItem?) throws(SyntaxError) -> LayoutItem {
        let base: LayoutItem
        if r.base == "superview" {
            guard let other = leftHandItem, let s = other.superviewForFormats else {
                throw SyntaxError(message: "`\(leftHandItem?.name ?? "")` has no superview", range: r.viewRange)
            }
            base = s
        } else if let found = item(r.base) {
            base = found
        } else {
            throw unknownView(AttributeReference(base: r.base, viewRange: r.viewRange.lowerBound..<(r.viewRange.lowerBound + r.base.utf8.count), attribute: r.attribute, attributeRange: r.attributeRange))
        }
        guard let guide = r.guide else { return base }
        guard let view = base as? View else {
            throw SyntaxError(message: "`\(base.name)` is a layout guide: it has no \(guide) guide", range: r.viewRange)
        }
        switch guide {
        case "margins": return view.layoutMarginsGuide
        case "readableContent": return view.readableContentGuide
        default: return view.safeAreaLayoutGuide
        }
    }

    /// "unknown view `emial`; did you mean `email`?"
    private func unknownView(_ r: AttributeReference) -> SyntaxError {
        if r.view == "keyboardLayoutGuide" { return SyntaxError(message: keyboardGuideMessage, range: r.viewRange) }
        if r.guide == nil, let value = metric?(r.base) {
            return SyntaxError(message: "`\(r.base)` is a metric (\(formatNumber(value))), not a view: a metric is a number (`a.width == \(r.base)`)", range: r.viewRange)
        }
        var message = "unknown view `\(r.view)`"
        if let names = itemNames?(), let guess = closest(r.view, in: names) { message += "; did you mean `\(guess)`?" }
        return SyntaxError(message: message, range: r.viewRange)
    }

    /// A simple attribute or a compound one, or an error naming the closest known name.
    private func attributeName(_ r: AttributeReference) throws(SyntaxError) -> Either {
        if let a = LayoutAttribute(name: r.attribute) { return .simple(a) }
        if let c = Compound(rawValue: r.attribute) { return .compound(c) }
        let known = LayoutAttribute.allCases.map(\.rawValue) + ["baseline"] + Compound.allCases.map(\.rawValue)
        var message = "unknown attribute `\(r.attribute)`"
        if r.attribute.hasSuffix("Anchor"), let a = LayoutAttribute(name: String(r.attribute.dropLast(6))) {
            message += "; write `\(a.rawValue)` for UIKit's `\(r.attribute)`"
        } else if let guess = closest(r.attribute, in: known) { message += "; did you mean `\(guess)`?" }
        throw SyntaxError(message: message, range: r.attributeRange)
    }

    enum Either {
        case simple(LayoutAttribute)
        case compound(Compound)
    }

    private func relate(
        _ first: LayoutItem, _ a: Either, _ m1: Double, _ relation: LayoutRelation,
        _ second: LayoutItem, _ b: Either, _ rhs: SideSyntax, _ s: ConstraintSyntax
    ) throws(SyntaxError) -> [LayoutConstraint] {
        switch (a, b) {
        case (.simple(let x), .simple(let y)):
            guard m1 != 0 else { throw SyntaxError(message: "the left-hand side is multiplied by 0", range: s.lhs.range) }
            return [LayoutConstraint(
                first, x, m1 < 0 ? relation.flipped : relation, second, y,
                multiplier: rhs.multiplier / m1, constant: rhs.constant / m1, location: location)]
        case (.compound(let x), .compound(let y)):
            guard x.family == y.family else {
                throw SyntaxError(message: "cannot relate \(x.rawValue) to \(y.rawValue)", range: rhs.reference!.attributeRange)
            }
            guard m1 == 1 else {
                throw SyntaxError(message: "a compound attribute takes no multiplier on the left", range: s.lhs.range)
            }
            switch x.family {
            case 0:
                guard rhs.multiplier == 1 else {
                    throw SyntaxError(message: "edges take no multiplier", range: rhs.range)
                }
                return Blueprint.relate(try edges(first, x), relation, try edges(second, y) + rhs.constant)
            case 1:
                return Blueprint.relate(first.size, relation, second.size * rhs.multiplier + rhs.constant)
            default:
                let l = try center(first, x), r = try center(second, y)
                return Blueprint.relate(l, relation, r * rhs.multiplier + PointOffset(horizontal: rhs.constant, vertical: rhs.constant))
            }
        case (.simple(let x), .compound(let y)):
            throw SyntaxError(message: "cannot relate \(x) to the compound attribute \(y.rawValue)", range: rhs.reference!.attributeRange)
        case (.compound(let x), .simple(let y)):
            throw SyntaxError(message: "cannot relate the compound attribute \(x.rawValue) to \(y)", range: rhs.reference!.attributeRange)
        }
    }

    private func relateToConstant(
        _ first: LayoutItem, _ a: Either, _ lhs: SideSyntax, _ relation: LayoutRelation, _ rhs: SideSyntax,
        _ s: ConstraintSyntax
    ) throws(SyntaxError) -> [LayoutConstraint] {
        let m1 = lhs.multiplier
        guard m1 != 0 else { throw SyntaxError(message: "the left-hand side is multiplied by 0", range: lhs.range) }
        let rel = m1 < 0 ? relation.flipped : relation
        let value = rhs.constant / m1
        func superview() throws(SyntaxError) -> View {
            guard let s = first.superviewForFormats else {
                throw SyntaxError(
                    message: "`\(first.name)` has no superview, so a position cannot be a bare number: relate it to another item",
                    range: rhs.range)
            }
            return s
        }
        switch a {
        case .simple(let x) where x.isDimension:
            return [LayoutConstraint(first, x, rel, nil, nil, multiplier: 1, constant: value, location: location)]
        case .simple(let x):
            return [LayoutConstraint(first, x, rel, try superview(), x, multiplier: 1, constant: value, location: location)]
        case .compound(let c):
            guard m1 == 1 else { throw SyntaxError(message: "a compound attribute takes no multiplier on the left", range: lhs.range) }
            switch c.family {
            case 0:
                let parent = try superview()
                let matching: Compound = c == .margins ? .edges : c == .directionalMargins ? .directionalEdges : c
                return Blueprint.relate(try edges(first, c), relation, try edges(parent, matching) - value)
            case 1:
                return Blueprint.relate(first.size, relation, Size(width: value, height: value))
            default:
                throw SyntaxError(
                    message: "\(c.rawValue) needs another item: write `\(first.name).\(c.rawValue) == superview.center`",
                    range: rhs.range)
            }
        }
    }

    private func edges(_ item: LayoutItem, _ c: Compound) throws(SyntaxError) -> EdgesExpression {
        switch c {
        case .edges: return item.edges
        case .directionalEdges: return item.directionalEdges
        case .horizontalEdges: return item.horizontalEdges
        case .directionalHorizontalEdges: return item.directionalHorizontalEdges
        case .verticalEdges: return item.verticalEdges
        case .margins, .directionalMargins:
            guard let v = item as? View else {
                throw SyntaxError(message: "\(item.name) is a layout guide and has no margins", range: 0..<1)
            }
            return c == .margins ? v.margins : v.directionalMargins
        default: return item.edges
        }
    }

    private func center(_ item: LayoutItem, _ c: Compound) throws(SyntaxError) -> CenterExpression {
        guard c == .centerWithinMargins else { return item.center }
        guard let v = item as? View else {
            throw SyntaxError(message: "\(item.name) is a layout guide and has no margins", range: 0..<1)
        }
        return v.centerWithinMargins
    }
}

/// The known name closest to `name` (edit distance at most 2, or a case-only difference).
/// Swapping two neighbouring letters counts as one edit, so `hieght` is `height`, not `right`;
/// on a tie the first known name wins. No suggestion among more than ``suggestionLimit``
/// names (a hostile file could make each error cost that much).
package func closest(_ name: String, in known: [String]) -> String? {
    /// Optimal string alignment distance: insertions, deletions, substitutions, transpositions.
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return a.count + b.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = Swift.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
    guard name.count < 64, known.count <= suggestionLimit else { return nil }
    let lower = Array(name.lowercased())
    var best: (String, Int)?
    for k in known where Swift.abs(k.count - lower.count) <= 2 {
        let d = distance(lower, Array(k.lowercased()))
        if d <= 2, best == nil || d < best!.1 { best = (k, d) }
    }
    return best?.0
}

/// The most names ``closest(_:in:)`` looks through.
let suggestionLimit = 10_000
