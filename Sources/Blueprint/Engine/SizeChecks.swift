import BlueprintSupport

/// A view or custom guide whose solved width or height is negative.
public struct NegativeSize: CustomStringConvertible {
    /// The item.
    public let item: LayoutItem
    /// `width`, `height` or both.
    public let attributes: [LayoutAttribute]
    /// Its frame in root coordinates.
    public let frame: Rect

    /// `badge: width is negative (-12)`.
    public var description: String {
        let values = attributes.map { a in
            "\(a.rawValue) is negative (\(formatNumber(a == .width ? frame.width : frame.height)))"
        }
        return "\(item.name): " + values.joined(separator: " and ")
    }
}

/// A view or custom guide whose solved frame is not a finite number: its constraints multiply
/// it past the largest `Double` (a chain of large multipliers, `b.width == a.width * 1e15`,
/// `c.width == b.width * 1e15`, …). Its frame cannot be drawn or used.
public struct NonFiniteFrame: CustomStringConvertible {
    /// The item.
    public let item: LayoutItem
    /// Its frame in root coordinates.
    public let frame: Rect

    /// `v21: width is inf, x is nan: its constraints multiply it past the largest number`.
    public var description: String {
        let parts = [("x", frame.minX), ("y", frame.minY), ("width", frame.width), ("height", frame.height)]
            .filter { !$0.1.isFinite }.map { "\($0.0) is \(formatNumber($0.1))" }
        return "\(item.name): " + parts.joined(separator: ", ") + ": its constraints multiply it past the largest number"
    }
}

/// Two side-by-side views with the same content priority, one of which had to give way: the
/// solver picked one, either would do (Xcode's "Content Priority Ambiguity").
public struct PriorityTie: CustomStringConvertible {
    /// What the two views share.
    public enum Kind: Sendable {
        /// Both hug at the same priority; one was stretched.
        case hugging
        /// Both resist compression at the same priority; one was compressed.
        case compressionResistance
    }

    /// The view that gave way (stretched or compressed).
    public let yielded: View
    /// The view that kept its intrinsic size, with the same priority.
    public let kept: View
    /// The axis along which they compete.
    public let axis: LayoutAxis
    /// Hugging or compression resistance.
    public let kind: Kind
    /// The priority both have.
    public let priority: LayoutPriority

    /// Superviews with more subviews than this are not searched for ties.
    public static let siblingLimit = 64

    /// One line with both names, the priority and the fix.
    public var description: String {
        switch kind {
        case .hugging:
            "Content priority ambiguity: \(yielded.name) and \(kept.name) have the same \(axis) hugging priority (\(priority)); \(yielded.name) was stretched, but either could be: raise one's hugging priority"
        case .compressionResistance:
            "Content priority ambiguity: \(yielded.name) and \(kept.name) have the same \(axis) compression resistance priority (\(priority)); \(yielded.name) was compressed, but either could be: raise one's compression resistance priority"
        }
    }
}

extension View {
    /// The report's checks of the laid-out tree, in one walk (depth first, as
    /// `forEachInSubtree`): negative sizes of views and custom guides, priority ties among each
    /// view's subviews, text problems of labels; each list in tree order.
    func laidOutChecks() -> (negativeSizes: [NegativeSize], nonFinite: [NonFiniteFrame], ties: [PriorityTie], textProblems: [TextProblem]) {
        var negative: [NegativeSize] = [], nonFinite: [NonFiniteFrame] = [], ties: [PriorityTie] = [], text: [TextProblem] = []
        let rtl = effectiveLayoutDirection == .rightToLeft   // the whole tree's
        var stack: [View] = [self]
        while let v = stack.popLast() {
            v.appendNegativeSizes(to: &negative, nonFinite: &nonFinite)
            v.appendPriorityTies(rightToLeft: rtl, to: &ties)
            if let label = v as? Label { label.appendTextProblems(rightToLeft: rtl, to: &text) }
            v.subviews.withUnsafeBufferPointer { subviews in
                for k in subviews.indices.reversed() { stack.append(subviews[k]) }
            }
        }
        return (negative, nonFinite, ties, text)
    }

    /// Negative widths and heights of this view and its custom guides, as of the last layout,
    /// and frames that are not finite.
    private func appendNegativeSizes(to out: inout [NegativeSize], nonFinite: inout [NonFiniteFrame]) {
        func check(_ item: LayoutItem) {
            // A frame's size is the same in every coordinate space: the solved frame (which the
            // frames' readers share) answers without the superviews' origins, and the frame in
            // root coordinates is made only for a negative or non-finite one.
            let local = item.solvedFrame ?? item.absoluteLayoutRect
            if !(local.minX.isFinite && local.minY.isFinite && local.width.isFinite && local.height.isFinite) {
                nonFinite.append(NonFiniteFrame(item: item, frame: item.absoluteLayoutRect))
                return
            }
            let size = local.size
            guard size.width < 0 || size.height < 0 else { return }
            let f = item.absoluteLayoutRect
            let bad: [LayoutAttribute] = f.width < 0 ? (f.height < 0 ? [.width, .height] : [.width]) : [.height]
            out.append(NegativeSize(item: item, attributes: bad, frame: f))
        }
        check(self)
        for g in layoutGuides { check(g) }
    }

    /// Pairs of this view's subviews side by side along an axis, with the same hugging (or
    /// compression-resistance) priority on it, of which one is stretched (compressed) past its
    /// intrinsic size and the other is exactly at it (at most ``PriorityTie/siblingLimit``
    /// subviews). A view whose length a constraint above that priority holds where it is (an
    /// equality, or a bound the length is at), or two views whose lengths a constraint relates
    /// (a stack's `fillEqually`), are not a tie — as far as the constraints installed on the
    /// view and its ancestors tell.
    /// - Parameter rtl: whether the tree is laid out right to left (labels measure in it).
    private func appendPriorityTies(rightToLeft rtl: Bool, to out: inout [PriorityTie]) {
        guard subviews.count > 1, subviews.count <= PriorityTie.siblingLimit else { return }
        let children = subviews.contains { $0.isHidden } ? subviews.filter { !$0.isHidden } : subviews
        // Pairs are compared: rows and columns of a screen, not lists of thousands.
        guard children.count > 1, children.count <= PriorityTie.siblingLimit else { return }
        // Each child's solved and intrinsic sizes, read once for both axes and every rival.
        let sizes = children.map { v in
            SolvedAndIntrinsic(
                solved: v.solvedSize,
                intrinsic: (v as? Label).map { $0.intrinsicContentSize(rightToLeft: rtl) } ?? v.intrinsicContentSize)
        }
        for axis in LayoutAxis.allCases {
            let dimension: LayoutAttribute = axis == .horizontal ? .width : .height
            // Whether a child's length is held where it is, against growing (`grow`) or
            // shrinking, by a constraint above `p` (its own priority of that kind): each looked
            // up once per axis and question, and only for a pair. (One `p` per question: a
            // child asked against shrinking is either stretched, `p` its hugging, or at its
            // natural length and the rival of a compressed one, `p` its compression resistance.)
            var held = [Bool?](repeating: nil, count: 2 * children.count)
            func isHeld(_ k: Int, against grow: Bool, above p: LayoutPriority) -> Bool {
                let slot = 2 * k + (grow ? 1 : 0)
                if let known = held[slot] { return known }
                let length = axis == .horizontal ? sizes[k].solved.width : sizes[k].solved.height
                let answer = children[k].lengthIsHeld(dimension, at: length, against: grow, above: p)
                held[slot] = answer
                return answer
            }
            for (i, v) in children.enumerated() {
                guard let (length, natural) = sizes[i].lengths(along: axis) else { continue }
                let stretched = length > natural + 1e-6, compressed = length < natural - 1e-6
                guard stretched || compressed else { continue }
                let p = stretched ? v.contentHuggingPriority(for: axis) : v.contentCompressionResistancePriority(for: axis)
                guard !p.isRequired else { continue }
                for (j, w) in children.enumerated() where w !== v {
                    let q = stretched ? w.contentHuggingPriority(for: axis) : w.contentCompressionResistancePriority(for: axis)
                    guard q == p, let (wLength, wNatural) = sizes[j].lengths(along: axis), Swift.abs(wLength - wNatural) <= 1e-6,
                        v.isSideBySide(with: w, along: axis)
                    else { continue }
                    // Not a tie when either could not have given way: the stretched (compressed)
                    // view held at its length against going back, or its rival against following
                    // it, by a constraint that outranks the content priority (an equality on the
                    // length, `button.width >= 64` holding a button stretched to 64,
                    // `line.height == 1 ~ 999`), or when a constraint relates the two lengths.
                    guard !isHeld(i, against: compressed, above: p), !isHeld(j, against: stretched, above: p),
                          !v.lengthIsRelated(to: w, dimension) else { continue }
                    out.append(PriorityTie(yielded: v, kept: w, axis: axis, kind: stretched ? .hugging : .compressionResistance, priority: p))
                }
            }
        }
    }

    /// The size of the frame as of the last layout: the solved frame's (the same in every
    /// coordinate space), without the superviews' origins the frame in root coordinates needs.
    private var solvedSize: Size { solvedFrame?.size ?? absoluteFrame.size }

    /// Whether the two frames follow each other along `axis` and overlap across it.
    private func isSideBySide(with other: View, along axis: LayoutAxis) -> Bool {
        let a = absoluteFrame, b = other.absoluteFrame
        if axis == .horizontal {
            return (a.maxX <= b.minX + 1e-6 || b.maxX <= a.minX + 1e-6) && a.minY < b.maxY && b.minY < a.maxY
        }
        return (a.maxY <= b.minY + 1e-6 || b.maxY <= a.minY + 1e-6) && a.minX < b.maxX && b.minX < a.maxX
    }

    /// Whether an active constraint installed on this view or on one of its ancestors (a
    /// constraint is installed on the closest common ancestor of its items: on the view for its
    /// size alone, on the superview for a sibling, higher up for a view in another row)
    /// matches, read in place (no array of them is made: the check runs for every pair of
    /// rivals).
    private func anyInstalledConstraint(_ matches: (LayoutConstraint) -> Bool) -> Bool {
        var holder: View? = self
        while let h = holder {
            for case let c? in h.installed where matches(c) { return true }
            holder = h.superview
        }
        return false
    }

    /// Whether a constraint above priority `p` holds this view's `dimension` at `length`:
    /// an equality on it (to a constant or to another length), or a bound on it alone that
    /// the length is at, against growing (`v.width <= 80` at 80) or shrinking
    /// (`v.width >= 64` at 64).
    fileprivate func lengthIsHeld(_ dimension: LayoutAttribute, at length: Double, against grow: Bool, above p: LayoutPriority) -> Bool {
        anyInstalledConstraint { c in
            guard c.priority > p else { return false }
            if c.relation == .equal {
                return (c.firstAttribute == dimension && c.firstItem === self) || (c.secondAttribute == dimension && c.secondItem === self)
            }
            guard c.secondAttribute == nil, c.firstAttribute == dimension,
                  c.relation == (grow ? .lessThanOrEqual : .greaterThanOrEqual),
                  Swift.abs(c.constant - length) <= 1e-6 else { return false }
            return c.firstItem === self
        }
    }

    /// A constraint between this view's `dimension` and `other`'s.
    private func lengthIsRelated(to other: View, _ dimension: LayoutAttribute) -> Bool {
        anyInstalledConstraint { c in
            guard c.firstAttribute == dimension, c.secondAttribute == dimension else { return false }
            let first = c.firstItem, second = c.secondItem
            return (first === self && second === other) || (first === other && second === self)
        }
    }
}

/// A view's solved size and intrinsic size, as the tie check compares them.
private struct SolvedAndIntrinsic {
    let solved: Size
    let intrinsic: Size

    /// The solved and intrinsic lengths along `axis`, if the view has an intrinsic one.
    func lengths(along axis: LayoutAxis) -> (Double, Double)? {
        let natural = axis == .horizontal ? intrinsic.width : intrinsic.height
        guard natural >= 0, natural.isFinite else { return nil }
        return (axis == .horizontal ? solved.width : solved.height, natural)
    }
}
